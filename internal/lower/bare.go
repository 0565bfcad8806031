package lower

import (
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A bare instruction to run a check ("Run `pnpm typecheck` to verify types", "Run
// `dune fmt` to ensure code formatting") names no event, yet a careful reader takes
// it as a check the work must pass before it leaves the session: after changing the
// code, run it. heed reads it so, as a warning that says the event is inferred.

// bareCheckRoles are the roles of commands that check or tidy the work: tests,
// linters, formatters, type checkers. A build, an install, a server or a generator
// is how to work, or follows changes of its own, and is left alone.
var bareCheckRoles = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"test": true, "lint": true, "format": true, "typecheck": true}
})

// bareCheckUncertain is why a bare check only warns.
const bareCheckUncertain = "no event is named: a bare instruction to run a check is read as before the work leaves the session"

// plainRun: n requires, in a binding sentence, only commands it names right after
// "run", with no event, condition, subject, hedge or contrast of its own, none of
// them one case of many.
func plainRun(c *policy.Constraint, n *norm.Norm) bool {
	if n.Polarity != norm.Require || c.Level == policy.Info || n.Hedge != "" && n.Hedge != norm.HedgeReminder || n.First || n.Only || n.Together ||
		len(n.Before)+len(n.After)+len(n.When)+len(n.Instead) > 0 || n.InsteadOfPrevious || n.Condition != "" ||
		n.Subject != "" || n.Declarative || !hasKind(n.Objects, norm.KCommand) || norm.Contrasted(n.Sentence) {
		return false
	}
	for _, o := range n.Objects {
		if o.Kind == norm.KRole {
			continue // "to ensure code formatting": the purpose, named by its role
		}
		if o.Kind != norm.KCommand || o.Origin != "" || len(o.Argv) == 0 || slices.ContainsFunc(o.Argv, caseArg) {
			return false
		}
		if !norm.RunsDirectly(n.Sentence, o.Text) {
			// "Run the tests with `X`", "A single file: `X`": how to run them, not
			// that they must run
			return false
		}
	}
	return true
}

// inferredOrder lowers a plain run that names no event of its own with the event its
// context gives, as a warning that says so: a later step of its list ("1. Run `make
// generate`. 2. Commit."), its heading or lead-in ("when opening a pull request:",
// "## Sending PRs"), a change to the code its condition names without naming a part
// ("After moving files or changing imports, run `pnpm lint`"), or, for a check framed
// as a step of the work, the work leaving the session after a change to the code.
// ok is false when n is none of these.
func inferredOrder(c *policy.Constraint, rc *recognize.RepoContext, n *norm.Norm) (rules []policy.Rule, why string, ok bool) {
	if norm.GenericCodeChange(n.Condition) {
		globs := codeGlobs(rc)
		m := *n
		m.Condition = ""
		if len(globs) == 0 || !plainRun(c, &m) {
			return nil, "", false
		}
		rules, why = lowerOrderInferring(c, rc, beforeEvent(&m, "finish", "inferred", "the change named is any change to the code; the event is inferred"), globs)
		return rules, why, true
	}
	if roleStep(c, n) {
		// "- Run tests." "- Run formatter." "- Git commit.": a check named by its
		// role, a step of a list whose later step is the event
		if ev := laterStep(c, rc); ev != "" {
			rules, why = lowerOrder(c, rc, beforeEvent(n, ev, "later step", "the order is the list's: a later step is the event"))
			return rules, why, true
		}
	}
	if !plainRun(c, n) {
		return nil, "", false
	}
	if rules, why, ok := orderOfListOrFrame(c, rc, n); ok {
		return rules, why, true
	}
	if globs := codeGlobs(rc); len(globs) > 0 && checksOnly(n) && norm.WorkFraming(c.HeaderPath, c.Context) {
		rules, why = lowerOrderInferring(c, rc, beforeEvent(n, "finish", "inferred", bareCheckUncertain), globs)
		return rules, why, true
	}
	return nil, "", false
}

// roleStep: n requires, in a binding sentence, only checks named by their role ("Run
// tests.", "Run typecheck / linter."), with no event, condition, subject, hedge or
// contrast of its own.
func roleStep(c *policy.Constraint, n *norm.Norm) bool {
	if n.Polarity != norm.Require || c.Level == policy.Info || n.Hedge != "" && n.Hedge != norm.HedgeReminder || n.First || n.Only || n.Together ||
		len(n.Before)+len(n.After)+len(n.When)+len(n.Instead) > 0 || n.InsteadOfPrevious || n.Condition != "" ||
		n.Subject != "" || n.Declarative || len(n.Objects) == 0 || norm.Contrasted(n.Sentence) {
		return false
	}
	for _, o := range n.Objects {
		if o.Kind != norm.KRole || !bareCheckRoles()[o.Text] {
			return false
		}
	}
	return true
}

