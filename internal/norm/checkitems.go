package norm

import (
	"regexp"
	"strings"
	"sync"
)

// The items of a checklist under a lead-in or heading that gives the moment ("Before
// creating a PR, verify:" and "- [ ] `make test` passes"): ReadItem reads each item's
// command as the lead-in's order; these helpers say what the item's other words and
// the lead-in's verb mean for it.

// checkingLead rewrites a lead-in whose last word asks the reader to check the items
// ("Before creating a PR, verify", "Before you push, check", "confirm") as one that
// asks to ensure them, which is how the reader reads a command that must pass: the
// items are what must hold, and a command holds by having run and passed.
func checkingLead(lead string) string {
	if DoneLead(lead + ":") {
		// "Definition of done:", "Done means:": what must hold when the work ends
		return "Before you finish, ensure"
	}
	f := strings.Fields(lead)
	if len(f) < 2 {
		return lead
	}
	switch strings.ToLower(strings.Trim(f[len(f)-1], "*_")) {
	case "verify", "check", "confirm":
		return strings.Join(f[:len(f)-1], " ") + " ensure"
	}
	return lead
}

// asideAlternative: the words of a parenthesis open with another way to do it ("(or
// `make lint`)", "(alternatively `tox -e lint`)", "(either works)").
func asideAlternative(toks []Token) bool {
	if len(toks) == 0 {
		return false
	}
	switch toks[0].Low {
	case "or", "alternatively", "either", "otherwise":
		return true
	}
	return false
}

// doneForYou: an item's words say the command is run by something other than the
// reader ("is run for you by the pre-commit hook", "runs automatically in CI",
// "happens on every push"): a statement of how the project works.
func doneForYou(toks []Token) bool {
	for i, t := range toks {
		switch t.Low {
		case "automatically", "auto-run", "autorun":
			return true
		case "for":
			if i+1 < len(toks) && toks[i+1].Low == "you" {
				return true
			}
		case "by":
			for _, n := range toks[i+1 : min(i+4, len(toks))] {
				switch n.Low {
				case "hook", "hooks", "ci", "husky", "lefthook", "workflow", "pipeline", "bot":
					return true
				}
			}
		}
	}
	return false
}

// checklistHeadingItem is why an item of a checklist whose moment only its heading
// gives ("## PR checklist" and "- `make lint` passes") warns: a checklist names what
// a careful contributor checks, and the heading says when only by its name.
const checklistHeadingItem = "an item of a checklist: the moment is the checklist heading's name"

// checklistHeading: the order of the section comes from a checklist's heading ("PR
// Checklist", "Pre-commit checklist"), not from a heading that says "before ...".
func checklistHeading(heading []string) bool {
	h := strings.ToLower(lastHeading(heading))
	if sectionOrder(h) == "" && len(heading) > 1 {
		h = strings.ToLower(heading[len(heading)-2])
	}
	return strings.Contains(h, "checklist") && !strings.HasPrefix(strings.Trim(h, "*_ "), "before ")
}

// imperativeEvent is the event a step that opens with doing it names ("Create your PR
// with a conventional commit title", "Open a pull request against `main`", "Push
// your branch"), "" for any other step.
func imperativeEvent(toks []Token) string {
	if len(toks) < 2 || toks[0].Code {
		return ""
	}
	k := 1
	for k < len(toks) && k < 3 && (toks[k].Low == "your" || toks[k].Low == "a" || toks[k].Low == "the" || toks[k].Low == "new") {
		k++
	}
	if k >= len(toks) {
		return ""
	}
	obj := toks[k].Low
	pr := obj == "pr" || obj == "prs" || obj == "pull" && k+1 < len(toks) && (toks[k+1].Low == "request" || toks[k+1].Low == "requests")
	switch toks[0].Low {
	case "create", "open", "submit", "send", "raise", "file":
		if pr {
			return "pr"
		}
	case "push":
		if obj == "branch" || obj == "changes" || obj == "commits" || obj == "work" {
			return "push"
		}
	case "commit":
		if obj == "changes" || obj == "work" || obj == "fixes" {
			return "commit"
		}
	}
	return ""
}

