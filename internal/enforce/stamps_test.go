package enforce

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules"
)

// stampRules are the instruction files of the stamp tests: git --version is cleared
// by the pre-filter, git reset --hard is blocked.
const stampRules = "# Rules\n\n- Never run `git reset --hard`.\n"

// aged moves the clock of verifications a minute on for the test, so that files
// written just now count as old enough to be stamped (stampSlack).
func aged(t *testing.T) {
	t.Helper()
	old := nowNS
	nowNS = func() int64 { return time.Now().Add(time.Minute).UnixNano() }
	t.Cleanup(func() { nowNS = old })
}

// headerEnd ends the index's header.
const headerEnd = "\nrules\n"

// shimCheck judges argv as heed-shim does (no Open, no compiler, no journal).
func shimCheck(root string, argv ...string) Decision {
	e := &Enforcer{Loader: &Loader{Registry: rules.Registry()}, NoJournal: true}
	return e.Check(Request{Root: root, Cwd: root, Argv: argv, Source: "shim"})
}

// hashesOf counts the files hashed while f runs.
func hashesOf(f func()) int64 {
	before := hashes.Load()
	f()
	return hashes.Load() - before
}

// stampedRepo is prefilterRepo with stampRules, verified once with an aged clock:
// the stamp file records the index, the policy and AGENTS.md, and the next command
// hashes nothing.
func stampedRepo(t *testing.T) string { return stampedRepoOf(t, stampRules) }

// stampedRepoOf is stampedRepo with the instruction file instructions ("": the 100
// rules of bench/processgen).
func stampedRepoOf(t *testing.T, instructions string) string {
	t.Helper()
	aged(t)
	root := prefilterRepo(t, "", instructions)
	if d := shimCheck(root, "git", "--version"); !d.Cleared || d.Blocked {
		t.Fatalf("git --version not cleared: %+v", d)
	}
	st := readStamps(filepath.Join(root, StampFile))
	if st.index == "" || st.files[policyStampKey] == "" || st.files["AGENTS.md"] == "" {
		t.Fatalf("stamps not recorded: %+v", st)
	}
	if n := hashesOf(func() {
		if d := shimCheck(root, "git", "--version"); !d.Cleared || d.Blocked {
			t.Fatalf("git --version not cleared with stamps: %+v", d)
		}
	}); n != 0 {
		t.Fatalf("a command with every stamp holding hashed %d files", n)
	}
	// a write in the test must not share the clock tick of the files' last change
	// (what stampSlack guards in earnest, and the aged clock skips)
	time.Sleep(20 * time.Millisecond)
	return root
}

// A file changed within stampSlack of the verification is hashed, never stamped: on
// a file system with coarse times a write in the same tick could leave its stamp as
// it was.
func TestStampsWaitForTheSlack(t *testing.T) {
	root := prefilterRepo(t, "", stampRules) // everything written just now, real clock
	for i := 0; i < 2; i++ {
		n := hashesOf(func() {
			if d := shimCheck(root, "git", "--version"); !d.Cleared || d.Blocked {
				t.Fatalf("git --version not cleared: %+v", d)
			}
		})
		if n != 3 { // the index, the policy, AGENTS.md
			t.Fatalf("run %d: %d files hashed, want 3 (nothing is old enough to be trusted by its stamp)", i, n)
		}
	}
	if st := readStamps(filepath.Join(root, StampFile)); st.index != "" || len(st.files) != 0 {
		t.Fatalf("stamps recorded for files changed just now: %+v", st)
	}
	if !stampTrusted(0, int64(stampSlack)) || stampTrusted(1, int64(stampSlack)) {
		t.Fatal("stampTrusted's bound")
	}
}

