package script

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

func rule(t *testing.T, p map[string]any) *policy.Rule {
	t.Helper()
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return &policy.Rule{ID: "r1", Domain: policy.DomainSource, Kind: KindScript, Params: raw, Severity: policy.SeverityError, Message: "no TODO"}
}

var shared = NewRunner()

func run(t *testing.T, r *policy.Rule, c policy.Case) engine.CaseOutcome {
	t.Helper()
	reg := engine.NewRegistry(Kind(shared))
	return engine.RunCase(reg, r, c)
}

const todo = `
def check(t):
    out = []
    for i, line in enumerate(t["content"].split("\n")):
        if re.search(r"\bTODO\b", line):
            out.append({"line": i + 1, "message": "TODO left in the code"})
    return out
`

func TestScriptVerdicts(t *testing.T) {
	r := rule(t, map[string]any{"source": todo})
	for _, c := range []struct {
		name string
		c    policy.Case
	}{
		{"violated", policy.Case{Expect: "violated", Path: "a.py", Code: "x = 1\n# TODO fix\n"}},
		{"satisfied", policy.Case{Expect: "satisfied", Path: "a.py", Code: "x = 1\n"}},
		{"inapplicable without files", policy.Case{Expect: "inapplicable", Argv: []string{"ls"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := run(t, r, c.c)
			if !o.OK {
				t.Fatalf("got %s (%s), want %s", o.Got, o.Reason, c.c.Expect)
			}
		})
	}
	// The finding carries the line the script reported.
	reg := engine.NewRegistry(Kind(shared))
	chk, err := reg.CompileRule(r)
	if err != nil {
		t.Fatal(err)
	}
	ev := &engine.Evidence{Mode: engine.ModeAll, Files: []*engine.File{{Path: "a.py", Content: []byte("ok\n\nTODO\n")}}}
	out := engine.Run([]engine.Compiled{{Rule: r, Check: chk}}, ev, engine.Options{Workers: 1})[0]
	fs := out.Findings()
	if len(fs) != 1 || fs[0].Line != 3 || fs[0].Path != "a.py" || fs[0].Message != "TODO left in the code" {
		t.Fatalf("findings = %+v", fs)
	}
}

func TestScriptReturnShapes(t *testing.T) {
	for _, c := range []struct {
		body, want string
	}{
		{"return None", "satisfied"},
		{"return True", "satisfied"},
		{"return False", "violated"},
		{`return "bad"`, "violated"},
		{"return []", "satisfied"},
		{`return ["a", "b"]`, "violated"},
		{`return {"verdict": "undetermined", "reason": "cannot tell"}`, "undetermined"},
		{`return {"verdict": "inapplicable"}`, "inapplicable"},
		{`return {"verdict": "maybe"}`, "undetermined"},
		{"return 42", "undetermined"},
		{`fail("boom")`, "undetermined"},
		{`return t["argv"][0] == "ls"`, "satisfied"},
	} {
		src := "def check(t):\n    " + c.body + "\n"
		o := run(t, rule(t, map[string]any{"source": src, "on": "commands"}), policy.Case{Expect: c.want, Argv: []string{"ls"}})
		if !o.OK {
			t.Errorf("%s: got %s (%s), want %s", c.body, o.Got, o.Reason, c.want)
		}
	}
}

// A script that loops, overruns its time or memory, or dies is stopped and reported
// as undetermined: never a pass.
func TestScriptIsBounded(t *testing.T) {
	for _, c := range []struct {
		name, src string
		params    map[string]any
		reason    string
	}{
		{"step limit", "def check(t):\n    while True:\n        pass\n", nil, "too many steps"},
		{"timeout", "def check(t):\n    while True:\n        pass\n", map[string]any{"max_steps": MaxMaxSteps, "timeout_ms": 200}, "timeout"},
		{"memory", "def check(t):\n    x = [0] * (1 << 28)\n    return True\n", map[string]any{"memory_mb": 256}, "out of memory"},
		{"top level loops", "x = 0\nwhile True:\n    x += 1\ndef check(t):\n    return True\n", nil, "too many steps"},
		{"no files", "def check(t):\n    return open('/etc/passwd')\n", nil, "undefined: open"},
		{"no load", "load('x.star', 'y')\ndef check(t):\n    return True\n", nil, "load"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := map[string]any{"source": c.src, "on": "commands"}
			for k, v := range c.params {
				p[k] = v
			}
			r := rule(t, p)
			reg := engine.NewRegistry(Kind(shared))
			if _, err := reg.CompileRule(r); err != nil {
				if c.name == "no files" && strings.Contains(err.Error(), "undefined: open") {
					return // rejected when the rule is compiled: better still
				}
				t.Fatal(err)
			}
			o := run(t, r, policy.Case{Expect: "undetermined", Argv: []string{"ls"}})
			if o.Got != engine.Undetermined {
				t.Fatalf("verdict %s, want undetermined", o.Got)
			}
			if !strings.Contains(o.Reason, c.reason) {
				t.Fatalf("reason %q does not say %q", o.Reason, c.reason)
			}
		})
	}
	// The runner recovers: the next script runs in a fresh worker.
	o := run(t, rule(t, map[string]any{"source": "def check(t):\n    return True\n", "on": "commands"}), policy.Case{Expect: "satisfied", Argv: []string{"ls"}})
	if !o.OK {
		t.Fatalf("after a killed worker: %s (%s)", o.Got, o.Reason)
	}
}

