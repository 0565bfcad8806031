package policy

import (
	"path"
	"strings"
)

// Covers reports whether the scope governs the repository-relative path p: p lies in
// Dir's subtree, matches one of Globs (if any) and none of Exclude. Globs without a
// "/" match the base name at any depth below Dir ("*.ts" = "**/*.ts"), as instruction
// files mean them.
func (s Scope) Covers(p string) bool {
	p = cleanRel(p)
	if s.Dir != "" && s.Dir != "." {
		if p != s.Dir && !strings.HasPrefix(p, s.Dir+"/") {
			return false
		}
	}
	if len(s.Globs) > 0 && !matchAny(s.Globs, s.Dir, p) {
		return false
	}
	return !matchAny(s.Exclude, s.Dir, p)
}

// CoversDir reports whether commands run in the repository-relative directory d fall
// under the scope (process rules): d is inside Dir and no Exclude glob takes it. Globs
// do not narrow commands.
func (s Scope) CoversDir(d string) bool {
	d = cleanRel(d)
	if len(s.Exclude) > 0 && matchAny(s.Exclude, s.Dir, d+"/_") {
		// a folder left out ("tools/cli/**": the instruction file nearest to it
		// says otherwise), and every folder below it
		return false
	}
	if s.Dir == "" || s.Dir == "." {
		return true
	}
	return d == s.Dir || strings.HasPrefix(d, s.Dir+"/")
}

// cleanRel is p cleaned as a path relative to the root ("" for the root). Paths are
// nearly always clean already (a check asks of every rule for every file): those are
// returned as they are, without building a copy to clean.
func cleanRel(p string) string {
	clean := p != "" && p[0] != '/' && p[len(p)-1] != '/'
	for i := 0; clean && i < len(p); {
		j := strings.IndexByte(p[i:], '/')
		if j < 0 {
			j = len(p) - i
		}
		if seg := p[i : i+j]; seg == "" || seg == "." || seg == ".." {
			clean = false
		}
		i += j + 1
	}
	if clean {
		return p
	}
	return strings.TrimPrefix(path.Clean("/"+p), "/")
}

func matchAny(globs []string, dir, p string) bool {
	for _, g := range globs {
		if MatchGlob(g, dir, p) {
			return true
		}
	}
	return false
}

// MatchGlob matches a repository-relative path against an instruction-file glob. A
// glob is relative to the repository root; one without a "/" matches base names at
// any depth, a leading "/" or "./" anchors it at the root, and a folder glob ("src/**"
// or "src") also covers what is below it. Each glob text is compiled once in a
// process and shared by every caller (CompileGlob).
func MatchGlob(glob, dir, p string) bool {
	_ = dir
	return compiledGlob(glob).Match(p)
}

// Governs reports whether the entry applies to the repository-relative path rel: its
// instruction's scope covers rel and, when it compiled into rules, the scope of one of
// them does too (a rule "under `service/`" written in a root AGENTS.md is not about
// web/ files). Process and contribution rules are about commands and commits, not
// paths, so they never narrow.
func (e Entry) Governs(rel string) bool {
	if !e.Scope.Covers(rel) {
		return false
	}
	if len(e.Rules) == 0 {
		return true
	}
	for _, r := range e.Rules {
		if r.Domain == DomainProcess || r.Domain == DomainContribution || r.Scope.Covers(rel) {
			return true
		}
	}
	return false
}

// AboutFiles reports whether the entry can bear on a file's content: it compiled into
// no rule (the text may be about code), or into at least one rule outside the process
// and contribution domains, which judge commands and commits.
func (e Entry) AboutFiles() bool {
	if len(e.Rules) == 0 {
		return true
	}
	for _, r := range e.Rules {
		if r.Domain != DomainProcess && r.Domain != DomainContribution {
			return true
		}
	}
	return false
}
