package process

import (
	"fmt"
	"path"
	"strings"
)

// Pattern is a form of command, matched argv-aware: options in any order, `--opt=v`
// and `--opt v` alike, short options in clusters (-fdx), "--" ending options.
type Pattern struct {
	// Program lists the programs the pattern is about (any of them): a base name
	// ("npm"), a glob of base names ("pip3.*"), or, when it holds a "/", a path glob
	// matched against the end of the path the program was run by
	// ("**/node_modules/.bin/*", "tools/lint.js").
	Program []string `json:"program"`
	// Args are positional words. The first is the subcommand and must be the
	// command's first positional word; the others must follow it in order, with
	// other words between them allowed. Globs are allowed ("v*", "+*").
	Args []string `json:"args,omitempty"`
	// Flags are the options the command must carry: every group, each by one of its
	// spellings ("-f", "--force", "--force-with-lease"; "--mode=hard" also requires
	// the value).
	Flags [][]string `json:"flags,omitempty"`
	// Lacking are options whose presence takes the command out of the pattern: it
	// matches only when it carries none of them ("never run `cargo publish` without
	// `--dry-run`"). Each group lists one option's spellings.
	Lacking [][]string `json:"lacking,omitempty"`
	// Bare: the pattern matches only when the command has no positional word beyond
	// Args ("do not run `npm test` without a path").
	Bare bool `json:"bare,omitempty"`
	// Alone: the pattern matches only when the command carries nothing beyond its
	// Program and Args, neither options nor operands ("running the bare `cargo
	// test` is not acceptable" leaves `cargo test -p core` allowed).
	Alone bool `json:"alone,omitempty"`
	// Paths are repository paths ("." the root) or globs of them (`**/*.erb`) that one of the command's operands
	// must name, resolved against the directory the command runs in: "never `rm -rf`
	// on the repository root" is `rm -rf .` at the root, `rm -rf ..` in a folder, `rm
	// -rf /abs/path/of/the/repository` or any folder above it, never `rm -rf build/`.
	Paths []string `json:"paths,omitempty"`
	// Env are environment assignments the command line must write for the command
	// ("NAME=value", or "NAME" for any value): "never run `CI=1 pnpm install`" is a
	// ban of that install, not of every install.
	Env []string `json:"env,omitempty"`
	// LackingEnv: the pattern matches only when the command line does not write all
	// of these assignments ("run Nx as `NX_DAEMON=false pnpm nx ...`": the form
	// without them). Assignments the session made in earlier lines are not seen.
	LackingEnv []string `json:"lacking_env,omitempty"`
}

// validate checks the pattern at index idx of the params field (params.forbid),
// named in errors as params.forbid[0].
func (p *Pattern) validate(field string, idx int) error {
	if err := p.check(); err != nil {
		return fmt.Errorf("%s[%d]%v", field, idx, err)
	}
	return nil
}

// badGlob reports whether s is a malformed path.Match pattern: only a character
// class or a trailing backslash can be.
func badGlob(s string) error {
	if !strings.ContainsAny(s, "[\\") {
		return nil
	}
	_, err := path.Match(s, "")
	return err
}

