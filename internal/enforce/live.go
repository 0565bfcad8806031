package enforce

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/shell"
)

// Live runs commands that reach heed before they start: `heed exec` and the PATH
// shims, in the heed binary and in the small heed-shim one alike.
type Live struct {
	Enforcer *Enforcer
	Stderr   io.Writer
	// OriginalPath is PATH as the process found it, shims included: the real program
	// is looked up on it (skipping the shims) and gets it, so its own children go
	// through the shims again.
	OriginalPath string
	// Stale runs when the enforcer could not judge from the live index (its loader
	// has no Open: heed-shim). It hands the command to heed, returning only if that
	// failed; its error then blocks the command.
	Stale func() error
}

// Outcome is how a live run ends when the program was not exec'd in heed's place.
type Outcome struct {
	// Code is the exit status to end with.
	Code int
	// Err is heed's own message for the status ("npm: command not found ..."),
	// printed as "heed: Err"; nil when the program ran or the block was reported.
	Err error
}

// Run judges argv, run in wd under the repository root, and runs the program name
// when the rules allow it (an empty root is no repository: no rules, it runs): in
// heed's place (exec) when nothing needs its outcome, else as a child whose exit
// status the journal records. exempt, when set, may let a
// blocked command through (ExemptByAncestor).
func (l *Live) Run(root, wd string, argv []string, name, source string, exempt func(*Decision) bool) Outcome {
	req := Request{Root: root, Cwd: wd, Argv: argv, Source: source}
	var d Decision
	if root != "" {
		d = l.Enforcer.Check(req)
	}
	if d.Stale && l.Stale != nil {
		err := l.Stale()
		d = internalDecision(fmt.Sprintf("the live index %s is stale and heed could not be started to rebuild it: %v", IndexFile, err))
	}
	if d.Blocked && exempt != nil && exempt(&d) {
		d.Blocked, d.Blocks = false, nil
		d.Message = Format(&d, req)
	}
	if d.Message != "" {
		fmt.Fprint(l.Stderr, d.Message)
	}
	if d.Blocked {
		return Outcome{Code: 1}
	}
	path, err := LookPath(name, l.OriginalPath, wd, nil)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return Outcome{Code: 127, Err: fmt.Errorf("%s: command not found (heed looked on PATH, skipping its own shims)", name)}
		}
		return Outcome{Code: 2, Err: err}
	}
	env := EnvWith(os.Environ(), "PATH", l.OriginalPath)
	if !d.Record {
		return Outcome{Code: 2, Err: Exec(path, argv, env)}
	}
	code, sig, err := Run(path, argv, env)
	l.Enforcer.Finish(req, &d, code)
	if err != nil {
		return Outcome{Code: 127, Err: err}
	}
	if sig != 0 {
		DieOf(sig)
	}
	return Outcome{Code: code}
}

// Shim runs a start of heed under another name than its own (argv0 is the process's
// argv[0]): when that is one of heed's shims it enforces the command and returns
// handled; otherwise heed runs as itself.
func (l *Live) Shim(argv0 string, args []string) (o Outcome, handled bool) {
	name := filepath.Base(argv0)
	if IsHeedName(name) || !IsShimStart(argv0, name, l.OriginalPath) {
		return Outcome{}, false
	}
	wd, err := os.Getwd()
	if err != nil {
		return Outcome{Code: 2, Err: fmt.Errorf("%s: cannot read the working directory: %v", name, err)}, true
	}
	if n := shimLoop(name, args); n > maxShimLoop {
		return Outcome{Code: 2, Err: fmt.Errorf("%s: the real %s ran %s again with the same arguments %d times (a wrapper script calling itself through heed's shims?); stopping", name, name, name, n)}, true
	}
	root, _ := FindRoot(wd) // "" outside a repository: no rules, the command runs
	return l.Run(root, wd, append([]string{name}, args...), name, "shim", ExemptByAncestor), true
}

// IsHeedName reports whether a file name is one of heed's own executables (heed,
// heed-shim, a renamed heed-dev), which are never shims.
func IsHeedName(name string) bool {
	return name == "heed" || strings.HasPrefix(name, "heed-") || strings.HasPrefix(name, "heed_") || strings.HasPrefix(name, "heed.")
}

