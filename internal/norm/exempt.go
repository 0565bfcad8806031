package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// An order that a change of some kind of files alone does not need: "Run `make test`
// before pushing, unless you only touched Markdown files", "..., except for
// docs-only changes", and in a sentence of its own elsewhere in the file:
// "Docs-only changes don't need the test run", "You can skip the tests for
// documentation-only PRs".

// exemptKinds: the kinds of files such a sentence names, as globs.
func exemptKinds(kind string) []string {
	kind = strings.TrimSuffix(strings.TrimSpace(kind), " files")
	switch kind {
	case "markdown", "md", ".md":
		return []string{"**/*.md", "**/*.mdx"}
	case "doc", "docs", "documentation", "documentation files", "doc files":
		return []string{"**/*.md", "**/*.mdx", "**/*.rst", "**/*.adoc", "docs/**", "doc/**"}
	case "readme", "readmes", "the readme":
		return []string{"**/README*"}
	}
	return nil
}

const exemptKindExpr = `(markdown(?: files)?|md files|docs?|documentation(?: files)?|doc files|readmes?|the readme)`

// exemptClauseRE: the clause of an order that frees a change of one kind of files
// alone.
var exemptClauseRE = lazyre.New(`(?i)\b(?:unless|except(?:\s+(?:when|if|for|on))?|other than|but not (?:for|when|if))\s+` +
	`(?:(?:you(?:'ve| have)?|the (?:change|diff|commit|pr)|it)\s+)?(?:(?:only|just)\s+(?:touch(?:es|ed)?|chang(?:es|ed)?|edit(?:s|ed)?|modif(?:y|ies|ied)|updat(?:es|ed)?|contains?)|(?:touch(?:es|ed)?|chang(?:es|ed)?|contains?)\s+only)\s+(?:the\s+)?` + exemptKindExpr + `\b` +
	`|\b(?:unless|except(?:\s+(?:for|on|in))?|other than|but not (?:for|on))\s+(?:the\s+|a\s+|pure\s+)?` + exemptKindExpr + `[- ]only\s+(?:changes?|edits?|commits?|prs?|pull requests?|updates?|pushes)\b`)

// onlyChangeExempt reads such a clause into the orders of the sentence: they hold
// unless the change is only of those files; the clause is no condition heed cannot
// see.
func onlyChangeExempt(ns []Norm, text string) {
	if !strings.Contains(strings.ToLower(text), "only") {
		return // (every such clause says "only": no expression compiled for the rest)
	}
	m := exemptClauseRE.FindStringSubmatch(text)
	if m == nil {
		return
	}
	kind := m[1]
	if kind == "" {
		kind = m[2]
	}
	globs := exemptKinds(strings.ToLower(kind))
	if globs == nil {
		return
	}
	clause := strings.ToLower(m[0])
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Require || len(n.Before)+len(n.After) == 0 {
			continue
		}
		if n.Condition != "" {
			c := strings.ToLower(n.Condition)
			// the condition the reader kept is this clause (less the words it
			// dropped: "unless you touched Markdown files")
			if !strings.HasPrefix(c, strings.Fields(clause)[0]) || !strings.Contains(c, strings.ToLower(strings.Fields(kind)[0])) {
				continue
			}
			n.Condition = ""
		}
		n.Unless = globs
	}
}

// exemptSentenceRE: a sentence of its own that frees a change of one kind of files
// from a step ("Docs-only changes don't need the test run", "Documentation-only PRs
// can skip the tests", "No need to run the tests for docs-only changes"); the step
// is what follows the verb.
var exemptSentenceRE = lazyre.New(`(?i)^(?:for\s+)?(?:the\s+|a\s+|pure\s+)?` + exemptKindExpr + `[- ]only\s+(?:changes?|edits?|commits?|prs?|pull requests?|updates?|pushes)\s*,?\s*(?:don't|do not|doesn't|does not|never|need not|needn't)\s+(?:need|require)\s+(.+)$` +
	`|^(?:the\s+|a\s+|pure\s+)?` + exemptKindExpr + `[- ]only\s+(?:changes?|edits?|commits?|prs?|pull requests?|updates?|pushes)\s+(?:can|may)\s+skip\s+(.+)$` +
	`|^(?:you\s+)?(?:can|may)\s+skip\s+(.+?)\s+(?:for|on)\s+(?:the\s+|a\s+|pure\s+)?` + exemptKindExpr + `[- ]only\s+(?:changes?|edits?|commits?|prs?|pull requests?|updates?|pushes)$` +
	`|^(?:there is\s+)?no need to\s+(.+?)\s+(?:for|on)\s+(?:the\s+|a\s+|pure\s+)?` + exemptKindExpr + `[- ]only\s+(?:changes?|edits?|commits?|prs?|pull requests?|updates?|pushes)$`)

// OnlyChangeExemption reads a sentence that frees a change of one kind of files from
// a step: the files as globs, and the words that name the step ("the test run"); ok
// is false for any other sentence.
func OnlyChangeExemption(text string) (globs []string, step string, ok bool) {
	t := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(text), ".!"))
	if !strings.Contains(strings.ToLower(t), "only") {
		return nil, "", false
	}
	m := exemptSentenceRE.FindStringSubmatch(t)
	if m == nil {
		return nil, "", false
	}
	// the groups come in pairs of kind and step, one pair per alternative
	var kind string
	for k := 1; k+1 < len(m); k += 2 {
		if m[k] != "" || m[k+1] != "" {
			kind, step = m[k], m[k+1]
			if k == 5 || k == 7 { // "skip X for docs-only changes": the step first
				kind, step = m[k+1], m[k]
			}
			break
		}
	}
	globs = exemptKinds(strings.ToLower(kind))
	return globs, strings.ToLower(step), globs != nil
}

// aboveStepsRE: an event that waits for the steps said before it ("Commit only when
// the above steps succeed", "Only push once all of the previous steps pass", "Don't
// commit until the steps above pass").
var aboveStepsRE = lazyre.New(`(?i)^(?:only\s+)?(commit|push|open (?:a |the )?(?:pr|pull request))\s+(?:\w+\s+)?(?:only\s+)?(?:when|once|after|if)\s+(?:all\s+(?:of\s+)?)?(?:the\s+|these\s+)?(?:above|previous|preceding)\s+(?:steps|commands|checks)\s+(?:all\s+)?(?:succeed|pass|are\s+(?:green|clean|passing))` +
	`|^(?:don't|do not|never)\s+(commit|push|open (?:a |the )?(?:pr|pull request))\s+(?:until|unless)\s+(?:all\s+(?:of\s+)?)?(?:the\s+)?(?:steps|commands|checks)\s+above\s+(?:all\s+)?(?:succeed|pass)`)

// AboveStepsOrder reads such a sentence: the event ("commit", "push" or "pr") that
// must wait for the commands of the steps before it; ok is false for any other text.
func AboveStepsOrder(text string) (event string, ok bool) {
	t := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(text), ".!"))
	low := strings.ToLower(t)
	if !strings.Contains(low, "above") && !strings.Contains(low, "previous") && !strings.Contains(low, "preceding") {
		return "", false
	}
	m := aboveStepsRE.FindStringSubmatch(t)
	if m == nil {
		return "", false
	}
	ev := strings.ToLower(m[1] + m[2])
	if strings.HasPrefix(ev, "open") {
		ev = "pr"
	}
	return ev, true
}
