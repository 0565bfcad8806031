package source

import (
	"strings"
	"unicode"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
)

// The comment family: how comments are written (a final period, a capital or a
// lower-case start, one space after the marker), what they must not be (commented-out
// code, dividers, several lines inside a function body, a paragraph stacked across
// line comments, comments after code), which syntax they use (// or /* */, /** */
// doc blocks), TODOs with an owner or an issue, comments in English. Each shape is
// read from the comment nodes of the file's grammar (comments.go); tool directives
// and licence headers are never prose. Languages without a grammar get no rule.
// Whether a comment is prose, code or a heading is a judgement of its text: those
// rules warn.

// slashLangs write // and /* */ comments; hashLangs write # comments.
var (
	slashLangs = []string{engine.LangGo, engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX, engine.LangRust,
		engine.LangJava, engine.LangKotlin, engine.LangCSharp, engine.LangC, engine.LangCPP, engine.LangPHP}
	hashLangs = []string{engine.LangPython, engine.LangRuby}
)

// commentCode is, per language, a line of code at the top level and a function whose
// body is BODY: what the samples put around their comments.
var commentCode = lazy.Value[map[string][2]string]{F: func() map[string][2]string {
	return map[string][2]string{
		engine.LangGo:         {"var x = 1", "package p\n\nfunc f() {\nBODY\treturn\n}\n"},
		engine.LangJavaScript: {"const x = 1;", "function f() {\nBODY  return 1;\n}\n"},
		engine.LangTypeScript: {"const x = 1;", "function f() {\nBODY  return 1;\n}\n"},
		engine.LangTSX:        {"const x = 1;", "function f() {\nBODY  return 1;\n}\n"},
		engine.LangRust:       {"const X: i32 = 1;", "fn f() {\nBODY}\n"},
		engine.LangJava:       {"class A {}", "class A {\n  void f() {\nBODY  }\n}\n"},
		engine.LangKotlin:     {"val x = 1", "fun f() {\nBODY}\n"},
		engine.LangCSharp:     {"class A {}", "class A {\n  void F() {\nBODY  }\n}\n"},
		engine.LangC:          {"int x = 1;", "void f(void) {\nBODY}\n"},
		engine.LangCPP:        {"int x = 1;", "void f() {\nBODY}\n"},
		engine.LangPHP:        {"$x = 1;", "<?php\nfunction f() {\nBODY}\n"},
		engine.LangPython:     {"x = 1", "def f():\nBODY    return 1\n"},
		engine.LangRuby:       {"x = 1", "def f\nBODY  1\nend\n"},
	}
}}

// commentSample expands a sample: %M is the line comment marker, %D a line of code, and
// the whole is preceded by PHP's opening tag where the language needs it.
func commentSample(l, s string) string {
	m := "//"
	if l == engine.LangPython || l == engine.LangRuby {
		m = "#"
	}
	s = strings.ReplaceAll(s, "%M", m)
	s = strings.ReplaceAll(s, "%D", commentCode.Get()[l][0])
	if l == engine.LangPHP {
		s = "<?php\n" + s
	}
	return s
}

// withDocBlockGood adds a good sample to the variants of the languages whose
// comments open with /*: a documentation block, whose tags (`@package`) and
// examples are the documentation's, not code left behind.
func withDocBlockGood(vs []Variant, sample string) []Variant {
	for i, v := range vs {
		if v.Lang == engine.LangPython || v.Lang == engine.LangRuby {
			continue
		}
		vs[i].Good = append(vs[i].Good, commentSample(v.Lang, sample))
	}
	return vs
}

// commentFunc puts a body into the language's function.
func commentFunc(l, body string) string {
	m := "//"
	if l == engine.LangPython || l == engine.LangRuby {
		m = "#"
	}
	ind := "  "
	if l == engine.LangPython {
		ind = "    "
	}
	if l == engine.LangGo {
		ind = "\t"
	}
	b := strings.ReplaceAll(strings.ReplaceAll(body, "%M", m), "%I", ind)
	return strings.Replace(commentCode.Get()[l][1], "BODY", b, 1)
}

// commentVariants builds a shape's variants for the languages; bad and good are
// samples in commentSample's shorthand (or whole functions when fn is set).
func commentVariants(langs []string, shape string, opts []string, bad, good []string, fn bool) []Variant {
	var out []Variant
	pred := `"` + shape + `"`
	for _, o := range opts {
		pred += ` "` + o + `"`
	}
	for _, l := range langs {
		v := Variant{Lang: l, Query: "(" + commentNodes.Get()[l] + " @match (#comment? @match " + pred + "))"}
		for _, b := range bad {
			if fn {
				v.Bad = append(v.Bad, commentFunc(l, b))
			} else {
				v.Bad = append(v.Bad, commentSample(l, b))
			}
		}
		for _, g := range good {
			if fn {
				v.Good = append(v.Good, commentFunc(l, g))
			} else {
				v.Good = append(v.Good, commentSample(l, g))
			}
		}
		out = append(out, v)
	}
	return out
}

func allCommentLangs() []string { return append(append([]string{}, slashLangs...), hashLangs...) }

