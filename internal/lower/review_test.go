package lower

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A command ban made elsewhere (a model's) from an instruction that only shows how to
// do something is wider than the instruction; one from an instruction that makes the
// command the only way, or bans something, is not doubted for that.
func TestReviewRejectsBansDrawnFromHowTos(t *testing.T) {
	ban := func(params string) *policy.Rule {
		return &policy.Rule{ID: "m.command.1", Kind: "command", Domain: policy.DomainProcess, Params: []byte(params), Origin: "llm:test"}
	}
	npmBan := `{"forbid":[{"program":["npm"],"args":["install"]}]}`
	rspecBan := `{"forbid":[{"program":["rspec"]}],"via":[{"program":["bundle"],"args":["exec","rspec"]}]}`
	for _, c := range []struct {
		text, params string
		howTo        bool
	}{
		{"Run `pnpm install` to install dependencies", npmBan, true},
		{"Use `pnpm typecheck` to verify types", `{"forbid":[{"program":["tsc"],"flags":[["--noEmit"]]}]}`, true},
		{"Run RSpec tests: `bundle exec rspec`", rspecBan, true},
		{"Use `pnpm install`, not `npm install`.", npmBan, false},
		{"Always use `pnpm install` to install dependencies.", npmBan, false},
		{"Only run tests through `bundle exec rspec`.", rspecBan, false},
		{"Use `pnpm install` instead of `npm install`.", npmBan, false},
		{"Never run `npm install`; use `pnpm install` to install dependencies.", npmBan, false},
	} {
		con := &policy.Constraint{ID: "c1", Text: c.text, Level: policy.Must, File: "AGENTS.md", Line: 3}
		why := processRec{}.ReviewRule(con, &recognize.RepoContext{Constraints: []policy.Constraint{*con}}, ban(c.params))
		if got := strings.Contains(why, "how-to"); got != c.howTo {
			t.Errorf("%q: review %q, want a how-to doubt: %v", c.text, why, c.howTo)
		}
	}
	// a rule that forbids nothing (an order) is not doubted for it
	con := &policy.Constraint{ID: "c1", Text: "Run `pnpm install` to install dependencies", Level: policy.Must, File: "AGENTS.md", Line: 3}
	seq := &policy.Rule{ID: "m.sequence.1", Kind: "sequence", Domain: policy.DomainProcess, Params: []byte(`{"first":[{"program":["pnpm"],"args":["install"]}],"then":[{"program":["pnpm"],"args":["test"]}]}`)}
	if why := (processRec{}).ReviewRule(con, &recognize.RepoContext{Constraints: []policy.Constraint{*con}}, seq); why != "" {
		t.Errorf("an order from a how-to: %q", why)
	}
}
