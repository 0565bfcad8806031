package check

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/repo"
	"github.com/heed-dev/heed/internal/report"
)

// BaselineFile is where `heed baseline` records the findings a repository lives with.
const BaselineFile = ".heed/baseline.json"

// Baseline is the content of .heed/baseline.json: findings identified by rule, file and
// the normalised content of their line (report.Fingerprint), never by line number, so
// edits elsewhere in a file do not make its old findings new.
type Baseline struct {
	Version  int             `json:"version"`
	Findings []BaselineEntry `json:"findings"`
}

// BaselineEntry is one recorded finding. Line and Message help a reader of the file;
// only Fingerprint matches.
type BaselineEntry struct {
	Fingerprint string `json:"fingerprint"`
	Rule        string `json:"rule"`
	File        string `json:"file,omitempty"`
	Line        int    `json:"line,omitempty"`
	Message     string `json:"message"`
}

// ErrNoBaseline is returned when --baseline is asked for and there is none.
var ErrNoBaseline = errors.New("no baseline: run 'heed baseline' to record the current findings in " + BaselineFile)

// LoadBaseline reads the baseline of the repository at root.
func LoadBaseline(root string) (*Baseline, error) {
	p := filepath.Join(root, filepath.FromSlash(BaselineFile))
	b, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil, ErrNoBaseline
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", BaselineFile, err)
	}
	return parseBaseline(b, BaselineFile)
}

// LoadBaselineAt reads the baseline committed at the revision rev of the repository.
func LoadBaselineAt(r *repo.Repo, rev string) (*Baseline, error) {
	snap, err := r.RevSnapshot(rev)
	if err != nil {
		return nil, err
	}
	defer snap.Close()
	if !snap.Has(BaselineFile) {
		return nil, fmt.Errorf("no baseline at %s: %s is judged against the baseline of its base; record one there with 'heed baseline'", rev, BaselineFile)
	}
	b, err := snap.Read(BaselineFile)
	if err != nil {
		return nil, fmt.Errorf("read %s:%s: %w", rev, BaselineFile, err)
	}
	return parseBaseline(b, rev+":"+BaselineFile)
}

func parseBaseline(b []byte, name string) (*Baseline, error) {
	var bl Baseline
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&bl); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if bl.Version != 1 {
		return nil, fmt.Errorf("%s: version %d, this heed reads version 1", name, bl.Version)
	}
	for i, e := range bl.Findings {
		if e.Fingerprint == "" {
			return nil, fmt.Errorf("%s: findings[%d] has no fingerprint", name, i)
		}
	}
	return &bl, nil
}

// NewBaseline records findings, sorted so the file diffs well.
func NewBaseline(fs []report.Finding) *Baseline {
	bl := &Baseline{Version: 1, Findings: []BaselineEntry{}}
	for _, f := range fs {
		bl.Findings = append(bl.Findings, BaselineEntry{Fingerprint: f.Fingerprint, Rule: f.Rule, File: f.File, Line: f.Line, Message: f.Message})
	}
	sortBaseline(bl)
	return bl
}

// sortBaseline orders the entries by place, so the file diffs well.
func sortBaseline(bl *Baseline) {
	sort.Slice(bl.Findings, func(i, j int) bool {
		a, b := bl.Findings[i], bl.Findings[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Fingerprint < b.Fingerprint
	})
}

// Write saves the baseline into the repository at root and returns the file's path.
func (bl *Baseline) Write(root string) (string, error) {
	p := filepath.Join(root, filepath.FromSlash(BaselineFile))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return "", fmt.Errorf("write %s: %w", BaselineFile, err)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(bl); err != nil {
		return "", err
	}
	if err := policy.WriteAtomic(p, buf.Bytes()); err != nil {
		return "", fmt.Errorf("write %s: %w", BaselineFile, err)
	}
	return p, nil
}

func (bl *Baseline) set() map[string]bool {
	m := make(map[string]bool, len(bl.Findings))
	for _, e := range bl.Findings {
		m[e.Fingerprint] = true
	}
	return m
}
