// Package mcp serves heed over the Model Context Protocol, read-only: an agent asks
// which rules govern a path, whether a command may run, what a proposed write or its
// change breaks, what a rule means, and how a session fared. Every answer comes from
// the same engine as `heed check`, `heed exec` and the hooks.
package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/heed-dev/heed/internal/brief"
	"github.com/heed-dev/heed/internal/check"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/repo"
	"github.com/heed-dev/heed/internal/report"
)

// CommandVerdict is the answer to check_command.
type CommandVerdict struct {
	Allowed bool `json:"allowed"`
	// AskUser: the instructions let the command run once the user agrees; the agent
	// asks the user before it runs it (policy.Rule.Ask).
	AskUser bool `json:"ask_user,omitempty"`
	// Message is the block message an agent would see from the hook.
	Message  string           `json:"message,omitempty"`
	Findings []report.Finding `json:"findings"`
}

// CommandChecker judges a shell command line run in the repository-relative cwd.
type CommandChecker func(p *project.Project, line, cwd string) (*CommandVerdict, error)

// Auditor judges a trajectory file and returns its JSON verdict report.
type Auditor func(root string, in AuditInput) (any, error)

// Options wire the parts of heed that live in other packages.
type Options struct {
	Version string
	// Open loads the project (default project.Open). It runs on every call, so an
	// edited instruction file is seen at once.
	Open         func(root string) (*project.Project, error)
	CheckCommand CommandChecker
	Audit        Auditor
}

// Server is heed's MCP server for one repository.
type Server struct {
	root string
	opt  Options

	mu     sync.Mutex
	latest *report.Report // the findings of the last check_file / check_diff
}

// New returns the MCP server for the repository at root.
func New(root string, opt Options) *sdk.Server {
	if opt.Open == nil {
		opt.Open = project.Open
	}
	s := &Server{root: root, opt: opt}
	srv := sdk.NewServer(&sdk.Implementation{Name: "heed", Version: opt.Version}, &sdk.ServerOptions{
		Instructions: "heed enforces this repository's agent instruction files. Call rules_for before editing a file, " +
			"check_command before running a command, and check_file or check_diff before finishing.",
	})
	readOnly := &sdk.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true}
	sdk.AddTool(srv, &sdk.Tool{Name: "rules_for", Annotations: readOnly,
		Description: "The must/should rules whose scope covers a repository path, with their levels and the ids of the rules that enforce them. Read them before editing the file."}, s.rulesFor)
	sdk.AddTool(srv, &sdk.Tool{Name: "check_command", Annotations: readOnly,
		Description: "Whether a shell command line may run here: allowed, allowed once the user agrees (ask_user: ask them first), or blocked with the rule it breaks and what to do instead."}, s.checkCommand)
	sdk.AddTool(srv, &sdk.Tool{Name: "check_file", Annotations: readOnly,
		Description: "The findings that proposed content for a file would introduce, on the lines that differ from the file on disk."}, s.checkFile)
	sdk.AddTool(srv, &sdk.Tool{Name: "check_diff", Annotations: readOnly,
		Description: "The findings of a change: staged, unstaged, or everything since a revision (with its commits)."}, s.checkDiff)
	sdk.AddTool(srv, &sdk.Tool{Name: "explain", Annotations: readOnly,
		Description: "A constraint or rule by id (a unique prefix is enough): the instruction as written, its rules, params and authored cases."}, s.explain)
	sdk.AddTool(srv, &sdk.Tool{Name: "audit", Annotations: readOnly,
		Description: "Judge a recorded agent session (a trajectory file) against every rule: verdicts per rule, triggering and compliance rates."}, s.audit)

	srv.AddResource(&sdk.Resource{URI: "heed://policy", Name: "policy", MIMEType: "application/json",
		Description: "Every constraint of the repository with the rules it compiled into."}, s.readPolicy)
	srv.AddResource(&sdk.Resource{URI: "heed://findings/latest", Name: "latest findings", MIMEType: "application/json",
		Description: "The report of the last check_file or check_diff call of this session."}, s.readLatest)
	srv.AddResourceTemplate(&sdk.ResourceTemplate{URITemplate: "heed://instructions/{+path}", Name: "instruction file", MIMEType: "text/markdown",
		Description: "An instruction file of the repository, as written."}, s.readInstruction)
	if set, err := instr.Load(root); err == nil {
		for _, f := range set.Files {
			srv.AddResource(&sdk.Resource{URI: instructionURI(f.Path), Name: f.Path, MIMEType: "text/markdown",
				Description: fmt.Sprintf("%s instruction file", f.Format)}, s.readInstruction)
		}
	}
	return srv
}

