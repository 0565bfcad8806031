package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// runBig audits one long session, as `heed audit --trajectory` reads a transcript
// of mb megabytes: the time, and the peak resident memory of heed (VmHWM, read from
// /proc while it runs) against the size of the file (issue 23: 638 MB resident for
// 62 MB). With base, a second build runs alongside, interleaved.
//
// The transcript is Claude Code's, shaped like a long real one: most of its bytes
// are tool results (command outputs up to 30 KB, files read whole, each with the
// toolUseResult copy Claude Code keeps), the rest calls, writes of whole files,
// edits, commits and the assistant's text.
func runBig(heed, base string, mb, reps int, keep bool) error {
	work, err := os.MkdirTemp("", "heed-bench-audit-big-")
	if err != nil {
		return err
	}
	if !keep {
		defer os.RemoveAll(work)
	}
	if err := generate(work, 0, 0, 1); err != nil { // one repository
		return err
	}
	repoDir := filepath.Join(work, "repos", "repo-00")
	baseRev, err := git(repoDir, "rev-parse", "HEAD~2")
	if err != nil {
		return err
	}
	traj := filepath.Join(work, "big.jsonl")
	if err := writeBig(traj, mb<<20, rand.New(rand.NewSource(1))); err != nil {
		return err
	}
	st, err := os.Stat(traj)
	if err != nil {
		return err
	}
	bins := [][2]string{{"heed", heed}}
	if base != "" {
		bins = append(bins, [2]string{"base", base})
	}
	type result struct {
		wall time.Duration
		hwm  int64 // kB
	}
	res := map[string][]result{}
	for rep := -1; rep < reps; rep++ { // one warm-up round
		for _, b := range bins {
			cmd := exec.Command(b[1], "--repo", repoDir, "audit", "--trajectory", traj, "--base", baseRev, "--format", "json", "-o", filepath.Join(work, "out-"+b[0]+".json"))
			t0 := time.Now()
			hwm, err := runPolled(cmd)
			if err != nil && cmd.ProcessState.ExitCode() != 1 {
				return fmt.Errorf("%s audit: %v", b[0], err)
			}
			if rep >= 0 {
				res[b[0]] = append(res[b[0]], result{time.Since(t0), hwm})
			}
		}
	}
	fmt.Printf("heed audit of one Claude Code transcript of %.1f MB (%d runs each, interleaved, after a warm-up)\n\n", float64(st.Size())/(1<<20), reps)
	fmt.Printf("| build | wall, median (min–max) | peak RSS, median (min–max) | peak / file |\n| --- | --- | --- | --- |\n")
	for _, b := range bins {
		rs := res[b[0]]
		ws := make([]time.Duration, len(rs))
		hs := make([]int64, len(rs))
		for i, r := range rs {
			ws[i], hs[i] = r.wall, r.hwm
		}
		sort.Slice(ws, func(i, j int) bool { return ws[i] < ws[j] })
		sort.Slice(hs, func(i, j int) bool { return hs[i] < hs[j] })
		mid := hs[len(hs)/2]
		fmt.Printf("| %s | %.2f s (%.2f–%.2f) | %.0f MB (%.0f–%.0f) | %.2f× |\n", b[0], ws[len(ws)/2].Seconds(), ws[0].Seconds(), ws[len(ws)-1].Seconds(),
			float64(mid)/1024, float64(hs[0])/1024, float64(hs[len(hs)-1])/1024, float64(mid)*1024/float64(st.Size()))
	}
	if base != "" {
		same, err := sameAudit(filepath.Join(work, "out-heed.json"), filepath.Join(work, "out-base.json"))
		if err != nil {
			return err
		}
		fmt.Printf("\nThe two builds' reports are %s (duration aside).\n", map[bool]string{true: "identical", false: "DIFFERENT"}[same])
	}
	if keep {
		fmt.Printf("\nkept in %s\n", work)
	}
	return nil
}

// runPolled runs cmd and returns its peak resident memory (VmHWM, kB), read from
// /proc every 2 ms; the last reading before it exits is the figure.
func runPolled(cmd *exec.Cmd) (int64, error) {
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var peak int64
	for {
		select {
		case err := <-done:
			return peak, err
		case <-time.After(2 * time.Millisecond):
		}
		if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)); err == nil {
			for _, l := range strings.Split(string(b), "\n") {
				if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmHWM:" {
					if v, err := strconv.ParseInt(f[1], 10, 64); err == nil && v > peak {
						peak = v
					}
				}
			}
		}
	}
}

// sameAudit compares two JSON audit reports but for their durations and the target
// count of judge rules without a model: those are undetermined once, as a whole,
// since the streaming work of issue 23 (they read no file), not once per file.
func sameAudit(a, b string) (bool, error) {
	var ra, rb map[string]any
	for _, x := range []struct {
		p string
		m *map[string]any
	}{{a, &ra}, {b, &rb}} {
		data, err := os.ReadFile(x.p)
		if err != nil {
			return false, err
		}
		if err := json.Unmarshal(data, x.m); err != nil {
			return false, err
		}
		if run, ok := (*x.m)["run"].(map[string]any); ok {
			delete(run, "duration_ms")
		}
		rules, _ := (*x.m)["rules"].([]any)
		for _, r := range rules {
			if rm, ok := r.(map[string]any); ok && rm["kind"] == "judge" && strings.HasPrefix(fmt.Sprint(rm["reason"]), "needs a model") {
				delete(rm, "targets")
			}
		}
	}
	ja, _ := json.Marshal(ra)
	jb, _ := json.Marshal(rb)
	return string(ja) == string(jb), nil
}

