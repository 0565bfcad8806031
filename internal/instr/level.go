package instr

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
)

// Level heuristics. A constraint is `must` when it carries a hard marker (must, never,
// always, required, do not, only ...) or is a plain imperative ("Use X", "Run Y before
// committing", "If you touch X, update Y", "Format code: `make fmt`"); `should` when
// its strongest marker is a soft one (should, prefer, avoid, recommended, try to,
// consider); `info` otherwise (descriptions, background, setup narration, pointers to
// other documents). Markers count only in the obligation itself, not in its conditions
// ("If you never respond, we close the issue"), parentheses or purpose clauses ("to
// avoid API calls"). Across sentences the strongest wins: "Avoid X. Use Y." is must.
// The hand-labelled sample in testdata/levels.tsv pins the accuracy (level_test.go).

var (
	codeRE     = lazyre.New("`+[^`]*`+")
	permitRE   = lazyre.New(`(?i)^(you )?(don't|do not|doesn't|does not) (need|have) to\b|^no need to\b|^(you )?(can|may|could|might)\b`)
	negStartRE = lazyre.New(`(?i)^(no|never|not|nothing|none|only)\b`)
	parenRE    = lazyre.New(`\([^()]*\)|\[[^\[\]]*\]`)
	condLead   = lazyre.New(`(?i)^(?:if|when|whenever|unless|where|because|since|in case|once|while|before|after|antes de|después de|despues de|vor dem|vor|nach dem|avant de|avant|après|перед|после)\b`)
	// "`internal/engine` may import only `internal/policy`", "A may only depend on B":
	// a permission narrowed by "only" is a restriction.
	// "`!important` is only allowed in `overrides.css`": a permission of one place
	// "`print()` is allowed only in `scripts/`", and (onlySubjectRE) "only
	// `db/conn.go` may call it": the same, with "only" after the permission or before
	// its one subject
	mayOnlyRE     = lazyre.New("(?i)\\bmay (?:only|\\w+ only|not)\\b|\\b(?:is|are) (?:only (?:allowed|permitted)|(?:allowed|permitted) only) (?:in|inside|within|for|from|under)\\b")
	onlySubjectRE = lazyre.New(`(?i)^\W*only CODESPAN(?: and CODESPAN)? (?:may|can|is allowed to|are allowed to)\b`)
	startCond     = lazyre.New(`(?i)^(?:if|when|whenever|before|prior to|ahead of|upon|after|once|while|for|to|during|unless|in|on|with|antes de|después de|despues de|vor|nach|avant de|avant|après|перед|после)\b`)
)

// imperativeVerbs start a plain command ("Use X", "Run Y").
var imperativeVerbs = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return wordSet(`use run add write keep put follow make ensure check update include call create
place name import export remove delete test document format lint commit push open mark set pass return throw
handle wrap log install build start stop reference define declare specify provide list describe explain fix verify
validate confirm leave treat give limit split group sort rename move copy replace prefix suffix annotate type
choose pick select rebase squash sign tag label link mention ask notify report review target bump regenerate
generate rerun re-run execute invoke apply enable disable configure register store save load cache close release
clean refactor extract inline express represent model implement extend override inherit derive maintain preserve
conduct perform
respect honor honour match mirror align separate isolate mock assert expect cover measure benchmark profile
optimize optimise minimize minimise reduce increase stick adhere conform comply remember do be get go avoid prefer
consider try favor favour aim strive utilize utilise employ rely depend reuse print raise catch inspect search
grep find look scope guard gate skip omit drop strip trim hide expose append insert merge fork clone checkout
switch stage unstage sync pin lock unlock upgrade downgrade migrate convert cast parse serialize serialise encode
decode escape quote capitalize lowercase uppercase indent break justify propagate bubble chain emit dispatch send
ejecuta usa utiliza instala corre führe verwende benutze installiere exécutez utilisez lancez installez
используйте используй запускайте запускай выполняйте выполни
receive await block wait retry compare restrict allow deny permit require forbid prohibit lean default seed
initialize initialise instantiate construct destroy dispose own borrow spell word phrase summarize summarise state
clarify read rebuild recompile reinstall restart reload refresh reset revert undo amend pull fetch bisect
communicate coordinate discuss escalate request file submit draft resolve address respond reply comment flag
triage assign reopen base cross navigate assume identify determine investigate analyze analyse understand study
examine explore locate trace debug diagnose reproduce run. tell show share post answer write. keep. stay store.
reserve prioritize prioritise focus favor. think plan design structure organize organise arrange order prepare
wait. let make. take bring carry put. avoid. verify. double-check cross-reference capture record note. attach
cite quote enter type click press select. configure. install. upgrade. deploy publish
ship tag. release. version bump. sign. squash. revise edit modify change adjust tweak tune fine-tune rewrite
reword prefer. deduplicate dedupe consolidate combine unify simplify shorten lengthen pad clamp truncate round
normalize normalise sanitize sanitise lint. fmt vet typecheck compile transpile bundle minify package vendor
regenerate. sort. wrap. limit. cap bound batch paginate stream buffer flush close. retry. time. schedule queue
delegate forward proxy route redirect rewrite. serve expose. hide. mask redact encrypt decrypt hash sign. verify.
authenticate authorize audit monitor alert page escalate. mention. describe. specify. surround indent align.
annotate. decorate wrap. return. yield await. default. prepend append. opt repeat exclude suppress silence ignore
bypass retain persist accept reject fail exit inject wire hook subscribe listen poll throttle debounce memoize
mount unmount render style localize translate externalize consult contact reach seek hold watch wrap. gather
collect bundle. keep. lower raise. surface throw. pass. prefer. mark. put. leave. run. lead split. join
fill empty populate clear. extend. reuse. recycle. favor. rebase. include. inform warn. stop. pause resume
continue finish complete end begin download upload branch leverage customize customise prioritize
adopt embrace standardize standardise centralize centralise encapsulate`)
}}

// nounVerbs are imperative verbs that also start noun phrases ("Test files live in
// tests/", "Build output goes to dist/"); only they are checked for noun use.
var nounVerbs = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return wordSet(`test build format lint commit push type name model report release log list set return
import export call check document file mark tag label link mention review target bump cache store block time
state order plan design structure record note default seed lock pin stage switch merge fork clone change update
fix benchmark profile match mock guard gate scope group sort split stream buffer queue route page alert audit
monitor hash sign quote cover measure limit cap batch run start stop open close comment flag request draft
address reply answer share post show process search find look display print config configure error handle
control trace debug package vendor bundle deploy publish ship version schedule dispatch emit`)
}}

// ofUse catches "Use of X is ...", "Support for ...": a verb used as a noun.
func ofUse(body string) bool {
	f := strings.Fields(body)
	return len(f) > 1 && (strings.EqualFold(f[1], "of") || strings.EqualFold(f[1], "for") && len(f) > 3 && strings.EqualFold(f[3], "is"))
}

var softVerbs = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return wordSet(`avoid prefer consider try favor favour aim strive`)
}}

// infoVerbs start sentences that point elsewhere rather than bind.
var infoVerbs = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return wordSet(`see refer note`)
}}

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[strings.TrimSuffix(w, ".")] = true
	}
	return m
}

var levelRank = lazy.Value[map[policy.Level]int]{F: func() map[policy.Level]int {
	return map[policy.Level]int{policy.Info: 0, policy.Should: 1, policy.Must: 2}
}}

func maxLevel(a, b policy.Level) policy.Level {
	if levelRank.Get()[b] > levelRank.Get()[a] {
		return b
	}
	return a
}

// levelOf classifies a constraint text: the strongest level of its sentences.
func levelOf(text string) policy.Level {
	var tb textBuf
	rest := text
	for _, m := range codeRE.FindAllStringIndex(text, -1) {
		tb.write(rest[:m[0]-(len(text)-len(rest))], 0)
		tb.code = append(tb.code, [2]int{tb.b.Len(), tb.b.Len() + m[1] - m[0]})
		tb.b.WriteString(text[m[0]:m[1]])
		rest = text[m[1]:]
	}
	tb.write(rest, 0)
	s := tb.b.String()
	lv := policy.Info
	for _, sp := range tb.sentences() {
		lv = maxLevel(lv, clauseLevel(s[sp[0]:sp[1]]))
		if lv == policy.Must {
			break
		}
	}
	return lv
}

