package githook

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/project"
)

// The paths an agent's `git add` and `git commit` would put in a commit, judged before
// the command runs with the rules about which paths a commit may hold ("do not commit
// `.env`", engine.CommitGuard): an agent whose repository has no heed git hooks
// installed would otherwise commit what the instruction files forbid.

// maxCommitPaths bounds the paths one command line is judged on: `git add -A` in a
// tree of build output stops being judged path by path, and says so.
const maxCommitPaths = 20000

// commitPlan is what the git commands of one line do to the next commit.
type commitPlan struct {
	// specs are the pathspecs `git add` adds, repository-relative; "." for all.
	specs []string
	// trackedOnly: every `git add` of the line is -u/--update, which adds no new file.
	trackedOnly bool
	// commits: the line runs `git commit`, which takes what is staged.
	commits bool
	// all: `git commit -a`, which stages the changes of tracked files first.
	all bool
	// force: `git add -f`, which adds files git ignores too.
	force bool
}

// CommitCommand judges the paths the `git add` and `git commit` commands of a command
// line would put in a commit of the repository at root, run in cwd (line as a shell
// reads it, or "" with argv), with the commit guards of the project open loads (only
// when the line runs one of them). It returns nil when the line runs neither, or the
// project has no such rule. An error means the paths could not be known: the caller
// blocks.
func CommitCommand(open func(root string) (*project.Project, error), root, cwd, line string, argv []string) (*Verdict, error) {
	plan, ok := planOf(root, cwd, line, argv)
	if !ok {
		return nil, nil
	}
	p, err := open(root)
	if err != nil {
		return nil, err
	}
	guards := engine.CommitGuards(p.Rules)
	if len(guards) == 0 {
		return nil, nil
	}
	changed, added, err := plan.paths(root)
	if err != nil {
		return nil, err
	}
	if len(changed) == 0 {
		return nil, nil
	}
	ev := &engine.Evidence{Mode: engine.ModeDiff, Changed: changed, AddedPaths: added}
	defer ev.Close()
	return verdictOf(engine.Run(guards, ev, engine.Options{Workers: 1})), nil
}

// planOf reads what the line's git commands do to the next commit; ok is false when it
// runs no `git add` or `git commit` heed can read, or runs them in another repository.
func planOf(root, cwd, line string, argv []string) (plan commitPlan, ok bool) {
	if !strings.Contains(line+strings.Join(argv, " "), "git") {
		return plan, false
	}
	cmds, _, ok := lineCommands(root, cwd, line, argv)
	if !ok {
		return plan, false
	}
	plan.trackedOnly = true
	adds := false
	for _, c := range cmds {
		sub, args, computed, ok := gitSubcommand(c)
		if !ok {
			continue
		}
		switch sub {
		case "add", "stage":
			if computed {
				continue // `git add "$FILE"`: paths heed cannot know
			}
			specs, tracked, ok := addSpecs(c.Cwd, args)
			if !ok {
				continue
			}
			adds = true
			plan.force = plan.force || slices.Contains(args, "-f") || slices.Contains(args, "--force")
			plan.specs = append(plan.specs, specs...)
			plan.trackedOnly = plan.trackedOnly && tracked
		case "commit":
			plan.commits = true
			plan.all = plan.all || commitsAll(args)
		}
	}
	if !adds {
		plan.trackedOnly = false
	}
	return plan, adds || plan.commits
}

// commitsAll reports whether `git commit ARGS` stages the changes of tracked files
// first: -a, --all, or -a in a cluster of short options before one that takes a value
// ("-am msg").
func commitsAll(args []string) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return false
		case a == "--all":
			return true
		case strings.HasPrefix(a, "--"):
			if commitValueOptions()[a] {
				i++ // "--message -a": the value
			}
		case len(a) > 1 && a[0] == '-':
			for k, r := range a[1:] {
				if r == 'a' {
					return true
				}
				if strings.ContainsRune("mFCctS", r) {
					if k == len(a)-2 && r != 'S' {
						i++ // "-m -a": the next word is the value
					}
					break // the rest of the word is the option's value
				}
			}
		}
	}
	return false
}

// commitValueOptions are the long options of `git commit` whose value may be the
// next word.
var commitValueOptions = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"--message": true, "--file": true, "--author": true, "--date": true,
		"--template": true, "--reedit-message": true, "--reuse-message": true, "--fixup": true, "--squash": true,
		"--trailer": true, "--cleanup": true}
})

