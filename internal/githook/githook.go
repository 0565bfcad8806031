// Package githook is the contribution domain's git hooks: it installs heed's hooks
// into a repository's hooks directory, chaining the hooks that were there, and judges
// what those hooks see: the message of a commit before the commit exists, the commits
// a push sends, the files the pre-commit framework passes. It runs git and reads the
// repository; the command line prints what it returns.
//
// Like every enforcement point, the hooks fail closed: a broken policy or a missing
// heed binary blocks the commit or push with the reason (the caller turns an error
// into a block).
package githook

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/heed-dev/heed/internal/audit"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/report"
	"github.com/heed-dev/heed/internal/rules/contrib"
)

// A Notice is one thing a hook tells: a violation, or a rule that could not judge.
type Notice struct {
	// Finding is the violation (when Crashed is empty).
	Finding report.Finding
	// Crashed is the ID of an error-severity rule that crashed, Reason why: it cannot
	// vouch for what it judged, so the commit is blocked.
	Crashed, Reason string
}

// A Verdict is what a hook found in one commit or one pushed ref.
type Verdict struct {
	Notices []Notice
	// Blocked: an error-severity rule was violated or crashed.
	Blocked bool
}

// PreCommitArgs are the arguments of `heed check` for what the pre-commit framework's
// heed-check hook runs, with the files pre-commit chose. pre-commit says nothing else
// about how it was run, so the files tell: the staged files (a commit, or plain
// `pre-commit run`) mean the staged change, checked whole so that rules across files
// see all of it; a file that is not staged means `pre-commit run --all-files` or
// `--files`, and those files are checked whole (--all). `pre-commit run --from-ref A
// --to-ref B` sets PRE_COMMIT_FROM_REF: the change from A. Without files it is
// `heed check --staged`, as heed's own git hook runs it.
func PreCommitArgs(root string, files []string, getenv func(string) string) ([]string, error) {
	args := []string{"--staged"}
	if from := getenv("PRE_COMMIT_FROM_REF"); from != "" && getenv("PRE_COMMIT_TO_REF") != "" {
		return append([]string{"--diff", from, "--"}, files...), nil
	}
	if len(files) == 0 {
		return args, nil
	}
	out, err := gitOut(root, "diff", "--cached", "--name-only", "-z", "--no-renames")
	if err != nil {
		return nil, err
	}
	staged := map[string]bool{}
	for _, f := range strings.Split(out, "\x00") {
		staged[f] = true
	}
	for _, f := range files {
		if !staged[filepath.ToSlash(filepath.Clean(f))] {
			return append([]string{"--all", "--"}, files...), nil
		}
	}
	return args, nil
}

// CommitMsg judges the message in file, of the commit being made in the repository at
// root, with the project's commit rules; subject is the message's first line. An
// error means the message could not be judged: the hook blocks.
func CommitMsg(root, file string) (v *Verdict, subject string, err error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, "", fmt.Errorf("read the commit message: %v", err)
	}
	return CommitMessage(root, string(raw))
}

// CommitMessage judges raw, the text of a commit message as the commit-msg hook would
// find it in its file, with the project's commit rules: what CommitMsg does once it
// has read the file, and what an agent's hook does with the message a `git commit -m`
// gives on its command line.
func CommitMessage(root, raw string) (v *Verdict, subject string, err error) {
	return CommitMessageWith(project.Open, root, raw)
}

