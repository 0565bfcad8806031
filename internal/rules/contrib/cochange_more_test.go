package contrib

import (
	"slices"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// The dependencies a change's touched lines of a manifest declare: runtime ones only,
// in each manifest's own sections. Manifests of our own writing.
func TestTouchedDependencies(t *testing.T) {
	for _, c := range []struct {
		path, before, after string
		want                []string
	}{
		{"go.mod", "module x\n\nrequire (\n\tgithub.com/a/b v1.0.0\n)\n",
			"module x\n\nrequire (\n\tgithub.com/a/b v1.0.0\n\tgithub.com/c/d v0.2.0\n\tgithub.com/e/f v1.0.0 // indirect\n)\n", []string{"github.com/c/d"}},
		{"Cargo.toml", "[package]\nname = \"x\"\nversion = \"0.1.0\"\n\n[dependencies]\nserde = \"1\"\n\n[dev-dependencies]\n",
			"[package]\nname = \"x\"\nversion = \"0.1.0\"\n\n[dependencies]\nserde = \"1\"\ntokio = { version = \"1\" }\n\n[dev-dependencies]\ninsta = \"1\"\n", []string{"tokio"}},
		{"pyproject.toml", "[project]\nname = \"x\"\ndependencies = [\n  \"httpx>=0.27\",\n]\n",
			"[project]\nname = \"x\"\ndependencies = [\n  \"httpx>=0.27\",\n  \"rich[jupyter]>=13\",\n]\n", []string{"rich"}},
		{"requirements.txt", "flask==3.0\n", "flask==3.0\n# a comment\n-r base.txt\nredis>=5\n", []string{"redis"}},
		{"Gemfile", "source \"https://rubygems.org\"\ngem \"rails\"\n",
			"source \"https://rubygems.org\"\ngem \"rails\"\ngem \"pg\"\ngroup :development, :test do\n  gem \"rspec\"\nend\n", []string{"pg"}},
		{"package.json", "{\n  \"version\": \"1.0.0\",\n  \"dependencies\": {\n    \"a\": \"1\"\n  }\n}\n",
			"{\n  \"version\": \"1.0.1\",\n  \"dependencies\": {\n    \"a\": \"1\"\n  }\n}\n", nil},
		{"README.md", "x\n", "x\ngem \"pg\"\n", nil},
	} {
		f := &engine.File{Path: c.path, Content: []byte(c.after), Touched: engine.EditedLines(c.before, c.after)}
		if got := touchedDependencies(f); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.path, got, c.want)
		}
	}
}

