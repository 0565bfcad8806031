package contrib

import (
	"encoding/json"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// A co-change finding is about the change as a whole; its places are the files that
// triggered it and the file the rule names that did not change with them ("Every
// change to `src/` must update `CHANGELOG.md`"). A rule that asks for "a test" names
// no one file: only the changed files are listed. Each component's own file is
// named with the file of the component that changed ("every crate keeps its own
// `CHANGELOG.md`").
func TestACoChangeFindingNamesTheFileThatNeededToChange(t *testing.T) {
	tree := engine.MapSnapshot{"src/a.py": nil, "src/b.py": nil, "CHANGELOG.md": nil,
		"crates/x/src/lib.rs": nil, "crates/x/CHANGELOG.md": nil}
	for _, c := range []struct {
		name    string
		p       CochangeParams
		changed []string
		want    []engine.Location
	}{
		{"changelog", CochangeParams{If: []string{"src/**"}, Then: []string{"/CHANGELOG.md"}}, []string{"src/a.py", "src/b.py"},
			[]engine.Location{{Path: "src/a.py", Message: "changed by the change"}, {Path: "src/b.py", Message: "changed by the change"},
				{Path: "CHANGELOG.md", Message: "needed to change with it, and did not"}}},
		{"a test", CochangeParams{If: []string{"src/**"}, Then: []string{"tests/**"}, Need: "a test"}, []string{"src/a.py"},
			[]engine.Location{{Path: "src/a.py", Message: "changed by the change"}}},
		{"component", CochangeParams{If: []string{"crates/**"}, Unless: []string{"**/CHANGELOG.md"}, Then: []string{"CHANGELOG.md"}, Component: true}, []string{"crates/x/src/lib.rs"},
			[]engine.Location{{Path: "crates/x/src/lib.rs", Message: "changed by the change"},
				{Path: "crates/x/CHANGELOG.md", Message: "needed to change with crates/x/src/lib.rs (its component's file), and did not"}}},
	} {
		params, _ := json.Marshal(c.p)
		chk, err := compileCochange(&policy.Rule{ID: "r", Kind: KindCochange, Params: params})
		if err != nil {
			t.Fatal(err)
		}
		ev := &engine.Evidence{Mode: engine.ModeDiff, Changed: c.changed, Tree: tree}
		ts := chk.Targets(ev)
		if len(ts) != 1 {
			t.Fatalf("%s: targets %+v", c.name, ts)
		}
		r := chk.Judge(ev, ts[0])
		if r.Verdict != engine.Violated || len(r.Findings) != 1 {
			t.Fatalf("%s: %+v, want one finding", c.name, r)
		}
		got := r.Findings[0].Related
		if len(got) != len(c.want) {
			t.Errorf("%s: related %+v, want %+v", c.name, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: related[%d] %+v, want %+v", c.name, i, got[i], c.want[i])
			}
		}
	}
}
