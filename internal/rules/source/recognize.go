package source

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lang"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// catalogueRecognizer compiles sentences that name a catalogue convention.
type catalogueRecognizer struct{}

func (catalogueRecognizer) Name() string { return "source.catalogue" }

func (catalogueRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := itemSentence(c, rc)
	if t := pairedText(c); t != c.Text {
		// a Don't | Do row, or ❌ … → ✅ … items, read as the sentence they stand for
		pc := *c
		pc.Text = t
		s = itemSentence(&pc, rc)
	}
	var res recognize.Result
	for _, e := range matchingEntries(s) {
		rules, why := e.compile(s, rc)
		res.Rules = append(res.Rules, rules...)
		if len(rules) == 0 && res.Unenforced == "" {
			res.Unenforced = why
		}
	}
	if len(res.Rules) > 0 {
		res.Unenforced = ""
	}
	return res
}

// knows reports whether the entry speaks of one of the spans (in its name, title,
// claims, queries or examples): an exception it handles itself ("except `as const`",
// "except comparing with `null`").
func (e *Entry) knows(spans []string) bool {
	if len(spans) == 0 {
		return false
	}
	var b strings.Builder
	b.WriteString(e.Name + " " + e.Title + " " + strings.Join(e.Claims, " "))
	for _, v := range e.Variants {
		b.WriteString(" " + v.Query + " " + strings.Join(v.Good, " ") + " " + strings.Join(v.Bad, " "))
	}
	all := strings.ToLower(b.String())
	for _, sp := range spans {
		if strings.Contains(all, strings.ToLower(strings.TrimSpace(sp))) {
			return true
		}
	}
	return false
}

// matchingEntries are the catalogue entries a sentence names. In a sentence that
// settles a conflict ("Where there is a conflict between Google-style docstrings and
// Ruff linting, follow Ruff"), only the main clause names what is asked for.
func matchingEntries(s *sentence) []*Entry {
	if norm.MixingBan(s.c.Text) {
		return nil // "Do not mix `async/await` with `.then()` chains": neither alone
	}
	main := s
	if m, ok := norm.TieBreakerMain(s.c.Text); ok {
		mc := *s.c
		mc.Text = m
		main = newSentence(&mc)
		main.itemLead = s.itemLead
	}
	before := exceptionCut(s)
	var out []*Entry
	for _, e := range Catalogue {
		if e.Names(s) && (main == s || e.Names(main)) && !claimedOnlyAfter(e, s.norm, before) {
			out = append(out, e)
		}
	}
	return out
}

