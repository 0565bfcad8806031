package arch

import (
	"fmt"
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// A file the tests must not import: "Never import `app/env.server.ts` in test files",
// "For testable code, never import env.server.ts in test files". The importers are
// the repository's test files; the target is the file named (written as a path, or a
// bare file name that is the file of that name wherever it is).

// testsImportRule reads the sentence; ok is false when it is not of that form.
func testsImportRule(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	m := norm.ArchTestsImportRE.FindStringSubmatch(s.prose)
	if m == nil || rc == nil {
		return policy.Rule{}, false
	}
	target := m[1]
	if strings.HasPrefix(target, "§") {
		target = strings.TrimSpace(s.spans[atoi(target[len("§"):])])
	}
	target = strings.Trim(strings.TrimPrefix(target, "./"), "/")
	if target == "" || path.Ext(target) == "" || strings.ContainsAny(target, " *?") {
		return policy.Rule{}, false
	}
	var to string
	if strings.Contains(target, "/") {
		to = target
		if c.Scope.Dir != "" && !strings.HasPrefix(target, c.Scope.Dir+"/") {
			to = c.Scope.Dir + "/" + target
		}
	} else {
		to = "**/" + target
	}
	var from []string
	for _, g := range testGlobs(rc.Languages) {
		if strings.Contains(g, "/") {
			from = append(from, g, "**/"+g)
		} else {
			from = append(from, "**/"+g)
		}
	}
	if len(from) == 0 {
		return policy.Rule{}, false
	}
	params := importsParams{Mode: ModeForbid, From: uniq.Values(from), To: []string{to}}
	sm := newSampler(rc)
	dst := strings.ReplaceAll(to, "**/", "src/")
	return archRule(KindImports, params, c, fmt.Sprintf("a test file imports %s", target),
		"pass what the test needs as options or a fake instead of importing the file",
		sm.importCase(policy.ExpectViolated, sm.concrete(from[0], "thing"), dst, "a test importing the file"),
		sm.importCase(policy.ExpectSatisfied, sm.concrete("src/**", "thing"), dst, "production code importing the file")), true
}
