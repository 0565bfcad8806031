package norm

import "testing"

// The part of the project a condition says changed, by its name, for the layout to
// resolve to a folder (lower.areaChanges); "" when it names none.
func TestChangedArea(t *testing.T) {
	for _, c := range []struct{ cond, want string }{
		// OpenHands .openhands/microagents/repo.md:21 (instructions-2)
		{"you've made changes to the frontend", "frontend"},
		{"backend changes", "backend"},
		{"after making changes that affect the API", "api"},
		{"after changes affecting the frontend", "frontend"},
		{"after changes that touch the docs", "docs"},
		{"after template changes", "template"},
		{"changes to the cli folder", "cli"},
		{"changes in the web directory", "web"},
		// no part of the project: any change, or a kind of change
		{"after making a change", ""},
		{"after making changes that affect users", ""},
		{"after changes that affect the public behaviour of the library", ""},
		{"you've made breaking changes", ""},
		{"after your changes", ""},
	} {
		if got := ChangedArea(c.cond); got != c.want {
			t.Errorf("ChangedArea(%q) = %q, want %q", c.cond, got, c.want)
		}
	}
}

// A code span followed by "directory" or "folder" names a folder, never a command
// ("run `npm run lint` from the `frontend` directory").
func TestSpanNamedAsFolder(t *testing.T) {
	ns := Read("Run `npm run lint` and `npm run build` from the `frontend` directory.", Context{Command: commands})
	if len(ns) == 0 {
		t.Fatal("no norm")
	}
	for _, n := range ns {
		for _, o := range n.Objects {
			if o.Text == "frontend" || o.Text == "frontend/" {
				if o.Kind != KPath {
					t.Errorf("`frontend` read as %s in %s", o.Kind, n.String())
				}
			}
		}
	}
}
