// Command process measures what live enforcement adds to a command, as an agent meets
// it:
//
//	go build -o /tmp/heed ./cmd/heed
//	go run ./bench/process -heed /tmp/heed
//
// A generated repository has 100 process rules (compiled by heed from its AGENTS.md;
// heed compile writes the policy and the live index). The command is `git --version`,
// which several rules are about, so every variant really judges it. Side by side, in
// one interleaved run (each round runs every variant once, so load on the machine
// hits them alike):
//
//	bare        git --version
//	heed exec   heed exec -- git --version
//	heed shim   git --version, with .heed/bin first on PATH
//	python shim git --version through a Python shim that loads the same policy JSON
//	            and matches its process rules (ContextCov's design, shim.py)
//	claude hook heed hook claude with a PreToolUse Bash payload (round trip)
//
// Added latency is the variant's median minus the bare command's. The goals: heed's
// added latency ≤ 3 ms and ≥ 15× less than the Python shim's; the hook ≤ 10 ms.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/heed-dev/heed/bench/processgen"
)

func main() {
	heed := flag.String("heed", "", "heed binary to measure (required)")
	runs := flag.Int("runs", 200, "rounds (each runs every variant once)")
	python := flag.String("python", "/usr/bin/python3", "the Python interpreter of the Python shim (a real binary, not a pyenv shim)")
	keep := flag.Bool("keep", false, "keep the generated repository")
	baseline := flag.String("baseline", "", "a second heed binary (an earlier build) timed in the same rounds, for ratios")
	flag.Parse()
	if *heed == "" {
		fmt.Fprintln(os.Stderr, "usage: go run ./bench/process -heed PATH/TO/heed")
		os.Exit(2)
	}
	if err := run(*heed, *baseline, *python, *runs, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "bench/process:", err)
		os.Exit(1)
	}
}

type variant struct {
	name  string
	argv  []string
	env   []string
	stdin []byte
	// wantCode is the exit status the variant must have (it checks the command).
	wantCode int
	times    []time.Duration
}

