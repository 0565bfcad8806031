package norm

import (
	"slices"
	"testing"
)

// TestCoChangeConditions: what a co-change's condition asks of the change, in
// sentences written for heed's tests (own-sentences-contrib-10.txt and -11.txt give
// them in documents): an added file, a manifest's dependencies, a thing inside the
// files, a question, a colon, and a demand on every file it joins with "and".
func TestCoChangeConditions(t *testing.T) {
	for _, tc := range []struct {
		text                string
		n                   int
		added, deps, judged bool
		firstThen, firstIf  string
	}{
		{"When you add a migration: update `db/schema.rb`.", 1, true, false, false, "db/schema.rb", ""},
		{"Add a migration when you change a model.", 1, false, false, false, "", ""},
		{"Lockfile: if you change the dependencies in `pyproject.toml`, run `uv lock` and commit `uv.lock`.", 1, false, true, false, "uv.lock", "pyproject.toml"},
		{"If you change `pyproject.toml`, commit `uv.lock`.", 1, false, false, false, "uv.lock", "pyproject.toml"},
		{"When you rename a public function in `src/lib/`, update `docs/api.md`.", 1, false, false, true, "docs/api.md", "src/lib/"},
		{"Adding a string to `locales/en.json`? Add the same key to `locales/de.json` and `locales/fr.json`.", 2, false, false, false, "locales/de.json", "locales/en.json"},
		{"If you change `src/cli.ts`, update `README.md` or `docs/cli.md`.", 1, false, false, false, "README.md", "src/cli.ts"},
		{"Run `make generate` after editing any `.proto` file under `proto/`, and commit the regenerated code in `gen/`.", 1, false, false, false, "gen/", "*.proto"},
	} {
		got := CoChanges(tc.text)
		if len(got) != tc.n {
			t.Errorf("%q: %d co-changes %+v, want %d", tc.text, len(got), got, tc.n)
			continue
		}
		c := got[0]
		if c.Added != tc.added || c.Dependencies != tc.deps || c.Judgement != tc.judged {
			t.Errorf("%q: added %v dependencies %v judgement %v, want %v %v %v", tc.text, c.Added, c.Dependencies, c.Judgement, tc.added, tc.deps, tc.judged)
		}
		if tc.firstThen != "" && (len(c.Then) == 0 || c.Then[0] != tc.firstThen) {
			t.Errorf("%q: then %v, want %s first", tc.text, c.Then, tc.firstThen)
		}
		if tc.firstIf != "" && !slices.Contains(c.If, tc.firstIf) {
			t.Errorf("%q: if %v, want %s among them", tc.text, c.If, tc.firstIf)
		}
	}
}

// TestCoExemptions: a sentence that only exempts kinds of change from an entry
// elsewhere in its section, and one that states a co-change of its own.
func TestCoExemptions(t *testing.T) {
	for text, want := range map[string][]string{
		"Changes that only touch tests or documentation don't need an entry.": {"tests", "docs"},
		"PRs that change only tests or docs do not need an entry.":            {"tests", "docs"},
		"Documentation-only changes are exempt.":                              {"docs"},
		"Update `CHANGELOG.md` whenever you change anything under `src/`.":    nil,
		"Write changelog entries in the past tense.":                          nil,
	} {
		if got := CoExemptions(text); !slices.Equal(got, want) {
			t.Errorf("%q: %v, want %v", text, got, want)
		}
	}
}

// TestUserEffectIsJudged: a demand that depends on a change's effect on users leaves
// the need to the author (a warning), in the words instruction files use.
func TestUserEffectIsJudged(t *testing.T) {
	for _, s := range []string{
		"any change with a user-visible effect must include an entry in .",
		"every pull request that affects end users must include a changelog entry.",
		"changes that are visible to users need an entry.",
		"add a changelog entry for user-facing changes.",
	} {
		if !NeedJudged(s) {
			t.Errorf("%q: not judged", s)
		}
	}
	if NeedJudged("every change to src/ needs an entry in changes.md.") {
		t.Errorf("a plain demand read as judged")
	}
}

// TestWrapWidthWithoutUnit: a body width written as a bare number after "wrap ... at".
func TestWrapWidthWithoutUnit(t *testing.T) {
	got, _ := MessageLimits("wrap the body of the commit message at 72.", "")
	if len(got) != 1 || !got[0].Body || got[0].Max != 72 {
		t.Errorf("got %+v, want a body width of 72", got)
	}
	if got, _ := MessageLimits("wrap body lines at 80; keep it readable.", ""); len(got) != 1 || got[0].Max != 80 {
		t.Errorf("got %+v, want a body width of 80", got)
	}
	if got, _ := MessageLimits("meet us at 10 in the channel.", ""); len(got) != 0 {
		t.Errorf("got %+v, want none", got)
	}
}
