package mcp

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/report"
)

const agentsMD = "# AGENTS.md\n\n## License headers\n\nEvery new `.go` file must start with this two-line header, above the package\nclause:\n\n    // Copyright The Cobalt Authors\n    // SPDX-License-Identifier: Apache-2.0\n\n## Commands\n\n- Never run `cargo publish`.\n"

// testRepo makes a git repository with an AGENTS.md and one committed Go file.
func testRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("AGENTS.md", agentsMD)
	write("go.mod", "module example.com/cobalt\n\ngo 1.22\n")
	write("internal/a/a.go", "// Copyright The Cobalt Authors\n// SPDX-License-Identifier: Apache-2.0\n\npackage a\n")
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "init"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return dir
}

func connect(t *testing.T, root string, opt Options) *sdk.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := sdk.NewInMemoryTransports()
	srv := New(root, opt)
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	c := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := c.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func call(t *testing.T, cs *sdk.ClientSession, tool string, args any, out any) *sdk.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	if out != nil && !res.IsError {
		b, _ := json.Marshal(res.StructuredContent)
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s: structured content %s: %v", tool, b, err)
		}
	}
	return res
}

func errorText(res *sdk.CallToolResult) string {
	var sb strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			sb.WriteString(tc.Text)
		}
	}
	return sb.String()
}

func TestEveryToolIsListedAndCallable(t *testing.T) {
	root := testRepo(t)
	var checkedLine string
	opt := Options{
		Version: "test",
		CheckCommand: func(p *project.Project, line, cwd string) (*CommandVerdict, error) {
			checkedLine = line
			return &CommandVerdict{Allowed: !strings.Contains(line, "publish")}, nil
		},
		Audit: func(root string, in AuditInput) (any, error) {
			return map[string]string{"trajectory": in.Trajectory}, nil
		},
	}
	cs := connect(t, root, opt)
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range tools.Tools {
		names = append(names, tl.Name)
		if tl.Annotations == nil || !tl.Annotations.ReadOnlyHint {
			t.Errorf("tool %s must be marked read-only", tl.Name)
		}
	}
	if got := strings.Join(names, " "); got != "audit check_command check_diff check_file explain rules_for" {
		t.Fatalf("tools = %s", got)
	}

	var rules RulesForOutput
	call(t, cs, "rules_for", map[string]any{"path": "internal/a/a.go"}, &rules)
	if len(rules.Rules) < 2 {
		t.Fatalf("rules_for listed %d rules, want the license header and cargo publish rules: %+v", len(rules.Rules), rules)
	}
	var header *RuleLine
	for i := range rules.Rules {
		if strings.Contains(rules.Rules[i].Text, "two-line header") {
			header = &rules.Rules[i]
		}
		if rules.Rules[i].Level == "info" {
			t.Errorf("rules_for without include_info listed an info constraint: %q", rules.Rules[i].Text)
		}
	}
	if header == nil || !strings.HasPrefix(header.Where, "AGENTS.md:5") {
		t.Fatalf("rules_for must list the header rule with its place: %+v", rules.Rules)
	}

	var ex ExplainOutput
	call(t, cs, "explain", map[string]any{"id": header.ID[:8]}, &ex)
	if ex.Constraint.ID != header.ID || ex.Constraint.File != "AGENTS.md" {
		t.Fatalf("explain by prefix returned %+v", ex.Constraint)
	}
	if res := call(t, cs, "explain", map[string]any{"id": "zzzz"}, nil); !res.IsError || !strings.Contains(errorText(res), "zzzz") {
		t.Fatalf("explain of an unknown id must be a tool error naming it: %+v", res)
	}

	var verdict CommandVerdict
	call(t, cs, "check_command", map[string]any{"command": "cargo publish"}, &verdict)
	if verdict.Allowed || checkedLine != "cargo publish" {
		t.Fatalf("check_command: %+v (checked %q)", verdict, checkedLine)
	}

	var file FindingsOutput
	call(t, cs, "check_file", map[string]any{"path": "internal/b/b.go", "content": "package b\n"}, &file)
	if file.Findings == nil {
		t.Fatal("check_file must always return a findings list")
	}

	var diff FindingsOutput
	call(t, cs, "check_diff", map[string]any{"mode": "staged"}, &diff)
	if diff.Findings == nil {
		t.Fatal("check_diff must always return a findings list")
	}
	if res := call(t, cs, "check_diff", map[string]any{"mode": "diff"}, nil); !res.IsError {
		t.Fatal("check_diff mode diff without rev must be a tool error")
	}

	var audit map[string]string
	call(t, cs, "audit", map[string]any{"trajectory": "run.jsonl"}, &audit)
	if audit["trajectory"] != filepath.Join(root, "run.jsonl") {
		t.Fatalf("audit resolves the trajectory against the repository: %v", audit)
	}
}

