package taskrun

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/heed-dev/heed/internal/engine"
)

// pkg is what heed reads of a package.json: its scripts and where each is written.
type pkg struct {
	scripts map[string]string
	lines   map[string]int
	// order lists the scripts as written (npm-run-all's globs run them in order).
	order []string
	// manager is the packageManager field ("pnpm@9.1.0").
	manager string
}

func parsePackage(data []byte) (any, error) {
	var raw struct {
		Scripts        map[string]any `json:"scripts"`
		PackageManager string         `json:"packageManager"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	p := &pkg{scripts: map[string]string{}, lines: map[string]int{}, manager: raw.PackageManager}
	for k, v := range raw.Scripts {
		if s, ok := v.(string); ok {
			p.scripts[k] = s
		}
	}
	// where each script is written, and the order: the keys after "scripts"
	text := string(data)
	at := strings.Index(text, `"scripts"`)
	if at >= 0 {
		body := text[at:]
		if end := matchingBrace(body); end > 0 {
			body = body[:end]
		}
		dec := json.NewDecoder(strings.NewReader(body[strings.IndexByte(body, '{'):]))
		depth := 0
		expectKey := false
		for {
			tok, err := dec.Token()
			if err != nil {
				break
			}
			switch t := tok.(type) {
			case json.Delim:
				if t == '{' || t == '[' {
					depth++
					expectKey = t == '{' && depth == 1
				} else {
					depth--
					expectKey = depth == 1
				}
				continue
			case string:
				if depth == 1 && expectKey {
					if _, ok := p.scripts[t]; ok && p.lines[t] == 0 {
						off := at + strings.IndexByte(text[at:], '{') + int(dec.InputOffset())
						p.lines[t] = 1 + strings.Count(text[:off], "\n")
						p.order = append(p.order, t)
					}
					expectKey = false
					continue
				}
			}
			if depth == 1 {
				expectKey = true
			}
		}
	}
	return p, nil
}

// matchingBrace is the offset just past the object that starts at the first { of s.
func matchingBrace(s string) int {
	i := strings.IndexByte(s, '{')
	if i < 0 {
		return -1
	}
	depth := 0
	inStr := false
	for j := i; j < len(s); j++ {
		c := s[j]
		switch {
		case inStr:
			if c == '\\' {
				j++
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return -1
}

// scriptLines reads `npm run X`, `npm test`, `pnpm X`, `yarn X`, `bun run X`: the
// script of the nearest package.json, with npm's pre- and post-scripts.
func (x *expander) scriptLines(cmd *engine.Command) ([]line, error) {
	mgr := path.Base(cmd.Argv[0])
	args := cmd.Argv[1:]
	// the subcommand: the first word that is no option (the value options npm, pnpm
	// and yarn take before it are few; one heed does not know leaves the line alone)
	j := -1
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") {
			j = i
			break
		}
		switch a {
		case "-w", "--workspace", "--filter", "-F", "--workspaces", "-ws", "-r", "--recursive", "--include-workspace-root", "-W", "--workspace-root":
			return nil, nil // a workspace's or several packages' scripts: not read
		case "--prefix", "-C", "--dir", "--cwd":
			i++ // internal/shell placed the command there
		case "--workspace-concurrency", "--reporter", "--loglevel", "--config", "--userconfig", "--store-dir", "--cache", "--cache-folder",
			"--registry", "--network-concurrency", "--child-concurrency", "--modules-folder", "--mutex", "--network-timeout", "--shell", "--script-shell":
			i++ // an option's value
		}
	}
	if j < 0 {
		return nil, nil
	}
	sub := args[j]
	rest := args[j+1:]
	if mgr == "npm" {
		// npm reads its own options anywhere before --
		for _, a := range rest {
			if a == "--" {
				break
			}
			switch a {
			case "-w", "--workspace", "--workspaces", "-ws":
				return nil, nil
			}
			if strings.HasPrefix(a, "--workspace=") || strings.HasPrefix(a, "-w=") {
				return nil, nil
			}
		}
	}
	var name string
	switch {
	case sub == "run" || sub == "run-script" || sub == "rum" || sub == "urn":
		k := -1
		for i := 0; i < len(rest); i++ {
			a := rest[i]
			if a == "--" {
				break
			}
			switch a {
			case "-w", "--workspace", "--filter", "-F", "--workspaces", "-ws", "-r", "--recursive", "--parallel":
				return nil, nil // several packages' scripts: not read
			case "--workspace-concurrency", "--reporter", "--loglevel", "--shell", "--script-shell":
				i++
				continue
			}
			if !strings.HasPrefix(a, "-") {
				k = i
				break
			}
		}
		if k < 0 || strings.HasPrefix(rest[k], "/") {
			return nil, nil // lists the scripts, or names them by a regular expression
		}
		name, rest = rest[k], rest[k+1:]
	case sub == "test" || sub == "t" || sub == "tst":
		if mgr == "bun" {
			return nil, nil // bun's own test runner
		}
		name = "test"
	case sub == "start" || sub == "stop":
		if mgr == "bun" {
			return nil, nil
		}
		name = sub
	case mgr == "npm":
		return nil, nil // npm runs scripts only through run, test, start and stop
	case mgr == "pnpm" && pnpmBuiltin(sub), mgr == "yarn" && yarnBuiltin(sub), mgr == "bun" && bunBuiltin(sub):
		return nil, nil
	default:
		name = sub // pnpm lint, yarn lint, bun lint: the script of that name
	}
	p, rel, dir, err := x.packageJSON(cmd.Cwd)
	if p == nil || err != nil {
		return nil, err
	}
	if _, ok := p.scripts[name]; !ok {
		if mgr == "npm" || mgr == "pnpm" && (sub == "run" || sub == "run-script") {
			return nil, fmt.Errorf("%s has no script %s", rel, name)
		}
		return nil, nil // pnpm tsc, bun run x.ts: a binary or a file, which internal/shell reads
	}
	// what follows the script's name goes to the script: npm passes the words after
	// --, pnpm, yarn and bun every word
	var extra []string
	for i, a := range rest {
		if a == "--" {
			extra = append(extra, rest[i+1:]...)
			break
		}
		if mgr != "npm" || !strings.HasPrefix(a, "-") {
			extra = append(extra, a)
		}
	}
	pre := mgr == "npm" || mgr == "yarn" && strings.HasPrefix(p.manager, "yarn@1")
	return x.scriptOf(p, rel, dir, name, extra, pre), nil
}

// scriptOf lists the lines of a script, with its pre- and post-scripts when the
// package manager runs them.
func (x *expander) scriptOf(p *pkg, rel, dir, name string, extra []string, prePost bool) []line {
	var out []line
	add := func(n string, more []string) {
		s, ok := p.scripts[n]
		if !ok {
			return
		}
		if len(more) > 0 {
			s += " " + joinWords(more)
		}
		out = append(out, line{text: s, at: fmt.Sprintf("%s:%d", rel, p.lines[n]), target: n, dir: dir})
	}
	if prePost {
		add("pre"+name, nil)
	}
	add(name, extra)
	if prePost {
		add("post"+name, nil)
	}
	return out
}

// joinWords quotes words for a shell line.
func joinWords(ws []string) string {
	var b []string
	for _, w := range ws {
		if w == "" || strings.ContainsAny(w, " \t\n'\"\\$`;&|<>(){}*?[]#~") {
			w = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
		b = append(b, w)
	}
	return strings.Join(b, " ")
}

