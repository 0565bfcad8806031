// Package taskrun reads what a task runner's target runs: `make fix` runs the recipe
// lines of fix and of its prerequisites, `npm run lint` the script lint with its pre-
// and post-scripts, `just test`, `task lint` and `tox -e lint` the commands their
// files give. It parses the repository's files (Makefile, justfile, package.json,
// Taskfile.yml, tox.ini) and never runs anything from the repository: no `make -n`.
//
// What it cannot read for sure it leaves computed: a make variable the file does not
// define, a function call, a just expression become words internal/shell marks
// dynamic, which no rule counts as a match. A file heed cannot parse gives an error
// naming it, and the command simply has no expansion.
package taskrun

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/shell"
)

// Limits of one expansion.
const (
	// maxDepth bounds how many runners deep a target may lead (`make check` runs
	// `$(MAKE) lint`, whose recipe runs `npm run lint`, ...).
	maxDepth = 8
	// maxSteps bounds the commands one expansion lists.
	maxSteps = 2000
	// maxFile bounds the size of a runner's file heed reads.
	maxFile = 1 << 20
	// maxIncludes bounds how deep makefiles include one another, maxMakefiles how
	// many one expansion reads.
	maxIncludes  = 16
	maxMakefiles = 64
)

// Reader reads runners' files, each once per content: the parsed file is kept by its
// path, modification time and size, so commands of one session judged by one process
// read it once. It is safe for concurrent use.
type Reader struct {
	mu    sync.Mutex
	files map[string]*cached
}

type cached struct {
	mtime int64
	size  int64
	val   any
	err   error
}

// load returns the parsed form of the file at abs, parsing it with parse when the
// file is new or changed. ok is false when there is no such file.
func (r *Reader) load(abs string, parse func(data []byte) (any, error)) (val any, ok bool, err error) {
	fi, err := os.Stat(abs)
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, true, fmt.Errorf("read %s: %w", abs, err)
	}
	if fi.IsDir() {
		return nil, false, nil
	}
	r.mu.Lock()
	c := r.files[abs]
	r.mu.Unlock()
	if c != nil && c.mtime == fi.ModTime().UnixNano() && c.size == fi.Size() {
		return c.val, true, c.err
	}
	c = &cached{mtime: fi.ModTime().UnixNano(), size: fi.Size()}
	if fi.Size() > maxFile {
		c.err = fmt.Errorf("%s is larger than %d bytes", abs, maxFile)
	} else if data, rerr := os.ReadFile(abs); rerr != nil {
		c.err = fmt.Errorf("read %s: %w", abs, rerr)
	} else {
		c.val, c.err = parse(data)
	}
	r.mu.Lock()
	if r.files == nil {
		r.files = map[string]*cached{}
	}
	r.files[abs] = c
	r.mu.Unlock()
	return c.val, true, c.err
}

// IsRunner reports whether a program is a task runner heed reads.
func IsRunner(prog string) bool {
	switch path.Base(prog) {
	case "make", "gmake", "just", "npm", "pnpm", "yarn", "bun", "task", "go-task", "tox",
		"npm-run-all", "run-s", "run-p", "concurrently":
		return true
	}
	return false
}

// line is one command line a target runs, before shell parsing.
type line struct {
	text string
	// at is where it is written ("Makefile:12"); target the target whose it is.
	at, target string
	// dir is the repository-relative folder it runs in.
	dir string
	// ignored: the runner goes on when it fails; maySkip: the runner may not run it.
	ignored, maySkip bool
	// target: the line stands for a target the runner runs on the way (a make
	// prerequisite: `make check` runs `make format`), whose lines follow on their
	// own; it is listed, not expanded again.
	isTarget bool
}

// Attach fills the Runs of every command in cmds that invokes a task runner whose
// target heed can read under root (the repository's absolute path), and RunsErr of
// those whose file it cannot. A command already expanded is left alone.
func (r *Reader) Attach(root string, cmds []engine.Command) {
	if root == "" {
		return
	}
	type result struct {
		steps []engine.RunStep
		err   string
	}
	seen := map[string]result{} // a session runs `make check` many times
	for i := range cmds {
		c := &cmds[i]
		if c.Runs != nil || c.RunsErr != "" || len(c.Edit) > 0 || c.Unparsable != "" || len(c.Argv) == 0 || c.CwdUnknown || !IsRunner(c.Argv[0]) {
			continue
		}
		if hasDynamic(c, 0) {
			continue
		}
		key := callKey(c)
		res, ok := seen[key]
		if !ok {
			steps, err := r.Expand(root, c)
			if err != nil {
				res.err = err.Error()
			}
			if len(steps) > 0 {
				res.steps = steps
			}
			seen[key] = res
		}
		c.Runs, c.RunsErr = res.steps, res.err
	}
}

func hasDynamic(c *engine.Command, at int) bool {
	for _, d := range c.DynamicArgs {
		if d == at {
			return true
		}
	}
	return false
}

// Expand lists the simple commands the runner command cmd runs under root. It returns
// nil without an error when cmd names no target heed reads (`npm install`).
func (r *Reader) Expand(root string, cmd *engine.Command) ([]engine.RunStep, error) {
	x := &expander{r: r, root: root, stack: map[string]bool{}}
	x.stack[callKey(cmd)] = true
	err := x.run(cmd, "", "", true, 0)
	if x.tooMany {
		err = fmt.Errorf("%s runs more than %d commands; heed reads no further", shell.Join(cmd.Argv), maxSteps)
	}
	return x.steps, err
}