// aboutComments: the sentence is about code comments (not commit messages, PR text or
// review comments).
func aboutComments(s *sentence) bool {
	if !mentionsComments(s) {
		return false
	}
	named := strings.Contains(s.header, "comment") || s.hasSpan("//", "///")
	for _, f := range strings.FieldsFunc(s.norm, func(r rune) bool { return !unicode.IsLetter(r) }) {
		switch f {
		case "comment", "comments", "commenting", "javadoc", "jsdoc", "tsdoc", "kdoc", "godoc":
			named = true
		}
	}
	if !named {
		return false
	}
	return !mentions(s, "commit", "pull request", "pr ", "review", "github", "issue", "slack", "jira", "log ", "error message", "changelog") ||
		!s.has(words(`\bcommit(?: messages?| subjects?| titles?)?\b|\bpull requests?\b|\bpr (?:titles?|descriptions?|bod(?:y|ies))\b|\b(?:review|pr|github|issue|slack|jira) comments?\b|\blog (?:messages?|lines?)\b|\berror messages?\b|\bchangelog\b`))
}

// mentionsComments is aboutComments' cheap gate: no expression is compiled for a
// sentence that names no comment.
func mentionsComments(s *sentence) bool {
	for _, w := range []string{"comment", "doc", "`//`", "`///`"} {
		if strings.Contains(s.norm, w) {
			return true
		}
	}
	return strings.Contains(s.header, "comment")
}

// mentions reports whether the normalised text holds one of the words: the cheap gate
// before an entry's expression, so a sentence without them compiles none.
func mentions(s *sentence, ws ...string) bool {
	for _, w := range ws {
		if strings.Contains(s.norm, w) {
			return true
		}
	}
	return false
}

// docOnly: the sentence speaks of doc comments only.
func docOnly(s *sentence) bool {
	return s.has(words(`\b(?:doc(?:umentation)?|javadoc|jsdoc|tsdoc|kdoc|godoc|xml(?: doc(?:umentation)?)?|top-level|package|docstring) comments?\b|\bjavadocs?\b|\bdocstrings?\b|\bgodoc\b|\bdoc comments?\b`)) &&
		!s.has(words(`\b(?:all|every|each|any) (?:code )?comments?\b|\bcomments? and (?:doc|documentation)\b`))
}

// commentExample reports, for each comment the sentence shows in a code span as the
// form to write (not after a ✗, "not", "avoid", "bad", "instead of"), whether it
// breaks the rule: a rule whose own example contradicts it is no rule.
func commentExampleContradicts(s *sentence, breaks func(text string) bool) bool {
	text := s.c.Text
	for _, m := range spanRE.FindAllStringSubmatchIndex(text, -1) {
		sp := strings.TrimSpace(text[m[2]:m[3]])
		body, ok := strings.CutPrefix(sp, "//")
		if !ok {
			if body, ok = strings.CutPrefix(sp, "#"); !ok {
				continue
			}
		}
		body = strings.TrimSpace(strings.TrimLeft(body, "/!"))
		if body == "" || strings.Contains(body, "...") || strings.Contains(body, "…") {
			continue
		}
		before := strings.ToLower(text[max(0, m[0]-40):m[0]])
		if badExampleRE.MatchString(before) {
			continue
		}
		if breaks(body) {
			return true
		}
	}
	return false
}

var badExampleRE = lazyre.New(`(?:❌|✗|✘|\bnot\b|\bnever\b|\bavoid\b|\bbad\b|\bwrong\b|\binstead of\b|\brather than\b|\bdon't\b|\bdo not\b|\bno\b)[^,.;]*$`)

