// Package shell turns what an agent asks to run into the simple commands that would
// actually run, for process rules to judge: a shell command line (an agent hook's Bash
// payload, a trajectory step) or an argv (heed exec, a PATH shim).
//
// A line is parsed with mvdan.cc/sh's real Bash parser, and every simple command is
// reported: those joined by &&, ||, ; and pipes, in subshells and blocks, in $(...),
// backticks and process substitutions, in the strings given to `bash -c`, `sh -c`,
// `eval`, `trap`, `watch`, `su -c`, in here-strings fed to a shell, and behind wrappers
// (env, sudo, nohup, time, nice, timeout, xargs, command, exec, find -exec, ...) and
// package runners (npx, pnpm dlx, yarn dlx, uv run, python -m, ...). Wrapper and
// wrapped command are both reported, so rules about either apply.
//
// It fails closed: a line that does not parse, or a script whose text is computed at
// run time, yields a command with Unparsable set; a word computed at run time is kept
// as written and listed in DynamicArgs. Process rules must not pass either.
package shell

import (
	"fmt"
	"path"
	"sort"
	"strings"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/heed-dev/heed/internal/engine"
)

// Options say where a line runs.
type Options struct {
	// Cwd is the repository-relative directory the line starts in ("" = the root).
	Cwd string
	// Root is the repository's absolute path, used to place `cd /abs/path` and
	// absolute program paths inside it; "" when unknown.
	Root string
	// Base is the index in Evidence.Commands the first returned command will have
	// (Requires holds such indexes).
	Base int
	// Index is the session position stamped on every command (Command.Index); a
	// negative value means "use the command's own position" (Base + i).
	Index int
}

// Limits: how deep strings-as-scripts may nest, how many commands one line may
// produce, how much script text (the line and every string parsed as a script in it:
// bash -c, eval, aliases) and how much time one analysis may take, before the line is
// refused as unanalysable. Past a limit the line yields an Unparsable command, which
// every process rule blocks.
const (
	maxDepth    = 12
	maxCommands = 4096
	maxLine     = 1 << 20
	maxScript   = 4 << 20
	maxTime     = 2 * time.Second
	// maxNesting bounds the syntax tree's depth (a $( inside a $( is about five
	// levels): printing and walking a deeper tree costs time quadratic in its depth.
	maxNesting = 400
)

// Parse returns every simple command the shell line would run, in source order. It
// never fails: a line heed cannot analyse yields a command with Unparsable set.
func Parse(line string, opt Options) []engine.Command {
	cmds, _ := ParseStatus(line, opt)
	return cmds
}

// Redirect is a file a line's output redirection writes (`>`, `>>`, `>|`, `&>`,
// `&>>`, `<>`).
type Redirect struct {
	// Path is the target as the shell would open it; for a dynamic one, as written.
	Path string
	// Dynamic is true when the target is computed at run time ($VAR, $(...), a glob).
	Dynamic bool
	// Cwd is the repository-relative directory the redirection happens in;
	// CwdUnknown as in engine.Command.
	Cwd        string
	CwdUnknown bool
}

// ParseWrites is Parse that also returns the files the line's redirections write,
// in source order (for the guard of heed's own files: an agent's `> .heed/policy.json`).
func ParseWrites(line string, opt Options) ([]engine.Command, []Redirect) {
	p := newRun(line, opt)
	st := p.root()
	st.script(line, "")
	cmds := p.finish()
	return cmds, p.redirs
}

// ParseStatus is Parse that also returns the positions (in the returned slice) of
// the commands whose success the line's success implies: after `make lint && git
// commit` exits 0, both succeeded; after `make lint; echo done`, only echo did.
func ParseStatus(line string, opt Options) ([]engine.Command, []int) {
	p := newRun(line, opt)
	st := p.root()
	status := closure(p, st.script(line, ""))
	cmds := p.finish()
	var out []int
	for _, i := range status {
		if j := i - opt.Base; j >= 0 && j < len(cmds) {
			out = append(out, j)
		}
	}
	sort.Ints(out)
	return cmds, out
}

// FromArgv returns the commands an argv runs: the argv itself and, when it is a
// wrapper or runner (sudo, env, npx, bash -c, ...), what it runs.
func FromArgv(argv []string, opt Options) []engine.Command {
	p := newRun(Join(argv), opt)
	st := p.root()
	ws := make([]word, len(argv))
	for i, a := range argv {
		ws[i] = word{text: a}
	}
	st.command(ws, nil)
	return p.finish()
}