// CommitMessageWith is CommitMessage with the project loaded by open: a hook that
// judges several things of one command loads it once.
func CommitMessageWith(open func(root string) (*project.Project, error), root, raw string) (v *Verdict, subject string, err error) {
	p, err := open(root)
	if err != nil {
		return nil, strings.SplitN(contrib.CleanupHookMessage(raw, "#"), "\n", 2)[0], err
	}
	var rules []engine.Compiled
	for _, c := range p.Rules {
		if c.Has(engine.UseCommitMessage) {
			rules = append(rules, c)
		}
	}
	if len(rules) == 0 {
		// git's comment character is asked only when there are rules to judge
		// with: a repository without commit rules pays no git process per commit
		return &Verdict{}, strings.SplitN(contrib.CleanupHookMessage(raw, "#"), "\n", 2)[0], nil
	}
	msg := contrib.CleanupHookMessage(raw, commentChar(root))
	subject = strings.SplitN(msg, "\n", 2)[0]
	parents := 1
	if out, err := gitOut(root, "rev-parse", "-q", "--verify", "MERGE_HEAD"); err == nil && strings.TrimSpace(out) != "" {
		parents = 2 // a merge in progress: message rules leave git's merge message alone
	}
	var staged []string
	if out, err := gitOut(root, "diff", "--cached", "--name-only", "-z"); err == nil {
		for _, f := range strings.Split(out, "\x00") {
			if f != "" {
				staged = append(staged, f)
			}
		}
	}
	ev := &engine.Evidence{Mode: engine.ModeDiff, Changed: staged,
		Commits: []engine.Commit{{Hash: "", Message: strings.TrimRight(msg, "\n"), Parents: parents, Files: staged}}}
	defer ev.Close()
	return verdictOf(engine.Run(rules, ev, engine.Options{Workers: 1})), subject, nil
}

// verdictOf collects the violations of a hook's run; an error-severity violation
// blocks, and so does an undetermined target the engine says blocks a git hook (an
// error-severity rule that crashed: fail closed).
func verdictOf(outcomes []engine.Outcome) *Verdict {
	v := &Verdict{}
	for i := range outcomes {
		o := &outcomes[i]
		for _, t := range o.Targets {
			if t.Verdict != engine.Violated {
				continue
			}
			for _, f := range t.Findings {
				rf := report.FromEngine(f, o.Rule, o.Constraint)
				v.Notices = append(v.Notices, Notice{Finding: rf})
				if rf.Severity == policy.SeverityError {
					v.Blocked = true
				}
			}
		}
		for _, t := range o.Targets {
			if engine.SurfaceGitHook.Blocks(o, t) {
				v.Notices = append(v.Notices, Notice{Crashed: o.Rule.ID, Reason: t.Reason})
				v.Blocked = true
			}
		}
	}
	return v
}

// A Pushed is the verdict on one ref a push sends.
type Pushed struct {
	Ref string
	Verdict
}

// PrePush judges what a push to remote sends, reading git's ref lines ("LOCAL_REF
// LOCAL_SHA REMOTE_REF REMOTE_SHA") from refs: for each pushed ref, the commits the
// remote does not have and their diff, with every rule that reads commits or diffs (an
// audit without a trajectory), and the rules against committing on a branch. On an error it returns the refs judged so far.
func PrePush(root, remote string, refs io.Reader) ([]Pushed, error) {
	p, err := project.Open(root)
	if err != nil {
		return nil, err
	}
	var rules []engine.Compiled
	for _, c := range p.Rules {
		// Of the process rules, those on the branch a commit is made on judge the
		// pushed commits by their reflog (engine.UseBranch); the rest need a session.
		if c.Rule.Domain != policy.DomainProcess && c.Rule.Domain != policy.DomainSemantic || c.Has(engine.UseBranch) {
			rules = append(rules, c)
		}
	}
	var pushed []Pushed
	sc := bufio.NewScanner(refs)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 4 {
			continue
		}
		localRef, localSHA, remoteSHA := f[0], f[1], f[3]
		if strings.Trim(localSHA, "0") == "" {
			continue // deleting a remote ref sends no commit
		}
		base := remoteSHA
		if strings.Trim(remoteSHA, "0") == "" {
			// A new branch: the commits no remote-tracking branch of this remote has.
			base, err = newBranchBase(root, localSHA, remote)
			if err != nil {
				return pushed, err
			}
			if base == "" {
				continue // nothing new
			}
		}
		rep, err := audit.Run(audit.Options{Repo: root, Base: base, Head: localSHA, Rules: rules, Workers: 1})
		if err != nil {
			return pushed, err
		}
		pushed = append(pushed, Pushed{Ref: localRef, Verdict: pushVerdict(rep)})
	}
	if err := sc.Err(); err != nil {
		return pushed, fmt.Errorf("read the refs git is pushing: %v", err)
	}
	return pushed, nil
}

