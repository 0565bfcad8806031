package norm

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Documentation: the form of docstrings ("A docstring summary must occupy one line and
// end with a period", "If a docstring contains a backslash, it must be a raw string"),
// words banned from documentation prose ("Do not use contractions in documentation",
// "Avoid 'we' in code comments") and the underlines of reStructuredText headings.

// DocForm is one documentation rule a sentence states. Kind is "docstring" or
// "prose"; the other fields are those of the check.
type DocForm struct {
	Kind, Check string
	// docstring checks
	Quote                  string
	OneLine, Period, Capit bool
	Open, Close            bool
	Section                string
	Headings               []string
	Owners                 []string
	// prose checks: Words are banned words or phrases as written; Contractions bans
	// English contractions; In are the regions ("docs", "docstrings", "comments");
	// Except names the documents left out ("tutorials").
	Words        []string
	Contractions bool
	// Style names a form of prose the sentence asks for, whose violations heed
	// knows: "em-dash-spaced", "en-dash-unspaced", "ie-eg-comma", "iso-date",
	// "24-hour", "american".
	Style string
	// Levels are the characters of reStructuredText heading levels, in order.
	Levels []string
	// Markup: the style is judged on the markup, inline code kept (MarkupStyle).
	Markup bool
	// Max is a length limit (doctest-width).
	Max    int
	In     []string
	Except []string
	Exact  bool
}

func docRE(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

var (
	docstringWordRE = docRE(`(?i)\bdocstrings?\b`)
	docProseWordRE  = docRE(`(?i)\b(?:documentation|docs|narrative|prose|comments?|docstrings?|tutorials?|guides?)\b`)
	docWishRE       = docRE(`(?i)\b(?:if|when|whenever|in case) you (?:(?:also |only |just |really )?(?:want|wish|need|prefer|care)|would (?:rather|like|prefer)|'d (?:rather|like|prefer))\b`)
	docNegRE        = docRE(`(?i)\b(?:do not|don't|never|avoid|must not|should not|no)\b`)
	docTripleDQRE   = docRE("(?i)\\btriple[- ]double[- ]quot|\\buse `\"\"\"`|`\"\"\"` (?:for|around)")
	docRawRE        = docRE(`(?i)\b(?:backslash(?:es)?|latex)\b.*\braw\b|\braw\b.*\b(?:backslash(?:es)?|latex)\b`)
	docSummaryRE    = docRE(`(?i)\b(?:summary|summary line|subject line|first line)\b`)
	docOneLineRE    = docRE(`(?i)\b(?:occupy|fit on|fits on|be|on) (?:a single|one) line\b|\bone-line summary\b|\bsingle-line summary\b`)
	docPeriodRE     = docRE(`(?i)\bend (?:it |them |with )?(?:with )?a (?:period|full stop)\b|\bends? with a (?:period|full stop)\b|\bsingle-sentence summary\b`)
	docCapitalRE    = docRE(`(?i)\b(?:start|begin)s? (?:\w+ ){0,3}with a capital letter\b`)
	docBlankSumRE   = docRE(`(?i)\bblank line\b.*\b(?:after the summary|after the (?:subject|first) line|from (?:its|the) (?:subject|summary|first) line)\b|\bseparate\b.*\bfrom (?:its|the) (?:subject|summary|first) line with a blank line\b`)
	docQuoteLinesRE = docRE(`(?i)\bopening and closing quotes of a multi-?line docstring on their own lines?\b|\bclosing quotes of a multi-?line docstring on (?:a|their|its) own line\b`)
	docOneLineQRE   = docRE(`(?i)\bquotes of a (?:single|one)-line docstring on the same line\b`)
	docBlankCloseRE = docRE(`(?i)\bblank line (?:immediately )?before (?:its|the) closing quotes\b`)
	docSectionRE    = docRE("(?i)\\b(?:every|each|all|a) (?:public )?docstrings? must (?:contain|have|include) an? `?([A-Z][a-z]+)`? section\\b")
	docUnderlineRE  = docRE(`(?i)\bsection headings?\b.*\bunderlined?\b.*\bsame (?:number|length)\b`)
	docPluralRE     = docRE("(?i)\\bsection names?\\b.*\\bplural `([A-Z][a-z]+s)`")
	docPresentRE    = docRE(`(?i)^(?:give|add|provide|write) (?:every|each|all) public ((?:(?:classes|class|methods?|functions?|modules?)(?:, | and |, and | or )?)+) (?:an? )?(?:informative |clear |short )?docstrings?\b|\b(?:every|each|all) public ((?:(?:classes|class|methods?|functions?|modules?)(?:, | and |, and | or )?)+) (?:must|should) (?:have|get|carry) (?:an? )?docstrings?\b`)
	docParamsRE     = docRE("(?i)\\bparameters?\\b.*\\bdocstring must include an? `?Parameters`? section\\b|\\bdocument (?:every|all|each) parameters? in an? `?Parameters`? section\\b")
	docMarkdownRE   = docRE(`(?i)\bdocstrings? (?:should|must) (?:use|be written in) (?:reStructuredText|rest|rst)\b[^.]*\bnot markdown\b|\bno markdown in docstrings\b`)
	docContractRE   = docRE(`(?i)^(?:do not|don't|never|avoid)(?: using| use)? contractions\b`)
	docWordNounRE   = docRE(`(?i)\b(?:words?|terms?|phrases?|pronouns?|wording|expressions?)\b`)
	docWordsListRE  = docRE(`(?i)^(?:do not|don't|never|avoid) (?:(?:use |using |say |write )(?:the )?(?:[\w-]+ )?(?:(?:words?|terms?|phrases?|pronouns?)\b)?(?: such as| like)?[: ]*|(?:the )?(?:[\w-]+ )?(?:words?|terms?|phrases?|pronouns?)\b(?: such as| like)?[: ]*)(["'“‘` + "`" + `].*)$`)
	// docCodeNounRE: the things of code a sentence may speak of, whose spans are code.
	docCodeNounRE  = docRE(`(?i)\b(?:statements?|identifiers?|type parameters?|generics?|variables?|functions?|methods?|classes|structs?|enums?|imports?|modules?|crates?|macros?|traits?|fields?|arguments?)\b`)
	docInsteadRE   = docRE(`(?i)\b(?:instead of|rather than) (.*)$`)
	docQuotedRE    = docRE("[\"'“‘`]([A-Za-z][A-Za-z /-]{0,30}?)[\"'”’`]")
	docTutorialRE  = docRE(`(?i)\b(?:outside|except in|other than in) (?:the )?tutorials?\b`)
	docHeadUnderRE = docRE(`(?i)\bheading'?s? underline\b|\bsection heading underline\b|\bunderline[^.]*\bheading text\b`)
	docAtLeastRE   = docRE(`(?i)\bat least as long\b`)
	docSameLenRE   = docRE(`(?i)\bsame length\b`)
	docPartRE      = docRE(`(?i)\bin (?:a|an|the|each|every) (?:[\w-]+ ){0,3}(?:titles?|headings?|captions?|names?|labels?|summar(?:y|ies))\b`)
	docWriteRstRE  = docRE(`(?i)^write (?:all |your )?docstrings in (?:reStructuredText|rest|rst)[.]?$`)
	docNumpydocRE  = docRE(`(?i)^write (?:all |your )?docstrings (?:in|that conform to|following|according to) (?:the )?(?:numpydoc|numpy)(?: docstring)? (?:format|style|guide|conventions?)[.]?$`)
	docIssueRefsRE = docRE(`(?i)^(?:do not|don't|never) reference (?:github )?(?:issue|pr|pull request)s?(?: or (?:pr|pull request|issue)s?)? (?:numbers|ids|links|urls)(?: or (?:links|urls))?\b[^.]*\b(?:code|codebase|source|comments?)\b`)
	docMdTablesRE  = docRE(`(?i)^(?:do not|don't|never) use markdown tables\b`)
	docSlashRE     = docRE(`^([a-z]+)/([a-z]+)\b`)
	docPlainWordRE = docRE(`^[A-Za-z]+$`)
	// "A doctest input longer than 80 characters must be wrapped ..."
	docDoctestWidthRE = docRE(`(?i)\bdoctest (?:input|lines?|inputs)\b[^.]*?\blonger than (\d{2,3}) characters\b[^.]*\bwrap`)
	// "A typed parameter entry must format its separator as `name : type`"
	docParamSepRE = docRE(`(?i)\bparameter\b[^.]*\bseparator\b[^.]*` + "`name : type`" + `|\bparameters? (?:entries|as) ` + "`name : type`")
	// "An Examples section must contain a blank line immediately before its first doctest"
	docBlankDoctestRE = docRE(`(?i)\ban? ` + "`?" + `([A-Z][a-z]+)` + "`?" + ` section must (?:contain|have) a blank line (?:immediately )?before its first doctest\b`)
	// heading levels: "`*` ... for chapters, `=` for sections, `-` for subsections"
	docLevelRE     = docRE("(?:`([*=\\-~^\"#+.'_:])`|(?:^|[\\s,:;(])([*=~^\"#+]|-)(?:\\s+(?:with |and )?(?:an )?overline)?)\\s+(?:with an overline\\s+|and an overline\\s+)?for (?:the )?(?:chapters?|parts?|headings?|sections?|subsections?|subsubsections?|sub-subsections?|paragraphs?|titles?|document titles?)\\b")
	docLevelWordRE = docRE(`(?i)\b(?:heading|section)s?\b.*\blevels?\b|\bsection levels\b|\bfor chapters\b`)
	docEmDashRE    = docRE(`(?i)\bem[- ]dash(?:es)?\b`)
	docEnDashRE    = docRE(`(?i)\bunspaced en[- ]dash\b.*\branges?\b`)
	docIEEGRE      = docRE(`(?i)` + "`?" + `i\.e\.` + "`?" + `\s*(?:and|or)\s*` + "`?" + `e\.g\.` + "`?" + `[^.]*\bcomma\b`)
	docISODateRE   = docRE(`(?i)\bdates?\b[^.]*\biso[- ]?8601\b`)
	docTimesRE     = docRE(`(?i)\btimes?\b[^.]*\b24-hour\b`)
	docAmericanRE  = docRE(`(?i)\bamerican (?:english )?spelling\b|\bspell\b[^.]*-ize\b[^.]*\bamerican\b|\b-ize\b[^.]*\bnot\b[^.]*-ise\b`)
)

// DocForms reads the documentation rules a sentence states; heading is the heading
// path it stands under, which may be what makes a word ban one of documentation
// ("## Documentation" + "Do not use belittling words such as ...").
func DocForms(text, heading string) []DocForm {
	text = strings.Join(strings.Fields(text), " ")
	text = strings.ReplaceAll(text, "``", "`")
	var out []DocForm
	ds := func(f DocForm) { f.Kind = "docstring"; out = append(out, f) }
	if m := docDoctestWidthRE().FindStringSubmatch(text); m != nil {
		return []DocForm{{Kind: "docstring", Check: "doctest-width", Max: atoiN(m[1])}}
	}
	if docParamSepRE().MatchString(text) {
		return []DocForm{{Kind: "docstring", Check: "param-separator"}}
	}
	if m := docBlankDoctestRE().FindStringSubmatch(text); m != nil {
		return []DocForm{{Kind: "docstring", Check: "blank-before-doctest", Section: m[1]}}
	}
	if docstringWordRE().MatchString(text) {
		switch {
		case docRawRE().MatchString(text):
			ds(DocForm{Check: "raw-backslash"})
		case docTripleDQRE().MatchString(text) && !docNegRE().MatchString(text):
			ds(DocForm{Check: "quotes", Quote: `"""`})
		case docQuoteLinesRE().MatchString(text):
			f := DocForm{Check: "quote-lines", Close: true}
			f.Open = strings.Contains(strings.ToLower(text), "opening and closing")
			ds(f)
		case docOneLineQRE().MatchString(text):
			ds(DocForm{Check: "one-line"})
		case docBlankCloseRE().MatchString(text):
			ds(DocForm{Check: "blank-before-close"})
		case docBlankSumRE().MatchString(text):
			ds(DocForm{Check: "blank-after-summary"})
		case docSummaryRE().MatchString(text) || docCapitalRE().MatchString(text):
			f := DocForm{Check: "summary", OneLine: docOneLineRE().MatchString(text), Period: docPeriodRE().MatchString(text), Capit: docCapitalRE().MatchString(text)}
			if f.OneLine || f.Period || f.Capit {
				ds(f)
			}
		case docUnderlineRE().MatchString(text):
			ds(DocForm{Check: "section-underline"})
		case docPluralRE().MatchString(text):
			m := docPluralRE().FindStringSubmatch(text)
			ds(DocForm{Check: "heading-forbid", Headings: []string{strings.TrimSuffix(m[1], "s") + "=" + m[1]}})
		case docParamsRE().MatchString(text):
			ds(DocForm{Check: "parameters"})
		case docMarkdownRE().MatchString(text) || docWriteRstRE().MatchString(text):
			ds(DocForm{Check: "no-markdown"})
		case docNumpydocRE().MatchString(text):
			ds(DocForm{Check: "numpydoc"})
		case docSectionRE().MatchString(text):
			ds(DocForm{Check: "section", Section: docSectionRE().FindStringSubmatch(text)[1]})
		case docPresentRE().MatchString(text):
			m := docPresentRE().FindStringSubmatch(text)
			ds(DocForm{Check: "present", Owners: docOwners(m[1] + m[2])})
		}
		if len(out) > 0 {
			return out
		}
	}
	if st, in, noMD := MarkupStyle(text); st != "" {
		f := DocForm{Kind: "prose", Check: "words", Style: st, In: in, Markup: true}
		if noMD {
			f.Except = []string{"markdown"}
		}
		return []DocForm{f}
	}
	if docIssueRefsRE().MatchString(text) {
		return []DocForm{{Kind: "prose", Check: "words", Style: "issue-refs", In: []string{"docstrings", "comments"}}}
	}
	if docMdTablesRE().MatchString(text) {
		return []DocForm{{Kind: "prose", Check: "words", Style: "md-tables", In: []string{"docs"}}}
	}
	if lv := headingLevels(text); len(lv) >= 2 {
		return []DocForm{{Kind: "prose", Check: "heading-levels", Levels: lv}}
	}
	if st := proseStyle(text); st != "" && (docProseWordRE().MatchString(text) || docProseWordRE().MatchString(heading)) {
		return []DocForm{{Kind: "prose", Check: "words", Style: st, In: docRegions(text)}}
	}
	if docHeadUnderRE().MatchString(text) && (docAtLeastRE().MatchString(text) || docSameLenRE().MatchString(text)) {
		return []DocForm{{Kind: "prose", Check: "heading-underline", Exact: !docAtLeastRE().MatchString(text)}}
	}
	if !docProseWordRE().MatchString(text) && !docProseWordRE().MatchString(heading) {
		return nil
	}
	// "the word demo in a gallery example title": a part of a page heed cannot find
	if docPartRE().MatchString(text) {
		return nil
	}
	if !docProseWordRE().MatchString(text) && docCodeNounRE().MatchString(text) {
		// "Use descriptive names for type parameters ... instead of single letters"
		// under "## Guides > Generic Parameter Naming": the heading's "guides" is no
		// place, and the sentence speaks of code; its spans (`T`, `use`) are code
		return nil
	}
	if docWishRE().MatchString(text) {
		// "use `squash` instead of `fixup` if you want to edit the message": a
		// choice for a reader who wants something, not a standing rule of wording
		return nil
	}
	in := docRegions(text)
	var except []string
	if docTutorialRE().MatchString(text) {
		except = []string{"tutorials"}
	}
	if docContractRE().MatchString(text) {
		return []DocForm{{Kind: "prose", Check: "words", Contractions: true, In: in, Except: except}}
	}
	var words []string
	if loc := docInsteadRE().FindStringSubmatchIndex(text); loc != nil && !docNegRE().MatchString(text) && wordsNotDoing(text[loc[2]:loc[3]]) {
		// "use `they` instead of `he` or `she`": a word for words, both sides words
		if use := quotedWords(lastWords(text[:loc[0]])); len(use) > 0 && allPlain(use) {
			words = quotedWords(text[loc[2]:loc[3]])
			if strings.Contains(text[loc[2]:loc[3]], "`") && !docWordNounRE().MatchString(text) && !docProseWordRE().MatchString(text) &&
				strings.Contains(strings.ToLower(heading), "code") {
				// "Use `unknown` instead of `any` when receiving untyped input" under
				// "Code Style and Conventions": code spans name code (types, calls),
				// not wording, unless the sentence speaks of words or documents
				// (tsparticles, wild round 30)
				words = nil
			}
		}
	} else if m := docWordsListRE().FindStringSubmatchIndex(text); m != nil {
		quoted := text[m[2]:m[3]]
		// "never use `any` without a comment": a code span names code, not wording,
		// unless the sentence says it quotes words ("avoid the words `just`"); and
		// "redundant "echo" comments" names a kind of comment, not a word
		if (!strings.HasPrefix(quoted, "`") || docWordNounRE().MatchString(strings.TrimSuffix(text, quoted))) && !docKindAfterRE().MatchString(quoted) {
			words = quotedWords(quoted)
		}
	}
	for _, w := range words {
		if !docPlainWordRE().MatchString(w) {
			return nil // code, commands and phrases are not the words of prose
		}
	}
	if len(words) == 0 {
		return nil
	}
	return []DocForm{{Kind: "prose", Check: "words", Words: words, In: in, Except: except}}
}

// proseStyle names the form of prose a sentence asks for, when heed knows its
// violations.
func proseStyle(text string) string {
	l := strings.ToLower(text)
	switch {
	case docEmDashRE().MatchString(text) && (strings.Contains(l, "either side") || strings.Contains(l, "without space") || strings.Contains(l, "spaced em") || strings.Contains(l, "space on each side") || strings.Contains(l, "spaces around")):
		if strings.Contains(l, "unspaced") || strings.Contains(l, "no space") || strings.Contains(l, "without space") || strings.Contains(l, "not spaced") {
			return "em-dash-unspaced"
		}
		return "em-dash-spaced"
	case docEnDashRE().MatchString(text):
		return "en-dash-unspaced"
	case docIEEGRE().MatchString(text):
		return "ie-eg-comma"
	case docISODateRE().MatchString(text):
		return "iso-date"
	case docTimesRE().MatchString(text):
		return "24-hour"
	case docAmericanRE().MatchString(text):
		return "american"
	}
	return ""
}

// headingLevels reads the characters a sentence gives reStructuredText heading
// levels, in the order written: "`*` with an overline for chapters, `=` for sections".
func headingLevels(text string) []string {
	if !docLevelWordRE().MatchString(text) && !strings.Contains(strings.ToLower(text), "rest") && !strings.Contains(strings.ToLower(text), "heading") {
		return nil
	}
	var out []string
	for _, m := range docLevelRE().FindAllStringSubmatch(text, -1) {
		c := m[1] + m[2]
		if c != "" && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// docKindAfterRE: the first quoted word is an adjective of the kind of text that
// follows it ("echo" comments, "magic" numbers, "TODO" notes).
var docKindAfterRE = docRE(`(?i)^["“'‘` + "`" + `][^"”'’` + "`" + `]+["”'’` + "`" + `]\s*(?:comments?|docstrings?|notes?|messages?|code|numbers?|strings?|functions?|methods?|names?|tests?|blocks?|statements?|variables?|values?|errors?)\b`)

// quotedWords are the words a clause quotes: "such as “obviously”, “just”", "`he` or
// `she`", "he/she constructions".
func quotedWords(clause string) []string {
	var out []string
	for _, m := range docQuotedRE().FindAllStringSubmatch(clause, -1) {
		for _, w := range strings.Split(m[1], "/") {
			if w = strings.TrimSpace(w); w != "" {
				out = append(out, w)
			}
		}
	}
	if len(out) == 0 {
		// "rather than he/she constructions", "with they/their/them"
		if m := docSlashRE().FindStringSubmatch(lastSlash(clause)); m != nil {
			out = append(out, m[1], m[2])
		}
	}
	return out
}

// lastWords is the end of a clause: what comes after its last comma.
func lastWords(s string) string {
	if i := strings.LastIndexAny(s, ",;:"); i >= 0 {
		return s[i+1:]
	}
	return s
}

// lastSlash is the clause from its first slash-joined word list on.
func lastSlash(s string) string {
	for _, w := range strings.Fields(s) {
		if strings.Contains(w, "/") {
			return strings.TrimRight(w, ".,;")
		}
	}
	return strings.TrimSpace(s)
}

func allPlain(ws []string) bool {
	for _, w := range ws {
		if !docPlainWordRE().MatchString(w) {
			return false
		}
	}
	return true
}

// docRegions are the regions a sentence names: comments, docstrings, or documentation
// (docs files and docstrings).
func docRegions(text string) []string {
	l := strings.ToLower(text)
	switch {
	case strings.Contains(l, "code comment") || strings.Contains(l, "in comments"):
		return []string{"comments"}
	case strings.Contains(l, "docstring") && !strings.Contains(l, "documentation"):
		return []string{"docstrings"}
	case strings.Contains(l, "narrative"):
		return []string{"docs"}
	}
	return []string{"docs", "docstrings"}
}

func docOwners(list string) []string {
	l := strings.ToLower(list)
	var out []string
	if strings.Contains(l, "class") {
		out = append(out, "class")
	}
	switch {
	case strings.Contains(l, "function"):
		out = append(out, "def")
	case strings.Contains(l, "method"):
		out = append(out, "method")
	}
	if strings.Contains(l, "module") {
		out = append(out, "module")
	}
	return out
}

// recordDescriptionRE: words that describe a linked document as a record of findings
// or a plan rather than rules of the code ("analysis only — nothing in it has been
// implemented", "Status: specification only").
var recordDescriptionRE = lazyre.New(`(?i)\b(?:analysis only|analysis and design only|design only|specification only|for reference only|nothing (?:in it )?(?:has been |was |is )?implemented|not (?:yet )?implemented|implementation not (?:yet )?started|historical record)\b`)

// DescribesRecord reports text that describes the documents it links to as records
// of findings or plans: their sentences are no rules of the code as it is.
func DescribesRecord(text string) bool { return recordDescriptionRE.MatchString(text) }

// wordsNotDoing: the phrase after "instead of" names words ("instead of `he`",
// "rather than boolean"), not a doing ("rather than assuming `PATH`").
func wordsNotDoing(phrase string) bool {
	f := strings.Fields(phrase)
	return len(f) == 0 || !(len(f[0]) > 4 && strings.HasSuffix(strings.ToLower(f[0]), "ing"))
}