// Execs returns the programs a running process's argv stands for: the argv itself and
// those it starts by exec'ing them, behind wrappers and interpreters (env make test,
// node /usr/bin/pnpm install). Scripts it would parse as shell text (sh -c '...',
// eval, a git alias) are left out: the text of a process's command line says what it
// was asked to run, not that it runs it now. Unparsable parts are dropped.
func Execs(argv []string) [][]string {
	p := newRun(Join(argv), Options{})
	p.noScripts = true
	st := p.root()
	ws := make([]word, len(argv))
	for i, a := range argv {
		ws[i] = word{text: a}
	}
	st.command(ws, nil)
	var out [][]string
	for _, c := range p.finish() {
		if c.Unparsable == "" && len(c.Argv) > 0 && !c.Dynamic {
			out = append(out, c.Argv)
		}
	}
	return out
}

// Join renders an argv as a shell line that would run it (for messages).
func Join(argv []string) string {
	parts := make([]string, len(argv))
	for i, a := range argv {
		parts[i] = Quote(a)
	}
	return strings.Join(parts, " ")
}

// Quote quotes one word for a POSIX shell when it needs it.
func Quote(s string) string {
	if s == "" {
		return "''"
	}
	safe := true
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%^", r)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// run is one analysis: the options and the commands found so far.
type run struct {
	opt  Options
	line string
	out  []engine.Command
	// overflow is set once the command limit is hit; over says which limit (the
	// command count, the script text, the time).
	overflow bool
	over     string
	// scanned counts the bytes of script text parsed so far; deadline ends the analysis.
	scanned  int
	deadline time.Time
	// noScripts: report no command that comes from shell text (Execs).
	noScripts bool
	// redirs are the files output redirections write (ParseWrites).
	redirs []Redirect
	// gitAliases are the git aliases the line defines (`git config alias.p 'push -f'`):
	// git's configuration outlives a subshell, so they belong to the whole line.
	gitAliases map[string]value
}

func newRun(line string, opt Options) *run {
	opt.Cwd = cleanRel(opt.Cwd)
	return &run{opt: opt, line: line, deadline: time.Now().Add(maxTime), gitAliases: map[string]value{}}
}

func (p *run) root() *state {
	return &state{p: p, cwd: p.opt.Cwd, vars: map[string]value{}, aliases: map[string]string{}, hashed: map[string]word{}}
}

func (p *run) finish() []engine.Command {
	if p.overflow {
		reason := p.over
		if reason == "" {
			reason = fmt.Sprintf("the line expands to more than %d commands", maxCommands)
		}
		p.out = append(p.out[:0], engine.Command{Line: p.line, Cwd: p.opt.Cwd, Index: p.index(0), Unparsable: reason})
	}
	return p.out
}

// spent reports whether the analysis has used up its time; it then stops with a reason.
func (p *run) spent() bool {
	if p.overflow {
		return true
	}
	if time.Now().After(p.deadline) {
		p.overflow = true
		p.over = fmt.Sprintf("analysing the line took longer than %s", maxTime)
		return true
	}
	return false
}

func (p *run) index(i int) int {
	if p.opt.Index < 0 {
		return p.opt.Base + i
	}
	return p.opt.Index
}

// emit appends a command and returns its evidence index.
func (p *run) emit(c engine.Command) int {
	if len(p.out) >= maxCommands {
		p.overflow = true
		return -1
	}
	c.Line = p.line
	c.Root = p.opt.Root
	c.Index = p.index(len(p.out))
	if len(c.Requires) > 0 {
		c.Requires = append([]int(nil), c.Requires...)
		sort.Ints(c.Requires)
	}
	p.out = append(p.out, c)
	return p.opt.Base + len(p.out) - 1
}

// value is a shell variable as far as the analysis knows it.
type value struct {
	text string
	// known is false when the value is computed at run time or assigned more than once
	// with different values.
	known bool
}

// state is the shell state at one point of the line: what the analysis tracks so that
// later commands are read as the shell would run them.
type state struct {
	p       *run
	depth   int
	cwd     string
	vars    map[string]value
	aliases map[string]string
	// hashed are the names `hash -p PATH NAME` bound to a program.
	hashed map[string]word
	// cwdUnknown: a `cd` computed at run time (or a popd past the line's own pushd)
	// left the directory unknown; cwd is then where the line started.
	cwdUnknown bool
	// dirs is the pushd stack.
	dirs []dirEntry
	// env holds the assignments written before the current command (`X=1 git p`)
	// and those an env wrapper sets: they are in the command's environment.
	env map[string]value
	// pos are the positional parameters ($0, $1, ...) when known (bash -c 'x' a b).
	pos []string
	// requires lists the commands that must have succeeded for this point to run.
	requires []int
	// launchers are the wrapper commands the commands at this point run under.
	launchers []int
}

// sub returns a copy for a subshell: changes to it do not leak back.
func (st *state) sub() *state {
	c := *st
	c.vars = make(map[string]value, len(st.vars))
	for k, v := range st.vars {
		c.vars[k] = v
	}
	c.aliases = make(map[string]string, len(st.aliases))
	for k, v := range st.aliases {
		c.aliases[k] = v
	}
	c.hashed = make(map[string]word, len(st.hashed))
	for k, v := range st.hashed {
		c.hashed[k] = v
	}
	c.dirs = append([]dirEntry(nil), st.dirs...)
	c.requires = append([]int(nil), st.requires...)
	return &c
}

func (st *state) withRequires(extra []int) *state {
	c := *st
	c.requires = union(st.requires, extra)
	return &c
}

// unparsable reports a part of the line heed cannot analyse.
func (st *state) unparsable(reason string) []int {
	st.p.emit(engine.Command{Cwd: st.cwd, CwdUnknown: st.cwdUnknown, Unparsable: reason, Requires: st.requires})
	return nil
}

// script parses src as shell and walks it; what is the context for messages
// ("bash -c").
func (st *state) script(src, what string) []int {
	if len(src) > maxLine {
		return st.unparsable(fmt.Sprintf("the command line is longer than %d bytes", maxLine))
	}
	if st.depth > maxDepth {
		return st.unparsable(fmt.Sprintf("commands nested more than %d levels deep (%s)", maxDepth, what))
	}
	st.p.scanned += len(src)
	if st.p.scanned > maxScript {
		if !st.p.overflow {
			st.p.overflow = true
			st.p.over = fmt.Sprintf("the line and the scripts it runs (bash -c, eval, aliases) are longer than %d bytes in all", maxScript)
		}
		return nil
	}
	if st.p.spent() {
		return nil
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil {
		reason := "cannot parse the command line: " + err.Error()
		if what != "" {
			reason = fmt.Sprintf("cannot parse the script given to %s: %v", what, err)
		}
		return st.unparsable(reason)
	}
	if nestedDeeper(f, maxNesting) {
		return st.unparsable(fmt.Sprintf("the command line nests commands, substitutions or groups more than %d syntax levels deep", maxNesting))
	}
	return st.stmts(f.Stmts)
}

// nestedDeeper reports whether the syntax tree of f is deeper than limit. It stops
// descending at the limit.
func nestedDeeper(f *syntax.File, limit int) bool {
	depth, deeper := 0, false
	syntax.Walk(f, func(n syntax.Node) bool {
		if n == nil {
			depth--
			return true
		}
		if deeper {
			return false
		}
		if depth++; depth > limit {
			deeper = true
			depth-- // no children visited, so no closing call
			return false
		}
		return true
	})
	return deeper
}

// stmts walks a statement list run in sequence; it returns the status commands of the
// last statement (the commands whose success the list's success implies).
func (st *state) stmts(list []*syntax.Stmt) []int {
	var status []int
	for _, s := range list {
		if st.p.spent() {
			return nil
		}
		status = st.stmt(s, nil)
	}
	return status
}

// stdinSrc is what a command reads on its standard input when the analysis can tell:
// the text of a here-string or here-document, or the words an echo on the left of a
// pipe prints.
type stdinSrc struct {
	text  string
	known bool
	// from says where the input comes from, for messages.
	from string
	// file is the script file redirected to the standard input (sh < x.sh).
	file string
}

func (st *state) stmt(s *syntax.Stmt, stdin *stdinSrc) []int {
	for _, r := range s.Redirs {
		st.wordSubst(r.Word)
		st.wordSubst(r.Hdoc)
		switch r.Op {
		case syntax.WordHdoc:
			stdin = st.docInput(r.Word, "a here-string")
		case syntax.Hdoc, syntax.DashHdoc:
			stdin = st.docInput(r.Hdoc, "a here-document")
		case syntax.RdrIn:
			stdin = &stdinSrc{from: "a file"}
			if ws := st.evalOnly([]*syntax.Word{r.Word}); len(ws) == 1 && !ws[0].dyn {
				stdin.file = ws[0].text
			}
		case syntax.RdrOut, syntax.AppOut, syntax.ClbOut, syntax.RdrAll, syntax.AppAll, syntax.RdrInOut:
			for _, w := range st.evalOnly([]*syntax.Word{r.Word}) {
				st.p.redirs = append(st.p.redirs, Redirect{Path: w.text, Dynamic: w.dyn, Cwd: st.cwd, CwdUnknown: st.cwdUnknown})
			}
		case syntax.DplOut: // `>& FILE` writes FILE; `>&2`, `>&-` name descriptors
			for _, w := range st.evalOnly([]*syntax.Word{r.Word}) {
				if w.text != "-" && !isDigits(w.text) {
					st.p.redirs = append(st.p.redirs, Redirect{Path: w.text, Dynamic: w.dyn, Cwd: st.cwd, CwdUnknown: st.cwdUnknown})
				}
			}
		}
	}
	status := st.cmd(s.Cmd, stdin)
	if s.Negated || s.Background {
		return nil
	}
	return status
}

func (st *state) docInput(w *syntax.Word, from string) *stdinSrc {
	if w == nil {
		return &stdinSrc{known: true, from: from}
	}
	ws := st.words([]*syntax.Word{w}, false)
	if len(ws) != 1 || ws[0].dyn {
		return &stdinSrc{from: from + " computed at run time"}
	}
	return &stdinSrc{text: ws[0].text, known: true, from: from}
}

func (st *state) cmd(c syntax.Command, stdin *stdinSrc) []int {
	switch c := c.(type) {
	case nil:
		return nil
	case *syntax.CallExpr:
		return st.call(c, stdin)
	case *syntax.BinaryCmd:
		switch c.Op {
		case syntax.AndStmt:
			left := st.stmt(c.X, nil)
			// st itself walks on: `cd web && npm i` runs npm in web.
			saved := st.requires
			st.requires = union(st.requires, closure(st.p, left))
			right := st.stmt(c.Y, nil)
			st.requires = saved
			return right
		case syntax.OrStmt:
			st.stmt(c.X, nil)
			st.stmt(c.Y, nil)
			return nil
		default: // pipes: each side runs in a subshell
			st.sub().stmt(c.X, nil)
			var in *stdinSrc
			if text, ok := st.echoed(c.X); ok {
				in = &stdinSrc{text: text, known: true, from: "an echo"}
			} else {
				in = &stdinSrc{from: "a pipe"}
			}
			return st.sub().stmt(c.Y, in)
		}
	case *syntax.Subshell:
		return st.sub().stmts(c.Stmts)
	case *syntax.Block:
		return st.stmts(c.Stmts)
	case *syntax.IfClause:
		for ic := c; ic != nil; ic = ic.Else {
			cond := st.sub().stmts(ic.Cond)
			st.sub().withRequires(closure(st.p, cond)).stmts(ic.Then)
		}
		return nil
	case *syntax.WhileClause:
		cond := st.sub().stmts(c.Cond)
		if c.Until {
			cond = nil
		}
		st.sub().withRequires(closure(st.p, cond)).stmts(c.Do)
		return nil
	case *syntax.ForClause:
		if wi, ok := c.Loop.(*syntax.WordIter); ok {
			st.words(wi.Items, true)
			if wi.Name != nil {
				st.vars[wi.Name.Value] = value{}
			}
		} else {
			st.nodeSubst(c.Loop)
		}
		st.sub().stmts(c.Do)
		return nil
	case *syntax.CaseClause:
		st.wordSubst(c.Word)
		for _, it := range c.Items {
			for _, pw := range it.Patterns {
				st.wordSubst(pw)
			}
			st.sub().stmts(it.Stmts)
		}
		return nil
	case *syntax.FuncDecl:
		// The body runs whenever the function is called: judge it as if it runs.
		st.sub().stmt(c.Body, nil)
		return nil
	case *syntax.DeclClause:
		// declare -n (a name reference), -l/-u (case conversion), -i (arithmetic):
		// the value a name ends up holding is not the text assigned
		transformed := false
		for _, a := range c.Args {
			if a.Naked && a.Name == nil && a.Value != nil {
				if ws := st.evalOnly([]*syntax.Word{a.Value}); len(ws) == 1 && strings.HasPrefix(ws[0].text, "-") {
					transformed = transformed || strings.Trim(ws[0].text, "-xrgpfFtaA") != ""
				}
			}
		}
		for _, a := range c.Args {
			st.assign(a, c.Variant != nil && c.Variant.Value == "local")
			if transformed && a.Name != nil {
				st.vars[a.Name.Value] = value{}
			}
		}
		return nil
	case *syntax.TimeClause:
		if c.Stmt == nil {
			return nil
		}
		// `time -f %e npm i`: the parser takes -f as the command; it is /usr/bin/time's
		// option, so judge the line as the time program running the rest
		if ce, ok := c.Stmt.Cmd.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
			if w := st.evalOnly(ce.Args[:1]); len(w) == 1 && strings.HasPrefix(w[0].text, "-") {
				ce2 := *ce
				ce2.Args = append([]*syntax.Word{{Parts: []syntax.WordPart{&syntax.Lit{Value: "time"}}}}, ce.Args...)
				s2 := *c.Stmt
				s2.Cmd = &ce2
				return st.stmt(&s2, stdin)
			}
		}
		return st.stmt(c.Stmt, stdin)
	case *syntax.CoprocClause:
		st.sub().stmt(c.Stmt, nil)
		return nil
	case *syntax.TestDecl:
		st.sub().stmt(c.Body, nil)
		return nil
	default: // ArithmCmd, TestClause, LetClause: only their substitutions run commands
		st.nodeSubst(c)
		return nil
	}
}

// echoed returns what the left side of a pipe prints when it is a plain echo or
// printf of static words.
func (st *state) echoed(s *syntax.Stmt) (string, bool) {
	ce, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 || len(s.Redirs) > 0 {
		return "", false
	}
	ws := st.sub().evalOnly(ce.Args)
	if len(ws) == 0 || ws[0].dyn {
		return "", false
	}
	for _, w := range ws {
		if w.dyn {
			return "", false
		}
	}
	args := texts(ws[1:])
	switch ws[0].text {
	case "echo":
		for len(args) > 0 && (args[0] == "-n" || args[0] == "-e" || args[0] == "-E") {
			args = args[1:]
		}
		return strings.Join(args, " "), true
	case "printf":
		if len(args) == 1 {
			return strings.ReplaceAll(args[0], `\n`, "\n"), true
		}
		if len(args) >= 2 && (args[0] == "%s" || args[0] == `%s\n`) {
			return strings.Join(args[1:], "\n"), true
		}
	}
	return "", false
}

func (st *state) call(ce *syntax.CallExpr, stdin *stdinSrc) []int {
	if len(ce.Args) == 0 {
		for _, a := range ce.Assigns {
			st.assign(a, false)
		}
		return nil
	}
	var env map[string]value
	for _, a := range ce.Assigns {
		if a.Value != nil {
			st.wordSubst(a.Value)
		}
		if a.Array != nil {
			st.nodeSubst(a.Array)
		}
		if a.Name != nil {
			if env == nil {
				env = map[string]value{}
			}
			v := value{}
			if a.Value == nil {
				v = value{known: true}
			} else if ws := st.evalOnly([]*syntax.Word{a.Value}); len(ws) == 1 && !ws[0].dyn && a.Array == nil && a.Index == nil {
				v = value{text: ws[0].text, known: true}
			}
			env[a.Name.Value] = v
		}
	}
	ws := st.words(ce.Args, true)
	if env != nil {
		saved := st.env
		st.env = mergeEnv(st.env, env)
		defer func() { st.env = saved }()
	}
	return st.command(ws, stdin)
}

// mergeEnv returns base with over's entries set.
func mergeEnv(base, over map[string]value) map[string]value {
	out := make(map[string]value, len(base)+len(over))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range over {
		out[k] = v
	}
	return out
}

// envVar is a variable as the current command's environment has it: set before the
// command or by an env wrapper, else the shell's own (exported or not: heed does not
// track export, so it assumes the variable reaches the command).
func (st *state) envVar(name string) (value, bool) {
	if v, ok := st.env[name]; ok {
		return v, true
	}
	v, ok := st.vars[name]
	return v, ok
}

// assign records NAME=value; a value assigned twice differently, or computed at run
// time, becomes unknown.
func (st *state) assign(a *syntax.Assign, local bool) {
	// `x=$(npm i)`, `export X=$(npm i)`: the substitution runs
	st.nodeSubst(a)
	if a.Name == nil {
		return
	}
	name := a.Name.Value
	if a.Array != nil || a.Index != nil || a.Append {
		st.vars[name] = value{}
		return
	}
	if a.Naked {
		return // `export NAME` keeps its value
	}
	v := value{known: true}
	if a.Value != nil {
		ws := st.words([]*syntax.Word{a.Value}, false)
		if len(ws) == 1 && !ws[0].dyn {
			v.text = ws[0].text
		} else if len(ws) > 0 {
			v = value{}
		}
	}
	if old, ok := st.vars[name]; ok && (!old.known || old.text != v.text) {
		v = value{}
	}
	st.vars[name] = v
}

func texts(ws []word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.text
	}
	return out
}