// clauseLevel classifies one sentence: by the level words below, and where they find
// no obligation, by the normative reader, which knows bans they miss ("Refrain from
// running `x`", "No `yarn`, no `npm`").
func clauseLevel(text string) policy.Level {
	text, _ = norm.Gloss(text)     // a rule in another language's words, read in English ones
	text = norm.MomentLabels(text) // "Pre-push checklist: ..." is "Before pushing: ..."
	if t, ok := norm.CommalessMoment(text); ok {
		text = t // "Before committing please run `npm test`.": the duty after the moment
	}
	lv := clauseWords(text)
	if lv != policy.Info {
		return lv
	}
	if norm.ToolOnlyStatement(text) {
		// "pnpm only.": the project's one tool of its kind
		return policy.Must
	}
	if statedRule(text) || norm.AskStatement(text) || norm.AskLead(text) {
		// "Releasing (`./scripts/release.sh`) requires a human's approval": a
		// command that waits for a yes
		return policy.Must
	}
	// "Changes to `src/api/` require `npm run openapi`": an order, said as what a
	// change needs
	switch norm.ChangeOrderLevel(text) {
	case "must":
		return policy.Must
	case "should":
		return policy.Should
	}
	if norm.OnlyImporter(text) {
		// "`cmd/` is the only place that may import `cobra`": every other place
		// must not
		return policy.Must
	}
	if len(norm.OtherActorCommands(text)) > 0 {
		// "Only the release workflow may run `cargo publish`": a command left to
		// someone else, which the reader must not run
		return policy.Must
	}
	if norm.LimitStatement(text) || norm.SizeLimitStatement(text) || norm.IndentStatement(text) || norm.CodeStyleStatement(text) || norm.NamingStatement(text) || len(norm.NamingAffixes(text)) > 0 || norm.PrivateUnderscore(text) || len(norm.BooleanPrefixes(text)) > 0 || len(norm.Initialisms(text)) > 0 || norm.TestFileNaming(text) || norm.HookNaming(text) {
		// "Line length: 100 characters", "Method names are PascalCase", "Interfaces
		// are prefixed with `I`": the
		// project's setting or convention, stated
		return policy.Should
	}
	if statedPlacement(text) || statedPattern(text) {
		// "Tests live in `tests/`", "Test files follow the pattern `*.test.ts`":
		// where a kind of file goes, or the form it takes, stated as the
		// project's convention
		return policy.Should
	}
	switch norm.BanStrength(text) {
	case "must":
		return policy.Must
	case "should":
		return policy.Should
	}
	// "Moment is banned.", "Lodash is deprecated in this codebase.": a ban said in
	// the passive, of a thing named in plain words
	switch norm.PassiveBanStrength(text) {
	case "must":
		return policy.Must
	case "should":
		return policy.Should
	}
	if norm.SpanMomentOrder(text) {
		// "`cargo fmt --all` before pushing.": a command and its moment, stated
		return policy.Should
	}
	if norm.ArrowWorkflow(text) {
		// "Migration workflow: edit `schema.ts` → `pnpm db:generate` → `pnpm
		// db:migrate`": the project's steps, stated
		return policy.Should
	}
	if norm.PackageManagerStatement(text) {
		// "We use `uv` to manage dependencies": the project's tool, which the reader
		// uses too
		return policy.Should
	}
	if nonASCIIWords(text) {
		// "Перед коммитом запускайте `npm test`": the reader knows other
		// languages' imperatives, the level words above only English ones
		switch norm.RequireStrength(text) {
		case "must":
			return policy.Must
		case "should":
			return policy.Should
		}
	}
	// "`generated/` – API client (do not edit by hand)": a ban in parentheses, when
	// nothing above read one
	return parenBan(replaceCode(text, " CODESPAN "))
}

// trackerHeading: a section that tracks work rather than states rules ("Roadmap",
// "TODO", "Stage 2 — pending", "Known issues & future work"), whose task items are
// plans.
func trackerHeading(hp []string) bool {
	if len(hp) == 0 {
		return false
	}
	return trackerHeadingRE.MatchString(hp[len(hp)-1])
}

// consideredAlternatives: a section of a decision record that weighs the options the
// decision did not take ("Alternatives considered", "Alternative B: no wrappers").
func consideredAlternatives(hp []string) bool {
	return slices.ContainsFunc(hp, func(h string) bool { return alternativesHeadingRE.MatchString(h) })
}

var alternativesHeadingRE = lazyre.New(`(?i)\b(?:alternatives (?:considered|rejected|evaluated)|(?:considered|rejected|evaluated) (?:alternatives|options)|options (?:considered|evaluated)|pros and cons)\b|^\s*alternative [a-z0-9]{1,2}\s*[:.—–-]`)

var trackerHeadingRE = lazyre.New(`(?i)\b(?:roadmap|to-?dos?|backlog|progress|status|milestones?|stages?|phases?|tracker|future work|next steps|changelog|done|pending|wishlist)\b`)

// parenBan reads a ban written in parentheses after a fragment that binds nothing by
// itself: "`generated/` – API client (do not edit by hand)", "Fixtures for test data
// (avoid `factory_bot`)". "never", "do not" and "must not" are as firm as outside
// parentheses, "avoid" as soft.
func parenBan(prose string) policy.Level {
	lv := policy.Info
	for _, m := range parenRE.FindAllString(prose, -1) {
		switch norm.ParenBanStrength(m[1 : len(m)-1]) {
		case "must":
			return policy.Must
		case "should":
			lv = policy.Should
		}
	}
	return lv
}

// conventionBan reads, in a section of conventions, a ban said by "no" or "not" in
// parentheses or in one comma-separated part of a fragment: "plain CSS (no SCSS)",
// "Vitest (not Jest)", "ES modules with `import`/`export`, no `require()`". The
// object must be code or a proper name, never a state ("(not set by default)", "(no
// longer maintained)"); outside such a section the same words correct a fact
// ("Entry point is `src/cli.ts` (NOT `src/index.ts`)") and bind nothing.
func conventionBan(text string) bool {
	prose := replaceCode(text, " CODESPAN ")
	for _, m := range parenRE.FindAllString(prose, -1) {
		if parenSoftBanRE.MatchString(strings.TrimSpace(m[1 : len(m)-1])) {
			return true
		}
	}
	for _, seg := range strings.FieldsFunc(dropParens(prose), func(r rune) bool { return r == ',' || r == ';' || r == '—' || r == '–' }) {
		f := strings.Fields(seg)
		if len(f) >= 2 && strings.EqualFold(f[0], "no") && strings.HasPrefix(f[1], "CODESPAN") {
			return true
		}
	}
	return false
}

// labelledConvention reports a fragment that gives one aspect of the project's
// conventions as a label and its value ("**Commits**: Conventional Commits", "Quote
// style: single quotes", "Indent: 4 spaces"): in a section of conventions, the value
// is how that aspect is done here.
func labelledConvention(text string) bool {
	prose := strings.TrimLeft(replaceCode(text, "CODESPAN"), " *_>")
	m := findLabel(prose)
	if m == nil || m[1] >= len(prose) {
		return false
	}
	label := strings.Fields(strings.Trim(prose[m[2]:m[3]], "*_ "))
	value := strings.Fields(strings.Trim(prose[m[1]:], "*_ "))
	if len(label) == 0 || len(label) > 4 || len(value) == 0 || len(value) > 16 || strings.Contains(prose[m[2]:m[3]], "CODESPAN") {
		return false // "`$HOME` - the home folder": a term and what it is
	}
	if w := strings.ToLower(label[0]); imperativeVerbs.Get()[w] && !nounVerbs.Get()[w] {
		return false // "Run tests: `make test`" is read as an order above
	}
	if !conventionValueRE.MatchString(prose[m[1]:]) || !conventionAspectRE.MatchString(strings.Join(label, " ")) {
		return false // "About Parameters - PowerShell Documentation": a title
	}
	return !strings.HasSuffix(strings.TrimSpace(prose), ":") && !strings.HasSuffix(strings.TrimSpace(prose), "?")
}

