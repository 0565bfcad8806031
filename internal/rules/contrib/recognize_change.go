package contrib

import (
	"github.com/heed-dev/heed/internal/layout"
	"path"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// ---- co-changes: tests and changelog entries -----------------------------------------

type cochangeRecognizer struct{}

func (cochangeRecognizer) Name() string { return "contrib.cochange" }

var (
	leadingPlaceholderRE = lazyre.New(`^(<[^>/]+>/)+`)
	changelogSpan        = lazyre.New(`(?i)^\.?/?([\w./*-]*/)?(CHANGES|CHANGELOG|HISTORY|NEWS|RELEASE[-_]NOTES|whats-new)[\w.-]*$`)
	// asideRE: a parenthesis, which may exempt kinds of change from the demand
	asideRE           = lazyre.New(`\s*\([^()]*\)`)
	changelogProse    = lazyre.New(`(?i)\b([\w-]+/)*(CHANGES|CHANGELOG|HISTORY|NEWS|whats-new)\.(rst|md|txt)\b`)
	placeholderPathRE = lazyre.New(`\b((?:[\w-]+/)+)([A-Z](?:\.[A-Z])+|X\.Y(?:\.Z)?)\.(rst|md|txt)\b`)
	dirSpanRE         = lazyre.New(`^\.?/?[\w.-]+(/[\w.-]+)*/$`)
)

// changelogGlobs are the usual homes of a changelog entry, for sentences that do not
// name the file.
var changelogGlobs = []string{"**/CHANGELOG*", "**/CHANGES*", "**/HISTORY*", "**/NEWS*", "**/RELEASE*NOTES*",
	"**/changelog.d/**", "**/changes/**", "**/newsfragments/**", "**/.changeset/**", "**/.chloggen/**", "**/.changes/**", "**/changelog/**", "**/whats-new*", "/change/**", "/common/changes/**"}

func (cochangeRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	if norm.SaysWhenToRun(s.text) {
		return recognize.Result{}
	}
	if norm.LeftToJudgement(s.text) {
		// "For any user-facing change, add an entry to `CHANGELOG.md`": which
		// changes are user-facing is the author's call, so heed only reminds
		if norm.UserFacingOnly(s.text) {
			if r, ok := changelogRule(s, rc); ok {
				r.Severity = policy.SeverityWarning
				return recognize.Result{Rules: []policy.Rule{r}}
			}
		}
		return recognize.Result{}
	}
	if r, ok := testRule(s, rc); ok {
		return recognize.Result{Rules: []policy.Rule{r}}
	}
	if r, ok := changelogRule(s, rc); ok {
		return recognize.Result{Rules: []policy.Rule{r}}
	}
	return recognize.Result{}
}

// antecedent returns the If/Unless globs: the directories the sentence names ("changes
// under `src/`"), else library code.
func antecedent(s sentence, rc *recognize.RepoContext) (ifs, unless []string, named bool) {
	for _, sp := range s.spans {
		if inAside(s.raw, sp) {
			// "under `__tests__/components` (or nested folders such as `profile/`)":
			// an example in parentheses is not the changed code
			continue
		}
		if dir, ok := namedPackageDir(s, sp, rc); ok {
			// "changes to the `web` package": the package's folder
			ifs = append(ifs, "/"+path.Join(dir, "**"))
			continue
		}
		// a sentence about a changelog names its folder ("a fragment in `changes/`")
		// unless the words before the span say the change touches it ("every pull
		// request that changes a package under `packages/` needs a changeset")
		aboutEntry := norm.SaysChangelog(s.text) || strings.Contains(s.text, "fragment")
		if (dirSpanRE.MatchString(sp) || repoDirChanged(s, sp, rc)) && !changelogSpan.MatchString(strings.TrimSuffix(sp, "/")) && (!aboutEntry || antecedentSpan(s, sp)) && !testDirSpan(s, sp) {
			d := strings.TrimPrefix(strings.TrimSuffix(sp, "/"), "./")
			ifs = append(ifs, "/"+path.Join(s.c.Scope.Dir, d)+"/**")
		}
	}
	if len(ifs) > 0 {
		return ifs, testGlobs(), true
	}
	return layout.CodeGlobs(), append(append([]string(nil), testGlobs()...), notLibraryGlobs...), false
}

// namedPackageDir is the folder of the package a code span names by its name as the
// files a change touches ("changes to the `web` package need ..."), when the
// repository's manifests declare exactly one of that name.
func namedPackageDir(s sentence, sp string, rc *recognize.RepoContext) (string, bool) {
	i := strings.Index(s.raw, "`"+sp+"`")
	if i < 0 || !norm.PackageSpan(sp, s.raw[i+len(sp)+2:]) || !norm.ChangedFilesBefore(s.raw[:i]) {
		return "", false
	}
	return rc.PackageDir(sp)
}

// repoDirChanged reports a code span written without its slash that names a folder
// of the repository as the files a change touches ("Add tests if you're touching
// `packages/core`").
func repoDirChanged(s sentence, sp string, rc *recognize.RepoContext) bool {
	if rc == nil || strings.ContainsAny(sp, " *<>") || !antecedentSpan(s, sp) {
		return false
	}
	d := path.Join(s.c.Scope.Dir, strings.TrimPrefix(sp, "./"))
	_, found := slices.BinarySearch(rc.Dirs, d)
	return found
}

// testDirSpan reports a directory the sentence names as where the tests go ("a test in
// `service/tests/`"): the consequent, not the antecedent.
func testDirSpan(s sentence, sp string) bool {
	i := strings.Index(s.raw, "`"+sp+"`")
	if i < 0 {
		return false
	}
	// "a test in `tests/`", "Add tests for your changes to `tests/`": where tests go
	return norm.TestsGoBefore(s.raw[:i])
}

// testDirs returns the test directories the sentence names, as globs.
func testDirs(s sentence) []string {
	var out []string
	for _, sp := range s.spans {
		if dirSpanRE.MatchString(sp) && testDirSpan(s, sp) {
			out = append(out, "/"+path.Join(s.c.Scope.Dir, strings.TrimPrefix(strings.TrimSuffix(sp, "/"), "./"))+"/**")
		}
	}
	return out
}

func testRule(s sentence, rc *recognize.RepoContext) (policy.Rule, bool) {
	d, ok := norm.ReadTestDemand(s.text, s.c.Context)
	if !ok {
		return policy.Rule{}, false
	}
	ifs, unless, named := antecedent(s, rc)
	if slices.Contains(sectionExemptions(s.c, rc), "docs") || slices.Contains(norm.ExemptionsIn(s.c.Text), "docs") {
		// "Documentation-only changes are exempt." beside the demand: a README in
		// the named folder is no code that needs a test
		unless = append(append([]string(nil), unless...), docGlobs...)
	}
	reading := "a change to code files (not tests, docs or examples) stands for the change that needs a test; test files are recognised by path"
	if d.BugFix {
		reading = "a change to library code stands for a bug fix; test files are recognised by path"
	}
	if named {
		reading = "test files are recognised by path"
	}
	if d.FailsWithout {
		reading += "; a changed test file stands for a test that fails without the change (heed does not run it)"
	}
	then, need := testGlobs(), "a test"
	dirs := testDirs(s)
	if len(dirs) > 0 {
		// "a test in `service/tests/`": only there.
		then, need = dirs, "a test in "+strings.TrimSuffix(strings.TrimPrefix(dirs[0], "/"), "/**")+"/"
		unless = append(append([]string(nil), unless...), dirs...)
	}
	src := sampleFor(ifs[0], s.c.Scope.Dir, "lib/parser.py")
	test := sampleTest(src)
	if len(dirs) > 0 {
		test = sampleFor(then[0], "", "tests/test_parser.py")
	}
	cases := []policy.Case{
		{Expect: policy.ExpectViolated, Changed: []string{src}, Note: "code without a test"},
		{Expect: policy.ExpectSatisfied, Changed: []string{src, test}, Note: "code with a test"},
		{Expect: policy.ExpectInapplicable, Changed: []string{"README.md"}, Note: "no code changed"},
	}
	r := s.rule(KindCochange, CochangeParams{If: ifs, Unless: unless, Then: then, Need: need, Reading: reading}, false,
		"code change without a test", "add or update a test that covers the change (and fails without it)", cases)
	if !named {
		// "add tests for new functionality": which changes are functionality (not a
		// refactor, a rename, a comment) needs judgement; heed shows the rule and
		// never fails a change by it
		r.Severity = policy.SeverityWarning
		r.Review = "which code changes need a test is a judgement: heed asks for one on every code change"
	}
	return r, true
}

func changelogRule(s sentence, rc *recognize.RepoContext) (policy.Rule, bool) {
	if norm.AtRelease(s.text) || norm.UnderReleaseHeading(s.c.HeaderPath) || norm.OnRequest(s.text) {
		// "Before creating any beta or stable release, update `CHANGELOG.md`": the
		// changelog is kept when releasing, not by every change; a step under "##
		// Release Process" ("Update changelog:") and "update ... and, if user asks,
		// `CHANGELOG.md`" likewise ask nothing of each change
		return policy.Rule{}, false
	}
	for _, cc := range norm.CoChangesIn(s.c.Text, norm.CoFrame{Headings: s.c.HeaderPath, Context: s.c.Context}) {
		if len(cc.Then) > 0 && coChangelogTarget(cc.Then) && !(cc.Judgement && len(cc.If) == 0) {
			// "Every change to `lib/` needs an entry in `CHANGES.md`": the co-change
			// reader names both sides (coChangeRules)
			return policy.Rule{}, false
		}
	}
	if norm.BansChangelogEdit(strings.ToLower(s.raw)) {
		// "Do not update `CHANGELOG.md` in your PR": a ban, not a demand
		return policy.Rule{}, false
	}
	var then []string
	for _, sp := range s.spans {
		sp = strings.TrimSpace(sp)
		if antecedentSpan(s, sp) {
			// "an entry for every change to `src/`": the changed files, not the entry's
			continue
		}
		if g, ok := norm.PlaceholderGlob(sp); ok && strings.Count(sp, "<") > 0 && strings.IndexByte(sp, '<') < strings.LastIndexByte(sp, '/') {
			// "packages/<package>/.changes/<name>.md": each package's folder, not
			// the folder above them all (which holds the changed code too)
			then = append(then, "/"+path.Join(s.c.Scope.Dir, g))
			continue
		}
		if i := strings.IndexByte(sp, '<'); i > 0 {
			// "docs/changes/<sub-package>/": the directory before the placeholder.
			sp = sp[:i]
		} else if i == 0 {
			// "<component>/CHANGELOG.md": the changelog of any component
			sp = leadingPlaceholderRE.ReplaceAllString(sp, "*/")
		}
		if changelogSpan.MatchString(sp) || (dirSpanRE.MatchString(sp) && (norm.SaysChangelog(s.text) || strings.Contains(s.text, "fragment"))) {
			p := strings.TrimPrefix(sp, "./")
			if strings.HasSuffix(p, "/") {
				p += "**"
			}
			if !strings.Contains(strings.TrimSuffix(p, "/**"), "/") && !strings.HasSuffix(p, "**") {
				// "CHANGES.rst": the file at the root of the instruction's scope.
				p = "/" + path.Join(s.c.Scope.Dir, p)
			} else if !strings.HasPrefix(p, "**") {
				p = "/" + p
			}
			then = append(then, p)
		}
	}
	if len(then) == 0 {
		// "docs/releases/A.B.txt": a path whose file name is a placeholder.
		for _, m := range placeholderPathRE.FindAllStringSubmatch(s.c.Text, -1) {
			then = append(then, "/"+path.Join(s.c.Scope.Dir, m[1])+"/*."+m[3])
		}
	}
	if len(then) == 0 {
		for _, m := range changelogProse.FindAllString(s.c.Text, -1) {
			if !strings.Contains(m, "/") {
				m = path.Join(s.c.Scope.Dir, m)
			}
			then = append(then, "/"+m)
		}
	}
	named := len(then) > 0
	if !named && !norm.SaysChangelog(s.text) {
		return policy.Rule{}, false
	}
	for _, cl := range norm.Clauses(asideRE.ReplaceAllString(s.text, "")) {
		// "(not needed for docs-only changes)": an exemption, read below
		if (norm.SaysChangelog(cl) || strings.Contains(cl, "entry")) && norm.NegatesCoChange(cl) {
			return policy.Rule{}, false
		}
	}
	if !norm.DemandsEntry(s.text) && !norm.ToolChangeFiles(s.text) && !(named && norm.UpdatesNamedFile(s.text)) {
		return policy.Rule{}, false
	}
	if norm.EntryPlacement(s.text) {
		// Where an entry goes, or release notes in the PR description: not a file the
		// change must touch.
		return policy.Rule{}, false
	}
	component := norm.ComponentOwnFile(strings.ToLower(s.raw))
	if component {
		// "add an entry to that crate's changelog": each component's own file
		then = componentNames(then)
	} else if !named {
		then = changelogGlobs
	}
	ifs, unless, _ := antecedent(s, rc)
	if slices.Contains(sectionExemptions(s.c, rc), "docs") || slices.Contains(norm.ExemptionsIn(s.c.Text), "docs") {
		unless = append(unless, docGlobs...)
	}
	var within []string
	if releaseToolEntries(s, then) {
		// a change file is for a package the tool publishes
		unless, within = unpublishedExempt(rc, unless)
	}
	need := "a changelog entry"
	src := sampleFor(ifs[0], s.c.Scope.Dir, "lib/parser.py")
	entry := sampleFor(then[0], "", "CHANGES.rst")
	cases := []policy.Case{
		{Expect: policy.ExpectViolated, Changed: []string{src}, Note: "code without a changelog entry"},
		{Expect: policy.ExpectSatisfied, Changed: []string{src, entry}, Note: "code with a changelog entry"},
		{Expect: policy.ExpectInapplicable, Changed: []string{"docs/index.md"}, Note: "documentation only"},
	}
	if component {
		cases = componentCases(then[0])
	}
	r := s.rule(KindCochange, CochangeParams{If: ifs, Unless: unless, Within: within, Then: then, Need: need, Component: component,
		Reading: "a change to library code stands for a change that needs an entry"}, false,
		"change without a changelog entry", "add an entry describing the change", cases)
	if norm.ToolChangeFiles(s.text) {
		// "create change files with `yarn change`": the tool's packages decide
		// which changes need one
		r.Severity = policy.SeverityWarning
		r.Review = "the release tool's configuration says which packages need a change file: heed asks on every code change"
	}
	if norm.NeedJudged(s.text) || norm.NeedJudged(strings.ToLower(s.raw)) {
		// "If you believe your change should be noted, add an entry", "Include a
		// changeset (for functional changes)": the author decides which changes
		// need one, so heed can only remind
		r.Severity = policy.SeverityWarning
	}
	if !norm.DemandsEntry(s.text) && !norm.ToolChangeFiles(s.text) && norm.UpdatesNamedFileLoosely(s.text) {
		// "**Changelog**: Add entry to CHANGELOG.md", "- [ ] CHANGELOG.md is updated":
		// a checklist's reminder (neul-labs/agentvfs keeps one changelog version
		// against a dozen of its manifest), not a demand every change is held to
		r.Severity = policy.SeverityWarning
	}
	if norm.UnderPublishingHeading(s.c.HeaderPath) {
		// "## Publishing" / "### Changeset workflow": "1. Create a changeset for your
		// changes" is a step of the release tool's flow, whose configuration says
		// which changes need an entry
		r.Severity = policy.SeverityWarning
		r.Review = "a step of the publishing workflow: which changes need an entry is the release tool's to say"
	}
	if norm.CondInItems(s.raw) || slices.Contains(sectionExemptions(s.c, rc), norm.CoExemptJudged) || slices.Contains(norm.ExemptionsIn(s.c.Text), norm.CoExemptJudged) {
		// "Add a changeset when you:" over the kinds of change, "Refactors don't
		// need one.": which changes need an entry is not in the change's files
		r.Severity = policy.SeverityWarning
		r.Review = "which changes need an entry is said in words heed cannot check against the change's files"
	}
	return r, true
}

// antecedentSpan reports a code span the sentence names as the changed files ("for
// every change to `src/`", "changes under `lib/`"), not as where the entry goes.
func antecedentSpan(s sentence, sp string) bool {
	i := strings.Index(s.raw, "`"+sp+"`")
	if i < 0 {
		return false
	}
	return norm.ChangedFilesBefore(s.raw[:i])
}

// sampleFor returns a path the glob matches (for authored cases), under dir.
func sampleFor(glob, dir, fallback string) string {
	g := strings.TrimPrefix(glob, "/")
	cand := strings.NewReplacer("**/", "pkg/", "/**", "/parser.py", "**", "pkg", "*", "parser", "?", "x").Replace(g)
	if !strings.Contains(path.Base(cand), ".") && !strings.HasSuffix(glob, "**") {
		cand += ".md"
	}
	if dir != "" && dir != "." && !strings.HasPrefix(cand, dir+"/") && !strings.HasPrefix(glob, "/") {
		cand = dir + "/" + cand
	}
	if policy.MatchGlob(glob, "", cand) {
		return cand
	}
	if dir != "" && dir != "." {
		fallback = dir + "/" + fallback
	}
	return fallback
}

// sampleTest returns a test path for a source path in the conventions of its language.
func sampleTest(src string) string {
	dir, base := path.Split(src)
	ext := path.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	switch ext {
	case ".go":
		return dir + stem + "_test.go"
	case ".py":
		return "tests/test_" + stem + ".py"
	case ".java":
		return "src/test/java/" + strings.ToUpper(stem[:1]) + stem[1:] + "Test.java"
	case ".ts", ".tsx", ".js", ".jsx", ".mjs":
		return dir + stem + ".test" + ext
	}
	return "tests/" + base
}

// ---- license headers on new files --------------------------------------------------

type headerRecognizer struct{}

func (headerRecognizer) Name() string { return "contrib.newfile-header" }

var extSpanRE = lazyre.New(`^\*?\.([a-z0-9]{1,5})$`)

func (headerRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	d, ok := norm.ReadNewFileHeader(s.text)
	if !ok {
		return recognize.Result{}
	}
	var globs []string
	for _, sp := range s.spans {
		if m := extSpanRE.FindStringSubmatch(sp); m != nil {
			globs = append(globs, "*."+m[1])
		}
	}
	if len(globs) == 0 {
		globs = d.Globs
	}
	p := HeaderParams{Globs: globs}
	exact := true
	switch {
	case len(s.c.Code) > 0 && strings.TrimSpace(s.c.Code[0].Text) != "":
		for _, l := range strings.Split(strings.TrimRight(s.c.Code[0].Text, "\n"), "\n") {
			p.Header = append(p.Header, strings.TrimRight(l, " \t"))
		}
	case headerSpan(s.spans) != "":
		p.Header = []string{headerSpan(s.spans)}
	case d.License == norm.HeaderASF:
		p.Contains, exact = "Licensed to the Apache Software Foundation", false
	case d.License == norm.HeaderApache:
		p.Contains, exact = "Apache License", false
	case d.License == norm.HeaderSPDX:
		p.Contains, exact = "SPDX-License-Identifier", false
	default:
		return recognize.Result{Unenforced: "names a license header without quoting it"}
	}
	if len(globs) == 0 {
		exact = false // "new files" read as new source files
	}
	if verbatimHeader(p.Header) {
		// A header quoted line by line in comment syntax is the source domain's text
		// rule (check header, new_files_only): compiling it here too would report every
		// file twice. This recogniser keeps what that rule cannot express.
		return recognize.Result{}
	}
	sample := sampleFor(firstOr(globs, "*.go"), s.c.Scope.Dir, "pkg/new.go")
	head := p.Header
	if p.Contains != "" {
		head = []string{commentPrefix(sample) + p.Contains}
	}
	good := strings.Join(head, "\n") + "\n\n" + sampleBody(sample)
	cases := []policy.Case{
		{Expect: policy.ExpectSatisfied, Path: sample, Code: good, Note: "a new file with the header"},
		{Expect: policy.ExpectViolated, Path: sample, Code: sampleBody(sample), Note: "a new file without the header"},
		{Expect: policy.ExpectInapplicable, Path: sample, Code: sampleBody(sample), Files: map[string]string{sample: sampleBody(sample)}, Note: "a file that existed before the change"},
		{Expect: policy.ExpectInapplicable, Path: sample,
			Code: commentPrefix(sample) + "Code generated by stringer; DO NOT EDIT.\n\n" + sampleBody(sample), Note: "a generated file"},
	}
	return recognize.Result{Rules: []policy.Rule{s.rule(KindNewFileHeader, p, exact,
		"new file without the required header", "start every new file with the header", cases)}}
}

// verbatimHeader reports a header given exactly, every line a comment, with no
// placeholder: what the source domain's header check compares line by line.
func verbatimHeader(lines []string) bool {
	if len(lines) == 0 {
		return false
	}
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if !isComment(l) || placeholderRE.MatchString(commentText(l)) {
			return false
		}
	}
	return true
}

