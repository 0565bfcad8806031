package shimcli

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/heed-dev/heed/bench/processgen"
	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/policybuild"
)

// The work a PATH shim does before it execs, in allocations: what heed-shim allocates
// to judge `git --version` under the 100 process rules of bench/live (bench/processgen),
// in a process that has judged nothing before, so that a table built on first use, a
// map made per rule or a decoder that falls back to reflection counts. Allocations are
// what load on the machine does not change; bench/live counts the instructions
// (valgrind) and README.md there says what they were.
//
// The budgets are 5 % over what the path allocates at this writing (about 77
// allocations, 16 kB: the index's stamp holds, so only its header is read, 8 kB,
// and no file is hashed; before the stamps, about 75 allocations and 50 kB, most of
// it the index read whole to check its checksum; before the pre-filter, about 800
// and 109 kB, and 1,064 and 148 kB before the rules about script paths were filed
// under the script's name; the counts move by a few allocations from run to run).
//
// `git tag -l` carries a trigger word (a rule bans `git tag v*`), so it takes the
// full path: the 22 rules about git read, compiled and judged (about 835
// allocations and 119 kB: the header read first, then the rule lines; 820 and 120 kB
// with the index read whole, 836 and 111 kB before the pre-filter).
// A failure means the live path does more than it did: find what with
// `bench/live/run.sh --base main -runs 1 -callgrind -profile` (and a heap profile of
// this test's child) before raising them.
const (
	liveAllocsBudget = 81       // allocations
	liveBytesBudget  = 17 << 10 // bytes

	judgedAllocsBudget = 860       // allocations
	judgedBytesBudget  = 126 << 10 // bytes
)

// liveAllocRoot names the repository TestLivePathAllocationBudget's child process
// judges in.
const liveAllocRoot = "HEED_TEST_LIVE_ALLOC_ROOT"

// liveAllocArgv is the command the child judges, its words separated by spaces.
const liveAllocArgv = "HEED_TEST_LIVE_ALLOC_ARGV"

func TestLivePathAllocationBudget(t *testing.T) {
	if root := os.Getenv(liveAllocRoot); root != "" {
		liveAllocChild(root, strings.Fields(os.Getenv(liveAllocArgv)))
		return
	}
	if testing.Short() {
		t.Skip("compiles 100 rules and starts a process")
	}
	root := t.TempDir()
	if out, err := exec.Command("git", "init", "-q", root).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	if err := os.WriteFile(filepath.Join(root, "AGENTS.md"), []byte(processgen.AgentsMD()), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := policybuild.Run(root, policybuild.Options{NoValidate: true}); err != nil {
		t.Fatalf("compile: %v", err)
	}
	// as every start after the first finds it: the stamps of the index, the policy
	// and AGENTS.md trusted (their last change two seconds old when a judgement
	// recorded them, enforce's stampSlack), so that no file is hashed
	time.Sleep(2100 * time.Millisecond)
	if d := newShim(nil, io.Discard, io.Discard).live.Enforcer.Check(enforce.Request{Root: root, Cwd: root, Argv: []string{"git", "--version"}, Source: "shim"}); d.Blocked || d.Stale {
		t.Fatalf("git --version: blocked %v, stale %v: %s", d.Blocked, d.Stale, d.Message)
	}
	for _, c := range []struct {
		argv          string
		allocs, bytes uint64
	}{
		{"git --version", liveAllocsBudget, liveBytesBudget},
		{"git tag -l", judgedAllocsBudget, judgedBytesBudget},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestLivePathAllocationBudget$")
		cmd.Env = append(os.Environ(), liveAllocRoot+"="+root, liveAllocArgv+"="+c.argv)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("child: %v\n%s", err, out)
		}
		var allocs, bytes uint64
		var blocked string
		i := strings.Index(string(out), "live path:")
		if i < 0 {
			t.Fatalf("child said nothing of the live path:\n%s", out)
		}
		if _, err := fmt.Sscanf(string(out[i:]), "live path: %d allocations, %d bytes; git reset --hard %s", &allocs, &bytes, &blocked); err != nil {
			t.Fatalf("child: %v\n%s", err, out)
		}
		t.Logf("judging `%s` under 100 rules: %d allocations, %d bytes (budgets %d, %d)", c.argv, allocs, bytes, c.allocs, c.bytes)
		if blocked != "blocked" {
			t.Fatalf("git reset --hard %s: the rules were not loaded", blocked)
		}
		if allocs > c.allocs {
			t.Errorf("the live path makes %d allocations before it execs %s, over its budget of %d", allocs, c.argv, c.allocs)
		}
		if bytes > c.bytes {
			t.Errorf("the live path allocates %d bytes before it execs %s, over its budget of %d", bytes, c.argv, c.bytes)
		}
	}
}

// liveAllocChild judges argv as heed-shim's PATH shim does and prints what that
// allocated, then checks that `git reset --hard` is blocked.
func liveAllocChild(root string, argv []string) {
	s := newShim(argv, io.Discard, io.Discard)
	req := enforce.Request{Root: root, Cwd: root, Argv: argv, Source: "shim"}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	d := s.live.Enforcer.Check(req)
	runtime.ReadMemStats(&after)
	if d.Blocked || d.Stale {
		fmt.Printf("%q: blocked %v, stale %v: %s\n", argv, d.Blocked, d.Stale, d.Message)
		os.Exit(1)
	}
	blocked := "allowed"
	if s.live.Enforcer.Check(enforce.Request{Root: root, Cwd: root, Argv: []string{"git", "reset", "--hard"}, Source: "shim"}).Blocked {
		blocked = "blocked"
	}
	fmt.Printf("live path: %d allocations, %d bytes; git reset --hard %s\n", after.Mallocs-before.Mallocs, after.TotalAlloc-before.TotalAlloc, blocked)
}
