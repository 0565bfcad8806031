package source

import (
	"cmp"
	"fmt"
	"github.com/heed-dev/heed/internal/lazy"
	"maps"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// bannedRecognizer compiles bans of a named call, member, macro, identifier, import or
// comment directive written in a code span: "never call `JSON.parse` directly", "no
// `print()` in library code", "don't use `fmt.Println`; use the logger", "never
// import `expect` from `vitest`", "use `X` instead of `Y`" (Y is banned, X suggested).
type bannedRecognizer struct{}

func (bannedRecognizer) Name() string { return "source.banned" }

// ban is one banned code span with what the sentence suggests instead.
type ban struct {
	span    string
	instead string
	from    string // "import `X` from `Y`": the module
	clause  string
	// qualifier is a restriction after the span heed cannot locate ("from
	// goroutines", "in client code"); such a ban is not compiled.
	qualifier string
	// pair is true for "use `X` instead of `Y`" forms.
	pair bool
	// verb is the word before the span ("calls" in "never calls `panic`").
	verb string
	// marker: the span is a comment marker named in words ("TODO comments").
	marker bool
	// soft: the sentence says the span is deprecated or unneeded: a warning.
	soft bool
	// bare: a name in plain words (nameBans), compiled only when it resolves to a
	// package of the repository.
	bare bool
}

func (bannedRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := itemSentence(c, rc)
	bans := s.bans()
	unlocated := "" // a ban's qualifier heed cannot locate in code
	if tb, ok := tableBans(c); ok {
		bans = tb
	}
	if len(bans) == 0 {
		if lb, ls, ok := leadInBans(c); ok {
			bans, s = lb, ls
		}
	}
	if len(bans) == 0 {
		if t := pairedText(c); t != c.Text && strings.ContainsAny(c.Text, strings.Join(crossMarks, "")) {
			// "❌ `requests.get(url)` → ✅ `httpx.get(url)`": the ban the marks carry
			pc := *c
			pc.Text = t
			ps := itemSentence(&pc, rc)
			if pb := ps.bans(); len(pb) > 0 {
				s, bans = ps, pb
			}
		}
	}
	if rc.Resolvable() || cFamily(rc) {
		// names the reader above did not read: a span it read as a module or a
		// call stays its reading ("do not import `log`" is the standard library's)
		read := map[string]bool{}
		for _, b := range bans {
			read[b.span], read[b.from] = true, true
		}
		for _, b := range append(s.nameBans(), tableNameBans(c)...) {
			if !read[b.span] {
				bans = append(bans, b)
			}
		}
	}
	bans = append(bans, apiDocBans(c.Text, bans)...)
	// "No `withLock` boundary was bypassed", "never bypass `withLock`":
	// what must not happen to the thing, which the project requires
	bans = slices.DeleteFunc(bans, func(b ban) bool { return b.span != "" && circumventedSpan(b) })
	if len(bans) == 0 {
		return recognize.Result{}
	}
	if layer := layerSubject(s.norm, rc); layer != "" {
		// "UI code never calls `model.set_*` itself": a layer heed cannot find
		// in the tree, and outside it the call is the way
		return recognize.Result{Unenforced: fmt.Sprintf("bans %s only in %s code, which heed cannot locate", cmp.Or(bans[0].span, bans[0].from), layer)}
	}
	if place := nonCodePlace(s); place != "" {
		// "do not write a bare `#NNN` anywhere in a commit message": the commit
		// rules' business, no code's
		return recognize.Result{Unenforced: fmt.Sprintf("bans `%s` in %s, which is no code", bans[0].span, place)}
	}
	if what := foreignArtefact(s); what != "" {
		// "## GitHub Actions: prefer `pull_request` over `pull_request_target`":
		// advice about files heed does not parse, no query over the code of others
		return recognize.Result{Unenforced: fmt.Sprintf("bans `%s` in %s, which heed does not read as code", bans[0].span, what)}
	}
	for i, b := range bans {
		if b.bare {
			// "Don't use Preconditions#checkNotNull": a method written as the API
			// documentation writes it, not the class
			if re, err := regexp.Compile(`\b` + regexp.QuoteMeta(b.span) + `#([A-Za-z_]\w*)\b`); err == nil && re.FindStringSubmatch(c.Text) != nil {
				m := re.FindStringSubmatch(c.Text)
				bans[i] = ban{span: b.span + "." + m[1], instead: b.instead, clause: b.clause, qualifier: b.qualifier, soft: true}
			}
		}
	}
	claimed := map[string]bool{}
	for _, e := range matchingEntries(s) {
		var cands []string
		for _, v := range e.Variants {
			cands = append(cands, v.Lang)
		}
		if len(pickLangs(s, rc, uniq.Values(cands))) == 0 {
			continue // "never use `var`" in Java: the JavaScript entry does not apply
		}
		for _, sp := range e.Claims {
			claimed[sp] = true
		}
		for _, b := range bans {
			for _, pre := range e.ClaimPrefixes {
				if strings.HasPrefix(b.span, pre) {
					claimed[b.span] = true
				}
			}
		}
	}
	var res recognize.Result
	seen := map[string]bool{}
	for _, b := range bans {
		if claimed[b.span] || seen[b.span+"\x00"+b.from] {
			continue
		}
		seen[b.span+"\x00"+b.from] = true
		if norm.StyleOf(b.span) != "" {
			// "Package names: no `_` or `mixedCaps`": a naming style written in
			// itself, which no identifier of the code is
			continue
		}
		if norm.DotPath(b.span) {
			// "Devcontainer: no `.venv`": a folder that is absent, not a method
			continue
		}
		if relationalContrast(s.norm, b.span) {
			// "a change set belongs to one `Order`, never an `OrderGroup`": how the
			// model relates its parts, not a ban of the name
			continue
		}
		if columnRef(s, b.span) {
			res.Unenforced = fmt.Sprintf("`%s` names a database column, which heed cannot find in code", b.span)
			continue
		}
		if exampleClauseRE.MatchString(strings.TrimSpace(b.clause)) {
			// "Use descriptive names. For example, `isRegistered`, not `discount()`":
			// an illustration of the rule before it, not a ban of that name
			continue
		}
		// "by default" allows the construct for a reason the code cannot show: a warning
		byDefault := s.conditional() && s.onlyByDefault() || s.defaultLead && !s.conditional()
		situational := func() bool {
			if _, cond := inherited(s, rc); cond != "" || (s.conditional() && !s.conditionImplied(b.span) && !byDefault) {
				if cond == "" {
					cond = s.condition()
				}
				res.Unenforced = fmt.Sprintf("bans `%s` only in situations heed cannot see (%q)", b.span, cond)
				return true
			}
			if globs, kind, ok := kindPlace(s, rc); ok && len(globs) == 0 {
				res.Unenforced = fmt.Sprintf("bans `%s` only in %s, which heed cannot locate", b.span, kind)
				return true
			}
			if part := componentLead(c.Context); part != "" {
				res.Unenforced = fmt.Sprintf("bans `%s` only in the part its list's lead-in names (%q), which heed cannot place", b.span, part)
				return true
			}
			return false
		}
		if where := norm.TextRegion(b.qualifier); where != "" && b.from == "" && rc != nil {
			// "never write `Bluebird` in comments or user-facing strings": the word
			// where the lexer finds comments and strings, as written
			if situational() {
				continue
			}
			langs := pickLangs(s, rc, codeLangs)
			if len(langs) == 0 {
				continue
			}
			sc, _ := ruleScope(s, rc, langs)
			res.Rules = append(res.Rules, textRegionRule(policy.Rule{Domain: policy.DomainSource, Severity: s.severity(), Scope: sc}, b.span, where, langs))
			continue
		}
		if b.from == "" && (doctestQualRE.MatchString(b.qualifier) || doctestRegionRE.MatchString(s.unknownRegion())) {
			// a doctest is text after a prompt: the span is banned as written, whatever
			// code it is ("`from sympy import *` is not allowed in doctests")
			if situational() {
				continue
			}
			sc, _ := ruleScope(s, rc, []string{engine.LangPython})
			r := doctestRule(policy.Rule{Domain: policy.DomainSource, Severity: s.severity(), Scope: sc}, b, "`"+b.span+"`")
			res.Rules = append(res.Rules, r)
			continue
		}
		if b.from == "" && !b.marker && rc != nil {
			// a name the repository's manifests declare (or the registry of its
			// declared alternative) is a package: its import is banned
			if rules, why, isPkg := repoPackageRules(s, rc, b); isPkg {
				switch {
				case b.qualifier != "" && !outsideLocated(s, rc, b) && (!purposeQual(b.qualifier) || placeQualRE.MatchString(b.qualifier)):
					res.Unenforced = fmt.Sprintf("bans `%s` only %s, which heed cannot locate in code", b.span, b.qualifier)
				case situational():
				case len(rules) == 0:
					res.Unenforced = why
				default:
					for i := range rules {
						// "import `@mui/material` only inside `src/ui/`"
						leaveOutElsewhere(&rules[i], s, rc, rc.Languages)
					}
					if s.inferred {
						for i := range rules {
							rules[i].When = withMention(rules[i].When, cmp.Or(b.span, b.from))
						}
					}
					res.Rules = append(res.Rules, rules...)
				}
				continue
			}
		}
		if b.bare && !cLibraryCalls.Get()[b.span] {
			continue
		}
		sh, ok := parseShape(b)
		if !ok {
			continue
		}
		purpose := ""
		if b.qualifier != "" && !outsideLocated(s, rc, b) {
			if strings.HasPrefix(b.span, ".") && receiverQualRE.MatchString(b.qualifier) && !situationNouns.Get()[lastWord(b.qualifier)] {
				// "never call `.Result` or `.Wait()` on a task": a member banned on a
				// kind of receiver the syntax does not show; every use warns
				purpose = b.qualifier
			} else if unlocatedPlace(b) {
				res.Unenforced = fmt.Sprintf("bans `%s` only %s, which heed cannot locate in code", strings.TrimSpace(b.span+" "+b.from), b.qualifier)
				unlocated = b.qualifier
				continue
			}
			if kindQualRE.MatchString(b.qualifier) {
				// "prefer `Arc::clone(&x)` over `x.clone()` for reference-counted
				// values": a kind of value the syntax does not show
				res.Unenforced = fmt.Sprintf("bans `%s` only %s, which heed cannot tell from the code", b.span, b.qualifier)
				continue
			}
			// "never use `console.log()` for user-facing output", "`node:path` for
			// cross-platform paths": a purpose, which the code does not show; the
			// construct is banned, as a warning, since a use for another purpose may
			// be allowed
			if !otherUseLocated(s) {
				// ("... for diagnostics. The CLI's output in `src/main.rs` is the
				// exception": the other use has its place, left out of the scope)
				purpose = b.qualifier
			}
		}
		if sh.kind == "ident" && b.instead != "" && everydayTypes.Get()[sh.name] {
			// "use `SizedQueue.new(capacity)`, not a plain `Array`": a special type
			// preferred to the language's everyday container for one use, which the
			// code does not show; `Array` stays right everywhere else
			res.Unenforced = fmt.Sprintf("prefers %s to the everyday `%s` for one use, which heed cannot see", backtickList(b.instead), sh.name)
			continue
		}
		if sh.kind == "ident" && namingRE2.MatchString(s.prose()) {
			continue // "use `request_id` not `requestId`" is about names being declared
		}
		if situational() {
			continue
		}
		if b.span != "" && norm.MemberAbsence(cmp.Or(spanSentence(s.c.Text, b.span), b.clause)) {
			// "`ToolInvocationContext` exposes no `recordMutations`": what one type
			// offers, not where the code may use the name
			res.Unenforced = fmt.Sprintf("says a named part has no `%s`, not where the code may use it", b.span)
			continue
		}
		if why := contradicted(s, rc, b.span); why != "" {
			res.Unenforced = why
			continue
		}
		if role := norm.SoleRole(s.prose()); role != "" {
			// "Never use raw `.get()` casts from `formData` as the sole validation":
			// a use that is banned only when nothing else does the job, which a
			// call's syntax does not show
			res.Unenforced = fmt.Sprintf("bans `%s` only %s, which is a judgement", b.span, role)
			continue
		}
		if b.instead != "" && preferRE.MatchString(s.prose()) && wherePossibleRE.MatchString(s.prose()) {
			// "Prefer borrowing (`&T`) over cloning (`.clone()`) where possible": which
			// uses could take the alternative is the judgement the sentence leaves to
			// the reader; flagging every one reports the code's needed uses too. ("Use
			// `subprocess.run` instead of `os.system` whenever possible" directs, with a
			// hedge: it warns.)
			res.Unenforced = fmt.Sprintf("prefers %s to `%s` where possible: which uses could do without it is a judgement", backtickList(b.instead), b.span)
			continue
		}
		langs := pickLangs(s, rc, sh.langs())
		if len(langs) == 0 {
			res.Unenforced = fmt.Sprintf("bans `%s`, which is not code of a language the rule's files use", b.span)
			continue
		}
		r, why := sh.rule(s, rc, langs, b)
		if why != "" {
			res.Unenforced = why
			continue
		}
		if len(r.Scope.Globs) == 0 && purpose == "" && underWritingTestsHeading(s) {
			// "## Writing e2e tests > ### The rules: no `time.sleep(...)`": the
			// section's tests, the e2e folders when the heading names them
			r.Scope.Globs = testSectionGlobs(s, rc, langs)
			if cs, ok := shapeCases(sh, r.Scope, langs); ok {
				r.Cases = cs
			}
		}
		if goTestingAlternative(b.instead) && len(r.Scope.Globs) == 0 && slices.Equal(langs, []string{engine.LangGo}) {
			// "Use `b.TempDir()` instead of `os.MkdirTemp()`": the alternative is a
			// method of a test's or benchmark's *testing.T or *testing.B, so the ban
			// holds where there is one, in test files
			r.Scope.Globs = testGlobs(engine.LangGo)
		}
		if r.Severity == policy.SeverityError && !languageCertain(s, sh, langs) {
			// "never call `showPopup()`" in a repository of Ruby and JavaScript: a
			// call in either; a ban blocks only when heed knows whose code it is
			warnOnly(&r, " (the sentence does not say which language's: "+strings.Join(langs, ", ")+")")
		}
		if r.Severity == policy.SeverityError && len(r.Scope.Globs) == 0 && norm.PronounSubject(cmp.Or(b.clause, s.c.Text)) {
			// "They must not call `useFieldProps`": who "they" are, and so the files
			// the ban holds in, another sentence says ("`*Base` components")
			warnOnly(&r, " (the sentence's subject is named in another sentence)")
		}
		if r.Severity == policy.SeverityError && len(r.Scope.Globs) == 0 && norm.BehaviourSubject(cmp.Or(b.clause, s.c.Text)) {
			// "NEW never calls `finishEventEntry`": what one thing does not do, a
			// finding or a description, in code heed cannot tell apart
			warnOnly(&r, " (the sentence says what its subject does not do)")
		}
		if why := partialBan(s, b.clause, b.span); r.Severity == policy.SeverityError && why != "" {
			warnOnly(&r, why)
		}
		if r.Severity == policy.SeverityError && norm.NarrowerTypeWhereFits(s.c.Text) {
			// "Narrow types: use `z.enum()`, `z.literal()` — not `z.string()`": a
			// free-text field has nothing narrower
			warnOnly(&r, " where a narrower type fits (the rule asks for the narrowest type)")
		}
		if b.soft || b.bare || s.inferred {
			// a name in plain words ("never raw malloc") is read with less certainty
			// than a span
			warnOnly(&r, "")
		}
		if s.inferred {
			// a project's API convention is about the lines that use the API: a
			// change that adds none is not one the rule speaks of (inapplicable,
			// as SWE-CC's verdicts have it), not one that follows it
			r.When = withMention(r.When, cmp.Or(b.span, b.from))
		}
		if purpose != "" {
			warnOnly(&r, " (the rule says: "+purpose+")")
			if underTestHeading(s) {
				// "## Testing > ### Synchronization: never use `Task.Delay` for
				// synchronization": the purpose is the tests' own
				for _, l := range langs {
					r.Scope.Globs = append(r.Scope.Globs, testGlobs(l)...)
				}
				r.Scope.Globs = uniq.Values(r.Scope.Globs)
				if cs, ok := shapeCases(sh, r.Scope, langs); ok {
					r.Cases = cs
				}
			} else {
				// a purpose is the product's ("for user-facing output"): tests,
				// scripts and examples print and time as they like
				for _, l := range langs {
					r.Scope.Exclude = append(r.Scope.Exclude, testGlobs(l)...)
				}
				r.Scope.Exclude = uniq.Values(append(r.Scope.Exclude, notShippedGlobs...))
				r.Cases = shippedCases(r.Cases, r.Scope)
			}
		}
		if byDefault {
			warnOnly(&r, " unless there is a reason (the rule says \"by default\")")
		}
		// "use `safeParse` from `src/lib/json.ts`": the file that implements the
		// replacement must use the banned API itself.
		for _, p := range scratchFiles(s, rc) {
			r.Scope.Exclude = uniq.Values(append(r.Scope.Exclude, p))
		}
		for _, p := range sameItemReplacementFiles(s, rc) {
			if d := s.c.Scope.Dir; d != "" && !strings.HasPrefix(p, d+"/") {
				p = path.Join(d, p) // a nested file's paths are its folder's
			} else if !strings.Contains(p, "/") {
				p = "**/" + p // "in `application_helper.rb`": wherever it lives
			}
			r.Scope.Exclude = uniq.Values(append(r.Scope.Exclude, p))
		}
		// "All HTTP requests go through `app/clients/http.py`; don't import
		// `requests` anywhere else": the place the sentence names is where it stays
		leaveOutElsewhere(&r, s, rc, langs)
		if ex := unplacedException(s, rc); ex != "" {
			r.Doubt(fmt.Sprintf("the sentence makes an exception heed cannot place (%q)", ex))
		}
		if norm.InjectedAlternative(s.c.Text) || (s.lineAfter != nil && norm.InjectedAlternative(s.lineAfter.Text)) {
			// "Inject `DispatcherProvider` (don't hard-code `Dispatchers.IO`)": a
			// rule of the production code's seams; tests use the real thing
			for _, l := range langs {
				r.Scope.Exclude = uniq.Values(append(r.Scope.Exclude, testGlobs(l)...))
			}
		}
		if r.Severity == policy.SeverityError && environmentAPI(b.span) && !namesOnlyPlace(s) {
			// "application code must not read `process.env` directly": the program
			// reads its environment somewhere (its bootstrap, its configuration, its
			// scripts), which a ban of the direct read leaves unsaid
			warnOnly(&r, " (the program reads its environment where it starts and in its configuration, which the sentence does not name)")
		}
		// "use `parseJSON` from `@ai-sdk/provider-utils`": the package that provides
		// the replacement implements it with the banned API.
		for _, d := range replacementPackages(s, rc) {
			r.Scope.Exclude = uniq.Values(append(r.Scope.Exclude, d+"/**"))
		}
		res.Rules = append(res.Rules, r)
	}
	if unlocated == "" && slices.ContainsFunc(res.Rules, func(r policy.Rule) bool { return r.Severity == policy.SeverityError }) {
		unlocated = unlocatedEarlierOnLine(c, rc)
	}
	if unlocated != "" {
		// the sentence's other bans hold in the place its first one names, which heed
		// cannot locate either; read alone, they would hold in all code
		for i := range res.Rules {
			if res.Rules[i].Severity == policy.SeverityError {
				warnOnly(&res.Rules[i], " (the sentence limits a ban beside it to "+unlocated+", which may hold for this one too)")
			}
		}
	}
	var wrappers []string
	for _, sp := range recognize.CodeSpans(c.Text) {
		if !slices.ContainsFunc(bans, func(b ban) bool { return b.span == sp || b.from == sp }) {
			wrappers = append(wrappers, wrapperModuleGlobs(sp)...)
		}
	}
	for i := range res.Rules {
		// "Icons: only from `@/components/icons`, never from the icon package":
		// the module that wraps the package is where its import belongs
		res.Rules[i].Scope.Exclude = uniq.Values(append(res.Rules[i].Scope.Exclude, wrappers...))
	}
	if len(res.Rules) > 0 {
		res.Unenforced = ""
	}
	return res
}

var (
	// wherePossibleRE: a preference left to the reader's judgement of each use.
	preferRE        = lazyre.New(`(?i)\bprefer(?:s|red|ring)?\b`)
	wherePossibleRE = lazyre.New(`(?i)\b(?:where|when|whenever|if) (?:possible|practical|feasible|it makes sense)\b|\bas much as possible\b`)
)

// tableBans reads a row of a table whose columns are what not to write and what to
// write instead ("| Don't | Do |", "| Avoid | Prefer |", "| ❌ | ✅ |"): the code spans
// of the first column are banned, those of the second suggested. ok is false for a
// row of any other table.
func tableBans(c *policy.Constraint) ([]ban, bool) {
	cells, banCol, doCol, ok := banTableRow(c)
	if !ok {
		return nil, false
	}
	instead := strings.Join(recognize.CodeSpans(cells[doCol]), ", ")
	var out []ban
	ts := tokenize(cells[banCol])
	if names, end := spanList(ts, 0); len(names) > 0 && end+1 < len(ts) && ts[end].kind == 'w' && lowerWord(ts[end]) == "from" && ts[end+1].kind == 's' {
		// "| `Form` from `@patternfly/react-core` | `FlightCtlForm` from ... |": the
		// names imported from that module, not every use of the name nor the module
		for _, n := range names {
			out = append(out, ban{span: n, from: ts[end+1].text, instead: instead, clause: cells[banCol], pair: true})
		}
		return out, true
	}
	for k := 0; k < len(ts); k++ {
		t := ts[k]
		if t.kind != 's' {
			continue
		}
		if placeSpanAt(ts, k) {
			// "| Store JWT in `localStorage` / `sessionStorage` |": where a thing is
			// kept, not what is banned; the list after it shares the preposition
			continue
		}
		if names, end := spanList(ts, k); len(names) > 0 && end < len(ts) && ts[end].kind == 'w' && ts[end-1].kind == 's' && !spanNounContinuations.Get()[lowerWord(ts[end])] {
			// "| Per-crate `tokio`/`futures` version pins | `{ workspace = true }` |":
			// the spans say which pins, and the pins are banned, not the crates
			// (wild round 40, OpenFlight)
			k = end
			continue
		}
		out = append(out, ban{span: t.text, instead: instead, clause: cells[banCol], pair: true})
	}
	return out, true
}

// placePrepositions name where an action happens: a span after one is the place, not
// what the action does.
var placePrepositions = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("in", "into", "inside", "to", "on", "at", "under", "within", "via", "through", "across", "onto")
}}

