package trajectory

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The recorded sessions in testdata/trajectories are one scripted session (add a
// formatCount helper, run npm and undo it, commit, have a force-push refused, amend,
// submit a PR) written in each agent's own format.
const samples = "../../../testdata/trajectories"

func render(s Step) string {
	var b strings.Builder
	b.WriteString(s.Kind)
	switch s.Kind {
	case KindCommand:
		fmt.Fprintf(&b, " %q", s.Command)
	default:
		fmt.Fprintf(&b, " %s", s.Path)
		if s.Content != nil {
			fmt.Fprintf(&b, " (%d bytes)", len(*s.Content))
		}
		if len(s.Edits) > 0 {
			fmt.Fprintf(&b, " (%d edits)", len(s.Edits))
		}
	}
	if s.Exit != nil {
		fmt.Fprintf(&b, " exit=%d", *s.Exit)
	}
	if s.Denied {
		b.WriteString(" DENIED")
	}
	return b.String()
}

const cwd = "/home/dev/tally"

var sessionSteps = []string{
	`command "git status" exit=0`,
	`command "npm install left-pad" exit=0`,
	`command "npm uninstall left-pad" exit=0`,
	`write ` + cwd + `/src/format.ts (168 bytes)`,
	`edit ` + cwd + `/src/count.ts (1 edits)`,
	`command "npx vitest run" exit=1`,
	`command "git add -A && git commit -m \"Added count formatting\"" exit=0`,
	`command "git push --force origin main" DENIED`,
	`command "git commit --amend -m 'feat: add count formatting'" exit=0`,
}

const samplePR = "feat: add count formatting\n\nAdds formatCount, which renders how many non-empty items a list has."

func TestAdaptersOnRecordedSessions(t *testing.T) {
	codexSteps := append([]string(nil), sessionSteps...)
	codexSteps[3] = `patch src/format.ts (168 bytes)`
	codexSteps[4] = `patch src/count.ts (1 edits)`
	codexSteps[7] = `command "git push --force origin main" exit=1 DENIED`
	mini := []string{
		`command "git status" exit=0`,
		`command "npm install left-pad" exit=0`,
		`command "npm uninstall left-pad" exit=0`,
		`command "cat > src/format.ts <<'EOF'\nimport { count } from \"./count\";\n\nexport function formatCount(items: string[]): string {\n  console.log(\"formatting\", items.length);\n  return ` + "`${count(items)} items`" + `;\n}\nEOF" exit=0`,
		`command "sed -i 's/return items.length;/return items.filter((i) => i !== \"\").length;/' src/count.ts" exit=0`,
		`command "npx vitest run" exit=1`,
		`command "git add -A && git commit -m \"Added count formatting\"" exit=0`,
		`command "git commit --amend -m 'feat: add count formatting'" exit=0`,
	}
	miniV2 := append(append([]string(nil), mini...), `command "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"`)
	journal := []string{
		`command "git status" exit=0`,
		`command "npm install left-pad" exit=0`,
		`command "npm uninstall left-pad" exit=0`,
		`edit src/format.ts`,
		`command "npx vitest run" exit=1`,
		`command "git add -A && git commit -m \"Added count formatting\"" exit=0`,
		`command "git push --force origin main" DENIED`,
		`command "git commit --amend -m 'feat: add count formatting'" exit=0`,
	}
	for _, tc := range []struct {
		file, format, model string
		steps               []string
		pr                  string
	}{
		{"claude/session.jsonl", Claude, "claude-sonnet-4-5-20250929", sessionSteps, samplePR},
		{"codex/rollout-2026-03-02T10-00-00-0199a3c2.jsonl", Codex, "gpt-5-codex", codexSteps, samplePR},
		{"mini-swe-agent/session.traj.json", MiniSWEAgent, "anthropic/claude-sonnet-4-5-20250929", miniV2, samplePR},
		{"mini-swe-agent/session-v1.traj.json", MiniSWEAgent, "gpt-5", append(append([]string(nil), mini...), `command "echo MINI_SWE_AGENT_FINAL_OUTPUT"`), samplePR},
		{"openhands/events-v1.json", OpenHands, "litellm_proxy/claude-sonnet-4-5", sessionSteps, samplePR},
		{"openhands/events-v0.json", OpenHands, "", sessionSteps, samplePR},
		{"heed/journal.jsonl", Heed, "", journal, ""},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(samples, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			got, err := Detect(data)
			if err != nil || got != tc.format {
				t.Fatalf("Detect = %q, %v; want %q", got, err, tc.format)
			}
			tr, err := Parse(data, "auto")
			if err != nil {
				t.Fatal(err)
			}
			var rs []string
			for i, s := range tr.Steps {
				if s.Index != i {
					t.Errorf("step %d has index %d", i, s.Index)
				}
				rs = append(rs, render(s))
			}
			if strings.Join(rs, "\n") != strings.Join(tc.steps, "\n") {
				t.Errorf("steps:\n  %s\nwant:\n  %s", strings.Join(rs, "\n  "), strings.Join(tc.steps, "\n  "))
			}
			if tr.Model != tc.model {
				t.Errorf("model %q, want %q", tr.Model, tc.model)
			}
			if tr.PR != tc.pr {
				t.Errorf("PR %q, want %q", tr.PR, tc.pr)
			}
			if len(tr.Warnings) > 0 || tr.Truncated {
				t.Errorf("a well-formed recording has no warnings: %v", tr.Warnings)
			}
		})
	}
}