// pushVerdict is a pushed ref's violations; an error-severity rule's blocks.
func pushVerdict(rep *audit.Report) Verdict {
	var v Verdict
	for _, rr := range rep.Rules {
		for _, viol := range rr.Violations {
			v.Notices = append(v.Notices, Notice{Finding: viol.Finding})
			if rr.Severity == policy.SeverityError {
				v.Blocked = true
			}
		}
	}
	return v
}

// newBranchBase is the parent of the oldest commit of local that the remote's
// branches do not hold; "" when there is no such commit. Without any branch of the
// remote, the whole history is new and the base is the empty tree.
func newBranchBase(root, local, remote string) (string, error) {
	args := []string{"rev-list", "--reverse", local, "--not"}
	if remote != "" {
		args = append(args, "--remotes="+remote)
	} else {
		args = append(args, "--remotes")
	}
	out, err := gitOut(root, args...)
	if err != nil {
		return "", fmt.Errorf("list the commits to push: %v", err)
	}
	commits := strings.Fields(out)
	if len(commits) == 0 {
		return "", nil
	}
	parent, err := gitOut(root, "rev-parse", "-q", "--verify", commits[0]+"^")
	if err != nil || strings.TrimSpace(parent) == "" {
		return emptyTreeHash, nil
	}
	return strings.TrimSpace(parent), nil
}

// emptyTreeHash is git's empty tree: the base of a first push.
const emptyTreeHash = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

func gitOut(root string, args ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(errb.String()))
	}
	return out.String(), nil
}

// commentChar is core.commentChar ("#" by default; "auto" picks "#" here, as git
// does for a message without "#").
func commentChar(root string) string {
	out, err := gitOut(root, "config", "--get", "core.commentChar")
	c := strings.TrimSpace(out)
	if err != nil || c == "" || c == "auto" {
		return "#"
	}
	return c
}

// SignoffLine is the trailer `git commit -s` adds: "Signed-off-by: NAME <EMAIL>" of
// the committer identity git would use in the repository at root.
func SignoffLine(root string) (string, error) {
	out, err := gitOut(root, "var", "GIT_COMMITTER_IDENT")
	if err != nil {
		return "", err
	}
	ident := strings.TrimSpace(out)
	// NAME <EMAIL> TIMESTAMP TZ
	end := strings.LastIndexByte(ident, '>')
	if end < 0 {
		return "", fmt.Errorf("git var GIT_COMMITTER_IDENT: no email in %q", ident)
	}
	return "Signed-off-by: " + ident[:end+1], nil
}

// AddTrailer appends the trailer line to msg as `git commit -s` and `--trailer` do:
// to the trailer block that ends the message, or as a paragraph of its own; not when
// the last trailer is that line already.
func AddTrailer(msg, line string) string {
	body := strings.TrimRight(strings.ReplaceAll(msg, "\r\n", "\n"), "\n \t")
	paras := strings.Split(body, "\n\n")
	last := strings.Split(strings.TrimLeft(paras[len(paras)-1], "\n"), "\n")
	if len(paras) > 1 && isTrailerBlock(last) {
		if strings.TrimSpace(last[len(last)-1]) == line {
			return body + "\n"
		}
		return body + "\n" + line + "\n"
	}
	return body + "\n\n" + line + "\n"
}

// isTrailerBlock: every line of the paragraph is a "Token: value" trailer.
func isTrailerBlock(lines []string) bool {
	for _, l := range lines {
		tok, _, ok := strings.Cut(l, ":")
		if !ok || tok == "" || strings.ContainsAny(tok, " \t") {
			return false
		}
	}
	return len(lines) > 0
}
