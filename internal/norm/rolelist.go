package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Roles listed by their bare verbs: "Always run format, lint, and test before
// finishing a change.", "Make sure the build passes locally (format, lint, test for
// both Rust and JS) before opening a PR." Each verb names the command the file gives
// that role, as "the formatter, the linter and the tests" would; alone, "format" and
// "test" are verbs, so only a list of two or more is read so. A list in parentheses
// after "the build passes" says what the build is: those roles, not a build command.

// roleListUncertain is the uncertainty of such a reading: which of the file's
// commands does each job, for which code, is the lowering's guess.
const roleListUncertain = "the roles are named by their verbs; the commands that do each are the file's"

const roleVerb = `(?:format|fmt|lint|test|tests|typecheck|type-check|build)`

// roleVerbList is two to five role verbs joined by commas or "and".
const roleVerbList = roleVerb + `(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)` + roleVerb + `){1,4}`

var roleListRE = lazyre.New(`(?i)\b(` + roleVerbList + `)\b`)

var buildIsRE = lazyre.New(`(?i)\bthe build (passes|succeeds)\b([^()]*)\(\s*(` + roleVerbList + `)\b\s*([^)]*)\)`)

func rolePhraseOf(w string) string {
	switch w {
	case "format", "fmt":
		return "the formatter"
	case "lint":
		return "the linter"
	case "test", "tests":
		return "the tests"
	case "typecheck", "type-check":
		return "the type checker"
	case "build":
		return "the build"
	}
	return ""
}

// roleListPhrase spells a list of role verbs as the roles' noun phrases.
func roleListPhrase(list string) string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(list), func(r rune) bool { return r == ',' || r == ' ' }) {
		if w == "and" {
			continue
		}
		out = append(out, rolePhraseOf(w))
	}
	if len(out) < 2 {
		return list
	}
	return strings.Join(out[:len(out)-1], ", ") + " and " + out[len(out)-1]
}

// roleLists rewrites lists of role verbs after "run" or inside "the build passes
// (...)" as the roles they name; text is returned as it was otherwise.
func roleLists(text string) string {
	if !strings.Contains(text, ",") && !strings.Contains(text, " and ") {
		return text
	}
	if m := buildIsRE.FindStringSubmatchIndex(text); m != nil {
		list := text[m[6]:m[7]]
		rest := strings.TrimSpace(text[m[8]:m[9]])
		repl := roleListPhrase(list) + " pass" + text[m[4]:m[5]]
		if rest != "" {
			repl += "(" + rest + ")"
		}
		return text[:m[0]] + strings.TrimRight(repl, " ") + text[m[1]:]
	}
	low := strings.ToLower(text)
	for _, m := range roleListRE.FindAllStringIndex(text, -1) {
		before := strings.TrimSpace(low[:m[0]])
		if (strings.HasSuffix(before, "run") || strings.HasSuffix(before, "running")) && hasBareVerb(low[m[0]:m[1]]) {
			return text[:m[0]] + roleListPhrase(text[m[0]:m[1]]) + text[m[1]:]
		}
	}
	return text
}

// hasBareVerb: the list holds a verb the role phrases do not read as a role
// ("format", "test"); "run lint and tests" is read as it stands.
func hasBareVerb(list string) bool {
	for _, w := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' }) {
		if w == "format" || w == "fmt" || w == "test" {
			return true
		}
	}
	return false
}
