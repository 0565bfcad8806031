package githook

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/shell"
)

// The commit messages an agent gives on a `git commit` command line, read before the
// command runs so that its hook can judge them with the code of the commit-msg hook
// (CommitMessage). Messages git takes from an editor, from another commit (-C, -c,
// --fixup, --squash, --amend without -m) or from a file heed cannot read safely are
// left to the commit-msg hook.

// maxMessageFile bounds a `git commit -F FILE` message heed reads in a hook.
const maxMessageFile = 64 << 10

// commitMessage is the message one `git commit` on a command line would store.
type commitMessage struct {
	text string
	// signoff: -s/--signoff (the last of -s and --no-signoff wins).
	signoff bool
	// trailers from --trailer, as "Key: value".
	trailers []string
}

// CommandMessages returns the messages the `git commit` commands of a command line
// would store, sign-off and trailers added as git adds them, for the repository at
// root and a command run in cwd: line is the command line as a shell reads it, or ""
// when the caller has only argv. A commit whose message comes from elsewhere, or that
// git could not sign off (no identity: it makes no commit), gives none.
func CommandMessages(root, cwd, line string, argv []string) []string {
	cmds, redirs, ok := lineCommands(root, cwd, line, argv)
	if !ok {
		return nil
	}
	var out []string
	for i, c := range cmds {
		m, ok := commitMessageOf(root, c, cmds, i, redirs)
		if !ok {
			continue
		}
		raw := m.text
		if m.signoff {
			line, err := SignoffLine(root)
			if err != nil {
				// git cannot sign off without an identity, and then makes no commit
				continue
			}
			raw = AddTrailer(raw, line)
		}
		for _, t := range m.trailers {
			raw = AddTrailer(raw, t)
		}
		out = append(out, raw)
	}
	return out
}

// lineCommands reads the commands and redirections of a command line run in cwd (line
// as a shell reads it, or "" with argv), in the repository at root; ok is false when
// cwd is outside it.
func lineCommands(root, cwd, line string, argv []string) ([]engine.Command, []shell.Redirect, bool) {
	rel, err := filepath.Rel(root, cwd)
	if err != nil || strings.HasPrefix(rel, "..") {
		return nil, nil, false
	}
	if rel == "." {
		rel = ""
	}
	opt := shell.Options{Cwd: filepath.ToSlash(rel), Root: root, Index: -1}
	if line == "" {
		return shell.FromArgv(argv, opt), nil, true
	}
	cmds, redirs := shell.ParseWrites(line, opt)
	return cmds, redirs, true
}

// gitSubcommandAt is the index in c's argv of the subcommand of a git command run in
// this repository, with the positions of its words computed at run time; ok is false
// for another program, a global option that names another repository (-C,
// --git-dir: its hooks judge it) or a computed word before the subcommand.
func gitSubcommandAt(c engine.Command) (j int, dynamic map[int]bool, ok bool) {
	argv := c.Argv
	if c.Unparsable != "" || len(argv) < 2 || path.Base(argv[0]) != "git" {
		return 0, nil, false
	}
	dynamic = map[int]bool{}
	for _, d := range c.DynamicArgs {
		dynamic[d] = true
	}
	for j = 1; j < len(argv); j++ {
		a := argv[j]
		switch {
		case dynamic[j]:
			return 0, nil, false
		case a == "-C" || a == "--git-dir" || a == "--work-tree" || strings.HasPrefix(a, "--git-dir=") || strings.HasPrefix(a, "--work-tree="):
			return 0, nil, false
		case a == "-c" || a == "--namespace" || a == "--config-env" || a == "--exec-path" || a == "--super-prefix" || a == "--attr-source":
			j++
		case !strings.HasPrefix(a, "-"):
			return j, dynamic, true
		}
	}
	return 0, nil, false
}

