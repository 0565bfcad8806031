package check

import (
	"slices"
	"sort"
	"testing"

	"github.com/heed-dev/heed/internal/report"
)

// Branch and history rules in `heed check`, compiled from sentences of our own and
// judged on real git repositories: the commits of the change carry the branch their
// reflog says they were made on, the staged change the branch it is committed on.

const branchRules = "# Rules\n\n" +
	"- Never commit directly to `main`.\n" +
	"- Rebase your branch on `main` instead of merging `main` into it.\n"

// kindsOf lists the findings as "KIND commit" / "KIND change", sorted.
func kindsOf(fs []report.Finding) []string {
	var out []string
	for _, f := range fs {
		where := "change"
		if f.Commit != "" {
			where = "commit " + f.Commit[:7]
		}
		out = append(out, f.Kind+" "+where)
	}
	sort.Strings(out)
	return out
}

func checkWith(t *testing.T, g *gitRepo, opt Options) []string {
	t.Helper()
	p := g.open(t)
	res, err := Run(p, opt)
	if err != nil {
		t.Fatalf("check %+v: %v", opt, err)
	}
	return kindsOf(res.Findings)
}

func sameList(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	sort.Strings(want)
	if len(got) != len(want) {
		t.Errorf("%s: findings %q, want %q", what, got, want)
		return
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s: findings %q, want %q", what, got, want)
			return
		}
	}
}

func TestACommitMadeOnMainIsFoundByADiffCheck(t *testing.T) {
	g := newRepo(t, map[string]string{"AGENTS.md": branchRules, "a.txt": "one\n"})
	base := g.commit("Add the rules")
	g.write(map[string]string{"a.txt": "two\n"})
	onMain := g.commit("Change a on main")
	sameList(t, "a commit on main", checkWith(t, g, Options{Mode: Diff, Rev: base}), "branch commit "+onMain[:7])

	// the same work on a branch of its own is fine
	g.git("reset", "-q", "--hard", base)
	g.git("switch", "-q", "-c", "fix-a")
	g.write(map[string]string{"a.txt": "two\n"})
	g.commit("Change a on a branch")
	sameList(t, "a commit on a branch", checkWith(t, g, Options{Mode: Diff, Rev: "main"}))
}

// The usual repair of a commit made on main: a branch at it, main reset. main no
// longer holds the commit, so it is not a commit left on main.
func TestACommitMovedOffMainIsNotReported(t *testing.T) {
	g := newRepo(t, map[string]string{"AGENTS.md": branchRules, "a.txt": "one\n"})
	base := g.commit("Add the rules")
	g.write(map[string]string{"a.txt": "two\n"})
	g.commit("Change a on main by mistake")
	g.git("branch", "fix-a")
	g.git("reset", "-q", "--hard", base)
	g.git("switch", "-q", "fix-a")
	sameList(t, "moved off main", checkWith(t, g, Options{Mode: Diff, Rev: "main"}))
}

// Commits that reached main by a fast-forward merge or in a fresh clone (whose
// reflog records no commit) are not known to be made on main: no finding.
func TestCommitsBroughtToMainAreNotCommitsOnMain(t *testing.T) {
	g := newRepo(t, map[string]string{"AGENTS.md": branchRules, "a.txt": "one\n"})
	base := g.commit("Add the rules")
	g.git("switch", "-q", "-c", "feature")
	g.write(map[string]string{"a.txt": "two\n"})
	g.commit("Change a on a branch")
	g.git("switch", "-q", "main")
	g.git("merge", "-q", "--ff-only", "feature")
	sameList(t, "fast-forward", checkWith(t, g, Options{Mode: Diff, Rev: base}))

	g.write(map[string]string{"a.txt": "three\n"})
	onMain := g.commit("Change a on main")
	clone := &gitRepo{t: t, dir: t.TempDir()}
	clone.git("clone", "-q", g.dir, clone.dir)
	sameList(t, "the original", checkWith(t, g, Options{Mode: Diff, Rev: base}), "branch commit "+onMain[:7])
	sameList(t, "a fresh clone", checkWith(t, clone, Options{Mode: Diff, Rev: base}))
}

// The pre-commit hook checks the staged change: on main it is a commit on main,
// but for the repository's first commit, which has no other branch to go on.
func TestAStagedChangeOnMainIsACommitOnMain(t *testing.T) {
	g := newRepo(t, map[string]string{"AGENTS.md": branchRules, "a.txt": "one\n"})
	g.git("add", "-A")
	sameList(t, "the first commit", checkWith(t, g, Options{Mode: Staged}))
	g.commit("Add the rules")
	g.write(map[string]string{"a.txt": "two\n"})
	g.git("add", "a.txt")
	sameList(t, "staged on main", checkWith(t, g, Options{Mode: Staged}), "branch change")
	g.git("switch", "-q", "-c", "fix-a")
	sameList(t, "staged on a branch", checkWith(t, g, Options{Mode: Staged}))
	g.git("switch", "-q", "--detach")
	sameList(t, "staged, HEAD detached", checkWith(t, g, Options{Mode: Staged}))
}