// placeSpanAt reports a span at k that a place preposition introduces, directly or as
// a later member of the list it opens.
func placeSpanAt(ts []token, k int) bool {
	for k >= 0 && ts[k].kind == 's' {
		if k > 0 && ts[k-1].kind == 'w' && placePrepositions.Get()[lowerWord(ts[k-1])] {
			return true
		}
		if k > 1 && separators[ts[k-1].text] {
			k -= 2
			continue
		}
		return false
	}
	return false
}

// banTableRow splits a row of a table whose columns are what not to write and what
// to write instead into its cells, with the index of each of the two columns.
func banTableRow(c *policy.Constraint) (cells []string, banCol, doCol int, ok bool) {
	heads := strings.Split(norm.TableHeader(c.Context), " | ")
	cells = strings.Split(c.Text, " | ")
	if len(heads) != len(cells) {
		return nil, 0, 0, false
	}
	banCol, doCol, ok = norm.BanAndDoColumns(heads)
	if !ok {
		return nil, 0, 0, false
	}
	return cells, banCol, doCol, true
}

var (
	// ("In library code, never:" over "- call `os.Exit`": a place before the ban,
	// the verb in the items)
	leadInBanRE    = lazyre.New(`^(?:in [^,:]{1,40},\s*)?(?:(?:never|do not|don't|don’t|please don't|please do not)(?: (?:ever )?(?:use|call|import|add|write|introduce)\b[^:]*)?|(?:avoid|forbidden|banned|prohibited|disallowed|not allowed)\b[^:]*):$|\b(?:are|is) (?:forbidden|banned|prohibited|not allowed|disallowed)\b[^:]*:$`)
	leadInImportRE = lazyre.New(`\bimport`)
)

// leadInBans reads a list item that is only code spans under a lead-in that bans
// ("Never use these in application code:" + "- `eval()`", "The following are
// forbidden:" + "- `System.out.println`", "Do not use:" + "- `document.write` — it
// blocks parsing") or under a heading that bans ("## Don't"). It returns the bans and
// the sentence to read scope and level from: the lead-in and the item together. An
// item whose span is followed by other words ("`init()` functions with side effects")
// names a narrower thing and is left alone, except for a place ("in library code").
func leadInBans(c *policy.Constraint) ([]ban, *sentence, bool) {
	lead := strings.TrimSpace(c.Context)
	low := strings.ToLower(recognize.StripCode(lead))
	item := newSentence(c)
	if !(leadInBanRE.MatchString(low) || lead == "" && item.headerBans()) {
		return nil, nil, false
	}
	cls := item.clauses()
	if len(cls) == 0 {
		return nil, nil, false
	}
	ts := tokenize(cls[0])
	first := 0
	if len(ts) > 1 && ts[0].kind == 'w' && set("use", "call", "import", "invoke", "add", "write")[lowerWord(ts[0])] {
		first = 1 // "- call `os.Exit`" under "never:"
	}
	if len(ts) <= first || ts[first].kind != 's' {
		return nil, nil, false
	}
	spans, end := spanList(ts, first)
	if end < len(ts) && !(ts[end].kind == 'p' || set("in", "inside", "within", "for", "from", "on")[lowerWord(ts[end])]) {
		return nil, nil, false
	}
	qual := qualifier(ts, end)
	imports := leadInImportRE.MatchString(low)
	var out []ban
	for _, sp := range spans {
		b := ban{span: sp, clause: cls[0], qualifier: qual}
		if imports && moduleSpanRE.MatchString(sp) {
			b = ban{from: sp, clause: cls[0], qualifier: qual}
		}
		out = append(out, b)
	}
	joined := *c
	if lead != "" {
		joined.Text = strings.TrimSuffix(lead, ":") + ": " + c.Text
	}
	return out, newSentence(&joined), true
}

// outsideLocated: the ban's qualifier leaves out a folder the repository has ("don't
// call `print()` outside the scripts folder"), which the rule's scope excludes
// (ruleScope, outsideFolders).
func outsideLocated(s *sentence, rc *recognize.RepoContext, b ban) bool {
	if len(s.definitionPlaces()) > 0 {
		// "No `console.log` calls in `PaymentForm`": the query finds the body of
		// the class or function named (#inside-def?)
		return true
	}
	if strings.HasPrefix(b.qualifier, "outside ") {
		return len(outsideFolders(s, rc, b.clause)) > 0
	}
	// "don't use `console.log` in src/": a folder written as a path without
	// backticks, which ruleScope reads (norm.InNamedFolders) when the repository has it
	if rc == nil || !plainPathQualRE.MatchString(b.qualifier) {
		return false
	}
	folders := norm.InNamedFolders(strings.NewReplacer(" / ", "/", " /", "/").Replace(b.qualifier))
	for _, w := range folders {
		if !hasDir(rc, path.Join(s.c.Scope.Dir, w)) {
			return false
		}
	}
	return len(folders) > 0
}

// plainPathQualRE: a qualifier that is a folder written as a path ("in src /", as the
// qualifier's words join it).
var plainPathQualRE = lazyre.New(`^(?:in|under|inside|within) (?:the )?[a-z0-9_.-]+(?: / [a-z0-9_.-]+)* /$`)

// shippedCases keeps a rule's authored cases whose path the narrowed scope still
// covers.
func shippedCases(cs []policy.Case, sc policy.Scope) []policy.Case {
	var out []policy.Case
	for _, c := range cs {
		if c.Path == "" || sc.Covers(c.Path) {
			out = append(out, c)
		}
	}
	return out
}

var (
	// receiverQualRE: the kind of receiver a member is banned on ("on a task", "on
	// the response object").
	// (one noun; a situation is no receiver: "on the main thread", "on startup")
	receiverQualRE = lazyre.New(`^on (?:an? |any |each )[a-z][\w-]*$`)
	// kindQualRE: a "for" that names a kind of value ("for reference-counted types",
	// "for large objects"), which a ban of a call's syntax cannot see.
	kindQualRE = lazyre.New(`^for (?:the |all |any )?(?:[\w-]+ ){0,3}(?:types?|values?|objects?|instances?|structs?|classes|collections?|pointers?|references?)\b`)
	// placeQualRE: a "for" that names a place or a part of the code after all ("for
	// the CLI package", "for new code"), which heed cannot locate.
	placeQualRE = lazyre.New(`^for (?:the |all |any |our )?(?:new |existing )?(?:\w+[- ])?(?:code|files?|modules?|packages?|crates?|components?|projects?|services?|apps?|libraries|library|repos?|folders?|directories)\b`)
)

// componentLead returns the part of the project a list's lead-in names when it is a
// bare label of one ("**Store serializer (customer-visible):**"): its items hold for
// that part only. A lead-in that states a rule, names a language or a folder, or
// only says the list is rules ("Avoid:", "Python:", "In `src/`:", "Conventions:")
// returns "".
func componentLead(leadIn string) string {
	t := strings.TrimSpace(strings.Trim(strings.TrimSpace(leadIn), "*_"))
	if !strings.HasSuffix(t, ":") || strings.Contains(t, "`") {
		return ""
	}
	t = strings.TrimSpace(strings.Trim(strings.TrimSuffix(t, ":"), "*_ "))
	if paren := strings.Index(t, "("); paren > 0 {
		t = strings.TrimSpace(t[:paren])
	}
	words := strings.Fields(strings.ToLower(t))
	if len(words) == 0 || len(words) > 4 {
		return ""
	}
	for _, w := range words {
		if !componentWordRE.MatchString(w) || notComponentWords.Get()[w] {
			return ""
		}
	}
	return t
}

var componentWordRE = lazyre.New(`^[a-z][a-z-]*$`)

// notComponentWords: words of a lead-in that make it a rule, a language, a kind of
// file or a plain "these are the rules" label rather than a part of the project.
var notComponentWords = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("use", "avoid", "never", "don't", "do", "must", "should", "prefer", "always", "include", "add", "write",
		"keep", "follow", "no", "not", "rules", "rule", "guidelines", "conventions", "convention", "style", "forbidden",
		"banned", "prohibited", "important", "note", "notes", "example", "examples", "bad", "good", "wrong", "right",
		"python", "go", "golang", "rust", "typescript", "javascript", "java", "kotlin", "ruby", "php", "swift", "c",
		"tests", "test", "testing", "code", "source", "general", "naming", "formatting", "imports", "errors", "logging",
		"security", "performance", "comments", "documentation", "docs", "files", "types", "patterns", "anti-patterns",
		"requirements", "checklist", "summary", "instead", "never-do", "dont", "donts", "do's", "don'ts", "prohibitions")
}}

// relationalContrastRE: a statement of how things relate, with its alternative set
// against another ("belongs to one `Order`, never an `OrderGroup`", "lives in `A`, not
// in `B`"), where the verb is no instruction.
var relationalContrastRE = lazyre.New("(?i)\\b(belongs?|belonging|is|are|was|were|lives?|sits?|stays?|goes|go|maps?|points?|refers?|attaches?|hangs?|keyed|modell?ed|stored|represented|kept|written|computed|derived)\\b[^.;]{0,80}`[^`]+`[^.;`]{0,40}?\\s*[,—–;-]\\s*(never|not)\\s+(to\\s+|in\\s+|on\\s+|as\\s+)?(a|an|the|one)?\\s*`([^`]+)`")

// relationalContrast: span is the contrasted side of such a statement in text.
func relationalContrast(text, span string) bool {
	for _, m := range relationalContrastRE.FindAllStringSubmatch(text, -1) {
		if m[len(m)-1] == span {
			return true
		}
	}
	return false
}

// exampleClauseRE: a clause that illustrates ("For example, ...", "e.g. ...").
var exampleClauseRE = lazyre.New(`(?i)^(for example|for instance|e\.g\.?|eg\.?)[\s,:]`)

// contradicted reports another rule of the same file that allows or asks for the
// banned span ("Use `.optional()` unless `null` is meaningful", "using `Span::styled`
// is OK"): the two together describe a situation, not a ban.
func contradicted(s *sentence, rc *recognize.RepoContext, span string) string {
	if rc == nil {
		return ""
	}
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.File != s.c.File || o.ID == s.c.ID {
			continue
		}
		os := newSentence(o)
		if !os.hasSpan(span) {
			continue
		}
		banned := false
		for _, b := range os.bans() {
			if b.span == span {
				banned = true
			}
		}
		if p := os.prose(); banned || deniesRE.MatchString(p) && !norm.StatesException(p) {
			continue // "Scripts in `tools/` may not call `x` either": no permission
		}
		if permitsAPlace(os) {
			// "CLI tools in `tools/` may call `x`": the place is left out of the
			// rule's scope (permittedPlaces); elsewhere the ban holds
			continue
		}
		for _, cl := range os.clauses() {
			if allows(tokenize(cl), span) {
				return fmt.Sprintf("`%s` is banned here but allowed by %s:%d (%q): a situation heed cannot tell apart", span, o.File, o.Line, snippet(o.Text))
			}
		}
	}
	return ""
}

// deniesRE: a sentence that denies what it names ("may not call", "must not use").
var deniesRE = lazyre.New(`\b(?:may|must|should|can|do|does|will)\s+not\b|\b(?:cannot|can't|mustn't|shouldn't|don't|doesn't|never)\b`)

// allows reports a clause that asks for or permits the span: "use `X` unless ...",
// "using `X` is OK".
func allows(ts []token, span string) bool {
	for i, t := range ts {
		if t.kind != 's' || t.text != span {
			continue
		}
		for k := i - 1; k >= 0 && k >= i-2; k-- {
			if ts[k].kind == 'w' && set("use", "using", "prefer", "call", "choose")[lowerWord(ts[k])] {
				if k == 0 || negAt(ts, k-1) == 0 {
					return true
				}
			}
		}
		rest := []string{}
		for k := i + 1; k < len(ts) && k <= i+3; k++ {
			rest = append(rest, lowerWord(ts[k]))
		}
		after := strings.Join(rest, " ")
		for _, ok := range []string{"is ok", "is okay", "is fine", "is acceptable", "is allowed", "are allowed", "are fine", "is also acceptable"} {
			if strings.HasPrefix(after, ok) {
				return true
			}
		}
	}
	return false
}

// shape is what a banned span names in code.
type shape struct {
	kind  string   // call, method, member, macro, path, ident, generic, decorator, import, module, comment
	segs  []string // dotted or :: segments; the last is the name
	name  string
	from  string // import: the module
	text  string // comment: the directive text
	marks string // comment: its marker ("#", "//")
	// root: a module banned by its main entry point only ("never import from
	// `@vitest/utils` main entry point"): its subpaths are allowed.
	root bool
	// noImport: the sentence prescribes importing the class it bans by its
	// qualified name ("prefer `import a.b.C;` over using `a.b.C`").
	noImport bool
	// marker: a comment marker in any language's comments ("TODO").
	marker bool
	// cpp: a module named as a C++ standard header (`<regex>`).
	cpp bool
	// clib: a call of the C library's, found in C and C++ only.
	clib bool
	// arg: the one argument a call is written with when it is no placeholder
	// ("`expect(subject)`", "`time.Sleep(0)`"): the ban is of that form of the call.
	arg string
	// good: for an example ("`x is None`, never `x == None`"), the example the
	// sentence prescribes instead, if any.
	good string
	// twins: the formatting twins of a Go printing method the ban also covers
	// (`t.Fatalf` of a ban of `t.Fatal`).
	twins []string
	// attrArgs: the arguments a Rust attribute is banned with ("dead_code" of
	// `#[allow(dead_code)]`); "" bans the attribute with any.
	attrArgs string
	// called: the span was written as a call (`Path.write_text()`), not a reference.
	called bool
	// docLangs: the languages whose documentation writes the span so (Ruby's
	// `#tap`, `Object#send`), when they are narrower than the shape's kind.
	docLangs []string
}