func TestCodexRecordsTheStartingCommit(t *testing.T) {
	data, _ := os.ReadFile(filepath.Join(samples, "codex/rollout-2026-03-02T10-00-00-0199a3c2.jsonl"))
	tr, err := Parse(data, Codex)
	if err != nil {
		t.Fatal(err)
	}
	if tr.StartCommit != "BASECOMMIT" || tr.Cwd != cwd || tr.StartBranch != "main" {
		t.Fatalf("start %q on %q, cwd %q", tr.StartCommit, tr.StartBranch, tr.Cwd)
	}
	if got := tr.Steps[4].Edits[0]; got.Old != "  return items.length;\n}" || got.New != "  return items.filter((i) => i !== \"\").length;\n}" {
		t.Fatalf("the update hunk's old side: %q", got.Old)
	}
}

// Claude Code writes the branch checked out on every record (gitBranch): the first
// record that has one is the branch the session started on, whatever it moved to
// later; a detached HEAD is no branch.
func TestClaudeRecordsTheStartingBranch(t *testing.T) {
	rec := func(branch, text string) string {
		return `{"type":"user","cwd":"/repo","gitBranch":"` + branch + `","message":{"role":"user","content":"` + text + `"}}`
	}
	for _, c := range []struct {
		records []string
		want    string
	}{
		{[]string{rec("master", "Fix the bug."), rec("fix-1", "Go on.")}, "master"},
		{[]string{`{"type":"summary","summary":"A session"}`, rec("main", "Fix it.")}, "main"},
		{[]string{rec("HEAD", "Fix it."), rec("main", "Go on.")}, ""},
		{[]string{`{"type":"user","cwd":"/repo","message":{"role":"user","content":"Fix it."}}`}, ""},
	} {
		tr, err := Parse([]byte(strings.Join(c.records, "\n")+"\n"), Claude)
		if err != nil {
			t.Fatal(err)
		}
		if tr.StartBranch != c.want {
			t.Errorf("%v: started on %q, want %q", c.records, tr.StartBranch, c.want)
		}
	}
}

func TestTruncatedAndMalformedTranscripts(t *testing.T) {
	data, _ := os.ReadFile(filepath.Join(samples, "claude/truncated.jsonl"))
	tr, err := Parse(data, "auto")
	if err != nil {
		t.Fatalf("a truncated transcript still reads: %v", err)
	}
	if !tr.Truncated || len(tr.Warnings) == 0 || !strings.Contains(tr.Warnings[0], "truncated") {
		t.Fatalf("truncation must be reported: %v %v", tr.Truncated, tr.Warnings)
	}
	// The commit command was recorded, its result was cut off: no exit status.
	last := tr.Steps[len(tr.Steps)-1]
	if last.Command != `git add -A && git commit -m "Added count formatting"` || last.Exit != nil {
		t.Fatalf("last step %s", render(last))
	}
	if len(tr.Steps) != 7 {
		t.Fatalf("%d steps before the cut, want 7", len(tr.Steps))
	}

	data, _ = os.ReadFile(filepath.Join(samples, "claude/malformed.jsonl"))
	tr, err = Parse(data, Claude)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Truncated || len(tr.Warnings) != 1 || !strings.Contains(tr.Warnings[0], "line 5: not a JSON record") {
		t.Fatalf("warnings %v", tr.Warnings)
	}
	// Line 5 held the result of step 1 (npm install): the call survives without status.
	if tr.Steps[1].Command != "npm install left-pad" || tr.Steps[1].Exit != nil {
		t.Fatalf("step 1: %s", render(tr.Steps[1]))
	}
	if len(tr.Steps) != len(sessionSteps) {
		t.Fatalf("%d steps, want %d", len(tr.Steps), len(sessionSteps))
	}
}