func pnpmBuiltin(s string) bool {
	return strings.Contains(" add i install install-test it ln link unlink rm remove un uninstall up update upgrade import fetch rebuild rb prune dedupe patch patch-commit patch-remove audit outdated list ls ll la why licenses exec dlx create restart publish pack deploy store env setup server config c get set init bin root doctor help self-update cat-file cat-index find-hash ", " "+s+" ")
}

func yarnBuiltin(s string) bool {
	return strings.Contains(" add install remove upgrade upgrade-interactive exec dlx publish pack link unlink info why list global config cache init create workspace workspaces version versions audit autoclean bin check generate-lock-entry import licenses login logout outdated owner policies tag team help node set plugin up dedupe constraints explain npm patch patch-commit rebuild search stage unplug ", " "+s+" ")
}

func bunBuiltin(s string) bool {
	return strings.Contains(" x repl exec init create install i add a remove rm update outdated link unlink pm build upgrade publish patch audit info why completions help ", " "+s+" ")
}

// runAllLines reads npm-run-all, run-s and run-p: the scripts they name (globs
// included) of the nearest package.json, run as `npm run` runs them.
func (x *expander) runAllLines(cmd *engine.Command) ([]line, error) {
	ignored := false
	var names []string
	args := cmd.Argv[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			i = len(args)
		case a == "-c" || a == "--continue-on-error":
			ignored = true
		case a == "--npm-path" || a == "--max-parallel" || a == "-p" && path.Base(cmd.Argv[0]) != "npm-run-all":
			i++
		case strings.HasPrefix(a, "-"):
			// -s, -p, --serial, --parallel, -l, --print-label, --silent, -r, ...
		default:
			names = append(names, a)
		}
	}
	p, rel, dir, err := x.packageJSON(cmd.Cwd)
	if p == nil || err != nil {
		return nil, err
	}
	var out []line
	for _, n := range names {
		f := strings.Fields(n)
		if len(f) == 0 {
			continue
		}
		pattern, extra := f[0], f[1:]
		if !strings.ContainsAny(pattern, "*?[{") {
			if _, ok := p.scripts[pattern]; !ok {
				return nil, fmt.Errorf("%s has no script %s", rel, pattern)
			}
			out = append(out, x.runAllScript(p, rel, dir, pattern, extra)...)
			continue
		}
		// npm-run-all's globs treat : as the separator
		g := strings.ReplaceAll(pattern, ":", "/")
		for _, s := range p.order {
			if m, _ := doublestar.Match(g, strings.ReplaceAll(s, ":", "/")); m {
				out = append(out, x.runAllScript(p, rel, dir, s, extra)...)
			}
		}
	}
	for i := range out {
		out[i].ignored = out[i].ignored || ignored
	}
	return out, nil
}

