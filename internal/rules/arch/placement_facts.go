package arch

import (
	"fmt"
	"path"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// Placement the way whole files state their layout (norm's archplacefacts.go): tests
// in a folder given with their pattern, migrations in a folder, classes named by a
// suffix in a folder.

// testsFolderPlacement reads "E2E tests: `test/*.e2e-spec.ts` in service root": files
// of the pattern live under a folder of that name, at any depth when the path is
// relative to a part of the repository ("in service root").
func testsFolderPlacement(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	dir, pattern, ok := norm.TestsFolderSpan(norm.ArchSentence{Prose: s.prose, Spans: s.spans})
	if !ok {
		return policy.Rule{}, false
	}
	under := []string{"**/" + dir + "/**"}
	if p := repoPath(dir, c, rc); isDir(rc, p) {
		under = []string{p + "/**", "**/" + dir + "/**"}
	}
	params := placementParams{Files: []string{"**/" + pattern}, Under: under}
	name := strings.ReplaceAll(pattern, "*", "parse")
	return archRule(KindPlacement, params, c,
		fmt.Sprintf("a %s file outside a %s/ folder", pattern, dir),
		fmt.Sprintf("move the file into %s/", dir),
		policy.Case{Expect: policy.ExpectViolated, Path: path.Join("src", name), Note: "a test of the kind outside its folder"},
		policy.Case{Expect: policy.ExpectSatisfied, Path: path.Join(dir, name), Note: "a test of the kind in its folder"}), true
}

// migrationExts are the files a migration is written in.
const migrationExts = "{sql,py,ts,js,mjs,cjs,rb,go,php,java,kt,cs,ex,exs,xml,yaml,yml}"

// migrationPlacement reads "Migrations go in `db/migrations/`", "Migration files live
// at `services/<name>/drizzle/`": a migration (a file in a folder named migrations or
// migration, or named as the folder the sentence gives) lives under that folder.
func migrationPlacement(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	span, ok := norm.MigrationsFolder(norm.ArchSentence{Prose: s.prose, Spans: s.spans})
	if !ok {
		return policy.Rule{}, false
	}
	name := strings.Trim(strings.TrimPrefix(strings.TrimSpace(span), "./"), "/")
	name = groupPlaceholderRE.ReplaceAllString(name, "*")
	if name == "" || strings.ContainsAny(name, " ?{}<>[]") || strings.HasPrefix(name, "*") {
		return policy.Rule{}, false
	}
	var under []string
	switch p := repoPath(name, c, rc); {
	case strings.Contains(name, "*"):
		under = []string{p + "/**"}
	case isDir(rc, p):
		under = []string{p + "/**"}
	case !strings.Contains(name, "/"):
		under = []string{"**/" + name + "/**"}
	default:
		under = []string{p + "/**"}
	}
	kinds := []string{"migrations", "migration"}
	files := []string{"**/migrations/**/*." + migrationExts, "**/migration/**/*." + migrationExts}
	if base := path.Base(name); base != "*" && base != "migrations" && base != "migration" {
		// "`services/<name>/drizzle/`": SQL files in a folder of that name are
		// migrations too; its code is not (a `drizzle/` module of the ORM)
		kinds = append(kinds, base)
		files = append(files, "**/"+base+"/**/*.sql")
	}
	good := strings.ReplaceAll(strings.TrimSuffix(under[0], "/**"), "*", "x")
	good = strings.TrimPrefix(good, "x/")
	pp := params(files, under)
	// a migration tool's own files beside its migrations (Alembic's env.py and
	// script template, a Python package's __init__.py) are no migrations
	pp.Except = []string{"**/env.py", "**/__init__.py", "**/script.py.mako", "**/conftest.py", "**/README*"}
	r := archRule(KindPlacement, pp, c,
		fmt.Sprintf("a migration outside %s", list(humans(under))),
		fmt.Sprintf("move the migration under %s", list(humans(under))),
		policy.Case{Expect: policy.ExpectViolated, Path: "elsewhere/" + kinds[len(kinds)-1] + "/0002_add_orders.sql", Code: "create table orders (id int);\n", Note: "a migration in another folder"},
		policy.Case{Expect: policy.ExpectSatisfied, Path: good + "/0002_add_orders.sql", Code: "create table orders (id int);\n", Note: "a migration where the text puts it"})
	if !archPlaceModalRE.MatchString(s.prose[:strings.Index(s.prose, "§")]) {
		// "Flyway migrations live in `db/migration/` and must stay append-only":
		// the modal is another clause's; the placement is stated, a warning
		r.Severity = policy.SeverityWarning
	}
	return r, true
}

// archPlaceModalRE: a modal before the folder of a placement sentence.
var archPlaceModalRE = lazyre.New(`\b(?:must|should|have to|need to|always|shall)\b`)

func params(files, under []string) placementParams {
	return placementParams{Files: files, Under: under}
}

// classFileExt gives the languages whose classes live one to a file named as the
// class (PSR-4 PHP, Java, Kotlin, C#), with their file extensions.
func classFileExt(lang string) (string, bool) {
	switch lang {
	case engine.LangPHP:
		return "php", true
	case engine.LangJava:
		return "java", true
	case engine.LangKotlin:
		return "kt", true
	case engine.LangCSharp:
		return "cs", true
	}
	return "", false
}

// classPlacement reads "`*Service` classes belong in `app/Services/`": in a language
// whose classes live one to a file named as the class, a file named by the pattern
// lives under the folder.
func classPlacement(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	if rc == nil || !norm.ClassPlacementStatement(norm.ArchSentence{Prose: s.prose, Spans: s.spans}) {
		return policy.Rule{}, false
	}
	var files []string
	for _, l := range rc.Languages {
		if ext, ok := classFileExt(l); ok {
			files = append(files, "**/"+strings.TrimSpace(s.spans[0])+"."+ext)
		}
	}
	if len(files) == 0 {
		return policy.Rule{}, false
	}
	under, ok := underGlobs([]string{s.spans[1]}, c, rc)
	if !ok {
		return policy.Rule{}, false
	}
	name := strings.ReplaceAll(strings.TrimPrefix(files[0], "**/"), "*", "Order")
	good := strings.TrimPrefix(strings.TrimSuffix(under[0], "/**"), "**/")
	return archRule(KindPlacement, params(files, under), c,
		fmt.Sprintf("a %s class outside %s", strings.TrimSpace(s.spans[0]), list(humans(under))),
		fmt.Sprintf("move the class under %s", list(humans(under))),
		policy.Case{Expect: policy.ExpectViolated, Path: "elsewhere/" + name, Note: "a class of the kind in another folder"},
		policy.Case{Expect: policy.ExpectSatisfied, Path: good + "/" + name, Note: "a class of the kind in its folder"}), true
}

// jvmTestGlobs are the names of JVM test classes (JUnit's conventions).
func jvmTestGlobs(lang string) []string {
	switch lang {
	case engine.LangJava:
		return []string{"**/*Test.java", "**/*Tests.java", "**/*IT.java"}
	case engine.LangKotlin:
		return []string{"**/*Test.kt", "**/*Tests.kt"}
	}
	return nil
}

// testsDirPlacement reads "Tests live in `tests/`", "Tests are located in the
// `src/test/java` directory of each module": a test file of the repository's
// languages lives under that folder (each module's, or the folder at any depth when
// the repository does not have it at the root).
func testsDirPlacement(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	if len(c.HeaderPath) > 0 {
		s.prose = norm.TestsPronoun(s.prose, c.HeaderPath[len(c.HeaderPath)-1])
	}
	dirs, each, ok := norm.TestsInDirs(norm.ArchSentence{Prose: s.prose, Spans: s.spans})
	if !ok || rc == nil {
		return policy.Rule{}, false
	}
	files := repoTestGlobs(rc)
	if len(files) == 0 {
		return policy.Rule{}, false
	}
	var under []string
	name := ""
	for _, dir := range dirs {
		n := strings.Trim(strings.TrimPrefix(dir, "./"), "/")
		if name == "" {
			name = n
		}
		switch p := repoPath(n, c, rc); {
		case each:
			under = append(under, "**/"+n+"/**", n+"/**")
		case isDir(rc, p):
			under = append(under, p+"/**")
		default:
			under = append(under, "**/"+n+"/**", n+"/**")
		}
	}
	sample := strings.NewReplacer("**/", "", "*", "Parse", "{ts,tsx,js,jsx,mjs,cjs}", "ts").Replace(files[0])
	ps := params(files, under)
	ps.NewOnly = norm.TestsInDirNew(norm.ArchSentence{Prose: s.prose, Spans: s.spans})
	r := archRule(KindPlacement, ps, c,
		fmt.Sprintf("a test file outside %s", list(humans(under))),
		fmt.Sprintf("move the test under %s", list(humans(under))),
		policy.Case{Expect: policy.ExpectViolated, Path: path.Join("lib", sample), Note: "a test outside the tests folder"},
		policy.Case{Expect: policy.ExpectSatisfied, Path: path.Join(name, sample), Note: "a test in the tests folder"})
	if !archPlaceModalRE.MatchString(s.prose) {
		r.Severity = policy.SeverityWarning
	}
	return r, true
}

// examplePathPlacement reads placement given by an example path whose name stands
// for any (norm.ExamplePathPlacement): "Views go in `src/views/XxxView.vue`", "Create
// `src/composables/useXxx.ts` if it needs API data", "New API routes should be added
// under `app/api/<resource>/route.ts`". Files named by the pattern live under the
// path's folders up to the placeholder. The name's pattern is the text's example, so
// the rule warns; a sentence about files to be made judges only new files.
func examplePathPlacement(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	dir, name, newOnly, ok := norm.ExamplePathPlacement(norm.ArchSentence{Prose: s.prose, Spans: s.spans})
	if !ok {
		return policy.Rule{}, false
	}
	under := repoPath(dir, c, rc) + "/**"
	params := placementParams{Files: []string{"**/" + name}, Under: []string{under}, NewOnly: newOnly}
	sample := strings.ReplaceAll(name, "*", "Order")
	good := strings.TrimSuffix(under, "/**")
	what := "a " + name + " file"
	if newOnly {
		what = "a new " + name + " file"
	}
	r := archRule(KindPlacement, params, c,
		fmt.Sprintf("%s outside %s/", what, good),
		fmt.Sprintf("move the file under %s/", good),
		policy.Case{Expect: policy.ExpectViolated, Path: path.Join("elsewhere", sample), Note: "a file of the kind in another folder"},
		policy.Case{Expect: policy.ExpectSatisfied, Path: path.Join(good, "orders", sample), Note: "a file of the kind under its folder"})
	r.Severity = policy.SeverityWarning
	return r, true
}

// javaPackageRE: a dotted package name of the JVM languages ("com.acme.web").
var javaPackageRE = lazyre.New(`^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*){2,}$`)

// classWordPlacement reads a step that makes classes of a kind named in words
// (norm.ClassWordPlacement): "Create use case in `domain/usecase/`" places new
// `*UseCase.kt` files (in a Kotlin repository) under that folder. The folder must be
// the repository's (at any depth when several modules have it); the kind's suffix is
// a convention, not the text's, so the rule warns, and it judges only new files when
// the step speaks of classes to be made; else nothing.
func classWordPlacement(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	dir, suffix, newOnly, ok := norm.ClassWordPlacement(norm.ArchSentence{Prose: s.prose, Spans: s.spans})
	if !ok || !newOnly || rc == nil || len(rc.Dirs) == 0 {
		return policy.Rule{}, false
	}
	name := strings.Trim(strings.TrimPrefix(dir, "./"), "/")
	if javaPackageRE.MatchString(name) {
		// "in the `com.acme.web` package": the package's folder
		name = strings.ReplaceAll(name, ".", "/")
	}
	if name == "" || strings.ContainsAny(name, " *?{}<>") || path.Ext(name) != "" {
		return policy.Rule{}, false
	}
	var under string
	switch p := repoPath(name, c, rc); {
	case isDir(rc, p):
		under = p + "/**"
	default:
		for _, d := range rc.Dirs {
			if strings.HasSuffix(d, "/"+name) {
				under = "**/" + name + "/**" // the folder of each module that has it
				break
			}
		}
	}
	if under == "" {
		return policy.Rule{}, false // a folder the repository does not have
	}
	suffixes := []string{suffix}
	if suffix == "Dto" {
		suffixes = append(suffixes, "DTO")
	}
	var files []string
	for _, l := range rc.Languages {
		if ext, ok := classFileExt(l); ok {
			for _, sfx := range suffixes {
				files = append(files, "**/*"+sfx+"."+ext)
			}
		}
	}
	if len(files) == 0 {
		return policy.Rule{}, false
	}
	ps := params(files, []string{under})
	ps.NewOnly = true
	sample := strings.ReplaceAll(strings.TrimPrefix(files[0], "**/"), "*", "Order")
	good := strings.TrimPrefix(strings.TrimSuffix(under, "/**"), "**/")
	r := archRule(KindPlacement, ps, c,
		fmt.Sprintf("a new %s outside %s", strings.TrimPrefix(files[0], "**/"), humans([]string{under})[0]),
		fmt.Sprintf("create it under %s", humans([]string{under})[0]),
		policy.Case{Expect: policy.ExpectViolated, Path: "elsewhere/" + sample, Note: "a new class of the kind in another folder"},
		policy.Case{Expect: policy.ExpectSatisfied, Path: good + "/" + sample, Note: "a new class of the kind in its folder"})
	r.Severity = policy.SeverityWarning
	return r, true
}

// namedFilesPlacement reads a folder with the names of the files it holds in
// parentheses (norm.NamedFilesPlacement): "Add route files under `src/app`
// (`page.tsx`, `layout.tsx`, `loading.tsx`)": files of those names live under the
// folder, which the repository must have. The names are the text's; the files are
// its examples of a kind, so the rule warns.
func namedFilesPlacement(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	dir, names, newOnly, ok := norm.NamedFilesPlacement(norm.ArchSentence{Prose: s.prose, Spans: s.spans})
	if !ok || rc == nil || len(rc.Dirs) == 0 {
		return policy.Rule{}, false
	}
	p := repoPath(strings.Trim(strings.TrimPrefix(dir, "./"), "/"), c, rc)
	if !isDir(rc, p) {
		return policy.Rule{}, false
	}
	var files []string
	for _, n := range names {
		files = append(files, "**/"+n)
	}
	ps := params(files, []string{p + "/**"})
	ps.NewOnly = newOnly
	r := archRule(KindPlacement, ps, c,
		fmt.Sprintf("a %s file outside %s/", list(names), p),
		fmt.Sprintf("move the file under %s/", p),
		policy.Case{Expect: policy.ExpectViolated, Path: "elsewhere/" + names[0], Note: "a file of the kind in another folder"},
		policy.Case{Expect: policy.ExpectSatisfied, Path: p + "/orders/" + names[0], Note: "a file of the kind under its folder"})
	r.Severity = policy.SeverityWarning
	return r, true
}

// testsNotInPlacement reads "Don't put tests in `src/`": a test file of the
// repository's languages does not live under that folder.
func testsNotInPlacement(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	dir, ok := norm.TestsNotIn(norm.ArchSentence{Prose: s.prose, Spans: s.spans})
	if !ok || rc == nil {
		return policy.Rule{}, false
	}
	files := repoTestGlobs(rc)
	if len(files) == 0 {
		return policy.Rule{}, false
	}
	name := strings.Trim(strings.TrimPrefix(dir, "./"), "/")
	if name == "" {
		return policy.Rule{}, false
	}
	not := []string{"**/" + name + "/**"}
	if p := repoPath(name, c, rc); isDir(rc, p) || strings.Contains(name, "/") {
		not = []string{p + "/**"}
	}
	sample := strings.NewReplacer("**/", "", "*", "Parse", "{ts,tsx,js,jsx,mjs,cjs}", "ts").Replace(files[0])
	return archRule(KindPlacement, placementParams{Files: files, NotUnder: not}, c,
		fmt.Sprintf("a test file under %s, where the instructions keep tests out", list(humans(not))),
		fmt.Sprintf("move the test out of %s", list(humans(not))),
		policy.Case{Expect: policy.ExpectViolated, Path: path.Join(name, sample), Note: "a test in the folder tests stay out of"},
		policy.Case{Expect: policy.ExpectSatisfied, Path: path.Join("elsewhere", sample), Note: "a test elsewhere"}), true
}

// rootPlacement reads "Do not add files to the repository root" (no new file directly
// in the root) and "Do not create new top-level directories" (no new file in a
// top-level folder the repository does not have). Both speak of files to be made: a
// file the repository holds is not their business. An exception or condition the
// sentence gives ("other than config", "without asking") makes them warn.
func rootPlacement(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	if c != nil && c.Scope.Dir != "" {
		return policy.Rule{}, false // a nested file's "root" may be its own folder
	}
	var r policy.Rule
	tail := ""
	if t, ok := norm.NoRootFiles(s.prose); ok {
		tail = t
		r = archRule(KindPlacement, placementParams{Dir: ".", Allowed: []string{"*"}, NoFiles: true, NewOnly: true}, c,
			"a new file directly in the repository root",
			"put the file in the folder of its kind",
			policy.Case{Expect: policy.ExpectViolated, Path: "notes.txt", Note: "a new file in the root"},
			policy.Case{Expect: policy.ExpectSatisfied, Path: "docs/notes.txt", Note: "a new file in a folder"})
	} else if t, ok := norm.NoTopDirs(s.prose); ok && rc != nil {
		tail = t
		var top []string
		for _, d := range rc.Dirs {
			if d != "" && !strings.Contains(d, "/") {
				top = append(top, d)
			}
		}
		if len(top) == 0 {
			return policy.Rule{}, false
		}
		r = archRule(KindPlacement, placementParams{Dir: ".", Allowed: top, NewOnly: true}, c,
			"a new file in a top-level folder the repository does not have",
			fmt.Sprintf("put the file in one of the existing folders (%s)", list(slashed(top))),
			policy.Case{Expect: policy.ExpectViolated, Path: "new-top-folder-x/file.txt", Note: "a file in a new top-level folder"},
			policy.Case{Expect: policy.ExpectSatisfied, Path: top[0] + "/file.txt", Note: "a file in a folder that exists"})
	} else {
		return policy.Rule{}, false
	}
	if tail != "" {
		r.Doubt("the sentence gives an exception or condition heed does not read: " + strings.TrimSpace(tail))
	}
	return r, true
}

// codeFiles are the files of a language's code.
var codeFiles = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		engine.LangGo: {"*.go"}, engine.LangPython: {"*.py"}, engine.LangTypeScript: {"*.ts"}, engine.LangTSX: {"*.tsx"},
		engine.LangJavaScript: {"*.js", "*.jsx", "*.mjs", "*.cjs"}, engine.LangRust: {"*.rs"}, engine.LangJava: {"*.java"},
		engine.LangKotlin: {"*.kt"}, engine.LangRuby: {"*.rb"}, engine.LangPHP: {"*.php"}, engine.LangCSharp: {"*.cs"},
		engine.LangSwift: {"*.swift"},
	}
})

