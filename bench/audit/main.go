// Command audit measures `heed audit --runs` on a batch of recorded sessions, as a
// batch engine runs it:
//
//	go build -o /tmp/heed ./cmd/heed
//	go run ./bench/audit -heed /tmp/heed            # 1,000 runs of ~200 commands
//
// It generates -repos repositories (a TypeScript project whose AGENTS.md compiles into
// rules of every domain, with a base commit and the session's commits) and -runs run
// folders, each a Claude Code transcript of -steps steps (commands with outputs, file
// writes and edits, commits, a PR submission) pointing at one of the repositories. It
// then times, side by side in one run:
//
//   - the batch: `heed audit --runs DIR --format json` (all CPUs), the figure asked for;
//   - the same batch on one worker (what parallelism buys on this machine);
//   - the baseline a batch engine without --runs would pay: one `heed audit` process
//     per run (measured on -single runs, scaled to runs/s).
//
// Each figure is the median of -reps repetitions after a warm-up; runs/s = runs / wall.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

func main() {
	heed := flag.String("heed", "", "heed binary to measure (required)")
	runs := flag.Int("runs", 1000, "run folders in the batch")
	steps := flag.Int("steps", 200, "steps per trajectory")
	repos := flag.Int("repos", 10, "distinct repositories the runs point at")
	reps := flag.Int("reps", 3, "measured repetitions per figure")
	single := flag.Int("single", 50, "runs audited one process each, for the baseline")
	keep := flag.Bool("keep", false, "keep the generated batch")
	big := flag.Int("big", 0, "instead: audit one transcript of about `MB` megabytes (big.go), its time and peak memory against the file's size")
	bigBase := flag.String("big-base", "", "with -big: a second heed build measured alongside")
	flag.Parse()
	if *big > 0 && *heed != "" {
		if err := runBig(*heed, *bigBase, *big, *reps, *keep); err != nil {
			fmt.Fprintln(os.Stderr, "bench/audit:", err)
			os.Exit(1)
		}
		return
	}
	if *heed == "" {
		fmt.Fprintln(os.Stderr, "usage: go run ./bench/audit -heed PATH/TO/heed")
		os.Exit(2)
	}
	if err := run(*heed, *runs, *steps, *repos, *reps, *single, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "bench/audit:", err)
		os.Exit(1)
	}
}

