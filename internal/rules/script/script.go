// Package script is the rule kind `script`: a check written in Starlark over the same
// evidence as every other kind, for rules no built-in kind expresses (hand-written now,
// model-written later). A script sees only the target it is given (no file, network or
// clock access) and runs in a separate worker process under a step limit, a timeout and
// a memory bound: Starlark has no memory limit of its own, and one step can allocate
// gigabytes. A script that loops, crashes or runs out of memory is stopped and its
// target is undetermined, never a pass.
package script

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// KindScript is the kind's name.
const KindScript = "script"

// What a script's function is called with, one call per target.
const (
	OnFiles    = "files"
	OnCommands = "commands"
	OnCommits  = "commits"
	OnPR       = "pr"
	OnChange   = "change"
)

// Limits: defaults and the largest values a policy may ask for.
const (
	DefaultMaxSteps  = 1_000_000
	MaxMaxSteps      = 100_000_000
	DefaultTimeoutMS = 2000
	MaxTimeoutMS     = 60_000
	DefaultMemoryMB  = 512
	MinMemoryMB      = 128
	MaxMemoryMB      = 4096
)

// Params are a script rule's parameters.
type Params struct {
	// Source is the Starlark program; it defines Function.
	Source string `json:"source"`
	// Function is called once per target with one argument, the target (a dict); it
	// returns None or True (satisfied), False or a string (violated, the string is the
	// message), a list of findings (strings or dicts with line, column, message;
	// empty = satisfied), or a dict {"verdict": ..., "reason": ..., "findings": [...]}.
	Function string `json:"function,omitempty"`
	// On says what a target is (default files).
	On string `json:"on,omitempty"`
	// MaxSteps bounds Starlark execution steps per call (and for the top level).
	MaxSteps uint64 `json:"max_steps,omitempty"`
	// TimeoutMS bounds one call's wall time.
	TimeoutMS int `json:"timeout_ms,omitempty"`
	// MemoryMB bounds the worker process's address space.
	MemoryMB int `json:"memory_mb,omitempty"`
}

// ParseParams decodes, defaults and validates script params; errors name the
// parameter. The source is parsed and resolved (never run) so that a syntax error or
// an undefined name is a compile error of the rule.
func ParseParams(raw json.RawMessage) (Params, error) {
	var p Params
	if engine.ParamsMissing(raw) {
		return p, errors.New(`params: missing (want {"source": "def check(t): ..."})`)
	}
	if err := engine.DecodeParams(raw, &p); err != nil {
		return p, err
	}
	if strings.TrimSpace(p.Source) == "" {
		return p, errors.New("params.source: must not be empty")
	}
	if p.Function == "" {
		p.Function = "check"
	}
	switch p.On {
	case "":
		p.On = OnFiles
	case OnFiles, OnCommands, OnCommits, OnPR, OnChange:
	default:
		return p, fmt.Errorf("params.on: unknown value %q (want files, commands, commits, pr or change)", p.On)
	}
	switch {
	case p.MaxSteps == 0:
		p.MaxSteps = DefaultMaxSteps
	case p.MaxSteps > MaxMaxSteps:
		return p, fmt.Errorf("params.max_steps: %d is above the limit %d", p.MaxSteps, MaxMaxSteps)
	}
	switch {
	case p.TimeoutMS == 0:
		p.TimeoutMS = DefaultTimeoutMS
	case p.TimeoutMS < 0 || p.TimeoutMS > MaxTimeoutMS:
		return p, fmt.Errorf("params.timeout_ms: %d is outside 1..%d", p.TimeoutMS, MaxTimeoutMS)
	}
	switch {
	case p.MemoryMB == 0:
		p.MemoryMB = DefaultMemoryMB
	case p.MemoryMB < MinMemoryMB || p.MemoryMB > MaxMemoryMB:
		return p, fmt.Errorf("params.memory_mb: %d is outside %d..%d", p.MemoryMB, MinMemoryMB, MaxMemoryMB)
	}
	f, err := fileOptions.Parse("rule.star", p.Source, 0)
	if err != nil {
		return p, fmt.Errorf("params.source: %v", err)
	}
	if _, _, err := starlark.SourceProgramOptions(fileOptions, "rule.star", p.Source, isPredeclared); err != nil {
		return p, fmt.Errorf("params.source: %v", err)
	}
	if !defines(f, p.Function) {
		return p, fmt.Errorf("params.function: the source defines no function %q", p.Function)
	}
	return p, nil
}

