package compile_test

import (
	"testing"

	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules"
)

// Wild round 11 (supabase-js): ".cursor/.cursorrules" says "Use Nx commands rather
// than npm/yarn directly", and CLAUDE.md beside it shows `npm exec nx test` (here: "Run the tests with ...") as the
// way to run nx. Both speak to an agent at the root, so the ban is as doubtful as if
// its own file showed the command: it warns for review. A file in a folder below
// narrows the ban instead (tested elsewhere); a file that governs only another folder
// says nothing about the root.
func TestABanAnotherFileOfItsFolderContradictsNeedsReview(t *testing.T) {
	files := map[string]string{
		".cursor/rules/tools.mdc": "---\nalwaysApply: true\n---\n# Tools\n\n- Never run `npm` in this repository.\n",
		"CLAUDE.md":               "# Nx\n\n- Run the tests with `npm exec nx test`.\n",
		"web/AGENTS.md":           "# Web\n\n- Never run `yarn` here.\n",
		"docs/AGENTS.md":          "# Docs\n\n- Build the site with `yarn build`.\n",
	}
	p := compileFiles(files, &recognize.RepoContext{Tools: []string{"npm", "yarn", "pnpm"}, Dirs: []string{"web", "docs"}})
	seen := map[string]string{}
	for _, e := range p.Entries {
		for _, r := range e.Rules {
			if r.Kind == "command" {
				seen[e.Constraint.File] = r.Severity
			}
		}
	}
	if seen[".cursor/rules/tools.mdc"] != policy.SeverityWarning {
		t.Errorf("the npm ban CLAUDE.md contradicts: severity %q, want warning for review", seen[".cursor/rules/tools.mdc"])
	}
	if seen["web/AGENTS.md"] != policy.SeverityError {
		t.Errorf("web's yarn ban, which only docs/AGENTS.md's other folder contradicts: severity %q, want error", seen["web/AGENTS.md"])
	}
}

// The example list of a requirement shows its commands as normal use: supabase-js's
// CLAUDE.md "Prefix nx commands with the workspace's package manager (e.g., `pnpm nx
// build`, `npm exec nx test`)" beside ".cursorrules: Use Nx commands rather than
// npm/yarn directly" puts the npm ban in doubt.
func TestAnExampleListShowsNormalUse(t *testing.T) {
	files := map[string]string{
		".cursor/rules/tools.mdc": "---\nalwaysApply: true\n---\n# Tools\n\n- Never run `npm` in this repository.\n",
		"CLAUDE.md":               "# Nx\n\n- Prefix nx commands with the workspace's package manager (e.g., `pnpm nx build`, `npm exec nx test`) - avoids using a global CLI\n",
	}
	p := compileFiles(files, &recognize.RepoContext{Tools: []string{"npm", "pnpm"}})
	for _, e := range p.Entries {
		for _, r := range e.Rules {
			if r.Kind == "command" && r.Severity != policy.SeverityWarning {
				t.Errorf("%s: the npm ban the example list contradicts is %s, want a warning for review", e.Constraint.File, r.Severity)
			}
		}
	}
}

// compileFiles compiles instruction files (path to text) as one repository's, each
// with the scope its place gives it; rc gets their constraints.
func compileFiles(files map[string]string, rc *recognize.RepoContext) *policy.Policy {
	var set instr.Set
	for path, doc := range files {
		format := instr.Classify(path)
		scope := policy.Scope{Dir: instr.ScopeDir(path, format)}
		cons, _ := instr.Extract(path, []byte(doc), format, scope)
		set.Files = append(set.Files, instr.File{Path: path, Format: format, Scope: scope, Constraints: len(cons)})
		set.Constraints = append(set.Constraints, cons...)
	}
	rc.Constraints = set.Constraints
	p, _ := compile.Compile(&set, rc, rules.Recognizers())
	return p
}

// A contributors' guide speaks to people: fresh file s52 (better-auth) says "NEVER
// run `pnpm test` (runs all packages)" to agents in AGENTS.md, and CONTRIBUTING.md
// shows `pnpm test` to human contributors. The agent's ban stands (it blocks); the
// same command shown in another agent file beside it still puts the ban in doubt.
func TestAContributorsGuideDoesNotDemoteAnAgentFilesBan(t *testing.T) {
	severity := func(files map[string]string) string {
		p := compileFiles(files, &recognize.RepoContext{Tools: []string{"pnpm"}})
		for _, e := range p.Entries {
			for _, r := range e.Rules {
				if r.Kind == "command" && e.Constraint.File == "AGENTS.md" {
					return r.Severity
				}
			}
		}
		return "no rule"
	}
	ban := "# Commands\n\n- NEVER run `pnpm test` (runs all packages).\n"
	if got := severity(map[string]string{"AGENTS.md": ban, "CONTRIBUTING.md": "# Contributing\n\n- Run the tests with `pnpm test`.\n"}); got != policy.SeverityError {
		t.Errorf("beside a CONTRIBUTING.md that shows the command: %s, want error", got)
	}
	if got := severity(map[string]string{"AGENTS.md": ban, "CLAUDE.md": "# Tests\n\n- Run the tests with `pnpm test`.\n"}); got != policy.SeverityWarning {
		t.Errorf("beside a CLAUDE.md that shows the command: %s, want warning", got)
	}
}

// A contributors' guide's branch format that the agent file beside it contradicts
// (fresh file s53, sentry-dart: CONTRIBUTING.md asks people for
// `git-username/type/short-description`, AGENTS.md shows the agent `feat/x`) warns for
// review instead of blocking the agent's own format.
func TestAnAgentFilesBranchFormatPutsTheGuidesInDoubt(t *testing.T) {
	guide := "# Contributing\n\n## Branch Naming\n\nUse the format `git-username/type/short-description` for branch names.\n"
	severity := func(files map[string]string) string {
		p := compileFiles(files, &recognize.RepoContext{})
		for _, e := range p.Entries {
			for _, r := range e.Rules {
				if r.Kind == "command" && e.Constraint.File == "CONTRIBUTING.md" {
					return r.Severity
				}
			}
		}
		return "no rule"
	}
	if got := severity(map[string]string{"CONTRIBUTING.md": guide}); got != policy.SeverityError {
		t.Errorf("the guide alone: %s, want error", got)
	}
	agents := "# Pull Requests\n\n- **Branch naming** — `<type>/<short-description>` (e.g., `feat/session-replay-privacy`, `fix/memory-leak-scope`)\n"
	if got := severity(map[string]string{"CONTRIBUTING.md": guide, "AGENTS.md": agents}); got != policy.SeverityWarning {
		t.Errorf("beside an AGENTS.md with another format: %s, want warning", got)
	}
}
