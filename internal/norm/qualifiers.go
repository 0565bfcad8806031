package norm

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Words that narrow a ban to some runs of its command, which the command does not show.

// mannerRE: a way of running a command that a ban is about ("in a loop", "twice in
// parallel", "for every small change"), not the command itself.
var mannerRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(in a (?:tight )?loop|repeatedly|over and over|more than once|twice|in parallel|concurrently|at the same time|simultaneously|for every (?:small |tiny |minor )?(?:change|edit|file|commit)|for each (?:small |tiny |minor )?(?:change|edit|file|commit)|on every (?:save|keystroke|change|edit)|after every (?:small |tiny )?(?:change|edit)|halfway(?: through)?|at a time|more than one (?:instance|copy|process|run)?)\b`)
})

// mannerBans: "avoid running it in a loop", "do not run `pytest` twice in parallel":
// a ban of one way of running the command, which heed cannot tell from another run,
// so a condition it cannot see.
func mannerBans(ns []Norm) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Forbid || n.Condition != "" || !hasKinds(n.Objects, KCommand, KRole) {
			continue
		}
		if m := mannerRE().FindString(n.Sentence); m != "" {
			n.Condition = m
			n.Uncertain = append(n.Uncertain, "condition: "+m)
		}
	}
}

// MannerCondition: the condition is such a way of running.
func MannerCondition(cond string) bool { return cond != "" && mannerRE().MatchString(cond) }

// publishedRE: commits qualified by having left the machine ("commits that were
// already pushed", "published commits", "shared history").
var publishedRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:(?:that|which) (?:were|have been|are|has been|was) (?:already )?(?:pushed|published|shared|merged)|(?:already[- ])?(?:pushed|published|shared|merged) (?:commits|history|branches))\b`)
})

// publishedOnly: "never amend commits that were already pushed": the history rewrite
// is banned for published commits only, which the command does not show; a condition.
func publishedOnly(ns []Norm) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Forbid || n.Condition != "" {
			continue
		}
		rewrite := slices.ContainsFunc(n.Objects, func(o Object) bool {
			return o.Kind == KConcept && (o.Text == "amend" || o.Text == "rebase" || o.Text == "rewrite-history" || o.Text == "squash")
		})
		if !rewrite {
			continue
		}
		if m := publishedRE().FindString(n.Sentence); m != "" {
			n.Condition = m
			n.Uncertain = append(n.Uncertain, "condition: "+m)
		}
	}
}

// purposeOfSubstitutionRE: a substitution narrowed by what it is for ("use `git switch`
// rather than `git checkout` to change branches"): the banned command may serve other
// ends (`git checkout -- file`).
var purposeOfSubstitutionRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)(?:rather than|instead of|over|not)\\s+`[^`]+`\\s+((?:to|for)\\s+[a-z]+(?:\\s+[a-z]+)?)")
})

// narrowedSubstitutions gives such a ban its purpose as a condition heed cannot see.
func narrowedSubstitutions(ns []Norm) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Forbid || len(n.Instead) == 0 || n.Condition != "" {
			continue
		}
		// ("use `pnpm` instead of `npm` for installing dependencies": what a package
		// manager is for, no narrower end)
		// (nor `rm` "for deleting files": a program of one job; a subcommand like `git
		// checkout` serves several)
		if slices.ContainsFunc(n.Objects, func(o Object) bool { return toolFamilies()[firstWord(o)] != "" || len(o.Argv) < 2 }) {
			continue
		}
		if m := purposeOfSubstitutionRE().FindStringSubmatch(n.Sentence); m != nil {
			n.Condition = m[1]
			n.Uncertain = append(n.Uncertain, "condition: "+m[1])
		}
	}
}

// vacuousConditions drops a condition that restricts nothing ("on anything but
// `build/`": the exception says where, "on anything" is everywhere).
func vacuousConditions(ns []Norm) {
	for i := range ns {
		n := &ns[i]
		switch strings.ToLower(strings.TrimSpace(n.Condition)) {
		case "on anything", "anything", "on any path", "on any file", "on any folder", "anywhere":
			n.Uncertain = slices.DeleteFunc(n.Uncertain, func(u string) bool { return u == "condition: "+n.Condition })
			n.Condition = ""
		}
	}
}
