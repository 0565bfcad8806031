// Package synth is `heed compile --llm`: it sends the constraints the offline compiler
// could not compile to a model, which restates each one, routes it and proposes rules
// of heed's existing kinds (or a Starlark script) with authored cases. Every proposal
// goes through the Gate before it enters the policy; a rejected proposal is retried
// once with the gate's errors, then recorded as not enforceable with the reason.
package synth

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/llm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/repo"
	"github.com/heed-dev/heed/internal/rules/semantic"
)

// Options configure a model compile.
type Options struct {
	Client   *llm.Client
	Registry *engine.Registry
	// Context describes the repository (compile.RepoContextFor); Files lists its
	// files (for package names and the dry run).
	Context *recognize.RepoContext
	Files   []string
	// Root is the repository root; with Evidence nil, the dry run reads Files from it.
	Root     string
	Evidence *engine.Evidence
	// Recognizers are the offline compiler's catalogue: heed runs them over sample
	// sentences to show the model each kind's params (optional).
	Recognizers []recognize.Recognizer
	// Workers bounds the constraints handled at once (the client bounds requests).
	Workers int
	// Log receives one progress line per constraint (nil: silent).
	Log io.Writer
}

// Result is what became of one constraint.
type Result struct {
	ConstraintID string
	File         string
	Line         int
	Text         string
	Statement    string
	Route        string
	// Rules are the accepted rules (origin llm:<model>).
	Rules []Accepted
	// Unenforced is set when no rule was accepted: the model's reason, or why its
	// answers were rejected.
	Unenforced string
	// Attempts is the number of answers asked for (1 or 2).
	Attempts int
	// Problems are the gate's objections to the last rejected answer.
	Problems []string
	// Err is a failed model call (network, timeout, unusable answer): the entry is
	// left as the offline compiler made it.
	Err error
}

// Report summarises a model compile.
type Report struct {
	Results []Result
	// Sent constraints; Compiled got rules; NotEnforceable the model declined;
	// Rejected failed the gate twice; Failed had a model error.
	Sent, Compiled, NotEnforceable, Rejected, Failed int
}

// Candidates returns the indexes of the entries the offline compiler could not
// compile into an executable rule: must and should constraints with no rule, or with
// only the judge rule its design-intent fallback made (a model may find a mechanical
// check for those; a judge rule a person edited is theirs and is left alone).
func Candidates(p *policy.Policy) []int {
	var out []int
	for i := range p.Entries {
		if candidate(&p.Entries[i]) {
			out = append(out, i)
		}
	}
	return out
}

func candidate(e *policy.Entry) bool {
	if e.Level != policy.Must && e.Level != policy.Should {
		return false
	}
	for i := range e.Rules {
		r := &e.Rules[i]
		if r.Kind != semantic.KindJudge || IsModelRule(r) || r.Edited() {
			return false
		}
	}
	return true
}

// Reasons recorded on entries.
const (
	ReasonModelDeclined = "not enforceable (model): "
	ReasonRejected      = "not enforceable: the model's rules were rejected: "
)

// Compile runs the model path over p's candidates and writes the outcome into p:
// accepted rules replace the entry's rules (none, or the offline judge fallback),
// rejections and refusals become the Unenforced reason of an entry without rules, and
// failed calls leave the entry unchanged.
func Compile(ctx context.Context, p *policy.Policy, opt Options) (*Report, error) {
	if opt.Client == nil {
		return nil, llm.ErrDisabled
	}
	if opt.Registry == nil {
		return nil, fmt.Errorf("synth: no rule registry")
	}
	idx := Candidates(p)
	rep := &Report{Sent: len(idx), Results: make([]Result, len(idx))}
	if len(idx) == 0 {
		return rep, nil
	}
	ev := opt.Evidence
	if ev == nil && opt.Root != "" {
		var err error
		if ev, err = RepoEvidence(opt.Root, opt.Files); err != nil {
			return nil, err
		}
		defer ev.Close()
	}
	kinds := kindInfos(opt.Registry, recognizerExamples(opt.Recognizers))
	sys := system(kinds)
	lay := layout(opt.Context, opt.Files)
	gate := &Gate{Registry: opt.Registry, Origin: "llm:" + opt.Client.Model(), DryRun: ev, Review: reviewWith(opt.Recognizers, opt.Context, p)}

	prev := previousSentences(p)
	workers := opt.Workers
	if workers <= 0 {
		workers = 4
	}
	var wg sync.WaitGroup
	var logMu sync.Mutex
	jobs := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				e := &p.Entries[idx[j]]
				res := one(ctx, opt.Client, gate, sys, lay, e, prev[idx[j]])
				rep.Results[j] = res
				if opt.Log != nil {
					logMu.Lock()
					fmt.Fprintln(opt.Log, res.line())
					logMu.Unlock()
				}
			}
		}()
	}
	for j := range idx {
		jobs <- j
	}
	close(jobs)
	wg.Wait()

	for j, i := range idx {
		res := rep.Results[j]
		e := &p.Entries[i]
		switch {
		case res.Err != nil:
			rep.Failed++
		case len(res.Rules) > 0:
			rep.Compiled++
			e.Rules = nil
			for _, a := range res.Rules {
				e.Rules = append(e.Rules, a.Rule)
			}
			e.Unenforced = ""
		case len(res.Problems) > 0:
			rep.Rejected++
			if len(e.Rules) == 0 { // an offline judge rule stays as it was
				e.Unenforced = res.Unenforced
			}
		default:
			rep.NotEnforceable++
			if len(e.Rules) == 0 {
				e.Unenforced = res.Unenforced
			}
		}
	}
	return rep, ctx.Err()
}

