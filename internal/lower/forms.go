package lower

import (
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/process"
)

// The command forms of the practices and events internal/norm names in words.

func pat(prog string, args []string, flags ...[]string) process.Pattern {
	return process.Pattern{Program: []string{prog}, Args: args, Flags: flags}
}

var forcePushFlags = []string{"-f", "--force", "--force-with-lease", "--force-if-includes"}

var publishForms = []process.Pattern{
	pat("cargo", []string{"publish"}), pat("npm", []string{"publish"}), pat("pnpm", []string{"publish"}),
	pat("yarn", []string{"publish"}), pat("yarn", []string{"npm", "publish"}), pat("bun", []string{"publish"}),
	pat("uv", []string{"publish"}), pat("poetry", []string{"publish"}), pat("twine", []string{"upload"}),
	pat("gem", []string{"push"}), pat("dotnet", []string{"nuget", "push"}), pat("changeset", []string{"publish"}),
	pat("gh", []string{"release", "create"}),
}

// addDependencyForms add a package the project did not have: a package named after
// the subcommand (a name, not a path: `npm install ./pkg` and `pip install .`
// install what the project holds), never the bare install of what the manifests
// list, nor pip's installs from a requirements file or of the project itself.
func addDependencyForms() []process.Pattern {
	return []process.Pattern{
		pat("npm", []string{"install", "[a-zA-Z@]*"}), pat("npm", []string{"i", "[a-zA-Z@]*"}), pat("npm", []string{"add", "[a-zA-Z@]*"}),
		pat("pnpm", []string{"add"}), pat("pnpm", []string{"install", "[a-zA-Z@]*"}), pat("pnpm", []string{"i", "[a-zA-Z@]*"}),
		pat("yarn", []string{"add"}), pat("bun", []string{"add"}), pat("bun", []string{"install", "[a-zA-Z@]*"}), pat("bun", []string{"i", "[a-zA-Z@]*"}),
		{Program: []string{"pip", "pip3"}, Args: []string{"install", "[a-zA-Z]*"}, Lacking: [][]string{{"-r", "--requirement"}, {"-e", "--editable"}, {"-c", "--constraint"}}},
		{Program: []string{"uv"}, Args: []string{"pip", "install", "[a-zA-Z]*"}, Lacking: [][]string{{"-r", "--requirement"}, {"-e", "--editable"}, {"-c", "--constraint"}}},
		pat("uv", []string{"add"}), pat("poetry", []string{"add"}), pat("pdm", []string{"add"}), pat("cargo", []string{"add"}),
		pat("go", []string{"get", "[a-zA-Z]*"}), pat("bundle", []string{"add"}), pat("composer", []string{"require", "[a-zA-Z]*"}),
		pat("dotnet", []string{"add", "package"}), pat("dotnet", []string{"add", "*", "package"}),
	}
}

// globalInstallForms install a package for the whole machine rather than the
// project.
func globalInstallForms() []process.Pattern {
	global := []string{"-g", "--global", "--location=global"}
	var ps []process.Pattern
	for _, prog := range []string{"npm", "pnpm", "bun"} {
		for _, sub := range []string{"install", "i", "add"} {
			ps = append(ps, pat(prog, []string{sub}, global))
		}
	}
	return append(ps, pat("yarn", []string{"global", "add"}))
}

// packageAddForms add the package name with any package manager, the name among the
// first three operands, bare or with a version in the manager's spelling (`lodash@4`,
// `requests==2.31`).
func packageAddForms(name string) []process.Pattern {
	js, py := []string{"@*"}, []string{"==*", ">=*", "~=*", "[[]*"}
	installs := []struct {
		prog     string
		sub      []string
		versions []string
	}{
		{"npm", []string{"install"}, js}, {"npm", []string{"i"}, js}, {"npm", []string{"add"}, js}, {"pnpm", []string{"add"}, js},
		{"pnpm", []string{"install"}, js}, {"pnpm", []string{"i"}, js}, {"yarn", []string{"add"}, js}, {"bun", []string{"add"}, js},
		{"bun", []string{"install"}, js}, {"bun", []string{"i"}, js}, {"pip", []string{"install"}, py}, {"pip3", []string{"install"}, py},
		{"uv", []string{"add"}, py}, {"uv", []string{"pip", "install"}, py}, {"poetry", []string{"add"}, append([]string{"@*"}, py...)},
		{"pdm", []string{"add"}, py}, {"cargo", []string{"add"}, js}, {"go", []string{"get"}, js}, {"bundle", []string{"add"}, nil},
		{"gem", []string{"install"}, nil}, {"composer", []string{"require"}, []string{":*"}}, {"dotnet", []string{"add", "package"}, nil},
	}
	var ps []process.Pattern
	for _, in := range installs {
		for pos := 0; pos < 3; pos++ {
			for _, v := range append([]string{""}, in.versions...) {
				args := slices.Clone(in.sub)
				for range pos {
					args = append(args, "*")
				}
				ps = append(ps, pat(in.prog, append(args, name+v)))
			}
		}
	}
	return ps
}

