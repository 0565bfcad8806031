package norm

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// Context is what the reader may know besides the sentence.
type Context struct {
	// Heading is the sentence's header path, outermost first.
	Heading []string
	// LeadIn is the sentence that introduces the list the sentence is an item of
	// ("Never run these commands:"), if any.
	LeadIn string
	// Command reads a code span as a command line, returning its words; ok is false
	// when the span is not a command (an identifier, a path, a flag). Nil: no code
	// span is a command.
	Command func(span string) (argv []string, ok bool)
	// Block holds the command lines of the code block that follows the sentence's
	// text ("Before committing, run:" and a block), in order.
	Block []string
	// Columns are the header cells of the table the sentence is a row of ("Don't",
	// "Do instead", "Why"); the row's cells are separated by " | ".
	Columns []string
	// Section returns the command lines of the code blocks of the sentence's section:
	// "never build with `--release`" under a section that shows `cargo build`.
	// It is asked for only when a sentence needs it (a section's blocks cost a pass
	// over the file's constraints). Nil: none.
	Section func() []string
	// Previous returns the commands the sentence before this one (in the same
	// paragraph, kept apart by the extractor) requires, for an "it" that refers to
	// them. Asked for only when the text has such a word. Nil: none.
	Previous func() []Object
	// Following returns the commands the clause after this one on the same line
	// requires ("Never run the full `make e2e` suite; pass the spec: `make e2e
	// SPEC=...`", which the extractor cut at its semicolon). Asked for only when a
	// ban of a command needs it. Nil: none.
	Following func() []Object
	// Continues says the sentence goes on from another of its paragraph ("Edit the
	// schema; when done, regenerate the client"), which a word at its head may point
	// back to. Asked for only when a sentence needs it. Nil: it does not.
	Continues func() bool
}

// segment is a run of tokens governed by one marker.
type segment struct {
	role  string
	objs  []Object
	verb  string
	words []string
	// byBan: an alternative opened by a ban word ("use X, never Y"), a clause of its
	// own: the requirement's conditions are not its own
	byBan bool
	// declarative: a statement of how the project works ("we use uv", "this repo uses
	// pnpm"), not an instruction
	declarative bool
	// should: the segment's own marker is advice ("avoid", "prefer", "should")
	should bool
	// passive: a ban in the passive voice ("must never be published")
	passive bool
	// byBefore: an until opened by "before" ("never run X before Y"), not "until"
	byBefore bool
}

// mainRoles are the roles that state a norm.
var mainRoles = map[string]bool{mForbid: true, mRequire: true, mRemind: true, mPermit: true}

// Read reads a constraint's text into norms, sentence by sentence.
func Read(text string, ctx Context) []Norm {
	if strings.Contains(text, "pip") || strings.Contains(text, "runcat") || strings.Contains(text, "ilter") {
		if pns, ok := pipeBans(text, ctx); ok {
			return pns
		}
	}
	ns := read(text, ctx)
	if strings.Contains(text, "output") {
		// "avoid truncating output from `zig build`": what is done to the command's
		// output is banned, not running the command
		for i := range ns {
			if ns[i].Polarity == Forbid {
				ns[i].Objects = slices.DeleteFunc(slices.Clone(ns[i].Objects), func(o Object) bool { return outputOf(text, o) })
			}
		}
		ns = slices.DeleteFunc(ns, func(n Norm) bool {
			return n.Polarity == Forbid && len(n.Objects) == 0 && len(n.Before) == 0 && len(n.After) == 0
		})
	}
	for i := range ns {
		if ns[i].Polarity == Forbid && slices.ContainsFunc(ns[i].Objects, func(o Object) bool { return meansForJob(text, o) }) {
			ns[i].Uncertain = append(append([]string(nil), ns[i].Uncertain...), ByMeansDoubt)
		}
	}
	if jobUses(text) != nil {
		// "Linting uses OxLint, not ESLint": the project's choice, stated rather
		// than ordered; running a rival warns
		for i := range ns {
			if ns[i].Polarity == Forbid {
				ns[i].Uncertain = append(append([]string(nil), ns[i].Uncertain...), StatedChoice)
			}
		}
	}
	markApprovals(ns)
	bareWhereFormGiven(ns, ctx)
	ns = stepDependencyBans(ns)
	placeDependencyBans(ns)
	return ns
}