// IsShimStart reports whether a process started as argv0 is one of heed's shims:
// argv0's directory, or the PATH directory the shell found name in, holds the shim
// marker.
func IsShimStart(argv0, name, pathEnv string) bool {
	if strings.Contains(argv0, "/") {
		return IsShimDir(filepath.Dir(argv0))
	}
	for _, dir := range filepath.SplitList(pathEnv) {
		if dir == "" {
			dir = "."
		}
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			return IsShimDir(dir)
		}
	}
	return false
}

// WithoutShims drops the shim directories from a PATH (relative ones are read from
// the working directory).
func WithoutShims(pathEnv string) string {
	wd, _ := os.Getwd()
	var keep []string
	for _, d := range filepath.SplitList(pathEnv) {
		if d == "" || IsShimDir(d) || (!filepath.IsAbs(d) && IsShimDir(filepath.Join(wd, d))) {
			continue
		}
		keep = append(keep, d)
	}
	return strings.Join(keep, string(os.PathListSeparator))
}

// EnvWith is env with key set to value.
func EnvWith(env []string, key, value string) []string {
	out := make([]string, 0, len(env)+1)
	for _, e := range env {
		if !strings.HasPrefix(e, key+"=") {
			out = append(out, e)
		}
	}
	return append(out, key+"="+value)
}

// ExemptByAncestor lets a shimmed command through when every rule it breaks names,
// as what to use instead, a command that is running it: `go test` started by the
// `make test` the rule asks for. The ancestor must be that program itself (a process
// whose command line, behind wrappers and interpreters, is the alternative), and the
// rule must not forbid anything its command line visibly runs (`pnpm exec npm i` is
// pnpm running npm because it was told to).
func ExemptByAncestor(d *Decision) bool {
	if d.Internal != "" {
		return false
	}
	return exemptBy(d, Ancestors(16))
}

// exemptBy is ExemptByAncestor with the ancestors' command lines given, nearest first.
func exemptBy(d *Decision, ancestors [][]string) bool {
	if d.Internal != "" || len(ancestors) == 0 {
		return false
	}
	for _, v := range d.Blocks {
		del, ok := v.Check.(engine.Delegator)
		if !ok {
			return false
		}
		found := false
		for _, a := range ancestors {
			// only a program the ancestor process is (behind env, an interpreter
			// running its script): never one named in shell text it was given, or
			// `sh -c 'npm i || pnpm -v'` would exempt npm because of the pnpm after it
			for _, argv := range shell.Execs(a) {
				if del.Delegates(argv) {
					found = true
				}
			}
		}
		if !found {
			return false
		}
	}
	return true
}

const maxShimLoop = 8

// shimLoop counts how many times in a row this shim was entered with the same
// command (the count travels in the environment to the real program's children).
func shimLoop(name string, args []string) int {
	sum := sha256.Sum256([]byte(strings.Join(append([]string{name}, args...), "\x00")))
	key := name + " " + hex.EncodeToString(sum[:6])
	n := 1
	if prev := os.Getenv("HEED_SHIM_LOOP"); strings.HasPrefix(prev, key+" ") {
		if c, err := strconv.Atoi(strings.TrimPrefix(prev, key+" ")); err == nil {
			n = c + 1
		}
	}
	os.Setenv("HEED_SHIM_LOOP", key+" "+strconv.Itoa(n))
	return n
}

// isHeedBinary reports whether a file's base name is heed's or heed-shim's.
func isHeedBinary(base string) bool { return base == "heed" || base == ShimBinary }

// ShimBinary is the small executable that PATH shims and agent hooks run when it is
// installed beside heed: it judges commands from the live index and hands everything
// else to heed.
const ShimBinary = "heed-shim"

// Self is this process's executable, symbolic links resolved.
func Self() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("cannot find the executable's own path: %v", err)
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	return exe, nil
}

// Beside returns the executable called name in the directory of the executable exe,
// when there is one.
func Beside(exe, name string) (string, bool) {
	p := filepath.Join(filepath.Dir(exe), name)
	return p, isExecutable(p)
}
