package norm

import (
	"regexp"
	"strings"
	"sync"
)

// Where a piece of text goes in a commit message: "Put `Closes #<issue>` on the second
// or a later line of the commit message", "Put a [skip appveyor] marker on the first
// line of the commit message", "each trailer must appear at the bottom of the commit
// message in the exact form `Co-authored-by: <name> <email>`".

// Message lines a placement names.
const (
	LineFirst  = "first"  // the subject line
	LineLater  = "later"  // any line but the subject
	LineBottom = "bottom" // the trailer block at the end
)

// MessagePlace is one placement a sentence states.
type MessagePlace struct {
	// Text is what goes there as written: a code span ("Closes #<issue>"), a bracket
	// marker ("[skip appveyor]") or a trailer key ("co-authored-by").
	Text string
	// Trailer: Text is a trailer key; Form is the form its line takes, when the
	// sentence gives one ("Co-authored-by: <name> <email>").
	Trailer bool
	Form    string
	Line    string
	// DocsOnly: the sentence asks it of documentation-only commits.
	DocsOnly bool
	// Condition is a condition heed cannot see ("when the commits are not ready for
	// CI", "for a trivial fix"), as written; the reading must not become a rule
	// unless the placement holds whenever the text is there at all.
	Condition string
}

var (
	msgPlaceRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:on|in|to|at|into) (?:the |a |its )?(first line|subject(?: line)?|summary line|title line|second or (?:a )?later line|second line or later|second or later lines?|body|bottom|end|last lines?|final paragraph)\b(?: of (?:the |a |an |each |every |your )?((?:[\w-]+ )?)commit(?:-| )?messages?)?`)
	})
	msgCommitRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)\bcommit(?:-| )?messages?\b|\bcommits?\b`) })
	// a bracket marker written without a code span: "[skip appveyor]", "[skip-ci]"
	msgMarkerRE  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\[[a-z][a-z -]{1,30}\]`) })
	msgTrailerRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b([a-z]+(?:-[a-z]+)*-by)\b`)
	})
	msgSpanRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("`([^`]+)`") })
	// conditions a reader cannot decide from the commit: readiness, triviality, intent
	msgHiddenRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:when|if|unless) (?:the |your )?(?:commits? (?:is|are) not ready|(?:change|fix|commit) is trivial)|\btrivial\b|\bnot ready\b|\bwhen (?:you|needed|necessary|appropriate)\b|\bif (?:you|needed|necessary)\b`)
	})
	msgDocsOnlyRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:documentation|docs?)[- ]only\b|\bonly (?:changes?|touch(?:es)?) (?:the )?(?:documentation|docs)\b`)
	})
	msgOtherDocRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:pull request|pr|changelog|docstring|file)\b`)
	})
	msgPurposeRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^[^.;]*?\b(?:to|so as to|in order to|so that (?:ci|it)) (?:run|trigger|enable|request|start|skip|build|deploy|test)\b[^.;]*`)
	})
	msgNegRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:never|not|no|don't|do not|avoid|must not|should not)\b`)
	})
)

// MessagePlaces reads where a sentence puts text in a commit message. It reads only
// requirements: a sentence that negates ("do not put ... in the first line") gives
// nothing.
func MessagePlaces(text string) []MessagePlace {
	m := msgPlaceRE().FindStringSubmatchIndex(text)
	if m == nil || !msgCommitRE().MatchString(text) {
		return nil
	}
	// "Do not put issue numbers in the commit message" is a ban the reference
	// readers take; only requirements are read here
	if msgNegRE().MatchString(text[:m[0]]) {
		return nil
	}
	line := ""
	switch w := strings.ToLower(text[m[2]:m[3]]); {
	case strings.HasPrefix(w, "first"), strings.HasPrefix(w, "subject"), strings.HasPrefix(w, "summary"), strings.HasPrefix(w, "title"):
		line = LineFirst
	case strings.HasPrefix(w, "second"), w == "body":
		line = LineLater
	default:
		line = LineBottom
	}
	// a placement must be of the commit message itself: "on the first line" with
	// "commit" elsewhere in the sentence is read only when no other document is named
	if m[4] < 0 && msgOtherDocRE().MatchString(text) {
		return nil
	}
	place := MessagePlace{Line: line}
	place.DocsOnly = msgDocsOnlyRE().MatchString(text)
	if c := msgHiddenRE().FindString(text); c != "" {
		place.Condition = c
	}
	// "Add a [test-upstream] tag to the first line ... to run the upstream CI": a
	// purpose says when the text is wanted (when one wants that run), unless the
	// sentence names the commits it is for ("a documentation-only commit")
	if c := msgPurposeRE().FindString(text[m[1]:]); c != "" && place.Condition == "" && !place.DocsOnly {
		place.Condition = strings.TrimSpace(c)
	}
	before := text[:m[0]]
	// what goes there: a trailer key, a code span, a bracket marker, in that order
	if t := msgTrailerRE().FindStringSubmatch(text); t != nil {
		place.Text, place.Trailer = t[1], true
		for _, sp := range msgSpanRE().FindAllStringSubmatch(text, -1) {
			if strings.HasPrefix(strings.ToLower(sp[1]), strings.ToLower(t[1])+":") {
				place.Form = strings.TrimSpace(sp[1][len(t[1])+1:])
			}
		}
		return []MessagePlace{place}
	}
	if sp := msgSpanRE().FindStringSubmatch(before); sp != nil {
		place.Text = sp[1]
		return []MessagePlace{place}
	}
	if mk := msgMarkerRE().FindString(before); mk != "" {
		place.Text = mk
		return []MessagePlace{place}
	}
	return nil
}