// notSubstituteRE: an aside or a trailing clause that says what a thing does not
// replace ("(not a substitute for `npm test`)", "; it is no replacement for review").
var notSubstituteRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\s*\(\s*(?:but\s+|it\s+is\s+|this\s+is\s+)?(?:not|no)\s+(?:a\s+)?(?:substitute|replacement)\s+for\b[^()]*\)|\s*[,;—–]\s*(?:but\s+|it\s+is\s+|this\s+is\s+)?(?:not|no)\s+(?:a\s+)?(?:substitute|replacement)\s+for\b[^.;()]*`)
})

// outputOf: the object is a command the sentence names as the source of output
// ("output from `zig build` and `zig build test`", "the output of `make`").
func outputOf(text string, o Object) bool {
	if o.Kind != KCommand && o.Kind != KCode || o.Text == "" {
		return false
	}
	i := strings.Index(text, "`"+o.Text+"`")
	if i < 0 {
		return false
	}
	// (a list of commands: "output from `a` and `b`")
	before := strings.ToLower(beforeSpanList(text[:i]))
	return strings.HasSuffix(before, "output from") || strings.HasSuffix(before, "output of") || strings.HasSuffix(before, "outputs of")
}

// PushedCondition: a condition that the commits were pushed or published ("pushed
// commits", "after the branch is pushed").
func PushedCondition(cond string) bool {
	c := strings.ToLower(cond)
	return strings.Contains(c, "pushed") || strings.Contains(c, "published") || strings.Contains(c, "shared")
}

// packageRegistry: a tool word that also names where packages are published.
func packageRegistry(w string) bool {
	switch strings.ToLower(w) {
	case "npm", "pypi", "crates.io", "crates", "rubygems", "nuget", "maven", "jsr", "hex", "packagist", "pnpm", "yarn":
		return true
	}
	return false
}

// describedBranchesRE: branches described in words, then named in an aside ("on
// protected branches (`main`, `release/*`)").
var describedBranchesRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)\\b(on|to|onto|into|of)\\s+(?:the\\s+|any\\s+)?(?:(?:shared|protected|long-lived|public|default|stable|primary|main|release|base|upstream|important|remote)\\s+)*branch(?:es)?\\s*\\(\\s*(?:(?:e\\.g\\.|i\\.e\\.|such as|like)\\s*,?\\s*)?((?:`[^`]+`\\s*(?:,|or|and|/)?\\s*)+)\\)")
})

// behalfRE: "on anyone's behalf", "on behalf of the user".
var behalfRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i),?\s*\bon\s+(?:(?:anyone|someone|somebody|anybody|the user|a user|the maintainers?|the team|other people|others)(?:'s|’s|')?|users'|my|our|your|their|his|her)\s+behalf\b|,?\s*\bon\s+behalf\s+of\s+(?:the\s+|a\s+)?(?:users?|anyone|someone|somebody|maintainers?|team|others|other people|project|me|us)\b`)
})

// noSpanNounRE: "No `X` report", "no `make lint` step": the span names a kind of
// thing by the command it is about, and "no" says there is none.
var noSpanNounRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)^\\W*no\\s+`[^`]+`\\s+(?:reports?|artifacts?|jobs?|checks?|steps?|outputs?|scans?|support|gates?|integrations?|stages?|workflows?|badges?|results?|summar(?:y|ies)|audits?|coverage|wrappers?|aliases|targets?|runs?)\\b")
})

func read(text string, ctx Context) []Norm {
	// "Package manager: pnpm", "It is recommended to use X": said as the reader
	// would be told it (before the gloss, which takes "Uses `pnpm` as ..." for
	// Spanish, and after it)
	text = packageManagerFacts(text)
	// "`scripts/test-affected.sh` runs on push (not a substitute for CI `npm
	// test`)": what a thing does not replace is no alternative it bans
	if strings.Contains(text, "substitute") || strings.Contains(text, "replacement") {
		text = notSubstituteRE().ReplaceAllString(text, "")
	}
	text, ctx = inEnglish(text, ctx)
	text = commandPronouns(text, ctx)
	text = commandsRunFrom(runInFolder(text))
	if noSpanNounRE().MatchString(text) {
		// "No `npm outdated` report (informational artifact)": a thing the project
		// lacks, named after the command; no ban of running it
		return nil
	}
	text = jobStatements(packageManagerFacts(toolChoiceText(withoutAltHedge(text))))
	if steps := arrowSteps(text, ctx); steps != "" {
		return readAs(text, steps, ctx, "")
	}
	// "run format, lint, and test": the roles the verbs name
	if r := roleLists(text); r != text {
		return readAs(text, r, ctx, roleListUncertain)
	}
	// "If tests fail, do not commit": the order that the tests pass first
	if r := failBanOrder(text); r != text {
		return readAs(text, r, ctx, "")
	}
	// "Format the code:" over a block: the step's commands are the block's
	if r := roleVerbStep(text, ctx); r != text {
		return readAs(text, r, ctx, "")
	}
	// "format your code before committing": the role its verb names
	if r := roleVerbOrder(text); r != text {
		return readAs(text, r, ctx, roleVerbUncertain)
	}
	// "Changed public API (`mongo/`)? Run `task api-report`.": the question is the
	// condition of the order after it
	if cond, ok := questionCondition(text); ok {
		return readAs(text, cond, ctx, questionUncertain)
	}
	text = showsPassing(slashMoments(consequenceArrows(parenMeans(MomentLabels(text)))))
	// "Use Ruff for formatting (configured in pyproject.toml)": where a tool is
	// configured is an aside, no condition
	text = configAsideRE().ReplaceAllString(text, "")
	if strings.Contains(text, "branches (") || strings.Contains(text, "branch (") {
		// "never rewrite history on shared branches (`main`, `release/*`)": the
		// aside names the branches the words describe
		text = describedBranchesRE().ReplaceAllString(text, "$1 $2")
	}
	if strings.Contains(text, "behalf") {
		// "do not comment on issues on anyone's behalf": an agent always acts for
		// someone; the words narrow nothing
		text = behalfRE().ReplaceAllString(text, "")
	}
	// "Run the `lint` tox environment", "Run the test suite through tox": the
	// commands they name, spelled out
	text = spelledRunners(text)
	// "Don't push code that hasn't been through `black --check .`": pushing
	// without running it first
	// (each rewrite below looks first for a word it cannot do without: most
	// sentences have none)
	if strings.Contains(text, " through ") || strings.Contains(text, " passed") || strings.Contains(text, " checked ") {
		if order := notBeenThroughRE().ReplaceAllString(text, "${1} without running "); order != text {
			return readAs(text, order, ctx, "")
		}
	}
	// "Changes to the cli folder should always be followed by `cd cli && make`": the
	// change comes first and the command after it, as "after changes to the cli
	// folder, run ..."
	if strings.Contains(text, " followed by ") {
		if m := followedByRE().FindStringSubmatch(text); m != nil {
			return readAs(text, "After "+lowerFirstWord(m[1])+", "+m[2]+" "+m[3]+"run "+m[4], ctx, "")
		}
	}
	// "If using `go test` directly, run `go generate ./...` first": the order it states
	if r := usingFirstOrder(text); r != text {
		return readAs(text, r, ctx, "")
	}
	// "**Lint** (required before every PR): `pnpm lint`": the label's aside says
	// when the command must run
	if strings.Contains(text, "(") && strings.Contains(text, "`") {
		if m := requiredLabelRE().FindStringSubmatch(text); m != nil {
			return readAs(text, "Run "+m[2]+" "+m[1]+".", ctx, "")
		}
	}
	// "Lint before committing: `make lint`": a label that names the job and when,
	// then the command that does it
	if order, ok := momentLabel(text); ok {
		return readAs(text, order, ctx, "")
	}
	// "`cargo fmt --all` before pushing.": a command and its moment, no verb
	if order, ok := spanBeforeMoment(text, ctx); ok {
		return readAs(text, order, ctx, "")
	}
	// "`make docs` — regenerates the reference; run it after changing `cmd/`."
	if order, ok := definitionRunIt(text, ctx); ok {
		return readAs(text, order, ctx, "")
	}
	// "Before you push make sure to run the linter:": the moment without its comma
	if order, ok := CommalessMoment(text); ok {
		return readAs(text, order, ctx, "")
	}
	// "At the end of each session, run `make summary`": the end itself is the moment,
	// as "Before finishing,"
	if m := atEndRE().FindStringSubmatch(text); m != nil {
		return readAs(text, "Before finishing, "+m[1], ctx, "")
	}
	// "Pre-push: `make lint test`": the label names the moment, as "Before pushing:"
	if strings.Contains(strings.ToLower(text[:min(len(text), 24)]), "pre-") {
		if m := hookLabelRE().FindStringSubmatchIndex(text); m != nil && !ownMoment(text[m[1]:]) {
			return readAs(text, hookLabelMoment(strings.ToLower(text[m[2]:m[3]]))+text[m[1]:], ctx, "")
		}
	}
	if quotedSpeech(text) {
		// "\"I can't install the SDK. Please run `winget install ...`.\"": what the
		// agent is to say to the user, quoted; no instruction to the reader
		return nil
	}
	inner := ctx
	inner.Columns = nil
	if order, ok := changeTableRow(text, ctx.Columns); ok {
		// "| Rust code | `cargo test` |" under "| Change | Run |"
		return readAs(text, order, inner, "the table's columns are read as a change and the command it needs")
	}
	if order, ok := whenTableRow(text, ctx.Columns); ok {
		// "| Format | `npm run fmt` | before each commit |" under "| Task | Command |
		// When |"
		return readAs(text, order, inner, "the table's columns are read as a command and when it runs")
	}
	if order := sectionOrder(text); order != "" && len(ctx.Block) > 0 && len(ctx.Heading) > 0 && ctx.Heading[len(ctx.Heading)-1] == text {
		// "### Before you commit" over a bare block of commands: the heading is
		// the block's lead-in
		return readAs(text, order, ctx, "")
	}
	if order, ok := finishWith(text); ok {
		// "Always finish with `cargo clippy`": the last step before the work is done
		return readAs(text, order, ctx, "")
	}
	if order, ok := changeSubjectOrder(text, ctx); ok {
		// "Any change to `package.json` must be followed by `pnpm install`"
		return readAs(text, order, ctx, "")
	}
	if plain, ok := withoutForgeName(text); ok {
		// "Never create GitHub Pull Requests"
		return readAs(text, plain, ctx, "")
	}
	if order, ok := invokeAsRun(text); ok {
		return readAs(text, order, ctx, "")
	}
	if first, second, ok := andAsk(text); ok {
		// "Never push to `main` directly, and ask before force-pushing any other
		// branch": each clause read on its own
		ns := append(Read(first, ctx), Read(second, ctx)...)
		for i := range ns {
			ns[i].Sentence = text
		}
		return ns
	}
	if ns, ok := readAskBefore(text, ctx); ok {
		// "Ask for approval before running `git commit`", "Ask before force-pushing"
		return ns
	}
	if ban, ok := withoutFlag(text); ok {
		// "Run `git` commands from the root, without the `-C` option"
		return readAs(text, ban, ctx, "an option to leave out, said with \"without\"")
	}
	if len(ctx.Columns) == 0 {
		// sentences said in a shape of their own, read as the plain sentence they
		// stand for; the first rewrite that reads the text wins
		for _, rewrite := range []func(string) (string, bool){
			branchNameVerbs,      // "Prefix branches with `feature/` or `fix/`"
			passiveRunWith,       // "`go test` must always be run with `-race`"
			preferredTo,          // "`./dev`, which should be preferred to `go build`"
			noCommitted,          // "No committed `.env` files"
			toolOnly,             // "pnpm only. npm and yarn will break the lockfile."
			verblessPurpose,      // "We're a uv shop: `uv add` for dependencies, never `pip install`."
			pairedPreferences,    // "Prefer `rg` over `grep` and `fd` over `find`"
			pairedSubstitutions,  // "use `uv pip` (not `pip`) and `uv run` (not `python`)"
			verblessSubstitution, // "- `bun install` instead of `npm install`" under "Always use `bun`:"
		} {
			if order, ok := rewrite(text); ok {
				return readAs(text, order, ctx, "")
			}
		}
	}
	if sentence, ok := CommandNoteRow(text, ctx.Columns); ok {
		// "| `make test` | run before each commit |"
		return readAs(text, sentence, inner, "")
	}
	text = tableRow(text, ctx.Columns)
	text = banMark(text)
	var out []Norm
	var last []Object
	if ctx.Previous != nil && anaphor(strings.Fields(strings.ToLower(text))) {
		last = ctx.Previous()
	}
	var bare []*segment
	var pendBefore, pendAfter []Object
	for _, s := range Sentences(text) {
		s = withoutLabel(s)
		r := readSentence(s, ctx, last)
		ns := r.norms
		if len(ns) == 0 {
			// "Tests are run with `pytest`.", "Dependencies are managed with Yarn."
			ns = roleRunWith(s.Raw())
		}
		if only := onlyAfterPassing(s, ctx); only != nil {
			ns = only
		}
		if failing := failingEvent(s); failing != nil {
			ns = failing
		}
		if len(s.Tokens) > 0 && s.Tokens[0].Low == "to" {
			// "To rebuild whenever source files change, run `pnpm dev`": the change
			// belongs to the purpose, what the command does, not to when it must run
			for i := range ns {
				if len(ns[i].After) > 0 && !slices.ContainsFunc(ns[i].After, func(o Object) bool { return o.Origin != "words" }) {
					ns[i].After = nil
				}
			}
		}
		if exampleSentence(s) {
			// "For example, if changes were made in `tui`, run `cargo test -p tui`":
			// one case of a rule the text states in general
			for i := range ns {
				ns[i].Uncertain = append(ns[i].Uncertain, "an example of a general rule")
			}
		}
		for i := range ns {
			n := &ns[i]
			if n.Polarity == Require && len(n.Before) == 0 && len(n.After) == 0 && hasKinds(n.Objects, KCommand) {
				n.Before, n.After = pendBefore, pendAfter
			}
		}
		pendBefore, pendAfter = r.before, r.after
		prev := lastForbid(out)
		if prev != nil && len(r.orphans) > 0 {
			// "`npm ci` is fine": an exception to the previous sentence's ban
			prev.Except = append(prev.Except, r.orphans...)
		}
		// "Never update all dependencies at once; always use `cargo update --precise`"
		var reqObjs []Object
		for _, n := range ns {
			if n.Polarity == Require {
				reqObjs = append(reqObjs, n.Objects...)
			}
		}
		if len(bare) > 0 && len(reqObjs) > 0 {
			ns = append(ns, requiredForms(Norm{Sentence: s.Raw(), Strength: "must"}, bare, reqObjs)...)
			bare = nil
		}
		bare = append(bare, r.bare...)
		for i := range ns {
			n := &ns[i]
			// "Run X first. After that, you can use Y": Y comes after X
			if pf := lastFirst(out); pf != nil && n.Polarity != Forbid && strings.HasPrefix(n.Condition, "after") && len(n.Objects) > 0 && len(pf.Before) == 0 {
				pf.Before = append(pf.Before, n.Objects...)
			}
			if prev == nil || n.Polarity != Require {
				continue
			}
			// "...; use X instead": the alternative to the previous sentence's ban;
			// "Don't invoke yarn; this repo uses pnpm": a tool of the same family
			if n.InsteadOfPrevious || len(prev.Instead) == 0 && (sameFamily(prev.Objects, n.Objects) || wrapsBanned(prev.Objects, n.Objects)) {
				// ("never `jest` directly. The scripts ... run jest": the banned
				// program named again is no alternative to itself)
				prev.Instead = append(prev.Instead, notBanned(n.Objects, prev.Objects)...)
			}
		}
		out = append(out, ns...)
		if len(r.last) > 0 {
			last = r.last
		}
	}
	// the whole text's tokens, for the readings that look past one sentence
	toks := Tokenize(text)
	out = prBase(out, text, toks)
	definedCommand(out, toks, ctx)
	headingChanges(out, ctx)
	passingRoles(out, toks, ctx)
	inheritOrder(out, ctx)
	inheritCondition(out, ctx)
	bareMeansUnwrapped(out)
	out = bareToolsInstead(out, text)
	out = toolStatement(out, text, ctx)
	if len(out) == 0 && branchNamingLabel(text) {
		// "Branch naming: `<username>/branch-name`": a label and the convention
		n := Norm{Sentence: text, Polarity: Require, Strength: "must"}
		for _, t := range Tokenize(text) {
			if t.Code {
				n.Objects = append(n.Objects, Object{Kind: KCode, Text: t.Text})
			}
		}
		if len(n.Objects) > 0 {
			out = append(out, n)
		}
	}
	branchNames(out, text)
	pushedBranches(out)
	modifiedFiles(out, text)
	otherRuns(out, text)
	trailingHedge(out)
	if len(out) == 0 {
		out = append(out, noPushes(text)...)
	}
	if len(out) == 0 {
		out = append(out, defaultTool(text)...)
	}
	out = possibilitiesAndOutputs(out, text)
	exampleObjects(out, toks)
	out = append(out, jobRivals(out)...)
	if !purposeProcedure(ctx.LeadIn) {
		// "To update the results upstream:" + "Run `uv sync`": a step of a one-off
		// procedure says nothing of which tools the project shuns
		out = append(out, installRivals(out)...)
	}
	commandSubjectPasses(out, text, ctx)
	roleSubjectPasses(out, text)
	onlyChangeExempt(out, text)
	whileScoped(out, text)
	out = withoutLeftRunning(out, text)
	out = envCombos(out)
	vacuousConditions(out)
	mannerBans(out)
	out = destinationTools(out, toks)
	publishedOnly(out)
	qualifiedConceptBans(out, text, ctx)
	out = withoutSpeechBans(out, text)
	markQualifiers(out, toks)
	narrowedSubstitutions(out)
	flagAlternatives(out)
	deletedFiles(out)
	branchNarrowedBans(out, toks)
	changedFilesOf(out, text)
	dependencyScopedBans(out, text)
	out = contentAdditions(out, text)
	anaphoricBans(out, text)
	otherBranchSwitches(out, text)
	wholeSuiteBans(out)
	subsetRoleBans(out, toks)
	runtimeStatements(out, text)
	firstStepBans(out, text)
	addedFilesOnly(out, text)
	out = withoutExampleSteps(out, text)
	selectiveRoles(out)
	RunnerForBans(out, nil)
	describedPurpose(out, ctx)
	inPackage(out, text)
	madeChanges(out)
	out = runFrom(out)
	insteadNotBanned(out)
	committedNotRun(out, text)
	namedPackageAdds(out, text)
	blockDoubts(out, ctx)
	return out
}

// committedNotRun drops from what a sentence runs the files it says to commit: "run
// `bin/rails db:migrate` and commit `db/schema.rb`" runs one command, and the file is
// what the commit holds, no command to have run.
func committedNotRun(ns []Norm, text string) {
	low := strings.ToLower(text)
	if !strings.Contains(low, "commit") && !strings.Contains(low, "stage") {
		return
	}
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Require || len(n.Objects) < 2 {
			continue
		}
		kept := slices.DeleteFunc(slices.Clone(n.Objects), func(o Object) bool {
			if o.Kind != KPath && o.Kind != KCommand && o.Kind != KCode || strings.ContainsAny(o.Text, " \t") {
				return false // (a file; the reader may take `db/schema.rb` for a script)
			}
			for _, verb := range []string{"commit ", "commit the ", "also commit ", "stage ", "git add "} {
				if strings.Contains(low, verb+"`"+strings.ToLower(o.Text)+"`") {
					return true
				}
			}
			return false
		})
		if len(kept) > 0 && len(kept) < len(n.Objects) {
			n.Objects = kept
		}
	}
}

// insteadNotBanned drops from a ban's alternatives what the ban forbids: "invoke
// Gradle through the wrapper (`./gradlew`), never a system `gradle`" names Gradle in
// words for the job, but the alternative is the wrapper.
func insteadNotBanned(ns []Norm) {
	for i := range ns {
		if n := &ns[i]; n.Polarity == Forbid && len(n.Instead) > 0 {
			n.Instead = notBanned(n.Instead, n.Objects)
		}
	}
}

// firstStepBans: "Do not start with `pnpm test` or `pnpm run ci`: those run the whole
// pipeline" forbids the command as the first step of the work, not the command: it
// may still run once the small proofs pass, which heed cannot tell apart, so the ban
// warns.
func firstStepBans(ns []Norm, text string) {
	low := " " + strings.ToLower(text) + " "
	first := false
	for _, w := range []string{" start with ", " begin with ", " start off with ", " start by running ", " begin by running ", " lead with "} {
		if strings.Contains(low, w) {
			first = true
			break
		}
	}
	if !first {
		return
	}
	for i := range ns {
		if ns[i].Polarity == Forbid {
			ns[i].Uncertain = append(ns[i].Uncertain, "it forbids the command as the first step only, which heed cannot see")
		}
	}
}

// runtimeStatements: "Runs on **Deno**, not Node.": what the code runs on, said of
// the code; it bans no command the reader might run for another reason (`node
// --version`, a script of the repository's tooling), so the contrast only warns.
func runtimeStatements(ns []Norm, text string) {
	low := strings.ToLower(strings.TrimLeft(text, " *_>"))
	for _, lead := range []string{"runs on ", "runs in ", "runs under ", "targets ", "built on ", "is built on ", "it runs on ", "this app runs on ", "this package runs on ", "this service runs on "} {
		if !strings.HasPrefix(low, lead) {
			continue
		}
		for i := range ns {
			if ns[i].Polarity == Forbid {
				ns[i].Uncertain = append(ns[i].Uncertain, "a statement of what the code runs on")
			}
		}
		return
	}
}

// wholeSuiteBans: "NEVER run the full PHPUnit test suite": the ban is of the
// unfiltered run, and the filtered runs the sentence goes on to ask for are the way
// to work; a role's commands cannot tell the two apart, so the ban holds under a
// condition heed cannot see.
func wholeSuiteBans(ns []Norm) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Forbid || n.Condition != "" || !hasKinds(n.Objects, KRole) {
			continue
		}
		if wholeSuiteRE().MatchString(strings.ToLower(n.Sentence)) {
			n.Condition = "when the whole suite runs"
		}
	}
}

var wholeSuiteRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(?:full|entire|whole|complete)\s+(?:\w+\s+){0,2}(?:suite|test suite|tests)\b`)
})

// subsetRoleBans: "Do not use focused tests (fit, fdescribe)", "Never run the flaky
// tests": the ban is of some tests, which the role's commands cannot tell from the
// others, so it holds under a condition heed cannot see (running the tests stays
// allowed).
func subsetRoleBans(ns []Norm, toks []Token) {
	if !slices.ContainsFunc(ns, func(n Norm) bool { return n.Polarity == Forbid && hasKinds(n.Objects, KRole) }) {
		return
	}
	adj := ""
	for i := 1; i < len(toks); i++ {
		if _, n := roleAt(toks, i); n > 0 && subsetWords()[toks[i-1].Low] {
			adj = toks[i-1].Low
			break
		}
	}
	if adj == "" {
		return
	}
	for i := range ns {
		n := &ns[i]
		if n.Polarity == Forbid && n.Condition == "" && hasKinds(n.Objects, KRole) {
			n.Condition = "only the " + adj + " ones"
		}
	}
}

// subsetWords pick out some of a role's runs: "focused tests", "flaky specs".
var subsetWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"focused": true, "focussed": true, "exclusive": true, "flaky": true, "skipped": true,
		"disabled": true, "pending": true, "slow": true, "broken": true, "failing": true, "quarantined": true}
})

// exampleUncertain is why a requirement of an example only warns.
const exampleUncertain = "the command is an example of what the sentence asks"

// exampleObjects: "Run the linters before committing (e.g. `npm run lint`)", "use a
// formatter such as `black`": the command a requirement names after an example's
// marker is one way to do what the sentence asks, and another way meets it too; the
// requirement warns. (A ban's example is an instance of what it bans: "never run
// destructive commands, for example `rm -rf /`" bans it outright.)
func exampleObjects(ns []Norm, toks []Token) {
	if !slices.ContainsFunc(ns, func(n Norm) bool { return n.Polarity == Require && hasKinds(n.Objects, KCommand, KTool, KCode) }) {
		return
	}
	examples := map[string]bool{}
	for i, t := range toks {
		if !t.Code {
			continue
		}
		j := i - 1
		for j >= 0 && (toks[j].Text == "(" || toks[j].Text == "," || toks[j].Text == ":" || toks[j].Code || toks[j].Low == "or" || toks[j].Low == "and") {
			j--
		}
		if j >= 0 && exampleMarkerEnds(toks, j) {
			examples[t.Text] = true
		}
	}
	if len(examples) == 0 {
		return
	}
	for i := range ns {
		n := &ns[i]
		// ("Run tests from within the package directory (e.g., `cd core && ..`)": the
		// example shows where, and the rule is about where)
		if n.Polarity != Require || n.InPackage || inPackageRE().MatchString(strings.ToLower(n.Sentence)) || slices.Contains(n.Uncertain, exampleUncertain) {
			continue
		}
		named, example := 0, 0
		for _, o := range n.Objects {
			if o.Kind == KCommand || o.Kind == KTool || o.Kind == KCode {
				named++
				if examples[o.Text] && o.Origin == "" {
					example++
				}
			}
		}
		if example > 0 && example == named {
			n.Uncertain = append(n.Uncertain, exampleUncertain)
		}
	}
}

// exampleMarkerEnds: an example's marker ends at token j ("e.g.", "for example", "for
// instance", "such as", "like", "say").
func exampleMarkerEnds(toks []Token, j int) bool {
	w := strings.TrimSuffix(toks[j].Low, ".")
	switch {
	case w == "e.g" || w == "eg" || w == "like" || w == "say":
		return true
	case (w == "example" || w == "instance") && j > 0 && toks[j-1].Low == "for":
		return true
	case w == "as" && j > 0 && toks[j-1].Low == "such":
		return true
	}
	return false
}

// anaphoricBans: "Install these from source rather than with `cargo binstall`": the
// ban is of a way to do something to the things named before ("these"), not of every
// use of the command; heed cannot tell which uses those are, so the ban only warns.
func anaphoricBans(ns []Norm, text string) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Forbid || n.Condition != "" {
			continue
		}
		sentence := n.Sentence
		if sentence == "" {
			sentence = text
		}
		f := strings.Fields(strings.ToLower(strings.TrimLeft(sentence, " *_>")))
		if len(f) > 2 && verbForms()[f[0]] != "" && (f[1] == "these" || f[1] == "them" || f[1] == "those" || f[1] == "it") {
			n.Uncertain = append(n.Uncertain, "the ban is of a way to handle what an earlier sentence names")
		}
	}
}

// readAs reads order, the way text is said in plainer words, as text's norms: each
// quotes text, and why, when given, is why the reading is not certain.
func readAs(text, order string, ctx Context, why string) []Norm {
	ns := Read(order, ctx)
	for i := range ns {
		ns[i].Sentence = text
		if why != "" && !slices.Contains(ns[i].Uncertain, why) {
			ns[i].Uncertain = append(ns[i].Uncertain, why)
		}
	}
	return ns
}

// addedFilesOnly: "If you added a `.rs` file, run `hawkeye format`": the order
// follows files the session added, and heed sees every change to such files, not
// whether it added them: the order is read, but only as a warning.
func addedFilesOnly(ns []Norm, text string) {
	if !slices.ContainsFunc(ns, func(n Norm) bool { return n.Polarity == Require && len(n.After) > 0 }) || !addedFilesRE().MatchString(strings.ToLower(text)) {
		return
	}
	for i := range ns {
		n := &ns[i]
		if n.Polarity == Require && len(n.After) > 0 {
			n.Uncertain = append(n.Uncertain, "the order follows added files only; heed sees every change to them")
		}
	}
}

var addedFilesRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(?:if|when|whenever|after|once|each time)\s+(?:you\s+|you've\s+|you have\s+)?(?:add|added|adding|create|created|creating|introduce|introduced|introducing)\b`)
})

// changedFilesOf: "run RuboCop on modified Ruby files before committing", "format
// the changed Go files": the order holds when the session changed files of that
// language, as "after changing Ruby code" says. Only an order with no files of its
// own, whose sentence names the change and the language together.
func changedFilesOf(ns []Norm, text string) {
	if !slices.ContainsFunc(ns, func(n Norm) bool { return n.Polarity == Require && len(n.Before)+len(n.After) > 0 }) {
		return
	}
	m := changedFilesRE().FindStringSubmatch(strings.ToLower(text))
	if m == nil {
		return
	}
	var globs []string
	for _, lang := range strings.Split(m[1], "/") { // "JS/CSS files"
		g, ok := languageGlobs()[lang]
		if !ok || lang == "go" && m[2] == "" && m[1] == "go" {
			return
		}
		globs = append(globs, g...)
	}
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Require || len(n.Before)+len(n.After) == 0 || slices.ContainsFunc(n.After, func(o Object) bool { return o.Kind == KPath }) {
			continue
		}
		for _, g := range globs {
			n.After = append(n.After, Object{Kind: KPath, Text: g, Origin: "language"})
		}
	}
}

var changedFilesRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(?:on|to|for|over|against)\s+(?:the\s+|any\s+|all\s+|your\s+)?(?:modified|changed|edited|touched|staged|affected|new or changed|new or modified)\s+([a-z+#/]+)\s+(source\s+)?(?:files|code|sources|modules)\b`)
})

// commandSubjectPasses: "`make lint` must be clean before you push": the command the
// sentence is about must have run and passed first; "`make docs` must be run after any
// change to `docs/`": it must have run.
func commandSubjectPasses(ns []Norm, text string, ctx Context) {
	low := strings.ToLower(text)
	if !passedPredicateRE().MatchString(low) && !passiveRunRE().MatchString(low) {
		return
	}
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Require || len(n.Objects) > 0 || len(n.Before)+len(n.After) == 0 {
			continue
		}
		if objs := subjectCommands(n.Subject, ctx); len(objs) > 0 {
			n.Objects, n.Subject, n.Verb = objs, "", "run"
		}
	}
}

// subjectCommands: the commands a subject is made of, each in its code span, joined
// by "and" or commas ("`pnpm lint` and `pnpm test` must pass before any commit": both
// must); nil when the subject holds anything else ("`x` or `y`" leaves the choice).
func subjectCommands(subject string, ctx Context) []Object {
	subject = strings.TrimSpace(subject)
	if rest, ok := strings.CutPrefix(strings.ToLower(subject), "both "); ok {
		subject = subject[len(subject)-len(rest):]
	}
	if !strings.HasPrefix(subject, "`") {
		return nil
	}
	var objs []Object
	for rest := subject; rest != ""; {
		if !strings.HasPrefix(rest, "`") {
			return nil
		}
		span, after, ok := strings.Cut(rest[1:], "`")
		if !ok {
			return nil
		}
		o := classify(span, ctx)
		if o.Kind != KCommand {
			return nil
		}
		objs = append(objs, o)
		after = strings.TrimSpace(after)
		after = strings.TrimSpace(strings.TrimPrefix(after, ","))
		if a, ok := strings.CutPrefix(after, "and "); ok {
			after = strings.TrimSpace(a)
		} else if after != "" && len(objs) > 0 && !strings.HasPrefix(after, "`") {
			return nil
		}
		rest = after
	}
	return objs
}

// whileScoped: "run `pytest -x` while iterating, and the whole suite (`pytest`) before
// opening a PR": a command under its own "while" is for another time, no step of the
// order.
func whileScoped(ns []Norm, text string) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Require || len(n.Before)+len(n.After) == 0 {
			continue
		}
		kept := slices.DeleteFunc(slices.Clone(n.Objects), func(o Object) bool { return o.Kind == KCommand && whileAfter(text, o.Text) })
		if len(kept) < len(n.Objects) && hasKinds(kept, KCommand) {
			n.Objects = kept
		}
	}
}

// withoutLeftRunning: "never leave `docker compose up` running", "don't keep `npm run
// watch` running after you are done": a process to stop, not a command never to run.
func withoutLeftRunning(ns []Norm, text string) []Norm {
	// the part of the sentence that bans says so: "don't start `npm run dev`: the
	// developer keeps one running" bans starting it
	left := false
	for _, part := range strings.Split(strings.ToLower(text), ": ") {
		if leftRunningRE().MatchString(part) && (strings.Contains(part, "never") || strings.Contains(part, "n't") || strings.Contains(part, "not ") || strings.Contains(part, "avoid")) {
			left = true
		}
	}
	if !left {
		return ns
	}
	return slices.DeleteFunc(ns, func(n Norm) bool { return n.Polarity == Forbid && hasKinds(n.Objects, KCommand) })
}

// withoutExampleSteps: "PR titles must summarize the branch's changes (for example,
// based on `git log --oneline`)": commands given as examples of how, with the event
// taken from the subject, are no steps that must come before it.
func withoutExampleSteps(ns []Norm, text string) []Norm {
	return slices.DeleteFunc(ns, func(n Norm) bool {
		return len(n.Objects) > 0 && slices.ContainsFunc(n.Before, func(o Object) bool { return o.Origin == "subject" }) &&
			!slices.ContainsFunc(n.Objects, func(o Object) bool { return o.Kind != KCommand || !exampleOf(text, o.Text) })
	})
}

// selectiveRoles: a role narrowed to some of its commands ("the affected tests") is
// read with that said.
func selectiveRoles(ns []Norm) {
	for i := range ns {
		if slices.ContainsFunc(ns[i].Objects, func(o Object) bool { return o.Origin == originSelective }) {
			ns[i].Uncertain = append(ns[i].Uncertain, "which of the commands are meant is left to the reader")
		}
	}
}

// practicePurpose: "do not create PRs to artificially inflate contribution counts",
// "don't open issues just to ask questions": a practice banned for one end only, which
// no command line shows (a command's purpose keeps the ban: "don't use `sudo` to
// install packages").
func practicePurpose(objs []Object, toks []Token, to int) bool {
	if !onlyKind(objs, KConcept) {
		return false
	}
	i := to + 1
	if to > 0 && intentAdverb(toks[to-1].Low) {
		return i < len(toks) && !toks[i].Code && verbForms()[toks[i].Low] == "" && plainVerb(toks[i].Low) // "just to collect credit"
	}
	if i >= len(toks) || !intentAdverb(toks[i].Low) {
		// "never amend commits to fix prek failures": the purpose says when the
		// practice tempts, and the ban stands; only a purpose marked as the point of
		// it ("just to", "to artificially") narrows the ban
		return false
	}
	i++
	return i < len(toks) && !toks[i].Code && verbForms()[toks[i].Low] == "" && plainVerb(toks[i].Low)
}

// intentAdverb: a word that makes a purpose the sole point of the act ("just to",
// "to artificially inflate").
func intentAdverb(w string) bool {
	switch w {
	case "just", "only", "merely", "simply", "solely", "purely":
		return true
	}
	return len(w) > 4 && strings.HasSuffix(w, "ly")
}

// IntentPurpose: a condition is a purpose made the sole point of the act ("to
// artificially inflate contribution counts", "just to collect credit").
func IntentPurpose(cond string) bool {
	f := strings.Fields(strings.ToLower(cond))
	return len(f) > 2 && f[0] == "to" && intentAdverb(f[1]) || len(f) > 2 && intentAdverb(f[0]) && f[1] == "to"
}

// WritingCondition: a condition of writing code ("when generating helper scripts",
// "when writing CLI tools"): a tool banned under it is the language of what is written
// ("use Node.js — NOT Python"), not a command the reader may not run.
func WritingCondition(cond string) bool {
	return writingConditionRE().MatchString(strings.ToLower(cond))
}

var writingConditionRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:you(?:'re| are)? )?(?:generating|writing|creating|authoring|adding|building|making) (?:a |an |any |new )*(?:[a-z-]+ ){0,2}(?:scripts?|tools?|utilities|utility|clis?|generators?|helpers?|automation)\b`)
})

// WhereaboutsCondition: a condition that names where the reader is working ("inside an
// existing worktree", "from within a submodule"), which no command shows.
func WhereaboutsCondition(cond string) bool {
	f := strings.Fields(strings.ToLower(cond))
	if len(f) > 1 && f[0] == "from" {
		f = f[1:]
	}
	return len(f) > 1 && (f[0] == "inside" || f[0] == "within")
}

// plainVerb: a word that can open a purpose clause's verb phrase: not an article,
// a pronoun or a branch-like word ("push to main", "commit to the release branch").
func plainVerb(w string) bool {
	switch w {
	case "the", "a", "an", "your", "their", "its", "this", "that", "these", "those", "main", "master", "develop", "production", "upstream", "origin", "any", "other", "it", "them":
		return false
	}
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return len(w) > 2
}

// originSelective marks a role the sentence narrows to some of its commands.
const originSelective = "selective"

// selectiveBefore: one of the two words before toks[i] narrows what follows to some of
// it ("the relevant tests", "all affected linters", "any applicable checks"), or
// points at ones named elsewhere ("run these linters": the list above, whose items
// may each hold for some changes only).
func selectiveBefore(toks []Token, i int) bool {
	for k := i - 1; k >= 0 && k >= i-2; k-- {
		switch toks[k].Low {
		case "relevant", "affected", "related", "applicable", "appropriate", "necessary", "corresponding", "pertinent", "targeted", "these", "those":
			return true
		}
	}
	return false
}

// authoredBefore: the tests at i are written, not run: "PRs must include tests",
// "add unit tests for new code", "every fix comes with tests" ask for test files (a
// co-change), not for a run of the suite. The verb stands at most three words before
// (over determiners and kinds: "include new unit tests").
func authoredBefore(toks []Token, i int) bool {
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		if toks[k].Code {
			return false
		}
		if authorshipVerb(toks[k].Low) {
			return true
		}
		if !testModifier(toks[k].Low) {
			return false
		}
	}
	return false
}

// onlyAfterPassing: "Push and open the PR only after build and tests pass", "Only
// commit once `make lint` is clean": the event waits for the checks, an order (never
// a ban of the event).
func onlyAfterPassing(s Sentence, ctx Context) []Norm {
	toks := s.Tokens
	at := -1
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].Low != "only" {
			continue
		}
		for k := i + 1; k < len(toks) && k <= i+4; k++ {
			if toks[k].Low == "after" || toks[k].Low == "once" {
				at = k
				break
			}
		}
		if at >= 0 {
			break
		}
	}
	if at < 0 {
		return nil
	}
	var events, objs []Object
	for i := 0; i < at; i++ {
		if ev, n := eventAt(toks, i); n > 0 && ev != "finish" && ev != "branch" {
			events = append(events, Object{Kind: KEvent, Text: ev, Origin: "only after"})
			i += n - 1
			continue
		}
		switch toks[i].Low {
		case "pr", "prs":
			events = append(events, Object{Kind: KEvent, Text: "pr", Origin: "only after"})
		case "pull":
			if i+1 < len(toks) && strings.HasPrefix(toks[i+1].Low, "request") {
				events = append(events, Object{Kind: KEvent, Text: "pr", Origin: "only after"})
				i++
			}
		}
	}
	passed := false
	for i := at + 1; i < len(toks); i++ {
		t := toks[i]
		if t.Code {
			if o := classify(t.Text, ctx); o.Kind == KCommand {
				objs = append(objs, o)
			}
			continue
		}
		if role, n := roleAt(toks, i); n > 0 {
			objs = append(objs, Object{Kind: KRole, Text: role, Origin: "only after"})
			i += n - 1
			continue
		}
		passed = passed || passWords()[t.Low]
	}
	if len(events) == 0 || len(objs) == 0 || !passed {
		return nil
	}
	events = slices.CompactFunc(events, func(a, b Object) bool { return a.Text == b.Text })
	return []Norm{{Sentence: s.Raw(), Polarity: Require, Strength: "must", Verb: "run", Objects: objs, Before: events}}
}

// failingEvent: "Never push a failing build", "Don't commit failing tests", "Do not
// open a PR with a broken build": the event waits for the role to pass, an order (the
// event itself is no ban).
func failingEvent(s Sentence) []Norm {
	toks := s.Tokens
	if len(toks) < 4 {
		return nil
	}
	i := 0
	switch {
	case toks[0].Low == "never" || toks[0].Low == "don't" || toks[0].Low == "dont":
		i = 1
	case toks[0].Low == "do" && toks[1].Low == "not":
		i = 2
	default:
		return nil
	}
	ev, n := eventAt(toks, i)
	if n == 0 || ev == "finish" || ev == "branch" {
		return nil
	}
	i += n
	for i < len(toks) && (toks[i].Low == "a" || toks[i].Low == "with" || toks[i].Low == "the" || toks[i].Low == "any") {
		i++
	}
	if i >= len(toks) || toks[i].Low != "failing" && toks[i].Low != "broken" && toks[i].Low != "red" {
		return nil
	}
	role, m := roleAt(toks, i+1)
	if m == 0 || i+1+m != len(toks) && !(i+1+m < len(toks) && toks[i+1+m].Punct) {
		return nil
	}
	return []Norm{{Sentence: s.Raw(), Polarity: Require, Strength: "must", Verb: "run",
		Objects: []Object{{Kind: KRole, Text: role, Origin: "failing"}},
		Before:  []Object{{Kind: KEvent, Text: ev, Origin: "failing"}}}}
}

// jobRivals: "Use Ruff for formatting and linting", "We use `biome` to lint and format":
// the tool the project uses for a job leaves the other tools of that job out, as
// advice (which tools do the job is heed's knowledge, not the sentence's words).
func jobRivals(ns []Norm) []Norm {
	var out []Norm
	for _, n := range ns {
		// ("Run tests via `pytest`": the tool a job is run with, as "use" names it)
		if n.Polarity != Require || n.Verb != "use" && n.Verb != "run" || n.Condition != "" || slices.ContainsFunc(ns, func(o Norm) bool { return o.Polarity == Forbid }) ||
			slices.Contains(n.Uncertain, exampleUncertain) {
			// ("a formatter such as `black`" names one of many: no rival is banned)
			continue
		}
		tool := ""
		var roles []string
		for _, o := range n.Objects {
			switch {
			case o.Kind == KRole:
				roles = append(roles, o.Text)
			case (o.Kind == KTool || o.Kind == KCommand && len(o.Argv) == 1) && toolJobs()[strings.ToLower(o.Text)] != nil:
				if tool != "" {
					return nil // two tools: which does what is not said
				}
				tool = strings.ToLower(o.Text)
			}
		}
		// (the job must be named: "use Jest for routing logic" says what Jest tests
		// here, not that nothing else tests; and an item of a list under "Use ruff:"
		// is one way to run it)
		if tool == "" || len(roles) == 0 || slices.ContainsFunc(n.Objects, func(o Object) bool { return o.Origin == "item" || o.Origin == "block" || o.Origin == "list" }) {
			continue
		}
		// "run tests via `pytest`" names the runner only when that is all it says
		// ("run tests using `vitest` from within the package directory" says where)
		if n.Verb == "run" && !runWithToolRE().MatchString(n.Sentence) {
			continue
		}
		jobs := map[string]bool{}
		for _, j := range toolJobs()[tool] {
			for _, r := range roles {
				if strings.HasSuffix(j, "-"+jobOfRole()[r]) {
					jobs[j] = true
				}
			}
		}
		var rivals []Object
		for _, t := range slices.Sorted(maps.Keys(toolJobs())) {
			if t == tool {
				continue
			}
			if slices.ContainsFunc(toolJobs()[t], func(j string) bool { return jobs[j] }) {
				rivals = append(rivals, Object{Kind: KTool, Text: t, Argv: []string{t}, Origin: "job"})
			}
		}
		if jobs["py-test"] {
			// the standard library's runner has no program of its own
			rivals = append(rivals, Object{Kind: KCommand, Text: "python -m unittest", Argv: []string{"python", "-m", "unittest"}, Origin: "job"})
		}
		if len(rivals) == 0 {
			continue
		}
		out = append(out, Norm{Sentence: n.Sentence, Polarity: Forbid, Strength: "should", Verb: "use", Objects: rivals,
			Instead: []Object{{Kind: KTool, Text: tool, Argv: []string{tool}}}, Uncertain: []string{"the other tools of the job are inferred from the tool the sentence names"}})
	}
	return out
}

// speaksOfChange: a condition clause names a change of what toks[i] names: a change
// word before it ("after editing Go files") or after it ("after Rust changes", "when
// Python files are modified").
func speaksOfChange(words []string, toks []Token, i int) bool {
	for _, w := range words {
		if changeWords[strings.ToLower(w)] {
			return true
		}
	}
	// ("Go or Rust code is changed": after the languages coordinated with it)
	for i+2 < len(toks) && (toks[i+1].Low == "or" || toks[i+1].Low == "and" || toks[i+1].Low == "," || toks[i+1].Low == "/") && !toks[i+2].Code {
		if _, ok := languageGlobs()[toks[i+2].Low]; !ok {
			break
		}
		i += 2
	}
	for k := i + 1; k < len(toks) && k <= i+4; k++ {
		if changeWords[toks[k].Low] || strings.HasPrefix(toks[k].Low, "change") {
			return true
		}
		if toks[k].Punct {
			break
		}
	}
	return false
}

// whileAfter: the code span is followed by a clause of its own time ("`pytest -x`
// while iterating", "`npm run dev` during development").
func whileAfter(text, span string) bool {
	i := strings.Index(text, "`"+span+"`")
	if i < 0 {
		return false
	}
	rest := strings.ToLower(strings.TrimLeft(text[i+len(span)+2:], " ,"))
	return strings.HasPrefix(rest, "while ") || strings.HasPrefix(rest, "during ")
}

// passiveRunRE: "`make docs` must be run after any change to `docs/`": the command is
// the subject of a passive run.
var passiveRunRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("`\\s+(?:must|should|has to|have to|needs? to)\\s+(?:always\\s+)?be\\s+(?:re-?)?(?:run|executed|invoked)\\b")
})

// passedPredicateRE: a sentence says its subject must end without failures.
var passedPredicateRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(must|should|has to|needs to|need to)\s+(be\s+)?(clean|green|passing|successful|pass|succeed|exit\s+(cleanly|with\s+0|zero))\b`)
})

// configAsideRE: a parenthesis that says where something is configured or described,
// or points to where to read more ("(see `bun.lock`)").
var configAsideRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\s*\((?:(?:configured|defined|set up|located|documented|described|specified|listed|declared|kept|stored|pinned)\s+(?:in|at|by|under|via|inside)|see|cf\.|refer to)\s+[^()]*\)`)
})

// defaultToolRE: "`pnpm` is the default package manager", "uv is our package
// manager", "Bun is the only package manager".
var defaultToolRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)^`?([a-z][a-z0-9._-]*)`?\\s+is\\s+(?:the|our)\\s+(?:default\\s+|only\\s+|preferred\\s+|official\\s+|supported\\s+)?(?:package\\s+manager|test\\s+runner|formatter|linter)\\b")
})

// defaultTool reads a statement that names the project's tool for a job as the
// project's use of it (a statement, so advice: the other tools of its family warn).
func defaultTool(text string) []Norm {
	m := defaultToolRE().FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return nil
	}
	w := strings.ToLower(m[1])
	if _, ok := ToolFamily(w); !ok && toolJobs()[w] == nil {
		return nil
	}
	return projectUses(text, w, jobNamed(m[0]))
}

// projectUses is the reading of a statement that the project does a job (role, ""
// for its packages) with tool: its use, as advice.
func projectUses(text, tool, role string) []Norm {
	n := Norm{Sentence: text, Polarity: Require, Strength: "should", Verb: "use", Declarative: true, Objects: []Object{{Kind: KTool, Text: tool, Argv: []string{tool}}}}
	if role != "" {
		n.Objects = append(n.Objects, Object{Kind: KRole, Text: role})
	}
	return []Norm{n}
}

// jobNamed is the role the words name ("test runner", "linting", "formatter"), "" for
// none.
func jobNamed(words string) string {
	switch low := strings.ToLower(words); {
	case strings.Contains(low, "format"):
		return "format"
	case strings.Contains(low, "lint"):
		return "lint"
	case strings.Contains(low, "test"):
		return "test"
	}
	return ""
}

// CommandAside: a command in parentheses right after a word ("Format your code with
// black (`make format`)"): the project's way to run what the word names.
func CommandAside(sentence string) bool { return commandAsideRE().MatchString(sentence) }

var commandAsideRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("[A-Za-z] \\(`[^`]+`\\)") })

// CommandsNamedInWords: "to all Artisan commands", "on every `cargo` invocation":
// the program the sentence names in plain words as the commands an option goes to.
func CommandsNamedInWords(sentence string) []string {
	m := commandsInWordsRE().FindStringSubmatch(strings.ToLower(sentence))
	if m == nil {
		return nil
	}
	switch w := strings.Trim(m[1], "`"); w {
	case "artisan":
		return []string{"php", "artisan"}
	case "gradle":
		return []string{"gradle"}
	case "maven":
		return []string{"mvn"}
	default:
		if _, ok := ToolFamily(w); ok {
			return []string{w}
		}
	}
	return nil
}

var commandsInWordsRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("\\b(?:to|on|with|for) (?:all|every|each|any) (`?[a-z][a-z0-9-]*`?) (?:commands?|invocations?|calls?|runs?)\\b")
})

// leftRunningRE: a sentence about a process left running.
var leftRunningRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(leave|leaves|leaving|left|keep|keeps|keeping)\b[^.;]{0,60}\b(running|alive|in the background)\b`)
})

// BranchTarget: the sentence sends something to the branch named in the code span
// ("to `main`", "into `develop`", "to the `release/*` branches").
func BranchTarget(sentence, span string) bool {
	if strings.ContainsAny(span, " /") && !strings.HasPrefix(span, "release/") || strings.HasPrefix(span, "-") {
		return false
	}
	low := strings.ToLower(sentence)
	for _, p := range []string{"to `", "into `", "to the `", "onto `"} {
		if strings.Contains(low, p+strings.ToLower(span)+"`") {
			return true
		}
	}
	return false
}

// LabelLeadIn: a lead-in of a few words that names what its items are ("Tests:",
// "Linting (required):", "Backend"), with no verb or order of its own.
func LabelLeadIn(text string) bool {
	words := strings.Fields(strings.NewReplacer("(", " ", ")", " ", ":", " ", "*", " ").Replace(text))
	if len(words) == 0 || len(words) > 4 || strings.Contains(text, "`") {
		return false
	}
	for _, w := range words {
		switch strings.ToLower(w) {
		case "run", "before", "after", "when", "whenever", "if", "always", "never", "must", "should", "use", "do", "don't", "avoid":
			return false
		}
	}
	return true
}

// PointsAtList: the sentence refers to a list or block that follows it ("run each of
// the following commands", "run these:").
func PointsAtList(text string) bool {
	low := strings.ToLower(text)
	for _, ref := range []string{"the following", "each of these", "all of these", "these commands", "these checks", "the commands below", "the checks below"} {
		if strings.Contains(low, ref) {
			return true
		}
	}
	return strings.HasSuffix(strings.TrimSpace(low), ":")
}

// quotedSpeech: the whole text is a quotation.
func quotedSpeech(text string) bool {
	t := strings.TrimRight(strings.TrimSpace(text), ".")
	if len(t) < 12 {
		return false
	}
	if t[0] == '"' && t[len(t)-1] == '"' && strings.Count(t, `"`) == 2 {
		return true
	}
	return strings.HasPrefix(t, "“") && strings.HasSuffix(t, "”") && strings.Count(t, "“") == 1
}

// prBase: "All PRs target `develop` (NOT `master`)", "pull requests should target the
// `develop` branch, not `main`", "open pull requests against `develop`": the branch a
// pull request is based on. The reading replaces whatever else the words gave (a
// branch named alone reads as no command).
func prBase(ns []Norm, text string, toks []Token) []Norm {
	pr, target, not := -1, -1, false
	var base, wrong []string
	for i, t := range toks {
		switch {
		case t.Code:
			b := strings.TrimSpace(t.Text)
			if b == "" || strings.ContainsAny(b, " =") {
				continue // a command, not a branch
			}
			if target < 0 || i-target > 4 {
				// ("target the `develop` branch": the branch follows its verb closely;
				// a branch further on is another clause's)
				continue
			}
			if not {
				wrong = append(wrong, b)
			} else if len(base) == 0 {
				base = append(base, b)
			}
		case t.Low == "pr" || t.Low == "prs" || t.Low == "requests" || t.Low == "request" && i > 0 && toks[i-1].Low == "pull":
			if pr < 0 {
				pr = i
			}
		case pr >= 0 && i-pr <= 4 && (t.Low == "target" || t.Low == "targets" || t.Low == "against" || t.Low == "into" || t.Low == "on" && i > 0 && toks[i-1].Low == "based"):
			// ("PRs should target", "open PRs against", "PRs must be based on": the
			// verb is the pull request's own; "a tool that makes a worktree for a
			// branch or PR, and a function that `cd`s into it" names a PR in passing)
			if target < 0 {
				target = i
			}
		case target >= 0 && (t.Low == "not" || t.Low == "never"):
			not = true
		}
	}
	if pr < 0 || target < 0 || len(base) == 0 {
		return ns
	}
	for _, t := range toks {
		if t.Code && strings.Contains(t.Text, "--base") {
			return ns // the sentence shows the command itself, base and all
		}
	}
	for i, b := range base {
		// "open PRs against `dotnet/orleans`": a repository, not a branch
		if ownerRepoRE().MatchString(b) && !slices.ContainsFunc(toks, func(t Token) bool { return t.Low == "branch" || t.Low == "branches" }) {
			base = slices.Delete(base, i, i+1)
			break
		}
	}
	if len(base) == 0 {
		return ns
	}
	for _, t := range toks {
		// ("this will create a backport PR against `1.2.x`": what a tool does)
		if t.Low == "if" || t.Low == "when" || t.Low == "unless" || t.Low == "whenever" || t.Low == "will" || t.Low == "automatically" {
			// "if your pull request is a feature ..., submit it against `minor`":
			// the base of some pull requests only, which heed cannot tell apart
			return ns
		}
	}
	for i := 0; i < pr && i < len(toks); i++ {
		if phraseAt(toks, i, mForbid) > 0 {
			// "please do not open pull requests against the `release` branches":
			// which bases are wrong (each, or each of its family), not the right one
			var wrong []string
			plural := slices.ContainsFunc(toks, func(t Token) bool { return t.Low == "branches" })
			for _, b := range base {
				if plural && !strings.ContainsAny(b, "*") {
					b += "*"
				}
				wrong = append(wrong, b)
			}
			return []Norm{{Sentence: text, Polarity: Forbid, Strength: "must", Verb: "use",
				Objects: []Object{{Kind: KConcept, Text: "pr-base", Argv: wrong}}}}
		}
	}
	n := Norm{Sentence: text, Polarity: Require, Strength: "must", Verb: "use",
		Objects: []Object{{Kind: KConcept, Text: "pr-base", Argv: base}}}
	for _, w := range wrong {
		n.Instead = append(n.Instead, Object{Kind: KCode, Text: w})
	}
	if strings.Contains(strings.ToLower(text), "should") {
		n.Strength = "should"
	}
	return []Norm{n}
}

// ownerRepoRE: an owner/name pair as GitHub names repositories.
var ownerRepoRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9][\w.-]*/[\w.-]+$`) })

// passingRolesInferred is why an order read from "make sure the tests pass" is not
// certain.
const passingRolesInferred = "what the commands must pass before is inferred: the work leaving the session"

// passingRoles: "Make sure all the tests are still passing", with no event named
// and none in a lead-in: the tests must pass before the work leaves the session
// (committed, pushed or proposed); heed infers that, so the order warns.
func passingRoles(ns []Norm, toks []Token, ctx Context) {
	if ctx.LeadIn != "" || headingOrder(ctx.Heading) != "" {
		return // the list's lead-in or heading says when (inheritOrder)
	}
	if !slices.ContainsFunc(toks, func(t Token) bool { return passWords()[t.Low] }) {
		return
	}
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Require || len(n.Before)+len(n.After) > 0 || n.Condition != "" || n.Subject != "" || len(n.Objects) == 0 || !onlyKind(n.Objects, KRole, KCommand) {
			continue
		}
		// "Ensure `pnpm lint` and `pnpm check` pass": commands that must pass, as roles
		// must; not a file the sentence places ("tests live in `tests/ci/x.py`")
		// "Make sure the tests pass by running `make test`": the command is how the
		// role named before it is run
		means := hasKinds(n.Objects, KRole) && !slices.ContainsFunc(n.Objects, func(o Object) bool { return o.Kind == KCommand && !runBy(n.Sentence, o.Text) })
		if hasKinds(n.Objects, KCommand) && !means && (!passesAfter(n.Sentence, n.Objects[len(n.Objects)-1].Text) || slices.ContainsFunc(n.Objects, func(o Object) bool { return o.Kind == KCommand && len(o.Argv) < 2 && pathLike(o.Text) })) {
			continue
		}
		if means && hasKinds(n.Objects, KCommand) {
			// (the role is run by the command: requiring both would ask for the
			// tests twice, the second time by the file's other command for them)
			n.Objects = slices.DeleteFunc(slices.Clone(n.Objects), func(o Object) bool { return o.Kind == KRole })
		}
		n.Before = []Object{{Kind: KEvent, Text: "finish", Origin: "inferred"}}
		n.Uncertain = append(n.Uncertain, passingRolesInferred)
	}
}

// runBy: the command stands right after "running" or "run" in the sentence ("...
// by running `make test`", "as simple as running `bundle exec rake`").
func runBy(sentence, cmd string) bool {
	low := strings.ToLower(sentence)
	i := strings.Index(low, strings.ToLower(cmd))
	if i < 0 {
		return false
	}
	before := strings.TrimRight(low[:i], "`' ")
	return strings.HasSuffix(before, " running") || strings.HasSuffix(before, " run")
}

