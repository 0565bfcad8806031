package shell

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazy"
)

// command reports a simple command and everything it runs; it returns the commands
// whose success the command's success implies (itself and what transparent wrappers
// run).
func (st *state) command(ws []word, stdin *stdinSrc) []int {
	if len(ws) == 0 {
		return nil
	}
	if !ws[0].dyn {
		if def, ok := st.aliases[ws[0].text]; ok {
			return st.expandAlias(ws, def)
		}
		if w, ok := st.hashed[ws[0].text]; ok {
			// `hash -p /usr/bin/npm n; n i` runs npm
			ws = append([]word{w}, ws[1:]...)
		} else if t := ws[0].text; len(t) > 1 && t[0] == '=' && !strings.ContainsAny(t[1:], "=/") {
			// zsh's `=npm i` runs the npm found on PATH
			ws = append([]word{{text: t[1:]}}, ws[1:]...)
		}
	}
	cwd, cwdUnknown := st.toolCwd(ws)
	c := engine.Command{Cwd: cwd, CwdUnknown: cwdUnknown, Requires: st.requires}
	for _, name := range slices.Sorted(maps.Keys(st.env)) {
		if c.Env == nil {
			c.Env = map[string]string{}
		}
		v := st.env[name]
		c.Env[name] = v.text
		if !v.known {
			c.Env[name] = ""
			c.DynamicEnv = append(c.DynamicEnv, name)
		}
	}
	if len(st.launchers) > 0 {
		c.LaunchedBy = append([]int(nil), st.launchers...)
	}
	for i, w := range ws {
		c.Argv = append(c.Argv, w.text)
		if w.dyn {
			c.Dynamic = true
			c.DynamicArgs = append(c.DynamicArgs, i)
		}
	}
	self := st.p.emit(c)
	if self < 0 {
		return nil
	}
	status := []int{self}
	if ws[0].dyn {
		return status
	}
	st.builtin(ws)
	if st.depth >= maxDepth {
		st.unparsable(fmt.Sprintf("commands nested more than %d levels deep", maxDepth))
		return status
	}
	for _, a := range st.unwrap(ws, stdin) {
		switch {
		case a.unparsable != "":
			st.unparsable(a.unparsable)
		case a.script != "" || a.scriptSet:
			if st.p.noScripts {
				continue
			}
			var sub *state
			if a.sameShell {
				sub = st
			} else {
				sub = &state{p: st.p, cwd: st.cwd, cwdUnknown: st.cwdUnknown, vars: map[string]value{}, aliases: map[string]string{}, hashed: map[string]word{}}
				for k, v := range st.vars {
					sub.vars[k] = v
				}
				for k, v := range st.env {
					sub.vars[k] = v
				}
				// the script's commands inherit the environment written for its
				// shell (`X=1 sh -c 'cmd'`)
				sub.env = st.env
				sub.pos = a.pos
			}
			sub.requires = st.requires
			sub.depth = st.depth + 1
			if a.cwd != "" && !a.sameShell {
				sub.cd(a.cwd, false)
			}
			if a.cwdUnknown && !a.sameShell {
				sub.cwdUnknown = true
			}
			for k, v := range a.env {
				if !a.sameShell {
					sub.vars[k] = v
				}
			}
			got := sub.script(a.script, a.what)
			if a.transparent {
				status = append(status, got...)
			}
			if a.sameShell {
				st.depth--
			}
		default:
			inner := st.sub()
			inner.depth = st.depth + 1
			inner.launchers = append(append([]int(nil), st.launchers...), self)
			if a.cwd != "" {
				inner.cd(a.cwd, false)
			}
			if a.cwdUnknown {
				inner.cwdUnknown = true
			}
			if a.env != nil {
				inner.env = mergeEnv(st.env, a.env)
			}
			got := inner.command(a.words, stdin)
			if a.transparent {
				status = append(status, got...)
			}
		}
	}
	return status
}

func (st *state) expandAlias(ws []word, def string) []int {
	name := ws[0].text
	delete(st.aliases, name) // an alias is not expanded inside itself
	defer func() { st.aliases[name] = def }()
	var b strings.Builder
	b.WriteString(def)
	for _, w := range ws[1:] {
		b.WriteByte(' ')
		if w.dyn {
			b.WriteString(w.text)
		} else {
			b.WriteString(Quote(w.text))
		}
	}
	st.depth++
	defer func() { st.depth-- }()
	return st.script(b.String(), "alias "+name)
}

// builtin applies the shell builtins that change how later commands run.
func (st *state) builtin(ws []word) {
	args := texts(ws)
	switch args[0] {
	case "cd", "pushd", "chdir":
		rest := ws[1:]
		for len(rest) > 0 && !rest[0].dyn && strings.HasPrefix(rest[0].text, "-") && rest[0].text != "-" {
			if rest[0].text == "--" {
				rest = rest[1:]
				break
			}
			rest = rest[1:]
		}
		if args[0] == "pushd" {
			st.dirs = append(st.dirs, dirEntry{cwd: st.cwd, unknown: st.cwdUnknown})
		}
		switch {
		case len(rest) == 0 && args[0] == "pushd":
			st.cwdUnknown = true // pushd alone swaps the top two directories
		case len(rest) == 0:
			st.cwdUnknown = true // cd alone goes home
		case rest[0].dyn:
			st.cwdUnknown = true
		default:
			st.cd(rest[0].text, true)
		}
	case "popd":
		if len(ws) == 1 && len(st.dirs) > 0 {
			top := st.dirs[len(st.dirs)-1]
			st.dirs = st.dirs[:len(st.dirs)-1]
			st.cwd, st.cwdUnknown = top.cwd, top.unknown
		} else if len(ws) == 1 || !strings.HasPrefix(args[1], "-n") {
			st.cwdUnknown = true
		}
	case "hash":
		// hash -p PATH NAME: NAME runs PATH from now on
		for i := 1; i+2 < len(ws); i++ {
			if args[i] == "-p" {
				st.hashed[args[i+2]] = ws[i+1]
				break
			}
		}
	case "alias":
		for i, a := range args[1:] {
			if ws[i+1].dyn {
				continue
			}
			if name, def, ok := strings.Cut(a, "="); ok && name != "" {
				st.aliases[name] = def
			}
		}
	case "unalias":
		for _, a := range args[1:] {
			delete(st.aliases, a)
		}
	case "set":
		for i, a := range args[1:] {
			if a == "--" {
				pos0 := "bash"
				if st.pos != nil {
					pos0 = st.pos[0]
				}
				st.pos = append([]string{pos0}, args[i+2:]...)
				break
			}
		}
	case "unset":
		for _, a := range args[1:] {
			if !strings.HasPrefix(a, "-") {
				st.vars[a] = value{}
			}
		}
	case "read", "mapfile", "readarray", "getopts", "printf":
		// read X, printf -v X: X now holds input the analysis cannot see.
		for i := 1; i < len(args); i++ {
			if args[0] == "printf" {
				if args[i] == "-v" && i+1 < len(args) {
					st.vars[args[i+1]] = value{}
				}
				continue
			}
			if !strings.HasPrefix(args[i], "-") {
				st.vars[args[i]] = value{}
			}
		}
	}
}

