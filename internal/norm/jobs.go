package norm

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// installForms are the subcommands with which each package manager installs a
// project's dependencies.
var installForms = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"npm": {"install", "i", "ci", "add"}, "yarn": {"install", "add"}, "pnpm": {"install", "i", "add"}, "bun": {"install", "i", "add"},
		"pip": {"install"}, "pip3": {"install"}, "uv": {"sync", "add"}, "poetry": {"install", "add"}, "pipenv": {"install"}, "pdm": {"install", "add"},
	}
})

// installRivals: "After cloning, install the dependencies with `pnpm install`": the
// install command a file prescribes names the project's package manager, so another
// manager's install is the wrong tool. Inferred, so advice: the rivals' installs warn,
// and a global install (how one gets the prescribed tool: `npm install -g pnpm`) is
// left alone.
func installRivals(ns []Norm) []Norm {
	if slices.ContainsFunc(ns, func(n Norm) bool { return n.Polarity == Forbid }) {
		return nil
	}
	var out []Norm
	for _, n := range ns {
		// ("always pass `--frozen-lockfile` to `pnpm install`" is about the option)
		if n.Polarity != Require || n.Subject != "" || !setupCondition(n.Condition) || n.Verb == "pass" || hasKinds(n.Objects, KFlag) {
			continue
		}
		// ("Use yarn: `yarn install`, ...": the manager named alone is the project's
		// choice in so many words, read as such elsewhere)
		if slices.ContainsFunc(n.Objects, func(o Object) bool {
			return (o.Kind == KTool || o.Kind == KCommand && len(o.Argv) == 1) && installForms()[strings.ToLower(o.Text)] != nil
		}) {
			continue
		}
		tool := ""
		for _, o := range n.Objects {
			if o.Kind != KCommand || len(o.Argv) < 2 || !slices.Contains(installForms()[o.Argv[0]], o.Argv[1]) {
				continue
			}
			if tool != "" && tool != o.Argv[0] {
				return nil // two managers: which the project uses is not said
			}
			tool = o.Argv[0]
		}
		if tool == "" {
			continue
		}
		family := toolFamilies()[tool]
		var rivals, global []Object
		for _, t := range slices.Sorted(maps.Keys(installForms())) {
			if t == tool || toolFamilies()[t] != family || t == "pip3" {
				continue
			}
			for _, sub := range installForms()[t] {
				rivals = append(rivals, Object{Kind: KCommand, Text: t + " " + sub, Argv: []string{t, sub}, Origin: "job"})
			}
			if family == "js-pm" {
				global = append(global, Object{Kind: KCommand, Text: t + " install -g", Argv: []string{t, "install", "-g"}, Origin: "job"})
			}
		}
		out = append(out, Norm{Sentence: n.Sentence, Polarity: Forbid, Strength: "should", Verb: "run", Objects: rivals, Except: global,
			Instead:   []Object{{Kind: KTool, Text: tool, Argv: []string{tool}}},
			Uncertain: []string{"the other package managers are inferred from the install command the sentence names"}})
	}
	return out
}

// setupCondition: no condition, or one that says when the install happens (after
// cloning, to set up), not for which part of the project.
func setupCondition(c string) bool {
	c = strings.ToLower(c)
	return c == "" || strings.Contains(c, "clon") || strings.Contains(c, "set up") || strings.Contains(c, "setup") || strings.Contains(c, "first")
}

// roleRunWithRE: "Tests are run with `pytest`", "Linting is done using ruff": the
// tool the project does a job with, said as a fact of the project.
var roleRunWithRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)^(?:all\\s+|the\\s+|our\\s+|unit\\s+)*(tests?|linting|lint checks|formatting|code formatting)\\s+(?:is|are)\\s+(?:run|done|executed|handled|written)\\s+(?:with|using|via|through|by)\\s+`?([a-z][a-z0-9._-]*)`?(?:\\s+command)?\\.?$")
})

// managedWithRE: "Dependencies are managed with Yarn", "We manage packages using
// `uv`": the project's package manager, said as a fact.
var managedWithRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)^(?:(?:all\\s+|the\\s+|our\\s+|project\\s+)*(?:dependencies|packages)\\s+(?:are|is)\\s+managed|we\\s+manage\\s+(?:our\\s+|the\\s+)?(?:dependencies|packages))\\s+(?:with|by|using|via|through)\\s+`?([a-z][a-z0-9._-]*)`?\\.?$")
})