// "Rebase instead of merging" judges the change's commits: a merge of main into the
// branch is a finding, the branch's own commits are not.
func TestAMergeCommitOnTheBranchIsFound(t *testing.T) {
	g := newRepo(t, map[string]string{"AGENTS.md": branchRules, "a.txt": "one\n", "b.txt": "one\n"})
	base := g.commit("Add the rules")
	g.git("switch", "-q", "-c", "feature")
	g.write(map[string]string{"a.txt": "two\n"})
	g.commit("Change a")
	g.git("switch", "-q", "main")
	g.git("branch", "-q", "upstream-work")
	g.git("switch", "-q", "upstream-work")
	g.write(map[string]string{"b.txt": "two\n"})
	g.commit("Change b upstream")
	g.git("switch", "-q", "feature")
	g.git("merge", "-q", "--no-ff", "--no-edit", "upstream-work")
	merge := g.git("rev-parse", "HEAD")
	sameList(t, "a merge on the branch", checkWith(t, g, Options{Mode: Diff, Rev: base}), "commit commit "+merge[:7])
}

// A user who edits on main and checks the change against its upstream is told the
// edits would be commits on main, staged or not; the same work on a branch is fine.
// --diff REV --staged judges what the index holds: unstaged edits are not in it.
func TestUncommittedEditsOnMainAreJudgedByADiffCheck(t *testing.T) {
	g := newRepo(t, map[string]string{"AGENTS.md": branchRules, "a.txt": "one\n"})
	base := g.commit("Add the rules")
	sameList(t, "a clean work tree", checkWith(t, g, Options{Mode: Diff, Rev: base}))
	g.write(map[string]string{"a.txt": "two\n"})
	sameList(t, "an unstaged edit on main", checkWith(t, g, Options{Mode: Diff, Rev: base}), "branch change")
	sameList(t, "nothing staged yet", checkWith(t, g, Options{Mode: Diff, Rev: base, Index: true}))
	g.git("add", "a.txt")
	sameList(t, "a staged edit on main", checkWith(t, g, Options{Mode: Diff, Rev: base, Index: true}), "branch change")

	g.git("switch", "-q", "-c", "fix-a")
	sameList(t, "the edits on a branch", checkWith(t, g, Options{Mode: Diff, Rev: "main"}))
	g.git("switch", "-q", "--detach")
	sameList(t, "HEAD detached", checkWith(t, g, Options{Mode: Diff, Rev: "main"}))
}

// heed's own files are no work of the change: a user who has just run `heed compile`
// on main has the policy uncommitted there, and that alone is no commit on main
// (round 9: eds-dcf-net's first `heed check --diff` failed on it).
func TestHeedsOwnFilesAloneAreNoCommitOnMain(t *testing.T) {
	g := newRepo(t, map[string]string{"AGENTS.md": branchRules, "a.txt": "one\n"})
	base := g.commit("Add the rules")
	g.write(map[string]string{".heed/notes.txt": "kept by heed\n"})
	for _, k := range checkWith(t, g, Options{Mode: Diff, Rev: base}) {
		if k == "branch change" {
			t.Errorf("heed's own file on main was judged a commit on main")
		}
	}
	g.write(map[string]string{"a.txt": "two\n"})
	got := checkWith(t, g, Options{Mode: Diff, Rev: base})
	if !slices.Contains(got, "branch change") {
		t.Errorf("an edit of the project's own beside heed's file: findings %q, want a branch change", got)
	}
}

// On main with a commit already made there and more edits on top, both are found:
// the commit by its reflog, the edits as the commit they would become.
func TestACommitOnMainAndEditsOnTopAreBothFound(t *testing.T) {
	g := newRepo(t, map[string]string{"AGENTS.md": branchRules, "a.txt": "one\n"})
	base := g.commit("Add the rules")
	g.write(map[string]string{"a.txt": "two\n"})
	onMain := g.commit("Change a on main")
	sameList(t, "the commit alone", checkWith(t, g, Options{Mode: Diff, Rev: base}), "branch commit "+onMain[:7])
	g.write(map[string]string{"a.txt": "three\n"})
	sameList(t, "the commit and an edit of its file", checkWith(t, g, Options{Mode: Diff, Rev: base}),
		"branch commit "+onMain[:7], "branch change")
}

// A nested instruction file's branch rule judges uncommitted edits under its folder
// only: edits elsewhere on main are not its business, even when the change's
// commits touched its folder.
func TestUncommittedEditsOutsideANestedRuleAreNotItsBusiness(t *testing.T) {
	g := newRepo(t, map[string]string{"web/AGENTS.md": branchRules, "web/a.txt": "one\n", "lib/b.txt": "one\n"})
	base := g.commit("Add the rules")
	g.git("switch", "-q", "-c", "topic")
	g.write(map[string]string{"web/a.txt": "two\n"})
	g.commit("Change web on a branch")
	g.git("switch", "-q", "main")
	g.git("merge", "-q", "--ff-only", "topic")
	g.write(map[string]string{"lib/b.txt": "two\n"})
	sameList(t, "an edit outside web/", checkWith(t, g, Options{Mode: Diff, Rev: base}))
	g.write(map[string]string{"web/a.txt": "three\n"})
	sameList(t, "an edit under web/", checkWith(t, g, Options{Mode: Diff, Rev: base}), "branch change")
}
