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

// purposeBeforeInsteadRE: the purpose said with the prescribed command, before the
// banned one ("use `npx tsc --noEmit` for type checks instead of `npm run build`").
var purposeBeforeInsteadRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)`[^`]+`\\s+((?:to|for)\\s+[a-z]+(?:[\\s-][a-z]+){0,2})\\s+(?:rather than|instead of)\\s+`")
})

// narrowedSubstitutions gives such a ban its purpose as a condition heed cannot see.
func narrowedSubstitutions(ns []Norm) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Forbid || len(n.Instead) == 0 || n.Condition != "" {
			continue
		}
		// ("use `pnpm install` instead of `npm install` for adding dependencies": a
		// tool of the same family does the same job, no narrower end)
		// (nor `rm` "for deleting files": a program of one job; a subcommand like `git
		// checkout` serves several)
		if slices.ContainsFunc(n.Objects, func(o Object) bool { return len(o.Argv) < 2 || sameFamilyAsOne(o, n.Instead) }) {
			continue
		}
		m := purposeOfSubstitutionRE().FindStringSubmatch(n.Sentence)
		if m == nil {
			m = purposeBeforeInsteadRE().FindStringSubmatch(n.Sentence)
		}
		if m != nil {
			n.Condition = m[1]
			n.Uncertain = append(n.Uncertain, "condition: "+m[1])
		}
	}
}

// sameFamilyAsOne: o's program is of a tool family one of others' programs is of
// too (npm and pnpm).
func sameFamilyAsOne(o Object, others []Object) bool {
	f := toolFamilies()[firstWord(o)]
	return f != "" && slices.ContainsFunc(others, func(x Object) bool { return toolFamilies()[firstWord(x)] == f })
}

// vacuousConditions drops a condition that restricts nothing ("on anything but
// `build/`": the exception says where, "on anything" is everywhere; "to any
// branch", "for any reason": every case).
func vacuousConditions(ns []Norm) {
	for i := range ns {
		n := &ns[i]
		switch strings.ToLower(strings.TrimSpace(n.Condition)) {
		case "on anything", "anything", "on any path", "on any file", "on any folder", "anywhere",
			// "never execute `git push` to any branch": every push goes to some branch
			"to any branch", "on any branch", "to any remote", "to any branch or remote", "for any reason",
			"under any circumstances", "in any case", "at any time", "at all",
			// "run `make lint` and fix errors if any": whatever there is
			"any", "if any":
			n.Uncertain = slices.DeleteFunc(n.Uncertain, func(u string) bool { return u == "condition: "+n.Condition })
			n.Condition = ""
		}
	}
}

// broadConcepts are practices a ban may name that a session does all the time: a ban
// of one of them read wider than its sentence stops an agent's ordinary work.
var broadConcepts = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"create-issue": true, "open-pr": true, "push": true, "squash": true, "merge": true, "merge-pr": true, "delete-branch": true, "delete-remote-branch": true, "delete-local-branch": true, "close-issue": true, "close-pr": true,
		"commit": true, "rebase": true, "amend": true}
})

// qualifiedRE: words that narrow what a practice is done to or when ("PRs that
// duplicate that work", "push to it directly", "other people's commits", "issues
// for security reports").
var qualifiedRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:(?:issues?|prs?|pull requests?|commits?|branch(?:es)?|changes) (?:that|which|who) \w+|(?:to|into|onto|on) (?:it|them|this|that|these|those)\b|(?:other people|someone else|somebody else|others|another (?:person|contributor|developer)|other contributors)(?:'s|’s|')|vulnerabilit(?:y|ies)|security (?:issue|report|bug|problem)s?)`)
})

// qualifiedConceptBans: a ban of a broad practice whose sentence, question or
// section narrows it ("Don't open PRs that duplicate Dependabot's work", "Found a
// security vulnerability? Don't open an issue", under "## Reporting a
// Vulnerability") holds only in a case heed cannot see: a condition, never a block.
func qualifiedConceptBans(ns []Norm, text string, ctx Context) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Forbid || n.Condition != "" || !slices.ContainsFunc(n.Objects, func(o Object) bool { return o.Kind == KConcept && broadConcepts()[o.Text] && len(o.Argv) == 0 }) {
			continue
		}
		// the whole text: "**Found a security vulnerability?** Don't open an issue."
		// is two sentences
		cond := qualifiedRE().FindString(text)
		if q, _, ok := strings.Cut(text, "?"); ok && cond == "" && len(strings.Fields(q)) <= 8 {
			cond = strings.Trim(q, "*_ ") + "?" // "**Found a bug?** Don't open a PR"
		}
		if cond == "" {
			for _, h := range ctx.Heading {
				if m := qualifiedRE().FindString(h); m != "" {
					cond = "under " + strings.TrimSpace(h)
				}
			}
		}
		if b := branchSubject(text); b != "" && pushAnaphorRE().MatchString(cond) && slices.ContainsFunc(n.Objects, func(o Object) bool { return o.Kind == KConcept && o.Text == "push" }) {
			// "`main` is the integration branch — never push to it directly": "it"
			// is the branch the sentence is about
			for k := range n.Objects {
				if o := &n.Objects[k]; o.Kind == KConcept && o.Text == "push" {
					o.Argv = []string{b}
				}
			}
			continue
		}
		if cond != "" {
			n.Condition = cond
			n.Uncertain = append(n.Uncertain, "condition: "+cond)
		}
	}
}

// branchSubjectRE: a sentence about a branch named first ("`main` is the integration
// branch", "`develop` is our default branch"); pushAnaphorRE: a push to it.
var (
	branchSubjectRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("^[\\s*_-]*`([A-Za-z0-9][\\w./-]*)`[*_]*\\s+(?:is|stays|remains)\\s+(?:the|our|a)\\s+[^.;:,]{0,40}?\\bbranch\\b")
	})
	pushAnaphorRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?i)(?:to|into|onto|on) it$`)
	})
)