// momentLabelRE: "Lint before committing: `make lint`", "**Test before every push**:
// `go test ./...`", "Format prior to opening a PR: `npm run fmt`": a job's word, the
// moment, a colon, and one command.
var momentLabelRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)^[\\s*_]*(?:lint|linting|format|formatting|test|tests|testing|typecheck|type-check|type check|check|checks|build|verify|validate)[\\s*_]+((?:before|prior to)\\s+[^:`()]{3,40}?)[\\s*_]*:[\\s*_]*(`[^`]+`)[\\s*_]*\\.?\\s*$")
})

// momentLabel rewrites such a label as the order it states ("Run `make lint` before
// committing."); ok is false for any other text.
func momentLabel(text string) (string, bool) {
	if !strings.Contains(text, "`") || !strings.Contains(text, ":") {
		return "", false
	}
	m := momentLabelRE().FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return "", false
	}
	return "Run " + m[2] + " " + strings.TrimSpace(m[1]) + ".", true
}

// subjectModal: "has to" or "needs to" after the sentence's subject, as "must" is
// ("Every commit has to pass `make verify`", "The build needs to pass before ...").
func subjectModal(toks []Token, i, n int, seenMarker bool) bool {
	if seenMarker || n != 2 || i == 0 || toks[i+1].Low != "to" {
		return false
	}
	switch toks[i].Low {
	case "has", "needs":
		return !toks[i-1].Punct
	}
	return false
}

// hookFraming is the event a lead-in or the innermost heading names by a git hook's
// name and what runs then ("## Pre-commit checks", "### Pre-Push Verification",
// "Pre-merge commits, in addition:"), "" for none. The hook's name alone ("##
// Pre-commit") is the tool of that name as often as the moment, so it names none.
func hookFraming(heading []string, leadIn string) string {
	texts := []string{leadIn}
	if len(heading) > 0 {
		texts = append(texts, heading[len(heading)-1])
	}
	for _, text := range texts {
		f := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
			return r == ' ' || r == ',' || r == ':' || r == '*' || r == '_' || r == '(' || r == ')'
		})
		for i := 0; i+1 < len(f); i++ {
			ev := ""
			switch f[i] {
			case "pre-commit", "precommit":
				ev = "commit"
			case "pre-push", "prepush":
				ev = "push"
			case "pre-merge", "premerge":
				ev = "merge"
			case "pre-pr":
				ev = "pr"
			}
			switch f[i+1] {
			case "check", "checks", "verification", "validation", "requirements", "gates", "gate", "commits":
				if ev != "" {
					return ev
				}
			}
		}
	}
	return ""
}

// bareItem: an item that is only a command written without backticks ("- npm run
// lint", "- cargo test --workspace") reads as if the file had quoted it; any other
// item keeps its tokens (a command followed by words of its own, "pytest is used for
// tests", is a sentence, not a command).
func bareItem(toks []Token, ctx Context) []Token {
	if len(toks) == 0 || toks[0].Code || toks[0].Punct || ctx.Command == nil {
		return toks
	}
	q := bareCommands(append([]Token{{Text: "run", Low: "run"}}, toks...), ctx)
	if len(q) < 2 || !q[1].Code {
		return toks
	}
	for _, t := range q[2:] {
		if !t.Punct || t.Text == "(" {
			return toks
		}
	}
	return q[1:]
}

// definesDone: a lead-in that names what "done" means ("Definition of done:", "Done
// means:", "A task is done when:"), whose items must hold when the work ends.
func definesDone(lead string) bool {
	l := strings.ToLower(strings.Trim(strings.TrimSpace(lead), "*_:# "))
	for _, p := range []string{"definition of done", "done means", "done criteria", "done when", "is done when", "is complete when",
		"is finished when", "counts as done when"} {
		if l == p || strings.HasSuffix(l, " "+p) || strings.HasPrefix(l, p+" ") && len(strings.Fields(l)) <= 5 {
			return true
		}
	}
	return false
}