func TestScriptParamErrorsNameTheParameter(t *testing.T) {
	for _, c := range []struct {
		params map[string]any
		want   string
	}{
		{map[string]any{}, "params.source"},
		{map[string]any{"source": "def check(t):\n  return (\n"}, "params.source"},
		{map[string]any{"source": "def check(t):\n  return nope\n"}, "params.source"},
		{map[string]any{"source": "def other(t):\n  return True\n"}, "params.function"},
		{map[string]any{"source": todo, "on": "lines"}, "params.on"},
		{map[string]any{"source": todo, "timeout_ms": "fast"}, "params.timeout_ms"},
		{map[string]any{"source": todo, "memory_mb": 1}, "params.memory_mb"},
		{map[string]any{"source": todo, "max_steps": MaxMaxSteps + 1}, "params.max_steps"},
		{map[string]any{"source": todo, "sorce": "x"}, "sorce"},
	} {
		reg := engine.NewRegistry(Kind(shared))
		_, err := reg.CompileRule(rule(t, c.params))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want one naming %s", c.params, err, c.want)
		}
	}
}

// Every documented field of a target is present, so a script may read t["new"] or
// t["deleted"] without a key check: a file the case does not mark new is not new.
func TestScriptFieldsAreAlwaysPresent(t *testing.T) {
	r := rule(t, map[string]any{"source": "def check(t):\n    if t[\"new\"] or t[\"deleted\"] or t[\"touched\"] != None:\n        return \"unexpected\"\n    return None\n"})
	if o := run(t, r, policy.Case{Expect: "satisfied", Path: "a.py", Code: "x = 1\n"}); !o.OK {
		t.Fatalf("got %s (%s), want satisfied", o.Got, o.Reason)
	}
}

// A script rule says which files it might judge (engine.FileSelector), so a run of
// script rules on commands reads no file, and one on files only those in its scope.
func TestScriptWantsFile(t *testing.T) {
	reg := engine.NewRegistry(Kind(shared))
	for _, c := range []struct {
		on, dir, path string
		want          bool
	}{
		{OnFiles, "", "a.py", true},
		{OnFiles, "src", "src/a.py", true},
		{OnFiles, "src", "docs/a.md", false},
		{OnCommands, "", "a.py", false},
		{OnCommits, "", "a.py", false},
		{OnPR, "", "a.py", false},
		{OnChange, "src", "docs/a.md", true},
	} {
		r := rule(t, map[string]any{"source": todo, "on": c.on})
		r.Scope.Dir = c.dir
		chk, err := reg.CompileRule(r)
		if err != nil {
			t.Fatal(err)
		}
		sel, ok := chk.(engine.FileSelector)
		if !ok {
			t.Fatal("a script check is no engine.FileSelector: every run reads every file for it")
		}
		if got := sel.WantsFile(c.path, engine.LangOf(c.path, nil)); got != c.want {
			t.Errorf("on %s, scope %q: WantsFile(%s) = %v, want %v", c.on, c.dir, c.path, got, c.want)
		}
	}
	// every file a rule on files judges is one it wants
	r := rule(t, map[string]any{"source": todo})
	r.Scope.Dir = "src"
	chk, _ := reg.CompileRule(r)
	ev := &engine.Evidence{Mode: engine.ModeAll, Files: []*engine.File{{Path: "src/a.py"}, {Path: "b.py"}}}
	for _, tg := range chk.Targets(ev) {
		if !chk.(engine.FileSelector).WantsFile(tg.Path, "") {
			t.Errorf("the rule judges %s, which it says it does not want", tg.Path)
		}
	}
}
