package process

import (
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
)

// flag is one option of a parsed command line.
type flag struct {
	// name is the option as spelled up to "=" (--force, -f, -run); a short option of
	// a cluster is reported alone (-fdx gives -f, -d, -x).
	name  string
	value string
	// cluster is the token the option came from, when it was part of a cluster.
	cluster string
}

// positional is a word that is not an option.
type positional struct {
	text string
	dyn  bool
	// afterDD: the word came after "--".
	afterDD bool
}

// parsed is an argv read with its program's conventions.
type parsed struct {
	argv0 string
	prog  string
	tool  *tool
	// progDyn: the program itself is computed at run time.
	progDyn bool
	flags   []flag
	pos     []positional
	// dyn counts the dynamic words that could be options (not option values).
	dyn int
	// assigns counts the variable assignments of a program that takes them as
	// arguments (make's `VAR=value`): no positional words, yet more than the bare form
	assigns int
	// cwd is the repository-relative directory the command runs in (absolute when
	// outside), cwdUnknown when heed cannot tell it, root the repository's path.
	cwd        string
	cwdUnknown bool
	root       string
	// exact: options match only as spelled in full. Exceptions are matched so: `git
	// push --force` is no abbreviation of an allowed `--force-with-lease`, because
	// --force is an option of its own (a prefix counts only toward a ban).
	exact bool
	// forceExempt lists the force-push spellings a rule names as its exception or
	// alternative (see forcePush).
	forceExempt map[string]bool
	// env are the environment assignments written for the command, envDyn the
	// names whose value is computed at run time.
	env    map[string]string
	envDyn map[string]bool
}

// withEnv records the command's environment assignments.
func (p *parsed) withEnv(cmd *engine.Command) *parsed {
	p.env = cmd.Env
	if len(cmd.DynamicEnv) > 0 {
		p.envDyn = map[string]bool{}
		for _, n := range cmd.DynamicEnv {
			p.envDyn[n] = true
		}
	}
	return p
}

// parseArgv reads argv with the conventions of its program. dyn holds the positions of
// words computed at run time.
func parseArgv(argv []string, dyn []int) *parsed {
	isDyn := map[int]bool{}
	for _, i := range dyn {
		isDyn[i] = true
	}
	p := &parsed{}
	if len(argv) == 0 {
		return p
	}
	p.argv0 = argv[0]
	p.prog = progName(argv[0])
	p.progDyn = isDyn[0]
	p.tool = toolFor(p.prog)
	t := p.tool
	opts := t.global
	afterDD := false
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		if isDyn[i] {
			p.dyn++
			p.pos = append(p.pos, positional{text: a, dyn: true, afterDD: afterDD})
			continue
		}
		if afterDD {
			p.pos = append(p.pos, positional{text: a, afterDD: true})
			continue
		}
		if a == "--" {
			afterDD = true
			continue
		}
		// cargo +nightly, rustup +stable: a toolchain, not a subcommand
		if len(p.pos) == 0 && strings.HasPrefix(a, "+") && (p.prog == "cargo" || p.prog == "rustup" || p.prog == "rustc") {
			continue
		}
		if t.assignments && !strings.HasPrefix(a, "-") && strings.Contains(a, "=") {
			p.assigns++
			continue // make VAR=value
		}
		if len(a) < 2 || a[0] != '-' || isNumber(a) {
			p.pos = append(p.pos, positional{text: a})
			if len(p.pos) == 1 {
				opts = t.subOpts(t.canonical(a))
			}
			continue
		}
		takes := func(name string) bool {
			if t.foldCase {
				for _, l := range opts.long {
					if strings.EqualFold(l, name) {
						return true
					}
				}
			}
			return opts.takesValue(name)
		}
		if strings.HasPrefix(a, "--") || t.goStyle {
			name, val, hasVal := strings.Cut(a, "=")
			if !hasVal && takes(name) && i+1 < len(argv) {
				i++
				val = argv[i]
			}
			p.flags = append(p.flags, flag{name: name, value: val})
			continue
		}
		// a cluster of short options: the first that takes a value ends it
		for j := 1; j < len(a); j++ {
			name := "-" + a[j:j+1]
			f := flag{name: name}
			if len(a) > 2 {
				f.cluster = a
			}
			if takes(name) {
				f.value = a[j+1:]
				if f.value == "" && i+1 < len(argv) {
					i++
					f.value = argv[i]
				}
				p.flags = append(p.flags, f)
				break
			}
			p.flags = append(p.flags, f)
		}
		// make -j 4: a job count, not a target
		if p.prog == "make" && (a == "-j" || a == "-l") && i+1 < len(argv) && isNumber(argv[i+1]) {
			i++
		}
	}
	return p
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == '-' {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	return true
}

