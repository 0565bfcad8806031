package arch

import (
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Each part of a folder on its own: "a domain module (`library`, `reading`, …)
// imports only itself and `domain/common/`", "Each module under `src/modules/` may
// only import from itself and `src/shared/`". The parts are the folders of one
// parent, named by the folder (under §) or by examples of them (§, §, …: their one
// parent); each may import, of the repository's code, only its own files and the
// shared folder, which is no part of the rule. Two rules: the parts isolated from
// one another (the shared folder excepted), and the parent importing nothing else.

func eachOnlyRules(s sentence, c *policy.Constraint, rc *recognize.RepoContext) ([]policy.Rule, bool) {
	m := norm.ArchEachOnlyRE.FindStringSubmatch(s.prose)
	if m == nil || rc == nil || len(rc.Dirs) == 0 || !strings.Contains(m[0], "only") {
		return nil, false
	}
	qualifier, under, examples, sharedIdx := m[1], m[2], m[3], m[4]
	var parent string
	switch {
	case under != "":
		sub, why := placeSpan(s, atoi(under[len("§"):]), []int{atoi(under[len("§"):])}, c, rc)
		if why != "" || sub.dir == "" {
			return nil, false
		}
		parent = sub.dir
	case examples != "":
		var names []string
		for _, i := range spanIndexes(examples) {
			names = append(names, strings.Trim(strings.TrimSpace(s.spans[i]), "/"))
		}
		p, ok := parentOfAll(names, qualifier, rc)
		if !ok {
			return nil, false
		}
		parent = p
	default:
		return nil, false
	}
	var shared string
	if sharedIdx != "" {
		// the shared folder as written from the parent or a folder above it
		// ("`domain/common/`" beside backend/src/domain's modules), else as
		// the repository places it
		written := strings.Trim(strings.TrimPrefix(strings.TrimSpace(s.spans[atoi(sharedIdx[len("§"):])]), "./"), "/")
		for d := parent; d != "" && shared == ""; d = parentDir(d) {
			if isDir(rc, d+"/"+written) {
				shared = d + "/" + written
			} else if isDir(rc, parentDir(d)+"/"+written) && parentDir(d) != "" {
				shared = parentDir(d) + "/" + written
			}
		}
		if shared == "" {
			sub, why := placeSpan(s, atoi(sharedIdx[len("§"):]), []int{atoi(sharedIdx[len("§"):])}, c, rc)
			if why != "" || sub.dir == "" || !isDir(rc, sub.dir) {
				return nil, false
			}
			shared = sub.dir
		}
	}
	var except []string
	only := importsParams{Mode: ModeOnly, From: []string{parent + "/**"}}
	if shared != "" {
		except = []string{shared + "/**"}
		if !strings.HasPrefix(shared, parent+"/") {
			only.To = []string{shared + "/**"}
		}
	}
	iso := isolateRuleExcept(c, rc, parent+"/*", except)
	sm := newSampler(rc)
	a := sm.concrete(parent+"/a/**", "one")
	onlyRule := archRule(KindImports, only, c, fmt.Sprintf("a file under %s/ imports other code of the repository", parent),
		"keep the part's dependencies inside it, or move what it needs to the shared folder",
		sm.importCase(policy.ExpectViolated, a, sm.concrete("neutral/**", "other"), "a part importing code outside"),
		sm.importCase(policy.ExpectSatisfied, a, sm.concrete(parent+"/a/**", "helper"), "a part importing its own file"))
	return []policy.Rule{iso, onlyRule}, true
}

func parentDir(d string) string {
	if i := strings.LastIndexByte(d, '/'); i >= 0 {
		return d[:i]
	}
	return ""
}

// parentOfAll is the one folder that holds every name as a child folder; when
// several do, the one the qualifier names ("a domain module": the folder domain).
func parentOfAll(names []string, qualifier string, rc *recognize.RepoContext) (string, bool) {
	if len(names) == 0 {
		return "", false
	}
	var found []string
	for _, d := range rc.Dirs {
		all := true
		for _, n := range names {
			if !isDir(rc, d+"/"+n) {
				all = false
				break
			}
		}
		if all {
			found = append(found, d)
		}
	}
	if len(found) > 1 && qualifier != "" {
		var named []string
		for _, d := range found {
			if d == qualifier || strings.HasSuffix(d, "/"+qualifier) || strings.HasSuffix(d, "/"+qualifier+"s") {
				named = append(named, d)
			}
		}
		found = named
	}
	if len(found) != 1 {
		return "", false
	}
	return found[0], true
}
