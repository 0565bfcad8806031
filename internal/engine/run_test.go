package engine

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/heed-dev/heed/internal/policy"
)

// lineCheck flags every line of every file that contains "BAD".
type lineCheck struct{}

func (lineCheck) Targets(ev *Evidence) []Target {
	var ts []Target
	for i, f := range ev.Files {
		ts = append(ts, Target{Kind: TargetFile, Index: i, Path: f.Path})
	}
	return ts
}

func (lineCheck) Judge(ev *Evidence, t Target) Result {
	f := ev.Files[t.Index]
	var fs []Finding
	for i, l := range strings.Split(string(f.Content), "\n") {
		if strings.Contains(l, "BAD") {
			fs = append(fs, Finding{Path: f.Path, Line: i + 1, Message: "BAD"})
		}
	}
	if len(fs) > 0 {
		return Result{Verdict: Violated, Findings: fs}
	}
	return Result{Verdict: Satisfied}
}

type panicCheck struct{ lineCheck }

func (panicCheck) Judge(ev *Evidence, t Target) Result { panic("boom") }

type slowCheck struct{ lineCheck }

func (slowCheck) Judge(ev *Evidence, t Target) Result {
	time.Sleep(time.Second)
	return Result{Verdict: Satisfied}
}

func rule(id string) *policy.Rule { return &policy.Rule{ID: id, Kind: "test"} }

func TestDiffModeReportsOnlyTouchedLines(t *testing.T) {
	ev := &Evidence{Mode: ModeDiff, Files: []*File{
		{Path: "a.go", Content: []byte("BAD old\nok\nBAD new\n"), Touched: LineSet{3: true}},
		{Path: "b.go", Content: []byte("BAD in a new file\n"), New: true},
		{Path: "c.go", Content: []byte("BAD old only\n"), Touched: LineSet{2: true}},
	}}
	out := Run([]Compiled{{Rule: rule("r"), Check: lineCheck{}}}, ev, Options{})[0]
	if out.Verdict != Violated {
		t.Fatalf("verdict %s, want violated", out.Verdict)
	}
	var got []string
	for _, f := range out.Findings() {
		got = append(got, f.Path+":"+string(rune('0'+f.Line)))
	}
	if strings.Join(got, " ") != "a.go:3 b.go:1" {
		t.Fatalf("owned findings = %v, want [a.go:3 b.go:1] (the old BAD lines are not the change's)", got)
	}
	if v := out.Targets[2].Verdict; v != Satisfied {
		t.Fatalf("c.go has only a pre-existing violation: verdict %s, want satisfied", v)
	}
}

func TestAllModeReportsEverything(t *testing.T) {
	ev := &Evidence{Mode: ModeAll, Files: []*File{{Path: "a.go", Content: []byte("BAD\nBAD\n")}}}
	out := Run([]Compiled{{Rule: rule("r"), Check: lineCheck{}}}, ev, Options{})[0]
	if n := len(out.Findings()); n != 2 {
		t.Fatalf("%d findings, want 2", n)
	}
}

func TestCrashAndTimeoutAreUndeterminedNeverPass(t *testing.T) {
	ev := &Evidence{Mode: ModeAll, Files: []*File{{Path: "a.go", Content: []byte("x")}}}
	outs := Run([]Compiled{
		{Rule: rule("panics"), Check: panicCheck{}},
		{Rule: rule("slow"), Check: slowCheck{}},
	}, ev, Options{Timeout: 50 * time.Millisecond})
	for _, o := range outs {
		if o.Verdict != Undetermined {
			t.Errorf("%s: verdict %s, want undetermined", o.Rule.ID, o.Verdict)
		}
		if r := o.Targets[0].Reason; !strings.Contains(r, "internal error") {
			t.Errorf("%s: reason %q does not say it was an internal error", o.Rule.ID, r)
		}
		if !o.Targets[0].Internal {
			t.Errorf("%s: the result is not marked internal, so a hook would not block on it", o.Rule.ID)
		}
	}
}

