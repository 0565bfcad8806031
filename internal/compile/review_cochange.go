package compile

import (
	"encoding/json"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
)

// subjectCarried reports whether a co-change rule carries the narrowing of its
// sentence's subject as the files that trigger it ("Every pull request that changes
// a package under `packages/` needs a changeset": the rule triggers on packages/
// only): every path the subject names in backticks stands at the head of one of the
// rule's `if` globs. A subject that names no path is not carried.
func subjectCarried(sub string, r *policy.Rule) bool {
	if r.Kind != "cochange" {
		return false
	}
	var p struct {
		If []string `json:"if"`
	}
	if err := json.Unmarshal(r.Params, &p); err != nil || len(p.If) == 0 {
		return false
	}
	if !subjectChangesRE.MatchString(strings.TrimSpace(sub)) {
		return false // "PRs that fix a bug in `src/`": the fix is not carried
	}
	spans := subjectSpanRE.FindAllStringSubmatch(sub, -1)
	for _, m := range spans {
		want := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(m[1]), "./"), "/")
		carried := false
		for _, g := range p.If {
			g = strings.TrimPrefix(g, "/")
			if g == want || strings.HasPrefix(g, want+"/") || strings.HasSuffix(g, "/"+want) || strings.Contains(g, "/"+want+"/") {
				carried = true
				break
			}
		}
		if !carried {
			return false
		}
	}
	return true
}

var (
	subjectSpanRE = lazyre.New("`([^`]+)`")
	// subjectChangesRE: a subject narrowed only by the files its change touches
	subjectChangesRE = lazyre.New("(?i)^(?:(?:every|each|any|all|the)\\s+)?(?:prs?|pull requests?|commits?|changes?)\\s+(?:that|which)\\s+(?:change|changes|touch|touches|modify|modifies|edit|edits)\\s+(?:(?:a|an|any|the|one)\\s+)?(?:(?:package|crate|module|component|library|plugin|service|file)s?\\s+|anything\\s+|code\\s+)?(?:(?:in|under|to|of|inside|within)\\s+)?(?:the\\s+)?`[^`]+`(?:\\s+(?:folder|directory|dir))?$")
)
