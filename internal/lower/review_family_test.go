package lower

import (
	"strings"
	"testing"
)

// The stem of a family of subcommands is no run of a command (wild round 37: "Use
// `php artisan make:` commands" demoted the file's rule that every Artisan command
// takes `--no-interaction`).
func TestFamilyMention(t *testing.T) {
	for argv, want := range map[string]bool{
		"php artisan make:":   true,
		"npm run test:...":    true,
		"php artisan migrate": false,
		"npm test":            false,
	} {
		if got := familyMention(strings.Fields(argv)); got != want {
			t.Errorf("%q: %v, want %v", argv, got, want)
		}
	}
}