// namedCommitConvention reports a label of the project's history given a named
// convention as its value ("**Git**: Conventional Commits (`feat:`, `fix:`)"): a
// convention wherever it stands.
func namedCommitConvention(text string) bool {
	if !strings.Contains(strings.ToLower(text), "conventional commit") {
		return false
	}
	return labelledConvention(text)
}

// conventionAspectRE: a label that names an aspect of code or history a convention
// governs.
var conventionAspectRE = lazyre.New(`(?i)^(?:git|commits?|commit messages?|commit style|branch(?:es| names?)?|naming|names|indent(?:ation)?|quotes?|quote style|imports?|modules?|formatting|format|style|line length|docstrings?|comments?|logging|errors?|error handling|typing|types|license headers?|headers?|file names?|filenames|tests?|test files?)$`)

// conventionValueRE: a value that says how something is done: code, a named
// convention or format, a requirement.
var conventionValueRE = lazyre.New(`CODESPAN|(?i)\b(?:conventional commits|pep ?\d+|spaces?|tabs?|quotes?|semicolons?|trailing commas?|[a-z]+[-_ ]?case|braces|needs?|requires?|required|no|only)\b`)

var (
	// after "no" or "not": a code span, or a capitalised name
	parenSoftBanRE = lazyre.New(`^(?:[Nn]o|[Nn]ot|NOT|NO)\s+(?:CODESPAN|[A-Z][\w.+#-]*(?:[\s/,]|$))`)
)

// clauseWords classifies one sentence by its level words.
func clauseWords(text string) policy.Level {
	prose := replaceCode(text, " CODESPAN ")
	prose = strings.ReplaceAll(prose, "’", "'")
	prose = strings.Join(strings.Fields(prose), " ")
	// "•\t❌ No any": a bullet typed as a character, not Markdown's, opens the item
	prose = strings.TrimLeft(strings.TrimLeft(prose, "•◦▪‣·"), " ")
	if prose == "" || prose == "CODESPAN" {
		return policy.Info
	}
	if inner, ok := wholeParens(prose); ok {
		// "(`AGENTS.md` carries the same checklist — keep the two in sync.)": a
		// sentence set in parentheses is still a sentence
		return clauseWords(inner)
	}
	if sign, rest, ok := statusSign(prose); ok {
		// "✅ Use the logger", "⚠️ Never commit `.env`", "❌ Avoid X": the sign
		// says nothing the words after it do not
		if sign == signGood && noPhraseRE.MatchString(rest) {
			// "✅ No broken CI", "✅ Zero config": a benefit, an absence marked
			// good, not a ban
			return policy.Info
		}
		lv := clauseWords(rest)
		if lv == policy.Info && sign == signBad && !statusStatement(rest) {
			// "❌ `any`", "❌ console.log in production code": a sign of what not
			// to do before the thing or the act; "❌ Windows is not supported
			// yet" is a status, read as the sentence it is
			return policy.Must
		}
		return lv
	}
	markers := mainClause(dropParens(prose))
	hard, soft := markerLevels(markers)
	soft = soft || hasSoftTail(prose)
	body := stripLead(prose)
	if hard && permitRE.MatchString(head(body, 40)) && !strongMarker(markers) {
		// "You don't need to run X", "You can skip Y": permission, not obligation.
		hard = false
	}
	switch {
	case hard:
		return policy.Must
	case soft:
		return policy.Should
	}
	if mayOnlyRE.MatchString(dropParens(body)) || strings.HasPrefix(strings.ToLower(strings.TrimLeft(prose, " *_>-")), "only ") && onlySubjectRE.MatchString(prose) {
		return policy.Must
	}
	if negStartRE.MatchString(head(body, 12)) && !permitRE.MatchString(head(body, 40)) {
		return policy.Must
	}
	if universal(body) || universal(afterConsequence(body)) {
		// "Every new `.go` file starts with this header", "Each feature exposes its
		// API from index.ts": a statement about every artefact of a kind is a rule.
		return policy.Must
	}
	if readMoreRE.MatchString(head(body, 20)) {
		return policy.Info
	}
	if strings.Contains(strings.ToLower(head(body, 60)), "comment") && commentFormRE.MatchString(body) {
		// "Javadoc comments start with a capital letter and end with a period": how
		// every comment of a kind is written, a convention stated as a fact
		return policy.Should
	}
	if orderedAside(prose) {
		return policy.Must
	}
	if lv := verbLevel(body); lv != policy.Info {
		return lv
	}
	// "Before opening a pull request, run:": after a condition, a lone verb before a
	// colon leads in the list that follows, which it makes the steps of an order
	if f := strings.Fields(body); len(f) == 1 && strings.HasSuffix(f[0], ":") && imperativeVerbs.Get()[firstWord(body)] &&
		startCond.MatchString(head(strings.TrimLeft(prose, "*_ "), 12)) {
		return policy.Must
	}
	if placedRun(body) {
		return policy.Must
	}
	// "`AGENTS.md` carries the same checklist for other agents — keep the two in
	// sync": after a statement, a dash opens an order of its own
	if lv := dashOrder(prose); lv != policy.Info {
		return lv
	}
	// A condition with commas of its own ("If you create files, scripts, or helpers,
	// clean them up"): try the clause after each further comma.
	if startCond.MatchString(head(strings.TrimLeft(prose, "*_ "), 12)) {
		for i := strings.Index(body, ", "); i >= 0; {
			if lv := verbLevel(stripLead(body[i+2:])); lv != policy.Info {
				return lv
			}
			j := strings.Index(body[i+2:], ", ")
			if j < 0 {
				break
			}
			i += 2 + j
		}
	}
	// An order as the label of a command: "Before each commit: `just fmt && just lint`".
	if lp := strings.ToLower(strings.TrimLeft(prose, " *_>")); norm.OrderLead(lp) && strings.Contains(lp, ": codespan") && len(strings.Fields(lp[:strings.Index(lp, ": codespan")])) <= 6 {
		return policy.Must
	}
	// A moment as the label of a command: "Pre-commit: `just check`".
	if norm.MomentLabel(strings.TrimLeft(text, " >")) {
		return policy.Must
	}
	// An imperative label before a command: "Format code: `./gradlew spotlessApply`".
	trimmed := strings.TrimLeft(prose, " *_>\"'([")
	if m := findLabel(trimmed); m != nil {
		label := trimmed[m[2]:m[3]]
		if strings.Contains(trimmed[m[1]:], "CODESPAN") && len(strings.Fields(label)) <= 6 {
			if lv := verbLevel(label); lv != policy.Info {
				return lv
			}
		}
	}
	return policy.Info
}

// placedRun: a place, then the imperative to run there, with no comma between ("from
// the CODESPAN folder run:", "in the repository root run CODESPAN"): the verb of
// running comes within a few words, after no subject that would make it a statement
// ("in CI we run CODESPAN").
func placedRun(body string) bool {
	f := strings.Fields(strings.ToLower(body))
	if len(f) < 3 || !placeWords.Get()[f[0]] {
		return false
	}
	for i := 2; i < len(f) && i <= 7; i++ {
		w := strings.TrimRight(f[i], ":")
		if w == "run" || w == "execute" || w == "invoke" {
			if subjectWords.Get()[strings.Trim(f[i-1], ",")] {
				return false
			}
			return strings.HasSuffix(f[i], ":") || i+1 < len(f) && strings.HasPrefix(f[i+1], "codespan")
		}
		if strings.HasSuffix(f[i-1], ",") || strings.HasSuffix(f[i-1], ".") {
			return false // the place ended: what follows is another clause
		}
	}
	return false
}