// toolCwd is the directory a command works in: tools with a directory option (`git
// -C web`, `make -C web`, `npm --prefix web`) work there.
func (st *state) toolCwd(ws []word) (string, bool) {
	if len(ws) < 2 || ws[0].dyn {
		return st.cwd, st.cwdUnknown
	}
	var opts []string
	switch base(ws[0].text) {
	case "git", "make", "gmake", "go":
		opts = []string{"-C", "--directory"}
	case "npm":
		opts = []string{"--prefix"}
	case "pnpm":
		opts = []string{"-C", "--dir"}
	case "yarn":
		opts = []string{"--cwd"}
	case "uv":
		opts = []string{"--directory"}
	default:
		return st.cwd, st.cwdUnknown
	}
	cwd, unknown := st.cwd, st.cwdUnknown
	for i := 1; i < len(ws); i++ {
		a := ws[i].text
		if a == "--" || !strings.HasPrefix(a, "-") {
			if base(ws[0].text) != "make" {
				break // options after the subcommand are the subcommand's
			}
			continue
		}
		for _, o := range opts {
			var dir string
			if a == o && i+1 < len(ws) && ws[i+1].dyn {
				unknown = true
			} else if a == o && i+1 < len(ws) {
				dir = ws[i+1].text
			} else if v, ok := strings.CutPrefix(a, o+"="); ok && strings.HasPrefix(o, "--") {
				dir = v
			} else if v, ok := strings.CutPrefix(a, o); ok && v != "" && !strings.HasPrefix(o, "--") {
				dir = v
			}
			if dir != "" {
				sub := &state{p: st.p, cwd: cwd, cwdUnknown: unknown}
				sub.cd(dir, false)
				cwd, unknown = sub.cwd, sub.cwdUnknown
			}
		}
	}
	return cwd, unknown
}

// base is a program's name without its directory.
func base(p string) string { return path.Base(p) }

// action is one thing a wrapper runs.
type action struct {
	words []word
	// script is shell text to parse (bash -c, eval, watch); scriptSet marks an empty
	// script that was given.
	script    string
	scriptSet bool
	what      string
	pos       []string
	// sameShell: the script runs in the current shell (eval, trap, alias).
	sameShell bool
	// transparent: the wrapper's success implies the wrapped command's.
	transparent bool
	// cwd is a directory the wrapped command runs in (env -C, sudo -D);
	// cwdUnknown: it runs in a directory heed cannot know (chroot, nsenter -w).
	cwd        string
	cwdUnknown bool
	// env are variables the wrapper sets for the command (env NAME=value).
	env        map[string]value
	unparsable string
}

// optSpec describes a wrapper's options: the short options that take a value, the
// long ones that take one (as a separate word), and how many operands come before the
// wrapped command (timeout's DURATION).
type optSpec struct {
	short string
	long  []string
	skip  int
}

// skipOpts returns the index of the first word after the options and the skipped
// operands, and the options seen (name -> value).
func skipOpts(ws []word, spec optSpec) (int, map[string]string) {
	seen := map[string]string{}
	i := 1
	for i < len(ws) {
		a := ws[i].text
		if ws[i].dyn {
			break
		}
		if a == "--" {
			i++
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			break
		}
		if strings.HasPrefix(a, "--") {
			name, val, hasVal := strings.Cut(a, "=")
			if !hasVal && slices.Contains(spec.long, name) && i+1 < len(ws) {
				val = ws[i+1].text
				i++
			}
			seen[name] = val
			i++
			continue
		}
		// a cluster of short options; one that takes a value ends it
		cluster := a[1:]
		for j := 0; j < len(cluster); j++ {
			o := cluster[j]
			if strings.IndexByte(spec.short, o) >= 0 {
				val := cluster[j+1:]
				if val == "" && i+1 < len(ws) {
					i++
					val = ws[i].text
				}
				seen["-"+string(o)] = val
				break
			}
			seen["-"+string(o)] = ""
		}
		i++
	}
	for k := 0; k < spec.skip && i < len(ws); k++ {
		i++
	}
	return i, seen
}

// wrappers is built on first use: every PATH shim links this package.
var wrappers = lazy.Value[map[string]optSpec]{F: func() map[string]optSpec {
	return map[string]optSpec{
		"sudo":        {short: "ugCDhprtUR", long: []string{"--user", "--group", "--close-from", "--chdir", "--host", "--prompt", "--role", "--type", "--other-user", "--chroot", "--command-timeout"}},
		"doas":        {short: "uC"},
		"nohup":       {},
		"setsid":      {},
		"builtin":     {},
		"unbuffer":    {},
		"time":        {short: "fo", long: []string{"--format", "--output"}},
		"nice":        {short: "n", long: []string{"--adjustment"}},
		"ionice":      {short: "cnp", long: []string{"--class", "--classdata", "--pid"}},
		"timeout":     {short: "sk", long: []string{"--signal", "--kill-after"}, skip: 1},
		"stdbuf":      {short: "ioe", long: []string{"--input", "--output", "--error"}},
		"chrt":        {skip: 1},
		"taskset":     {skip: 1},
		"caffeinate":  {short: "tw"},
		"exec":        {short: "a"},
		"catchsegv":   {},
		"chronic":     {},
		"ifne":        {},
		"proxychains": {short: "f"},
		"torsocks":    {},
		"fakeroot":    {},
		"corepack":    {},
		"busybox":     {},
		"poetry":      {}, // poetry run
		"arch":        {short: ""},
		// tracers, sandboxes and launchers: their options, then the command
		"strace":      {short: "abeEIoOpPsSuUX", long: []string{"--output", "--expr", "--env", "--user", "--string-limit", "--trace", "--signal", "--status", "--attach", "--trace-path", "--columns", "--summary-sort-by", "--decode-fds", "--quiet", "--seccomp-bpf"}},
		"ltrace":      {short: "aADeEFlnopsuwx", long: []string{"--align", "--indent", "--output", "--library", "--config"}},
		"valgrind":    {},
		"unshare":     {short: "SGRw", long: []string{"--setuid", "--setgid", "--root", "--wd", "--map-user", "--map-group", "--propagation", "--setgroups", "--map-users", "--map-groups", "--load-interp"}},
		"nsenter":     {short: "tSG", long: []string{"--target", "--setuid", "--setgid", "--user-parent"}},
		"chroot":      {long: []string{"--userspec", "--groups"}, skip: 1},
		"firejail":    {},
		"systemd-run": {short: "pEM", long: []string{"--unit", "--property", "--description", "--slice", "--setenv", "--uid", "--gid", "--working-directory", "--machine", "--nice", "--on-calendar", "--on-active"}},
		"pkexec":      {long: []string{"--user"}},
		"gosu":        {skip: 1},
		"su-exec":     {skip: 1},
		"setpriv":     {},
		"numactl":     {},
		"prlimit":     {},
		"faketime":    {short: "f", skip: 1},
		"xvfb-run":    {short: "nsfepw", long: []string{"--server-num", "--server-args", "--auth-file", "--error-file", "--wait"}},
		"cgexec":      {short: "g"},
		"tsp":         {short: "LDN"},
		"retry":       {},
		"unbuffer-x":  {},
		"sem":         {short: "jP", long: []string{"--jobs", "--id"}},
	}
}}

// wrapped is a command line unwrap reads: its words, their texts, the program's base
// name, and where its standard input comes from.
type wrapped struct {
	name  string
	ws    []word
	args  []string
	stdin *stdinSrc
}

// tail is the command that starts at word i, if any.
func (w *wrapped) tail(i int, transparent bool) []action {
	if i >= len(w.ws) {
		return nil
	}
	return []action{{words: w.ws[i:], transparent: transparent}}
}

// unwrapper reads what a program runs besides itself; ok is false when its words say
// nothing special (`npm test`), and the generic readings apply (an interpreter, the
// options of a wrapper).
type unwrapper func(st *state, w *wrapped) (acts []action, ok bool)

