package norm

import (
	"strings"
	"testing"
)

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
		// (batch 52, Q1 and Q18: a preposition is no part; "the X code" is X's code)
		{"For changes affecting the server", "server"},
		{"you touched the client code", "client"},
		{"you changed the source code", ""},
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

// "<a change> must be followed by `cmd`": the order after that change, as "after
// changes to X, run `cmd`".
func TestFollowedBy(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Changes to the cli folder should always be followed by `cd cli && make`.", "require (should): cd cli && make | if: after changes to the cli folder"},
		{"Any change to `*.graphql` files must be followed by `npm run codegen`.", "require: npm run codegen | after: *.graphql"},
		// what follows is no command: nothing to run
		{"Changes to the API must be followed by a changelog entry.", ""},
	} {
		var got []string
		for _, n := range Read(c.text, Context{Command: commands}) {
			got = append(got, n.String())
		}
		if c.want == "" {
			for _, g := range got {
				if strings.Contains(g, "run") {
					t.Errorf("%q: %v, want no command to run", c.text, got)
				}
			}
			continue
		}
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%q: %v, want %q", c.text, got, c.want)
		}
	}
}

// "the client code" is the code of one part of the project, not any change: it
// never becomes an order after a change to any file; "the code" still is one.
func TestQualifiedCodeIsNoAnyChange(t *testing.T) {
	for _, c := range []struct {
		text string
		any  bool
	}{
		{"If you touched the client code, run `yarn lint`.", false},
		{"If you changed the backend code, run `make test`.", false},
		{"If you changed the code, run `make test`.", true},
		{"If you changed the source code, run `make test`.", true},
	} {
		for _, n := range Read(c.text, Context{Command: commands}) {
			if got := anyChange(n.After); got != c.any {
				t.Errorf("%q: after any change %v, want %v (%s)", c.text, got, c.any, n.String())
			}
		}
	}
}

// A sentence that ends in "(optional, ...)" is advice, uncertain in every clause.
func TestTrailingOptionalIsAHedge(t *testing.T) {
	for _, n := range Read("Run `npm run e2e` before pushing (optional, it is slow).", Context{Command: commands}) {
		if n.Polarity == Require && n.Certain() {
			t.Errorf("read as certain: %s", n.String())
		}
	}
	for _, n := range Read("Run `npm run e2e` before pushing (it takes ten minutes).", Context{Command: commands}) {
		if n.Polarity == Require && !n.Certain() {
			t.Errorf("a plain aside read as a hedge: %s", n.String())
		}
	}
}