var (
	newRE         = lazyre.New(`^new\s+([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*(?:\((.*)\))?$`)
	placeholderRE = lazyre.New(`(?:^|[^\w$])(?:Foo|Bar|Baz|Qux|foo|bar|baz|qux|MyClass|SomeClass|YourClass|SomeType|MyType)(?:[^\w$]|$)`)
	rootEntryRE   = lazyre.New(`\b(?:main|root) entry(?: ?points?)?\b|\bpackage root\b|\bthe root\b|\broot (?:import|export|index|module|package)s?\b|\bbarrel\b|\bbare (?:package|specifier|root)\b`)
	nodeModuleRE  = lazyre.New(`^node:[a-z_/]+$`)
	scopedSpecRE  = lazyre.New(`^@[a-z0-9][\w.\-]*/[a-z0-9][\w.\-]*(?:/[\w.\-]+)*$`)
	macroRE       = lazyre.New(`^([a-z_][a-z0-9_]*)!(?:\(.*\)|\[.*\]|\{.*\})?$`)
	rustPathRE    = lazyre.New(`^([A-Za-z_]\w*(?:::[A-Za-z_]\w*)+)(?:\(.*\))?$`)
	phpClassRE    = lazyre.New(`^[A-Z][A-Za-z0-9_]*$`)
	callRE        = lazyre.New(`^(\.)?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\((?:.*)\)$`)
	memberRE      = lazyre.New(`^(\.)?([A-Za-z_$][\w$]*(?:\.(?:[A-Za-z_$][\w$]*|\*))+)$`)
	dotMethodRE   = lazyre.New(`^\.([A-Za-z_$][\w$]*)$`)
	identRE       = lazyre.New(`^[A-Za-z_$][\w$]*$`)
	genericRE     = lazyre.New(`^([A-Z]\w*)\[.*\]$`)
	decoRE        = lazyre.New(`^@([A-Za-z_][\w.]*)(?:\(.*\))?$`)
	rustAttrRE    = lazyre.New(`^#!?\[\s*([A-Za-z_]\w*(?:::[A-Za-z_]\w*)*)\s*(?:\((.*)\))?\s*\]$`)
	directiveRE   = lazyre.New(`^(#|//|/\*)\s*(\S.*?)\s*(?:\*/)?$`)
	// markdownHeadingRE: a Markdown heading written as a span ("`# Example`",
	// "`## Safety`"); sectionWordRE: a clause that speaks of it as one.
	markdownHeadingRE = lazyre.New(`^#{1,6} [A-Z][a-z]+(?: [A-Za-z]+)?$`)
	sectionWordRE     = lazyre.New(`\bsections?\b|\bheadings?\b|\bheaders?\b|\bdoc ?comments?\b|\brustdoc\b|\bdocstrings?\b`)
	fileExtRE         = lazyre.New(`\.(?:ts|tsx|js|jsx|mjs|cjs|py|pyi|go|rs|java|kt|cs|json|jsonc|md|mdx|yml|yaml|toml|txt|lock|cfg|ini|sh|html|css|scss|rst|xml|gradle|kts|sql|env|com|org|io|dev|net|svg|png|props|properties|bzl|bazel|mk|cmake|tf|hcl|proto|graphql|csproj|sln|xlf|resx|snap|csv|lua|rb|php|swift|cpp|hpp)$|^go\.(?:mod|sum|work)$`)
	namingRE2         = lazyre.New(`\bnames?\b|\bnaming\b|\bnamed\b|\bprefix(?:es|ed)?\b|\bsuffix(?:es|ed)?\b|\bcalled\b|\brename`)
	argsOKRE          = lazyre.New(`^\s*(?:\.\.\.|…|[A-Za-z_]\w*|\*\w*|)\s*$`)
	cIncludeRE        = lazyre.New(`^(?:#\s*include\s*)?[<"]([\w.+/-]+\.(?:h|hpp|hh|hxx))[>"]$`)
	// cppIncludeRE: an extensionless header named as an include (`<iostream>`,
	// `#include <regex>`): C++'s standard library.
	cppIncludeRE = lazyre.New(`^(?:#\s*include\s*<([a-z_][\w/]*)>|<([a-z_][\w]*)>)$`)
	cHeaderRE    = lazyre.New(`\.(?:h|hpp|hh|hxx)$`)
	// usingNamespaceRE: C++'s `using namespace std;`.
	usingNamespaceRE = lazyre.New(`^using\s+namespace\s+((?:::)?[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*)\s*;?$`)
	// rubyDocMethodRE: an instance method as Ruby's documentation writes it: `#tap`,
	// `Object#instance_variable_get`, `Array#each?`.
	rubyDocMethodRE = lazyre.New(`^([A-Z]\w*(?:::[A-Z]\w*)*)?#([a-z_]\w*[?!]?)$`)
	// shellVarRE: a shell or environment variable (`$VAR`, `${HOME}`, `$GITHUB_OUTPUT`).
	shellVarRE = lazyre.New(`^"?\$\{?[A-Z][A-Z0-9_]*\}?"?$`)
	// particularArgRE: one argument that names a particular value: an identifier, a
	// number, a symbol, a string, a literal constant.
	particularArgRE = lazyre.New(`^(?:[A-Za-z_]\w*|-?\d+(?:\.\d+)?|:[a-z_]\w*|"[^"]*"|'[^']*')$`)
	knownDirRE      = lazyre.New(`^(?:eslint-disable(?:-next-line|-line)?|@ts-ignore|@ts-expect-error|@ts-nocheck|noqa|nolint|prettier-ignore|istanbul ignore|c8 ignore|NOSONAR|type: ignore|pyright: ignore|pragma: no cover)\b`)
)

// elidedModule returns the prefix of a module written with its end elided
// (`@patternfly/…`, `@scope/...`, `pkg.*`), and false for a module written in full.
func elidedModule(from string) (string, bool) {
	for _, tail := range []string{"…", "...", "*"} {
		if p, ok := strings.CutSuffix(from, tail); ok && (strings.HasSuffix(p, "/") || strings.HasSuffix(p, ".")) && len(p) > 1 {
			return p, true
		}
	}
	return "", false
}

// parseShape reads a banned span as code, or reports that it is not an API reference
// (a command, a file name, prose in backticks).
func parseShape(b ban) (shape, bool) {
	if b.span == "" && b.from != "" {
		if strings.ContainsAny(b.from, " ") {
			return shape{}, false
		}
		return shape{kind: "module", from: b.from, root: rootEntryRE.MatchString(b.clause)}, true
	}
	sp := strings.TrimSpace(b.span)
	if b.marker {
		return shape{kind: "comment", text: sp, marker: true}, true
	}
	if b.from != "" {
		if identRE.MatchString(sp) && !strings.ContainsAny(b.from, " ") {
			return shape{kind: "import", name: sp, from: b.from}, true
		}
		return shape{}, false
	}
	if m := cIncludeRE.FindStringSubmatch(sp); m != nil {
		return shape{kind: "module", from: m[1]}, true // "don't include `<windows.h>`"
	}
	if m := usingNamespaceRE.FindStringSubmatch(sp); m != nil {
		return shape{kind: "using-namespace", name: m[1]}, true // "no `using namespace std;`"
	}
	if m := cppIncludeRE.FindStringSubmatch(sp); m != nil {
		return shape{kind: "module", from: m[1] + m[2], cpp: true}, true // "avoid `<regex>`"
	}
	if m := rubyDocMethodRE.FindStringSubmatch(sp); m != nil && !hashDirectives.Get()[m[2]] {
		// "avoid `#tap`", "`Object#instance_variable_get`": Ruby's documentation names
		// an instance method so; the ban is of the method's calls, not of a comment
		return shape{kind: "method", name: m[2], docLangs: []string{engine.LangRuby}}, true
	}
	if strings.HasPrefix(sp, "#[") || strings.HasPrefix(sp, "#![") {
		// "never use `#[serde(flatten)]`", "avoid `#[allow(dead_code)]`": a Rust
		// attribute, code of Rust, not a comment of the languages whose comments open
		// with '#'; the ban is of the attribute with the arguments it names
		if m := rustAttrRE.FindStringSubmatch(sp); m != nil {
			return shape{kind: "attribute", name: m[1], attrArgs: rustAttrArgs(m[2])}, true
		}
		return shape{}, false
	}
	if w, _, _ := strings.Cut(strings.TrimSpace(strings.TrimPrefix(sp, "#")), " "); strings.HasPrefix(sp, "#") && preprocessorWords.Get()[w] {
		// "do not use `#pragma pack`", "no `#region`": a directive of C's
		// preprocessor or of C#, code of those languages, not a comment of the
		// languages whose comments open with '#'
		return shape{}, false
	}
	if strings.HasPrefix(sp, "#") && markdownHeadingRE.MatchString(sp) && sectionWordRE.MatchString(strings.ToLower(b.clause)) {
		// "no `# Example` or `# Usage` sections in a doc comment": a Markdown
		// heading inside documentation, not a comment of the languages whose
		// comments open with '#' (a shell script's "# Usage:" header; wild round
		// 38, streamlib)
		return shape{}, false
	}
	if m := directiveRE.FindStringSubmatch(sp); m != nil && len(m[2]) > 1 {
		return shape{kind: "comment", marks: m[1], text: m[2]}, true
	}
	if knownDirRE.MatchString(sp) {
		return shape{kind: "comment", text: sp}, true
	}
	if shellVarRE.MatchString(sp) {
		// "`$VAR`", "`${HOME}`": a shell or environment variable, no identifier of
		// the languages heed parses
		return shape{}, false
	}
	if placeholderRE.MatchString(sp) || placeholderName(sp) {
		// "never `new Foo(...)`": any class, shown by a placeholder; "use `id` instead
		// of `model_name_id`": any name of that form
		return shape{}, false
	}
	if m := newRE.FindStringSubmatch(sp); m != nil && argsOKRE.MatchString(m[2]) {
		segs := strings.Split(m[1], ".")
		return shape{kind: "new", segs: segs, name: segs[len(segs)-1]}, true // "`new Date()`"
	}
	if nodeModuleRE.MatchString(sp) || scopedSpecRE.MatchString(sp) {
		// "`node:path`", "`@acme/sdk/v3`"
		return shape{kind: "module", from: sp, root: rootEntryRE.MatchString(b.clause)}, true
	}
	if len(keywordVariants(sp)) > 0 {
		if sp == "assert" && b.pair && identRE.MatchString(b.instead) {
			// "Prefer `require` over `assert`" is testify's package, an alternative
			// to another package, not to a statement
			return shape{}, false
		}
		return shape{kind: "keyword", name: sp}, true // "never use `var`"
	}
	if fileExtRE.MatchString(sp) && !knownReceiver(sp) || strings.Contains(sp, "/") {
		return shape{}, false
	}
	if strings.Contains(sp, " ") && !callRE.MatchString(sp) {
		return exampleShape(b, sp)
	}
	if m := macroRE.FindStringSubmatch(sp); m != nil {
		return shape{kind: "macro", name: m[1]}, true
	}
	if rest, ok := strings.CutPrefix(strings.TrimPrefix(sp, "?"), "->"); ok && identRE.MatchString(strings.TrimSuffix(rest, "()")) {
		return shape{kind: "method", name: strings.TrimSuffix(rest, "()")}, true // PHP's `->toArray()`
	}
	if m := rustPathRE.FindStringSubmatch(sp); m != nil {
		segs := strings.Split(m[1], "::")
		return shape{kind: "path", segs: segs, name: segs[len(segs)-1]}, true
	}
	if cls, ok := strings.CutSuffix(sp, "::"); ok && phpClassRE.MatchString(cls) {
		// "never use `DB::` directly": every static use of the class (PHP's
		// facades); the member is any
		return shape{kind: "path", segs: []string{cls, "*"}, name: "*"}, true
	}
	if m := decoRE.FindStringSubmatch(sp); m != nil {
		segs := strings.Split(m[1], ".")
		return shape{kind: "decorator", segs: segs, name: segs[len(segs)-1]}, true
	}
	if m := genericRE.FindStringSubmatch(sp); m != nil {
		return shape{kind: "generic", name: m[1]}, true
	}
	if m := callRE.FindStringSubmatch(sp); m != nil {
		args := strings.TrimSpace(sp[strings.IndexByte(sp, '(')+1 : len(sp)-1])
		if alt := callRE.FindStringSubmatch(strings.TrimSpace(b.instead)); alt != nil && alt[2] == m[2] && strings.TrimSpace(b.instead) != sp {
			// "`logger.error("%s", value)` not `logger.error(value)`": the same call
			// with other arguments is prescribed, so the ban is of that form of it
			return exampleShape(b, sp)
		}
		arg := ""
		switch {
		case particularArgRE.MatchString(args) && !placeholderArg(args):
			// "use `is_expected` instead of `expect(subject)`", "never
			// `time.Sleep(0)`": that form of the call, not every call
			arg = args
		case !argsOKRE.MatchString(args):
			// "`JSON.parse(JSON.stringify(obj))`", "`errors.New(fmt.Sprintf(...))`":
			// a construct shown by an example
			return exampleShape(b, sp) // a particular call ("`render(m.help.View(m))`"), not an API
		}
		segs := strings.Split(m[2], ".")
		if typeQualified(segs) {
			return shape{}, false
		}
		switch {
		case m[1] == "." && len(segs) == 1, len(segs) == 2 && placeholderReceiver(segs[0]):
			// "never call `obj.delete()`": the method, whatever the receiver
			return shape{kind: "method", name: segs[len(segs)-1], arg: arg}, true
		case m[1] == ".":
			return shape{kind: "member", segs: segs, name: segs[len(segs)-1], arg: arg, called: true}, true
		case len(segs) == 1:
			return shape{kind: "call", name: segs[0], arg: arg}, true
		default:
			return shape{kind: "member", segs: segs, name: segs[len(segs)-1], arg: arg, called: true}, true
		}
	}
	if m := dotMethodRE.FindStringSubmatch(sp); m != nil {
		return shape{kind: "method", name: m[1]}, true
	}
	if m := memberRE.FindStringSubmatch(sp); m != nil && m[1] == "" {
		segs := strings.Split(m[2], ".")
		if typeQualified(segs) {
			return shape{}, false
		}
		if len(segs) == 2 && placeholderReceiver(segs[0]) && segs[1] != "*" {
			// "never call `record.update_column`": the method, whatever the record
			return shape{kind: "method", name: segs[1]}, true
		}
		return shape{kind: "member", segs: segs, name: segs[len(segs)-1], noImport: strings.Contains(b.instead, "import ")}, true
	}
	if cLibraryCalls.Get()[sp] {
		sh := shape{kind: "call", name: sp, clib: true} // "do not use `strcpy`": C's and C++'s
		if ls, ok := outputCalls.Get()[sp]; ok {
			// `puts` is Ruby's print as well as C's
			sh.docLangs = append([]string{engine.LangC, engine.LangCPP}, ls...)
		}
		return sh, true
	}
	if ls, ok := outputCalls.Get()[sp]; ok {
		// "Use Timber for logging, never `println`": the print functions of the
		// languages' standard libraries are calls, whatever verb bans them, in the
		// languages whose global functions they are
		return shape{kind: "call", name: sp, docLangs: ls}, true
	}
	if ls := bareGlobalCalls.Get()[sp]; len(ls) > 0 {
		// "Never use `eval`", "no `alert`": a global function known by its bare
		// name, whose only use is a call, in the languages whose global it is
		return shape{kind: "call", name: sp, docLangs: ls}, true
	}
	if identRE.MatchString(sp) && set("call", "calls", "calling", "invoke", "invokes", "invoking")[b.verb] && !distinctive(sp) {
		return shape{kind: "call", name: sp}, true // "never calls `panic`"
	}
	if identRE.MatchString(sp) && distinctive(sp) {
		return shape{kind: "ident", name: sp}, true
	}
	if sp == "mixed" {
		// "no `mixed`": PHP's catch-all type, a word of English too, so only PHP's
		return shape{kind: "ident", name: sp, docLangs: []string{engine.LangPHP}}, true
	}
	return exampleShape(b, sp)
}

// exampleShape reads a span no other shape took as an example of a construct ("`x is
// None`, never `x == None`"), when it may be code.
func exampleShape(b ban, sp string) (shape, bool) {
	if !exampleFragment(sp) {
		return shape{}, false
	}
	return shape{kind: "example", text: sp, good: b.instead}, true
}

// outputCalls are the global print functions of the languages heed parses, with those
// languages (Kotlin's `println`, Python's `print`, Ruby's `puts`, PHP's `var_dump`):
// a ban of one in a span is a ban of its calls there. Go's builtin `print` and
// `println` are left out: a Go sentence that bans them means `fmt`'s.
var outputCalls = lazy.Value[map[string][]string]{F: func() map[string][]string {
	return map[string][]string{
		"println":  {engine.LangKotlin},
		"print":    {engine.LangPython},
		"puts":     {engine.LangRuby},
		"print_r":  {engine.LangPHP},
		"var_dump": {engine.LangPHP},
	}
}}

// bareGlobalCalls are global functions that a sentence names by their bare name when
// it bans their calls ("never use `eval`"), with the languages whose globals they are.
// The everyday globals (`len`, `map`, `id`, `type`) are left out: a bare span of one
// of them is more often a name or a word than the call.
var bareGlobalCalls = lazy.Value[map[string][]string]{F: func() map[string][]string {
	js := []string{engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX}
	py := []string{engine.LangPython}
	return map[string][]string{
		"eval": append(slices.Clone(js), engine.LangPython), "alert": js, "confirm": js, "prompt": js,
		"setTimeout": js, "setInterval": js, "setImmediate": js, "escape": js, "unescape": js,
		"exec": py, "breakpoint": py, "globals": py, "locals": py, "setattr": py, "delattr": py,
	}
}}

// placeholderReceivers are receivers that stand for any value of a kind in a span that
// shows a method ("never call `record.update_column`", "`obj.delete()` in a loop"):
// no program names its variable so on purpose, and the sentence bans the method.
// everydayTypes are the general-purpose types and containers of the languages heed
// parses: a sentence that prefers another type to one of them means it for a use.
var everydayTypes = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("Array", "Hash", "Queue", "List", "Map", "Set", "Dictionary", "HashMap", "HashSet", "Vec",
		"Object", "String", "Integer", "Number", "Boolean", "Symbol", "MutableList", "MutableMap", "Deque", "ArrayDeque",
		"TreeMap", "BTreeMap")
}}

// underTestHeading reports a sentence in a section about tests at any level of its
// heading path ("Testing > Synchronization") that does not speak of production code.
func underTestHeading(s *sentence) bool { return underHeading(s, testSectionRE) }

// underHeading reports a sentence under a heading whose core matches re, that does
// not speak of production code and whose file has no scope of its own.
func underHeading(s *sentence, re *lazyre.RE) bool {
	if norm.InProduction(s.prose()) || len(s.c.Scope.Globs) > 0 {
		return false
	}
	for _, h := range s.c.HeaderPath {
		if core := headingCore(h); (strings.Contains(core, "test") || strings.Contains(core, "spec")) && re.MatchString(core) {
			return true
		}
	}
	return false
}

// writingTestsRE: a heading about writing tests, whose bans are of the tests' code
// ("Writing e2e tests", "E2E tests", "Test code"); "Testing" also covers running the
// suite and the coverage of the library code.
var writingTestsRE = lazyre.New(`^(?:writing|write|how to write|authoring|adding|creating) (?:new )?(?:(?:e2e|unit|integration|end-to-end|playwright|cypress|jest|vitest|pytest|rspec|component|browser) )?(?:tests?|specs?|test cases|test files)$|^(?:e2e|end-to-end|playwright|cypress) (?:tests?|specs?)$|^test code$|^(?:test|spec) (?:guidelines|conventions|style)$`)

// underWritingTestsHeading reports a sentence under a heading about writing tests
// that does not speak of production code.
func underWritingTestsHeading(s *sentence) bool { return underHeading(s, writingTestsRE) }

// testSectionGlobs are the test files a test heading's rules hold in: the test
// globs of the languages, or, under a heading about end-to-end tests, the
// repository's e2e folders when it has any.
func testSectionGlobs(s *sentence, rc *recognize.RepoContext, langs []string) []string {
	for _, h := range s.c.HeaderPath {
		core := headingCore(h)
		if !strings.Contains(core, "e2e") && !strings.Contains(core, "end-to-end") && !strings.Contains(core, "end to end") &&
			!strings.Contains(core, "playwright") && !strings.Contains(core, "cypress") {
			continue
		}
		var out []string
		if rc != nil {
			for _, d := range rc.Dirs {
				if b := path.Base(d); b == "e2e" || b == "e2e-tests" || b == "e2e_tests" {
					out = append(out, d+"/**")
				}
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	var out []string
	for _, l := range langs {
		out = append(out, testGlobs(l)...)
	}
	return uniq.Values(out)
}

// headingCore is a heading without its numbering and its decoration after a dash or
// a colon ("2.5 Test quality checklist", "2. Testing — MANDATORY"), lower case.
func headingCore(h string) string {
	h = strings.ToLower(strings.TrimSpace(h))
	h = strings.TrimLeft(h, "0123456789. ")
	for _, sep := range []string{" — ", " – ", " - ", ": ", " ("} {
		if i := strings.Index(h, sep); i > 0 {
			h = h[:i]
		}
	}
	return strings.TrimSpace(h)
}

// testSectionRE: a heading about tests ("Testing", "Writing Tests", "Test guidelines").
var testSectionRE = lazyre.New(`^(?:(?:unit |integration |writing |running |e2e )?tests?|testing|tests? (?:guidelines|conventions|code|quality|checklist|quality checklist|rules|standards|best practices|patterns|requirements)|writing tests|testing (?:guidelines|rules|standards|conventions|best practices|requirements))$`)

// languageCertain reports whether heed knows whose code a ban's object is: the
// sentence, its heading or its file's scope names the language, or the shape is the
// syntax of one language (family: JavaScript with TypeScript, C with C++), or the
// repository has one such language, or the name is one no two languages share by
// chance (a qualified name, `receive_message_chain`, `showFlashMessage`). A plain word
// (`fetch`, `expect`, `Array`) banned across languages is a guess: Ruby's
// `Hash#fetch` is no browser fetch.
func languageCertain(s *sentence, sh shape, langs []string) bool {
	if len(contextLangs(s)) > 0 {
		return true
	}
	switch sh.kind {
	case "call", "method", "ident", "new":
		// a name: the same word may be another language's
	default:
		// a qualified name, a path, a macro, a decorator, a module, a comment
		// marker, a keyword: its syntax says whose it is, or it is the same in all
		return true
	}
	if len(sh.segs) > 1 || len(identWords(sh.name)) > 1 || !identRE.MatchString(sh.name) {
		return true
	}
	fams := map[string]bool{}
	for _, l := range langs {
		fams[langFamily(l)] = true
	}
	return len(fams) <= 1
}

// langFamily puts the languages that share their code's syntax together.
func langFamily(l string) string {
	switch l {
	case engine.LangTypeScript, engine.LangTSX:
		return engine.LangJavaScript
	case engine.LangCPP:
		return engine.LangC
	}
	return l
}

// hashDirectives are the words a `#` starts in a directive, not a Ruby method: C's
// preprocessor, C#'s regions and nullable context, magic comments, linters' marks.
var hashDirectives = lazy.Value[map[string]bool]{F: func() map[string]bool {
	words := set("import", "noqa", "nosec", "frozen_string_literal", "encoding", "coding", "todo", "fixme", "xxx",
		"hack", "note", "type", "pylint", "rubocop", "nolint")
	for w := range preprocessorWords.Get() {
		words[w] = true
	}
	return words
}}

// preprocessorWords open a directive of C's preprocessor or of C# after '#'.
var preprocessorWords = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("include", "define", "undef", "if", "ifdef", "ifndef", "elif", "else", "endif", "pragma", "error",
		"warning", "line", "region", "endregion", "nullable")
}}

var placeholderReceivers = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("record", "obj", "str", "instance", "inst", "some_object", "someObject", "my_object", "myObject", "your_model", "yourModel", "some_model", "someModel", "foo", "bar")
}}

