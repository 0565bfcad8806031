package norm

import (
	"strings"
	"sync"
)

// UnseenChangeCondition: the condition a co-change sentence puts on the change when no
// path can show it ("Add a CHANGELOG.md entry only if the change is visible to the
// user", "Update CHANGELOG.md if your change affects end users"); "" when the sentence
// has no condition, or its condition names files, folders or code (what a co-change
// rule encodes as the paths that trigger it), or the moment of the work ("when you open
// a PR").
func UnseenChangeCondition(text string) string {
	for _, s := range Sentences(text) {
		toks := s.Tokens
		for i, t := range toks {
			if t.Code || t.Low != "if" && t.Low != "when" && t.Low != "whenever" && t.Low != "unless" {
				continue
			}
			end := i + 1
			for end < len(toks) && !(toks[end].Punct && toks[end].Text != "-" && toks[end].Text != "'") {
				end++
			}
			cl := toks[i+1 : end]
			if len(cl) < 2 || conditionShowsPaths(cl) {
				continue
			}
			return strings.TrimSpace(Sentence{Tokens: toks[i:end]}.Raw())
		}
	}
	return ""
}

// conditionShowsPaths: the clause names code, files or a place, or the moment of the
// work, so the paths or the event of a change can answer it.
func conditionShowsPaths(cl []Token) bool {
	for _, t := range cl {
		if t.Code || strings.Contains(t.Text, "/") || strings.Contains(t.Text, ".") && len(t.Text) > 2 {
			return true
		}
		if pathWords()[t.Low] {
			return true
		}
	}
	return false
}

// pathWords tell a condition a path or the work's moment can answer.
var pathWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"file": true, "files": true, "folder": true, "folders": true, "directory": true,
		"directories": true, "module": true, "modules": true, "package": true, "packages": true, "crate": true,
		"crates": true, "schema": true, "migration": true, "migrations": true, "dependency": true, "dependencies": true,
		"test": true, "tests": true, "docs": true, "documentation": true, "api": true, "endpoint": true, "endpoints": true,
		"pr": true, "prs": true, "pull": true, "commit": true, "commits": true, "committing": true, "merge": true,
		"merging": true, "submit": true, "submitting": true, "open": true, "opening": true, "release": true, "releasing": true,
		"python": true, "go": true, "rust": true, "typescript": true, "javascript": true, "java": true, "code": true,
		// kinds of code a layout or a file shows: "when you change a model", "when you
		// bump the version"
		"model": true, "models": true, "version": true, "versions": true, "config": true, "configuration": true,
		"settings": true, "interface": true, "interfaces": true, "type": true, "types": true, "class": true,
		"classes": true, "function": true, "functions": true, "component": true, "components": true, "route": true,
		"routes": true, "template": true, "templates": true, "proto": true, "grammar": true, "lockfile": true,
		"manifest": true, "source": true, "sources": true}
})