// writeBig writes a transcript of about size bytes.
func writeBig(path string, size int, rng *rand.Rand) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	const cwd = "/home/dev/tally"
	written, rec := 0, 0
	emit := func(typ string, msg any, extra map[string]any) {
		rec++
		// The metadata every record of a real transcript carries.
		m := map[string]any{"type": typ, "message": msg, "uuid": fmt.Sprintf("5e1c%08d-7a4b-4c3d-9e2f-%012d", rec, rec), "cwd": cwd,
			"parentUuid": fmt.Sprintf("5e1c%08d-7a4b-4c3d-9e2f-%012d", rec-1, rec-1), "isSidechain": false, "userType": "external",
			"version": "2.0.14", "gitBranch": "feat/rows", "requestId": fmt.Sprintf("req_011C%016d", rec),
			"sessionId": "0d4a4c1e-3b7f-4f0e-9c55-5f3c1f6a2b10", "timestamp": fmt.Sprintf("2026-03-02T%02d:%02d:%02d.%03dZ", rec/3600%24, rec/60%60, rec%60, rec%1000)}
		if mm, ok := msg.(map[string]any); ok && typ == "assistant" {
			mm["id"] = fmt.Sprintf("msg_01%020d", rec)
			mm["type"] = "message"
			mm["stop_reason"] = "tool_use"
			mm["usage"] = map[string]any{"input_tokens": 4, "cache_creation_input_tokens": 1200 + rec%500, "cache_read_input_tokens": 30000 + rec,
				"output_tokens": 120 + rec%300, "service_tier": "standard", "cache_creation": map[string]any{"ephemeral_5m_input_tokens": 1200, "ephemeral_1h_input_tokens": 0}}
		}
		for k, v := range extra {
			m[k] = v
		}
		line, _ := json.Marshal(m)
		w.Write(line)
		w.WriteByte('\n')
		written += len(line) + 1
	}
	text := func(n int) string {
		var b strings.Builder
		for b.Len() < n {
			fmt.Fprintf(&b, "  %d | export function f%d(x: number): number { return x + %d; } // %s\n", b.Len(), rng.Intn(1000), rng.Intn(100), strings.Repeat("x", rng.Intn(40)))
		}
		return b.String()
	}
	emit("user", map[string]any{"role": "user", "content": "Show the rows in the view, and keep the tests green."}, nil)
	for i := 0; written < size; i++ {
		id := fmt.Sprintf("toolu_%06d", i)
		var name string
		var input map[string]any
		result, isErr := "ok", false
		var extra map[string]any
		switch p := rng.Intn(100); {
		case p < 25: // a file read whole: not a step, but many of a real transcript's bytes
			name = "Read"
			input = map[string]any{"file_path": fmt.Sprintf("%s/src/lib/m%02d.ts", cwd, rng.Intn(40))}
			result = text(200 + rng.Intn(3000))
			extra = map[string]any{"toolUseResult": map[string]any{"type": "text", "file": map[string]any{"filePath": input["file_path"], "content": result}}}
		case p < 30:
			name = "Edit"
			input = map[string]any{"file_path": fmt.Sprintf("%s/src/lib/m%02d.ts", cwd, rng.Intn(40)), "old_string": "return x +", "new_string": "return x *"}
		case p < 33:
			name = "Write"
			input = map[string]any{"file_path": fmt.Sprintf("%s/src/ui/view%d.ts", cwd, rng.Intn(20)), "content": "import { rows } from \"../db/rows\";\n" + text(500+rng.Intn(4000))}
		case p < 35:
			name = "Bash"
			msgs := []string{"feat(ui): show the rows", "Added the rows", "fix: keep the rows sorted"}
			input = map[string]any{"command": fmt.Sprintf("git add -A && git commit -m %q", msgs[rng.Intn(len(msgs))])}
			result = "[main 1a2b3c4] committed"
		case p < 36:
			name = "Bash"
			input = map[string]any{"command": "git push --force origin main"}
			result, isErr = "PreToolUse:Bash hook error: [heed] BLOCKED", true
		default:
			name = "Bash"
			input = map[string]any{"command": commandPool[rng.Intn(len(commandPool))]}
			if rng.Intn(10) == 0 {
				result, isErr = "Exit code 1\nerror TS2322: Type 'string' is not assignable to type 'number'.\n"+text(rng.Intn(3000)), true
			} else {
				result = text(rng.Intn(1500))
			}
			extra = map[string]any{"toolUseResult": map[string]any{"stdout": result, "stderr": "", "interrupted": false}}
		}
		emit("assistant", map[string]any{"role": "assistant", "model": "claude-sonnet-4-5", "content": []any{
			map[string]any{"type": "text", "text": "Next: " + strings.Repeat("I check the rows. ", 1+rng.Intn(10))},
			map[string]any{"type": "tool_use", "id": id, "name": name, "input": input}}}, nil)
		res := map[string]any{"type": "tool_result", "tool_use_id": id, "content": result}
		if isErr {
			res["is_error"] = true
		}
		emit("user", map[string]any{"role": "user", "content": []any{res}}, extra)
	}
	emit("assistant", map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "text", "text": "PR SUBMISSION:\nfeat(ui): show the rows\n\nThe view renders the rows."}}}, nil)
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
