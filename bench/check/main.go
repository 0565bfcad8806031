// Command check measures `heed check` end to end, as a user runs it:
//
//	go build -o /tmp/heed ./cmd/heed
//	go run ./bench/check -heed /tmp/heed
//
// First a diff check of a one-file change in a generated repository of -files files
// (target: 150 ms), next to the floors it cannot beat: starting heed at all (`heed
// --version`) and git's own look at the work tree (`git status`). Then a full check
// (--all) of repositories of growing size, with the cost of each added file, which
// stays flat when the check is linear in files.
//
// Every figure is the median of -runs runs after one warm-up run; min and p90 are
// printed too. The generated repositories are the demo scaled up (gen.go).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

func main() {
	heed := flag.String("heed", "", "heed binary to measure (required)")
	files := flag.Int("files", 5000, "files in the repository of the diff check")
	runs := flag.Int("runs", 15, "measured runs per figure")
	sizes := flag.String("sizes", "1250,2500,5000", "repository sizes of the full check")
	fullRuns := flag.Int("full-runs", 3, "measured runs per full-check size")
	keep := flag.Bool("keep", false, "keep the generated repositories")
	gen := flag.String("generate", "", "only write a generated repository of -files files into `DIR` (with a second commit changing one file) and stop")
	flag.Parse()
	if *gen != "" {
		if err := generateOnly(*gen, *files); err != nil {
			fmt.Fprintln(os.Stderr, "bench/check:", err)
			os.Exit(1)
		}
		return
	}
	if *heed == "" {
		fmt.Fprintln(os.Stderr, "usage: go run ./bench/check -heed PATH/TO/heed")
		os.Exit(2)
	}
	if err := run(*heed, *files, *runs, *sizes, *fullRuns, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "bench/check:", err)
		os.Exit(1)
	}
}

func run(heed string, files, runs int, sizes string, fullRuns int, keep bool) error {
	heed, err := filepath.Abs(heed)
	if err != nil {
		return err
	}
	root, err := repoRoot()
	if err != nil {
		return err
	}
	agents, err := agentsMD(root)
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "heed-bench-check-")
	if err != nil {
		return err
	}
	if !keep {
		defer os.RemoveAll(work)
	}

	// 1. The diff check.
	dir := filepath.Join(work, fmt.Sprintf("repo-%d", files))
	if err := generate(dir, files, agents); err != nil {
		return err
	}
	rel, content := file(files / 2)
	edited := strings.Replace(content, "return []", "return None", 1) + "\ndef added(x):\n    print(x)\n"
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(rel)), []byte(edited), 0o644); err != nil {
		return err
	}
	fmt.Printf("heed check, %s\n\n", time.Now().Format("2006-01-02"))
	fmt.Printf("Diff check of a one-file change in a repository of %d files (%d runs each):\n\n", files, runs)
	fmt.Printf("| command | median | min | p90 |\n| --- | --- | --- | --- |\n")
	diff, out, err := measure(runs, heed, "check", "--repo", dir, "--diff", "HEAD", "--format", "json")
	if err != nil {
		return err
	}
	start, _, err := measure(runs, heed, "--version")
	if err != nil {
		return err
	}
	status, _, err := measure(runs, "git", "-C", dir, "status", "--porcelain")
	if err != nil {
		return err
	}
	row("heed check --diff HEAD", diff)
	row("heed --version (process start)", start)
	row("git status --porcelain (git's floor)", status)
	s, err := summary(out)
	if err != nil {
		return err
	}
	fmt.Printf("\nThe diff check judged %d file(s) against %d rules and reported %d finding(s); target 150 ms: %s.\n",
		s.Files, s.Rules, s.Findings, verdict(median(diff) <= 150*time.Millisecond))
	fmt.Printf("Ratio to git status: %.1fx.\n\n", float64(median(diff))/float64(median(status)))

	// 2. The full check, at growing sizes.
	fmt.Printf("Full check (--all), %d runs per size:\n\n", fullRuns)
	fmt.Printf("| files | median | min | per added file | findings | rules |\n| --- | --- | --- | --- | --- | --- |\n")
	var slopes []float64
	prevFiles, prevMedian := 0, time.Duration(0)
	for _, f := range strings.Split(sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return fmt.Errorf("-sizes: %v", err)
		}
		d := filepath.Join(work, fmt.Sprintf("full-%d", n))
		if err := generate(d, n, agents); err != nil {
			return err
		}
		ts, out, err := measure(fullRuns, heed, "check", "--repo", d, "--all", "--format", "json")
		if err != nil {
			return err
		}
		s, err := summary(out)
		if err != nil {
			return err
		}
		// The marginal cost of a file (the slope between sizes) is what linear
		// means; the time per file would hide the fixed cost of starting up.
		slope := "–"
		if prevFiles > 0 {
			sl := float64((median(ts) - prevMedian).Microseconds()) / float64(s.Files-prevFiles)
			slopes = append(slopes, sl)
			slope = fmt.Sprintf("%.0f µs", sl)
		}
		prevFiles, prevMedian = s.Files, median(ts)
		fmt.Printf("| %d | %s | %s | %s | %d | %d |\n", s.Files, ms(median(ts)), ms(ts[0]), slope, s.Findings, s.Rules)
	}
	if len(slopes) > 1 {
		fmt.Printf("\nCost of an added file, largest sizes over smallest: %.2fx (1.00x is linear; above 1 would be superlinear).\n", slopes[len(slopes)-1]/slopes[0])
	}
	if keep {
		fmt.Printf("\nRepositories kept in %s\n", work)
	}
	return nil
}

