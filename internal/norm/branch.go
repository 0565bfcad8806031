package norm

import (
	"regexp"
	"strings"
	"sync"
)

// Commits on a branch: "Never commit directly on `main`" reads as a ban of pushing to
// main (the concept push, with the branch), and also bans the commit itself while main
// is checked out; "Always work on a feature branch, never on `main`" bans working on
// main, that is committing there.

var (
	// commitWordsRE: the sentence is about committing or working on the branch, not
	// only about pushing to it.
	commitWordsRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(commit|commits|committing|committed|make changes|making changes|work|working)\b[^.;]{0,30}\b(on|to|in|into|against)\b`)
	})
	// branchWordRE: a name that is a branch ("main", "master", "develop", "trunk").
	branchWordRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(main|master|develop|development|trunk|dev)$`)
	})
)

// CommitsOn returns the branches a ban forbids committing on, when it does: a ban of
// pushing to named branches whose sentence says commit, or a ban of working on a
// branch named alone.
func CommitsOn(n *Norm) []string {
	if n.Polarity != Forbid || !commitWordsRE().MatchString(n.Sentence) || n.Condition != "" || len(n.Uncertain) > 0 {
		return nil
	}
	var out []string
	for _, o := range n.Objects {
		switch {
		case o.Kind == KConcept && o.Text == "push":
			for _, b := range o.Argv {
				if branchWordRE().MatchString(b) {
					out = append(out, b)
				}
			}
		case o.Kind == KCode && branchWordRE().MatchString(strings.TrimSpace(o.Text)) && strings.Contains(strings.ToLower(n.Sentence), "branch"):
			out = append(out, strings.TrimSpace(o.Text))
		}
	}
	return out
}

var (
	// workOnBranchRE: "create a new branch for your contribution", "use a
	// topic/feature branch", "create & push a feature branch", "create your branch
	// from `main`", "create branches instead of pushing to master".
	workOnBranchRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(create|use|make|open|start|work on|work in|push|cut)\b( (&|and) push)? (a |an |your |the |own )*(new |separate |dedicated |topic/feature |feature/topic |topic |feature |personal |local )*(git )?branch(es)?\b`)
	})
	// fromBranchRE: the branch a new branch starts from ("from `main`", "off master").
	fromBranchRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("(?i)\\b(from|off|off of|based on|instead of pushing to|instead of committing to|rather than) (the )?`?(main|master|develop|trunk)`?\\b")
	})
	// changesOnBranchRE: "making changes in `main` is discouraged".
	changesOnBranchRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("(?i)\\bmak(e|ing) changes (directly )?(in|on|to) (the )?`?(main|master|develop|trunk)`?( branch)? (is|are) (discouraged|not allowed|forbidden|prohibited|not permitted)\\b")
	})
	// notBranchWorkRE: sentences about a branch that are not about where to work.
	notBranchWorkRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(release|backport|stable|gh-pages|documentation) branch|\bbranch(es)? (name|names|naming|prefix)|\bname (the|your|it)\b|\bdelete\b|\bif you (want|like|prefer)\b|\b(optional|optionally)\b`)
	})
)

// WorkOnBranch reads a sentence that tells the reader to work on a branch of their
// own ("Create a new branch for your contribution", "Fork the repo and create your
// branch from `main`", "Making changes in `main` is discouraged"): it returns the
// branches not to commit on: the one the sentence names; none when it names none.
func WorkOnBranch(text string) []string {
	if notBranchWorkRE().MatchString(text) {
		return nil
	}
	if m := changesOnBranchRE().FindStringSubmatch(text); m != nil {
		return []string{strings.ToLower(m[5])}
	}
	if !workOnBranchRE().MatchString(text) {
		return nil
	}
	if m := fromBranchRE().FindStringSubmatch(text); m != nil && !permissiveRE().MatchString(text) {
		return []string{strings.ToLower(m[3])}
	}
	// "Create a new branch for each feature" names no branch to keep off: careful
	// readers take it for a way of working, not a rule on the default branch.
	return nil
}

// permissiveRE: a sentence that allows, not requires ("You can create a branch").
var permissiveRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(you can|you may|feel free|if you want)\b`)
})

var (
	// branchFirstRE: a branch of one's own made before the work ("Create a topic
	// branch before you change any code", "Always create a new branch before
	// starting work", "make a feature branch before committing").
	branchFirstRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(create|make|open|start|cut|check out|switch to)\b (a |an |your |the |own )*(new |separate |dedicated |topic |feature |personal |local |fresh )*(git )?branch\b[^.;]{0,40}\bbefore (you )?(change|changing|edit|editing|touch|touching|modify|modifying|make any changes|making (any )?changes|start|starting|begin|beginning|commit|committing|writ\w+)\b`)
	})
	// branchAlreadyRE: the sentence names the branch to keep off, or allows.
	branchMayRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(you can|you may|feel free|if you want|if you like|if you prefer|optional|optionally|consider)\b`)
	})
)

// BranchFirst reports whether a sentence asks for a branch of one's own before the
// work starts, naming no branch to keep off: the work then does not go on the
// default branch, whatever its name.
func BranchFirst(text string) bool {
	return branchFirstRE().MatchString(text) && !branchMayRE().MatchString(text) && !notBranchWorkRE().MatchString(text)
}

// spanList is a list of code spans joined by commas, "or" and "and".
const spanList = "`[^`]+`(?:\\s*(?:,|or|and|, or|, and)\\s*`[^`]+`)*"

// branchPrefixVerbRE: "Prefix branches with `feature/` or `fix/`", "Create a new branch
// with the prefix `feature/`", "Create a branch with a `feat/` or `fix/` prefix";
// branchNameVerbRE: "Name branches `feature/<short-name>`".
var (
	branchPrefixVerbRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("(?i)^\\s*[-*+]?\\s*(?:always\\s+)?(?:prefix\\s+(?:all\\s+|new\\s+|your\\s+|the\\s+)*branch(?:es|\\s+names?)?\\s+with\\s+(?:the\\s+|a\\s+)?(" + spanList + ")" +
			"|(?:create|make|open|start|cut|use)\\s+(?:a\\s+|an\\s+|the\\s+|your\\s+)?(?:new\\s+)?branch(?:es)?\\s+with\\s+(?:the\\s+|a\\s+)?(?:prefix(?:es)?\\s+(" + spanList + ")|(" + spanList + ")\\s+prefix(?:es)?))")
	})
	branchNameVerbRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("(?i)^\\s*[-*+]?\\s*(?:always\\s+)?name\\s+(?:all\\s+|new\\s+|your\\s+|the\\s+)*branch(?:es)?\\s+(?:like\\s+|as\\s+)?(`[^`]+`)")
	})
)

// branchNameVerbs rewrites a sentence that prefixes or names branches with a verb of
// its own as the convention it states ("Branch names must start with `feature/` or
// `fix/`.", "Use the branch name `feature/<short-name>`."); what follows the phrase is
// kept.
func branchNameVerbs(text string) (string, bool) {
	low := strings.ToLower(text)
	if !strings.Contains(low, "branch") || !strings.Contains(text, "`") {
		return "", false
	}
	if m := branchPrefixVerbRE().FindStringSubmatchIndex(text); m != nil {
		for g := 1; g <= 3; g++ {
			if m[2*g] >= 0 {
				return "Branch names must start with " + text[m[2*g]:m[2*g+1]] + "." + text[m[1]:], true
			}
		}
	}
	if m := branchNameVerbRE().FindStringSubmatchIndex(text); m != nil {
		return "Use the branch name " + text[m[2]:m[3]] + " for every branch." + text[m[1]:], true
	}
	return "", false
}