// check is validate's work; its errors start with the part of the pattern at fault
// (".program: ...").
func (p *Pattern) check() error {
	const at = ""
	if len(p.Program) == 0 {
		return fmt.Errorf("%s.program: at least one program is required", at)
	}
	for i, prog := range p.Program {
		if strings.TrimSpace(prog) == "" {
			return fmt.Errorf("%s.program[%d]: empty program name", at, i)
		}
		if err := badGlob(strings.ReplaceAll(prog, "**", "*")); err != nil {
			return fmt.Errorf("%s.program[%d]: bad glob %q: %v", at, i, prog, err)
		}
	}
	for i, a := range p.Args {
		if a == "" {
			return fmt.Errorf("%s.args[%d]: empty word", at, i)
		}
		if err := badGlob(a); err != nil {
			return fmt.Errorf("%s.args[%d]: bad glob %q: %v", at, i, a, err)
		}
	}
	for i, g := range p.Lacking {
		for j, f := range g {
			if len(f) < 2 || f[0] != '-' {
				return fmt.Errorf("%s.lacking[%d][%d]: %q is not an option (it must start with \"-\")", at, i, j, f)
			}
		}
	}
	for _, f := range [...]struct {
		name string
		list []string
	}{{"env", p.Env}, {"lacking_env", p.LackingEnv}} {
		for i, e := range f.list {
			if name, _, _ := strings.Cut(e, "="); !envName(name) {
				return fmt.Errorf("%s.%s[%d]: %q is not an environment assignment (NAME or NAME=value)", at, f.name, i, e)
			}
		}
	}
	for i, d := range p.Paths {
		if d == "" || path.IsAbs(d) || d == ".." || strings.HasPrefix(d, "../") {
			return fmt.Errorf("%s.paths[%d]: %q is not a path inside the repository", at, i, d)
		}
	}
	for i, g := range p.Flags {
		if len(g) == 0 {
			return fmt.Errorf("%s.flags[%d]: an empty group can never be satisfied", at, i)
		}
		for j, f := range g {
			if len(f) < 2 || f[0] != '-' {
				return fmt.Errorf("%s.flags[%d][%d]: %q is not an option (it must start with \"-\")", at, i, j, f)
			}
		}
	}
	return nil
}

// String renders the pattern as a command line for messages: `git push --force`.
func (p *Pattern) String() string {
	var parts []string
	parts = append(parts, p.Env...)
	prog := p.Program[0]
	if len(p.Program) > 1 {
		prog = strings.Join(p.Program, "|")
	}
	parts = append(parts, prog)
	parts = append(parts, p.Args...)
	for _, g := range p.Flags {
		parts = append(parts, strings.Join(g, "|"))
	}
	if p.Bare {
		parts = append(parts, "(with no argument)")
	}
	if p.Alone {
		parts = append(parts, "(alone)")
	}
	for _, g := range p.Lacking {
		parts = append(parts, "(without "+strings.Join(g, "|")+")")
	}
	parts = append(parts, p.Paths...)
	if len(p.LackingEnv) > 0 {
		parts = append(parts, "(without "+strings.Join(p.LackingEnv, " ")+")")
	}
	return strings.Join(parts, " ")
}

// envName: a shell variable's name.
func envName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// envMatch is how the command's environment assignments fare against a list of them:
// all written as asked (matches), one computed at run time (mayMatch), or not.
func (c *parsed) envMatch(want []string) (match, string) {
	res, how := matches, ""
	for _, e := range want {
		name, val, hasVal := strings.Cut(e, "=")
		got, ok := c.env[name]
		switch {
		case !ok:
			return noMatch, ""
		case c.envDyn[name]:
			res, how = mayMatch, "$"+name+" is computed at run time"
		case hasVal && got != val:
			return noMatch, ""
		}
	}
	return res, how
}

// match is how a command fares against a pattern.
type match int

const (
	noMatch match = iota
	// mayMatch: words computed at run time could make the command match.
	mayMatch
	matches
)

// matchResult says how and why.
type matchResult struct {
	m match
	// how names what matched ("--force", "+main") or what is unknown ("$BRANCH").
	how []string
}

