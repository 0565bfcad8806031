package norm

import "testing"

// Sentences of our own writing, in lower case with code spans taken out.
func TestManifestReadings(t *testing.T) {
	if !KeepsVersionEqual("bump the version in and together") || KeepsVersionEqual("the version lives in") {
		t.Error("KeepsVersionEqual: a version kept equal across files, not one named")
	}
	if !ListsNewDependencies("new dependencies must be listed in", "dependencies / ") {
		t.Error("a new dependency's listing not read")
	}
	if ListsNewDependencies("add new dependencies to the release notes", "cutting a release / ") {
		t.Error("a release checklist's step read as every change's")
	}
	if !ForbidsOutright("do not edit by hand") || ForbidsOutright("a docs change does not need a version bump") {
		t.Error("ForbidsOutright: a ban, not what is needless")
	}
}