// roleRunWith reads such a statement as the project's use of the tool for the job.
func roleRunWith(text string) []Norm {
	if m := managedWithRE().FindStringSubmatch(strings.TrimSpace(text)); m != nil {
		w := strings.TrimRight(strings.ToLower(m[1]), ".")
		if _, ok := installForms()[w]; ok {
			return projectUses(text, w, "")
		}
	}
	m := roleRunWithRE().FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return nil
	}
	w := strings.TrimRight(strings.ToLower(m[2]), ".")
	if toolJobs()[w] == nil {
		return nil
	}
	return projectUses(text, w, jobNamed(m[1]))
}

// prerequisiteLeadRE: "NEVER return control to the user without ensuring:", "Don't
// push without running the following:": a lead-in whose list is what must hold first.
var prerequisiteLeadRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^\W*(?:never|do not|don't|dont)\s+(\w+)\s+(.*?)\s*without\s+(?:first\s+)?(?:ensuring|running|checking|verifying|confirming|making sure)\b[^:]*:\W*$`)
})

// PrerequisiteLead rewrites such a lead-in as the order it states ("Before returning
// control to the user, ensure the following:"), "" when it is not one.
func PrerequisiteLead(lead string) string {
	m := prerequisiteLeadRE().FindStringSubmatch(strings.TrimSpace(lead))
	if m == nil {
		return ""
	}
	rest := strings.TrimSpace(m[2])
	if rest != "" {
		rest = " " + rest
	}
	return "Before " + gerund(strings.ToLower(m[1])) + rest + ", ensure the following:"
}

// gerund is a verb's -ing form, for the verbs that name a hand-over.
func gerund(v string) string {
	switch {
	case v == "commit" || v == "submit":
		return v + "ting"
	case strings.HasSuffix(v, "ee"):
		return v + "ing"
	case strings.HasSuffix(v, "e"):
		return strings.TrimSuffix(v, "e") + "ing"
	}
	return v + "ing"
}

// ensureLead: a lead-in that asks the reader to make sure its items hold ("make sure
// you have checked all the items that apply:", "ensure the following:").
func ensureLead(lead string) bool {
	low := strings.ToLower(lead)
	if !strings.HasSuffix(strings.TrimSpace(low), ":") {
		return false
	}
	for _, w := range []string{"make sure", "ensure", "verify that", "confirm that", "checklist", "check that"} {
		// ("run the linters to ensure code follows the style:" gives a purpose; the
		// list is of linters, not of things to ensure)
		if i := strings.Index(low, w); i >= 0 && !strings.HasSuffix(low[:i], "to ") {
			return true
		}
	}
	return false
}

// ChecklistItem reads an item of such a list that names a command as what the
// lead-in asks to ensure ("Your code passes all tests (`make test`)", "Tests pass:
// `./gradlew jvmTest`"), under the lead-in's order; nil for any other item. It is for
// items whose own words read as no rule at all.
func ChecklistItem(item string, ctx Context) []Norm {
	lead := ctx.LeadIn
	if p := PrerequisiteLead(lead); p != "" {
		lead = p
	}
	if !ensureLead(lead) {
		return nil
	}
	named := false
	for _, t := range Tokenize(item) {
		if t.Code {
			if o := classify(t.Text, ctx); o.Kind == KCommand || commandShaped(o.Text) && len(strings.Fields(o.Text)) > 1 {
				named = true
			}
		}
	}
	if !named {
		return nil
	}
	inner := ctx
	inner.LeadIn = lead
	text := strings.TrimSpace(item)
	if r, size := utf8.DecodeRuneInString(text); size > 0 {
		text = "Ensure " + string(unicode.ToLower(r)) + text[size:]
	}
	var out []Norm
	for _, n := range Read(text, inner) {
		if n.Polarity == Require && hasKinds(n.Objects, KCommand) && len(n.Before)+len(n.After) > 0 {
			n.Sentence = item
			// a checklist mixes commands with other duties, and often says its items
			// hold "where they apply": advice, not a block
			n.Uncertain = append(n.Uncertain, "an item of a checklist, read as what its lead-in asks to ensure")
			out = append(out, n)
		}
	}
	return out
}

