package norm

import (
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// otherBranchRE: a move to another branch than the one the reader is on.
var otherBranchRE = lazyre.New(`(?i)\bto (?:another|a different|other|any other|a new|some other) branch(?:es)?\b`)

// otherBranchSwitches: "never `git checkout`/`switch` to another branch" bans the
// checkouts that move to another branch, not `git checkout -- file` or the branch the
// reader is on; which a command does heed cannot tell from its words, so the ban
// only warns.
func otherBranchSwitches(ns []Norm, text string) {
	low := strings.ToLower(text)
	if !strings.Contains(low, "branch") || !containsAny(low, "to another", "to a different", "to other", "to any other", "to a new", "to some other") || !otherBranchRE.MatchString(text) {
		return
	}
	const why = "it bans moving to another branch, which heed cannot tell from a checkout of files or of the current branch"
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Forbid {
			continue
		}
		for _, o := range n.Objects {
			f := strings.Fields(o.Text)
			if (o.Kind == KCode || o.Kind == KCommand) && (slices.Contains(f, "checkout") || slices.Contains(f, "switch")) && !slices.Contains(n.Uncertain, why) {
				n.Uncertain = append(n.Uncertain, why)
			}
		}
	}
}

// Bans narrowed to a branch: "Never rebase `develop` onto `upstream/main`", "Do not
// rebase the `stable` branch", "`git rebase` must never be run on the `integration`
// branch", "Do not `git reset --hard` on `main`". The branch is where the command is
// banned, not an argument it must carry: read without it, the ban would hold on every
// branch, the ones the file asks to rebase included. "Never delete the `gh-pages`
// branch" bans the commands that delete that branch, wherever they run.

// branchActConcept: a practice, by its concept name, that a sentence can ban on one
// branch; branchActCommand: a git command that can be.
func branchActConcept(concept string) bool {
	switch concept {
	case "rebase", "hard-reset", "squash", "amend", "rewrite-history", "merge":
		// (a push names the branch it goes to, and a commit on a branch has a reading
		// of its own, CommitsOn)
		return true
	}
	return false
}

func branchActCommand(o Object) bool {
	if o.Kind != KCommand || len(o.Argv) < 2 || o.Argv[0] != "git" {
		return false
	}
	switch o.Argv[1] {
	case "rebase", "reset", "merge", "cherry-pick":
		return true
	}
	return false
}

// branchNarrowedBans moves the branches a ban names as its place out of its objects
// and into OnBranches, and the branch a rebase goes onto into the rebase's argument;
// a ban of deleting a branch named as one becomes the concept delete-branch.
func branchNarrowedBans(ns []Norm, toks []Token) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Forbid || len(n.OnBranches) > 0 {
			continue
		}
		if n.Verb == "delete" || n.Verb == "remove" {
			deletedBranches(n, toks)
			continue
		}
		act := -1
		for k, o := range n.Objects {
			if o.Kind == KConcept && branchActConcept(o.Text) && len(o.Argv) == 0 || branchActCommand(o) {
				act = k
				break
			}
		}
		if act < 0 {
			continue
		}
		rebase := n.Objects[act].Text == "rebase" || n.Objects[act].Kind == KCommand && n.Objects[act].Argv[1] == "rebase"
		var keep []Object
		var branches []string
		onto, actAt := "", 0
		for k, o := range n.Objects {
			if k == act {
				actAt = len(keep)
			}
			if k == act || !(o.Kind == KCode && branchName(o.Text) || (o.Kind == KCode || o.Kind == KPath) && (dottedRef(o.Text) || branchPattern(o.Text))) {
				keep = append(keep, o)
				continue
			}
			switch place := branchPlace(toks, o.Text, rebase); {
			case place == placeBranch:
				branches = append(branches, o.Text)
			case place == placeOnto && onto == "":
				onto = o.Text
			default:
				keep = append(keep, o)
			}
		}
		if len(branches) == 0 {
			continue
		}
		if onto != "" {
			// the rebase onto that branch: `git rebase upstream/main`
			a := keep[actAt]
			if a.Kind == KConcept {
				a.Argv = []string{onto}
			} else {
				a.Argv = append(append([]string(nil), a.Argv...), onto)
				a.Text = strings.Join(a.Argv, " ")
			}
			keep[actAt] = a
		}
		n.Objects = keep
		n.OnBranches = branches
	}
}