func TestUnknownAndEmptyInput(t *testing.T) {
	for _, in := range []string{"", "   \n", "not json at all\n", `{"event": "start"}` + "\n"} {
		if _, err := Parse([]byte(in), "auto"); err == nil {
			t.Errorf("Parse(%q) should fail with a clear message", in)
		}
	}
	data, _ := os.ReadFile(filepath.Join(samples, "unknown.jsonl"))
	_, err := Parse(data, "auto")
	if err == nil || !strings.Contains(err.Error(), "--agent") {
		t.Fatalf("an unknown format says how to name it: %v", err)
	}
	if _, err := Parse(data, "cursor"); err == nil || !strings.Contains(err.Error(), "unknown --agent") {
		t.Fatalf("an unknown --agent: %v", err)
	}
	// The wrong adapter never reads garbage as steps.
	data, _ = os.ReadFile(filepath.Join(samples, "claude/session.jsonl"))
	tr, err := Parse(data, Codex)
	if err == nil && len(tr.Steps) != 0 {
		t.Fatalf("a Claude transcript read as Codex yields no steps, got %d", len(tr.Steps))
	}
	if _, err := Parse(data, MiniSWEAgent); err == nil {
		t.Fatal("a JSONL transcript is not a mini-SWE-agent document")
	}
}

func TestParsePatch(t *testing.T) {
	files, err := ParsePatch("*** Begin Patch\n*** Add File: a.txt\n+one\n+two\n*** Update File: b.go\n*** Move to: c.go\n@@ func f() {\n-\treturn 1\n+\treturn 2\n }\n*** Delete File: d.md\n*** End Patch\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 3 || files[0].Op != "add" || strings.Join(files[0].Added, ",") != "one,two" ||
		files[1].MoveTo != "c.go" || files[1].Hunks[0].New != "\treturn 2\n}" || files[2].Op != "delete" {
		t.Fatalf("%+v", files)
	}
	if _, err := ParsePatch("*** Begin Patch\n*** Add File: a\n+x\n"); err == nil || !strings.Contains(err.Error(), "End Patch") {
		t.Fatalf("a truncated patch is reported: %v", err)
	}
}

// FuzzParse: no input makes an adapter panic or loop, whatever format is forced.
func FuzzParse(f *testing.F) {
	ents, _ := filepath.Glob(filepath.Join(samples, "*", "*"))
	for _, e := range ents {
		if data, err := os.ReadFile(e); err == nil {
			f.Add(data, "auto")
			if len(data) > 300 {
				f.Add(data[:len(data)/3], "auto")
			}
		}
	}
	f.Add([]byte(`{"type":"response_item","timestamp":"x","payload":{"type":"function_call","name":"shell","arguments":"{\"command\":[]}"}}`), Codex)
	f.Add([]byte(`[{"kind":"ActionEvent","action":{"kind":"TerminalAction"}},{"kind":"ObservationEvent","action_id":null}]`), OpenHands)
	f.Add([]byte(`{"messages":[{"role":"tool"},{"role":"assistant","extra":{"actions":[1,{"command":2}]}}],"info":{}}`), MiniSWEAgent)
	f.Fuzz(func(t *testing.T, data []byte, format string) {
		for _, fm := range []string{format, "auto", Claude, Codex, MiniSWEAgent, OpenHands, Heed} {
			tr, err := Parse(data, fm)
			if err != nil {
				continue
			}
			for i, s := range tr.Steps {
				if s.Index != i || len(s.Output) > MaxOutput+64 {
					t.Fatalf("step %d: index %d, output %d bytes", i, s.Index, len(s.Output))
				}
			}
		}
	})
}
