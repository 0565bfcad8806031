package source

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// TestUseNotBans: "Use X, not `Y`" said without a code span before the "not", or
// with the banned span in parentheses, bans Y as "use X instead of `Y`" does: the
// shape of ahk-converter's .github/copilot-instructions.md:128 (public batch 2 of
// task construct, bench/compiler/construct-firstsight-2.md), written here in other
// words. Asides that only show an example stay unread.
func TestUseNotBans(t *testing.T) {
	rc := func(langs ...string) *recognize.RepoContext { return &recognize.RepoContext{Languages: langs} }
	for _, c := range []struct {
		text string
		rc   *recognize.RepoContext
		want []string
	}{
		{"Use `logger.error` for failures, not `console.error`.", rc("typescript"), []string{"query `console.error` is banned here [tsx,typescript] not=7 error"}},
		{"Use the Toast service for user-facing errors - not raw `window.alert`", rc("typescript"), []string{"query `window.alert` is banned here [tsx,typescript] error"}},
		{"Always use `logging.getLogger(__name__)` (not `print`).", rc("python"), []string{"query py-logger-name [python] warning", "`print` is banned here [python] not=7 error"}},
		{"Prefer `errors.Join` (NOT `multierr.Combine`) to merge errors.", rc("go"), []string{"`multierr.Combine` is banned here [go] warning"}},
		// an example in parentheses, a "not" that negates a verb, no use-clause
		{"Name tests after behaviour (e.g. `test_rejects_empty`, not `test_1`).", rc("python"), nil},
		{"Use the cache only where the key is not `nil`.", rc("go"), nil},
		{"Commit the lockfile (not `node_modules`).", rc("typescript"), nil},
	} {
		con := &policy.Constraint{ID: "x", Text: c.text, File: "AGENTS.md", Line: 1, Level: policy.Must}
		if c.text[:6] == "Prefer" {
			con.Level = policy.Should
		}
		expectRecognized(t, con, c.rc, c.want)
	}
}