var (
	periodDemandRE  = lazyre.New(`\b(?:end|ends|ending|ended|finish(?:es|ed)?|terminated?|close[sd]?)\b[^.;]*?\b(?:period|full[ -]stop|dot)s?\b|\bperiod at the end\b|\bproper punctuation\b`)
	periodBanRE     = lazyre.New(`\b(?:no|without|never|don't|do not|avoid|omit)\b[^.;]*\b(?:trailing |final |ending |closing )?(?:period|full[ -]stop)s?\b`)
	exceptInlineRE  = lazyre.New(`\bexcept(?: for)? (?:short |brief )?(?:trailing|inline|end-of-line|end of line|same-line)\b|\b(?:trailing|inline|end-of-line) comments? (?:are|is) exempt|\bnot (?:for )?(?:trailing|inline|end-of-line) comments|\bunless (?:the )?comments? (?:are|is) at the end of (?:the|a) line|\bcomments? (?:that )?(?:live |sit |are )?on (?:their|its) own lines?\b[^.;]*\b(?:should|must)\b`)
	capitalRE       = lazyre.New(`\b(?:start|starts|starting|begin|begins|beginning|open|opens)\b[^.;]*?\b(?:with )?(?:a |an )?(?:capital|upper-?case|capitali[sz]ed)(?: letters?| words?)?\b|\bcapitali[sz]e (?:the )?first (?:letter|word)\b|\bcapital letters? and (?:a )?periods?\b`)
	lowerRE         = lazyre.New(`\b(?:start|starts|starting|begin|begins|beginning)\b[^.;]*?\b(?:with )?(?:a )?lower-?case\b|\blower-?case (?:sentence )?fragments?\b|\bcomments? (?:should|must) (?:be )?(?:in |all )?lower-?case\b|\bnever (?:a )?capitali[sz]ed\b`)
	exceptDocRE     = lazyre.New(`\bexcept(?: for)? (?:in )?(?:doc(?:umentation)? comments|docstrings|godoc|doc strings)|\bnot part of (?:\w+ )*docstrings\b|\b(?:other than|aside from|besides) doc`)
	spaceAfterRE    = lazyre.New("\\b(?:one|a|single) space after (?:the )?(?:`?//`?|`?#`?|comment markers?)|\\bspace between (?:the )?`?//`? and")
	commentedOutRE  = lazyre.New(`\bcommented[- ]out\b|\bcomment(?:ing)? out (?:old |unused |dead |the )?code\b|\bcode (?:left )?in comments\b`)
	dividerWordsRE  = lazyre.New(`\b(?:dividers?|banners?|separators?|section[- ]?(?:headers?|headings?|dividers?|markers?|separators?|titles?)|ascii[- ]art|decorative|box(?:ed)? comments?)\b|\bcomments? to (?:add |create |mark )?(?:headings|sections|dividers)\b|\bheadings?,? (?:dividers|separators)`)
	multiBodyRE     = lazyre.New(`\bcomments? (?:inside|in|within) (?:a |the )?(?:function|method) bod(?:y|ies)\b[^.;]*\b(?:single|one)[- ]line\b|\b(?:single|one)[- ]line comments? (?:only )?(?:inside|in|within) (?:functions?|function bodies|methods?)\b|\bno multi-?line comments? (?:inside|in|within) (?:functions?|function bodies|methods?)\b`)
	stackedRE       = lazyre.New("\\bstack(?:ed|ing)?\\b[^.;]*(?:\\bcomments?\\b|`///?`|\\blines?\\b)|\\bacross consecutive `//` lines\\b|\\bprefer block-style comments for multi-line\\b")
	trailingBanRE   = lazyre.New(`\b(?:put|place|keep|write) (?:all )?comments? on (?:their|its) own lines?\b|\bcomments? (?:must|should) (?:always )?(?:go|be|sit|live|be placed|be put) on (?:their|its) own lines?\b|\bnot at the end of (?:a|the) line\b|\b(?:no|avoid|never|don't use|do not use|don't add|do not add)\b[^.;]*\b(?:trailing|end-of-line|end of line|same-line)\b comments?|\babove the (?:code|line)s? (?:they|it) describes?,? not (?:beside|next to|after) it`)
	trailingWantRE  = lazyre.New(`\binstead of above\b|\brather than above\b|\bon the right\b|\bsame line as (?:the )?code\b|\binline comments? rather\b`)
	todoOwnerRE     = lazyre.New("\\btodos?\\b[^.;]*\\b(?:must|should|need to|needs to|have to|has to|always)\\b[^.;]*\\b(?:owner|author|assignee|username|user name|name|issue|ticket|bug|link|reference)|\\bno todos? without (?:an? )?(?:owner|issue|ticket|link|name|reference)|`todo\\((?:name|username|user|owner|author|#\\d+|#?issue|[a-z]+)\\)")
	todoIssueOnlyRE = lazyre.New(`\b(?:issue|ticket|bug|link|reference)\b`)
	englishRE       = lazyre.New(`\b(?:comments?|docstrings?)\b[^.;]*\b(?:in|into) english\b|\benglish (?:only )?(?:code )?comments\b|\bwrite (?:all )?(?:code |source )?comments in english\b`)
)

// periodNamed: comments must end with a period ("Comments should end with a period",
// "End every comment with a period", "full sentences ending with a period").
func periodNamed(s *sentence) bool {
	if !aboutComments(s) || !(mentions(s, "period", "full stop", "full-stop", "dot", "punctuation") && s.has(periodDemandRE)) || (mentions(s, "period", "full stop", "full-stop") && s.has(periodBanRE)) || s.has(words(`\bif\b|\bwhen\b`)) && !s.has(words(`\bwhen a comment is present\b`)) {
		return false
	}
	return !commentExampleContradicts(s, func(t string) bool { return !sentenceEndRE.MatchString(t) && !codeLike(t) })
}

func capitalNamed(s *sentence) bool {
	if !aboutComments(s) || !(mentions(s, "capital", "upper") && s.has(capitalRE)) || (mentions(s, "lower", "capitali") && s.has(lowerRE)) || s.negPhrase(words(`\bcapital`)) {
		return false
	}
	return !commentExampleContradicts(s, func(t string) bool {
		r := []rune(t)
		return len(r) > 0 && r[0] >= 'a' && r[0] <= 'z' && !identifierLike(firstWordRE.FindString(t))
	})
}

