package lower

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/process"
)

// sequences lowers the constraints of a list (in order, one file) and returns each
// one's sequence rules as "severity: first before then (after changed)".
func sequences(t *testing.T, rc *recognize.RepoContext, cs []policy.Constraint) map[int][]string {
	t.Helper()
	for i := range cs {
		cs[i].ID = string(rune('a' + i))
		cs[i].File = "AGENTS.md"
		if cs[i].Level == "" {
			cs[i].Level = policy.Must
		}
	}
	rc.Constraints = cs
	out := map[int][]string{}
	for i := range cs {
		for _, r := range Process().Recognize(&cs[i], rc).Rules {
			if r.Kind != process.KindSequence {
				continue
			}
			var p process.SequenceParams
			if err := json.Unmarshal(r.Params, &p); err != nil {
				t.Fatal(err)
			}
			var first, then []string
			for _, f := range p.First {
				first = append(first, f.String())
			}
			for _, f := range p.Then {
				then = append(then, f.String())
			}
			s := r.Severity + ": " + strings.Join(first, "|") + " before " + strings.Join(then, "|")
			if len(p.Changed) > 0 && !p.ChangedInferred {
				s += " after " + strings.Join(p.Changed, "|")
			}
			out[cs[i].Line] = append(out[cs[i].Line], s)
		}
	}
	return out
}

// "If you change the frontend, run ..." in a repository with one folder of that name
// follows changes under it, as a warning; with no such folder it makes no rule.
func TestAreaChangeNamedInWords(t *testing.T) {
	c := []policy.Constraint{{Text: "If you change the frontend, run `npm run build`.", Line: 3}}
	got := sequences(t, &recognize.RepoContext{Dirs: []string{"backend", "frontend", "frontend/src"}}, c)
	if want := "warning: npm run build before git commit after frontend/**"; len(got[3]) != 1 || got[3][0] != want {
		t.Errorf("with a frontend/ folder: got %q, want %q", got[3], want)
	}
	got = sequences(t, &recognize.RepoContext{Dirs: []string{"backend", "web"}}, []policy.Constraint{{Text: "If you change the frontend, run `npm run build`.", Line: 3}})
	if len(got[3]) != 0 {
		t.Errorf("with no frontend/ folder: got %q, want no rule", got[3])
	}
}

// A numbered process: a step that edits a named file, then a step that runs a
// command (the command follows that edit); steps whose commands are only in the
// block under them, before the step that opens the pull request. All warn.
func TestProcessSteps(t *testing.T) {
	steps := []policy.Constraint{
		{Text: "Update `api.yaml`.", Line: 3, Context: "", HeaderPath: []string{"Guide", "API change"}},
		{Text: "Run `make generate-types`.", Line: 4, HeaderPath: []string{"Guide", "API change"}},
	}
	got := sequences(t, &recognize.RepoContext{}, steps)
	if want := "warning: make|gmake generate-types before git commit after **/api.yaml"; len(got[4]) != 1 || got[4][0] != want {
		t.Errorf("edit then run: got %q, want %q", got[4], want)
	}
	// a step that edits no named file is no change the command follows
	vague := []policy.Constraint{
		{Text: "Update the settings page.", Line: 3, HeaderPath: []string{"Guide", "Settings"}},
		{Text: "Run `make docs`.", Line: 4, HeaderPath: []string{"Guide", "Settings"}},
	}
	if got := sequences(t, &recognize.RepoContext{}, vague); len(got[4]) != 0 {
		t.Errorf("an edit with no file: got %q, want no rule", got[4])
	}
	pr := []policy.Constraint{
		{Text: "Run linting to catch code quality issues:", Line: 3, HeaderPath: []string{"Contributing", "Process"},
			Code: []policy.CodeBlock{{Lang: "bash", Text: "golangci-lint run\n"}}},
		{Text: "Run all tests and ensure they pass:", Line: 7, HeaderPath: []string{"Contributing", "Process"},
			Code: []policy.CodeBlock{{Lang: "bash", Text: "go test -race ./...\ngo vet ./...\n"}}},
		{Text: "Create your PR with a conventional commit title", Line: 12, HeaderPath: []string{"Contributing", "Process"}},
	}
	got = sequences(t, &recognize.RepoContext{}, pr)
	if want := []string{"warning: golangci-lint run before gh pr create"}; strings.Join(got[3], ";") != strings.Join(want, ";") {
		t.Errorf("first step: got %q, want %q", got[3], want)
	}
	if want := []string{"warning: go test ./... -race before gh pr create", "warning: go vet ./... before gh pr create"}; strings.Join(got[7], ";") != strings.Join(want, ";") {
		t.Errorf("second step: got %q, want %q", got[7], want)
	}
}

// A block of `pnpm run` scripts is that many prerequisites (they once shared one
// key, and only the first was kept); `pnpm run lint` after `pnpm run lint:fix` is
// its variant.
func TestBlockOfRunnerScripts(t *testing.T) {
	c := &policy.Constraint{Code: []policy.CodeBlock{{Lang: "sh", Text: "pnpm run typecheck\npnpm run lint:fix\npnpm run lint\npnpm run build\n"}}}
	if got, want := strings.Join(blockCommands(c), ";"), "pnpm run typecheck;pnpm run lint:fix;pnpm run build"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// An item's parenthesis says what its command runs; the lead-in asks for the
// command, not for what the parenthesis names.
func TestListItemAsides(t *testing.T) {
	cs := []policy.Constraint{
		{Text: "Always run these commands before committing:", Line: 3, HeaderPath: []string{"Guide", "Checks"}},
		{Text: "**Run Tests:** `script/test` (runs `go test -race ./...`)", Line: 4, Context: "Always run these commands before committing:", HeaderPath: []string{"Guide", "Checks"}},
	}
	got := sequences(t, &recognize.RepoContext{}, cs)
	for _, s := range append(got[3], got[4]...) {
		// (the item's own rule may take what the parenthesis names as another way
		// to meet it; no rule may require it on its own)
		if _, first, _ := strings.Cut(s, ": "); strings.HasPrefix(first, "go test") {
			t.Errorf("a rule requires the parenthesis' command: %q", s)
		}
	}
	if !strings.Contains(strings.Join(got[3], ";"), "script/test before git commit") {
		t.Errorf("the lead-in's order: got %q", got[3])
	}
}

// "Update tests when modifying existing code" asks for an edit of the tests, not for
// a run of them: no order (it once blocked every commit after any edit).
func TestUpdatingTestsIsNoRun(t *testing.T) {
	for _, text := range []string{"Update tests when modifying existing code", "Update the docs after changing the API."} {
		// the file shows how its tests run, so "tests" names a command
		cs := []policy.Constraint{
			{Text: "Run all tests:", Line: 3, HeaderPath: []string{"Guide", "Testing"}, Code: []policy.CodeBlock{{Lang: "bash", Text: "go test ./...\n"}}},
			{Text: text, Line: 8, HeaderPath: []string{"Guide", "Testing"}},
		}
		got := sequences(t, &recognize.RepoContext{Extensions: []string{".go"}}, cs)
		if len(got[8]) != 0 {
			t.Errorf("%q: got %q, want no order", text, got[8])
		}
	}
	// a command to run stays an order
	got := sequences(t, &recognize.RepoContext{}, []policy.Constraint{{Text: "Update the snapshots with `make snapshots` before committing.", Line: 3}})
	if len(got[3]) == 0 {
		t.Errorf("a command to run after 'update': no order")
	}
}
