package githook

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func gitT(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@x", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@x", "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func hookRepo(t *testing.T) string {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	gitT(t, dir, "init", "-q", "-b", "main")
	os.WriteFile(filepath.Join(dir, "AGENTS.md"), []byte("# Rules\n\n## Commit messages\n\n- Allowed types: `feat`, `fix`, `docs`. Nothing else.\n- Keep the commit subject to 50 characters or fewer.\n"), 0o644)
	gitT(t, dir, "add", "-A")
	gitT(t, dir, "commit", "-q", "--no-verify", "-m", "docs: add the rules")
	return dir
}

func TestCommitMsgJudgesTheMessageGitStores(t *testing.T) {
	dir := hookRepo(t)
	msg := filepath.Join(dir, ".git", "COMMIT_EDITMSG")
	for _, tc := range []struct {
		name, message string
		blocked       bool
		found         string
	}{
		{"a good message", "feat: add week dates\n", false, ""},
		{"a type outside the list", "feature: add week dates\n", true, `commit type "feature" is not one of the allowed types`},
		{"the editor template is not the message", "fix: y\n# Please enter the commit message for your changes. Lines starting\n# with '#' will be ignored.\nfeature: this is a comment line\n", false, ""},
		{"too long", "fix: " + strings.Repeat("x", 60) + "\n", true, "the limit is 50"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.WriteFile(msg, []byte(tc.message), 0o644)
			v, subject, err := CommitMsg(dir, msg)
			if err != nil {
				t.Fatal(err)
			}
			if subject != strings.SplitN(tc.message, "\n", 2)[0] {
				t.Errorf("subject %q", subject)
			}
			if v.Blocked != tc.blocked {
				t.Fatalf("blocked %v (want %v): %+v", v.Blocked, tc.blocked, v.Notices)
			}
			if !tc.blocked {
				if len(v.Notices) != 0 {
					t.Fatalf("a good message draws no notice: %+v", v.Notices)
				}
				return
			}
			var found []string
			for _, n := range v.Notices {
				found = append(found, n.Finding.Message)
				if n.Finding.Instruction.Text == "" || n.Finding.Instruction.File != "AGENTS.md" {
					t.Errorf("a block quotes the rule and its file: %+v", n.Finding.Instruction)
				}
			}
			if !slices.ContainsFunc(found, func(m string) bool { return strings.Contains(m, tc.found) }) {
				t.Fatalf("want a finding with %q, got %q", tc.found, found)
			}
		})
	}
	// Fail closed: an unreadable message file is an error (the hook blocks on it).
	if _, _, err := CommitMsg(dir, filepath.Join(dir, "nope")); err == nil || !strings.Contains(err.Error(), "read the commit message") {
		t.Fatalf("an unreadable message must be an error: %v", err)
	}
}