// hasFlag reports whether the command carries an option spelled like spec, and how.
func (p *parsed) hasFlag(spec string) (string, bool) {
	t := p.tool
	specName, specVal, specHasVal := strings.Cut(spec, "=")
	for _, f := range p.flags {
		name := f.name
		ok := false
		switch {
		case t.foldCase && strings.EqualFold(name, specName):
			ok = true
		case name == specName:
			ok = true
		case t.goStyle && strings.TrimLeft(name, "-") == strings.TrimLeft(specName, "-"):
			ok = true // Go accepts -race and --race alike
		case t.abbrev && !p.exact && strings.HasPrefix(name, "--") && len(name) >= 3 && len(name) < len(specName) && strings.HasPrefix(specName, name):
			// git and GNU getopt_long accept unambiguous prefixes: --forc, --amen,
			// rm --rec; an ambiguous one is an error, so counting it never lets a
			// forbidden command through
			ok = true
		}
		if ok && specHasVal && f.value != specVal && !(strings.Contains(specVal, "*") && globOK(specVal, f.value)) &&
			!(f.value == "" && p.hasPositional(specVal)) {
			// a value glob ("-b=claude/*") matches the values it covers; an option
			// heed does not know to take a value was read bare, and its value as a
			// word of its own ("--output-structure locale-modules")
			ok = false
		}
		if ok {
			if f.cluster != "" {
				return f.cluster, true
			}
			if f.value != "" && !strings.HasPrefix(spec, "-") {
				return name + "=" + f.value, true
			}
			return name, true
		}
	}
	return "", false
}

// hasPositional reports a positional word of the command equal to text.
func (p *parsed) hasPositional(text string) bool {
	for _, a := range p.pos {
		if a.text == text {
			return true
		}
	}
	return false
}

// programMatches reports whether spec names the program of p: a base name or a glob of
// base names (pip3.*), or with a "/", a path glob matched against the end of the path
// the program was run by (**/node_modules/.bin/*, tools/lint.js).
func programMatches(spec string, p *parsed) bool {
	if !strings.Contains(spec, "/") {
		if spec == p.prog {
			return true
		}
		ok, _ := path.Match(spec, p.prog)
		return ok
	}
	if !strings.Contains(p.argv0, "/") {
		return false
	}
	written := strings.TrimPrefix(path.Clean(p.argv0), "./")
	if !path.IsAbs(written) && p.cwd != "" && !path.IsAbs(p.cwd) && !p.cwdUnknown {
		// `./gradlew` run in projects/ is projects/gradlew of the repository
		written = path.Join(p.cwd, written)
	}
	spec = strings.TrimPrefix(spec, "./")
	spec = strings.TrimPrefix(spec, "**/")
	// match the spec against every suffix of the path that starts at a "/"
	for s := written; ; {
		if globMatch(spec, s) {
			return true
		}
		i := strings.IndexByte(s, '/')
		if i < 0 {
			return false
		}
		s = s[i+1:]
	}
}

// globMatch matches a path against a glob where "*" stays within a path element and
// "**" spans elements.
func globMatch(glob, s string) bool {
	if !strings.Contains(glob, "**") {
		ok, _ := path.Match(glob, s)
		return ok
	}
	before, after, _ := strings.Cut(glob, "**")
	if !strings.HasPrefix(s, before) {
		return false
	}
	rest := s[len(before):]
	after = strings.TrimPrefix(after, "/")
	for {
		if globMatch(after, rest) {
			return true
		}
		i := strings.IndexByte(rest, '/')
		if i < 0 {
			return after == ""
		}
		rest = rest[i+1:]
	}
}