var (
	commentPeriod = &Entry{
		Name:  "comment-period",
		Title: "a comment that does not end with a period",
		Names: func(s *sentence) bool {
			return periodNamed(s) && !docOnly(s) && !(mentions(s, "except", "exempt", "not for", "not trailing", "not inline", "unless", "own line") && s.has(exceptInlineRE))
		},
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Inexact:       true,
		Message:       "the comment does not end with a period",
		Suggestion:    "end the comment's last sentence with a period",
		Variants: commentVariants(allCommentLangs(), "period", nil,
			[]string{"«%M Loads the config»\n%D\n", "%D «%M counts retries»\n"},
			[]string{"%M Loads the config.\n%D\n", "%M Loads the config and\n%M its defaults.\n%D\n", "%M Lists:\n%M\n%D // Counts them.\n"}, false),
	}
	commentPeriodDoc = &Entry{
		Name:          "comment-period-doc",
		Title:         "a doc comment that does not end with a period",
		Names:         func(s *sentence) bool { return periodNamed(s) && docOnly(s) },
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Inexact:       true,
		Message:       "the doc comment does not end with a period",
		Suggestion:    "end the comment's last sentence with a period",
		Variants: commentVariants(slashLangs, "period", []string{"doc"},
			[]string{"«/** Loads the config */»\n%D\n"},
			[]string{"/** Loads the config. */\n%D\n", "%D\n\n%M loose note\n"}, false),
	}
	commentPeriodOwnLine = &Entry{
		Name:  "comment-period-own-line",
		Title: "a comment on its own line that does not end with a period",
		Names: func(s *sentence) bool {
			return periodNamed(s) && !docOnly(s) && (mentions(s, "except", "exempt", "not for", "not trailing", "not inline", "unless", "own line") && s.has(exceptInlineRE))
		},
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Inexact:       true,
		Message:       "the comment does not end with a period",
		Suggestion:    "end the comment's last sentence with a period",
		Variants: commentVariants(allCommentLangs(), "period", []string{"own-line"},
			[]string{"«%M Loads the config»\n%D\n"},
			[]string{"%M Loads the config.\n%D\n", "%D M retries\n"}, false),
	}
	commentNoPeriod = &Entry{
		Name:  "comment-no-period",
		Title: "a comment that ends with a period",
		Names: func(s *sentence) bool {
			return aboutComments(s) && (mentions(s, "period", "full stop", "full-stop") && s.has(periodBanRE)) && !(mentions(s, "period", "full stop", "full-stop", "dot", "punctuation") && s.has(periodDemandRE)) && !(mentions(s, "one ", "never two") && s.has(oneSentenceRE))
		},
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Inexact:       true,
		Message:       "the comment ends with a period",
		Suggestion:    "drop the trailing period",
		Variants: commentVariants(allCommentLangs(), "no-period", nil,
			[]string{"«%M loads the config.»\n%D\n"},
			[]string{"%M loads the config\n%D\n", "%M see the docs...\n%D\n"}, false),
	}
	commentNoPeriodOne = &Entry{
		Name:  "comment-no-period-one",
		Title: "a comment that ends with a period or holds more than one sentence",
		Names: func(s *sentence) bool {
			return aboutComments(s) && (mentions(s, "period", "full stop", "full-stop") && s.has(periodBanRE)) && !(mentions(s, "period", "full stop", "full-stop", "dot", "punctuation") && s.has(periodDemandRE)) && (mentions(s, "one ", "never two") && s.has(oneSentenceRE))
		},
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Inexact:       true,
		Message:       "the comment ends with a period, or holds more than one sentence",
		Suggestion:    "one fragment, no trailing period",
		Variants: commentVariants(allCommentLangs(), "no-period", []string{"one"},
			[]string{"«%M loads the config.»\n%D\n", "«%M loads it. then parses it»\n%D\n"},
			[]string{"%M loads the config\n%D\n", "%M see e.g. the docs\n%D\n"}, false),
	}
	commentTodoNoOwner = &Entry{
		Name:  "todo-no-owner",
		Title: "a TODO with a name in parentheses where the rule bans it",
		Names: func(s *sentence) bool {
			if !strings.Contains(s.norm, "todo(") {
				return false
			}
			return s.has(words("\\b(?:never|don't|do not|avoid)\\b[^.;]*\\btodo\\(|\\b(?:never|don't|do not|avoid)\\b[^.;]*`todo\\("))
		},
		ClaimPrefixes: []string{""},
		Message:       "a TODO with a name in parentheses",
		Suggestion:    "write `TODO:` without a name",
		Variants: func() []Variant {
			var out []Variant
			for _, l := range allCommentLangs() {
				out = append(out, Variant{Lang: l, Regex: `\bTODO\(`, Where: "comments",
					Bad:  []string{commentSample(l, "%M «TODO(»alice): retry\n%D\n")},
					Good: []string{commentSample(l, "%M TODO: retry\n%D\n")}})
			}
			return out
		}(),
	}
	commentCapital = &Entry{
		Name:  "comment-capital",
		Title: "a comment that starts with a lower-case letter",
		Names: func(s *sentence) bool {
			return capitalNamed(s) && !docOnly(s) && !(mentions(s, "except", "exempt", "not for", "not trailing", "not inline", "unless", "own line") && s.has(exceptInlineRE))
		},
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Inexact:       true,
		Message:       "the comment starts with a lower-case letter",
		Suggestion:    "start the comment with a capital letter",
		Variants: commentVariants(allCommentLangs(), "capital", nil,
			[]string{"«%M load the config»\n%D\n"},
			[]string{"%M Load the config\n%M and its defaults\n%D\n", "%M userId is the key\n%D\n", "%M eslint-disable-next-line\n%D\n", "%M 2 retries\n%D\n"}, false),
	}
	commentCapitalOwnLine = &Entry{
		Name:  "comment-capital-own-line",
		Title: "a comment on its own line that starts with a lower-case letter",
		Names: func(s *sentence) bool {
			return capitalNamed(s) && !docOnly(s) && (mentions(s, "except", "exempt", "not for", "not trailing", "not inline", "unless", "own line") && s.has(exceptInlineRE))
		},
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Inexact:       true,
		Message:       "the comment starts with a lower-case letter",
		Suggestion:    "start the comment with a capital letter",
		Variants: commentVariants(allCommentLangs(), "capital", []string{"own-line"},
			[]string{"«%M load the config»\n%D\n"},
			[]string{"%M Load the config\n%D\n", "%D %M retries\n"}, false),
	}
	commentCapitalDoc = &Entry{
		Name:          "comment-capital-doc",
		Title:         "a doc comment that starts with a lower-case letter",
		Names:         func(s *sentence) bool { return capitalNamed(s) && docOnly(s) },
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Inexact:       true,
		Message:       "the doc comment starts with a lower-case letter",
		Suggestion:    "start the comment with a capital letter",
		Variants: commentVariants(slashLangs, "capital", []string{"doc"},
			[]string{"«/** returns the size. */»\n%D\n"},
			[]string{"/** Returns the size. */\n%D\n", "%D\n\n%M loose note\n"}, false),
	}
	commentLower = &Entry{
		Name:  "comment-lower",
		Title: "a comment that starts with a capital letter",
		Names: func(s *sentence) bool {
			return aboutComments(s) && (mentions(s, "lower", "capitali") && s.has(lowerRE)) && !(mentions(s, "capital", "upper") && s.has(capitalRE)) && !(mentions(s, "except", "docstring", "other than", "aside from", "besides") && s.has(exceptDocRE))
		},
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Inexact:       true,
		Message:       "the comment starts with a capital letter",
		Suggestion:    "start the comment in lower case",
		Variants: commentVariants(allCommentLangs(), "lower", nil,
			[]string{"%D\n«%M Load the config»\n"},
			[]string{"%D\n%M load the config\n", "%D\n%M HTTP first\n"}, false),
	}
	commentLowerNoDoc = &Entry{
		Name:  "comment-lower-nodoc",
		Title: "a comment that is no doc comment and starts with a capital letter",
		Names: func(s *sentence) bool {
			return aboutComments(s) && (mentions(s, "lower", "capitali") && s.has(lowerRE)) && !(mentions(s, "capital", "upper") && s.has(capitalRE)) && (mentions(s, "except", "docstring", "other than", "aside from", "besides") && s.has(exceptDocRE))
		},
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Inexact:       true,
		Message:       "the comment starts with a capital letter",
		Suggestion:    "start the comment in lower case (doc comments and exported names aside)",
		Variants: commentVariants([]string{engine.LangGo}, "lower", []string{"nodoc"},
			[]string{"package p\n\nfunc f() {\n\t«// Load the config»\n\treturn\n}\n"},
			[]string{"package p\n\n// F loads the config.\nfunc F() {\n\t// load it\n\t// Config is read once\n\tConfig()\n}\n"}, false),
	}
	commentSpace = &Entry{
		Name:          "comment-space",
		Title:         "a line comment without a space after its marker",
		Names:         func(s *sentence) bool { return aboutComments(s) && (mentions(s, "space") && s.has(spaceAfterRE)) },
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Message:       "no space after the comment marker",
		Suggestion:    "put one space after the comment marker",
		Variants: commentVariants(allCommentLangs(), "space", nil,
			[]string{"«%Mload the config»\n%D\n"},
			[]string{"%M load the config\n%D\n"}, false),
	}
	commentOutCode = &Entry{
		Name:  "commented-out-code",
		Title: "commented-out code",
		Names: func(s *sentence) bool {
			return strings.Contains(s.norm, "comment") && (mentions(s, "commented", "comment out", "commenting out", "code in comments", "code left in comments") && s.has(commentedOutRE)) && !s.has(words(`\btests? (?:\w+ )?commented[- ]out\b|\bcommented[- ]out\b[^.;]{0,40}?\btests?\b`)) && (s.negated() || s.has(words(`\b(?:remove|delete|clean up|strip)\b`))) && !s.has(words(`\b(?:are|is) exempt\b|\bexcept\b|\bexempt\b`)) &&
				!commentedOutObserved(s)
		},
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Inexact:       true,
		Message:       "commented-out code",
		Suggestion:    "delete it: the history keeps it",
		Variants: withDocBlockGood(commentVariants(allCommentLangs(), "code", nil,
			[]string{"«%M result = compute(xs)»\n%M return result\n%D\n"},
			[]string{"%M Sum before tax: the caller adds it.\n%D\n", "%M See the docs for why this is needed.\n%D\n"}, false),
			"/**\n * Compares in constant time.\n * @package\n * @example\n *   total = compute(xs);\n */\n%D\n"),
	}
	commentDivider = &Entry{
		Name:  "comment-divider",
		Title: "a divider or banner comment",
		Names: func(s *sentence) bool {
			return mentionsComments(s) && (mentions(s, "divider", "banner", "separator", "section", "ascii", "decorative", "box", "heading") && s.has(dividerWordsRE)) && (aboutComments(s) || s.hasSpan("// ------", "// ======", "# ====", "# ----")) && (s.negated() || s.has(words(`\bremove\b`)))
		},
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Inexact:       true,
		Message:       "a divider comment",
		Suggestion:    "drop the divider; split the file or name things instead",
		Variants: commentVariants(allCommentLangs(), "divider", nil,
			[]string{"«%M ------------------»\n%D\n", "«%M ===== Helpers =====»\n%D\n"},
			[]string{"%M Helpers for dates.\n%D\n", "%M a -> b\n%D\n"}, false),
	}
	commentMultiline = &Entry{
		Name:  "comment-multiline-in-body",
		Title: "a comment of more than one line inside a function body",
		Names: func(s *sentence) bool {
			return aboutComments(s) && (mentions(s, "bod", "line comment") && s.has(multiBodyRE))
		},
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Message:       "a comment of more than one line inside a function body",
		Suggestion:    "keep it to one line, or move the explanation above the function",
		Variants: commentVariants(allCommentLangs(), "multiline", nil,
			[]string{"%I«%M Add them up in order so that»\n%I%M the error stays small.\n"},
			[]string{"%I%M Add them up in order.\n"}, true),
	}
	commentStacked = &Entry{
		Name:  "comment-stacked",
		Title: "a paragraph of prose stacked across line comments",
		Names: func(s *sentence) bool {
			return aboutComments(s) && (mentions(s, "stack", "consecutive", "block-style") && s.has(stackedRE)) && !s.hasSpan("///")
		},
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Inexact:       true,
		Message:       "a paragraph stacked across line comments",
		Suggestion:    "write it as one comment (one long line, or a block comment)",
		Variants: commentVariants(slashLangs, "stacked", nil,
			[]string{"«%M One paragraph written»\n%M across two lines.\n%D\n"},
			[]string{"%M One line.\n%D\n", "%M - first\n%M - second\n%D\n", "%M One.\n%M\n%M Two.\n%D\n"}, false),
	}
	commentStackedDoc = &Entry{
		Name:  "comment-stacked-doc",
		Title: "a doc comment stacked across /// lines",
		Names: func(s *sentence) bool {
			return aboutComments(s) && (mentions(s, "stack", "consecutive", "block-style") && s.has(stackedRE)) && s.hasSpan("///")
		},
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Inexact:       true,
		Message:       "a doc comment stacked across /// lines",
		Suggestion:    "write it as one /** */ block",
		Variants: commentVariants([]string{engine.LangRust, engine.LangCSharp}, "stacked", []string{"triple"},
			[]string{"«/// Opens the file and»\n/// reads it.\n%D\n"},
			[]string{"/// Opens the file.\n%D\n", "// One paragraph written\n// across two lines.\n%D\n"}, false),
	}
	commentBlock = &Entry{
		Name:          "comment-block",
		Title:         "a /* */ block comment where // is the rule",
		Names:         func(s *sentence) bool { return strings.Contains(s.norm, "/") && slashPreferred(s) == "//" },
		Warn:          func(s *sentence) bool { return s.has(onlyBlockIfRE) },
		ClaimPrefixes: []string{""},
		Message:       "a /* */ comment",
		Suggestion:    "write it with //",
		Variants: commentVariants(slashLangs, "block", nil,
			[]string{"«/* the key */»\n%D\n"},
			[]string{"/** The key. */\n%D\n", "%M the key\n%D\n", "/* eslint-disable no-console */\n"}, false),
	}
	commentLine = &Entry{
		Name:          "comment-line",
		Title:         "a // line comment where /* */ is the rule",
		Names:         func(s *sentence) bool { return strings.Contains(s.norm, "/") && slashPreferred(s) == "/*" },
		ClaimPrefixes: []string{""},
		Message:       "a // comment",
		Suggestion:    "write it as /* ... */",
		Variants: commentVariants([]string{engine.LangC, engine.LangCPP}, "line", nil,
			[]string{"%D «// bytes»\n"},
			[]string{"%D /* bytes */\nconst char *u = \"http://x\";\n"}, false),
	}
	commentDocBlock = &Entry{
		Name:  "comment-doc-block",
		Title: "a /** */ doc comment where the rule bans them",
		Names: func(s *sentence) bool {
			if !strings.Contains(s.norm, "jsdoc") && !strings.Contains(s.norm, "tsdoc") && !strings.Contains(s.norm, "/**") {
				return false
			}
			return s.negPhrase(words(`\b(?:jsdoc|tsdoc)(?: or (?:jsdoc|tsdoc))?(?:[- ]style)? (?:comments?|blocks?)\b|`+"`/\\*\\*(?: \\*/| \\.\\.\\. \\*/|\\.\\.\\.\\*/)?`")) ||
				s.has(words("\\bnever `/\\*\\*(?: \\*/| \\.\\.\\. \\*/)?`"))
		},
		ClaimPrefixes: []string{""},
		Message:       "a /** */ doc comment",
		Suggestion:    "write it as a line comment",
		Variants: commentVariants([]string{engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX, engine.LangRust}, "doc-block", nil,
			[]string{"«/** The key. */»\n%D\n"},
			[]string{"/* the key */\n%M the key\n%D\n"}, false),
	}
	commentTrailing = &Entry{
		Name:  "comment-trailing",
		Title: "a comment after code on its line",
		Names: func(s *sentence) bool {
			return aboutComments(s) && (mentions(s, "own line", "end of", "trailing", "same-line", "above the") && s.has(trailingBanRE)) && !s.has(trailingWantRE)
		},
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Message:       "a comment at the end of a line of code",
		Suggestion:    "put the comment on its own line above the code",
		Variants: commentVariants(allCommentLangs(), "trailing", nil,
			[]string{"%D «%M one»\n"},
			[]string{"%M One.\n%D\n"}, false),
	}
	commentTodoOwner = &Entry{
		Name:  "todo-owner",
		Title: "a TODO without an owner or issue in parentheses",
		Names: func(s *sentence) bool {
			return todoFormNamed(s) && (s.has(words("`todo\\(")) || s.has(words(`\b(?:owner|author|assignee|username|user name|name)\b`)))
		},
		ClaimPrefixes: []string{""},
		Message:       "a TODO without an owner or issue: write TODO(name) or TODO(#123)",
		Suggestion:    "say whose it is: TODO(name) or TODO(#123)",
		Variants: commentVariants(allCommentLangs(), "todo-owner", nil,
			[]string{"«%M TODO: retry»\n%D\n"},
			[]string{"%M TODO(alice): retry\n%M TODO(#12): retry\n%D\n"}, false),
	}
	commentTodoIssue = &Entry{
		Name:  "todo-issue",
		Title: "a TODO without an issue",
		Names: func(s *sentence) bool {
			return todoFormNamed(s) && !s.has(words("`todo\\(")) && !s.has(words(`\b(?:owner|author|assignee|username|user name)\b`)) && s.has(todoIssueOnlyRE)
		},
		ClaimPrefixes: []string{""},
		Message:       "a TODO without an issue",
		Suggestion:    "link the issue it waits for (#123 or its URL)",
		Variants: commentVariants(allCommentLangs(), "todo-issue", nil,
			[]string{"«%M TODO: retry»\n%D\n"},
			[]string{"%M TODO(#12): retry\n%M TODO: see https://example.com/issues/3\n%D\n"}, false),
	}
	goDocName = &Entry{
		Name:  "go-doc-name",
		Title: "a Go doc comment that does not start with the name it documents",
		Names: func(s *sentence) bool {
			return aboutComments(s) && mentions(s, "name") && s.has(words(`\b(?:start|starts|begin|begins|starting|beginning)\b[^.;]*\bwith (?:the )?name\b|\b(?:start|begin)s? with (?:its|the (?:item|function|type|symbol|identifier|declaration)(?:'s)?) name\b|\bcomment sentences? (?:should |must )?(?:start|begin) with\b`))
		},
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Message:       "the doc comment does not start with the name it documents",
		Suggestion:    "start it with the name: `// Open opens ...`",
		Variants: commentVariants([]string{engine.LangGo}, "unnamed", nil,
			[]string{"package p\n\n«// opens the file.»\nfunc Open() {}\n\n«// Store keeps it.»\ntype Cache struct{}\n"},
			[]string{"package p\n\n// Open opens the file.\nfunc Open() {}\n\n// A Cache keeps values.\ntype Cache struct{}\n\n// helper is here.\nfunc helper() {}\n\n// Deprecated: use Open.\nfunc Old() {}\n"}, false),
	}
	pyCommentNotDocstring = &Entry{
		Name:  "py-comment-not-docstring",
		Title: "a Python function or class documented by # comments above it instead of a docstring",
		Names: func(s *sentence) bool {
			return mentions(s, "docstring") && mentions(s, "#", "comment") && s.has(words("\\bdocstrings?\\b[^.;]*\\b(?:not|instead of|rather than|over)\\b[^.;]*(?:`#`|#|\\bcomments?\\b)"))
		},
		ClaimPrefixes: []string{""},
		Warn:          alwaysWarn,
		Message:       "documented by # comments above it, with no docstring",
		Suggestion:    "move the text into a docstring",
		Variants: commentVariants([]string{engine.LangPython}, "above-def", nil,
			[]string{"«# Opens the file.»\ndef open_file():\n    pass\n"},
			[]string{"def open_file():\n    \"\"\"Opens the file.\"\"\"\n\n\n# Opens it.\ndef f():\n    \"\"\"Opens it.\"\"\"\n\n\n# a section\n\nx = 1\n"}, false),
	}
	commentEnglish = &Entry{
		Name:       "comment-english",
		Title:      "a comment not written in English",
		Names:      func(s *sentence) bool { return strings.Contains(s.norm, "english") && s.has(englishRE) && !s.negated() },
		Warn:       alwaysWarn,
		Inexact:    true,
		Message:    "a comment in another language than English",
		Suggestion: "write the comment in English",
		Variants: func() []Variant {
			var out []Variant
			for _, l := range codeLangs {
				// one finding a line, from its first letter of another script to its
				// last; a comment in English that quotes a word of another script
				// (test data of a transliteration: "maps 'ghbdtn' to 'привет'") is
				// English (wild round 39, app-dev-panel)
				out = append(out, Variant{Lang: l, Regex: nonLatinRun, Where: "comments", SkipLines: latinCommentWords,
					Bad:  []string{commentSample(l, "%M «获取用户»\n%D\n"), commentSample(l, "%M «获取 user 的数据»\n%D\n")},
					Good: []string{commentSample(l, "%M Fetch the user.\n%D\n"), commentSample(l, "%M Maps the layout 'ghbdtn' to 'привет' here.\n%D\n")}})
			}
			return out
		}(),
	}
)

