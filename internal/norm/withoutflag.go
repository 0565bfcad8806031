package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// "Run `git` commands from the root, without the `-C` option": a clause that asks for
// a command and, with "without", names an option to leave out. Read as it is, the
// option is one more object of what to run, and the rule would require it; the
// clause forbids it. ("Never run `pytest` without `-x`", a ban, says the opposite and
// is read by the ban's own "without".)

// withoutFlagRE: a verb of running, a command's code span, and "without" an option's
// code span, in one clause.
var withoutFlagRE = lazyre.New("(?i)\\b(?:run|use|call|invoke|execute)\\b[^.;:]*?`([^`]+)`[^.;:`]*?\\bwithout\\s+(?:the\\s+|a\\s+|any\\s+)?`(-[^`\\s]+)`(?:\\s+(?:option|flag|switch|argument))?")

// withoutFlagNegRE: a negation in the clause before "without", which makes it a ban
// of the command unless the option is given.
var withoutFlagNegRE = lazyre.New(`(?i)\b(?:never|not|don't|dont|avoid|mustn't|shouldn't)\b`)

// withoutFlag rewrites such a clause as the ban of the option on that command ("never
// pass `-C` to `git`"), keeping the rest of the text; ok is false for any other text.
func withoutFlag(text string) (string, bool) {
	m := withoutFlagRE.FindStringSubmatchIndex(text)
	if m == nil {
		return "", false
	}
	start := strings.LastIndexAny(text[:m[0]], ".;:") + 1
	clause := text[start:m[1]]
	if withoutFlagNegRE.MatchString(clause) {
		return "", false
	}
	cmd, flag := text[m[2]:m[3]], text[m[4]:m[5]]
	if strings.HasPrefix(cmd, "-") {
		return "", false
	}
	return text[:m[0]] + "never pass `" + flag + "` to `" + cmd + "`" + text[m[1]:], true
}
