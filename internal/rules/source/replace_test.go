package source

import (
	"encoding/json"
	"testing"

	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lang"
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
		{"Use `yaml.safe_load(stream)` instead of `yaml.load(stream)`.", rc("python"), "yaml.load", "yaml.safe_load"},
		{"Use `yaml.safe_load(yaml_load(x))` instead of `yaml.load(x)`.", rc("python"), "", ""}, // a form heed does not read
		{"Use `require.Eventually` instead of `time.Sleep`.", rc("go"), "", ""},                 // another package
		{"Use `slog` instead of `log.Printf`.", rc("go"), "", ""},                               // a package, not a name
		{"Never call `yaml.load`; use the safe loader.", rc("python"), "", ""},                  // says what to do, not what to write
		{"Never call `print()`; use the `logging` module.", rc("python"), "", ""},               // the same
		{"Use `json.loads` or `json.load` instead of `eval`.", rc("python"), "", ""},            // two replacements
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

// A fix edits the name and leaves the arguments as written, so it is exact only where
// the arguments are known to suit the new name: a call of at most one positional
// argument when the rule names the replacement bare, a call that fits the form the
// rule shows otherwise. `yaml.load(f, Loader=L)` made `yaml.safe_load(f, Loader=L)`
// is a TypeError: that fix is one to review, never applied. Where a fix is exact, the
// fixed file parses and passes the rule.
func TestAFixIsExactOnlyWhereTheCallsArgumentsSuitTheReplacement(t *testing.T) {
	const (
		bare = "Use `yaml.safe_load` instead of `yaml.load`."
		form = "Use `yaml.safe_load(stream)` instead of `yaml.load(stream)`."
		kw   = "Use `yaml.safe_load(stream, Loader=SafeLoader)` instead of `yaml.load(stream)`."
		js   = "Use `logger.warn` instead of `logger.warning` in JavaScript code."
		gos  = "Use `strings.Cut` instead of `strings.Index` in Go code."
	)
	for _, c := range []struct {
		sentence, lang, path, src string
		fixed                     string // "": the fix is to review
	}{
		{bare, "python", "a.py", "import yaml\nx = yaml.load(f)\n", "import yaml\nx = yaml.safe_load(f)\n"},
		{bare, "python", "a.py", "import yaml\nx = yaml.load(open(p))  # the config\n", "import yaml\nx = yaml.safe_load(open(p))  # the config\n"},
		{bare, "python", "a.py", "import yaml\nx = yaml.load(f, Loader=yaml.FullLoader)\n", ""},
		{bare, "python", "a.py", "import yaml\nx = yaml.load(f, yaml.FullLoader)\n", ""},
		{bare, "python", "a.py", "import yaml\nx = yaml.load(*args)\n", ""},
		{bare, "python", "a.py", "import yaml\nx = yaml.load(**opts)\n", ""},
		{bare, "python", "a.py", "import yaml\nread = yaml.load\n", ""}, // called elsewhere, with what?
		{bare, "python", "a.py", "import yaml\nx = list(map(yaml.load, files))\n", ""},
		{bare, "python", "a.py", "import yaml\nx = yaml.load(f for f in fs)\n", ""},
		{bare, "python", "a.py", "import yaml\nx = yaml.load(f +)\n", ""}, // a syntax error among the arguments
		{form, "python", "a.py", "import yaml\nx = yaml.load(f)\n", "import yaml\nx = yaml.safe_load(f)\n"},
		{form, "python", "a.py", "import yaml\nx = yaml.load(stream=f)\n", ""},
		{form, "python", "a.py", "import yaml\nx = yaml.load(f, Loader=L)\n", ""},
		{kw, "python", "a.py", "import yaml\nx = yaml.load(f, Loader=L)\n", "import yaml\nx = yaml.safe_load(f, Loader=L)\n"},
		{kw, "python", "a.py", "import yaml\nx = yaml.load(f, Dumper=D)\n", ""},
		{js, "javascript", "a.js", "logger.warning(msg);\n", "logger.warn(msg);\n"},
		{js, "javascript", "a.js", "logger.warning(...parts);\n", ""},
		{js, "javascript", "a.js", "logger.warning(msg, meta);\n", ""},
		{js, "javascript", "a.js", "const w = logger.warning;\n", ""},
		{gos, "go", "a.go", "package a\n\nimport \"strings\"\n\nvar i = strings.Index(s, \":\")\n", ""},
		{gos, "go", "a.go", "package a\n\nimport \"strings\"\n\nvar i = strings.Index(parts...)\n", ""},
	} {
		name := c.sentence + " on " + c.src
		rule := replacementRule(t, c.sentence, c.lang)
		fs := judgeOne(t, rule, c.path, c.lang, c.src)
		if len(fs) != 1 || len(fs[0].Fixes) != 1 || len(fs[0].Fixes[0].Edits) != 1 {
			t.Errorf("%s: findings %+v, want one with one fix", name, fs)
			continue
		}
		fx := fs[0].Fixes[0]
		if c.fixed == "" {
			if fx.Exact || !strings.Contains(fx.Message, "to review") {
				t.Errorf("%s: fix %+v, want one to review", name, fx)
			}
			continue
		}
		if !fx.Exact {
			t.Errorf("%s: fix %q is not exact", name, fx.Message)
			continue
		}
		e := fx.Edits[0]
		got := c.src[:e.Start] + e.New + c.src[e.End:]
		if got != c.fixed {
			t.Errorf("%s: fixed to %q, want %q", name, got, c.fixed)
			continue
		}
		tree, err := lang.Parse(c.lang, []byte(got))
		if err != nil || tree.Root().HasError() {
			t.Errorf("%s: the fixed file does not parse (%v)", name, err)
		}
		if err == nil {
			tree.Close()
		}
		if fs := judgeOne(t, rule, c.path, c.lang, got); len(fs) != 0 {
			t.Errorf("%s: the fixed file still breaks the rule: %+v", name, fs)
		}
	}
}

// replacementRule is the query rule heed compiles from sentence for a repository in
// language l; it must carry a replacement.
func replacementRule(t *testing.T, sentence, l string) *policy.Rule {
	t.Helper()
	con := &policy.Constraint{ID: "x", Text: sentence, File: "AGENTS.md", Line: 1, Level: policy.Must}
	for _, r := range recognizeAll(con, &recognize.RepoContext{Languages: []string{l}}) {
		var p QueryParams
		if r.Kind == KindQuery && json.Unmarshal(r.Params, &p) == nil && p.Replace != nil {
			r.ID = "r"
			return &r
		}
	}
	t.Fatalf("%q compiles to no rule with a replacement", sentence)
	return nil
}

func judgeOne(t *testing.T, rule *policy.Rule, path, l, src string) []engine.Finding {
	t.Helper()
	chk, err := compileQuery(rule)
	if err != nil {
		t.Fatal(err)
	}
	ev := &engine.Evidence{Mode: engine.ModeAll, Files: []*engine.File{{Path: path, Content: []byte(src), Lang: l}}}
	defer ev.Close()
	return engine.Run([]engine.Compiled{{Rule: rule, Check: chk}}, ev, engine.Options{Workers: 1})[0].Findings()
}