func one(ctx context.Context, c *llm.Client, gate *Gate, sys string, lay layoutData, e *policy.Entry, previous string) Result {
	res := Result{ConstraintID: e.ID, File: e.File, Line: e.Line, Text: e.Text}
	req := llm.Request{System: sys, SchemaName: SchemaName, Schema: Schema, MaxTokens: llm.DefaultMaxTokens,
		Messages: []llm.Message{{Role: llm.RoleUser, Content: userMessage(&e.Constraint, e.Unenforced, previous, lay)}}}
	for attempt := 1; attempt <= 2; attempt++ {
		res.Attempts = attempt
		var a Answer
		if err := c.Call(ctx, req, &a); err != nil {
			if attempt == 2 && len(res.Problems) > 0 {
				// The retry itself failed: the first answer's rejection stands.
				res.Unenforced = ReasonRejected + strings.Join(res.Problems, "; ")
				return res
			}
			res.Err = err
			return res
		}
		res.Statement, res.Route = a.Statement, a.Route
		acc, problems := gate.Check(&e.Constraint, a)
		if len(problems) == 0 {
			res.Problems = nil
			if len(acc) == 0 {
				reason := strings.TrimSpace(a.Reason)
				if reason == "" {
					reason = "no reason given"
				}
				res.Unenforced = ReasonModelDeclined + reason
			}
			res.Rules = acc
			return res
		}
		res.Problems = problems
		prev, _ := json.Marshal(a)
		req.Messages = append(req.Messages,
			llm.Message{Role: llm.RoleAssistant, Content: string(prev)},
			llm.Message{Role: llm.RoleUser, Content: retryMessage(problems)})
	}
	res.Unenforced = ReasonRejected + strings.Join(res.Problems, "; ")
	return res
}

func (r Result) line() string {
	where := fmt.Sprintf("%s:%d", r.File, r.Line)
	switch {
	case r.Err != nil:
		return fmt.Sprintf("%s: model call failed, left as compiled offline: %v", where, r.Err)
	case len(r.Rules) > 0:
		var kinds []string
		for _, a := range r.Rules {
			kinds = append(kinds, fmt.Sprintf("%s (dry run: %d findings in %d files)", a.Rule.Kind, a.Findings, a.Files))
		}
		return fmt.Sprintf("%s: compiled by the model: %s", where, strings.Join(kinds, ", "))
	default:
		return fmt.Sprintf("%s: %s", where, r.Unenforced)
	}
}

// Summary is the report's closing line.
func (r *Report) Summary() string {
	return fmt.Sprintf("model compile: %d constraints sent, %d compiled, %d not enforceable, %d rejected by validation, %d failed",
		r.Sent, r.Compiled, r.NotEnforceable, r.Rejected, r.Failed)
}

// Bounds of the dry-run evidence: reading stops at the total, and only the latest
// commits are judged.
const (
	maxDryRunTotal   = 128 << 20
	maxDryRunCommits = 30
)