// generateOnly writes the generated repository of n files into dir, then commits a
// one-file change on top (so `--diff HEAD~1` has a change to judge).
func generateOnly(dir string, n int) error {
	root, err := repoRoot()
	if err != nil {
		return err
	}
	agents, err := agentsMD(root)
	if err != nil {
		return err
	}
	if err := generate(dir, n, agents); err != nil {
		return err
	}
	rel, content := file(n / 2)
	edited := strings.Replace(content, "return []", "return None", 1) + "\ndef added(x):\n    print(x)\n"
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(rel)), []byte(edited), 0o644); err != nil {
		return err
	}
	return git(dir, "commit", "-q", "--no-verify", "-am", "fix: change one file")
}

type checkSummary struct {
	Files    int `json:"files_checked"`
	Rules    int `json:"rules"`
	Findings int `json:"findings"`
}

func summary(out []byte) (checkSummary, error) {
	var r struct {
		Summary checkSummary `json:"summary"`
	}
	if err := json.Unmarshal(out, &r); err != nil {
		return r.Summary, fmt.Errorf("heed's output is not the JSON report: %v\n%s", err, out)
	}
	return r.Summary, nil
}

// measure runs the command once to warm up, then runs times, and returns the sorted
// wall times and the last run's standard output. Exit status 1 (findings) is fine.
func measure(runs int, name string, args ...string) ([]time.Duration, []byte, error) {
	var out []byte
	var ts []time.Duration
	for i := 0; i <= runs; i++ {
		cmd := exec.Command(name, args...)
		cmd.Env = append(os.Environ(), "NO_COLOR=1")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		t0 := time.Now()
		o, err := cmd.Output()
		d := time.Since(t0)
		if err != nil {
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
				return nil, nil, fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
			}
		}
		if i > 0 {
			ts = append(ts, d)
		}
		out = o
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
	return ts, out, nil
}

func median(ts []time.Duration) time.Duration { return ts[len(ts)/2] }

func row(name string, ts []time.Duration) {
	p90 := ts[min(len(ts)-1, len(ts)*9/10)]
	fmt.Printf("| `%s` | %s | %s | %s |\n", name, ms(median(ts)), ms(ts[0]), ms(p90))
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "NOT met"
}

// repoRoot finds heed's repository root from the working directory.
func repoRoot() (string, error) {
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return "", fmt.Errorf("run from inside heed's repository: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}
