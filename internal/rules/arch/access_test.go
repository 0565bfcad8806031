package arch

import (
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Access to a kind of service kept in one place: only that place imports the client
// packages the repository uses (sentences of our own writing).
func TestAccessRule(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	py := &recognize.RepoContext{Languages: []string{engine.LangPython}, Dirs: []string{"app", "app/clients", "app/jobs"},
		Packages: []recognize.Package{{Name: "requests", Ecosystem: "pypi"}, {Name: "fastapi", Ecosystem: "pypi"}}}
	goRepo := &recognize.RepoContext{Languages: []string{engine.LangGo}, GoModule: "example.com/app", Dirs: []string{"internal", "internal/store", "internal/api"}}
	for _, tc := range []struct {
		text  string
		rc    *recognize.RepoContext
		rules int
		pkgs  []string
	}{
		{"All HTTP requests must go through `app/clients/http.py`.", py, 1, []string{"requests"}},
		{"All database access must live in `internal/store`.", goRepo, 1, []string{"database/sql"}},
		// the repository uses no database client heed knows, or the place is not one
		{"All database access must live in `app/db/`.", py, 0, nil},
		{"All database access must live in `internal/db`.", goRepo, 0, nil},
	} {
		c := &policy.Constraint{ID: "c", Text: tc.text, Level: policy.Must}
		res := accessRecognizer{}.Recognize(c, tc.rc)
		if len(res.Rules) != tc.rules {
			t.Errorf("%q: %d rules, want %d", tc.text, len(res.Rules), tc.rules)
			continue
		}
		for _, r := range res.Rules {
			r.ID = "r"
			if r.Severity != policy.SeverityWarning {
				t.Errorf("%q: severity %s", tc.text, r.Severity)
			}
			var p importsParams
			if err := decode(&r, &p); err != nil {
				t.Fatal(err)
			}
			if len(p.ToPackages) != len(tc.pkgs) || p.ToPackages[0] != tc.pkgs[0] {
				t.Errorf("%q: packages %v, want %v", tc.text, p.ToPackages, tc.pkgs)
			}
			for _, cs := range r.Cases {
				if out := engine.RunCase(reg, &r, cs); !out.OK {
					t.Errorf("%q: case %q expects %s, got %s (%s)", tc.text, cs.Note, cs.Expect, out.Got, out.Reason)
				}
			}
		}
	}
}
