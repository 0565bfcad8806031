package arch

import (
	"fmt"
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// One folder for a kind of code, another to avoid: "Business logic in `app/models/`
// folder, avoid `app/services/`", "Put helpers in `lib/`, not in `utils/`". A new
// file in the folder to avoid belongs in the one named first; both must be folders
// of the repository (the one to avoid is there, or it would need no avoiding).

func avoidFolderPlacement(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	m := norm.ArchAvoidFolderRE.FindStringSubmatch(s.prose)
	if m == nil || rc == nil || len(rc.Dirs) == 0 {
		return policy.Rule{}, false
	}
	var dirs [2]string
	for k, g := range m[1:3] {
		name := strings.Trim(strings.TrimPrefix(strings.TrimSpace(s.spans[atoi(g[len("§"):])]), "./"), "/")
		if name == "" || path.Ext(name) != "" || strings.ContainsAny(name, " *?{}<>") {
			return policy.Rule{}, false
		}
		d := repoPath(name, c, rc)
		if !isDir(rc, d) {
			return policy.Rule{}, false
		}
		dirs[k] = d
	}
	good, avoid := dirs[0], dirs[1]
	if good == avoid || strings.HasPrefix(good, avoid+"/") {
		return policy.Rule{}, false
	}
	params := placementParams{Files: []string{avoid + "/**"}, Under: []string{good + "/**"}}
	r := archRule(KindPlacement, params, c,
		fmt.Sprintf("a new file in %s/, which the instructions say to avoid", avoid),
		fmt.Sprintf("put it in %s/", good),
		policy.Case{Expect: policy.ExpectViolated, Path: avoid + "/new_thing.x", Note: "a new file in the folder to avoid"},
		policy.Case{Expect: policy.ExpectSatisfied, Path: good + "/new_thing.x", Note: "a new file where it belongs"})
	// "Put shared helpers in `pkg/util`, never in `cmd/`": the kind is named in words
	// heed cannot check, so every new file of the folder is taken for one, while the
	// folder holds other files too (`cmd/` its entry points): a warning
	r.Doubt(fmt.Sprintf("heed takes every new file of %s/ for the kind the sentence names in words", avoid))
	return r, true
}