func TestCheckCommandFailsClosed(t *testing.T) {
	root := testRepo(t)
	cs := connect(t, root, Options{CheckCommand: func(*project.Project, string, string) (*CommandVerdict, error) {
		return nil, os.ErrPermission
	}})
	var v CommandVerdict
	call(t, cs, "check_command", map[string]any{"command": "ls"}, &v)
	if v.Allowed || !strings.Contains(v.Message, "could not judge") {
		t.Fatalf("an internal error must block with the reason: %+v", v)
	}
}

func TestPathsOutsideTheRepositoryAreRefused(t *testing.T) {
	cs := connect(t, testRepo(t), Options{})
	for tool, args := range map[string]map[string]any{
		"rules_for":  {"path": "../../etc/passwd"},
		"check_file": {"path": "../../etc/passwd", "content": "x"},
	} {
		res := call(t, cs, tool, args, nil)
		if !res.IsError || !strings.Contains(errorText(res), "outside the repository") {
			t.Errorf("%s with a path outside the repository: %+v", tool, errorText(res))
		}
	}
}

func TestResources(t *testing.T) {
	root := testRepo(t)
	cs := connect(t, root, Options{})
	ctx := context.Background()
	list, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var uris []string
	for _, r := range list.Resources {
		uris = append(uris, r.URI)
	}
	want := []string{"heed://findings/latest", "heed://instructions/AGENTS.md", "heed://policy"}
	for _, w := range want {
		if !strings.Contains(strings.Join(uris, " "), w) {
			t.Errorf("resources %v lack %s", uris, w)
		}
	}
	res, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "heed://instructions/AGENTS.md"})
	if err != nil || res.Contents[0].Text != agentsMD {
		t.Fatalf("instruction resource: %v %+v", err, res)
	}
	if _, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "heed://instructions/go.mod"}); err == nil {
		t.Fatal("only instruction files may be read through the instructions resource")
	}
	res, err = cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "heed://policy"})
	if err != nil || !strings.Contains(res.Contents[0].Text, "two-line header") {
		t.Fatalf("policy resource: %v", err)
	}
	// The latest findings follow the last check.
	call(t, cs, "check_file", map[string]any{"path": "internal/b/b.go", "content": "package b\n"}, nil)
	res, err = cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "heed://findings/latest"})
	if err != nil {
		t.Fatal(err)
	}
	var rep report.Report
	if err := json.Unmarshal([]byte(res.Contents[0].Text), &rep); err != nil {
		t.Fatalf("latest findings are not a report: %v", err)
	}
}

func TestRulesForNarrowsByTheRulesScope(t *testing.T) {
	root := testRepo(t)
	os.WriteFile(filepath.Join(root, "AGENTS.md"), []byte("# Rules\n\n- Python code under `service/` never calls `print()`.\n- Never run `cargo publish`.\n"), 0o644)
	cs := connect(t, root, Options{})
	var out RulesForOutput
	call(t, cs, "rules_for", map[string]any{"path": "web/app.ts"}, &out)
	for _, r := range out.Rules {
		if strings.Contains(r.Text, "print()") {
			t.Fatalf("a rule compiled for service/ Python files is not a rule for web/app.ts: %+v", out.Rules)
		}
	}
	if len(out.Rules) != 1 {
		t.Fatalf("the command rule governs every path: %+v", out.Rules)
	}
	call(t, cs, "rules_for", map[string]any{"path": "service/api.py"}, &out)
	if len(out.Rules) != 2 {
		t.Fatalf("service/api.py is governed by both rules: %+v", out.Rules)
	}
}

// Issue 21: check_file leaves out what heed check and the agent hooks leave out
// (repo.Exclusions): .heedignore, then the [check] exclude of .heed/config.
func TestCheckFileLeavesOutIgnoredFiles(t *testing.T) {
	root := testRepo(t)
	cs := connect(t, root, Options{})
	findings := func(path string) FindingsOutput {
		t.Helper()
		var out FindingsOutput
		if res := call(t, cs, "check_file", map[string]any{"path": path, "content": "package b\n"}, &out); res.IsError {
			t.Fatalf("check_file %s: %s", path, errorText(res))
		}
		return out
	}
	if got := findings("internal/b/b.go"); len(got.Findings) == 0 {
		t.Fatalf("a new file without its header: no finding (%s)", got.Summary)
	}
	os.WriteFile(filepath.Join(root, ".heedignore"), []byte("internal/b/\n"), 0o644)
	if got := findings("internal/b/b.go"); len(got.Findings) != 0 || !strings.Contains(got.Summary, "left out") {
		t.Errorf("a file .heedignore leaves out: %+v", got)
	}
	os.MkdirAll(filepath.Join(root, ".heed"), 0o755)
	os.WriteFile(filepath.Join(root, ".heed/config"), []byte("[check]\nexclude = [\"internal/c/\"]\n"), 0o644)
	if got := findings("internal/c/c.go"); len(got.Findings) != 0 {
		t.Errorf("a file the configuration leaves out: %+v", got)
	}
	if got := findings("internal/d/d.go"); len(got.Findings) == 0 {
		t.Errorf("a file nothing leaves out: no finding (%s)", got.Summary)
	}
}
