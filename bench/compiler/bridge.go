package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/llm"
	"github.com/heed-dev/heed/internal/llm/synth"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules"
)

// The model bridge lets the yardstick measure heed's model path (`heed compile --llm`,
// internal/llm/synth) where no model endpoint is configured: every request synth makes
// is written to DIR/requests/KEY.json (its system prompt once, to DIR/systems/SHA.txt),
// and answered from DIR/answers/KEY.json when that file exists. Whoever answers (a
// model behind a script, or a person) sees exactly what heed would send and nothing
// of the labels. A request with no answer fails the call, which leaves the entry as
// the offline compiler made it, so a partial set of answers scores what it covers.
// Rerunning with the same answers gives the same figures: nothing is sent anywhere.

// ErrNoAnswer is a request the bridge has recorded but nobody has answered yet.
var errNoAnswer = errors.New("model bridge: no answer yet (request recorded)")

type bridgeModel struct{ dir string }

func (b *bridgeModel) Name() string  { return "bridge" }
func (b *bridgeModel) Model() string { return "bridge" }

// bridgeRequest is what an answerer reads: the user turns (and earlier answers, when
// synth retries after the gate rejected one), the system prompt by file, the schema.
type bridgeRequest struct {
	Key        string          `json:"key"`
	System     string          `json:"system_file"`
	Messages   []llm.Message   `json:"messages"`
	SchemaName string          `json:"schema_name"`
	Schema     json.RawMessage `json:"schema"`
}

func bridgeKey(req llm.Request) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", req.System, req.SchemaName)
	h.Write(req.Schema)
	for _, m := range req.Messages {
		fmt.Fprintf(h, "\x00%s\x00%s", m.Role, m.Content)
	}
	return hex.EncodeToString(h.Sum(nil))[:24]
}

func (b *bridgeModel) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	key := bridgeKey(req)
	if ans, err := os.ReadFile(filepath.Join(b.dir, "answers", key+".json")); err == nil {
		return llm.Response{JSON: json.RawMessage(ans), Model: "bridge"}, nil
	}
	sum := sha256.Sum256([]byte(req.System))
	sys := "systems/" + hex.EncodeToString(sum[:])[:16] + ".txt"
	for _, d := range []string{"systems", "requests", "answers"} {
		if err := os.MkdirAll(filepath.Join(b.dir, d), 0o755); err != nil {
			return llm.Response{}, err
		}
	}
	if err := os.WriteFile(filepath.Join(b.dir, sys), []byte(req.System), 0o644); err != nil {
		return llm.Response{}, err
	}
	out, err := json.MarshalIndent(bridgeRequest{Key: key, System: sys, Messages: req.Messages, SchemaName: req.SchemaName, Schema: req.Schema}, "", "  ")
	if err != nil {
		return llm.Response{}, err
	}
	if err := os.WriteFile(filepath.Join(b.dir, "requests", key+".json"), out, 0o644); err != nil {
		return llm.Response{}, err
	}
	return llm.Response{}, errNoAnswer
}

// modelCompile runs synth over the entries of p that lie in the files keep selects,
// through the bridge at dir, and writes the accepted rules into p. It returns synth's
// report. No dry run: the yardstick has layouts, not the repositories' files.
func modelCompile(dir string, p *policy.Policy, rc *recognize.RepoContext, files []string, keep func(path string) bool, log io.Writer) (*synth.Report, error) {
	sub := &policy.Policy{}
	var at []int
	for i := range p.Entries {
		if keep(p.Entries[i].File) {
			sub.Entries = append(sub.Entries, p.Entries[i])
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return &synth.Report{}, nil
	}
	client := llm.NewWith(&bridgeModel{dir: dir}, llm.Config{Name: "bridge", Model: "bridge", NoCache: true, Concurrency: 1})
	rep, err := synth.Compile(context.Background(), sub, synth.Options{
		Client: client, Registry: rules.Registry(), Context: rc, Files: files,
		Recognizers: rules.Recognizers(), Workers: 1, Log: log,
	})
	for j, i := range at {
		p.Entries[i] = sub.Entries[j]
	}
	return rep, err
}

// inSample reports whether a corpus file falls in part `part` (0..n-1) of the 1-in-n
// sample (by a hash of its key, so the sample is fixed and independent of the
// labels): the parts of one n are disjoint, so a part nobody has answered gives a
// fresh first-sight measurement after the prompt changed.
func inSample(key string, n, part int) bool {
	if n <= 1 {
		return true
	}
	sum := sha256.Sum256([]byte(key))
	return int(sum[0])%n == part
}

// modelRun configures the bridge for one score run (flags -model-dir and
// -model-sample); dir "" leaves the model path off.
var modelRun struct {
	dir       string
	exactOnly bool
	sample    int
	part      int
	split     string
	moved     map[string]bool
	total     bridgeSummary
}

// modelKeeps reports whether the model path runs over a corpus file.
func modelKeeps(key string) bool {
	return inSample(key, modelRun.sample, modelRun.part) && (modelRun.split == "" || modelRun.split == "all" || Split(key, modelRun.moved) == modelRun.split)
}

// dropApproximations removes the model's rules that it did not call exact (judge
// rules stay: they are never exact, and never executable offline).
func dropApproximations(p *policy.Policy) {
	for i := range p.Entries {
		e := &p.Entries[i]
		kept := e.Rules[:0]
		for _, r := range e.Rules {
			if synth.IsModelRule(&r) && !r.Exact && r.Domain != policy.DomainSemantic {
				continue
			}
			kept = append(kept, r)
		}
		e.Rules = kept
	}
}

// bridgeSummary totals synth's reports over the repositories.
type bridgeSummary struct{ sent, compiled, declined, rejected, failed int }

func (s *bridgeSummary) add(r *synth.Report) {
	if r == nil {
		return
	}
	s.sent += r.Sent
	s.compiled += r.Compiled
	s.declined += r.NotEnforceable
	s.rejected += r.Rejected
	s.failed += r.Failed
}

func (s bridgeSummary) String() string {
	return fmt.Sprintf("model bridge: %d constraints sent, %d compiled, %d declined by the model, %d rejected by the gate, %d unanswered or failed",
		s.sent, s.compiled, s.declined, s.rejected, s.failed)
}

// pendingRequests lists the recorded requests with no answer, for the answerer.
func pendingRequests(dir string) ([]string, error) {
	ents, err := os.ReadDir(filepath.Join(dir, "requests"))
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil
		}
		return nil, err
	}
	var out []string
	for _, e := range ents {
		key := strings.TrimSuffix(e.Name(), ".json")
		if _, err := os.Stat(filepath.Join(dir, "answers", key+".json")); err != nil {
			out = append(out, key)
		}
	}
	sort.Strings(out)
	return out, nil
}
