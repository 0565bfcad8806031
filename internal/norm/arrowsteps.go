package norm

import (
	"regexp"
	"strings"
	"sync"
)

// A workflow written as arrows: "**Migration workflow:** edit `schema.ts` → `pnpm
// db:generate` → review SQL → `pnpm db:migrate`", "edit `db/schema.prisma` → `npx
// prisma migrate dev` → commit the migration". The first step changes a file, the
// steps after it run commands in that order, and a step may be the commit. It is
// read as the sentences a reader takes from it: "After changing `schema.ts`, run
// `pnpm db:generate` before `pnpm db:migrate`." (or "... before committing."). Steps
// heed cannot tell ("review SQL") add nothing.

var stepArrowRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\s+(?:→|->|-->|=>|⟶)\s+`)
})

var stepSpanRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("`([^`]+)`")
})

// arrowSteps returns the sentences an arrow workflow says, "" when text is none.
func arrowSteps(text string, ctx Context) string {
	if !strings.ContainsAny(text, "→>⟶") || ctx.Command == nil {
		return ""
	}
	// the label before the steps ("**Migration workflow:**") is no step
	body := text
	if i := strings.Index(body, ":"); i >= 0 && i < 60 && !strings.Contains(body[:i], "`") {
		body = body[i+1:]
	}
	steps := stepArrowRE().Split(strings.TrimSpace(body), -1)
	if len(steps) < 3 {
		return ""
	}
	edited := ""
	var cmds []string
	commit := false
	for k, st := range steps {
		low := strings.ToLower(strings.Trim(st, " *_.;"))
		spans := stepSpanRE().FindAllStringSubmatch(st, -1)
		f := strings.Fields(low)
		switch {
		case k == 0 && len(f) > 0 && stepEditVerb(f[0]) && len(spans) == 1 && pathLike(spans[0][1]):
			edited = spans[0][1]
		case k == 0:
			return "" // a flow of code or data, not a change and its commands
		case len(spans) == 1 && strings.HasPrefix(low, "`") && strings.HasSuffix(low, "`"):
			if _, ok := ctx.Command(spans[0][1]); !ok {
				return ""
			}
			cmds = append(cmds, spans[0][1])
		case len(f) > 0 && (f[0] == "commit" || f[0] == "git" && len(f) > 1 && f[1] == "commit"):
			commit = true
		}
	}
	if edited == "" || len(cmds) == 0 {
		return ""
	}
	// each order holds after the change only: `pnpm db:migrate` with no schema
	// change needs no `pnpm db:generate` first
	after := "After changing `" + edited + "`, run `"
	var out []string
	for i := 1; i < len(cmds); i++ {
		out = append(out, after+cmds[i-1]+"` before `"+cmds[i]+"`.")
	}
	if commit {
		out = append(out, after+cmds[len(cmds)-1]+"` before committing.")
	}
	if len(out) == 0 {
		out = append(out, after+cmds[0]+"`.")
	}
	return strings.Join(out, " ")
}

// consequenceArrows ends a clause at an arrow that leads to words rather than to a
// command: "no `pytest-timeout` → bound with shell `timeout`" is a fact and what
// follows from it, so the "no" of the first clause does not reach the second. An
// arrow between commands ("`npm i` → `pnpm i`") is left to the readers of pairs.
func consequenceArrows(text string) string {
	if !strings.ContainsAny(text, "→>⟶") {
		return text
	}
	locs := stepArrowRE().FindAllStringIndex(text, -1)
	for k := len(locs) - 1; k >= 0; k-- {
		l := locs[k]
		rest := strings.TrimLeft(text[l[1]:], " *_")
		if l[0] == 0 || rest == "" || strings.HasPrefix(rest, "`") {
			continue
		}
		text = strings.TrimRight(text[:l[0]], " ;,") + "; " + text[l[1]:]
	}
	return text
}

// stepEditVerb: a word that opens a step that changes a file.
func stepEditVerb(w string) bool {
	switch w {
	case "edit", "change", "modify", "update", "touch":
		return true
	}
	return false
}

// ArrowWorkflow: text is a workflow of arrows that starts with a change and runs
// commands after it ("edit `schema.ts` → `pnpm db:generate` → `pnpm db:migrate`"), a
// way of working the file binds its reader to, though it has no modal word.
func ArrowWorkflow(text string) bool {
	spaced := func(s string) ([]string, bool) { return strings.Fields(s), strings.Contains(strings.TrimSpace(s), " ") }
	return arrowSteps(text, Context{Command: spaced}) != ""
}