// passesAfter: the sentence says, after the code span, that it passes ("`pnpm
// check` passes", "`X` and `Y` pass").
func passesAfter(sentence, span string) bool {
	i := strings.Index(sentence, "`"+span+"`")
	if i < 0 {
		return false
	}
	// the verb right after the span: "`X` passes", "`X` and `Y` both pass", not
	// "use `X --files` and pass every file you changed"
	for _, w := range strings.Fields(strings.ToLower(sentence[i+len(span)+2:])) {
		w = strings.Trim(w, ".,;:!)")
		switch {
		case passWords()[w]:
			return true
		case w == "both", w == "all", w == "must", w == "should", w == "would", w == "will", w == "still", w == "always", w == "fully", w == "is", w == "are", w == "be", w == "run", w == "runs", w == "without", w == "errors", w == "":
			continue
		}
		return false
	}
	return false
}

// headingChanges: "## Frontend (`web/`)" and under it "run `pnpm lint` before
// committing frontend changes": the heading names the folder the qualifier stands
// for, so the order follows changes under that folder.
func headingChanges(ns []Norm, ctx Context) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Require || len(n.After) > 0 {
			continue
		}
		q := ChangedArea(n.Condition)
		if q == "" {
			continue
		}
		dir := ""
		for _, h := range ctx.Heading {
			toks := Tokenize(h)
			named := slices.ContainsFunc(toks, func(t Token) bool { return !t.Code && t.Low == q })
			for _, t := range toks {
				if named && t.Code && pathLike(t.Text) && strings.HasSuffix(t.Text, "/") {
					dir = strings.TrimPrefix(strings.TrimSuffix(t.Text, "/"), "./")
				}
			}
		}
		if dir != "" {
			n.ChangesUnder(dir, "heading")
		}
	}
}

// ChangesUnder makes the norm's condition on a part of the project ("after backend
// changes") an order after changes under the folder found for it.
func (n *Norm) ChangesUnder(dir, origin string) {
	cond := n.Condition
	n.After = []Object{{Kind: KPath, Text: dir + "/**", Origin: origin}}
	n.Condition = ""
	n.Uncertain = slices.DeleteFunc(slices.Clone(n.Uncertain), func(u string) bool { return u == "condition: "+cond })
}

// definedCommand: "`script/lint` — runs gofmt and golangci-lint. MUST run before
// committing": a line that defines a command and then says, with no object, that it
// must run; the command it defines is what must run.
func definedCommand(ns []Norm, toks []Token, ctx Context) {
	if len(toks) < 2 || !toks[1].Punct || toks[1].Text == "(" || toks[1].Text == "." {
		return
	}
	if !toks[0].Code && !strings.Contains(toks[0].Text, "/") {
		return // ("script/lint - Runs ...": a script named without backticks)
	}
	head := classify(toks[0].Text, ctx)
	if head.Kind != KCommand {
		return
	}
	for i := range ns {
		n := &ns[i]
		// ("`uv run pytest` - run the test suite (do this before every commit)": the
		// role the line names is the command it defines)
		if n.Polarity == Require && (len(n.Objects) == 0 || onlyKind(n.Objects, KRole)) && (n.Verb == "run" || n.Verb == "pass") && len(n.Before)+len(n.After) > 0 {
			n.Objects = []Object{head}
			n.InsteadOfPrevious = false
		}
	}
}

// containerRE: where commands run that heed may not see them run.
var containerRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(inside|in|within)\s+(a|the|your)?\s*(docker\s+container|container|devcontainer|dev container|docker|vm|virtual machine|ci)\b`)
})

// inPackageRE: "from within the specific package directory", "from inside the
// relevant module's folder", "in that library's directory".
var inPackageRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(from|in|inside|within)\s+(within\s+|inside\s+)?(the|a|each|its|that|their|your)\s+(specific\s+|relevant\s+|correct\s+|own\s+)?(package|module|workspace|project|library|crate|app)('s)?(/module)?\s+(own\s+)?(directory|folder|dir)\b` +
		// "from within the package you changed"; "never from the monorepo root"
		`|\b(from|in|inside|within)\s+(within\s+|inside\s+)?(the|that|its|your)\s+(package|module|workspace|crate|app)\s+(you|that you)\s+(changed|touched|edited|modified|work|are working)\b` +
		`|\b(never|not)\s+(from|in|at)\s+the\s+(monorepo|repository|repo|workspace)\s+root\b`)
})

// inPackage marks requirements to run commands from a package's own folder.
func inPackage(ns []Norm, text string) {
	if !inPackageRE().MatchString(strings.ToLower(text)) {
		return
	}
	for i := range ns {
		if ns[i].Sentence != "" && ns[i].Sentence != text && !inPackageRE().MatchString(strings.ToLower(ns[i].Sentence)) {
			// "run `pnpm run test-main`. You may also run `pnpm test` inside a
			// project's directory": the place belongs to the other sentence
			continue
		}
		if ns[i].Polarity == Require && hasKinds(ns[i].Objects, KCommand, KRole) {
			ns[i].InPackage = true
			if inPackageRE().MatchString(ns[i].Condition) {
				// "in that library's directory" is where the commands run, which
				// InPackage says; no condition heed cannot see
				ns[i].Condition = ""
			}
		}
	}
}

// originKind marks the files a kind of file was read as ("a dependency": the package
// manifests); kindInferred is why an order after them is not certain.
const (
	originKind   = "kind"
	kindInferred = "the changed files are inferred from the kind of file the words name"
)

// purposeInferred is why an order read from a purpose clause is not certain.
const purposeInferred = "the order is inferred from what the command is for"

// describedPurpose drops the order a purpose clause implied when the sentence is an
// item of a list that describes ("This codebase uses both TypeScript and Flow:" and
// "Run `pnpm run tsc` to check TypeScript types"): the item says how to check, not
// that one must.
func describedPurpose(ns []Norm, ctx Context) {
	inferred := false
	for i := range ns {
		for _, o := range append(append([]Object(nil), ns[i].After...), ns[i].Before...) {
			inferred = inferred || o.Origin == "purpose"
		}
	}
	if !inferred || ctx.LeadIn == "" {
		return
	}
	inner := ctx
	inner.LeadIn, inner.Block = "", nil
	for _, n := range Read(ctx.LeadIn, inner) {
		if (n.Polarity == Require || n.Polarity == Forbid) && !n.Declarative {
			return
		}
	}
	fromPurpose := func(o Object) bool { return o.Origin == "purpose" }
	for i := range ns {
		n := len(ns[i].After) + len(ns[i].Before)
		ns[i].After = slices.DeleteFunc(ns[i].After, fromPurpose)
		ns[i].Before = slices.DeleteFunc(ns[i].Before, fromPurpose)
		if len(ns[i].After)+len(ns[i].Before) < n {
			ns[i].Uncertain = slices.DeleteFunc(ns[i].Uncertain, func(u string) bool { return u == purposeInferred })
		}
	}
}

// banMark reads an item marked with a cross ("❌ Force-push to shared branches") as
// the ban it is.
func banMark(text string) string {
	t := strings.TrimSpace(text)
	for _, m := range []string{"❌", "🚫", "⛔", "✗", "✘", "🛑"} {
		if rest, ok := strings.CutPrefix(t, m); ok {
			return "Never " + strings.TrimSpace(rest)
		}
	}
	return text
}

// inheritOrder gives a list item's requirement the order its lead-in states: under
// "All changes must pass these checks before committing:", the item "Always run
// `yarn lint`" is to run before committing.
func inheritOrder(ns []Norm, ctx Context) {
	leadIn, origin := ctx.LeadIn, "lead-in"
	if leadIn == "" {
		leadIn, origin = headingOrder(ctx.Heading), "heading"
	}
	if leadIn == "" {
		return
	}
	need := false
	for i := range ns {
		n := &ns[i]
		if n.Polarity == Require && len(n.Before) == 0 && len(n.After) == 0 && hasKinds(n.Objects, KCommand, KRole) {
			need = true
		}
	}
	if !need {
		return
	}
	inner := ctx
	inner.LeadIn, inner.Block, inner.Heading = "", nil, nil
	var lead *Norm
	leads := Read(leadIn, inner)
	for i := range leads {
		if leads[i].Polarity == Require && (len(leads[i].Before) > 0 || len(leads[i].After) > 0) {
			lead = &leads[i]
			break
		}
	}
	if lead == nil {
		// "Before pushing, conduct thorough self-review:": the lead-in's verb is no
		// command, but its opening clause still says when the items hold
		cond, _, ok := strings.Cut(leadIn, ",")
		low := strings.ToLower(strings.TrimSpace(cond))
		if ok && len(strings.Fields(cond)) <= 6 && (strings.HasPrefix(low, "before ") || strings.HasPrefix(low, "after ")) {
			for _, l := range Read("Run the following "+strings.TrimSpace(cond)+":", inner) {
				if l.Polarity == Require && len(l.Before)+len(l.After) > 0 {
					lead = &l
					break
				}
			}
		}
	}
	if lead == nil {
		return
	}
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Require || len(n.Before) > 0 || len(n.After) > 0 || !hasKinds(n.Objects, KCommand, KRole) {
			continue
		}
		for _, o := range lead.Before {
			n.Before = append(n.Before, withOrigin(o, origin))
		}
		for _, o := range lead.After {
			n.After = append(n.After, withOrigin(o, origin))
		}
		n.When = append(n.When, lead.When...)
		if n.Condition == "" {
			n.Condition = lead.Condition
		}
		n.Uncertain = append(n.Uncertain, lead.Uncertain...)
		// "... until ALL of the following pass inside a Docker container:": run
		// where heed may not see them
		if where := containerRE().FindString(strings.ToLower(leadIn)); where != "" && n.Condition == "" {
			n.Condition = where
			n.Uncertain = append(n.Uncertain, "condition: "+where)
		}
	}
}

// RunnerForBans: "Use `mise exec -- <command>` to run tools; don't rely on globally
// installed `node`": the runner the text prescribes for any command is the way to run
// what it bans, so the banned program run through it is the prescribed form.
// The runner may be prescribed by ns or by the clauses before them (before).
func RunnerForBans(ns, before []Norm) {
	var runners []Object
	for _, n := range append(append([]Norm(nil), before...), ns...) {
		if n.Polarity != Require {
			continue
		}
		for _, o := range n.Objects {
			argv := o.Argv
			if o.Kind == KCode {
				// a span that ends in a placeholder for the command has a command's
				// shape even when heed does not know its program
				argv = strings.Fields(o.Text)
			}
			if (o.Kind == KCommand || o.Kind == KCode) && len(argv) > 1 && PlaceholderWord(argv[len(argv)-1]) && commandShaped(strings.Join(argv[:len(argv)-1], " ")) {
				runners = append(runners, Object{Kind: KCommand, Text: o.Text, Argv: argv})
			} else if o.Kind == KCommand && runnerForm(argv) {
				// "Run every tool through `pdm run`; never call bare `pytest`"
				runners = append(runners, o)
			}
		}
	}
	if len(runners) == 0 {
		return
	}
	for i := range ns {
		if ns[i].Polarity == Forbid && len(ns[i].Instead) == 0 && hasKinds(ns[i].Objects, KCommand, KTool, KCode) {
			ns[i].Instead = append(ns[i].Instead, runners...)
		}
	}
}

// notRequiredAfter reports a noun phrase from toks[j] that ends in "required",
// "needed" or "necessary" before its clause does: "no Docker or Postgres instance
// required".
func notRequiredAfter(toks []Token, j int) bool {
	for k := j; k < len(toks) && k < j+8; k++ {
		if toks[k].Punct && !toks[k].Code {
			return false
		}
		switch toks[k].Low {
		case "required", "needed", "necessary":
			return true
		}
	}
	return false
}

// PlaceholderWord: a word that stands for any command ("<command>", "<cmd>", "CMD").
func PlaceholderWord(w string) bool {
	switch strings.ToLower(strings.Trim(w, "<>[]{}")) {
	case "command", "cmd", "tool", "program", "binary", "args...", "command...", "cmd...":
		return strings.HasPrefix(w, "<") || strings.HasPrefix(w, "[") || strings.HasPrefix(w, "{") || w == "CMD" || w == "COMMAND"
	}
	return false
}

// imperativeOf: the verb starts an imperative sentence of the practice ("open a
// draft PR", "create a draft PR") that heed reads as a requirement.
func imperativeOf(concept, verb string) bool {
	switch concept {
	case "draft-pr":
		return verb == "create" || verb == "open" || verb == "submit" || verb == "file"
	}
	return false
}

// singularAnaphor: the words refer back with "it", "this" or "that".
func singularAnaphor(words []string) bool {
	for _, w := range words {
		switch strings.ToLower(w) {
		case "it", "this", "that":
			return true
		}
	}
	return false
}

// bareMeansUnwrapped: "Use `uv` for everything — never bare `python`": beside a tool
// the text prescribes, "bare" is the program run without it, with any arguments; the
// prescribed tool is the ban's way.
func bareMeansUnwrapped(ns []Norm) {
	var tools []Object
	for _, n := range ns {
		if n.Polarity == Require {
			for _, o := range n.Objects {
				if (o.Kind == KTool || o.Kind == KCommand) && len(o.Argv) == 1 || o.Kind == KCommand && runnerForm(o.Argv) {
					tools = append(tools, o)
				}
			}
		}
	}
	if len(tools) == 0 {
		return
	}
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Forbid || len(n.Instead) > 0 || !slices.ContainsFunc(n.Objects, func(o Object) bool { return o.Alone }) {
			continue
		}
		n.Instead = append(n.Instead, tools...)
		for k := range n.Objects {
			n.Objects[k].Alone = false
		}
	}
}

// branchNames reads a requirement on the names of new branches ("Branch prefix:
// always use `claude/`", "prefix branch names with `<author>-claude/`", "name branches
// `feat/<topic>`"): its spans become the globs a new branch's name must match, as the
// object {concept branch-name, Argv: globs}. Names given only as examples ("e.g.
// `agent/x`") give their prefix, as an inference.
func branchNames(ns []Norm, text string) {
	low := strings.ToLower(text)
	if !strings.Contains(low, "branch") || !(strings.Contains(low, "prefix") || strings.Contains(low, "branch nam") || strings.Contains(low, "name branches") || strings.Contains(low, "name your branch") || strings.Contains(low, "naming")) {
		return
	}
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Require {
			continue
		}
		var globs, examples, exampleNames []string
		for _, o := range n.Objects {
			if o.Kind != KCode && o.Kind != KPath {
				continue
			}
			t := strings.TrimSpace(o.Text)
			if strings.ContainsAny(t, " `") || !strings.ContainsAny(t, "/-<") || plainFile(t) {
				continue // "follow the convention in docs/BRANCHES.md": a file, no name
			}
			g := branchGlob(t)
			if g == "" {
				continue
			}
			if exampleOf(text, t) {
				examples = append(examples, g)
				if !strings.ContainsAny(t, "<{") {
					exampleNames = append(exampleNames, t)
				}
			} else {
				globs = append(globs, g)
			}
		}
		for k, g := range globs {
			globs[k] = fitExamples(g, exampleNames)
		}
		if len(globs) == 0 && len(examples) > 0 {
			globs = examples
			n.Uncertain = append(n.Uncertain, "the branch prefix is read from an example")
		}
		if len(globs) > 0 {
			n.Objects = []Object{{Kind: KConcept, Text: "branch-name", Argv: globs}}
			// "use the branch name `release/<x>`" may name the branch of one kind of
			// work; a convention for every branch says so
			if !conventionWordsRE().MatchString(low) {
				n.Uncertain = append(n.Uncertain, "the name may be for one kind of branch only")
			}
		}
	}
}

// branchGlob: "claude/" → "claude/*", "feat/<topic>" → "feat/*", "<author>-claude/"
// → "*-claude/*", an example "agent/feature-name" → "agent/*".
// branchNamingLabel: "Branch naming: ...", "Branch names: ..." at the start of a line.
func branchNamingLabel(text string) bool {
	low := strings.ToLower(strings.TrimLeft(text, "*_ "))
	for _, p := range []string{"branch naming", "branch names", "branch name", "branch prefix", "branch prefixes"} {
		if rest, ok := strings.CutPrefix(low, p); ok && strings.HasPrefix(strings.TrimLeft(rest, "*_ "), ":") {
			return true
		}
	}
	return false
}

// BranchNamingSection: the heading names a section of branch naming conventions
// ("### Branch Naming"), whose items each give one allowed form.
func BranchNamingSection(heading []string) bool {
	h := strings.ToLower(lastHeading(heading))
	return strings.Contains(h, "branch nam") || strings.Contains(h, "branch prefix") || strings.Contains(h, "branch convention")
}

// BranchItem is the branch name pattern a section item starts with ("`fix/description`
// - Bug fixes", "Features: `feat/descriptive-name`"), "" when it starts with none.
func BranchItem(text string) string {
	toks := Tokenize(text)
	for i, t := range toks {
		if i > 3 {
			break
		}
		if t.Code {
			if !strings.ContainsAny(t.Text, "/-<") || strings.ContainsAny(t.Text, " `") {
				return ""
			}
			return branchGlob(strings.TrimSpace(t.Text))
		}
	}
	return ""
}

func branchGlob(t string) string {
	// "lfe-XXXX-short-title": a run of X or a word in capitals is a placeholder; what
	// follows it describes the rest of the name
	if m := capsPlaceholderRE().FindStringIndex(t); m != nil && m[0] > 0 {
		return t[:m[0]] + "*"
	}
	var b strings.Builder
	for i := 0; i < len(t); i++ {
		if t[i] == '<' {
			j := strings.IndexByte(t[i:], '>')
			if j < 0 {
				return ""
			}
			b.WriteByte('*')
			i += j
			continue
		}
		b.WriteByte(t[i])
	}
	g := b.String()
	if k := strings.LastIndexAny(g, "/"); k >= 0 && !strings.HasSuffix(g, "*") {
		g = g[:k+1] // an example's own name is not part of the convention
	}
	if !strings.HasSuffix(g, "*") {
		g += "*"
	}
	if g == "*" || strings.Trim(g, "*/-") == "" {
		return ""
	}
	return g
}

// fitExamples: a template's own examples must fit it. "`<ticket>-short-summary`
// (e.g. `4521-fix-login`)": the words after the placeholder describe the rest of the
// name, which the example shows; the glob keeps what precedes them ("*-*").
func fitExamples(glob string, examples []string) string {
	for _, ex := range examples {
		if globMatch(glob, ex) {
			continue
		}
		k := strings.LastIndexByte(glob[:len(glob)-1], '*')
		if k < 0 || k+1 >= len(glob) {
			return glob
		}
		cut := glob[:k+1]
		if c := glob[k+1]; c == '-' || c == '_' || c == '/' || c == '.' {
			cut += string(c)
		}
		return cut + "*"
	}
	return glob
}

// globMatch: name matches glob, where * stands for any run of characters.
func globMatch(glob, name string) bool {
	parts := strings.Split(glob, "*")
	if !strings.HasPrefix(name, parts[0]) {
		return false
	}
	name = name[len(parts[0]):]
	for i, p := range parts[1:] {
		if i == len(parts)-2 {
			return strings.HasSuffix(name, p)
		}
		j := strings.Index(name, p)
		if j < 0 {
			return false
		}
		name = name[j+len(p):]
	}
	return true
}

// conventionWordsRE: words that make a branch name a convention for every branch.
var conventionWordsRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(prefix|prefixed|always|all|every|each|must|convention)\b`)
})

// capsPlaceholderRE: "XXXX", "NNN", "ID", "NAME" in a name written as a template.
var capsPlaceholderRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`X{2,}|N{2,}|\b[A-Z]{2,}\b|\{[^}]*\}`) })

// exampleOf: the span follows "e.g." or "for example" in the text.
func exampleOf(text, span string) bool {
	i := strings.Index(text, "`"+span+"`")
	if i < 0 {
		return false
	}
	before := strings.ToLower(text[max(0, i-20):i])
	return strings.Contains(before, "e.g") || strings.Contains(before, "example") || strings.Contains(before, "such as")
}

// flagPractice is the practice every option of objs performs, when all of them are
// options only that practice has ("--no-verify" skips git hooks), or "".
func flagPractice(objs []Object) string {
	practice := ""
	for _, o := range objs {
		if o.Kind != KFlag {
			return ""
		}
		for _, f := range o.Argv {
			c := optionPractices[f]
			if c == "" || practice != "" && c != practice {
				return ""
			}
			practice = c
		}
	}
	return practice
}

// toolsOnly: the segment names tools or commands and nothing else.
func toolsOnly(sg *segment) bool {
	if len(sg.objs) == 0 || len(sg.words) > 0 {
		return false
	}
	return onlyKind(sg.objs, KTool, KCommand)
}

// exampleSentence: the sentence opens with "for example", "for instance" or "e.g.".
func exampleSentence(s Sentence) bool {
	t := s.Tokens
	return len(t) > 1 && (t[0].Low == "for" && (t[1].Low == "example" || t[1].Low == "instance") || t[0].Low == "e.g." || t[0].Low == "eg")
}

// withoutLabel drops a topic label that opens a sentence ("Package manager: bun,
// never npm", "Testing: `go test` must pass"): one to three plain words and a colon
// name what the rule is about, they are not its subject. A label that is itself a
// marker ("Forbidden:", "Never:") stays.
// purposeProcedure: a lead-in that names the task its list performs ("To update the
// results after a release:", "To cut a release:").
func purposeProcedure(leadIn string) bool {
	toks := Tokenize(leadIn)
	return len(toks) > 1 && toks[0].Low == "to" && !toks[1].Code && toks[len(toks)-1].Text == ":"
}

// OrderLead: the text starts with an order's marker ("before", "after", "prior to",
// "ahead of", and their other languages' words).
func OrderLead(text string) bool {
	toks := Tokenize(text)
	return phraseAt(toks, 0, mBefore) > 0 || phraseAt(toks, 0, mAfter) > 0
}

func withoutLabel(s Sentence) Sentence {
	toks := s.Tokens
	// a label that says when ("Before each commit:", "Prior to submitting a PR:")
	// may be longer than one that names a topic
	ordered := phraseAt(toks, 0, mBefore) > 0 || phraseAt(toks, 0, mAfter) > 0
	longest := 3
	if ordered {
		longest = 6
	}
	for k := 1; k <= longest && k+1 < len(toks); k++ {
		if !(toks[k].Punct && toks[k].Text == ":") {
			if toks[k].Code || toks[k].Punct {
				return s
			}
			continue
		}
		if ordered && toks[k+1].Code {
			// "Before each commit: `just fmt && just lint`": the label says when the
			// commands it leads to run
			run := []Token{{Text: "Run", Low: "run"}}
			rest := toks[k+1:]
			for len(rest) > 0 && rest[len(rest)-1].Punct {
				rest = rest[:len(rest)-1]
			}
			return Sentence{Tokens: append(append(run, rest...), toks[:k]...)}
		}
		for j := 0; j < k; j++ {
			if toks[j].Code || toks[j].Punct || markerAt(toks, j) {
				return s
			}
		}
		for j := 0; j < k; j++ {
			if changeWords[toks[j].Low] || toks[j].Low == "edits" {
				// "Rust changes: run `cargo fmt`": the label is when the rule holds
				lead := append([]Token{{Text: "after", Low: "after"}}, toks[:k]...)
				lead = append(lead, Token{Text: ",", Low: ",", Punct: true})
				return Sentence{Tokens: append(lead, toks[k+1:]...)}
			}
		}
		return Sentence{Tokens: toks[k+1:]}
	}
	return s
}

// markerAt: a marker phrase of any role starts at token i.
func markerAt(toks []Token, i int) bool {
	for _, role := range []string{mForbid, mRequire, mRemind, mPermit, mOnly, mCond, mBefore, mAfter, mUnless} {
		if phraseAt(toks, i, role) > 0 {
			return true
		}
	}
	return false
}

// headingOrder is the order a section's heading gives its steps, as a lead-in would
// say it: "## Before Every Commit", "### Pull Request Checklist" (the steps of a
// checklist named by an event come before that event). "" when the heading names no
// such order.
// HeadingOrder is headingOrder for the extractor: whether a section's bare command
// items are the steps of an order.
func HeadingOrder(heading []string) bool { return headingOrder(heading) != "" }

func headingOrder(heading []string) string {
	if lead := sectionOrder(lastHeading(heading)); lead != "" || len(heading) < 2 {
		return lead
	}
	// "## Before committing" and under it "### Go": the parent section's order holds
	// for its subsections' steps
	return sectionOrder(heading[len(heading)-2])
}

var notBeenThroughRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(code|changes|commits?|anything|work)\s+(?:that|which)\s+(?:hasn't|has not|haven't|have not|hasn’t|haven’t)\s+(?:been\s+(?:run\s+)?through|passed(?:\s+through)?|been\s+checked\s+(?:by|with))\s+`)
})

// followedByRE: "<a change> must (always) be followed by `cmd`...": the change, the
// modal, an adverb and the rest from the command on.
var followedByRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^((?:any\s+|all\s+|every\s+)?(?:changes?|edits?|modifications?)\s+(?:to|in|of)\s+[^,;:]+?)\s+(must|should)\s+(always\s+)?be\s+followed\s+by\s+(` + "`" + `.*)$`)
})

// lowerFirstWord lower-cases the first letter of a clause that no longer opens its
// sentence.
func lowerFirstWord(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// atEndRE: a sentence that opens with the end of the work or the session as its
// moment ("At the end of each session, ...", "At the end of your task, ..."), and the
// rest of it.
var atEndRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^\s*at the (?:very )?end of (?:each|every|the|your|a|any) (?:session|task|turn|round|work session|coding session),\s+(.+)$`)
})

var requiredLabelRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)^[\\s*_]*[\\w][\\w\\s/-]{0,40}?[\\s*_]*\\((?:required|must pass|must run|mandatory|must succeed)\\s+((?:before|prior to)\\s+[^()]+)\\)[\\s*_]*:\\s*(`[^`]+`)\\s*\\.?\\s*$")
})

var hookLabelRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)^[\\s*_]*(pre-push|pre-commit|pre-merge|pre-pr)(?:\\s+hooks?)?[\\s*_]*:[\\s*_]*")
})

// hookLabelMoment is the moment a hook's name stands for, as a label's lead.
func hookLabelMoment(hook string) string {
	switch hook {
	case "pre-push":
		return "Before pushing: "
	case "pre-commit":
		return "Before committing: "
	case "pre-merge":
		return "Before merging: "
	}
	return "Before opening a pull request: "
}

var requiredAsideRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\((?:must pass|must run|required|mandatory|must succeed|run)\s+((?:before|prior to)\s+[^()]+)\)\s*$`)
})

// SectionOrder is the order a heading, or a lead-in that only names its list ("Pre-commit
// checklist:"), gives the steps under it, as a lead-in that says so would: "Run the
// following before committing:"; "" for none.
func SectionOrder(name string) string { return sectionOrder(name) }

// sectionOrder is the order one heading gives its section's steps, "" for none.
func sectionOrder(heading string) string {
	h := strings.Trim(strings.ToLower(strings.TrimSpace(heading)), "*_:!`'’ ")
	if strings.HasPrefix(h, "before ") || strings.HasPrefix(h, "after ") {
		return "Run the following " + h + ":"
	}
	// "### Lint (must pass before merging)", "## Tests (required before every PR)":
	// an aside that makes the section's commands an order
	if m := requiredAsideRE().FindStringSubmatch(h); m != nil {
		return "Run the following " + m[1] + ":"
	}
	// "### If you touched the protobufs", "## When you change the schema": the
	// section's steps follow that change
	for _, lead := range []string{"if ", "when ", "whenever ", "once "} {
		if strings.HasPrefix(h, lead) && slices.ContainsFunc(strings.Fields(h), func(w string) bool { return changeWords[w] }) {
			return "Run the following " + h + ":"
		}
	}
	if finishedHeading(h) {
		// "## When you are done", "### Once you're finished": its steps run as the
		// work ends
		return "Run the following before finishing:"
	}
	if definesDone(h) {
		// "## Definition of done", "Done means:": its items must hold when the work ends
		return "Before you finish, ensure the following:"
	}
	if !strings.Contains(h, "checklist") {
		return ""
	}
	for _, w := range strings.FieldsFunc(h, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) {
		switch w {
		case "pr", "prs", "pull", "merge":
			return "Run the following before opening a pull request:"
		case "commit", "pre-commit":
			return "Run the following before committing:"
		case "push", "pre-push":
			return "Run the following before pushing:"
		case "submission", "submitting", "release", "pre-release", "completion", "done":
			return "Run the following before finishing:"
		}
	}
	return ""
}

// Exceptions reads a sentence that only grants exceptions ("`git clean -n` is fine"),
// as a neighbouring list item may: the objects it allows.
func Exceptions(text string, ctx Context) []Object {
	var out []Object
	for _, s := range Sentences(text) {
		r := readSentence(s, ctx, nil)
		out = append(out, r.orphans...)
		for _, n := range r.norms {
			if n.Polarity == Permit {
				out = append(out, n.Objects...)
			}
		}
	}
	return out
}

func lastFirst(ns []Norm) *Norm {
	for j := len(ns) - 1; j >= 0; j-- {
		if ns[j].Polarity == Require && ns[j].First {
			return &ns[j]
		}
	}
	return nil
}

func lastForbid(ns []Norm) *Norm {
	for j := len(ns) - 1; j >= 0; j-- {
		if ns[j].Polarity == Forbid {
			return &ns[j]
		}
	}
	return nil
}

// wrapsBanned: one of objs runs a banned program through another ("never call `pip`
// directly — use `python -m pip`", "not bare `rspec`; use `bundle exec rspec`"): it is
// the ban's alternative.
func wrapsBanned(banned, objs []Object) bool {
	for _, b := range banned {
		prog := firstWord(b)
		if prog == "" {
			continue
		}
		for _, o := range objs {
			f := strings.Fields(o.Text)
			if len(f) >= 2 && f[0] != prog && slices.Contains(f[1:], prog) {
				return true
			}
		}
	}
	return false
}

