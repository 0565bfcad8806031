package source

import (
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// sentence is a constraint prepared for the source recognisers.
type sentence struct {
	c *policy.Constraint
	// norm is the text in lower case with white space folded, code spans kept verbatim
	// in single backticks (reStructuredText ``x`` and :role:`x` become `x`).
	norm string
	// spans are the code spans, in order, verbatim.
	spans []string
	// header is the header path in lower case, joined with " > ".
	header string
	// headerRaw is the header path as written (case matters for "Go").
	headerRaw string
	bansCache []ban
	// places caches norm.DefinitionPlaces of the text, read by every ban's rule
	places     []string
	placesRead bool
	// inferred: the text was restated as an API convention (norm.APIConvention) with
	// something it does not spell; its bans warn.
	inferred bool
	// itemLead is the leading scope phrase of an earlier clause of the same list item
	// ("In Python code," of "In Python code, use `logging`; never `print()`."): the
	// language, tests or production code it names hold for this clause too.
	itemLead string
	// defaultLead: an earlier clause of the same list item opens with "Default:" or
	// "By default" ("**Default:** rely on language packs. Do **not** call
	// `load_plugin_textdomain()`."): the ban is the default, which another case
	// may lift.
	defaultLead bool
	// afterBan: an earlier sentence of the same line prohibits ("Don't use X's
	// default export; use `Y` directly"): this one names the way round it, not the
	// ban a "Don'ts" heading makes of a plain "use"
	afterBan bool
	// lineAfter is the constraint cut from the same line after this one ("Do not use
	// `http.Get` directly; use the `httpx` package"): where a ban's last clause is
	// followed by the way round it (lineAfterClause).
	lineAfter *policy.Constraint
	// construct is what the catalogue entry being compiled finds ("a React class
	// component"): a subject that names it is no part of the code (kindPlace).
	construct string
}

var (
	rstRoleRE   = lazyre.New(":(?:meth|func|class|attr|mod|obj|data|exc|py:[a-z]+):`~?([^`]+)`")
	rstDoubleRE = lazyre.New("``([^`]+)``")
	spanRE      = lazyre.New("`+([^`]+)`+")
)

func newSentence(c *policy.Constraint) *sentence {
	text := c.Text
	// :meth:`~unittest.TestCase.assertRaises` reads as the method assertRaises.
	text = rstRoleRE.ReplaceAllStringFunc(text, func(m string) string {
		sub := rstRoleRE.FindStringSubmatch(m)
		name := sub[1]
		if strings.HasPrefix(m, ":meth:") {
			if i := strings.LastIndexByte(name, '.'); i >= 0 {
				name = name[i:]
			}
			if !strings.HasSuffix(name, ")") {
				name += "()"
			}
		}
		return "`" + name + "`"
	})
	text = rstDoubleRE.ReplaceAllString(text, "`$1`")
	text = spanPlainCalls(text)
	s := &sentence{c: c}
	// "In tests, prefer assertRaisesMessage() over assertRaises()": the convention in
	// the form the readers below read
	text, s.inferred = norm.APIConvention(text)
	var b strings.Builder
	last := 0
	for _, m := range spanRE.FindAllStringSubmatchIndex(text, -1) {
		b.WriteString(strings.ToLower(text[last:m[0]]))
		span := strings.TrimSpace(text[m[2]:m[3]])
		s.spans = append(s.spans, span)
		b.WriteString("`" + span + "`")
		last = m[1]
	}
	b.WriteString(strings.ToLower(text[last:]))
	s.norm = foldSpace(b.String())
	s.headerRaw = strings.Join(c.HeaderPath, " > ")
	s.header = strings.ToLower(s.headerRaw)
	return s
}

// defaultLabelRE: a clause that opens as the default case ("Default:", "Default
// behaviour:", "By default,").
var defaultLabelRE = lazyre.New(`(?i)^\W*(?:default(?:\s+behaviou?r)?\s*\**\s*:|by\s+default\b)`)

// itemSentence is the sentence of a constraint read as the recognisers read it: with
// the scope phrase that leads an earlier clause of its list item (the extractor cuts
// an item at its semicolons, and the scope said once at its head holds for the rest).
func itemSentence(c *policy.Constraint, rc *recognize.RepoContext) *sentence {
	if t := norm.SpanPronouns(c.Text, bannableSpan); t != c.Text {
		// "`legacyFetch()` leaks sockets. Never call it.": the ban names the call
		pc := *c
		pc.Text = t
		c = &pc
	}
	if t := norm.ElidedBans(c.Text); t != c.Text {
		// "Tests may use `any`; production code may not.": the ban with its verb
		pc := *c
		pc.Text = t
		c = &pc
	}
	next := nextConstraint(c, rc)
	if joined := withNarrowingChildren(c, rc, next); joined != c.Text {
		// "- No `unwrap()`" over "  - in `src/lib.rs` ...; the binaries may
		// unwrap": the nested item finishes the ban's sentence
		jc := *c
		jc.Text = joined
		c = &jc
	}
	s := newSentence(c)
	for _, o := range rc.EarlierOnLine(c) {
		if strings.Contains(strings.ToLower(o.Text), "default") && defaultLabelRE.MatchString(o.Text) {
			s.defaultLead = true
		}
		if newSentence(o).negated() {
			s.afterBan = true
		}
		lead := leadingForRE.FindString(newSentence(o).prose())
		if lead != "" && leadingScopeRE.MatchString(lead) {
			s.itemLead = strings.TrimSpace(s.itemLead + " " + strings.TrimSuffix(lead, ","))
		}
	}
	if next != nil && next.Line == c.Line {
		s.lineAfter = next
	}
	return s
}

// withNarrowingChildren is a list item's text (next: the constraint after it) with the
// nested items under it that
// narrow it: one that goes on with a place or an exception ("in `src/lib.rs` ...",
// "except in `scripts/`") joins the sentence; one that permits or excepts in a
// sentence of its own ("`any` is fine in test mocks") follows it. A lead-in ("Never
// use:") has items of its own, read as such.
func withNarrowingChildren(c *policy.Constraint, rc *recognize.RepoContext, next *policy.Constraint) string {
	text := strings.TrimSpace(c.Text)
	if text == "" || strings.HasSuffix(text, ":") || next == nil || next.Context != c.Text {
		return c.Text // (most items have no nested item: nothing to look for)
	}
	for _, o := range rc.Following(c, 4) {
		if o.Context != c.Text || o.Line <= c.Line {
			continue
		}
		child := strings.TrimSpace(o.Text)
		low := strings.ToLower(child)
		if !placesOnly(child) && !strings.HasPrefix(low, "except ") && !strings.HasPrefix(low, "unless ") {
			// "in `useEffect` hooks": a place of code, which heed reads in the
			// sentence's own words only
			continue
		}
		switch {
		case norm.ContinuesWithPlace(low):
			text = strings.TrimRight(text, ".") + " " + child
		case norm.StatesException(low) || norm.PermissionAt(low) >= 0:
			text = strings.TrimRight(text, ".") + ". " + child
		}
	}
	return text
}

// nextConstraint is the constraint after c in the instruction set, nil when there is
// none.
func nextConstraint(c *policy.Constraint, rc *recognize.RepoContext) *policy.Constraint {
	if rc == nil || c.ID == "" {
		return nil
	}
	for i := range rc.Constraints {
		if rc.Constraints[i].ID == c.ID {
			if i+1 < len(rc.Constraints) && rc.Constraints[i+1].File == c.File {
				return &rc.Constraints[i+1]
			}
			return nil
		}
	}
	return nil
}

// lineAfterClause is the first clause of the constraint cut from the same line after
// the sentence's, "" when there is none.
func (s *sentence) lineAfterClause() string {
	if s.lineAfter == nil {
		return ""
	}
	if cls := newSentence(s.lineAfter).clauses(); len(cls) > 0 {
		return cls[0]
	}
	return ""
}

// placesOnly reports a text whose code spans are all paths (`src/lib.rs`,
// `scripts/`) and that names one at least, or names the tests or binaries in words.
func placesOnly(text string) bool {
	spans := recognize.CodeSpans(text)
	for _, sp := range spans {
		if _, ok := pathGlob(sp); !ok {
			return false
		}
	}
	low := strings.ToLower(text)
	return len(spans) > 0 || strings.Contains(low, "test") || strings.Contains(low, "binar")
}

// scopeProse is the prose the scope readers read: the item's leading scope phrase
// and the sentence's own prose.
func (s *sentence) scopeProse() string {
	if s.itemLead == "" {
		return s.prose()
	}
	return s.itemLead + ", " + s.prose()
}

func foldSpace(s string) string {
	// Fold white space outside code spans only.
	var b strings.Builder
	in := false
	space := false
	for _, r := range s {
		if r == '`' {
			in = !in
		}
		if !in && (r == ' ' || r == '\n' || r == '\t' || r == '\r') {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// prose is the normalised text with code spans replaced by "CODE".
func (s *sentence) prose() string { return spanRE.ReplaceAllString(s.norm, "CODE") }

// has reports whether the normalised text matches the pattern.
func (s *sentence) has(re *lazyre.RE) bool { return re.MatchString(s.norm) }

// hasSpan reports whether a code span equals one of the given texts.
func (s *sentence) hasSpan(texts ...string) bool {
	for _, sp := range s.spans {
		for _, t := range texts {
			if sp == t {
				return true
			}
		}
	}
	return false
}

// negWords are the words that make a clause a prohibition.
const negWords = `(?:never|don't|do not|dont|avoid|avoiding|no|must not|mustn't|shouldn't|should not|cannot|can't|forbid|forbidden|ban|banned|disallow|disallowed|prohibit|prohibited|stop using|refrain from|not allowed|isn't allowed|is not allowed|nor)`

var negRE = lazyre.New(`\b` + negWords + `\b`)

// headerBans reports a header that turns its items into prohibitions ("## Do Not",
// "Anti-Patterns", "Don'ts").
var headerBanRE = lazyre.New(`(?:^|> )[^\pL\pN>]*(?:do not|don'?ts?|never|avoid|anti-?patterns?|forbidden|prohibited|what not to do|things to avoid|(?:forbidden|prohibited|banned) (?:patterns?|practices|constructs|apis|calls|functions|code))\s*$`)

func (s *sentence) headerBans() bool { return headerBanRE.MatchString(s.header) }

// negated reports whether the prose forbids something (or sits under a "Do Not" header).
func (s *sentence) negated() bool {
	p := s.prose()
	if strings.Contains(p, "deviat") || strings.Contains(p, "diverge") || strings.Contains(p, "mistake") {
		// "`.js` extension on relative imports — do not deviate": the negation
		// keeps the form the sentence states
		p = affirmingNegationRE.ReplaceAllString(p, "")
	}
	return negRE.MatchString(p) || s.headerBans()
}

// affirmingNegationRE: a negation that affirms what the sentence states ("do not
// deviate", "not a mistake").
var affirmingNegationRE = lazyre.New(`(?i)\b(?:do not|don't|dont|never|must not|should not)\s+(?:deviate|diverge)\b|\bnot a mistake\b|\bwithout deviation\b`)

// soft qualifiers make a prohibition a preference: the rule warns and is inexact.
var softRE = lazyre.New(`\b(?:prefer|preferably|avoid|unless|where possible|wherever possible|(?:where|wherever|when|whenever|if) you can|whenever possible|when possible|if possible|where practical|try to|try hard|generally|usually|typically|in most cases|in general|ideally|should|should not|shouldn't|recommended|discouraged|as much as possible|almost always|rarely)\b`)

// soft reports whether the prohibition is hedged.
func (s *sentence) soft() bool {
	return softRE.MatchString(s.prose()) || s.c.Level == policy.Should
}

// levelOf is the rule severity: must rules block unless hedged.
func (s *sentence) severity() string {
	if s.soft() {
		return policy.SeverityWarning
	}
	return recognize.Severity(s.c.Level)
}

// conditionRE finds situational conditions a syntax rule cannot see ("when catching
// exceptions", "for float comparisons", "solely to control this", "by default").
// A ban of using one thing together with another ("`x` cannot be used together with
// workload identity", "not compatible with the async writer") holds only where both
// meet: a condition like any other.
var conditionRE = lazyre.New(`\b(?:when|whenever|if|while|solely|only when|only if|except when|except where|by default|in cases where|where it|as long as|together with|in combination with|combined with|in conjunction with|at the same time as|(?:not |in)compatible with|unconditionally|without (?:a |the |any )?(?:guard|check|flag|condition))\b` +
	// "At 98%, save `completed: true` but do NOT call `completeAndAdvance`": a
	// threshold or a moment the code reaches
	`|(?:^|[.;:,] )at (?:[0-9]+(?:\.[0-9]+)? ?%|startup|shutdown|boot|exit|teardown|the end of|the start of|that point|this point)`)

var conditionOKRE = lazyre.New(`\b(?:when|whenever|if|where) (?:possible|practical|feasible|applicable|needed)\b|\bif at all\b`)

// concessiveUseRE: a lead that grants a thing before saying how to use it ("if you
// must use `subprocess`, ..."); group 1 is the thing.
var concessiveUseRE = lazyre.New("^if you (?:must|need to|have to|really need to|do) (?:use|call) `([^`]+)`[^,]*,")

// kwargSpanRE: a keyword argument with its value (`shell=True`, `verify=False`).
var kwargSpanRE = lazyre.New(`^[a-z_][a-z0-9_]*\s*=\s*\S+$`)

var leadingForRE = lazyre.New(`^(?:for|with|on|in|when|if|while|after|before) [^,]*,`)

// leadingScopeRE are leading phrases that only name where the rule applies.
var leadingScopeRE = lazyre.New(`^(?:for|in|within|inside) (?:the |our |all |any |new )?(?:unit |integration |e2e )?(?:tests?|test code|test files|production code|library code|source files|source code|src|typescript|javascript|python|rust|go|java|wrangler|react)\b[^,]*,$`)

// conditional reports a condition that makes a ban depend on intent heed cannot read.
func (s *sentence) conditional() bool {
	p := conditionOKRE.ReplaceAllString(s.prose(), "")
	if conditionRE.MatchString(p) {
		return true
	}
	if m := leadingForRE.FindString(p); m != "" && !leadingScopeRE.MatchString(m) && !s.leadsWithPath(m) {
		return true
	}
	return false
}

// conditionalBeyond reports whether the sentence holds under a condition once the
// phrases own matches are taken out: an entry whose query locates its own antecedent
// ("when re-raising inside an `except` block") reads the rest as plain.
func (s *sentence) conditionalBeyond(own *lazyre.RE) bool {
	p := own.ReplaceAllString(conditionOKRE.ReplaceAllString(s.prose(), ""), "")
	if conditionRE.MatchString(p) {
		return true
	}
	if m := leadingForRE.FindString(p); m != "" && !leadingScopeRE.MatchString(m) && !s.leadsWithPath(m) {
		return true
	}
	return false
}

// leadingPathRE: a leading phrase that places the rule in a folder it names ("in the
// library crates (`crates/`),"), which ruleScope reads.
var leadingPathRE = lazyre.New(`^(?:in|under|inside|within) (?:the )?(?:(?:[a-z][\w-]* ){1,3}\()?CODE\)?,$`)

// leadsWithPath reports whether the leading phrase lead (of the prose) names a folder.
func (s *sentence) leadsWithPath(lead string) bool { return len(s.leadingPathGlobs(lead)) > 0 }

// leadingPathGlobs: the folder a leading phrase of the prose names, as a glob ("in the
// library crates (`crates/`)," gives crates/**): its one code span, the sentence's first.
func (s *sentence) leadingPathGlobs(lead string) []string {
	if !leadingPathRE.MatchString(lead) || strings.Count(lead, "CODE") != 1 || len(s.spans) == 0 {
		return nil
	}
	if p := strings.TrimSpace(s.spans[0]); looksLikeDir(p) {
		return []string{dirGlob(p)}
	}
	return nil
}

// leadingTestsRE is a leading clause that places the rule in test code ("For error
// assertions in testify suites, use ..."); forWhatRE takes what it is about.
var (
	leadingTestsRE = lazyre.New(`\bin (?:[\w-]+ )?(?:test suites?|suites?|tests?|test files|test code)\s*,$`)
	forWhatRE      = lazyre.New(`^for ((?:[\w-]+ ){1,3})in `)
	// leadingLoggingRE: a sentence that opens by naming logging as its topic
	leadingLoggingRE = lazyre.New(`^for (?:all |any )?(?:logging|logs|log output|log messages),$`)
)

// conditionImplied reports whether the only condition of the sentence is a leading
// "for <what> in tests," whose <what> the banned construct itself names: "For error
// assertions in testify suites, use X instead of `s.NoError(err)`" (every NoError is
// an error assertion), unlike "For float comparisons in tests, use X instead of
// `Equal`" (not every Equal compares floats).
func (s *sentence) conditionImplied(span string) bool {
	p := conditionOKRE.ReplaceAllString(s.prose(), "")
	if lead := strings.TrimLeft(s.norm, "-*+ "); strings.HasPrefix(lead, "if you ") {
		// "If you must use `subprocess`, never pass `shell=True`": a keyword
		// argument or a member of the thing the condition grants is only ever
		// written where it is used
		if m := concessiveUseRE.FindStringSubmatch(lead); m != nil {
			sp := strings.ToLower(span)
			if kwargSpanRE.MatchString(span) || strings.HasPrefix(sp, m[1]+".") || strings.HasPrefix(sp, m[1]+"(") {
				return true
			}
		}
	}
	if conditionRE.MatchString(p) {
		return false
	}
	lead := leadingForRE.FindString(p)
	if leadingLoggingRE.MatchString(lead) && strings.Contains(strings.ToLower(span), "log") {
		// "For logging, use `@Slf4j` instead of `LoggerFactory.getLogger`": a logging
		// API is only ever used for logging
		return true
	}
	if lead == "" || !leadingTestsRE.MatchString(lead) {
		return false
	}
	m := forWhatRE.FindStringSubmatch(lead)
	if m == nil {
		return false
	}
	sp := strings.ToLower(span)
	for _, w := range strings.Fields(m[1]) {
		w = strings.TrimSuffix(strings.TrimSuffix(w, "s"), "ion") // assertions -> assert
		if len(w) >= 4 && strings.Contains(sp, w) {
			return true
		}
	}
	return false
}

// onlyByDefault reports whether the sentence's one condition is "by default" ("Do not
// add `useEffect` by default"): the construct is banned unless a reason is given,
// which a warning on every new use asks for.
func (s *sentence) onlyByDefault() bool {
	p := conditionOKRE.ReplaceAllString(s.prose(), "")
	if !strings.Contains(p, "by default") {
		return false
	}
	p = strings.ReplaceAll(p, "by default", "")
	return !conditionRE.MatchString(p) && leadingForRE.FindString(p) == ""
}

// condition names the situation a conditional sentence depends on, for messages.
func (s *sentence) condition() string {
	p := conditionOKRE.ReplaceAllString(s.prose(), "")
	if c := conditionRE.FindString(p); c != "" {
		return c
	}
	return strings.TrimSuffix(leadingForRE.FindString(p), ",")
}

// banned reports whether one of the spans is banned by the sentence (a prohibition
// that takes it as its object, or the Y of "use X instead of Y").
func (s *sentence) banned(spans ...string) bool {
	if s.bansCache == nil {
		s.bansCache = s.bans()
		if s.bansCache == nil {
			s.bansCache = []ban{}
		}
	}
	for _, b := range s.bansCache {
		for _, sp := range spans {
			if b.span == sp {
				return true
			}
		}
	}
	return false
}

// example markers: spans after them illustrate a class of things, they are not the rule.
var exampleRE = lazyre.New(`\b(?:e\.g\.|eg\.|e\.g|for example|for instance|such as|i\.e\.|like)\b`)

// clause splits the normalised text into clauses outside code spans: at sentence ends,
// semicolons, dashes and colons.
func (s *sentence) clauses() []string {
	var out []string
	var b strings.Builder
	in := false
	rs := []rune(s.norm)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if r == '`' {
			in = !in
		}
		if !in {
			end := false
			switch {
			case (r == '.' || r == ';' || r == ':' || r == '!' || r == '?') && (i+1 == len(rs) || rs[i+1] == ' '):
				end = !(r == '.' && isAbbrev(b.String()))
			case r == '—' || r == '–':
				end = true
			case r == '-' && i > 0 && rs[i-1] == ' ' && i+1 < len(rs) && rs[i+1] == ' ':
				end = true
			}
			if end {
				if t := strings.TrimSpace(b.String()); t != "" {
					out = append(out, t)
				}
				b.Reset()
				continue
			}
		}
		b.WriteRune(r)
	}
	if t := strings.TrimSpace(b.String()); t != "" {
		out = append(out, t)
	}
	return out
}

func isAbbrev(before string) bool {
	for _, a := range []string{"e.g", "i.e", "etc", "eg", "vs", "cf"} {
		if strings.HasSuffix(before, a) {
			return true
		}
	}
	return false
}

// spansIn returns the code spans of a clause, in order.
func spansIn(clause string) []string {
	var out []string
	for _, m := range spanRE.FindAllStringSubmatch(clause, -1) {
		out = append(out, strings.TrimSpace(m[1]))
	}
	return out
}

// passiveSubject: the words before a phrase leave it the subject of its clause (none,
// or an article).
func passiveSubject(ts []token) bool {
	for _, t := range ts {
		if w := lowerWord(t); t.kind != 'w' || w != "the" && w != "any" && w != "all" {
			return false
		}
	}
	return true
}

// notBanWords turn a prohibition away from the code: "do not flag the `unsafe` usage".
var notBanWords = set("but", "however", "flag", "report", "review", "verify", "check", "mention", "describe", "document", "comment", "explain", "worry", "assume", "confuse",
	// what is done to the thing, not the thing: "do not manually convert enums" (wild round 38)
	"convert", "serialize", "deserialize", "stringify", "coerce", "renumber", "reorder", "rename", "iterate", "mutate")

// negPhrase reports a clause that prohibits the phrase: a prohibition before it, and
// nothing between them that turns the prohibition elsewhere.
func (s *sentence) negPhrase(re *lazyre.RE) bool {
	for _, cl := range s.clauses() {
		loc := re.FindStringIndex(cl)
		if loc == nil {
			continue
		}
		ts := tokenize(cl[:loc[0]])
		neg := -1
		for i := range ts {
			if negAt(ts, i) > 0 {
				neg = i
			}
		}
		if neg < 0 && passiveSubject(ts) && norm.PassiveBanStrength(cl[loc[0]:]) == "must" {
			// "Star imports are not allowed": the phrase is the subject of a ban
			return true
		}
		if neg < 0 && !(s.headerBans() && len(ts) > 0 && fillers[lowerWord(ts[0])]) {
			continue
		}
		ok := !preferredAfter(ts[neg+1:])
		for _, t := range ts[neg+1:] {
			if t.kind == 'w' && notBanWords[lowerWord(t)] {
				ok = false
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// preferredAfter reports words that end on "in favor of", "instead of", "rather than"
// or "in place of" somewhere: what follows is the alternative the prohibition prefers
// ("do not use `expect` in favor of `unwrap`" bans expect, not unwrap).
func preferredAfter(ts []token) bool {
	for i := 0; i+1 < len(ts); i++ {
		a, b := lowerWord(ts[i]), lowerWord(ts[i+1])
		switch {
		case (a == "instead" || a == "favor" || a == "favour" || a == "place") && b == "of":
			return true
		case a == "rather" && b == "than":
			return true
		}
	}
	return false
}

// plainCallRE: a member of a well-known global or standard module written without
// backticks ("NO console.log/warn/error in production code", "avoid subprocess.call
// in tests"): code all the same. The receivers are few and unmistakable; the member is an
// identifier, with "/" alternatives of the same receiver.
var plainCallRE = lazyre.New(`(^|[\s(,;:'"])((?:console|JSON|process|window|document|localStorage|sessionStorage|fmt|ioutil|sys|subprocess|pickle|asyncio|datetime|System\.out|System\.err)\.[A-Za-z_]\w*(?:\(\))?(?:/[A-Za-z_]\w*(?:\(\))?)*)`)

// spanPlainCalls writes such members as code spans, each alternative of a slash list
// as a span of its own ("`console.log`, `console.warn`, `console.error`"), leaving the
// text inside code spans as it is.
func spanPlainCalls(text string) string {
	var b strings.Builder
	last := 0
	plain := func(seg string) {
		b.WriteString(plainCallRE.ReplaceAllStringFunc(seg, func(m string) string {
			sub := plainCallRE.FindStringSubmatch(m)
			lead, call := sub[1], sub[2]
			if fileExtRE.MatchString(call) {
				return m
			}
			parts := strings.Split(call, "/")
			recv := parts[0][:strings.LastIndexByte(strings.TrimSuffix(parts[0], "()"), '.')]
			for i := range parts {
				if i > 0 {
					parts[i] = recv + "." + parts[i]
				}
				parts[i] = "`" + parts[i] + "`"
			}
			return lead + strings.Join(parts, ", ")
		}))
	}
	for _, m := range spanRE.FindAllStringIndex(text, -1) {
		plain(text[last:m[0]])
		b.WriteString(text[m[0]:m[1]])
		last = m[1]
	}
	plain(text[last:])
	return b.String()
}

// definitionPlaces are the classes or functions the sentence places its bans in
// (norm.DefinitionPlaces), read once.
func (s *sentence) definitionPlaces() []string {
	if !s.placesRead {
		s.places, s.placesRead = norm.DefinitionPlaces(s.c.Text), true
	}
	return s.places
}

// bannableSpan: a code span a ban of code can name, an identifier, a call, a member,
// a macro or a package; not a file's path nor a command line.
func bannableSpan(sp string) bool {
	if sp == "" || strings.ContainsAny(sp, " \t") && !strings.Contains(sp, "(") {
		return false
	}
	if strings.Contains(sp, "/") && path.Ext(sp) != "" && !strings.Contains(sp, "(") {
		return false // `src/config.ts`
	}
	return true
}