func run(heed, baseline, python string, runs int, keep bool) error {
	heed, err := filepath.Abs(heed)
	if err != nil {
		return err
	}
	if baseline != "" {
		if baseline, err = filepath.Abs(baseline); err != nil {
			return err
		}
	}
	gitPath, err := exec.LookPath("git")
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "heed-bench-process-")
	if err != nil {
		return err
	}
	if !keep {
		defer os.RemoveAll(work)
	}
	repo := filepath.Join(work, "repo")
	if err := os.MkdirAll(repo, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(repo, "AGENTS.md"), []byte(processgen.AgentsMD()), 0o644); err != nil {
		return err
	}
	must := func(dir string, name string, args ...string) error {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s %v: %v\n%s", name, args, err, out)
		}
		return nil
	}
	if err := must(repo, gitPath, "init", "-q"); err != nil {
		return err
	}
	if err := must(repo, heed, "compile"); err != nil {
		return err
	}
	rules, err := countRules(heed, repo)
	if err != nil {
		return err
	}
	if err := must(repo, heed, "shim", "install"); err != nil {
		return err
	}
	// the Python shim: a directory with git -> shim.py, first on PATH
	pyDir := filepath.Join(work, "pyshim")
	os.MkdirAll(pyDir, 0o755)
	src, err := os.ReadFile(filepath.Join(benchDir(), "shim.py"))
	if err != nil {
		return err
	}
	shim := "#!" + python + " -IS\n" + string(src)
	if err := os.WriteFile(filepath.Join(pyDir, "git"), []byte(shim), 0o755); err != nil {
		return err
	}
	policyBytes, _ := os.ReadFile(filepath.Join(repo, ".heed", "policy.json"))
	path := os.Getenv("PATH")
	payload := []byte(fmt.Sprintf(`{"session_id":"bench","transcript_path":"","cwd":%q,"permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git --version"},"tool_use_id":"toolu_bench"}`, repo))
	// heed's own shim: a shim directory linking git to heed itself (heed shim install
	// links to heed-shim when it is beside heed)
	heedShims := filepath.Join(work, "heed-shims")
	os.MkdirAll(heedShims, 0o755)
	os.WriteFile(filepath.Join(heedShims, ".heed-shims"), []byte("heed shims\n"), 0o644)
	if err := os.Symlink(heed, filepath.Join(heedShims, "git")); err != nil {
		return err
	}
	vs := []*variant{
		{name: "bare", argv: []string{gitPath, "--version"}},
		{name: "heed exec", argv: []string{heed, "exec", "--", "git", "--version"}},
		{name: "heed shim", argv: []string{"git", "--version"}, env: []string{"PATH=" + heedShims + ":" + path}},
		{name: "python shim", argv: []string{"git", "--version"}, env: []string{"PATH=" + pyDir + ":" + path, "HEED_BENCH_POLICY=" + filepath.Join(repo, ".heed", "policy.json")}},
		{name: "claude hook", argv: []string{heed, "hook", "claude"}, stdin: payload},
		{name: "heed --version", argv: []string{heed, "--version"}},
	}
	shimBin := filepath.Join(filepath.Dir(heed), "heed-shim")
	haveShim := false
	if fi, err := os.Stat(shimBin); err == nil && !fi.IsDir() {
		haveShim = true
		if link, err := os.Readlink(filepath.Join(repo, ".heed", "bin", "git")); err != nil || filepath.Base(link) != "heed-shim" {
			return fmt.Errorf("heed shim install did not link the shims to heed-shim (%s, %v)", link, err)
		}
		vs = append(vs,
			&variant{name: "heed-shim exec", argv: []string{shimBin, "exec", "--", "git", "--version"}},
			&variant{name: "heed-shim shim", argv: []string{"git", "--version"}, env: []string{"PATH=" + filepath.Join(repo, ".heed", "bin") + ":" + path}},
			&variant{name: "heed-shim hook", argv: []string{shimBin, "hook", "claude"}, stdin: payload},
			&variant{name: "heed-shim --ver", argv: []string{shimBin, "--version"}})
	} else {
		fmt.Printf("(no heed-shim beside %s: build it with go build -o DIR/ ./cmd/... to time it)\n", heed)
	}
	if baseline != "" {
		vs = append(vs,
			&variant{name: "base exec", argv: []string{baseline, "exec", "--", "git", "--version"}},
			&variant{name: "base hook", argv: []string{baseline, "hook", "claude"}, stdin: payload},
			&variant{name: "base --version", argv: []string{baseline, "--version"}})
	}
	// every variant must do its job once before it is timed: the shims must block
	// what the rules forbid, and let git --version run
	if err := sanity(repo, vs); err != nil {
		return err
	}
	for i := 0; i < runs+1; i++ {
		for _, v := range vs {
			d, err := timeOnce(repo, v)
			if err != nil {
				return fmt.Errorf("%s: %w", v.name, err)
			}
			if i > 0 { // the first round warms caches
				v.times = append(v.times, d)
			}
		}
	}
	bare := median(vs[0].times)
	fmt.Printf("process enforcement latency: %d process rules (policy %d bytes), command `git --version`, %d interleaved rounds, median [p10 p90]\n",
		rules, len(policyBytes), runs)
	fmt.Printf("%-15s %9s %9s %9s %9s\n", "variant", "median", "p10", "p90", "added")
	added := map[string]time.Duration{}
	for _, v := range vs {
		m := median(v.times)
		added[v.name] = m - bare
		fmt.Printf("%-15s %9s %9s %9s %9s\n", v.name, ms(m), ms(pct(v.times, 10)), ms(pct(v.times, 90)), ms(m-bare))
	}
	py := added["python shim"]
	names := []string{"heed exec", "heed shim"}
	if haveShim {
		names = append(names, "heed-shim exec", "heed-shim shim")
	}
	for _, n := range names {
		fmt.Printf("%s: %s added (goal ≤ 3 ms); python shim adds %.1f× as much (goal ≥ 15×)\n", n, ms(added[n]), float64(py)/float64(max(added[n], time.Microsecond)))
	}
	hooks := []string{"claude hook"}
	if haveShim {
		hooks = append(hooks, "heed-shim hook")
	}
	for _, n := range hooks {
		fmt.Printf("%s round trip: %s (goal ≤ 10 ms)\n", n, ms(median(byName(vs, n).times)))
	}
	fmt.Printf("heed start-up alone (heed --version): %s added\n", ms(added["heed --version"]))
	pairs := [][2]string{}
	if haveShim {
		pairs = append(pairs, [2]string{"heed-shim exec", "heed exec"}, [2]string{"heed-shim shim", "heed shim"}, [2]string{"heed-shim hook", "claude hook"})
	}
	if baseline != "" {
		pairs = append(pairs, [2]string{"heed exec", "base exec"}, [2]string{"claude hook", "base hook"}, [2]string{"heed --version", "base --version"})
	}
	for _, p := range pairs {
		a, b := added[p[0]], added[p[1]]
		fmt.Printf("%s vs %s: %s against %s added, %.2f×\n", p[0], p[1], ms(a), ms(b), float64(a)/float64(max(b, time.Microsecond)))
	}
	return nil
}