// always makes an unwrapper of a reading that decides every command line of its program.
func always(f func(st *state, w *wrapped) []action) unwrapper {
	return func(st *state, w *wrapped) ([]action, bool) { return f(st, w), true }
}

// unwrapperOf returns how the program named name (a base name) runs other commands in
// its own way, or nil. A switch, not a table: every command line heed judges asks, and
// a PATH shim judges one (bench/live).
func unwrapperOf(name string) unwrapper {
	switch name {
	case "env":
		return always(func(st *state, w *wrapped) []action { return st.unwrapEnv(w.ws) })
	case "command":
		return always(unwrapCommand)
	case "nice":
		return always(unwrapNice)
	case "busybox":
		return always(unwrapBusybox)
	case "xargs":
		return always(func(_ *state, w *wrapped) []action { return unwrapXargs(w.ws) })
	case "find":
		return always(func(_ *state, w *wrapped) []action { return unwrapFind(w.ws) })
	case "flock":
		return always(unwrapFlock)
	case "watch":
		return always(unwrapWatch)
	case "script":
		return always(unwrapScript)
	case "chroot":
		return always(unwrapChroot)
	case "eval":
		return always(func(st *state, w *wrapped) []action { return st.scriptFromWords(w.ws[1:], "eval", true) })
	case "trap":
		return always(unwrapTrap)
	case "source", ".":
		return always(func(_ *state, w *wrapped) []action { return w.tail(1, true) })
	case "git":
		return always(func(st *state, w *wrapped) []action { return st.unwrapGit(w.ws) })
	case "uvx":
		return always(func(_ *state, w *wrapped) []action { return unwrapRunner(w.ws, 1, "uvx") })
	case "npm":
		return unwrapNpm
	case "pnpm":
		return packageRunner(pnpmValueOpts, &pnpmCommands)
	case "yarn":
		return packageRunner(yarnValueOpts, &yarnCommands)
	case "bun":
		return unwrapBunX
	case "uv":
		return unwrapUv
	case "pipx":
		return unwrapPipx
	case "bundle":
		return unwrapBundleExec
	case "direnv":
		return unwrapDirenv
	case "nix-shell":
		return unwrapNixShell
	case "corepack":
		return always(func(_ *state, w *wrapped) []action { return w.tail(1, true) })
	case "docker", "docker-compose", "podman":
		return unwrapDocker
	case "sudo", "doas":
		return always(unwrapSudo)
	case "unshare", "nsenter":
		return always(unwrapNamespace)
	case "parallel", "sem":
		return always(func(st *state, w *wrapped) []action { return st.unwrapParallel(w.ws) })
	case "make", "gmake":
		return always(func(st *state, w *wrapped) []action { return st.unwrapMake(w.ws, w.stdin) })
	case "su", "runuser", "sg":
		return always(unwrapSu)
	case "npx", "bunx", "pnpx":
		return always(func(_ *state, w *wrapped) []action { return unwrapRunner(w.ws, 1, w.name) })
	case "poetry", "pdm", "pipenv", "hatch", "rye", "pixi":
		return unwrapProjectRun
	case "conda", "mamba", "micromamba":
		return unwrapConda
	case "dotenv", "mise", "rtx", "with-env":
		return unwrapEnvLoader
	}
	return nil
}

// isInterpreter: the programs whose options say which script they run
// (unwrapInterpreter).
func isInterpreter(name string) bool {
	switch name {
	case "node", "nodejs", "tsx", "ts-node", "deno", "bun", "ruby", "perl", "php", "Rscript":
		return true
	}
	return false
}

// unwrap returns what a command runs besides itself.
func (st *state) unwrap(ws []word, stdin *stdinSrc) []action {
	w := &wrapped{name: base(ws[0].text), ws: ws, args: texts(ws), stdin: stdin}
	if u := unwrapperOf(w.name); u != nil {
		if acts, ok := u(st, w); ok {
			return acts
		}
	}
	switch {
	case isPython(w.name):
		return unwrapPython(ws)
	case isShell(w.name):
		return st.unwrapShell(ws, stdin)
	case isInterpreter(w.name):
		return unwrapInterpreter(ws, w.name)
	}
	if spec, ok := wrappers.Get()[w.name]; ok && w.name != "poetry" && w.name != "busybox" && w.name != "corepack" && w.name != "sem" {
		i, _ := skipOpts(ws, spec)
		return w.tail(i, true)
	}
	return nil
}

func unwrapCommand(_ *state, w *wrapped) []action {
	i, seen := skipOpts(w.ws, optSpec{})
	if _, ok := seen["-v"]; ok {
		return nil // command -v only looks the name up
	}
	if _, ok := seen["-V"]; ok {
		return nil
	}
	return w.tail(i, true)
}

func unwrapSudo(_ *state, w *wrapped) []action {
	i, seen := skipOpts(w.ws, wrappers.Get()[w.name])
	for _, o := range []string{"-e", "-l", "-v", "-k", "-K", "--edit", "--list", "--validate"} {
		if _, ok := seen[o]; ok && i >= len(w.ws) {
			return nil
		}
	}
	acts := w.tail(i, true)
	if d, ok := seen["-D"]; ok && len(acts) > 0 {
		acts[0].cwd = d
	} else if d, ok := seen["--chdir"]; ok && len(acts) > 0 {
		acts[0].cwd = d
	}
	return acts
}

func unwrapNice(_ *state, w *wrapped) []action {
	// `nice -10 cmd` is an old spelling of -n 10
	if len(w.ws) > 1 && len(w.args[1]) > 1 && w.args[1][0] == '-' && isDigits(w.args[1][1:]) {
		return w.tail(2, true)
	}
	i, _ := skipOpts(w.ws, wrappers.Get()[w.name])
	return w.tail(i, true)
}

func unwrapBusybox(st *state, w *wrapped) []action {
	if len(w.ws) > 1 && (base(w.args[1]) == "sh" || base(w.args[1]) == "ash") {
		return st.unwrapShell(w.ws[1:], w.stdin)
	}
	return w.tail(1, true)
}

// flockOpts are flock's options that take a value.
var flockOpts = optSpec{short: "wEc", long: []string{"--timeout", "--conflict-exit-code", "--command"}}

func unwrapFlock(_ *state, w *wrapped) []action {
	ws, args := w.ws, w.args
	i, seen := skipOpts(ws, flockOpts)
	byC := func(seen map[string]string) ([]action, bool) {
		for _, o := range []string{"-c", "--command"} {
			if c, ok := seen[o]; ok {
				return []action{{script: c, scriptSet: true, what: "flock -c", transparent: true}}, true
			}
		}
		return nil, false
	}
	if acts, ok := byC(seen); ok {
		return acts
	}
	// flock FILE -c COMMAND: the options may follow the lock file
	if i+1 < len(ws) && !ws[i+1].dyn && strings.HasPrefix(args[i+1], "-") {
		j, seen2 := skipOpts(ws[i:], flockOpts)
		if acts, ok := byC(seen2); ok {
			return acts
		}
		return w.tail(i+j, true)
	}
	return w.tail(i+1, true)
}

func unwrapWatch(st *state, w *wrapped) []action {
	i, seen := skipOpts(w.ws, optSpec{short: "nq", long: []string{"--interval", "--equexit"}})
	if i >= len(w.ws) {
		return nil
	}
	if _, ok := seen["-x"]; ok {
		return w.tail(i, false)
	}
	if _, ok := seen["--exec"]; ok {
		return w.tail(i, false)
	}
	return st.scriptFromWords(w.ws[i:], "watch", false)
}

