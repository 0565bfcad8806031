package norm

import "testing"

// Placement stated as a fact raises a constraint to a rule of the layout; what only
// describes, or runs, does not (sentences of our own writing).
func TestPlacementStatementFacts(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Tests live next to the code they test.", true},
		{"Unit tests: `*.spec.ts` next to source files", true},
		{"Unit tests (`*.spec.ts` beside source) mock external services. E2E tests (`test/*.e2e-spec.ts`) are hermetic.", true},
		{"E2E tests: `test/*.e2e-spec.ts` in service root", true},
		{"Migrations go in `db/migrations/`.", true},
		{"Migration files live at `services/<name>/drizzle/` with `meta/_journal.json` tracking apply order.", true},
		{"Migrations: `migrations/` - SQL migration files (timestamped)", true},
		{"`*Service` classes belong in `app/Services/`.", true},
		{"Tests live in `tests/`.", true},
		// descriptions and procedures are not placement
		{"Tests are not kept next to the code.", false},
		{"Migrations are applied in `db/migrations/` order.", false},
		{"Run the migrations in `db/migrations/` before starting the server.", false},
		{"The `scripts/` folder holds one-off maintenance scripts.", false},
		{"Server unit tests: `src/__tests__/server/unit/*.servertest.ts`", false},
		{"Components live next to their styles.", false},
	} {
		if got := PlacementStatement(tc.text); got != tc.want {
			t.Errorf("PlacementStatement(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// A boundary whose subject is the heading's folder, written with a pronoun, as "no
// imports", or as a fact, reads as the imperative the heading reader takes.
func TestSubjectlessBoundary(t *testing.T) {
	for in, want := range map[string]string{
		"it never imports from §0.":                        "must not import from §0.",
		"business rules only: it never imports from §0.":   "must not import from §0.",
		"no imports from §0 or §1.":                        "must not import from §0 or §1.",
		"this layer does not depend on §0.":                "should not import from §0.",
		"it is the entry point and imports everything.":    "it is the entry point and imports everything.",
		"no business logic here; it imports from §0 only.": "no business logic here; it imports from §0 only.",
	} {
		if got := SubjectlessBoundary(in); got != want {
			t.Errorf("SubjectlessBoundary(%q) = %q, want %q", in, got, want)
		}
	}
}

// "dentro de `services/`" is the folder a Spanish or Portuguese rule is limited to,
// as "inside" is in English: the known false error was a ban read over the whole
// repository.
func TestGlossInsideFolder(t *testing.T) {
	for _, text := range []string{
		"Nunca uses `console.log` dentro de `src/services/`.",
		"Nunca use `console.log` dentro de `src/services/`.",
	} {
		en, _ := Gloss(text)
		if paths := InPaths(en); len(paths) != 1 || paths[0] != "src/services/" {
			t.Errorf("Gloss(%q) = %q: paths %q, want [src/services/]", text, en, paths)
		}
	}
}
