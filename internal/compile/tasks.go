package compile

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/shell"
	"github.com/heed-dev/heed/internal/taskrun"
)

// Bounds of what repoTasks reads: a root with hundreds of scripts names its roles
// among the first of them, and each target is expanded once.
const (
	maxTasks     = 400
	maxTaskSteps = 8
	// maxTaskPrograms bounds the programs one target's expansion lists.
	maxTaskPrograms = 32
	maxTaskFile     = 1 << 20
)

// repoTasks lists the targets of the task runners at the repository's root, with the
// commands each runs when heed can read them: package.json scripts, make, just,
// Taskfile and tox through internal/taskrun (which the live checks read too), and
// nox sessions, poe tasks, Cargo aliases and composer scripts read here by name. A
// file heed cannot read gives no targets; compiling goes on without them.
func repoTasks(root string, paths []string) []recognize.Task {
	r := &taskrun.Reader{}
	lines, _ := r.Targets(root, "")
	var out []recognize.Task
	for _, l := range lines {
		if len(out) >= maxTasks {
			break
		}
		cmds := shell.Parse(l, shell.Options{})
		if len(cmds) != 1 || len(cmds[0].Argv) < 2 {
			continue
		}
		argv := cmds[0].Argv
		t := recognize.Task{Runner: argv[0], Name: argv[len(argv)-1], File: runnerFile(argv[0])}
		if t.Runner == "npm" {
			t.File = "package.json"
		}
		steps, err := r.Expand(root, &engine.Command{Argv: argv, Root: root})
		if err == nil {
			t.Steps = stepArgvs(steps)
			t.Programs = stepPrograms(steps)
		}
		out = append(out, t)
	}
	has := func(p string) bool { return slices.Contains(paths, p) }
	if has("noxfile.py") {
		out = append(out, noxSessions(filepath.Join(root, "noxfile.py"))...)
	}
	if has("pyproject.toml") {
		out = append(out, poeTasks(filepath.Join(root, "pyproject.toml"))...)
	}
	for _, p := range []string{".cargo/config.toml", ".cargo/config"} {
		if has(p) {
			out = append(out, cargoAliases(filepath.Join(root, p), p)...)
			break
		}
	}
	if has("composer.json") {
		out = append(out, composerScripts(filepath.Join(root, "composer.json"))...)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Runner != out[j].Runner {
			return out[i].Runner < out[j].Runner
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// runnerFile names the file that defines a runner's targets in messages.
func runnerFile(runner string) string {
	switch runner {
	case "make":
		return "Makefile"
	case "just":
		return "justfile"
	case "task":
		return "Taskfile.yml"
	case "tox":
		return "tox.ini"
	}
	return runner
}

// stepPrograms are the leading words of the steps of a target's expansion whose
// program heed read: each up to its first word computed at run time, at most
// maxTaskPrograms of them.
func stepPrograms(steps []engine.RunStep) [][]string {
	var out [][]string
	for _, st := range steps {
		c := st.Command
		if c.Unparsable != "" || len(c.Argv) == 0 || len(out) == maxTaskPrograms {
			continue
		}
		end := len(c.Argv)
		for _, d := range c.DynamicArgs {
			end = min(end, d)
		}
		if end == 0 || strings.Contains(c.Argv[0], "$") {
			continue
		}
		out = append(out, slices.Clone(c.Argv[:end]))
	}
	return out
}

// stepArgvs are the commands a target's expansion runs, in order, when the runner's
// success implies each of them and heed read every word; nil when one of them is
// not so (a step whose failure is ignored, a word computed at run time), or past
// maxTaskSteps.
func stepArgvs(steps []engine.RunStep) [][]string {
	if len(steps) == 0 || len(steps) > maxTaskSteps {
		return nil
	}
	var out [][]string
	for _, st := range steps {
		c := st.Command
		if !st.Implied || c.Unparsable != "" || len(c.DynamicArgs) > 0 || len(c.Argv) == 0 {
			return nil
		}
		if n := len(out); n > 0 && wraps(out[n-1], c.Argv) {
			// `uv run pytest` and the `pytest` it runs: one command
			continue
		}
		out = append(out, c.Argv)
	}
	return out
}

// wraps: inner is the command outer runs through a wrapper (`uv run pytest -q` runs
// `pytest -q`): outer's last words.
func wraps(outer, inner []string) bool {
	return len(inner) < len(outer) && slices.Equal(outer[len(outer)-len(inner):], inner)
}

// readSmall reads a runner's file, nil when it is missing or too large.
func readSmall(file string) []byte {
	fi, err := os.Stat(file)
	if err != nil || fi.IsDir() || fi.Size() > maxTaskFile {
		return nil
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	return data
}

// noxSessions lists the sessions of a noxfile: each function under an
// `@nox.session` decorator, or the name the decorator gives (`name="lint"`).
func noxSessions(file string) []recognize.Task {
	data := readSmall(file)
	var out []recognize.Task
	decorated, named := false, ""
	for _, l := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "@nox.session"):
			decorated = true
			if _, rest, ok := strings.Cut(t, "name="); ok {
				named = strings.Trim(strings.FieldsFunc(rest, func(r rune) bool { return r == ',' || r == ')' })[0], `"' `)
			}
		case decorated && strings.HasPrefix(t, "def "):
			name := named
			if name == "" {
				name, _, _ = strings.Cut(strings.TrimPrefix(t, "def "), "(")
			}
			if name = strings.TrimSpace(name); name != "" {
				out = append(out, recognize.Task{Runner: "nox", Name: name, File: "noxfile.py"})
			}
			decorated, named = false, ""
		case decorated && t != "" && !strings.HasPrefix(t, "@"):
			decorated, named = false, ""
		}
		if len(out) >= maxTasks {
			break
		}
	}
	return out
}

// poeTasks lists the tasks of `[tool.poe.tasks]`: a task given as a string, or as a
// table with `cmd`, runs that one command.
func poeTasks(file string) []recognize.Task {
	var doc struct {
		Tool struct {
			Poe struct {
				Tasks map[string]any `toml:"tasks"`
			} `toml:"poe"`
		} `toml:"tool"`
	}
	data := readSmall(file)
	if data == nil || toml.Unmarshal(data, &doc) != nil {
		return nil
	}
	var out []recognize.Task
	for name, v := range doc.Tool.Poe.Tasks {
		t := recognize.Task{Runner: "poe", Name: name, File: "pyproject.toml"}
		cmd, _ := v.(string)
		if m, ok := v.(map[string]any); ok {
			cmd, _ = m["cmd"].(string)
		}
		t.Steps = oneCommand(cmd)
		out = append(out, t)
	}
	return out
}

// cargoAliases lists the `[alias]` entries of a Cargo configuration: `cargo lint`
// runs `cargo` with the alias's words.
func cargoAliases(file, rel string) []recognize.Task {
	var doc struct {
		Alias map[string]any `toml:"alias"`
	}
	data := readSmall(file)
	if data == nil || toml.Unmarshal(data, &doc) != nil {
		return nil
	}
	var out []recognize.Task
	for name, v := range doc.Alias {
		t := recognize.Task{Runner: "cargo", Name: name, File: rel}
		var words []string
		switch v := v.(type) {
		case string:
			words = strings.Fields(v)
		case []any:
			for _, w := range v {
				if s, ok := w.(string); ok {
					words = append(words, s)
				}
			}
		}
		if len(words) > 0 {
			t.Steps = [][]string{append([]string{"cargo"}, words...)}
		}
		out = append(out, t)
	}
	return out
}

// composerScripts lists composer.json's scripts: one given as a single command runs
// it (an `@other` script reference is no command of its own).
func composerScripts(file string) []recognize.Task {
	var doc struct {
		Scripts map[string]any `json:"scripts"`
	}
	data := readSmall(file)
	if data == nil || json.Unmarshal(data, &doc) != nil {
		return nil
	}
	var out []recognize.Task
	for name, v := range doc.Scripts {
		t := recognize.Task{Runner: "composer", Name: name, File: "composer.json"}
		cmd, _ := v.(string)
		if list, ok := v.([]any); ok && len(list) == 1 {
			cmd, _ = list[0].(string)
		}
		if !strings.HasPrefix(cmd, "@") {
			t.Steps = oneCommand(cmd)
		}
		out = append(out, t)
	}
	return out
}

// oneCommand reads a task's command line: its one simple command, or nil for a line
// of several or one heed cannot read.
func oneCommand(line string) [][]string {
	if strings.TrimSpace(line) == "" {
		return nil
	}
	cmds := shell.Parse(line, shell.Options{})
	if len(cmds) != 1 || len(cmds[0].Argv) == 0 || cmds[0].Unparsable != "" || len(cmds[0].DynamicArgs) > 0 {
		return nil
	}
	return [][]string{cmds[0].Argv}
}
