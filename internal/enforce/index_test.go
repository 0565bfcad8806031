package enforce

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// indexedRepo is a repository with a policy file and its live index.
func indexedRepo(t *testing.T) string {
	t.Helper()
	root := newRepo(t, "- Never run `cargo publish`.\n- Never force push.")
	savePolicy(t, root)
	if _, err := newEnforcer().Loader.Load(root, []string{"cargo"}, false); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, IndexFile)); err != nil {
		t.Fatalf("no index written: %v", err)
	}
	return root
}

// An index whose bytes are not those heed wrote is never read: every command is
// denied with what is wrong and how to fix it, by heed and by heed-shim's loader
// (no Open) alike. A change that keeps the lines readable (the rule about cargo moved
// to another program) would otherwise let `cargo publish` through.
func TestCorruptIndexDenies(t *testing.T) {
	corruptions := []struct {
		name string
		edit func([]byte) []byte
	}{
		{"a rule moved to another program", func(b []byte) []byte {
			return bytes.Replace(b, []byte("\nprogram cargo\t"), []byte("\nprogram cargx\t"), 1)
		}},
		{"a flipped byte in a rule", func(b []byte) []byte {
			i := bytes.LastIndex(b, []byte("publish"))
			b[i] = 'P'
			return b
		}},
		{"truncated", func(b []byte) []byte { return b[:len(b)/2] }},
		{"empty", func(b []byte) []byte { return nil }},
		{"not an index", func(b []byte) []byte { return []byte("{}\n") }},
		{"no checksum", func(b []byte) []byte {
			_, rest, _ := bytes.Cut(b, []byte("\n"))
			return append([]byte("heed-process-index "+indexVersion+"\n"), rest...)
		}},
	}
	for _, c := range corruptions {
		t.Run(c.name, func(t *testing.T) {
			root := indexedRepo(t)
			path := filepath.Join(root, IndexFile)
			data, _ := os.ReadFile(path)
			if !bytes.Contains(data, []byte("\nprogram cargo\t")) {
				t.Fatalf("the index does not map cargo:\n%s", data)
			}
			if err := os.WriteFile(path, c.edit(data), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, l := range []*Loader{newEnforcer().Loader, {Registry: newEnforcer().Loader.Registry}} {
				_, err := l.Load(root, []string{"cargo"}, false)
				if !errors.Is(err, ErrCorruptIndex) || !strings.Contains(err.Error(), IndexFile) || !strings.Contains(err.Error(), "heed compile") {
					t.Fatalf("load (open=%v): want a corrupt-index error naming %s and the fix, got %v", l.Open != nil, IndexFile, err)
				}
			}
			e := newEnforcer()
			d := e.Check(Request{Root: root, Argv: []string{"cargo", "publish"}, Source: "exec"})
			if !d.Blocked || !strings.Contains(d.Message, "corrupt") {
				t.Fatalf("cargo publish with a corrupt index: blocked=%v\n%s", d.Blocked, d.Message)
			}
			d = e.Check(Request{Root: root, Argv: []string{"ls"}, Source: "exec"})
			if !d.Blocked {
				t.Fatalf("a corrupt index must deny every command (fail closed)")
			}
		})
	}
}

// An index written by another version of heed is stale, not corrupt: heed rebuilds
// it, and the rebuilt index carries a checksum that verifies.
func TestOldIndexIsRebuilt(t *testing.T) {
	root := indexedRepo(t)
	path := filepath.Join(root, IndexFile)
	data, _ := os.ReadFile(path)
	_, rest, _ := bytes.Cut(data, []byte("\n"))
	os.WriteFile(path, append([]byte("heed-process-index 1\n"), rest...), 0o644)
	l := newEnforcer().Loader
	set, err := l.Load(root, []string{"cargo"}, false)
	if err != nil || set.FromIndex {
		t.Fatalf("an old index: from index %v, %v (want the slow path)", set.FromIndex, err)
	}
	set, err = l.Load(root, []string{"cargo"}, false)
	if err != nil || !set.FromIndex || len(set.Rules) != 1 {
		t.Fatalf("the rebuilt index: from index %v, %v", set.FromIndex, err)
	}
}

// A rule and its constraint read back from the index as the policy holds them,
// less what the live path never reads (authored cases, the fingerprint, the
// constraint's code blocks and context), whatever characters their texts hold.
func TestIndexEntryRoundTrip(t *testing.T) {
	if n := reflect.TypeOf(policy.Rule{}).NumField(); n != ruleFields {
		t.Fatalf("policy.Rule has %d fields, the index codec knows %d: write the new one in appendEntry and readEntry (or leave it out on purpose) and update ruleFields", n, ruleFields)
	}
	odd := "tab\there, new\nline, cr\r, back\\slash, \\t literal, ünïcödé, \x00 nul, end\\"
	rule := &policy.Rule{ID: "c1.command.1", Domain: policy.DomainProcess, Kind: "command",
		Params:   []byte(`{"forbid":[{"program":["git"],"args":["push"]}]}`),
		Scope:    policy.Scope{Dir: "web", Globs: []string{"*.js", odd}, Exclude: []string{"x/**"}},
		Severity: policy.SeverityError, Exact: true, Message: odd, Suggestion: "use `x`", Norm: "forbid: x",
		Review: "r", Validation: "v", Decision: "keep", Origin: "norm.process",
		Cases: []policy.Case{{Expect: "violated"}}, Generated: "fp"}
	c := &policy.Constraint{ID: "c1", Text: odd, File: "AGENTS.md", Line: 7, EndLine: 9, HeaderPath: []string{"AGENTS.md", odd},
		Context: "ctx", Level: "must", Scope: policy.Scope{Dir: "web", Exclude: []string{""}}, Code: []policy.CodeBlock{{Text: "x"}}, Format: "agents"}
	line := appendEntry(nil, rule, c)
	if bytes.Count(line, []byte("\n")) != 1 || line[len(line)-1] != '\n' {
		t.Fatalf("an entry is not one line: %q", line)
	}
	gotRule, gotC, err := readEntry(line[:len(line)-1])
	if err != nil {
		t.Fatal(err)
	}
	wantRule := *rule
	wantRule.Cases, wantRule.Generated = nil, ""
	wantC := policy.Constraint{ID: c.ID, Text: c.Text, File: c.File, Line: c.Line, HeaderPath: c.HeaderPath, Level: c.Level, Scope: c.Scope}
	if !reflect.DeepEqual(*gotRule, wantRule) || !reflect.DeepEqual(*gotC, wantC) {
		t.Fatalf("round trip:\n got %+v\n     %+v\nwant %+v\n     %+v", *gotRule, *gotC, wantRule, wantC)
	}
	// no constraint, empty lists
	bare := &policy.Rule{ID: "r", Domain: policy.DomainProcess, Kind: "command"}
	line = appendEntry(nil, bare, nil)
	gotRule, gotC, err = readEntry(line[:len(line)-1])
	if err != nil || !reflect.DeepEqual(*gotRule, *bare) || !reflect.DeepEqual(*gotC, policy.Constraint{}) {
		t.Fatalf("bare rule: %+v %+v %v", gotRule, gotC, err)
	}
	// a line cut short, or with a field too many, does not read
	line = appendEntry(nil, rule, c)
	for _, bad := range [][]byte{line[:len(line)/2], append(line[:len(line)-1:len(line)-1], "\tx"...), []byte("a\\q")} {
		if _, _, err := readEntry(bad); err == nil {
			t.Errorf("%q read", bad)
		}
	}
}

// The header reads back, the program and trigger lines of other programs left
// unread.
func TestIndexHeaderRoundTrip(t *testing.T) {
	h := indexHeader{PolicySHA256: strings.Repeat("ab", 32),
		Sources: []policy.SourceFile{{Path: "dir with space/AGENTS.md", SHA256: "00", Format: "agents"}, {Path: "CLAUDE.md", SHA256: "11"}},
		Total:   4, Programs: map[string][]int{"git": {0, 2}, "npm": {1}, "odd\tname": {3}}, Any: []int{3},
		Triggers: map[string]*trigger{
			"git":       {words: []string{"push", "word with\ttab"}, options: []string{"c", "force"}},
			"npm":       {always: true},
			"odd\tname": {words: []string{"x"}},
			"*":         {always: true, programs: []string{"pip3.*", "tools/*"}},
		}}
	b := appendHeader(nil, &h)
	b = append(b, "rule lines\n"...)
	got, body, err := readHeader(b, nil, true)
	if err != nil || !reflect.DeepEqual(got, h) || string(body) != "rule lines\n" {
		t.Fatalf("all: %+v %q %v\nwant %+v", got, body, err, h)
	}
	got, _, err = readHeader(b, []string{"npm"}, false)
	if err != nil || !reflect.DeepEqual(got.Programs, map[string][]int{"npm": {1}}) || got.Total != 4 || len(got.Sources) != 2 ||
		!reflect.DeepEqual(got.Triggers, map[string]*trigger{"npm": h.Triggers["npm"], "*": h.Triggers["*"]}) {
		t.Fatalf("npm only: %+v %v", got, err)
	}
	got, _, err = readHeader(b, []string{"odd\tname"}, false)
	if err != nil || !reflect.DeepEqual(got.Triggers["odd\tname"], h.Triggers["odd\tname"]) || len(got.Programs) != 1 {
		t.Fatalf("a name with an escape: %+v %v", got, err)
	}
	for _, bad := range []string{"", "total 1\n", "policy_sha256 x\ntotal 1\n", "policy_sha256 x\ntotal 1\nprogram git\t1 x\nrules\n", "policy_sha256 x\nwhat 1\nrules\n"} {
		if _, _, err := readHeader([]byte(bad), nil, true); err == nil {
			t.Errorf("%q read", bad)
		}
	}
}

// A rule about a script path is filed in the live index under the script's name, not
// under every program: `git status` loads no rule about ./scripts/release.sh, and
// every way of running the script still finds the rule and is blocked.
func TestIndexFilesScriptRulesByName(t *testing.T) {
	root := newRepo(t, "- Never run `./scripts/release.sh`.\n- Never run `tools/*` scripts by hand.\n- Never force push.")
	write(t, root, "scripts/release.sh", "#!/bin/sh\n")
	savePolicy(t, root)
	l := newEnforcer().Loader
	if _, err := l.Load(root, []string{"git"}, false); err != nil {
		t.Fatal(err)
	}
	set, err := l.Load(root, []string{"git"}, false)
	if err != nil || !set.FromIndex || set.Total != 3 {
		t.Fatalf("git: from index %v, total %d, %v (want the index, 3 rules)", set.FromIndex, set.Total, err)
	}
	if len(set.Rules) != 2 { // force push, and tools/* (a glob: any program)
		t.Errorf("git loads %d rules, want 2 (the script's rule is not about git)", len(set.Rules))
	}
	set, err = l.Load(root, []string{"release.sh"}, false)
	if err != nil || !set.FromIndex || len(set.Rules) != 2 {
		t.Fatalf("release.sh: from index %v, %d rules, %v (want 2 from the index)", set.FromIndex, len(set.Rules), err)
	}
	e := newEnforcer()
	for _, c := range []struct {
		cwd     string
		argv    []string
		blocked bool
	}{
		{"", []string{"./scripts/release.sh"}, true},
		{"", []string{"scripts/release.sh", "--yes"}, true},
		{"", []string{"bash", "scripts/release.sh"}, true},
		{"", []string{"sh", "-c", "cd . && ./scripts/release.sh"}, true},
		{"scripts", []string{"./release.sh"}, true},
		{"", []string{"./tools/lint.sh"}, true},
		{"", []string{"./scripts/other.sh"}, false},
		{"", []string{"git", "status"}, false},
	} {
		cwd := filepath.Join(root, c.cwd)
		d := e.Check(Request{Root: root, Cwd: cwd, Argv: c.argv, Source: "exec"})
		if d.Blocked != c.blocked || d.Stale {
			t.Errorf("%v in %q: blocked=%v (stale %v), want %v\n%s", c.argv, c.cwd, d.Blocked, d.Stale, c.blocked, d.Message)
		}
	}
}