// placeholderReceiver: a receiver that stands for any value: one of the words above,
// or x, y or z ("prefer `Arc::clone(&x)` over `x.clone()`"); other letters are Go's
// receivers (`s.NoError`, `t.Fatal`), which a sentence names as they are.
func placeholderReceiver(r string) bool {
	return placeholderReceivers.Get()[r] || r == "x" || r == "y" || r == "z"
}

// placeholderArgs are argument names that stand for any value in a call written as an
// example ("`print(x)`", "`JSON.parse(body)`"): such a call bans every call.
var placeholderArgs = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("x", "y", "z", "obj", "object", "value", "val", "arg", "args", "argument", "arguments", "param", "params",
		"data", "input", "str", "string", "text", "msg", "message", "err", "error", "ex", "exc", "exception", "fn", "func",
		"callback", "handler", "path", "url", "uri", "key", "id", "num", "idx", "index", "item", "items", "list", "arr",
		"array", "expr", "expression", "ctx", "context", "cond", "condition", "predicate", "thing", "duration", "timeout",
		"file", "filename", "name", "cmd", "command", "query", "sql", "format", "fmt", "pattern", "result", "res", "resp",
		"response", "req", "request", "body", "payload", "content", "code", "target", "src", "dst", "dest", "source",
		"buf", "buffer", "other", "options", "opts", "config", "cfg", "element", "elem", "node", "event", "evt", "stream",
		"size", "count", "ms", "secs", "seconds", "delay", "interval", "selector", "type", "klass", "cls", "class",
		"model", "record", "instance", "attrs", "attributes", "kwargs", "values", "fields", "field", "host", "port",
		"date", "time", "timestamp", "number", "amount", "level", "state", "props", "children", "component", "module",
		"filepath", "dir", "directory", "mode", "flags", "user", "token", "secret", "password", "env", "something", "stuff")
}}

// placeholderArg reports an argument written to stand for any value: a word of the
// list above, a letter or two, a placeholder name (`some_value`), or `...`.
func placeholderArg(a string) bool {
	a = strings.TrimSpace(strings.TrimLeft(a, "*&"))
	if !identRE.MatchString(a) {
		return a == "" // a number, a symbol, a string: a particular value
	}
	if len(a) <= 2 || placeholderArgs.Get()[strings.ToLower(a)] || placeholderName(a) {
		return true
	}
	for _, w := range identWords(a) {
		if w == "some" || w == "my" || w == "your" || w == "the" || placeholderWords.Get()[w] {
			return true
		}
	}
	return false
}

// placeholderWords are the words of a name that stands for any name: `xxx_id`,
// `foo_count`, `your_table`.
var placeholderWords = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("foo", "bar", "baz", "qux", "xxx", "yyy", "zzz", "your", "placeholder")
}}

// metaKinds are the words that name a kind of name in a placeholder made of words
// ("`model_name_id`": the id field named for the model).
var metaKinds = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("model", "field", "table", "column", "class", "type", "entity", "object", "resource", "attr", "attribute", "property", "prop", "param", "parameter", "var", "variable", "method", "function", "func", "module", "app", "thing", "item", "record", "key", "component", "service", "package")
}}

// placeholderName reports an identifier written to stand for any name of a kind, not
// a name of the code: one with a placeholder word (`xxx_id`, `your_table`), or one
// that spells out a kind's name and goes on (`model_name_id`, `findByFieldName`):
// `field_name` alone, or `get_field_name`, may be the code's own.
func placeholderName(sp string) bool {
	if !identRE.MatchString(sp) {
		return false
	}
	words := identWords(sp)
	for i, w := range words {
		if placeholderWords.Get()[w] {
			return true
		}
		if w == "name" && i > 0 && metaKinds.Get()[words[i-1]] && (i+1 < len(words) || i >= 2 && words[i-2] == "by") {
			return true
		}
	}
	return false
}

// identWords splits an identifier into its lower-case words, at underscores and at
// case changes (`findByFieldName`: find, by, field, name).
func identWords(id string) []string {
	var out []string
	for _, part := range strings.FieldsFunc(id, func(r rune) bool { return r == '_' || r == '$' }) {
		start := 0
		for i := 1; i < len(part); i++ {
			if part[i] >= 'A' && part[i] <= 'Z' && !(part[i-1] >= 'A' && part[i-1] <= 'Z') {
				out = append(out, strings.ToLower(part[start:i]))
				start = i
			}
		}
		out = append(out, strings.ToLower(part[start:]))
	}
	return out
}

// columnSpanRE: a span that reads as `table.column`: a plural lower-case name, a dot,
// a lower-case name, no call.
var columnSpanRE = lazyre.New(`^([a-z][a-z0-9_]*s)\.([a-z][a-z0-9_]*)$`)

// databaseWordsRE: words of a sentence about the database's tables.
var databaseWordsRE = lazyre.New(`(?i)\b(?:columns?|tables?|schema|migrations?|database|db|foreign keys?|sql|rows?|index(?:es)?)\b`)

// columnRef reports a span that names a column of a table (`spree_payments.number`
// in "never write `spree_payments.number` (frozen until the column drop)"): the
// sentence speaks of the database, and the span reads as `table.column`, not as a
// module's or a global's member.
func columnRef(s *sentence, span string) bool {
	m := columnSpanRE.FindStringSubmatch(span)
	if m == nil || knownReceiver(span) || placeholderReceivers.Get()[m[1]] {
		return false
	}
	return databaseWordsRE.MatchString(s.prose())
}

// apiDocRefRE: a method written as API documentation writes it, without backticks,
// right after a prohibition ("Don't use Preconditions#checkNotNull").
var apiDocRefRE = lazyre.New(`(?i)\b(?:don'?t|do not|never|avoid|no)\s+(?:use\s+|call\s+|using\s+|calling\s+)?([A-Z][A-Za-z0-9_]*)#([a-z_][A-Za-z0-9_]*)\b`)

// apiDocBans reads bans of methods written as `Class#method` outside code spans, as
// the member `Class.method` (a warning: no span says it is code); those already
// read are left out.
func apiDocBans(text string, have []ban) []ban {
	read := map[string]bool{}
	for _, b := range have {
		read[b.span] = true
	}
	var out []ban
	for _, m := range apiDocRefRE.FindAllStringSubmatch(spanRE.ReplaceAllString(text, "CODE"), -1) {
		if span := m[1] + "." + m[2]; !read[span] {
			read[span] = true
			out = append(out, ban{span: span, clause: m[0], soft: true})
		}
	}
	return out
}

// nonCodePlaceRE: a place a sentence puts its ban in that is no code: a commit
// message, a PR's title or description, an issue, a branch name.
var nonCodePlaceRE = lazyre.New(`(?i)\b(?:in|into|inside|within) (?:a |an |the |your |any |our )?((?:commit|pr|pull request|merge request|issue|changeset|changelog|release) (?:messages?|titles?|descriptions?|bod(?:y|ies)|subjects?|entries|entry|notes?|comments?)|branch names?)\b`)

// codeWordsRE: words that put code among the places a sentence names (in the
// lower-case prose, where CODE stands for a span).
var codeWordsRE = lazyre.New(`\b(?:code|source|comments?|files?|docstrings?|tests?)\b`)

// nonCodePlace is the place a sentence bans its spans in when that place is no code
// and the sentence names no code beside it; "" otherwise.
func nonCodePlace(s *sentence) string {
	pr := s.prose()
	m := nonCodePlaceRE.FindStringSubmatch(pr)
	if m == nil {
		return ""
	}
	rest := strings.Replace(pr, m[0], "", 1)
	if codeWordsRE.MatchString(rest) {
		return ""
	}
	return strings.ToLower(m[1])
}

// artefactRE: files of a kind heed has no grammar for, named in a sentence or a
// heading: CI workflows, shell scripts, container and deployment files.
var (
	artefactRE = lazyre.New(`\b(github actions?|github workflows?|ci workflows?|workflow (?:files?|ya?ml)|actions workflows?|ya?ml files?|dockerfiles?|docker compose|compose files?|helm charts?|terraform|kubernetes manifests?|k8s manifests?|shell scripts?|bash scripts?|shell scripting|makefiles?)\b`)
	// artefactPlaceRE: such files named as the place of the sentence's bans ("in
	// workflow files", "for GitHub Actions"); named otherwise ("call programs instead
	// of shell scripts") they place nothing.
	artefactPlaceRE = lazyre.New(`\b(?:in|inside|within|for|under) (?:the |a |an |any |all |our |your |new )?(?:\w+ )?(github actions?|github workflows?|ci workflows?|workflow (?:files?|ya?ml)|actions workflows?|ya?ml files?|dockerfiles?|docker compose|compose files?|helm charts?|terraform|kubernetes manifests?|k8s manifests?|shell scripts?|bash scripts?|makefiles?)\b`)
	// artefactHeadingRE: a heading that is the name of such files alone ("## Shell",
	// "### YAML").
	// ("Workflow" and "CI" are left out: they head a way of working as often.)
	artefactHeadingRE = lazyre.New(`^(?:shell|bash|ci/cd|yaml|docker|scripts? \(shell\))$`)
	artefactSpanRE    = lazyre.New(`(?:^|/)\.github/workflows\b|\.ya?ml$|(?:^|/)Dockerfile\b|(?:^|/)Makefile$|\.sh$`)
)

// foreignArtefact is the kind of file a sentence's bans are about when heed does not
// parse it as code ("GitHub Actions", "shell scripts", `.github/workflows/`), and the
// sentence names no language heed parses beside it; "" otherwise.
func foreignArtefact(s *sentence) string {
	for _, l := range contextLangs(s) {
		if slices.Contains(allGrammars, l) {
			return ""
		}
	}
	if m := artefactPlaceRE.FindStringSubmatch(s.prose()); m != nil {
		return m[1]
	}
	for _, h := range s.c.HeaderPath {
		h = strings.ToLower(strings.TrimSpace(h))
		if m := artefactRE.FindStringSubmatch(h); m != nil {
			return m[1]
		}
		if artefactHeadingRE.MatchString(h) {
			return h
		}
	}
	for _, sp := range s.spans {
		if artefactSpanRE.MatchString(sp) && (strings.Contains(sp, "/") || strings.Contains(sp, ".")) {
			return "`" + sp + "`"
		}
	}
	return ""
}

// knownReceiver reports a dotted span whose first part is a global or module of a
// language: `process.env` is code, though it ends like a file name.
func knownReceiver(sp string) bool {
	first, _, ok := strings.Cut(sp, ".")
	return ok && (jsGlobals[first] || goPackages[first] || pyModules[first] || jvmStatics[first])
}

// typeQualified reports a chain that names a member through its interface type
// (`IEditorGroupsService.activeGroup.openEditor`): such text never appears in code.
func typeQualified(segs []string) bool {
	first := segs[0]
	if len(first) > 2 && first[0] == 'I' && isUpper(first[1:]) && !jvmStatics[first] {
		return true
	}
	return len(segs) >= 3 && isUpper(first) && !jsGlobals[first] && !jvmStatics[first]
}

// distinctive identifiers can be banned by name without fear of meaning something
// else: `__dirname`, `useLayoutEffect`, `Optional`. Plain lower-case words (`pip`,
// `make`, `then`) are commands or prose far more often than code.
func distinctive(id string) bool {
	if strings.Contains(id, "_") || strings.ContainsAny(id, "0123456789$") {
		return len(id) > 2
	}
	hasUpper := strings.ToLower(id) != id
	return hasUpper && len(id) > 3 && strings.ToUpper(id) != id
}

var (
	jsGlobals   = map[string]bool{"console": true, "JSON": true, "Math": true, "Object": true, "Promise": true, "window": true, "document": true, "process": true, "Date": true, "Array": true, "Number": true, "Reflect": true, "globalThis": true, "Buffer": true, "localStorage": true, "sessionStorage": true, "navigator": true, "location": true}
	goPackages  = map[string]bool{"fmt": true, "os": true, "time": true, "errors": true, "log": true, "strings": true, "context": true, "sync": true, "http": true, "ioutil": true, "filepath": true, "require": true, "assert": true, "reflect": true, "unsafe": true, "slog": true, "panic": true, "exec": true, "rand": true, "testing": true}
	pyModules   = map[string]bool{"os": true, "sys": true, "json": true, "logging": true, "time": true, "asyncio": true, "anyio": true, "subprocess": true, "typing": true, "pickle": true, "random": true, "re": true, "datetime": true, "pytest": true, "unittest": true, "mock": true, "requests": true, "self": true, "np": true, "pd": true, "django": true, "settings": true}
	jvmStatics  = map[string]bool{"System": true, "Thread": true, "Runtime": true, "Optional": true, "Objects": true, "Collections": true, "Arrays": true, "Map": true, "List": true, "String": true, "Integer": true, "Preconditions": true, "Guava": true}
	allGrammars = []string{engine.LangPython, engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX, engine.LangGo, engine.LangRust, engine.LangJava,
		engine.LangKotlin, engine.LangCSharp, engine.LangRuby, engine.LangC, engine.LangCPP, engine.LangPHP}
)

// langs are the languages the shape can be code in.
func (sh shape) langs() []string {
	if sh.docLangs != nil {
		return sh.docLangs
	}
	if sh.arg != "" {
		return intersect(sh.langsOfKind(), argLangs)
	}
	return sh.langsOfKind()
}

// argLangs are the languages argQuery reads a call's arguments in.
var argLangs = []string{engine.LangPython, engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX, engine.LangGo,
	engine.LangRust, engine.LangC, engine.LangCPP, engine.LangRuby, engine.LangJava, engine.LangCSharp}

// langsOfKind are the languages a shape of its kind can be code in.
func (sh shape) langsOfKind() []string {
	switch sh.kind {
	case "example":
		return exampleLangs
	case "macro", "attribute":
		return []string{engine.LangRust}
	case "path":
		return []string{engine.LangRust, engine.LangRuby, engine.LangCPP, engine.LangPHP}
	case "generic":
		return []string{engine.LangPython}
	case "decorator":
		return []string{engine.LangPython, engine.LangJava, engine.LangTypeScript, engine.LangTSX, engine.LangKotlin}
	case "comment":
		if sh.marker {
			return append(slices.Clone(codeLangs), engine.LangShell)
		}
		switch sh.marks {
		case "#":
			return []string{engine.LangPython, engine.LangShell, engine.LangRuby}
		case "//", "/*":
			return []string{engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX, engine.LangGo, engine.LangRust, engine.LangJava, engine.LangCSharp, engine.LangKotlin, engine.LangC, engine.LangCPP}
		}
		if strings.HasPrefix(sh.text, "eslint") || strings.HasPrefix(sh.text, "@ts-") || strings.HasPrefix(sh.text, "prettier") || strings.HasPrefix(sh.text, "istanbul") || strings.HasPrefix(sh.text, "c8") {
			return jsLangs
		}
		if sh.text == "nolint" || strings.HasPrefix(sh.text, "nolint") {
			return []string{engine.LangGo}
		}
		return []string{engine.LangPython}
	case "import":
		return []string{engine.LangPython, engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX}
	case "module":
		if sh.cpp {
			return []string{engine.LangCPP}
		}
		if nodeModuleRE.MatchString(sh.from) || scopedSpecRE.MatchString(sh.from) {
			return jsLangs
		}
		if cHeaderRE.MatchString(sh.from) {
			return []string{engine.LangC, engine.LangCPP}
		}
		if namespaceSpanRE.MatchString(sh.from) {
			return []string{engine.LangCSharp}
		}
		if strings.Contains(sh.from, "/") || strings.HasPrefix(sh.from, "@") || strings.Contains(sh.from, "-") {
			return []string{engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX, engine.LangGo, engine.LangRuby, engine.LangC, engine.LangCPP}
		}
		return allGrammars
	case "call":
		if sh.clib {
			return []string{engine.LangC, engine.LangCPP}
		}
		return allGrammars
	case "method":
		return allGrammars
	case "using-namespace":
		return []string{engine.LangCPP}
	case "keyword":
		return keywordLangs(sh.name)
	case "new":
		return []string{engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX, engine.LangJava, engine.LangCSharp, engine.LangCPP, engine.LangPHP}
	case "ident":
		return allGrammars
	case "member":
		first, second := sh.segs[0], sh.segs[1]
		switch {
		case jsGlobals[first]:
			return jsLangs
		case jvmStatics[first]:
			return []string{engine.LangJava, engine.LangCSharp, engine.LangKotlin}
		case goPackages[first] && isUpper(second):
			return []string{engine.LangGo}
		case pyModules[first] && !isUpper(second):
			return []string{engine.LangPython}
		case isUpper(first):
			return []string{engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX, engine.LangJava, engine.LangCSharp, engine.LangPython, engine.LangKotlin, engine.LangRuby}
		case isUpper(second) && len(sh.segs) == 2:
			return []string{engine.LangGo}
		}
		return []string{engine.LangPython, engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX, engine.LangJava, engine.LangCSharp, engine.LangKotlin, engine.LangRuby, engine.LangC, engine.LangCPP}
	}
	return nil
}

// jvmClass reports a class named by its package (`org.junit.Assert`,
// `android.util.Log`): lower-case package segments, then the class.
func jvmClass(segs []string) bool {
	if len(segs) < 3 || !isUpper(segs[len(segs)-1]) {
		return false
	}
	for _, s := range segs[:len(segs)-1] {
		if s == "" || strings.ToLower(s) != s {
			return false
		}
	}
	return true
}

func isUpper(s string) bool { return s != "" && s[0] >= 'A' && s[0] <= 'Z' }

// display is how the banned thing is named in messages.
func (sh shape) display(b ban) string {
	switch sh.kind {
	case "import":
		return fmt.Sprintf("`%s` imported from `%s`", sh.name, sh.from)
	case "module":
		return fmt.Sprintf("import of `%s`", sh.from)
	case "comment":
		return fmt.Sprintf("`%s` comment", strings.TrimSpace(sh.marks+" "+sh.text))
	}
	return "`" + b.span + "`"
}

