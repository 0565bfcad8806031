package source

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// banCase is a sentence of an instruction file, compiled as it would be in a
// repository of one language, and run over small files of that language: want lists
// the findings as "path:line", every other line of the files (the same name longer,
// in a comment, in a string, at its definition) must stay clean.
type banCase struct {
	text  string
	files map[string]string
	want  []string
}

func compileBan(t *testing.T, l, text string) []*policy.Rule {
	t.Helper()
	con := &policy.Constraint{ID: "x", Text: text, File: "AGENTS.md", Line: 1, Level: policy.Must}
	var out []*policy.Rule
	for _, r := range recognizeAll(con, &recognize.RepoContext{Languages: []string{l}}) {
		r := r
		r.ID = text
		checkRuleCases(t, &r, text)
		out = append(out, &r)
	}
	return out
}

func runBanCases(t *testing.T, l string, cases []banCase) {
	t.Helper()
	for _, c := range cases {
		rules := compileBan(t, l, c.text)
		if len(rules) == 0 {
			t.Errorf("%s: %q compiled into no rule", l, c.text)
			continue
		}
		for _, r := range rules {
			if r.Kind != KindQuery {
				t.Errorf("%s: %q compiled into a %s rule, want a query", l, c.text, r.Kind)
			}
		}
		fs, _ := runFiles(t, rules, c.files)
		var got []string
		for _, f := range fs {
			got = append(got, fmt.Sprintf("%s:%d", f.Path, f.Line))
		}
		sort.Strings(got)
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s: %q\n got  %v\n want %v", l, c.text, got, c.want)
		}
	}
}

func TestBansInKotlin(t *testing.T) {
	runBanCases(t, engine.LangKotlin, []banCase{
		{text: "Never call `runBlocking()` in production code.", files: map[string]string{
			"app/src/main/kotlin/app/Repo.kt": `package app

class Repo(private val api: Api) {
    fun load(): User = runBlocking { api.user() }
    fun test() = runBlockingTest { }
    // runBlocking() here would block the main thread
    val doc = "runBlocking()"
}
`,
			"app/src/test/kotlin/app/RepoTest.kt": "package app\n\nfun t() = runBlocking { }\n",
		}, want: []string{"app/src/main/kotlin/app/Repo.kt:4"}},
		{text: "Don't use `Thread.sleep()` in tests; use `advanceTimeBy`.", files: map[string]string{
			"src/test/kotlin/RetryTest.kt": `class RetryTest {
    @Test
    fun retries() {
        Thread.sleep(100)
        myThread.sleep(1)
        Thread.sleepy()
        // Thread.sleep(100)
        println("Thread.sleep(1)")
    }
}
`,
		}, want: []string{"src/test/kotlin/RetryTest.kt:4"}},
		{text: "Avoid `.block()`; it blocks the thread.", files: map[string]string{
			"src/main/kotlin/Flow.kt": "fun f() {\n    val a = mono.block()\n    val b = mono.blockFirst()\n    block()\n}\n",
		}, want: []string{"src/main/kotlin/Flow.kt:2"}},
		{text: "Do not use `GlobalScope`.", files: map[string]string{
			"src/main/kotlin/Jobs.kt": `import kotlinx.coroutines.GlobalScope

object MyGlobalScope
fun start() {
    GlobalScope.launch { work() }
    MyGlobalScope.toString()
    val s = "GlobalScope"
}
`,
		}, want: []string{"src/main/kotlin/Jobs.kt:5"}},
		{text: "Never import `kotlinx.coroutines.GlobalScope`.", files: map[string]string{
			"src/main/kotlin/Jobs.kt": "package jobs\n\nimport kotlinx.coroutines.GlobalScope\nimport kotlinx.coroutines.GlobalScopeExt\n// import kotlinx.coroutines.GlobalScope\n",
		}, want: []string{"src/main/kotlin/Jobs.kt:3"}},
	})
}