// sameFamily: both name tools of one family (yarn and pnpm).
func sameFamily(a, b []Object) bool {
	for _, x := range a {
		fx, ok := toolFamilies()[firstWord(x)]
		if !ok || fx == "" {
			continue
		}
		for _, y := range b {
			if fy, ok := toolFamilies()[firstWord(y)]; ok && fy == fx && firstWord(y) != firstWord(x) {
				return true
			}
		}
	}
	return false
}

func firstWord(o Object) string {
	if len(o.Argv) > 0 {
		return o.Argv[0]
	}
	f := strings.Fields(o.Text)
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// declarative: "this repo uses pnpm", "we use uv": a statement of the project's tool.
func declarative(toks []Token, i int) bool {
	if toks[i].Low != "uses" && toks[i].Low != "use" {
		return false
	}
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		switch toks[j].Low {
		case "repo", "repository", "project", "we", "codebase", "workspace", "monorepo":
			return true
		}
	}
	return false
}

// clauseStart reports whether token i starts a clause: the sentence's start, or after
// a comma, colon, parenthesis, "and", "or", "but", "then", "so" or a subject word.
func clauseStart(toks []Token, i int) bool {
	for j := i - 1; j >= 0; j-- {
		t := toks[j]
		if t.Punct {
			return t.Text == "," || t.Text == ":" || t.Text == "("
		}
		if t.Code {
			return false
		}
		switch t.Low {
		case "and", "or", "but", "then", "so", "also", "please", "always", "instead", "you", "agents", "we", "just", "simply", "first", "only":
			continue
		}
		if readerSubjects[t.Low] {
			continue
		}
		return false
	}
	return true
}

// pathLike reports whether a word or span names a path or glob.
func pathLike(s string) bool {
	if s == "" || strings.ContainsAny(s, " \t") || strings.HasPrefix(s, "-") || strings.HasPrefix(s, "http") {
		return false
	}
	// a file name: `go.mod`, `uv.lock`, `.python-version`
	if i := strings.LastIndex(s, "."); i >= 0 && !strings.ContainsAny(s, "()") {
		if fileExts[s[i+1:]] || i == 0 && len(s) > 1 {
			return true
		}
	}
	if strings.Contains(s, "/") || strings.ContainsAny(s, "*?") {
		return !strings.Contains(s, "(") && !strings.Contains(s, "::")
	}
	// a build or manifest file without an extension: `Dockerfile`, `Makefile`
	base, _, _ := strings.Cut(s, ".")
	return extensionlessFile(base)
}

// extensionlessFile: the files known by a name without an extension (`Dockerfile`,
// `Dockerfile.dev`, `Gemfile`): a code span of one names the file.
func extensionlessFile(base string) bool {
	switch base {
	case "Dockerfile", "Containerfile", "Makefile", "GNUmakefile", "Gemfile", "Rakefile", "Justfile", "justfile", "Procfile",
		"Jenkinsfile", "Vagrantfile", "Podfile", "Brewfile", "Taskfile", "Pipfile", "CODEOWNERS":
		return true
	}
	return false
}

// fileExts are extensions that make a code span a file name.
var fileExts = map[string]bool{"mod": true, "sum": true, "json": true, "toml": true, "lock": true, "yaml": true, "yml": true,
	"md": true, "mdx": true, "txt": true, "py": true, "go": true, "rs": true, "ts": true, "tsx": true, "js": true, "jsx": true,
	"cfg": true, "ini": true, "sql": true, "proto": true, "xml": true, "gradle": true, "kts": true, "rb": true, "java": true,
	"kt": true, "cs": true, "csproj": true, "sln": true, "slnx": true, "sh": true, "env": true, "prisma": true, "graphql": true}

// flagLike reports whether a span is only options: `--force`, `-f`, `--no-verify`.
func flagLike(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 {
		return false
	}
	if flagWithValue(f) {
		return true
	}
	for _, w := range f {
		if len(w) < 2 || w[0] != '-' || w == "--" {
			return false
		}
	}
	return true
}

// flagWithValue: an option and its value as one span (`-tags ignore`, `--config
// prod.yaml`): one option, which a ban names with its value.
func flagWithValue(f []string) bool {
	return len(f) == 2 && len(f[0]) > 1 && f[0][0] == '-' && f[0] != "--" && !strings.HasPrefix(f[1], "-") && !strings.ContainsAny(f[1], "<>`")
}

// flagArgv is a flag span's words: an option with its value is one word, "-x=value".
func flagArgv(span string) []string {
	f := strings.Fields(span)
	if flagWithValue(f) {
		return []string{f[0] + "=" + f[1]}
	}
	return f
}

// classify types a code span.
func classify(span string, ctx Context) Object {
	switch {
	case flagLike(span):
		return Object{Kind: KFlag, Text: span, Argv: flagArgv(span)}
	case ctx.Command != nil:
		// "never run `cd web && npm install`": the command, in the folder the span
		// goes to
		if strings.HasPrefix(span, "cd ") {
			if dir, rest, ok := cdThen(span); ok {
				if argv, ok := ctx.Command(rest); ok {
					return Object{Kind: KCommand, Text: span, Argv: argv, Cwd: dir}
				}
			}
		}
		if argv, ok := ctx.Command(span); ok {
			return Object{Kind: KCommand, Text: span, Argv: argv}
		}
	}
	if pathLike(span) {
		return Object{Kind: KPath, Text: span}
	}
	return Object{Kind: KCode, Text: span}
}

// toolWordEnd: what may follow a tool named in words for it to mean the tool.
func toolWordOK(toks []Token, i int) bool {
	if i+1 >= len(toks) {
		return true
	}
	n := toks[i+1]
	if n.Punct || n.Code {
		return true
	}
	if n.Low == "not" && i+2 < len(toks) && (toks[i+2].Code || func() bool { _, ok := toolFamilies()[toks[i+2].Low]; return ok }()) {
		// "use pnpm not npm": a tool set against another
		return true
	}
	switch n.Low {
	case "or", "and", "nor", "for", "to", "in", "on", "with", "when", "unless", "commands", "command", "directly", "itself",
		"anymore", "at", "here", "instead", "as", "over", "rather", "either", "is", "are", "cli", "scripts", "install", "suite", "binary", "by", "from", "outside", "against", "if", "before", "after", "yourself",
		"run", "build", "test", "add", "update", "publish", "exec", "ci", "i", "because", "since", "this", "it", "unless,", "without", "through", "via", "except", "anywhere", "alone":
		return true
	}
	return false
}

// listGoesOn: the tokens from i continue a list of code spans ("`.py`, or `.ts`
// file"): a span, or "or"/"and" and a span.
func listGoesOn(toks []Token, i int) bool {
	if i < len(toks) && (toks[i].Low == "or" || toks[i].Low == "and") {
		i++
	}
	return i < len(toks) && toks[i].Code
}

func readSentence(s Sentence, ctx Context, prev []Object) sentenceResult {
	toks := undoingVerbs(joinWrapped(splitToolLists(bareCommands(s.Tokens, ctx))), ctx)
	var segs []*segment
	cur := &segment{role: ""}
	segs = append(segs, cur)
	open := func(role string) {
		cur = &segment{role: role}
		segs = append(segs, cur)
	}
	var hedge, only, together, should, insteadEnd, first, plainNaming bool
	var subject []string
	seenMarker := false
	lastMain := func() *segment {
		for j := len(segs) - 1; j >= 0; j-- {
			if mainRoles[segs[j].role] {
				return segs[j]
			}
		}
		return nil
	}
	prefer := false
	for i := 0; i < len(toks); {
		t := toks[i]
		if t.Punct {
			// "Prefer `just` over `make`: the recipes are equivalent, but ...": once a
			// rule is stated, a clause after the colon gives the reason, and what it
			// names is neither the rule's object nor its exception
			if t.Text == ":" && seenMarker && reasonFollows(toks, i+1) {
				if m := lastMain(); m != nil && len(m.objs) > 0 {
					open("")
					i++
					continue
				}
			}
			if t.Text == "," && cur.role == mInstead && len(cur.objs) > 0 && insteadListGoesOn(toks, i, len(cur.objs)) {
				// "use `./dev` instead of `go build`, `go test` or `bazel`": the comma
				// lists what the alternative replaces
				i++
				continue
			}
			if t.Text == "," && (cur.role == mCond || cur.role == mAfter) && len(cur.objs) > 0 && listGoesOn(toks, i+1) {
				// "If you added a `.rs`, `.py`, or `.ts` file, ...": the comma lists
				// the condition's objects; it does not end it
				i++
				continue
			}
			if t.Text == "," || t.Text == ":" {
				// a comma ends a condition or scope; what follows belongs to the
				// clause's main segment unless a marker opens another
				switch cur.role {
				case mCond, mUnless, mBefore, mAfter, mScope, mExcept, mInstead, mPurpose:
					if m := lastMain(); m != nil {
						cur = m
					} else {
						open("")
					}
				}
			}
			i++
			continue
		}
		if !t.Code {
			// "do not use `curl` to test HMR issues": the ban is on that use only, which
			// heed cannot tell from another; "don't use `sudo` to install packages"
			// names what the command is for, and bans it
			if t.Low == "to" && i+1 < len(toks) && !toks[i+1].Code && cur.role == mForbid && hasKinds(cur.objs, KCommand, KConcept) && !bindingTo(toks, i) {
				if banPurposeVerbs[toks[i+1].Low] || practicePurpose(cur.objs, toks, i) {
					open(mCond)
					if i > 0 && intentAdverb(toks[i-1].Low) {
						cur.words = append(cur.words, toks[i-1].Low) // "just to ..."
					}
					cur.words = append(cur.words, "to")
					i++
					continue
				}
			}
			// "run `make fmt` to format `.go` files": the files the command is for; "To
			// verify your changes, run `just check`": the same, said first
			if t.Low == "to" && i+1 < len(toks) && purposeVerbs[toks[i+1].Low] && (cur.role == mRequire && hasKinds(cur.objs, KCommand) || i == 0) {
				open(mPurpose)
				cur.verb = toks[i+1].Low
				i += 2
				continue
			}
			if n := phraseAt(toks, i, mHedge); n > 0 {
				hedge = true
				if phraseAt(toks, i, mForbid) >= n {
					// "try not to run X": a ban, as advice
					open(mForbid)
					seenMarker = true
					should = true
					i += n
					continue
				}
				if phraseAt(toks, i, mShould) > 0 {
					should = true
				}
				i += n
				continue
			}
			if n := phraseAt(toks, i, mTogether); n > 0 {
				together = true
				i += n
				continue
			}
			if toks[i].Text == "+" && i > 0 && toks[i-1].Code && i+1 < len(toks) && toks[i+1].Code {
				// "never `mv` + `git add`": the two commands as one act
				together = true
				i++
				continue
			}
			if n := phraseAt(toks, i, mPostNeg); n > 0 {
				// "`x` is forbidden": the objects just before are forbidden
				prev := cur
				if len(prev.objs) > 0 && !mainRoles[prev.role] || prev.role == "" || prev.role == mPermit {
					prev.role = mForbid
				} else if len(prev.objs) > 0 && prev.role == mRequire {
					prev.role = mForbid
				}
				seenMarker = true
				if phraseAt(toks, i, mShould) > 0 || strings.Contains(joinLow(toks[i:i+n]), "should") || strings.Contains(joinLow(toks[i:i+n]), "deprecated") {
					should = true
				}
				i += n
				continue
			}
			if n := phraseAt(toks, i, mPostOK); n > 0 && len(cur.objs) > 0 {
				// "`x` is fine": an exception to the sentence's ban
				objs := cur.objs
				cur.objs = nil
				open(mExcept)
				cur.objs = objs
				i += n
				open("")
				continue
			}
			// "you do not need to rebuild": a permission, never a ban
			if n := phraseAt(toks, i, mPermit); n > 1 && clauseStart(toks, i) && strings.Contains(joinLow(toks[i:i+n]), "n") && negPermit(toks[i:i+n]) {
				open(mPermit)
				seenMarker = true
				i += n
				continue
			}
			if n := phraseAt(toks, i, mUntil); n > 0 && cur.role == mForbid {
				open(mUntil)
				i += n
				continue
			}
			// "don't commit before `npm run build` succeeds", "never run `npm install`
			// before `pnpm setup`": what the clause names must come first; the ban's
			// own object is not banned
			if n := phraseAt(toks, i, mBefore); n > 0 && cur.role == mForbid && len(cur.objs) > 0 {
				open(mUntil)
				cur.byBefore = true
				i += n
				continue
			}
			if n := phraseAt(toks, i, mRemind); n > 0 && clauseStart(toks, i) {
				open(mRemind)
				seenMarker = true
				i += n
				continue
			}
			if n := phraseAt(toks, i, mForbid); n > 0 {
				low := toks[i].Low
				ok := clauseStart(toks, i) || low == "never" || low == "avoid" || low == "must" || low == "should" || low == "shall"
				// "... to avoid building from source": a purpose, not a ban
				if i > 0 && !toks[i-1].Code && (toks[i-1].Low == "to" && !bindingTo(toks, i-1) || toks[i-1].Low == "helps" || toks[i-1].Low == "will") {
					ok = false
				}
				// "No `yarn`", and a list item that starts "NO force pushes: `git push
				// -f`": a ban of what it names
				// "no `git rebase -i` on pushed branches and no force pushes": a second
				// ban coordinated with the first, whatever condition the first took
				coordinated := low == "no" && i > 0 && (toks[i-1].Low == "and" || toks[i-1].Low == "or") && conceptFollows(toks, i+1)
				if coordinated {
					m := lastMain()
					coordinated = m != nil && m.role == mForbid
				}
				if low == "no" && !(i+1 < len(toks) && (toks[i+1].Code || isToolWord(toks, i+1))) && !(i == 0 && namesAfterColon(toks)) && !(i == 0 && conceptFollows(toks, i+1)) && !coordinated {
					ok = false
				}
				ok = ok || coordinated
				if low == "no" && notRequiredAfter(toks, i+1) {
					// "No Docker or Postgres instance required!": what is not needed,
					// no ban
					ok = false
				}
				if ok {
					if m := lastMain(); m != nil && m.role == mRequire && len(m.objs) > 0 && !clauseStartStrict(toks, i) {
						open(mInstead) // "use X, never Y"
						cur.byBan = true
					} else if !seenMarker && len(segs) == 1 && segs[0].role == "" && toolsOnly(segs[0]) {
						// "bun (never npm, never yarn)": the tool named first is the one
						// to use, the banned ones its alternatives
						segs[0].role, segs[0].verb = mRequire, "use"
						open(mInstead)
						cur.byBan = true
					} else {
						// "Install packages locally, never globally": an imperative
						// before the comma, not the subject of the ban
						imperative := i > 0 && toks[i-1].Text == "," && len(segs[0].words) > 0 && verbForms()[strings.ToLower(segs[0].words[0])] != ""
						// "Stage files one by one: never `git add -A`": a label before
						// the colon names the topic, not who the ban binds
						imperative = imperative || i > 0 && toks[i-1].Text == ":"
						// "Benchmark through `make bench`, never with `go test -bench`":
						// the ban leaves out the verb of the clause before it, which is
						// an imperative however rare its verb
						imperative = imperative || i > 0 && toks[i-1].Text == "," && len(segs[0].words) > 1 &&
							meansPreposition(strings.ToLower(segs[0].words[1])) && i+n < len(toks) && meansPreposition(toks[i+n].Low)
						if !seenMarker && len(segs) == 1 && segs[0].role == "" && !imperative {
							subject = subjectOf(segs[0])
						}
						open(mForbid)
						if v, ok := verbForms()[toks[i+n-1].Low]; ok {
							cur.verb = v
						}
						// "the generated code should never be published": about a
						// thing, not what the reader runs
						if i+n < len(toks) && !toks[i+n].Code && (toks[i+n].Low == "be" || toks[i+n].Low == "been") {
							cur.passive = true
						}
					}
					if phraseAt(toks, i, mShould) > 0 || strings.HasPrefix(joinLow(toks[i:i+n]), "should") {
						cur.should = true // "avoid X" is advice; another clause may bind
					}
					seenMarker = true
					i += n
					continue
				}
			}
			// "— NOT ESLint or Prettier": a sentence that starts with "not" bans what it names
			if toks[i].Low == "not" && i == 0 && len(toks) > 1 && (toks[1].Code || isToolWord(toks, 1)) {
				open(mForbid)
				seenMarker = true
				i++
				continue
			}
			if n := phraseAt(toks, i, mInsteadE); n > 0 && (i+n >= len(toks) || toks[i+n].Punct) && matchWords(toks, i, []string{"instead", "of"}) == 0 {
				insteadEnd = true
				i += n
				continue
			}
			if n := phraseAt(toks, i, mInstead); n > 0 {
				w := joinLow(toks[i : i+n])
				m := lastMain()
				okInstead := true
				switch {
				case w == "over":
					okInstead = prefer
				case w == "not" || w == "and not" || w == "but not":
					afterBreak := i > 0 && toks[i-1].Punct && (toks[i-1].Text == "," || toks[i-1].Text == "(")
					// "Package manager: uv (not pip)": the plain naming is a requirement
					if m == nil && afterBreak && cur.role == "" && hasKinds(cur.objs, KTool, KCommand) {
						cur.role = mRequire
						m = cur
						plainNaming = len(cur.words) == 0 && !namesPackageManager(cur.objs)
					}
					named := m != nil && (len(m.objs) > 0 || len(m.words) > 0)
					okInstead = m != nil && (m.role == mRequire || m.role == mRemind) && named && afterBreak || w != "not" && m != nil && len(m.objs) > 0
					// "use pnpm not npm", "use uv run not python": a tool named right
					// after a tool the sentence requires, with no comma between
					if w == "not" && !afterBreak && m != nil && m == cur && m.role == mRequire && named && i > 0 && !toks[i-1].Punct &&
						i+1 < len(toks) && (toks[i+1].Code || isToolWord(toks, i+1)) && (hasKinds(m.objs, KTool, KCommand) || toks[i-1].Code || isToolWord(toks, i-1)) {
						okInstead = true
					}
				case strings.HasPrefix(w, "never") || strings.HasSuffix(w, "never"):
					okInstead = false // handled as a ban above
				default:
					// "instead of X", "rather than X": the alternative to a requirement
					// the sentence states ("Test applications install packages from
					// Verdaccio instead of public npm" describes, it does not require)
					okInstead = m != nil && (m.role == mRequire || m.role == mRemind || m.role == mForbid) || clauseStartStrict(toks, i)
				}
				if okInstead {
					open(mInstead)
					seenMarker = true
					i += n
					continue
				}
			}
			// exceptions, conditions and orders each open a segment of their own
			opened := false
			for _, role := range []string{mExcept, mUnless, mBefore, mAfter} {
				if n := phraseAt(toks, i, role); n > 0 {
					// "anything but `x`" is an exception; "..., but `just` is available
					// everywhere" joins another clause and excepts nothing
					if role == mExcept && t.Low == "but" && n == 1 && (i == 0 || toks[i-1].Punct) {
						if i > 0 && len(cur.objs) > 0 {
							open("")
						}
						if i > 0 {
							open(clauseBreak)
						}
						i++
						opened = true
						break
					}
					open(role)
					i += n
					opened = true
					break
				}
			}
			if opened {
				continue
			}
			// "never push without running `make test`", "don't merge without `make
			// check` passing": what must have run before the banned act; an order
			if n := phraseAt(toks, i, mWithout); n > 0 && cur.role == mForbid && (len(cur.objs) > 0 || gitVerbs[cur.verb] || cur.verb == "merge") && prerequisiteAfter(toks, i+n, ctx) {
				open(mWithout)
				i += n
				continue
			}
			// "DON'T USE for: quick previews (`vercel dev`)", "don't use it for one-off
			// scripts like `x`": a use banned for a purpose, whose object is the
			// heading's or the pronoun's; what follows "for" is the purpose, never the
			// thing banned
			if t.Low == "for" && cur.role == mForbid && cur.verb == "use" && len(cur.objs) == 0 {
				open(mPurpose)
				i++
				for i < len(toks) && toks[i].Text == ":" {
					i++
				}
				continue
			}
			// "do not open pull requests for new features without prior discussion": a
			// practice banned for some cases only, which heed cannot tell apart
			if (t.Low == "for" || t.Low == "without") && cur.role == mForbid && onlyKind(cur.objs, KConcept) && i+1 < len(toks) && !toks[i+1].Code {
				open(mCond)
				cur.words = append(cur.words, t.Text)
				i++
				continue
			}
			// ("with or without a target" is either)
			if n := phraseAt(toks, i, mWithout); n > 0 && cur.role == mForbid && hasKinds(cur.objs, KCommand) && !(i >= 2 && toks[i-1].Low == "or" && toks[i-2].Low == "with") {
				open(mWithout)
				i += n
				continue
			}
			if n := phraseAt(toks, i, mCond); n > 0 && (clauseStart(toks, i) || cur.role != mCond) {
				open(mCond)
				i += n
				continue
			}
			// "For policy changes, validation must pass via `x`": a sentence that opens
			// with a "for" phrase and a comma holds for those cases only
			if i == 0 && toks[0].Low == "for" && commaWithin(toks, 1, 6) && changeBeforeComma(toks) {
				open(mCond)
				cur.words = append(cur.words, toks[0].Text)
				i++
				continue
			}
			if n := phraseAt(toks, i, mOnly); n > 0 {
				// "Never use `npm`, only `pnpm`" (and "nur `pnpm`", "seulement
				// `pnpm`" once glossed): after a ban and a break, "only" and a tool
				// name what to use instead, never a second thing banned
				if cur.role == mForbid && len(cur.objs) > 0 && i > 0 && toks[i-1].Punct && toks[i-1].Text != "." &&
					i+n < len(toks) && (toks[i+n].Code || isToolWord(toks, i+n)) {
					open(mRequire)
					cur.verb = "use"
					seenMarker = true
					i += n
					continue
				}
				// "only" in a condition ("if only docs changed") limits the condition;
				// after a verb of the sentence's own subject ("configuration is done
				// exclusively via ...") it describes, it does not restrict the reader
				if (cur.role == "" || mainRoles[cur.role]) && onlyBinds(toks, i) {
					only = true
				}
				i += n
				continue
			}
			// "run X first, then Y": Y is what X must precede
			if toks[i].Low == "then" && first && (len(cur.objs) > 0 || i > 0 && toks[i-1].Punct) {
				open(mBefore)
				i++
				continue
			}
			// "never `rm -rf` on the repository root": the root is the command's target;
			// "do not run tests from the project root": the root is where it runs
			if (toks[i].Low == "on" || toks[i].Low == "in" || toks[i].Low == "at" || toks[i].Low == "from") && (len(cur.objs) > 0 || cur.role == mForbid) {
				if n := rootPhraseAt(toks, i+1); n > 0 {
					origin := "root"
					if toks[i].Low != "on" {
						origin = "cwd-root"
					}
					cur.objs = append(cur.objs, Object{Kind: KPath, Text: ".", Origin: origin})
					i += 1 + n
					continue
				}
				// "don't run `bundle exec rspec` from the engine folders (`engines/*`)":
				// where the ban holds, as "in" would say
				if toks[i].Low == "from" && cur.role == mForbid {
					if j := folderSpanAfter(toks, i+1); j > 0 {
						open(mScope)
						i = j
						continue
					}
				}
				// "don't use `rm -rf` on the `data/` folder": the folder is its target
				if toks[i].Low == "on" && len(cur.objs) > 0 && cur.objs[len(cur.objs)-1].Kind == KCommand {
					j := i + 1
					if j < len(toks) && toks[j].Low == "the" {
						j++
					}
					if j < len(toks) && toks[j].Code && (pathLike(toks[j].Text) || extensionFiles(toks, j)) {
						target := strings.TrimSuffix(toks[j].Text, "/")
						if extensionFiles(toks, j) {
							// "do not run rubocop on `.erb` files": every file of the
							// extension, wherever it is
							target = "**/*" + target
							j++
						}
						cur.objs = append(cur.objs, Object{Kind: KPath, Text: target, Origin: "target"})
						i = j + 1
						if i < len(toks) && (toks[i].Low == "folder" || toks[i].Low == "directory" || toks[i].Low == "dir") {
							i++
						}
						continue
					}
				}
			}
			// "never run `x` on shared branches", "... against production", "... in
			// CI": a qualifier heed cannot see, unless it is universal ("in this repo")
			if (mainRoles[cur.role] || cur.role == mInstead) && len(cur.objs) > 0 && qualifier(toks, i) {
				open(mCond)
				cur.words = append(cur.words, toks[i].Text)
				i++
				continue
			}
			// "after updating translations in `locales/en.json`": the files a change
			// clause names are what changed, not where the rule holds
			if n := phraseAt(toks, i, mScope); n > 0 && scopeFollows(toks, i+n) && !changeClause(cur) {
				open(mScope)
				i += n
				continue
			}
			n := phraseAt(toks, i, mRequire)
			if n == 0 && declarative(toks, i) {
				n = 1
			}
			// "regenerate the stubs with `buf generate`": an imperative whose means is
			// a command is a requirement to run it
			if n == 0 && clauseStart(toks, i) && meansVerbs[toks[i].Low] && meansFollows(toks, i+1, ctx) {
				if !seenMarker && len(segs) == 1 && segs[0].role == "" {
					subject = subjectOf(segs[0])
				}
				open(mRequire)
				cur.verb = "run"
				seenMarker = true
				i++
				continue
			}
			inOrder := (cur.role == mBefore || cur.role == mAfter) && len(cur.objs) == 0
			// "you should run X", "it's a good idea to run X": the verb after a modal
			// or after a hedge's "to"
			modal := i > 0 && !toks[i-1].Code && (toks[i-1].Low == "should" || toks[i-1].Low == "to" && hedge && !seenMarker)
			if n > 0 && !inOrder && (clauseStart(toks, i) || toks[i].Low == "always" || toks[i].Low == "must" || declarative(toks, i) || modal || subjectModal(toks, i, n, seenMarker)) {
				soft := toks[i].Low == "prefer" || phraseAt(toks, i, mShould) > 0 || toks[i].Low == "should" || modal
				if toks[i].Low == "prefer" {
					prefer = true
				}
				if !seenMarker && len(segs) == 1 && segs[0].role == "" {
					subject = subjectOf(segs[0])
				}
				open(mRequire)
				cur.should = soft
				cur.declarative = declarative(toks, i)
				if v, ok := verbForms()[toks[i+n-1].Low]; ok {
					cur.verb = v
				}
				seenMarker = true
				i += n
				continue
			}
			if n := phraseAt(toks, i, mPermit); n > 0 && clauseStart(toks, i) {
				open(mPermit)
				seenMarker = true
				i += n
				continue
			}
			if toks[i].Low == "should" || toks[i].Low == "recommended" {
				should = true
			}
		}
		// objects
		if t.Code && cur.role == mForbid && i >= 2 && toks[i-1].Low == "by" && meansParticiples[toks[i-2].Low] {
			// "❌ Trailing commas, whitespace (handled by `ruff`)": the tool that does
			// the work, not what is banned
			cur.words = append(cur.words, t.Text)
			i++
			continue
		}
		if t.Code {
			o := classify(t.Text, ctx)
			if o.Kind == KCode && namedCommand(toks, i) {
				// "never use `sleep` commands": the word after the span says it is
				// a program
				o = Object{Kind: KCommand, Text: t.Text, Argv: []string{t.Text}}
			}
			if o.Kind == KCode && cur.role == mForbid && i > 0 && meansPreposition(toks[i-1].Low) && meansCommand(t.Text) {
				// "do not deploy with `fly deploy`": the means the banned verb names,
				// a command of a program heed does not know, by its shape (not in an
				// order's moment: "before starting the server with `uvicorn app`" is
				// no command heed can tell ran)
				o = Object{Kind: KCommand, Text: t.Text, Argv: strings.Fields(t.Text)}
			}
			if o.Kind != KCommand && ctx.Command != nil {
				// "destructive git operations (`reset --hard`, `branch -D`)": a
				// subcommand of the tool the sentence named
				if tool := toolBefore(toks, i); tool != "" {
					if f := strings.Fields(t.Text); len(f) > 1 && f[len(f)-1] == "--" && slices.Contains(toolSubcommands()[tool], f[0]) {
						// "`checkout --`": the subcommand with its paths after "--",
						// which a pattern of the subcommand alone would overreach
						// (`git checkout -b`); heed leaves it unread
						cur.words = append(cur.words, t.Text)
						i++
						continue
					}
					if f := strings.Fields(t.Text); len(f) > 0 && slices.Contains(toolSubcommands()[tool], f[0]) {
						if argv, ok := ctx.Command(tool + " " + t.Text); ok {
							o = Object{Kind: KCommand, Text: tool + " " + t.Text, Argv: argv}
							// the tool the list hangs from ("destructive git commands
							// (...)") is named for its subcommands, not banned whole
							cur.objs = slices.DeleteFunc(cur.objs, func(p Object) bool {
								return (p.Kind == KCommand || p.Kind == KTool) && !p.Alone && len(p.Argv) == 1 && p.Argv[0] == tool
							})
						}
					}
				}
			}
			// "run `pnpm test` before opening a PR and `pnpm test:coverage` when ...": a
			// command after the order's event is a second thing to run, with its own
			// condition, not a second event
			if o.Kind == KCommand && i > 0 && toks[i-1].Low == "and" && (cur.role == mBefore || cur.role == mAfter) && len(cur.objs) > 0 && onlyKind(cur.objs, KEvent) || o.Kind == KCommand && i > 1 && toks[i-1].Low == "and" && toks[i-2].Text == "," && orderSinceMain(segs) {
				if m := lastMain(); m != nil && m.role == mRequire {
					verb := m.verb
					open(mRequire)
					cur.verb = verb
				}
			}
			// "the bare `cargo test`", "`pytest` alone": the command with nothing added
			if o.Kind == KCommand && (i > 0 && bareWords[toks[i-1].Low] || i+1 < len(toks) && (toks[i+1].Low == "alone" || i+2 < len(toks) && toks[i+1].Low == "by" && toks[i+2].Low == "itself")) {
				o.Alone = true
			}
			// "never bare `pytest` or `mypy`": the word holds for every command of the list
			if o.Kind == KCommand && !o.Alone && len(cur.objs) > 0 && cur.objs[len(cur.objs)-1].Alone {
				j := i - 1
				for j >= 0 && i-j <= 3 && !toks[j].Code {
					j--
				}
				if j >= 0 && toks[j].Code && coordinated(toks[j+1:i]) {
					o.Alone = true
				}
			}
			// "`git` submodules": a bare program name followed by a noun names a
			// thing of the program, not the program
			if o.Kind == KCommand && len(o.Argv) == 1 && !strings.Contains(o.Argv[0], "/") && !toolWordOK(toks, i) {
				o = Object{Kind: KCode, Text: t.Text}
			}
			// "from the `frontend` directory", "in the `web` folder": the span names
			// a folder, where something runs or lives, never a command to run
			if o.Kind != KFlag && !strings.Contains(strings.TrimSpace(t.Text), " ") && i+1 < len(toks) && folderWords()[toks[i+1].Low] {
				o = Object{Kind: KPath, Text: strings.TrimSuffix(t.Text, "/") + "/"}
			}
			cur.objs = append(cur.objs, o)
			i++
			// "never `git push --force` to shared branches": which branches heed
			// cannot tell, so the ban holds under a condition
			if o.Kind == KCommand && len(o.Argv) > 1 && o.Argv[0] == "git" && (o.Argv[1] == "push" || o.Argv[1] == "commit") &&
				mainRoles[cur.role] && (branchesNamedInWords(toks, i) || branchWordsFollow(toks, i)) {
				open(mCond)
				continue
			}
			// "don't rely on globally installed `node`": a kind of install heed cannot
			// tell from the command line, a condition on the ban
			if q := installQualifier(toks, i-1); q != "" && mainRoles[cur.role] && o.Kind == KCommand {
				open(mCond)
				cur.words = append(cur.words, q)
			}
			continue
		}
		// "when editing CLAUDE.md, also update docs/agents.md": a file named in plain
		// words
		if plainFile(t.Text) {
			cur.objs = append(cur.objs, Object{Kind: KPath, Text: t.Text})
			i++
			continue
		}
		// "run the tests", "make sure all tests pass", "the linter": a command the file
		// names elsewhere by its role
		// ("never make real network calls in tests": where, not what is run)
		// (in an order, only what it names first: "before committing to normalize
		// docstring formatting" is a purpose, not the formatters)
		if (mainRoles[cur.role] || (cur.role == mBefore || cur.role == mWithout || cur.role == mUntil) && len(cur.objs) == 0 && !slices.ContainsFunc(cur.words, func(w string) bool { return strings.EqualFold(w, "to") })) &&
			!hasKinds(cur.objs, KCommand) && !(i > 0 && placeWords[toks[i-1].Low]) {
			if _, n := roleAt(toks, i); n > 0 && forRole(toks, i) && !hasKinds(cur.objs, KTool, KCommand) {
				// "inputs for unit tests": what they are for, the whole span ("use
				// Ruff for linting" names the tool's job, read below)
				for _, t := range toks[i : i+n] {
					cur.words = append(cur.words, t.Text)
				}
				i += n
				continue
			}
			if role, n := roleAt(toks, i); n > 0 && !(role == "test" && authoredBefore(toks, i)) && !purposeRole(toks, i, cur.verb) && !bareVerbRole(toks, i, n) {
				o := Object{Kind: KRole, Text: role}
				if selectiveBefore(toks, i) || selectiveBefore(toks, i+1) && n > 1 {
					// "run the affected tests", "all relevant linters": some of
					// them, which the sentence leaves to the reader
					o.Origin = originSelective
				}
				cur.objs = append(cur.objs, o)
				i += n
				continue
			}
		}
		if cur.role == mAfter || cur.role == mCond {
			// "if you add a dependency": the files of that kind
			if globs, n := fileKindAt(toks, i); n > 0 {
				for _, g := range globs {
					cur.objs = append(cur.objs, Object{Kind: KPath, Text: g, Origin: originKind})
				}
				for _, t := range toks[i : i+n] {
					cur.words = append(cur.words, t.Text)
				}
				i += n
				continue
			}
		}
		if cur.role == mAfter || cur.role == mCond || cur.role == mPurpose {
			// "after changing Rust code": the files of a language (not "after cloning
			// and compiling Elixir": a change is what the clause must speak of)
			if globs, ok := languageGlobs()[t.Low]; ok && !(t.Low == "go" && !nextIsCodeWord(toks, i)) && (cur.role == mPurpose || speaksOfChange(cur.words, toks, i)) {
				for _, g := range globs {
					cur.objs = append(cur.objs, Object{Kind: KPath, Text: g, Origin: "language"})
				}
				cur.words = append(cur.words, t.Text)
				i++
				continue
			}
		}
		if cur.role == mBefore || cur.role == mAfter || cur.role == mCond {
			if ev, n := eventAt(toks, i); n > 0 {
				cur.objs = append(cur.objs, Object{Kind: KEvent, Text: ev})
				i += n
				continue
			}
		}
		anchored := (mainRoles[cur.role] || cur.role == mInstead) && len(cur.objs) == 0 && len(cur.words) <= 1
		// "Only rebase if a maintainer asks": the practice is the verb of its clause
		anchored = anchored || i > 0 && toks[i-1].Low == "only" && clauseStart(toks, i-1)
		// "never chain commit and push": a practice coordinated with one
		if n := len(cur.objs); n > 0 && cur.objs[n-1].Kind == KConcept && i > 0 && (toks[i-1].Low == "and" || toks[i-1].Low == "or" || toks[i-1].Text == ",") {
			anchored = true
		}
		// "don't keep pushing": persisting, not a git push
		persist := i > 0 && (toks[i-1].Low == "keep" || toks[i-1].Low == "keeps" || toks[i-1].Low == "kept")
		if c, n, code := conceptAt(toks, i, anchored); n > 0 && !(persist && n == 1) && cur.role != mCond && cur.role != mBefore && cur.role != mAfter && (n > 1 || !objectTaking[c] || actFollows(toks, i+1)) {
			o := Object{Kind: KConcept, Text: c}
			if code != "" {
				o.Argv = []string{code}
			}
			// "never push on `develop`", "pushing to master": a push to that branch
			if c == "push" || c == "force-push" {
				if bs, m := branchesAt(toks, i+n); m > 0 {
					o.Argv = bs
					n += m
				} else if branchesNamedInWords(toks, i+n) || n > 1 && branchesNamedInWords(toks, i+n-1) {
					// "force-push to shared branches": which ones heed cannot tell
					cur.objs = append(cur.objs, o)
					i += n
					open(mCond)
					continue
				}
			}
			// "never merge `main` into your branch": a merge of that branch into the
			// working one (`git merge main`), not the merge of a pull request
			if c == "merge" && n == 1 && i+2 < len(toks) && toks[i+1].Code && !toks[i+2].Code && (toks[i+2].Low == "into" || toks[i+2].Low == "in") && branchName(toks[i+1].Text) {
				cur.objs = append(cur.objs, Object{Kind: KConcept, Text: "merge-in", Argv: []string{toks[i+1].Text}})
				i += 2
				continue
			}
			// "don't merge responsibilities", "merge the two classes": things of the
			// code merged, not branches or pull requests
			if c == "merge" && n == 1 && codeThingMerged(toks, i+1) {
				i += n
				continue
			}
			// "never commit directly to `main`": a commit reaches main by a push to
			// it; which branch a `git commit` lands on heed cannot see
			if c == "commit" && thingFollows(toks, i+n) {
				// "never commit changes to `codes.json`": what a commit must not hold,
				// a rule of the change, not of the act of committing
				i += n
				continue
			}
			if c == "commit" {
				if bs, m := branchesAt(toks, i+n); m > 0 {
					o = Object{Kind: KConcept, Text: "push", Argv: bs}
					n += m
				} else if branchWordsFollow(toks, i+n) {
					// "never commit directly to these branches": which ones heed
					// cannot tell, so the push to them is a condition
					cur.objs = append(cur.objs, Object{Kind: KConcept, Text: "push"})
					i += n
					open(mCond)
					continue
				}
			}
			cur.objs = append(cur.objs, o)
			i += n
			// "publish an issue, pull request, or review comment": the verb
			// reaches the other things of the list
			if postingConcepts[c] {
				for {
					j := i
					for j < len(toks) && !toks[j].Code && (toks[j].Text == "," || toks[j].Low == "or" || toks[j].Low == "and" || toks[j].Low == "a" || toks[j].Low == "an" || toks[j].Low == "any") {
						j++
					}
					pc, m := longestAt(postedThingIndex(), toks, j)
					if j == i || m == 0 {
						break
					}
					if pc != "skip" {
						cur.objs = append(cur.objs, Object{Kind: KConcept, Text: pc})
					}
					i = j + m
				}
			}
			continue
		}
		// "git rebase", "npm install" in plain words: the command
		if sub, ok := plainSubcommand(toks, i); ok {
			cur.objs = append(cur.objs, Object{Kind: KCommand, Text: t.Low + " " + sub, Argv: []string{t.Low, sub}, Origin: "words"})
			i += 2
			continue
		}
		// "git force push": the practice names the tool already
		if _, ok := toolFamilies()[t.Low]; ok && !t.Code && i+1 < len(toks) {
			if c, n, _ := conceptAt(toks, i+1, true); n > 0 && c != "" {
				i++
				continue
			}
		}
		if isToolWord(toks, i) {
			if instrumentOfPractices(toks, i, cur.objs) {
				// "never commit or push changes with git": git is how the practices
				// are done, not a program banned of its own
				cur.words = append(cur.words, t.Text)
				i++
				continue
			}
			if i > 0 && toks[i-1].Low == "from" && len(cur.objs) > 0 && cur.objs[len(cur.objs)-1].Kind == KCode {
				// "do not use `expect` from Vitest": an API of the tool, which is
				// not run
				cur.words = append(cur.words, t.Text)
				i++
				continue
			}
			cur.objs = append(cur.objs, Object{Kind: KTool, Text: t.Low, Argv: []string{t.Low}})
			i++
			// "do not use system python": the install meant, as for a code span
			if q := installQualifier(toks, i-1); q != "" && mainRoles[cur.role] {
				// "system python or pip": the install qualifies each tool of the list
				for i+1 < len(toks) && (toks[i].Low == "or" || toks[i].Low == "and" || toks[i].Text == ",") && isToolWord(toks, i+1) {
					cur.objs = append(cur.objs, Object{Kind: KTool, Text: toks[i+1].Low, Argv: []string{toks[i+1].Low}})
					i += 2
				}
				open(mCond)
				cur.words = append(cur.words, q)
			}
			continue
		}
		if t.Low == "first" && mainRoles[cur.role] && len(cur.objs) > 0 {
			first = true
		}
		if v, ok := verbForms()[t.Low]; ok && cur.verb == "" && len(cur.objs) == 0 {
			cur.verb = v
		}
		if pathLike(t.Text) && cur.role == mScope {
			cur.objs = append(cur.objs, Object{Kind: KPath, Text: t.Text})
		}
		cur.words = append(cur.words, t.Text)
		i++
	}
	// "Before committing, run the formatter and linter:" and a block of commands: the
	// block's commands are the objects the sentence left unnamed
	// ("... run each of the following commands and ensure they succeed." and the
	// block after the paragraph)
	// "# Always run before pushing" over `make check` in a shell block, or "Always run
	// before committing" with the block right under it: "run" with no object at all
	// runs what the block holds
	objectless := func() bool {
		m := lastMain()
		if m != nil && m.role == mForbid && m.verb == "run" && len(m.objs) == 0 && len(ctx.Block) == 1 {
			// "pnpm db:studio  # never run in automation": the one command the
			// comment stands beside is what it bans
			return true
		}
		return m != nil && m.role == mRequire && m.verb == "run" && len(m.objs) == 0
	}
	if len(ctx.Block) > 0 && len(toks) > 0 && (toks[len(toks)-1].Punct && toks[len(toks)-1].Text == ":" || PointsAtList(s.Raw()) || objectless()) {
		// "Scan your code before pushing with:" and the block: an imperative whose
		// means is the block, as "regenerate the stubs with `buf generate`" is
		if lastMain() == nil {
			if sg := blockImperative(segs, toks); sg != nil {
				sg.role, sg.verb = mRequire, "run"
			}
		}
		if m := lastMain(); m != nil && (len(m.objs) == 0 || onlyKind(m.objs, KRole)) {
			// the block's commands are what the roles named ("run the formatter and
			// linter:")
			m.objs = nil
			for _, line := range ctx.Block {
				if m.role == mForbid && chainedLine(line) {
					// "❌ Wrong:" over `cd web && npm test`: the command, where
					// the line runs it; any other line of several commands is a
					// ban of a whole command line, which no one command of it
					// matches (as a span of one gives no ban either)
					if dir, rest, ok := cdThen(line); ok {
						if o, ok := blockCommand(rest, ctx); ok {
							o.Cwd = dir
							m.objs = append(m.objs, o)
						}
					}
					continue
				}
				if o, ok := blockCommand(line, ctx); ok {
					m.objs = append(m.objs, o)
				}
			}
		}
	}
	return build(s, segs, ctx, buildFlags{first: first, hedge: hedge, only: only, together: together, should: should, insteadEnd: insteadEnd, plainNaming: plainNaming, subject: strings.Join(subject, " ")}, prev)
}

