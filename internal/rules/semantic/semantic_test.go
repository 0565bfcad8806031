package semantic

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

func judgeRule(t *testing.T, params any, scope policy.Scope) *policy.Rule {
	raw, err := json.Marshal(params)
	if err != nil {
		t.Fatal(err)
	}
	return &policy.Rule{ID: "j1", Domain: policy.DomainSemantic, Kind: KindJudge, Params: raw, Scope: scope, Severity: policy.SeverityError}
}

// Without a model a rule on files judges none: it is undetermined once, as a whole,
// when a file in its scope is there, and asks for no file to be read.
func TestWithoutAModelEveryTargetIsUndetermined(t *testing.T) {
	r := judgeRule(t, Params{Rubric: "Keep services decoupled."}, policy.Scope{Dir: "web"})
	reg := engine.NewRegistry(Kinds()...)
	chk, err := reg.CompileRule(r)
	if err != nil {
		t.Fatal(err)
	}
	ev := &engine.Evidence{Files: []*engine.File{{Path: "web/a.ts"}, {Path: "core/b.ts"}}}
	out := engine.Run([]engine.Compiled{{Rule: r, Check: chk}}, ev, engine.Options{Workers: 1})[0]
	if out.Verdict != engine.Undetermined || len(out.Targets) != 1 || out.Targets[0].Target.Kind != engine.TargetChange {
		t.Fatalf("verdict %s targets %+v: one target, undetermined", out.Verdict, out.Targets)
	}
	if !strings.Contains(out.Targets[0].Reason, "needs a model") {
		t.Fatalf("reason %q", out.Targets[0].Reason)
	}
	if sel, ok := chk.(engine.FileSelector); !ok || sel.WantsFile("web/a.ts", engine.LangTypeScript) {
		t.Error("a rule that cannot judge a file must not ask for it to be read")
	}
	// Nothing in scope: nothing to be undetermined about.
	out = engine.Run([]engine.Compiled{{Rule: r, Check: chk}}, &engine.Evidence{Files: []*engine.File{{Path: "core/b.ts"}}}, engine.Options{Workers: 1})[0]
	if out.Verdict != engine.Inapplicable {
		t.Errorf("no file in scope: %s", out.Verdict)
	}
	// A full check lists the tree without reading it: a file in scope there counts.
	tree := engine.MapSnapshot{"web/a.ts": nil}
	out = engine.Run([]engine.Compiled{{Rule: r, Check: chk}}, &engine.Evidence{Mode: engine.ModeAll, Tree: tree}, engine.Options{Workers: 1})[0]
	if out.Verdict != engine.Undetermined {
		t.Errorf("a file in scope in the tree: %s", out.Verdict)
	}
}

// A model plugs in through Kind(j): it sees the rubric and the target.
func TestAJudgeDecides(t *testing.T) {
	var seen []Request
	j := func(req Request) engine.Result {
		seen = append(seen, req)
		if req.Commit != nil && strings.Contains(req.Commit.Message, "because") {
			return engine.Result{Verdict: engine.Satisfied}
		}
		return engine.Result{Verdict: engine.Violated, Reason: "no why", Findings: []engine.Finding{{Message: "no why", CommandIndex: -1}}}
	}
	r := judgeRule(t, Params{Rubric: "Commit messages explain why.", On: OnCommits}, policy.Scope{})
	reg := engine.NewRegistry(Kind(j))
	for _, c := range []struct {
		msg  string
		want string
	}{{"Fix x because y", "satisfied"}, {"Fix x", "violated"}} {
		o := engine.RunCase(reg, r, policy.Case{Expect: c.want, Message: c.msg})
		if !o.OK {
			t.Errorf("%q: got %s", c.msg, o.Got)
		}
	}
	if len(seen) != 2 || seen[0].Rubric != "Commit messages explain why." || seen[0].RuleID != "j1" {
		t.Fatalf("requests %+v", seen)
	}
}

func TestParamErrorsNameTheParameter(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	for _, c := range []struct {
		params any
		want   string
	}{
		{nil, "params"},
		{map[string]any{"rubric": ""}, "params.rubric"},
		{map[string]any{"rubric": 3}, "params.rubric"},
		{map[string]any{"rubric": "x", "on": "lines"}, "params.on"},
		{map[string]any{"rubric": "x", "model": "gpt"}, "model"},
	} {
		_, err := reg.CompileRule(judgeRule(t, c.params, policy.Scope{}))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want one naming %s", c.params, err, c.want)
		}
	}
}

func TestNewRuleCasesAgreeWithTheKind(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	for _, c := range []policy.Constraint{
		{ID: "a", Text: "Keep services decoupled.", Level: policy.Must, File: "AGENTS.md", Line: 1, HeaderPath: []string{"Design"}},
		{ID: "b", Text: "Use hooks.", Level: policy.Must, Scope: policy.Scope{Dir: "web", Globs: []string{"src/**/*.{ts,tsx}"}}},
		{ID: "c", Text: "Tests mirror sources.", Level: policy.Should, Scope: policy.Scope{Globs: []string{"*.py"}, Exclude: []string{"tests/**"}}},
	} {
		for _, on := range []string{OnFiles, OnCommits, OnPR, OnCommands, OnChange} {
			r := NewRule(&c, on)
			r.ID = c.ID + ".judge.1"
			if !strings.Contains(string(r.Params), c.Text) {
				t.Errorf("rubric does not quote the instruction: %s", r.Params)
			}
			for _, cs := range r.Cases {
				if o := engine.RunCase(reg, &r, cs); !o.OK {
					t.Errorf("%s on %s: case %+v got %s (%s)", c.ID, on, cs, o.Got, o.Reason)
				}
			}
		}
	}
}