// todoFormNamed: the sentence sets the form of a TODO, not bans it ("TODOs must have an
// owner or issue", "`TODO(name)` or `TODO(#123)`", "No TODO without an issue").
func todoFormNamed(s *sentence) bool {
	if !strings.Contains(s.norm, "todo") {
		return false
	}
	if !s.has(words(`\btodos?\b`)) || !s.has(todoOwnerRE) {
		return false
	}
	// "NEVER use TODO(username)": a ban of the form, not the form required
	return !s.has(words("\\b(?:never|don't|do not|avoid)\\b[^.;]*`todo\\("))
}

// slashPreferred reads which comment syntax the sentence prescribes: "//" (use `//`,
// not `/* */`; line comments over block comments; "never `/* ... */`") or "/*" (`//`
// comments are not allowed; use only `/* */`), "" when it says neither.
func slashPreferred(s *sentence) string {
	t := s.norm
	if s.has(onlyBlockIfRE) {
		// "Only use `/*` if `//` makes the formatting too awkward": a ban of /* with
		// an exception left to judgement (commentBlock warns)
		return "//"
	}
	line := strings.Index(t, "`//`")
	blk := -1
	for _, b := range []string{"`/*`", "`/* */`", "`/* ... */`", "`/*...*/`", "`/* comments */`"} {
		if i := strings.Index(t, b); i >= 0 && (blk < 0 || i < blk) {
			blk = i
		}
	}
	if s.has(words(`\bline comments?\b[^.;]*\b(?:over|not|instead of|rather than)\b[^.;]*\bblock comments?\b|\bmulti-?line comments? (?:must|should) use ` + "`//`")) {
		return "//"
	}
	if s.has(words("\\b(?:never|don't use|do not use|avoid|no)\\b[^.;]*`/\\*(?: \\*/| \\.\\.\\. \\*/|\\.\\.\\.\\*/)?`")) && !s.has(words("`/\\*\\*")) {
		if line >= 0 || s.has(words(`\bcomments?\b`)) {
			return "//"
		}
	}
	if s.has(words("(?:^|[\\s,(])//(?: line)? comments? (?:are|is) not allowed|`//` comments? (?:are|is) not allowed|\\bno `//` comments?\\b|\\bnever use `//`|\\bc99(?:-style)? (?:line )?comments\\b|\\bonly `?/\\* comments \\*/`?|\\buse only `/\\*")) {
		return "/*"
	}
	if line >= 0 && blk >= 0 {
		first, second := "//", "/*"
		a, b := line, blk
		if blk < line {
			first, second, a, b = "/*", "//", blk, line
		}
		mid := t[a:b]
		if contrastRE.MatchString(mid) {
			if s.has(words(`\b(?:prefer|use)\b`)) {
				return first
			}
		}
		_ = second
	}
	return ""
}

