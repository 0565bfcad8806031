package source

import (
	"encoding/json"
	"fmt"
	"sort"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

var testRegistry = engine.NewRegistry(Kinds()...)

// mustParams marshals params for a hand-built rule.
func mustParams(t testing.TB, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// runFiles runs rules over files (path -> content) in ModeAll and returns the
// findings as "path:line:col" strings, sorted, with the outcomes.
func runFiles(t testing.TB, rules []*policy.Rule, files map[string]string) ([]engine.Finding, []engine.Outcome) {
	t.Helper()
	ev := &engine.Evidence{Mode: engine.ModeAll}
	snap := engine.MapSnapshot{}
	var paths []string
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		c := []byte(files[p])
		snap[p] = c
		ev.Files = append(ev.Files, &engine.File{Path: p, Content: c, Lang: engine.LangOf(p, c)})
	}
	ev.Tree = snap
	defer ev.Close()
	var cs []engine.Compiled
	for _, r := range rules {
		ch, err := testRegistry.CompileRule(r)
		if err != nil {
			t.Fatalf("compile %s: %v", r.ID, err)
		}
		cs = append(cs, engine.Compiled{Rule: r, Check: ch})
	}
	outs := engine.Run(cs, ev, engine.Options{Workers: 2})
	var fs []engine.Finding
	for _, o := range outs {
		for _, tr := range o.Targets {
			if tr.Verdict == engine.Undetermined {
				t.Errorf("rule %s on %s: undetermined: %s", o.Rule.ID, tr.Target.Path, tr.Reason)
			}
		}
		fs = append(fs, o.Findings()...)
	}
	sort.Slice(fs, func(i, j int) bool {
		if fs[i].Path != fs[j].Path {
			return fs[i].Path < fs[j].Path
		}
		if fs[i].Line != fs[j].Line {
			return fs[i].Line < fs[j].Line
		}
		return fs[i].Column < fs[j].Column
	})
	return fs, outs
}

func located(fs []engine.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%d:%d-%d:%d", f.Line, f.Column, f.EndLine, f.EndColumn))
	}
	return out
}

// lastBanned is the span the last ban of a must-sentence of AGENTS.md names, "" for
// none.
func lastBanned(text string) string {
	s := newSentence(&policy.Constraint{Text: text, Level: policy.Must, File: "AGENTS.md"})
	got := ""
	for _, b := range s.bans() {
		got = b.span
	}
	return got
}