// languageKeyword reports a word that is a keyword of a language heed reads
// (`lambda`, `global`, `async`): no package is named so.
func languageKeyword(w string) bool {
	switch w {
	case "lambda", "global", "nonlocal", "assert", "del", "pass", "yield", "with", "async", "await", "var", "let",
		"const", "goto", "static", "final", "unsafe", "extern", "mut", "impl", "dyn", "typeof", "instanceof", "void":
		return true
	}
	return keywordVariants(w) != nil
}

// classLike reports a name written as a class's (`Path`, `HttpClient`): a capital, then
// a lower-case letter somewhere.
func classLike(name string) bool {
	return name != "" && name[0] >= 'A' && name[0] <= 'Z' && strings.ToUpper(name) != name
}

// dottedNameRE is a qualified name: `yaml.load`, `os.path.join`.
var dottedNameRE = lazyre.New(`^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$`)

// exactReplacement is the replacement a "use `X` instead of `Y`" ban carries, when
// the edit alone is right (docs/fix-design.md): X and Y are names under the same
// qualifier (`yaml.safe_load` for `yaml.load`), so the replacement needs no import
// and changes nothing but the name. Any other pair says what to do, not what to
// write, and carries none.
//
// The replacement written with its arguments ("use `yaml.safe_load(stream)`") records
// them: its fix is exact for calls that fit them (fixargs.go).
func exactReplacement(b ban) *Replacement {
	if !b.pair {
		return nil
	}
	from, _, okFrom := callForm(b.span)
	to, args, okTo := callForm(b.instead)
	if !okFrom || !okTo || from == to || !dottedNameRE.MatchString(from) || !dottedNameRE.MatchString(to) {
		return nil
	}
	if from[:strings.LastIndexByte(from, '.')] != to[:strings.LastIndexByte(to, '.')] {
		return nil
	}
	return &Replacement{From: from, To: to, Args: args}
}

// rule builds the rule for a banned shape in the selected languages.
func (sh shape) rule(s *sentence, rc *recognize.RepoContext, langs []string, b ban) (policy.Rule, string) {
	sc, _ := ruleScope(s, rc, langs)
	r := policy.Rule{
		Domain:   policy.DomainSource,
		Severity: s.severity(),
		Exact:    !s.soft() && sh.kind != "ident",
		Scope:    sc,
	}
	what := sh.display(b)
	r.Message = what + " is banned here"
	if region := s.unknownRegionIn(rc); region != "" {
		return r, fmt.Sprintf("bans %s only in %s, which heed cannot locate", what, region)
	}
	if b.instead != "" {
		r.Suggestion = "use " + backtickList(b.instead)
	}
	var grammarLangs, otherLangs []string
	for _, l := range langs {
		if slices.Contains(allGrammars, l) {
			grammarLangs = append(grammarLangs, l)
		} else {
			otherLangs = append(otherLangs, l)
		}
	}
	if sh.kind == "comment" {
		re := directiveRegex(sh)
		r.Kind = KindPattern
		r.Params = marshal(PatternParams{Regex: re, Where: "comments", Languages: langs})
		r.Message = what
		cs, ok := commentCases(sh, sc, langs)
		if !ok {
			return r, fmt.Sprintf("bans %s, but no sample path of its languages lies in the rule's scope", what)
		}
		r.Cases = cs
		return r, ""
	}
	if sh.kind == "example" {
		return exampleRule(r, s, rc, sh, sc, grammarLangs)
	}
	if sh.kind == "member" && slices.Contains(grammarLangs, engine.LangGo) {
		sh.twins = goPrintTwins(sh, b.instead+" "+s.prose())
	}
	qp := QueryParams{Queries: map[string]string{}, Exclude: inFileExclusions(s, rustTestIdiom(sh))}
	if consolePrintRE.MatchString(b.span) {
		// a script's prints are its output: `scripts/`, `bin/`, the tooling of the
		// hidden folders at the root (a `.meta-automation/` hook script; wild
		// round 34)
		r.Scope.Exclude = uniq.Values(append(r.Scope.Exclude, consoleOutputGlobs...))
	}
	if unityLogRE.MatchString(b.span) {
		// Unity builds no code of an `Editor` folder into the game: its logs are the
		// editor tool's own, never shipped (wild round 35)
		r.Scope.Exclude = uniq.Values(append(r.Scope.Exclude, "**/Editor/**"))
	}
	if consolePrintRE.MatchString(b.span) && aboutLogging(s, rc) {
		// "Logging: Use SLF4J. No `System.out.println`": prints as logging are banned;
		// a command-line program's prints are its output, not its logs.
		// A test's prints are the test's output, not the program's logs either (a
		// Rust CI that denies println! in the library crates and not in their
		// tests; wild round 38, streamlib).
		qp.Exclude = append(qp.Exclude, "programs", "tests")
		// The logging layer's own files are where the raw prints belong: an iOS
		// `Logger.kt` that prints where Android's Timber is not available.
		r.Scope.Exclude = uniq.Values(append(r.Scope.Exclude, loggerFileGlobs...))
		for _, l := range langs {
			r.Scope.Exclude = uniq.Values(append(r.Scope.Exclude, testGlobs(l)...))
		}
	}
	if sh.kind == "member" && len(sh.segs) == 2 && strings.Contains(b.instead, sh.segs[0]+".Require()."+sh.name) {
		// "use `s.Require().NoError(err)` instead of `s.NoError(err)`": a suite that
		// embeds *require.Assertions already stops at s.NoError
		qp.Exclude = append(qp.Exclude, "require-suites")
	}
	if sh.kind == "call" && sh.name == "require" {
		// a CommonJS module (a .cjs file, a config that assigns module.exports)
		// imports with require: the ban is about the ES modules around it
		qp.Exclude = append(qp.Exclude, "commonjs")
	}
	if slices.Contains(compositionRootTypes, sh.name) && slices.Contains(langs, engine.LangCSharp) {
		// "Use `IOptions<T>` — NOT raw `IConfiguration` reads scattered through
		// code": the composition root binds the options from the configuration and
		// resolves the services (Program.cs, Startup.cs, the IServiceCollection
		// extensions that register a feature; wild round 19, learn-ai)
		r.Scope.Exclude = uniq.Values(append(r.Scope.Exclude, compositionRootGlobs...))
	}
	if rustTestIdiom(sh) && slices.Contains(langs, engine.LangRust) {
		// Tests unwrap and panic by design: the rule is about the code they test.
		r.Scope.Exclude = uniq.Values(append(r.Scope.Exclude, testGlobs(engine.LangRust)...))
	}
	if slices.Contains(grammarLangs, engine.LangGo) {
		// "use `require.Eventually` instead of `time.Sleep` (forbidden by linter)":
		// the project marks its exceptions to that linter with //nolint
		qp.Nolint = sentenceLinters(s)
	}
	if r.Exact && r.Severity == policy.SeverityError {
		qp.Replace = exactReplacement(b)
	}
	qp.Alternatives = alternativeStems(b.instead)
	wrappers := prescribedWrappers(s, b)
	// "`RunWorkflow` and `AgentRunnerExecutor` must not access `app.state`": the ban
	// holds in the bodies of those classes, and the module that hands them their
	// dependencies reads it freely
	inside := s.definitionPlaces()
	for _, l := range grammarLangs {
		if q := sh.query(l); q != "" {
			if len(inside) > 0 {
				if !strings.Contains(q, "@match (#") {
					continue // no place to say where: no rule wider than the text
				}
				q = strings.ReplaceAll(q, "@match (#", "@match (#inside-def? @match "+quoteAll(inside)+") (#")
			}
			if len(wrappers) > 0 && sh.kind == "call" && (l == engine.LangC || l == engine.LangCPP) {
				// "use `xMalloc()` (never raw malloc)": the wrapper's own body is where
				// the raw call belongs
				q = strings.ReplaceAll(q, "@match (#", "@match (#not-inside-def? @match "+quoteAll(wrappers)+") (#")
			}
			if len(wrappers) > 0 && strings.Contains(q, "(#not-defined? @match)") {
				// "calls `self._trim_before_compaction()` ... never
				// `_trim_messages_before_compaction` directly": the prescribed
				// wrapper is where the helper is called; "gates on
				// `EditorUi.isMermaidSupported()` — never a bare `isMermaidEnabled`":
				// the wrapper's body reads the flag, by name or as a member
				q = withEveryPattern(q, "(#not-inside-def? @match "+quoteAll(wrappers)+")")
			}
			qp.Queries[l] = q
		}
	}
	if len(qp.Queries) == 0 {
		if len(otherLangs) > 0 {
			if re := sh.regex(); re != "" {
				r.Kind = KindPattern
				r.Params = marshal(PatternParams{Regex: re, Where: "code", Languages: otherLangs})
				if cs, ok := shapeCases(sh, sc, otherLangs); ok {
					r.Cases = cs
					return r, ""
				}
			}
		}
		return r, fmt.Sprintf("bans %s, which heed has no query for in %s", what, strings.Join(langs, ", "))
	}
	r.Kind = KindQuery
	qp.Needles = sh.needles()
	qp.Names = sh.projectNames()
	r.Params = marshal(qp)
	cs, ok := shapeCases(sh, sc, slices.Sorted(maps.Keys(qp.Queries)))
	if !ok {
		return r, fmt.Sprintf("bans %s, but no sample path of its languages lies in the rule's scope", what)
	}
	r.Cases = cs
	return r, ""
}

// unityLogRE: Unity's console calls.
var unityLogRE = lazyre.New(`^(?:UnityEngine\.)?Debug\.Log(?:Warning|Error|Exception|Assertion|Format|WarningFormat|ErrorFormat)?(?:\(.*\))?$`)

// consoleOutputGlobs are the folders of programs whose prints are their output.
var consoleOutputGlobs = []string{"**/scripts/**", "**/script/**", "**/bin/**", "tools/**", ".*/**", "xtask/**", "**/examples/**"}

// loggerFileGlobs are the files of a project's own logging layer, by their names.
var loggerFileGlobs = []string{"**/*Logger.*", "**/*logger.*", "**/logging.*", "**/Logging.*", "**/logger/**", "**/logging/**"}

// consolePrintRE: a call that writes to the console.
var consolePrintRE = lazyre.New(`^(?:System\.(?:out|err)\.print(?:ln|f)?|fmt\.(?:Print|Fprint)(?:ln|f)?|print|println|printf|puts|console\.(?:log|info|debug|warn|error)|Console\.Write(?:Line)?|e?println!|e?print!|dbg!)(?:\(.*\))?$`)

// loggingRE: words of logging.
var loggingRE = lazyre.New(`\blog(?:ging|gers?)?\b|\bslf4j\b|\blog4j\b|\blogback\b|\bstructlog\b|\bzap\b|\bslog\b`)

// aboutLogging reports whether the sentence, its heading or the rest of its list item
// speaks of logging ("**Logging**: Use SLF4J. No `System.out.println`."), outside the
// code spans (`console.log` is a print).
func aboutLogging(s *sentence, rc *recognize.RepoContext) bool {
	if loggingRE.MatchString(s.prose()) || loggingRE.MatchString(s.header) {
		return true
	}
	if rc == nil {
		return false
	}
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.ID != s.c.ID && o.File == s.c.File && o.Line == s.c.Line && loggingRE.MatchString(newSentence(o).prose()) {
			return true
		}
	}
	return false
}

var (
	directlyRE   = lazyre.New(`\bdirectly\b|\braw\b|\bbare\b|\bscattered\b|\bsprinkled\b`)
	helperSpanRE = lazyre.New("`([A-Za-z_][\\w]*)` (?:helper|wrapper|function|method)\\b")
)

// prescribedWrappers are the functions a sentence that bans calling a helper
// "directly" names as the way to reach it: the other code spans that are calls
// ("`self._trim_before_compaction()`" gives _trim_before_compaction).
func prescribedWrappers(s *sentence, b ban) []string {
	if !directlyRE.MatchString(s.prose()) {
		return nil
	}
	var out []string
	// "Use `icon` helper for icons, never `lucide_icon` directly": a name the
	// sentence calls a helper or wrapper
	for _, m := range helperSpanRE.FindAllStringSubmatch(s.norm, -1) {
		if m[1] != b.span && identRE.MatchString(m[1]) {
			out = append(out, m[1])
		}
	}
	for _, sp := range s.spans {
		if sp == b.span || !strings.HasSuffix(sp, ")") {
			continue
		}
		if m := callRE.FindStringSubmatch(sp); m != nil {
			segs := strings.Split(m[2], ".")
			if name := segs[len(segs)-1]; name != "" && name != strings.TrimSuffix(b.span, "()") {
				out = append(out, name)
			}
		}
	}
	return uniq.Values(out)
}

var scratchRE = lazyre.New(`\bfor (?:quick |local |your own |ad[- ]hoc )?(?:experimentation|experiments|experimenting|scratch work|trying things out|playing around)\b|\bscratch ?(?:file|pad)\b`)

// elsewhereRE: a ban that holds everywhere but the place the sentence names.
var elsewhereRE = lazyre.New(`\b(?:anywhere|everywhere|somewhere) else\b|\belsewhere\b|\boutside (?:of )?(?:it|that|this|them|those|these|CODE\b|` + "`" + `)`)

// elsewherePlaces are the files and folders a ban "anywhere else" leaves out: every
// path the sentence, or another clause of its line, names ("Only `db/conn.go` opens
// connections; never import `database/sql` elsewhere").
func elsewherePlaces(s *sentence, rc *recognize.RepoContext) []string {
	elsewhere := elsewhereRE.MatchString(s.prose()) || norm.OnlyPlace(s.prose()) || onlyInFramed(s)
	spans := slices.Clone(s.spans)
	if rc != nil {
		for i := range rc.Constraints {
			if o := &rc.Constraints[i]; o.File == s.c.File && o.Line == s.c.Line && o.Text != s.c.Text {
				spans = append(spans, recognize.CodeSpans(o.Text)...)
				// "Don't call `sql.Open` directly. `db/conn.go` is the only file
				// allowed to call it."
				elsewhere = elsewhere || norm.OnlyPlace(newSentence(o).prose())
			}
		}
	}
	// "must not read `process.env` directly. Server code reads `env` from
	// `apps/web/lib/env.ts`": the files the sentence names beside a ban of the direct
	// use are the way round it, where the direct use belongs
	// "don't use `axios` directly; use the hooks generated in `src/api/generated/`"
	// (with "directly" or without): the generated client and the layer around it
	// (its mutator, interceptors), which use the library for it
	var out []string
	layered := map[string]bool{}
	for _, sp := range spans {
		if layer := generatedClientLayer(rc, strings.TrimPrefix(sp, "./")); len(layer) > 0 {
			out = append(out, layer...)
			layered[sp] = true
		}
	}
	filesOnly := !elsewhere
	if filesOnly && !directlyRE.MatchString(s.prose()) {
		return out
	}
	for _, sp := range spans {
		p := strings.TrimPrefix(sp, "./")
		if layered[sp] {
			continue
		}
		switch {
		case strings.ContainsAny(p, "*{ "):
		case fileSpanRE.MatchString(p) && !strings.Contains(p, "/"):
			// "outside of `const.py`": the file of that name, wherever it lives
			out = append(out, path.Join(s.c.Scope.Dir, "**", p))
		case fileSpanRE.MatchString(p):
			out = append(out, path.Join(s.c.Scope.Dir, p))
		case !filesOnly && strings.HasSuffix(p, "/") && looksLikeDir(p):
			out = append(out, path.Join(s.c.Scope.Dir, strings.TrimSuffix(p, "/"))+"/**")
		}
	}
	return out
}

// generatedClientLayer are the folders that hold the generated code a span names
// (`src/api/generated/`, `@/api/generated/`) and the code around it: the parent of
// each such folder of the repository, as a glob. Nil for a span of anything else.
func generatedClientLayer(rc *recognize.RepoContext, span string) []string {
	p := strings.Trim(strings.TrimPrefix(strings.TrimPrefix(span, "@/"), "~/"), "/")
	base := path.Base(p)
	if rc == nil || !strings.Contains(p, "/") || base != "generated" && base != "__generated__" && base != "gen" {
		return nil
	}
	ds := rc.FoldersNamed(p)
	if len(ds) > 4 {
		return nil
	}
	var out []string
	for _, d := range ds {
		out = append(out, path.Dir(d)+"/**")
	}
	return out
}

// environmentAPI reports a span that reads the process's environment variables.
func environmentAPI(span string) bool {
	switch strings.TrimSuffix(strings.TrimSpace(span), "()") {
	case "process.env", "os.environ", "os.getenv", "os.environ.get", "System.getenv", "std::env::var", "env::var",
		"os.Getenv", "os.LookupEnv", "ENV", "getenv", "Environment.GetEnvironmentVariable", "import.meta.env", "Deno.env":
		return true
	}
	return false
}

// namesOnlyPlace reports a sentence that names the one place a banned thing is
// allowed ("outside `src/env.ts`", "only in `config/`").
func namesOnlyPlace(s *sentence) bool {
	return norm.OnlyPlace(s.prose()) || strings.Contains(s.prose(), "outside") || onlyInFramed(s)
}

// onlyInFramed reports a clause that keeps a thing to one place in the positive
// ("import `X` only inside `src/ui/`", norm.OnlyPlaceFrame).
func onlyInFramed(s *sentence) bool {
	return slices.ContainsFunc(s.clauses(), func(cl string) bool { return norm.OnlyPlaceFrame(cl) != cl })
}

// leaveOutElsewhere leaves out of a rule the places the sentence keeps the banned
// thing to ("All HTTP requests go through `app/clients/http.py`; don't import
// `requests` anywhere else"). A rule that keeps a thing to one module is the
// application's: its tests and its tooling (deploy and benchmark scripts) set up their
// environment themselves ("No `os.getenv()` calls outside of `const.py`").
func leaveOutElsewhere(r *policy.Rule, s *sentence, rc *recognize.RepoContext, langs []string) {
	places := elsewherePlaces(s, rc)
	if len(places) == 0 {
		return
	}
	r.Scope.Exclude = append(r.Scope.Exclude, places...)
	for _, l := range langs {
		r.Scope.Exclude = append(r.Scope.Exclude, testGlobs(l)...)
	}
	r.Scope.Exclude = uniq.Values(append(append(r.Scope.Exclude, notShippedGlobs...), "**/deploy/**", "**/benchmark/**"))
}

// scratchFiles are the files the instruction file sets aside for experiments ("Use
// `play.ts` for quick experimentation"): code there is no part of the project, so
// a ban of a construct does not hold in them.
func scratchFiles(s *sentence, rc *recognize.RepoContext) []string {
	if rc == nil {
		return nil
	}
	var out []string
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.File != s.c.File || !scratchRE.MatchString(strings.ToLower(recognize.StripCode(o.Text))) {
			continue
		}
		for _, sp := range recognize.CodeSpans(o.Text) {
			if fileSpanRE.MatchString(sp) && !strings.ContainsAny(sp, "*{") {
				p := strings.TrimPrefix(sp, "./")
				if d := s.c.Scope.Dir; d != "" {
					p = path.Join(d, p)
				}
				out = append(out, p)
			}
		}
	}
	return out
}

// hasWordBefore reports one of the words before ts[i].
func hasWordBefore(ts []token, i int, words ...string) bool {
	for k := 0; k < i; k++ {
		if ts[k].kind == 'w' && slices.Contains(words, lowerWord(ts[k])) {
			return true
		}
	}
	return false
}

