// Package shimcli is the command line of heed-shim, the small executable that PATH
// shims and agent hooks run in heed's place. It judges commands from the live index
// (.heed/process.idx, written by heed compile) with the process rule kinds alone, so
// it starts without the compiler, Tree-sitter or the Markdown reader. Whatever it
// cannot answer — a stale or missing index, a file write, any other heed command —
// it hands to the heed binary beside it, with the same arguments, environment and
// payload, so heed-shim X behaves as heed X.
package shimcli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/rules/process"
)

// Version is set at build time like heed's.
var Version = "0.1.0-dev"

// maxPayload bounds a hook payload, as heed does.
const maxPayload = 64 << 20

// Main runs heed-shim with the process's arguments and returns the exit code (when
// it does not exec another program in its place).
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	s := newShim(args, stdout, stderr)
	if len(args) == 0 {
		return s.fail(fmt.Errorf("started without arguments"))
	}
	if !enforce.IsHeedName(filepath.Base(args[0])) {
		if o, handled := s.live.Shim(args[0], args[1:]); handled {
			return s.outcome(o)
		}
		return s.fail(fmt.Errorf("started as %s, which is not one of heed's shims (a directory with %s): install shims with heed shim install", args[0], enforce.ShimMarker))
	}
	if len(args) < 2 {
		return s.usage()
	}
	switch args[1] {
	case "--version", "version":
		fmt.Fprintf(stdout, "heed-shim %s\n", Version)
		return 0
	case "--help", "-h", "help":
		return s.usage()
	case "exec":
		return s.exec(args[2:])
	case "hook":
		return s.hook(args[2:], stdin)
	}
	return s.fail(s.handOver()) // any other command is heed's
}

// newShim is heed-shim as the process started it, its enforcer ready to judge.
func newShim(args []string, stdout, stderr io.Writer) *shim {
	s := &shim{env: os.Environ(), path: os.Getenv("PATH"), args: args, stdout: stdout, stderr: stderr}
	s.live = &enforce.Live{
		Enforcer:     &enforce.Enforcer{Loader: &enforce.Loader{Registry: engine.NewRegistry(process.Kinds()...)}, State: s.treeState},
		Stderr:       stderr,
		OriginalPath: s.path,
		Stale:        s.handOver,
	}
	return s
}

type shim struct {
	env    []string // the environment as the process got it
	path   string   // PATH as the process got it, shims included
	args   []string
	live   *enforce.Live
	stdout io.Writer
	stderr io.Writer
	// unshimmed is set once PATH lost its shim directories (treeState)
	unshimmed bool
}

// treeState is the working tree's state for ordering rules: the one program
// heed-shim looks up on PATH by name is git, which must not start a shim again, so
// the shim directories leave PATH first. The real command is looked up on the PATH
// the process got (Live.OriginalPath), so PATH is left alone until git is needed:
// reading every PATH directory for a shim marker on every call cost more than
// judging most commands.
func (s *shim) treeState(root string) (string, error) {
	if !s.unshimmed {
		os.Setenv("PATH", enforce.WithoutShims(s.path))
		s.unshimmed = true
	}
	return enforce.TreeState(root)
}

func (s *shim) usage() int {
	fmt.Fprintf(s.stderr, `heed-shim runs in heed's place where start-up time counts:
  under a program's name in .heed/bin (heed shim install links it there),
  heed-shim exec -- COMMAND [ARGS...]   as heed exec,
  heed-shim hook AGENT                  as heed hook (the agents' hooks).
It judges commands from the live index that heed compile writes, and hands
everything else to the heed binary beside it.
`)
	return 2
}

func (s *shim) fail(err error) int {
	fmt.Fprintf(s.stderr, "heed-shim: %v\n", err)
	return 2
}

func (s *shim) outcome(o enforce.Outcome) int {
	if o.Err != nil {
		fmt.Fprintf(s.stderr, "heed: %v\n", o.Err)
	}
	return o.Code
}

// exec is `heed exec [--] COMMAND ARGS...`; with --repo (or any other flag) heed
// itself answers, so the two read their flags alike.
func (s *shim) exec(rest []string) int {
	if len(rest) > 0 && rest[0] == "--" {
		rest = rest[1:]
	} else if len(rest) > 0 && len(rest[0]) > 1 && rest[0][0] == '-' {
		return s.fail(s.handOver())
	}
	if len(rest) == 0 {
		return s.fail(s.handOver()) // heed words the usage error
	}
	wd, err := os.Getwd()
	if err != nil {
		return s.fail(fmt.Errorf("exec: cannot read the working directory: %v", err))
	}
	root, ok := enforce.FindRoot(wd)
	if !ok {
		// heed exec reads the instruction files of the working directory then
		return s.fail(s.handOver())
	}
	return s.outcome(s.live.Run(root, wd, rest, rest[0], "exec", nil))
}