var (
	placeWords   = lazy.Value[map[string]bool]{F: func() map[string]bool { return wordSet(`from in inside within under`) }}
	subjectWords = lazy.Value[map[string]bool]{F: func() map[string]bool { return wordSet(`we you they it i ci which that this who one`) }}
)

// orderedAside: a line that describes a command says in parentheses when to run it
// ("`uv run pytest` - the test suite (do this before every commit)"): the aside is the
// rule.
func orderedAside(prose string) bool {
	if !strings.Contains(prose, "CODESPAN") {
		return false
	}
	for _, m := range parenRE.FindAllString(prose, -1) {
		aside := strings.TrimSpace(m[1 : len(m)-1])
		low := " " + strings.ToLower(aside) + " "
		if !strings.Contains(low, " before ") && !strings.Contains(low, " after ") {
			continue
		}
		w := firstWord(aside)
		if w == "do" || w == "run" || imperativeVerbs.Get()[w] && !nounVerbs.Get()[w] {
			return true
		}
	}
	return false
}

// verbLevel reads the first word of a clause as a verb.
func verbLevel(body string) policy.Level {
	w := firstWord(body)
	switch {
	case softVerbs.Get()[w]:
		return policy.Should
	case infoVerbs.Get()[w]:
		return policy.Info
	case imperativeVerbs.Get()[w] && !(nounVerbs.Get()[w] && nounUse(body)) && !ofUse(body):
		return policy.Must
	case redoVerb(w) && !nounUse(body):
		return policy.Must
	}
	return policy.Info
}

// redoVerb: an imperative made by "re-" from one the reader knows ("Reformat",
// "Re-generate", "Retest"), which the verb list need not spell out; a word that only
// looks so ("read", "return") is in the list or is no such verb.
func redoVerb(w string) bool {
	rest, ok := strings.CutPrefix(w, "re")
	if !ok {
		return false
	}
	rest = strings.TrimPrefix(rest, "-")
	return len(rest) >= 4 && imperativeVerbs.Get()[rest] && !nounVerbs.Get()[w]
}

const (
	signGood = 1 // ✅ ✔️ ☑️ 👍
	signBad  = 2 // ❌ 🚫 ⛔ ✗ ✘ 👎
	signNote = 3 // ⚠️ ❗ 💡 📌 ℹ️
)

// statusSign reads a sign that opens an item ("✅ Use X", "❌ `any`", "⚠️ Never
// commit"): which kind it is and the words after it.
func statusSign(prose string) (sign int, rest string, ok bool) {
	for _, s := range []struct {
		sign  int
		marks string
	}{{signGood, "✅ ✔️ ✔ ☑️ ☑ 👍 ✓"}, {signBad, "❌ 🚫 ⛔ ✗ ✘ 👎 ✖️ ✖"}, {signNote, "⚠️ ⚠ ❗ ❗️ 💡 📌 ℹ️ ℹ"}} {
		for _, m := range strings.Fields(s.marks) {
			if r, found := strings.CutPrefix(prose, m); found {
				r = strings.TrimLeft(r, "\ufe0f :-–—")
				return s.sign, strings.TrimSpace(r), true
			}
		}
	}
	return 0, "", false
}

var noPhraseRE = lazyre.New(`(?i)^(?:no|zero|fewer|less|nothing)\s`)

// statusStatementRE: a subject and its verb within the first words ("Windows is not
// supported", "The build takes ten minutes"): a sentence that says how things are.
var statusStatementRE = lazyre.New(`(?i)^(?:the |this |our |its |a |an )?[\w.+#/-]+(?: [\w.+#/-]+){0,3} (?:is|are|was|were|isn't|aren't|wasn't|has|have|hasn't|haven't|will|won't|can't|cannot|does|doesn't|do not|works|work|fails|takes|runs|supports)\b`)

// statusStatement: after a sign, a sentence of its own about how things are, not a
// thing or an act marked good or bad.
func statusStatement(rest string) bool {
	if strings.HasPrefix(rest, "CODESPAN") {
		return false // "❌ `any` is not allowed": the sign is on the thing
	}
	return statusStatementRE.MatchString(rest) && verbLevel(stripLead(rest)) == policy.Info
}

var readMoreRE = lazyre.New(`(?i)^(read|learn|find out) more\b`)

var condWords = []string{" if ", " unless ", " when ", " whenever ", " because ", " since ", " so that ",
	" in case ", " where ", " which ", " that is ", " as long as "}

// trailingCondition is the offset of the first condition word after the start of s
// (" if ", " unless " ...), with the spaces or comma before it, or -1.
func trailingCondition(s string) int {
	l := strings.ToLower(s)
	best := -1
	for _, w := range condWords {
		if i := strings.Index(l[min(1, len(l)):], w); i >= 0 {
			i++
			if best < 0 || i < best {
				best = i
			}
		}
	}
	if best < 0 {
		return -1
	}
	for best > 0 && (s[best-1] == ',' || s[best-1] == ' ' || s[best-1] == ';') {
		best--
	}
	return best
}

// mainClause drops leading and trailing conditions, so the markers read are those of
// the obligation itself: "PREFER X if clippy must be disabled" is a preference.
func mainClause(s string) string {
	if condLead.MatchString(head(s, 12)) {
		if i := strings.Index(s, ", "); i >= 0 && i < 200 {
			s = s[i+2:]
		}
	}
	if i := trailingCondition(s); i > 8 {
		s = s[:i]
	}
	return s
}

// stripLead removes what comes before a clause's verb: a bold label ("**Testing**:"),
// a condition ("If you change X, "), "Please", "Always" and the like.
func stripLead(s string) string {
	s = strings.TrimLeft(s, " *_>\"'([")
	for range 4 {
		before := s
		if m := findLabel(s); m != nil && len(strings.Fields(s[m[2]:m[3]])) <= 6 && m[1] < len(s) {
			if strings.TrimSpace(s[m[2]:m[3]]) == "CODESPAN" && dashAt(s, m[3]) > 0 {
				// "`crates/x` — derive macros": a term and its description, not a
				// command; only explicit markers make it binding.
				return ""
			}
			s = s[m[1]:]
		}
		if n := leadEnd(s); n > 0 && n < len(s) {
			s = s[n:]
		}
		s = strings.TrimLeft(s, " *_>\"'([")
		if n := adverbEnd(s); n > 0 && n < len(s) {
			s = s[n:]
		}
		// "Silently ignore ...", "Explicitly confirm ...": an adverb before the verb.
		if w := firstWord(s); len(w) > 4 && strings.HasSuffix(w, "ly") && !imperativeVerbs.Get()[w] {
			if i := strings.IndexAny(s, " \t"); i > 0 && imperativeVerbs.Get()[firstWord(s[i+1:])] {
				s = strings.TrimLeft(s[i+1:], " ")
			}
		}
		if s == before {
			break
		}
	}
	return s
}

func firstWord(s string) string {
	f := strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == ',' || r == ':' || r == '*' || r == '_' || r == '"' || r == '(' || r == ')' || r == '/'
	})
	if len(f) == 0 {
		return ""
	}
	return strings.ToLower(f[0])
}

