package enforce

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules"
)

// panicky is a command check that crashes on the last command (the one judged).
type panicky struct{}

func (panicky) Targets(ev *engine.Evidence) []engine.Target {
	return []engine.Target{{Kind: engine.TargetCommand, Index: len(ev.Commands) - 1}}
}

func (panicky) Judge(*engine.Evidence, engine.Target) engine.Result { panic("boom") }

// A command a rule could not judge does not run, whatever the rule's severity: the
// live hook's row of the engine's table (engine.SurfaceLiveHook).
func TestUndeterminedBlocksACommand(t *testing.T) {
	root := newRepo(t, "- Never run `cargo publish`.")
	for _, sev := range []string{policy.SeverityError, policy.SeverityWarning} {
		rule := &policy.Rule{ID: "crash", Domain: policy.DomainProcess, Kind: "command", Severity: sev}
		e := &Enforcer{NoJournal: true, Loader: &Loader{Registry: rules.Registry(), NoPrefilter: true, Open: func(string) ([]engine.Compiled, bool, error) {
			return []engine.Compiled{{Rule: rule, Check: panicky{}}}, false, nil
		}}}
		d := e.Check(Request{Root: root, Argv: []string{"ls"}, Source: "exec"})
		if !d.Blocked || len(d.Blocks) != 1 || !strings.Contains(d.Blocks[0].Finding.Message, "heed could not judge this command: internal error: panic: boom") {
			t.Errorf("%s rule that crashed: blocked=%v blocks=%+v\n%s", sev, d.Blocked, d.Blocks, d.Message)
		}
	}
}