// releaseSubcommands are the cargo subcommands that build.
var releaseSubcommands = []string{"build", "run", "test", "bench", "install", "check", "clippy", "nextest"}

// conceptForms are the command forms of a practice.
func conceptForms(concept string, rc *recognize.RepoContext) []process.Pattern {
	switch concept {
	case "force-push":
		return []process.Pattern{pat("git", []string{"push"}, forcePushFlags), pat("git", []string{"push", "+*"}), pat("git", []string{"push"}, []string{"--mirror"})}
	case "unsigned-commit":
		return []process.Pattern{pat("git", []string{"commit"}, []string{"--no-gpg-sign"})}
	case "amend":
		return []process.Pattern{pat("git", []string{"commit"}, []string{"--amend"})}
	case "skip-hooks":
		return []process.Pattern{
			pat("git", []string{"commit"}, []string{"--no-verify", "-n"}),
			pat("git", []string{"push"}, []string{"--no-verify"}),
			pat("git", []string{"merge"}, []string{"--no-verify"}),
		}
	case "rebase":
		return []process.Pattern{pat("git", []string{"rebase"})}
	case "merge":
		return mergeForms()
	case "merge-pr":
		return []process.Pattern{pat("gh", []string{"pr", "merge"}), pat("glab", []string{"mr", "merge"})}
	case "close-issue":
		return []process.Pattern{pat("gh", []string{"issue", "close"})}
	case "close-pr":
		return []process.Pattern{pat("gh", []string{"pr", "close"}), pat("glab", []string{"mr", "close"})}
	case "approve-pr":
		return []process.Pattern{pat("gh", []string{"pr", "review"}, []string{"--approve", "-a"}), pat("glab", []string{"mr", "approve"})}
	case "delete-branch":
		return append(conceptForms("delete-local-branch", rc), conceptForms("delete-remote-branch", rc)...)
	case "delete-local-branch":
		return []process.Pattern{pat("git", []string{"branch"}, []string{"-d", "-D", "--delete"})}
	case "delete-remote-branch":
		// a push that deletes: `--delete`, or a refspec with an empty source
		return []process.Pattern{pat("git", []string{"push"}, []string{"--delete", "-d"}), pat("git", []string{"push", "*", ":?*"})}
	case "run-workflow":
		return []process.Pattern{pat("gh", []string{"workflow", "run"}), pat("gh", []string{"run", "rerun"})}
	case "global-install":
		return globalInstallForms()
	case "release":
		return []process.Pattern{pat("gh", []string{"release", "create"})}
	case "hard-reset":
		return []process.Pattern{pat("git", []string{"reset"}, []string{"--hard"})}
	case "publish":
		return append([]process.Pattern(nil), publishForms...)
	case "add-dependency":
		return addDependencyForms()
	case "tag":
		return []process.Pattern{pat("git", []string{"tag", "*"}), pat("gh", []string{"release", "create"})}
	case "push":
		return []process.Pattern{pat("git", []string{"push"})}
	case "push-tags":
		return []process.Pattern{pat("git", []string{"push"}, []string{"--tags", "--follow-tags"}), pat("git", []string{"push", "*", "refs/tags/*"}), pat("git", []string{"push", "*", "tag"}),
			// a version tag pushed by name: `git push origin v0.30.0`
			pat("git", []string{"push", "*", "v[0-9]*.*"})}
	case "rewrite-history":
		return []process.Pattern{pat("git", []string{"push"}, forcePushFlags), pat("git", []string{"push", "+*"}), pat("git", []string{"rebase"}),
			pat("git", []string{"commit"}, []string{"--amend"}), pat("git", []string{"filter-branch"}), pat("git", []string{"filter-repo"})}
	case "squash":
		return []process.Pattern{pat("git", []string{"rebase"}, []string{"-i", "--interactive", "--autosquash"}), pat("git", []string{"merge"}, []string{"--squash"}),
			pat("git", []string{"reset"}, []string{"--soft"})}
	case "commit":
		return []process.Pattern{pat("git", []string{"commit"})}
	case "stage":
		return []process.Pattern{pat("git", []string{"add"}), pat("git", []string{"stage"})}
	case "unstage":
		return []process.Pattern{pat("git", []string{"restore"}, []string{"--staged", "-S"}), pat("git", []string{"reset"}), pat("git", []string{"rm"}, []string{"--cached"})}
	case "open-pr":
		return []process.Pattern{pat("gh", []string{"pr", "create"})}
	case "draft-pr":
		return []process.Pattern{pat("gh", []string{"pr", "create"}, []string{"--draft", "-d"})}
	case "create-issue":
		return []process.Pattern{pat("gh", []string{"issue", "create"})}
	case "push-branch":
		// a push that sets the branch's upstream makes it on the remote; whether
		// a plain push does depends on the remote, which heed cannot see
		return []process.Pattern{pat("git", []string{"push"}, []string{"-u", "--set-upstream"})}
	case "comment":
		return []process.Pattern{pat("gh", []string{"issue", "comment"}), pat("gh", []string{"pr", "comment"}), pat("gh", []string{"pr", "review"}, []string{"--comment", "-c"})}
	case "comment-pr":
		return []process.Pattern{pat("gh", []string{"pr", "comment"}), pat("gh", []string{"pr", "review"}, []string{"--comment", "-c"})}
	case "comment-issue":
		return []process.Pattern{pat("gh", []string{"issue", "comment"})}
	case "sudo":
		return []process.Pattern{pat("sudo", nil)}
	case "create-branch":
		// `git branch NAME` creates one; its options that list, delete, rename or
		// set an upstream do not
		return []process.Pattern{
			pat("git", []string{"checkout"}, []string{"-b", "-B"}),
			pat("git", []string{"switch"}, []string{"-c", "-C", "--create", "--force-create"}),
			{Program: []string{"git"}, Args: []string{"branch", "*"}, Lacking: [][]string{{"-d", "-D", "--delete"}, {"-m", "-M", "--move"},
				{"-l", "--list"}, {"-a", "--all"}, {"-r", "--remotes"}, {"-v", "-vv", "--verbose"}, {"--contains"}, {"--no-contains"}, {"--merged"},
				{"--no-merged"}, {"--points-at"}, {"-u", "--set-upstream-to"}, {"--unset-upstream"}, {"--edit-description"}, {"--show-current"}}},
			pat("git", []string{"worktree", "add"}, []string{"-b", "-B"}),
		}
	case "worktree":
		return []process.Pattern{pat("git", []string{"worktree", "add"})}
	case "stash":
		// a bare `git stash` stashes; `git stash list` or `show` only look
		return []process.Pattern{{Program: []string{"git"}, Args: []string{"stash"}, Bare: true}, pat("git", []string{"stash", "push"}), pat("git", []string{"stash", "save"})}
	case "release-build":
		// a release build is a cargo notion; elsewhere the words name nothing heed runs
		if rc == nil || !hasTool(rc, "cargo") {
			return nil
		}
		var out []process.Pattern
		for _, sub := range releaseSubcommands {
			out = append(out, pat("cargo", []string{sub}, []string{"--release", "-r"}), pat("cargo", []string{sub}, []string{"--profile=release"}))
		}
		return out
	}
	return nil
}