func unwrapScript(_ *state, w *wrapped) []action {
	_, seen := skipOpts(w.ws, optSpec{short: "cEIOBT", long: []string{"--command", "--echo", "--log-in", "--log-out", "--log-io", "--log-timing"}})
	for _, o := range []string{"-c", "--command"} {
		if c, ok := seen[o]; ok {
			return []action{{script: c, scriptSet: true, what: "script -c"}}
		}
	}
	return nil
}

func unwrapChroot(_ *state, w *wrapped) []action {
	i, _ := skipOpts(w.ws, wrappers.Get()[w.name])
	if i >= len(w.ws) {
		return nil
	}
	// chroot runs the command at the new root's /: a directory heed cannot place
	return []action{{words: w.ws[i:], transparent: true, cwdUnknown: true}}
}

func unwrapNamespace(_ *state, w *wrapped) []action {
	i, seen := skipOpts(w.ws, wrappers.Get()[w.name])
	if i >= len(w.ws) {
		return nil
	}
	act := action{words: w.ws[i:], transparent: true}
	for _, o := range []string{"-R", "--root", "-w", "--wd", "-r"} {
		if _, ok := seen[o]; ok {
			act.cwdUnknown = true
		}
	}
	return []action{act}
}

func unwrapSu(_ *state, w *wrapped) []action {
	ws, args, name := w.ws, w.args, w.name
	for i := 1; i < len(ws); i++ {
		if strings.HasPrefix(args[i], "-c") && len(args[i]) > 2 && !strings.HasPrefix(args[i], "--") {
			return []action{{script: args[i][2:], scriptSet: true, what: name + " -c"}}
		}
		if (args[i] == "-c" || args[i] == "--command") && i+1 < len(ws) {
			if ws[i+1].dyn {
				return []action{{unparsable: fmt.Sprintf("the command given to %s -c is computed at run time", name)}}
			}
			return []action{{script: args[i+1], scriptSet: true, what: name + " -c"}}
		}
		if strings.HasPrefix(args[i], "--command=") {
			return []action{{script: strings.TrimPrefix(args[i], "--command="), scriptSet: true, what: name + " -c"}}
		}
		if args[i] == "--" && name == "runuser" {
			return w.tail(i+1, true)
		}
	}
	return nil
}

func unwrapTrap(_ *state, w *wrapped) []action {
	rest := w.ws[1:]
	for len(rest) > 0 && (rest[0].text == "--" || rest[0].text == "-p" || rest[0].text == "-l" || rest[0].text == "-P") {
		if rest[0].text != "--" {
			return nil
		}
		rest = rest[1:]
	}
	if len(rest) < 2 || rest[0].text == "-" || rest[0].text == "" {
		return nil
	}
	if rest[0].dyn {
		return []action{{unparsable: "the action given to trap is computed at run time"}}
	}
	return []action{{script: rest[0].text, scriptSet: true, what: "trap", sameShell: true}}
}

func unwrapNpm(_ *state, w *wrapped) ([]action, bool) {
	if j := subcommand(w.ws, npmValueOpts); j > 0 && (w.args[j] == "exec" || w.args[j] == "x") {
		return unwrapRunner(w.ws, j+1, "npm exec"), true
	}
	return nil, false
}

// packageRunner reads a package manager that runs packages' binaries: `dlx` and
// `exec`, and a word that is no command of its own (`pnpm tsx a.ts`: the package's
// script of that name or, with none, the binary: an implicit exec).
func packageRunner(valueOpts []string, commands *lazy.Value[map[string]bool]) unwrapper {
	return func(_ *state, w *wrapped) ([]action, bool) {
		j := subcommand(w.ws, valueOpts)
		switch {
		case j > 0 && (w.args[j] == "dlx" || w.args[j] == "exec"):
			return unwrapRunner(w.ws, j+1, w.name+" "+w.args[j]), true
		case j > 0 && !commands.Get()[w.args[j]]:
			return unwrapRunner(w.ws, j, w.name), true
		}
		return nil, false
	}
}

// unwrapBunX reads `bun x`; any other bun command line is the interpreter's.
func unwrapBunX(_ *state, w *wrapped) ([]action, bool) {
	if j := subcommand(w.ws, nil); j > 0 && w.args[j] == "x" {
		return unwrapRunner(w.ws, j+1, "bun x"), true
	}
	return nil, false
}

func unwrapUv(_ *state, w *wrapped) ([]action, bool) {
	j := subcommand(w.ws, uvValueOpts)
	if j > 0 && w.args[j] == "run" {
		return unwrapRunner(w.ws, j+1, "uv run"), true
	}
	if j > 0 && w.args[j] == "tool" && j+1 < len(w.ws) && w.args[j+1] == "run" {
		return unwrapRunner(w.ws, j+2, "uv tool run"), true
	}
	return nil, false
}

// unwrapProjectRun reads `poetry run`, `pdm run`, `pipenv run`, `hatch run`, `rye run`.
func unwrapProjectRun(_ *state, w *wrapped) ([]action, bool) {
	if len(w.ws) > 2 && w.args[1] == "run" {
		return unwrapRunner(w.ws, 2, w.name+" run"), true
	}
	return nil, false
}

// unwrapBundleExec: `bundle exec rubocop` runs rubocop with the project's gems.
func unwrapBundleExec(_ *state, w *wrapped) ([]action, bool) {
	if len(w.ws) > 2 && w.args[1] == "exec" {
		return unwrapRunner(w.ws, 2, "bundle exec"), true
	}
	return nil, false
}

// unwrapDocker reads the command a container runs for the project: `docker compose
// exec [opts] SERVICE CMD...`, `docker compose run [opts] SERVICE CMD...` (and
// docker-compose's), `docker exec [opts] CONTAINER CMD...`. A project whose every
// command runs through Docker Compose ("NEVER run `php artisan migrate:fresh`")
// means the command inside. Other docker commands (build, run IMAGE, ps) say nothing
// special.
func unwrapDocker(_ *state, w *wrapped) ([]action, bool) {
	ws, args := w.ws, w.args
	i, compose := 1, w.name == "docker-compose"
	if !compose {
		j, _ := skipOpts(ws, optSpec{short: "Hcl", long: []string{"--context", "--host", "--config", "--log-level", "--tlscacert", "--tlscert", "--tlskey"}})
		i = j
		if i < len(ws) && !ws[i].dyn && args[i] == "compose" {
			compose = true
			i++
		}
	}
	if compose && i < len(ws) {
		// ws[i-1] stands as the program for skipOpts
		j, _ := skipOpts(ws[i-1:], optSpec{short: "fp", long: []string{"--file", "--project-name", "--profile", "--env-file", "--project-directory", "--ansi", "--parallel", "--progress"}})
		i += j - 1
	}
	if i >= len(ws) || ws[i].dyn {
		return nil, false
	}
	var spec optSpec
	switch {
	case args[i] == "exec" && compose:
		spec = optSpec{short: "euw", long: []string{"--env", "--user", "--workdir", "--index"}, skip: 1}
	case args[i] == "exec":
		spec = optSpec{short: "euw", long: []string{"--env", "--user", "--workdir", "--detach-keys", "--env-file"}, skip: 1}
	case args[i] == "run" && compose:
		spec = optSpec{short: "euwvpl", long: []string{"--env", "--user", "--workdir", "--volume", "--publish", "--name", "--entrypoint", "--label", "--env-from-file", "--cap-add", "--cap-drop"}, skip: 1}
	default:
		return nil, false
	}
	j, _ := skipOpts(ws[i:], spec)
	return w.tail(i+j, true), true
}

func unwrapPipx(_ *state, w *wrapped) ([]action, bool) {
	if len(w.ws) > 2 && w.args[1] == "run" {
		return unwrapRunner(w.ws, 2, "pipx run"), true
	}
	return nil, false
}

