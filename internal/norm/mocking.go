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
		if describedWithout(low, loc[0]) {
			continue
		}
		if mockAfterOK(low[loc[1]:]) && !mockObjectSpan(low, loc[1]) {
			ban = true
			if plain = !strings.HasPrefix(low[loc[0]:], "not "); plain {
				break
			}
		}
	}
	return ban, plain && !mockDoubtRE.MatchString(low)
}

// describedWithout reports "with no mocks" / "without mocks" at low[at:] in a
// sentence that states what some tests do, with no word that directs ("These verify
// CRUD operations ... with no mocks"): how those tests work, not a ban.
func describedWithout(low string, at int) bool {
	before := low[:at]
	if !strings.HasSuffix(before, "with ") && !strings.HasPrefix(low[at:], "without") && !strings.HasSuffix(before, "using ") {
		return false
	}
	start := strings.LastIndexAny(before, ".;:!?\n") + 1
	end := len(low)
	if i := strings.IndexAny(low[at:], ".;!?\n"); i >= 0 {
		end = at + i
	}
	return !mockDirectiveRE.MatchString(strings.TrimSpace(low[start:end]))
}

// mockDirectiveRE: a word that makes a sentence about mocks a directive.
var mockDirectiveRE = lazyre.New(`\b(?:must|should|shall|never|always|don'?t|do not|avoid|required?|only|prefer|please)\b|^(?:[-*] )?(?:use|write|run|test|keep|add|make|mock|stub|create)\b`)

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

// MockedTargets reads a ban of mocking named things ("Do not mock `$api`; drive it
// with MSW", "Don't mock React Query hooks (`useQuery`, `useMutation`)", "Never mock
// internal modules (`@/lib/*`) with `jest.mock`"): the code spans the prohibition's
// clause names as what is mocked, as written, up to the means ("with `jest.mock`") or
// the alternative ("; use ..."). certain is false when the clause grants an exception
// or a condition ("unless testing logging").
func MockedTargets(text string) (targets []string, certain bool) {
	low := asciiLower(text)
	if !strings.Contains(low, "mock") {
		return nil, false
	}
	certain = true
	for _, loc := range mockBanRE.FindAllStringIndex(low, -1) {
		if strings.HasPrefix(low[loc[0]:], "not ") || strings.HasPrefix(low[loc[0]:], "without ") {
			continue // "real services, not mocks": a contrast
		}
		end := loc[1] + mockClauseEnd(low[loc[1]:])
		clause := text[loc[1]:end]
		targets = append(targets, codeSpans(clause)...)
		if mockDoubtRE.MatchString(low[loc[1]:]) {
			certain = false
		}
	}
	return targets, certain && len(targets) > 0
}

// mockClauseEnd is where the clause that names what is mocked ends in rest: at a
// clause's punctuation, or at the words that give the means or the alternative.
func mockClauseEnd(rest string) int {
	end := len(rest)
	for _, stop := range []string{";", ". ", ".\n", " — ", " – ", " - ", ": ", " with ", " using ", " via ", " through ", " by ", " use ", " instead", " rather", " unless ", " except ", " but ", " in favo"} {
		if i := strings.Index(rest, stop); i >= 0 && i < end {
			end = i
		}
	}
	if strings.HasSuffix(rest[:end], ".") {
		end--
	}
	return end
}

// codeSpans are the texts in backticks of s.
func codeSpans(s string) []string {
	var out []string
	for {
		i := strings.IndexByte(s, '`')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(s[i+1:], '`')
		if j < 0 {
			return out
		}
		if sp := strings.TrimSpace(s[i+1 : i+1+j]); sp != "" {
			out = append(out, sp)
		}
		s = s[i+j+2:]
	}
}

// asciiLower lowers ASCII letters only, so byte offsets of the result are the text's.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