func instructionURI(rel string) string {
	return "heed://instructions/" + (&url.URL{Path: rel}).EscapedPath()
}

func (s *Server) project() (*project.Project, error) {
	p, err := s.opt.Open(s.root)
	if err != nil {
		return nil, fmt.Errorf("load the rules of %s: %w", s.root, err)
	}
	return p, nil
}

// RulesForInput names a path.
type RulesForInput struct {
	Path string `json:"path" jsonschema:"repository-relative path of a file or folder"`
	// IncludeInfo adds the informational constraints (descriptions, background).
	IncludeInfo bool `json:"include_info,omitempty" jsonschema:"also list informational text, not only must/should rules"`
}

// RuleLine is one constraint in rules_for's answer.
type RuleLine struct {
	ID         string   `json:"id"`
	Level      string   `json:"level"`
	Text       string   `json:"text"`
	Where      string   `json:"where"`
	HeaderPath []string `json:"header_path,omitempty"`
	RuleIDs    []string `json:"rule_ids,omitempty"`
	Unenforced string   `json:"unenforced,omitempty"`
}

// RulesForOutput lists the constraints for a path.
type RulesForOutput struct {
	Path  string     `json:"path"`
	Rules []RuleLine `json:"rules"`
}

func (s *Server) rulesFor(_ context.Context, _ *sdk.CallToolRequest, in RulesForInput) (*sdk.CallToolResult, RulesForOutput, error) {
	rel, err := s.rel(in.Path)
	if err != nil {
		return nil, RulesForOutput{}, err
	}
	p, err := s.project()
	if err != nil {
		return nil, RulesForOutput{}, err
	}
	out := RulesForOutput{Path: rel, Rules: []RuleLine{}}
	for _, e := range brief.For(p.Policy.Entries, rel, in.IncludeInfo) {
		line := RuleLine{ID: e.ID, Level: string(e.Level), Text: e.Text, Where: fmt.Sprintf("%s:%d", e.File, e.Line),
			HeaderPath: e.HeaderPath, Unenforced: e.Unenforced}
		for _, r := range e.Rules {
			line.RuleIDs = append(line.RuleIDs, r.ID)
		}
		out.Rules = append(out.Rules, line)
	}
	return nil, out, nil
}

// CheckCommandInput is a command line to judge.
type CheckCommandInput struct {
	Command string `json:"command" jsonschema:"the shell command line, as it would be run"`
	Cwd     string `json:"cwd,omitempty" jsonschema:"repository-relative directory it runs in (default the root)"`
}

func (s *Server) checkCommand(_ context.Context, _ *sdk.CallToolRequest, in CheckCommandInput) (*sdk.CallToolResult, CommandVerdict, error) {
	if strings.TrimSpace(in.Command) == "" {
		return nil, CommandVerdict{}, fmt.Errorf("command is empty")
	}
	if s.opt.CheckCommand == nil {
		return nil, CommandVerdict{}, fmt.Errorf("this build of heed has no command checker")
	}
	cwd, err := s.rel(in.Cwd)
	if err != nil {
		return nil, CommandVerdict{}, err
	}
	p, err := s.project()
	if err != nil {
		return nil, CommandVerdict{}, err
	}
	v, err := s.opt.CheckCommand(p, in.Command, cwd)
	if err != nil {
		// Fail closed, as the hooks do: an error is a block with the reason.
		return nil, CommandVerdict{Allowed: false, Message: "heed could not judge this command: " + err.Error(), Findings: []report.Finding{}}, nil
	}
	if v.Findings == nil {
		v.Findings = []report.Finding{}
	}
	return nil, *v, nil
}

// CheckFileInput is a proposed write.
type CheckFileInput struct {
	Path    string `json:"path" jsonschema:"repository-relative path of the file"`
	Content string `json:"content" jsonschema:"the whole proposed content of the file"`
}

// FindingsOutput is a list of findings with a one-line summary.
type FindingsOutput struct {
	Summary  string           `json:"summary"`
	Findings []report.Finding `json:"findings"`
}

