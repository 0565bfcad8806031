package contrib

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Files a change must leave alone, in sentences of our own writing in the forms of
// the yardstick's and SWE-CC's (policies.csv: SYMPY-C040, MATPLOTLIB-C010).
func TestUntouchedFiles(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	for _, tc := range []struct {
		text    string
		changed []string
		flags   bool
		warning bool
	}{
		{"Never edit `schema.lock` — a tool writes it.", []string{"db/schema.lock"}, true, false},
		{"Never edit `schema.lock` — a tool writes it.", []string{"db/schema.sql"}, false, false},
		{"Do not modify `config/prod.yaml` unless explicitly asked.", []string{"config/prod.yaml"}, true, true},
		{"Do not edit .md files under docs/legal or docs/api, except docs/api/notes/.", []string{"docs/api/ref.md"}, true, false},
		{"Do not edit .md files under docs/legal or docs/api, except docs/api/notes/.", []string{"docs/api/notes/new.md"}, false, false},
		{"Do not edit .md files under docs/legal or docs/api, except docs/api/notes/.", []string{"docs/legal/terms.txt"}, false, false},
		{"You must not change `CODEOWNERS` directly.", []string{"CODEOWNERS"}, true, false},
		{"Do not commit `.pyc` files.", []string{"pkg/__pycache__/a.pyc"}, true, false},
		{"Never commit changes to `build/version.txt`.", []string{"build/version.txt"}, true, false},
	} {
		c := &policy.Constraint{Text: tc.text, Level: policy.Must, Format: "contributing"}
		res := untouchedRecognizer{}.Recognize(c, nil)
		if len(res.Rules) != 1 {
			t.Errorf("%q: %d rules", tc.text, len(res.Rules))
			continue
		}
		r := res.Rules[0]
		r.ID = "r"
		if (r.Severity == policy.SeverityWarning) != tc.warning {
			t.Errorf("%q: severity %s", tc.text, r.Severity)
		}
		for _, cs := range r.Cases {
			if out := engine.RunCase(reg, &r, cs); !out.OK {
				t.Errorf("%q: case %q expects %s, got %s (%s)", tc.text, cs.Note, cs.Expect, out.Got, out.Reason)
			}
		}
		want := policy.ExpectSatisfied
		if tc.flags {
			want = policy.ExpectViolated
		}
		// the repository held the changed files: the change edits them (a rule
		// about committing files is about those the change adds)
		var up UntouchedParams
		json.Unmarshal(r.Params, &up)
		before := map[string]string{}
		for _, p := range tc.changed {
			if !up.AddedOnly {
				before[p] = "before\n"
			}
		}
		if out := engine.RunCase(reg, &r, policy.Case{Expect: want, Changed: tc.changed, Files: before}); !out.OK {
			t.Errorf("%q on %v: want %s, got %s (%s)", tc.text, tc.changed, want, out.Got, out.Reason)
		}
	}
	// A ban of editing files is about those the repository holds; "commit" and
	// "touch" reach the files a change adds.
	for _, tc := range []struct {
		text  string
		added string
		flags bool
	}{
		{"Never modify files in `db/migrations/`.", "db/migrations/0002_users.sql", false},
		{"Do not edit `docs/v*/` snapshots.", "docs/v2/index.md", false},
		{"Never touch `vendor/`.", "vendor/lib/b.go", true},
		{"Do not commit `.pyc` files.", "pkg/a.pyc", true},
	} {
		res := untouchedRecognizer{}.Recognize(&policy.Constraint{Text: tc.text, Level: policy.Must, Format: "contributing"}, nil)
		if len(res.Rules) != 1 {
			t.Errorf("%q: %d rules", tc.text, len(res.Rules))
			continue
		}
		r := res.Rules[0]
		r.ID = "r"
		want := policy.ExpectSatisfied
		if tc.flags {
			want = policy.ExpectViolated
		}
		// the repository before the change, which did not hold the added path
		repoBefore := map[string]string{"README.md": "x\n"}
		if out := engine.RunCase(reg, &r, policy.Case{Expect: want, Changed: []string{tc.added}, Files: repoBefore}); !out.OK {
			t.Errorf("%q adding %s: want %s, got %s (%s)", tc.text, tc.added, want, out.Got, out.Reason)
		}
	}
	for _, text := range []string{
		"Never commit directly to `main`.",
		"Do not commit the `.c` files the build generates.",
		"Do not hand-edit generated files.",
		"Do not commit secrets.",
		"Do not edit `schema.lock` when the migration is pending.",
	} {
		if res := (untouchedRecognizer{}).Recognize(&policy.Constraint{Text: text, Level: policy.Must}, nil); len(res.Rules) != 0 {
			t.Errorf("%q: want no rule, got %s", text, res.Rules[0].Params)
		}
	}
}

