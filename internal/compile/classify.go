package compile

import (
	"regexp"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules/semantic"
)

// kindOf is what the fallback classifier makes of a constraint no recogniser compiled.
type kindOf struct {
	// semantic: a must rule about the code's design that a model could judge.
	semantic bool
	// on: what a judge rule would look at.
	on string
	// reason: why it stays unenforced when it is not semantic.
	reason string
}

// The classifier is deliberately conservative word matching: it decides only between
// "a model could judge this about the code" and the reasons for not enforcing, never
// whether to emit an executable check (that is the recognisers' job).
var (
	// People, services and tools outside the repository heed cannot observe.
	foreignRE = regexp.MustCompile(`\b(slack|discord|jira|mailing list|issue tracker|forum|zulip|gitter|irc|email|e-mail|code ?owners?|reviewers?|maintainers?|cla\b|contributor license|sign(ed)? off by a|dashboard|browser|ide\b|vs ?code|intellij|editor|screenshots?|web ui|github ui|labels?\b|milestones?|assignees?|triage|buildkite|jenkins|ci dashboard|grafana|datadog|sentry|1password|vault)\b`)
	// Talk to the people in the session rather than claims about the change.
	conversationRE = regexp.MustCompile(`\b(ask (the )?(user|me|us|a human)|tell (the )?(user|me)|confirm with|check with|let (the )?user know|explain (to|why)|summari[sz]e|report back|respond|reply|answer|when (you are|you're) (unsure|not sure|in doubt)|if (you are|you're) unsure|think (carefully|step)|plan (first|before)|read (the )?(docs?|documentation|readme|file|code) (first|before))\b`)
	// Judgements of quality that only a reader (or a model) can make.
	subjectiveRE = regexp.MustCompile(`\b(clear(ly)?|concise(ly)?|readable|readability|meaningful|descriptive|self-explanatory|idiomatic|elegant|clean|simple|simplicity|appropriate(ly)?|reasonable|sensible|careful(ly)?|thoughtful(ly)?|good|best practices?|maintainab(le|ility)|understandable|consistent(ly)?|minimal|focused|small|well[- ]\w+|robust|thorough(ly)?|properly|correct(ly)?|necessary|unnecessary|excessive|over-?engineer\w*|when possible|where possible|if possible|as needed|when appropriate|where appropriate)\b`)
	// The code and its design: what a model judging files could look at.
	codeRE   = regexp.MustCompile(`\b(code|codebase|functions?|methods?|class(es)?|modules?|components?|apis?|interfaces?|types?|variables?|constants?|imports?|exports?|structs?|fields?|parameters?|arguments?|return(s|ed)?|errors?|exceptions?|panics?|dependenc(y|ies)|packages?|librar(y|ies)|layers?|services?|endpoints?|schemas?|database|queries|query|storage|keys?|state|logging|logs?|loggers?|comments?|docstrings?|annotations?|decorators?|generics?|async|await|promises?|callbacks?|hooks?|props?|tests?|fixtures?|mocks?|assertions?|tables?|migrations?|config(uration)?|abstractions?|architecture|design|patterns?|boundar(y|ies)|coupling|responsibilit(y|ies)|encapsulat\w*|separation|implementation|implement|refactor\w*|naming|names?|files?|directories|folders?|structure|globals?|singletons?|null|nil|undefined|optional|unsafe|unwrap|threads?|locks?|mutex|concurren\w*|memory|allocations?|performance|security|secrets?|credentials|passwords?|tokens?|inputs?|validation|sanitiz\w*|backward(s)?[- ]compat\w*|breaking changes?)\b`)
	commitRE = regexp.MustCompile(`\b(commit messages?|commit (titles?|subjects?|bodies|body)|squash|rebase|sign(ed)?-off|trailers?)\b`)
	prRE     = regexp.MustCompile(`\b(pull requests?|prs?|pr (titles?|descriptions?|bodies|body)|merge requests?|changelog|release notes)\b`)
)

func classify(c *policy.Constraint) kindOf {
	text := lowerText(c)
	prose := lowerOnly(c)
	k := kindOf{on: semantic.OnFiles}
	switch {
	case conversationRE.MatchString(prose):
		k.reason = ReasonNotAgent
		return k
	case foreignRE.MatchString(prose):
		k.reason = ReasonForeignTool
		return k
	}
	switch {
	case commitRE.MatchString(text):
		k.on = semantic.OnCommits
		k.semantic = true
	case prRE.MatchString(text):
		k.on = semantic.OnPR
		k.semantic = true
	case codeRE.MatchString(prose):
		k.semantic = true
	}
	if k.semantic {
		k.reason = ReasonNeedsModel
		return k
	}
	if subjectiveRE.MatchString(prose) {
		k.reason = ReasonNeedsModel
		return k
	}
	k.reason = ReasonNoClaim
	return k
}

// lowerOnly is the constraint's own prose, without its headings.
func lowerOnly(c *policy.Constraint) string {
	return lowerText(&policy.Constraint{Text: c.Text})
}