func quoteAll(xs []string) string {
	qs := make([]string, len(xs))
	for i, x := range xs {
		qs[i] = q(x)
	}
	return strings.Join(qs, " ")
}

// replacementFiles are the files a sentence points to as the home of the
// replacement ("use `parseJSON` from `src/lib/json.ts`").
func replacementFiles(s *sentence) []string {
	var out []string
	for _, cl := range s.clauses() {
		ts := tokenize(cl)
		for i, t := range ts {
			if t.kind == 'w' && set("from", "in")[lowerWord(t)] && i+1 < len(ts) && ts[i+1].kind == 's' && fileSpanRE.MatchString(ts[i+1].text) && (hasUseBefore(ts, i) || hasWordBefore(ts, i, "via", "through", "access")) {
				out = append(out, strings.TrimPrefix(ts[i+1].text, "./"))
			}
		}
	}
	return out
}

// sameItemReplacementFiles are replacementFiles of the sentence and of the clauses the
// extractor split from the same list item after it ("Don't call `JSON.parse` in
// `src/server/`; use `safeJson()` from `src/server/json.ts`."): the replacement's home
// is named once for the item.
func sameItemReplacementFiles(s *sentence, rc *recognize.RepoContext) []string {
	out := replacementFiles(s)
	for _, n := range rc.Following(s.c, 3) {
		if n.Line != s.c.Line {
			break
		}
		out = append(out, replacementFiles(newSentence(n))...)
	}
	return uniq.Values(out)
}

var scopedPackageRE = lazyre.New(`^@[a-z0-9][\w.\-]*/([a-z0-9][\w.\-]*)$`)

// replacementPackages are the folders of the repository's own packages a sentence
// names as the home of the replacement ("use `parseJSON` or `safeParseJSON` from
// `@ai-sdk/provider-utils`", vercel/ai AGENTS.md:152, whose packages/provider-utils/
// holds the parser): a scoped package name whose last part is the name of exactly one
// folder of a packages/ (or libs/) folder.
func replacementPackages(s *sentence, rc *recognize.RepoContext) []string {
	if rc == nil {
		return nil
	}
	var out []string
	for _, cl := range s.clauses() {
		ts := tokenize(cl)
		for i, t := range ts {
			if !(t.kind == 'w' && lowerWord(t) == "from" && i+1 < len(ts) && ts[i+1].kind == 's' && hasUseBefore(ts, i)) {
				continue
			}
			m := scopedPackageRE.FindStringSubmatch(ts[i+1].text)
			if m == nil {
				continue
			}
			var found []string
			for _, d := range rc.Dirs {
				parent, name := path.Split(d)
				if name == m[1] && (strings.HasSuffix(parent, "packages/") || strings.HasSuffix(parent, "libs/")) {
					found = append(found, d)
				}
			}
			if len(found) == 1 {
				out = append(out, found[0])
			}
		}
	}
	return out
}

// rustTestIdiom: constructs Rust tests use by design (a failing unwrap is a failing
// test), so a ban of them means the code under test.
func rustTestIdiom(sh shape) bool {
	switch sh.kind {
	case "macro":
		return set("panic", "unreachable", "todo", "unimplemented")[sh.name]
	case "method":
		return sh.name == "unwrap" || sh.name == "expect" || sh.name == "unwrap_err" || sh.name == "expect_err"
	}
	return false
}

func backtickList(s string) string {
	parts := strings.Split(s, ", ")
	for i, p := range parts {
		parts[i] = "`" + p + "`"
	}
	return strings.Join(parts, " or ")
}

func q(s string) string { return strconv.Quote(s) }

// query is the Tree-sitter query for the shape in one language ("" when the shape is
// not code in it). Each is exercised by banned_test.go.
func (sh shape) query(l string) string {
	if sh.arg != "" {
		return sh.argQuery(l)
	}
	js := l == engine.LangJavaScript || l == engine.LangTypeScript || l == engine.LangTSX
	dotted := strings.Join(sh.segs, ".")
	switch sh.kind {
	case "keyword":
		return keywordQuery(sh.name, l)
	case "new":
		// the class by its name, qualified or generic: new java.util.Random(),
		// new List<int>()
		re := q(`^(?:[\w$]+\.)*` + regexp.QuoteMeta(sh.name) + `(?:\s*<.*)?$`)
		if len(sh.segs) > 1 {
			re = q(`^` + regexp.QuoteMeta(dotted) + `(?:\s*<.*)?$`)
		}
		switch {
		case js:
			return fmt.Sprintf(`((new_expression constructor: (_) @n) @match (#match? @n %s))`, re)
		case l == engine.LangJava, l == engine.LangCSharp:
			return fmt.Sprintf(`((object_creation_expression type: (_) @n) @match (#match? @n %s))`, re)
		case l == engine.LangCPP:
			if len(sh.segs) > 1 {
				re = q(`^` + regexp.QuoteMeta(strings.Join(sh.segs, "::")) + `(?:\s*<.*)?$`)
			} else {
				re = q(`^(?:[\w]+::)*` + regexp.QuoteMeta(sh.name) + `(?:\s*<.*)?$`)
			}
			return fmt.Sprintf(`((new_expression type: (_) @n) @match (#match? @n %s))`, re)
		case l == engine.LangPHP:
			re = q(`^\\?(?:[\w]+\\)*` + regexp.QuoteMeta(sh.name) + `$`)
			return fmt.Sprintf(`((object_creation_expression [(name) (qualified_name)] @n) @match (#match? @n %s))`, re)
		}
	case "call":
		switch {
		case l == engine.LangPython:
			return fmt.Sprintf(`((call function: (identifier) @n) @match (#eq? @n %s)%s)`, q(sh.name), rebound(l, sh.name))
		case js, l == engine.LangGo, l == engine.LangRust, l == engine.LangC:
			return fmt.Sprintf(`((call_expression function: (identifier) @n) @match (#eq? @n %s)%s)`, q(sh.name), rebound(l, sh.name))
		case l == engine.LangPHP && strings.EqualFold(sh.name, "array"):
			// `array(1, 2)` is a language construct, not a call: the long form of
			// an array literal (`[1, 2]` is the short one)
			return `((array_creation_expression) @match (#match? @match "^(?i:array)\\s*\\("))`
		case l == engine.LangPHP:
			// by its name, or from the global namespace (`\var_dump()`)
			return fmt.Sprintf(`((function_call_expression function: (name) @n) @match (#eq? @n %s))
((function_call_expression function: (qualified_name) @n) @match (#match? @n %s))`, q(sh.name), q(`^\\`+regexp.QuoteMeta(sh.name)+`$`))
		case l == engine.LangCPP:
			// by its name, or qualified by the global namespace or `std` (`::printf`,
			// `std::printf`): the C library's functions are std's in C++
			return fmt.Sprintf(`((call_expression function: (identifier) @n) @match (#eq? @n %s))
((call_expression function: (qualified_identifier) @n) @match (#match? @n %s))`, q(sh.name), q(`^(?:std)?::`+regexp.QuoteMeta(sh.name)+`$`))
		case l == engine.LangJava:
			return fmt.Sprintf(`((method_invocation name: (identifier) @match) (#eq? @match %s))`, q(sh.name))
		case l == engine.LangKotlin:
			return fmt.Sprintf(`((call_expression . (identifier) @n) @match (#eq? @n %s))`, q(sh.name))
		case l == engine.LangRuby:
			// Ruby has methods only: `foo()` is `self.foo()`, and a ban of
			// `instance_variable_get()` or `puts()` is one of every call of it; but a
			// plain word called bare (`fetch()`) is another language's function, and
			// `hash.fetch(:a)` is Ruby's method of that name: only the bare call
			if len(identWords(sh.name)) == 1 && !sh.clib && sh.name != "puts" && sh.name != "p" && sh.name != "pp" {
				return fmt.Sprintf(`((call !receiver method: (identifier) @n) @match (#eq? @n %[1]s))
((call receiver: (_) @r method: (identifier) @n) @match (#eq? @n %[1]s) (#match? @r "^(?:self|Kernel|binding|Object)$"))`, q(sh.name))
			}
			return fmt.Sprintf(`((call method: (identifier) @n) @match (#eq? @n %s))`, q(sh.name))
		case l == engine.LangCSharp:
			// as in Java, a method is called by its name alone or on an object
			return csInvocations(`[(identifier) @match (generic_name . (identifier) @match)]`, sh.name, true)
		}
	case "method":
		switch {
		case l == engine.LangPython:
			return fmt.Sprintf(`((call function: (attribute attribute: (identifier) @match)) (#eq? @match %s))`, q(sh.name))
		case js:
			return fmt.Sprintf(`((call_expression function: (member_expression property: (property_identifier) @match)) (#eq? @match %s))`, q(sh.name))
		case l == engine.LangGo:
			return fmt.Sprintf(`((call_expression function: (selector_expression field: (field_identifier) @match)) (#eq? @match %s))`, q(sh.name))
		case l == engine.LangRust:
			return fmt.Sprintf(`((call_expression function: (field_expression field: (field_identifier) @match)) (#eq? @match %s))
((call_expression function: (generic_function function: (field_expression field: (field_identifier) @match))) (#eq? @match %s))`, q(sh.name), q(sh.name))
		case l == engine.LangJava:
			return fmt.Sprintf(`((method_invocation object: (_) name: (identifier) @match) (#eq? @match %s))`, q(sh.name))
		case l == engine.LangC, l == engine.LangCPP:
			return fmt.Sprintf(`((call_expression function: (field_expression field: (field_identifier) @match)) (#eq? @match %s))`, q(sh.name))
		case l == engine.LangPHP:
			return fmt.Sprintf(`([(member_call_expression name: (name) @match) (nullsafe_member_call_expression name: (name) @match) (scoped_call_expression name: (name) @match)] (#eq? @match %s))`, q(sh.name))
		case l == engine.LangKotlin:
			return fmt.Sprintf(`((call_expression . (navigation_expression (identifier) @match .)) (#eq? @match %s))`, q(sh.name))
		case l == engine.LangRuby:
			return fmt.Sprintf(`((call receiver: (_) method: (identifier) @match) (#eq? @match %s))`, q(sh.name))
		case l == engine.LangCSharp:
			return csInvocations(`[(identifier) @match (generic_name . (identifier) @match)]`, sh.name, false)
		}
	case "member":
		wild := sh.name == "*"
		recv := strings.Join(sh.segs[:len(sh.segs)-1], ".")
		switch {
		case js:
			if wild {
				return fmt.Sprintf(`((member_expression object: (_) @o) @match (#eq? @o %s))`, q(recv))
			}
			return fmt.Sprintf(`((member_expression) @match (#eq? @match %s))`, q(dotted))
		case l == engine.LangPython:
			if wild {
				return fmt.Sprintf(`((attribute object: (_) @o) @match (#eq? @o %s))`, q(recv))
			}
			// the module may qualify it: `datetime.utcnow` is
			// `datetime.datetime.utcnow` after `import datetime`, `Path.write_text`
			// `pathlib.Path.write_text`
			// (the second pattern; its last name is compared first, so the
			// expression runs on few nodes)
			qualified := q(`^(?:[A-Za-z_][A-Za-z0-9_]*\.)+` + regexp.QuoteMeta(dotted) + `$`)
			if sh.called && classLike(sh.segs[len(sh.segs)-2]) {
				// "use `atomic_write()` instead of `Path.write_text()`": a class's
				// method named with its class is banned where it is called; a test
				// that keeps `original = Path.write_text` to patch it calls nothing
				return fmt.Sprintf(`((call function: (attribute) @match) (#eq? @match %s))
((call function: (attribute object: (attribute) attribute: (identifier) @n) @match) (#eq? @n %s) (#match? @match %s))`, q(dotted), q(sh.name), qualified)
			}
			return fmt.Sprintf(`((attribute) @match (#eq? @match %s))
((attribute object: (attribute) attribute: (identifier) @n) @match (#eq? @n %s) (#match? @match %s))`, q(dotted), q(sh.name), qualified)
		case l == engine.LangGo:
			if wild {
				return fmt.Sprintf(`((selector_expression operand: (_) @o) @match (#eq? @o %s))`, q(recv))
			}
			if len(sh.twins) > 0 {
				names := append([]string{sh.name}, sh.twins...)
				re := q(`^` + regexp.QuoteMeta(recv) + `\.(?:` + strings.Join(names, "|") + `)$`)
				return fmt.Sprintf(`((selector_expression) @match (#match? @match %s))`, re)
			}
			return fmt.Sprintf(`((selector_expression) @match (#eq? @match %s))
((qualified_type) @match (#eq? @match %s))`, q(dotted), q(dotted))
		case l == engine.LangJava:
			if wild {
				return fmt.Sprintf(`((field_access object: (_) @o) @match (#eq? @o %s))
((method_invocation object: (_) @o) @match (#eq? @o %s))`, q(recv), q(recv))
			}
			imp := ""
			if jvmClass(sh.segs) && !sh.noImport {
				// "do not use `org.junit.Assert`": its import, static imports of its
				// members included, is the use
				imp = fmt.Sprintf("\n((import_declaration (scoped_identifier) @m) @match (#match? @m %s))", q(`^`+regexp.QuoteMeta(dotted)+`(\.|$)`))
			}
			return fmt.Sprintf(`((field_access) @match (#eq? @match %s))
((method_invocation object: (_) @o name: (identifier) @n) @match (#eq? @o %s) (#eq? @n %s))
((scoped_type_identifier) @match (#eq? @match %s))`, q(dotted), q(recv), q(sh.name), q(dotted)) + imp
		case l == engine.LangKotlin:
			if wild {
				return fmt.Sprintf(`((navigation_expression . (_) @o) @match (#eq? @o %s))`, q(recv))
			}
			imp := ""
			if jvmClass(sh.segs) && !sh.noImport {
				imp = fmt.Sprintf("\n((import (qualified_identifier) @m) @match (#match? @m %s))", q(`^`+regexp.QuoteMeta(dotted)+`(\.|$)`))
			}
			return fmt.Sprintf(`((navigation_expression) @match (#eq? @match %s))
((user_type) @match (#eq? @match %s))`, q(dotted), q(dotted)) + imp
		case l == engine.LangCSharp:
			if wild {
				return fmt.Sprintf(`((member_access_expression expression: (_) @o) @match (#eq? @o %s))`, q(recv))
			}
			// C# code names a type with its namespace as often as without
			// (`System.Console.WriteLine`): the member matches under any prefix
			qualified := q(`^(?:global::)?(?:[A-Za-z_]\w*\.)*` + regexp.QuoteMeta(dotted) + `$`)
			// a using directive of the name itself (or a namespace under it) imports
			// a namespace: "migrate away from `Newtonsoft.Json`" is its `using`
			using := q(`^` + regexp.QuoteMeta(dotted) + `(?:\.|$)`)
			return fmt.Sprintf(`((member_access_expression) @match (#match? @match %s))
((qualified_name) @match (#match? @match %s) (#not-inside? @match using_directive namespace_declaration file_scoped_namespace_declaration))
((using_directive . (qualified_name) @n) @match (#match? @n %s))`, qualified, qualified, using)
		case l == engine.LangRuby:
			// a member is a call without arguments: `Rails.logger`, `binding.pry`
			if wild {
				return fmt.Sprintf(`((call receiver: (_) @o) @match (#eq? @o %s))`, q(recv))
			}
			return fmt.Sprintf(`((call receiver: (_) @o method: (_) @n) @match (#eq? @o %s) (#eq? @n %s))`, q(recv), q(sh.name))
		case l == engine.LangC, l == engine.LangCPP:
			if wild {
				return fmt.Sprintf(`((field_expression argument: (_) @o) @match (#eq? @o %s))`, q(recv))
			}
			return fmt.Sprintf(`((field_expression) @match (#eq? @match %s))`, q(dotted))
		}
	case "path":
		p := strings.Join(sh.segs, "::")
		if sh.name == "*" && l != engine.LangPHP {
			return "" // `DB::` is PHP's static use of a class
		}
		switch l {
		case engine.LangRust:
			// its import is a use too: `use std::sync::Mutex;`, `use std::sync::{Arc, Mutex};`
			parent := regexp.QuoteMeta(strings.Join(sh.segs[:len(sh.segs)-1], "::"))
			name := regexp.QuoteMeta(sh.name)
			use := q(`^use\s+(?:::)?(?:` + parent + `::` + name + `(?:\s+as\s+\w+)?\s*;|` + parent + `::\{[^}]*\b` + name + `\b)`)
			return fmt.Sprintf(`((scoped_identifier) @match (#eq? @match %s) (#not-inside? @match use_declaration))
((scoped_type_identifier) @match (#eq? @match %s))
((use_declaration) @match (#match? @match %s))`, q(p), q(p), use)
		case engine.LangRuby:
			return fmt.Sprintf(`((scope_resolution) @match (#eq? @match %s))`, q(p))
		case engine.LangCPP:
			// the qualified name, as a value, a callee or a type (`std::auto_ptr<int>`),
			// and its using-declaration; written from the global namespace too
			re := q(`^(?:::)?` + regexp.QuoteMeta(p) + `(?:\s*<.*)?$`)
			return fmt.Sprintf(`((qualified_identifier) @match (#match? @match %s) (#not-inside? @match qualified_identifier))`, re)
		case engine.LangPHP:
			// `DB::raw()`: a static call, a constant or a static property of the
			// class, by its short or qualified name
			if len(sh.segs) != 2 {
				return ""
			}
			cls := q(`^\\?(?:[\w]+\\)*` + regexp.QuoteMeta(sh.segs[0]) + `$`)
			if sh.name == "*" {
				// `DB::`: any member
				return fmt.Sprintf(`((scoped_call_expression scope: (_) @s) @match (#match? @s %[1]s))
((class_constant_access_expression . (_) @s) @match (#match? @s %[1]s))`, cls)
			}
			return fmt.Sprintf(`((scoped_call_expression scope: (_) @s name: (name) @n) @match (#match? @s %[1]s) (#eq? @n %[2]s))
((class_constant_access_expression . (_) @s . (name) @n) @match (#match? @s %[1]s) (#eq? @n %[2]s))`, cls, q(sh.name))
		}
	case "using-namespace":
		if l == engine.LangCPP {
			return fmt.Sprintf(`((using_declaration "namespace" [(identifier) (qualified_identifier)] @n) @match (#eq? @n %s))`, q(strings.TrimPrefix(sh.name, "::")))
		}
	case "attribute":
		if l == engine.LangRust {
			return rustAttributeQuery(sh)
		}
	case "macro":
		if l == engine.LangRust {
			return fmt.Sprintf(`((macro_invocation macro: (identifier) @n) @match (#eq? @n %s))
((macro_invocation macro: (scoped_identifier name: (identifier) @n)) @match (#eq? @n %s))`, q(sh.name), q(sh.name))
		}
	case "ident":
		// a ban of a name is about its uses: the declaration that defines it is no use
		switch {
		case js:
			// a JSX attribute is a use of the name too (`dangerouslySetInnerHTML`);
			// TypeScript's grammar has no JSX
			if l == engine.LangJavaScript {
				return fmt.Sprintf(`([(identifier) (shorthand_property_identifier)] @match (#eq? @match %s) (#not-defined? @match))
((member_expression property: (property_identifier) @match) (#eq? @match %s))
((jsx_attribute (property_identifier) @match) (#eq? @match %s))`, q(sh.name), q(sh.name), q(sh.name))
			}
			if l == engine.LangTSX {
				return fmt.Sprintf(`([(identifier) (type_identifier) (shorthand_property_identifier)] @match (#eq? @match %s) (#not-defined? @match))
((member_expression property: (property_identifier) @match) (#eq? @match %s))
((jsx_attribute (property_identifier) @match) (#eq? @match %s))`, q(sh.name), q(sh.name), q(sh.name))
			}
			return fmt.Sprintf(`([(identifier) (type_identifier) (shorthand_property_identifier)] @match (#eq? @match %s) (#not-defined? @match))
((member_expression property: (property_identifier) @match) (#eq? @match %s))`, q(sh.name), q(sh.name))
		case l == engine.LangPython:
			return fmt.Sprintf(`((identifier) @match (#eq? @match %s) (#not-defined? @match))`, q(sh.name))
		case l == engine.LangJava:
			return fmt.Sprintf(`([(identifier) (type_identifier)] @match (#eq? @match %s) (#not-inside? @match import_declaration package_declaration) (#not-defined? @match))`, q(sh.name))
		case l == engine.LangGo, l == engine.LangRust, l == engine.LangC:
			return fmt.Sprintf(`([(identifier) (field_identifier) (type_identifier)] @match (#eq? @match %s) (#not-defined? @match))`, q(sh.name))
		case l == engine.LangCPP:
			return fmt.Sprintf(`([(identifier) (field_identifier) (type_identifier) (namespace_identifier)] @match (#eq? @match %s) (#not-defined? @match))`, q(sh.name))
		case l == engine.LangPHP && phpTypeWord(sh.name):
			// "no `mixed`": a type PHP writes as a keyword of its own
			return fmt.Sprintf(`((primitive_type) @match (#eq? @match %s))`, q(strings.ToLower(sh.name)))
		case l == engine.LangPHP:
			return fmt.Sprintf(`((name) @match (#eq? @match %s) (#not-defined? @match) (#not-inside? @match variable_name namespace_use_declaration namespace_definition))`, q(sh.name))
		case l == engine.LangKotlin:
			return fmt.Sprintf(`((identifier) @match (#eq? @match %s) (#not-inside? @match import package_header) (#not-defined? @match))`, q(sh.name))
		case l == engine.LangCSharp:
			return fmt.Sprintf(`((identifier) @match (#eq? @match %s) (#not-inside? @match using_directive namespace_declaration file_scoped_namespace_declaration) (#not-defined? @match))`, q(sh.name))
		case l == engine.LangRuby:
			return fmt.Sprintf(`([(identifier) (constant)] @match (#eq? @match %s) (#not-defined? @match))`, q(sh.name))
		}
	case "generic":
		if l == engine.LangPython {
			return fmt.Sprintf(`((generic_type (identifier) @match) (#eq? @match %s))
((subscript value: (identifier) @match) (#eq? @match %s))
((subscript value: (attribute object: (identifier) @t attribute: (identifier) @match)) (#eq? @t "typing") (#eq? @match %s))`, q(sh.name), q(sh.name), q(sh.name))
		}
	case "decorator":
		re := q(`^@\s*` + regexp.QuoteMeta(strings.Join(sh.segs, ".")) + `(\s*\(|$)`)
		switch l {
		case engine.LangPython:
			return fmt.Sprintf(`((decorator) @match (#match? @match %s))`, re)
		case engine.LangJava:
			return fmt.Sprintf(`([(marker_annotation) (annotation)] @match (#match? @match %s))`, re)
		case engine.LangTypeScript, engine.LangTSX:
			return fmt.Sprintf(`((decorator) @match (#match? @match %s))`, re)
		case engine.LangKotlin:
			return fmt.Sprintf(`((annotation) @match (#match? @match %s))`, re)
		}
	case "import":
		if prefix, ok := elidedModule(sh.from); ok {
			// "`Drawer` from `@patternfly/…`": from any module under the prefix
			switch {
			case js:
				re := q(`^` + regexp.QuoteMeta(prefix))
				return fmt.Sprintf(`((import_statement (import_clause (named_imports (import_specifier name: (identifier) @n))) source: (string (string_fragment) @s)) @match (#eq? @n %s) (#match? @s %s))
((import_statement (import_clause (identifier) @n) source: (string (string_fragment) @s)) @match (#eq? @n %s) (#match? @s %s))`, q(sh.name), re, q(sh.name), re)
			case l == engine.LangPython:
				re := q(`^` + regexp.QuoteMeta(prefix))
				return fmt.Sprintf(`((import_from_statement module_name: (dotted_name) @m name: (dotted_name) @n) @match (#match? @m %s) (#eq? @n %s))
((import_from_statement module_name: (dotted_name) @m name: (aliased_import name: (dotted_name) @n)) @match (#match? @m %s) (#eq? @n %s))`, re, q(sh.name), re, q(sh.name))
			}
			return ""
		}
		switch {
		case js:
			return fmt.Sprintf(`((import_statement (import_clause (named_imports (import_specifier name: (identifier) @n))) source: (string (string_fragment) @s)) @match (#eq? @n %s) (#eq? @s %s))
((import_statement (import_clause (identifier) @n) source: (string (string_fragment) @s)) @match (#eq? @n %s) (#eq? @s %s))`, q(sh.name), q(sh.from), q(sh.name), q(sh.from))
		case l == engine.LangPython:
			return fmt.Sprintf(`((import_from_statement module_name: (dotted_name) @m name: (dotted_name) @n) @match (#eq? @m %s) (#eq? @n %s))
((import_from_statement module_name: (dotted_name) @m name: (aliased_import name: (dotted_name) @n)) @match (#eq? @m %s) (#eq? @n %s))`, q(sh.from), q(sh.name), q(sh.from), q(sh.name))
		}
	case "module":
		mod := sh.from
		switch {
		case js:
			pat := regexp.QuoteMeta(mod)
			if rest, ok := strings.CutPrefix(mod, "node:"); ok {
				// Node's built-in module, imported as `node:path` or `path`
				pat = `(node:)?` + regexp.QuoteMeta(rest)
			}
			re := q(`^` + pat + `(/|$)`)
			if sh.root {
				re = q(`^` + pat + `$`)
			}
			// a type-only import (`import type { AxiosError } from "axios"`) is erased
			// from the program: the library is neither used nor loaded by it
			return fmt.Sprintf(`((import_statement source: (string (string_fragment) @s)) @match (#match? @s %s) (#not-match? @match "^import\\s+type\\s"))
((export_statement source: (string (string_fragment) @s)) @match (#match? @s %s) (#not-match? @match "^export\\s+type\\s"))
((call_expression function: [(identifier) (import)] @f arguments: (arguments . (string (string_fragment) @s))) @match (#match? @f "^(require|import)$") (#match? @s %s))`, re, re, re)
		case l == engine.LangPython:
			re := q(`^` + regexp.QuoteMeta(mod) + `(\.|$)`)
			return fmt.Sprintf(`((import_statement name: [(dotted_name) @m (aliased_import name: (dotted_name) @m)]) @match (#match? @m %s))
((import_from_statement module_name: (dotted_name) @m) @match (#match? @m %s))`, re, re)
		case l == engine.LangGo:
			return fmt.Sprintf(`((import_spec path: (interpreted_string_literal) @p) @match (#match? @p %s))`, q(`^"`+regexp.QuoteMeta(mod)+`(/|")`))
		case l == engine.LangJava:
			return fmt.Sprintf(`((import_declaration (scoped_identifier) @m) @match (#match? @m %s))`, q(`^`+regexp.QuoteMeta(mod)+`(\.|$)`))
		case l == engine.LangRust:
			return fmt.Sprintf(`((use_declaration) @match (#match? @match %s))`, q(`^use\s+(::)?`+regexp.QuoteMeta(strings.ReplaceAll(mod, ".", "::"))+`(::|\s*;)`))
		case l == engine.LangKotlin:
			return fmt.Sprintf(`((import (qualified_identifier) @m) @match (#match? @m %s))`, q(`^`+regexp.QuoteMeta(mod)+`(\.|$)`))
		case l == engine.LangCSharp:
			return fmt.Sprintf(`((using_directive [(identifier) (qualified_name)] @m) @match (#match? @m %s))`, q(`^`+regexp.QuoteMeta(mod)+`(\.|$)`))
		case l == engine.LangRuby:
			return fmt.Sprintf(`((call !receiver method: (identifier) @f arguments: (argument_list . (string (string_content) @s))) @match (#any-of? @f "require" "require_relative") (#match? @s %s))`, q(`^`+regexp.QuoteMeta(mod)+`(/|$)`))
		case l == engine.LangC, l == engine.LangCPP:
			re := `^[<"]` + regexp.QuoteMeta(mod) + `([/.>"]|$)`
			if cHeaderRE.MatchString(mod) || sh.cpp {
				re = `^[<"]` + regexp.QuoteMeta(mod) + `[>"]$`
			}
			return fmt.Sprintf(`((preproc_include path: [(string_literal) (system_lib_string)] @p) @match (#match? @p %s))`, q(re))
		}
	}
	return ""
}