var fileOptions = &syntax.FileOptions{While: true, TopLevelControl: true, GlobalReassign: true, Set: true}

// defines reports whether the file has a top-level def of name.
func defines(f *syntax.File, name string) bool {
	for _, st := range f.Stmts {
		if d, ok := st.(*syntax.DefStmt); ok && d.Name.Name == name {
			return true
		}
	}
	return false
}

// scriptDoc is the kind's params doc (engine.Kind.Doc).
const scriptDoc = `A small Starlark program, for a mechanical check no declarative kind expresses; prefer a declarative kind. params {"source": the program, "function": the function to call (default "check"), "on": "files"|"commands"|"commits"|"pr"|"change"}. ` +
	`The function is called once per target with a dict: files {"path", "lang", "content", "new" (the change adds it), "touched" (the line numbers the change touched, or None when the whole file is judged)}; ` +
	`commands {"argv": one command as it runs, wrappers looked through (the pytest of "uv run pytest", the make of "sudo make"), "line": the whole shell line it came from ("" for a case given as argv), "cwd"}; commits {"hash", "message", "files"}; pr {"title", "body"}; change (once per change) {"changed": the paths it touched in the rule's scope, "deleted": the paths it deleted}. ` +
	`It returns None or True (satisfied), False or a string (violated; the string is the message), a list of findings (strings or {"line", "column", "message"}; empty is satisfied), or {"verdict": "satisfied"|"violated"|"inapplicable"|"undetermined", "reason", "findings"} (inapplicable: the target is not one the instruction is about). ` +
	`Predeclared: re.search(pattern, s) and re.match(pattern, s) return the matched text or None, re.findall(pattern, s) a list (RE2 syntax); json; struct. No I/O, no load, no clock; a step limit applies. ` +
	`Targets of "files" are the files in the rule's globs; of "commands" the commands run in its folders. Cases: the fields the target reads ("path"/"code", "argv"/"shell", "message", "pr", "changed").`

// Kinds returns the script kind backed by a worker pool of its own.
func Kinds() []engine.Kind { return []engine.Kind{Kind(NewRunner())} }

// Kind returns the script kind that runs scripts with r.
func Kind(r *Runner) engine.Kind {
	return engine.Kind{
		Name:   KindScript,
		Doc:    scriptDoc,
		Domain: "",  // a script rule belongs to the domain its rule names
		Needs:  nil, // and reads what that domain reads (engine.DomainNeeds)
		Compile: func(rule *policy.Rule) (engine.Check, error) {
			p, err := ParseParams(rule.Params)
			if err != nil {
				return nil, err
			}
			return &check{rule: rule, p: p, run: r}, nil
		},
	}
}

type check struct {
	rule *policy.Rule
	p    Params
	run  *Runner
}

// The driver contracts a script rule meets.
var (
	_ engine.FileByFile   = (*check)(nil)
	_ engine.FileSelector = (*check)(nil)
)

// FileByFile implements engine.FileByFile: a rule on files judges each file alone.
func (c *check) FileByFile(*engine.Evidence) bool { return c.p.On == OnFiles }

// WantsFile implements engine.FileSelector: a rule on files judges the files in its
// scope, whatever their language; a rule on commands, commits or the pull request
// judges no file; a rule on the change reads no file's content, but its one target
// exists only when the evidence holds a file or a path (Targets), so it may want any.
func (c *check) WantsFile(p, _ string) bool {
	switch c.p.On {
	case OnFiles:
		return engine.FileNeed{Scope: c.rule.Scope}.Wants(p, "")
	case OnChange:
		return true
	}
	return false
}

func (c *check) Targets(ev *engine.Evidence) []engine.Target {
	var out []engine.Target
	scope := c.rule.Scope
	switch c.p.On {
	case OnFiles:
		out = engine.FileNeed{Scope: scope}.Targets(ev)
	case OnCommands:
		for i, cmd := range ev.Commands {
			if scope.CoversDir(cmd.Cwd) {
				out = append(out, engine.Target{Kind: engine.TargetCommand, Index: i})
			}
		}
	case OnCommits:
		for i := range ev.Commits {
			out = append(out, engine.Target{Kind: engine.TargetCommit, Index: i})
		}
	case OnPR:
		if ev.PR != nil {
			out = append(out, engine.Target{Kind: engine.TargetPR})
		}
	case OnChange:
		if len(ev.Changed) > 0 || len(ev.Files) > 0 || len(ev.Commits) > 0 {
			out = append(out, engine.Target{Kind: engine.TargetChange})
		}
	}
	return out
}