// Every way to change an instruction file that could keep part of its stamp is
// seen: the command is denied as judged from an untrusted policy, never cleared.
func TestStampsSeeEveryChangeOfAnInstructionFile(t *testing.T) {
	same := strings.Replace(stampRules, "reset --hard", "reset --HARD", 1) // same size
	cases := []struct {
		name string
		edit func(t *testing.T, root, path string, old os.FileInfo)
	}{
		{"edited in place, the same size, mtime set back (touch -r)", func(t *testing.T, root, path string, old os.FileInfo) {
			write(t, root, "AGENTS.md", same)
			if err := os.Chtimes(path, old.ModTime(), old.ModTime()); err != nil {
				t.Fatal(err)
			}
		}},
		{"replaced by a rename, the same size and mtime", func(t *testing.T, root, path string, old os.FileInfo) {
			tmp := filepath.Join(root, ".AGENTS.md.new")
			write(t, root, ".AGENTS.md.new", same)
			if err := os.Chtimes(tmp, old.ModTime(), old.ModTime()); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(tmp, path); err != nil {
				t.Fatal(err)
			}
		}},
		{"deleted and written again, the same size and mtime", func(t *testing.T, root, path string, old os.FileInfo) {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			write(t, root, "AGENTS.md", same)
			if err := os.Chtimes(path, old.ModTime(), old.ModTime()); err != nil {
				t.Fatal(err)
			}
		}},
		{"checked out from another commit, mtime restored", func(t *testing.T, root, path string, old os.FileInfo) {
			git := func(args ...string) {
				t.Helper()
				if out, err := exec.Command("git", append([]string{"-C", root, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...).CombinedOutput(); err != nil {
					t.Fatalf("git %v: %v\n%s", args, err, out)
				}
			}
			original, _ := os.ReadFile(path)
			write(t, root, "AGENTS.md", same)
			git("commit", "-q", "-am", "same size")
			write(t, root, "AGENTS.md", string(original))
			git("commit", "-q", "-am", "back")
			// as the index recorded it; now the other version comes back
			git("checkout", "-q", "HEAD~1", "--", "AGENTS.md")
			if err := os.Chtimes(path, old.ModTime(), old.ModTime()); err != nil {
				t.Fatal(err)
			}
		}},
		{"deleted", func(t *testing.T, root, path string, old os.FileInfo) {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := stampedRepo(t)
			path := filepath.Join(root, "AGENTS.md")
			old, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			c.edit(t, root, path, old)
			d := shimCheck(root, "git", "--version")
			if d.Cleared || !d.Blocked || !strings.Contains(d.Message, "AGENTS.md changed") {
				t.Fatalf("want git --version denied (AGENTS.md changed), got cleared %v blocked %v: %s", d.Cleared, d.Blocked, d.Message)
			}
		})
	}
}

// The same content written again (a checkout that changes nothing, an editor that
// saves unchanged) is hashed once, found the same, and stamped anew.
func TestStampsFollowAnUnchangedRewrite(t *testing.T) {
	root := stampedRepo(t)
	data, _ := os.ReadFile(filepath.Join(root, "AGENTS.md"))
	write(t, root, "AGENTS.md", string(data))
	if n := hashesOf(func() {
		if d := shimCheck(root, "git", "--version"); !d.Cleared || d.Blocked {
			t.Fatalf("git --version not cleared: %+v", d)
		}
	}); n != 1 {
		t.Fatalf("%d files hashed, want AGENTS.md alone", n)
	}
	if n := hashesOf(func() { shimCheck(root, "git", "--version") }); n != 0 {
		t.Fatalf("%d files hashed after AGENTS.md's new stamp was recorded", n)
	}
}

// The index and the policy file: a change the stamps could miss is seen, and a
// stamp file that does not belong to the index is not trusted.
func TestStampsOfTheIndexAndThePolicy(t *testing.T) {
	t.Run("index edited in place, the same size", func(t *testing.T) {
		root := stampedRepo(t)
		path := filepath.Join(root, IndexFile)
		data, _ := os.ReadFile(path)
		old, _ := os.Stat(path)
		edited := bytes.Replace(data, []byte("\treset"), []byte("\tresex"), 1)
		if bytes.Equal(edited, data) {
			t.Fatal("no trigger word reset in the index")
		}
		if err := os.WriteFile(path, edited, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, old.ModTime(), old.ModTime()); err != nil {
			t.Fatal(err)
		}
		if d := shimCheck(root, "git", "--version"); d.Cleared || !d.Blocked || !strings.Contains(d.Message, "corrupt") {
			t.Fatalf("want a corrupt index denied, got cleared %v blocked %v: %s", d.Cleared, d.Blocked, d.Message)
		}
	})
	t.Run("rule lines read after the header, while the stamp holds", func(t *testing.T) {
		root := stampedRepoOf(t, "")
		if d := shimCheck(root, "git", "reset", "--hard"); !d.Blocked || d.Stale || d.Cleared {
			t.Fatalf("want git reset --hard blocked by its rule, got blocked %v stale %v: %s", d.Blocked, d.Stale, d.Message)
		}
	})
	t.Run("a rule line edited in place, the same size, mtime set back", func(t *testing.T) {
		root := stampedRepo(t)
		path := filepath.Join(root, IndexFile)
		data, _ := os.ReadFile(path)
		old, _ := os.Stat(path)
		i := bytes.LastIndex(data, []byte("reset --hard"))
		if i < 0 || i < bytes.Index(data, []byte(headerEnd)) {
			t.Fatal("no rule line about reset --hard in the index")
		}
		copy(data[i:], "reset --HARD")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, old.ModTime(), old.ModTime()); err != nil {
			t.Fatal(err)
		}
		if d := shimCheck(root, "git", "reset", "--hard"); !d.Blocked || !strings.Contains(d.Message, "corrupt") {
			t.Fatalf("want a corrupt index denied, got blocked %v: %s", d.Blocked, d.Message)
		}
	})
	t.Run("a rule line edited after the header was read", func(t *testing.T) {
		root := stampedRepoOf(t, "") // an index larger than headChunk
		x, err := openIndex(root, filepath.Join(root, policy.File), []string{"git"}, false)
		if err != nil || x.head == nil {
			t.Fatalf("want the header alone read under a holding stamp: %v", err)
		}
		path := filepath.Join(root, IndexFile)
		data, _ := os.ReadFile(path)
		old, _ := os.Stat(path)
		copy(data[bytes.LastIndex(data, []byte("reset --hard")):], "reset --HARD")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, old.ModTime(), old.ModTime()); err != nil {
			t.Fatal(err)
		}
		if _, err := x.rules([]string{"git"}, false, rules.Registry()); !errors.Is(err, ErrCorruptIndex) {
			t.Fatalf("want the rule lines found corrupt, got %v", err)
		}
	})
	t.Run("policy edited in place, the same size, mtime set back", func(t *testing.T) {
		root := stampedRepo(t)
		path := filepath.Join(root, policy.File)
		data, _ := os.ReadFile(path)
		old, _ := os.Stat(path)
		edited := bytes.Replace(data, []byte("reset --hard"), []byte("reset --HARD"), 1)
		if bytes.Equal(edited, data) {
			t.Fatal("no rule about reset --hard in the policy")
		}
		if err := os.WriteFile(path, edited, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, old.ModTime(), old.ModTime()); err != nil {
			t.Fatal(err)
		}
		if d := shimCheck(root, "git", "--version"); d.Cleared || !d.Stale {
			t.Fatalf("want the command handed to heed (stale index), got cleared %v stale %v: %s", d.Cleared, d.Stale, d.Message)
		}
	})
	t.Run("a new index voids the stamps", func(t *testing.T) {
		root := stampedRepo(t)
		path := filepath.Join(root, IndexFile)
		data, _ := os.ReadFile(path)
		if err := policy.WriteAtomic(path, data); err != nil { // as heed compile writes it
			t.Fatal(err)
		}
		if n := hashesOf(func() { shimCheck(root, "git", "--version") }); n != 3 {
			t.Fatalf("%d files hashed after the index was written again, want 3", n)
		}
	})
	for _, bad := range []string{"", "garbage", stampMagic + "\nindex\t1:2:3:4:5\nAGENTS.md\t1:2:3:4:5\n", stampMagic + "\nAGENTS.md\tx\n"} {
		t.Run("stamp file "+strings.ReplaceAll(bad, "\n", "|"), func(t *testing.T) {
			root := stampedRepo(t)
			if err := os.WriteFile(filepath.Join(root, StampFile), []byte(bad), 0o644); err != nil {
				t.Fatal(err)
			}
			if n := hashesOf(func() { shimCheck(root, "git", "--version") }); n != 3 {
				t.Fatalf("%d files hashed with a stamp file that does not hold, want 3", n)
			}
		})
	}
}

// A new instruction file in a folder the index does not list is not the stamps'
// concern, as it is not the hashes': the policy's record names the files it was
// compiled from, and the live path answers as the full path with that policy does
// (heed compile --check reports the new file). With stamps and without, the same.
func TestStampsAnswerAsHashesForANewInstructionFile(t *testing.T) {
	root := stampedRepo(t)
	write(t, root, "sub/AGENTS.md", "# Rules\n\n- Never run `git --version`.\n")
	withStamps := shimCheck(root, "git", "--version")
	if err := os.Remove(filepath.Join(root, StampFile)); err != nil {
		t.Fatal(err)
	}
	e := newEnforcer() // heed's, hashing every file
	e.NoJournal = true
	full := e.Check(Request{Root: root, Cwd: root, Argv: []string{"git", "--version"}, Source: "shim"})
	if withStamps.Blocked != full.Blocked {
		t.Fatalf("with stamps blocked %v, the full path blocked %v", withStamps.Blocked, full.Blocked)
	}
}
