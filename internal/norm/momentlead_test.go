package norm

import "testing"

// An order whose leading moment has no comma reads as if it had one; words after the
// moment that are not the reader's duty, or a moment heed does not know, leave the
// text as it is.
func TestCommalessMoment(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Before you push make sure to run the linter:", "Before you push, make sure to run the linter:"},
		{"Before committing please run `npm test`.", "Before committing, please run `npm test`."},
		{"Before you commit be sure to run the following:", "Before you commit, be sure to run the following:"},
		{"Before you run the tests make sure Docker is running.", ""},
		{"Before the release we run the full benchmark suite.", ""},
		{"Before committing, run `npm test`.", ""},
		{"Before `git push` run `make lint`.", ""},
		{"Run `make lint` before you push.", ""},
		{"Our CI checks the format. Before submitting a PR be sure to run the following:", "Our CI checks the format. Before submitting a PR, be sure to run the following:"},
		{"Use `make`. Before the release we run the benchmarks.", ""},
	} {
		got, ok := CommalessMoment(c.in)
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("CommalessMoment(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A case style bound to a kind of thing other than files ("PascalCase for
// components") is told from one bound to file names ("snake_case for filenames").
func TestStyleForKind(t *testing.T) {
	for text, want := range map[string]bool{
		"PascalCase for components, camelCase for utilities":       true,
		"Use snake_case for filenames, camelCase for functions":    false,
		"kebab-case for the routes":                                true,
		"Component files use PascalCase":                           false,
		"Use kebab-case for file names and PascalCase for classes": false,
	} {
		if got := StyleForKind(text); got != want {
			t.Errorf("StyleForKind(%q) = %v, want %v", text, got, want)
		}
	}
}

// A lead-in that names the moment as the noun of its list ("Pre-commit requirements:")
// is the order before that moment; a list of hooks, which run on their own, is not.
func TestMomentNounLead(t *testing.T) {
	for in, want := range map[string]string{
		"**Pre-commit Requirements:**": "Before you commit, run the following:",
		"Pre-push checklist:":          "Before you push, run the following:",
		"Pre-PR checks:":               "Before opening a pull request, run the following:",
		"Before-merge checks:":         "Before merging, run the following:",
		"Pre-commit hooks:":            "",
		"Pre-commit requirements":      "",
		"Commit requirements:":         "",
	} {
		if got := MomentLead(in); got != want {
			t.Errorf("MomentLead(%q) = %q, want %q", in, got, want)
		}
	}
}

// The end of the work said as a verdict on it ("before marking any task complete",
// "before claiming any work done") is the moment the work ends, in any of the frame's
// words; a verdict on something else is not.
func TestDoneFrame(t *testing.T) {
	for in, want := range map[string]string{
		"Run `make check` before marking any task complete.":      "finish",
		"Run `make check` before claiming any work done.":         "finish",
		"Run `make check` before declaring your change finished.": "finish",
		"Run `make check` before completion.":                     "finish",
		"Before ending your session, run `make check`.":           "finish",
		"Run `make check` before marking the PR ready.":           "pr",
		"Run `make check` before marking a release.":              "",
	} {
		got := ""
		for _, n := range Read(in, Context{}) {
			for _, b := range n.Before {
				if b.Kind == KEvent {
					got = b.Text
				}
			}
		}
		if got != want {
			t.Errorf("%q: event %q, want %q", in, got, want)
		}
	}
}

// "The build" is a role a sentence names beside the tests ("verify build and tests
// pass"); the bare word that opens a clause is its verb ("Never build with ...").
func TestBuildRole(t *testing.T) {
	roles := func(s string) []string {
		var out []string
		for _, n := range Read(s, Context{}) {
			for _, o := range n.Objects {
				if o.Kind == KRole {
					out = append(out, o.Text)
				}
			}
		}
		return out
	}
	if got := roles("Always verify build and tests pass before completion."); len(got) != 2 || got[0] != "build" || got[1] != "test" {
		t.Errorf("build and tests: roles %v", got)
	}
	if got := roles("Make sure the build and the tests pass before pushing."); len(got) != 2 {
		t.Errorf("the build and the tests: roles %v", got)
	}
	if got := roles("Never build with `--release` unless you are profiling."); len(got) != 0 {
		t.Errorf("never build with: roles %v", got)
	}
}

// "At the end of each session, run X" is the order before the work ends.
func TestAtEndMoment(t *testing.T) {
	ns := Read("At the end of each session, run `make summary`.", Context{})
	if len(ns) != 1 || len(ns[0].Before) != 1 || ns[0].Before[0].Text != "finish" {
		t.Fatalf("at the end of each session: %+v", ns)
	}
	if ns := Read("At the end of the file, add a newline.", Context{}); len(ns) > 0 && len(ns[0].Before) > 0 {
		t.Errorf("the end of a file is no moment: %+v", ns)
	}
}

// A heading that names pull requests as its subject frames its steps as coming
// before one; a heading about a PR's title or a heading about anything else does not.
func TestPRHeadingFraming(t *testing.T) {
	for h, want := range map[string]string{
		"PR guidelines":          "pr",
		"Pull request checklist": "pr",
		"Pull Requests":          "pr",
		"PR titles":              "",
		"Project structure":      "",
		"Prerequisites":          "",
	} {
		if got := FramingEvent([]string{"Contributing", h}, ""); got != want {
			t.Errorf("FramingEvent(%q) = %q, want %q", h, got, want)
		}
	}
	if got := FramingEvent([]string{"Contributing", "Pull requests", "Generating types"}, ""); got != "" {
		t.Errorf("a subsection of a PR section: %q", got)
	}
}