// prerequisiteAfter: the words from i name something that must have run, as
// "without" introduces it: a command in a code span or a command's role, after
// words like "running", "first" or "a passing" ("without running `make test`",
// "without `make check` passing", "without building first").
func prerequisiteAfter(toks []Token, i int, ctx Context) bool {
	ran := false // "running", "having run": what follows was run, not written
	for k := i; k < len(toks) && k < i+4; k++ {
		t := toks[k]
		switch {
		case t.Code:
			return classify(t.Text, ctx).Kind == KCommand
		case t.Punct:
			if t.Text != "(" {
				return false
			}
		default:
			// "without running the tests", "without building first"; but "code
			// without tests" lacks tests, which is no order
			if _, n := roleAt(toks, k); n > 0 {
				// "a green build", "a successful build": a run that passed
				return ran || strings.HasSuffix(t.Low, "ing") || slices.ContainsFunc(toks[k:k+n], func(w Token) bool { return passedWord(w.Low) })
			}
			if !prerequisiteFiller[t.Low] {
				return false
			}
			ran = ran || t.Low == "running" || t.Low == "run" || t.Low == "executing"
		}
	}
	return false
}

// passedWord: a word that says of a run that it passed ("a green build", "a
// successful build").
func passedWord(w string) bool {
	switch w {
	case "green", "successful", "passing", "clean":
		return true
	}
	return false
}

func clauseStartStrict(toks []Token, i int) bool {
	return i == 0 || toks[i-1].Punct && (toks[i-1].Text == ":" || toks[i-1].Text == "(")
}

// meansFollows: the clause from i goes on to name a command as its means ("... with
// `buf generate`", "by running `make gen`").
func meansFollows(toks []Token, i int, ctx Context) bool {
	for j := i; j+1 < len(toks); j++ {
		t := toks[j]
		if t.Punct && t.Text != "," || t.Code {
			return false
		}
		switch t.Low {
		case "with", "using", "via", "through", "running":
			if n := toks[j+1]; n.Code && (classify(n.Text, ctx).Kind == KCommand || commandShaped(n.Text)) {
				return true
			}
		}
	}
	return false
}

// meansPreposition: a word that introduces the command a verb is done with ("deploy with",
// "release via", "publish using", "format through").
func meansPreposition(w string) bool {
	switch w {
	case "with", "using", "via", "through":
		return true
	}
	return false
}

// meansCommand: a span after such a preposition that reads as a program and its
// words, not as code (`as unknown as T`, `new Foo()`, `const x`).
func meansCommand(span string) bool {
	f := strings.Fields(span)
	if len(f) < 2 || !commandShaped(span) || strings.ContainsAny(span, "(){}<>=;") {
		return false
	}
	switch f[0] {
	case "as", "is", "in", "if", "new", "return", "const", "let", "var", "function", "func", "def", "import", "from",
		"type", "class", "not", "and", "or", "the", "a", "an", "to", "of", "for", "with", "await", "async", "public",
		"private", "static", "export", "interface", "enum", "struct", "fn", "pub", "use", "mod", "impl", "select", "where":
		return false
	}
	return true
}

// commandShaped: a span that reads as a program and its words (`buf generate`), even
// of a program heed does not know.
func commandShaped(span string) bool {
	f := strings.Fields(span)
	if len(f) == 0 || len(f) > 8 || pathLike(f[0]) || flagLike(f[0]) {
		return false
	}
	for _, r := range f[0] {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return f[0][0] >= 'a' && f[0][0] <= 'z'
}

// branchesNamedInWords: "to shared branches", "to a protected branch", "to
// `org/repo` upstream": targets heed cannot name.
func branchesNamedInWords(toks []Token, i int) bool {
	if i < len(toks) && !toks[i].Code && toks[i].Low == "directly" {
		i++
	}
	if i >= len(toks) || toks[i].Code || toks[i].Low != "to" && toks[i].Low != "on" {
		return false
	}
	for j := i + 1; j < len(toks) && j <= i+4; j++ {
		if toks[j].Code {
			// "push directly to `org/repo` upstream": a repository, not a branch
			return strings.Contains(toks[j].Text, "/") || strings.Contains(toks[j].Text, ":")
		}
		if toks[j].Punct {
			return false
		}
		switch toks[j].Low {
		case "branch", "branches", "upstream", "remote", "remotes", "fork", "repository", "repo":
			return true
		}
	}
	return false
}

// toolBefore is the tool named in words earlier in the sentence ("git operations"),
// when exactly one is.
func toolBefore(toks []Token, i int) string {
	found := ""
	for j := 0; j < i; j++ {
		t := toks[j]
		if t.Code || t.Punct {
			continue
		}
		if _, ok := toolSubcommands()[t.Low]; ok {
			if found != "" && found != t.Low {
				return ""
			}
			found = t.Low
		}
	}
	return found
}

// conceptFollows: a named practice starts at i ("No history rewrites", "No force
// pushes").
func conceptFollows(toks []Token, i int) bool {
	c, _, _ := conceptAt(toks, i, true)
	return c != ""
}

// splitToolLists reads "npm/yarn/pnpm" as "npm or yarn or pnpm" when every part
// is a tool's name.
func splitToolLists(toks []Token) []Token {
	var out []Token
	for i, t := range toks {
		if t.Code || t.Punct || !strings.Contains(t.Low, "/") {
			if out != nil {
				out = append(out, t)
			}
			continue
		}
		parts := strings.Split(t.Low, "/")
		all := len(parts) > 1
		for _, p := range parts {
			if _, ok := toolFamilies()[p]; !ok {
				all = false
			}
		}
		if !all {
			if out != nil {
				out = append(out, t)
			}
			continue
		}
		if out == nil {
			out = append([]Token(nil), toks[:i]...)
		}
		texts := strings.Split(t.Text, "/")
		for k, p := range parts {
			if k > 0 {
				out = append(out, Token{Text: "or", Low: "or"})
			}
			out = append(out, Token{Text: texts[k], Low: p})
		}
	}
	if out == nil {
		return toks
	}
	return out
}

// isToolWord: a tool named in plain words (yarn, npm), meaning the tool.
// extensionFiles: the code span at j is a bare extension followed by "files" or
// "file" ("`.erb` files"): the files of that extension.
func extensionFiles(toks []Token, j int) bool {
	if j+1 >= len(toks) || toks[j+1].Code || toks[j+1].Low != "files" && toks[j+1].Low != "file" {
		return false
	}
	x := toks[j].Text
	if len(x) < 2 || x[0] != '.' {
		return false
	}
	for _, r := range x[1:] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// instrumentOfPractices: the tool word at i follows "with", "using", "via" or
// "through" after practices that only that tool does ("commit or push changes with
// git"): it names the means of the practices, which already name its commands.
// "Don't format code with prettier" keeps prettier: formatting is no practice of one
// tool.
func instrumentOfPractices(toks []Token, i int, objs []Object) bool {
	if i == 0 || toks[i-1].Code || len(objs) == 0 {
		return false
	}
	switch toks[i-1].Low {
	case "with", "using", "via", "through":
	default:
		return false
	}
	for _, o := range objs {
		if o.Kind != KConcept || practiceTool()[o.Text] != toks[i].Low {
			return false
		}
	}
	return true
}

// practiceTool is the one tool whose commands a practice named in words stands for.
var practiceTool = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, c := range []string{"commit", "push", "force-push", "amend", "rebase", "squash", "hard-reset", "rewrite-history", "push-tags", "unsigned-commit", "skip-hooks"} {
		m[c] = "git"
	}
	return m
})

func isToolWord(toks []Token, i int) bool {
	if i >= len(toks) || toks[i].Code || toks[i].Punct {
		return false
	}
	if _, ok := toolFamilies()[toks[i].Low]; !ok {
		return false
	}
	// "go" and "make" are English verbs first
	if toks[i].Low == "go" || toks[i].Low == "make" || toks[i].Low == "just" {
		return false
	}
	if countedNoun(toks, i) {
		return false
	}
	return toolWordOK(toks, i)
}

// countedNoun: the plain word at i is counted ("a typed node", "each node", "an
// unformatted black box"): a common noun, since a tool named in plain words takes
// no article of its own.
func countedNoun(toks []Token, i int) bool {
	if i+1 < len(toks) && !toks[i+1].Punct {
		switch toks[i+1].Low {
		case "or", "and", "for", "to", "in", "on", "with", "at", "by", "from", "through", "via", "is", "are", "that", "which":
		default:
			return false // "every Python command", "a node script": the tool's own things
		}
	}
	for j := i - 1; j >= 0 && j >= i-2; j-- {
		if toks[j].Code || toks[j].Punct {
			return false
		}
		switch toks[j].Low {
		case "a", "an", "each", "every":
			return true
		}
	}
	return false
}

// bindingTo: the "to" at i binds what follows ("make sure to never", "be careful to
// never", "it is important to never"), rather than giving a purpose.
func bindingTo(toks []Token, i int) bool {
	if i == 0 || toks[i-1].Code {
		return false
	}
	switch toks[i-1].Low {
	case "sure", "remember", "careful", "important", "essential", "critical", "best", "want", "need", "have", "ought", "forget", "required", "necessary", "crucial", "vital", "imperative", "asked", "told", "instructed":
		return true
	}
	return false
}

// branchAt reads "to `develop`", "on master", "directly to the main branch" after a
// push: the branch and how many tokens it took.
func branchAt(toks []Token, i int) (string, int) {
	j := i
	if j < len(toks) && !toks[j].Code && toks[j].Low == "directly" {
		j++
	}
	if j >= len(toks) || toks[j].Code {
		return "", 0
	}
	switch toks[j].Low {
	case "to", "on", "onto", "into":
	default:
		return "", 0
	}
	j++
	for j < len(toks) && !toks[j].Code && (toks[j].Low == "the" || toks[j].Low == "directly") {
		j++
	}
	if j >= len(toks) {
		return "", 0
	}
	t := toks[j]
	name := ""
	switch {
	case t.Code && !strings.ContainsAny(t.Text, " /*"):
		name = t.Text
	case !t.Code && !t.Punct:
		switch t.Low {
		case "main", "master", "develop", "trunk", "production", "staging", "release":
			name = t.Low
		}
	}
	if name == "" {
		return "", 0
	}
	j++
	if j < len(toks) && !toks[j].Code && toks[j].Low == "branch" {
		j++
	}
	return name, j - i
}

// thingFollows: "to `path`", "of `path`", "`path`": a file the practice acts on.
func thingFollows(toks []Token, i int) bool {
	if i < len(toks) && !toks[i].Code && (toks[i].Low == "to" || toks[i].Low == "of" || toks[i].Low == "in") {
		i++
	}
	return i < len(toks) && toks[i].Code && pathLike(toks[i].Text) && strings.Contains(toks[i].Text, ".")
}

// branchWordsFollow: "(directly) to these branches", "to protected branches": branches
// named in words only (a code span after "to" is a file or a repository).
func branchWordsFollow(toks []Token, i int) bool {
	if i < len(toks) && !toks[i].Code && toks[i].Low == "directly" {
		i++
	}
	if i >= len(toks) || toks[i].Code || toks[i].Low != "to" && toks[i].Low != "on" && toks[i].Low != "into" {
		return false
	}
	for j := i + 1; j < len(toks) && j <= i+4; j++ {
		if toks[j].Code || toks[j].Punct {
			return false
		}
		if toks[j].Low == "branch" || toks[j].Low == "branches" {
			return true
		}
	}
	return false
}

// branchesAt is branchAt for a list of branches ("to `develop` or `main`").
func branchesAt(toks []Token, i int) ([]string, int) {
	b, n := branchAt(toks, i)
	if n == 0 {
		return nil, 0
	}
	out := []string{b}
	for {
		j := i + n
		if j+1 >= len(toks) || toks[j].Code || !(toks[j].Low == "or" || toks[j].Low == "and" || toks[j].Text == ",") {
			break
		}
		t := toks[j+1]
		name := ""
		switch {
		case t.Code && !strings.ContainsAny(t.Text, " /*"):
			name = t.Text
		case !t.Code && !t.Punct && (t.Low == "main" || t.Low == "master" || t.Low == "develop" || t.Low == "trunk" || t.Low == "production" || t.Low == "staging"):
			name = t.Low
		}
		if name == "" {
			break
		}
		out = append(out, name)
		n += 2
		if i+n < len(toks) && !toks[i+n].Code && (toks[i+n].Low == "branch" || toks[i+n].Low == "branches") {
			n++
		}
	}
	return out, n
}

// objectTaking are the practices whose one word also takes a thing as its object
// ("commit secrets", "push a branch", "publish docs").
var objectTaking = map[string]bool{"commit": true, "push": true, "publish": true}

// actFollows: after a practice named in one word ("commit", "push"), what follows
// leaves it the act itself ("never commit", "never push to main", "never commit your
// changes"), not a rule about what is committed ("never commit real secrets").
func actFollows(toks []Token, i int) bool {
	if i >= len(toks) || toks[i].Punct {
		return true
	}
	if toks[i].Code {
		return false
	}
	switch toks[i].Low {
	case "to", "directly", "anything", "yourself", "unless", "until", "without", "or", "and", "on", "into", "again",
		"manually", "automatically", "ever", "here", "yet", "now", "before", "after", "while", "when", "if", "changes",
		"commits", "anywhere", "upstream", "straight", "for", "nor", "in", "from", "as", "by":
		return true
	case "the", "your", "any", "a", "these", "those", "this", "that", "them", "it", "my", "our":
		if i+1 >= len(toks) || toks[i+1].Punct {
			return true
		}
		switch toks[i+1].Low {
		case "changes", "change", "work", "code", "commits", "commit", "fixes", "edits", "branch", "result", "results":
			return true
		}
	}
	return false
}

// plainSubcommand reads a tool and its subcommand written in plain words ("git
// rebase", "npm install"): the subcommand word at i+1.
func plainSubcommand(toks []Token, i int) (string, bool) {
	if i+1 >= len(toks) || toks[i].Code || toks[i+1].Code || toks[i+1].Punct {
		return "", false
	}
	subs, ok := toolSubcommands()[toks[i].Low]
	if !ok {
		return "", false
	}
	sub := toks[i+1].Low
	// "raw Git branch operations", "git branch names": the subcommand's word modifies
	// a noun of a kind of things, not the command
	if i+2 < len(toks) && !toks[i+2].Code && categoryNoun(toks[i+2].Low) {
		return "", false
	}
	for _, s := range subs {
		if s == sub {
			return sub, true
		}
	}
	return "", false
}

// categoryNoun reports a noun a tool's subcommand word can modify ("branch
// operations", "tag names", "merge strategy") to name a kind of things rather than
// the command.
func categoryNoun(w string) bool {
	switch w {
	case "operations", "operation", "names", "name", "naming", "protection", "protections",
		"strategy", "strategies", "metadata", "state", "conflicts", "conflict":
		return true
	}
	return false
}

// nextIsCodeWord: "Go" followed by "code", "files" or "changes" names the language,
// not the verb.
func nextIsCodeWord(toks []Token, i int) bool {
	if i+1 >= len(toks) {
		return false
	}
	switch toks[i+1].Low {
	case "code", "files", "file", "changes", "sources", "source", "packages", "modules":
		return true
	case "or", "and", ",", "/":
		// "When Go or Rust code is changed": the word of code after the languages
		// coordinated with it
		if i+2 < len(toks) && !toks[i+2].Code {
			if _, ok := languageGlobs()[toks[i+2].Low]; ok {
				return nextIsCodeWord(toks, i+2)
			}
		}
	}
	return false
}

// namesAfterColon: the sentence names code after a colon ("NO force pushes: `git
// push -f`").
func namesAfterColon(toks []Token) bool {
	for i, t := range toks {
		if t.Punct && t.Text == ":" {
			for _, u := range toks[i+1:] {
				if u.Code {
					return true
				}
			}
			return false
		}
	}
	return false
}

// negPermit: the permission is a negated need ("do not need to", "no need to").
func negPermit(toks []Token) bool {
	for _, t := range toks {
		switch t.Low {
		case "not", "don't", "no", "needn't":
			return true
		}
	}
	return false
}

// rootPhraseAt matches "the repository root" and its synonyms at i.
func rootPhraseAt(toks []Token, i int) int {
	for _, p := range []string{"the repository root", "the repo root", "the project root", "the root of the repository", "the root of the repo", "the root directory", "the workspace root", "the monorepo root", "the root", "repository root", "repo root", "project root", "monorepo root", "the root folder", "the top level", "the top-level directory"} {
		if n := matchWords(toks, i, strings.Fields(p)); n > 0 {
			return n
		}
	}
	return 0
}

// CIOnly reports whether a condition limits a norm to CI ("in CI", "on CI"): it never
// holds for an agent's own commands.
func CIOnly(cond string) bool {
	f := strings.Fields(strings.ToLower(cond))
	if len(f) == 0 || len(f) > 4 {
		return false
	}
	for _, w := range f {
		if w == "ci" || w == "pipelines" || w == "pipeline" {
			return true
		}
	}
	return false
}

// installQualifier returns the words before the code span at i that say which install
// of the program is meant ("globally installed `node`", "the system `python`"), "" if
// none.
func installQualifier(toks []Token, i int) string {
	start, named := i, false
	for j := i - 1; j >= 0 && j >= i-3 && !toks[j].Code && !toks[j].Punct; j-- {
		switch toks[j].Low {
		case "globally", "global", "system", "system-wide", "host", "system's", "preinstalled", "pre-installed":
			named, start = true, j
		case "installed", "the", "a", "any":
			continue
		default:
			j = -1
		}
	}
	if !named {
		return ""
	}
	var words []string
	for _, t := range toks[start:i] {
		words = append(words, t.Text)
	}
	return strings.Join(words, " ")
}