// gitSubcommand is the subcommand of a git command run in this repository and its
// arguments; ok is false for anything else (gitSubcommandAt), and for a command whose
// directory heed cannot know. computed: one of the arguments is computed at run time,
// which a message may be (`-m "$(cat <<'EOF' ...)"`) and the paths `git add` adds may
// not.
func gitSubcommand(c engine.Command) (sub string, args []string, computed, ok bool) {
	j, dynamic, ok := gitSubcommandAt(c)
	if !ok || c.CwdUnknown {
		return "", nil, false, false
	}
	for d := range dynamic {
		computed = computed || d > j
	}
	return c.Argv[j], c.Argv[j+1:], computed, true
}

// addSpecs are the repository-relative pathspecs of `git add ARGS` run in cwd, and
// whether it adds tracked files only (-u); ok is false for a form heed does not read
// (--pathspec-from-file, a pattern git expands itself).
func addSpecs(cwd string, args []string) (specs []string, trackedOnly, ok bool) {
	all := false
	opts := true
	for _, a := range args {
		switch {
		case opts && a == "--":
			opts = false
		case opts && (a == "-A" || a == "--all" || a == "--no-ignore-removal"):
			all = true
		case opts && (a == "-u" || a == "--update"):
			trackedOnly = true
		case opts && strings.HasPrefix(a, "--pathspec-from-file"):
			return nil, false, false
		case opts && strings.HasPrefix(a, "-"):
			// -f, -N, -p, -v ...: options that add nothing of their own
		case strings.ContainsAny(a, "*?[") || strings.HasPrefix(a, ":"):
			return nil, false, false
		default:
			p := path.Clean(path.Join(cwd, filepath.ToSlash(a)))
			if p == ".." || strings.HasPrefix(p, "../") || path.IsAbs(p) {
				return nil, false, false
			}
			specs = append(specs, p)
		}
	}
	if len(specs) == 0 && (all || trackedOnly) {
		specs = []string{"."} // `git add -A`, `git add -u`: the whole tree
	}
	return specs, trackedOnly, len(specs) > 0
}

// paths are the paths the next commit would hold after the line (changed), and those
// of them git does not track yet (added), as git reports them now.
func (plan commitPlan) paths(root string) (changed, added []string, err error) {
	seen := map[string]bool{}
	take := func(p string, isNew bool) {
		if p == "" {
			return
		}
		if !seen[p] {
			seen[p] = true
			changed = append(changed, p)
		}
		if isNew {
			added = append(added, p)
		}
	}
	list := func(args ...string) ([]string, error) {
		out, err := gitOut(root, args...)
		if err != nil {
			return nil, fmt.Errorf("git %s: %v", args[0], err)
		}
		return strings.FieldsFunc(out, func(r rune) bool { return r == 0 }), nil
	}
	if len(plan.specs) > 0 {
		if !plan.trackedOnly {
			ls := []string{"ls-files", "-o", "--exclude-standard", "-z", "--"}
			if plan.force {
				ls = []string{"ls-files", "-o", "-z", "--"} // `git add -f` adds what git ignores too
			}
			untracked, err := list(append(ls, plan.specs...)...)
			if err != nil {
				return nil, nil, err
			}
			for _, p := range untracked {
				take(p, true)
			}
		}
		modified, err := list(append([]string{"diff", "--name-only", "-z", "--no-renames", "--"}, plan.specs...)...)
		if err != nil {
			return nil, nil, err
		}
		for _, p := range modified {
			take(p, false)
		}
	}
	if plan.commits {
		staged, err := list("diff", "--cached", "--name-status", "-z", "--no-renames")
		if err != nil {
			return nil, nil, err
		}
		for i := 0; i+1 < len(staged); i += 2 {
			take(staged[i+1], staged[i] == "A")
		}
		if plan.all {
			modified, err := list("diff", "--name-only", "-z", "--no-renames")
			if err != nil {
				return nil, nil, err
			}
			for _, p := range modified {
				take(p, false)
			}
		}
	}
	if len(changed) > maxCommitPaths {
		return nil, nil, fmt.Errorf("the command would commit %d paths, more than heed judges in a hook (%d); commit with heed's git hooks installed (`heed hook install git`)", len(changed), maxCommitPaths)
	}
	return changed, added, nil
}