func unwrapConda(_ *state, w *wrapped) ([]action, bool) {
	if len(w.ws) > 2 && w.args[1] == "run" {
		i, _ := skipOpts(w.ws[1:], optSpec{short: "np", long: []string{"--name", "--prefix", "--cwd"}})
		return w.tail(i+1, true), true
	}
	return nil, false
}

// unwrapEnvLoader reads the programs that load an environment and run a command:
// dotenv, mise, rtx, with-env.
func unwrapEnvLoader(_ *state, w *wrapped) ([]action, bool) {
	for i := 1; i < len(w.ws); i++ {
		if w.args[i] == "--" {
			return w.tail(i+1, true), true
		}
	}
	if w.name == "mise" && len(w.ws) > 2 && (w.args[1] == "exec" || w.args[1] == "x") {
		return nil, true
	}
	if w.name == "dotenv" {
		i, _ := skipOpts(w.ws, optSpec{short: "ecv", long: []string{}})
		return w.tail(i, true), true
	}
	return nil, false
}

func unwrapDirenv(_ *state, w *wrapped) ([]action, bool) {
	if len(w.ws) > 3 && w.args[1] == "exec" {
		return []action{{words: w.ws[3:], transparent: true, cwd: w.args[2]}}, true
	}
	return nil, false
}

func unwrapNixShell(_ *state, w *wrapped) ([]action, bool) {
	for i := 1; i+1 < len(w.ws); i++ {
		if w.args[i] == "--run" || w.args[i] == "--command" {
			return []action{{script: w.args[i+1], scriptSet: true, what: "nix-shell --run"}}, true
		}
	}
	return nil, false
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// scriptFromWords joins words into a script (eval, watch): static words are joined
// with spaces as the shell does.
func (st *state) scriptFromWords(ws []word, what string, same bool) []action {
	if len(ws) == 0 {
		return nil
	}
	for _, w := range ws {
		if w.dyn {
			return []action{{unparsable: fmt.Sprintf("the command given to %s is computed at run time (%s)", what, w.text)}}
		}
	}
	return []action{{script: strings.Join(texts(ws), " "), scriptSet: true, what: what, sameShell: same, transparent: same}}
}

func (st *state) unwrapEnv(ws []word) []action {
	var cwd string
	env := map[string]value{}
	// split is the string of -S (a tiny shell line, words split and quotes removed)
	split, splitSet := "", false
	i := 1
	takeValue := func(rest string) (string, bool) {
		if rest != "" {
			return rest, true
		}
		if i+1 < len(ws) {
			i++
			if ws[i].dyn {
				return "", false
			}
			return ws[i].text, true
		}
		return "", true
	}
loop:
	for i < len(ws) {
		a := ws[i].text
		if ws[i].dyn {
			break
		}
		switch {
		case a == "--":
			i++
			break loop
		case a == "-":
			i++
		case strings.HasPrefix(a, "--"):
			name, val, hasVal := strings.Cut(a, "=")
			long := func(full string) bool { return len(name) > 2 && strings.HasPrefix(full, name) }
			switch {
			case long("--chdir"), long("--unset"), long("--split-string"):
				if !hasVal {
					v, ok := takeValue("")
					if !ok {
						return []action{{unparsable: "an option given to env is computed at run time"}}
					}
					val = v
				}
				if long("--chdir") {
					cwd = val
				} else if long("--split-string") {
					split, splitSet = val, true
					i++
					break loop
				}
			}
			i++
		case strings.HasPrefix(a, "-"):
			// a cluster of short options: -iS 'npm i', -vC dir, -u NAME
			cluster := a[1:]
			for j := 0; j < len(cluster); j++ {
				switch cluster[j] {
				case 'u', 'C', 'S', 'P':
					v, ok := takeValue(cluster[j+1:])
					if !ok {
						return []action{{unparsable: fmt.Sprintf("the value of env -%c is computed at run time", cluster[j])}}
					}
					switch cluster[j] {
					case 'C':
						cwd = v
					case 'S':
						split, splitSet = v, true
						i++
						break loop
					}
					j = len(cluster)
				}
			}
			i++
		case strings.Contains(a, "=") && !strings.HasPrefix(a, "="):
			name, val, _ := strings.Cut(a, "=")
			env[name] = value{text: val, known: true}
			i++ // NAME=value
		default:
			break loop
		}
	}
	if splitSet {
		// env -S 'npm install' splits the string into words, like a tiny shell
		var rest []string
		for _, w := range ws[i:] {
			if w.dyn {
				rest = append(rest, w.text)
			} else {
				rest = append(rest, Quote(w.text))
			}
		}
		return []action{{script: strings.TrimSpace(split + " " + strings.Join(rest, " ")), scriptSet: true, what: "env -S", transparent: true, cwd: cwd}}
	}
	if i >= len(ws) {
		return nil
	}
	return []action{{words: ws[i:], transparent: true, cwd: cwd, env: env}}
}

func unwrapXargs(ws []word) []action {
	i, _ := skipOpts(ws, optSpec{short: "ILnPsdEeaR", long: []string{"--max-args", "--max-procs", "--delimiter", "--arg-file", "--replace", "--max-lines", "--eof", "--max-chars", "--process-slot-var"}})
	cmd := ws[i:]
	if len(cmd) == 0 {
		cmd = []word{{text: "echo"}}
	}
	// xargs appends the words it reads: the command's arguments are not all known
	inner := append(append([]word(nil), cmd...), word{text: "<arguments read by xargs>", dyn: true})
	return []action{{words: inner}}
}

func unwrapFind(ws []word) []action {
	var acts []action
	for i := 1; i < len(ws); i++ {
		switch ws[i].text {
		case "-exec", "-execdir", "-ok", "-okdir":
			var inner []word
			j := i + 1
			for ; j < len(ws); j++ {
				t := ws[j].text
				if t == ";" || t == "+" {
					break
				}
				if strings.Contains(t, "{}") {
					inner = append(inner, word{text: t, dyn: true})
					continue
				}
				inner = append(inner, ws[j])
			}
			if len(inner) > 0 {
				acts = append(acts, action{words: inner})
			}
			i = j
		}
	}
	return acts
}

// unwrapGit expands a git alias the line defines: on the command line (`git -c
// alias.p='push -f' p`, `--config-env`), in the environment (GIT_CONFIG_COUNT,
// GIT_CONFIG_KEY_n, GIT_CONFIG_VALUE_n), or by an earlier `git config alias.p ...`.
// `git config alias.p VALUE` itself records the alias for the rest of the line.
func (st *state) unwrapGit(ws []word) []action {
	args := texts(ws)
	aliases := map[string]value{}
	for k, v := range st.p.gitAliases {
		aliases[k] = v
	}
	if n, ok := st.envVar("GIT_CONFIG_COUNT"); ok {
		count := 0
		if n.known {
			fmt.Sscan(n.text, &count)
		}
		if !n.known || count > 64 {
			count = 64
		}
		for k := 0; k < count; k++ {
			key, okK := st.envVar(fmt.Sprintf("GIT_CONFIG_KEY_%d", k))
			val, okV := st.envVar(fmt.Sprintf("GIT_CONFIG_VALUE_%d", k))
			if !okK {
				continue
			}
			if !key.known {
				aliases["*"] = value{} // any alias could be set
				continue
			}
			if name, ok := gitAliasKey(key.text); ok {
				aliases[name] = value{text: val.text, known: okV && val.known}
			}
		}
	}
	i := 1
	for i < len(ws) && strings.HasPrefix(args[i], "-") {
		a := args[i]
		if ws[i].dyn {
			return []action{{unparsable: "an option given to git is computed at run time (" + a + ")"}}
		}
		cfg, hasCfg := "", false
		switch {
		case a == "-c" && i+1 < len(ws):
			if ws[i+1].dyn {
				aliases["*"] = value{}
			}
			cfg, hasCfg = args[i+1], !ws[i+1].dyn
			i += 2
		case strings.HasPrefix(a, "-c") && len(a) > 2:
			cfg, hasCfg = a[2:], true
			i++
		case a == "--config-env" && i+1 < len(ws) || strings.HasPrefix(a, "--config-env="):
			spec := strings.TrimPrefix(a, "--config-env=")
			if a == "--config-env" {
				spec = args[i+1]
				i++
			}
			i++
			if k, env, ok := strings.Cut(spec, "="); ok {
				if name, ok := gitAliasKey(k); ok {
					v, okV := st.envVar(env)
					aliases[name] = value{text: v.text, known: okV && v.known}
				}
			}
			continue
		case slices.Contains(gitValueOpts, a):
			i += 2
			continue
		default:
			i++
			continue
		}
		if hasCfg {
			if k, v, ok := strings.Cut(cfg, "="); ok {
				if name, ok := gitAliasKey(k); ok {
					aliases[name] = value{text: v, known: true}
				}
			}
		}
	}
	if i >= len(ws) || ws[i].dyn {
		return nil
	}
	if args[i] == "config" {
		st.gitConfig(ws[i+1:])
		return nil
	}
	def, ok := aliases[strings.ToLower(args[i])]
	if !ok {
		if wild, any := aliases["*"]; any && !gitBuiltins.Get()[args[i]] {
			def, ok = wild, true
		}
	}
	if !ok || gitBuiltins.Get()[args[i]] {
		return nil // git runs its own command of that name, never an alias
	}
	if !def.known {
		return []action{{unparsable: fmt.Sprintf("the git alias %s is set to a value computed at run time", args[i])}}
	}
	if strings.HasPrefix(def.text, "!") {
		var rest []string
		for _, w := range ws[i+1:] {
			rest = append(rest, Quote(w.text))
		}
		return []action{{script: strings.TrimPrefix(def.text, "!") + " " + strings.Join(rest, " "), scriptSet: true, what: "a git alias", transparent: true}}
	}
	var inner []word
	inner = append(inner, ws[:i]...)
	fields, err := splitWords(def.text)
	if err != nil {
		return []action{{unparsable: "cannot read the git alias " + args[i] + ": " + err.Error()}}
	}
	for _, f := range fields {
		inner = append(inner, word{text: f})
	}
	inner = append(inner, ws[i+1:]...)
	return []action{{words: inner, transparent: true}}
}

// gitConfig records the aliases `git config [scope options] alias.NAME VALUE` and
// `git config set alias.NAME VALUE` set.
func (st *state) gitConfig(ws []word) {
	var operands []word
	unset := false
	for i := 0; i < len(ws); i++ {
		a := ws[i].text
		switch {
		case ws[i].dyn && len(operands) == 0:
			st.p.gitAliases["*"] = value{}
			return
		case a == "--unset" || a == "--unset-all" || a == "unset" && len(operands) == 0:
			unset = true
		case a == "set" && len(operands) == 0:
		case a == "-f" || a == "--file" || a == "--blob" || a == "--type" || a == "--comment" || a == "--value":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			operands = append(operands, ws[i])
		}
	}
	if len(operands) == 0 {
		return
	}
	name, ok := gitAliasKey(operands[0].text)
	if !ok {
		return
	}
	switch {
	case unset:
		delete(st.p.gitAliases, name)
	case len(operands) < 2:
	case operands[1].dyn:
		st.p.gitAliases[name] = value{}
	default:
		st.p.gitAliases[name] = value{text: operands[1].text, known: true}
	}
}

// gitAliasKey returns the alias a configuration key names (alias.p, ALIAS.P).
func gitAliasKey(k string) (string, bool) {
	k = strings.ToLower(strings.TrimSpace(k))
	name, ok := strings.CutPrefix(k, "alias.")
	return name, ok && name != ""
}

// gitBuiltins are git's own commands, which an alias of the same name never replaces.
var gitBuiltins = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return map[string]bool{
		"add": true, "am": true, "archive": true, "bisect": true, "branch": true, "bundle": true, "checkout": true,
		"cherry-pick": true, "clean": true, "clone": true, "commit": true, "config": true, "describe": true, "diff": true,
		"fetch": true, "gc": true, "grep": true, "init": true, "log": true, "merge": true, "mv": true, "notes": true,
		"pull": true, "push": true, "rebase": true, "reflog": true, "remote": true, "reset": true, "restore": true,
		"revert": true, "rm": true, "show": true, "stash": true, "status": true, "submodule": true, "switch": true,
		"tag": true, "worktree": true,
	}
}}