func run(heed string, runs, steps, repos, reps, single int, keep bool) error {
	heed, err := filepath.Abs(heed)
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "heed-bench-audit-")
	if err != nil {
		return err
	}
	if !keep {
		defer os.RemoveAll(work)
	}
	start := time.Now()
	if err := generate(work, runs, steps, repos); err != nil {
		return err
	}
	fmt.Printf("generated %d runs of %d steps over %d repositories in %s (%s)\n", runs, steps, repos, time.Since(start).Round(time.Millisecond), work)
	batch := func(args ...string) func() error {
		return func() error {
			cmd := exec.Command(heed, append([]string{"audit", "--runs", filepath.Join(work, "runs"), "--format", "json", "-o", filepath.Join(work, "out.json")}, args...)...)
			out, err := cmd.CombinedOutput()
			if err != nil {
				return fmt.Errorf("%v: %s", err, out)
			}
			return nil
		}
	}
	all, err := measure(reps, batch())
	if err != nil {
		return err
	}
	check, err := summary(filepath.Join(work, "out.json"), runs)
	if err != nil {
		return err
	}
	one, err := measure(reps, batch("--workers", "1"))
	if err != nil {
		return err
	}
	dirs, _ := filepath.Glob(filepath.Join(work, "runs", "*"))
	sort.Strings(dirs)
	if single > len(dirs) {
		single = len(dirs)
	}
	per, err := measure(reps, func() error {
		for _, d := range dirs[:single] {
			var spec struct{ Repo, Base string }
			data, _ := os.ReadFile(filepath.Join(d, "run.json"))
			json.Unmarshal(data, &spec)
			cmd := exec.Command(heed, "--repo", filepath.Join(d, spec.Repo), "audit", "--trajectory", filepath.Join(d, "trajectory.jsonl"), "--base", spec.Base, "--format", "json")
			if out, err := cmd.CombinedOutput(); err != nil && cmd.ProcessState.ExitCode() != 1 {
				return fmt.Errorf("%v: %s", err, out)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	rate := func(n int, d time.Duration) float64 { return float64(n) / d.Seconds() }
	fmt.Printf("\n%s\n", check)
	fmt.Printf("\n| how | wall (median of %d) | runs/s |\n| --- | --- | --- |\n", reps)
	fmt.Printf("| `heed audit --runs` (all CPUs) | %s | **%.0f** |\n", all.Round(time.Millisecond), rate(runs, all))
	fmt.Printf("| `heed audit --runs --workers 1` | %s | %.0f |\n", one.Round(time.Millisecond), rate(runs, one))
	fmt.Printf("| one `heed audit` process per run (%d runs) | %s | %.0f |\n", single, per.Round(time.Millisecond), rate(single, per))
	fmt.Printf("\nbatch vs one process per run: %.1fx\n", rate(runs, all)/rate(single, per))
	return nil
}

func measure(reps int, f func() error) (time.Duration, error) {
	if err := f(); err != nil { // warm-up: page cache, git's object cache
		return 0, err
	}
	var ds []time.Duration
	for i := 0; i < reps; i++ {
		s := time.Now()
		if err := f(); err != nil {
			return 0, err
		}
		ds = append(ds, time.Since(s))
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[len(ds)/2], nil
}

// summary checks the batch result is what was generated and says what it judged.
func summary(path string, runs int) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	var b struct {
		Runs   []json.RawMessage `json:"runs"`
		Errors []struct{ ID, Error string }
		Rates  struct {
			Overall struct {
				Rules, Satisfied, Violated, Undetermined, Inapplicable int
			} `json:"overall"`
		} `json:"rates"`
	}
	if err := json.Unmarshal(data, &b); err != nil {
		return "", err
	}
	if len(b.Runs) != runs || len(b.Errors) != 0 {
		return "", fmt.Errorf("the batch audited %d runs with %d errors, want %d runs (%v)", len(b.Runs), len(b.Errors), runs, b.Errors)
	}
	o := b.Rates.Overall
	return fmt.Sprintf("judged %d rule verdicts over %d runs: %d satisfied, %d violated, %d undetermined, %d inapplicable",
		o.Rules, runs, o.Satisfied, o.Violated, o.Undetermined, o.Inapplicable), nil
}

const agents = `# AGENTS.md — tally

## Commands

- Use pnpm, not npm.
- Never force-push.
- Run ` + "`pnpm lint`" + ` before committing.

## Code

- Never use ` + "`console.log`" + ` in ` + "`src/`" + `; use the logger.
- ` + "`src/ui`" + ` must not import from ` + "`src/db`" + `.

## Commits

- Commit subjects follow Conventional Commits. Allowed types: ` + "`feat`, `fix`, `docs`, `refactor`" + `.
- Keep the commit subject to 72 characters or fewer.
- Sign off every commit (` + "`git commit -s`" + `).
- Every change under ` + "`src/`" + ` must come with a test.

## Pull requests

- Always disclose AI assistance in the PR description.
`

func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=bench", "GIT_AUTHOR_EMAIL=bench@heed.invalid",
		"GIT_COMMITTER_NAME=bench", "GIT_COMMITTER_EMAIL=bench@heed.invalid", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("git %v: %v: %s", args, err, out)
	}
	return strings.TrimSpace(string(out)), nil
}

func write(p, content string) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, []byte(content), 0o644)
}

// generate writes the repositories and the run folders.
func generate(work string, runs, steps, repos int) error {
	bases := make([]string, repos)
	for r := 0; r < repos; r++ {
		dir := filepath.Join(work, "repos", fmt.Sprintf("repo-%02d", r))
		files := map[string]string{"AGENTS.md": agents, "package.json": `{"name":"tally"}` + "\n"}
		for i := 0; i < 40; i++ {
			files[fmt.Sprintf("src/lib/m%02d.ts", i)] = fmt.Sprintf("export function f%d(x: number): number {\n  return x + %d;\n}\n", i, i)
			files[fmt.Sprintf("test/m%02d.test.ts", i)] = fmt.Sprintf("import { f%d } from \"../src/lib/m%02d\";\n", i, i)
		}
		files["src/db/rows.ts"] = "export const rows: number[] = [];\n"
		for p, c := range files {
			if err := write(filepath.Join(dir, p), c); err != nil {
				return err
			}
		}
		for _, a := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"commit", "-q", "-m", "Initial commit"}} {
			if _, err := git(dir, a...); err != nil {
				return err
			}
		}
		base, err := git(dir, "rev-parse", "HEAD")
		if err != nil {
			return err
		}
		bases[r] = base
		// The session's commits: a new UI file, an edited library file.
		write(filepath.Join(dir, "src/ui/view.ts"), "import { rows } from \"../db/rows\";\n\nexport function view(): number {\n  console.log(rows.length);\n  return rows.length;\n}\n")
		write(filepath.Join(dir, "src/lib/m03.ts"), "export function f3(x: number): number {\n  return x * 3;\n}\n")
		for _, a := range [][]string{{"add", "-A"}, {"commit", "-q", "-m", "feat(ui): show the rows"}, {"commit", "-q", "--allow-empty", "-m", "fix: keep the rows sorted\n\nSigned-off-by: bench <bench@heed.invalid>"}} {
			if _, err := git(dir, a...); err != nil {
				return err
			}
		}
	}
	for i := 0; i < runs; i++ {
		dir := filepath.Join(work, "runs", fmt.Sprintf("run-%04d", i))
		r := i % repos
		spec := map[string]string{"id": filepath.Base(dir), "agent": "claude", "trajectory": "trajectory.jsonl",
			"repo": filepath.Join("..", "..", "repos", fmt.Sprintf("repo-%02d", r)), "base": bases[r]}
		b, _ := json.Marshal(spec)
		if err := write(filepath.Join(dir, "run.json"), string(b)+"\n"); err != nil {
			return err
		}
		if err := write(filepath.Join(dir, "trajectory.jsonl"), transcript(rand.New(rand.NewSource(int64(i))), steps)); err != nil {
			return err
		}
	}
	return nil
}

