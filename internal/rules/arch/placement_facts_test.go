package arch

import (
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Placement stated the way whole instruction files describe their layout, in
// sentences of our own writing in the shapes a whole-file sample showed
// (bench/arch/arch-firstsight-2.md): a suite's folder given with its pattern,
// migrations in a folder, classes by their name's suffix, tests in a folder.
func TestPlacementFacts(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	ts := &recognize.RepoContext{Languages: []string{engine.LangTypeScript}, Dirs: []string{"src", "test", "db", "db/migrations"}}
	php := &recognize.RepoContext{Languages: []string{engine.LangPHP}, Dirs: []string{"app", "app/Services", "app/Http", "app/Http/Controllers"}}
	py := &recognize.RepoContext{Languages: []string{engine.LangPython}, Dirs: []string{"db", "db/migrations", "db/migrations/versions"}}
	java := &recognize.RepoContext{Languages: []string{engine.LangJava}, Dirs: []string{"core", "core/src", "core/src/main/java", "core/src/test/java"}}
	for _, tc := range []struct {
		text     string
		level    policy.Level
		rc       *recognize.RepoContext
		want     int
		severity string
		path     string
		flags    bool
	}{
		// a suite's folder given with its pattern
		{"E2E tests: `test/*.e2e-spec.ts` in service root", policy.Should, ts, 1, policy.SeverityWarning, "src/app.e2e-spec.ts", true},
		{"E2E tests: `test/*.e2e-spec.ts` in service root", policy.Should, ts, 1, policy.SeverityWarning, "services/api/test/app.e2e-spec.ts", false},
		// a pattern unit tests share names no suite: no rule
		{"Server unit tests: `src/__tests__/server/unit/*.servertest.ts`", policy.Should, ts, 0, "", "", false},
		{"Do not put e2e tests in `test/*.e2e-spec.ts`.", policy.Must, ts, 0, "", "", false},
		// migrations in a folder
		{"Migrations go in `db/migrations/`.", policy.Should, ts, 1, policy.SeverityWarning, "app/migrations/0003_orders.sql", true},
		{"Migrations go in `db/migrations/`.", policy.Should, ts, 1, policy.SeverityWarning, "db/migrations/0003_orders.sql", false},
		{"Migrations go in `db/migrations/`.", policy.Should, ts, 1, policy.SeverityWarning, "src/orders.ts", false},
		// Alembic's environment script sits beside its versions/ (wild round 21)
		{"Migrations go in `db/migrations/versions/`.", policy.Should, py, 1, policy.SeverityWarning, "db/migrations/env.py", false},
		{"Migrations go in `db/migrations/versions/`.", policy.Should, py, 1, policy.SeverityWarning, "db/migrations/0003_orders.py", true},
		{"Migration files live at `services/<name>/drizzle/` with `meta/_journal.json` tracking apply order.", policy.Should, ts, 1, policy.SeverityWarning, "packages/db/drizzle/0001_init.sql", true},
		{"Migration files live at `services/<name>/drizzle/` with `meta/_journal.json` tracking apply order.", policy.Should, ts, 1, policy.SeverityWarning, "packages/common/drizzle/drizzle.module.ts", false},
		// the modal is another clause's: the placement is a warning
		{"Flyway migrations live in `src/main/resources/db/migration/` and must stay append-only once applied.", policy.Must, java, 1, policy.SeverityWarning, "core/db/migration/V3__x.sql", true},
		{"Migrations must go in `db/migrations/`.", policy.Must, ts, 1, policy.SeverityError, "db/migrations/0003_orders.sql", false},
		{"Run migrations in `db/migrations/` before the tests.", policy.Must, ts, 0, "", "", false},
		// classes by their name's suffix
		{"`*Service` classes belong in `app/Services/`.", policy.Should, php, 1, policy.SeverityWarning, "app/Http/Controllers/OrderService.php", true},
		{"`*Service` classes belong in `app/Services/`.", policy.Should, php, 1, policy.SeverityWarning, "app/Services/OrderService.php", false},
		{"`*Service` classes belong in `app/Services/`.", policy.Should, ts, 0, "", "", false},
		// tests in a folder
		{"Tests are located in the `src/test/java` directory of each module.", policy.Should, java, 1, policy.SeverityWarning, "core/src/main/java/a/OrderTest.java", true},
		{"Tests are located in the `src/test/java` directory of each module.", policy.Should, java, 1, policy.SeverityWarning, "core/src/test/java/a/OrderTest.java", false},
		{"Tests must live in `test/`.", policy.Must, ts, 1, policy.SeverityError, "src/order.test.ts", true},
	} {
		c := &policy.Constraint{ID: "c", Text: tc.text, Level: tc.level}
		res := placementRecognizer{}.Recognize(c, tc.rc)
		if len(res.Rules) != tc.want {
			t.Errorf("%q: %d rules, want %d", tc.text, len(res.Rules), tc.want)
			continue
		}
		for _, r := range res.Rules {
			r := r
			r.ID = "r"
			if r.Severity != tc.severity {
				t.Errorf("%q: severity %s, want %s", tc.text, r.Severity, tc.severity)
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
			if out := engine.RunCase(reg, &r, policy.Case{Expect: want, Path: tc.path, Code: "x\n"}); !out.OK && !(want == policy.ExpectSatisfied && out.Got == policy.ExpectInapplicable) {
				t.Errorf("%q on %s: want %s, got %s (%s)", tc.text, tc.path, want, out.Got, out.Reason)
			}
		}
	}
}
