package instr

import (
	"strings"

	"github.com/heed-dev/heed/internal/norm"
)

// bareCommandItem: a list item that is only a command written without backticks
// ("1. cargo fmt --all", "- uv run ruff check --fix ."), as a step under a heading
// that gives its moment ("## After you finish work") is. The first word is a program
// heed knows, in lower case; every other word reads as an argument, not English
// ("cargo test is slow" is a sentence). Git, gh and the deployment tools are left
// out: a step that commits, pushes or deploys is the moment, not a check before it.
func bareCommandItem(text string) bool {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), "."))
	if t == "" || strings.ContainsAny(t, "`*;,()") {
		return false
	}
	f := strings.Fields(t)
	if len(f) < 2 || len(f) > 8 {
		return false
	}
	switch f[0] {
	case "git", "gh", "docker", "docker-compose", "podman", "kubectl", "helm", "terraform", "tofu":
		return false
	}
	if _, ok := norm.ToolFamily(f[0]); !ok {
		return false
	}
	for _, w := range f[1:] {
		if !argLike(w) {
			return false
		}
	}
	return true
}

// argLike: a word that may be a command's argument: an option, a path, a
// subcommand in lower case; never an English function word.
func argLike(w string) bool {
	switch w {
	case "is", "are", "was", "the", "a", "an", "to", "and", "or", "for", "with", "if", "when", "before", "after",
		"must", "should", "will", "can", "may", "then", "first", "it", "this", "that", "on", "in", "of", "not":
		return false
	}
	for _, r := range w {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', strings.ContainsRune("-_./=:@+%~", r):
		default:
			return false
		}
	}
	return true
}
