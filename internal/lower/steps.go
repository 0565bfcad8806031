package lower

import (
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A step of a process that names its commands only in the block under it ("2. Run
// the linter:" and ```ruff check .```, then "3. Open the pull request.") runs before
// the event a later step of the list, or the step's heading or lead-in, names. The
// event is inferred from the list, so the order warns (beforeEvent says why); a step
// with no such event makes no rule, as a bare "run this:" is how to do the work.

// blockStep: n requires only commands the block under the sentence shows, with no
// event, condition, subject or hedge of its own.
func blockStep(c *policy.Constraint, n *norm.Norm) bool {
	if n.Polarity != norm.Require || c.Level == policy.Info || n.Hedge != "" && n.Hedge != norm.HedgeReminder || n.First || n.Only || n.Together ||
		len(n.Before)+len(n.After)+len(n.When)+len(n.Instead) > 0 || n.InsteadOfPrevious || n.Condition != "" ||
		n.Subject != "" || n.Declarative || !hasKind(n.Objects, norm.KCommand) || norm.Contrasted(n.Sentence) {
		return false
	}
	return !slices.ContainsFunc(n.Objects, func(o norm.Object) bool {
		return o.Kind == norm.KCommand && (o.Origin != "block" || slices.ContainsFunc(o.Argv, stepCaseArg))
	})
}

// stepCaseArg: caseArg, but a Go package pattern (`./...`, `./pkg/...`) is every
// package, not one case of many.
func stepCaseArg(a string) bool {
	return !strings.HasSuffix(a, "/...") && caseArg(a)
}

// stepOrder lowers such a step as an order before the event its list or framing
// names; ok is false when n is no such step or no event is named.
func stepOrder(c *policy.Constraint, rc *recognize.RepoContext, n *norm.Norm) (rules []policy.Rule, why string, ok bool) {
	if paths := editStep(c, rc); len(paths) > 0 && plainRun(c, n) {
		// "1. Update `api.yaml`." and "2. Run `make generate-types`.": the command
		// follows that edit
		m := *n
		m.After = paths
		m.Uncertain = append(slices.Clone(n.Uncertain), "the change is the one the list's step before it makes")
		rules, why = lowerOrder(c, rc, &m)
		return rules, why, true
	}
	if !blockStep(c, n) {
		return nil, "", false
	}
	if rules, why, ok := orderOfListOrFrame(c, rc, n); ok {
		return rules, why, true
	}
	return nil, "", false
}

// framedChanges are the files whose change an order framed as the end of a task
// follows when its lead-in speaks of the code ("Before completing any task that
// modifies source code:"): the repository's code; nil otherwise.
func framedChanges(c *policy.Constraint, rc *recognize.RepoContext, ev string) []string {
	if ev != "finish" || !norm.SaysCode(c.Context) {
		return nil
	}
	return codeGlobs(rc)
}

// editsRoles: "Update tests when modifying existing code", "update the docs after
// changing the API": to update what a role names is to edit it; nothing runs.
func editsRoles(n *norm.Norm) bool {
	if n.Verb != "update" || len(n.Objects) == 0 {
		return false
	}
	return !slices.ContainsFunc(n.Objects, func(o norm.Object) bool { return o.Kind != norm.KRole })
}

// withoutAsides drops the commands an item names only inside parentheses when it
// names one outside them: "**Run Tests:** `script/test` (runs `go test -race
// ./...`)" asks for `script/test`; the parenthesis says what that runs.
func withoutAsides(cmds []norm.Object, item string) []norm.Object {
	inside, outside := parenSpans(item)
	if len(outside) == 0 {
		return cmds
	}
	return slices.DeleteFunc(cmds, func(o norm.Object) bool { return inside[o.Text] && !outside[o.Text] })
}

// parenSpans are the code spans of text inside and outside parentheses.
func parenSpans(text string) (inside, outside map[string]bool) {
	inside, outside = map[string]bool{}, map[string]bool{}
	depth := 0
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case '`':
			j := strings.IndexByte(text[i+1:], '`')
			if j < 0 {
				return inside, outside
			}
			span := strings.TrimSpace(text[i+1 : i+1+j])
			if depth > 0 {
				inside[span] = true
			} else {
				outside[span] = true
			}
			i += j + 1
		}
	}
	return inside, outside
}

// editStep is the file the step just before c in its list edits ("1. Update
// `api.yaml`.", "Edit `schema.graphql`"), as the path whose change c's command
// follows; nil when that step is no such edit.
func editStep(c *policy.Constraint, rc *recognize.RepoContext) []norm.Object {
	p := preceding(c, rc)
	if p == nil || p.Context != c.Context || p.Line >= c.Line || c.Line-p.Line > 3 {
		return nil
	}
	f := strings.Fields(strings.TrimSpace(p.Text))
	if len(f) < 2 || len(f) > 5 {
		return nil
	}
	switch strings.ToLower(strings.Trim(f[0], "*_")) {
	case "update", "edit", "modify", "change":
	default:
		return nil
	}
	inside, outside := parenSpans(p.Text)
	if len(inside) > 0 || len(outside) != 1 {
		return nil
	}
	for span := range outside {
		if strings.ContainsAny(span, " *<>{}") || !strings.Contains(span, ".") && !strings.HasSuffix(span, "/") {
			return nil // a file or folder, named exactly
		}
		return []norm.Object{{Kind: norm.KPath, Text: span}}
	}
	return nil
}

// orderOfListOrFrame orders a step's command before the event a later step of its
// list does, else before the event its heading or lead-in names; ok is false when
// neither names one.
func orderOfListOrFrame(c *policy.Constraint, rc *recognize.RepoContext, n *norm.Norm) ([]policy.Rule, string, bool) {
	if ev := laterStep(c, rc); ev != "" {
		rules, why := lowerOrder(c, rc, beforeEvent(n, ev, "later step", "the order is the list's: a later step is the event"))
		return rules, why, true
	}
	if ev := norm.FramingEvent(c.HeaderPath, c.Context); ev != "" {
		if forgeActions(n.Objects) {
			// "Use the GitHub API to mark comments as resolved:" + `gh api graphql
			// ...` under "## GitHub PR Workflow": a step that acts on the forge is
			// part of the workflow, no check the pull request waits for
			return nil, "a step that acts on the forge, not a check before the event", true
		}
		rules, why := lowerOrderInferring(c, rc, beforeEvent(n, ev, "framing", "the event is the one the sentence's heading or lead-in names"), framedChanges(c, rc, ev))
		return rules, why, true
	}
	return nil, "", false
}

// forgeActions: every command among objs acts on the forge or a remote service (`gh
// api`, `gh pr comment`, `glab mr note`, `curl`), none checks the work.
func forgeActions(objs []norm.Object) bool {
	seen := false
	for _, o := range objs {
		if o.Kind != norm.KCommand {
			continue
		}
		if len(o.Argv) == 0 {
			return false
		}
		a := append(slices.Clone(o.Argv), "", "")
		switch {
		case a[0] == "curl", (a[0] == "gh" || a[0] == "glab") && a[1] == "api":
		case (a[0] == "gh" || a[0] == "glab") && (a[1] == "pr" || a[1] == "mr" || a[1] == "issue") &&
			slices.Contains([]string{"comment", "review", "edit", "close", "note", "reopen"}, a[2]):
		default:
			return false // (`gh pr checks`, `gh run watch`: checks)
		}
		seen = true
	}
	return seen
}
