package compile_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules"
)

// TestSourceBatchFromEnv scores a batch of source documents kept outside the
// repository (a first-sight batch of public sentences, whose text stays out of heed):
// HEED_SOURCE_BATCH names the file, in the format of own-sentences-source.txt, with
// two wants more: "caught" (flagged or warned) and "noblock" (clean or warned). It
// prints one line a document: right, wrong (a block or warning the label does not
// allow), weak (a violation warned where the label wants a block) or missed; it fails
// nothing, since the batch measures the compiler rather than tests it. Skipped
// without the variable.
func TestSourceBatchFromEnv(t *testing.T) {
	file := batchFromEnv(t, "HEED_SOURCE_BATCH")
	reg := rules.Registry()
	counts := map[string]int{}
	for _, c := range readArchCases(t, file) {
		src, reasons := compileSourceDocument(t, c)
		if os.Getenv("HEED_SOURCE_BATCH_NO_FILENAMES") != "" {
			// a batch of one family leaves out the file-name rules of another
			src = slices.DeleteFunc(src, func(r policy.Rule) bool {
				return strings.Contains(string(r.Params), `"check":"filename"`)
			})
		}
		verdict := "right"
		var notes []string
		for i, e := range c.expect {
			got := archVerdict(t, reg, src, policy.Case{Path: e.args[0], Code: e.args[1]})
			v := fileScale.judge(e.want, got)
			if v == outcomeRight {
				continue
			}
			if e.gap {
				v = "gap-" + v
			}
			notes = append(notes, fmt.Sprintf("%s #%d %s: want %s, got %s", v, i+1, e.args[0], e.want, got))
			// the worst outcome names the document: wrong, then missed, then weak
			verdict = worse(verdict, v)
		}
		counts[verdict]++
		var read []string
		for _, r := range src {
			read = append(read, r.Kind+" "+string(r.Params)+" "+r.Scope.Dir+strings.Join(r.Scope.Globs, ",")+" -"+strings.Join(r.Scope.Exclude, ",")+" ["+r.Severity+"]")
		}
		t.Logf("%s\t%s\t%s\n\trules: %s\n\tunenforced: %s", strings.Fields(c.name)[0], verdict, strings.Join(notes, "; "),
			strings.Join(read, "; "), strings.Join(reasons, "; "))
	}
	t.Logf("documents: %v", counts)
}
