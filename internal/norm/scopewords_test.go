package norm

import "testing"

func TestNewCodeHeading(t *testing.T) {
	for h, want := range map[string]bool{
		"When Adding New Components": true,
		"Creating a new module":      true,
		"New endpoints":              true,
		"Adding a new provider":      true,
		"What's new":                 false,
		"News feed":                  false,
		"Components":                 false,
		"Renewals":                   false,
	} {
		if got := NewCodeHeading(h); got != want {
			t.Errorf("NewCodeHeading(%q) = %v, want %v", h, got, want)
		}
	}
}
