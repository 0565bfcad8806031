package process

import (
	"encoding/json"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// Issue 21: `heed test` failed on the demo's own rules. "Use `pnpm`, never `npm` or
// `yarn`, in `web/`." (examples/demo/AGENTS.md:15) is a rule about web/; its cases
// name no directory and were run at the root, where the rule never applies. A case
// runs where its rule applies, unless it says where (cwd "." is the root).
func TestCasesOfADirectoryRuleRunInItsDirectory(t *testing.T) {
	params := CommandParams{
		Forbid: []Pattern{{Program: ProgramsOf("npm")}, {Program: ProgramsOf("yarn")}},
		Via:    []Pattern{{Program: ProgramsOf("pnpm")}},
	}
	raw, _ := json.Marshal(params)
	rule := &policy.Rule{ID: "29f46bb524d5.command.1", Kind: KindCommand, Params: raw, Scope: policy.Scope{Dir: "web"}}
	reg := engine.NewRegistry(Kinds()...)
	for _, c := range []struct {
		cs   policy.Case
		want engine.Verdict
	}{
		{policy.Case{Argv: []string{"npm", "install"}, Expect: "violated"}, engine.Violated},
		{policy.Case{Shell: "yarn add left-pad", Expect: "violated"}, engine.Violated},
		{policy.Case{Argv: []string{"pnpm", "install"}, Expect: "satisfied"}, engine.Satisfied},
		{policy.Case{Argv: []string{"npm", "install"}, Cwd: "web/src", Expect: "violated"}, engine.Violated},
		{policy.Case{Argv: []string{"npm", "install"}, Cwd: ".", Expect: "inapplicable"}, engine.Inapplicable},
		{policy.Case{Argv: []string{"npm", "install"}, Cwd: "service", Expect: "inapplicable"}, engine.Inapplicable},
	} {
		o := engine.RunCase(reg, rule, c.cs)
		if o.Got != c.want || !o.OK {
			t.Errorf("%v in %q: got %s (ok %v, %s), want %s", c.cs.Argv, c.cs.Cwd, o.Got, o.OK, o.Reason, c.want)
		}
	}
	// the rule's own generated cases pass
	rule.Cases = CommandCases(params)
	if len(rule.Cases) == 0 {
		t.Fatal("no generated cases")
	}
	for i, cs := range rule.Cases {
		if o := engine.RunCase(reg, rule, cs); !o.OK {
			t.Errorf("generated case %d (%v): got %s, want %s", i+1, cs.Argv, o.Got, cs.Expect)
		}
	}
}

// A wrapper script named with its folder (`projects/gradlew`, from an instruction file
// in projects/) is the `./gradlew` run in that folder.
func TestPathProgramRunInItsFolder(t *testing.T) {
	r := policy.Rule{ID: "r", Domain: "process", Kind: KindSequence, Severity: "error",
		Params: json.RawMessage(`{"then":[{"program":["git"],"args":["push"]}],"first":[{"program":["projects/gradlew"],"args":["apiCheck"]}],"label":"./gradlew apiCheck"}`)}
	reg := engine.NewRegistry(Kinds()...)
	for _, c := range []policy.Case{
		{Expect: policy.ExpectSatisfied, Shell: "git push", Cwd: "projects", History: [][]string{{"./gradlew", "apiCheck"}}},
		{Expect: policy.ExpectViolated, Shell: "git push", Cwd: "projects", History: [][]string{{"./gradlew", "build"}}},
		{Expect: policy.ExpectViolated, Shell: "git push", History: [][]string{{"./gradlew", "apiCheck"}}},
	} {
		if got := engine.RunCase(reg, &r, c); !got.OK {
			t.Errorf("%s after %v in %q: %s, want %s (%s)", c.Shell, c.History, c.Cwd, got.Got, c.Expect, got.Reason)
		}
	}
}

// An order limited to changes of some files, when the session's edits are unknown (a
// shim, an agent without a transcript), reads the working tree: a commit whose tree
// changes none of those files needs nothing; one that changes them needs the order.
func TestOrderReadsTheWorkingTreeWhenEditsAreUnknown(t *testing.T) {
	r := policy.Rule{ID: "r", Domain: "process", Kind: KindSequence, Severity: "error",
		Params: json.RawMessage(`{"then":[{"program":["git"],"args":["commit"]}],"first":[{"program":["cargo"],"args":["fmt"]}],"label":"cargo fmt","changed":["**/*.rs"],"changed_inferred":true}`)}
	chk, err := engine.NewRegistry(Kinds()...).CompileRule(&r)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		pending []string
		want    engine.Verdict
	}{
		{nil, engine.Violated},                               // unknown: the order holds as written
		{[]string{}, engine.Satisfied},                       // a clean tree
		{[]string{"README.md"}, engine.Satisfied},            // no Rust change
		{[]string{"README.md", "src/a.rs"}, engine.Violated}, // a Rust change and no cargo fmt
	} {
		ev, err := CaseEvidence(policy.Case{Shell: "git commit -am x"})
		if err != nil {
			t.Fatal(err)
		}
		for i := range ev.Commands {
			ev.Commands[i].Pending = c.pending
		}
		got := engine.Inapplicable
		for _, o := range engine.Run([]engine.Compiled{{Rule: &r, Check: chk}}, ev, engine.Options{Workers: 1}) {
			got = o.Verdict
		}
		if got != c.want {
			t.Errorf("pending %v: %s, want %s", c.pending, got, c.want)
		}
	}
}
