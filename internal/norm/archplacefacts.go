package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Placement stated as a fact, the way whole instruction files describe their layout:
// tests beside the code ("Unit tests: `*.spec.ts` next to source files"), tests in a
// folder given with their pattern ("E2E tests: `test/*.e2e-spec.ts` in service root"),
// migrations in a folder ("Migrations go in `db/migrations/`", "Flyway migrations live
// in `src/main/resources/db/migration/`"), classes by their name's suffix in a folder
// ("`*Service` classes belong in `app/Services/`").

// archTestWordRE: the sentence speaks of tests.
var archTestWordRE = lazyre.New(`\b(?:unit |e2e |end-to-end |integration |component )?(?:tests?|test files|specs?|spec files)\b`)

// SpeaksOfTests reports whether an architecture sentence's prose speaks of tests.
func SpeaksOfTests(prose string) bool { return archTestWordRE.MatchString(prose) }

// TestsAreBeside reports whether what the prose keeps beside the code is tests: a
// test word in the clause before "beside" (its subject) or in the phrase itself
// ("next to the code they test"). "The images sit beside source/runtime comparison
// ... and conformance tests" keeps images there.
func TestsAreBeside(prose string) bool {
	loc := ArchBesideRE.FindStringIndex(prose)
	if loc == nil {
		return false
	}
	subject := prose[:loc[0]]
	if i := strings.LastIndexAny(subject, ".;!?"); i >= 0 {
		subject = subject[i+1:]
	}
	return archTestWordRE.MatchString(subject) || archTestWordRE.MatchString(prose[loc[0]:loc[1]])
}

// TestsBesideSentence reports whether an architecture sentence keeps tests beside the
// code they test: "Tests live next to the code they test", "Unit tests (`*.spec.ts`
// beside source) mock external services".
func TestsBesideSentence(prose string) bool {
	return ArchBesideRE.MatchString(prose) && archTestWordRE.MatchString(prose) && !ArchBesideNotRE.MatchString(prose)
}

// archTestsFolderNotRE: words that make a folder given with a test pattern no place
// the tests must be ("not", "or", "except", "if", "run").
var archTestsFolderNotRE = lazyre.New(`\b(?:not|never|no|or|except|unless|if|when|run|runs|running|command|instead)\b`)

// TestsFolderSpan returns the span of an architecture sentence that gives where a
// suite of tests lives as a folder and the suite's file pattern
// (`test/*.e2e-spec.ts`, `tests/integration/*.integration.test.ts`), split into the
// folder and the pattern; ok is false unless the sentence speaks of that suite, gives
// one such span and no test pattern elsewhere.
func TestsFolderSpan(s ArchSentence) (dir, pattern string, ok bool) {
	if !archTestWordRE.MatchString(s.Prose) || archTestsFolderNotRE.MatchString(s.Prose) {
		return "", "", false
	}
	n := 0
	for _, sp := range s.Spans {
		sp = strings.TrimPrefix(strings.TrimSpace(sp), "./")
		i := strings.LastIndexByte(sp, '/')
		if i <= 0 {
			if ArchTestKindSpan.MatchString(sp) {
				return "", "", false // a test pattern with no folder as well
			}
			continue
		}
		d, base := sp[:i], sp[i+1:]
		if !strings.Contains(base, "*") || !ArchTestKindSpan.MatchString(base) || strings.ContainsAny(d, "*?[{<>. ") {
			continue
		}
		// The pattern must name the suite, and the sentence speak of it: a pattern
		// unit tests share (`*.spec.ts`, `*.servertest.ts`) in a folder of one suite
		// would misplace the others ("Server unit tests: `…/unit/*.servertest.ts`").
		suite := archSuiteRE.FindString(strings.ToLower(base))
		if suite == "" || !strings.Contains(s.Prose, suite) {
			continue
		}
		dir, pattern = d, base
		n++
	}
	return dir, pattern, n == 1
}

// archSuiteRE: the name of a suite apart from unit tests in a test file's pattern.
var archSuiteRE = lazyre.New(`e2e|integration|acceptance|smoke|functional|contract`)