// headerSpan returns a code span that is itself a header line ("// SPDX-License-Identifier: MIT").
func headerSpan(spans []string) string {
	for _, sp := range spans {
		if lazyre.New(`(?i)(copyright|spdx-license-identifier|licensed under)`).MatchString(sp) && len(sp) > 12 {
			return sp
		}
	}
	return ""
}

func firstOr(xs []string, d string) string {
	if len(xs) > 0 {
		return xs[0]
	}
	return d
}

func commentPrefix(p string) string {
	switch path.Ext(p) {
	case ".py", ".rb", ".sh", ".toml", ".yaml", ".yml", ".pl", ".r":
		return "# "
	case ".sql", ".lua", ".hs":
		return "-- "
	}
	return "// "
}

func sampleBody(p string) string {
	switch path.Ext(p) {
	case ".go":
		return "package sample\n\nfunc Sample() {}\n"
	case ".py":
		return "def sample():\n    return 1\n"
	case ".java":
		return "package sample;\n\npublic class Sample {}\n"
	case ".rs":
		return "pub fn sample() {}\n"
	}
	return "export const sample = 1;\n"
}

// releaseToolEntries reports a demand for the entries a release tool of JavaScript
// packages writes (a changeset, beachball's change files), which it asks of the
// packages it publishes only.
func releaseToolEntries(s sentence, then []string) bool {
	if norm.ToolChangeFiles(s.text) || strings.Contains(s.text, "changeset") {
		return true
	}
	for _, g := range then {
		if strings.Contains(g, ".changeset") || g == "/change/**" || g == "/common/changes/**" {
			return true
		}
	}
	return false
}

