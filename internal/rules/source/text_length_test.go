package source

import (
	"strings"
	"testing"
)

// A line the project's own linter lets run long (`# noqa: E501`, `// eslint-disable-
// line max-len`, the line after `// eslint-disable-next-line max-len`, `//nolint:lll`,
// `# pylint: disable=line-too-long`) is not judged by the rule that restates the limit;
// a suppression of another check does not count.
func TestLineLengthHonoursTheLintersSuppressions(t *testing.T) {
	long := strings.Repeat("word ", 20) // 100 characters
	for _, c := range []struct {
		above, line string
		judged      bool
	}{
		{"", "x = '" + long + "'  # noqa: E501", false},
		{"", "x = '" + long + "'  # noqa", false},
		{"", "x = '" + long + "'  # noqa: F401", true},
		{"", "x = '" + long + "'  # pylint: disable=line-too-long", false},
		{"", "const x = '" + long + "'; // eslint-disable-line max-len", false},
		{"// eslint-disable-next-line max-len", "const x = '" + long + "';", false},
		{"// eslint-disable-next-line no-console", "const x = '" + long + "';", true},
		{"", "x := \"" + long + "\" //nolint:lll", false},
		{"", "x := \"" + long + "\" //nolint:errcheck", true},
		{"", "x = '" + long + "'", true},
	} {
		if got := !lengthSuppressed(c.line, c.above); got != c.judged {
			t.Errorf("%q after %q: judged %v, want %v", c.line, c.above, got, c.judged)
		}
	}
}
