package instr

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

	"github.com/heed-dev/heed/internal/gitdir"
)

// skipDir reports whether discovery must never enter a directory of this name:
// version control, dependencies and virtual environments hold other projects' files.
func skipDir(name string) bool {
	switch name {
	case ".git", "node_modules", "vendor", ".venv", "venv", ".hg", ".svn", "__pycache__", ".tox", ".nox":
		return true
	}
	return false
}

// Discover lists the instruction files under root, repository-relative and sorted.
// Inside a git work tree it asks git (exact .gitignore semantics, untracked files
// included); elsewhere it walks the tree and applies every .gitignore it meets.
// CLAUDE.local.md is found even when ignored: it is meant to be.
func Discover(root string) ([]string, []Warning, error) {
	if err := isDir(root); err != nil {
		return nil, nil, err
	}
	if !gitdir.Outside(root) {
		files, ok := gitFiles(root)
		if ok {
			return selectFiles(root, files, true), caseMisnamed(files), nil
		}
	}
	files, warns, err := walkFiles(root)
	if err != nil {
		return nil, warns, err
	}
	return selectFiles(root, files, false), append(warns, caseMisnamed(files)...), nil
}

// caseMisnamed warns of files named like an instruction file but for the case of their
// letters (`agents.md`, `Claude.md`): the agents look them up by the exact name, so on a
// case-sensitive file system (Linux, CI) they never read them, and heed does not either.
func caseMisnamed(files []string) []Warning {
	var out []Warning
	for _, f := range files {
		base := path.Base(f)
		for _, want := range []string{"AGENTS.md", "CLAUDE.md", "GEMINI.md", "AGENT.md"} {
			// (the name first: Classify is the rarer question)
			if base != want && strings.EqualFold(base, want) && !skippedPath(f) && Classify(f) == "" {
				out = append(out, Warning{File: f, Msg: fmt.Sprintf("not read: agents look for %s by its exact name, and a case-sensitive file system (Linux, CI) finds no %s here; rename it to %s", want, want, want)})
			}
		}
	}
	return out
}

// skippedPath reports a path inside a folder discovery never enters.
func skippedPath(f string) bool {
	for _, seg := range strings.Split(path.Dir(f), "/") {
		if skipDir(seg) {
			return true
		}
	}
	return false
}

// Among is Discover for a caller that has listed the work tree already: listed is
// what `git ls-files --cached --others --exclude-standard` gives (deleted tracked files
// may be among it) and local what LocalFiles gives. It keeps the instruction files
// that exist. A caller outside git (LocalFiles not ok) uses Discover.
func Among(root string, listed, local []string) []string {
	files := make([]string, 0, len(listed)+len(local))
	files = append(append(files, listed...), local...)
	return selectFiles(root, files, true)
}

func isDir(root string) error {
	if st, err := os.Stat(root); err != nil {
		return fmt.Errorf("read repository %s: %w", root, err)
	} else if !st.IsDir() {
		return fmt.Errorf("read repository %s: not a directory", root)
	}
	return nil
}