func (s *Server) checkFile(_ context.Context, _ *sdk.CallToolRequest, in CheckFileInput) (*sdk.CallToolResult, FindingsOutput, error) {
	rel, err := s.rel(in.Path)
	if err != nil {
		return nil, FindingsOutput{}, err
	}
	if rel == "" {
		return nil, FindingsOutput{}, fmt.Errorf("path must name a file")
	}
	// a file the repository leaves out of judging is not judged here either, as heed
	// check and the agent hooks leave it out
	ig, err := repo.Exclusions(s.root, nil, nil)
	if err != nil {
		return nil, FindingsOutput{}, err
	}
	if ig.Match(rel) {
		return nil, FindingsOutput{Summary: fmt.Sprintf("0 findings: %s is left out of the checks (.heedignore or the [check] exclude of .heed/config)", rel), Findings: []report.Finding{}}, nil
	}
	p, err := s.project()
	if err != nil {
		return nil, FindingsOutput{}, err
	}
	fs, err := check.ProposedWrite(p, rel, []byte(in.Content))
	if err != nil {
		return nil, FindingsOutput{}, err
	}
	rep := &report.Report{Findings: fs}
	rep.Tally()
	s.remember(rep)
	return nil, findingsOutput(rep), nil
}

// CheckDiffInput selects a change.
type CheckDiffInput struct {
	Mode string `json:"mode" jsonschema:"staged, unstaged, or diff (everything since rev, with its commits)"`
	Rev  string `json:"rev,omitempty" jsonschema:"base revision for mode diff, e.g. origin/main"`
}

func (s *Server) checkDiff(_ context.Context, _ *sdk.CallToolRequest, in CheckDiffInput) (*sdk.CallToolResult, FindingsOutput, error) {
	opt := check.Options{}
	switch in.Mode {
	case "staged":
		opt.Mode = check.Staged
	case "unstaged":
		opt.Mode = check.Unstaged
	case "diff":
		if in.Rev == "" {
			return nil, FindingsOutput{}, fmt.Errorf("mode diff needs rev")
		}
		opt.Mode, opt.Rev = check.Diff, in.Rev
	default:
		return nil, FindingsOutput{}, fmt.Errorf("mode must be staged, unstaged or diff, not %q", in.Mode)
	}
	p, err := s.project()
	if err != nil {
		return nil, FindingsOutput{}, err
	}
	res, err := check.Run(p, opt)
	if err != nil {
		return nil, FindingsOutput{}, err
	}
	rep := res.Report()
	s.remember(rep)
	return nil, findingsOutput(rep), nil
}

func findingsOutput(rep *report.Report) FindingsOutput {
	out := FindingsOutput{Findings: rep.Findings}
	if out.Findings == nil {
		out.Findings = []report.Finding{}
	}
	out.Summary = fmt.Sprintf("%d findings (%d errors, %d warnings)", rep.Summary.Findings, rep.Summary.Errors, rep.Summary.Warnings)
	return out
}

func (s *Server) remember(rep *report.Report) {
	s.mu.Lock()
	s.latest = rep
	s.mu.Unlock()
}

// ExplainInput names a constraint or rule.
type ExplainInput struct {
	ID string `json:"id" jsonschema:"a constraint or rule id, or a unique prefix of one"`
}

// ExplainOutput is a constraint with its rules, or one rule with its constraint. The
// tool declares no output schema: rule params are free-form JSON per kind.
type ExplainOutput struct {
	Constraint policy.Entry `json:"constraint"`
	Rule       *policy.Rule `json:"rule,omitempty"`
}

