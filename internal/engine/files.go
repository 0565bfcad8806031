package engine

import (
	"path"

	"github.com/heed-dev/heed/internal/policy"
)

// A check that judges files declares which ones, as a FileNeed: the files of some
// languages in a scope. The engine lists them and decides their order (the evidence's
// order of files; Run then judges the largest first, on as many workers as it has),
// so every check of a kind selects files the same way, and what a check says it
// wants before files are read (FileSelector) is what it judges once they are.

// FileNeed is the files a check judges: those of the languages in Langs (any
// language when empty) that Scope covers.
type FileNeed struct {
	Langs map[string]bool
	Scope policy.Scope
}

// Targets are the files of ev the check needs, one target each, in ev's order.
func (n FileNeed) Targets(ev *Evidence) []Target {
	var ts []Target
	for i, f := range ev.Files {
		if len(n.Langs) > 0 && !n.Langs[f.Lang] {
			continue
		}
		if !n.Scope.Covers(f.Path) {
			continue
		}
		ts = append(ts, Target{Kind: TargetFile, Index: i, Path: f.Path})
	}
	return ts
}

// Wants is FileSelector.WantsFile for the need: whether the file at p, whose
// extension gives language lang, might be one of its targets. A file without an
// extension may be a script whose shebang names its language, so it is wanted
// whatever lang says.
func (n FileNeed) Wants(p, lang string) bool {
	if len(n.Langs) > 0 && !n.Langs[lang] && path.Ext(p) != "" {
		return false
	}
	return n.Scope.Covers(p)
}
