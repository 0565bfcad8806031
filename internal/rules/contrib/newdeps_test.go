package contrib

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// The manifests a change touches are judged after the stream released their content:
// the check reads them from the tree. A dependency the change adds is a finding; one
// whose version it bumps, or a whole repository as it stands, is not.
func TestNewDependencyJudgesTheTree(t *testing.T) {
	pkg := "{\n  \"name\": \"web\",\n  \"dependencies\": {\n    \"react\": \"^18.3.1\",\n    \"left-pad\": \"^1.3.0\"\n  }\n}\n"
	rule := &policy.Rule{ID: "r", Domain: policy.DomainContribution, Kind: KindNewDependency, Params: []byte(`{"unless":"approval"}`)}
	chk, err := compileNewDependency(rule)
	if err != nil {
		t.Fatal(err)
	}
	judge := func(ev *engine.Evidence) []engine.Result {
		var out []engine.Result
		for _, tg := range chk.Targets(ev) {
			out = append(out, chk.Judge(ev, tg))
		}
		return out
	}
	tree := engine.MapSnapshot{"package.json": []byte(pkg)}
	added := &engine.Evidence{Mode: engine.ModeDiff, Changed: []string{"package.json"}, Tree: tree,
		Files: []*engine.File{{Path: "package.json", Touched: engine.LineSet{4: true, 5: true}, Replaced: map[int]string{4: `    "react": "^18.3.0"`}}}}
	rs := judge(added)
	if len(rs) != 1 || rs[0].Verdict != engine.Violated || !strings.Contains(rs[0].Findings[0].Message, "`left-pad`") || rs[0].Findings[0].Line != 5 {
		t.Fatalf("added dependency: %+v", rs)
	}
	bumped := &engine.Evidence{Mode: engine.ModeDiff, Changed: []string{"package.json"}, Tree: tree,
		Files: []*engine.File{{Path: "package.json", Touched: engine.LineSet{4: true}, Replaced: map[int]string{4: `    "react": "^18.3.0"`}}}}
	if rs := judge(bumped); len(rs) != 1 || rs[0].Verdict != engine.Satisfied {
		t.Fatalf("bumped dependency: %+v", rs)
	}
	all := &engine.Evidence{Mode: engine.ModeAll, Tree: tree, Files: []*engine.File{{Path: "package.json", Content: []byte(pkg)}}}
	if rs := judge(all); len(rs) != 0 {
		t.Fatalf("a repository as it stands: %+v", rs)
	}
}