func (c *check) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	in := targetValue(ev, t, c.rule.Scope)
	ans, err := c.run.Call(Request{Source: c.p.Source, Function: c.p.Function, Target: in,
		MaxSteps: c.p.MaxSteps, TimeoutMS: c.p.TimeoutMS, MemoryMB: c.p.MemoryMB})
	if err != nil {
		return engine.Result{Verdict: engine.Undetermined, Reason: "script stopped: " + err.Error()}
	}
	if ans.Error != "" {
		return engine.Result{Verdict: engine.Undetermined, Reason: "script failed: " + ans.Error}
	}
	res := engine.Result{Verdict: engine.Verdict(ans.Verdict), Reason: ans.Reason}
	for _, f := range ans.Findings {
		fd := engine.Finding{Line: f.Line, Column: f.Column, Message: f.Message, CommandIndex: -1}
		if fd.Message == "" {
			fd.Message = c.rule.Message
		}
		switch t.Kind {
		case engine.TargetFile:
			fd.Path = t.Path
		case engine.TargetCommand:
			cmd := ev.Commands[t.Index]
			fd.CommandIndex = cmd.Index
			fd.Command = cmd.Line
			if fd.Command == "" {
				fd.Command = strings.Join(cmd.Argv, " ")
			}
		case engine.TargetCommit:
			fd.Commit = ev.Commits[t.Index].Hash
		case engine.TargetChange, engine.TargetPR:
			fd.Change = true
		}
		fd.Suggestion = c.rule.Suggestion
		res.Findings = append(res.Findings, fd)
	}
	if res.Verdict == engine.Violated && res.Reason == "" {
		res.Reason = c.rule.Message
	}
	return res
}

// Target is what a script's function receives: plain data, one of the shapes below
// selected by Kind.
type Target struct {
	Kind string `json:"kind"`
	// file
	Path    string `json:"path,omitempty"`
	Lang    string `json:"lang,omitempty"`
	Content string `json:"content,omitempty"`
	New     bool   `json:"new,omitempty"`
	Touched []int  `json:"touched,omitempty"`
	// command
	Argv []string `json:"argv,omitempty"`
	Cwd  string   `json:"cwd,omitempty"`
	Line string   `json:"line,omitempty"`
	// commit
	Hash    string   `json:"hash,omitempty"`
	Message string   `json:"message,omitempty"`
	Files   []string `json:"files,omitempty"`
	// pr
	Title string `json:"title,omitempty"`
	Body  string `json:"body,omitempty"`
	// change
	Changed []string `json:"changed,omitempty"`
	Deleted []string `json:"deleted,omitempty"`
}

func targetValue(ev *engine.Evidence, t engine.Target, scope policy.Scope) Target {
	switch t.Kind {
	case engine.TargetFile:
		f := ev.Files[t.Index]
		out := Target{Kind: "file", Path: f.Path, Lang: f.Lang, Content: string(f.Content), New: f.New}
		if f.Touched != nil {
			out.Touched = []int{}
			for l := range f.Touched {
				out.Touched = append(out.Touched, l)
			}
			sort.Ints(out.Touched)
		}
		return out
	case engine.TargetCommand:
		c := ev.Commands[t.Index]
		return Target{Kind: "command", Argv: c.Argv, Cwd: c.Cwd, Line: c.Line}
	case engine.TargetCommit:
		c := ev.Commits[t.Index]
		return Target{Kind: "commit", Hash: c.Hash, Message: c.Message, Files: c.Files}
	case engine.TargetPR:
		return Target{Kind: "pr", Title: ev.PR.Title, Body: ev.PR.Body}
	}
	out := Target{Kind: "change", Changed: []string{}, Deleted: ev.DeletedPaths}
	for _, p := range ev.Changed {
		if scope.Covers(p) {
			out.Changed = append(out.Changed, p)
		}
	}
	return out
}
