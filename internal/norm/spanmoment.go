package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

var spanMomentRE = lazyre.New("^`([^`]+)`\\s+((?:before|prior to)\\s+[^`]+)$")

// spanBeforeMoment reads an item that is a command and the moment it runs before,
// with no verb: "`cargo fmt --all` before pushing." is "Run `cargo fmt --all`
// before pushing.". A span that is no command ("`main` before tagging") is left.
func spanBeforeMoment(text string, ctx Context) (string, bool) {
	if ctx.Command == nil || !strings.HasPrefix(text, "`") {
		return "", false
	}
	m := spanMomentRE.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return "", false
	}
	argv, ok := ctx.Command(m[1])
	if !ok || len(argv) < 2 && !commandShaped(m[1]) {
		return "", false
	}
	return "Run `" + m[1] + "` " + m[2], true
}

// SpanMomentOrder: text is a command and the moment it runs before, with no verb
// ("`cargo fmt --all` before pushing."): an order the project states, which the
// extractor levels as advice (it has no word of duty) rather than as information.
func SpanMomentOrder(text string) bool {
	m := spanMomentRE.FindStringSubmatch(strings.TrimSpace(text))
	return m != nil && commandShaped(m[1]) && len(strings.Fields(m[1])) > 1
}
