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

// Limits: how deep strings-as-scripts may nest, and how many commands one line may
// produce, before the line is refused as unanalysable.
const (
	maxDepth    = 12
	maxCommands = 4096
	maxLine     = 1 << 20
)

// Parse returns every simple command the shell line would run, in source order. It
// never fails: a line heed cannot analyse yields a command with Unparsable set.
func Parse(line string, opt Options) []engine.Command {
	cmds, _ := ParseStatus(line, opt)
	return cmds
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
	// overflow is set once the command limit is hit.
	overflow bool
}

func newRun(line string, opt Options) *run {
	opt.Cwd = cleanRel(opt.Cwd)
	return &run{opt: opt, line: line}
}

func (p *run) root() *state {
	return &state{p: p, cwd: p.opt.Cwd, vars: map[string]value{}, aliases: map[string]string{}}
}

func (p *run) finish() []engine.Command {
	if p.overflow {
		p.out = append(p.out[:0], engine.Command{Line: p.line, Cwd: p.opt.Cwd, Index: p.index(0),
			Unparsable: fmt.Sprintf("the line expands to more than %d commands", maxCommands)})
	}
	return p.out
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
	// pos are the positional parameters ($0, $1, ...) when known (bash -c 'x' a b).
	pos []string
	// requires lists the commands that must have succeeded for this point to run.
	requires []int
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
	st.p.emit(engine.Command{Cwd: st.cwd, Unparsable: reason, Requires: st.requires})
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
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil {
		reason := "cannot parse the command line: " + err.Error()
		if what != "" {
			reason = fmt.Sprintf("cannot parse the script given to %s: %v", what, err)
		}
		return st.unparsable(reason)
	}
	return st.stmts(f.Stmts)
}

// stmts walks a statement list run in sequence; it returns the status commands of the
// last statement (the commands whose success the list's success implies).
func (st *state) stmts(list []*syntax.Stmt) []int {
	var status []int
	for _, s := range list {
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
		for _, a := range c.Args {
			st.assign(a, c.Variant != nil && c.Variant.Value == "local")
		}
		return nil
	case *syntax.TimeClause:
		if c.Stmt == nil {
			return nil
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
	for _, a := range ce.Assigns {
		if a.Value != nil {
			st.wordSubst(a.Value)
		}
		if a.Array != nil {
			st.nodeSubst(a.Array)
		}
	}
	ws := st.words(ce.Args, true)
	return st.command(ws, stdin)
}

// assign records NAME=value; a value assigned twice differently, or computed at run
// time, becomes unknown.
func (st *state) assign(a *syntax.Assign, local bool) {
	if a.Name == nil {
		return
	}
	name := a.Name.Value
	if a.Array != nil || a.Index != nil || a.Append {
		st.nodeSubst(a)
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