// A line that replaced one declaring the same dependency changed its version: the
// dependency is not new. A line that replaced another dependency's is. Replaced is
// what git's hunks give (repo's diff); the manifests are of our own writing.
func TestAVersionBumpIsNoNewDependency(t *testing.T) {
	for _, c := range []struct {
		name, path, after string
		touched           []int
		replaced          map[int]string
		want              []string
	}{
		{"package.json bump", "package.json", "{\n  \"dependencies\": {\n    \"left-pad\": \"2.0.0\"\n  }\n}\n",
			[]int{3}, map[int]string{3: `    "left-pad": "1.3.0"`}, nil},
		{"package.json swap", "package.json", "{\n  \"dependencies\": {\n    \"right-pad\": \"1.0.0\"\n  }\n}\n",
			[]int{3}, map[int]string{3: `    "left-pad": "1.3.0"`}, []string{"right-pad"}},
		{"package.json bump and addition", "package.json", "{\n  \"dependencies\": {\n    \"left-pad\": \"2.0.0\",\n    \"zod\": \"3.0.0\"\n  }\n}\n",
			[]int{3, 4}, map[int]string{3: `    "left-pad": "1.3.0"`}, []string{"zod"}},
		{"go.mod bump", "go.mod", "module x\n\nrequire (\n\tgithub.com/a/b v1.2.0\n)\n",
			[]int{4}, map[int]string{4: "\tgithub.com/a/b v1.1.0"}, nil},
		{"requirements pin", "requirements.txt", "flask==3.1\n", []int{1}, map[int]string{1: "Flask==3.0"}, nil},
		{"Gemfile bump", "Gemfile", "gem \"rails\", \"~> 8.0\"\n", []int{1}, map[int]string{1: `gem "rails", "~> 7.1"`}, nil},
	} {
		touched := engine.LineSet{}
		for _, l := range c.touched {
			touched[l] = true
		}
		f := &engine.File{Path: c.path, Content: []byte(c.after), Touched: touched, Replaced: c.replaced}
		if got := touchedDependencies(f); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// The lines that set the project's version, and those that do not.
func TestSetsVersion(t *testing.T) {
	for _, c := range []struct {
		path, before, after string
		want                bool
	}{
		{"package.json", "{\n  \"version\": \"1.0.0\"\n}\n", "{\n  \"version\": \"1.1.0\"\n}\n", true},
		{"package.json", "{\n  \"version\": \"1.0.0\",\n  \"dependencies\": {\n    \"a\": \"1\"\n  }\n}\n", "{\n  \"version\": \"1.0.0\",\n  \"dependencies\": {\n    \"a\": \"2\"\n  }\n}\n", false},
		{"Cargo.toml", "[package]\nversion = \"0.1.0\"\n\n[dependencies]\nserde = { version = \"1\" }\n", "[package]\nversion = \"0.1.0\"\n\n[dependencies]\nserde = { version = \"2\" }\n", false},
		{"Cargo.toml", "[package]\nversion = \"0.1.0\"\n", "[package]\nversion = \"0.2.0\"\n", true},
		{"VERSION", "1.0.0\n", "1.0.1\n", true},
		{"src/version.ts", "export const VERSION = '1.0.0';\n", "export const VERSION = '1.0.1';\n", true},
		{"src/app.ts", "const x = 1;\n", "const x = 2;\n", false},
	} {
		f := &engine.File{Path: c.path, Content: []byte(c.after), Touched: engine.EditedLines(c.before, c.after)}
		if got := setsVersion(f); got != c.want {
			t.Errorf("%s %q: got %v, want %v", c.path, c.after, got, c.want)
		}
	}
}

// "Every deprecation must add a section to `doc/deprecations.md`": the change's
// touched code lines that deprecate something trigger it, a warning. A sentence of
// our own writing.
func TestDeprecationCochange(t *testing.T) {
	c := &policy.Constraint{Text: "Every deprecation must add a section to `doc/deprecations.md`.", Level: policy.Must}
	res := pairRecognizer{}.Recognize(c, &recognize.RepoContext{Dirs: []string{"doc", "src"}})
	if len(res.Rules) != 1 || res.Rules[0].Severity != policy.SeverityWarning {
		t.Fatalf("want one co-change warning, got %+v", res.Rules)
	}
	r := res.Rules[0]
	r.ID = "r"
	reg := engine.NewRegistry(Kinds()...)
	before := map[string]string{"src/a.go": "package a\n", "doc/deprecations.md": "x\n"}
	cases := append(r.Cases,
		policy.Case{Expect: policy.ExpectViolated, Path: "src/a.go", Code: "package a\n\n// Deprecated: use B.\nfunc A() {}\n", Changed: []string{"src/a.go"}, Files: before, Note: "a Go deprecation"},
		policy.Case{Expect: policy.ExpectInapplicable, Path: "src/a.go", Code: "package a\n\nfunc A() {}\n", Changed: []string{"src/a.go"}, Files: before, Note: "no deprecation"})
	for _, cs := range cases {
		if out := engine.RunCase(reg, &r, cs); !out.OK {
			t.Errorf("case %q expects %s, got %s (%s)", cs.Note, cs.Expect, out.Got, out.Reason)
		}
	}
}
