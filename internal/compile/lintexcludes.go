package compile

import (
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/heed-dev/heed/internal/engine"
)

// lintExcluded are, per language, the paths the project's own linter is told to
// skip (ruff's exclude and extend-exclude, in pyproject.toml, ruff.toml or
// .ruff.toml at the root), as heed globs: archived code, drafts, generated code the
// project keeps out of its conventions, which a rule of those conventions does not
// govern either.
func lintExcluded(mf *manifestFiles) map[string][]string {
	var pats []string
	for _, cfg := range ruffConfigs(mf) {
		pats = append(pats, cfg.patterns()...)
	}
	var globs []string
	for _, p := range pats {
		globs = append(globs, ruffGlobs(p)...)
	}
	if len(globs) == 0 {
		return nil
	}
	return map[string][]string{engine.LangPython: globs}
}

// ruffConfig is the part of ruff's configuration that says which files it skips.
type ruffConfig struct {
	Exclude       []string `toml:"exclude"`
	ExtendExclude []string `toml:"extend-exclude"`
	// PerFileIgnores (and Lint's) name the rules ruff does not report in some files;
	// Ignore and ExtendIgnore (and Lint's) the rules it reports nowhere.
	PerFileIgnores map[string][]string `toml:"per-file-ignores"`
	Ignore         []string            `toml:"ignore"`
	ExtendIgnore   []string            `toml:"extend-ignore"`
	Lint           struct {
		PerFileIgnores map[string][]string `toml:"per-file-ignores"`
		Ignore         []string            `toml:"ignore"`
		ExtendIgnore   []string            `toml:"extend-ignore"`
	} `toml:"lint"`
}

// ignoresEverywhere reports that ruff reports the rule code in no file.
func (c ruffConfig) ignoresEverywhere(code string) bool {
	for _, list := range [][]string{c.Ignore, c.ExtendIgnore, c.Lint.Ignore, c.Lint.ExtendIgnore} {
		if slices.ContainsFunc(list, func(k string) bool { return ruffSelectorCovers(k, code) }) {
			return true
		}
	}
	return false
}

// ruffSelectorCovers reports whether one of ruff's rule selectors covers the code:
// the code, a prefix of it ("E5", "E") or ALL.
func ruffSelectorCovers(selector, code string) bool {
	k := strings.TrimSpace(selector)
	return k == "ALL" || k != "" && strings.HasPrefix(code, k)
}

// ignoring are the file patterns whose per-file ignores cover the rule code (a code,
// its prefix or "ALL": "E501" is covered by "E501", "E5", "E" and "ALL").
func (c ruffConfig) ignoring(code string) []string {
	var out []string
	for _, m := range []map[string][]string{c.PerFileIgnores, c.Lint.PerFileIgnores} {
		for pat, codes := range m {
			if slices.ContainsFunc(codes, func(k string) bool { return ruffSelectorCovers(k, code) }) {
				out = append(out, pat)
			}
		}
	}
	sort.Strings(out)
	return out
}

// lintIgnored are, per heed check, the globs of the files the project's linter does
// not hold to that check's rule: ruff's per-file ignores of E501 (line too long) for
// max_line_length. Nil when none.
func lintIgnored(mf *manifestFiles) map[string][]string {
	var pats []string
	for _, cfg := range ruffConfigs(mf) {
		if cfg.ignoresEverywhere("E501") {
			// the project turns the line-length check off: its formatter's width is a
			// target it cannot always meet (long strings), no limit of the Python code
			pats = append(pats, "*.py", "*.pyi")
			continue
		}
		pats = append(pats, cfg.ignoring("E501")...)
	}
	var globs []string
	for _, p := range pats {
		globs = append(globs, ruffGlobs(p)...)
	}
	if len(globs) == 0 {
		return nil
	}
	return map[string][]string{"max_line_length": globs}
}

// ruffConfigs are the repository's ruff configurations: pyproject.toml's
// [tool.ruff], ruff.toml and .ruff.toml.
func ruffConfigs(mf *manifestFiles) []ruffConfig {
	var out []ruffConfig
	if data, err := mf.read("pyproject.toml"); err == nil {
		var doc struct {
			Tool struct {
				Ruff ruffConfig `toml:"ruff"`
			} `toml:"tool"`
		}
		if toml.Unmarshal(data, &doc) == nil {
			out = append(out, doc.Tool.Ruff)
		}
	}
	for _, f := range []string{"ruff.toml", ".ruff.toml"} {
		if data, err := mf.read(f); err == nil {
			var cfg ruffConfig
			if toml.Unmarshal(data, &cfg) == nil {
				out = append(out, cfg)
			}
		}
	}
	return out
}

func (c ruffConfig) patterns() []string {
	return append(append([]string{}, c.Exclude...), c.ExtendExclude...)
}

// ruffGlobs turns one of ruff's exclusion patterns (gitignore-like, relative to the
// root: "WIP", "**/_archived", "docs/*.py") into heed globs of the files it covers.
// A pattern that is no plain path (a negation, an absolute path, one that leaves the
// root) covers nothing heed can say.
func ruffGlobs(p string) []string {
	p = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(p), "./"))
	p = strings.TrimSuffix(p, "/")
	if p == "" || strings.HasPrefix(p, "!") || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "..") || strings.ContainsAny(p, "{}[]") {
		return nil
	}
	if !strings.Contains(p, "/") {
		p = "**/" + p // a bare name matches at any depth, as in .gitignore
	}
	if path.Ext(p) != "" && !strings.HasSuffix(p, "**") {
		return []string{p} // a file pattern ("*.pyi", "setup.py")
	}
	return []string{p, p + "/**"}
}