// selectFiles keeps the instruction files of a listing, outside dependency and
// virtualenv folders, sorted. mayBeGone: the listing is git's, which names tracked
// files deleted from the work tree; those are dropped (an lstat for each instruction
// file, not for every file).
func selectFiles(root string, files []string, mayBeGone bool) []string {
	venv := map[string]bool{}
	isVenv := func(dir string) bool {
		v, seen := venv[dir]
		if !seen {
			_, err := os.Stat(filepath.Join(root, filepath.FromSlash(dir), "pyvenv.cfg"))
			v = err == nil
			venv[dir] = v
		}
		return v
	}
	seen := map[string]bool{}
	var out []string
outer:
	for _, f := range files {
		if seen[f] || Classify(f) == "" {
			continue
		}
		seen[f] = true
		segs := strings.Split(f, "/")
		for i := range segs[:len(segs)-1] {
			if skipDir(segs[i]) || isVenv(strings.Join(segs[:i+1], "/")) {
				continue outer
			}
		}
		if agentSkill(f) {
			continue
		}
		if mayBeGone {
			if _, err := os.Lstat(filepath.Join(root, filepath.FromSlash(f))); err != nil {
				continue
			}
		}
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

// gitFiles asks git for the work tree's files below root, and the ignored
// CLAUDE.local.md files, in parallel; ok is false outside git.
func gitFiles(root string) ([]string, bool) {
	var local []string
	done := make(chan struct{})
	go func() {
		defer close(done)
		local, _ = LocalFiles(root)
	}()
	cmd := exec.Command("git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard", "-z")
	out, err := cmd.Output()
	<-done
	if err != nil {
		return nil, false
	}
	return append(splitNUL(out), local...), true
}

// LocalFiles lists the CLAUDE.local.md files git ignores: the file is personal and
// usually ignored, but Claude Code reads it. --directory keeps git out of ignored
// directories (node_modules/ is listed as one entry, which no format matches). ok is
// false outside a git work tree.
func LocalFiles(root string) ([]string, bool) {
	if gitdir.Outside(root) {
		return nil, false
	}
	cmd := exec.Command("git", "-C", root, "ls-files", "--others", "--ignored", "--exclude-standard", "--directory", "-z", "--", ":(glob)**/CLAUDE.local.md")
	out, err := cmd.Output()
	if err != nil {
		return nil, false
	}
	return splitNUL(out), true
}

func splitNUL(b []byte) []string {
	var out []string
	for _, p := range bytes.Split(b, []byte{0}) {
		if len(p) > 0 {
			out = append(out, string(p))
		}
	}
	return out
}

// walkFiles walks root outside git, honouring nested .gitignore files with go-git's
// matcher. Unreadable directories are warnings.
func walkFiles(root string) ([]string, []Warning, error) {
	var files []string
	var warns []Warning
	var patterns []gitignore.Pattern
	// Patterns of each directory apply below it only; a stack would need the walk
	// order, so patterns carry their domain and one matcher sees them all.
	loaded := map[string]bool{}
	load := func(rel string) {
		if loaded[rel] {
			return
		}
		loaded[rel] = true
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel), ".gitignore"))
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				warns = append(warns, Warning{File: path.Join(rel, ".gitignore"), Msg: fmt.Sprintf("cannot read: %v", err)})
			}
			return
		}
		var domain []string
		if rel != "" {
			domain = strings.Split(rel, "/")
		}
		for _, l := range strings.Split(string(data), "\n") {
			l = strings.TrimRight(l, "\r")
			if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
				continue
			}
			patterns = append(patterns, gitignore.ParsePattern(l, domain))
		}
	}
	load("")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		rel, rerr := filepath.Rel(root, p)
		if rerr != nil {
			return rerr
		}
		rel = filepath.ToSlash(rel)
		if rel == "." {
			rel = ""
		}
		if err != nil {
			if rel == "" {
				return err
			}
			warns = append(warns, Warning{File: rel, Msg: fmt.Sprintf("cannot read: %v", err)})
			if d != nil && d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if rel == "" {
			return nil
		}
		parts := strings.Split(rel, "/")
		if d.IsDir() {
			if skipDir(d.Name()) || gitignore.NewMatcher(patterns).Match(parts, true) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "pyvenv.cfg")); err == nil {
				return filepath.SkipDir
			}
			load(rel)
			return nil
		}
		if gitignore.NewMatcher(patterns).Match(parts, false) && d.Name() != "CLAUDE.local.md" {
			return nil
		}
		files = append(files, rel)
		return nil
	})
	if err != nil {
		return nil, warns, fmt.Errorf("read repository %s: %w", root, err)
	}
	return files, warns, nil
}

// agentSkill reports a file of an agent skill: `.agents/skills/<skill>/AGENTS.md`,
// `.claude/skills/<skill>/SKILL.md`, or any `SKILL.md` (a plugin's
// `plugins/<p>/skills/<s>/SKILL.md`). A skill is loaded for its own task and often
// installed from another project; its rules are the skill's, not the repository's.
func agentSkill(rel string) bool {
	segs := strings.Split(rel, "/")
	if segs[len(segs)-1] == "SKILL.md" {
		return true
	}
	for i := 1; i < len(segs)-1; i++ {
		if segs[i] == "skills" && agentConfigDir(segs[i-1]) {
			return true
		}
	}
	return false
}

// agentConfigDir reports a folder of an agent's configuration, whose `skills/` hold
// agent skills.
func agentConfigDir(name string) bool {
	switch name {
	case ".agents", ".agent", ".claude", ".cursor", ".codex", ".github", ".gemini", ".windsurf", ".opencode", ".kiro", ".roo", ".cline", ".continue":
		return true
	}
	return false
}