type expander struct {
	r *Reader
	// merged are the makefiles read with their includes, by path.
	merged  map[string]*makefile
	root    string
	steps   []engine.RunStep
	stack   map[string]bool
	tooMany bool
}

// resolve reads the lines a runner command runs; nil lines and a nil error: the
// command runs no target heed reads.
func (x *expander) resolve(cmd *engine.Command) ([]line, error) {
	switch path.Base(cmd.Argv[0]) {
	case "make", "gmake":
		return x.makeLines(cmd)
	case "just":
		return x.justLines(cmd)
	case "npm", "pnpm", "yarn", "bun":
		return x.scriptLines(cmd)
	case "task", "go-task":
		return x.taskLines(cmd)
	case "tox":
		return x.toxLines(cmd)
	case "npm-run-all", "run-s", "run-p":
		return x.runAllLines(cmd)
	case "concurrently":
		return x.concurrentlyLines(cmd)
	}
	return nil, nil
}

// run expands one runner command into x.steps.
func (x *expander) run(cmd *engine.Command, chain, at string, implied bool, depth int) error {
	if depth >= maxDepth {
		return fmt.Errorf("task runners nest more than %d levels deep at %s", maxDepth, shell.Join(cmd.Argv))
	}
	lines, err := x.resolve(cmd)
	if err != nil {
		return err
	}
	return x.lines(lines, chain, at, implied, depth)
}

// lines parses the lines a target runs into x.steps, and expands the runners they
// run in turn. chain and at name the line that runs the runner, for lines that are
// written there (concurrently's arguments).
func (x *expander) lines(lines []line, chain, at string, implied bool, depth int) error {
	var firstErr error
	for _, l := range lines {
		if x.tooMany {
			return nil
		}
		target := l.target
		switch {
		case target == "":
			target = chain
		case chain != "":
			target = chain + " > " + l.target
		}
		if l.at == "" {
			l.at = at
		}
		cmds, ok := shell.ParseStatus(l.text, shell.Options{Cwd: l.dir, Root: x.root, Index: -1})
		status := map[int]bool{}
		for _, i := range ok {
			status[i] = true
		}
		for i := range cmds {
			c := cmds[i]
			c.Requires, c.LaunchedBy = nil, nil
			if len(x.steps) >= maxSteps {
				x.tooMany = true
				return nil
			}
			sure := implied && !l.ignored && !l.maySkip && status[i]
			x.steps = append(x.steps, engine.RunStep{Command: c, At: l.at, Target: target, Implied: sure})
			if l.isTarget || c.Unparsable != "" || len(c.Argv) == 0 || c.CwdUnknown || hasDynamic(&c, 0) || !IsRunner(c.Argv[0]) {
				continue
			}
			key := callKey(&c)
			if x.stack[key] {
				continue // a cycle: the runner would stop or loop; heed reads it once
			}
			x.stack[key] = true
			err := x.run(&c, target, l.at, sure, depth+1)
			delete(x.stack, key)
			if err != nil && firstErr == nil {
				firstErr = err
			}
		}
	}
	return firstErr
}

// callKey identifies a runner invocation, to read each once on a chain (a target
// that runs itself).
func callKey(c *engine.Command) string {
	return fmt.Sprintf("%s\x00%s\x00%q", c.Cwd, path.Base(c.Argv[0]), c.Argv[1:])
}

// rel is a repository-relative path of abs, "/"-separated.
func (x *expander) rel(abs string) string {
	r, err := filepath.Rel(x.root, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(r)
}

// abs is the absolute path of a repository-relative folder.
func (x *expander) abs(dir string) string {
	if path.IsAbs(dir) {
		return filepath.FromSlash(dir)
	}
	return filepath.Join(x.root, filepath.FromSlash(dir))
}

// findUp looks for the first of names in dir and the folders above it up to the
// repository root; it returns the file's absolute path and its folder relative to the
// root.
func (x *expander) findUp(dir string, names ...string) (string, string, bool) {
	d := dir
	for {
		for _, n := range names {
			p := filepath.Join(x.abs(d), n)
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				return p, d, true
			}
		}
		if d == "" || d == "." || path.IsAbs(d) {
			return "", "", false
		}
		d = path.Dir(d)
		if d == "." {
			d = ""
		}
	}
}

// joinDir is folder sub of the repository-relative folder dir.
func joinDir(dir, sub string) string {
	if sub == "" || sub == "." {
		return dir
	}
	if path.IsAbs(sub) {
		return sub
	}
	j := path.Join(dir, sub)
	if j == "." {
		return ""
	}
	return j
}

// runnerFile is the runner's file a command reads: the one it names (-f, --taskfile),
// else the nearest of names at or above cwd; and the folder its commands run in (the
// file's, or the one it names with -d/--working-directory).
func (x *expander) runnerFile(cwd, file, wd string, names ...string) (abs, dir string, ok bool) {
	if file != "" {
		abs = filepath.Join(x.abs(cwd), filepath.FromSlash(file))
		if filepath.IsAbs(file) {
			abs = file
		}
		dir = x.rel(filepath.Dir(abs))
	} else if abs, dir, ok = x.findUp(cwd, names...); !ok {
		return "", "", false
	}
	if dir == "." {
		dir = ""
	}
	if wd != "" {
		dir = joinDir(cwd, wd)
	}
	return abs, dir, true
}