// splitWords splits an alias value into words as git does (quotes group words).
func splitWords(s string) ([]string, error) {
	f, err := syntax.NewParser().Parse(strings.NewReader(s), "")
	if err != nil {
		return nil, err
	}
	if len(f.Stmts) != 1 {
		return strings.Fields(s), nil
	}
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok {
		return strings.Fields(s), nil
	}
	var out []string
	for _, w := range ce.Args {
		if l, ok := literal(w); ok {
			out = append(out, l)
		} else {
			out = append(out, source(w))
		}
	}
	return out, nil
}

// Global options that take a value, per tool, so the subcommand can be found.
var (
	gitValueOpts  = []string{"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env", "--exec-path", "--list-cmds", "--attr-source"}
	npmValueOpts  = []string{"--prefix", "-w", "--workspace", "--registry", "--loglevel", "--userconfig", "--cache"}
	pnpmValueOpts = []string{"-C", "--dir", "-F", "--filter", "--reporter", "--loglevel", "--filter-prod", "--test-pattern", "--changed-files-ignore-pattern", "--workspace-concurrency"}
	yarnValueOpts = []string{"--cwd", "--cache-folder", "--modules-folder", "--registry", "--mutex"}
	uvValueOpts   = []string{"--directory", "--project", "--config-file", "--cache-dir", "--color", "--python", "-p", "--index", "--default-index", "--index-url", "--extra-index-url", "--find-links", "-f"}
)

// subcommand returns the position of a tool's subcommand (the first word that is not
// a global option or its value), or -1.
func subcommand(ws []word, valueOpts []string) int {
	for i := 1; i < len(ws); i++ {
		a := ws[i].text
		if ws[i].dyn {
			return -1
		}
		if !strings.HasPrefix(a, "-") {
			return i
		}
		if slices.Contains(valueOpts, a) {
			i++
		}
	}
	return -1
}

