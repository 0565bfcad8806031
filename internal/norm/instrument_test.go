package norm

import (
	"strings"
	"testing"
)

// A tool named as the means of practices that only it does is no banned program of its
// own (round 8 of the findings study: a git ban read from a sentence about commits and
// pushes warned on `git status`).
func TestToolAsInstrumentOfPractices(t *testing.T) {
	cases := []struct {
		text     string
		wantTool bool
	}{
		// the shape of .cursor/rules/00-overview.mdc:10 in rygwdn/slack-tools
		{"NEVER automatically commit or push changes with git unless explicit permission has been given by the user.", false},
		{"Never commit changes using git without asking first.", false},
		{"Do not rewrite history via git.", false},
		// the tool is what the sentence bans: formatting is no practice of one tool
		{"Do not format code with prettier.", true},
		{"Never use git.", true},
	}
	for _, c := range cases {
		ns := Read(c.text, Context{})
		if len(ns) == 0 {
			t.Errorf("%q: no norm", c.text)
			continue
		}
		got := false
		for _, n := range ns {
			for _, o := range n.Objects {
				got = got || o.Kind == KTool
			}
		}
		if got != c.wantTool {
			t.Errorf("%q: a tool among the objects = %v, want %v (%+v)", c.text, got, c.wantTool, ns)
		}
	}
}

// "Do not run rubocop on `.erb` files" (round 7 of the findings study): a bare
// extension followed by "files" is every file of it, not a path named `.erb`.
func TestExtensionFilesAsTarget(t *testing.T) {
	anyCommand := func(span string) ([]string, bool) { return strings.Fields(span), commandShaped(span) }
	for _, c := range []struct{ text, want string }{
		{"Do not run `rubocop` on `.erb` files.", "**/*.erb"},
		{"Never run `prettier` on `.md` files.", "**/*.md"},
		{"Don't run `rm -rf` on the `data/` folder.", "data"},
		// a dotfile named alone stays the path it is
		{"Never run `cat` on `.env`.", ".env"},
	} {
		got := ""
		for _, n := range Read(c.text, Context{Command: anyCommand}) {
			for _, o := range n.Objects {
				if o.Kind == KPath && o.Origin == "target" {
					got = o.Text
				}
			}
		}
		if got != c.want {
			t.Errorf("%q: target %q, want %q", c.text, got, c.want)
		}
	}
}