func TestBansInCSharp(t *testing.T) {
	runBanCases(t, engine.LangCSharp, []banCase{
		{text: "Don't use `ConfigureAwait(false)` in application code.", files: map[string]string{
			"src/Api/Controllers/UsersController.cs": `namespace Api.Controllers;

public class UsersController : ControllerBase
{
    public async Task<User> Get(int id)
    {
        var u = await _repo.Find(id).ConfigureAwait(false);
        await _bus?.Publish(u).ConfigureAwaitOptions();
        // .ConfigureAwait(false) is not needed in ASP.NET Core
        var s = "ConfigureAwait(false)";
        return u;
    }
}
`,
		}, want: []string{"src/Api/Controllers/UsersController.cs:7"}},
		{text: "Never call `GC.Collect()`.", files: map[string]string{
			"src/Cache.cs": "class Cache {\n  void Trim() {\n    GC.Collect();\n    GC.CollectionCount(0);\n    MyGC.Collect();\n    // GC.Collect();\n  }\n}\n",
		}, want: []string{"src/Cache.cs:3"}},
		{text: "Do not use `ArrayList`; use `List<T>`.", files: map[string]string{
			"src/Legacy.cs": `using System.Collections;

class ArrayListFactory
{
    ArrayList items = new ArrayList();
    // an ArrayList of strings
    string name = "ArrayList";
}
`,
		}, want: []string{"src/Legacy.cs:5", "src/Legacy.cs:5"}},
		{text: "Never import `Newtonsoft.Json`; use `System.Text.Json`.", files: map[string]string{
			"src/Serializer.cs": "using System.Text.Json;\nusing Newtonsoft.Json;\nusing Newtonsoft.Json.Linq;\nusing Newtonsoft.JsonX;\n// using Newtonsoft.Json;\n",
		}, want: []string{"src/Serializer.cs:2", "src/Serializer.cs:3"}},
	})
}

func TestBansInRuby(t *testing.T) {
	runBanCases(t, engine.LangRuby, []banCase{
		{text: "Never use `eval()`.", files: map[string]string{
			"lib/config.rb": `module Config
  def self.load(src)
    eval(src)
    eval src
    instance_eval { src }
    binding.eval(src)
    # eval(src) is unsafe
    "eval(src)"
    evaluate(src)
  end
end
`,
		}, want: []string{"lib/config.rb:3", "lib/config.rb:4", "lib/config.rb:6"}},
		{text: "Never call `instance_variable_get()`.", files: map[string]string{
			"test/server_test.rb": "def test_store\n  store = @server.instance_variable_get(:@store)\n  instance_variable_get(:@x)\n  instance_variable_gets\n  # instance_variable_get(:@y)\nend\n",
		}, want: []string{"test/server_test.rb:2", "test/server_test.rb:3"}},
		{text: "Don't leave `binding.pry` behind.", files: map[string]string{
			"app/models/user.rb": "class User < ApplicationRecord\n  def name\n    binding.pry\n    binding.pry_remote\n    # binding.pry\n    'binding.pry'\n  end\nend\n",
		}, want: []string{"app/models/user.rb:3"}},
		{text: "Avoid `.update_attribute()`: it skips validations.", files: map[string]string{
			"app/models/user.rb": "class User\n  def touch!\n    update_attribute(:seen, true)\n    user.update_attribute(:seen, true)\n    user.update_attributes(seen: true)\n  end\nend\n",
		}, want: []string{"app/models/user.rb:4"}},
		{text: "Do not use `OpenStruct`.", files: map[string]string{
			"lib/result.rb": "class OpenStruct; end\nResult = OpenStruct.new(ok: true)\nOther = OpenStructure.new\n# OpenStruct is slow\nNAME = \"OpenStruct\"\n",
		}, want: []string{"lib/result.rb:2"}},
		{text: "Never import `active_support/all`.", files: map[string]string{
			"lib/gem.rb": "require \"active_support/all\"\nrequire 'active_support/core_ext'\nrequire 'active_support/allx'\n# require 'active_support/all'\n",
		}, want: []string{"lib/gem.rb:1"}},
	})
}