// plainFile: a word outside code spans that names a file by its extension
// ("CLAUDE.md", ".cursor/rules/sdk.mdc", "docs/api.yaml"). A product written like a file
// ("Node.js", "Next.js") has no extension heed lists.
func plainFile(w string) bool {
	if strings.ContainsAny(w, "`*<>@:=()") || strings.HasPrefix(w, "http") || strings.Count(w, ".") == 0 {
		return false
	}
	ext := strings.ToLower(w[strings.LastIndex(w, ".")+1:])
	stem := w[:strings.LastIndex(w, ".")]
	if stem == "" && !strings.Contains(w, "/") {
		stem = "x" // ".env", ".gitignore": a dotfile
		ext = strings.TrimPrefix(strings.ToLower(w), ".")
	}
	return stem != "" && fileExtensions[ext]
}

// commaWithin: a comma follows within n tokens after from, with no code span before it.
func commaWithin(toks []Token, from, n int) bool {
	for k := from; k < len(toks) && k < from+n; k++ {
		if toks[k].Code {
			return false
		}
		if toks[k].Punct && toks[k].Text == "," {
			return k > from
		}
	}
	return false
}

// changeBeforeComma: the words before the first comma name changes ("For policy
// changes,"), not a language or a kind of code ("For Python code,").
func changeBeforeComma(toks []Token) bool {
	for _, t := range toks {
		if t.Punct && t.Text == "," {
			return false
		}
		if changeWords[t.Low] || t.Low == "edits" {
			return true
		}
	}
	return false
}

// onlyBinds: the "only" at i restricts what the reader does: it starts its clause, or
// follows the reader's verb, a modal, a reader subject or the object it restricts
// ("use only pnpm", "we only use uv", "must only be run", "`pnpm` only").
func onlyBinds(toks []Token, i int) bool {
	for k := i + 2; k+1 < len(toks) && k <= i+4; k++ {
		// "only docker is required", "only `make` is needed": what suffices, a
		// prerequisite, not the one tool the reader may use
		if (toks[k].Low == "is" || toks[k].Low == "are") && sufficesWords()[toks[k+1].Low] {
			return false
		}
	}
	if i == 0 || clauseStart(toks, i) {
		return true
	}
	p := toks[i-1]
	if p.Code || p.Punct {
		return true
	}
	if _, ok := verbForms()[p.Low]; ok {
		// "settings are read exclusively from ...": a passive describes
		return !(i > 1 && (toks[i-2].Low == "is" || toks[i-2].Low == "are" || toks[i-2].Low == "was" || toks[i-2].Low == "were"))
	}
	switch p.Low {
	case "must", "should", "shall", "always", "please", "you", "we", "agents", "to", "be", "and", "or", "but":
		return true
	}
	return readerSubjects[p.Low] || isToolWord(toks, i-1)
}

// sufficesWords say that what comes before them is enough: "only docker is required".
var sufficesWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"required": true, "needed": true, "necessary": true, "enough": true, "sufficient": true}
})

// changeClause: the segment is a condition that files changed ("after updating
// translations", "if you modify the schema").
func changeClause(sg *segment) bool {
	if sg.role != mAfter && sg.role != mCond {
		return false
	}
	for _, w := range sg.words {
		if changeWords[strings.ToLower(w)] {
			return true
		}
	}
	return false
}

// qualifier: a preposition that starts a condition on a clause's objects ("on shared
// branches", "against the production cluster", "outside a virtual environment", "in
// CI"), not a scope (a folder follows) and not universal ("in this repository").
func qualifier(toks []Token, i int) bool {
	switch toks[i].Low {
	case "on", "against", "outside", "in", "inside", "while", "during":
	case "from":
		// "don't invoke `make` from subdirectories": where it runs, which a folder
		// list cannot name
		return subfolderWords(toks, i+1)
	default:
		return false
	}
	if scopeFollows(toks, i+1) {
		return false
	}
	j := i + 1
	for j < len(toks) && !toks[j].Code && (toks[j].Low == "the" || toks[j].Low == "a" || toks[j].Low == "an") {
		j++
	}
	if j >= len(toks) || toks[j].Punct {
		return false
	}
	switch toks[j].Low {
	case "any", "all", "every", "each", "this", "these", "our", "your", "its", "their", "order", "general", "place", "case", "one", "parallel", "turn", "favor", "favour", "sync", "doubt", "particular", "short", "addition", "practice":
		return false
	case "them", "it", "those", "changed", "modified", "edited", "touched", "staged", "affected":
		// "run `gofmt -w` on them", "on the changed files": what the command works
		// on, the files the sentence already named
		return false
	}
	if toks[j].Code {
		return false
	}
	return true
}

// subfolderWords: "subdirectories", "a subfolder", "any nested directory", "module
// directories", "other packages": folders below the root, named by no path.
func subfolderWords(toks []Token, i int) bool {
	for i < len(toks) && !toks[i].Code && (toks[i].Low == "the" || toks[i].Low == "a" || toks[i].Low == "an" || toks[i].Low == "any" || toks[i].Low == "other" || toks[i].Low == "nested") {
		i++
	}
	if i >= len(toks) || toks[i].Code {
		return false
	}
	switch toks[i].Low {
	case "subdirectories", "subdirectory", "subfolders", "subfolder", "sub-directories", "sub-directory", "sub-folders", "sub-folder", "subpackages", "subpackage":
		return true
	case "module", "modules", "package", "packages", "workspace", "workspaces", "crate", "crates":
		return i+1 < len(toks) && (toks[i+1].Low == "directory" || toks[i+1].Low == "directories" || toks[i+1].Low == "folder" || toks[i+1].Low == "folders")
	}
	return false
}

// folderSpanAfter: after "from", the folder a ban holds in, given as a span or after
// words that name folders ("from `src/`", "from the engine folders (`engines/*`)");
// the index of the span, or -1.
func folderSpanAfter(toks []Token, i int) int {
	j := i
	if j < len(toks) && !toks[j].Code && toks[j].Low == "the" {
		j++
	}
	if j < len(toks) && toks[j].Code {
		if scopeFollows(toks, j) {
			return j
		}
		return -1
	}
	words := 0
	for j < len(toks) && !toks[j].Code && !toks[j].Punct && words < 4 {
		j++
		words++
	}
	if words == 0 || words == 4 {
		return -1
	}
	switch toks[j-1].Low {
	case "folder", "folders", "directory", "directories", "dir", "dirs":
	default:
		return -1
	}
	if j < len(toks) && toks[j].Text == "(" {
		j++
	}
	if j < len(toks) && toks[j].Code && (pathLike(toks[j].Text) || strings.HasSuffix(toks[j].Text, "/")) {
		return j
	}
	return -1
}

// scopeFollows: a folder follows a scope word ("in `web/`", "under the `src` directory").
func scopeFollows(toks []Token, i int) bool {
	for i < len(toks) && !toks[i].Code && (toks[i].Low == "the" || toks[i].Low == "a") {
		i++
	}
	if i >= len(toks) {
		return false
	}
	t := toks[i]
	if t.Code {
		if pathLike(t.Text) || strings.HasSuffix(t.Text, "/") {
			return true
		}
		// `web` directory
		return i+1 < len(toks) && (toks[i+1].Low == "directory" || toks[i+1].Low == "folder" || toks[i+1].Low == "dir" || toks[i+1].Low == "package")
	}
	return pathLike(t.Text) && strings.HasSuffix(t.Text, "/")
}

// subjectOf is the subject of a sentence: the words before its first marker, when
// they name someone other than the reader ("the CLI", "this function").
func subjectOf(sg *segment) []string {
	var out []string
	for _, o := range sg.objs {
		out = append(out, "`"+o.Text+"`")
	}
	words := sg.words
	if len(out) == 0 && len(words) >= 2 && len(words) <= 4 && strings.EqualFold(words[0], "for") {
		// "For formatting, reach for `ruff format`": what the sentence is about, not
		// who it binds
		return nil
	}
	// "At a minimum, run ...", "At the very least, run ...": how much, not who
	if len(words) >= 2 && strings.EqualFold(words[0], "at") {
		for k := 1; k < len(words) && k <= 3; k++ {
			if lw := strings.ToLower(words[k]); lw == "minimum" || lw == "least" {
				words = words[k+1:]
				break
			}
		}
	}
	for _, w := range words {
		t := Token{Text: w, Low: strings.ToLower(w)}
		switch t.Low {
		case "always", "must", "should", "also", "just", "and", "then", "so", "please", "make", "sure", "to", "ever", "really", "absolutely", "strictly", "simply", "ok", "okay", "note":
			continue
		case "important", "critical", "warning", "caution", "tip", "reminder", "rule", "nb", "attention", "mandatory", "required":
			// "Important: do not ...": emphasis, not who the sentence binds
			continue
		}
		if readerSubjects[t.Low] {
			continue
		}
		out = append(out, t.Low)
	}
	return out
}

func joinLow(toks []Token) string {
	var s []string
	for _, t := range toks {
		if t.Code {
			s = append(s, "CODE")
		} else if t.Punct {
			s = append(s, t.Text)
		} else {
			s = append(s, t.Low)
		}
	}
	return strings.Join(s, " ")
}

// namesPackageManager: one of objs is a package manager ("uv (not pip)"), whose
// naming with a rival says which one the project uses wherever it is listed.
func namesPackageManager(objs []Object) bool {
	for _, o := range objs {
		if fam, ok := ToolFamily(strings.ToLower(o.Text)); ok && (fam == "js-pm" || fam == "py-pm") {
			return true
		}
	}
	return false
}

// PlainNaming is the doubt of a ban read from a tool named with no verb and its rival
// after it ("Vitest (not Jest)"): a stack list describes, a list of conventions binds.
const PlainNaming = "a tool named with its rival, no verb: the section says whether it binds"

type buildFlags struct {
	hedge, only, together, should, insteadEnd, first bool
	// plainNaming: a tool named with no verb, its rival after a comma or in
	// parentheses ("Vitest (not Jest)", "Package manager: uv (not pip)")
	plainNaming bool
	subject     string
}

// compatible reports whether b can be the alternative of a: tools of one family, or
// commands of one program, or both commands.
func compatible(a, b []Object) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	for _, x := range a {
		for _, y := range b {
			switch {
			case (x.Kind == KTool || x.Kind == KCommand) && (y.Kind == KTool || y.Kind == KCommand):
				return true
			case x.Kind == KConcept && (y.Kind == KCommand || y.Kind == KTool):
				return true
			case x.Kind == y.Kind && x.Kind != KPath:
				return true
			}
		}
	}
	return false
}

// conds are the conditions and orders attached to one main segment.
type conds struct {
	// lacking and noArgs: what the command must carry for a ban not to hold
	lacking       []Object
	noArgs        bool
	text          []string
	when          []Object
	before, after []Object
	// purpose are the files a purpose clause names ("to format `.go` files")
	purpose []Object
	// prereq are the commands or roles a "without" clause says must have run first
	// ("never push without running `make test`")
	prereq []Object
}

// changedPaths: in a change clause a path is what changed, though it would run as a
// script (`src/node/cli/cli-config.ts` is a file, not a command to run).
func changedPaths(objs []Object) []Object {
	out := slices.Clone(objs)
	for i, o := range out {
		if o.Kind == KCommand && len(o.Argv) == 1 && pathLike(o.Text) {
			out[i] = Object{Kind: KPath, Text: o.Text, Origin: o.Origin}
		}
	}
	return out
}

func (c *conds) add(sg *segment) {
	switch sg.role {
	case mBefore:
		c.before = append(c.before, sg.objs...)
		if langs := languageChange(sg.words); len(langs) > 0 && len(sg.objs) > 0 {
			// "before committing Go code changes", "before pushing changes to Rust
			// code": the order holds after changes in that language
			c.after = append(c.after, langs...)
			return
		}
		if len(sg.objs) == 0 && len(sg.words) > 0 {
			c.text = append(c.text, "before "+strings.Join(sg.words, " "))
		} else if q := qualifiedChange(sg.words); q != "" {
			c.text = append(c.text, "before committing "+q)
		}
	case mAfter:
		if len(sg.objs) == 0 && anyChangeWords(sg.words) {
			// "after every change", "after changing code": a change to anything
			sg.objs = append(sg.objs, Object{Kind: KPath, Text: "**", Origin: "words"})
			c.after = append(c.after, sg.objs...)
			return
		}
		c.after = append(c.after, changedPaths(sg.objs)...)
		named := slices.ContainsFunc(sg.objs, func(o Object) bool { return o.Origin == "language" || o.Origin == originKind })
		if len(sg.objs) == 0 && len(sg.words) > 0 {
			c.text = append(c.text, "after "+strings.Join(sg.words, " "))
		} else if q := qualifiedChange(sg.words); q != "" && !named {
			// "after Rust changes": the language names the files; no condition
			c.text = append(c.text, "after "+q)
		}
	case mWithout:
		for _, o := range sg.objs {
			switch o.Kind {
			case KFlag:
				c.lacking = append(c.lacking, o)
			case KCommand, KRole:
				c.prereq = append(c.prereq, o)
			}
		}
		if len(c.prereq) > 0 {
			return
		}
		if len(sg.objs) == 0 {
			for _, w := range sg.words {
				c.noArgs = c.noArgs || argumentWords[strings.ToLower(w)]
			}
		}
		// "without `-x` in CI-like loops": what else the clause says is a condition
		var rest []string
		for _, w := range sg.words {
			switch lw := strings.ToLower(w); {
			case argumentWords[lw], lw == "a", lw == "an", lw == "the", lw == "any", lw == "explicit", lw == "specifying", lw == "passing", lw == "giving", lw == "providing", lw == "flag", lw == "option", lw == "its", lw == "their":
			default:
				rest = append(rest, w)
			}
		}
		if len(rest) > 0 && (len(c.lacking) > 0 || c.noArgs) {
			c.text = append(c.text, strings.Join(rest, " "))
		}
	case mPurpose:
		for _, o := range sg.objs {
			if o.Kind == KPath {
				c.purpose = append(c.purpose, withOrigin(o, "purpose"))
			}
		}
		if len(sg.objs) == 0 && sg.verb != "format" && sg.verb != "reformat" {
			// "run `make check` to validate your changes": before the changes leave
			for _, w := range sg.words {
				if lw := strings.ToLower(w); lw == "changes" || lw == "work" {
					c.purpose = append(c.purpose, Object{Kind: KEvent, Text: "finish", Origin: "purpose"})
					break
				}
			}
		}
	case mUnless:
		c.text = append(c.text, "unless "+strings.Join(append(objTexts(sg.objs), sg.words...), " "))
	case mCond:
		if changeCond(sg) {
			// "if `pyproject.toml` changed, run ...": an order after that change
			for _, o := range changedPaths(sg.objs) {
				if o.Kind == KPath {
					c.after = append(c.after, o)
				}
			}
			return
		}
		c.when = append(c.when, sg.objs...)
		words := sg.words
		for len(words) > 0 && (words[len(words)-1] == "and" || words[len(words)-1] == "or" || words[len(words)-1] == ",") {
			words = words[:len(words)-1] // the conjunction that opened the next clause
		}
		c.text = append(c.text, strings.TrimSpace(strings.Join(append(objTexts(sg.objs), words...), " ")))
	}
}

// anyChange: the objects say only "a change to any file" ("the files you changed").
func anyChange(objs []Object) bool {
	for _, o := range objs {
		if o.Kind != KPath || o.Text != "**" || o.Origin != "words" {
			return false
		}
	}
	return len(objs) > 0
}

// qualifiedChange finds a kind of change the words narrow an event to ("before
// committing content changes"): heed cannot tell content changes from others.
func qualifiedChange(words []string) string {
	for j := 1; j < len(words); j++ {
		switch strings.ToLower(words[j]) {
		case "changes", "change", "updates", "edits":
		default:
			continue
		}
		switch q := strings.ToLower(words[j-1]); q {
		case "your", "the", "any", "all", "these", "those", "my", "of", "to", "new", "code", "local", "pending", "staged":
		default:
			return q + " " + strings.ToLower(words[j])
		}
	}
	return ""
}

// changeCond: a condition that files changed ("if `uv.lock` changed", "when you edit
// Python files"), naming them.
func changeCond(sg *segment) bool {
	// "when you modify code", "if you changed any files": a change to anything
	// a change among other conditions ("if the tool is not available and you only
	// changed code under `src/`") is not a plain change
	if len(sg.words) > 8 {
		return false
	}
	for _, w := range sg.words {
		switch strings.ToLower(w) {
		case "not", "only", "unless", "available", "unavailable", "except":
			return false
		}
	}
	if len(sg.objs) == 0 {
		change, what := false, false
		for k, w := range sg.words {
			lw := strings.ToLower(w)
			change = change || changeWords[lw] || lw == "modify"
			what = what || lw == "code" || lw == "files" || lw == "sources" || lw == "anything"
			if (lw == "code" || lw == "files") && k > 0 {
				// "if you touched the client code": the code of one part of the
				// project, which only the layout can name, not any change
				if q := strings.ToLower(sg.words[k-1]); areaWord(q) && !wholeCodeWords()[q] && !changeWords[q] {
					return false
				}
			}
		}
		if change && what {
			sg.objs = append(sg.objs, Object{Kind: KPath, Text: "**", Origin: "words"})
			return true
		}
		return false
	}
	paths, change := false, false
	for _, o := range sg.objs {
		if o.Kind == KPath {
			paths = true
		} else if o.Kind != KCode {
			return false
		}
	}
	for _, w := range sg.words {
		if changeWords[strings.ToLower(w)] {
			change = true
		}
	}
	return paths && change
}

func (c conds) merged(o conds) conds {
	return conds{
		text:    append(append([]string(nil), c.text...), o.text...),
		when:    append(append([]Object(nil), c.when...), o.when...),
		before:  append(append([]Object(nil), c.before...), o.before...),
		after:   append(append([]Object(nil), c.after...), o.after...),
		purpose: append(append([]Object(nil), c.purpose...), o.purpose...),
		lacking: append(append([]Object(nil), c.lacking...), o.lacking...),
		prereq:  append(append([]Object(nil), c.prereq...), o.prereq...),
		noArgs:  c.noArgs || o.noArgs,
	}
}

// isCond: a segment that conditions or orders a norm.
func isCond(role string) bool {
	return role == mCond || role == mUnless || role == mBefore || role == mAfter || role == mPurpose || role == mWithout
}

// passive: the words describe what happens to something ("being consumed by").
func passive(words []string) bool {
	for _, w := range words {
		switch strings.ToLower(w) {
		case "being", "been", "having", "getting":
			return true
		}
	}
	return false
}

// anaphor: the words refer back to objects named before ("never run it").
func anaphor(words []string) bool {
	for _, w := range words {
		switch strings.ToLower(w) {
		case "it", "them", "this", "that", "these", "those":
			return true
		}
	}
	return false
}

// sentenceResult is what one sentence yields.
type sentenceResult struct {
	norms []Norm
	// orphans are exceptions granted with no ban in the sentence ("`git clean -n` is
	// fine"): they belong to the previous sentence's ban
	orphans []Object
	// bare are bans that name only an action ("never update all dependencies"),
	// which a later sentence's required form may complete
	bare []*segment
	// last are the objects the sentence named last, for a later "it"
	last []Object
	// before and after: the order a sentence without a requirement states, for the
	// requirement of the next sentence
	before, after []Object
}

func build(s Sentence, segs []*segment, ctx Context, f buildFlags, prev []Object) sentenceResult {
	raw := s.Raw()
	base := Norm{Sentence: raw, Strength: "must"}
	if f.plainNaming {
		// whether a naming binds is for its section to say: a stack list
		// describes, a section of conventions states a rule
		base.Uncertain = []string{PlainNaming}
	}
	if f.should {
		base.Strength = "should"
	}
	if f.hedge {
		base.Hedge = HedgeAdvice
		base.Uncertain = append(base.Uncertain, "hedged")
	}
	// conditions at the sentence's start hold for every norm of it; a condition
	// after a clause holds for that clause ("run X after pulling, and never Y")
	var lead conds
	own := map[*segment]*conds{}
	leadOf := map[*segment]conds{} // the lead of the clause a main segment is in
	var except []Object
	var scope []string
	var lastMain *segment
	var seen []Object
	var lastPurpose []Object
	for _, sg := range segs {
		switch {
		case mainRoles[sg.role] || sg.role == mInstead:
			lastMain = sg
			own[sg] = &conds{}
			leadOf[sg] = lead
			// "never run it", "always run it before you commit": the objects named
			// before
			if (sg.role == mForbid || sg.role == mRequire) && len(sg.objs) == 0 && anaphor(sg.words) && (sg.verb == "run" || sg.verb == "use") {
				ref := seen
				if len(ref) == 0 {
					ref = prev
				}
				// "it" is one thing: after a list ("the `dev` and `build` scripts
				// already run it") it refers to something else
				if len(ref) == 1 || !singularAnaphor(sg.words) {
					sg.objs = append([]Object(nil), ref...)
				}
			}
		case isCond(sg.role):
			if sg.role == mPurpose {
				// "run `make fmt` to format `.go` files, and run `make lint-go` to lint
				// them": the files named before
				if len(sg.objs) == 0 && anaphor(sg.words) {
					sg.objs = append([]Object(nil), lastPurpose...)
				}
				lastPurpose = sg.objs
			}
			if lastMain == nil {
				lead.add(sg)
			} else {
				own[lastMain].add(sg)
			}
		case sg.role == clauseBreak:
			// "squash before the PR is merged, but never force-push": a condition of
			// the first clause is not one of the second's, and one before the second
			// clause's main is its own lead
			lead = conds{}
			lastMain = nil
		case sg.role == mExcept:
			except = append(except, sg.objs...)
		case sg.role == mScope:
			for _, o := range sg.objs {
				if o.Kind == KPath || o.Kind == KCode {
					scope = append(scope, strings.TrimPrefix(o.Text, "./"))
				}
			}
		}
		seen = append(seen, sg.objs...)
	}
	base.Except = except
	base.Scope = scope
	base.Subject = f.subject
	condsOf := func(sg *segment) conds {
		lead := lead
		if l, ok := leadOf[sg]; ok {
			lead = l
		}
		c := lead
		if o := own[sg]; o != nil {
			c = lead.merged(*o)
			// "Before committing: run `a`, and run `b` before submitting your PR": a
			// clause's own order replaces the sentence's in the same direction; "when
			// you change `docs/`, run `x` before you push" keeps the change it follows
			if len(o.before) > 0 {
				c.before = o.before
			}
			switch {
			case anyChange(o.after) && len(lead.after) > 0:
				// "after changing Go code, run `gofmt -w` on the files you changed":
				// the files are the Go files the sentence began with
				c.after = lead.after
			case len(o.after) > 0:
				c.after = o.after
			}
		}
		return c
	}
	var requires, forbids, reminds, permits, insteads []*segment
	for _, sg := range segs {
		switch sg.role {
		case mForbid:
			forbids = append(forbids, sg)
		case mRequire:
			requires = append(requires, sg)
		case mRemind:
			reminds = append(reminds, sg)
		case mPermit:
			permits = append(permits, sg)
		case mInstead:
			insteads = append(insteads, sg)
		}
	}
	// "`./gradlew apiCheck` must pass": the command the sentence starts with is what
	// must run and succeed, before the work leaves the session
	if len(requires) == 1 && requires[0].verb == "pass" && len(requires[0].objs) == 0 && segs[0].role == "" &&
		len(segs[0].objs) == 1 && segs[0].objs[0].Kind == KCommand && len(segs[0].words) == 0 {
		requires[0].objs = segs[0].objs
		base.Subject = ""
		if o := own[requires[0]]; o != nil && len(o.before)+len(o.after)+len(o.text)+len(lead.before)+len(lead.after)+len(lead.text) == 0 {
			o.before = append(o.before, Object{Kind: KEvent, Text: "finish", Origin: "pass"})
		}
	}
	// "Before you push, `cargo fmt --check` and `cargo clippy` must both succeed": the
	// commands between the condition and "must" are the subject that must pass
	if len(requires) == 1 && requires[0].verb == "pass" && len(requires[0].objs) == 0 {
		for k := 2; k < len(segs); k++ {
			subj := segs[k-1]
			if segs[k] != requires[0] || subj.role != "" || !isCond(segs[k-2].role) || len(subj.objs) == 0 || !onlyKind(subj.objs, KCommand) {
				continue
			}
			filler := true
			for _, w := range subj.words {
				filler = filler && (w == "and" || w == "both" || w == "all" || w == ",")
			}
			if filler {
				requires[0].objs = subj.objs
				subj.objs = nil
				base.Subject = ""
			}
		}
	}
	var out []Norm
	add := func(n Norm) {
		if len(n.Objects) == 0 && len(n.Before) == 0 && len(n.After) == 0 {
			return
		}
		out = append(out, n)
	}
	withConds := func(n *Norm, c conds, ban bool) {
		if ban {
			n.Lacking, n.NoArgs = c.lacking, c.noArgs
			// "do not amend commits after the PR is opened": a ban under a
			// condition heed cannot see
			for _, o := range c.after {
				c.text = append(c.text, "after "+o.Text)
			}
		}
		if len(c.text) > 0 {
			n.Condition = strings.Join(c.text, "; ")
		}
		n.When = c.when
		if ban && n.Condition != "" && !onlyEvents(c.when, n.Condition) {
			n.Uncertain = append(append([]string(nil), n.Uncertain...), "condition: "+n.Condition)
		}
		if ban && n.Subject != "" {
			n.Uncertain = append(append([]string(nil), n.Uncertain...), "the subject is not the reader: "+n.Subject)
		}
	}
	var reqObjs []Object
	for _, r := range requires {
		reqObjs = append(reqObjs, r.objs...)
	}
	// "do not commit until `make test` passes": the until's objects come first
	untilOf := map[*segment][]Object{}
	// "don't run `cargo build` before `cargo test`": one command banned before
	// another may say that the second needs the first done, or that the second makes
	// the first needless; only a state the second must reach ("passes"), or a banned
	// act that is no command run ("commit"), says which
	commandBeforeCommand := map[*segment]bool{}
	{
		var last *segment
		for _, sg := range segs {
			switch {
			case sg.role == mForbid:
				last = sg
			case sg.role == mUntil && last != nil:
				untilOf[last] = append(untilOf[last], sg.objs...)
				if sg.byBefore && onlyKind(last.objs, KCommand) && onlyKind(sg.objs, KCommand) && !namesOutcome(sg.words) {
					commandBeforeCommand[last] = true
				}
			}
		}
	}
	// bans
	var bare []*segment
	for _, fs := range forbids {
		if c := condsOf(fs); len(c.prereq) > 0 {
			// "never push without running `make test`": the test must have run before
			// the push, an order and not a ban
			n := base
			n.Polarity = Require
			n.Verb = "run"
			n.Objects = c.prereq
			n.Before = fs.objs
			if len(n.Before) == 0 {
				n.Before = []Object{{Kind: KEvent, Text: fs.verb, Origin: "verb"}}
			}
			c.prereq = nil
			withConds(&n, c, false)
			add(n)
			continue
		}
		if u, ok := untilOf[fs]; ok {
			if len(u) > 0 {
				n := base
				n.Polarity = Require
				n.Objects = u
				n.Before = fs.objs
				withConds(&n, condsOf(fs), false)
				if commandBeforeCommand[fs] {
					n.Uncertain = append(append([]string(nil), n.Uncertain...), "one command banned before another: the second may make the first needless rather than need it")
				}
				add(n)
			}
			continue // without what must come first, the order names nothing
		}
		if len(fs.objs) == 0 && fs.verb != "" {
			bare = append(bare, fs)
		}
		n := base
		n.Polarity = Forbid
		n.Verb = fs.verb
		n.Objects = fs.objs
		n.Together = f.together
		n.ByHand = (fs.verb == "run" || fs.verb == "use" || fs.verb == "") && len(fs.objs) > 0 && !hasKinds(fs.objs, KConcept, KEvent, KRole) && byHand(fs.words)
		if fs.should {
			n.Strength = "should"
		}
		if fs.passive && n.Subject == "" {
			n.Subject = "(a thing, in the passive voice)"
		}
		if compatible(fs.objs, reqObjs) {
			n.Instead = reqObjs
		}
		if slices.ContainsFunc(n.Objects, func(o Object) bool { return o.Kind == KConcept && o.Text == "publish" }) {
			// "do not publish the package to npm": the registry is where it goes,
			// not a tool banned beside the publishing
			n.Objects = slices.DeleteFunc(slices.Clone(n.Objects), func(o Object) bool { return o.Kind == KTool && packageRegistry(o.Text) })
		}
		merge := slices.ContainsFunc(fs.objs, func(o Object) bool { return o.Kind == KConcept && o.Text == "merge" })
		if len(fs.objs) > 1 && (merge || slices.ContainsFunc(fs.objs, func(o Object) bool { return o.Kind == KConcept && o.Text == "merge-pr" })) && namesTheMerge(fs.objs) {
			// "never merge a pull request yourself (`gh pr merge`)": the command
			// the sentence gives is the merge it bans
			n.Objects = slices.DeleteFunc(slices.Clone(fs.objs), func(o Object) bool { return o.Kind == KConcept })
			merge = false
		}
		if merge && len(fs.objs) > 1 {
			// "never merge directly into `master`", "never merge upstream `main` into
			// your branches": which way the merge goes decides, and a command line
			// does not show into which branch it merges
			continue
		}
		if merge {
			// "`master` = last released state — never merge directly": which merges,
			// into which branch, the words leave to the reader
			n.Uncertain = append(append([]string(nil), n.Uncertain...), "what is merged, and where, is not said")
		}
		withConds(&n, condsOf(fs), true)
		if merge && n.Condition != "" {
			// "we do not merge code without tests": a maintainer's policy on which
			// merges are taken, not a ban of merging
			continue
		}
		add(n)
	}
	// "use X instead of Y", "prefer X over Y", "use X, not Y": Y is banned
	for _, is := range insteads {
		if passive(is.words) {
			continue // "instead of being consumed by pnpm": no alternative named
		}
		n := base
		n.Polarity = Forbid
		n.Verb = is.verb
		n.Objects = is.objs
		n.Together = f.together // "use `git mv`, never `mv` and `git add` in one command"
		for _, r := range requires {
			if r.should {
				n.Strength = "should" // "prefer X over Y"
			}
		}
		n.Instead = reqObjs
		if len(reminds) > 0 && len(reqObjs) == 0 {
			for _, r := range reminds {
				n.Instead = append(n.Instead, r.objs...)
			}
		}
		c := condsOf(is)
		// the requirement's own conditions hold for its alternative too ("use X
		// instead of Y when ..."), unless the alternative is a clause of its own
		if !is.byBan {
			for _, r := range requires {
				c = c.merged(*own[r])
			}
		}
		withConds(&n, c, true)
		add(n)
	}
	// requirements (and reminders: a requirement, never a ban)
	for _, group := range [][]*segment{requires, reminds} {
		for _, rs := range group {
			n := base
			n.Polarity = Require
			n.Verb = rs.verb
			n.Objects = rs.objs
			n.Only = f.only
			if rs.should {
				n.Strength = "should"
			}
			c := condsOf(rs)
			n.Before, n.After = c.before, c.after
			if len(n.Before) == 0 && len(c.when) > 0 && onlyKind(c.when, KEvent) {
				// "when committing, run X", "use X when you're done": X comes first
				n.Before = c.when
				c.when, c.text = nil, nil
			}
			if len(n.Before) == 0 && len(n.After) == 0 && len(c.purpose) > 0 {
				// "run `make fmt` to format `.go` files": after changing them; "to
				// validate your changes": before they leave the session
				for _, o := range c.purpose {
					if o.Kind == KEvent {
						n.Before = append(n.Before, o)
					} else {
						n.After = append(n.After, o)
					}
				}
				n.Uncertain = append(append([]string(nil), n.Uncertain...), purposeInferred)
			}
			if slices.ContainsFunc(n.After, func(o Object) bool { return o.Kind == KPath && o.Origin == "" }) {
				// "after updating translations in `locales/en.json`": the path the
				// sentence names says which files, the kind only what they are
				n.After = slices.DeleteFunc(slices.Clone(n.After), func(o Object) bool { return o.Origin == originKind })
			} else if slices.ContainsFunc(n.After, func(o Object) bool { return o.Origin == originKind }) {
				n.Uncertain = append(n.Uncertain, kindInferred)
			}
			withConds(&n, c, false)
			// "Only amend if the user says so": a ban, under a condition heed cannot see
			if f.only && len(own[rs].text) > 0 && onlyKind(ownObjects(rs.objs), KConcept, KCommand, KTool) && len(c.before) == 0 && len(c.after) == 0 {
				b := base
				b.Polarity = Forbid
				b.Verb = rs.verb
				b.Objects = ownObjects(rs.objs)
				b.Condition = "unless " + strings.Join(own[rs].text, "; ")
				b.Uncertain = append(append([]string(nil), b.Uncertain...), "condition: "+b.Condition)
				out = append(out, b)
				continue
			}
			if rs.role == mRemind {
				n.Hedge = HedgeReminder
			}
			n.First = f.first
			n.Declarative = rs.declarative
			n.InsteadOfPrevious = f.insteadEnd && len(forbids) == 0 && len(insteads) == 0
			// "Always run them through `pnpm`": the way to do what the previous
			// sentence banned
			if len(forbids) == 0 && len(insteads) == 0 && anaphor(rs.words) && len(n.After) == 0 {
				// (not "after editing Go files, run `gofmt -w` on them": the files)
				n.InsteadOfPrevious = true
			}
			add(n)
		}
	}
	for _, ps := range permits {
		n := base
		n.Polarity = Permit
		n.Objects = ps.objs
		c := condsOf(ps)
		n.Before, n.After = c.before, c.after
		withConds(&n, c, false)
		add(n)
	}
	// "Create a draft pull request": an imperative that starts with a practice is a
	// requirement of it
	if len(out) == 0 && !f.only && len(segs) > 0 && segs[0].role == "" && len(segs[0].objs) > 0 && segs[0].objs[0].Kind == KConcept && imperativeOf(segs[0].objs[0].Text, s.Tokens[0].Low) {
		n := base
		n.Polarity = Require
		n.Objects = ownObjects(segs[0].objs)
		add(n)
	}
	// a sentence of objects with no marker at all, under an "only": "Only `pnpm`."
	if len(out) == 0 && f.only {
		for _, sg := range segs {
			if sg.role == "" && len(sg.objs) > 0 {
				// "Only amend commits if the user says so": a ban, under a condition
				// heed cannot see
				if c := condsOf(sg); len(c.text) > 0 && len(c.before)+len(c.after) == 0 && onlyKind(ownObjects(sg.objs), KConcept) {
					b := base
					b.Polarity = Forbid
					b.Objects = ownObjects(sg.objs)
					b.Condition = "unless " + strings.Join(c.text, "; ")
					b.Uncertain = append(append([]string(nil), b.Uncertain...), "condition: "+b.Condition)
					add(b)
					continue
				}
				n := base
				n.Polarity = Require
				n.Only = true
				n.Objects = sg.objs
				add(n)
			}
		}
	}
	if rf := requiredForms(base, bare, reqObjs); len(rf) > 0 {
		out = append(out, rf...)
		bare = nil
	}
	resolveImplicit(out, ctx)
	rolePasses(out)
	buildsBefore(out)
	passBefore(out)
	commandsInOrder(out)
	res := sentenceResult{norms: out, last: seen}
	if len(out) == 0 {
		// a sentence that only grants exceptions belongs to its neighbour's ban
		res.orphans = except
		// "Typecheck is critical before committing - always run `pnpm typecheck`":
		// an order whose requirement is the next sentence
		events := append(append([]Object(nil), lead.before...), lead.after...)
		if len(lead.text) == 0 && onlyKind(events, KEvent) {
			res.before, res.after = lead.before, lead.after
		}
	}
	res.bare = bare
	return res
}

