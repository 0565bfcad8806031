package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/heed-dev/heed/internal/config"
	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/policy"
)

// Repo resolves --repo: the flag, else the git root above the working directory, else
// the working directory. The result is absolute and must be a directory.
func (app *App) Repo() (string, error) {
	dir := app.repoFlag
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", Fail("cannot read the working directory: %v", err)
		}
		dir = wd
		if top, ok := workTreeTop(wd); ok {
			dir = top
		}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", Fail("--repo %s: %v", dir, err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return "", Fail("--repo %s: %v", dir, err)
	}
	if !st.IsDir() {
		return "", Fail("--repo %s: not a directory", dir)
	}
	return abs, nil
}

// configPath is the file --config names, absolute ("" when the flag is not given).
func (app *App) configPath() (string, error) {
	if app.configFlag == "" {
		return "", nil
	}
	abs, err := filepath.Abs(app.configFlag)
	if err != nil {
		return "", Fail("--config %s: %v", app.configFlag, err)
	}
	return abs, nil
}

// Config reads heed's configuration file: the one --config names (which must
// exist), else the repository's .heed/config when root is given (a missing one is
// an empty configuration). Errors name the file.
func (app *App) Config(root string) (*config.Config, error) {
	path, err := app.configPath()
	if err != nil {
		return nil, err
	}
	var cfg *config.Config
	switch {
	case path != "":
		if cfg, err = config.Load(path, true, true); err != nil {
			return nil, Fail("--config: %v", err)
		}
	case root != "":
		cfg, err = config.Load(filepath.Join(root, filepath.FromSlash(config.File)), false, false)
	default:
		return &config.Config{}, nil
	}
	if err != nil {
		return nil, Fail("%v", err)
	}
	return cfg, nil
}

// registerExclude adds --exclude to a command that walks the repository's files.
func registerExclude(fl *pflag.FlagSet, to *[]string) {
	fl.StringArrayVar(to, "exclude", nil, "leave out the files matching `PATTERN` (gitignore syntax, as in .heedignore; repeatable)")
}

// noInstructionFiles is what a command says in a repository where heed found no
// instruction file: it names what heed looks for, so the user knows what to write.
const noInstructionFiles = "no instruction files found (AGENTS.md, CLAUDE.md, GEMINI.md, .github/copilot-instructions.md, .cursor/rules/, CONTRIBUTING.md, ...; docs/rules.md lists them all)"

// emptyPolicy reports whether a policy came from no instruction file and holds
// nothing (a hand-written policy without sources still has its rules).
func emptyPolicy(p *policy.Policy) bool {
	return len(p.Sources) == 0 && len(p.Entries) == 0
}

// Color reports whether output to w may use colour. --color always or never decides;
// otherwise FORCE_COLOR or CLICOLOR_FORCE (set, and not "0" or "false") forces it on,
// as CI systems without a terminal use them, NO_COLOR (set, non-empty) or TERM=dumb
// turns it off, and else only a terminal gets colour.
func (app *App) Color(w any) bool {
	switch app.colorFlag {
	case "always":
		return true
	case "never":
		return false
	}
	for _, v := range []string{"FORCE_COLOR", "CLICOLOR_FORCE"} {
		switch strings.ToLower(app.Getenv(v)) {
		case "", "0", "false":
		default:
			return true
		}
	}
	if app.Getenv("NO_COLOR") != "" || app.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// IsTerminal reports whether w is a terminal (the default text/JSON choice uses it).
func IsTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// checkFormat validates a --format value against the allowed ones.
func checkFormat(cmd string, got string, allowed ...string) error {
	for _, a := range allowed {
		if got == a {
			return nil
		}
	}
	return Fail("%s: unknown --format %q (want %s)", cmd, got, strings.Join(allowed, ", "))
}

// workTreeTop is `git rev-parse --show-toplevel` for the common case without running
// git (a process costs ~10 ms of every command here): the nearest directory at or above
// dir with a .git entry (a repository, a linked worktree or a submodule). When git's
// environment redirects the repository, git is asked.
func workTreeTop(dir string) (string, bool) {
	if os.Getenv("GIT_DIR") != "" || os.Getenv("GIT_WORK_TREE") != "" {
		out, err := exec.Command("git", "-C", dir, "rev-parse", "--show-toplevel").Output()
		top := strings.TrimSpace(string(out))
		return top, err == nil && top != ""
	}
	return enforce.NearestAbove(dir, func(d string) bool {
		_, err := os.Lstat(filepath.Join(d, ".git"))
		return err == nil
	})
}