// countRules reads the number of process rules from the live index heed compile wrote.
func countRules(heed, repo string) (int, error) {
	data, err := os.ReadFile(filepath.Join(repo, ".heed", "process.idx"))
	if err != nil {
		return 0, fmt.Errorf("heed compile wrote no live index: %v", err)
	}
	lines := bytes.SplitN(data, []byte("\n"), 3)
	if len(lines) < 2 {
		return 0, fmt.Errorf("bad live index")
	}
	var h struct {
		Total int `json:"total"`
	}
	if err := json.Unmarshal(lines[1], &h); err != nil {
		return 0, err
	}
	return h.Total, nil
}

func byName(vs []*variant, name string) *variant {
	for _, v := range vs {
		if v.name == name {
			return v
		}
	}
	panic("no variant " + name)
}

func sanity(repo string, vs []*variant) error {
	blocked := []string{"git", "reset", "--hard"}
	for _, v := range vs {
		if v.stdin != nil || strings.HasSuffix(v.name, "--version") || strings.HasSuffix(v.name, "--ver") || v.name == "bare" {
			continue
		}
		// the same command with a forbidden form must be blocked
		argv := append([]string(nil), v.argv...)
		if i := indexOf(argv, "git"); i >= 0 {
			argv = append(argv[:i:i], blocked...)
		}
		cmd := command(argv, v.env)
		cmd.Dir = repo
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			return fmt.Errorf("%s: %v", v.name, err)
		}
		if code != 1 {
			return fmt.Errorf("%s does not block %v: exit %d, want 1", v.name, argv, code)
		}
	}
	for _, v := range vs {
		if _, err := timeOnce(repo, v); err != nil {
			return fmt.Errorf("%s: %w", v.name, err)
		}
	}
	return nil
}

// command builds argv with env added, the program found on env's PATH as a shell
// would (exec.Command alone looks on this process's PATH).
func command(argv, env []string) *exec.Cmd {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	if strings.Contains(argv[0], "/") {
		return cmd
	}
	for _, e := range env {
		if p, ok := strings.CutPrefix(e, "PATH="); ok {
			for _, d := range filepath.SplitList(p) {
				if fi, err := os.Stat(filepath.Join(d, argv[0])); err == nil && !fi.IsDir() {
					cmd.Path = filepath.Join(d, argv[0])
					cmd.Err = nil
					return cmd
				}
			}
		}
	}
	return cmd
}

func timeOnce(dir string, v *variant) (time.Duration, error) {
	cmd := command(v.argv, v.env)
	cmd.Dir = dir
	if v.stdin != nil {
		cmd.Stdin = bytes.NewReader(v.stdin)
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	if err != nil {
		return 0, fmt.Errorf("%v\n%s", err, out.String())
	}
	return d, nil
}

func indexOf(ss []string, s string) int {
	for i, x := range ss {
		if x == s {
			return i
		}
	}
	return -1
}

func benchDir() string {
	if _, err := os.Stat("bench/process/shim.py"); err == nil {
		return "bench/process"
	}
	return "."
}

func median(ds []time.Duration) time.Duration { return pct(ds, 50) }

func pct(ds []time.Duration, p int) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	if len(s) == 0 {
		return 0
	}
	return s[(len(s)-1)*p/100]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d)/1e6) }