func hasTool(rc *recognize.RepoContext, t string) bool {
	for _, x := range rc.Tools {
		if x == t {
			return true
		}
	}
	return false
}

// eventForms are the commands that make an event happen.
func eventForms(event string) []process.Pattern {
	switch event {
	case "commit":
		return []process.Pattern{pat("git", []string{"commit"})}
	case "push":
		return []process.Pattern{pat("git", []string{"push"})}
	case "push-tags":
		return []process.Pattern{pat("git", []string{"push"}, []string{"--tags", "--follow-tags"}), pat("git", []string{"push", "*", "refs/tags/*"}), pat("git", []string{"push", "*", "tag"})}
	case "pr":
		return []process.Pattern{pat("gh", []string{"pr", "create"})}
	case "merge":
		// "the checks must pass before a change is merged": the change merged into
		// the project, through its pull request; a `git merge` of `main` into the
		// working branch is not that merge, and blocking it stops routine work
		return []process.Pattern{pat("gh", []string{"pr", "merge"})}
	case "branch":
		// a new branch: `git checkout -b`, `git switch -c`, `git branch NAME`
		return []process.Pattern{pat("git", []string{"checkout"}, []string{"-b", "-B"}), pat("git", []string{"switch"}, []string{"-c", "-C", "--create"}), pat("git", []string{"branch", "*"})}
	case "finish":
		// the end of a task shows as the change leaving the session
		return []process.Pattern{pat("git", []string{"commit"}), pat("git", []string{"push"}), pat("gh", []string{"pr", "create"})}
	}
	return nil
}