// nounUse catches a verb-looking first word that is a noun or a title: "Test files
// live in tests/", "Build output goes to dist/", "Format: ...", "Import Organization".
func nounUse(body string) bool {
	f := strings.Fields(body)
	if len(f) < 2 {
		// A single word ("Testing", "Lint") is a label, not a command.
		return true
	}
	if len(f) > 1 && f[1] != "" && f[1][0] >= '0' && f[1][0] <= '9' {
		// "Go 1.22", "Build 42": a name with a version or number.
		return true
	}
	if strings.ContainsRune(f[0], '/') {
		// "Build/test JDK": a topic, not a command.
		return true
	}
	second := strings.Trim(f[1], ",.:;*_")
	if runVerb(f[0]) && runsWhat(strings.ToLower(second)) {
		// "Run checks after every change", "Run scripts from the root": the verb
		// and what it runs, an imperative (a run's checks are no topic heading)
		return false
	}
	if len(f) <= 4 && second != "" && second[0] >= 'A' && second[0] <= 'Z' && second != "CODESPAN" && allTitle(f) {
		// "Import Organization", "Error Handling": a title.
		return true
	}
	switch strings.ToLower(second) {
	case "is", "are", "was", "were", "has", "have", "files", "file", "output", "code", "suite", "suites",
		"data", "logic", "cases", "case", "tools", "tool", "command", "commands", "script", "scripts",
		"step", "steps", "process", "system", "time", "names", "types", "calls", "results",
		"directory", "folder", "runner", "runs", "helpers", "utilities", "mode", "options", "flags",
		"config", "configuration", "setup", "changes", "requests", "messages", "guidelines", "rules",
		"lives", "live", "goes", "contains", "includes", "uses", "will", "can", "may", "should", "must",
		"organization", "handling", "management", "structure", "conventions", "patterns", "pattern", "workflow",
		"checks", "notes", "reference", "overview", "details", "summary", "source":
		return true
	}
	return false
}

// runsWhat are the things a "Run" runs when it opens an imperative ("Run checks",
// "Run scripts"), not a noun phrase ("Run configuration", "Run time").
func runsWhat(w string) bool {
	switch w {
	case "checks", "scripts", "commands", "tools", "steps":
		return true
	}
	return false
}

func runVerb(w string) bool {
	switch strings.ToLower(strings.Trim(w, "*_")) {
	case "run", "rerun", "re-run":
		return true
	}
	return false
}

func allTitle(f []string) bool {
	for _, w := range f {
		w = strings.Trim(w, ",.:;*_()`")
		if w == "" {
			continue
		}
		if c := w[0]; !(c >= 'A' && c <= 'Z') && w != "and" && w != "or" && w != "of" && w != "the" && w != "for" {
			return false
		}
	}
	return true
}

// rowLevel classifies a table row: by its markers, or as a command when its first
// cell reads as a sentence ("Use `pnpm` for installs | ..."); a first cell that is a
// name or topic ("Build, test, broker quickstart") is not a command.
func rowLevel(text string) policy.Level {
	if lv := levelOfMarkers(text); lv != policy.Info {
		return lv
	}
	if norm.LimitStatement(text) || norm.NamingStatement(text) || norm.IndentStatement(text) || norm.CodeStyleStatement(text) {
		return policy.Should // "Line length | 88", "Functions | snake_case", "Quotes | single"
	}
	first, _, _ := strings.Cut(text, " | ")
	if len(strings.Fields(first)) > 3 && !strings.Contains(first, ",") {
		return levelOf(first)
	}
	return policy.Info
}

var (
	badColumnRE  = lazyre.New(`(?i)^\W*(?:bad|wrong|incorrect|before|old|deprecated|legacy)\W*$`)
	goodColumnRE = lazyre.New(`(?i)^\W*(?:good|right|correct|after|new|replacement|preferred)\W*$`)
)

// badGoodTable reports a table header whose columns are a bad form and a good one
// ("Bad | Good", "❌ Wrong | ✅ Right", "Deprecated | Replacement").
func badGoodTable(ctx string) bool {
	if i := strings.LastIndex(ctx, " — "); i >= 0 {
		ctx = ctx[i+len(" — "):]
	}
	bad, good := false, false
	for _, h := range strings.Split(ctx, " | ") {
		h = strings.TrimSpace(strings.NewReplacer("❌", "", "✅", "", "*", "").Replace(h))
		bad = bad || badColumnRE.MatchString(h)
		good = good || goodColumnRE.MatchString(h)
	}
	return bad && good
}

// constraintLevel is the level of a constraint given its framing: a bare item under a
// binding lead-in ("Never log:" + "- passwords") takes the lead-in's level, and a table
// row without markers of its own takes those of its header ("Avoid | Use instead").
func constraintLevel(text, ctx string, ctxLevel policy.Level) policy.Level {
	text, _ = norm.Gloss(text)
	ctx, _ = norm.Gloss(ctx)
	if strings.Contains(ctx, " | ") && strings.Contains(text, " | ") {
		lv := rowLevel(text)
		if lv == policy.Info && norm.NamingRow(text, ctx) {
			lv = policy.Should // "Python | snake_case" under "File names"
		}
		return frameLevel(lv, text, ctx, ctxLevel)
	}
	lv := frameLevel(levelOf(text), text, ctx, ctxLevel)
	return statedLevel(lv, text)
}

// statedLevel raises to should a constraint its words and framing leave at info when
// it states one of the project's rules without a modal: "`bg-container` instead of
// `bg-white`" (a preference), "Shell scripts live in `scripts/`" (the layout),
// "Package names are short, lowercase, single words" (Go's naming of packages),
// "Layered architecture: `api/` → `services/` → `models/`" (the layering).
func statedLevel(lv policy.Level, text string) policy.Level {
	if lv != policy.Info {
		return lv
	}
	text, _ = norm.Gloss(text) // "Los nombres de archivos van en kebab-case"
	if norm.PairStatement(text) || norm.PlacementStatement(text) || norm.NamingFileStatement(text) || norm.GoPackageNaming(text) || norm.LayeringStatement(text) {
		return policy.Should
	}
	return lv
}

// frameLevel adjusts a constraint's own level lv by its framing (see constraintLevel).
func frameLevel(lv policy.Level, text, ctx string, ctxLevel policy.Level) policy.Level {
	text, _ = norm.Gloss(text)
	ctx, _ = norm.Gloss(ctx)
	row := strings.Contains(ctx, " | ") && strings.Contains(text, " | ")
	if ctx != "" && strings.HasSuffix(ctx, ":") && ctxLevel != policy.Info && !row &&
		levelOfMarkers(text) == policy.Info && lv != policy.Should && bare(text) {
		// The lead-in gives its modality to verb-phrase items: "A good unit test
		// should:" + "focus on a single use-case" is a should.
		return ctxLevel
	}
	if lv != policy.Info || ctx == "" {
		return lv
	}
	rowSentence := ""
	if row {
		rowSentence, _ = norm.TableRowSentence(text, ctx)
	}
	switch {
	case strings.HasSuffix(ctx, ":") && ctxLevel != policy.Info && bare(text):
		return ctxLevel
	case strings.HasSuffix(ctx, ":") && bare(text) && strings.Contains(text, "`") && (norm.SectionOrder(ctx) != "" || norm.MomentLead(ctx) != "" || norm.DoneLead(ctx)):
		// "Pre-commit checklist:" + "`make lint` passes": a checklist's items are
		// its steps
		return policy.Must
	case norm.LayerRuleItem(text, ctx):
		// "Layer rules:" + "`app`: may import `domain`": each item says what a
		// part may import
		return policy.Must
	case strings.Contains(ctx, " | ") && row && norm.ImportColumn(ctx):
		// "Layer | May import": each row says what a part may import
		return policy.Must
	case row && norm.CoChangeTable(ctx):
		// "When you change | Also update": each row is files that change together
		return policy.Must
	case row && norm.WhenTableRow(text, ctx):
		// "Task | Command | When": the row says when its command runs
		return maxLevel(policy.Should, levelOfMarkers(ctx))
	case row && norm.ChangeTable(ctx):
		// "Change | Run": each row says what a change needs run, as strongly as
		// the header says it ("Changed source | Required command")
		return maxLevel(policy.Should, levelOfMarkers(ctx))
	case row && noteRow(text, ctx):
		// "| `make test` | run before each commit |": the note is the sentence
		return noteRowLevel(text, ctx)
	case row && rowSentence != "":
		// "| `eval` | ❌ Never |" under "| API | Status |", "| Never call `.Result` |
		// deadlocks |" under "| Rule | Why |": as strongly as the sentence the row
		// states
		return levelOf(rowSentence)
	case row && badGoodTable(ctx):
		// "Bad | Good", "Wrong | Right": each row is a form to avoid and its
		// replacement, said without a modal
		return policy.Should
	case row && norm.SubstitutionColumns(ctx):
		// "Instead of | Use", "❌ | ✅", "Avoid | Prefer": the same, as strongly as
		// the header says it ("Don't | Do instead" bans, and so does a column of
		// "Task | Use | Don't use"; a bare "Don't" beside "Do" names forms to avoid)
		lv := levelOfMarkers(ctx)
		for _, col := range strings.Split(ctx, "|") {
			if norm.NegatedVerbColumn(col) {
				lv = policy.Must
			}
		}
		return maxLevel(policy.Should, lv)
	case strings.Contains(ctx, " | "):
		return levelOfMarkers(ctx)
	}
	return lv
}