func TestBansInC(t *testing.T) {
	runBanCases(t, engine.LangC, []banCase{
		{text: "Never use `strcpy()`; use `strlcpy()`.", files: map[string]string{
			"src/str.c": `#include <string.h>

void copy(char *dst, const char *src, size_t n) {
    strcpy(dst, src);
    strcpy_s(dst, n, src);
    my_strcpy(dst, src);
    /* strcpy(dst, src) overflows */
    puts("strcpy(dst, src)");
}
`,
		}, want: []string{"src/str.c:4"}},
		{text: "Never call `.release()` directly; use `dev_put()`.", files: map[string]string{
			"src/dev.c": "void drop(struct dev *d) {\n    d->ops->release(d);\n    release(d);\n    d->released = 1;\n}\n",
		}, want: []string{"src/dev.c:2"}},
		{text: "Do not use `MAX_PATH`.", files: map[string]string{
			"src/path.h": "#define MAX_PATH 260\n#define MAX_PATH_LEN 4096\n",
			"src/path.c": "#include \"path.h\"\nchar buf[MAX_PATH];\nchar big[MAX_PATH_LEN];\n// MAX_PATH is Windows-only\nconst char *s = \"MAX_PATH\";\n",
		}, want: []string{"src/path.c:2"}},
		{text: "Do not include `<windows.h>`.", files: map[string]string{
			"src/os.c": "#include <windows.h>\n#include <windowsx.h>\n#include \"windows.h\"\n// #include <windows.h>\n",
		}, want: []string{"src/os.c:1", "src/os.c:3"}},
	})
}

// C++: C library calls, qualified names as values, callees and template types,
// includes, keywords and casts, NULL, and `using namespace` in headers; the same
// names in comments, strings, longer names and definitions stay clean.
func TestBansInCPP(t *testing.T) {
	runBanCases(t, engine.LangCPP, []banCase{
		{text: "Do not use `sprintf`.", files: map[string]string{
			"src/fmt.cpp": "#include <cstdio>\nvoid f(char *b, int n) {\n    sprintf(b, \"%d\", n);\n    std::sprintf(b, \"%d\", n);\n    snprintf(b, 8, \"%d\", n);\n    out.sprintf(n);\n    // sprintf(b, n)\n}\n",
		}, want: []string{"src/fmt.cpp:3", "src/fmt.cpp:4"}},
		{text: "Avoid `std::endl`.", files: map[string]string{
			"src/log.cpp": "void f() {\n    std::cout << 1 << std::endl;\n    std::cout << 1 << '\\n';\n    mylib::std::endl_count = 2;\n    // std::endl flushes\n}\n",
		}, want: []string{"src/log.cpp:2"}},
		{text: "Never use `std::auto_ptr`.", files: map[string]string{
			"include/buf.hpp": "#pragma once\n#include <memory>\nclass Buf {\n    std::auto_ptr<int> p_;\n    std::unique_ptr<int> q_;\n};\n",
		}, want: []string{"include/buf.hpp:4"}},
		{text: "Do not include `<regex>`.", files: map[string]string{
			"src/parse.cpp": "#include <regex>\n#include <regex.h>\n#include \"regex_cache.hpp\"\n// #include <regex>\n",
		}, want: []string{"src/parse.cpp:1"}},
		{text: "Use `nullptr`, not `NULL`.", files: map[string]string{
			"src/ptr.cpp": "void f() {\n    int *p = NULL;\n    int *q = nullptr;\n    const char *s = \"NULL\";\n    int NULL_COUNT = 0;\n}\n",
		}, want: []string{"src/ptr.cpp:2"}},
		{text: "Never use `reinterpret_cast`.", files: map[string]string{
			"src/bytes.cpp": "char *f(int *p) {\n    auto *a = reinterpret_cast<char *>(p);\n    auto *b = static_cast<void *>(p);\n    return a;\n}\n",
		}, want: []string{"src/bytes.cpp:2"}},
		{text: "Never use `goto`.", files: map[string]string{
			"src/loop.cpp": "int f(int x) {\n    if (x) goto done;\n    return 1;\ndone:\n    return 0;\n}\nint goto_count = 0;\n",
		}, want: []string{"src/loop.cpp:2"}},
		{text: "Never call `.detach()`; join every thread.", files: map[string]string{
			"src/pool.cpp": "void f(std::thread &t, Node *n) {\n    t.detach();\n    n->detach();\n    detach(n);\n}\n",
		}, want: []string{"src/pool.cpp:2", "src/pool.cpp:3"}},
		// clang-tidy's markers: a bare NOLINT is the project's reviewed exception;
		// one that names its checks names others' rules
		{text: "Never use `const_cast`.", files: map[string]string{
			"src/cast.cpp": "void f(const char *s) {\n" +
				"    g(const_cast<char *>(s));\n" +
				"    g(const_cast<char *>(s)); // NOLINT: the C API takes no const\n" +
				"    // NOLINTNEXTLINE\n" +
				"    g(const_cast<char *>(s));\n" +
				"    g(const_cast<char *>(s)); // NOLINT(bugprone-unused-return-value)\n" +
				"    // NOLINTBEGIN\n" +
				"    g(const_cast<char *>(s));\n" +
				"    // NOLINTEND\n" +
				"    g(const_cast<char *>(s));\n" +
				"}\n",
		}, want: []string{"src/cast.cpp:10", "src/cast.cpp:2", "src/cast.cpp:6"}},
		{text: "Don't put `using namespace std;` in headers.", files: map[string]string{
			"include/app.hpp": "#pragma once\nusing namespace std;\nusing std::string;\n",
			"include/c.h":     "#pragma once\nnamespace app { using namespace std::chrono; }\nusing namespace std;\n",
			"src/app.cpp":     "#include \"app.hpp\"\nusing namespace std;\n",
		}, want: []string{"include/app.hpp:2", "include/c.h:3"}},
	})
}