// mergeForms are the ways an agent merges: a pull request through gh, a branch
// through git.
func mergeForms() []process.Pattern {
	return []process.Pattern{pat("gh", []string{"pr", "merge"}), pat("git", []string{"merge"})}
}

// namedConceptForms are the forms of a practice the sentence names its objects for
// (o.Argv): the branches a push goes to, the base of a pull request, a tag, a file to
// delete, a branch merged in; nil when the practice's forms do not depend on them.
func namedConceptForms(o norm.Object) []process.Pattern {
	var ps []process.Pattern
	switch o.Text {
	case "add-dependency":
		// "never add `lodash` as a dependency", "do not install `moment`"
		for _, name := range o.Argv {
			ps = append(ps, packageAddForms(name)...)
		}
		return ps
	case "pr-base":
		// "do not open pull requests against `release` branches"
		var based []string
		for _, b := range o.Argv {
			based = append(based, "--base="+b, "-B="+b)
		}
		return []process.Pattern{pat("gh", []string{"pr", "create"}, based)}
	case "tag":
		if len(o.Argv) == 1 && !strings.ContainsAny(o.Argv[0], " `") {
			return []process.Pattern{pat("git", []string{"tag", o.Argv[0]}), pat("gh", []string{"release", "create", o.Argv[0]})}
		}
	case "push", "force-push":
		// a push to those branches: `git push origin develop`, `HEAD:develop`
		var flags [][]string
		if o.Text == "force-push" {
			flags = [][]string{forcePushFlags}
		}
		for _, b := range o.Argv {
			if b == "origin" || b == "upstream" {
				// "do not push to `origin` directly": the remote, not a branch
				ps = append(ps, pat("git", []string{"push", b}, flags...))
				continue
			}
			ps = append(ps,
				pat("git", []string{"push", "*", b}, flags...),
				pat("git", []string{"push", "*", "*:" + b}, flags...),
				pat("git", []string{"push", "*", "*:refs/heads/" + b}, flags...))
		}
		if o.Text == "force-push" {
			// a force push that names no branch rewrites the current one, which may
			// be one of them: too risky to let through
			bare, remote := pat("git", []string{"push"}, flags...), pat("git", []string{"push", "*"}, flags...)
			bare.Bare, remote.Bare = true, true
			ps = append(ps, bare, remote)
		}
	case "rebase":
		// "never rebase `develop` onto `upstream/main`": the rebase onto it
		for _, b := range o.Argv {
			ps = append(ps, pat("git", []string{"rebase", b}))
		}
		return ps
	case "delete-branch":
		// "never delete the `gh-pages` branch": the commands that delete it
		for _, b := range o.Argv {
			ps = append(ps,
				pat("git", []string{"branch", b}, []string{"-d", "-D", "--delete"}),
				pat("git", []string{"push", "*", b}, []string{"--delete", "-d"}),
				pat("git", []string{"push", "*", ":" + b}))
		}
		return ps
	case "delete-file":
		// "never delete `_build/.lock`": the commands that remove it
		for _, f := range o.Argv {
			ps = append(ps, pat("rm", []string{f}), pat("git", []string{"rm", f}), pat("unlink", []string{f}))
		}
	case "merge-in":
		// "never merge `main` into your branch": `git merge main`, `origin/main`
		for _, b := range o.Argv {
			ps = append(ps, pat("git", []string{"merge", b}), pat("git", []string{"merge", "*/" + b}))
		}
	}
	return ps
}