// branchSubject is the branch a sentence opens by naming, "" if none.
func branchSubject(text string) string {
	if !strings.Contains(text, "branch") {
		return ""
	}
	if m := branchSubjectRE().FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return ""
}

// speechBanRE: a ban of saying something about what it names ("Never state that `go
// build` passes", "don't claim `make test` is green"), not of running it.
var speechBanRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:never|don't|do not|must not|should not|avoid)\s+(?:\w+\s+)?(?:stat(?:e|ing)|claim(?:ing)?|say(?:ing)?|assert(?:ing)?|report(?:ing)?|mention(?:ing)?|announc(?:e|ing)|pretend(?:ing)?|assum(?:e|ing)|impl(?:y|ying)|writ(?:e|ing) that)\b`)
})

// withoutSpeechBans drops the bans of a sentence that forbids saying something about
// commands rather than running them.
func withoutSpeechBans(ns []Norm, text string) []Norm {
	ban := func(n Norm) bool { return n.Polarity == Forbid && hasKinds(n.Objects, KCommand, KCode, KTool) }
	if !slices.ContainsFunc(ns, ban) || !speechBanRE().MatchString(text) {
		return ns
	}
	return slices.DeleteFunc(ns, ban)
}

// qualifierWords introduce what a command is run with or on.
var qualifierWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"with": true, "against": true, "using": true, "on": true, "via": true, "passing": true}
})

// markQualifiers marks the code spans of a ban that say what its command is run with
// or on ("never call `make` with `release`", "never run `terraform apply` against
// `prod.tfvars`"): they narrow the command, where a span in a list ("`uv pip
// install`, `@latest` syntax") is a ban of its own.
func markQualifiers(ns []Norm, toks []Token) {
	if !slices.ContainsFunc(ns, func(n Norm) bool { return n.Polarity == Forbid && hasKinds(n.Objects, KCode) }) {
		return
	}
	qualifying := map[string]bool{}
	for i := 1; i < len(toks); i++ {
		if toks[i].Code && qualifierWords()[toks[i-1].Low] {
			qualifying[toks[i].Text] = true
		}
	}
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Forbid {
			continue
		}
		for k := range n.Objects {
			o := &n.Objects[k]
			if o.Kind == KCode && o.Origin == "" && qualifying[o.Text] {
				o.Origin = "qualifier"
			}
		}
	}
}

// possibilityRE: a sentence that says what can be done ("can be installed with
// `pip install x`", "may also be run with `make`"), not what must be.
var possibilityRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:can|could|may|might)\s+(?:also\s+|optionally\s+|easily\s+)?be\s+[a-z]+(?:ed|en|t)\b`)
})

// outputCheckRE: a duty about what a command prints ("make sure `cargo --version`
// prints `1.96.0`"), which heed cannot see, not that it runs.
var outputCheckRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)`[^`]+`\\s+(?:prints|outputs|returns|shows|reports|displays|says|echoes|lists)\\b")
})

// possibilitiesAndOutputs: requirements of a sentence that only says what can be done,
// or what a command must print, are no duty to run anything: they are dropped, and
// with them the readings they would feed (the package managers a prescribed install
// shuns).
func possibilitiesAndOutputs(ns []Norm, text string) []Norm {
	duty := func(n Norm) bool {
		return n.Polarity == Require && n.Hedge != HedgeAdvice && hasKinds(n.Objects, KCommand, KCode)
	}
	if !slices.ContainsFunc(ns, duty) || !possibilityRE().MatchString(text) && !outputCheckRE().MatchString(text) {
		return ns
	}
	return slices.DeleteFunc(ns, duty)
}

// altHedgeRE: an aside that offers an alternative with a hedge ("(use `pkill -x` if
// you must)"): the hedge is the alternative's, no condition of the ban before it.
var altHedgeRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\((\s*(?:use|try|prefer|fall back to)\s+[^()]*?)\s*,?\s*(?:if you (?:really )?(?:must|have to|need to)|if needed|if necessary|when needed|where needed)\s*\)`)
})

// withoutAltHedge drops the hedge of an alternative offered in an aside.
func withoutAltHedge(text string) string {
	if !strings.Contains(text, "if ") && !strings.Contains(text, "when needed") && !strings.Contains(text, "where needed") {
		return text
	}
	return altHedgeRE().ReplaceAllString(text, "($1)")
}