// commitMessageOf reads the message cmds[i] gives git, when it is a `git commit` whose
// message is all on the command line (or in a small file of the repository that the
// line does not write); ok is false for anything else.
func commitMessageOf(root string, c engine.Command, cmds []engine.Command, i int, redirs []shell.Redirect) (m commitMessage, ok bool) {
	argv := c.Argv
	j, dynamic, ok := gitSubcommandAt(c)
	if !ok || argv[j] != "commit" {
		return m, false
	}
	var parts []string
	file := ""
	fromFile := false
	for j++; j < len(argv); j++ {
		a := argv[j]
		if dynamic[j] {
			// --message="$(cat <<'EOF' ... EOF)"
			if v, ok := strings.CutPrefix(a, "--message="); ok {
				if text, ok := shell.CatHeredoc(v); ok {
					parts = append(parts, text)
					continue
				}
			}
			return m, false
		}
		value := func() (string, bool) {
			if j+1 >= len(argv) {
				return "", false
			}
			j++
			if dynamic[j] {
				// a message of several lines, as agents give it: -m "$(cat <<'EOF' ... EOF)"
				return shell.CatHeredoc(argv[j])
			}
			return argv[j], true
		}
		// skip steps over the value of an option whose value does not matter here
		skip := func() bool {
			if j+1 >= len(argv) {
				return false
			}
			j++
			return true
		}
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "--") {
			name, val, hasVal := strings.Cut(a, "=")
			switch name {
			case "--message", "--file", "--trailer":
				if !hasVal {
					var ok bool
					if val, ok = value(); !ok {
						return m, false
					}
				}
				switch name {
				case "--message":
					parts = append(parts, val)
				case "--file":
					file, fromFile = val, true
				default:
					m.trailers = append(m.trailers, trailerLine(val))
				}
			case "--signoff":
				m.signoff = true
			case "--no-signoff":
				m.signoff = false
			case "--edit", "--reuse-message", "--reedit-message", "--fixup", "--squash", "--interactive", "--patch":
				return m, false // the message or the commit comes from elsewhere
			case "--dry-run", "--short", "--branch", "--porcelain", "--long":
				return m, false // no commit is made
			case "--author", "--date", "--template", "--cleanup", "--pathspec-from-file":
				if !hasVal && !skip() {
					return m, false
				}
			}
			continue
		}
		if len(a) < 2 || a[0] != '-' {
			continue // a pathspec
		}
		// a cluster of short options: -am MSG, -sm MSG, -mMSG
	cluster:
		for k := 1; k < len(a); k++ {
			rest := a[k+1:]
			arg := func() (string, bool) {
				if rest != "" {
					return rest, true
				}
				return value()
			}
			switch a[k] {
			case 'm':
				v, ok := arg()
				if !ok {
					return m, false
				}
				parts = append(parts, v)
			case 'F':
				v, ok := arg()
				if !ok {
					return m, false
				}
				file, fromFile = v, true
			case 's':
				m.signoff = true
				continue
			case 'C', 'c', 'e', 'p':
				return m, false
			case 't':
				if rest == "" && !skip() {
					return m, false
				}
			case 'S', 'u':
				// an optional value, only when attached
			default:
				continue
			}
			break cluster // the option took the rest of the word
		}
	}
	switch {
	case fromFile && len(parts) > 0:
		return m, false // git refuses -m with -F
	case fromFile:
		text, ok := messageFile(root, c, cmds, i, redirs, file)
		if !ok {
			return m, false
		}
		m.text = text
		return m, true
	case len(parts) == 0:
		return m, false // the editor, or --amend keeping the message
	}
	m.text = strings.Join(parts, "\n\n") + "\n"
	return m, true
}

// trailerLine is a --trailer value as the line git adds ("key=value" or "key:value").
func trailerLine(v string) string {
	if k, val, ok := strings.Cut(v, "="); ok && !strings.Contains(k, ":") {
		return strings.TrimSpace(k) + ": " + strings.TrimSpace(val)
	}
	if k, val, ok := strings.Cut(v, ":"); ok {
		return strings.TrimSpace(k) + ": " + strings.TrimSpace(val)
	}
	return strings.TrimSpace(v)
}

// messageFile reads the file of `git commit -F FILE`: only a regular file inside the
// repository, at most maxMessageFile bytes, that no other command of the line names
// and no redirection of the line writes (it would be read before it is written).
func messageFile(root string, c engine.Command, cmds []engine.Command, i int, redirs []shell.Redirect, file string) (string, bool) {
	if file == "" || file == "-" || c.CwdUnknown {
		return "", false
	}
	p := file
	if !filepath.IsAbs(p) {
		p = filepath.Join(root, filepath.FromSlash(c.Cwd), p)
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", false
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", false
	}
	if r, err := filepath.Rel(realRoot, real); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", false
	}
	base := filepath.Base(file)
	for _, r := range redirs {
		if r.Dynamic || filepath.Base(r.Path) == base {
			return "", false
		}
	}
	for k, o := range cmds {
		if k == i {
			continue
		}
		for _, a := range o.Argv[min(1, len(o.Argv)):] {
			if strings.Contains(a, base) {
				return "", false
			}
		}
	}
	fi, err := os.Stat(real)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxMessageFile {
		return "", false
	}
	b, err := os.ReadFile(real)
	if err != nil {
		return "", false
	}
	return string(b), true
}
