package arch

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A part named in words is the one folder of its last word's name beside the
// sentence's other parts, when the repository has several of that name.
func TestPlaceWordPhraseBesideItsNeighbours(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"typescript"}, Dirs: []string{
		"frontend", "frontend/src", "frontend/src/api", "frontend/src/components",
		"docs", "docs/components", "openhands", "openhands/components"}}
	c := &policy.Constraint{}
	api := subject{dir: "frontend/src/api", globs: []string{"frontend/src/api/**"}}
	for _, tc := range []struct {
		words   string
		near    []subject
		dir     string
		guessed bool
	}{
		{"ui components", []subject{api}, "frontend/src/components", true},
		// nothing beside the target: three folders share the name
		{"ui components", nil, "", false},
		// a word that names a level, not a part
		{"data access layer", []subject{api}, "", false},
	} {
		dir, guessed := placeWordPhrase(tc.words, tc.near, c, rc)
		if dir != tc.dir || (guessed != "") != tc.guessed {
			t.Errorf("%q near %v: %q (%q), want %q", tc.words, tc.near, dir, guessed, tc.dir)
		}
	}
}

// A chain's step named in words is placed beside the folders its spans place, and a
// step at an end that places nowhere is left out.
func TestWordChainLayers(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"typescript"}, Dirs: []string{
		"src", "src/api", "src/hooks", "src/components", "lib", "lib/components"}}
	c := &policy.Constraint{Text: "Architecture rule: UI components → query hooks (`src/hooks`) → API client (`src/api`) → backend"}
	res := chainRecognizer{}.Recognize(c, rc)
	if len(res.Rules) != 1 {
		t.Fatalf("%d rules (%s), want 1", len(res.Rules), res.Unenforced)
	}
	r := res.Rules[0]
	if r.Kind != KindLayers || r.Severity == policy.SeverityError || r.Review == "" {
		t.Errorf("rule %s %s [%s], review %q: want a layers warning that names its guess", r.Kind, r.Params, r.Severity, r.Review)
	}
	want := `{"layers":[{"name":"api client","paths":["src/api/**"]},{"name":"query hooks","paths":["src/hooks/**"]},{"name":"ui components","paths":["src/components/**"]}]}`
	if string(r.Params) != want {
		t.Errorf("params %s, want %s", r.Params, want)
	}
}

// An item of a direction list whose parts are workspace packages: the target must
// not import the source, and the rule's own cases say so.
func TestDirectionItemOfWorkspacePackages(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	for _, text := range []string{"`@acme/ee` -> `@acme/shared`", "`worker` -> `@acme/shared`"} {
		c := &policy.Constraint{Text: text, Context: "Dependency direction:", Level: policy.Should}
		rc := &recognize.RepoContext{Languages: []string{"typescript"}, Dirs: []string{"worker", "worker/src"}}
		res := chainRecognizer{}.Recognize(c, rc)
		if len(res.Rules) != 1 {
			t.Fatalf("%q: %d rules, want 1", text, len(res.Rules))
		}
		r := res.Rules[0]
		if len(r.Cases) < 2 {
			t.Fatalf("%q: %d cases", text, len(r.Cases))
		}
		for _, cs := range r.Cases {
			if out := engine.RunCase(reg, &r, cs); !out.OK {
				t.Errorf("%q: case %q (%s): got %s", text, cs.Note, cs.Expect, out.Got)
			}
		}
	}
}

// Layers named by workspace package names are no folders: no rule whose paths match
// nothing (it would never fire), and the reason says so.
func TestLayersOfPackageNamesAreNoFolders(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"typescript"}, Dirs: []string{"packages", "packages/app", "packages/sdk", "packages/utils"}}
	c := &policy.Constraint{Text: "`@acme/app` → `@acme/sdk` → `@acme/utils`", HeaderPath: []string{"Package dependencies"}, Level: policy.Should}
	res := layersRecognizer{}.Recognize(c, rc)
	if len(res.Rules) != 0 || !strings.Contains(res.Unenforced, "package name") {
		t.Errorf("%d rules, reason %q: want none, and the package name named", len(res.Rules), res.Unenforced)
	}
}
