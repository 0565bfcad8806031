package cli

import (
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/heed-dev/heed/internal/brief"
	"github.com/heed-dev/heed/internal/check"
	"github.com/heed-dev/heed/internal/config"
	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/repo"
)

// maxPayload bounds a hook payload (a Write tool's content is in it).
const maxPayload = 64 << 20

func (app *App) newHookCmd() *cobra.Command {
	var rulesContext bool
	cmd := &cobra.Command{
		Use:   "hook AGENT",
		Short: "Answer an agent's hook: judge the command or write it is about to make",
		Long: `Answer an agent's hook, reading its JSON payload on standard input.

  heed hook claude | codex | gemini | cursor | copilot
  heed hook git commit-msg FILE | pre-push ...   (what heed's git hooks run)
  heed hook git pre-commit -- FILE...             (the pre-commit framework's heed-check hook:
                                                  the staged change, or with files that are not
                                                  staged, as pre-commit run --all-files passes
                                                  them, those files whole)
  heed hook install AGENT...                      (merge heed's hooks into the agent's project config)

Before a shell command, heed judges it with the process rules, and the message
of a git commit given on its command line with the commit rules; before a file
write (Claude Write/Edit/MultiEdit, Codex apply_patch, Gemini write_file/replace),
it judges the resulting file with the source and architecture rules. A violation
of an error rule denies the tool in the agent's own protocol, with the rule quoted.
Any internal error denies too: a hook that crashes would let the tool run.

--rules-context (claude): an allowed Write/Edit also carries the rules that govern
the file, as the hook's additionalContext, so the agent reads them when it touches
the file. Off by default; "heed hook install claude --rules-context" turns it on.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			switch args[0] {
			case "git":
				// the contribution domain's git hooks
				return app.runGitHook(args[1:])
			}
			if len(args) != 1 {
				return Fail("hook %s: takes no arguments (the payload comes on standard input)", args[0])
			}
			return app.runAgentHook(args[0], rulesContext)
		},
	}
	cmd.Flags().BoolVar(&rulesContext, "rules-context", false, "claude: add the rules of a file being written as context for the agent")
	var command string
	var installRulesContext bool
	install := &cobra.Command{
		Use:   "install AGENT...",
		Short: "Merge heed's hooks into an agent's project configuration",
		Long: `Merge heed's hooks into the project configuration of each agent named:

  claude   .claude/settings.json     PreToolUse, PostToolUse, PostToolUseFailure
  codex    .codex/hooks.json         PreToolUse, PostToolUse (Bash, apply_patch)
  gemini   .gemini/settings.json     BeforeTool, AfterTool
  cursor   .cursor/hooks.json        beforeShellExecution, afterShellExecution, afterFileEdit
  copilot  .github/hooks/heed.json   preToolUse, postToolUse, postToolUseFailure
  git      .git/hooks                pre-commit, commit-msg, pre-push

Existing settings are kept as they are, comments included; running it again adds
nothing. A config file heed cannot merge safely is reported and left untouched: one
that does not parse, larger than 4 MiB, nested more than 64 levels deep, or that
writes a key heed edits twice in one object (the agent would read one, heed would
edit the other). A config file that is a symbolic link is edited where it points;
the link stays. The hooks run heed-shim or heed by name, from the agent's PATH:
these files are shared, so no path of this machine goes into them. Codex runs the
hooks only once you trust the project and the hooks (/hooks in Codex): the install
says how; Copilot CLI runs them only in a trusted folder. Each agent's protocol and
limits: docs/hooks.md.

--rules-context (claude only) makes the PreToolUse hook add the rules of each file
the agent writes to its context; installing with it over an earlier install turns it
on in place (installing without it never turns it off: edit the file for that).`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			root, err := app.Repo()
			if err != nil {
				return err
			}
			for _, agent := range args {
				if err := app.installHook(root, agent, command, installRulesContext); err != nil {
					return err
				}
			}
			return nil
		},
	}
	install.Flags().BoolVar(&installRulesContext, "rules-context", false, "claude: the PreToolUse hook adds the rules of each file written to the agent's context")
	install.Flags().StringVar(&command, "command", "", "how the agent runs heed (default: heed-shim or heed by name, found on the agent's PATH; a path here is for this machine only)")
	cmd.AddCommand(install)
	return cmd
}

// installHook is the switch point of `heed hook install`: one case per integration.
func (app *App) installHook(root, agent, command string, rulesContext bool) error {
	if rulesContext && agent != enforce.AgentClaude {
		return Fail("hook install %s: --rules-context is for claude only (the other agents do not read context from a hook before a write)", agent)
	}
	switch agent {
	case "git":
		return app.installGitHooks(root, app.Stdout)
	case enforce.AgentClaude, enforce.AgentCodex, enforce.AgentGemini, enforce.AgentCursor, enforce.AgentCopilot:
		note := ""
		if command == "" {
			command, note = app.heedCommand(root)
		}
		cfg, err := enforce.InstallHooks(root, agent, command, enforce.InstallOptions{RulesContext: rulesContext})
		if err != nil {
			return Fail("hook install %s: %v", agent, err)
		}
		if len(cfg.Added) == 0 {
			fmt.Fprintf(app.Stdout, "%s: heed's hooks are already in %s\n", agent, cfg.File)
		} else {
			fmt.Fprintf(app.Stdout, "%s: added heed's hooks to %s (%s)\n", agent, cfg.File, strings.Join(cfg.Added, "; "))
		}
		if note != "" {
			fmt.Fprintf(app.Stdout, "%s: %s", agent, note)
		}
		switch agent {
		case enforce.AgentCodex:
			fmt.Fprint(app.Stdout, codexTrustNote(root, app.codexConfigPath(), true))
		case enforce.AgentCopilot:
			fmt.Fprintf(app.Stdout, `copilot: Copilot CLI runs a repository's hooks only in a folder you trust, and skips them
  without a word elsewhere: answer yes when it asks to trust %s, or with -p pass
  --trust-folder (COPILOT_ALLOW_ALL=true trusts it too).
`, root)
		}
		return nil
	}
	return Fail("hook install: unknown agent %q (want claude, codex, gemini, cursor, copilot or git)", agent)
}

// heedCommand is how a hook config of the repository at root runs heed: heed-shim
// when liveBinary picks it, else heed, always by name. The file is one a team commits
// and shares, so it must not hold a path of this machine (/home/me/src/heed/bin/...):
// the agent finds the program on its PATH. When the name does not lead to this binary
// here, note says so and what to do.
func (app *App) heedCommand(root string) (command, note string) {
	live, err := app.liveBinary(root)
	if err != nil {
		return "heed", ""
	}
	exe, name := live.Path, "heed"
	if live.Small {
		name = enforce.ShimBinary
	}
	p, err := exec.LookPath(name)
	if err == nil {
		if a, err := filepath.EvalSymlinks(p); err == nil && a == exe {
			return name, ""
		}
		return name, fmt.Sprintf("the hooks run %s by name, from the agent's PATH (a shared settings file must not hold a path of this machine); here %s on PATH is %s, not %s: put %s first on PATH, or install with --command PATH for this machine only\n", name, name, p, exe, filepath.Dir(exe))
	}
	return name, fmt.Sprintf("the hooks run %s by name, from the agent's PATH (a shared settings file must not hold a path of this machine); %s is not on PATH here: add %s to PATH (or go install github.com/heed-dev/heed/cmd/...), or install with --command PATH for this machine only\n", name, name, filepath.Dir(exe))
}

// runAgentHook answers one hook call. Whatever goes wrong before the tool runs, the
// answer is a denial with the reason.
func (app *App) runAgentHook(agent string, rulesContext bool) (err error) {
	app.path.LeaveShims()
	known := false
	for _, a := range enforce.Agents {
		known = known || a == agent
	}
	if !known {
		// exit 2 denies in the protocols that use exit codes
		fmt.Fprintf(app.Stderr, "[heed] BLOCKED: unknown agent %q for heed hook (want %s)\n", agent, strings.Join(enforce.Agents, ", "))
		return &ExitError{Code: 2}
	}
	var ev *enforce.HookEvent
	defer func() {
		if p := recover(); p != nil {
			res := enforce.HookResult{Deny: true, Reason: fmt.Sprintf("[heed] BLOCKED: heed could not check this tool call, so it does not run\n  Reason: internal error: %v\n%s\n", p, firstStackLines(6))}
			err = app.respond(agent, ev, res)
		}
	}()
	payload, rerr := io.ReadAll(io.LimitReader(app.Stdin, maxPayload+1))
	switch {
	case rerr != nil:
		return app.respond(agent, nil, denyInternal("cannot read the hook payload: "+rerr.Error()))
	case len(payload) > maxPayload:
		return app.respond(agent, nil, denyInternal(fmt.Sprintf("the hook payload is larger than %d bytes", maxPayload)))
	}
	ev, perr := enforce.ParseHook(agent, payload)
	if perr != nil {
		return app.respond(agent, nil, denyInternal(perr.Error()))
	}
	// the write check, the rules context and the commit checks load the same project:
	// once per call
	projects := &projectOnce{config: app.Config}
	h := &enforce.Hooks{Enforcer: app.enforcer(), Writes: projects.proposedWrite, Ignored: projects.ignored}
	if rulesContext && agent == enforce.AgentClaude {
		h.RulesFor = projects.fileRules
	}
	res := app.judgeCommitMessages(ev, h.Handle(ev), projects)
	res = app.judgeCommitPaths(ev, res, projects)
	return app.respond(agent, ev, app.judgeShellWrites(ev, res, projects))
}

func denyInternal(reason string) enforce.HookResult {
	return enforce.HookResult{Deny: true, Reason: "[heed] BLOCKED: heed could not check this tool call, so it does not run\n  Reason: " + reason + "\n"}
}

func (app *App) respond(agent string, ev *enforce.HookEvent, res enforce.HookResult) error {
	r := enforce.Respond(agent, ev, res)
	if r.Stdout != "" {
		fmt.Fprint(app.Stdout, r.Stdout)
	}
	if r.Stderr != "" {
		fmt.Fprint(app.Stderr, r.Stderr)
	}
	return &ExitError{Code: r.Code}
}

// projectOnce loads the project of one hook call (a call has one repository root),
// and what the repository leaves out of judging.
type projectOnce struct {
	once sync.Once
	p    *project.Project
	err  error
	// config reads the configuration in force (App.Config: --config, else the
	// repository's .heed/config).
	config     func(root string) (*config.Config, error)
	ignoreOnce sync.Once
	ignore     *repo.Ignore
	ignoreErr  error
}

// ignored reports whether the repository leaves rel out of judging: repo.Exclusions,
// the decision heed check makes.
func (o *projectOnce) ignored(root, rel string) (bool, error) {
	o.ignoreOnce.Do(func() {
		cfg, err := o.config(root)
		if err != nil {
			o.ignoreErr = err
			return
		}
		o.ignore, o.ignoreErr = repo.Exclusions(root, cfg, nil)
	})
	return o.ignore.Match(rel), o.ignoreErr
}

func (o *projectOnce) open(root string) (*project.Project, error) {
	o.once.Do(func() { o.p, o.err = project.Open(root) })
	return o.p, o.err
}

// proposedWrite judges a file write with the source and architecture rules.
func (o *projectOnce) proposedWrite(root, path string, content []byte) ([]enforce.WriteFinding, error) {
	p, err := o.open(root)
	if err != nil {
		return nil, err
	}
	found, err := check.ProposedWrite(p, path, content)
	if err != nil {
		return nil, err
	}
	var out []enforce.WriteFinding
	for _, f := range found {
		wf := enforce.WriteFinding{Path: f.File, Line: f.Line, Severity: f.Severity, Rule: f.Rule, Message: f.Message, Suggestion: f.Suggestion}
		if _, r, err := project.Find(p.Policy, f.Rule); err == nil && r != nil {
			wf.Ask = r.Ask
		}
		if f.Instruction.Text != "" {
			wf.Instruction = fmt.Sprintf("%q (%s:%d)", f.Instruction.Text, f.Instruction.File, f.Instruction.Line)
		}
		out = append(out, wf)
	}
	return out, nil
}

// fileRules words the rules that govern a file for the agent about to write it: the
// constraints whose scope and compiled rules cover it, leaving out the rules about
// commands and commits and those for other languages (brief.ForFile).
func (o *projectOnce) fileRules(root, rel string) (string, error) {
	p, err := o.open(root)
	if err != nil {
		return "", err
	}
	var cs []policy.Constraint
	for _, e := range brief.ForFile(p.Policy.Entries, rel) {
		cs = append(cs, e.Constraint)
	}
	if len(cs) == 0 {
		return "", nil
	}
	return brief.Text(cs, rel), nil
}

func firstStackLines(n int) string {
	lines := strings.SplitN(string(debug.Stack()), "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