// RepoEvidence reads the repository as ModeAll evidence for dry runs: the files heed
// would check (binary, generated, vendored and oversized files skipped, as in heed
// check), bounded in total, and the latest commits, so commit-message rules meet real
// messages.
func RepoEvidence(root string, files []string) (*engine.Evidence, error) {
	ev := &engine.Evidence{Mode: engine.ModeAll}
	snap := engine.MapSnapshot{}
	total := 0
	for _, rel := range files {
		if total > maxDryRunTotal {
			break
		}
		if strings.HasPrefix(rel, ".heed/") {
			continue // heed's own policy and cache are not the repository's code
		}
		full := filepath.Join(root, filepath.FromSlash(rel))
		st, err := os.Lstat(full)
		if err != nil || !st.Mode().IsRegular() || st.Size() > repo.MaxFileBytes {
			continue
		}
		b, err := os.ReadFile(full)
		if err != nil {
			return nil, fmt.Errorf("dry run: read %s: %w", rel, err)
		}
		if repo.Classify(rel, b) != "" {
			continue
		}
		total += len(b)
		snap[rel] = b
		ev.Files = append(ev.Files, &engine.File{Path: rel, Content: b, Lang: engine.LangOf(rel, b)})
	}
	ev.Tree = snap
	ev.Commits = recentCommits(root)
	return ev, nil
}

// recentCommits returns the latest commits of HEAD, oldest first; none outside git or
// in a repository without commits.
func recentCommits(root string) []engine.Commit {
	r, err := repo.Open(root)
	if err != nil || !r.Git {
		return nil
	}
	out, err := exec.Command("git", "-C", root, "rev-list", "--count", "HEAD").Output()
	if err != nil {
		return nil
	}
	base := ""
	if n, err := strconv.Atoi(strings.TrimSpace(string(out))); err == nil && n > maxDryRunCommits {
		base = fmt.Sprintf("HEAD~%d", maxDryRunCommits)
	}
	cs, err := r.Commits(base, "HEAD")
	if err != nil {
		return nil
	}
	return cs
}

// IsModelRule reports whether a rule was made by a model.
func IsModelRule(r *policy.Rule) bool { return strings.HasPrefix(r.Origin, "llm:") }

// Carry copies the model-made rules of old into fresh for every constraint whose id
// (and so whose text) is unchanged and which the offline compiler still leaves without
// a rule: a plain `heed compile` (no --llm, no network) keeps what a model compile
// added, and `heed compile --llm` asks the model only about what is new. It returns
// the number of entries carried.
func Carry(old, fresh *policy.Policy) int {
	if old == nil || fresh == nil {
		return 0
	}
	byID := map[string]*policy.Entry{}
	for i := range old.Entries {
		byID[old.Entries[i].ID] = &old.Entries[i]
	}
	n := 0
	for i := range fresh.Entries {
		fe := &fresh.Entries[i]
		oe := byID[fe.ID]
		if oe == nil || !candidate(fe) || len(oe.Rules) == 0 {
			continue
		}
		var model []policy.Rule
		for _, r := range oe.Rules {
			if IsModelRule(&r) {
				model = append(model, r)
			}
		}
		if len(model) == 0 {
			continue
		}
		fe.Rules = model
		fe.Unenforced = ""
		n++
	}
	return n
}

// reviewWith is the offline compiler's review of a model's rule: every recogniser that
// reviews (recognize.Reviewer) has its say; the first doubt rejects the rule.
func reviewWith(recs []recognize.Recognizer, rc *recognize.RepoContext, p *policy.Policy) func(*policy.Constraint, *policy.Rule) string {
	var rs []recognize.Reviewer
	for _, r := range recs {
		if rv, ok := r.(recognize.Reviewer); ok {
			rs = append(rs, rv)
		}
	}
	if len(rs) == 0 || rc == nil {
		return nil
	}
	if rc.Constraints == nil {
		// the review reads a constraint's neighbours: the file's code blocks, the
		// other instruction files (RepoContext.Constraints), as the compile did
		ctx := *rc
		for i := range p.Entries {
			ctx.Constraints = append(ctx.Constraints, p.Entries[i].Constraint)
		}
		rc = &ctx
	}
	return func(c *policy.Constraint, r *policy.Rule) string {
		for _, rv := range rs {
			if why := rv.ReviewRule(c, rc, r); why != "" {
				return why
			}
		}
		return ""
	}
}

// previousSentences gives each entry the text of the one before it in its file and
// section, which a fragment often leans on ("Not in types, not in casts" after a
// sentence about `any`); "" at a section's start. Clipped, so a long paragraph does
// not crowd the request.
func previousSentences(p *policy.Policy) []string {
	out := make([]string, len(p.Entries))
	for i := 1; i < len(p.Entries); i++ {
		a, b := &p.Entries[i-1], &p.Entries[i]
		if a.File != b.File || !slices.Equal(a.HeaderPath, b.HeaderPath) {
			continue
		}
		t := strings.Join(strings.Fields(a.Text), " ")
		if len(t) > 400 {
			t = t[:400] + "…"
		}
		out[i] = t
	}
	return out
}
