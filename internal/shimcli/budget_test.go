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
// The budgets are 5 % over what the path allocates at this writing (about 800
// allocations, 109 kB, since the rules about script paths are filed under the
// script's name and each tool's option table is built alone; before, 1,064 and
// 148 kB; the counts move by a few allocations from run to run).
// A failure means the live path does more than it did: find what with
// `bench/live/run.sh --base main -runs 1 -callgrind -profile` (and a heap profile of
// this test's child) before raising them.
const (
	liveAllocsBudget = 840       // allocations
	liveBytesBudget  = 115 << 10 // bytes
)

// liveAllocRoot names the repository TestLivePathAllocationBudget's child process
// judges in.
const liveAllocRoot = "HEED_TEST_LIVE_ALLOC_ROOT"

func TestLivePathAllocationBudget(t *testing.T) {
	if root := os.Getenv(liveAllocRoot); root != "" {
		liveAllocChild(root)
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
	// as every start after the first finds it: the policy's stamp trusted (its last
	// change a second old when a judgement recorded it), so the policy is not hashed
	time.Sleep(1100 * time.Millisecond)
	if d := newShim(nil, io.Discard, io.Discard).live.Enforcer.Check(enforce.Request{Root: root, Cwd: root, Argv: []string{"git", "--version"}, Source: "shim"}); d.Blocked || d.Stale {
		t.Fatalf("git --version: blocked %v, stale %v: %s", d.Blocked, d.Stale, d.Message)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestLivePathAllocationBudget$")
	cmd.Env = append(os.Environ(), liveAllocRoot+"="+root)
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
	t.Logf("judging `git --version` under 100 rules: %d allocations, %d bytes (budgets %d, %d)", allocs, bytes, liveAllocsBudget, liveBytesBudget)
	if blocked != "blocked" {
		t.Fatalf("git reset --hard %s: the rules were not loaded", blocked)
	}
	if allocs > liveAllocsBudget {
		t.Errorf("the live path makes %d allocations before it execs git, over its budget of %d", allocs, liveAllocsBudget)
	}
	if bytes > liveBytesBudget {
		t.Errorf("the live path allocates %d bytes before it execs git, over its budget of %d", bytes, liveBytesBudget)
	}
}

// liveAllocChild judges `git --version` as heed-shim's PATH shim does and prints what
// that allocated, then checks that `git reset --hard` is blocked.
func liveAllocChild(root string) {
	s := newShim([]string{"git", "--version"}, io.Discard, io.Discard)
	req := enforce.Request{Root: root, Cwd: root, Argv: []string{"git", "--version"}, Source: "shim"}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	d := s.live.Enforcer.Check(req)
	runtime.ReadMemStats(&after)
	if d.Blocked || d.Stale {
		fmt.Printf("git --version: blocked %v, stale %v: %s\n", d.Blocked, d.Stale, d.Message)
		os.Exit(1)
	}
	blocked := "allowed"
	if s.live.Enforcer.Check(enforce.Request{Root: root, Cwd: root, Argv: []string{"git", "reset", "--hard"}, Source: "shim"}).Blocked {
		blocked = "blocked"
	}
	fmt.Printf("live path: %d allocations, %d bytes; git reset --hard %s\n", after.Mallocs-before.Mallocs, after.TotalAlloc-before.TotalAlloc, blocked)
}