// runWithToolRE: a sentence that ends on the tool a job is run with ("Run tests via
// `pytest` command", "Run the tests with `vitest`.").
var runWithToolRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)\\b(?:with|via|using|through)\\s+`?[a-z][a-z0-9._-]*`?(?:\\s+command)?\\s*[.:]?\\s*$")
})

// ChecklistLead: a lead-in that presents its list as a checklist of duties ("go
// through this checklist", "all the items that apply", "check off each item"), not an
// order of commands ("ensure to invoke the following Gradle tasks:").
func ChecklistLead(lead string) bool {
	low := strings.ToLower(lead)
	for _, w := range []string{"checklist", "items", "that apply", "applicable", "check off", "checked", "tick"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// dependencyScopedBans: "Use importmap for JS dependencies — no npm/yarn": the
// managers are banned for the job the sentence names, managing dependencies, not for
// every command they run (`npx biome check` stays allowed): a manager named alone is
// narrowed to its install forms.
func dependencyScopedBans(ns []Norm, text string) {
	if !slices.ContainsFunc(ns, isBan) || !dependencyJobRE().MatchString(strings.ToLower(text)) {
		return
	}
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Forbid {
			continue
		}
		var objs []Object
		for _, o := range n.Objects {
			name := strings.ToLower(o.Text)
			forms := installForms()[name]
			if (o.Kind != KTool && !(o.Kind == KCommand && len(o.Argv) == 1)) || forms == nil {
				objs = append(objs, o)
				continue
			}
			for _, sub := range forms {
				objs = append(objs, Object{Kind: KCommand, Text: name + " " + sub, Argv: []string{name, sub}, Origin: "job"})
			}
		}
		n.Objects = objs
	}
}

// isBan: the norm forbids (the passes below change bans only, and most sentences
// have none: they look no further then).
func isBan(n Norm) bool { return n.Polarity == Forbid }

var dependencyJobRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(?:for|to manage|to install|to add|managing|installing|adding)\s+(?:\w+\s+){0,2}(?:dependencies|deps|packages)\b|\bdependency management\b`)
})

// contentAdditions drops the bans of a sentence that forbids adding something to a
// document or a list ("Do not add `\"pnpm\"` to a Rust-only changeset"): what is
// named is text to leave out of that file, not a command to run.
func contentAdditions(ns []Norm, text string) []Norm {
	if !slices.ContainsFunc(ns, isBan) || !contentAdditionRE().MatchString(strings.ToLower(text)) {
		return ns
	}
	return slices.DeleteFunc(ns, func(n Norm) bool {
		return n.Polarity == Forbid && (n.Verb == "add" || n.Verb == "install" || n.Verb == "")
	})
}

var contentAdditionRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\badd\b[^.;:]*?\b(?:to|in|into)\s+(?:a|an|the|any|your|this|that)\s+(?:[\w-]+\s+){0,2}(?:changesets?|changelog|file|list|section|readme|docs?|documentation|table|config|manifest|array|map|entry|message|description|title)\b`)
})

// packageJobRE: "Use yarn for all dependency management", "We use `pnpm` to manage
// dependencies", "Use `uv` for installing packages", "... as the package manager": the
// job a prescribed tool is for is managing the project's packages.
var packageJobRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:for\s+(?:all\s+|any\s+|the\s+|our\s+)?(?:(?:js|javascript|node|python|npm|frontend)\s+)?(?:dependency|dependencies|package|packages)(?:\s+management)?|to\s+(?:manage|install|add)\s+(?:the\s+|all\s+|any\s+)?(?:dependencies|packages)|for\s+(?:installing|managing|adding)\s+(?:the\s+|all\s+|any\s+)?(?:dependencies|packages)|as\s+(?:the|our)\s+package\s+manager)\b`)
})

// ForPackageJob: the sentence prescribes a tool for managing the project's packages
// only, so its rivals are wrong for that job (installing, adding packages), not for
// running a binary or a script ("Use yarn for all dependency management" says nothing
// of `npx tsc` or `npm run build`).
func ForPackageJob(sentence string) bool {
	return packageJobRE().MatchString(sentence)
}

// PackageJobForms are the subcommands with which tool installs or adds packages, nil
// when it has none (`npx`).
func PackageJobForms(tool string) []string {
	return installForms()[tool]
}