func (s *Server) explain(_ context.Context, _ *sdk.CallToolRequest, in ExplainInput) (*sdk.CallToolResult, any, error) {
	id := strings.TrimSpace(in.ID)
	if id == "" {
		return nil, nil, fmt.Errorf("id is empty")
	}
	p, err := s.project()
	if err != nil {
		return nil, nil, err
	}
	var hits []ExplainOutput
	for _, e := range p.Policy.Entries {
		if e.ID == id {
			return nil, ExplainOutput{Constraint: e}, nil
		}
		for j := range e.Rules {
			if e.Rules[j].ID == id {
				r := e.Rules[j]
				return nil, ExplainOutput{Constraint: e, Rule: &r}, nil
			}
		}
		if strings.HasPrefix(e.ID, id) {
			hits = append(hits, ExplainOutput{Constraint: e})
		}
		for j := range e.Rules {
			if strings.HasPrefix(e.Rules[j].ID, id) {
				r := e.Rules[j]
				hits = append(hits, ExplainOutput{Constraint: e, Rule: &r})
			}
		}
	}
	// Rule ids start with their constraint's id: a prefix of a constraint id that
	// matches only that constraint and its own rules names the constraint.
	if len(hits) > 1 {
		same := true
		for _, h := range hits {
			same = same && h.Constraint.ID == hits[0].Constraint.ID
		}
		if same {
			return nil, ExplainOutput{Constraint: hits[0].Constraint}, nil
		}
	}
	switch len(hits) {
	case 0:
		return nil, nil, fmt.Errorf("no constraint or rule has id %q (heed rules lists them)", id)
	case 1:
		return nil, hits[0], nil
	}
	return nil, nil, fmt.Errorf("id %q is ambiguous: %d constraints and rules start with it", id, len(hits))
}

// AuditInput names a trajectory to judge.
type AuditInput struct {
	Trajectory string `json:"trajectory" jsonschema:"path of the trajectory file (absolute, or relative to the repository)"`
	Agent      string `json:"agent,omitempty" jsonschema:"auto, claude, codex, mini-swe-agent, openhands or heed (default auto)"`
	Base       string `json:"base,omitempty" jsonschema:"base revision of the session's change"`
	Head       string `json:"head,omitempty" jsonschema:"head revision of the session's change (default HEAD)"`
}

func (s *Server) audit(_ context.Context, _ *sdk.CallToolRequest, in AuditInput) (*sdk.CallToolResult, any, error) {
	if s.opt.Audit == nil {
		return nil, nil, fmt.Errorf("this build of heed has no auditor")
	}
	if in.Trajectory == "" {
		return nil, nil, fmt.Errorf("trajectory is empty")
	}
	if !filepath.IsAbs(in.Trajectory) {
		in.Trajectory = filepath.Join(s.root, in.Trajectory)
	}
	out, err := s.opt.Audit(s.root, in)
	if err != nil {
		return nil, nil, err
	}
	return nil, out, nil
}

func (s *Server) readPolicy(_ context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
	p, err := s.project()
	if err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(p.Policy, "", "  ")
	if err != nil {
		return nil, err
	}
	return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: req.Params.URI, MIMEType: "application/json", Text: string(b)}}}, nil
}

func (s *Server) readLatest(_ context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
	s.mu.Lock()
	rep := s.latest
	s.mu.Unlock()
	if rep == nil {
		rep = &report.Report{Findings: []report.Finding{}}
		rep.Tally()
	}
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return nil, err
	}
	return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: req.Params.URI, MIMEType: "application/json", Text: string(b)}}}, nil
}

func (s *Server) readInstruction(_ context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
	u, err := url.Parse(req.Params.URI)
	if err != nil || u.Scheme != "heed" || u.Host != "instructions" {
		return nil, sdk.ResourceNotFoundError(req.Params.URI)
	}
	rel := strings.TrimPrefix(u.Path, "/")
	set, err := instr.Load(s.root)
	if err != nil {
		return nil, err
	}
	// Only instruction files are served: the resource is not a way to read the repository.
	known := map[string]bool{}
	for _, f := range set.Files {
		known[f.Path] = true
	}
	if !known[rel] {
		return nil, sdk.ResourceNotFoundError(req.Params.URI)
	}
	b, err := os.ReadFile(filepath.Join(s.root, filepath.FromSlash(rel)))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", rel, err)
	}
	return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: req.Params.URI, MIMEType: "text/markdown", Text: string(b)}}}, nil
}

// rel turns a path given by the agent (relative to the repository, or absolute inside
// it) into a clean repository-relative one; a path outside the repository is an error.
func (s *Server) rel(p string) (string, error) {
	p = strings.TrimSpace(p)
	if p == "" || p == "." {
		return "", nil
	}
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(s.root, filepath.FromSlash(p))
	}
	r, err := filepath.Rel(s.root, filepath.Clean(abs))
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("path %q is outside the repository %s", p, s.root)
	}
	if r == "." {
		return "", nil
	}
	return filepath.ToSlash(r), nil
}
