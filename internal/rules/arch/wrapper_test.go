package arch

import (
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A package kept behind the project's wrapper: only the wrapper's place and tests
// import it, when the repository uses the package and has the place (sentences of our
// own writing). The item's two clauses may be constraints of their own, on one line.
func TestWrapperRule(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	ts := &recognize.RepoContext{Languages: []string{engine.LangTypeScript}, Dirs: []string{"src", "src/api", "src/service"},
		Packages: []recognize.Package{{Name: "axios", Ecosystem: "npm"}}}
	for _, tc := range []struct {
		use, ban string
		rc       *recognize.RepoContext
		except   string
	}{
		{"Call the shared `request` from `src/service/request` for every HTTP call", "do not use `axios` directly.", ts, "src/service/request.*"},
		{"Always go through `src/service/`", "never import `axios` directly.", ts, "src/service/**"},
		// a package the repository does not use, a place it does not have
		{"Call the shared `request` from `src/service/request`", "do not use `ky` directly.", ts, ""},
		{"Call the shared `request` from `src/net/request`", "do not use `axios` directly.", ts, ""},
	} {
		use := policy.Constraint{ID: "u", File: "AGENTS.md", Line: 3, Text: tc.use, Level: policy.Must}
		ban := policy.Constraint{ID: "b", File: "AGENTS.md", Line: 3, Text: tc.ban, Level: policy.Must}
		rc := *tc.rc
		rc.Constraints = []policy.Constraint{use, ban}
		if res := (wrapperRecognizer{}).Recognize(&use, &rc); len(res.Rules) != 0 {
			t.Errorf("%q: the wrapper's clause alone gave %d rules", tc.use, len(res.Rules))
		}
		res := wrapperRecognizer{}.Recognize(&ban, &rc)
		if tc.except == "" {
			if len(res.Rules) != 0 {
				t.Errorf("%q + %q: %d rules, want none", tc.use, tc.ban, len(res.Rules))
			}
			continue
		}
		if len(res.Rules) != 1 {
			t.Errorf("%q + %q: %d rules, want 1", tc.use, tc.ban, len(res.Rules))
			continue
		}
		r := res.Rules[0]
		r.ID = "r"
		var p importsParams
		if err := decode(&r, &p); err != nil {
			t.Fatal(err)
		}
		if p.FromExcept[0] != tc.except || r.Severity != policy.SeverityWarning {
			t.Errorf("%q: except %v, severity %s", tc.use, p.FromExcept, r.Severity)
		}
		for _, cs := range append(r.Cases,
			policy.Case{Expect: policy.ExpectInapplicable, Path: "src/api/user.test.ts", Code: "import axios from \"axios\";\n", Note: "a test that mocks the package"}) {
			if out := engine.RunCase(reg, &r, cs); !out.OK {
				t.Errorf("%q: case %q expects %s, got %s (%s)", tc.use, cs.Note, cs.Expect, out.Got, out.Reason)
			}
		}
	}
}
