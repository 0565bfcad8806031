package policy

import (
	"path"
	"strings"
)

// The files that guard the policy: what they hold decides which rules an agent
// obeys, so an agent's write to one of them is denied live and a change to one of them
// is reported in CI (docs/security.md).
const (
	// GuardHeed is heed's own folder: the policy, its configuration, the baseline,
	// the journal, the live index, the shims.
	GuardHeed = "heed"
	// GuardInstructions are the instruction files the rules are compiled from, and
	// the files they import.
	GuardInstructions = "instructions"
	// GuardHooks are the agents' hook settings, which run heed.
	GuardHooks = "hooks"
)

// HeedDir is heed's folder below the repository root.
const HeedDir = ".heed"

// IgnoreFile is the repository's ignore file: the files heed leaves out of judging,
// in gitignore syntax. It is heed's own file, guarded as .heed/ is: an agent that
// could write it could exempt its next writes from the rules.
const IgnoreFile = ".heedignore"

// HookSettings are the repository-relative files, and folders (with a trailing
// "/"), where agents read the hooks heed installs (heed hook install) and the
// settings that could switch them off.
var HookSettings = []string{
	".claude/settings.json", ".claude/settings.local.json",
	".codex/hooks.json", ".codex/config.toml",
	".gemini/settings.json",
	".cursor/hooks.json",
	".github/hooks/",
}

// GuardOf says which guarded files a repository-relative, "/"-separated, clean path
// is among: GuardHeed, GuardHooks, or "" (instruction files are the caller's to
// tell: they are known from a policy's sources or by their names).
func GuardOf(rel string) string {
	if rel == HeedDir || strings.HasPrefix(rel, HeedDir+"/") || rel == IgnoreFile {
		return GuardHeed
	}
	for _, h := range HookSettings {
		if rel == h || (strings.HasSuffix(h, "/") && (strings.HasPrefix(rel, h) || rel == strings.TrimSuffix(h, "/"))) {
			return GuardHooks
		}
	}
	return ""
}

// GuardedNames lists the guarded paths known by name, for matching patterns and
// folders against: heed's folder (first), the hook settings and the ignore file.
func GuardedNames() []string {
	out := []string{HeedDir}
	for _, h := range HookSettings {
		out = append(out, strings.TrimSuffix(h, "/"))
	}
	return append(out, IgnoreFile)
}

// Contains reports whether the repository-relative folder dir holds p (or is p):
// removing or moving dir removes p. "" is the root.
func Contains(dir, p string) bool {
	dir = path.Clean(dir)
	return dir == "." || dir == p || strings.HasPrefix(p, dir+"/")
}