// ArchMigrationsGoRE: migrations placed in a folder, with or without a modal:
// "Migrations go in §0", "Flyway migrations live in §0 and must stay append-only",
// "Migration files live at §0 with §1 tracking apply order", "Database migrations
// (§0) are stored in §1". Group 1 is the folder.
var ArchMigrationsGoRE = lazyre.New(`^(?:all |new |the |our |every )?(?:(?:database|db|sql|schema|flyway|alembic|drizzle|prisma|knex|sequelize|typeorm|django|rails|ecto|liquibase|goose|diesel|sqlx|supabase) )?(?:migrations|migration (?:files|scripts))(?: \(§\d+\))? (?:must |should |have to |need to |always )?(?:go|goes|belong|belongs|live|lives|sit|sits|are|is|be placed|are placed|be kept|are kept|be stored|are stored|be located|are located|be created|are created|be added|are added|be written|are written) (?:in|into|under|inside|within|at) (?:the |each |its |their )?(§\d+)(?: (?:folder|directory|dir))?(?:,? (?:and|with|which|that) [^§]*(?:§\d+[^§]*)?)?[.;]?$`)

// archPutMigrationsRE: migrations placed by an imperative: "Put database migrations
// in §0", "Always add new migrations under §0". Group 1 is the folder.
var archPutMigrationsRE = lazyre.New(`^(?:always )?(?:put|place|keep|store|add|create|write) (?:all |new |the |your |any )*(?:(?:database|db|schema|alembic|django|rails|flyway|prisma|drizzle|knex|goose|diesel|sqlx) )?(?:migrations|migration (?:files|scripts)) (?:in|into|under|inside|within) (?:the )?(§\d+)(?: (?:folder|directory|dir))?[.;]?$`)

// ArchMigrationsLabelRE: a layout list's item that gives the migrations folder:
// "Migrations: §0 - SQL migration files (timestamped)". Group 1 is the folder.
var ArchMigrationsLabelRE = lazyre.New(`^(?:(?:database|db|sql|schema) )?migrations: (§\d+)(?: (?:-|–|—) [^§]*)?[.;]?$`)

// archMigrationsNotRE: words that make a migrations sentence no placement.
var archMigrationsNotRE = lazyre.New(`\b(?:not|never|except|unless|if|when|or|instead|once|run|runs|apply|applied)\b`)

// MigrationsFolder returns the span that an architecture sentence gives as the folder
// migrations live in.
func MigrationsFolder(s ArchSentence) (string, bool) {
	m := ArchMigrationsGoRE.FindStringSubmatch(s.Prose)
	if m == nil {
		m = ArchMigrationsLabelRE.FindStringSubmatch(s.Prose)
	}
	if m == nil && strings.Contains(s.Prose, "migration") {
		m = archPutMigrationsRE.FindStringSubmatch(s.Prose)
	}
	if m == nil {
		return "", false
	}
	// the words before the folder decide; the tail may say more ("and must stay
	// append-only")
	head := s.Prose[:strings.Index(s.Prose, m[1])]
	if archMigrationsNotRE.MatchString(head) {
		return "", false
	}
	span := s.Spans[spanNumber(m[1])]
	if !strings.HasSuffix(strings.TrimSpace(span), "/") && strings.Contains(span, ".") {
		return "", false // a file, not a folder
	}
	return span, true
}

// ClassSuffixSpanRE: a span that names classes by a suffix or prefix of their names
// (`*Service`, `*Controller`, `Abstract*`).
var ClassSuffixSpanRE = lazyre.New(`^(?:\*[A-Z][A-Za-z0-9]*|[A-Z][A-Za-z0-9]*\*)$`)

// classPlacedRE: a sentence that places classes named by a pattern in a folder
// ("§0 classes belong in §1", "§0 classes live in §1").
var classPlacedRE = lazyre.New(`^(?:all |new |every |each )?§0 class(?:es)? (?:must |should |have to |need to |always )?(?:go|belong|belongs|live|lives|be placed|are placed|be kept|are kept|be located|are located) (?:in|into|under|inside) (?:the )?§1(?: (?:folder|directory))?[.;]?$`)

// ClassPlacementStatement reports whether a sentence places classes named by a
// pattern in a folder: "`*Service` classes belong in `app/Services/`".
func ClassPlacementStatement(s ArchSentence) bool {
	return len(s.Spans) == 2 && ClassSuffixSpanRE.MatchString(strings.TrimSpace(s.Spans[0])) &&
		strings.HasSuffix(strings.TrimSpace(s.Spans[1]), "/") && classPlacedRE.MatchString(s.Prose)
}

