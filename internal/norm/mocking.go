package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

var (
	// mockBanRE: a negation before mocking itself ("never mock", "don't write mocks",
	// "no mocks", "avoid mocking frameworks", "(not mocks)"); what follows decides
	// whether it is all mocking or one thing's (mockAfterOK)
	mockBanRE = lazyre.New(`\b(?:never|don'?t|do not|no|not|avoid|without)\s+(?:write\s+|use\s+|add\s+|create\s+|introduce\s+|rely on\s+)?(?:any\s+|new\s+)?(?:mock|mocks|mocking)\b`)
	// mockOverRE: "fakes over mocks", "real services instead of mocks"
	mockOverRE = lazyre.New(`\b(?:fakes?|stubs?|real [a-z]+|end-to-end tests?|integration tests?|testcontainers)\s+(?:over|instead of|rather than)\s+(?:using\s+)?mocks?\b`)
	// mockDoubtRE: an exception the text grants ("the only exception is the llm"), or a
	// statement of how things stand ("we do not use any mocking framework at the
	// moment"): which mocks it leaves alone, or whether it binds, heed cannot tell
	mockDoubtRE = lazyre.New(`\b(?:except|exception|exceptions|unless|other than|apart from|at the moment|currently|for now|right now)\b|\bwe (?:do not|don't|never) use\b`)
)

// MockingBan reports whether a text bans mocking as such ("Never mock anything",
// "Don't write mocks", "Prefer fakes over mocks", "Avoid mocking frameworks such as
// Mockito", "No mocks: tests hit a real database"), not the mocking of one thing
// ("Don't mock the database") nor less of it ("minimize mocking"). certain is false
// when the text grants an exception or states how things stand.
func MockingBan(text string) (ban, certain bool) {
	low := strings.ToLower(text)
	if !strings.Contains(low, "mock") {
		return false, false // (most texts: no expression compiled for them)
	}
	// a contrast ("fakes over mocks", "against the real server, not mocks") bans
	// mocks, but often of one thing's tests, which the words name and code does not
	// show; a plain ban ("never mock", "no mocks") of all of them
	ban = mockOverRE.MatchString(low)
	plain := false
	for _, loc := range mockBanRE.FindAllStringIndex(low, -1) {
		if mockAfterOK(low[loc[1]:]) && !mockObjectSpan(low, loc[1]) {
			ban = true
			if plain = !strings.HasPrefix(low[loc[0]:], "not "); plain {
				break
			}
		}
	}
	return ban, plain && !mockDoubtRE.MatchString(low)
}

// mockAfterOK: what follows "mock(s|ing)" leaves the ban about mocking as such: the
// end, a punctuation mark, "anything", "frameworks", or where ("in tests").
func mockAfterOK(rest string) bool {
	rest = strings.TrimLeft(rest, " ")
	if rest == "" || strings.HasPrefix(rest, "- ") || strings.ContainsAny(rest[:1], ".,;:)!*`") || strings.HasPrefix(rest, "—") || strings.HasPrefix(rest, "–") {
		// (a hyphen joined to the word makes another: "mock-heavy tests")
		return true
	}
	w, _, _ := strings.Cut(rest, " ")
	w = strings.Trim(w, ".,;:)!*`")
	switch w {
	case "anything", "everything", "frameworks", "framework", "libraries", "library", "in", "at", "for", "unless", "except":
		return true
	}
	return false
}

// mockObjectSpan: the word "mock" at low[:end] is followed by a code span it acts on
// ("do not mock `$api`", "don't mock `ILogger`"): the mocking of one thing, not of
// all. A backtick that closes the word's own span ("no `mock`") is none.
func mockObjectSpan(low string, end int) bool {
	rest := strings.TrimLeft(low[end:], " ")
	if !strings.HasPrefix(rest, "`") {
		return false
	}
	word := strings.LastIndexAny(low[:end], " \t\n(")
	return !strings.Contains(low[word+1:end], "`")
}
