package enforce

import (
	"path/filepath"

	"github.com/heed-dev/heed/internal/shell"
)

// maxWrittenPaths bounds the files one command line is judged as writing.
const maxWrittenPaths = 64

// WrittenPaths are the files of the repository at root that a shell command run in
// cwd plainly writes or removes, repository-relative: the targets of its redirections
// and of the programs that write files (tee, sed -i, cp, mv, rm, ... as the guard of
// heed's own files reads them). line is the command line as a shell reads it, or ""
// with argv. A path computed at run time, a pattern the shell expands and a file
// outside the repository are left out: what a shell write does to the files rules
// guard is judged on what the line names.
func WrittenPaths(root, cwd, line string, argv []string) []string {
	g := newGuard(root, nil, nil)
	opt := shell.Options{Cwd: relDir(root, cwd), Root: root, Index: -1}
	cmds, redirs := shell.ParseWrites(line, opt)
	if line == "" {
		cmds, redirs = shell.FromArgv(argv, opt), nil
	}
	seen := map[string]bool{}
	var out []string
	add := func(t target, cwd string, unknown bool) {
		if t.glob || len(out) == maxWrittenPaths {
			return
		}
		abs, ok := g.resolve(t.word, cwd, unknown)
		if !ok {
			return
		}
		rel, inside := within(g.root, filepath.Clean(abs))
		if !inside || rel == "." || seen[rel] {
			return
		}
		seen[rel] = true
		out = append(out, rel)
	}
	g.eachWrite(cmds, redirs, add)
	return out
}