// compile turns a catalogue entry into the rules for the languages the constraint and
// the repository select.
func (e *Entry) compile(s *sentence, rc *recognize.RepoContext) ([]policy.Rule, string) {
	var cands []string
	for _, v := range e.Variants {
		cands = append(cands, v.Lang)
	}
	cands = uniq.Values(cands)
	langs := pickLangs(s, rc, cands)
	if len(langs) == 0 {
		return nil, fmt.Sprintf("names %s, which heed checks in %s; the constraint's files are in none of them", e.Title, strings.Join(cands, ", "))
	}
	cs := *s
	cs.construct = strings.ToLower(e.Title)
	s = &cs
	if role := norm.SoleRole(s.prose()); role != "" {
		// "Never use raw `.get()` casts from `formData` as the sole validation": the
		// construct is banned only when nothing else does the job
		return nil, fmt.Sprintf("names %s, but only %s, which is a judgement", e.Title, role)
	}
	if region := s.unknownRegionIn(rc); region != "" && (e.Locates == nil || !e.Locates.MatchString(region)) {
		return nil, fmt.Sprintf("names %s, but only in %s, which heed cannot locate", e.Title, region)
	}
	sc, _ := ruleScope(s, rc, langs)
	if exceptTestsRE.MatchString(s.norm) && len(sc.Globs) > 0 && allTestGlobs(sc.Globs) {
		// "(except in test code where `as` is acceptable)": everywhere but the tests
		sc.Exclude = append(sc.Exclude, sc.Globs...)
		sc.Globs = nil
	}
	if under := folderLangs(sc, rc); under != nil {
		// "do not add `expect(...)` in `spec/requests/`": the folder's languages, not
		// every language of the repository
		if langs = intersect(langs, siblingLangs(under)); len(langs) == 0 {
			return nil, fmt.Sprintf("names %s, which heed checks in %s; the folders the constraint names hold none of them", e.Title, strings.Join(cands, ", "))
		}
	}
	exclude := uniq.Values(append(inFileExclusions(s, e.NotInTests), e.Exclude...))
	sc.Exclude = uniq.Values(append(sc.Exclude, e.ExcludeGlobs...))
	if e.NotInTestFiles && !norm.InTestsOnly(s.prose()) {
		for _, l := range langs {
			sc.Exclude = uniq.Values(append(sc.Exclude, testGlobs(l)...))
		}
	}
	base := policy.Rule{
		Domain:     policy.DomainSource,
		Severity:   s.severity(),
		Exact:      !e.Inexact,
		Message:    e.Message,
		Suggestion: e.Suggestion,
		Scope:      sc,
	}
	if e.Warn != nil && e.Warn(s) {
		base.Severity = policy.SeverityWarning
	}
	if ex := unplacedException(s, rc); ex != "" && !e.knows(spansIn(ex)) {
		// "Never `panic`" with "except for programmer errors in `init`" nested under
		// it: an exception the entry's query knows nothing of
		base.Doubt(fmt.Sprintf("the sentence makes an exception heed cannot place (%q)", ex))
	}

	if q := claimQualifier(s, e); q != "" {
		// "Don't use `any` for function parameters", "Do not catch `Exception` just
		// to log it": the entry finds every use, the sentence bans some
		base.Severity = policy.SeverityWarning
		base.Exact = false
		base.Message += " (the rule says: only " + q + ")"
	}
	if q := norm.PreferenceLimit(s.prose()); q != "" && base.Severity == policy.SeverityError && (e.Locates == nil || !e.Locates.MatchString(q)) {
		// "Use string literals for status fields, not enums in API responses": the
		// entry finds every enum, the sentence bans those of one use
		base.Severity = policy.SeverityWarning
		base.Exact = false
		base.Message += " (the rule says: only " + q + ")"
	}
	if e.LocatesAdded != "" && e.Locates != nil && e.Locates.MatchString(s.prose()) {
		base.When = &policy.Condition{What: "a line the change adds or modifies holds " + e.Title, Added: e.LocatesAdded}
	}
	if m := justifiedRE.FindString(s.prose()); m != "" && !(withoutSafetyComment(s) && slices.Contains(exclude, "safety-commented")) {
		// (a `// SAFETY:` comment is a reason heed sees: the query leaves its sites)
		// "do not introduce `unsafe` without a clear justification": a use with a
		// reason is allowed, and heed cannot judge the reason
		base.Severity = policy.SeverityWarning
		base.Exact = false
		base.Message += " (the rule says: " + strings.TrimSpace(m) + ")"
	}
	commented := e.CommentExempts || justifiedRE.MatchString(s.prose()) && commentReasonRE.MatchString(s.prose())
	var out []policy.Rule
	// One query rule for every language with a grammar.
	qp := QueryParams{Queries: map[string]string{}, Entry: e.Name, Exclude: exclude}
	for _, b := range s.bans() {
		// "Use `#[expect(...)]` instead of `#[allow]`": a site whose comment says
		// why it keeps the banned form is the project's exception
		for _, a := range alternativeStems(b.instead) {
			if !slices.Contains(qp.Alternatives, a) {
				qp.Alternatives = append(qp.Alternatives, a)
			}
		}
	}
	if commented {
		qp.Exclude = append(qp.Exclude, "commented")
	}
	if slices.Contains(langs, engine.LangRust) && safetyExempts(s, rc) && !slices.Contains(qp.Exclude, "safety-commented") {
		// "Avoid `unsafe`; if used, document it with `// SAFETY:` comments": a
		// block with its SAFETY comment is the use the text allows
		qp.Exclude = append(qp.Exclude, "safety-commented")
	}
	var needles, needlePats []string
	allNeedles, allPats := true, true
	var qvars []Variant
	patterns := map[string][]Variant{}
	for _, v := range e.Variants {
		if !slices.Contains(langs, v.Lang) {
			continue
		}
		if v.Regex != "" {
			key := v.Regex + "\x00" + v.Where + "\x00" + fmt.Sprint(v.EqualGroups) + "\x00" + v.SkipLines
			patterns[key] = append(patterns[key], v)
			continue
		}
		if e.Narrow != nil {
			v.Query = e.Narrow(s, v.Query)
		}
		qp.Queries[v.Lang] = v.Query
		qvars = append(qvars, v)
		vn := v.Needles
		if len(vn) == 0 {
			var ok bool
			if vn, ok = variantNeedles(v.Lang, v.Query); !ok {
				allNeedles = false
			}
		}
		needles = append(needles, vn...)
		if v.NeedlePattern == "" {
			allPats = false
		}
		needlePats = append(needlePats, "(?:"+v.NeedlePattern+")")
	}
	if len(qvars) > 0 {
		if allNeedles {
			qp.Needles = uniq.Values(needles)
			sort.Strings(qp.Needles)
		}
		if allPats {
			qp.NeedlePattern = strings.Join(uniq.Values(needlePats), "|")
		}
		r := base
		r.Kind = KindQuery
		r.Params = marshal(qp)
		if cs, ok := variantCases(qvars, sc); ok {
			r.Cases = cs
			out = append(out, r)
		}
	}
	for _, key := range slices.Sorted(maps.Keys(patterns)) {
		vs := patterns[key]
		pp := PatternParams{Regex: vs[0].Regex, Where: vs[0].Where, EqualGroups: vs[0].EqualGroups, SkipLines: vs[0].SkipLines}
		for _, v := range vs {
			pp.Languages = append(pp.Languages, v.Lang)
		}
		r := base
		r.Kind = KindPattern
		r.Params = marshal(pp)
		if cs, ok := variantCases(vs, sc); ok {
			r.Cases = cs
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Sprintf("names %s, but no sample path of its languages lies in the rule's scope", e.Title)
	}
	return out, ""
}

// justifiedRE: an allowance a sentence gives its ban for a reason heed cannot judge:
// a justification, a comment, a review, an approval ("without a clear
// justification", "unless there is a good reason", "only with a written reason").
var justifiedRE = lazyre.New(`\b(?:without|unless (?:there is |there's |you have |with )?|only with|except with)\s*(?:a |an |the |any |some )?(?:(?:clear|good|strong|documented|explicit|written|compelling|valid|second|maintainer|prior)\s+)*(?:justification|justified|reason|rationale|explanation|comment|CODE comment|approval|review|reviewer|sign-off|discussion)\b`)

// exceptTestsRE: an exception for test code ("except in tests", "except in test code").
var exceptTestsRE = lazyre.New(`\bexcept (?:in |for |within )?(?:the )?(?:unit )?(?:tests?|test code|test files|specs?)\b`)

// allTestGlobs: every glob names test files.
func allTestGlobs(gs []string) bool {
	for _, g := range gs {
		if !strings.Contains(g, "test") && !strings.Contains(g, "spec") && !strings.Contains(g, "__mocks__") && !strings.Contains(g, "stories") {
			return false
		}
	}
	return true
}

// commentReasonRE: the justification a rule asks for is one a comment gives ("without a
// documented reason", "without a comment explaining why").
// safetyExempts reports whether the text, or the sentence just after it under the
// same heading ("Don't write `unsafe` code. Where it cannot be avoided, justify every
// block with a `// SAFETY:` comment."), asks for Rust's SAFETY comment.
func safetyExempts(s *sentence, rc *recognize.RepoContext) bool {
	if safetyCommentRE.MatchString(s.c.Text) {
		return true
	}
	for _, o := range rc.Following(s.c, 2) {
		if safetyCommentRE.MatchString(o.Text) {
			return true
		}
	}
	return false
}

// safetyCommentRE: the text names Rust's `// SAFETY:` comment.
var safetyCommentRE = lazyre.New(`(?:^|[^A-Za-z])SAFETY:`)

// withoutSafetyCommentRE: a ban lifted by the comment ("never ... `unsafe` without a
// `// SAFETY:` comment"), which demands the comment rather than banning `unsafe`.
// The comment must be all it asks for: "without a `// SAFETY:` comment and a second
// reviewer" also asks for what heed cannot see.
var withoutSafetyCommentRE = lazyre.New("\\bwithout (?:an? |any )?`?(?://\\s*)?SAFETY:[^`]*`?(?: comments?)?(?:\\s+(and|or|plus)\\b)?")

func withoutSafetyComment(s *sentence) bool {
	if !safetyCommentRE.MatchString(s.c.Text) {
		return false
	}
	m := withoutSafetyCommentRE.FindStringSubmatch(s.c.Text)
	return m != nil && m[1] == ""
}

var commentReasonRE = lazyre.New(`\b(?:documented|comment|written|explained)\b`)

// outsideMainRE: "do not use `log.Fatal` outside of `main`".
var outsideMainRE = lazyre.New("\\boutside (?:of )?(?:the )?`(?:func )?main(?:\\(\\))?`")

// claimQualifier is what narrows the sentence's ban of one of the entry's claimed
// spans to some of its uses, when the entry does not locate it ("for function
// parameters", "just to log it"); "" when nothing does.
func claimQualifier(s *sentence, e *Entry) string {
	for _, b := range s.bans() {
		if b.qualifier == "" || !slices.Contains(e.Claims, b.span) {
			continue
		}
		if e.Locates != nil && e.Locates.MatchString(b.qualifier) {
			continue
		}
		// only a purpose ("just to log it") or a relative clause ("entries whose
		// ..."): a place or a kind of use ("on locals") is the entry's own reading
		if ws := strings.Fields(b.qualifier); len(ws) > 1 && narrowsUses(ws[0], ws[1]) {
			return b.qualifier
		}
	}
	return ""
}

// inFileExclusions: "in library code" also excludes test code, entry points inside
// source files (Rust's #[cfg(test)] modules, Python's __main__ blocks) and programs.
func inFileExclusions(s *sentence, notInTests bool) []string {
	var ex []string
	p := s.prose()
	lib := norm.InLibraryCode(p)
	if notInTests || lib || norm.InProduction(p) && !norm.InTestsOnly(p) {
		ex = append(ex, "tests")
	}
	if lib || outsideMainRE.MatchString(s.norm) {
		ex = append(ex, "main")
	}
	if lib {
		// a program's files (Go's `package main`, `cmd/`, Rust's src/main.rs and
		// src/bin/, a script) are no library; a Python module runnable as a script
		// is one outside its __main__ block
		ex = append(ex, "program-files")
	}
	return ex
}

// variantCases builds a rule's authored cases from its variants' samples: the first
// bad sample must be violated, the first good one satisfied, at a path in scope.
func variantCases(vs []Variant, sc policy.Scope) ([]policy.Case, bool) {
	for _, v := range vs {
		p, ok := samplePath(sc, v.Lang, "")
		if !ok {
			continue
		}
		bad, _ := marked(v.Bad[0])
		return []policy.Case{
			{Expect: policy.ExpectViolated, Path: p, Code: bad, Note: "the construct, in " + v.Lang},
			{Expect: policy.ExpectSatisfied, Path: p, Code: v.Good[0], Note: "the allowed form, or the token in a comment or string"},
		}, true
	}
	return nil, false
}

// marked strips the «» markers of a catalogue sample; it returns the code and the
// marked spans as "line:col-endline:endcol".
func marked(sample string) (string, []string) {
	var b strings.Builder
	var want []string
	line, col := 1, 1
	var sl, sc int
	for _, r := range sample {
		switch r {
		case '«':
			sl, sc = line, col
			continue
		case '»':
			want = append(want, fmt.Sprintf("%d:%d-%d:%d", sl, sc, line, col))
			continue
		}
		b.WriteRune(r)
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return b.String(), want
}

func marshal(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // params are plain structs: cannot fail
	}
	return b
}

// variantNeedles derives a catalogue query's needles (QueryParams.Needles) when the
// rule is generated, as the query kind would at load: a generated rule that carries
// them compiles its queries only when a file may match, so a one-file check does not
// pay for the Tree-sitter compilation of every rule of the policy. They are read from
// the query's text (catalogue_test checks that the compiled query gives the same);
// a text that reader does not take is compiled (once per process: lang.CompileQuery).
func variantNeedles(l, query string) ([]string, bool) {
	var ns []string
	if qt, ok := lang.ParseQueryText(query); ok {
		if d, ok := deriveNeedles(qt); ok && len(d) > 0 {
			ns = d
		}
	} else if q, err := lang.CompileQuery(l, query); err == nil {
		if d, ok := deriveNeedles(q); ok && len(d) > 0 {
			ns = d
		}
		q.Close()
	}
	return ns, ns != nil
}

// exceptionCut is the sentence's text (as sentence.norm) before its first exception
// ("never `panic` except for programmer errors in `init`" gives "never `panic`"), the
// whole text when it makes none.
func exceptionCut(s *sentence) string {
	if at := norm.ExceptWordAt(s.norm); at >= 0 {
		return s.norm[:at]
	}
	return s.norm
}

// claimedOnlyAfter reports an entry whose claimed spans the sentence writes only in its
// exception (`init` of "never `panic` except ... in `init`"): the exception names it,
// no ban does.
func claimedOnlyAfter(e *Entry, text, before string) bool {
	if len(before) == len(text) || len(e.Claims) == 0 {
		return false
	}
	inText, inBefore := false, false
	for _, c := range e.Claims {
		sp := "`" + strings.ToLower(c) + "`"
		inText = inText || strings.Contains(strings.ToLower(text), sp)
		inBefore = inBefore || strings.Contains(strings.ToLower(before), sp)
	}
	return inText && !inBefore
}