// commandsInOrder: "All tests must pass before submitting PR (`make allunit`)": a
// requirement that names nothing to run, and an order that holds an event and a
// command, means the command is what to run before the event.
func commandsInOrder(ns []Norm) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Require || len(ownObjects(n.Objects)) > 0 && !onlyKind(n.Objects, KRole) {
			continue
		}
		var events, cmds []Object
		for _, o := range n.Before {
			switch o.Kind {
			case KEvent:
				events = append(events, o)
			case KCommand:
				cmds = append(cmds, o)
			}
		}
		if len(events) == 0 || len(cmds) == 0 || len(events)+len(cmds) != len(n.Before) {
			continue
		}
		n.Objects, n.Before = cmds, events
	}
}

// passBefore reads "every commit must pass `cargo test`" as an order: what the
// subject names (a commit, a pull request, a push, the changes) comes after the checks
// pass.
// buildsBefore: "rebuild before re-running tests", "always build before running the
// tests": the verb is the work, which the file's build commands do.
func buildsBefore(ns []Norm) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity == Require && n.Verb == "build" && len(n.Objects) == 0 && len(n.Before)+len(n.After) > 0 && n.Subject == "" {
			n.Objects = []Object{{Kind: KRole, Text: "build", Origin: "verb"}}
			n.Uncertain = append(n.Uncertain, "the build commands are inferred from the verb")
		}
	}
}

// rolePasses: "Tests must pass before you push", "the linter must be clean before
// committing": the subject is a command the file names by its role, which must run
// and succeed before the event.
func rolePasses(ns []Norm) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Require || n.Verb != "pass" || n.Subject == "" || len(n.Objects) > 0 || len(n.Before)+len(n.After) == 0 {
			continue
		}
		toks := Tokenize(n.Subject)
		role, k := roleAt(toks, 0)
		if k == 0 || k != len(toks) {
			continue
		}
		n.Objects = []Object{{Kind: KRole, Text: role, Origin: "subject"}}
		n.Subject, n.Verb = "", "run"
		n.Uncertain = slices.DeleteFunc(n.Uncertain, func(u string) bool { return strings.HasPrefix(u, "the subject is not the reader") })
	}
}

func passBefore(ns []Norm) {
	for i := range ns {
		n := &ns[i]
		// ("`zig build @check`": a command of a program heed does not know, by its
		// shape)
		shaped := slices.ContainsFunc(n.Objects, func(o Object) bool {
			return o.Kind == KCode && commandShaped(o.Text) && len(strings.Fields(o.Text)) > 1
		})
		if n.Polarity != Require || n.Verb != "pass" || n.Subject == "" || len(n.Before) > 0 || !hasKinds(n.Objects, KCommand, KRole) && !shaped {
			continue
		}
		ev := ""
		for _, w := range strings.Fields(n.Subject) {
			switch w {
			case "commit", "commits":
				ev = "commit"
			case "pr", "prs", "request", "requests":
				ev = "pr"
			case "push", "pushes":
				ev = "push"
			case "change", "changes", "code", "work", "contributions", "patches":
				if ev == "" {
					ev = "finish"
				}
			}
		}
		if ev == "" {
			continue
		}
		if q := subjectQualifier(n.Subject); q != "" {
			// "any pull request claiming performance improvements must include ...":
			// only such pull requests, which heed cannot tell apart
			n.Condition = q
			n.Uncertain = append(n.Uncertain, "condition: "+q)
		}
		n.Before = append(n.Before, Object{Kind: KEvent, Text: ev, Origin: "subject"})
		n.Subject, n.Verb = "", "run"
		n.Uncertain = slices.DeleteFunc(n.Uncertain, func(u string) bool { return strings.HasPrefix(u, "the subject is not the reader") })
	}
}

// subjectQualifier returns the part of a subject that narrows which events it means
// ("claiming performance improvements", "that touch the API"), "" for none.
func subjectQualifier(subject string) string {
	f := strings.Fields(subject)
	for i, w := range f {
		switch w {
		case "claiming", "that", "which", "with", "touching", "changing", "adding", "fixing", "for", "where", "whose":
			return strings.Join(f[i:], " ")
		}
	}
	return ""
}

// requiredForms: "NEVER update all dependencies and ALWAYS use `cargo update
// --precise`": a ban that names only an action, beside a required form of the command
// that action names, bans the command's bare form and allows the required one.
func requiredForms(base Norm, bare []*segment, reqObjs []Object) []Norm {
	var out []Norm
	for _, fs := range bare {
		for _, o := range reqObjs {
			if o.Kind != KCommand || len(o.Argv) < 3 || !verbNames(fs.verb, fs.words, o.Argv[1]) {
				continue
			}
			n := base
			n.Polarity = Forbid
			n.Verb = fs.verb
			n.Objects = []Object{{Kind: KCommand, Text: o.Argv[0] + " " + o.Argv[1], Argv: o.Argv[:2], Origin: "required form"}}
			n.Except = append(append([]Object(nil), base.Except...), o)
			n.Instead = []Object{o}
			out = append(out, n)
		}
	}
	return out
}

// verbNames: the ban's verb is the subcommand ("update" and `cargo update`).
func verbNames(verb string, words []string, sub string) bool {
	if verb == sub {
		return true
	}
	for _, w := range words {
		if strings.ToLower(w) == sub {
			return true
		}
	}
	return false
}

// onlyEvents: the condition only names events the lowering reads ("when pushing").
func onlyEvents(when []Object, cond string) bool {
	if len(when) == 0 {
		return false
	}
	for _, o := range when {
		if o.Kind != KEvent && o.Kind != KCommand {
			return false
		}
	}
	if len(strings.Fields(cond)) > len(when)*3 {
		return false
	}
	// "when pushing", "when you open a PR": the event and its fillers; "when a
	// merge conflicts" says more than the merge
	toks := Tokenize(cond)
	for i := 0; i < len(toks); i++ {
		if _, n := eventAt(toks, i); n > 0 {
			i += n - 1
			continue
		}
		if toks[i].Punct || toks[i].Code || momentWord(toks[i].Low) {
			continue
		}
		switch toks[i].Low {
		case "when", "whenever", "while", "if", "on", "during", "in", "for", "of", "every", "each",
			// what an event carries: "when pushing updates to the PR"
			"updates", "update", "changes", "change", "code", "work", "branch", "branches", "it", "them", "this", "that", "our":
			continue
		}
		return false
	}
	return true
}

func objTexts(os []Object) []string {
	var out []string
	for _, o := range os {
		out = append(out, o.Text)
	}
	return out
}

// resolveImplicit gives a ban of options the command its context names: the
// sentence's own condition ("when pushing"), its heading, or its list's lead-in.
func resolveImplicit(ns []Norm, ctx Context) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Forbid || !onlyKind(n.Objects, KFlag) {
			continue
		}
		for _, o := range n.When {
			if o.Kind == KEvent || o.Kind == KCommand {
				n.Objects = append([]Object{withOrigin(o, "condition")}, n.Objects...)
				goto next
			}
		}
		// "never build with `--release`": the section's command whose subcommand the
		// verb names
		if n.Verb != "" {
			var cmds []Object
			progs := map[string]bool{}
			lines := append([]string(nil), ctx.Block...)
			if ctx.Section != nil {
				lines = append(lines, ctx.Section()...)
			}
			for _, line := range lines {
				o := classify(line, ctx)
				if o.Kind != KCommand || len(o.Argv) < 2 || o.Argv[1] != n.Verb || progs[o.Argv[0]] {
					continue
				}
				progs[o.Argv[0]] = true
				cmds = append(cmds, Object{Kind: KCommand, Text: o.Argv[0] + " " + o.Argv[1], Argv: o.Argv[:2], Origin: "section"})
			}
			if len(cmds) == 1 {
				n.Objects = append(cmds, n.Objects...)
				continue
			}
		}
		for _, src := range []struct{ text, origin string }{{ctx.LeadIn, "lead-in"}, {lastHeading(ctx.Heading), "heading"}} {
			if src.text == "" {
				continue
			}
			var cmds []Object
			for _, t := range Tokenize(src.text) {
				if t.Code {
					if o := classify(t.Text, ctx); o.Kind == KCommand {
						cmds = append(cmds, withOrigin(o, src.origin))
					}
				}
			}
			if len(cmds) == 1 {
				n.Objects = append(cmds, n.Objects...)
				goto next
			}
		}
		// "No `--no-verify` — ever": an option only one practice has
		if c := flagPractice(n.Objects); c != "" {
			n.Objects = []Object{{Kind: KConcept, Text: c, Origin: "option"}}
			continue
		}
		// "never commit with `--no-verify`": a verb that only git performs
		if gitVerbs[n.Verb] && ctx.Command != nil {
			if argv, ok := ctx.Command("git " + n.Verb); ok {
				n.Objects = append([]Object{{Kind: KCommand, Text: "git " + n.Verb, Argv: argv, Origin: "verb"}}, n.Objects...)
			}
		}
	next:
	}
}

func withOrigin(o Object, origin string) Object {
	o.Origin = origin
	return o
}

func lastHeading(h []string) string {
	if len(h) == 0 {
		return ""
	}
	return h[len(h)-1]
}

// ownObjects are the objects the sentence names itself, not those its code block or
// context supplied.
func ownObjects(os []Object) []Object {
	var out []Object
	for _, o := range os {
		if o.Origin == "" {
			out = append(out, o)
		}
	}
	return out
}

func hasKinds(os []Object, ks ...Kind) bool {
	for _, o := range os {
		for _, k := range ks {
			if o.Kind == k {
				return true
			}
		}
	}
	return false
}

// onlyKind: there are objects, and every one is of one of the kinds.
func onlyKind(os []Object, ks ...Kind) bool {
	if len(os) == 0 {
		return false
	}
	for _, o := range os {
		if !hasKinds([]Object{o}, ks...) {
			return false
		}
	}
	return true
}

// BanStrength reports whether text forbids something it names ("Refrain from running
// `x`", "No `yarn`, no `npm`"), and how strongly: "must", "should", or "" when it
// forbids nothing it names. The extractor asks it for sentences its own level words
// miss, so a ban is never dropped as information.
// RequireStrength is "must" or "should" when text requires running or using
// something named in a code span as an instruction to the reader, in any language
// the reader knows ("Перед коммитом запускайте `npm test`"), and "" otherwise.
func RequireStrength(text string) string {
	for _, n := range Read(text, Context{}) {
		if n.Polarity != Require || n.Subject != "" || n.Declarative || n.Hedge != "" || n.Verb != "run" && n.Verb != "use" {
			continue
		}
		if hasKinds(n.Objects, KCode, KCommand) {
			return n.Strength
		}
	}
	return ""
}

func BanStrength(text string) string {
	strength := ""
	for _, n := range Read(text, Context{}) {
		if n.Polarity != Forbid || n.Subject != "" || n.Hedge == HedgeReminder {
			continue
		}
		if slices.Contains(n.Uncertain, PlainNaming) && !NamesPackageManagement(text) {
			// a plain naming's rival ("Vitest (not Jest)") is banned where its
			// section states conventions, which the extractor decides; "Package
			// manager: uv (not pip)" says what the naming is for
			continue
		}
		for _, o := range n.Objects {
			if o.Kind == KPath {
				continue
			}
			if n.Strength == "must" {
				return "must"
			}
			strength = "should"
		}
	}
	return strength
}

// RequiredForms completes, with the requirements of ns, the bans of banText that name
// only an action: "NEVER update all dependencies at once" followed by "ALWAYS use
// `cargo update --precise`" (two clauses the extractor may keep apart) bans the bare
// `cargo update` and allows the required form.
func RequiredForms(banText string, ctx Context, ns []Norm) []Norm {
	var bare []*segment
	for _, s := range Sentences(banText) {
		bare = append(bare, readSentence(s, ctx, nil).bare...)
	}
	var req []Object
	for _, n := range ns {
		if n.Polarity == Require {
			req = append(req, n.Objects...)
		}
	}
	if len(bare) == 0 || len(req) == 0 {
		return nil
	}
	return requiredForms(Norm{Sentence: banText, Strength: "must"}, bare, req)
}

// tableRow reads a table row by its header: a cell under "Don't" is banned, a cell
// under "Do instead" is its alternative, other columns (reasons, names) are left out.
// A row of a table with no such header is read as it is.
func tableRow(text string, columns []string) string {
	cells := strings.Split(text, " | ")
	if len(columns) == 0 || len(cells) != len(columns) {
		return text
	}
	var ban, alt []string
	for i, h := range columns {
		c := strings.TrimSpace(cells[i])
		if c == "" {
			continue
		}
		switch columnRole(h) {
		case mForbid:
			ban = append(ban, c)
		case mRequire:
			alt = append(alt, c)
		}
	}
	if len(ban) == 0 {
		return text
	}
	out := "Never use " + strings.Join(ban, " or ") + "."
	if len(alt) > 0 {
		out += " Use " + strings.Join(alt, " or ") + " instead."
	}
	return out
}

// changeColumns and commandColumns are the headers of a table of changes and the
// commands each needs ("| Change | Run |", "| If you changed | Required checks |").
var (
	// the words a header of a table's change column says ("Change", "If you touch",
	// "Files modified"), and of its command column ("Run", "Then run", "Regenerate
	// with", "Required checks")
	changeColumns = sync.OnceValue(func() map[string]bool {
		return map[string]bool{"change": true, "changes": true, "changed": true, "changing": true, "touch": true,
			"touched": true, "touching": true, "modify": true, "modified": true, "modifying": true, "edit": true,
			"edited": true, "editing": true, "situation": true}
	})
	commandColumns = sync.OnceValue(func() map[string]bool {
		return map[string]bool{"run": true, "command": true, "commands": true, "check": true, "checks": true,
			"validation": true, "verify": true, "validate": true, "regenerate": true, "rebuild": true, "execute": true}
	})
)

// ConditionalItem: a list item holds a step only under a condition of its own, said in
// passing ("`bin/rails test:system` - system tests (only when applicable)", "`make
// docs` (if you changed the API)", "optional: `make bench`").
func ConditionalItem(text string) bool {
	low := " " + strings.ToLower(strings.NewReplacer("(", " ", ")", " ", ",", " ", ":", " ", ";", " ", ". ", " ").Replace(strings.TrimSuffix(strings.TrimSpace(text), "."))) + " "
	for _, w := range []string{" if ", " only when ", " when applicable ", " where applicable ", " if applicable ", " optional ", " optionally ", " when needed ", " if needed ", " when relevant ", " where relevant ", " if relevant ", " unless "} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// ChangeTable: the header (cells joined by " | ") is that of a table of changes and
// the commands each needs.
func ChangeTable(header string) bool {
	_, ok := changeTableRow("x | `y`", strings.Split(header, " | "))
	return ok
}

// changeTableRow turns a row of a table of changes and commands into the order it
// states: "After changing Rust code, run `cargo test`.". ok is false for any other row.
// changeSubjectOrder reads a sentence whose subject is a change of named files and
// whose predicate asks for a command ("Any change to `package.json` must be followed
// by `pnpm install`", "Changes to `src/api/` require regenerating the spec (`npm run
// openapi`)") as the order it states: after changing those files, run the command.
// The files must be named in spans and the command must be one; "Changes to `X`
// require a changelog entry" names no command and is left to the other readings.
func changeSubjectOrder(text string, ctx Context) (string, bool) {
	// most sentences start otherwise: tell before tokenising (the extractor asks of
	// every sentence it levels)
	first, _, _ := strings.Cut(strings.TrimLeft(text, " *_>-"), " ")
	first = strings.ToLower(first)
	if !changeQuantifiers()[first] && !changeNouns()[first] {
		return "", false
	}
	toks := Tokenize(text)
	i := 0
	if i < len(toks) && changeQuantifiers()[toks[i].Low] {
		i++
	}
	if i >= len(toks) || !changeNouns()[toks[i].Low] {
		return "", false
	}
	i++
	if i >= len(toks) || !changePrepositions()[toks[i].Low] {
		return "", false
	}
	i++
	var paths []string
	for ; i < len(toks) && !toks[i].Punct; i++ {
		t := toks[i]
		if t.Code {
			if !pathLike(t.Text) && !strings.Contains(t.Text, ".") {
				return "", false
			}
			paths = append(paths, "`"+t.Text+"`")
			continue
		}
		if rest := joinLow(toks[i:]); slices.ContainsFunc(changeFollowers, func(p string) bool { return strings.HasPrefix(rest, p) }) {
			break
		}
		if t.Low != "and" && t.Low != "or" && t.Low != "the" && t.Low != "any" && t.Low != "files" && t.Low != "file" && t.Low != "folder" && t.Low != "directory" {
			return "", false
		}
	}
	if len(paths) == 0 || i >= len(toks) {
		return "", false
	}
	var cmds []string
	for _, t := range toks[i:] {
		if !t.Code {
			if phraseAt([]Token{t}, 0, mForbid) > 0 {
				return "", false
			}
			continue
		}
		if o := classify(t.Text, ctx); o.Kind == KCommand || o.Kind == KCode && commandShaped(t.Text) && strings.Contains(t.Text, " ") {
			cmds = append(cmds, "`"+t.Text+"`")
		}
	}
	rest := joinLow(toks[i:])
	if len(cmds) == 0 || !slices.ContainsFunc(changeFollowers, func(p string) bool { return strings.HasPrefix(rest, p) }) {
		return "", false
	}
	run := ", run "
	if strings.HasPrefix(rest, "should") {
		run = ", you should run "
	}
	return "After changing " + strings.Join(paths, " or ") + run + strings.Join(cmds, " and ") + ".", true
}

// ChangeOrderLevel is the strength of a sentence changeSubjectOrder reads ("must" or
// "should"), or "" when it reads none: the extractor gives such a sentence, modal or
// not ("Changes to `x/` require `make gen`"), the level of the order it states.
func ChangeOrderLevel(text string) string {
	order, ok := changeSubjectOrder(text, Context{})
	switch {
	case !ok:
		return ""
	case strings.Contains(order, "you should run"):
		return "should"
	}
	return "must"
}

var (
	changeQuantifiers = sync.OnceValue(func() map[string]bool {
		return map[string]bool{"any": true, "every": true, "all": true, "each": true}
	})
	changeNouns = sync.OnceValue(func() map[string]bool {
		return map[string]bool{"change": true, "changes": true, "modification": true, "modifications": true, "edit": true, "edits": true, "update": true, "updates": true}
	})
	changePrepositions = sync.OnceValue(func() map[string]bool {
		return map[string]bool{"to": true, "in": true, "under": true, "of": true, "inside": true, "within": true}
	})
	// what the predicate starts with when it asks for a command after the change
	changeFollowers = []string{"must be followed by", "should be followed by", "need to be followed by", "needs to be followed by",
		"require", "requires", "need ", "needs ", "must trigger", "must be accompanied by", "should be accompanied by"}
)

// columnSays: a header's words include one of the column's words.
func columnSays(header string, words map[string]bool) bool {
	for _, w := range strings.FieldsFunc(header, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if words[w] {
			return true
		}
	}
	return false
}

// WhenTableRow: text is a row of a table with the header given (cells joined by " |
// ") that says a command and when it runs ("| Format | `npm run fmt` | before each
// commit |").
func WhenTableRow(text, header string) bool {
	_, ok := whenTableRow(text, strings.Split(header, " | "))
	return ok
}

// whenTableRow reads a row of a table that gives a command and when to run it (a
// "When" column whose cell is an order's moment: "before each commit", "after editing
// `api/`") as that order.
func whenTableRow(text string, columns []string) (string, bool) {
	cells := strings.Split(text, " | ")
	if len(columns) < 2 || len(cells) != len(columns) {
		return "", false
	}
	cmd, when := -1, -1
	lead := "" // the word a column's header gives its cells ("Required before": "commit")
	for i, h := range columns {
		h = strings.ToLower(strings.Trim(strings.TrimSpace(h), "*_:`"))
		switch {
		case h == "when" || strings.HasPrefix(h, "when ") || h == "run when" || h == "timing" || h == "required when":
			when = i
		case h == "before" || h == "required before" || h == "run before" || h == "needed before":
			when, lead = i, "before"
		case h == "after" || h == "required after" || h == "run after":
			when, lead = i, "after"
		case columnSays(h, commandColumns()) && (cmd < 0 || !codeCell(cells[cmd])):
			// "| Check | Command | ... |": the column whose cell is the command
			cmd = i
		}
	}
	if cmd < 0 || when < 0 {
		return "", false
	}
	c, w := strings.TrimSpace(cells[cmd]), strings.TrimSpace(cells[when])
	if lw := strings.ToLower(w); lead != "" && !strings.HasPrefix(lw, "before ") && !strings.HasPrefix(lw, "after ") {
		// "| Vet | `go vet ./...` | commit |" under "Required before"; a cell that
		// names no moment ("CI only") is no order
		if !momentCell(lead, lw) {
			return "", false
		}
		w = lead + " " + w
	}
	if !strings.HasPrefix(c, "`") || strings.Count(c, "`") != 2 || !OrderLead(w) {
		return "", false
	}
	return "Run " + c + " " + w + ".", true
}

// momentCell: the cell of a "Required before" column names an act the order comes
// before ("commit", "each push", "opening a PR"); one of a "Required after" column
// names a change ("editing `api/`", "schema changes").
func momentCell(lead, cell string) bool {
	f := strings.Fields(strings.Trim(cell, "."))
	if len(f) == 0 || len(f) > 4 {
		return false
	}
	if lead == "after" {
		return strings.Contains(cell, "`") || strings.HasSuffix(f[0], "ing") || f[len(f)-1] == "changes" || f[len(f)-1] == "change"
	}
	switch f[len(f)-1] {
	case "commit", "commits", "committing", "push", "pushes", "pushing", "pr", "prs", "request", "requests", "merge", "merging", "release", "review":
		return true
	}
	return false
}

// codeCell: a table cell that is one code span.
func codeCell(c string) bool {
	c = strings.TrimSpace(c)
	return strings.HasPrefix(c, "`") && strings.HasSuffix(c, "`") && strings.Count(c, "`") == 2
}

// finishWith reads "Always finish with `X`", "Finish every task by running `X`", "End
// each change with `X`" as the order to run X before the work is done.
func finishWith(text string) (string, bool) {
	toks := Tokenize(strings.TrimSpace(text))
	i := 0
	if i < len(toks) && (toks[i].Low == "always" || toks[i].Low == "please") {
		i++
	}
	if i >= len(toks) || toks[i].Low != "finish" && toks[i].Low != "end" && toks[i].Low != "conclude" {
		return "", false
	}
	i++
	// "every task", "each change", "your work", "the session"
	for k := 0; k < 2 && i < len(toks) && !toks[i].Code && toks[i].Low != "with" && toks[i].Low != "by"; k++ {
		i++
	}
	if i >= len(toks) || toks[i].Low != "with" && toks[i].Low != "by" {
		return "", false
	}
	i++
	if i < len(toks) && (toks[i].Low == "running" || toks[i].Low == "executing") {
		i++
	}
	if i >= len(toks) || !toks[i].Code {
		return "", false
	}
	var spans []string
	for ; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.Code:
			spans = append(spans, "`"+t.Text+"`")
		case t.Low == "and" || t.Text == ",":
		case t.Punct && (t.Text == "." || t.Text == "!"):
			i = len(toks)
		default:
			return "", false
		}
	}
	return "Run " + strings.Join(spans, " and ") + " before finishing.", true
}

func changeTableRow(text string, columns []string) (string, bool) {
	cells := strings.Split(text, " | ")
	if len(columns) != 2 || len(cells) != 2 {
		return "", false
	}
	head := func(h string) string { return strings.ToLower(strings.Trim(strings.TrimSpace(h), "*_:`")) }
	if !columnSays(head(columns[0]), changeColumns()) || !columnSays(head(columns[1]), commandColumns()) {
		return "", false
	}
	change, cmd := strings.TrimSpace(cells[0]), strings.TrimSpace(cells[1])
	if change == "" || !strings.HasPrefix(cmd, "`") {
		return "", false
	}
	return "After changing " + change + ", run " + cmd + ".", true
}

// Alternatives gives the bans of ns the alternatives that the sentences of next (the
// clause after them, which the extractor may keep apart) name for them: "...; use X
// instead", "Always run them through `pnpm`", "this repo uses pnpm".
func Alternatives(ns []Norm, next string, ctx Context) {
	ban := lastForbid(ns)
	if ban == nil || len(ban.Instead) > 0 {
		return
	}
	for _, n := range Read(next, ctx) {
		if n.Polarity == Require && (n.InsteadOfPrevious || sameFamily(ban.Objects, n.Objects)) {
			ban.Instead = append(ban.Instead, n.Objects...)
		}
	}
}

// listRefRE-like phrases: the words of a lead-in that stand for the list after it.
// rejectedTail is where a lead-in's closing alternative starts ("... instead of
// running tools directly"), when it names no command of its own: -1 when it has none.
func rejectedTail(low string) int {
	for _, m := range []string{" instead of ", " rather than "} {
		if i := strings.LastIndex(low, m); i > 0 && !strings.Contains(low[i:], "`") {
			return i
		}
	}
	return -1
}

var listRefs = []string{"all of the following commands", "all of the following checks", "all of the following", "each of the following", "all of these", "each of these", "all the following", "the following commands", "the following checks", "the following steps", "the following", "these commands", "these checks", "these steps", "these", "the commands below", "the checks below", "them"}