// checksOnly: every command n requires checks the work, by its words or by the role
// the sentence names ("Ensure tests pass: `bin/rake`").
func checksOnly(n *norm.Norm) bool {
	named := slices.ContainsFunc(n.Objects, func(o norm.Object) bool { return o.Kind == norm.KRole && bareCheckRoles()[o.Text] })
	for _, o := range n.Objects {
		if o.Kind == norm.KCommand && !named && !bareCheckRoles()[roleOf(o.Argv)] {
			return false
		}
	}
	return true
}

// beforeEvent is n as an order before the event ev, which the sentence does not name
// itself: origin says where it came from, why is the reason the order only warns.
func beforeEvent(n *norm.Norm, ev, origin, why string) *norm.Norm {
	m := *n
	m.Before = []norm.Object{{Kind: norm.KEvent, Text: ev, Origin: origin}}
	m.Uncertain = append(slices.Clone(n.Uncertain), why)
	return &m
}

// laterStep is the event a later step of the list c is an item of names, or "".
func laterStep(c *policy.Constraint, rc *recognize.RepoContext) string {
	if rc == nil {
		return ""
	}
	for _, next := range rc.Following(c, 6) {
		if next.Context != c.Context || !slices.Equal(next.HeaderPath, c.HeaderPath) {
			return ""
		}
		if ev := norm.StepEvent(next.Text); ev != "" {
			return ev
		}
	}
	return ""
}

// codeGlobs are the files of the repository's code, by the extensions of its files
// (documents and data left out): the changes a bare check follows. Nil when unknown.
func codeGlobs(rc *recognize.RepoContext) []string {
	if rc == nil {
		return nil
	}
	var globs []string
	for _, ext := range rc.Extensions {
		if !notCode()[strings.ToLower(ext)] {
			globs = append(globs, "**/*"+ext)
		}
	}
	return globs
}

// notCode are extensions of documents, data and assets: a change to them alone does
// not need the code's checks.
var notCode = sync.OnceValue(func() map[string]bool {
	return map[string]bool{".md": true, ".mdx": true, ".txt": true, ".rst": true, ".adoc": true, ".json": true,
		".yaml": true, ".yml": true, ".toml": true, ".lock": true, ".csv": true, ".svg": true, ".png": true, ".jpg": true,
		".jpeg": true, ".gif": true, ".ico": true, ".webp": true, ".pdf": true, ".snap": true, ".ini": true, ".cfg": true,
		".xml": true, ".html": true, ".css": true, ".scss": true, ".license": true, ".gitignore": true, ".sum": true, ".mod": true}
})

// caseArg: an argument that makes a command one case of many or keeps it running:
// a watch mode, a placeholder, a selection (`-k`, `--filter`, `-run`), a test file or
// test id.
func caseArg(a string) bool {
	if a == "--watch" || a == "watch" || selectorOption(a) {
		return true
	}
	if strings.HasPrefix(a, "<") || strings.Contains(a, "::") || strings.HasPrefix(a, "--filter=") || strings.HasPrefix(a, "-run=") {
		return true
	}
	if a == "./..." || a == "..." {
		return false // Go's pattern for every package: the whole suite
	}
	if strings.HasSuffix(a, "/...") {
		return true // one subtree's packages: `./internal/...`
	}
	if base := path.Base(a); strings.Contains(a, "/") && path.Ext(base) != "" || strings.Contains(base, "_test.") || strings.Contains(base, ".test.") || strings.Contains(base, ".spec.") || strings.HasPrefix(base, "test_") && path.Ext(base) != "" {
		return true
	}
	return false
}

// selectorOption: an option that selects which tests or packages a command runs on
// (`-run`, `-k`, `--filter`, `-p`), with or without its value after "=".
func selectorOption(a string) bool {
	name, _, _ := strings.Cut(a, "=")
	switch name {
	case "-k", "-t", "-run", "--run", "--filter", "-F", "--grep", "-g", "-p", "--package", "--testNamePattern",
		"--filter-class", "--filter-method", "--filter-trait", "-Dtest", "--tests", "--test":
		return true
	}
	return false
}
