package process

import (
	"path"
	"slices"
	"strings"
)

// Live enforcement's pre-filter (internal/enforce) runs a command at once when none
// of its words can be one a rule about its program needs, without loading or
// compiling the rules. The words are derived here, where the matcher's conventions
// are known, and are a superset of what Pattern.match can need:
//
//   - a pattern with positional words matches only when the command carries one of
//     them (or a subcommand alias of it: `npm i` is `npm install`, `npm t` runs the
//     test script); a glob as the subcommand (or as the script after `run`) has no
//     literal to require, so the program is always judged;
//   - a pattern with options alone matches only when the command carries one of
//     their spellings; the reader also counts abbreviations (`--forc`), `--opt=value`,
//     Go's `-race`/`--race`, case and every letter of a cluster (`-fdx`);
//   - a pattern with neither (a ban of the whole program, of its bare form, of an
//     environment assignment or of a path alone) is always judged;
//   - an ordering rule needs its guarded and its prerequisite forms (a prerequisite
//     is recorded when it runs), a branch rule its guarded forms and the checkouts
//     and switches it reads.
//
// Command lines the reader cannot take word by word (computed words, task runners'
// targets, unparsable lines) always take the full path (enforce.cleared).

// Triggers implements engine.Triggerer.
func (c *commandCheck) Triggers() (words, options []string, always bool) {
	var t triggers
	t.patterns(c.p.Forbid)
	t.patterns(c.p.Together)
	return t.result()
}

// Triggers implements engine.Triggerer.
func (s *sequenceCheck) Triggers() (words, options []string, always bool) {
	var t triggers
	t.patterns(s.p.Then)
	t.patterns(s.p.First)
	return t.result()
}

// Triggers implements engine.Triggerer.
func (b *branchCheck) Triggers() (words, options []string, always bool) {
	var t triggers
	t.patterns(b.guarded())
	// SwitchesTo: the checkouts that move the branch are recorded
	t.word("checkout")
	t.word("switch")
	t.option("-c") // git -c alias.x=...: never taken word by word
	return t.result()
}

type triggers struct {
	words, options []string
	always         bool
}

func (t *triggers) result() ([]string, []string, bool) {
	if t.always {
		return nil, nil, true
	}
	slices.Sort(t.words)
	slices.Sort(t.options)
	return slices.Compact(t.words), slices.Compact(t.options), false
}

func (t *triggers) patterns(ps []Pattern) {
	for i := range ps {
		t.pattern(&ps[i])
	}
}

func hasGlob(s string) bool { return strings.ContainsAny(s, "*?[\\") }

func (t *triggers) pattern(p *Pattern) {
	if t.always {
		return
	}
	git := false
	for _, prog := range p.Program {
		if progName(prog) == "git" || hasGlob(prog) {
			// `git -c alias.p=push p`, `git --config-env ...`: judged fully
			git = true
			t.option("-c")
			t.option("--config-env")
		}
	}
	if len(p.Args) > 0 {
		first := p.Args[0]
		if hasGlob(first) || isRun(first) && len(p.Args) > 1 && hasGlob(p.Args[1]) {
			t.always = true
			return
		}
		for _, a := range p.Args {
			if !hasGlob(a) {
				t.word(a)
			}
		}
		return
	}
	if len(p.Flags) == 0 {
		t.always = true // the whole program, its bare form, an assignment, a path
		return
	}
	for _, g := range p.Flags {
		for _, f := range g {
			if git && (f == "-f" || f == "--force") {
				// a force push is also --force-with-lease, --mirror or +ref
				// (parsed.forcePush): a pattern without its subcommand is judged
				t.always = true
				return
			}
			t.option(f)
		}
	}
}

// isRun: the word is `run` or a spelling of it (`run-script`).
func isRun(w string) bool {
	if w == "run" {
		return true
	}
	for _, tl := range everyTool() {
		if tl.canonical(w) == "run" {
			return true
		}
	}
	return false
}

// word adds a positional word, its canonical form and every alias of either, in any
// tool heed knows (the program of a command is matched by the index before).
func (t *triggers) word(w string) {
	forms := []string{w}
	for _, tl := range everyTool() {
		if c := tl.canonical(w); c != w {
			forms = append(forms, c)
		}
	}
	t.words = append(t.words, forms...)
	for _, tl := range everyTool() {
		for alias, c := range tl.aliases {
			if slices.Contains(forms, c) {
				t.words = append(t.words, alias)
			}
		}
	}
}

// option adds an option by its name without dashes or value, in lower case.
func (t *triggers) option(f string) {
	name, _, _ := strings.Cut(f, "=")
	core := strings.ToLower(strings.TrimLeft(name, "-"))
	if core != "" {
		t.options = append(t.options, core)
	}
}

// everyTool lists the conventions of every tool heed knows (compile time only).
func everyTool() []*tool {
	return []*tool{gitTool.Get(), npmTool.Get(), pnpmTool.Get(), yarnTool.Get(), bunTool.Get(), cargoTool.Get(), goTool.Get(),
		makeTool.Get(), uvTool.Get(), pipTool.Get(), ghTool.Get(), dotnetTool.Get(), tscTool.Get(), pytestTool.Get()}
}

// MayTrigger reports whether a command's words (argv after the program) can carry
// one of the trigger words or options (sorted, as Triggers returns them): the
// reader's half of the pre-filter. It is a superset of what the matcher accepts,
// and needs no table: every shim runs it.
func MayTrigger(args, words, options []string) bool {
	for _, w := range args {
		if _, ok := slices.BinarySearch(words, w); ok {
			return true
		}
		if len(w) < 2 || w[0] != '-' || len(options) == 0 {
			continue
		}
		name := w
		if i := strings.IndexByte(w, '='); i >= 0 {
			name = w[:i]
		}
		long := strings.HasPrefix(name, "--")
		core := strings.ToLower(strings.TrimLeft(name, "-"))
		if core != "" {
			if _, ok := slices.BinarySearch(options, core); ok {
				return true
			}
		}
		if long {
			// an abbreviation (`--forc`)
			for _, o := range options {
				if core != "" && strings.HasPrefix(o, core) {
					return true
				}
			}
			continue
		}
		// a cluster of short options (`-fdx`), or one with its value (`-mfix`): every
		// letter of the word, "=" and what follows it included (`-u=rf` is -u, -=,
		// -r, -f to a tool whose -u takes no value)
		for i := 1; i < len(w); i++ {
			c := w[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if _, ok := slices.BinarySearch(options, string(rune(c))); ok {
				return true
			}
		}
	}
	return false
}

// ProgramMay reports whether a program spec of a rule (a base name, a glob of base
// names, or a path glob, as Pattern.Program holds them) can name the program of a
// command run as argv0: the pre-filter's test for the rules the index files under
// every program. A path glob can name only a program run by a path (programMatches);
// a malformed glob can name anything.
func ProgramMay(specs []string, argv0 string) bool {
	prog := progName(argv0)
	for _, spec := range specs {
		if strings.Contains(spec, "/") {
			if strings.Contains(argv0, "/") {
				return true
			}
			continue
		}
		if ok, err := path.Match(spec, prog); ok || err != nil {
			return true
		}
	}
	return false
}