// unwrapRunner handles package runners: the first operand (after the runner's own
// options) is the package or program, run with the rest.
func unwrapRunner(ws []word, i int, what string) []action {
	var pkgFlag string
	for i < len(ws) {
		a := ws[i].text
		if ws[i].dyn {
			break
		}
		if a == "--" {
			i++
			break
		}
		if !strings.HasPrefix(a, "-") {
			break
		}
		name, val, hasVal := strings.Cut(a, "=")
		switch name {
		case "-c", "--call", "--shell-mode":
			if what == "npx" || what == "npm exec" || strings.HasPrefix(what, "pnpm") {
				if !hasVal && i+1 < len(ws) {
					if ws[i+1].dyn {
						return []action{{unparsable: fmt.Sprintf("the command given to %s -c is computed at run time", what)}}
					}
					val = ws[i+1].text
				}
				return []action{{script: val, scriptSet: true, what: what + " -c", transparent: true}}
			}
		case "-p", "--package", "--from", "--with", "--with-requirements", "--python", "--spec", "--index", "--index-url",
			"--extra-index-url", "--extra", "--group", "--env-file", "--directory", "--project", "--cache", "--registry",
			"--filter", "-F", "-C", "--dir", "--no-group", "--only-group", "--exclude-newer", "--refresh-package", "-w", "--with-editable":
			if !hasVal {
				i++
			}
			if name == "-p" || name == "--package" || name == "--from" {
				pkgFlag = val
			}
		case "-m", "--module":
			if strings.HasPrefix(what, "uv") && i+1 < len(ws) {
				return []action{{words: ws[i+1:], transparent: true}}
			}
		}
		i++
	}
	_ = pkgFlag
	if i >= len(ws) {
		return nil
	}
	prog := ws[i]
	if !prog.dyn {
		prog.text = packageBin(prog.text)
	}
	inner := append([]word{prog}, ws[i+1:]...)
	return []action{{words: inner, transparent: true}}
}

// packageBin turns a package spec into the program it runs: tsc@5 -> tsc,
// @scope/cli@1 -> cli, typescript -> typescript.
func packageBin(spec string) string {
	s := spec
	if strings.HasPrefix(s, "@") {
		if i := strings.Index(s[1:], "@"); i >= 0 {
			s = s[:i+1]
		}
		if j := strings.LastIndexByte(s, '/'); j >= 0 {
			s = s[j+1:]
		}
		return s
	}
	if i := strings.IndexByte(s, '@'); i > 0 {
		s = s[:i]
	}
	if i := strings.IndexAny(s, "=<>"); i > 0 { // uvx ruff==0.5
		s = s[:i]
	}
	return s
}

func isPython(name string) bool {
	if name == "python" || name == "python3" || name == "python2" || name == "pypy" || name == "pypy3" {
		return true
	}
	rest, ok := strings.CutPrefix(name, "python")
	if !ok {
		return false
	}
	for _, r := range rest {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	return rest != ""
}

// unwrapPython: `python -m pip install x` runs pip; `python tools/x.py` runs the script.
func unwrapPython(ws []word) []action {
	for i := 1; i < len(ws); i++ {
		a := ws[i].text
		if ws[i].dyn {
			return nil
		}
		switch {
		case a == "-m":
			if i+1 < len(ws) {
				return []action{{words: ws[i+1:], transparent: true}}
			}
			return nil
		case strings.HasPrefix(a, "-m") && len(a) > 2:
			return []action{{words: append([]word{{text: a[2:]}}, ws[i+1:]...), transparent: true}}
		case a == "-c" || strings.HasPrefix(a, "-c"):
			return nil // Python code, not a command
		case a == "-W" || a == "-X" || a == "--check-hash-based-pycs":
			i++
		case a == "-" || a == "--":
			return nil
		case strings.HasPrefix(a, "-"):
			// clustered flags such as -Im
			if strings.Contains(a[1:], "m") && !strings.HasPrefix(a, "--") {
				k := strings.IndexByte(a, 'm')
				if k == len(a)-1 && i+1 < len(ws) {
					return []action{{words: ws[i+1:], transparent: true}}
				}
				return []action{{words: append([]word{{text: a[k+1:]}}, ws[i+1:]...), transparent: true}}
			}
		default:
			return []action{{words: ws[i:], transparent: true}}
		}
	}
	return nil
}

// unwrapInterpreter: `node tools/x.js`, `deno run -A tools/format.js` run the script.
func unwrapInterpreter(ws []word, name string) []action {
	i := 1
	if name == "deno" || name == "bun" {
		if i < len(ws) && ws[i].text == "run" {
			i++
		} else if name == "deno" {
			return nil // deno task, deno test, ...: not a script run
		} else if i < len(ws) && !strings.HasPrefix(ws[i].text, "-") && !strings.Contains(ws[i].text, ".") {
			return nil // bun install, bun test: subcommands
		}
	}
	valueOpts := map[string]bool{"-r": true, "--require": true, "--import": true, "--loader": true, "-c": true, "--config": true,
		"--import-map": true, "--lock": true, "--cert": true, "--location": true, "--seed": true, "--env-file": false}
	for ; i < len(ws); i++ {
		a := ws[i].text
		if ws[i].dyn {
			return nil
		}
		if a == "-e" || a == "--eval" || a == "-p" || a == "--print" {
			return nil // inline code
		}
		if a == "--" {
			i++
			break
		}
		if !strings.HasPrefix(a, "-") {
			break
		}
		if valueOpts[a] {
			i++
		}
	}
	if i >= len(ws) {
		return nil
	}
	return []action{{words: ws[i:], transparent: true}}
}

func isShell(name string) bool {
	switch name {
	case "bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "rbash":
		return true
	}
	return false
}

// unwrapShell: `bash -c 'script' name args`, `bash script.sh`, `bash <<< 'script'`.
func (st *state) unwrapShell(ws []word, stdin *stdinSrc) []action {
	name := base(ws[0].text)
	cmdMode, stdinMode := false, false
	i := 1
	for i < len(ws) {
		a := ws[i].text
		if ws[i].dyn {
			if cmdMode {
				break
			}
			return []action{{unparsable: fmt.Sprintf("an option given to %s is computed at run time (%s)", name, a)}}
		}
		if a == "--" || a == "-" {
			i++
			break
		}
		if !strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "+") {
			break
		}
		if strings.HasPrefix(a, "--") {
			if a == "--rcfile" || a == "--init-file" {
				i++
			}
			i++
			continue
		}
		cluster := a[1:]
		for j := 0; j < len(cluster); j++ {
			switch cluster[j] {
			case 'c':
				cmdMode = true
			case 's':
				stdinMode = true
			case 'o', 'O':
				if j == len(cluster)-1 {
					i++ // -o pipefail
				}
			}
		}
		i++
	}
	if cmdMode {
		if i >= len(ws) {
			return []action{{unparsable: name + " -c without a command string"}}
		}
		if ws[i].dyn {
			return []action{{unparsable: fmt.Sprintf("the script given to %s -c is computed at run time (%s)", name, ws[i].text)}}
		}
		pos := []string{name}
		if i+1 < len(ws) {
			pos = nil
			for _, w := range ws[i+1:] {
				if w.dyn {
					pos = nil
					break
				}
				pos = append(pos, w.text)
			}
		}
		return []action{{script: ws[i].text, scriptSet: true, what: name + " -c", pos: pos, transparent: true}}
	}
	if i < len(ws) && !stdinMode {
		// a script file: judged as the command it is (rules may name it)
		return []action{{words: ws[i:], transparent: true}}
	}
	if stdin == nil {
		return nil // an interactive shell
	}
	if stdin.file != "" {
		// `sh < x.sh` runs the script like `sh x.sh`
		return []action{{words: []word{{text: stdin.file}}, transparent: true}}
	}
	if !stdin.known {
		return []action{{unparsable: fmt.Sprintf("%s reads its commands from %s, which heed cannot see", name, stdin.from)}}
	}
	return []action{{script: stdin.text, scriptSet: true, what: name + " reading " + stdin.from, transparent: true}}
}