// A ban of editing files by hand is broken by the agent's own write, live, and not by
// a change that holds the files regenerated.
func TestFilesNotToEditByHand(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	for _, text := range []string{
		"Do not edit `schema.lock` by hand; run the generator.",
		"Never manually modify files under `docs/api/`.",
		"Do not hand-edit `src/proto/`.",
	} {
		res := (untouchedRecognizer{}).Recognize(&policy.Constraint{Text: text, Level: policy.Must}, nil)
		if len(res.Rules) != 1 {
			t.Fatalf("%q: %d rules", text, len(res.Rules))
		}
		r := res.Rules[0]
		var p UntouchedParams
		if err := json.Unmarshal(r.Params, &p); err != nil || !p.HandOnly {
			t.Errorf("%q: params %s", text, r.Params)
		}
		for _, cs := range r.Cases {
			if out := engine.RunCase(reg, &r, cs); !out.OK {
				t.Errorf("%q: case %q expects %s, got %s (%s)", text, cs.Note, cs.Expect, out.Got, out.Reason)
			}
		}
	}
	// the agent writing a file of a folder every change must leave alone breaks that
	// rule too; "do not commit `.env`" is about the change, not the write
	whole := (untouchedRecognizer{}).Recognize(&policy.Constraint{Text: "Do not modify files under `vendor/`.", Level: policy.Must}, nil).Rules[0]
	if out := engine.RunCase(reg, &whole, policy.Case{Expect: policy.ExpectViolated, Path: "vendor/x/a.go", Code: "package x\n"}); !out.OK {
		t.Errorf("a write under vendor/: %s (%s)", out.Got, out.Reason)
	}
	env := (untouchedRecognizer{}).Recognize(&policy.Constraint{Text: "Do not commit `.env` files.", Level: policy.Must}, nil).Rules[0]
	chk, err := reg.CompileRule(&env)
	if err != nil {
		t.Fatal(err)
	}
	if g, ok := chk.(engine.WriteGuard); !ok || g.GuardsWrites() {
		t.Error("a rule about committing a file guards writing it")
	}
}

// A nested instruction file names paths from its own folder: its globs are re-rooted
// at the repository, "../" included, and a path above the repository makes no rule.
func TestUntouchedPathsOfANestedFile(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	for _, tc := range []struct {
		dir, text string
		flagged   []string
		clean     []string
	}{
		{"docs/snippets", "Don't edit files in `src/snippets/`; they are generated from `all/`.",
			[]string{"docs/snippets/src/snippets/a.rs"}, []string{"src/snippets/a.rs"}},
		{"web", "Regenerate the client (do not hand-edit `../generated/**`).",
			[]string{"generated/api.ts"}, []string{"web/generated/api.ts"}},
	} {
		res := (untouchedRecognizer{}).Recognize(&policy.Constraint{Text: tc.text, Level: policy.Must, Scope: policy.Scope{Dir: tc.dir}}, nil)
		if len(res.Rules) != 1 {
			t.Fatalf("%q: want one rule, got %d", tc.text, len(res.Rules))
		}
		r := res.Rules[0]
		for _, p := range tc.flagged {
			if out := engine.RunCase(reg, &r, policy.Case{Expect: policy.ExpectViolated, Path: p, Code: "x\n"}); !out.OK {
				t.Errorf("%q: a write of %s: %s (%s)", tc.text, p, out.Got, out.Reason)
			}
		}
		for _, p := range tc.clean {
			if out := engine.RunCase(reg, &r, policy.Case{Expect: policy.ExpectSatisfied, Path: p, Code: "x\n"}); !out.OK {
				t.Errorf("%q: a write of %s: %s (%s)", tc.text, p, out.Got, out.Reason)
			}
		}
	}
	if res := (untouchedRecognizer{}).Recognize(&policy.Constraint{Text: "Never hand-edit `../../shared/x.json`.", Level: policy.Must, Scope: policy.Scope{Dir: "web"}}, nil); len(res.Rules) != 0 {
		t.Errorf("a path above the repository: want no rule, got %s", res.Rules[0].Params)
	}
}