// archItSubjectRE: a boundary whose subject is the heading's folder, named by a
// pronoun or "this layer" ("it never imports from §0", "this layer must not depend
// on §0"), or a label before it ("business rules only: it never imports from §0").
var archItSubjectRE = lazyre.New(`^(?:[^§:]{1,40}: )?(?:it|this (?:layer|package|module|folder|directory|crate|app)|code (?:here|in it)|nothing here) (never|must not|must never|cannot|can't|may not|should not|should never|does not|doesn't|do not) (?:directly )?(?:imports?|depends? on|uses?)(?: anything)? (?:from |on )?(§.*)$`)

// archNoImportsRE: "no imports from §0 or §1", "no direct imports of §0".
var archNoImportsRE = lazyre.New(`^(?:[^§:]{1,40}: )?no (?:direct )?(?:imports?|dependenc(?:y|ies)) (?:from|of|on) (§.*)$`)

// SubjectlessBoundary rewrites a boundary that leaves its subject to the heading in
// the imperative form the heading reader takes: "it never imports from §0" is "must
// not import from §0", "no imports from §0 or §1" is "must not import from §0 or §1";
// a fact ("it does not import §0") is a should.
func SubjectlessBoundary(p string) string {
	if m := archItSubjectRE.FindStringSubmatch(p); m != nil {
		modal := "must not"
		switch m[1] {
		case "should not", "should never", "does not", "doesn't", "do not":
			modal = "should not"
		}
		return modal + " import from " + m[2]
	}
	if m := archNoImportsRE.FindStringSubmatch(p); m != nil {
		return "must not import from " + m[1]
	}
	return p
}

// ArchTestsInDirRE: tests placed in a folder, with or without a modal: "Tests live in
// §0", "Tests are located in the §0 directory of each module", "Unit tests must go
// under §0". Group 1 is the folder; group 2 says the folder is each module's.
var ArchTestsInDirRE = lazyre.New(`^(?:(?:all |our |the |new |unit )?(?:tests|test files|unit tests|test cases|test suites)(?: \(§\d+\))? (?:must |should |have to |need to |always )?(?:live|go|belong|are located|are placed|are kept|are stored|are|sit|reside)|(?:always )?(?:place|put|keep|write|store|add) (?:all |your |the |any |new |unit )*(?:tests|test files|unit tests|test cases)) (?:in|under|inside|within) (?:the |a |their own |each module's )?(§\d+)(?: (?:folder|directory|dir|tree))?(?: (?:of|in) (each|every) (?:module|package|crate|project|service|app|subproject))?(?:,? or (?:in |under )?(?:the )?(§\d+)(?: (?:folder|directory|dir))?)?` + archTestsDirTail + `[.;]?$`)

// archTestsDirTail: what may follow the tests' folder and leaves the rule as it is:
// "(NOT §1)", "not §1", ", mirroring the layout of §1", ", mirroring the package of
// the class under test", ", never next to the code".
const archTestsDirTail = `(?:,? \(not (?:in |under )?§\d+\)|,? not (?:in |under )?§\d+|,? mirroring (?:the )?(?:layout|structure|tree|folders) of §\d+|,? mirroring §\d+` +
	`|,? mirroring (?:the )?(?:package|packages|package structure|source tree|source layout|directory structure) of (?:the )?(?:class|classes|code|module|modules|file|files|source)(?: (?:under test|they test|it tests|being tested))?` +
	`|,? (?:never|not) (?:next to|beside|alongside|among|mixed with) (?:the )?(?:code|source|sources|source files|source code|implementation|modules?)(?: (?:they|it) tests?)?` +
	`|,? (?:and )?(?:next to|beside|alongside) nothing else|,? (?:and )?nowhere else|,? and not (?:anywhere )?else(?:where)?)?`

// TestsInDirNew reports whether a sentence TestsInDir reads speaks of tests to be
// written ("Place new tests in §0", "New tests go in §0"): tests that exist elsewhere
// are not its business.
func TestsInDirNew(s ArchSentence) bool {
	prose := dirListTests(s.Prose)
	m := ArchTestsInDirRE.FindStringSubmatchIndex(prose)
	return m != nil && archNewFilesRE.MatchString(prose[:m[2]])
}