// codeApart are files of a code language that are not the program's code: tests,
// their data, examples, scripts, documentation, build configuration.
var codeApart = []string{"**/testdata/**", "**/fixtures/**", "**/examples/**", "**/example/**", "**/scripts/**", "**/docs/**",
	"**/*.config.*", "**/conftest.py", "setup.py", "noxfile.py", "manage.py", "build.rs", "**/vendor/**", "**/node_modules/**"}

// codePlacement reads "Place packages under `cmd/` (entrypoints) and `internal/` or
// `pkg/` (shared logic)", "Application code goes in `src/`": the code of the
// repository's languages (its tests and what is not its program apart) lives under
// those folders. Which files are the program's code is heed's reading, so it warns.
func codePlacement(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	dirs, ok := norm.CodeUnder(norm.ArchSentence{Prose: s.prose, Spans: s.spans})
	if !ok || rc == nil {
		return policy.Rule{}, false
	}
	var files []string
	for _, l := range rc.Languages {
		files = append(files, codeFiles()[l]...)
	}
	if len(files) == 0 {
		return policy.Rule{}, false
	}
	under, ok := underGlobs(dirs, c, rc)
	if !ok {
		return policy.Rule{}, false
	}
	except := append(append(append([]string{}, testNameGlobs(rc.Languages)...), testTrees...), suitesApart...)
	except = append(except, codeApart...)
	for _, l := range rc.Languages {
		except = append(except, jvmTestGlobs(l)...)
	}
	name := "sample" + strings.TrimPrefix(files[0], "*")
	good := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(under[0], "**/"), "/"), "/**") + "/lib/" + name
	r := archRule(KindPlacement, placementParams{Files: files, Under: under, Except: uniq.Values(except)}, c,
		fmt.Sprintf("code outside %s", list(humans(under))),
		fmt.Sprintf("move the file under %s", list(humans(under))),
		policy.Case{Expect: policy.ExpectViolated, Path: "elsewhere/" + name, Note: "code outside the folders"},
		policy.Case{Expect: policy.ExpectSatisfied, Path: good, Note: "code in one of the folders"})
	r.Doubt("heed takes every file of the repository's languages, tests and examples apart, for the code the sentence places")
	return r, true
}

// repoTestGlobs are the names of test files in the repository's languages, the JVM's
// test trees among them.
func repoTestGlobs(rc *recognize.RepoContext) []string {
	files := testNameGlobs(rc.Languages)
	for _, l := range rc.Languages {
		files = append(files, jvmTestGlobs(l)...)
	}
	return files
}
