package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/heed-dev/heed/internal/brief"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
)

// newRulesCmd lists the constraints of a repository's instruction files: what an
// agent should read before editing a path.
func (app *App) newRulesCmd() *cobra.Command {
	var forPath, level, format string
	var read bool
	cmd := &cobra.Command{
		Use:   "rules [--for PATH] [--level must|should|info] [--format text|json|agent] [--read]",
		Short: "List the constraints of the repository's instruction files",
		Long: `rules reads every instruction file of the repository (AGENTS.md, CLAUDE.md,
.github/copilot-instructions.md, .github/instructions/*.instructions.md, .cursor/rules,
GEMINI.md, Windsurf, Cline, Roo Code and Continue rules, Zed's .rules, AGENT.md,
.openhands/microagents/repo.md, .junie/guidelines.md, CONVENTIONS.md, CONTRIBUTING) and
lists its constraints, grouped by file and header path, with id, level and line.

--for PATH keeps the constraints whose scope covers PATH (a nested AGENTS.md governs
its subtree; applyTo/globs/paths front matter narrows a file to matching paths; a
rule compiled with a narrower scope, "in web/" or "in test files", narrows too).
--level keeps constraints of that level and stronger (must < should < info).
--format agent prints the must and should constraints for PATH once each, one line
each, for an agent to read before it edits PATH.
--read shows under each constraint what heed read it as: every rule it compiled into
(from .heed/policy.json, or compiled in memory), in the normative model's terms
("forbid: git commit --no-verify | instead: ..."), and why a rule needs review.

Warnings about unreadable or malformed files go to stderr.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat("rules", format, "text", "json", "agent"); err != nil {
				return err
			}
			switch level {
			case "", "must", "should", "info":
			default:
				return Fail("rules: unknown --level %q (want must, should, info)", level)
			}
			root, err := app.Repo()
			if err != nil {
				return err
			}
			set, err := instr.Load(root)
			if err != nil {
				return Fail("rules: %v", err)
			}
			cs := set.Constraints
			if forPath != "" {
				rel, err := repoRel(root, forPath)
				if err != nil {
					return err
				}
				forPath = rel
				cs = instr.For(cs, rel)
				cs = app.narrowByRules(root, cs, rel)
			}
			if level != "" {
				cs = atLeast(cs, policy.Level(level))
			}
			for _, w := range set.Warnings {
				fmt.Fprintf(app.Stderr, "heed: warning: %s\n", w)
			}
			switch format {
			case "json":
				return writeRulesJSON(app.Stdout, set, cs, forPath)
			case "agent":
				return brief.Write(app.Stdout, cs, forPath)
			}
			var readings map[string][]policy.Rule
			if read {
				p, err := project.Open(root)
				if err != nil {
					return Fail("rules: %v", err)
				}
				entries := p.Policy.Entries
				// A saved policy compiled from older instruction files reads sentences
				// that are no longer there, or no longer say the same: show what heed
				// reads now, and say that enforcement still uses the file on disk.
				if st, err := p.Stale(); err == nil && len(st) > 0 {
					pol, _, _, err := project.CompileRepo(root, project.Options{})
					if err != nil {
						return Fail("rules: %v", err)
					}
					entries = pol.Entries
					fmt.Fprintf(app.Stderr, "heed: warning: %s changed since %s was compiled: the readings below are of the files as they are now; hooks and checks still enforce %s until `heed compile` runs\n",
						strings.Join(limit(st, 4), ", "), policy.File, policy.File)
				}
				readings = map[string][]policy.Rule{}
				for _, e := range entries {
					readings[e.ID] = e.Rules
				}
			}
			writeRulesText(app.Stdout, set, cs, readings)
			return nil
		},
	}
	cmd.Flags().BoolVar(&read, "read", false, "show what heed read each constraint as: its rules, in the normative model's terms")
	cmd.Flags().StringVar(&forPath, "for", "", "only constraints whose scope covers PATH (repository-relative or a path on disk)")
	cmd.Flags().StringVar(&level, "level", "", "only constraints of this level or stronger: must, should or info")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text, json or agent")
	return cmd
}

// repoRel turns --for into a repository-relative path. A relative path is taken from
// the working directory when that lies inside the repository (as git does), else from
// the repository root; a path that ends up outside the repository is an error.
func repoRel(root, p string) (string, error) {
	abs := p
	if !filepath.IsAbs(p) {
		base := root
		if wd, err := os.Getwd(); err == nil {
			if r, err := filepath.Rel(root, wd); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
				base = wd
			} else if real, err := filepath.EvalSymlinks(wd); err == nil {
				if rr, err := filepath.EvalSymlinks(root); err == nil {
					if r, err := filepath.Rel(rr, real); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
						base = filepath.Join(root, r)
					}
				}
			}
		}
		abs = filepath.Join(base, p)
	}
	rel, err := filepath.Rel(root, filepath.Clean(abs))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", Fail("rules: --for %s is outside the repository %s", p, root)
	}
	if rel == "." {
		return "", nil
	}
	return filepath.ToSlash(rel), nil
}

var levelRank = lazy.Value[map[policy.Level]int]{F: func() map[policy.Level]int {
	return map[policy.Level]int{policy.Must: 0, policy.Should: 1, policy.Info: 2}
}}

func atLeast(cs []policy.Constraint, l policy.Level) []policy.Constraint {
	var out []policy.Constraint
	for _, c := range cs {
		if levelRank.Get()[c.Level] <= levelRank.Get()[l] {
			out = append(out, c)
		}
	}
	return out
}

// rulesJSON is the document `heed rules --format json` prints (docs/rules.md).
type rulesJSON struct {
	Root        string              `json:"root"`
	For         string              `json:"for,omitempty"`
	Files       []instr.File        `json:"files"`
	Constraints []policy.Constraint `json:"constraints"`
	Warnings    []instr.Warning     `json:"warnings"`
}

func writeRulesJSON(w io.Writer, set *instr.Set, cs []policy.Constraint, forPath string) error {
	doc := rulesJSON{Root: set.Root, For: forPath, Files: set.Files, Constraints: cs, Warnings: set.Warnings}
	if doc.Files == nil {
		doc.Files = []instr.File{}
	}
	if doc.Constraints == nil {
		doc.Constraints = []policy.Constraint{}
	}
	if doc.Warnings == nil {
		doc.Warnings = []instr.Warning{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}

// writeRulesText groups constraints by file, then by header path:
//
//	AGENTS.md (agents, scope: whole repository)
//	  Testing
//	    3f2a9c01d4e7  must    12  Run `make test` before committing.
func writeRulesText(w io.Writer, set *instr.Set, cs []policy.Constraint, readings map[string][]policy.Rule) {
	if len(set.Files) == 0 {
		fmt.Fprintln(w, noInstructionFiles)
		return
	}
	if len(cs) == 0 {
		fmt.Fprintf(w, "no constraints (from %d instruction files)\n", len(set.Files))
		return
	}
	files := map[string]instr.File{}
	for _, f := range set.Files {
		files[f.Path] = f
	}
	lastFile, lastHP := "", "\x00"
	for _, c := range cs {
		if c.File != lastFile {
			if lastFile != "" {
				fmt.Fprintln(w)
			}
			f := files[c.File]
			fmt.Fprintf(w, "%s (%s, %s)\n", c.File, c.Format, describeScope(c.Scope, f))
			lastFile, lastHP = c.File, "\x00"
		}
		hp := strings.Join(c.HeaderPath, " > ")
		if hp != lastHP {
			if hp != "" {
				fmt.Fprintf(w, "  %s\n", hp)
			}
			lastHP = hp
		}
		fmt.Fprintf(w, "    %s  %-6s %4d  %s\n", c.ID, c.Level, c.Line, c.Text)
		for _, r := range readings[c.ID] {
			read := r.Norm
			if read == "" {
				read = r.Message
			}
			fmt.Fprintf(w, "        -> %s/%s %s: %s\n", r.Domain, r.Kind, r.Severity, read)
			switch {
			case r.NeedsReview():
				fmt.Fprintf(w, "           needs review: %s\n", r.Review)
			case r.Decision != "":
				fmt.Fprintf(w, "           reviewed: %s\n", r.Decision)
			}
		}
	}
}

func describeScope(s policy.Scope, f instr.File) string {
	var parts []string
	switch {
	case len(s.Globs) > 0:
		parts = append(parts, "scope: "+strings.Join(s.Globs, ", "))
	case s.Dir == "":
		parts = append(parts, "scope: whole repository")
	default:
		parts = append(parts, "scope: "+s.Dir+"/")
	}
	if f.ImportedBy != "" {
		parts = append(parts, "imported by "+f.ImportedBy)
	}
	if f.Activation != "" && f.Activation != "always" && f.Activation != "globs" {
		parts = append(parts, "loaded: "+f.Activation)
	}
	return strings.Join(parts, ", ")
}

// narrowByRules drops the constraints whose compiled rules are all scoped away from rel
// (policy.Entry.Governs), as rules_for and the hook's context do. When the policy cannot
// be loaded the instruction scopes alone decide, with a warning: listing rules must not
// fail because the policy file is broken.
func (app *App) narrowByRules(root string, cs []policy.Constraint, rel string) []policy.Constraint {
	if rel == "" {
		return cs
	}
	p, err := project.Open(root)
	if err != nil {
		fmt.Fprintf(app.Stderr, "heed: warning: the rules' own scopes are not applied: %v\n", err)
		return cs
	}
	// governs[id]: whether the compiled entry governs rel; an id the policy does not
	// know (a stale policy file) is kept
	governs := map[string]bool{}
	in := brief.Governing(p.Policy.Entries, rel)
	for _, e := range p.Policy.Entries {
		governs[e.ID] = in(e)
	}
	var out []policy.Constraint
	for _, c := range cs {
		if g, known := governs[c.ID]; g || !known {
			out = append(out, c)
		}
	}
	return out
}