// PHP: function calls (from the global namespace too), methods on objects and
// classes, static calls and constants, object creation by short or qualified name,
// goto; the same names in comments, strings, variables and definitions stay clean.
func TestBansInPHP(t *testing.T) {
	runBanCases(t, engine.LangPHP, []banCase{
		{text: "Never leave `var_dump()` calls in code.", files: map[string]string{
			"src/Report.php": "<?php\nfunction show($x) {\n    var_dump($x);\n    \\var_dump($x);\n    $var_dump = 1;\n    echo 'var_dump($x)';\n    // var_dump($x)\n    $this->var_dump($x);\n}\n",
		}, want: []string{"src/Report.php:3", "src/Report.php:4"}},
		{text: "Don't call `->toArray()`; iterate the results.", files: map[string]string{
			"src/Repo.php": "<?php\n$rows = $query->toArray();\n$rows = $query?->toArray();\n$n = toArray($query);\n",
		}, want: []string{"src/Repo.php:2", "src/Repo.php:3"}},
		{text: "Do not use `DB::raw()`; bind parameters.", files: map[string]string{
			"app/Users.php": "<?php\nuse Illuminate\\Support\\Facades\\DB;\n$q = DB::raw('1');\n$r = \\Illuminate\\Support\\Facades\\DB::raw('2');\n$s = DB::table('users');\n$t = Cache::raw('3');\n",
		}, want: []string{"app/Users.php:3", "app/Users.php:4"}},
		{text: "Never use `new DateTime()`; inject the `Clock`.", files: map[string]string{
			"app/When.php": "<?php\n$a = new DateTime();\n$b = new \\DateTime('now');\n$c = new DateTimeImmutable();\n$d = $clock->now();\n",
		}, want: []string{"app/When.php:2", "app/When.php:3"}},
		{text: "Methods use `camelCase`.", files: map[string]string{
			"app/User.php": "<?php\nclass User {\n    public function load_name() {}\n    public function loadName() {}\n    public function __construct() {}\n}\nfunction load_all() {}\n",
		}, want: []string{"app/User.php:3"}},
		{text: "Never use `goto`.", files: map[string]string{
			"app/Loop.php": "<?php\nfunction f() {\n    goto end;\n    end:\n    return 1;\n}\n$goto_count = 0;\n",
		}, want: []string{"app/Loop.php:3"}},
	})
}

// A list after a dash elaborates the ban before it, and keeps its place: "from a
// controller" is a place heed cannot locate, so the list compiles into no rule
// rather than one on every file; a place heed reads stays a rule.
func TestListKeepsTheLeadPlace(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{"Never write to the database from a controller — no `->save()` or `->delete()`.", 0},
		{"Never write to the database in production code — no `->save()` or `->delete()`.", 2},
		{"Never write to the database — no `->save()` or `->delete()`.", 2},
	} {
		n := 0
		for _, r := range compileBan(t, engine.LangPHP, c.text) {
			if r.Kind == KindQuery {
				n++
			}
		}
		if n != c.want {
			t.Errorf("%q: %d query rules, want %d", c.text, n, c.want)
		}
	}
}