// With one worker (the live path), a judge that overruns is undetermined and the
// judges after it still run; the checks before it keep their verdicts.
func TestSequentialTimeoutGoesOn(t *testing.T) {
	ev := &Evidence{Mode: ModeAll, Files: []*File{{Path: "a.go", Content: []byte("BAD")}, {Path: "b.go", Content: []byte("ok")}}}
	for _, timeout := range []time.Duration{0, 200 * time.Millisecond} {
		rules := []Compiled{{Rule: rule("before"), Check: lineCheck{}}, {Rule: rule("panics"), Check: panicCheck{}}, {Rule: rule("after"), Check: lineCheck{}}}
		if timeout > 0 {
			rules = append(rules[:2:2], Compiled{Rule: rule("slow"), Check: slowCheck{}}, rules[2])
		}
		start := time.Now()
		outs := Run(rules, ev, Options{Workers: 1, Timeout: timeout})
		want := map[string]Verdict{"before": Violated, "panics": Undetermined, "slow": Undetermined, "after": Violated}
		for _, o := range outs {
			if o.Verdict != want[o.Rule.ID] {
				t.Errorf("timeout %s: %s: verdict %s, want %s", timeout, o.Rule.ID, o.Verdict, want[o.Rule.ID])
			}
			if o.Rule.ID == "after" && (o.Targets[0].Verdict != Violated || o.Targets[1].Verdict != Satisfied) {
				t.Errorf("timeout %s: after: targets %+v", timeout, o.Targets)
			}
		}
		if timeout > 0 {
			if r := outs[2].Targets[0].Reason; !strings.Contains(r, "did not finish within") {
				t.Errorf("the slow check's reason %q does not say it overran", r)
			}
			if d := time.Since(start); d > 4*timeout+time.Second/2 {
				t.Errorf("the run took %s: the slow judges were waited for (%s each)", d, time.Second)
			}
		}
	}
}