// bare reports whether a text is a fragment rather than a sentence of its own: an item
// such as "financial data" or "`docs/AGENTS.md`" that means something only with its
// lead-in.
func bare(text string) bool {
	p := dropParens(replaceCode(text, "X"))
	return len(strings.Fields(p)) <= 8
}

// levelOfMarkers reads only the explicit markers of a text (table headers "Don't").
func levelOfMarkers(s string) policy.Level {
	p := replaceCode(s, " ")
	hard, soft := markerLevels(p)
	switch {
	case hard || negStartRE.MatchString(head(strings.TrimSpace(p), 12)):
		return policy.Must
	case soft:
		return policy.Should
	}
	return policy.Info
}

// head is the first n bytes of s, cut at a rune boundary: the anchored regexps above
// only look at the start of a clause, and the backtracker's cost grows with the input.
func head(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// findLabel finds a short label before a colon or a dash at the start of s
// ("**Testing**: run ...", "Format code: `cmd`", "`src/` - sources"), after any
// leading symbols (emoji). It returns [matchStart, matchEnd, labelStart, labelEnd]
// like a regexp submatch index, or nil.
func findLabel(s string) []int {
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == ' ' || r == '\t' || r == '\uFE0F' || unicode.Is(unicode.So, r) || unicode.Is(unicode.Sk, r) {
			i += n
			continue
		}
		break
	}
	if strings.HasPrefix(s[i:], "**") || strings.HasPrefix(s[i:], "__") {
		i += 2
	}
	start := i
	depth := 0 // a colon or dash inside parentheses ends no label: "reply (e.g. "ok — see X")"
	for j := i; j < len(s) && j-start <= 48; {
		c := s[j]
		switch c {
		case '(':
			depth++
		case ')':
			depth = max(0, depth-1)
		}
		// (a colon inside a word ends no label: "dart:developer", "node:fs")
		colon := c == ':' && (j+1 >= len(s) || s[j+1] == ' ' || s[j+1] == '*' || s[j+1] == '_' || s[j+1] == '\t')
		if depth == 0 && (c == '*' || c == '_' || colon || c == ' ' && dashAt(s, j) > 0) {
			if j == start {
				return nil
			}
			end := j
			k := j
			if strings.HasPrefix(s[k:], "**") || strings.HasPrefix(s[k:], "__") {
				k += 2
			}
			for k < len(s) && s[k] == ' ' {
				k++
			}
			switch {
			case k < len(s) && s[k] == ':':
				k++
			case dashAt(s, k-1) > 0 && k > 0 && s[k-1] == ' ':
				k += dashAt(s, k-1) - 1
			default:
				return nil
			}
			for k < len(s) && s[k] == ' ' {
				k++
			}
			if strings.HasPrefix(s[k:], "**") || strings.HasPrefix(s[k:], "__") {
				k += 2
			}
			return []int{0, k, start, end}
		}
		_, n := utf8.DecodeRuneInString(s[j:])
		j += n
	}
	return nil
}

// dashAt returns the length of " - ", " – ", " — " or " → " at s[i:], or 0.
func dashAt(s string, i int) int {
	if i < 0 || i >= len(s) {
		return 0
	}
	for _, d := range []string{" - ", " – ", " — ", " → "} {
		if strings.HasPrefix(s[i:], d) {
			return len(d)
		}
	}
	return 0
}

// replaceCode replaces every backtick code span of s with repl (codeRE's job, without
// the regexp engine: it runs on every clause).
func replaceCode(s, repl string) string {
	if strings.IndexByte(s, '`') < 0 {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '`')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		n := 0
		for i+n < len(s) && s[i+n] == '`' {
			n++
		}
		// The span ends at the next run of backticks (as codeRE reads it).
		j := strings.IndexByte(s[i+n:], '`')
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		end := i + n + j
		for end < len(s) && s[end] == '`' {
			end++
		}
		b.WriteString(s[:i])
		b.WriteString(repl)
		s = s[end:]
	}
}

// dropParens blanks parenthesised and bracketed remarks without nesting: "(e.g. X)".
func dropParens(s string) string {
	if !strings.ContainsAny(s, "([") {
		return s
	}
	return parenRE.ReplaceAllString(s, " ")
}

var softTails = lazy.Value[phraseSet]{F: func() phraseSet {
	return phrases("when possible", "where possible", "if possible", "whenever possible",
		"wherever possible", "when practical", "where practical", "if practical", "when feasible", "if feasible",
		"where feasible", "when reasonable", "if reasonable", "where reasonable")
}}

// hasSoftTail finds "when possible" and its kin anywhere in s, conditions included.
func hasSoftTail(s string) bool {
	if !strings.Contains(s, "ossible") && !strings.Contains(s, "ractical") && !strings.Contains(s, "easible") &&
		!strings.Contains(s, "easonable") {
		return false
	}
	toks := tokens(s)
	for i := range toks {
		if softTails.Get().match(toks, i) > 0 {
			return true
		}
	}
	return false
}

var strongWords = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return map[string]bool{"must": true, "never": true, "always": true, "required": true, "shall": true}
}}

func strongMarker(s string) bool {
	for _, t := range tokens(s) {
		if strongWords.Get()[t] {
			return true
		}
	}
	return false
}

// leadWords open a leading condition or circumstance ("If you change X, ...", "For
// new code: ...").
var leadWords = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return wordSet(`if when whenever before after once while for in on to during unless where with as from
within until since by outside inside at between except`)
}}

// leadEnd is the length of a leading condition up to its comma or colon (at most 120
// bytes in), with the spaces after it; 0 when s does not open with one.
func leadEnd(s string) int {
	w, _, _ := strings.Cut(head(s, 16), " ")
	if !leadWords.Get()[strings.ToLower(w)] || len(w) == len(s) {
		return 0
	}
	limit := min(len(s), len(w)+121)
	i := strings.IndexAny(s[len(w):limit], ",:")
	if i < 0 {
		return 0
	}
	n := len(w) + i + 1
	for n < len(s) && (s[n] == ' ' || s[n] == '\t') {
		n++
	}
	return n
}

// adverbs that may stand before a clause's verb ("Please always run ...").
var adverbs = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return wordSet(`please always also first then next finally just simply instead only generally usually
additionally otherwise again now and or still so hence therefore thus`)
}}

// adverbEnd is the length of the run of such words (and stray commas) opening s.
func adverbEnd(s string) int {
	n := 0
	for n < len(s) {
		if s[n] == ',' || s[n] == ' ' {
			n++
			continue
		}
		j := strings.IndexAny(s[n:], " ,")
		if j < 0 || !adverbs.Get()[strings.ToLower(s[n:n+j])] {
			break
		}
		n += j
	}
	return n
}

// artefactWords name kinds of things a rule can be checked on (plurals match too).
var artefactWords = []string{"new", "codespan", "file", "public", "exported", "commit", "pr", "prs", "pull",
	"test", "function", "method", "class", "module", "package", "crate", "feature", "endpoint", "query",
	"queries", "migration", "change", "string", "message", "source", "script", "type", "struct", "interface"}

// codeKinds: what a change adds to code, named after "any (new)" ("any new
// functionality", "any change", "any new dependency").
var codeKinds = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return wordSet(`functionality code behaviour behavior dependency dependencies api apis route routes component components`)
}}

