package norm

import "strings"

// A role said by its verb alone: "Format your code before committing", "Lint your
// changes before you push", "Type-check the code before opening a PR". The verb is the
// work of the role's command, as "Run the formatter before committing" would say it;
// only with an object that is the reader's code as a whole (not "format commit
// messages as ...", "lint rules live in ...") and an order in the same sentence.

// roleVerbUncertain is the uncertainty of such a reading: which command does the
// role's work is the lowering's guess.
const roleVerbUncertain = "the role is named by its verb; the command that does it is the file's or the project's"

// roleVerbOrder rewrites a leading role verb with the reader's code as its object and
// a moment after it as "Run the <role> <moment>"; text is returned as it was
// otherwise.
func roleVerbOrder(text string) string {
	low := strings.ToLower(strings.TrimSpace(text))
	if strings.ContainsAny(low, "`:") || strings.Contains(low, " with ") || strings.Contains(low, " using ") || strings.Contains(low, " via ") || strings.Contains(low, " by running ") {
		// "Lint the code before every push with:" and a block, "format your code
		// with `black`": the sentence names what does the work
		return text
	}
	lead := ""
	for _, p := range []string{"always ", "please ", "make sure to ", "be sure to ", "remember to ", "you must ", "you should "} {
		if strings.HasPrefix(low, p) {
			lead, low = p, low[len(p):]
			break
		}
	}
	verb, rest, ok := strings.Cut(low, " ")
	if !ok {
		return text
	}
	phrase := roleVerbPhrase(verb)
	if phrase == "" {
		return text
	}
	object := ""
	for _, o := range []string{"your code", "your changes", "your change", "the code", "all code", "all the code", "your work", "the codebase", "everything", "all changes", "all changed files", "your files", "the changed files"} {
		if strings.HasPrefix(rest, o+" ") {
			object = o
			break
		}
	}
	if object == "" {
		return text
	}
	moment := strings.TrimSpace(rest[len(object):])
	if !strings.HasPrefix(moment, "before ") && !strings.HasPrefix(moment, "after ") && !strings.HasPrefix(moment, "prior to ") {
		return text
	}
	start := len(text) - len(strings.TrimLeft(text, " \t"))
	return text[:start] + capitalFirst(lead+"run "+phrase+" ") + text[len(text)-len(moment):]
}

// roleVerbStep rewrites a step that names its role by its verb and the reader's code
// alone, and its commands only in the block under it ("Format the code:" over
// `yarn format`), as "Run the <role>:": the block says what does the work. text is
// returned as it was otherwise.
func roleVerbStep(text string, ctx Context) string {
	if len(ctx.Block) == 0 {
		return text
	}
	low := strings.ToLower(strings.Trim(strings.TrimSpace(text), "*_ "))
	body, ok := strings.CutSuffix(low, ":")
	if !ok {
		return text
	}
	verb, object, ok := strings.Cut(strings.Trim(body, "*_ "), " ")
	phrase := roleVerbPhrase(verb)
	if !ok || phrase == "" {
		return text
	}
	switch object {
	case "your code", "the code", "all code", "your changes", "the codebase", "everything", "all files", "the changed files", "changed files":
		return "Run " + phrase + ":"
	}
	return text
}

// roleVerbPhrase names the role a verb does: "the formatter" for "format".
func roleVerbPhrase(verb string) string {
	switch verb {
	case "format", "reformat", "fmt":
		return "the formatter"
	case "lint":
		return "the linter"
	case "type-check", "typecheck":
		return "the type checker"
	}
	return ""
}

// capitalFirst upper-cases the first letter of s.
func capitalFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// notBanned are the objects of objs that none of banned names: a sentence after a ban
// that names the banned program again ("never run `jest` directly. The scripts run
// jest for you") offers no alternative in it.
func notBanned(objs, banned []Object) []Object {
	var out []Object
	for _, o := range objs {
		same := false
		for _, b := range banned {
			if strings.EqualFold(o.Text, b.Text) || len(o.Argv) > 0 && len(b.Argv) > 0 && strings.Join(o.Argv, " ") == strings.Join(b.Argv, " ") {
				same = true
				break
			}
		}
		if !same {
			out = append(out, o)
		}
	}
	return out
}
