package source

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// TestBannedShapesOfBatch622: the readings batch 622 (internal/compile's
// own-sentences-source-26) showed missing, each on code that must be flagged and code
// that must not: a Rust attribute banned with its argument, the formatting twins of a
// Go printing method, C++'s raw `new`, and `puts` in Ruby.
func TestBannedShapesOfBatch622(t *testing.T) {
	for _, c := range []struct {
		text  string
		langs []string
		path  string
		code  string
		want  int // findings
	}{
		// the attribute with the lint it names, however spaced; other lints pass
		{"Avoid `#[allow(dead_code)]`: delete unused code instead.", []string{"rust"}, "src/a.rs", "#[allow(dead_code)]\nfn a() {}\n#[allow( dead_code )]\nfn b() {}\n", 2},
		{"Avoid `#[allow(dead_code)]`: delete unused code instead.", []string{"rust"}, "src/a.rs", "#[allow(clippy::too_many_arguments)]\nfn a() {}\n#[allow(dead_code_extra)]\nfn b() {}\n// #[allow(dead_code)]\n", 0},
		{"Never use `#[serde(skip_serializing_if = \"Option::is_none\")]`.", []string{"rust"}, "src/a.rs", "#[derive(Serialize)]\nstruct A {\n    #[serde(skip_serializing_if=\"Option::is_none\")]\n    x: Option<u8>,\n    #[serde(default)]\n    y: u8,\n}\n", 1},
		// the twins of a Go printing method; not when the text names a twin
		{"Do not call `t.Fatal` directly; use `require`.", []string{"go"}, "a_test.go", "package a\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {\n\tt.Fatal(1)\n\tt.Fatalf(\"%d\", 1)\n\tt.Error(1)\n\tlog.Fatalf(\"x\")\n}\n", 2},
		{"Use `t.Fatalf` with a message instead of `t.Fatal`.", []string{"go"}, "a_test.go", "package a\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {\n\tt.Fatal(1)\n\tt.Fatalf(\"%d\", 1)\n}\n", 1},
		// C++'s allocation by hand
		{"Don't use raw `new`/`delete`; use `std::make_unique`.", []string{"cpp"}, "src/a.cpp", "int *f() {\n    int *p = new int(1);\n    delete p;\n    return new int[3];\n}\n", 3},
		{"Don't use raw `new`/`delete`; use `std::make_unique`.", []string{"cpp"}, "src/a.cpp", "#include <memory>\n// new\nauto p = std::make_unique<int>(1);\nconst char *s = \"new\";\n", 0},
		// `puts` is Ruby's print as well as C's
		{"Don't use `puts` in application code; use `Rails.logger`.", []string{"ruby"}, "app/models/a.rb", "class A\n  def f\n    puts \"x\"\n    Rails.logger.info(\"x\")\n  end\nend\n", 1},
	} {
		rules := rulesOf(t, c.text, c.text, c.langs...)
		if len(rules) == 0 {
			continue
		}
		fs, _ := runFiles(t, rules, map[string]string{c.path: c.code})
		if len(fs) != c.want {
			t.Errorf("%q on %q: %d findings %v, want %d", c.text, c.code, len(fs), located(fs), c.want)
		}
	}
}

// A ban of Go's panic leaves Go's own idioms alone (wild round 13, birdnet-go): a
// Must function, a logger's Panic and Fatal methods, a recovered panic passed on, a
// function whose name says it panics.
func TestGoPanicBanSparesIdioms(t *testing.T) {
	rules := rulesOf(t, "Return errors, don't `panic`.", "panic", "go")
	if len(rules) == 0 {
		return
	}
	code := "package p\n\nfunc Open(p string) *F {\n\tif p == \"\" {\n\t\tpanic(\"empty\")\n\t}\n\treturn nil\n}\n\n" +
		"func MustOpen(p string) *F {\n\tpanic(\"x\")\n}\n\n" +
		"func (l *Adapter) Panicf(f string, a ...any) {\n\tpanic(fmt.Sprintf(f, a...))\n}\n\n" +
		"func (l *Adapter) Fatal(a ...any) {\n\tpanic(a)\n}\n\n" +
		"func copyFile() {\n\tdefer func() {\n\t\tif r := recover(); r != nil {\n\t\t\tcleanup()\n\t\t\tpanic(r)\n\t\t}\n\t}()\n}\n" +
		// (wild round 19, fdb-go: the binding's explicit convenience beside GetSlice)
		"func (t Tuple) GetSliceOrPanic(i int) []byte {\n\tpanic(\"x\")\n}\n"
	fs, _ := runFiles(t, rules, map[string]string{"p.go": code})
	if got := located(fs); len(got) != 1 || got[0][:2] != "5:" {
		t.Errorf("findings %v, want only the panic of Open on line 5", got)
	}
}