func (p *Pattern) match(c *parsed) matchResult {
	if c.prog == "" {
		return matchResult{}
	}
	if c.progDyn {
		return matchResult{m: mayMatch, how: []string{"the program " + c.argv0 + " is computed at run time"}}
	}
	progOK := false
	for _, spec := range p.Program {
		if programMatches(spec, c) {
			progOK = true
			break
		}
	}
	if !progOK {
		return matchResult{}
	}
	res := matchResult{m: matches}
	maybe := func(why string) {
		if res.m == matches {
			res.m = mayMatch
		}
		res.how = append(res.how, why)
	}
	pos := c.pos
	if len(p.Args) > 0 {
		want := p.Args
		first := c.tool.canonical(want[0])
		switch {
		case len(pos) == 0:
			return matchResult{}
		case pos[0].dyn && pos[0].text == want[0]:
			// the word the rule's own command has, as written (`./app/**/*.erb`): the
			// shell expands both alike
			pos = pos[1:]
			want = want[1:]
		case pos[0].dyn:
			maybe(pos[0].text + " is computed at run time")
			pos = pos[1:]
			want = want[1:]
		case c.tool.canonical(pos[0].text) == first || globOK(want[0], pos[0].text):
			pos = pos[1:]
			want = want[1:]
		case c.tool.implicitRun && first == "run" && len(want) > 1 && globOK(want[1], pos[0].text),
			c.tool.scriptSubs[c.tool.canonical(pos[0].text)] && first == "run" && len(want) > 1 && want[1] == c.tool.canonical(pos[0].text):
			// `pnpm build` runs the script like `pnpm run build`; `npm test` runs
			// the test script like `npm run test`
			pos = pos[1:]
			want = want[2:]
		case c.tool.scriptSubs[first] && c.tool.canonical(pos[0].text) == "run" && len(pos) > 1 && pos[1].text == first:
			// `npm run test` is `npm test`
			pos = pos[2:]
			want = want[1:]
		case c.tool.implicitRun && first != "run" && !c.tool.builtins[first] && c.tool.canonical(pos[0].text) == "run" && len(pos) > 1 && !pos[1].dyn && globOK(want[0], pos[1].text):
			// `pnpm run build` runs the script `pnpm build` names, where build is
			// no subcommand of pnpm's own
			pos = pos[2:]
			want = want[1:]
		default:
			return matchResult{}
		}
		for _, w := range want {
			found := false
			for len(pos) > 0 {
				x := pos[0]
				pos = pos[1:]
				if x.dyn && x.text == w {
					// the rule's own word, glob or parameter as written: the shell
					// expands both alike
					found = true
					res.how = append(res.how, x.text)
					break
				}
				if x.dyn {
					maybe(x.text + " is computed at run time")
					found = true
					break
				}
				if globOK(w, x.text) {
					found = true
					res.how = append(res.how, x.text)
					break
				}
			}
			if !found {
				return matchResult{}
			}
		}
	}
	if p.Bare && len(pos) > 0 {
		if !pos[0].dyn {
			return matchResult{} // the command has the argument the rule asks for
		}
		maybe(pos[0].text + " is computed at run time")
	}
	if p.Alone && (len(pos) > 0 || len(c.flags) > len(p.Flags) || c.dyn > 0 || c.assigns > 0) {
		return matchResult{} // the command is not the bare form the rule names
	}
	for _, g := range p.Lacking {
		for _, spec := range g {
			if _, ok := c.hasFlag(spec); ok {
				return matchResult{} // the command carries the option the rule asks for
			}
		}
	}
	if len(p.Env) > 0 {
		switch m, how := c.envMatch(p.Env); m {
		case noMatch:
			return matchResult{}
		case mayMatch:
			maybe(how)
		default:
			res.how = append(res.how, p.Env...)
		}
	}
	if len(p.LackingEnv) > 0 {
		// (a value computed at run time may be the one asked for: the form is met)
		if m, _ := c.envMatch(p.LackingEnv); m != noMatch {
			return matchResult{} // the command line writes the assignments the rule asks for
		}
	}
	if len(p.Paths) > 0 {
		m, how := c.namesPath(p.Paths)
		switch m {
		case noMatch:
			return matchResult{}
		case mayMatch:
			maybe(how)
		default:
			res.how = append(res.how, how)
		}
	}
	for _, g := range p.Flags {
		found := false
		for _, spec := range g {
			if how, ok := c.hasFlag(spec); ok {
				res.how = append(res.how, how)
				found = true
				break
			}
		}
		if !found {
			if how, ok := c.forcePush(g); ok {
				res.how = append(res.how, how)
				found = true
			}
		}
		if !found {
			if c.dyn == 0 {
				return matchResult{}
			}
			maybe(fmt.Sprintf("a word computed at run time could be %s", strings.Join(g, " or ")))
		}
	}
	return res
}

// globOK matches one word against a pattern word: literal, or a glob when it holds
// glob characters.
func globOK(pat, s string) bool {
	if pat == s {
		return true
	}
	if !strings.ContainsAny(pat, "*?[") {
		return false
	}
	// "*" spans "/" in a word (+refs/heads/main matches "+*")
	ok, _ := path.Match(strings.ReplaceAll(pat, "/", "\x01"), strings.ReplaceAll(s, "/", "\x01"))
	return ok
}

