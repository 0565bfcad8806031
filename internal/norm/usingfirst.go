package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// usingFirstRE: a command that must run before another, said as the other's
// condition ("If using `go test` directly, run `go generate ./...` first", "When you
// run `pytest` yourself, run `make fixtures` first").
var usingFirstRE = lazyre.New("(?i)^(?:if|when(?:ever)?)\\s+(?:you\\s+(?:are\\s+)?)?(?:use|using|run|running|invoke|invoking|call|calling)\\s+(`[^`]+`)(?:\\s+(?:directly|yourself|manually|by\\s+hand|locally))?\\s*,\\s*(?:you\\s+(?:must|should|need\\s+to)\\s+|always\\s+|be\\s+sure\\s+to\\s+|make\\s+sure\\s+to\\s+)?run\\s+(`[^`]+`)\\s+first\\s*[.!]?$")

// usingFirstOrder rewrites such a sentence as the order it states ("Run `go generate
// ./...` before `go test`."); text is returned as it was otherwise.
func usingFirstOrder(text string) string {
	if !strings.Contains(text, " first") || !strings.Contains(text, "`") || !strings.HasPrefix(strings.ToLower(strings.TrimSpace(text)), "if ") && !strings.HasPrefix(strings.ToLower(strings.TrimSpace(text)), "when") {
		return text
	}
	m := usingFirstRE.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return text
	}
	return "Run " + m[2] + " before " + m[1] + "."
}

// UsedDirectly is the command a sentence concedes the reader may run on its own ("If
// using `go test` directly, run `go generate ./...` first" allows `go test` run
// directly, after the step it names); "" for any other sentence.
func UsedDirectly(text string) string {
	if usingFirstOrder(text) == text {
		return ""
	}
	return strings.Trim(usingFirstRE.FindStringSubmatch(strings.TrimSpace(text))[1], "`")
}
