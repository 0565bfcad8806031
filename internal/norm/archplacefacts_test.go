package norm

import (
	"slices"
	"testing"
)

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

// Placement by an example path whose name stands for any file of the kind (sentences
// of our own writing, in the shapes how-to lists and conventions use).
func TestExamplePathPlacement(t *testing.T) {
	for _, tc := range []struct {
		text, dir, name string
		newOnly, ok     bool
	}{
		{"Views go in `src/views/XxxView.vue`", "src/views", "*View.vue", false, true},
		{"Create `src/views/XxxView.vue`", "src/views", "*View.vue", true, true},
		{"Create `src/composables/useXxx.ts` if it needs API data", "src/composables", "use*.ts", true, true},
		{"New API routes should be added under `app/api/<resource>/route.ts`.", "app/api", "route.ts", true, true},
		{"Page components live in `src/features/<feature>/<Feature>Page.tsx`.", "src/features", "*Page.tsx", false, true},
		{"Put new handlers in `internal/http/{name}_handler.go`.", "internal/http", "*_handler.go", true, true},
		// one file, a name with nothing of its own, a ban, an example, a procedure
		{"Create `src/router/index.ts`", "", "", false, false},
		{"Put the service in `src/services/<name>.ts`.", "", "", false, false},
		{"Do not put views in `src/components/XxxView.vue`.", "", "", false, false},
		{"See `src/views/XxxView.vue` for an example.", "", "", false, false},
		{"Rename `src/views/XxxView.vue` when the route changes.", "", "", false, false},
		{"Views go in `src/views/`.", "", "", false, false},
	} {
		ss := ArchSentences(tc.text)
		if len(ss) != 1 {
			t.Fatalf("%q: %d sentences", tc.text, len(ss))
		}
		dir, name, newOnly, ok := ExamplePathPlacement(ss[0])
		if ok != tc.ok || dir != tc.dir || name != tc.name || newOnly != tc.newOnly {
			t.Errorf("ExamplePathPlacement(%q) = %q, %q, %v, %v; want %q, %q, %v, %v", tc.text, dir, name, newOnly, ok, tc.dir, tc.name, tc.newOnly, tc.ok)
		}
	}
}

// Tests placed by an imperative, with the folder they must not go in or the tree they
// mirror after it (sentences of our own writing).
func TestTestsInDirImperative(t *testing.T) {
	for _, tc := range []struct {
		text, dir string
		newOnly   bool
	}{
		{"Place tests under `tests/unit/`, mirroring the layout of `src/`.", "tests/unit/", false},
		{"Tests go in `test/` (NOT `spec/`).", "test/", false},
		{"Put new tests in `tests/integration/`.", "tests/integration/", true},
		{"Keep unit tests in `tests/`, not `src/`.", "tests/", false},
		{"Tests live in `tests/`.", "tests/", false},
		{"Write tests in `pytest` style.", "", false},
		{"Place fixtures in `tests/fixtures/`.", "", false},
	} {
		ss := ArchSentences(tc.text)
		dir, _, ok := TestsInDir(ss[0])
		if (tc.dir != "") != ok || dir != tc.dir {
			t.Errorf("TestsInDir(%q) = %q, %v; want %q", tc.text, dir, ok, tc.dir)
		}
		if ok && TestsInDirNew(ss[0]) != tc.newOnly {
			t.Errorf("TestsInDirNew(%q) = %v, want %v", tc.text, !tc.newOnly, tc.newOnly)
		}
	}
}

// A how-to step that makes classes of a kind named in words, in a folder (sentences of
// our own writing, in the shapes clean-architecture guides use).
func TestClassWordPlacement(t *testing.T) {
	for _, tc := range []struct {
		text, dir, suffix string
		newOnly, ok       bool
	}{
		{"Create use case in `domain/usecase/`", "domain/usecase/", "UseCase", true, true},
		{"Create mappers in `data/mapper/`.", "data/mapper/", "Mapper", true, true},
		{"Add a new ViewModel under `ui/screens/`.", "ui/screens/", "ViewModel", true, true},
		{"Put DTOs in `api/dto/`.", "api/dto/", "Dto", false, true},
		// no kind a class name carries, or no folder
		{"Create model in `domain/model/`", "", "", false, false},
		{"Define repository interface in `domain/repository/`", "", "", false, false},
		{"Create use cases for every screen.", "", "", false, false},
	} {
		ss := ArchSentences(tc.text)
		dir, suffix, newOnly, ok := ClassWordPlacement(ss[0])
		if ok != tc.ok || dir != tc.dir || suffix != tc.suffix || newOnly != tc.newOnly {
			t.Errorf("ClassWordPlacement(%q) = %q, %q, %v, %v; want %q, %q, %v, %v", tc.text, dir, suffix, newOnly, ok, tc.dir, tc.suffix, tc.newOnly, tc.ok)
		}
	}
}

// A folder with the names of its files in parentheses (sentences of our own writing).
func TestNamedFilesPlacement(t *testing.T) {
	for _, tc := range []struct {
		text, dir string
		names     []string
		newOnly   bool
	}{
		{"Add route files under `src/app` (`page.tsx`, `layout.tsx`, `loading.tsx`).", "src/app", []string{"page.tsx", "layout.tsx", "loading.tsx"}, true},
		{"Page files go in `src/pages` (`page.tsx`, `layout.tsx`, …)", "src/pages", []string{"page.tsx", "layout.tsx"}, false},
		// a folder, a pattern, a path: no names of files
		{"Add route files under `src/app` (`app/`).", "", nil, false},
		{"Add route files under `src/app` (`*.tsx`).", "", nil, false},
		{"Add route files under `src/app`.", "", nil, false},
	} {
		ss := ArchSentences(tc.text)
		dir, names, newOnly, ok := NamedFilesPlacement(ss[0])
		if ok != (tc.dir != "") || dir != tc.dir || !slices.Equal(names, tc.names) || newOnly != tc.newOnly {
			t.Errorf("NamedFilesPlacement(%q) = %q, %q, %v, %v; want %q, %q, %v", tc.text, dir, names, newOnly, ok, tc.dir, tc.names, tc.newOnly)
		}
	}
}