// closure returns the commands idx stand for plus every command they require: if the
// last command of `a && b` succeeded, so did a.
func closure(p *run, idx []int) []int {
	out := append([]int(nil), idx...)
	for _, i := range idx {
		j := i - p.opt.Base
		if j >= 0 && j < len(p.out) {
			out = union(out, p.out[j].Requires)
		}
	}
	return out
}

func union(a, b []int) []int {
	out := append([]int(nil), a...)
	for _, x := range b {
		found := false
		for _, y := range out {
			if x == y {
				found = true
				break
			}
		}
		if !found {
			out = append(out, x)
		}
	}
	return out
}

// cleanRel cleans a repository-relative directory ("" for the root).
func cleanRel(d string) string {
	d = strings.TrimPrefix(path.Clean("/"+d), "/")
	return d
}

// dirEntry is a directory on the pushd stack.
type dirEntry struct {
	cwd     string
	unknown bool
}

// cd moves the state to dir as `cd dir` would. A relative directory the shell may look
// up in CDPATH (a name not starting with ./ or ../), while the line sets CDPATH, leads
// somewhere heed cannot tell; so do ~ and -.
func (st *state) cd(dir string, builtin bool) {
	if builtin && !path.IsAbs(dir) && dir != "." && dir != ".." && !strings.HasPrefix(dir, "./") && !strings.HasPrefix(dir, "../") {
		if _, ok := st.envVar("CDPATH"); ok {
			st.cwdUnknown = true
			return
		}
	}
	if path.IsAbs(dir) && st.cwdUnknown {
		st.cwdUnknown = false
	}
	if st.cwdUnknown {
		return // relative to a directory heed does not know
	}
	if d, ok := st.chdir(dir); ok {
		st.cwd = d
		return
	}
	st.cwdUnknown = true
}

// chdir returns the directory `cd dir` leads to from the state's directory, relative
// to the repository root when it can tell.
func (st *state) chdir(dir string) (string, bool) {
	if dir == "" || dir == "-" || strings.HasPrefix(dir, "~") {
		return st.cwd, false
	}
	if path.IsAbs(dir) {
		root := st.p.opt.Root
		if root == "" {
			return st.cwd, false
		}
		rel := strings.TrimPrefix(path.Clean(dir), path.Clean(root))
		if rel != "" && rel[0] != '/' {
			return st.cwd, false
		}
		if rel == path.Clean(dir) {
			// outside the repository: keep its absolute path, no scope covers it
			return path.Clean(dir), true
		}
		return cleanRel(rel), true
	}
	if strings.HasPrefix(st.cwd, "/") {
		return path.Join(st.cwd, dir), true
	}
	j := path.Join(st.cwd, dir)
	if j == ".." || strings.HasPrefix(j, "../") {
		if st.p.opt.Root != "" {
			return path.Join(st.p.opt.Root, j), true
		}
		return st.cwd, false
	}
	return cleanRel(j), true
}
