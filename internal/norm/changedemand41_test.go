package norm

import "testing"

func TestChangelogOnlyAtReleaseOrOnRequest(t *testing.T) {
	// Innim/Lightning-PM AGENTS.md:103, a step under "## Release Process"
	if !UnderReleaseHeading([]string{"AGENTS.md – Working Instructions for the AI Assistant", "Release Process"}) {
		t.Error("a Release Process heading not read")
	}
	if UnderReleaseHeading([]string{"Contributing", "Release notes"}) {
		t.Error("a Release notes heading read as the release procedure")
	}
	// Innim/Lightning-PM AGENTS.md:31
	if !OnRequest("When changing behavior, update inline PHPDoc/comments and, if user asks, `CHANGELOG.md`.") {
		t.Error("\"if user asks\" not read")
	}
	if OnRequest("Every user-facing change needs an entry in `CHANGELOG.md`.") {
		t.Error("a plain demand read as made on request")
	}
}