func TestAggregate(t *testing.T) {
	tr := func(vs ...Verdict) []TargetResult {
		var out []TargetResult
		for _, v := range vs {
			out = append(out, TargetResult{Result: Result{Verdict: v}})
		}
		return out
	}
	for _, c := range []struct {
		in   []TargetResult
		want Verdict
	}{
		{nil, Inapplicable},
		{tr(Satisfied, Satisfied), Satisfied},
		{tr(Satisfied, Undetermined), Undetermined},
		{tr(Undetermined, Violated, Satisfied), Violated},
		{tr(Inapplicable, Satisfied), Satisfied},
	} {
		if got := Aggregate(c.in); got != c.want {
			t.Errorf("Aggregate(%v) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestUnknownKindIsAPolicyError(t *testing.T) {
	reg := NewRegistry()
	_, err := reg.CompileRule(&policy.Rule{ID: "R1", Kind: "nope"})
	if err == nil || !strings.Contains(err.Error(), "R1") || !strings.Contains(err.Error(), "nope") {
		t.Fatalf("error %v should name the rule and the kind", err)
	}
}

func TestLangOf(t *testing.T) {
	for p, want := range map[string]string{"a/b.py": LangPython, "x.tsx": LangTSX, "m.mjs": LangJavaScript, "README": "", "lib.rs": LangRust,
		"app/Main.kt": LangKotlin, "build.gradle.kts": LangKotlin, "src/Api/Program.cs": LangCSharp, "lib/a.rb": LangRuby, "Gemfile": LangRuby,
		"tasks/db.rake": LangRuby, "src/util.c": LangC, "include/util.h": LangC, "src/a.cpp": LangCPP, "src/b.cc": LangCPP, "include/b.hpp": LangCPP, "src/a.ml": ""} {
		if got := LangOf(p, nil); got != want {
			t.Errorf("LangOf(%s) = %q, want %q", p, got, want)
		}
	}
	if got := LangOf("bin/tool", []byte("#!/usr/bin/env python3\n")); got != LangPython {
		t.Errorf("shebang: got %q", got)
	}
	if got := LangOf("bin/setup", []byte("#!/usr/bin/env ruby\n")); got != LangRuby {
		t.Errorf("ruby shebang: got %q", got)
	}
}

type selecting struct {
	lineCheck
	ext string
}

func (s selecting) WantsFile(p, lang string) bool { return strings.HasSuffix(p, s.ext) }

func TestWantedFilesIsTheUnionOrNothing(t *testing.T) {
	py, js := Compiled{Check: selecting{ext: ".py"}}, Compiled{Check: selecting{ext: ".js"}}
	w := WantedFiles([]Compiled{py, js})
	if w == nil || !w("a.py") || !w("b.js") || w("c.po") {
		t.Fatal("the files wanted are those some check wants")
	}
	if WantedFiles([]Compiled{py, {Check: lineCheck{}}}) != nil {
		t.Fatal("a check that cannot say which files it judges wants them all")
	}
	if w := WantedFiles(nil); w == nil || w("a.py") {
		t.Fatal("no checks want no files")
	}
}

func TestStopLeavesTheRestUnjudged(t *testing.T) {
	ev := &Evidence{Mode: ModeAll, Files: []*File{{Path: "a.go", Content: []byte("BAD\n")}, {Path: "b.go", Content: []byte("ok\n")}}}
	stop := make(chan struct{})
	close(stop)
	out := Run([]Compiled{{Rule: rule("r"), Check: lineCheck{}}}, ev, Options{Stop: stop})[0]
	if out.Verdict != Undetermined || len(out.Targets) != 2 {
		t.Fatalf("verdict %s over %d targets, want undetermined over 2", out.Verdict, len(out.Targets))
	}
	for _, tr := range out.Targets {
		if tr.Verdict != Undetermined || tr.Reason != ReasonStopped {
			t.Errorf("%s: %s (%s), want undetermined: %s", tr.Target.Path, tr.Verdict, tr.Reason, ReasonStopped)
		}
	}
	// An open channel stops nothing.
	out = Run([]Compiled{{Rule: rule("r"), Check: lineCheck{}}}, ev, Options{Stop: make(chan struct{})})[0]
	if out.Verdict != Violated {
		t.Errorf("verdict %s with an open stop channel, want violated", out.Verdict)
	}
}

// An order a file states in its lead-in and again in each item, or a rule AGENTS.md
// and CLAUDE.md both give, is one check: the user sees one finding, not two.
func TestTheSameCheckFromTwoSentencesRunsOnce(t *testing.T) {
	reg := NewRegistry(Kind{Name: "line", Domain: policy.DomainSource, Compile: func(*policy.Rule) (Check, error) { return lineCheck{}, nil }})
	rule := func(id, norm, params string) policy.Rule {
		return policy.Rule{ID: id, Domain: policy.DomainSource, Kind: "line", Params: json.RawMessage(params), Severity: policy.SeverityError, Norm: norm}
	}
	p := &policy.Policy{Entries: []policy.Entry{
		{Constraint: policy.Constraint{ID: "C1", Text: "lead-in"}, Rules: []policy.Rule{rule("R1", "from the lead-in", `{"a": 1, "b": 2}`)}},
		{Constraint: policy.Constraint{ID: "C2", Text: "item"}, Rules: []policy.Rule{rule("R2", "from the item", `{"b":2,"a":1}`), rule("R3", "another", `{"a": 2}`)}},
	}}
	compiled, errs := reg.Compile(p)
	if len(errs) > 0 || len(compiled) != 3 {
		t.Fatalf("compiled %d rules (%v): every rule compiles, for self-validation and the report", len(compiled), errs)
	}
	var ids []string
	for _, c := range Distinct(compiled) {
		ids = append(ids, c.Rule.ID)
	}
	if strings.Join(ids, ",") != "R1,R3" {
		t.Errorf("compiled %v, want R1 and R3 (R2 checks what R1 checks)", ids)
	}
}

type treeReading struct{ lineCheck }

func (treeReading) ReadsTree() bool { return true }

func TestReadsTreeIsWhetherAnyCheckSaysSo(t *testing.T) {
	if ReadsTree([]Compiled{{Check: lineCheck{}}}) {
		t.Error("a check that says nothing reads only what it judges")
	}
	if !ReadsTree([]Compiled{{Check: lineCheck{}}, {Check: treeReading{}}}) {
		t.Error("one check that reads the listing makes the run keep it")
	}
}

// A .h file is C unless its first lines hold C++ that C cannot parse; without its
// content (a listing) it is C.
func TestHeaderLanguage(t *testing.T) {
	for src, want := range map[string]string{
		"#pragma once\n#include <stdint.h>\nint f(void);\n":                    LangC,
		"#ifdef __cplusplus\nextern \"C\" {\n#endif\nstruct s { int x; };\n":   LangC,
		"#pragma once\n#include <vector>\n":                                    LangCPP,
		"namespace app {\nint f();\n}\n":                                       LangCPP,
		"template <typename T>\nT id(T x);\n":                                  LangCPP,
		"class Buf : public Base {\n};\n":                                      LangCPP,
		"// a header that std::move would break\nvoid f(void);\n":              LangC,
		"struct Buf {\n  std::string name;\n};\n":                              LangCPP,
		"/* class Widget { is documented elsewhere */\nstruct w { int x; };\n": LangC,
		"#include <sys/types.h>\n#include <linux/limits.h>\nint g(void);\n":    LangC,
		"namespace detail;\n":                                                  LangC,
		"class Buf {\npublic:\n  int x;\n};\n":                                 LangCPP,
		"":                                                                     LangC,
		"#include \"vector\"\nint h(void);\n":                                  LangC,
		"#define CLASS(x) class x {\n":                                         LangC,
		"  private:\n":                                                         LangCPP,
	} {
		if got := LangOf("include/x.h", []byte(src)); got != want {
			t.Errorf("LangOf(x.h, %q) = %q, want %q", src, got, want)
		}
	}
}