// "Do not edit `x` directly" after a sentence of its paragraph that says the file is
// regenerated keeps it from hand edits only; without such a sentence it bans any
// change to it.
func TestDirectlyAfterRegenerate(t *testing.T) {
	before := policy.Constraint{ID: "a", File: "AGENTS.md", Line: 7, EndLine: 7, Text: "Change the templates, then regenerate the reference."}
	ban := policy.Constraint{ID: "b", File: "AGENTS.md", Line: 7, EndLine: 8, Text: "Do not edit `docs/ref.md` directly.", Level: policy.Must}
	for _, c := range []struct {
		prev policy.Constraint
		hand bool
	}{
		{before, true},
		{policy.Constraint{ID: "a", File: "AGENTS.md", Line: 7, EndLine: 7, Text: "Ask a maintainer for changes to the reference."}, false},
		{policy.Constraint{ID: "a", File: "AGENTS.md", Line: 3, EndLine: 3, Text: "Change the templates, then regenerate the reference."}, false},
	} {
		rc := &recognize.RepoContext{Constraints: []policy.Constraint{c.prev, ban}}
		res := (untouchedRecognizer{}).Recognize(&rc.Constraints[1], rc)
		if len(res.Rules) != 1 {
			t.Fatalf("after %q: %d rules", c.prev.Text, len(res.Rules))
		}
		var p UntouchedParams
		if err := json.Unmarshal(res.Rules[0].Params, &p); err != nil || p.HandOnly != c.hand {
			t.Errorf("after %q (line %d): params %s, want hand_only %v", c.prev.Text, c.prev.Line, res.Rules[0].Params, c.hand)
		}
	}
}

// A commit-message tense rule reads one tense: a sentence naming past and present
// together ("use simple past and present tense: 'Previously, ... now ...'") describes
// the prose of a body, not the mood of a subject.
func TestMixedTensesAreNoMoodRule(t *testing.T) {
	for text, want := range map[string]bool{
		"Commit messages: use simple past and present tense, e.g. \"Previously X happened; now Y happens.\"": false,
		"Write commit messages in the past and the present tense.":                                           false,
		"Write commit subjects in the present tense.":                                                        true,
		"Use the imperative mood in commit messages.":                                                        true,
	} {
		res := (moodRecognizer{}).Recognize(&policy.Constraint{Text: text, Level: policy.Must}, nil)
		if got := len(res.Rules) > 0; got != want {
			t.Errorf("%q: rule %v, want %v", text, got, want)
		}
	}
}

// Model files are placed by the repository: a models folder, or models.py where the
// repository has Python; a Rust repository with neither has none heed can name.
func TestModelFilesPlacedByTheRepository(t *testing.T) {
	c := &policy.Constraint{Text: "x"}
	if got := roleGlobs(norm.CoModel, c, &recognize.RepoContext{Dirs: []string{"src"}, Languages: []string{"rust"}}); len(got) != 0 {
		t.Errorf("rust, no models folder: %v", got)
	}
	if got := roleGlobs(norm.CoModel, c, &recognize.RepoContext{Dirs: []string{"app"}, Languages: []string{"python"}}); !slices.Contains(got, "**/models.py") {
		t.Errorf("python: %v", got)
	}
	if got := roleGlobs(norm.CoModel, c, &recognize.RepoContext{Dirs: []string{"app", "app/models"}, Languages: []string{"ruby"}}); !slices.Contains(got, "/app/models/**") {
		t.Errorf("a models folder: %v", got)
	}
}

// A nested file may write the repository's own paths: `ui/AGENTS.md` saying "never
// hand-edit `ui/packages/api-client/src/`" names the folder the repository holds
// (round 7's halo got ui/ui/packages/..., which never fires); a path its folder holds
// is still read from there.
func TestUntouchedRepositoryPathInANestedFile(t *testing.T) {
	rc := &recognize.RepoContext{Dirs: []string{"ui", "ui/packages", "ui/packages/api-client", "ui/packages/api-client/src", "ui/src", "ui/src/gen"}}
	for _, tc := range []struct{ text, want string }{
		{"Never hand-edit `ui/packages/api-client/src/` — it is generated.", "ui/packages/api-client/src/**"},
		{"Never hand-edit `src/gen/` — it is generated.", "ui/src/gen/**"},
	} {
		res := (untouchedRecognizer{}).Recognize(&policy.Constraint{Text: tc.text, Level: policy.Must, Scope: policy.Scope{Dir: "ui"}}, rc)
		if len(res.Rules) != 1 {
			t.Fatalf("%q: want one rule, got %d", tc.text, len(res.Rules))
		}
		var p UntouchedParams
		if err := json.Unmarshal(res.Rules[0].Params, &p); err != nil {
			t.Fatal(err)
		}
		if len(p.Paths) != 1 || p.Paths[0] != tc.want {
			t.Errorf("%q: paths %v, want %s", tc.text, p.Paths, tc.want)
		}
	}
}
