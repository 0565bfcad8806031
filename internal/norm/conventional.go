package norm

import (
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Conventional Commits: whether a sentence asks commit subjects or pull-request titles
// to follow the convention, and which types it allows.

var (
	convWordRE     = lazyre.New(`\b(conventional[- ]commits?|semantic commits?|semantic commit messages?|conventional (commit )?prefix(es)?)\b`)
	convTypeSpanRE = lazyre.New(`^([a-z][a-z0-9-]*)(\([^)]*\))?!?:?$`)
	convTemplateRE = lazyre.New(`^<type>(\(<[^>]*>\))?!?:\s*<[^>]+>$`)
	convTypesRE    = lazyre.New(`\b(allowed types|types?:|valid types|one of|only|nothing else|must be one of|are allowed|permitted types|(appropriate|allowed|valid|these|following) prefix(es)?)\b`)
	convTypesWord  = lazyre.New(`\btypes\b`)
	convOpenListRE = lazyre.New(`\b(etc|e\.g|for example|such as|like)\b`)
	convBreakingRE = lazyre.New(`\bbreaking changes?\b`)
	convTitleRE    = lazyre.New(`\btitles?\b`)
	convPartRE     = lazyre.New(`[,;.]\s`)
	convDirectRE   = lazyre.New(`\b(must|should|shall|uses?|follows?|always|never|writes?|starts?|prefix(es)?|needs?|requires?|required|every|each|all)\b`)
	// convHabitRE: a clause that says what is usual, not what is required.
	convHabitRE = lazyre.New(`\b(commonly|usually|often|typically|mostly|sometimes|tends? to|in most cases)\b`)
)

// ConventionalTemplate reports whether a code span is the Conventional Commits
// template ("<type>(<scope>): <description>").
func ConventionalTemplate(span string) bool { return convTemplateRE.MatchString(span) }

// SaysPRTitle reports whether a sentence (lower) sets a rule for pull-request titles:
// it says "title", and it or its frame (around) speaks of pull requests.
func SaysPRTitle(lower, around string) bool {
	return convTitleRE.MatchString(lower) && (SaysPR(lower) || SaysPR(around))
}

// ConventionalFrame is where a contribution sentence stands: around its headings and
// lead-in, near the nearest of them alone, all in lower case.
type ConventionalFrame struct{ Around, Near string }

// Conventional is what a sentence says of Conventional Commits.
type Conventional struct {
	// ForCommits, ForPR: the convention is for commit subjects; for PR titles.
	ForCommits, ForPR bool
	// Types is the closed list of allowed types, nil when any type goes.
	Types []string
	// Required: the sentence asks for the form (names the convention, gives its
	// template or a closed list of types) of commits or PR titles.
	Required bool
}

var (
	// convMessagesRE: messages named without saying whose ("for messages")
	convMessagesRE = lazyre.New(`\b(?:for|in|your|the|all)\s+messages?\b`)
	// convGitLabelRE: a label naming the history ("Git:", "**Git** —", "Version control:")
	convGitLabelRE = lazyre.New(`^[\W_]*(?:git|version control|vcs|history)[*_]*\s*(?::|—|–|-)\s`)
)

// ReadConventional reads what a sentence says of Conventional Commits. lower is the
// sentence in lower case with its code spans taken out, spans its code spans.
func ReadConventional(lower string, spans []string, f ConventionalFrame) Conventional {
	var cv Conventional
	nearPROnly := PROnlyFrame(f.Near)
	cv.ForPR = SaysPRTitle(lower, f.Around) || nearPROnly && convTitleRE.MatchString(f.Near)
	// "Conventional Commits" names a convention; it says nothing of where it applies.
	plain := convWordRE.ReplaceAllString(lower, "the convention")
	cv.ForCommits = !SaysWhenToRun(lower) && (SaysCommit(plain) ||
		(SaysCommit(f.Around) && !SaysPR(plain) && !cv.ForPR && !nearPROnly) ||
		// "Use conventional commits (e.g., `feat:`, `fix:`)", "Conventional commits
		// required" under "## Conventions": a demand of the convention that names
		// nothing else it is for is a demand on commits, what the convention is of
		convWordRE.MatchString(lower) && convDirectRE.MatchString(plain) && !SaysPR(plain) && !cv.ForPR &&
			!nearPROnly && !PROnlyFrame(f.Around))
	// "**Git**: Conventional Commits (`feat:`, `fix:`)": the label of the history, the
	// convention its value
	if !cv.ForCommits && !cv.ForPR && convWordRE.MatchString(lower) && convGitLabelRE.MatchString(lower) {
		cv.ForCommits = true
	}
	// "Use Conventional Commits for messages (`feat:`, `fix:`)" in a list under "## Pull
	// requests": the messages the convention is for are the commits'
	if !cv.ForCommits && !cv.ForPR && convWordRE.MatchString(lower) && convMessagesRE.MatchString(plain) && !SaysPR(plain) && !SaysWhenToRun(lower) {
		cv.ForCommits = true
	}
	// "PR titles follow Conventional Commits (we squash-merge, so the title becomes the
	// commit)": the commit in the aside explains the title rule; it binds no commit
	if cv.ForPR && cv.ForCommits && !SaysCommit(asideRE.ReplaceAllString(plain, "")) && !SaysCommit(f.Around) {
		cv.ForCommits = false
	}
	for _, part := range convPartRE.Split(lower, -1) {
		// "Before opening a PR: use a conventional-commit title, sign off commits":
		// the title the convention is for is the pull request's; the commits of the
		// next item are another rule's
		if convWordRE.MatchString(part) && convTitleRE.MatchString(part) &&
			!SaysCommit(convWordRE.ReplaceAllString(part, "")) && SaysPR(f.Around) {
			cv.ForPR, cv.ForCommits = true, false
		}
	}
	var types []string
	template := false
	for _, sp := range spans {
		if convTemplateRE.MatchString(sp) {
			template = true
			continue
		}
		if m := convTypeSpanRE.FindStringSubmatch(sp); m != nil {
			types = append(types, m[1])
		}
	}
	// "types" as a word: "TypeScript changes: run `npm`/`pnpm` ..." names no commit types
	// a list of commit types holds at least one of the usual ones ("`estimate` and
	// `refund` types" in a design note are no commit types)
	usual := slices.ContainsFunc(types, func(t string) bool {
		switch strings.ToLower(t) {
		case "feat", "feature", "fix", "docs", "doc", "chore", "refactor", "test", "tests", "perf", "ci", "build", "style", "revert":
			return true
		}
		return false
	})
	exclusive := len(types) >= 2 && usual && (convTypesRE.MatchString(lower) || convTypesWord.MatchString(lower)) && !convOpenListRE.MatchString(lower)
	if exclusive {
		cv.Types = types
	}
	if topicLabel(lower) {
		// a label over a link names the topic; what it applies to is what it names
		// in so many words ("PR titles / Conventional Commits (changelog): ...")
		cv.ForCommits = cv.ForCommits && !cv.ForPR && !SaysPR(plain)
		cv.ForPR = cv.ForPR && convTitleRE.MatchString(lower)
	}
	cv.Required = (cv.ForCommits || cv.ForPR) && (convWordRE.MatchString(lower) || template || exclusive)
	// "Conventional Commit prefixes such as `feat(scope):` are not required"
	if cv.Required && conventionalNotRequired(lower) {
		cv.Required = false
	}
	return cv
}

// topicLabel: the text only names a topic before what follows it ("PR titles /
// Conventional Commits (changelog):" over a link): it asks for no more than it names.
func topicLabel(text string) bool {
	t := strings.TrimSpace(text)
	if label, target, ok := strings.Cut(t, ": "); ok && !strings.ContainsAny(strings.TrimSpace(target), " \t") && strings.ContainsAny(target, "/#.") {
		t = label + ":" // "Topic: docs/guide.md#section": a label over a link
	}
	return strings.HasSuffix(t, ":") && len(strings.Fields(t)) <= 8 && !convDirectRE.MatchString(t)
}

// conventionalNotRequired: the sentence says the convention is not asked for.
func conventionalNotRequired(text string) bool {
	m := convWordRE.FindString(strings.ToLower(text))
	if m == "" {
		return false
	}
	for _, cl := range Clauses(strings.ToLower(text)) {
		if i := strings.Index(cl, m); i >= 0 && convHabitRE.MatchString(cl[max(0, i-30):i]) {
			// "Dependency updates commonly use Conventional Commit style": what some
			// commits tend to look like, not a rule on every commit
			return true
		}
	}
	return NotRequired(text, m, "scope", "body", "footer", "breaking")
}

// BreakingBothMarkers reports whether the sentence asks a breaking change to carry
// both of its Conventional Commits markers, the "!" and the "BREAKING CHANGE" footer.
func BreakingBothMarkers(lower, raw string) bool {
	return convBreakingRE.MatchString(lower) && raw != "" && strings.Contains(raw, "BREAKING CHANGE") && strings.Contains(raw, "!")
}
