package norm

import "testing"

func TestToolWritten(t *testing.T) {
	for text, want := range map[string]bool{
		"Those are frozen release snapshots managed by the release tooling.": true,
		"It is maintained by our translation bot.":                           true,
		"`CHANGELOG.md` is written by the release script; do not edit it.":   true,
		"It is updated automatically by CI.":                                 true,
		"It is synced from upstream by a script.":                            true,
		"It is managed by the legal team.":                                   false,
		"Never edit `config/prod.yaml`.":                                     false,
		"Written by the maintainers, reviewed by two people.":                false,
	} {
		if got := ToolWritten(text); got != want {
			t.Errorf("%q: %v, want %v", text, got, want)
		}
	}
}
