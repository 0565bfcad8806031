package norm

import "strings"

// LeadInCondition returns the condition a list's lead-in sets for its items when it
// narrows them to some of the work ("When working on UI changes:", "If you touch the
// API:", "Accessibility matters. If your change affects styles:"), or "". A lead-in
// that names only the moment of the duty ("When committing:", "When you are ready to
// commit:", "If you open a pull request:") or any change at all ("When making
// changes:") sets none; nor does a "when" clause with no word of work on a part of the
// project ("When you contribute code to X", "When merging a pull request": moments in
// words heed does not list, which an earlier reading of "When ..." demoted wrongly).
func LeadInCondition(leadIn string) string {
	lead := strings.TrimRight(strings.TrimSpace(leadIn), "*_ ")
	if !strings.HasSuffix(lead, ":") || strings.Contains(lead, " | ") {
		return ""
	}
	ss := Sentences(lead)
	if len(ss) == 0 {
		return ""
	}
	toks := ss[len(ss)-1].Tokens
	start := 0
	for start < len(toks) && (toks[start].Punct || toks[start].Low == "") {
		start++
	}
	if start >= len(toks) {
		return ""
	}
	opener := toks[start].Low
	switch opener {
	case "if", "unless", "when", "whenever", "once":
	default:
		return ""
	}
	end := start + 1
	for end < len(toks) && toks[end].Text != "," && toks[end].Text != ":" {
		end++
	}
	words := toks[start+1 : end]
	if len(words) == 0 {
		return ""
	}
	moment, work, part := true, false, false
	for _, t := range words {
		if t.Punct {
			continue
		}
		if t.Code || !momentWord(t.Low) && !leadMomentWord(t.Low) {
			moment = false
		}
		if workWord(t.Low) {
			work = true
		} else if t.Code || !momentWord(t.Low) && !leadMomentWord(t.Low) && !genericChangeObjects()[t.Low] && !anyWorkWord(t.Low) {
			// "the API", "UI changes", "a new dependency", `server/`
			part = true
		}
	}
	cond := strings.TrimSpace(Sentence{Tokens: toks[start:end]}.Raw())
	switch {
	case moment || !part:
		// "When implementing features:", "When modifying files within this
		// repository:": any work
		return ""
	case GenericCodeChange(strings.Replace(cond, toks[start].Text, "when", 1)):
		// "When making changes:", "If you change any code:": every change
		return ""
	case opener != "if" && opener != "unless" && !work:
		return ""
	}
	return cond
}

// leadMomentWord: a word of a lead-in's condition that names the moment of the work
// as a whole, not a part of it ("when you are done", "once finished", "when you are
// satisfied with the changes").
func leadMomentWord(w string) bool {
	switch w {
	case "done", "finished", "finishing", "finish", "complete", "completed", "wrap", "wrapping", "up", "work", "task", "tasks",
		"merging", "merge", "merged", "pushed", "committed", "submitted", "opened", "ready", "before", "after", "having", "have", "has", "been",
		// "When you are satisfied with the changes:": the end of the work
		"satisfied", "happy", "confident", "content", "through", "all", "set", "good":
		return true
	}
	return false
}

// workWord: a word of a "when" clause that says what the work touches ("when working
// on the UI", "when changing the schema", "whenever you modify `db/`").
func workWord(w string) bool {
	switch w {
	case "working", "work", "works", "change", "changes", "changing", "changed", "touch", "touches", "touching", "touched",
		"modify", "modifies", "modifying", "modified", "edit", "edits", "editing", "edited", "add", "adds", "adding", "added",
		"update", "updates", "updating", "updated", "affect", "affects", "affecting", "implement", "implementing",
		"refactor", "refactoring", "introduce", "introducing", "develop", "developing", "build", "building":
		return true
	}
	return false
}

// inheritCondition gives a list item's order the condition its lead-in sets
// (LeadInCondition): under "When working on UI changes:", "Run `npm run test:a11y`
// before committing" holds when the work is on the UI, not before every commit. A
// condition that names a folder becomes the files whose change the order follows
// ("When changing anything under `server/`:"); one heed cannot see stays the norm's
// condition, and the lowering keeps the order from blocking.
func inheritCondition(ns []Norm, ctx Context) {
	cond := LeadInCondition(ctx.LeadIn)
	if cond == "" {
		return
	}
	need := false
	for i := range ns {
		n := &ns[i]
		if n.Polarity == Require && n.Condition == "" && len(n.After) == 0 && hasKinds(n.Objects, KCommand, KRole) {
			need = true
		}
	}
	if !need {
		return
	}
	inner := ctx
	inner.LeadIn, inner.Block, inner.Heading = "", nil, nil
	var probe *Norm
	for _, p := range Read(cond+", run `make check` before committing.", inner) {
		if p.Polarity == Require {
			probe = &p
			break
		}
	}
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Require || n.Condition != "" || len(n.After) > 0 || !hasKinds(n.Objects, KCommand, KRole) {
			continue
		}
		if probe != nil && len(probe.After) > 0 && allOfKinds(probe.After, KPath) {
			for _, o := range probe.After {
				n.After = append(n.After, withOrigin(o, "lead-in"))
			}
			n.Uncertain = append(n.Uncertain, probe.Uncertain...)
			continue
		}
		if dir := conditionFolder(cond); dir != "" {
			// "When working on the frontend (`web/`):": the folder in parentheses
			n.Condition = cond
			n.ChangesUnder(dir, "lead-in")
			continue
		}
		n.Condition = cond
		if probe != nil && probe.Condition != "" {
			n.Condition = probe.Condition
		}
	}
}

func allOfKinds(os []Object, k Kind) bool {
	for _, o := range os {
		if o.Kind != k {
			return false
		}
	}
	return len(os) > 0
}

// conditionFolder is the one folder a condition names in a code span ("When working on
// the frontend (`web/`)"), or "".
func conditionFolder(cond string) string {
	dir := ""
	for _, t := range Tokenize(cond) {
		if !t.Code || !pathLike(t.Text) || !strings.HasSuffix(t.Text, "/") || strings.ContainsAny(t.Text, "*?[ ") {
			continue
		}
		if dir != "" {
			return ""
		}
		dir = strings.TrimPrefix(strings.TrimSuffix(t.Text, "/"), "./")
	}
	return dir
}

// anyWorkWord: a word of a condition that leaves it about any work ("when
// implementing features", "if you fix a bug in this repository").
func anyWorkWord(w string) bool {
	switch w {
	case "feature", "features", "bug", "bugs", "fix", "fixes", "fixing", "functionality", "implementation", "new", "existing",
		"on", "in", "within", "with", "to", "of", "for", "this", "that", "these", "our", "repo", "repository", "project",
		"codebase", "it", "them", "something", "stuff", "things", "thing", "work", "i", "do", "does", "doing", "need", "needs",
		"must", "should", "shall", "will", "can", "please", "always", "also":
		return true
	}
	return false
}
