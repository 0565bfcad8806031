package norm

import "testing"

// Batch s43-1: a demand that says where things live is a placement, not a co-change
// (container-registry/harbor-satellite CLAUDE.md:77 read "When making changes, keep ...
// in `cmd/` and ... under `internal/`" as every change needing one in cmd/ or
// internal/); a lead-in that states a condition heed cannot read leaves the items
// under it unread rather than taking the heading's words for the condition
// (pixeltable/pixeltable CONTRIBUTING.md:97-99 became "every docs change needs
// docs/public_api.opml", an error). Sentences written here in those shapes.
func TestCoChange43(t *testing.T) {
	for _, s := range []string{
		"When making changes, keep binary entrypoints in `cmd/` and implementation packages under `internal/`.",
		"When you add a command, keep it in `cmd/`.",
	} {
		if got := CoChangesIn(s, CoFrame{}); len(got) > 0 {
			t.Errorf("%q: read as a co-change %+v", s, got)
		}
	}
	lead := CoFrame{Headings: []string{"Adding New SDK Features to Documentation"}, Context: "If you're adding new functions, classes, or other SDK features, you'll need to update two configuration files:"}
	if got := CoChangesIn("Update `docs/public_api.opml`: add entries for your new SDK features.", lead); len(got) > 0 {
		t.Errorf("an item under an unread lead-in: read as %+v", got)
	}
	// still read: the heading when no lead-in states a condition, a lead-in that does,
	// and "keep X up to date"
	for _, c := range []struct {
		text string
		f    CoFrame
	}{
		{"Update `docs/db.md`.", CoFrame{Headings: []string{"Changing `migrations/`"}}},
		{"Update `docs/db.md`.", CoFrame{Context: "When you add a file under `migrations/`:"}},
		{"Keep `CHANGELOG.md` up to date whenever you change `src/`.", CoFrame{}},
	} {
		if got := CoChangesIn(c.text, c.f); len(got) == 0 {
			t.Errorf("%q under %+v: no co-change read", c.text, c.f)
		}
	}
}

// Things placed in a folder and registered in a file: a new file of the folder needs
// the registering file (josiahsrc/voquill AGENTS.md:22, 012e/fdsa copilot
// instructions:40, in their shape); stated without a modal it is a reminder.
func TestCoChangePlacedRegistered(t *testing.T) {
	for _, c := range []struct {
		text   string
		approx bool
	}{
		{"Database migrations go in `db/migrations/` as `NNN_name.sql`, registered in `db/mod.rs`.", true},
		{"New handlers live under `src/handlers/` and must be registered in `src/router.go`.", false},
	} {
		got := CoChangesIn(c.text, CoFrame{})
		if len(got) != 1 || !got[0].Added || len(got[0].If) != 1 || len(got[0].Then) != 1 || (got[0].Approx != "") != c.approx {
			t.Errorf("%q: read as %+v", c.text, got)
		}
	}
	if got := CoChangesIn("Handlers never go in `src/handlers/`, registered in `src/router.go`.", CoFrame{}); len(got) > 0 {
		t.Errorf("a negated sentence read as %+v", got)
	}
}

// Test demands in the shapes batch s43-1 showed (bailey-medics/quillmedical CLAUDE.md:21,
// pixeltable/pixeltable AGENTS.md:124 and CONTRIBUTING.md:21), and ways of working
// that stay none.
func TestTestDemand43(t *testing.T) {
	for _, s := range []string{
		"always create/update tests when changing code",
		"make changes and add tests in",
		"it's advisable to include unit tests in the package alongside any code changes in the package",
	} {
		if _, ok := ReadTestDemand(s, ""); !ok {
			t.Errorf("%q: no test demand read", s)
		}
	}
	for _, s := range []string{
		"update the tests when the behaviour changes",
		"write tests first, before you write the code changes",
		"make changes and run the tests",
	} {
		if _, ok := ReadTestDemand(s, ""); ok {
			t.Errorf("%q: read as a test demand", s)
		}
	}
}