var onlyBlockIfRE = lazyre.New("\\bonly use `/\\*`? (?:comments? )?(?:if|when)\\b")

// oneSentenceRE: a comment is one sentence or fragment at most ("one clause", "never
// two of them").
var oneSentenceRE = lazyre.New(`\bone (?:\w+ )?(?:clause|sentence|fragment)\b|\bnever two\b`)

var contrastRE = lazyre.New(`\b(?:over|not|instead of|rather than|never)\b|,\s*not\b`)

// emojiInCommentsOnly: the sentence bans emoji in comments, and names no other part of
// the code ("No emoji in comments"): a string's emoji is the program's output.
func emojiInCommentsOnly(s *sentence) bool {
	return s.has(words(`\bemojis? in (?:code )?comments\b|\bcomments?\b[^.;]*\bemojis?\b`)) && !s.has(words(`\b(?:source|files?|strings?|output|logs?|tests?|identifiers?|names?)\b|\bcode\b[^.;]*\bcomments?\b|\bcomments?\b[^.;]*\bcode\b`))
}

var noEmojiComments = &Entry{
	Name:  "no-emoji-comments",
	Title: "emoji in comments",
	Names: func(s *sentence) bool {
		return s.negPhrase(emojiWordRE) && emojiInCommentsOnly(s)
	},
	Message:    "emoji in a comment",
	Suggestion: "write it in words",
	Variants: func() []Variant {
		var out []Variant
		for _, l := range codeLangs {
			out = append(out, Variant{Lang: l, Regex: emojiClass, Where: "comments",
				Bad:  []string{commentSample(l, "%M «🚀» fast path\n%D\n")},
				Good: []string{commentSample(l, "%M fast path\n%D\n")}})
		}
		return out
	}(),
}

