package enforce

import "testing"

// The shims let a forbidden command through only when the alternative the rule names
// is the program running it, never because an ancestor's command line mentions it.
func TestExemptionTrustsTheProgramNotItsText(t *testing.T) {
	root := newRepo(t, "- Use `make test`, not `go test`.")
	e := newEnforcer()
	e.NoJournal = true
	d := e.Check(Request{Root: root, Argv: []string{"go", "test", "./..."}, Source: "shim"})
	if !d.Blocked {
		t.Fatalf("go test must be blocked:\n%s", d.Message)
	}
	for _, c := range []struct {
		ancestors [][]string
		exempt    bool
	}{
		{[][]string{{"make", "test"}}, true},
		{[][]string{{"/bin/sh", "-c", "go test ./..."}, {"make", "test"}}, true},
		{[][]string{{"env", "CGO_ENABLED=0", "make", "test"}}, true},
		{[][]string{{"/usr/bin/make", "-j4", "test"}}, true},
		// the text of a shell's script names the alternative: not a delegate
		{[][]string{{"sh", "-c", "go test ./... || make test"}}, false},
		{[][]string{{"bash", "-c", "make test; go test ./..."}}, false},
		{[][]string{{"eval", "make test"}}, false},
		// the alternative told to run the forbidden command
		{[][]string{{"make", "test", "--eval=test:\n\tgo test ./..."}}, false},
		{[][]string{{"make", "build"}}, false},
		{[][]string{{"bash"}}, false},
		{nil, false},
	} {
		dd := d
		if got := exemptBy(&dd, c.ancestors); got != c.exempt {
			t.Errorf("ancestors %q: exempt=%v, want %v", c.ancestors, got, c.exempt)
		}
	}
}