// artefactWord: a word that names a kind of artefact (or its plural).
func artefactWord(w string) bool {
	for _, a := range artefactWords {
		if w == a || strings.HasPrefix(w, a) && len(w) <= len(a)+2 {
			return true
		}
	}
	return false
}

var universalWords = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return map[string]bool{"every": true, "each": true, "all": true}
}}

// universal reports a statement about every artefact of a kind that is not a
// permission: "Every public item has a doc comment" (but not "All tests can run
// offline", "Each feature may import from shared/").
func universal(body string) bool {
	f := strings.Fields(strings.ToLower(head(body, 200)))
	if len(f) < 3 {
		return false
	}
	if first := strings.Trim(f[0], ",.*_"); first == "any" {
		// "Any new functionality needs tests", "Any change to `api/` requires a
		// changelog entry": "any" is universal only right before the kind of
		// artefact ("any questions about new features" is not)
		w := strings.Trim(f[1], ",.;:*_()")
		if w == "new" {
			w = strings.Trim(f[2], ",.;:*_()")
		}
		if w == "new" || !artefactWord(w) && !codeKinds.Get()[w] {
			return false
		}
	} else if !universalWords.Get()[first] {
		return false
	}
	// The subject must be a kind of artefact one can check: "every new file", "all
	// `.ts` files", "each public function" (not "each pytest worker configures").
	artefact := false
	for _, w := range f[1:min(len(f), 5)] {
		if artefactWord(strings.Trim(w, ",.;:*_()")) {
			artefact = true
		}
	}
	if !artefact {
		return false
	}
	for _, w := range f[1:] {
		switch strings.Trim(w, ",.;:") {
		case "may", "can", "could", "might", "optionally":
			return false
		case "of": // "All of this is ..." describes
			if w == f[1] {
				return false
			}
		}
	}
	return true
}

// inConventionPath reports whether any heading of the path names a section of
// conventions ("## Code Conventions" > "### JavaScript"); a document titled so ("#
// Coding Standards") is one such section throughout.
func inConventionPath(hp []string) bool { return slices.ContainsFunc(hp, conventionHeadingName) }

// conventionHeading words name sections whose plain statements are conventions
// ("## Logging": "Log messages use `{}` placeholders").
var conventionHeading = []string{"convention", "style", "naming", "rules", "standards", "commit", "license",
	"logging", "error handling", "imports", "anti-pattern", "do's", "requirements", "policy", "pull request",
	"pr title", "changelog", "header"}

// inConventionSection reports whether the innermost heading names a section of
// conventions.
// orderHeading: a section headed by when its steps run ("Before Every Commit", "After
// changing the schema"), or by what not to do ("Don't").
func orderHeading(hp []string) bool {
	if len(hp) == 0 {
		return false
	}
	hp = inEnglish(hp)
	h := strings.ToLower(strings.TrimSpace(hp[len(hp)-1]))
	return strings.HasPrefix(h, "before ") || strings.HasPrefix(h, "after ") || banHeading(h) || norm.HeadingOrder(hp)
}

// banHeading: a section whose items are what not to do ("Don't", "Never do this",
// "Forbidden commands").
func banHeading(h string) bool {
	// "🚫 Prohibited patterns", "❌ Anti-patterns": a sign before the words says
	// nothing more
	h = strings.TrimLeftFunc(strings.TrimSpace(h), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	h = strings.Trim(strings.ToLower(h), "*_:!`'’ ")
	for _, p := range []string{"don't", "don’t", "dont", "do not", "never", "avoid", "forbidden", "prohibited", "not allowed", "banned", "anti-patterns", "anti-pattern", "antipatterns"} {
		if h == p || strings.HasPrefix(h, p+" ") {
			return true
		}
	}
	return false
}

// commandItem: an item that is one code span and nothing else but a short description
// ("`yarn lint`", "`make test` – run the tests"), after a short label ("Lint:
// `flake8`").
func commandItem(text string) bool {
	t := strings.TrimSpace(text)
	if label, rest, ok := strings.Cut(t, ":"); ok && !strings.Contains(label, "`") && len(strings.Fields(strings.Trim(label, "*_ "))) <= 3 {
		// "Format: `black .`", "**Lint**: `flake8`": a label and the step's command
		t = strings.TrimSpace(rest)
	}
	if !strings.HasPrefix(t, "`") {
		return false
	}
	end := strings.Index(t[1:], "`")
	if end < 0 {
		return false
	}
	return !strings.Contains(t[end+2:], "`")
}

func inConventionSection(hp []string) bool {
	// a document title ("Agent Guidelines for X") names no section
	return len(hp) >= 2 && conventionHeadingName(hp[len(hp)-1])
}

// conventionHeadingName reports a heading that names a section of conventions.
func conventionHeadingName(h string) bool {
	h = strings.ToLower(h)
	for _, w := range conventionHeading {
		if strings.Contains(h, w) {
			return true
		}
	}
	return false
}

// conventionVerbs are the present-tense verbs of a stated convention.
var conventionVerbs = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return wordSet(`is are use uses go goes live lives start starts begin begins end ends have has
follow follows stay stays return returns take takes belong belongs contain contains get gets carry carries keep
keeps wrap wraps need needs match matches run runs live. sit sits come comes appear appears look looks read reads
write writes throw throws raise raises call calls import imports export exports depend depends put puts
add adds name names mark marks`)
}}

var notSubjects = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return map[string]bool{"this": true, "it": true, "we": true, "there": true, "that": true,
		"these": true, "those": true, "i": true, "you": true, "they": true, "here": true, "our": true, "my": true}
}}

// convention reports a plain statement of how things are done in a section of
// conventions: a declarative sentence whose subject is a kind of artefact and whose
// verb is in the present tense ("Depths are positive down, in metres.", "Hooks that
// read server state are named `use<Thing>Query`."), not a permission, a pointer or
// a sentence about the project itself.
// codeAsItIsRE: words that describe the code's state rather than state a convention.
var codeAsItIsRE = lazyre.New(`(?i)\b(?:still|legacy|currently|at the moment|for now|historically|some older|a few older)\b`)

// describesCodeAsItIs reports whether every clause of the prose describes the code's
// state ("Legacy modules still use class components"); "Legacy modules still use
// class components; new code uses function components" states a convention in its
// second clause.
func describesCodeAsItIs(prose string) bool {
	for _, cl := range clauseSepRE.Split(prose, -1) {
		if strings.TrimSpace(cl) != "" && !codeAsItIsRE.MatchString(cl) {
			return false
		}
	}
	return true
}

var clauseSepRE = lazyre.New(`;\s|\.\s`)

func convention(text string, hp []string) bool {
	if !strings.Contains(text, "`") && !strings.Contains(text, "\"") && !proseConventions(hp) {
		// Only statements naming something concrete (a file, a pattern, a format)
		// are read as conventions; plain prose in such a section usually explains.
		return false
	}
	prose := replaceCode(text, "CODESPAN")
	if m := findLabel(prose); m != nil && proseConventions(hp) && strings.HasPrefix(strings.TrimSpace(prose[m[1]:]), "CODESPAN") {
		// "Subject: `<type>(<scope>): <description>`": a format, stated as a label.
		return true
	}
	if strings.TrimSpace(strings.TrimRight(prose, ".")) == "CODESPAN" && proseConventions(hp) && messageTemplateRE.MatchString(text) {
		// "## Commit message format" + "`<type>(<scope>): <summary>`" alone: the
		// section's format, stated as the whole paragraph
		return true
	}
	f := strings.Fields(prose)
	if len(f) < 3 || strings.HasSuffix(strings.TrimSpace(prose), "?") || strings.HasSuffix(strings.TrimSpace(prose), ":") {
		return false
	}
	if describesCodeAsItIs(prose) {
		// "Legacy modules still use class components", "A few screens currently
		// call `.then()`": the code as it is, which a rule about it would ban
		return false
	}
	if notSubjects.Get()[strings.ToLower(strings.Trim(f[0], ",.*_\"'("))] {
		return false
	}
	for i, w := range f {
		lw := strings.ToLower(strings.Trim(w, ",.;:*_()"))
		switch lw {
		case "may", "can", "could", "might", "see", "e.g", "example", "will", "would":
			return false
		}
		if i > 0 && i < 8 && conventionVerbs.Get()[lw] {
			return true
		}
	}
	return false
}

