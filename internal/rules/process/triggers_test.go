package process

import (
	"testing"
)

// MayTrigger takes a command's words as the matcher may read them: a trigger word as
// written, an option by any of its shapes. It only ever says too much, never too
// little (the property test in internal/enforce compares it with the full path).
func TestMayTriggerReadsOptionsInEveryShape(t *testing.T) {
	words := []string{"install", "push"}
	options := []string{"f", "force", "noemit", "race"}
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"--version"}, false},
		{[]string{"status", "--short"}, false},
		{[]string{"origin", "push"}, true},    // a word anywhere
		{[]string{"--force"}, true},           // as written
		{[]string{"--forc"}, true},            // abbreviated
		{[]string{"--force=yes"}, true},       // with a value
		{[]string{"--noEmit"}, true},          // another case
		{[]string{"--race"}, true},            // Go's -race with two dashes
		{[]string{"-race"}, true},             // and one
		{[]string{"-xdf"}, true},              // in a cluster
		{[]string{"-m=of"}, true},             // a cluster's letters after "="
		{[]string{"-C", "dir", "log"}, false}, // no letter of a trigger
		{[]string{"--", "-x"}, false},
	} {
		if got := MayTrigger(c.args, words, options); got != c.want {
			t.Errorf("%q: %v, want %v", c.args, got, c.want)
		}
	}
}

// A pattern with no literal requirement makes its program always judged; one with a
// subcommand needs the subcommand or one of its aliases.
func TestTriggersOfPatterns(t *testing.T) {
	for _, c := range []struct {
		p      Pattern
		always bool
		word   string
	}{
		{Pattern{Program: []string{"npm"}}, true, ""},
		{Pattern{Program: []string{"git"}, Args: []string{"tag", "v*"}}, false, "tag"},
		{Pattern{Program: []string{"git"}, Args: []string{"v*"}}, true, ""},
		{Pattern{Program: []string{"pnpm"}, Args: []string{"run", "dev-*"}}, true, ""},
		{Pattern{Program: []string{"npm"}, Args: []string{"install"}}, false, "isnt"},
		{Pattern{Program: []string{"npm"}, Args: []string{"i"}}, false, "add"},
		{Pattern{Program: []string{"git"}, Flags: [][]string{{"-f", "--force"}}}, true, ""},
		{Pattern{Program: []string{"rm"}, Flags: [][]string{{"-r"}, {"-f"}}}, false, ""},
		{Pattern{Program: []string{"pnpm"}, Env: []string{"CI=1"}}, true, ""},
	} {
		var tr triggers
		tr.pattern(&c.p)
		words, _, always := tr.result()
		if always != c.always {
			t.Errorf("%s: always %v, want %v", c.p.String(), always, c.always)
		}
		if c.word != "" && !MayTrigger([]string{c.word}, words, nil) {
			t.Errorf("%s: %q is no trigger (%q)", c.p.String(), c.word, words)
		}
	}
}
