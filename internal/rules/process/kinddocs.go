package process

// The params docs of the process kinds (engine.Kind.Doc), for a model that writes
// rules. They say what the checks do, not how a sentence is read: the wording of the
// instruction is the model's to read.

// patternDoc describes a command form, which every process kind uses.
const patternDoc = `A command form is {"program": [names], "args": [...], "flags": [[...]], ...}: ` +
	`"program" lists base names ("npm") or globs of them ("pip3.*"), any of them; ` +
	`"args" are positional words in order: the first must be the command's first positional word (its subcommand), later ones may have other words between them, globs allowed ("v*"); options never count as args; ` +
	`"flags" are option groups the command must carry, each group by any of its spellings ([["-f","--force"]]; "--mode=hard" also requires the value); ` +
	`"lacking": option groups whose presence takes the command out of the form ("cargo publish" without "--dry-run"); ` +
	`"bare": true matches only with no positional word beyond args; "alone": true only with nothing at all beyond program and args; ` +
	`"paths": repository paths or globs one operand must name ("." the root); "env": assignments the line must write ("CI=1" or "CI"); "lacking_env": assignments whose absence makes the match. ` +
	`Commands are read from the shell line: pipelines, "&&" lists, subshells, "cd" and "git -C" (for cwd), and wrappers (env, command, nice, xargs, find -exec, sh -c, eval, sudo-like prefixes, npx/pnpm exec/uvx/uv run) are looked through, so a form matches however it is reached.`

const commandDoc = `Forbids forms of commands. params {"forbid": [forms], "allow": [forms], "via": [forms], "together": [forms], "at": [folders], "only_at": [folders], "indirect": bool}. ` +
	`A command that matches a "forbid" form is violated, unless it also matches an "allow" form (an exception: "git clean -n") or runs through a "via" form (the alternative the instruction prescribes: {"forbid":[{"program":["pytest"]}],"via":[{"args":["run","pytest"],"program":["uv"]}]} lets "uv run pytest" pass); ` +
	`"together": forms that must not run in one command line (each alone is fine); "at": folders (repository-relative, "." the root) where the forms are forbidden and nowhere else (each folder itself, not the folders below it); "only_at": folders where the forms may run, forbidden in every other folder ("run pytest from the repository root"); "indirect": true also bans a task runner target whose recipe runs a forbidden form (default: such a target only warns). ` +
	`Targets are the commands of the programs the forms name: a command of the same program that matches no forbidden form is "satisfied" (git commit under a ban of git commit --no-verify); a command of another program is "inapplicable". ` +
	`Cases: "argv" (one command) or "shell" (a command line), optional "cwd". ` + patternDoc

const sequenceDoc = `Requires a command before another. params {"then": [forms], "first": [forms], "anytime": bool, "changed": [globs], "in": [folders], "unless": [globs], "label": text}. ` +
	`A command matching a "then" form (git commit) is violated unless a command matching one of the "first" forms (make lint) ran and succeeded earlier in the session and after the last edit of the working tree ("anytime": true accepts it at any earlier point: setup steps). ` +
	`"changed" limits the order to sessions that edited a file matching these globs since the prerequisite last ran ("run cargo fmt after changing Rust code": "changed": ["**/*.rs"]). "in": folders where the instruction runs the prerequisite ("cd web && npm test"); a task runner's command typed elsewhere meets the order only in the rule's folder or the guarded command's. "unless": globs of files whose change alone needs no prerequisite ("docs-only changes don't need the tests": ["**/*.md", "docs/**"]): when every file changed since the prerequisite last succeeded matches one, the guarded command is satisfied. "label" names the prerequisite in messages. ` +
	`Targets are the commands matching "then"; any other command is "inapplicable". ` +
	`Cases: the guarded command in "argv" or "shell", and "history": the earlier commands of the session, oldest first, each an argv list (a satisfied case lists the prerequisite in history). Command forms as in the command kind.`

const branchDoc = `Forbids commands while a branch is checked out. params {"branches": [names or globs], "commands": [forms]} (commands default to git commit). ` +
	`The branch is the one the session last checked out or switched to, else the work tree's HEAD. Targets are the commands matching "commands". ` +
	`Cases: "argv" or "shell", and "history" with the checkout ([["git","checkout","main"]]) that puts the session on the branch. Command forms as in the command kind.`