// messageTemplateRE: a code span that is a message template, placeholders in angle
// brackets before or after a colon ("`<type>(<scope>): <summary>`", "`[<area>] <what>`").
var messageTemplateRE = lazyre.New("^`[^`]*<[A-Za-z][^<>`]*>[^`]*(:|\\])[^`]*`$|^`[^`]*(:|\\])\\s*<[A-Za-z][^<>`]*>[^`]*`$")

// proseConventions reports sections whose conventions are usually plain prose:
// commit messages and titles ("The description is lower case and imperative").
func proseConventions(hp []string) bool {
	h := strings.ToLower(hp[len(hp)-1])
	return strings.Contains(h, "commit message") || strings.Contains(h, "pr title") ||
		strings.Contains(h, "pull request title") || strings.Contains(h, "changelog")
}

// afterConsequence is what follows ", so" or ", therefore" in s ("The changelog is
// generated from commit subjects, so every commit follows Conventional Commits"), or "".
func afterConsequence(s string) string {
	l := strings.ToLower(s)
	for _, w := range []string{", so ", ", therefore ", ", hence ", "; so "} {
		if i := strings.Index(l, w); i >= 0 {
			return s[i+len(w):]
		}
	}
	return ""
}

// nonASCIIWords: the prose outside code spans has letters outside ASCII (a sentence
// in another language, or with accents).
func nonASCIIWords(text string) bool {
	for _, r := range replaceCode(text, " ") {
		if r > 127 && unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// checklistHeadingRE: a section whose open boxes are steps to have done ("Checklist",
// "Before Submitting", "PR Process", "Pre-commit", "Definition of Done").
var checklistHeadingRE = lazyre.New(`(?i)\bcheck ?list\b|\bbefore (?:you |a |the |your )?(?:submit|commit|push|open|creat|merg|send|request|ask)|\bpull requests?\b|\bprs?\b|\bsubmit|\bpre-?(?:commit|push|pr|merge|release)\b|\bdefinition of done\b|\bdone when\b`)

// checklistSection: the box sits in a checklist, by a heading or by its lead-in
// ("Before you push:").
func checklistSection(hp []string, ctx string) bool {
	if trackerHeading(hp) {
		return false
	}
	for _, h := range inEnglish(hp) {
		if checklistHeadingRE.MatchString(h) {
			return true
		}
	}
	return ctx != "" && (norm.MomentLead(ctx) != "" || norm.DoneLead(ctx) || norm.SectionOrder(ctx) != "")
}

// checklistStateRE: an item that says a state to reach ("All tests pass",
// "Documentation is updated", "Code follows the style guide", "Self-review
// completed"), not an option to tick ("Bug fix", "Breaking change").
var checklistStateRE = lazyre.New(`(?i)\b(?:is|are|has been|have been|pass|passes|passed|succeeds?|succeeded|builds|follows?|completed?|done|updated|added|written|reviewed|documented|green|clean|run|ran|fixed|resolved|removed|signed)\b`)

// checklistState: an open box that is an act or a state, not a bare option.
func checklistState(text string) bool {
	t := replaceCode(text, "CODESPAN")
	return len(strings.Fields(t)) >= 2 && (checklistStateRE.MatchString(dropParens(t)) || verbLevel(stripLead(t)) == policy.Must)
}

// infixBanRE: a heading that names the things not to do in its middle ("Files to
// NEVER commit", "Things not to touch", "Patterns to avoid").
var infixBanRE = lazyre.New(`(?i)\b(?:to never|never to|not to|must never|must not|should never|to avoid)\b`)

// banHeadingLevel: the modality the innermost heading gives an item that is only a
// thing: must under a ban ("Don't", "Files to never commit"), should under what to
// avoid, info elsewhere.
func banHeadingLevel(hp []string) policy.Level {
	if len(hp) == 0 {
		return policy.Info
	}
	hp = inEnglish(hp)
	h := strings.ToLower(strings.TrimSpace(hp[len(hp)-1]))
	switch {
	case strings.Contains(h, "avoid") && !strings.Contains(h, "never") && !strings.Contains(h, "not"):
		return policy.Should
	case banHeading(h) || infixBanRE.MatchString(h):
		return policy.Must
	}
	return policy.Info
}

// wholeParens: the sentence is one parenthesis from start to end (its final stop
// inside or outside it), and the words inside it.
func wholeParens(prose string) (string, bool) {
	p := strings.TrimSuffix(strings.TrimSpace(prose), ".")
	if !strings.HasPrefix(p, "(") || !strings.HasSuffix(p, ")") {
		return "", false
	}
	depth := 0
	for i, c := range p {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 && i != len(p)-1 {
				return "", false // "(a) this and (b) that"
			}
		}
	}
	return strings.TrimSpace(p[1 : len(p)-1]), depth == 0
}

// dashOrder: the level of an imperative that follows an em or en dash outside
// parentheses, after words of a statement before it.
func dashOrder(prose string) policy.Level {
	depth := 0
	for i := 0; i < len(prose); i++ {
		switch prose[i] {
		case '(':
			depth++
		case ')':
			depth = max(0, depth-1)
		case ' ':
			if depth > 0 || !(strings.HasPrefix(prose[i:], " — ") || strings.HasPrefix(prose[i:], " – ")) {
				continue
			}
			rest := strings.TrimSpace(prose[i+dashAt(prose, i):])
			if lv := verbLevel(stripLead(rest)); lv != policy.Info {
				return lv
			}
		}
	}
	return policy.Info
}

// placedKinds: kinds of files a project keeps together, named in the plural ("Tests
// live in ...").
var placedKinds = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return wordSet(`tests specs stories fixtures migrations components hooks mocks snapshots scripts examples
benchmarks e2e helpers utilities utils types schemas handlers routes controllers models services views pages
templates styles assets icons translations locales docs notebooks`)
}}

var statedPlacementRE = lazyre.New(`(?i)^(?:all |new |our |the |unit |integration |end-to-end |e2e |test |shared )*([a-z0-9-]+)(?: files)? (?:live|go|belong|are placed|are kept|are stored|are located|sit|reside) (?:in|under|inside|into|next to|alongside|beside)\b`)

// statedPlacement: a kind of file in the plural and the place it lives, said in the
// present ("Tests live in `tests/`", "Stories go next to their component"); a
// single thing's place ("The CLI lives in `cmd/`") is a description.
func statedPlacement(text string) bool {
	m := statedPlacementRE.FindStringSubmatch(strings.TrimLeft(replaceCode(text, "CODESPAN"), " \t*_•◦▪‣·"))
	return m != nil && placedKinds.Get()[strings.ToLower(m[1])]
}

var statedPatternRE = lazyre.New(`(?i)^(?:all |new |our |the )*(?:[a-z0-9-]+ ){0,2}[a-z0-9-]+s (?:follow|match) (?:the |our |this |a )?(?:naming )?(?:pattern|convention|format|template|scheme|naming)\b`)

// statedPattern: a kind of thing and the form it follows ("Test files follow the
// pattern `*.vitest.ts`", "Branch names follow the convention ...").
func statedPattern(text string) bool {
	return statedPatternRE.MatchString(strings.TrimLeft(replaceCode(text, "CODESPAN"), " \t*_•◦▪‣·"))
}

// commentFormRE: a statement of the form every comment of a kind takes ("Comments start
// with a capital letter", "Doc comments are full sentences", "Javadoc comments end with
// a period").
var commentFormRE = lazyre.New(`(?i)^(?:(?:all|code|source|doc|documentation|javadoc|jsdoc|tsdoc|kdoc|godoc|inline|line|block|top-level|xml|our) )*comments? (?:always )?(?:start|starts|begin|begins|end|ends|are (?:written as )?(?:full|complete) sentences|are written in|use)\b`)
