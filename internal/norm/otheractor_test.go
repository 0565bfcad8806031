package norm

import (
	"strings"
	"testing"
)

func TestOtherActorCommands(t *testing.T) {
	for text, want := range map[string]string{
		"Only the release workflow may run `cargo publish`.":                           "cargo publish",
		"Only maintainers run `npm publish`.":                                          "npm publish",
		"`cargo publish` is run by CI only.":                                           "cargo publish",
		"Publishing (`cargo publish`) is done by the release workflow, never by hand.": "cargo publish",
		"Only use `pnpm` for installs.":                                                "",
		"`make test` is run by CI on every push.":                                      "",
		"Only run `make lint` before committing.":                                      "",
	} {
		if got := strings.Join(OtherActorCommands(text), " "); got != want {
			t.Errorf("OtherActorCommands(%q) = %q, want %q", text, got, want)
		}
	}
}