func TestPreCommitArgsTellTheRunByTheFiles(t *testing.T) {
	dir := hookRepo(t)
	os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.go"), []byte("package b\n"), 0o644)
	gitT(t, dir, "add", "a.go")
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	for _, tc := range []struct {
		name  string
		files []string
		env   map[string]string
		want  []string
	}{
		{"no files: the staged change", nil, nil, []string{"--staged"}},
		{"the staged files: the staged change", []string{"a.go"}, nil, []string{"--staged"}},
		{"a file nobody staged: the files whole", []string{"a.go", "b.go"}, nil, []string{"--all", "--", "a.go", "b.go"}},
		{"--from-ref and --to-ref: the change from the first", []string{"a.go"}, map[string]string{"PRE_COMMIT_FROM_REF": "main~0", "PRE_COMMIT_TO_REF": "HEAD"}, []string{"--diff", "main~0", "--", "a.go"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env = tc.env
			got, err := PreCommitArgs(dir, tc.files, getenv)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestInstallChainsExistingHooks(t *testing.T) {
	dir := hookRepo(t)
	hooks := filepath.Join(dir, ".git", "hooks")
	os.MkdirAll(hooks, 0o755)
	mine := "#!/bin/sh\necho my-own-hook >> \"$(git rev-parse --git-dir)/ran\"\n"
	os.WriteFile(filepath.Join(hooks, "commit-msg"), []byte(mine), 0o755)
	for i := 0; i < 2; i++ { // installing twice changes nothing more
		done, err := Install(dir, "/opt/heed/bin/heed")
		if err != nil {
			t.Fatalf("install: %v", err)
		}
		var kept []string
		for _, in := range done {
			if in.Kept != "" {
				kept = append(kept, in.Name+" as "+in.Kept)
			}
		}
		if want := map[int]string{0: "commit-msg as commit-msg.pre-heed", 1: ""}[i]; strings.Join(kept, ",") != want || len(done) != 3 {
			t.Fatalf("install %d: kept %q (want %q), %d hooks", i+1, kept, want, len(done))
		}
	}
	kept, err := os.ReadFile(filepath.Join(hooks, "commit-msg.pre-heed"))
	if err != nil || string(kept) != mine {
		t.Fatalf("the existing hook must be kept intact: %q %v", kept, err)
	}
	for _, n := range []string{"pre-commit", "commit-msg", "pre-push"} {
		b, err := os.ReadFile(filepath.Join(hooks, n))
		if err != nil || !strings.Contains(string(b), Marker) || !strings.Contains(string(b), "HEED='/opt/heed/bin/heed'") {
			t.Fatalf("%s: %v\n%s", n, err, b)
		}
		if _, err := os.Stat(filepath.Join(hooks, n+".pre-heed.pre-heed")); err == nil {
			t.Fatal("a second install must not chain heed's own hook")
		}
	}
	// A foreign hook where heed's chained copy already sits: refuse, touch nothing.
	os.WriteFile(filepath.Join(hooks, "commit-msg"), []byte("#!/bin/sh\necho other\n"), 0o755)
	if _, err := Install(dir, "/opt/heed/bin/heed"); err == nil || !strings.Contains(err.Error(), "move one of them away") {
		t.Fatalf("want a refusal, got %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(hooks, "commit-msg")); string(b) != "#!/bin/sh\necho other\n" {
		t.Fatal("an existing hook is never overwritten")
	}
}

func TestScriptQuotesThePathAndFailsClosed(t *testing.T) {
	s := script("pre-commit", `"$HEED" check --staged`, "/home/o'neil/heed")
	if !strings.Contains(s, `HEED='/home/o'\''neil/heed'`) {
		t.Fatalf("the path is quoted for sh:\n%s", s)
	}
	if !strings.Contains(s, "exit 1") || !strings.Contains(s, "blocked") {
		t.Fatalf("a hook without heed blocks:\n%s", s)
	}
}

// A push of a commit made on main, where the rules ban committing on main, is
// blocked; the same work pushed from a branch of its own is not.
func TestPrePushBlocksACommitMadeOnMain(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	remote := t.TempDir()
	gitT(t, remote, "init", "-q", "--bare")
	dir := t.TempDir()
	gitT(t, dir, "init", "-q", "-b", "main")
	os.WriteFile(filepath.Join(dir, "AGENTS.md"), []byte("# Rules\n\n- Never commit directly to `main`.\n"), 0o644)
	gitT(t, dir, "add", "-A")
	gitT(t, dir, "commit", "-q", "--no-verify", "-m", "Add the rules")
	gitT(t, dir, "remote", "add", "origin", remote)
	gitT(t, dir, "push", "-q", "--no-verify", "origin", "main")
	old := strings.TrimSpace(gitT(t, dir, "rev-parse", "HEAD"))

	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("one\n"), 0o644)
	gitT(t, dir, "add", "-A")
	gitT(t, dir, "commit", "-q", "--no-verify", "-m", "Add a on main")
	head := strings.TrimSpace(gitT(t, dir, "rev-parse", "HEAD"))
	pushed, err := PrePush(dir, "origin", strings.NewReader("refs/heads/main "+head+" refs/heads/main "+old+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(pushed) != 1 || !pushed[0].Blocked || len(pushed[0].Notices) != 1 || pushed[0].Notices[0].Finding.Commit != head {
		t.Fatalf("a commit made on main must block its push: %+v", pushed)
	}

	gitT(t, dir, "branch", "add-a")
	gitT(t, dir, "reset", "-q", "--hard", old)
	gitT(t, dir, "switch", "-q", "add-a")
	pushed, err = PrePush(dir, "origin", strings.NewReader("refs/heads/add-a "+head+" refs/heads/add-a 0000000000000000000000000000000000000000\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(pushed) != 1 || pushed[0].Blocked || len(pushed[0].Notices) != 0 {
		t.Fatalf("the commit moved to its own branch pushes: %+v", pushed)
	}
}

// What an agent's hook adds for `git commit -s` is what git stores: the same trailer,
// in the same place.
func TestAddTrailerSignsOffAsGitDoes(t *testing.T) {
	dir := hookRepo(t)
	t.Setenv("GIT_COMMITTER_NAME", "t")
	t.Setenv("GIT_COMMITTER_EMAIL", "t@x")
	line, err := SignoffLine(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, parts := range [][]string{
		{"fix: handle x"},
		{"fix: handle x", "The parser dropped x."},
		{"fix: handle x", "The parser dropped x.", "Refs: #12\nCo-authored-by: B <b@example.com>"},
		{"fix: handle x", "Signed-off-by: t <t@x>"},
		{"fix: handle x", "Refs: #12 and a sentence: with a colon"},
	} {
		args := []string{"commit", "-q", "--no-verify", "--allow-empty", "-s"}
		for _, p := range parts {
			args = append(args, "-m", p)
		}
		gitT(t, dir, args...)
		want := gitT(t, dir, "log", "-1", "--format=%B")
		got := AddTrailer(strings.Join(parts, "\n\n")+"\n", line)
		if strings.TrimRight(got, "\n") != strings.TrimRight(want, "\n") {
			t.Errorf("%q: heed adds\n%s\ngit stores\n%s", parts, got, want)
		}
	}
}

// CommitMessage judges a message's text as CommitMsg judges the file that holds it.
func TestCommitMessageJudgesTextAsTheHookJudgesItsFile(t *testing.T) {
	dir := hookRepo(t)
	file := filepath.Join(dir, ".git", "MSG")
	for _, m := range []string{"chore: tidy\n", "fix: a subject that runs on for more than fifty characters\n", "fix: ok\n"} {
		os.WriteFile(file, []byte(m), 0o644)
		a, _, err := CommitMsg(dir, file)
		if err != nil {
			t.Fatal(err)
		}
		b, _, err := CommitMessage(dir, m)
		if err != nil {
			t.Fatal(err)
		}
		if a.Blocked != b.Blocked || len(a.Notices) != len(b.Notices) {
			t.Errorf("%q: the file gives %+v, the text %+v", m, a, b)
		}
	}
}