// unwrapParallel: GNU parallel runs its command template through a shell once per
// argument (`parallel npm ::: i`), or, with no template, each argument as a command
// line (`parallel ::: 'npm i'`). The arguments it substitutes are not known before it
// runs, except those given after ::: on the line.
func (st *state) unwrapParallel(ws []word) []action {
	i, _ := skipOpts(ws, optSpec{short: "jSaIdEPlLnNsX", long: []string{"--jobs", "--sshlogin", "--arg-file", "--replace", "--delimiter", "--eof", "--max-args", "--max-lines", "--max-chars", "--colsep", "--results", "--joblog", "--tag-string", "--timeout", "--workdir", "--env", "--basefile", "--return", "--delay", "--retries", "--halt", "--id", "--tmpdir", "--load", "--memfree", "--shebang-wrap"}})
	var tmpl []word
	for i < len(ws) && !strings.HasPrefix(ws[i].text, ":::") && !strings.HasPrefix(ws[i].text, "::::") {
		tmpl = append(tmpl, ws[i])
		i++
	}
	var argWords []word
	for ; i < len(ws); i++ {
		if !strings.HasPrefix(ws[i].text, ":::") {
			argWords = append(argWords, ws[i])
		}
	}
	if len(tmpl) == 0 {
		var acts []action
		for _, a := range argWords {
			if a.dyn {
				acts = append(acts, action{unparsable: "a command given to parallel is computed at run time (" + a.text + ")"})
				continue
			}
			acts = append(acts, action{script: a.text, scriptSet: true, what: "parallel"})
		}
		if len(acts) == 0 {
			acts = append(acts, action{unparsable: "parallel reads the commands it runs from its input, which heed cannot see"})
		}
		return acts
	}
	var parts []string
	placed := false
	for _, w := range tmpl {
		t := w.text
		if w.dyn {
			parts = append(parts, t)
			continue
		}
		if strings.Contains(t, "{") && strings.Contains(t, "}") {
			placed = true
			parts = append(parts, `"$__heed_parallel_argument"`)
			continue
		}
		parts = append(parts, t) // parallel joins the template's words with spaces for its shell
	}
	if !placed {
		parts = append(parts, `"$__heed_parallel_argument"`)
	}
	script := strings.Join(parts, " ")
	// each argument given on the line is one run of the template
	acts := []action{{script: script, scriptSet: true, what: "parallel"}}
	for _, a := range argWords {
		if a.dyn {
			continue
		}
		acts = append(acts, action{script: strings.ReplaceAll(script, `"$__heed_parallel_argument"`, Quote(a.text)), scriptSet: true, what: "parallel"})
		if len(acts) > 64 {
			break
		}
	}
	return acts
}

// unwrapMake: make runs the recipes of the makefile it reads. Those of a Makefile on
// disk are not in the line; those given to --eval, or in a makefile read from a
// here-document (make -f -), are: each recipe line is a shell script, and so is the
// text of a $(shell ...) call.
func (st *state) unwrapMake(ws []word, stdin *stdinSrc) []action {
	var texts []string
	for i := 1; i < len(ws); i++ {
		a := ws[i].text
		var val string
		var isEval, isFile bool
		switch {
		case a == "--eval" || a == "-E":
			isEval = true
			if i+1 < len(ws) {
				i++
				if ws[i].dyn {
					return []action{{unparsable: "the text given to make --eval is computed at run time"}}
				}
				val = ws[i].text
			}
		case strings.HasPrefix(a, "--eval="):
			isEval, val = true, strings.TrimPrefix(a, "--eval=")
		case strings.HasPrefix(a, "-E") && len(a) > 2:
			isEval, val = true, a[2:]
		case a == "-f" || a == "--file" || a == "--makefile":
			if i+1 < len(ws) {
				i++
				isFile, val = true, ws[i].text
			}
		case strings.HasPrefix(a, "--file=") || strings.HasPrefix(a, "--makefile="):
			_, val, _ = strings.Cut(a, "=")
			isFile = true
		case strings.HasPrefix(a, "-f") && len(a) > 2 && !strings.HasPrefix(a, "--"):
			isFile, val = true, a[2:]
		}
		if ws[i].dyn && isEval {
			return []action{{unparsable: "the text given to make --eval is computed at run time"}}
		}
		switch {
		case isEval:
			texts = append(texts, val)
		case isFile && (val == "-" || val == "/dev/stdin"):
			if stdin == nil || !stdin.known {
				return []action{{unparsable: "make reads its makefile from its input, which heed cannot see"}}
			}
			texts = append(texts, stdin.text)
		}
	}
	var acts []action
	for _, t := range texts {
		for _, sc := range makeRecipes(t) {
			acts = append(acts, action{script: sc, scriptSet: true, what: "a make recipe"})
		}
	}
	return acts
}

// makeRecipes returns the shell scripts a makefile text runs: recipe lines (after a
// tab, or after the ";" of a rule line) and $(shell ...) calls, make's variables read
// as values heed does not know.
func makeRecipes(text string) []string {
	var out []string
	text = strings.ReplaceAll(text, "\\\n", " ")
	for _, line := range strings.Split(text, "\n") {
		recipe := ""
		switch {
		case strings.HasPrefix(line, "\t"):
			recipe = line[1:]
		default:
			if c := strings.Index(line, ":"); c >= 0 && !strings.HasPrefix(line[c:], ":=") {
				if semi := strings.Index(line[c:], ";"); semi >= 0 {
					recipe = line[c+semi+1:]
				}
			}
		}
		expanded, shells := makeExpand(line)
		out = append(out, shells...)
		_ = expanded
		if recipe != "" {
			r, _ := makeExpand(recipe)
			r = strings.TrimLeft(r, "@-+ \t")
			out = append(out, r)
		}
	}
	return out
}

// makeExpand replaces make's references ($(X), ${X}, $@) by a shell variable heed does
// not know, $$ by $, and returns the scripts of the $(shell ...) calls in the text.
func makeExpand(s string) (string, []string) {
	var b strings.Builder
	var shells []string
	for i := 0; i < len(s); i++ {
		if s[i] != '$' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		switch c := s[i+1]; c {
		case '$':
			b.WriteByte('$')
			i++
		case '(', '{':
			closer := byte(')')
			if c == '{' {
				closer = '}'
			}
			depth, j := 0, i+1
			for ; j < len(s); j++ {
				if s[j] == c {
					depth++
				} else if s[j] == closer {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			inner := s[i+2 : min(j, len(s))]
			if sh, ok := strings.CutPrefix(inner, "shell "); ok {
				e, more := makeExpand(sh)
				shells = append(append(shells, more...), e)
			}
			b.WriteString(`"$__heed_make_variable"`)
			i = j
		default:
			b.WriteString(`"$__heed_make_variable"`)
			i++
		}
	}
	return b.String(), shells
}

// pnpmCommands and yarnCommands are the package managers' own commands; any other
// first word runs a script of that name or a binary of the project's dependencies.
var (
	pnpmCommands = lazy.Value[map[string]bool]{F: func() map[string]bool {
		return wordSet(`add i install install-test it ln link unlink rm remove un uninstall up update upgrade
		import fetch rebuild rb prune dedupe patch patch-commit patch-remove audit outdated list ls ll la why licenses
		run run-script exec dlx create test t tst start restart stop publish pack deploy store env setup server config c get set
		init bin root recursive multi m doctor cat-file cat-index find-hash self-update help version approve-builds ignored-builds
		login logout whoami dist-tag owner docs home repo search view info v show profile token team access star unstar stars`)
	}}
	yarnCommands = lazy.Value[map[string]bool]{F: func() map[string]bool {
		return wordSet(`add install remove upgrade upgrade-interactive run exec dlx test start publish pack link unlink
		info why list global config cache init create workspace workspaces version versions audit autoclean bin check
		generate-lock-entry import licenses login logout outdated owner policies tag team help node set plugin up dedupe
		explain npm rebuild stage constraints patch patch-commit unplug`)
	}}
)

// wordSet is the set of the blank-separated words of s.
func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}