// forcePush reports how a `git push` force-pushes when the flag group asks for a
// force push (-f or --force): git overwrites the remote branch just as well with
// --force-with-lease, --force-if-includes, --mirror or a refspec that starts with "+".
// Options the rule itself names as its exception or alternative (a rule that says to
// use --force-with-lease instead) are not counted: the rule's allow and via patterns
// are checked before, and c.forceExempt holds their options.
func (c *parsed) forcePush(group []string) (string, bool) {
	if c.prog != "git" || len(c.pos) == 0 || c.tool.canonical(c.pos[0].text) != "push" {
		return "", false
	}
	asks := false
	for _, f := range group {
		if f == "-f" || f == "--force" {
			asks = true
		}
	}
	if !asks {
		return "", false
	}
	for _, spec := range []string{"--force-with-lease", "--force-if-includes", "--mirror"} {
		if c.forceExempt[spec] {
			continue
		}
		if how, ok := c.hasFlag(spec); ok {
			return how, true
		}
	}
	if c.forceExempt["+*"] {
		return "", false
	}
	for _, p := range c.pos[1:] {
		if !p.dyn && strings.HasPrefix(p.text, "+") {
			return p.text, true
		}
	}
	return "", false
}

// namesPath reports whether one of the command's operands names one of the
// repository paths (or a folder above it, whose removal takes it along), resolved
// against the directory the command runs in.
func (c *parsed) namesPath(paths []string) (match, string) {
	best, how := noMatch, ""
	for _, op := range c.pos {
		m, h := c.operandNames(op, paths)
		if m > best {
			best, how = m, h
		}
		if best == matches {
			break
		}
	}
	return best, how
}

func (c *parsed) operandNames(op positional, paths []string) (match, string) {
	text := op.text
	if op.dyn {
		if strings.ContainsAny(text, "$`") {
			return mayMatch, text + " is computed at run time"
		}
		// `rubocop app/**/*.erb` under a ban of `**/*.erb`: the glob names files
		// of the extension the rule's glob names
		if _, last := path.Split(text); strings.HasPrefix(last, "*.") {
			for _, p := range paths {
				if _, plast := path.Split(p); plast == last {
					return matches, op.text
				}
			}
		}
		// a glob: `*` names every entry of its folder, so `rm -rf *` empties the root
		dir, last := path.Split(text)
		if last != "*" && last != ".*" && last != "*/" {
			return noMatch, ""
		}
		text = dir
		if text == "" {
			text = "."
		}
	}
	if c.cwdUnknown && !path.IsAbs(text) {
		return mayMatch, "the directory " + text + " is relative to a directory heed cannot tell"
	}
	var rel string
	switch {
	case path.IsAbs(text):
		if c.root == "" {
			return noMatch, ""
		}
		r := path.Clean(c.root)
		t := path.Clean(text)
		switch {
		case t == r:
			rel = "."
		case strings.HasPrefix(r, strings.TrimSuffix(t, "/")+"/"):
			return matches, text // a folder above the repository
		case strings.HasPrefix(t, r+"/"):
			rel = strings.TrimPrefix(t, r+"/")
		default:
			return noMatch, ""
		}
	case path.IsAbs(c.cwd):
		return noMatch, "" // the command runs outside the repository
	default:
		rel = path.Join(c.cwd, text)
		if rel == ".." || strings.HasPrefix(rel, "../") {
			if strings.Trim(strings.ReplaceAll(rel, "..", ""), "/") == "" {
				return matches, op.text // a folder above the repository
			}
			return noMatch, ""
		}
	}
	for _, p := range paths {
		if path.Clean(p) == path.Clean(rel) || pathGlobNames(p, rel) {
			return matches, op.text
		}
	}
	return noMatch, ""
}

// pathGlobNames: the rule's path is a glob (`**/*.erb`) that names the operand's
// file; `**/` also names the files at the root.
func pathGlobNames(glob, rel string) bool {
	if !strings.ContainsAny(glob, "*?[") {
		return false
	}
	return globOK(glob, rel) || strings.HasPrefix(glob, "**/") && globOK(strings.TrimPrefix(glob, "**/"), rel)
}
