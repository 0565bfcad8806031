package source

import (
	"encoding/json"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A ban carries its replacement only when the sentence names one name for one name
// under the same qualifier: the edit then needs no import and changes nothing but the
// name. The corpus's pairs are of both sorts: temporal's AGENTS.md:78 prescribes
// `require.Eventually` for `time.Sleep` (another package, another call: none), and
// the sentences below are written after them.
func TestABanCarriesItsReplacementOnlyWhenItIsOneNameForAnother(t *testing.T) {
	rc := func(langs ...string) *recognize.RepoContext { return &recognize.RepoContext{Languages: langs} }
	for _, c := range []struct {
		text     string
		rc       *recognize.RepoContext
		from, to string
	}{
		{"Use `yaml.safe_load` instead of `yaml.load`.", rc("python"), "yaml.load", "yaml.safe_load"},
		{"Use `os.replace()` instead of `os.rename()`.", rc("python"), "os.rename", "os.replace"},
		{"Use `require.Eventually` instead of `time.Sleep`.", rc("go"), "", ""},      // another package
		{"Use `slog` instead of `log.Printf`.", rc("go"), "", ""},                    // a package, not a name
		{"Never call `yaml.load`; use the safe loader.", rc("python"), "", ""},       // says what to do, not what to write
		{"Never call `print()`; use the `logging` module.", rc("python"), "", ""},    // the same
		{"Use `json.loads` or `json.load` instead of `eval`.", rc("python"), "", ""}, // two replacements
	} {
		con := &policy.Constraint{ID: "x", Text: c.text, File: "AGENTS.md", Line: 1, Level: policy.Must}
		var got *Replacement
		for _, r := range recognizeAll(con, c.rc) {
			if r.Kind != KindQuery {
				continue
			}
			var p QueryParams
			if err := json.Unmarshal(r.Params, &p); err != nil {
				t.Fatal(err)
			}
			if p.Replace != nil {
				got = p.Replace
			}
		}
		switch {
		case c.from == "" && got != nil:
			t.Errorf("%q carries %+v, want no replacement", c.text, *got)
		case c.from != "" && (got == nil || got.From != c.from || got.To != c.to):
			t.Errorf("%q carries %+v, want %s -> %s", c.text, got, c.from, c.to)
		}
	}
}

// The fix replaces the banned name in the match and nothing else: not the call's
// arguments, not a longer name that only starts with it.
func TestTheFixEditsOnlyTheBannedName(t *testing.T) {
	params, _ := json.Marshal(QueryParams{
		Queries: map[string]string{"python": `((attribute) @match (#eq? @match "yaml.load"))`},
		Replace: &Replacement{From: "yaml.load", To: "yaml.safe_load"},
	})
	for _, c := range []struct {
		severity string
		exact    bool
		fixes    bool
	}{
		{policy.SeverityError, true, true},
		{policy.SeverityWarning, true, false}, // demoted: not every match is the rule's
		{policy.SeverityError, false, false},  // a stand-in for a reading
	} {
		rule := &policy.Rule{ID: "r", Domain: policy.DomainSource, Kind: KindQuery, Severity: c.severity, Exact: c.exact, Params: params}
		chk, err := compileQuery(rule)
		if err != nil {
			t.Fatal(err)
		}
		src := "import yaml\nx = yaml.load(f)\nyaml.loader = None\n"
		ev := &engine.Evidence{Mode: engine.ModeAll, Files: []*engine.File{{Path: "a.py", Content: []byte(src), Lang: engine.LangPython}}}
		o := engine.Run([]engine.Compiled{{Rule: rule, Check: chk}}, ev, engine.Options{Workers: 1})[0]
		fs := o.Findings()
		ev.Close()
		if len(fs) != 1 {
			t.Fatalf("%d findings, want 1", len(fs))
		}
		if !c.fixes {
			if len(fs[0].Fixes) != 0 {
				t.Errorf("%s exact=%v: fixes %+v, want none", c.severity, c.exact, fs[0].Fixes)
			}
			continue
		}
		if len(fs[0].Fixes) != 1 || !fs[0].Fixes[0].Exact || len(fs[0].Fixes[0].Edits) != 1 {
			t.Fatalf("fixes %+v, want one exact edit", fs[0].Fixes)
		}
		e := fs[0].Fixes[0].Edits[0]
		if got := src[:e.Start] + e.New + src[e.End:]; got != "import yaml\nx = yaml.safe_load(f)\nyaml.loader = None\n" {
			t.Errorf("edited: %q", got)
		}
	}
}
