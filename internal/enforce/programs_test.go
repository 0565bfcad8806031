package enforce

import (
	"slices"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
)

// A program started as npm.exe, or by its path, is npm: the live index files npm's
// rules under "npm", and a lookup under "npm.exe" would load none of them and let the
// command run unjudged.
func TestCommandProgramsAreTheRulesNames(t *testing.T) {
	got, all := commandPrograms([]engine.Command{
		{Argv: []string{`npm.exe`, "install"}},
		{Argv: []string{"/usr/local/bin/yarn", "add", "x"}},
		{Argv: []string{"npm", "test"}},
	})
	if all || !slices.Equal(got, []string{"npm", "yarn"}) {
		t.Fatalf("programs %v (all %v), want npm and yarn", got, all)
	}
}