// C library functions named in plain words, after "instead of raw" or in a
// parenthesis of their own, are calls in C (warnings: a word is read with less
// certainty than a span); the wrapper the sentence prescribes calls them in its body.
func TestBareCLibraryBans(t *testing.T) {
	for _, c := range []struct {
		text  string
		files map[string]string
		want  []string
	}{
		{"Allocate with `mem_alloc()` and `mem_grow()` (never raw malloc).", map[string]string{
			"src/mem.c":  "void *mem_alloc(size_t n) {\n    void *p = malloc(n);\n    return p;\n}\n",
			"src/list.c": "void f(void) {\n    char *a = malloc(4);\n    char *b = mem_alloc(4);\n    char *c = xmalloc(4);\n    /* malloc(4) */\n}\n",
		}, []string{"src/list.c:2"}},
		{"Compare with `str_same()` instead of raw strcmp/strcat.", map[string]string{
			"src/str.h": "static inline int str_same(const char *a, const char *b) {\n    return !strcmp(a, b);\n}\n",
			"src/cfg.c": "int f(const char *a) {\n    if (strcmp(a, \"on\") == 0)\n        return 1;\n    strcat(buf, a);\n    return str_same(a, \"off\");\n}\n",
		}, []string{"src/cfg.c:2", "src/cfg.c:4"}},
		// a word that is no C function stays a word
		{"Use `grow()` (never raw arrays).", map[string]string{
			"src/a.c": "int arrays[4];\n",
		}, nil},
	} {
		var rules []*policy.Rule
		for _, r := range compileBan(t, engine.LangC, c.text) {
			if r.Kind == KindQuery {
				if r.Severity != policy.SeverityWarning {
					t.Errorf("%q: a name in plain words blocks", c.text)
				}
				rules = append(rules, r)
			}
		}
		if len(rules) == 0 && len(c.want) > 0 {
			t.Errorf("%q compiled into no query", c.text)
			continue
		}
		fs, _ := runFiles(t, rules, c.files)
		var got []string
		for _, f := range fs {
			got = append(got, fmt.Sprintf("%s:%d", f.Path, f.Line))
		}
		sort.Strings(got)
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%q\n got  %v\n want %v", c.text, got, c.want)
		}
	}
}

// A file with a syntax error is judged where its tree is sound, and the result says
// it was judged in part, from the error's line: it is never dropped silently.
func TestSyntaxErrorsAreReportedInEveryNewLanguage(t *testing.T) {
	for _, c := range []struct {
		lang, text, path, broken string
		line                     int
	}{
		{engine.LangKotlin, "Never call `runBlocking()`.", "src/A.kt",
			"class A {\n    fun f() {\n        val x =\n    }\n    fun g() = runBlocking { }\n}\n", 5},
		{engine.LangCSharp, "Never call `GC.Collect()`.", "src/A.cs",
			"class A {\n  void F() {\n    var x = ;\n  }\n  void G() { GC.Collect(); }\n}\n", 5},
		{engine.LangRuby, "Never use `eval()`.", "lib/a.rb",
			"def f\n  x = )\nend\n\neval(\"x\")\n", 5},
		{engine.LangC, "Never use `strcpy()`.", "src/a.c",
			"int f(void) {\n    int x = ;\n}\nvoid g(char *d) { strcpy(d, \"x\"); }\n", 4},
	} {
		rules := compileBan(t, c.lang, c.text)
		if len(rules) != 1 {
			t.Fatalf("%s: %q compiled into %d rules", c.lang, c.text, len(rules))
		}
		fs, _ := runFiles(t, rules, map[string]string{c.path: c.broken})
		if len(fs) != 1 || fs[0].Line != c.line {
			t.Errorf("%s: findings %+v, want one on line %d despite the syntax error", c.lang, fs, c.line)
		}
		// The same file with the call only named in a comment: parsed (the name is
		// there), nothing found, and the result is partial from the line of the error.
		lines := strings.Split(c.broken, "\n")
		marker := "// "
		if c.lang == engine.LangRuby {
			marker = "# "
		}
		lines[c.line-1] = marker + lines[c.line-1]
		_, outs := runFiles(t, rules, map[string]string{c.path: strings.Join(lines, "\n")})
		tr := outs[0].Targets
		if len(tr) != 1 || tr[0].Verdict != engine.Satisfied || tr[0].Partial == nil || tr[0].Partial.Reason != "syntax error" || tr[0].Partial.Line < 2 || tr[0].Partial.Line > 4 {
			t.Errorf("%s: clean broken file judged %+v, want satisfied in part, with the syntax error's line", c.lang, tr)
		}
	}
}