var commandPool = []string{
	"git status", "git diff", "ls src", "ls -la src/lib", "cat src/lib/m01.ts", "grep -rn rows src",
	"rg -n 'export function' src/lib", "pnpm test", "pnpm lint", "pnpm exec vitest run test/m03.test.ts",
	"sed -n '1,40p' src/db/rows.ts", "find src -name '*.ts' | head -20", "git log --oneline -5",
	"cd src && ls && cd ..", "pnpm tsc --noEmit", "node -e 'console.log(1)'", "echo done",
	"cat package.json | head -5", "wc -l src/lib/*.ts", "git diff --stat",
}

// transcript writes a Claude Code transcript of n steps: mostly commands, some edits
// and writes, a few commits, a refused force-push now and then, and a PR submission.
func transcript(rng *rand.Rand, n int) string {
	const cwd = "/home/dev/tally"
	var b strings.Builder
	rec := 0
	emit := func(typ string, msg any) {
		rec++
		line, _ := json.Marshal(map[string]any{"type": typ, "message": msg, "uuid": fmt.Sprintf("u%d", rec), "cwd": cwd,
			"sessionId": "bench", "timestamp": fmt.Sprintf("2026-03-02T10:%02d:%02dZ", rec/60%60, rec%60)})
		b.Write(line)
		b.WriteByte('\n')
	}
	emit("user", map[string]any{"role": "user", "content": "Show the rows in the view."})
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("toolu_%04d", i)
		var name string
		var input map[string]any
		result, isErr := "ok", false
		switch p := rng.Intn(100); {
		case p < 6:
			name = "Edit"
			input = map[string]any{"file_path": fmt.Sprintf("%s/src/lib/m%02d.ts", cwd, rng.Intn(40)), "old_string": "return x +", "new_string": "return x *"}
		case p < 9:
			name = "Write"
			input = map[string]any{"file_path": cwd + "/src/ui/view.ts", "content": "import { rows } from \"../db/rows\";\nexport const view = () => { console.log(rows); };\n"}
		case p < 11:
			name = "Bash"
			msgs := []string{"feat(ui): show the rows", "Added the rows", "fix: keep the rows sorted"}
			input = map[string]any{"command": fmt.Sprintf("git add -A && git commit -m %q", msgs[rng.Intn(len(msgs))])}
			result = "[main 1a2b3c4] committed"
		case p < 12:
			name = "Bash"
			input = map[string]any{"command": "git push --force origin main"}
			result, isErr = "PreToolUse:Bash hook error: [heed] BLOCKED", true
		case p < 14:
			name = "Bash"
			input = map[string]any{"command": "npm install left-pad"}
		default:
			name = "Bash"
			input = map[string]any{"command": commandPool[rng.Intn(len(commandPool))]}
			if rng.Intn(10) == 0 {
				result, isErr = "Exit code 1\nerror TS2322: Type 'string' is not assignable to type 'number'.", true
			} else {
				result = strings.Repeat("output line\n", 1+rng.Intn(20))
			}
		}
		emit("assistant", map[string]any{"role": "assistant", "model": "claude-sonnet-4-5", "content": []any{map[string]any{"type": "tool_use", "id": id, "name": name, "input": input}}})
		res := map[string]any{"type": "tool_result", "tool_use_id": id, "content": result}
		if isErr {
			res["is_error"] = true
		}
		emit("user", map[string]any{"role": "user", "content": []any{res}})
	}
	emit("assistant", map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "text", "text": "PR SUBMISSION:\nfeat(ui): show the rows\n\nThe view renders the rows."}}})
	return b.String()
}
