package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// The generated repository is the demo scaled up: the demo's AGENTS.md (rules of every
// domain) over a tree of Python, TypeScript, Go and Java files laid out like the demo,
// with imports between them and a violation in about one file in fifty, so every rule
// has targets and some findings.

// agentsMD is read from examples/demo so the benchmark follows the demo's rules.
func agentsMD(repoRoot string) (string, error) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "examples", "demo", "AGENTS.md"))
	if err != nil {
		return "", fmt.Errorf("read the demo's AGENTS.md: %w", err)
	}
	return string(b), nil
}

// generate writes n source files (plus AGENTS.md and project files) under dir and
// commits them.
func generate(dir string, n int, agents string) error {
	write := func(rel, content string) error {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return os.WriteFile(p, []byte(content), 0o644)
	}
	fixed := map[string]string{
		"AGENTS.md":        agents,
		".gitignore":       "node_modules/\n*.log\n",
		"core/go.mod":      "module tidewater.dev/core\n\ngo 1.22\n",
		"web/package.json": `{"name": "web", "private": true}` + "\n",
		"pyproject.toml":   "[project]\nname = \"service\"\n",
	}
	for p, c := range fixed {
		if err := write(p, c); err != nil {
			return err
		}
	}
	for i := 0; i < n; i++ {
		rel, content := file(i)
		if err := write(rel, content); err != nil {
			return err
		}
	}
	if err := git(dir, "init", "-q", "-b", "main"); err != nil {
		return err
	}
	if err := git(dir, "add", "-A"); err != nil {
		return err
	}
	return git(dir, "commit", "-q", "--no-verify", "-m", "chore: generate")
}

// file returns the i-th file: 40% Python, 30% TypeScript, 20% Go, 10% Java, in
// folders of 25 files.
func file(i int) (string, string) {
	group := i / 25
	bad := i%50 == 7
	switch i % 10 {
	case 0, 1, 2, 3:
		return fmt.Sprintf("service/mod%03d/file%04d.py", group, i), python(i, group, bad)
	case 4, 5, 6:
		return fmt.Sprintf("web/src/features/f%03d/Comp%04d.ts", group%40, i), typescript(i, group, bad)
	case 7, 8:
		return fmt.Sprintf("core/internal/pkg%03d/file%04d.go", group, i), golang(i, group, bad)
	}
	return fmt.Sprintf("ledger/src/main/java/dev/tidewater/p%03d/C%04d.java", group, i), java(i, group, bad)
}

func python(i, group int, bad bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\"\"\"Module %d.\"\"\"\nimport logging\n\nfrom service.mod%03d import helpers\n\nlog = logging.getLogger(__name__)\n\n", i, max(group-1, 0))
	for f := 0; f < 6; f++ {
		fmt.Fprintf(&b, "def handler_%d_%d(request, limit=10):\n    items = helpers.load(request, limit)\n    if not items:\n        log.info(\"nothing for %%s\", request)\n        return []\n    return [x for x in items if x]\n\n\n", i, f)
	}
	if bad {
		b.WriteString("def debug(x):\n    print(x)\n")
	}
	return b.String()
}

func typescript(i, group int, bad bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "import { formatMoney } from \"../../lib/money\";\nimport type { Trip } from \"./types\";\n\n")
	for f := 0; f < 6; f++ {
		fmt.Fprintf(&b, "export function total%d_%d(trips: Trip[]): string {\n  const sum = trips.reduce((acc, t) => acc + t.priceCents, 0);\n  return formatMoney(sum);\n}\n\n", i, f)
	}
	if bad {
		fmt.Fprintf(&b, "export default total%d_0;\n", i)
	}
	return b.String()
}

func golang(i, group int, bad bool) string {
	var b strings.Builder
	b.WriteString("// SPDX-License-Identifier: Apache-2.0\n\n")
	fmt.Fprintf(&b, "package pkg%03d\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n)\n\n", group)
	for f := 0; f < 6; f++ {
		fmt.Fprintf(&b, "// Price%d_%d prices a trip.\nfunc Price%d_%d(miles int) (int, error) {\n\tif miles <= 0 {\n\t\treturn 0, errors.New(\"bad length\")\n\t}\n\treturn 250 + 40*miles, fmt.Errorf(\"ok\")\n}\n\n", i, f, i, f)
	}
	if bad {
		fmt.Fprintf(&b, "func mustPrice%d() { panic(\"no\") }\n", i)
	}
	return b.String()
}

func java(i, group int, bad bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package dev.tidewater.p%03d;\n\nimport java.util.List;\n\npublic final class C%04d {\n", group, i)
	for f := 0; f < 6; f++ {
		fmt.Fprintf(&b, "    public static long total%d(List<Long> xs) {\n        long s = 0;\n        for (long x : xs) {\n            s += x;\n        }\n        return s;\n    }\n\n", f)
	}
	if bad {
		b.WriteString("    static void debug(Object o) {\n        System.out.println(o);\n    }\n")
	}
	b.WriteString("}\n")
	return b.String()
}

func git(dir string, args ...string) error {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=bench", "GIT_AUTHOR_EMAIL=bench@heed.invalid",
		"GIT_COMMITTER_NAME=bench", "GIT_COMMITTER_EMAIL=bench@heed.invalid", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}