// "in tests", "in production code" and "in library code" follow each language's test
// layout and in-file test markers.
func TestTestConventionsOfNewLanguages(t *testing.T) {
	for _, c := range []struct {
		lang, text string
		files      map[string]string
		want       []string
	}{
		{engine.LangKotlin, "Never call `println()` in production code.", map[string]string{
			"src/main/kotlin/a/A.kt":        "fun a() = println(1)\n",
			"src/test/kotlin/a/ATest.kt":    "fun t() = println(1)\n",
			"src/jvmTest/kotlin/a/BTest.kt": "fun t() = println(1)\n",
		}, []string{"src/main/kotlin/a/A.kt:1"}},
		{engine.LangCSharp, "Never call `Console.WriteLine()` in production code.", map[string]string{
			"src/App/Program.cs":       "class P { void F() { Console.WriteLine(1); } }\n",
			"test/App.Tests/PTests.cs": "class T { void F() { Console.WriteLine(1); } }\n",
			"src/App.Tests/Helpers.cs": "class H { void F() { Console.WriteLine(1); } }\n",
		}, []string{"src/App/Program.cs:1"}},
		{engine.LangRuby, "No `puts()` in library code.", map[string]string{
			"lib/gem/a.rb":      "puts(1)\n",
			"spec/a_spec.rb":    "puts(1)\n",
			"test/a_test.rb":    "puts(1)\n",
			"bin/console":       "#!/usr/bin/env ruby\nputs(1)\n",
			"lib/gem/script.rb": "if __FILE__ == $0\n  puts(2)\nend\n",
		}, []string{"lib/gem/a.rb:1"}},
		{engine.LangC, "No `printf()` in library code.", map[string]string{
			"src/lib.c":        "void f(void) { printf(\"x\"); }\nint main(void) { printf(\"y\"); return 0; }\n",
			"tests/test_lib.c": "void t(void) { printf(\"x\"); }\n",
		}, []string{"src/lib.c:1"}},
	} {
		rules := compileBan(t, c.lang, c.text)
		if len(rules) == 0 {
			t.Errorf("%s: %q compiled into no rule", c.lang, c.text)
			continue
		}
		fs, _ := runFiles(t, rules, c.files)
		var got []string
		for _, f := range fs {
			got = append(got, fmt.Sprintf("%s:%d", f.Path, f.Line))
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s: %q\n got  %v\n want %v", c.lang, c.text, got, c.want)
		}
	}
}

// Comment directives of the new languages: rubocop's `# rubocop:disable`, C and
// Kotlin `//` markers.
func TestDirectiveBansInNewLanguages(t *testing.T) {
	for _, c := range []struct {
		lang, text, path, code string
		want                   int
	}{
		{engine.LangRuby, "Never add `# rubocop:disable` comments.", "lib/a.rb",
			"x = 1 # rubocop:disable Style/Foo\ns = '# rubocop:disable'\n", 1},
		{engine.LangC, "Don't add `// NOLINT` comments.", "src/a.c",
			"int x = 1; // NOLINT\nconst char *s = \"// NOLINT\";\n", 1},
		{engine.LangKotlin, "Don't add `// TODO` comments.", "src/A.kt",
			"val x = 1 // TODO fix\nval s = \"// TODO\"\n", 1},
	} {
		rules := compileBan(t, c.lang, c.text)
		if len(rules) != 1 || rules[0].Kind != KindPattern {
			t.Errorf("%s: %q compiled into %v", c.lang, c.text, rules)
			continue
		}
		fs, _ := runFiles(t, rules, map[string]string{c.path: c.code})
		if len(fs) != 1 || fs[0].Line != c.want {
			t.Errorf("%s: %q findings %+v, want one on line %d", c.lang, c.text, fs, c.want)
		}
	}
}