// ReadItem reads a list item that is only a command (`make lint`, or `make lint` –
// what it does) under a lead-in that says what to do with the list ("Never run these
// commands:", "Run the following before creating a pull request:"): the lead-in's
// norm, about the item's command. It returns nil for any other item.
func ReadItem(item string, ctx Context) []Norm {
	item, ctx = inEnglish(item, ctx)
	momentOnly := false
	// "A task is not done until all of the following hold:": done in other words
	doneUntil := DoneLead(ctx.LeadIn) && !definesDone(ctx.LeadIn)
	if p := PrerequisiteLead(ctx.LeadIn); p != "" {
		ctx.LeadIn = p
	} else if p := MomentLead(ctx.LeadIn); p != "" {
		ctx.LeadIn, momentOnly = p, true // "Before you commit:"
	} else if p := BanLead(ctx.LeadIn); p != "" {
		ctx.LeadIn = p // "Forbidden commands:"
	}
	askLead := AskLead(ctx.LeadIn)
	if askLead {
		// "The following commands need the maintainer's sign-off before you run
		// them:": each item waits for a yes
		ctx.LeadIn = "Never run the following:"
	}
	toks := bareItem(Tokenize(item), ctx)
	checklist := false
	if ctx.LeadIn == "" {
		// a list of commands under the heading "Before Every Commit"
		h := lastHeading(ctx.Heading)
		hl := strings.Trim(strings.ToLower(strings.TrimSpace(h)), "*_:!`'’ ")
		switch lead := headingOrder(ctx.Heading); {
		case lead != "":
			ctx.LeadIn = lead
			checklist = checklistHeading(ctx.Heading)
		case banHeadings[hl] || strings.HasPrefix(hl, "never "):
			// "### Don't" and "- `docker system prune -a`"
			ctx.LeadIn = "Never run the following:"
			if hl == "avoid" {
				ctx.LeadIn = "Avoid the following:"
			}
		default:
			return nil
		}
	}
	// "Format Code: `script/lint` (runs ...)", "**Lint** (required): `make lint`": a
	// short label before the command; "Ruby code: `bundle exec rubocop`" names the
	// files whose change calls for it
	var areas []Object
	unnamedArea := ""
	for k := 1; k <= 6 && k+1 < len(toks); k++ {
		if toks[k].Punct && toks[k].Text == ":" && toks[k+1].Code {
			label := true
			for _, t := range toks[:k] {
				label = label && !t.Code && (!t.Punct || t.Text == "(" || t.Text == ")")
			}
			if label && requiresOnly(ctx) {
				areas = labelArea(toks[:k])
				if len(areas) == 0 && areaLabel(toks[:k]) {
					// "Gherkin files: `npm run gherkin-lint`": files heed cannot name
					unnamedArea = joinLow(toks[:k])
				}
				toks = toks[k+1:]
			}
			break
		}
	}
	if len(toks) == 0 || !toks[0].Code {
		return nil
	}
	if o := classify(toks[0].Text, ctx); o.Kind != KCommand && !(commandShaped(o.Text) && len(strings.Fields(o.Text)) > 1) {
		// (a step of an order may be a program heed does not know: `buf lint`)
		return nil
	}
	// the rest of the item only describes the command (options it may take
	// included: "`npm run lint`: you can include `-- --fix`"; what it runs, in
	// parentheses: "`npm run lint` (prettier `--check` + `ruff check`)")
	depth := 0
	for k, t := range toks[1:] {
		if !t.Code && t.Punct {
			switch t.Text {
			case "(":
				depth++
				if asideAlternative(toks[k+2:]) {
					return nil // "(or `golangci-lint run`)": another way, a sentence of its own
				}
			case ")":
				depth--
			}
			continue
		}
		if t.Code && depth == 0 && !strings.HasPrefix(strings.TrimSpace(t.Text), "-") {
			return nil // several commands: a sentence of its own
		}
	}
	if doneForYou(toks[1:]) {
		// "`make fmt` is run for you by the pre-commit hook": what the project
		// does, not a step of the reader's
		return nil
	}
	lead := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(ctx.LeadIn), ":"))
	lead = checkingLead(lead)
	span := "`" + toks[0].Text + "`"
	low := strings.ToLower(lead)
	text := lead + " " + span
	placed := false
	for _, ref := range listRefs {
		if i := indexWord(low, ref); i >= 0 {
			text = lead[:i] + span + lead[i+len(ref):]
			placed = true
			break
		}
	}
	if i := rejectedTail(low); !placed && i > 0 {
		// "Always use Makefile targets instead of running tools directly:" over
		// "`make build` — build the project": the items are what to use, not the
		// rejected alternative the lead-in ends with
		text = strings.TrimSpace(lead[:i]) + " " + span + " " + lead[i:]
	}
	inner := ctx
	inner.LeadIn = ""
	var out []Norm
	where := containerRE().FindString(strings.ToLower(lead))
	if where == "" && unnamedArea != "" {
		where = "after changes to " + unnamedArea
	}
	if q := narrowingTail(toks[1:]); where == "" && q != "" && itemBanLeadRE().MatchString(low) {
		// "### Don't" over "`cargo update` without asking first", "Forbidden
		// operations:" over "`git rebase` on shared branches": the ban holds for
		// the command only where or how the item says
		where = q
	}
	if where == "" && ConditionalItem(item) {
		// "`bin/rails test:system` - system tests (only when applicable)": a step
		// of the list only under its own condition
		where = "the item's own condition"
	}
	for _, n := range Read(text, inner) {
		if slices.ContainsFunc(n.Objects, func(o Object) bool { return o.Origin == "job" }) {
			continue // the lead-in's own reading, not the item's
		}
		for i := range n.Objects {
			if n.Objects[i].Text == toks[0].Text {
				n.Objects[i].Origin = "item"
			}
		}
		if where != "" && n.Condition == "" {
			n.Condition = where
			n.Uncertain = append(n.Uncertain, "condition: "+where)
		}
		if checklist {
			n.Uncertain = append(n.Uncertain, checklistHeadingItem)
		}
		if momentOnly {
			n.Uncertain = append(n.Uncertain, momentOnlyLead)
		}
		if askLead && n.Polarity == Forbid {
			n.Ask = true
			n.Uncertain = append(n.Uncertain, askBeforeUncertain)
		}
		if doneUntil {
			n.Uncertain = append(n.Uncertain, doneUntilLead)
		}
		if len(areas) > 0 && n.Polarity == Require && len(n.After) == 0 {
			n.After = append(n.After, areas...)
		}
		out = append(out, n)
	}
	return out
}

// itemBanLeadRE: a lead-in (as ReadItem restates it) that bans its items.
var itemBanLeadRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(?:never|not|don't|avoid|forbidden|prohibited|banned)\b`)
})

// narrowers open a phrase that narrows a command named just before it: where, when or
// how it is meant ("on shared branches", "without asking first", "in CI").
var narrowers = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"on": true, "in": true, "without": true, "unless": true, "when": true, "while": true,
		"outside": true, "except": true, "during": true, "inside": true, "within": true, "against": true, "to": true,
		"if": true, "with": true, "for": true, "before": true, "after": true, "from": true, "into": true}
})

// narrowingTail is the phrase that follows an item's command and narrows it ("on
// shared branches"), "" when the command is followed by nothing, a description after
// a dash or colon, or an aside in parentheses.
func narrowingTail(rest []Token) string {
	if len(rest) == 0 || rest[0].Code || rest[0].Punct || !narrowers()[rest[0].Low] {
		return ""
	}
	end := len(rest)
	for k, t := range rest {
		if t.Punct && !t.Code && t.Text != "'" && t.Text != "’" {
			end = k
			break
		}
	}
	return joinLow(rest[:end])
}

// labelArea: the files a list item's label names ("Ruby code", "Gherkin files",
// "Python"), whose change the item's command follows; nil for a label that names none
// ("Format code", "Lint").
func labelArea(label []Token) []Object {
	var out []Object
	for i := 0; i < len(label); i++ {
		if globs, n := fileKindAt(label, i); n > 0 {
			for _, g := range globs {
				out = append(out, Object{Kind: KPath, Text: g, Origin: "label"})
			}
			i += n - 1
			continue
		}
		if globs, ok := languageGlobs()[label[i].Low]; ok && !(label[i].Low == "go" && !nextIsCodeWord(label, i)) {
			for _, g := range globs {
				out = append(out, Object{Kind: KPath, Text: g, Origin: "label"})
			}
		}
	}
	return out
}

// areaLabel: a label speaks of a kind of file or code ("Proto files", "Frontend code").
func areaLabel(label []Token) bool {
	// "Check code style: `./mvnw spotless:check`": a step named by what it does
	if len(label) > 0 && (meansVerbs[label[0].Low] || verbForms()[label[0].Low] != "") {
		return false
	}
	for _, t := range label {
		switch t.Low {
		case "files", "file", "code", "sources", "changes", "templates", "stylesheets", "scripts":
			return true
		}
	}
	return false
}

// requiresOnly: the lead-in asks for what its list names and bans nothing ("Run these
// before committing:", not "Never use pytest directly; use:" or "NEVER return control
// without ensuring:").
func requiresOnly(ctx Context) bool {
	inner := ctx
	inner.LeadIn, inner.Block = "", nil
	req := false
	for _, n := range Read(ctx.LeadIn, inner) {
		switch n.Polarity {
		case Forbid:
			return false
		case Require:
			req = true
		}
	}
	return req && !strings.Contains(strings.ToLower(ctx.LeadIn), "never") && !strings.Contains(strings.ToLower(ctx.LeadIn), "not ")
}

// banHeadings are headings of a list of what not to do.
var banHeadings = map[string]bool{"don't": true, "don’t": true, "dont": true, "do not": true, "never": true, "avoid": true,
	"forbidden": true, "forbidden commands": true, "prohibited": true, "not allowed": true, "banned": true, "don'ts": true}

// indexWord finds phrase in s at word boundaries.
func indexWord(s, phrase string) int {
	for from := 0; ; {
		i := strings.Index(s[from:], phrase)
		if i < 0 {
			return -1
		}
		i += from
		before := i == 0 || s[i-1] == ' '
		after := i+len(phrase) == len(s) || strings.ContainsRune(" ,.;:", rune(s[i+len(phrase)]))
		if before && after {
			return i
		}
		from = i + 1
	}
}

// reasonFollows reports whether the words from i open a clause of their own ("the
// recipes are equivalent", "it is faster"), not a list of what the rule names.
func reasonFollows(toks []Token, i int) bool {
	if i >= len(toks) || toks[i].Code || toks[i].Punct {
		return false
	}
	return reasonOpeners()[toks[i].Low]
}

// clauseBreak is the segment role of a "but" that joins a second clause.
const clauseBreak = "clause-break"

// joinWrapped reads "`sudo` with `pip`", "`pip` with `sudo`" and "`pip install` with
// sudo" as the one command line they make together (`sudo pip`), so a ban of the
// combination is not a ban of each program on its own.
func joinWrapped(toks []Token) []Token {
	for i := 0; i+2 < len(toks); i++ {
		// "never run `npm` as root": the command under sudo
		if toks[i].Code && !toks[i+1].Code && toks[i+1].Low == "as" && !toks[i+2].Code && (toks[i+2].Low == "root" || toks[i+2].Low == "superuser") {
			out := append([]Token(nil), toks[:i]...)
			out = append(out, Token{Text: "sudo " + toks[i].Text, Low: strings.ToLower("sudo " + toks[i].Text), Code: true})
			return append(out, toks[i+3:]...)
		}
		a, w, b := toks[i], toks[i+1], toks[i+2]
		if a.Code && commandWrappers()[firstField(a.Text)] && !w.Code && w.Low == "for" && (b.Code || wrappedTools()[b.Low] != "") {
			// "Do not use `sudo` for npm installs": sudo over that tool, not every
			// sudo (batch 640: `sudo apt-get install` was blocked)
			tool := b.Text
			if !b.Code {
				tool = wrappedTools()[b.Low]
			}
			joined := a.Text + " " + tool
			out := append([]Token(nil), toks[:i]...)
			out = append(out, Token{Text: joined, Low: strings.ToLower(joined), Code: true})
			return append(out, toks[i+3:]...)
		}
		if !a.Code || w.Code || w.Low != "with" || (!b.Code && !commandWrappers()[b.Low]) {
			continue
		}
		aw, bw := commandWrappers()[firstField(a.Text)], commandWrappers()[firstField(b.Text)]
		var joined string
		switch {
		case aw && !bw && b.Code:
			joined = a.Text + " " + b.Text
		case bw && !aw:
			joined = b.Text + " " + a.Text
		default:
			continue
		}
		out := append([]Token(nil), toks[:i]...)
		out = append(out, Token{Text: joined, Low: strings.ToLower(joined), Code: true})
		return append(out, toks[i+3:]...)
	}
	return toks
}

// wrappedTools are the tools a sentence names in plain words under a wrapper ("`sudo`
// for npm installs", "`sudo` for pip", "for gems"), by the word: the program.
var wrappedTools = sync.OnceValue(func() map[string]string {
	m := map[string]string{"gems": "gem", "bundler": "bundle"}
	for _, w := range strings.Fields("npm pnpm yarn pip pip3 gem cargo composer brew bundle poetry uv docker go") {
		m[w] = w
	}
	return m
})

func firstField(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return strings.ToLower(f[0])
	}
	return ""
}

// branchName: a code span that can name a branch (`main`, `release/1.2`), not a
// command or a path of files.
func branchName(span string) bool {
	if span == "" || strings.ContainsAny(span, " .*`") || strings.HasPrefix(span, "-") {
		return false
	}
	return !strings.Contains(span, "/") || strings.Count(span, "/") == 1
}

// deletedFiles: "never delete `_build/.lock`": the file named is not to be removed, a
// ban of the commands that remove it (concept delete-file, the file its argument).
// Only named files: a folder or a pattern ("don't delete tests") is a rule about the
// change, read elsewhere.
func deletedFiles(ns []Norm) {
	for i := range ns {
		n := &ns[i]
		if n.Verb != "delete" || n.Polarity != Forbid || n.Condition != "" {
			continue
		}
		for k, o := range n.Objects {
			if (o.Kind == KPath || o.Kind == KCode) && namedFile(o.Text) {
				n.Objects[k] = Object{Kind: KConcept, Text: "delete-file", Argv: []string{o.Text}, Origin: o.Origin}
			}
		}
	}
}

// namedFile: one file named in full (`_build/.lock`, `go.sum`), not a folder or a
// pattern.
func namedFile(s string) bool {
	if s == "" || strings.ContainsAny(s, " *?[{") || strings.HasSuffix(s, "/") || strings.HasPrefix(s, "-") {
		return false
	}
	base := s[strings.LastIndex(s, "/")+1:]
	return strings.Contains(base, ".")
}

// meansEnd: the sentence ends by pointing at its means ("... with:", "... using:",
// "... by running:").
// blockCommand reads a line of the shell block after a lead-in: the block is shell,
// so a line shaped as a command is one even when its program is no tool heed knows
// (`buf generate`), as a span after "run" is.
func blockCommand(line string, ctx Context) (Object, bool) {
	o := classify(line, ctx)
	if o.Kind != KCommand {
		if o.Kind != KCode || !commandShaped(line) {
			return o, false
		}
		o.Kind, o.Argv = KCommand, strings.Fields(line)
	}
	o.Origin = "block"
	return o, true
}

// cdThen splits "cd DIR && CMD" into a folder below the current one and the one
// command after it.
func cdThen(line string) (dir, rest string, ok bool) {
	head, rest, found := strings.Cut(line, "&&")
	f := strings.Fields(head)
	rest = strings.TrimSpace(rest)
	if !found || len(f) != 2 || f[0] != "cd" || rest == "" || chainedLine(rest) {
		return "", "", false
	}
	dir = strings.Trim(strings.TrimPrefix(f[1], "./"), "/")
	if dir == "" || dir == "." || strings.HasPrefix(dir, "..") || strings.ContainsAny(dir, "$~*`\\\"'") {
		return "", "", false
	}
	return dir, rest, true
}

// chainedLine reports a shell line of several commands: joined by &&, ||, ; or a
// pipe.
func chainedLine(line string) bool {
	for _, op := range []string{"&&", "||", "; ", " | "} {
		if strings.Contains(line, op) {
			return true
		}
	}
	return false
}

// blockImperative returns the segment of a lead-in to a block that is an imperative
// whose means is the block: "Scan your code before pushing with:", or, when a
// condition or an event comes first and so makes it an obligation, any verb of means
// ("When you change `proto/`, regenerate the clients:"). A bare "Build the project:"
// describes how, and is none.
func blockImperative(segs []*segment, toks []Token) *segment {
	conditioned := false
	for _, sg := range segs {
		switch sg.role {
		case mCond, mBefore, mAfter:
			conditioned = true
			continue
		case mScope:
			continue
		case "":
			if len(sg.objs) == 0 && len(sg.words) == 0 {
				continue
			}
			if len(sg.objs) == 0 && meansVerbs[strings.ToLower(sg.words[0])] && (meansEnd(toks) || conditioned) {
				return sg
			}
		}
		return nil
	}
	return nil
}

func meansEnd(toks []Token) bool {
	n := len(toks)
	if n < 2 || !toks[n-1].Punct || toks[n-1].Text != ":" || toks[n-2].Code {
		return false
	}
	switch toks[n-2].Low {
	case "with", "using", "via", "running":
		return true
	}
	return false
}

// orderSinceMain: the last main segment is followed by an order of events ("run `a`
// before opening a PR, and `b` if ..."), so what comes next is no longer the main
// segment's list.
func orderSinceMain(segs []*segment) bool {
	for j := len(segs) - 1; j >= 0; j-- {
		if mainRoles[segs[j].role] {
			return false
		}
		if (segs[j].role == mBefore || segs[j].role == mAfter) && len(segs[j].objs) > 0 && onlyKind(segs[j].objs, KEvent) {
			for k := j - 1; k >= 0; k-- {
				if mainRoles[segs[k].role] {
					return segs[k].role == mRequire
				}
			}
			return false
		}
	}
	return false
}

// languageChange: words that name changes in a language ("Go code changes", "changes
// to Rust code", "Python changes"), as the files of that language.
func languageChange(words []string) []Object {
	change, lang := false, ""
	for i, w := range words {
		lw := strings.ToLower(w)
		switch lw {
		case "changes", "change", "edits", "code", "files", "sources":
			change = true
		}
		if _, ok := languageGlobs()[lw]; ok && lang == "" {
			// ("go" is a verb first: a language only before a word of code)
			if lw == "go" && (i+1 >= len(words) || !slices.Contains([]string{"code", "changes", "files", "sources", "change"}, strings.ToLower(words[i+1]))) {
				continue
			}
			lang = lw
		}
	}
	if !change || lang == "" || len(words) > 6 {
		return nil
	}
	var out []Object
	for _, g := range languageGlobs()[lang] {
		out = append(out, Object{Kind: KPath, Text: g, Origin: "language"})
	}
	return out
}

// flagAlternatives: "avoid `git push --force`; use `--force-with-lease` if you must":
// an option named after a ban of a command, as the way to do it, is the ban's
// alternative (its spellings stay allowed).
func flagAlternatives(ns []Norm) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Require || len(n.Objects) == 0 || !onlyKind(n.Objects, KFlag) {
			continue
		}
		for j := i - 1; j >= 0; j-- {
			if p := &ns[j]; p.Polarity == Forbid && len(p.Instead) == 0 && hasKinds(p.Objects, KCommand) {
				p.Instead = append(p.Instead, n.Objects...)
				break
			}
		}
	}
}

// anyChangeWords: an after clause that names a change to anything ("every change",
// "any edit", "changing code", "modifying files").
func anyChangeWords(words []string) bool {
	if len(words) == 0 || len(words) > 4 {
		return false
	}
	// (every word plain: "after major changes" is some changes, which heed cannot
	// tell apart)
	if n := len(words); n > 1 && (strings.EqualFold(words[n-1], "and") || strings.EqualFold(words[n-1], "then")) {
		// "after every change and before committing": the change, then the next
		// moment
		words = words[:n-1]
	}
	change, what, thing := false, false, false
	for _, w := range words {
		switch lw := strings.ToLower(w); {
		case lw == "every" || lw == "each" || lw == "any" || lw == "all":
			what = true
		case lw == "code" || lw == "files" || lw == "file" || lw == "anything":
			what, thing = true, true
		case changeWords[lw] || lw == "modify" || lw == "modifying":
			// ("after edits", "after editing", "after making changes", the change
			// named alone, stay unread: read as any change they made orders that the
			// held-out files do not mean, measured twice, in stop 29 and in process47)
			change = true
		case lw == "the" || lw == "your" || lw == "a" || lw == "you":
		default:
			return false
		}
	}
	// "whenever you change code": the marker itself is the change, and the words
	// after it only what changed
	return what && (change || thing)
}

// namesOutcome reports whether a clause's words name a state a command reaches
// ("passes", "is green", "has finished"), not only the command.
func namesOutcome(words []string) bool {
	for _, w := range words {
		switch lw := strings.ToLower(w); {
		case passWords()[lw], lw == "finished", lw == "finishes", lw == "completes", lw == "completed", lw == "been", lw == "ran":
			return true
		}
	}
	return false
}

// byHand reports whether a ban's clause says the objects are banned when run on their
// own ("do not run `go test` directly", "by hand", "manually"): what the project's
// runner runs for the reader is no breach.
func byHand(words []string) bool {
	for i, w := range words {
		switch lw := strings.ToLower(w); {
		case lw == "directly", lw == "manually":
			return true
		case lw == "by" && i+1 < len(words) && strings.EqualFold(words[i+1], "hand"):
			return true
		}
	}
	return false
}

// namesTheMerge: beside the practice of merging, the objects are only the commands
// that merge (`gh pr merge`, `git merge`, `glab mr merge`), which say what is merged.
func namesTheMerge(objs []Object) bool {
	cmds := 0
	for _, o := range objs {
		switch {
		case o.Kind == KConcept && (o.Text == "merge" || o.Text == "merge-pr"):
		case o.Kind == KCommand && mergeCommand(o.Argv), o.Kind == KCode && mergeCommand(strings.Fields(o.Text)):
			// (a span is classified as a command later)
			cmds++
		default:
			return false
		}
	}
	return cmds > 0
}

func mergeCommand(argv []string) bool {
	switch {
	case len(argv) >= 3 && argv[0] == "gh" && argv[1] == "pr" && argv[2] == "merge",
		len(argv) >= 3 && argv[0] == "glab" && argv[1] == "mr" && argv[2] == "merge",
		len(argv) >= 2 && argv[0] == "git" && argv[1] == "merge":
		return true
	}
	return false
}

// runFrom reads where a required command runs: "Run `cargo` commands from `core/`",
// "Execute `terraform` commands from the `infra/` directory", "`docker compose`
// commands must be run from `deploy/`". The folder is where the command runs, not a
// scope the requirement holds in nor a path it works on, so it leaves the objects
// and the scope for RunIn. Unless the sentence says the command must run there (must,
// always, only, or a ban of the root), another folder may do too, and the norm is
// not certain.
func runFrom(ns []Norm) []Norm {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Require || n.InPackage || len(n.Before) > 0 || len(n.After) > 0 || len(n.When) > 0 || n.First || !namesAFolder(n.Sentence) {
			continue
		}
		toks := Tokenize(n.Sentence)
		dir, at := runFolder(toks)
		if dir == "" || purposeBefore(toks, at) {
			// ("Use `astro build` to create a production build in `dist/`", "Run
			// `pnpm test:kit` to run the tests from the `packages/kit` directory": the
			// folder belongs to what the command is for)
			continue
		}
		objs := slices.DeleteFunc(slices.Clone(n.Objects), func(o Object) bool {
			return (o.Kind == KPath || o.Kind == KCode) && strings.TrimSuffix(o.Text, "/") == dir
		})
		if cmd, ok := commandsSubject(n.Subject); ok {
			// "`docker compose` commands must be run from `deploy/`"
			objs = append(objs, cmd)
			n.Subject = ""
		} else if cmd, ok := commandAsSubject(n.Subject); ok {
			// "`go test ./...` must be run from `backend/`": the command itself
			objs = append(objs, cmd)
			n.Subject = ""
		} else if runSubject(n.Subject) && slices.ContainsFunc(objs, runnable) {
			// "Tests must be run from the `web/` directory: `cd web && npm test`":
			// what is run, in the passive, and the command that runs it
			n.Subject = ""
		}
		if n.Subject != "" || !slices.ContainsFunc(objs, func(o Object) bool { return o.Kind == KRole || runnable(o) }) {
			continue
		}
		n.Objects = objs
		n.Scope = slices.DeleteFunc(slices.Clone(n.Scope), func(sc string) bool { return strings.TrimSuffix(sc, "/") == dir })
		n.RunIn = append(n.RunIn, dir)
		if !insistsOnPlace(toks) {
			n.Uncertain = append(slices.Clone(n.Uncertain), "the folder is where the sentence runs it; it does not say that nowhere else will do")
		}
	}
	return ns
}

// namesAFolder: the quick test before runFolder tokenizes a sentence: a span that ends
// in "/" or is followed by a word for a folder.
func namesAFolder(s string) bool {
	return strings.Contains(s, "/`") || strings.Contains(s, "` dir") || strings.Contains(s, "` folder") ||
		strings.Contains(s, "root") || strings.Contains(s, "top") // "from the repository root", "from the top level"
}

// runnable: an object that is a command, or a span shaped like one.
func runnable(o Object) bool { return o.Kind == KCommand || o.Kind == KCode && commandShaped(o.Text) }

// runFolder finds "from|in|inside|within (the) `dir/` (directory|folder)" and returns
// the folder without its slash and the index of the preposition; "from (or at) the
// repository root" and its synonyms is ".".
func runFolder(toks []Token) (string, int) {
	for i := 0; i+1 < len(toks); i++ {
		switch toks[i].Low {
		case "from", "in", "inside", "within", "at":
		default:
			continue
		}
		// ("run `bundle` in the root directory to install ...": a setup step's place,
		// said with "in"; "from" and "at" say where the command must run)
		if n := rootPhraseAt(toks, i+1); n > 0 && (toks[i].Low == "from" || toks[i].Low == "at") && !rootOfSomething(toks, i+1+n) {
			if i > 0 && (toks[i-1].Low == "never" || toks[i-1].Low == "not") {
				continue // "never from the monorepo root": anywhere but there
			}
			if k := i + 1 + n; k < len(toks) && toks[k].Low == "or" {
				return "", -1 // "from the repository root or from any package directory"
			}
			return ".", i
		}
		if toks[i].Low == "at" {
			continue
		}
		j := i + 1
		if j < len(toks) && !toks[j].Code && toks[j].Low == "the" {
			j++
		}
		if j >= len(toks) || !toks[j].Code {
			continue
		}
		d := toks[j].Text
		folderWord := j+1 < len(toks) && (toks[j+1].Low == "directory" || toks[j+1].Low == "folder" || toks[j+1].Low == "dir")
		if strings.ContainsAny(d, " *?") || strings.HasPrefix(d, "-") || !(strings.HasSuffix(d, "/") || folderWord) {
			continue // a file, a glob, or a word (`--filter`): not one folder
		}
		d = strings.Trim(strings.TrimPrefix(d, "./"), "/")
		if d == "" || d == "." {
			continue
		}
		return d, i
	}
	return "", -1
}

// rootOfSomething: "the root of each package", "the root of `web/`": the root the
// phrase names is another folder's (at i, after the phrase).
func rootOfSomething(toks []Token, i int) bool {
	return i < len(toks) && (toks[i].Low == "of" || toks[i].Low == "folder" && i+1 < len(toks) && toks[i+1].Low == "of")
}

// commandsSubject: a subject that names a command's commands ("`docker compose`
// commands", "`terraform` commands").
func commandsSubject(subject string) (Object, bool) {
	f := strings.Fields(subject)
	if len(f) > 2 && (strings.EqualFold(f[0], "all") || strings.EqualFold(f[0], "every") || strings.EqualFold(f[0], "the")) {
		f = f[1:] // "All `make` targets"
	}
	if len(f) < 2 || f[len(f)-1] != "commands" && f[len(f)-1] != "targets" && f[len(f)-1] != "scripts" && f[len(f)-1] != "tasks" {
		return Object{}, false
	}
	span := strings.Join(f[:len(f)-1], " ")
	if !strings.HasPrefix(span, "`") || !strings.HasSuffix(span, "`") || strings.Count(span, "`") != 2 {
		return Object{}, false
	}
	span = strings.Trim(span, "`")
	return Object{Kind: KCommand, Text: span, Argv: strings.Fields(span)}, true
}

// commandAsSubject: a subject that is one command in a code span ("`go test ./...`"),
// of a program heed knows or of more than one word.
func commandAsSubject(subject string) (Object, bool) {
	span := strings.TrimSpace(subject)
	if len(span) < 3 || span[0] != '`' || span[len(span)-1] != '`' || strings.Count(span, "`") != 2 {
		return Object{}, false
	}
	argv := strings.Fields(strings.Trim(span, "`"))
	if len(argv) == 0 {
		return Object{}, false
	}
	if _, known := ToolFamily(strings.ToLower(argv[0])); !known && len(argv) < 2 {
		return Object{}, false
	}
	return Object{Kind: KCommand, Text: strings.Join(argv, " "), Argv: argv}, true
}

// purposeBefore: a purpose clause ("to ...", "for ...") opens after the first code
// span and before token at.
func purposeBefore(toks []Token, at int) bool {
	seen := false
	for i := 0; i < at && i < len(toks); i++ {
		if toks[i].Code {
			seen = true
			continue
		}
		if seen && (toks[i].Low == "to" || toks[i].Low == "for") {
			return true
		}
	}
	return false
}

// runSubject: the subject of a passive "must be run" names what is run ("tests",
// "the unit tests", "all builds").
func runSubject(subject string) bool {
	f := strings.Fields(strings.ToLower(subject))
	if len(f) == 0 || len(f) > 3 {
		return false
	}
	switch f[len(f)-1] {
	case "tests", "test", "builds", "linters", "benchmarks", "scripts", "commands":
		return true
	}
	return false
}

// insistsOnPlace: the sentence makes the folder the only place ("must be run from",
// "always run ... from", "only from", "never from the root", "not from the root").
func insistsOnPlace(toks []Token) bool {
	for i, t := range toks {
		switch t.Low {
		case "must", "always", "only", "required":
			return true
		case "never", "not":
			if n := rootPhraseAt(toks, i+2); n > 0 && i+1 < len(toks) && (toks[i+1].Low == "from" || toks[i+1].Low == "at" || toks[i+1].Low == "in") {
				return true
			}
		}
	}
	return false
}
