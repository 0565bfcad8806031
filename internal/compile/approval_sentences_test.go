package compile_test

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules"
	"github.com/heed-dev/heed/internal/rules/process"
)

// approvalVerdict is evidenceVerdict with one more outcome: a command that a rule
// marked Ask finds, and that no error rule blocks, is "asked" (the hooks that can
// prompt hand it to the user).
func approvalVerdict(t *testing.T, reg *engine.Registry, rs []policy.Rule, line, history string) string {
	t.Helper()
	c := policy.Case{Shell: line}
	if history != "" {
		c.History = historyOf(history)
	}
	ev, err := process.CaseEvidence(c)
	if err != nil {
		t.Fatal(err)
	}
	got := "allowed"
	for _, o := range engine.Run(compileRules(t, reg, rs), ev, engine.Options{Workers: 1}) {
		if o.Verdict != engine.Violated && o.Verdict != engine.Undetermined {
			continue
		}
		switch {
		case o.Rule.Severity == policy.SeverityError:
			return "blocked"
		case o.Rule.Ask && o.Verdict == engine.Violated:
			got = "asked"
		case got == "allowed":
			got = "warned"
		}
	}
	return got
}

// approvalMet: "asked" only by an ask; "unblocked" by allowed or warned, never by an
// ask (a question the sentence does not call for interrupts the user).
func approvalMet(want, got string) bool {
	switch want {
	case "unblocked":
		return got == "allowed" || got == "warned"
	case "flagged":
		return got == "warned" || got == "blocked" || got == "asked"
	}
	return want == got
}

// TestOwnApprovalSentences610: commands the instruction lets the agent run only with
// the user's approval (testdata/own-sentences-610.txt, written before the compiler
// read them; first sight in own-sentences-610.md).
func TestOwnApprovalSentences610(t *testing.T) {
	ownApprovalSentences(t, "testdata/own-sentences-610.txt", 30)
}

// TestOwnApprovalSentences617: the approval phrasings of batch 617
// (testdata/own-sentences-617-ask.txt, pinned after the compiler changed for them).
func TestOwnApprovalSentences617(t *testing.T) {
	ownApprovalSentences(t, "testdata/own-sentences-617-ask.txt", 5)
}

// ownApprovalSentences judges each case of file as the hooks would, an approval rule
// asking the user.
func ownApprovalSentences(t *testing.T, file string, atLeast int) {
	t.Helper()
	reg := rules.Registry()
	cases := readSentenceCases(t, file)
	if len(cases) < atLeast {
		t.Fatalf("only %d cases in %s", len(cases), file)
	}
	right, total, gaps := 0, 0, 0
	for _, c := range cases {
		rs := compileDocIn(c.doc, c.dirs)
		for _, e := range c.expect {
			total++
			got := approvalVerdict(t, reg, rs, e.line, e.history)
			met := approvalMet(e.want, got)
			switch {
			case met && e.gap:
				t.Errorf("%s: `%s` is %s as wanted: drop its gap mark", c.name, e.line, got)
			case e.gap:
				gaps++
				t.Logf("known gap, %s: `%s`: %s, want %s", c.name, e.line, got, e.want)
				continue
			}
			if met {
				right++
				continue
			}
			var norms []string
			for _, r := range rs {
				norms = append(norms, r.Norm+" ["+r.Severity+"]")
			}
			t.Errorf("%s: `%s`: %s, want %s\n  rules: %s", c.name, e.line, got, e.want, strings.Join(norms, "; "))
		}
	}
	t.Logf("%d of %d expectations met, %d known gaps", right, total, gaps)
}
