package contrib

import "testing"

// TestReleaseNotesRegion: the text a release-note rule reads: between the markers,
// without the template's comments; under a "Release notes" heading up to the next
// heading; nothing when the description has neither.
func TestReleaseNotesRegion(t *testing.T) {
	cases := []struct {
		body, want string
		ok         bool
	}{
		{"Fixes #12\n\n#### Release Notes\n\n<!-- Write the notes below. I will check them; see #1. -->\n\n<!-- BEGIN RELEASE NOTES -->\n* core\n  * Fixed a crash.\n<!-- END RELEASE NOTES -->\n",
			"\n* core\n  * Fixed a crash.\n", true},
		{"Fixes #12\n\n## Release notes\n\n- Fixed a crash.\n\n## Other\n\nI also ran the tests.", "\n\n- Fixed a crash.\n\n", true},
		{"Fixes #12\n\nI fixed a crash.", "", false},
	}
	for _, c := range cases {
		got, ok := releaseNotes(c.body)
		if got != c.want || ok != c.ok {
			t.Errorf("releaseNotes(%q) = %q, %v; want %q, %v", c.body, got, ok, c.want, c.ok)
		}
	}
}
