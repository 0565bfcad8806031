package norm

import "testing"

// A bare list item is read through the lead-in of its list when the lead-in states
// the ban or preference and the item only names its object; an item that says an
// instruction of its own, a lead-in that only labels, and a lead-in that asks for a
// procedure are left as they stand. Sentences of our own, in the shapes real files
// use (own-sentences-410.txt has them as whole files).
func TestLeadInReading(t *testing.T) {
	for _, c := range []struct {
		lead, item, want string
	}{
		{"**Never use these APIs:**", "`eval`", "Never use `eval`."},
		{"Avoid the following in production code:", "`console.log`", "Avoid `console.log` in production code."},
		{"Avoid the following in production code:", "`debugger` statements", "Avoid `debugger` statements in production code."},
		{"Prefer:", "`pathlib` over `os.path`", "Prefer `pathlib` over `os.path`."},
		{"When you run `npm install`, never pass:", "`--force`", "When you run `npm install`, never pass `--force`."},
		{"Do not hand-edit generated or build artifacts:", "`generated/*`", "Do not hand-edit generated or build artifacts: `generated/*`."},
		{"Prohibited actions:", "❌ Force-push to shared branches", "Never force-push to shared branches."},
		{"Don't:", "`cargo publish`", "Don't `cargo publish`."},
		{"**Do not edit by hand:**", "`src/generated/`", "Do not edit `src/generated/` by hand."},
		// left as they stand
		{"Never use these APIs:", "`eval` is only allowed in the sandbox", ""},
		{"Prefer:", "use `pathlib`, not `os.path`", ""},
		{"Commands:", "`make test`", ""},
		{"Before committing, run:", "`make lint`", ""},
		{"When creating custom nodes:", "Extend a base node class", ""},
		{"Never use these APIs", "`eval`", ""}, // no colon: a sentence of its own
		{"Avoid | Prefer", "`a` | `b`", ""},
		{"Avoid these `git` commands:", "`rebase -i`", ""}, // the lead-in names its own object
		// a ban of doing without the items: the items are required
		{"NEVER return control to the user without ensuring:", "`./gradlew check` passes", ""},
		{"Never avoid:", "ABI validated: `./gradlew :module-name:updateKotlinAbi`", ""}, // a labelled item
		{"Avoid the following:", "Anything that a reviewer would find hard to read in a diff without running the code first", ""},
	} {
		got, ok := LeadInReading(c.lead, c.item)
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("LeadInReading(%q, %q) = %q, want %q", c.lead, c.item, got, c.want)
		}
	}
}

// The noun of a lead-in says what its items are, so a reader of another kind of thing
// does not take them: `eval` under "Never use these APIs:" is no program.
func TestLeadObjectKind(t *testing.T) {
	for _, c := range []struct{ lead, want string }{
		{"**Never use these APIs:**", "code"},
		{"Avoid the following functions in production code:", "code"},
		{"Never run these commands:", "command"},
		{"When you run `npm install`, never pass these flags:", "command"},
		{"Avoid the following:", ""},
		{"Never use these commands or APIs:", ""},
	} {
		if got := LeadObjectKind(c.lead); got != c.want {
			t.Errorf("LeadObjectKind(%q) = %q, want %q", c.lead, got, c.want)
		}
	}
}
