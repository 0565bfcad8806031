package compile_test

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/rules"
)

// TestOwnCommandSentences130: the hundred-and-thirtieth batch
// (testdata/own-sentences-130.txt, task proc): command rules in the shapes whole
// instruction files use, written before the compiler read them.
func TestOwnCommandSentences130(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-130.txt", 17)
}

// TestProcBatchFile scores a batch of command documents kept outside the
// repository (public text may not be committed): HEED_PROC_BATCH names it, in the
// format of own-sentences-2.txt. Each expectation is logged as right, wrong (heed
// blocks or warns beyond the label) or missed (heed enforces less than the label);
// the test never fails, it measures.
func TestProcBatchFile(t *testing.T) {
	file := batchFromEnv(t, "HEED_PROC_BATCH")
	reg := rules.Registry()
	counts := map[string]int{}
	for _, c := range readSentenceCases(t, file) {
		rs := compileDocIn(c.doc, c.dirs)
		verdict := "right"
		for _, e := range c.expect {
			got := lineVerdict(t, reg, rs, e.line, e.history)
			res := commandScale.judge(e.want, got)
			if res == outcomeWeak {
				res = outcomeMissed // an expectation is right, wrong or missed
			}
			counts["exp-"+res]++
			verdict = worse(verdict, res)
			var norms []string
			for _, r := range rs {
				if res != "right" {
					norms = append(norms, r.Norm+" ["+string(r.Severity)+"]")
				}
			}
			t.Logf("%s\t%s\t`%s` after %q: %s, want %s\t%s", strings.ToUpper(res), c.name, e.line, e.history, got, e.want, strings.Join(norms, "; "))
		}
		counts["case-"+verdict]++
	}
	t.Logf("cases: %d right, %d wrong, %d missed; expectations: %d right, %d wrong, %d missed",
		counts["case-right"], counts["case-wrong"], counts["case-missed"], counts["exp-right"], counts["exp-wrong"], counts["exp-missed"])
}