// commentedOutObserved: the sentence says where something is commented out, to look
// at it ("Don't assume MapStruct is active — check if annotations are commented out in
// starter/pom", violetsunny/inventory-middle, wild round 30), not that commented-out
// code must go.
func commentedOutObserved(s *sentence) bool {
	if s.has(words(`\b(?:check|see|verify|confirm|find out|look)\b (?:if|whether)\b[^.;]*\bcommented[- ]out\b`)) {
		return true
	}
	return s.has(words(`\b(?:is|are|was|were|been|stays?|remains?) commented[- ]out\b`)) && !s.has(words(`\b(?:remove|delete|clean up|strip|never|no)\b`))
}

// emojiClass matches an emoji: the pictographs of the supplementary planes, and of the
// symbols and dingbats of the basic plane only those Unicode lists as emoji (✅ ❌ ⚠ ✨
// ☕), not the arrows, stars and check marks typography uses (➞ ★ ✓; wild round 38).
const emojiClass = `[\x{1F300}-\x{1FAFF}\x{1F000}-\x{1F2FF}\x{2B50}\x{2B55}\x{2B05}-\x{2B07}\x{2B1B}\x{2B1C}` +
	`\x{2600}-\x{2604}\x{260E}\x{2611}\x{2614}\x{2615}\x{2618}\x{261D}\x{2620}\x{2622}\x{2623}\x{2626}\x{262A}\x{262E}\x{262F}` +
	`\x{2638}-\x{263A}\x{2640}\x{2642}\x{2648}-\x{2653}\x{265F}\x{2660}\x{2663}\x{2665}\x{2666}\x{2668}\x{267B}\x{267E}\x{267F}` +
	`\x{2692}-\x{2697}\x{2699}\x{269B}\x{269C}\x{26A0}\x{26A1}\x{26A7}\x{26AA}\x{26AB}\x{26B0}\x{26B1}\x{26BD}\x{26BE}\x{26C4}\x{26C5}` +
	`\x{26C8}\x{26CE}\x{26CF}\x{26D1}\x{26D3}\x{26D4}\x{26E9}\x{26EA}\x{26F0}-\x{26F5}\x{26F7}-\x{26FA}\x{26FD}` +
	`\x{2702}\x{2705}\x{2708}-\x{270D}\x{270F}\x{2712}\x{2714}\x{2716}\x{271D}\x{2721}\x{2728}\x{2733}\x{2734}\x{2744}\x{2747}` +
	`\x{274C}\x{274E}\x{2753}-\x{2755}\x{2757}\x{2763}\x{2764}\x{2795}-\x{2797}\x{27A1}\x{27B0}\x{27BF}]`

// nonLatinRun is a stretch of a line from two letters of a script other than Latin to
// the last such letter (single letters are a mapping's data: "f→а, i→ш");
// latinCommentWords, three Latin words after a comment's marker.
const (
	nonLatinScripts   = `\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}\p{Cyrillic}\p{Arabic}\p{Hebrew}\p{Thai}\p{Devanagari}`
	nonLatinRun       = `[` + nonLatinScripts + `]{2}(?:.*[` + nonLatinScripts + `])?`
	latinCommentWords = `(?://|#|/\*|^\s*\*|--)[^\n]*?[A-Za-z]{2,}\W+[A-Za-z]{2,}\W+[A-Za-z]{2,}`
)