// csInvocations is the C# query for invocations of a method named name: through a
// member access or a null-conditional access, and, with bare, by its name alone.
// callee is the pattern of the called name.
// argQuery finds the calls of a shape written with its one particular argument
// (`expect(subject)`, `time.Sleep(0)`): the callee as the shape names it, and an
// argument list that holds that argument alone.
func (sh shape) argQuery(l string) string {
	args := q(`^\(\s*` + regexp.QuoteMeta(sh.arg) + `\s*\)$`)
	var callee string // a predicate on @f, the callee's text
	switch sh.kind {
	case "call":
		callee = fmt.Sprintf(`(#eq? @f %s)`, q(sh.name))
	case "method":
		callee = fmt.Sprintf(`(#match? @f %s)`, q(`[.:>]\s*`+regexp.QuoteMeta(sh.name)+`$`))
	case "member":
		callee = fmt.Sprintf(`(#eq? @f %s)`, q(strings.Join(sh.segs, ".")))
		if l == engine.LangRust || l == engine.LangCPP {
			callee = fmt.Sprintf(`(#match? @f %s)`, q(`^`+regexp.QuoteMeta(strings.Join(sh.segs, "."))+`$|^`+regexp.QuoteMeta(strings.Join(sh.segs, "::"))+`$`))
		}
	default:
		return ""
	}
	switch l {
	case engine.LangPython:
		return fmt.Sprintf(`((call function: (_) @f arguments: (argument_list) @a) @match %s (#match? @a %s))`, callee, args)
	case engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX, engine.LangRust:
		return fmt.Sprintf(`((call_expression function: (_) @f arguments: (arguments) @a) @match %s (#match? @a %s))`, callee, args)
	case engine.LangGo, engine.LangC, engine.LangCPP:
		return fmt.Sprintf(`((call_expression function: (_) @f arguments: (argument_list) @a) @match %s (#match? @a %s))`, callee, args)
	case engine.LangRuby:
		switch sh.kind {
		case "call":
			return fmt.Sprintf(`((call !receiver method: (identifier) @f arguments: (argument_list) @a) @match %s (#match? @a %s))`, callee, args)
		case "method":
			return fmt.Sprintf(`((call receiver: (_) method: (identifier) @f arguments: (argument_list) @a) @match (#eq? @f %s) (#match? @a %s))`, q(sh.name), args)
		}
		recv := strings.Join(sh.segs[:len(sh.segs)-1], ".")
		return fmt.Sprintf(`((call receiver: (_) @o method: (identifier) @f arguments: (argument_list) @a) @match (#eq? @o %s) (#eq? @f %s) (#match? @a %s))`, q(recv), q(sh.name), args)
	case engine.LangCSharp:
		// a method is called by its name alone or on an object, as in csInvocations
		f := q(`(?:^|\.)` + regexp.QuoteMeta(sh.name) + `$`)
		if sh.kind == "member" {
			f = q(`^` + regexp.QuoteMeta(strings.Join(sh.segs, ".")) + `$`)
		}
		return fmt.Sprintf(`((invocation_expression function: (_) @f arguments: (argument_list) @a) @match (#match? @f %s) (#match? @a %s))`, f, args)
	case engine.LangJava:
		switch sh.kind {
		case "call":
			return fmt.Sprintf(`((method_invocation !object name: (identifier) @f arguments: (argument_list) @a) @match %s (#match? @a %s))`, callee, args)
		case "method":
			return fmt.Sprintf(`((method_invocation object: (_) name: (identifier) @f arguments: (argument_list) @a) @match (#eq? @f %s) (#match? @a %s))`, q(sh.name), args)
		}
		recv := strings.Join(sh.segs[:len(sh.segs)-1], ".")
		return fmt.Sprintf(`((method_invocation object: (_) @o name: (identifier) @f arguments: (argument_list) @a) @match (#eq? @o %s) (#eq? @f %s) (#match? @a %s))`, q(recv), q(sh.name), args)
	}
	return ""
}

func csInvocations(callee, name string, bare bool) string {
	pats := []string{
		`((invocation_expression function: (member_access_expression name: ` + callee + `)) (#eq? @match %[1]s))`,
		`((invocation_expression function: (conditional_access_expression (member_binding_expression name: ` + callee + `))) (#eq? @match %[1]s))`,
	}
	if bare {
		pats = append(pats, `((invocation_expression function: `+callee+`) (#eq? @match %[1]s))`)
	}
	return fmt.Sprintf(strings.Join(pats, "\n"), q(name))
}

// needles are strings every match of the shape's queries contains (the name as
// written), so a file without them is not parsed, and a rule as emitted need not even
// compile its queries for such a file.
func (sh shape) needles() []string {
	name := sh.name
	switch sh.kind {
	case "member", "path":
		if name == "*" {
			name = sh.segs[len(sh.segs)-2]
		}
	case "module":
		parts := strings.FieldsFunc(sh.from, func(r rune) bool {
			return !(r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
		})
		if len(parts) == 0 {
			return nil
		}
		name = parts[0]
		if name == "node" && strings.HasPrefix(sh.from, "node:") && len(parts) > 1 {
			name = parts[1] // `path` as well as `node:path`
		}
	}
	if name == "" {
		return nil
	}
	return []string{name}
}

// projectNames are the names of code the shape bans by name that a project may
// declare itself: an identifier, a function called bare, a class constructed or
// written generic, a path's last part (`Spree::Config`). Members and methods are the
// API of something else (`fmt.Println`, `.unwrap()`).
func (sh shape) projectNames() []string {
	switch sh.kind {
	case "ident", "generic", "new", "path":
	case "call":
		if sh.clib {
			return nil
		}
	default:
		return nil
	}
	if sh.name == "" || sh.name == "*" {
		return nil
	}
	return []string{sh.name}
}

// regex is the shape as a regular expression, for languages without a grammar.
func (sh shape) regex() string {
	switch sh.kind {
	case "call":
		return `\b` + regexp.QuoteMeta(sh.name) + `\s*\(`
	case "method":
		return `\.\s*` + regexp.QuoteMeta(sh.name) + `\s*\(`
	case "member":
		var parts []string
		for _, s := range sh.segs {
			if s == "*" {
				parts = append(parts, `\w+`)
			} else {
				parts = append(parts, regexp.QuoteMeta(s))
			}
		}
		return `\b` + strings.Join(parts, `\s*\.\s*`) + `\b`
	case "ident":
		return `\b` + regexp.QuoteMeta(sh.name) + `\b`
	}
	return ""
}

// plainWordsRE: a participle of prose ("removed", "deprecated", "deleted"), no
// directive's token (`noqa`, `nolint`).
var plainWordsRE = lazyre.New(`^[a-z]{2,}ed$`)

// directiveRegex matches a comment directive with flexible white space.
func directiveRegex(sh shape) string {
	words := strings.Fields(sh.text)
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	body := strings.Join(words, `\s*`)
	const opens = `(?m)(?:^|//[/!]?|#+|/\*+|\*+|--|<!--)[ \t]*`
	if sh.marker && !strings.HasSuffix(sh.text, ":") {
		// a marker marks when it opens its comment (or a line of it) and says what
		// follows ("TODO: add tests", "FIXME(ana) leaks", "TODO fix"), or opens a
		// sentence of it with a colon ("Slow. TODO: cache"); a comment that names
		// markers ("detects TODO/FIXME markers", "// HACK, KLUDGE - compromises",
		// a doc example's "FIXME: ..." string) uses none
		owner := `(?:\([^)]*\))?`
		return opens + body + owner + `(?::|[ \t]+-|[ \t]+[\w"'\x60]|[ \t]*$)|[.;!?][ \t]+` + body + owner + `:`
	}
	if plainWordsRE.MatchString(sh.text) {
		// "don't leave `// removed`": a word of prose is the marker only as the
		// whole comment or before a colon or an aside ("// removed", "// removed:
		// old API"); "// removed this engine from the manager. Skips ..." is a
		// sentence that happens to start a line of a longer comment
		return opens + body + `[ \t]*(?:[:(—–-]|$)`
	}
	// a directive opens its comment, or a line of it: a comment that names it in
	// prose ("files with `@ts-strict-ignore`") does not use it
	body = opens + body
	if strings.HasSuffix(sh.text, ":") {
		return body
	}
	return body + `\b`
}

// doctestRegionRE is the region "doctests": the interactive examples of docstrings and
// documentation, lines that start with a ">>>" or "..." prompt.
var (
	doctestRegionRE = lazyre.New(`^doctests?$`)
	doctestQualRE   = lazyre.New(`^(?:in|inside|within) (?:the |all |any )?doctests?$`)
)

// doctestRule bans the span on doctest lines of Python files and documentation: a
// pattern rule, since a doctest is text inside a docstring or a .rst/.md file.
func doctestRule(r policy.Rule, b ban, what string) policy.Rule {
	r.Kind = KindPattern
	r.Message = what + " in a doctest"
	r.Params = marshal(PatternParams{Regex: `^[ \t]*(?:>>>|\.\.\.)[ \t].*` + regexp.QuoteMeta(b.span), Where: "any"})
	r.Scope.Globs = []string{"*.py", "*.rst", "*.md", "*.txt"}
	p := path.Join(r.Scope.Dir, "pkg", "mod.py")
	r.Cases = []policy.Case{
		{Expect: policy.ExpectViolated, Path: p, Code: "def f():\n    \"\"\"\n    >>> " + b.span + "\n    \"\"\"\n", Note: "the span on a doctest line"},
		{Expect: policy.ExpectSatisfied, Path: p, Code: "def f():\n    \"\"\"Never write " + b.span + " here.\"\"\"\n", Note: "the span in prose, not after a prompt"},
	}
	return r
}

// textRegionRule bans a word in a file's comments, strings or both (where, a
// PatternParams.Where) of the languages langs.
func textRegionRule(r policy.Rule, word, where string, langs []string) policy.Rule {
	r.Kind = KindPattern
	what := map[string]string{"comments": "a comment", "strings": "a string", "comments+strings": "a comment or a string"}[where]
	r.Message = fmt.Sprintf("`%s` in %s", word, what)
	r.Exact = true
	r.Params = marshal(PatternParams{Regex: `\b` + regexp.QuoteMeta(word) + `\b`, Where: where, Languages: langs})
	p, ok := samplePath(r.Scope, langs[0], "")
	if !ok {
		return r
	}
	bad, good := "// "+word+" keeps it\nvar x = 1\n", "// the service keeps it\nvar x = 1\n"
	if where == "strings" {
		bad, good = "var x = \""+word+"\"\n", "var x = \"the service\"\n"
	}
	if langs[0] == engine.LangPython || langs[0] == engine.LangRuby {
		bad, good = strings.ReplaceAll(bad, "// ", "# "), strings.ReplaceAll(good, "// ", "# ")
		bad, good = strings.ReplaceAll(bad, "var ", ""), strings.ReplaceAll(good, "var ", "")
	}
	r.Cases = []policy.Case{
		{Expect: policy.ExpectViolated, Path: p, Code: bad, Note: "the word in " + what},
		{Expect: policy.ExpectSatisfied, Path: p, Code: good, Note: "other words"},
	}
	return r
}

// withMention narrows a rule's condition to a change that adds or modifies a line
// naming span (mentionCondition); a condition on paths alone ("a test") keeps its
// paths, one that already reads the added lines is kept as it is.
func withMention(w *policy.Condition, span string) *policy.Condition {
	m := mentionCondition(span)
	switch {
	case w == nil:
		return m
	case m == nil || w.Added != "" || w.Docstring || w.Message != "" || w.PR != "" || len(w.Ran) > 0:
		return w
	}
	n := *w
	n.Added, n.What = m.Added, w.What+" where "+m.What
	return &n
}

// mentionCondition: the change adds or modifies a line that names span (a call's
// parentheses and a method's leading dot left out; a dotted name not as the tail of
// a longer one: `pytest` is not in `sympy.testing.pytest`).
func mentionCondition(span string) *policy.Condition {
	name := strings.TrimSpace(span)
	if i := strings.IndexByte(name, '('); i >= 0 {
		name = name[:i]
	}
	method := strings.HasPrefix(name, ".")
	name = strings.TrimPrefix(name, ".")
	if name == "" {
		return nil
	}
	expr := `(?:^|[^\w.])` + regexp.QuoteMeta(name) + `\b`
	if method {
		expr = `\b` + regexp.QuoteMeta(name) + `\b`
	}
	return &policy.Condition{What: "a line the change adds or modifies names `" + name + "`", Added: expr}
}

// rebound is the predicate that leaves out a call of a language's global function
// (`print`, `eval`, `fetch`, `panic`) when the file binds the name to a helper of its
// own: a top-level definition, or an import from a module of the project. A ban of
// a name the project defines is about that helper, and keeps every call.
func rebound(l, name string) string {
	out := ""
	if globalFunctions.Get()[l][name] {
		out = " (#not-bound-locally? @n)"
	}
	if l == engine.LangGo && name == "panic" {
		// Go's own idioms panic by design: a Must function, a logger's Panic and
		// Fatal methods, a panic passed on after recover()
		out += " (#not-go-panic-idiom? @match)"
	}
	return out
}

// globalFunctions are the functions a language provides everywhere by a bare name.
var globalFunctions = lazy.Value[map[string]map[string]bool]{F: func() map[string]map[string]bool {
	js := setOf("eval", "fetch", "alert", "confirm", "prompt", "setTimeout", "setInterval", "clearTimeout",
		"clearInterval", "setImmediate", "queueMicrotask", "structuredClone", "require", "parseInt", "parseFloat", "isNaN",
		"isFinite", "atob", "btoa", "encodeURIComponent", "decodeURIComponent", "encodeURI", "decodeURI", "escape", "unescape")
	return map[string]map[string]bool{
		engine.LangPython: setOf("print", "eval", "exec", "open", "input", "compile", "breakpoint", "exit", "quit", "help",
			"format", "hash", "id", "iter", "next", "vars", "globals", "locals", "getattr", "setattr", "delattr", "hasattr",
			"isinstance", "issubclass", "super", "type", "repr", "sorted", "filter", "map", "zip", "len", "round", "sum", "min", "max"),
		engine.LangJavaScript: js, engine.LangTypeScript: js, engine.LangTSX: js,
		engine.LangGo:   setOf("print", "println", "panic", "recover", "new", "make", "append", "copy", "delete", "close"),
		engine.LangRust: setOf("drop"),
	}
}}

func setOf(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// rustAttrArgs is the arguments an attribute ban names ("dead_code" of
// `#[allow(dead_code)]`), or "" when it names none or a placeholder (`#[allow(...)]`).
func rustAttrArgs(args string) string {
	args = strings.TrimSpace(args)
	if args == "" || strings.Contains(args, "...") || strings.Contains(args, "…") {
		return ""
	}
	return args
}

// rustAttributeQuery finds an outer or inner attribute of the shape's path whose
// arguments hold each argument the ban names, as a whole word: a ban of
// `#[allow(dead_code)]` leaves `#[allow(clippy::too_many_arguments)]` alone. A cfg
// must have exactly the predicate the ban names.
func rustAttributeQuery(sh shape) string {
	preds := fmt.Sprintf(`(#eq? @n %s)`, q(sh.name))
	args := ""
	if sh.attrArgs != "" && (sh.name == "cfg" || sh.name == "cfg_attr") {
		// a cfg's argument is one predicate: `any(feature = "gpu", feature = "cuda")`
		// is another than `feature = "cuda"`, which the ban names ("never
		// `#[cfg(feature = "cuda")]` alone")
		args = " arguments: (token_tree) @a"
		preds += fmt.Sprintf(` (#match? @a %s)`, q(`^\(\s*`+spacedPattern(sh.attrArgs)+`\s*\)$`))
	} else if sh.attrArgs != "" {
		args = " arguments: (token_tree) @a"
		for _, a := range strings.Split(sh.attrArgs, ",") {
			if a = strings.TrimSpace(a); a != "" {
				preds += fmt.Sprintf(` (#match? @a %s)`, q(`(^|[^\w:])`+spacedPattern(a)+`([^\w:]|$)`))
			}
		}
	}
	var out []string
	for _, item := range []string{"attribute_item", "inner_attribute_item"} {
		out = append(out, fmt.Sprintf(`((%s (attribute [(identifier) (scoped_identifier)] @n%s)) @match %s)`, item, args, preds))
	}
	return strings.Join(out, "\n")
}

// goPrintBases are Go's printing and failing methods whose formatting twins (the f
// and ln forms) do the same with formatting: testing's Fatal, Error, Log and Skip,
// fmt's and log's Print, Fatal and Panic, the leveled loggers' Info, Warn and Debug.
var goPrintBases = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("Print", "Fatal", "Panic", "Error", "Log", "Skip", "Sprint", "Fprint", "Info", "Warn", "Warning", "Debug", "Trace")
}}