// A ban whose alternative is a method of Go's testing types holds in test files only
// (wild round 13, birdnet-go: "Use `b.TempDir()` instead of `os.MkdirTemp()`" under a
// Benchmarks heading flagged production code, where no *testing.B exists).
func TestGoTestingAlternativeScopesToTests(t *testing.T) {
	rules := rulesOf(t, "Use `b.TempDir()` instead of `os.MkdirTemp()`", "mkdirtemp", "go")
	if len(rules) == 0 {
		return
	}
	code := "package p\n\nimport \"os\"\n\nfunc f() { d, _ := os.MkdirTemp(\"\", \"x\"); _ = d }\n"
	fs, _ := runFiles(t, rules, map[string]string{"backup.go": code, "backup_test.go": code})
	if got := located(fs); len(fs) != 1 || fs[0].Path != "backup_test.go" {
		t.Errorf("findings %v in %v, want one, in backup_test.go", got, fs)
	}
}

// A ban of a cfg attribute is of that predicate exactly (wild round 13, BitNet-rs:
// "never `#[cfg(feature = "cuda")]` alone" flagged the prescribed `any(...)` form).
func TestRustCfgBanIsExact(t *testing.T) {
	rules := rulesOf(t, "GPU code must always use the unified predicate — never `#[cfg(feature = \"cuda\")]` alone.", "cfg", "rust")
	if len(rules) == 0 {
		return
	}
	code := "#[cfg(feature = \"cuda\")]\nfn a() {}\n#[cfg(any(feature = \"gpu\", feature = \"cuda\"))]\nfn b() {}\n#[cfg( feature=\"cuda\" )]\nfn c() {}\n"
	fs, _ := runFiles(t, rules, map[string]string{"src/lib.rs": code})
	if got := located(fs); len(got) != 2 || got[0][:2] != "1:" || got[1][:2] != "5:" {
		t.Errorf("findings %v, want lines 1 and 5", got)
	}
}

// A ban whose subject is a pronoun for what another sentence names warns: the files
// it holds in are said there (wild round 13, cube-ui-kit: "`*Base` components render
// markup only. They must not call `useProviderProps`" blocked the public components
// that must call it).
func TestPronounSubjectBanWarns(t *testing.T) {
	for text, want := range map[string]string{
		"`TextInputBase` and similar `*Base` components render markup only. They must not call `useProviderProps`.": policy.SeverityWarning,
		// (a subject that names a part of the code, "Components must not ...", holds
		// there only: kindPlace; the code as a whole blocks)
		"Code must not call `useProviderProps`.": policy.SeverityError,
	} {
		con := &policy.Constraint{ID: "x", Text: text, File: "AGENTS.md", Line: 1, Level: policy.Must}
		rs := recognizeAll(con, &recognize.RepoContext{Languages: []string{"typescript"}})
		if len(rs) == 0 {
			t.Errorf("%q: no rule", text)
			continue
		}
		if rs[0].Severity != want {
			t.Errorf("%q: %s, want %s", text, rs[0].Severity, want)
		}
	}
}

// rulesOf recognises the text as a must-sentence of AGENTS.md in a repository of
// these languages, each rule named id.
func rulesOf(t *testing.T, text, id string, langs ...string) []*policy.Rule {
	t.Helper()
	con := &policy.Constraint{ID: "x", Text: text, File: "AGENTS.md", Line: 1, Level: policy.Must}
	var rules []*policy.Rule
	for _, r := range recognizeAll(con, &recognize.RepoContext{Languages: langs}) {
		r.ID = id
		rules = append(rules, &r)
	}
	if len(rules) == 0 {
		t.Errorf("%q: no rule", text)
	}
	return rules
}

// A ban beside one limited to a place heed cannot locate warns: the sentence's place
// may be its too (wild round 15, clawdbot: "avoid `Type.Union` in tool input schemas;
// no `anyOf`/`oneOf`/`allOf`" blocked every read of `schema.anyOf`).
func TestBanBesideAnUnlocatedOneWarns(t *testing.T) {
	// the extractor gives the item's clauses one by one, on the same line
	first := policy.Constraint{ID: "a", Text: "Tool schema guardrails: avoid `Type.Union` in tool input schemas;", File: "AGENTS.md", Line: 7, Level: policy.Must}
	second := policy.Constraint{ID: "b", Text: "no `anyOf`/`oneOf`/`allOf`.", File: "AGENTS.md", Line: 7, Level: policy.Must}
	rc := &recognize.RepoContext{Languages: []string{"typescript"}, Constraints: []policy.Constraint{first, second}}
	rules := recognizeAll(&rc.Constraints[1], rc)
	if len(rules) == 0 {
		t.Fatal("no rule")
	}
	for _, r := range rules {
		if r.Severity != policy.SeverityWarning {
			t.Errorf("%s: %s, want a warning", r.Params, r.Severity)
		}
	}
}

// A ban of a language's keyword never asks what packages the source imports: the
// answer costs a parse of the tree (a fifth of a second on Django) and no package is
// named so.
func TestKeywordBanReadsNoImports(t *testing.T) {
	for _, text := range []string{"Don't use `lambda`.", "Don't use `global` statements.", "Never use `assert` statements."} {
		asked := false
		rc := &recognize.RepoContext{Languages: []string{"python"}, SourceImports: func() []recognize.ImportedModule {
			asked = true
			return nil
		}}
		con := &policy.Constraint{ID: "x", Text: text, File: "AGENTS.md", Line: 1, Level: policy.Must}
		if rs := recognizeAll(con, rc); len(rs) == 0 {
			t.Errorf("%q: no rule", text)
		}
		if asked {
			t.Errorf("%q: the source's imports were read", text)
		}
	}
}
