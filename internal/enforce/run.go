package enforce

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// ShimMarker is the file that marks a directory of heed's PATH shims.
const ShimMarker = ".heed-shims"

// ErrNotFound means no real program of that name is on PATH.
var ErrNotFound = errors.New("command not found")

// LookPath finds the real program for name: the first executable of that name on
// pathEnv that is not a shim — every directory holding a shim marker is skipped, and
// so is any file that is heed itself — so a shim never runs itself, whether PATH lists
// a shim directory twice, relatively, through a symlink, or shims are nested. skip
// lists real programs already tried in this chain of shims (a wrapper script that
// runs its own name again). A name with a "/" is used as given, relative to cwd.
func LookPath(name, pathEnv, cwd string, skip []string) (string, error) {
	if strings.Contains(name, "/") {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(cwd, p)
		}
		if isExecutable(p) {
			return p, nil
		}
		return "", fmt.Errorf("%s: %w", name, ErrNotFound)
	}
	self := selfInfo()
	for _, dir := range filepath.SplitList(pathEnv) {
		if dir == "" {
			dir = "."
		}
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(cwd, dir)
		}
		if _, err := os.Stat(filepath.Join(dir, ShimMarker)); err == nil {
			continue
		}
		p := filepath.Join(dir, name)
		fi, err := os.Stat(p)
		if err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			continue
		}
		if self != nil && os.SameFile(fi, self) {
			continue
		}
		if real, err := filepath.EvalSymlinks(p); err == nil {
			if isHeedBinary(filepath.Base(real)) || slices.Contains(skip, real) {
				continue
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(real), ShimMarker)); err == nil {
				continue
			}
		}
		return p, nil
	}
	return "", fmt.Errorf("%s: %w", name, ErrNotFound)
}

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}

func selfInfo() os.FileInfo {
	exe, err := os.Executable()
	if err != nil {
		return nil
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return nil
	}
	return fi
}

// Exec replaces heed's process with the program: stdin, stdout, stderr, the exit code
// and signals are the program's own.
func Exec(path string, argv []string, env []string) error {
	err := syscall.Exec(path, argv, env)
	return fmt.Errorf("exec %s: %w", path, err)
}

// Run runs the program as a child with heed's streams and returns its exit status
// (128+n for a signal n, like a shell). Signals sent to heed alone (TERM, HUP) are
// passed on; those the terminal sends to the whole process group (INT, QUIT) reach the
// child by themselves. When the child dies of a signal, Run reports it so the caller
// can die of the same signal.
func Run(path string, argv []string, env []string) (code int, sig syscall.Signal, err error) {
	cmd := &exec.Cmd{Path: path, Args: argv, Env: env, Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
	sigs := make(chan os.Signal, 8)
	// (job control signals keep their default: heed stops and continues with its child)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGUSR1, syscall.SIGUSR2)
	defer signal.Stop(sigs)
	if err := cmd.Start(); err != nil {
		return 127, 0, fmt.Errorf("start %s: %w", path, err)
	}
	// Without a terminal no one sends INT or QUIT to the whole group: pass them on.
	fromTerminal := isTerminal(os.Stdin)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case s := <-sigs:
				switch s {
				case syscall.SIGINT, syscall.SIGQUIT:
					if !fromTerminal {
						_ = cmd.Process.Signal(s)
					}
					// else the terminal sent it to the whole foreground group
				default:
					_ = cmd.Process.Signal(s)
				}
			case <-done:
				return
			}
		}
	}()
	err = cmd.Wait()
	close(done)
	if err == nil {
		return 0, 0, nil
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal()), ws.Signal(), nil
		}
		return ee.ExitCode(), 0, nil
	}
	return 127, 0, err
}

// DieOf ends heed with the signal its child died of, so the parent sees the same.
func DieOf(sig syscall.Signal) {
	signal.Reset(sig)
	_ = syscall.Kill(os.Getpid(), sig)
}

// Ancestors returns the command lines of the process's ancestors, nearest first, up
// to max of them (Linux /proc; nil elsewhere).
func Ancestors(max int) [][]string {
	var out [][]string
	pid := os.Getppid()
	for i := 0; i < max && pid > 1; i++ {
		cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
		if err != nil {
			break
		}
		var argv []string
		for _, a := range bytes.Split(bytes.TrimRight(cmdline, "\x00"), []byte{0}) {
			argv = append(argv, string(a))
		}
		out = append(out, argv)
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			break
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses
		rp := bytes.LastIndexByte(stat, ')')
		if rp < 0 {
			break
		}
		fields := strings.Fields(string(stat[rp+1:]))
		if len(fields) < 2 {
			break
		}
		pid, _ = strconv.Atoi(fields[1])
	}
	return out
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
