package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Placement stated as a fact, the way whole instruction files describe their layout:
// tests beside the code ("Unit tests: `*.spec.ts` next to source files"), tests in a
// folder given with their pattern ("E2E tests: `test/*.e2e-spec.ts` in service root"),
// migrations in a folder ("Migrations go in `db/migrations/`", "Flyway migrations live
// in `src/main/resources/db/migration/`"), classes by their name's suffix in a folder
// ("`*Service` classes belong in `app/Services/`").

// archTestWordRE: the sentence speaks of tests.
var archTestWordRE = lazyre.New(`\b(?:unit |e2e |end-to-end |integration |component )?(?:tests?|test files|specs?|spec files)\b`)

// TestsBesideSentence reports whether an architecture sentence keeps tests beside the
// code they test: "Tests live next to the code they test", "Unit tests (`*.spec.ts`
// beside source) mock external services".
func TestsBesideSentence(prose string) bool {
	return ArchBesideRE.MatchString(prose) && archTestWordRE.MatchString(prose) && !ArchBesideNotRE.MatchString(prose)
}

// archTestsFolderNotRE: words that make a folder given with a test pattern no place
// the tests must be ("not", "or", "except", "if", "run").
var archTestsFolderNotRE = lazyre.New(`\b(?:not|never|no|or|except|unless|if|when|run|runs|running|command|instead)\b`)

// TestsFolderSpan returns the span of an architecture sentence that gives where a
// suite of tests lives as a folder and the suite's file pattern
// (`test/*.e2e-spec.ts`, `tests/integration/*.integration.test.ts`), split into the
// folder and the pattern; ok is false unless the sentence speaks of that suite, gives
// one such span and no test pattern elsewhere.
func TestsFolderSpan(s ArchSentence) (dir, pattern string, ok bool) {
	if !archTestWordRE.MatchString(s.Prose) || archTestsFolderNotRE.MatchString(s.Prose) {
		return "", "", false
	}
	n := 0
	for _, sp := range s.Spans {
		sp = strings.TrimPrefix(strings.TrimSpace(sp), "./")
		i := strings.LastIndexByte(sp, '/')
		if i <= 0 {
			if ArchTestKindSpan.MatchString(sp) {
				return "", "", false // a test pattern with no folder as well
			}
			continue
		}
		d, base := sp[:i], sp[i+1:]
		if !strings.Contains(base, "*") || !ArchTestKindSpan.MatchString(base) || strings.ContainsAny(d, "*?[{<>. ") {
			continue
		}
		// The pattern must name the suite, and the sentence speak of it: a pattern
		// unit tests share (`*.spec.ts`, `*.servertest.ts`) in a folder of one suite
		// would misplace the others ("Server unit tests: `…/unit/*.servertest.ts`").
		suite := archSuiteRE.FindString(strings.ToLower(base))
		if suite == "" || !strings.Contains(s.Prose, suite) {
			continue
		}
		dir, pattern = d, base
		n++
	}
	return dir, pattern, n == 1
}

// archSuiteRE: the name of a suite apart from unit tests in a test file's pattern.
var archSuiteRE = lazyre.New(`e2e|integration|acceptance|smoke|functional|contract`)

// ArchMigrationsGoRE: migrations placed in a folder, with or without a modal:
// "Migrations go in §0", "Flyway migrations live in §0 and must stay append-only",
// "Migration files live at §0 with §1 tracking apply order", "Database migrations
// (§0) are stored in §1". Group 1 is the folder.
var ArchMigrationsGoRE = lazyre.New(`^(?:all |new |the |our |every )?(?:(?:database|db|sql|schema|flyway|alembic|drizzle|prisma|knex|sequelize|typeorm|django|rails|ecto|liquibase|goose|diesel|sqlx|supabase) )?(?:migrations|migration (?:files|scripts))(?: \(§\d+\))? (?:must |should |have to |need to |always )?(?:go|goes|belong|belongs|live|lives|sit|sits|are|is|be placed|are placed|be kept|are kept|be stored|are stored|be located|are located|be created|are created|be added|are added|be written|are written) (?:in|into|under|inside|within|at) (?:the |each |its |their )?(§\d+)(?: (?:folder|directory|dir))?(?:,? (?:and|with|which|that) [^§]*(?:§\d+[^§]*)?)?[.;]?$`)

// ArchMigrationsLabelRE: a layout list's item that gives the migrations folder:
// "Migrations: §0 - SQL migration files (timestamped)". Group 1 is the folder.
var ArchMigrationsLabelRE = lazyre.New(`^(?:(?:database|db|sql|schema) )?migrations: (§\d+)(?: (?:-|–|—) [^§]*)?[.;]?$`)

// archMigrationsNotRE: words that make a migrations sentence no placement.
var archMigrationsNotRE = lazyre.New(`\b(?:not|never|except|unless|if|when|or|instead|once|run|runs|apply|applied)\b`)

