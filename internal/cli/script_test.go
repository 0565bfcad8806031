package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets testscript run this test binary as the "heed" command, and removes
// the binaries the end-to-end tests built once the tests have run.
func TestMain(m *testing.M) {
	testscript.Main(withBuildsRemoved{m}, map[string]func(){
		"heed": func() { os.Exit(Main(os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
}

type withBuildsRemoved struct{ m *testing.M }

func (w withBuildsRemoved) Run() int {
	defer builds.remove()
	return w.m.Run()
}

// TestScripts runs every CLI scenario in testdata/script/*.txtar. Each script gets a
// fresh work directory, a private HOME outside it and a git identity, so scripts can
// build real repositories with `exec git init`; $DEMO is the demo (examples/demo), to
// copy.
func TestScripts(t *testing.T) {
	demo, err := filepath.Abs(filepath.Join("..", "..", "examples", "demo"))
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			home, err := os.MkdirTemp("", "heed-home-")
			if err != nil {
				return err
			}
			env.Defer(func() { os.RemoveAll(home) })
			env.Setenv("HOME", home)
			env.Setenv("NO_COLOR", "1")
			env.Setenv("GIT_AUTHOR_NAME", "heed test")
			env.Setenv("GIT_AUTHOR_EMAIL", "test@heed.invalid")
			env.Setenv("GIT_COMMITTER_NAME", "heed test")
			env.Setenv("GIT_COMMITTER_EMAIL", "test@heed.invalid")
			env.Setenv("GIT_CONFIG_NOSYSTEM", "1")
			env.Setenv("DEMO", demo)
			return nil
		},
	})
}