// unpublishedExempt leaves out of a change-file rule the packages the release tool
// does not publish ("private": true, or ignored by the changesets configuration): each
// such folder joins unless, unless a published package lies below it. When the root
// package is one of them and others are published, the rule holds within the
// published packages' folders only (within): a private monorepo root owns no
// published file.
func unpublishedExempt(rc *recognize.RepoContext, unless []string) (outUnless, within []string) {
	outUnless = unless
	if rc == nil || len(rc.Workspace) == 0 {
		return outUnless, nil
	}
	var published []string
	rootUnpublished := false
	for _, w := range rc.Workspace {
		switch {
		case w.Dir == "":
			rootUnpublished = w.Unpublished
		case !w.Unpublished:
			published = append(published, w.Dir)
		}
	}
	for _, w := range rc.Workspace {
		if w.Dir == "" || !w.Unpublished {
			continue
		}
		below := slices.ContainsFunc(published, func(d string) bool { return strings.HasPrefix(d, w.Dir+"/") })
		if !below {
			outUnless = append(slices.Clone(outUnless), "/"+w.Dir+"/**")
		}
	}
	if rootUnpublished && len(published) > 0 {
		for _, d := range published {
			within = append(within, "/"+d+"/**")
		}
	}
	return outUnless, within
}

// inAside reports whether the code span sp first stands inside parentheses in raw.
func inAside(raw, sp string) bool {
	i := strings.Index(raw, "`"+sp+"`")
	if i < 0 {
		return false
	}
	return strings.Count(raw[:i], "(") > strings.Count(raw[:i], ")")
}