// runAllScript is one script npm-run-all runs: `npm run NAME` on the way, then its
// lines.
func (x *expander) runAllScript(p *pkg, rel, dir, name string, extra []string) []line {
	out := []line{{text: "npm run " + joinWords(append([]string{name}, extra...)), at: fmt.Sprintf("%s:%d", rel, p.lines[name]), target: name, dir: dir, isTarget: true}}
	return append(out, x.scriptOf(p, rel, dir, name, extra, true)...)
}

// concurrentlyLines reads concurrently's commands: each argument is a command line,
// npm:NAME the script NAME.
func (x *expander) concurrentlyLines(cmd *engine.Command) ([]line, error) {
	var cmds []string
	ignored := false
	args := cmd.Argv[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-s" || a == "--success":
			if i+1 < len(args) && args[i+1] != "all" {
				ignored = true
			}
			i++
		case a == "-n" || a == "--names" || a == "-c" || a == "--prefix-colors" || a == "-p" || a == "--prefix" || a == "-m" || a == "--max-processes" || a == "--restart-tries" || a == "--restart-after" || a == "--hide" || a == "--name-separator" || a == "-l" || a == "--prefix-length" || a == "-t" || a == "--timestamp-format" || a == "--handle-input" || a == "--default-input-target" || a == "--kill-signal":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			cmds = append(cmds, a)
		}
	}
	var out []line
	for _, c := range cmds {
		text := c
		for _, pre := range []string{"npm:", "pnpm:", "yarn:", "bun:"} {
			if rest, ok := strings.CutPrefix(c, pre); ok {
				text = strings.TrimSuffix(pre, ":") + " run " + rest
			}
		}
		// the command line is in the caller's file, at the caller's line
		out = append(out, line{text: text, dir: cmd.Cwd, ignored: ignored})
	}
	return out, nil
}

// packageJSON reads the package.json nearest above cwd: nil when there is none.
func (x *expander) packageJSON(cwd string) (p *pkg, rel, dir string, err error) {
	abs, dir, ok := x.findUp(cwd, "package.json")
	if !ok {
		return nil, "", "", nil
	}
	rel = x.rel(abs)
	v, _, err := x.r.load(abs, parsePackage)
	if err != nil {
		return nil, rel, dir, fmt.Errorf("%s: %v", rel, err)
	}
	return v.(*pkg), rel, dir, nil
}