// TestsInDir returns the folder an architecture sentence puts tests in, and whether
// it is each module's folder.
func TestsInDir(s ArchSentence) (dir string, each, ok bool) {
	dirs, each, ok := TestsInDirs(s)
	if !ok {
		return "", false, false
	}
	return dirs[0], each, true
}

// TestsInDirs is TestsInDir for a sentence that may give a second folder ("Put tests
// in §0 or §1"): the folders in the order written.
func TestsInDirs(s ArchSentence) (dirs []string, each, ok bool) {
	m := ArchTestsInDirRE.FindStringSubmatch(dirListTests(s.Prose))
	if m == nil {
		return nil, false, false
	}
	for _, g := range []string{m[1], m[3]} {
		if g == "" {
			continue
		}
		span := strings.TrimSpace(s.Spans[spanNumber(g)])
		if span == "" || strings.ContainsAny(span, "*?{}<> ") || strings.Contains(path0Ext(span), ".") {
			return nil, false, false
		}
		dirs = append(dirs, span)
	}
	return dirs, m[2] != "", true
}

// path0Ext is the last element of a slash path ("src/test/java" → "java").
func path0Ext(p string) string {
	p = strings.TrimSuffix(p, "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// archExamplePathRE: a sentence that places files by an example path whose name
// stands for any ("Views go in §0" with §0 `src/views/XxxView.vue`, "Create §0 if it
// needs API data", "New API routes should be added under §0" with §0
// `app/api/<resource>/route.ts`). Group 1 or 2 is the path. A trailing condition
// says when such a file is made, not where it goes.
var archExamplePathRE = lazyre.New(`^(?:(?:\d+\. )?(?:then |first |and )?(?:create|add|put|place|write|make) (?:a |an |the |new |your |each |every |one )*(?:[a-z-]+ ){0,3}?(?:files? )?(?:(?:at|in|as|under|inside|into) )?(§\d+)|(?:all |new |each |every |the |our )*(?:[a-z-]+ ){0,3}?(?:(?:must|should|have to|need to|always) )?(?:go|goes|live|lives|belong|belongs|be placed|be put|be kept|be added|be created|be located|are placed|are kept|are located|are added|are created) (?:in|into|under|inside|at|as) (?:the )?(§\d+))(?: (?:if|when|whenever|for) [^§]*)?[.;:]?$`)

// archExampleNotRE: words that make a placement sentence no rule of where files go.
var archExampleNotRE = lazyre.New(`\b(?:not|never|no|or|except|unless|instead|e\.g|example|such as|like|see|run|runs|delete|remove|rename|edit|update|modify|open|read)\b`)

// archNewFilesRE: the words before a placement's folder that speak of files to be
// made ("Create", "Add", "new", "should be added").
var archNewFilesRE = lazyre.New(`^(?:\d+\. )?(?:then |first |and )?(?:create|add)\b|\bnew\b|\b(?:be|are) (?:added|created)\b`)

// archPlaceholderPartRE: the part of an example path that stands for any name:
// `<resource>`, `{name}`, `Xxx`, `XXX`, `xxx`.
var archPlaceholderPartRE = lazyre.New(`<[^<>/]+>|\{[^{}/]+\}|[Xx]{3,}`)

// ExamplePathPlacement returns where an architecture sentence puts files it names by
// an example path, and the pattern of their names: "Views go in
// `src/views/XxxView.vue`" places `*View.vue` files under `src/views`; "New API routes
// should be added under `app/api/<resource>/route.ts`" places `route.ts` files under
// `app/api`. newOnly says the sentence speaks of files to be made ("Create …", "New …
// should be added"), so files that exist are not its business. A name that keeps no
// part of its own once the placeholder is taken out (`src/services/<name>.ts`) names
// no kind of file: ok is false.
func ExamplePathPlacement(s ArchSentence) (dir, name string, newOnly, ok bool) {
	m := archExamplePathRE.FindStringSubmatch(s.Prose)
	if m == nil || len(s.Spans) != 1 {
		return "", "", false, false
	}
	ph := m[1] + m[2]
	if archExampleNotRE.MatchString(s.Prose[:strings.Index(s.Prose, ph)]) {
		return "", "", false, false
	}
	p := strings.Trim(strings.TrimPrefix(strings.TrimSpace(s.Spans[spanNumber(ph)]), "./"), "/")
	parts := strings.Split(p, "/")
	if len(parts) < 2 || strings.ContainsAny(p, " *?") {
		return "", "", false, false
	}
	base := parts[len(parts)-1]
	dot := strings.LastIndexByte(base, '.')
	if dot <= 0 || dot == len(base)-1 {
		return "", "", false, false // not a file name
	}
	fixed := len(parts) - 1 // the folders before the first placeholder
	for i, d := range parts[:len(parts)-1] {
		if archPlaceholderPartRE.MatchString(d) {
			fixed = i
			break
		}
	}
	name = archPlaceholderPartRE.ReplaceAllString(base, "*")
	if fixed == len(parts)-1 && name == base {
		return "", "", false, false // one file, not a kind of file
	}
	if fixed == 0 || strings.Count(name, "*") > 1 {
		return "", "", false, false
	}
	// the name must keep a part of its own besides the extension
	stem := strings.Trim(strings.TrimSuffix(name, base[dot:]), "*._-")
	if len(stem) < 2 {
		return "", "", false, false
	}
	newOnly = archNewFilesRE.MatchString(m[0][:strings.Index(m[0], ph)])
	return strings.Join(parts[:fixed], "/"), name, newOnly, true
}

// archClassWordRE: a how-to step that makes a class of a kind named in words, in a
// folder: "Create use case in §0", "Add a new mapper in §0", "Create ViewModels
// under §0". Group 1 is the verb, group 2 the kind, group 3 the folder.
var archClassWordRE = lazyre.New(`^(?:\d+\. )?(?:then |first |and )?(create|add|put|place|write) (?:a |an |the |new |your |each |every |any |all )*(?:rest |spring |mvc |api |http )?(use ?cases?|mappers?|view ?models?|viewmodels?|presenters?|interactors?|dtos?|validators?|serializers?|controllers?|repositor(?:y|ies)) (?:classes |class |files |file )?(?:in|into|under|inside) (?:the )?(§\d+)(?: (?:folder|directory|package))?[.;]?$`)

// ClassWordPlacement returns the folder and the class-name suffix of a step that
// makes classes of a kind named in words ("Create use case in `domain/usecase/`":
// `domain/usecase/`, "UseCase"), and whether the step speaks of classes to be made.
// The kind is the suffix their names carry by convention in the languages whose
// classes live one to a file.
func ClassWordPlacement(s ArchSentence) (dir, suffix string, newOnly, ok bool) {
	m := archClassWordRE.FindStringSubmatch(s.Prose)
	if m == nil {
		return "", "", false, false
	}
	kind := strings.TrimSuffix(strings.ReplaceAll(m[2], " ", ""), "s")
	switch kind {
	case "repository", "repositorie":
		suffix = "Repository"
	case "usecase":
		suffix = "UseCase"
	case "viewmodel":
		suffix = "ViewModel"
	case "dto":
		suffix = "Dto"
	default:
		suffix = strings.ToUpper(kind[:1]) + kind[1:]
	}
	newOnly = m[1] == "create" || m[1] == "add" || strings.Contains(s.Prose[:strings.Index(s.Prose, m[2])], "new ")
	return strings.TrimSpace(s.Spans[spanNumber(m[3])]), suffix, newOnly, true
}

// archNamedFilesRE: a folder followed by the names of the files it holds, in
// parentheses: "Add route files under §0 (§1, §2, §3)", "Page files go in §0 (§1,
// §2, …)". Group 1 is the verb's, group 2 the folder, group 3 the names.
var archNamedFilesRE = lazyre.New(`^(?:\d+\. )?(?:(add|create|put|place|keep)(?: (?:new|the|all|your|any))* (?:[a-z/-]+ ){0,3}files? (?:under|in|into|inside)|(?:all |new |the )?(?:[a-z/-]+ ){0,3}files? (?:must |should |always )?(?:go|live|belong|are placed|are kept|are added) (?:in|under|inside|into)) (?:the )?(§\d+)(?: (?:folder|directory))? \((§\d+(?:, §\d+)*(?:,? (?:and|or) §\d+)?)(?:, (?:…|\.\.\.|etc\.?))?\)[.;]?$`)

// NamedFilesPlacement returns the folder and the file names of a placement that
// names its files in parentheses after the folder ("Add route files under `src/app`
// (`page.tsx`, `layout.tsx`)"), and whether it speaks of files to be made. Each name
// must be a file name with an extension, no path and no pattern.
func NamedFilesPlacement(s ArchSentence) (dir string, names []string, newOnly, ok bool) {
	m := archNamedFilesRE.FindStringSubmatch(s.Prose)
	if m == nil {
		return "", nil, false, false
	}
	for _, i := range ArchSpanIndexes(m[3]) {
		n := strings.TrimSpace(s.Spans[i])
		dot := strings.LastIndexByte(n, '.')
		if n == "" || strings.ContainsAny(n, "/ *?{}<>") || dot <= 0 || dot == len(n)-1 {
			return "", nil, false, false
		}
		names = append(names, n)
	}
	newOnly = m[1] == "add" || m[1] == "create" || archNewFilesRE.MatchString(s.Prose[:strings.Index(s.Prose, m[2])])
	return strings.TrimSpace(s.Spans[spanNumber(m[2])]), names, newOnly, len(names) > 0
}

// archThemRE: a placement sentence whose object is a pronoun ("Put them in §0").
var archThemRE = lazyre.New(`^((?:always )?(?:put|place|keep|write|store|add) )them( (?:in|under|inside|within) )`)

// archTestsHeadingRE: a heading about tests ("Tests", "Testing", "Unit tests").
var archTestsHeadingRE = lazyre.New(`^(?:[\d.]+ )?(?:unit |integration )?(?:tests?|testing|test files)$`)

// TestsPronoun reads a pronoun that stands for the tests of the sentence's heading:
// under "## Tests", "Put them in §0" is "Put tests in §0". Any other prose is
// returned as it is.
func TestsPronoun(prose, heading string) string {
	h := strings.ToLower(strings.Trim(strings.TrimSpace(heading), "#*:` "))
	if !strings.Contains(prose, "them ") || !strings.Contains(h, "test") || !archTestsHeadingRE.MatchString(h) {
		return prose
	}
	return archThemRE.ReplaceAllString(prose, "${1}tests${2}")
}

// archTestsNotInRE: tests kept out of a folder: "Don't put tests in §0", "Never place
// test files directly in §0 alongside source code", "Tests must not live in §0".
// Group 1 is the folder.
var archTestsNotInRE = lazyre.New(`^(?:(?:never|do not|don't|must not|should not|should never|must never) (?:put|place|add|keep|write|create|store) (?:any |new |unit |your )?(?:tests|test files|unit tests|test code|test modules|specs|spec files)|(?:all |unit )?(?:tests|test files|unit tests|specs) (?:must not|must never|should not|should never|may not|never|do not|don't) (?:go|live|belong|be placed|be put|be kept|sit))(?: directly)? (?:in|under|inside|into|within) (?:the )?(§\d+)(?: (?:folder|directory|dir|tree))?(?:,? (?:alongside|next to|beside|among|with|mixed with) (?:the )?(?:source|code|source code|source files|modules|implementation))?[.;]?$`)

// TestsNotIn returns the folder an architecture sentence keeps tests out of.
func TestsNotIn(s ArchSentence) (string, bool) {
	if !strings.Contains(s.Prose, "test") && !strings.Contains(s.Prose, "spec") {
		return "", false
	}
	m := archTestsNotInRE.FindStringSubmatch(s.Prose)
	if m == nil {
		return "", false
	}
	span := strings.TrimSpace(s.Spans[spanNumber(m[1])])
	if span == "" || strings.ContainsAny(span, "*?{}<> ") || strings.Contains(path0Ext(span), ".") {
		return "", false
	}
	return span, true
}

// archRootWords: the repository's root named in words ("the repository root", "the
// root directory", "the project's root folder").
const archRootWords = `(?:the )?(?:(?:repository|repo|project)(?:'s)? root(?: (?:folder|directory|dir|level))?|root (?:folder|directory|dir)(?: of the (?:repository|repo|project))?|top level of the (?:repository|repo|project))`

// archNoRootFilesRE: "Do not add files to the repository root", "Never create new
// files in the root directory other than config". Group 1 is an exception's words.
var archNoRootFilesRE = lazyre.New(`^(?:never|do not|don't|must not|you must not|should not) (?:add|create|put|place|write|leave|drop) (?:any |new |additional |extra |loose )*(?:files?|scripts|source files|code files|documents|markdown files)(?: directly)? (?:to|in|into|at|under) ` + archRootWords + `(?:,? ((?:other than|except|besides|apart from|unless)\b[^§]*))?[.;]?$`)

// archNoTopDirsRE: "Do not create new top-level directories". Group 1 is a
// condition's or an exception's words.
var archNoTopDirsRE = lazyre.New(`^(?:never|do not|don't|must not|you must not|should not) (?:add|create|introduce|make|start) (?:any |new |additional |extra )*(?:top-level|top level|root-level|root level) (?:directories|folders|dirs|directory|folder)(?: (?:in|at|to) ` + archRootWords + `)?(?:,? ((?:other than|except|besides|apart from|unless|without)\b[^§]*))?[.;]?$`)

// NoRootFiles reports whether a sentence forbids new files in the repository's root,
// and the words of an exception or condition it gives.
func NoRootFiles(prose string) (tail string, ok bool) {
	if !strings.Contains(prose, "root") {
		return "", false
	}
	m := archNoRootFilesRE.FindStringSubmatch(prose)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// NoTopDirs reports whether a sentence forbids new top-level folders, and the words
// of an exception or condition it gives.
func NoTopDirs(prose string) (tail string, ok bool) {
	if !strings.Contains(prose, "top") && !strings.Contains(prose, "root") {
		return "", false
	}
	m := archNoTopDirsRE.FindStringSubmatch(prose)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// archCodeNoun: the code of a program named without a language ("packages", "source
// code", "application code").
const archCodeNoun = `(?:(?:application|library|app|source|production|main|business) )?(?:packages|code|source code|source files|sources|modules)(?: \([^()§]*\))?`

// archCodeDirs: one folder or several, each with its purpose in parentheses or not
// ("§0 (entrypoints) and §1 or §2 (shared logic)"). Group 1 is the first, group 2
// the rest.
const archCodeDirs = `(?:the )?(§\d+)(?: (?:folder|directory|dir))?(?: \([^()§]*\))?((?:(?:,|,? and|,? or) (?:in |under )?(?:the )?§\d+(?: (?:folder|directory|dir))?(?: \([^()§]*\))?){0,4})[.;]?$`

// archCodeUnderRE: the program's code placed in folders: "Place packages under §0
// (entrypoints) and §1 or §2 (shared logic)", "Application code must go in §0". A
// statement without a modal describes ("All packages live in §0": a monorepo's
// workspace packages).
var archCodeUnderRE = lazyre.New(`^(?:always )?(?:place|put|keep|write|organi[sz]e) (?:all |new |the |your |any )*` + archCodeNoun + ` (?:under|in|into|inside|within) ` + archCodeDirs +
	`|^(?:all |new |the |our )*` + archCodeNoun + ` (?:must|should|always|has to|have to) (?:go|goes|live|lives|belong|belongs|be placed|is placed|are placed|be kept|is kept|are kept) (?:in|under|into|inside|within) ` + archCodeDirs)

// CodeUnder returns the folders an architecture sentence places the program's code
// in, named without a language ("Place packages under §0 and §1").
func CodeUnder(s ArchSentence) ([]string, bool) {
	if !codeNounWordRE(s.Prose) {
		return nil, false
	}
	m := archCodeUnderRE.FindStringSubmatch(s.Prose)
	if m == nil {
		return nil, false
	}
	first, rest := m[1]+m[3], m[2]+m[4]
	var dirs []string
	for _, g := range append([]string{first}, spanRefs(rest)...) {
		span := strings.TrimSpace(s.Spans[spanNumber(g)])
		if span == "" || strings.ContainsAny(span, "*?{}<> ") || strings.Contains(path0Ext(span), ".") {
			return nil, false
		}
		dirs = append(dirs, span)
	}
	return dirs, true
}

// codeNounWordRE is a cheap gate before archCodeUnderRE: the prose names code.
func codeNounWordRE(p string) bool {
	for _, w := range []string{"packages", "code", "source", "modules"} {
		if strings.Contains(p, w) {
			return true
		}
	}
	return false
}

// spanRefs are the span placeholders (§N) of a piece of prose, in order.
func spanRefs(p string) []string {
	var out []string
	for {
		i := strings.Index(p, "§")
		if i < 0 {
			return out
		}
		j := i + len("§")
		for j < len(p) && p[j] >= '0' && p[j] <= '9' {
			j++
		}
		if j > i+len("§") {
			out = append(out, p[i:j])
		}
		p = p[j:]
	}
}

// archWordSubjectRE: a boundary whose subject is a part of the code named by a word,
// not a span: "UI code may only use §0", "The domain layer must not import §0". Group
// 1 is the word, group 2 the rest from the modal on.
var archWordSubjectRE = lazyre.New(`^(?:the )?([a-z][a-z0-9_-]{1,24})(?: (?:code|layer|package|module|folder|directory|components?))? ((?:may|must|should|can|shall) (?:only |never |not )?(?:import|use|depend on|access|call)\b.*|(?:never|cannot|can't|must not|should not|may not) (?:directly )?(?:import|use|depend on|access|call)\b.*)$`)

// notSubjectWord reports words a sentence opens with that name no part of the code.
func notSubjectWord(w string) bool {
	switch w {
	case "all", "new", "this", "that", "these", "test", "tests", "your", "our", "any", "each", "every", "other", "shared",
		"generated", "production", "source", "library", "it", "you", "we", "code", "nothing", "no", "one":
		return true
	}
	return false
}

// WordSubject splits a boundary whose subject is a word ("ui code may only use §0")
// into the word and the rest ("may only use §0"), for a reader that resolves the
// word to a folder of the repository and reads "§N may only use §0".
func WordSubject(prose string) (word, rest string, ok bool) {
	if !strings.Contains(prose, "§") || !boundaryVerbWord(prose) {
		return "", "", false
	}
	m := archWordSubjectRE.FindStringSubmatch(prose)
	if m == nil || notSubjectWord(m[1]) || !strings.Contains(m[2], "§") {
		return "", "", false
	}
	return m[1], m[2], true
}

// archCtxObjectRE: a boundary with no subject whose object is a part of the code
// named by a word, under a list item that names the subject ("Controller Layer (§0
// package):" + "Restriction: NEVER accesses the Repository directly."). Group 1 is
// the modal, group 2 the word.
var archCtxObjectRE = lazyre.New(`^(?:[^§:]{1,40}: )?(?:it |this layer |this package |this module )?(never|must not|must never|should not|should never|cannot|can't|may not|does not|doesn't|do not) (?:directly )?(?:access(?:es)?|imports?|uses?|calls?|depends? on|talks? to|touch(?:es)?|reach(?:es)?(?: into)?) (?:the |any )?([a-z][a-z0-9_-]{1,24})(?: (?:layer|package|module|folder|classes))?(?: directly)?[.;]?$`)

// ContextObject reads a boundary whose subject is left to the list item above it and
// whose object is a word: the modal's strength (a should when the text says "should"
// or states a fact) and the word, in the forms a folder may take ("repositories":
// "repositories", "repository").
func ContextObject(prose string) (should bool, words []string, ok bool) {
	if strings.Contains(prose, "§") || !boundaryVerbWord(prose) {
		return false, nil, false
	}
	m := archCtxObjectRE.FindStringSubmatch(prose)
	if m == nil || notSubjectWord(m[2]) {
		return false, nil, false
	}
	w := m[2]
	words = []string{w}
	switch {
	case strings.HasSuffix(w, "ies"):
		words = append(words, strings.TrimSuffix(w, "ies")+"y")
	case strings.HasSuffix(w, "s"):
		words = append(words, strings.TrimSuffix(w, "s"))
	default:
		words = append(words, w+"s")
	}
	should = strings.HasPrefix(m[1], "should") || m[1] == "does not" || m[1] == "doesn't" || m[1] == "do not"
	return should, words, true
}

// boundaryVerbWord is a cheap gate before the boundary expressions: the prose has a
// verb of import or use.
func boundaryVerbWord(p string) bool {
	for _, w := range []string{"import", "use", "depend", "access", "call", "talk", "touch", "reach"} {
		if strings.Contains(p, w) {
			return true
		}
	}
	return false
}