// hook answers an agent's hook about a command, and every after-the-tool report,
// itself, and denies a payload it cannot read (heed would read it alike: the same
// ParseHook); a file write (the source and architecture rules), a stale index and
// anything it cannot tell apart go to heed with the payload.
func (s *shim) hook(rest []string, stdin io.Reader) int {
	payload, err := io.ReadAll(io.LimitReader(stdin, maxPayload+1))
	// --rules-context is about writes, which heed answers anyway
	if err != nil || len(payload) > maxPayload || len(rest) == 0 || len(rest) > 2 || (len(rest) == 2 && rest[1] != "--rules-context") {
		return s.hookHandOver(rest, payload, err)
	}
	agent := rest[0]
	known := false
	for _, a := range enforce.Agents {
		known = known || a == agent
	}
	if !known {
		return s.hookHandOver(rest, payload, nil)
	}
	ev, err := enforce.ParseHook(agent, payload)
	if err != nil {
		return s.deny(agent, err.Error())
	}
	if ev.Phase == enforce.PhasePre && ev.Line == "" && len(ev.Argv) == 0 {
		return s.hookHandOver(rest, payload, nil)
	}
	if ev.Phase == enforce.PhasePre && mayCommit(ev) {
		// heed judges the message of a git commit with the commit rules, which
		// heed-shim does not link (the contribution domain reads English). A
		// heed-shim installed alone decides the command by its process rules, as
		// it decides every other; the message is then the git commit-msg hook's.
		if _, err := heedBeside(); err == nil {
			return s.hookHandOver(rest, payload, nil)
		}
	}
	res := (&enforce.Hooks{Enforcer: s.live.Enforcer}).Handle(ev)
	if res.Stale {
		return s.hookHandOver(rest, payload, nil)
	}
	return s.respond(agent, ev, res)
}

// mayCommit: the command may run `git commit` (heed tells which do, and what their
// messages are). A substring test, so that other commands cost nothing more.
func mayCommit(ev *enforce.HookEvent) bool {
	text := ev.Line
	if text == "" {
		text = strings.Join(ev.Argv, " ")
	}
	return strings.Contains(text, "commit") && strings.Contains(text, "git")
}

func (s *shim) respond(agent string, ev *enforce.HookEvent, res enforce.HookResult) int {
	r := enforce.Respond(agent, ev, res)
	fmt.Fprint(s.stdout, r.Stdout)
	fmt.Fprint(s.stderr, r.Stderr)
	return r.Code
}

// deny answers a hook with a denial heed words as heed hook does.
func (s *shim) deny(agent, reason string) int {
	return s.respond(agent, nil, enforce.HookResult{Deny: true, Reason: "[heed] BLOCKED: heed could not check this tool call, so it does not run\n  Reason: " + reason + "\n"})
}

// hookHandOver runs `heed hook ...` on the payload read so far. When heed cannot
// run, or the payload could not be read, the tool is denied: a hook that fails
// lets the tool run.
func (s *shim) hookHandOver(rest []string, payload []byte, readErr error) int {
	agent := ""
	if len(rest) > 0 {
		agent = rest[0]
	}
	deny := func(reason string) int { return s.deny(agent, reason) }
	switch {
	case readErr != nil:
		return deny("cannot read the hook payload: " + readErr.Error())
	case len(payload) > maxPayload:
		return deny(fmt.Sprintf("the hook payload is larger than %d bytes", maxPayload))
	}
	heed, err := heedBeside()
	if err != nil {
		return deny(err.Error())
	}
	cmd := exec.Command(heed, append([]string{"hook"}, rest...)...)
	cmd.Stdin = bytes.NewReader(payload)
	cmd.Stdout, cmd.Stderr, cmd.Env = s.stdout, s.stderr, s.env
	err = cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee) && ee.ExitCode() >= 0:
		return ee.ExitCode()
	case err != nil:
		return deny(fmt.Sprintf("%s hook %s failed: %v", heed, agent, err))
	}
	return 0
}

// heedBeside is the heed binary in heed-shim's own directory.
func heedBeside() (string, error) {
	exe, err := enforce.Self()
	if err != nil {
		return "", err
	}
	heed, ok := enforce.Beside(exe, "heed")
	if !ok {
		return "", fmt.Errorf("heed is not beside heed-shim in %s (heed-shim hands it what it cannot answer; install both)", filepath.Dir(exe))
	}
	return heed, nil
}

// handOver runs heed in heed-shim's place with the same arguments and environment:
// under a shim's name it is heed's own shim, so heed judges the command with the whole
// project and rebuilds the index. It returns only when heed could not be started.
func (s *shim) handOver() error {
	heed, err := heedBeside()
	if err != nil {
		return err
	}
	argv := append([]string(nil), s.args...)
	if enforce.IsHeedName(filepath.Base(argv[0])) {
		argv[0] = heed
	}
	err = syscall.Exec(heed, argv, s.env)
	return fmt.Errorf("exec %s: %w", heed, err)
}