// Pull-request text: a title prefix a sentence bans ("must not retain a `[WIP]` title
// prefix") and a block the description must hold ("a release-notes block between
// `<!-- BEGIN RELEASE NOTES -->` and `<!-- END RELEASE NOTES -->`").

var (
	prTitlePrefixRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("(?i)\\b(?:must not|mustn't|should not|shouldn't|do not|don't|never|must no longer|no longer)\\b[^.;`]{0,40}?\\b(?:retain|keep|have|carry|use|start with|begin with|include)\\b (?:an? |the )?`([^`]{1,20})` (?:title )?prefix\\b")
	})
	prWordsRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\bpull[- ]requests?\b|\bPRs?\b|\bmerge requests?\b`)
	})
	prBlockRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("(?i)\\b(?:description|body|pr text)\\b[^.;]{0,30}?\\b(?:must|should|has to|needs to) (?:contain|include|have)\\b[^.;`]{0,40}?\\bbetween `([^`]+)` and `([^`]+)`")
	})
)

// PRTitlePrefix returns the prefix a sentence forbids on pull-request titles.
func PRTitlePrefix(text string) (string, bool) {
	if !prWordsRE().MatchString(text) {
		return "", false
	}
	m := prTitlePrefixRE().FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// PRBlock returns the markers that open and close a block every pull-request
// description must hold.
func PRBlock(text string) (open, close string, ok bool) {
	if !prWordsRE().MatchString(text) {
		return "", "", false
	}
	m := prBlockRE().FindStringSubmatch(text)
	if m == nil || m[1] == m[2] {
		return "", "", false
	}
	return m[1], m[2], true
}

// GitHub's closing keywords ("fixes #12") in a pull-request description: a keyword
// before every number ("Fixes #1, fixes #2", not "Fixes #1, #2"), and none next to a
// number the PR must not close, even in a negated sentence ("does not fix #12").

// Closing-keyword forms (AutocloseForms).
const (
	AutocloseEvery   = "every"   // a keyword before every number it closes
	AutocloseNegated = "negated" // no keyword next to a number a negation says it does not close
)

var (
	autocloseWordRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:auto-?close|closing) (?:keywords?|sequences?|syntax)\b`)
	})
	autocloseEveryRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:repeat|before|in front of)\b[^.]*\b(?:every|each)\b[^.]*#`)
	})
	autocloseNegRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\bmust not (?:place|put|use|write)\b[^.]*\b(?:keyword|sequence)\b[^.]*\b(?:next to|before|beside)\b[^.]*\bnegat`)
	})
)

// AutocloseForms reads the closing-keyword forms a sentence asks for.
func AutocloseForms(text string) []string {
	text = strings.Join(strings.Fields(text), " ")
	if !autocloseWordRE().MatchString(text) || !msgPRWordRE().MatchString(text) {
		return nil
	}
	var out []string
	if autocloseEveryRE().MatchString(text) {
		out = append(out, AutocloseEvery)
	}
	if autocloseNegRE().MatchString(text) {
		out = append(out, AutocloseNegated)
	}
	return out
}

var msgPRWordRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\bpull[- ]requests?\b|\bPRs?\b|\bdescriptions?\b`)
})

// otherDocumentRE: a sentence that opens with the writing of a document ("When
// writing the changeset summary, ...", "When you add a changelog entry, ...", "While
// drafting release notes, ..."): what follows asks its form of that document.
var otherDocumentRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^\W*(?:when|while|whenever|if)\s+(?:you(?:'re| are)?\s+)?(?:writing|write|adding|add|creating|create|editing|edit|drafting|draft|composing|compose|preparing|prepare)\s+(?:the\s+|a\s+|an\s+|your\s+|each\s+|any\s+)?((?:[\w-]+\s+){0,3}?(?:summary|summaries|entry|entries|notes?|changesets?|changelog|fragment|fragments|docs|documentation|description|descriptions|title|titles|message|messages))\b`)
})

// OtherDocument: the document a sentence's opening clause names as the one being
// written, when it is not a commit ("the changeset summary", "a changelog entry"); ""
// when the sentence opens otherwise or writes a commit message. A commit rule read
// from such a sentence asks of commits what the sentence asks of that document.
func OtherDocument(text string) string {
	m := otherDocumentRE().FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	doc := strings.ToLower(strings.TrimSpace(m[1]))
	if strings.Contains(doc, "commit") {
		return ""
	}
	return doc
}