// goPrintTwins: "do not call `t.Fatal`" means `t.Fatalf` too (the same failure,
// formatted); not when the text names a twin itself (prescribed, or banned on its
// own: then the text says which it means).
func goPrintTwins(sh shape, text string) []string {
	if !goPrintBases.Get()[sh.name] {
		return nil
	}
	recv := strings.Join(sh.segs[:len(sh.segs)-1], ".")
	var out []string
	for _, suffix := range []string{"f", "ln"} {
		twin := sh.name + suffix
		if strings.Contains(text, recv+"."+twin) || strings.Contains(text, "`"+twin) {
			return nil
		}
		out = append(out, twin)
	}
	return out
}

// spacedPattern matches the code a span shows however it is spaced: the span's
// words and punctuation in order, any spacing around the punctuation
// (`skip_serializing_if = "Option::is_none"` as `skip_serializing_if="Option::is_none"`).
func spacedPattern(span string) string {
	isWord := func(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }
	var tokens []string
	for _, field := range strings.Fields(span) {
		for len(field) > 0 {
			n := strings.IndexFunc(field, func(r rune) bool { return !isWord(r) })
			switch {
			case n < 0:
				n = len(field)
			case n == 0:
				_, n = utf8.DecodeRuneInString(field)
			}
			tokens = append(tokens, field[:n])
			field = field[n:]
		}
	}
	var b strings.Builder
	for i, t := range tokens {
		if i > 0 {
			prev, _ := utf8.DecodeLastRuneInString(tokens[i-1])
			cur, _ := utf8.DecodeRuneInString(t)
			if isWord(prev) && isWord(cur) {
				b.WriteString(`\s+`)
			} else {
				b.WriteString(`\s*`)
			}
		}
		b.WriteString(regexp.QuoteMeta(t))
	}
	return b.String()
}

// goTestingAlternative reports whether the alternative a ban prescribes is a method
// of Go's *testing.T, *testing.B or testing.TB, by the receiver names Go's tests use
// (`t.TempDir()`, `b.Loop()`, `tb.Setenv`).
func goTestingAlternative(instead string) bool {
	for _, alt := range strings.Split(instead, ", ") {
		for _, recv := range []string{"t.", "b.", "tb."} {
			if rest, ok := strings.CutPrefix(strings.TrimSpace(alt), recv); ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z' {
				return true
			}
		}
	}
	return false
}

// compositionRootTypes are the .NET types whose use a composition root owns: the
// configuration it binds options from, the provider it resolves services with.
var compositionRootTypes = []string{"IConfiguration", "IServiceProvider"}

// compositionRootGlobs are the files where a .NET application wires its services: its
// entry point, its Startup class, and the IServiceCollection extensions that register
// a feature.
var compositionRootGlobs = []string{"**/Program.cs", "**/Startup.cs", "**/*ServiceCollectionExtensions.cs", "**/*Registration.cs",
	"**/*Registrations.cs", "**/DependencyInjection/**", "**/*DependencyInjection.cs"}

// unlocatedPlace reports whether a ban's qualifier limits it to a place or situation
// heed cannot find in code ("in tool input schemas", "from goroutines"), rather than a
// purpose a warning can carry.
func unlocatedPlace(b ban) bool {
	return !purposeQual(b.qualifier) || placeQualRE.MatchString(b.qualifier)
}

// situationNouns name where or when code runs, not what a member is called on.
var situationNouns = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("thread", "server", "client", "startup", "boot", "shutdown", "request", "page", "device", "platform", "branch", "push", "commit", "release", "deploy", "error", "failure", "success")
}}

func lastWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// otherUseLocated reports a clause of the sentence that names, as the exception, the
// file or folder where the banned construct serves its other use ("the CLI's
// user-facing output in `src/main.rs` is the exception").
func otherUseLocated(s *sentence) bool {
	for _, cl := range s.clauses() {
		if norm.TrailingExemption(cl) < 0 {
			continue
		}
		for _, sp := range spansIn(cl) {
			if p := strings.TrimSpace(sp); looksLikeDir(p) || fileSpanRE.MatchString(p) && strings.Contains(p, "/") {
				return true
			}
		}
	}
	return false
}

// unlocatedEarlierOnLine is the qualifier of a ban in a clause before c on its line
// that heed cannot locate in code ("avoid `Type.Union` in tool input schemas; no
// `anyOf`/`oneOf`/`allOf`": the extractor gives the clauses apart), or "".
func unlocatedEarlierOnLine(c *policy.Constraint, rc *recognize.RepoContext) string {
	for _, e := range rc.EarlierOnLine(c) {
		es := newSentence(e)
		for _, b := range es.bans() {
			if b.qualifier != "" && !outsideLocated(es, rc, b) && unlocatedPlace(b) {
				return b.qualifier
			}
		}
	}
	return ""
}

// warnOnly makes a rule a warning that needs a look, with why in its message: heed
// read the ban, but not with the certainty a block needs.
// partialBan says why a ban read from a clause may hold only for part of the code,
// or "": the sentence describes what one thing does or holds ("`Context` exposes no
// `recordMutations`", "documents store either absence or a configuration, never
// `connect: null`", "... filter `(app_id)` ONLY — no `owner_id`"), or it uses the span
// as a verb with an object ("Never `createPortal` a fixed-position element to
// `body`"): that use of the call, not every call.
func partialBan(s *sentence, clause, span string) string {
	clause = cmp.Or(clause, s.c.Text)
	if norm.DescribedBan(clause) || span != "" && norm.DescribedBan(spanSentence(s.c.Text, span)) {
		return " (the sentence describes what its subject does or holds)"
	}
	if span != "" && norm.SpanAsVerb(clause, span) {
		return " (the rule bans only some uses of it)"
	}
	return ""
}

// spanSentence is the clause of text that holds the code span: its sentence from the
// last conjunction that starts a clause before it ("..., so their migrations filter
// `x` ONLY — no `owner_id`"), or "".
func spanSentence(text, span string) string {
	i := strings.Index(text, "`"+span+"`")
	if i < 0 {
		return ""
	}
	start := strings.LastIndex(text[:i], ". ") + 1
	for _, conj := range []string{", so ", ", and ", "; ", ", which ", ", while ", ", but "} {
		if k := strings.LastIndex(text[:i], conj); k >= start {
			start = k + len(conj)
		}
	}
	end := strings.Index(text[i:], ". ")
	if end < 0 {
		return strings.TrimSpace(text[start:])
	}
	return strings.TrimSpace(text[start : i+end])
}

func warnOnly(r *policy.Rule, why string) {
	r.Severity = policy.SeverityWarning
	r.Exact = false
	r.Message += why
}

// withEveryPattern adds a predicate to every pattern of a query written one pattern
// a line; a query of another layout is returned as it is.
func withEveryPattern(q, pred string) string {
	lines := strings.Split(q, "\n")
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if !strings.HasPrefix(t, "(") || !strings.HasSuffix(t, ")") || strings.Count(t, "(") != strings.Count(t, ")") || !strings.Contains(t, "@match") {
			return q
		}
		if strings.Contains(t, pred) {
			continue
		}
		lines[i] = t[:len(t)-1] + " " + pred + ")"
	}
	return strings.Join(lines, "\n")
}

// circumventedSpan reports a ban whose clause forbids going around or removing its
// span ("no `X` boundary was bypassed"): the span is what the project requires.
func circumventedSpan(b ban) bool {
	if circumventVerb(b.verb) {
		return true // "never bypasses `X`"
	}
	cl := b.clause
	i := strings.Index(cl, b.span)
	if i < 0 {
		return false
	}
	after := cl[i+len(b.span):]
	if j := strings.IndexAny(after, ".;"); j >= 0 {
		after = after[:j]
	}
	before := cl[:i]
	if j := strings.LastIndexAny(before, ".;,"); j >= 0 {
		before = before[j+1:]
	}
	// (the span's own marks: "`Inject()` wrappers")
	after, before = strings.TrimLeft(after, "`()"), strings.TrimRight(before, "`")
	if wrapperNounRE.MatchString(after) && makeVerbBeforeRE.MatchString(before) {
		// "don't create new `Inject()` wrappers": new wrappers of it are banned,
		// not its use
		return true
	}
	return passiveCircumventRE.MatchString(after) || circumventVerbBeforeRE.MatchString(before)
}

// circumventVerb: the verb before a span goes around or weakens it ("bypasses",
// "skipping"); "remove" is left to the clause, which says whether it is banned.
func circumventVerb(v string) bool {
	v = strings.ToLower(v)
	switch v {
	case "alter", "alters", "altered", "altering":
		return true
	}
	for _, stem := range []string{"bypass", "circumvent", "skip", "disabl", "weaken", "duplicat"} {
		if strings.HasPrefix(v, stem) {
			return true
		}
	}
	return false
}

// wrapperNounRE: a noun after a span that makes it what is wrapped ("`Inject()`
// wrappers").
var wrapperNounRE = lazyre.New(`(?i)^\s*(?:wrappers?|aliases|alias|helpers?|abstractions?|shims?|variants?|copies|duplicates?)\b`)

// makeVerbBeforeRE: a verb of making just before the span ("create new `X` ...").
var makeVerbBeforeRE = lazyre.New(`(?i)\b(?:create|add|write|define|introduce|make|build|roll)\s+(?:new\s+|more\s+|your\s+own\s+|any\s+|additional\s+)?$`)

// passiveCircumventRE: "... was bypassed", "... is never skipped".
var passiveCircumventRE = lazyre.New(`(?i)\b(?:was|were|is|are|be|been|gets?|got)\s+(?:never\s+|not\s+)?(?:bypassed|circumvented|skipped|removed|deleted|disabled|weakened|duplicated|altered|worked around)\b`)

// circumventVerbBeforeRE: "never bypass `X`", "do not remove the `X` check".
var circumventVerbBeforeRE = lazyre.New(`(?i)(?:\b(?:bypass|circumvent|work around|go around)|\b(?:never|not|don't|dont)\s+(?:\w+\s+)?(?:skip|remove|delete|disable|weaken|duplicate))\s+(?:the\s+|a\s+|any\s+|an\s+)?\S*\s*$`)

// wrapperModuleGlobs are the files of a module of the project's own, named by the
// alias an import of it uses (`@/components/icons`, `~/lib/http`) or a Python import
// of it by its dotted path: the module itself and a folder of that name.
func wrapperModuleGlobs(spec string) []string {
	spec = strings.Trim(spec, "` ")
	rest, ok := "", false
	for _, p := range []string{"@/", "~/", "#/", "$lib/"} {
		if r, found := strings.CutPrefix(spec, p); found {
			rest, ok = r, true
			break
		}
	}
	if f := strings.Fields(spec); !ok && len(f) >= 4 && f[0] == "from" && f[2] == "import" && strings.Count(f[1], ".") >= 1 && !strings.HasPrefix(f[1], ".") {
		// "always `from app.utils.logger import logger`": a module of the
		// project's, by its dotted path
		rest, ok = strings.ReplaceAll(f[1], ".", "/"), true
	}
	if !ok || rest == "" || strings.ContainsAny(rest, " *`") {
		return nil
	}
	rest = strings.TrimSuffix(rest, "/")
	return []string{"**/" + rest + ".*", "**/" + rest + "/**"}
}

// layerSubjectRE: a sentence whose subject is the code of a layer ("UI code never
// calls", "renderer code must not").
var layerSubjectRE = lazyre.New(`^\W*(?:the\s+)?([a-z][a-z-]*)\s+(?:code|layer)\s+(?:never|must not|mustn't|should not|shouldn't|does not|doesn't|cannot|can't|may not)\b`)

// layerSubject is the layer of an application a sentence's subject names ("UI",
// "controllers") when heed cannot locate it: no folder of the repository by that
// name.
func layerSubject(norm string, rc *recognize.RepoContext) string {
	if !strings.Contains(norm, " code ") && !strings.Contains(norm, " layer ") {
		return ""
	}
	m := layerSubjectRE.FindStringSubmatch(norm)
	if m == nil {
		return ""
	}
	w := m[1]
	switch w {
	case "ui", "view", "views", "renderer", "rendering", "frontend", "presentation", "component", "components", "page", "pages",
		"controller", "controllers", "handler", "handlers", "template", "templates", "widget", "widgets", "screen", "screens",
		"domain", "model", "models", "persistence", "infrastructure", "adapter", "adapters", "glue":
		// a layer of an application, which is one part of its code ("Service
		// code never calls `print()`" may be all of a service's code)
	default:
		return ""
	}
	if rc != nil && len(rc.FoldersNamed(w)) > 0 {
		return ""
	}
	return w
}

// phpTypeWord reports a type PHP's grammar reads as a keyword (primitive_type).
func phpTypeWord(name string) bool {
	switch strings.ToLower(name) {
	case "mixed", "iterable", "callable", "object", "void", "never":
		return true
	}
	return false
}

// purposeQual reports a qualifier that says what the banned construct would be used
// for ("for user-facing output", "for detecting client disconnects", "to run
// commands", "to find resources").
func purposeQual(q string) bool {
	if rest, ok := strings.CutPrefix(q, "for "); ok {
		return rest != "" && rest[0] != ' ' && rest[0] != '\t' // "for user-facing output"
	}
	f := strings.Fields(strings.TrimPrefix(q, "in order "))
	return len(f) > 1 && f[0] == "to" && purposeVerbs.Get()[f[1]]
}

// purposeVerbs are the verbs of a purpose after "to" ("to find resources", "to run
// commands"): what the banned construct would be used for.
var purposeVerbs = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("find", "locate", "resolve", "build", "compute", "get", "read", "load", "determine", "store", "format", "parse",
		"create", "generate", "compare", "check", "construct", "join", "make", "open", "fetch", "detect", "run")
}}
