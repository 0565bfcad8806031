// Package semantic is the rule kind `judge`: an instruction about design intent that no
// mechanical check can decide ("don't use another component's storage keys; define an
// API"). A judge rule holds the instruction as a rubric and asks a model. Without a
// model (heed's default: offline) every target is undetermined, never a pass.
package semantic

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// KindJudge is the kind's name.
const KindJudge = "judge"

// What a judge rule is asked about.
const (
	OnFiles    = "files"    // each judged file in the rule's scope
	OnChange   = "change"   // the change as a whole
	OnCommands = "commands" // each command run in the rule's scope
	OnCommits  = "commits"  // each commit message
	OnPR       = "pr"       // the pull request's title and body
)

// Params are a judge rule's parameters.
type Params struct {
	// Rubric is what the model is asked to decide: the instruction, with enough of
	// its context to stand alone.
	Rubric string `json:"rubric"`
	// On says what each target is (default files).
	On string `json:"on,omitempty"`
}

// Request is one question to a model: does this target follow the rubric?
type Request struct {
	RuleID string
	Rubric string
	On     string
	Target engine.Target
	// Exactly the field that matches On is set (Changed for change).
	File    *engine.File
	Command *engine.Command
	Commit  *engine.Commit
	PR      *engine.PR
	Changed []string
}

// Judge answers a Request. It is how a model plugs in (the LLM path): it must return
// satisfied, violated (with findings) or undetermined (with the reason), and must not
// panic; the engine turns a panic or an overrun into undetermined anyway.
type Judge func(req Request) engine.Result

// NoModel is the reason every judge target is undetermined offline.
const NoModel = "needs a model: this rule is about design intent and no model is configured"

// The driver contracts the checks implement (engine/capabilities.go).
var (
	_ engine.FileSelector = (*check)(nil)
	_ engine.FileByFile   = (*check)(nil)
	_ engine.TreeReader   = (*check)(nil)
)

// judgeDoc is the kind's params doc (engine.Kind.Doc).
const judgeDoc = `Judgement by a reviewer model at check time, for design intent no mechanical check decides; it only ever warns. params {"rubric": the question the reviewer answers about each target, standalone (the instruction with the context it needs), "on": "files"|"change"|"commands"|"commits"|"pr"}. ` +
	`Use it only when the instruction is a real rule for the code or the work that needs judgement ("keep functions small and focused"), never for descriptions, advice to people, or what a mechanical kind decides. heed writes its cases: leave "cases" empty.`

// Kinds returns the judge kind without a model (every target undetermined).
func Kinds() []engine.Kind { return []engine.Kind{Kind(nil)} }

// Kind returns the judge kind that asks j; nil means no model.
func Kind(j Judge) engine.Kind {
	return engine.Kind{
		Name:   KindJudge,
		Doc:    judgeDoc,
		Domain: policy.DomainSemantic,
		Needs:  []engine.Part{engine.PartDiff},
		Compile: func(rule *policy.Rule) (engine.Check, error) {
			p, err := ParseParams(rule.Params)
			if err != nil {
				return nil, err
			}
			return &check{rule: rule.ID, scope: rule.Scope, p: p, judge: j}, nil
		},
	}
}

// ParseParams decodes and validates judge params; errors name the parameter.
func ParseParams(raw json.RawMessage) (Params, error) {
	var p Params
	if engine.ParamsMissing(raw) {
		return p, fmt.Errorf("params: missing (want {\"rubric\": \"...\"})")
	}
	if err := engine.DecodeParams(raw, &p); err != nil {
		return p, err
	}
	if strings.TrimSpace(p.Rubric) == "" {
		return p, fmt.Errorf("params.rubric: must not be empty")
	}
	switch p.On {
	case "":
		p.On = OnFiles
	case OnFiles, OnChange, OnCommands, OnCommits, OnPR:
	default:
		return p, fmt.Errorf("params.on: unknown value %q (want files, change, commands, commits or pr)", p.On)
	}
	return p, nil
}

type check struct {
	rule  string
	scope policy.Scope
	p     Params
	judge Judge
}

// FileByFile implements engine.FileByFile: with a model, a rule on files judges each
// file alone.
func (c *check) FileByFile(*engine.Evidence) bool { return c.p.On == OnFiles && c.judge != nil }

// WantsFile implements engine.FileSelector: without a model the rule judges no file,
// so no file need be read for it.
func (c *check) WantsFile(p, _ string) bool {
	return c.p.On == OnFiles && c.judge != nil && c.scope.Covers(p)
}

// inScope reports whether the evidence has a file in the rule's scope: a judged file,
// a path the change added or modified, or in ModeAll a file of the tree.
func (c *check) inScope(ev *engine.Evidence) bool {
	for _, f := range ev.Files {
		if c.scope.Covers(f.Path) {
			return true
		}
	}
	deleted := map[string]bool{}
	for _, p := range ev.DeletedPaths {
		deleted[p] = true
	}
	for _, p := range ev.Changed {
		if !deleted[p] && c.scope.Covers(p) {
			return true
		}
	}
	if ev.Mode == engine.ModeAll && ev.Tree != nil {
		for _, p := range ev.Tree.Paths() {
			if c.scope.Covers(p) {
				return true
			}
		}
	}
	return false
}

// ReadsTree implements engine.TreeReader: a full check asks whether the rule's scope
// holds any file of the repository (inScope), judged or not.
func (c *check) ReadsTree() bool { return true }

func (c *check) Targets(ev *engine.Evidence) []engine.Target {
	var out []engine.Target
	switch c.p.On {
	case OnFiles:
		if c.judge == nil {
			// Without a model no file can be judged: the rule is undetermined once, as
			// a whole, and no file is read for it.
			if c.inScope(ev) {
				out = append(out, engine.Target{Kind: engine.TargetChange})
			}
			break
		}
		for i, f := range ev.Files {
			if c.scope.Covers(f.Path) {
				out = append(out, engine.Target{Kind: engine.TargetFile, Index: i, Path: f.Path})
			}
		}
	case OnCommands:
		for i, cmd := range ev.Commands {
			if c.scope.CoversDir(cmd.Cwd) {
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
		for _, p := range ev.Changed {
			if c.scope.Covers(p) {
				out = append(out, engine.Target{Kind: engine.TargetChange})
				break
			}
		}
	}
	return out
}

func (c *check) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	if c.judge == nil {
		return engine.Result{Verdict: engine.Undetermined, Reason: NoModel}
	}
	req := Request{RuleID: c.rule, Rubric: c.p.Rubric, On: c.p.On, Target: t}
	switch t.Kind {
	case engine.TargetFile:
		req.File = ev.Files[t.Index]
	case engine.TargetCommand:
		req.Command = &ev.Commands[t.Index]
	case engine.TargetCommit:
		req.Commit = &ev.Commits[t.Index]
	case engine.TargetPR:
		req.PR = ev.PR
	case engine.TargetChange:
		for _, p := range ev.Changed {
			if c.scope.Covers(p) {
				req.Changed = append(req.Changed, p)
			}
		}
	}
	return c.judge(req)
}
