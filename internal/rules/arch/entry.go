package arch

import (
	"fmt"
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A part of the code used only through its public entry file: "Other modules may use
// `src/billing/` only through its `index.ts`", "`src/billing` must only be imported
// via its `index.ts`". Code outside the folder must not import the folder's other
// files; the folder's own files import one another freely.

// entryRule reads the sentence; ok is false when it is not of that form, or the
// folder and its entry file do not fit together.
func entryRule(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	m := norm.ArchEntryOnlyRE.FindStringSubmatch(s.prose)
	if m == nil {
		m = norm.ArchEntryOnly2RE.FindStringSubmatch(s.prose)
	}
	if m == nil || !strings.Contains(m[0], "only ") && !strings.Contains(m[0], "exclusively ") {
		return policy.Rule{}, false // "use it through its index" advises; "only through" binds
	}
	dirSub, why := placeSpan(s, atoi(m[1][len("§"):]), []int{atoi(m[1][len("§"):])}, c, rc)
	if why != "" || dirSub.dir == "" {
		return policy.Rule{}, false
	}
	entry := strings.Trim(strings.TrimPrefix(strings.TrimSpace(s.spans[atoi(m[2][len("§"):])]), "./"), "/")
	if entry == "" || path.Ext(entry) == "" || strings.ContainsAny(entry, " *?") {
		return policy.Rule{}, false
	}
	dir := dirSub.dir
	entry = strings.TrimPrefix(entry, dir+"/")
	if strings.Contains(entry, "/") {
		return policy.Rule{}, false // an entry file deeper down is another sentence
	}
	stem := strings.TrimSuffix(entry, path.Ext(entry))
	params := importsParams{Mode: ModeForbid, From: []string{"**"}, FromExcept: []string{dir + "/**"},
		To: []string{dir + "/**"}, ToExcept: []string{dir + "/" + stem + ".*"}}
	sm := newSampler(rc)
	out := sm.concrete("neutral/**", "user")
	return archRule(KindImports, params, c, fmt.Sprintf("a file outside %s/ imports one of its files other than %s", dir, entry),
		fmt.Sprintf("import it through %s/%s", dir, entry),
		sm.importCase(policy.ExpectViolated, out, dir+"/internal/thing"+path.Ext(entry), "reaching past the entry file"),
		sm.importCase(policy.ExpectSatisfied, out, dir+"/"+entry, "importing the entry file")), true
}
