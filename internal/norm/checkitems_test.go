package norm

import "testing"

// Checklist items under a lead-in or heading that gives the moment, labels that name
// the job and the moment, steps that do the event; sentences of our own.
func TestReadChecklistsAndLabels(t *testing.T) {
	for _, c := range []struct{ text, lead, heading, want string }{
		{"`make test` passes", "Before creating a PR, verify:", "", "require (reminder): make test (from item) | before: event:pr"},
		{"`make test` passes", "Before you push, confirm:", "", "require (reminder): make test (from item) | before: event:push"},
		{"`npm run lint` (runs `eslint` and `stylelint`)", "Before committing, run:", "", "require: npm run lint (from item) | before: event:commit"},
		{"`make lint` (or `golangci-lint run`)", "Before committing, run:", "", ""},
		{"`make fmt` is run for you by the pre-commit hook.", "", "Before you commit", ""},
		{"`make fmt` runs automatically on commit.", "", "Before you commit", ""},
		{"`make lint` passes", "", "PR checklist", "require: make lint (from item) | before: event:pr | uncertain: " + checklistHeadingItem},
	} {
		ctx := Context{Command: commands, LeadIn: c.lead}
		if c.heading != "" {
			ctx.Heading = []string{"Guide", c.heading}
		}
		got := ""
		for _, n := range ReadItem(c.text, ctx) {
			if got != "" {
				got += " ;; "
			}
			got += n.String()
		}
		if got != c.want {
			t.Errorf("%q under %q/%q:\n got  %q\n want %q", c.text, c.lead, c.heading, got, c.want)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"Lint before committing: `make lint`.", "require: make lint | before: event:commit"},
		{"**Test before every push**: `go test ./...`", "require: go test ./... | before: event:push"},
		{"Lint: `make lint`", ""},
		{"Before PR/merge: make sure `just lint` is green.", "require (reminder): just lint | before: event:pr"},
		{"Before you hand the work back, run `make verify`.", "require: make verify | before: event:finish"},
		{"Confirm that `cargo clippy` is clean before you request a review.", "require (reminder): cargo clippy | before: event:pr"},
	} {
		got := ""
		for _, n := range Read(c.text, Context{Command: commands}) {
			if got != "" {
				got += " ;; "
			}
			got += n.String()
		}
		if got != c.want {
			t.Errorf("%q:\n got  %q\n want %q", c.text, got, c.want)
		}
	}
	for text, want := range map[string]string{
		"Create your PR with a conventional commit title": "pr",
		"Open a pull request against main":                "pr",
		"Push your branch":                                "push",
		"Commit changes only if asked":                    "commit",
		"Create a branch for the change":                  "",
		"Fix any issues reported":                         "",
	} {
		if got := StepEvent(text); got != want {
			t.Errorf("StepEvent(%q) = %q, want %q", text, got, want)
		}
	}
}

// A lead-in or heading that names a git hook and what runs then gives the moment; the
// hook's name alone is as often the tool.
func TestHookFraming(t *testing.T) {
	for _, c := range []struct {
		heading []string
		lead    string
		want    string
	}{
		{[]string{"Guide", "Pre-Commit Verification"}, "", "commit"},
		{[]string{"Guide", "Workflow"}, "Pre-merge commits, in addition:", "merge"},
		{[]string{"Guide", "Pre-push checks"}, "", "push"},
		{[]string{"Guide", "Pre-commit"}, "", ""},
		{[]string{"Guide", "Pre-commit hooks"}, "", ""},
	} {
		if got := FramingEvent(c.heading, c.lead); got != c.want {
			t.Errorf("FramingEvent(%q, %q) = %q, want %q", c.heading, c.lead, got, c.want)
		}
	}
}

// An item that is a command written without backticks, under a lead-in or heading
// that gives the moment, reads as the quoted command would; an item with words of its
// own after the command does not.
func TestBareCommandItems(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"npm run lint", "require: npm run lint (from item) | before: event:pr"},
		{"cargo test --workspace.", "require: cargo test --workspace (from item) | before: event:pr"},
		{"pytest is used for tests", ""},
		{"make sure the docs build", ""},
	} {
		got := ""
		for _, n := range ReadItem(c.text, Context{Command: commands, Heading: []string{"Guide", "Before opening a pull request"}}) {
			got += n.String()
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.text, got, c.want)
		}
	}
}