type branchPlaceKind int

const (
	placeNone branchPlaceKind = iota
	placeBranch
	placeOnto
)

// branchPlace says what a branch's code span is to the ban: the branch it holds on
// ("the `stable` branch", "rebase `develop`", "on `main`" of a command other than a
// rebase), the branch a rebase goes onto ("onto `upstream/main`", "on `main`" after a
// rebase), or neither.
func branchPlace(toks []Token, span string, rebase bool) branchPlaceKind {
	at := -1
	for k, t := range toks {
		if t.Code && t.Text == span {
			at = k
			break
		}
	}
	if at < 0 {
		return placeNone
	}
	next := ""
	if at+1 < len(toks) {
		next = toks[at+1].Low
	}
	prev := ""
	if at >= 1 {
		prev = toks[at-1].Low
	}
	if prev == "the" && at >= 2 {
		prev = toks[at-2].Low
	}
	named := next == "branch" || next == "branches"
	if at >= 2 && (prev == "or" || prev == "and" || toks[at-1].Text == ",") && toks[at-2].Code && toks[at-2].Text != span &&
		(branchName(span) || branchPattern(span)) && branchPlace(toks, toks[at-2].Text, rebase) == placeBranch {
		// "on `main` or `release/*`": the list goes on where its first was
		return placeBranch
	}
	if !branchName(span) && !named && prev != "rebase" && prev != "rebasing" {
		return placeNone // `release/2.x` is a branch only where the words make it one
	}
	switch prev {
	case "onto":
		if rebase {
			return placeOnto
		}
	case "on", "in", "to", "into":
		if named && prev != "to" && prev != "into" {
			return placeBranch // "on the `integration` branch": the branch checked out
		}
		if rebase && (prev == "on" || prev == "to") {
			return placeOnto // "rebase ... on `main`": what it goes onto
		}
		if prev == "on" || prev == "in" {
			return placeBranch // "`git reset --hard` on `main`"
		}
	case "rebase", "rebasing", "reset", "resetting", "squash", "squashing", "rewrite", "rewriting":
		return placeBranch // "rebase `develop`": the branch rebased
	}
	return placeNone
}

// branchPattern: a pattern of branch names (`release/*`, `hotfix-*`), which no file
// name has: no dot in its last segment.
func branchPattern(s string) bool {
	last := s[strings.LastIndex(s, "/")+1:]
	return strings.HasSuffix(s, "*") && !strings.Contains(last, ".") && !strings.ContainsAny(s, " `")
}

// deletedBranches: "never delete the `gh-pages` branch": the commands that delete it.
// Only a span the sentence calls a branch: "never delete `main.go`" is a file.
func deletedBranches(n *Norm, toks []Token) {
	for k, o := range n.Objects {
		if o.Kind != KCode || !branchName(o.Text) {
			continue
		}
		for j, t := range toks {
			if t.Code && t.Text == o.Text && j+1 < len(toks) && (toks[j+1].Low == "branch" || toks[j+1].Low == "branches") {
				n.Objects[k] = Object{Kind: KConcept, Text: "delete-branch", Argv: []string{o.Text}, Origin: o.Origin}
				break
			}
		}
	}
}

// dottedRef: a span that can name a branch with a dot in it (`release/2.x`), which
// branchName leaves out because files have dots too.
func dottedRef(s string) bool {
	return s != "" && strings.Count(s, "/") == 1 && !strings.ContainsAny(s, " *`") && !strings.HasPrefix(s, "-") && !strings.HasPrefix(s, ".")
}