// MigrationsFolder returns the span that an architecture sentence gives as the folder
// migrations live in.
func MigrationsFolder(s ArchSentence) (string, bool) {
	m := ArchMigrationsGoRE.FindStringSubmatch(s.Prose)
	if m == nil {
		m = ArchMigrationsLabelRE.FindStringSubmatch(s.Prose)
	}
	if m == nil {
		return "", false
	}
	// the words before the folder decide; the tail may say more ("and must stay
	// append-only")
	head := s.Prose[:strings.Index(s.Prose, m[1])]
	if archMigrationsNotRE.MatchString(head) {
		return "", false
	}
	span := s.Spans[spanNumber(m[1])]
	if !strings.HasSuffix(strings.TrimSpace(span), "/") && strings.Contains(span, ".") {
		return "", false // a file, not a folder
	}
	return span, true
}

// ClassSuffixSpanRE: a span that names classes by a suffix or prefix of their names
// (`*Service`, `*Controller`, `Abstract*`).
var ClassSuffixSpanRE = lazyre.New(`^(?:\*[A-Z][A-Za-z0-9]*|[A-Z][A-Za-z0-9]*\*)$`)

// classPlacedRE: a sentence that places classes named by a pattern in a folder
// ("§0 classes belong in §1", "§0 classes live in §1").
var classPlacedRE = lazyre.New(`^(?:all |new |every |each )?§0 class(?:es)? (?:must |should |have to |need to |always )?(?:go|belong|belongs|live|lives|be placed|are placed|be kept|are kept|be located|are located) (?:in|into|under|inside) (?:the )?§1(?: (?:folder|directory))?[.;]?$`)

// ClassPlacementStatement reports whether a sentence places classes named by a
// pattern in a folder: "`*Service` classes belong in `app/Services/`".
func ClassPlacementStatement(s ArchSentence) bool {
	return len(s.Spans) == 2 && ClassSuffixSpanRE.MatchString(strings.TrimSpace(s.Spans[0])) &&
		strings.HasSuffix(strings.TrimSpace(s.Spans[1]), "/") && classPlacedRE.MatchString(s.Prose)
}

// archItSubjectRE: a boundary whose subject is the heading's folder, named by a
// pronoun or "this layer" ("it never imports from §0", "this layer must not depend
// on §0"), or a label before it ("business rules only: it never imports from §0").
var archItSubjectRE = lazyre.New(`^(?:[^§:]{1,40}: )?(?:it|this (?:layer|package|module|folder|directory|crate|app)|code (?:here|in it)|nothing here) (never|must not|must never|cannot|can't|may not|should not|should never|does not|doesn't|do not) (?:directly )?(?:imports?|depends? on|uses?)(?: anything)? (?:from |on )?(§.*)$`)

// archNoImportsRE: "no imports from §0 or §1", "no direct imports of §0".
var archNoImportsRE = lazyre.New(`^(?:[^§:]{1,40}: )?no (?:direct )?(?:imports?|dependenc(?:y|ies)) (?:from|of|on) (§.*)$`)

// SubjectlessBoundary rewrites a boundary that leaves its subject to the heading in
// the imperative form the heading reader takes: "it never imports from §0" is "must
// not import from §0", "no imports from §0 or §1" is "must not import from §0 or §1";
// a fact ("it does not import §0") is a should.
func SubjectlessBoundary(p string) string {
	if m := archItSubjectRE.FindStringSubmatch(p); m != nil {
		modal := "must not"
		switch m[1] {
		case "should not", "should never", "does not", "doesn't", "do not":
			modal = "should not"
		}
		return modal + " import from " + m[2]
	}
	if m := archNoImportsRE.FindStringSubmatch(p); m != nil {
		return "must not import from " + m[1]
	}
	return p
}

// ArchTestsInDirRE: tests placed in a folder, with or without a modal: "Tests live in
// §0", "Tests are located in the §0 directory of each module", "Unit tests must go
// under §0". Group 1 is the folder; group 2 says the folder is each module's.
var ArchTestsInDirRE = lazyre.New(`^(?:all |our |the |new |unit )?(?:tests|test files|unit tests|test cases|test suites)(?: \(§\d+\))? (?:must |should |have to |need to |always )?(?:live|go|belong|are located|are placed|are kept|are stored|are|sit|reside) (?:in|under|inside|within) (?:the |a |their own |each module's )?(§\d+)(?: (?:folder|directory|dir|tree))?(?: (?:of|in) (each|every) (?:module|package|crate|project|service|app|subproject))?[.;]?$`)

// TestsInDir returns the folder an architecture sentence puts tests in, and whether
// it is each module's folder.
func TestsInDir(s ArchSentence) (dir string, each, ok bool) {
	m := ArchTestsInDirRE.FindStringSubmatch(s.Prose)
	if m == nil {
		return "", false, false
	}
	span := strings.TrimSpace(s.Spans[spanNumber(m[1])])
	if span == "" || strings.ContainsAny(span, "*?{}<> ") || strings.Contains(path0Ext(span), ".") {
		return "", false, false
	}
	return span, m[2] != "", true
}

// path0Ext is the last element of a slash path ("src/test/java" → "java").
func path0Ext(p string) string {
	p = strings.TrimSuffix(p, "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}
