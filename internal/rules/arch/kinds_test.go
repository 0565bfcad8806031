package arch

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// change builds diff-mode evidence: tree is the repository after the change; the
// files in touched were changed, with the given lines touched (nil: a new file).
func change(tree map[string]string, touched map[string][]int) *engine.Evidence {
	snap := engine.MapSnapshot{}
	for p, c := range tree {
		snap[p] = []byte(c)
	}
	ev := &engine.Evidence{Mode: engine.ModeDiff, Tree: snap}
	for _, p := range snap.Paths() {
		lines, ok := touched[p]
		if !ok {
			continue
		}
		f := &engine.File{Path: p, Content: snap[p], Lang: engine.LangOf(p, snap[p])}
		if lines == nil {
			f.New = true
		} else {
			f.Touched = engine.LineSet{}
			for _, l := range lines {
				f.Touched[l] = true
			}
		}
		ev.Files = append(ev.Files, f)
		ev.Changed = append(ev.Changed, p)
	}
	return ev
}

func all(tree map[string]string) *engine.Evidence {
	snap := engine.MapSnapshot{}
	for p, c := range tree {
		snap[p] = []byte(c)
	}
	ev := &engine.Evidence{Mode: engine.ModeAll, Tree: snap}
	for _, p := range snap.Paths() {
		ev.Files = append(ev.Files, &engine.File{Path: p, Content: snap[p], Lang: engine.LangOf(p, snap[p])})
	}
	return ev
}

func run(t *testing.T, kind string, params any, ev *engine.Evidence) engine.Outcome {
	t.Helper()
	raw, _ := json.Marshal(params)
	rule := &policy.Rule{ID: "R", Kind: kind, Domain: policy.DomainArchitecture, Params: raw}
	check, err := engine.NewRegistry(Kinds()...).CompileRule(rule)
	if err != nil {
		t.Fatal(err)
	}
	return engine.Run([]engine.Compiled{{Rule: rule, Check: check}}, ev, engine.Options{Workers: 2})[0]
}

func locs(o engine.Outcome) string {
	var out []string
	for _, f := range o.Findings() {
		out = append(out, fmt.Sprintf("%s:%d", f.Path, f.Line))
	}
	return strings.Join(out, " ")
}

// Case 06's shape: the change adds testutil imports to production code and to a
// test; the base already had one in fixtures.go, which is not the change's.
func TestImportsOwnershipInDiffMode(t *testing.T) {
	tree := map[string]string{
		"go.mod":                     "module example.com/orbit\n",
		"internal/testutil/f.go":     "package testutil\n",
		"internal/store/fixtures.go": "package store\n\nimport \"example.com/orbit/internal/testutil\"\n",
		"internal/sched/s.go":        "package sched\n\nimport (\n\t\"time\"\n\n\t\"example.com/orbit/internal/testutil\"\n)\n",
		"internal/sched/s_test.go":   "package sched\n\nimport \"example.com/orbit/internal/testutil\"\n",
	}
	ev := change(tree, map[string][]int{"internal/sched/s.go": {6}, "internal/sched/s_test.go": {3}})
	o := run(t, KindImports, importsParams{Mode: ModeForbid, From: []string{"**"}, FromExcept: []string{"*_test.go"}, To: []string{"internal/testutil/**"}}, ev)
	if got := locs(o); got != "internal/sched/s.go:6" {
		t.Fatalf("findings %q, want only the import the change added to production code", got)
	}
	f := o.Findings()[0]
	if !strings.Contains(f.Message, "internal/testutil") || f.Snippet != `"example.com/orbit/internal/testutil"` {
		t.Errorf("finding should name the import and quote its line: %+v", f)
	}
	// The same tree judged whole reports the old violation too.
	o = run(t, KindImports, importsParams{Mode: ModeForbid, From: []string{"**"}, FromExcept: []string{"*_test.go"}, To: []string{"internal/testutil/**"}}, all(tree))
	if got := locs(o); got != "internal/sched/s.go:6 internal/store/fixtures.go:3" {
		t.Fatalf("--all findings %q", got)
	}
}

func TestImportsModes(t *testing.T) {
	tree := map[string]string{
		"src/features/billing/List.tsx": "import { Table } from '../../shared/Table';\nimport { m } from '../team/members';\nimport type { T } from '../team/types';\nimport { own } from './own';\n",
		"src/features/billing/own.ts":   "export const own = 1;\n",
		"src/features/team/members.ts":  "export const m = 1;\n",
		"src/features/team/types.ts":    "export type T = 1;\n",
		"src/shared/Table.tsx":          "import { x } from '../features/billing/own';\nimport React from 'react';\n",
		"src/app/routes.tsx":            "import { m } from '../features/team/members';\n",
	}
	ev := all(tree)
	for _, c := range []struct {
		name   string
		params importsParams
		want   string
	}{
		{"isolate", importsParams{Mode: ModeIsolate, Groups: "src/features/*"}, "src/features/billing/List.tsx:2 src/features/billing/List.tsx:3"},
		{"isolate, type-only exempt", importsParams{Mode: ModeIsolate, Groups: "src/features/*", AllowTypeOnly: true}, "src/features/billing/List.tsx:2"},
		{"forbid", importsParams{Mode: ModeForbid, From: []string{"src/shared/**"}, To: []string{"src/features/**"}}, "src/shared/Table.tsx:1"},
		{"forbid a package", importsParams{Mode: ModeForbid, From: []string{"src/shared/**"}, ToPackages: []string{"react"}}, "src/shared/Table.tsx:2"},
		{"only", importsParams{Mode: ModeOnly, From: []string{"src/features/billing/**"}, To: []string{"src/shared/**"}}, "src/features/billing/List.tsx:2 src/features/billing/List.tsx:3"},
		{"only nothing", importsParams{Mode: ModeOnly, From: []string{"src/shared/**"}}, "src/shared/Table.tsx:1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := locs(run(t, KindImports, c.params, ev)); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

func TestLayers(t *testing.T) {
	tree := map[string]string{
		"src/vs/base/common/a.ts": "import { p } from '../../platform/p';\n",
		"src/vs/platform/p.ts":    "import { a } from '../base/common/a';\n",
		"src/vs/workbench/w.ts":   "import { p } from '../platform/p';\nimport { s } from '../sessions/s';\n",
		"src/vs/sessions/s.ts":    "import { w } from '../workbench/w';\n",
	}
	params := layersParams{Layers: []layer{
		{Name: "base", Paths: []string{"src/vs/base/**"}}, {Name: "platform", Paths: []string{"src/vs/platform/**"}},
		{Name: "workbench", Paths: []string{"src/vs/workbench/**"}}, {Name: "sessions", Paths: []string{"src/vs/sessions/**"}}}}
	o := run(t, KindLayers, params, all(tree))
	if got := locs(o); got != "src/vs/base/common/a.ts:1 src/vs/workbench/w.ts:2" {
		t.Fatalf("got %q", got)
	}
	if msg := o.Findings()[0].Message; !strings.Contains(msg, `"base"`) || !strings.Contains(msg, `"platform"`) || !strings.Contains(msg, "base → platform → workbench → sessions") {
		t.Errorf("the message should name both layers and the order: %s", msg)
	}
	params.Allow = []allowEdge{{From: []string{"src/vs/workbench/**"}, To: []string{"src/vs/sessions/**"}}}
	if got := locs(run(t, KindLayers, params, all(tree))); got != "src/vs/base/common/a.ts:1" {
		t.Fatalf("with the exception: %q", got)
	}
}

func TestCyclesClosedByTheChangeOnly(t *testing.T) {
	tree := map[string]string{
		// An old cycle: a <-> b.
		"lib/a.py": "from lib import b\n",
		"lib/b.py": "from lib import a\n",
		// A cycle the change closes: c -> d -> e -> c, where the change added e's import.
		"lib/c.py": "import lib.d\n",
		"lib/d.py": "import lib.e\n",
		"lib/e.py": "import os\nimport lib.c\n",
		// A TYPE_CHECKING import and a function-level import close no cycle.
		"lib/f.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from lib import g\n",
		"lib/g.py": "from lib import f\ndef h():\n    from lib import g\n",
	}
	ev := change(tree, map[string][]int{"lib/e.py": {2}, "lib/f.py": {3}, "lib/a.py": {}})
	o := run(t, KindCycles, cyclesParams{Granularity: GranularityFile}, ev)
	if got := locs(o); got != "lib/e.py:2" {
		t.Fatalf("findings %q, want the cycle the change closed, at the import it added", got)
	}
	if msg := o.Findings()[0].Message; msg != "import cycle: lib/e.py → lib/c.py → lib/d.py → lib/e.py" {
		t.Errorf("message %q", msg)
	}
	// The finding lists every import of the cycle where its file writes it, so a
	// reader can open each one (SARIF relatedLocations).
	var rel []string
	for _, r := range o.Findings()[0].Related {
		rel = append(rel, fmt.Sprintf("%s:%d %s", r.Path, r.Line, r.Message))
	}
	if got, want := strings.Join(rel, "; "), "lib/e.py:2 lib/e.py imports lib/c.py; lib/c.py:1 lib/c.py imports lib/d.py; lib/d.py:1 lib/d.py imports lib/e.py"; got != want {
		t.Errorf("related %q, want %q", got, want)
	}
	// Judged whole, both cycles are reported, once each.
	o = run(t, KindCycles, cyclesParams{Granularity: GranularityFile}, all(tree))
	if got := locs(o); got != "lib/a.py:1 lib/c.py:1" {
		t.Fatalf("--all findings %q", got)
	}
	// Type-only imports count when asked.
	o = run(t, KindCycles, cyclesParams{Granularity: GranularityFile, IncludeTypeOnly: true, Within: []string{"lib/f.py", "lib/g.py"}}, all(tree))
	if got := locs(o); got != "lib/f.py:3" {
		t.Fatalf("with type-only imports: %q", got)
	}
}

func TestCyclesAtPackageGranularityAndGo(t *testing.T) {
	tree := map[string]string{
		"go.mod":  "module m\n",
		"a/a.go":  "package a\n\nimport \"m/b\"\n",
		"b/b.go":  "package b\n\nimport \"m/c\"\n",
		"c/c.go":  "package c\n\nimport \"m/a\"\n",
		"c/c2.go": "package c\n",
	}
	o := run(t, KindCycles, cyclesParams{Granularity: GranularityFile}, change(tree, map[string][]int{"c/c.go": {3}}))
	if got := locs(o); got != "c/c.go:3" {
		t.Fatalf("Go cycles are between packages: %q", got)
	}
	if msg := o.Findings()[0].Message; msg != "import cycle: c → a → b → c" {
		t.Errorf("message %q", msg)
	}
}

func TestPlacement(t *testing.T) {
	tree := map[string]string{
		"src/vs/workbench/browser/a.ts":  "",
		"src/vs/workbench/utils/new.ts":  "",
		"src/vs/workbench/old/legacy.ts": "",
		"src/vs/workbench/top.ts":        "",
		"tests/test_ok.py":               "",
		"app/test_misplaced.py":          "",
	}
	ev := change(tree, map[string][]int{"src/vs/workbench/browser/a.ts": nil, "src/vs/workbench/utils/new.ts": nil, "src/vs/workbench/old/legacy.ts": {1},
		"src/vs/workbench/top.ts": nil, "tests/test_ok.py": nil, "app/test_misplaced.py": nil})
	o := run(t, KindPlacement, placementParams{Dir: "src/vs/workbench", Allowed: []string{"browser", "services", "contrib", "api"}}, ev)
	if got := locs(o); got != "src/vs/workbench/utils/new.ts:1" {
		t.Fatalf("findings %q: only the new file in a folder not allowed (the old one is not the change's)", got)
	}
	o = run(t, KindPlacement, placementParams{Files: []string{"test_*.py"}, Under: []string{"tests/**"}}, ev)
	if got := locs(o); got != "app/test_misplaced.py:1" {
		t.Fatalf("findings %q", got)
	}
}

func TestExternal(t *testing.T) {
	tree := map[string]string{
		"app/http.py": "import requests.adapters\nimport httpx\n",
		"app/ok.py":   "from app import http\n",
		"web/x.ts":    "import get from 'lodash/get';\nimport { y } from './y';\n",
		"web/y.ts":    "export const y = 1;\n",
	}
	o := run(t, KindExternal, externalParams{Banned: []string{"requests", "lodash"}, Instead: "httpx"}, all(tree))
	if got := locs(o); got != "app/http.py:1 web/x.ts:1" {
		t.Fatalf("findings %q", got)
	}
	o = run(t, KindExternal, externalParams{Banned: []string{"requests"}, Langs: []string{"typescript"}}, all(tree))
	if got := locs(o); got != "" {
		t.Fatalf("a Python package name must not be matched in TypeScript files: %q", got)
	}
}

func TestUnreadableFilesAreUndetermined(t *testing.T) {
	big := strings.Repeat("x", 3<<20) // over the Tree-sitter parse limit
	tree := map[string]string{"gen/big.py": big, "lib/a.py": "import os\n"}
	o := run(t, KindImports, importsParams{Mode: ModeForbid, From: []string{"**"}, To: []string{"x/**"}}, all(tree))
	if o.Verdict != engine.Undetermined {
		t.Fatalf("a file whose imports cannot be read is undetermined, never a pass: %s", o.Verdict)
	}
	o = run(t, KindCycles, cyclesParams{}, all(tree))
	if o.Verdict != engine.Undetermined {
		t.Fatalf("cycles: %s", o.Verdict)
	}
}

func TestParamErrorsNameTheParameter(t *testing.T) {
	for _, c := range []struct {
		kind, params, want string
	}{
		{KindImports, `{"mode":"forbid","from":["a/**"]}`, "params.to"},
		{KindImports, `{"mode":"sometimes","from":["a/**"],"to":["b"]}`, "params.mode"},
		{KindImports, `{"mode":"isolate","groups":"src/features"}`, "params.groups"},
		{KindImports, `{"mode":"forbid","from":["a/["],"to":["b"]}`, "params.from[0]"},
		{KindImports, `{"mode":"forbid","from":["a"],"to":["b"],"form":["typo"]}`, "unknown field"},
		{KindImports, `{"mode":"only"}`, "params.from"},
		{KindLayers, `{"layers":[{"name":"a","paths":["a/**"]}]}`, "params.layers"},
		{KindLayers, `{"layers":[{"name":"a","paths":["a/**"]},{"name":"b"}]}`, "params.layers[1].paths"},
		{KindCycles, `{"granularity":"module"}`, "params.granularity"},
		{KindPlacement, `{"dir":"src/*","allowed":["a"]}`, "params.dir"},
		{KindPlacement, `{"dir":"src","allowed":["a/b"]}`, "params.allowed[0]"},
		{KindPlacement, `{"files":["*.py"]}`, "params.files and params.under"},
		{KindExternal, `{"banned":[]}`, "params.banned"},
		{KindExternal, `{"banned":["x"],"langs":["cobol"]}`, "params.langs[0]"},
		{KindExternal, ``, "params: missing"},
	} {
		rule := &policy.Rule{ID: "R", Kind: c.kind, Params: json.RawMessage(c.params)}
		_, err := engine.NewRegistry(Kinds()...).CompileRule(rule)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: error %v, want one naming %q", c.kind, c.params, err, c.want)
		}
	}
}

// Import rules judge Kotlin, C#, Ruby and C files over their resolved edges.
func TestImportRulesInNewLanguages(t *testing.T) {
	for _, c := range []struct {
		name   string
		tree   map[string]string
		params importsParams
		want   string
	}{
		{"csharp", map[string]string{
			"src/Acme.Domain/Acme.Domain.csproj":                 "<Project/>\n",
			"src/Acme.Domain/Orders/Order.cs":                    "using System;\nusing Acme.Infrastructure.Db;\nnamespace Acme.Domain.Orders;\n",
			"src/Acme.Infrastructure/Acme.Infrastructure.csproj": "<Project/>\n",
			"src/Acme.Infrastructure/Db/Context.cs":              "using Acme.Domain.Orders;\nnamespace Acme.Infrastructure.Db;\n",
		}, importsParams{Mode: ModeForbid, From: []string{"src/Acme.Domain/**"}, To: []string{"src/Acme.Infrastructure/**"}}, "src/Acme.Domain/Orders/Order.cs:2"},
		{"kotlin", map[string]string{
			"domain/src/main/kotlin/com/acme/domain/Order.kt": "package com.acme.domain\n\nimport com.acme.data.OrderDao\nimport java.time.Instant\n",
			"data/src/main/kotlin/com/acme/data/OrderDao.kt":  "package com.acme.data\n\nimport com.acme.domain.Order\n",
		}, importsParams{Mode: ModeForbid, From: []string{"domain/**"}, To: []string{"data/**"}}, "domain/src/main/kotlin/com/acme/domain/Order.kt:3"},
		{"ruby", map[string]string{
			"lib/acme/core.rb":    "require \"json\"\nrequire_relative \"web/app\"\n",
			"lib/acme/web/app.rb": "require \"acme/core\"\n",
		}, importsParams{Mode: ModeForbid, From: []string{"lib/acme/core.rb"}, To: []string{"lib/acme/web/**"}}, "lib/acme/core.rb:2"},
		{"c", map[string]string{
			"src/core/buf.c": "#include <stdlib.h>\n#include \"../ui/draw.h\"\n#include \"buf.h\"\n",
			"src/core/buf.h": "",
			"src/ui/draw.h":  "#include \"../core/buf.h\"\n",
		}, importsParams{Mode: ModeForbid, From: []string{"src/core/**"}, To: []string{"src/ui/**"}}, "src/core/buf.c:2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := locs(run(t, KindImports, c.params, all(c.tree))); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
	tree := map[string]string{
		"src/Api/Json.cs":    "using Newtonsoft.Json.Linq;\nusing System.Text.Json;\n",
		"lib/debug.rb":       "require 'pry'\nrequire 'json'\n",
		"src/os.c":           "#include <windows.h>\n#include <stdio.h>\n",
		"src/Api/Api.csproj": "<Project/>\n",
	}
	o := run(t, KindExternal, externalParams{Banned: []string{"Newtonsoft.Json", "pry", "windows.h"}}, all(tree))
	if got := locs(o); got != "lib/debug.rb:1 src/Api/Json.cs:1 src/os.c:1" {
		t.Fatalf("external findings %q", got)
	}
	if _, err := engine.NewRegistry(Kinds()...).CompileRule(&policy.Rule{ID: "R", Kind: KindExternal, Params: json.RawMessage(`{"banned":["pry"],"langs":["ruby"]}`)}); err != nil {
		t.Fatalf("langs: ruby is a language heed reads imports of: %v", err)
	}
}

// A Go test file builds into a test package that nothing imports: a path through
// one closes no cycle (kopia's cli tests import packages that import cli, which Go
// allows for an external test package; fresh-eval-6 findings.tsv).
func TestGoCyclesLeaveTestPackages(t *testing.T) {
	tree := map[string]string{
		"go.mod":            "module m\n",
		"a/a.go":            "package a\n\nimport \"m/b\"\n",
		"b/b.go":            "package b\n",
		"b/b_test.go":       "package b_test\n\nimport \"m/a\"\n",
		"c/c.go":            "package c\n\nimport \"m/d\"\n",
		"d/d.go":            "package d\n\nimport \"m/c\"\n",
		"d/helpers_test.go": "package d\n",
	}
	o := run(t, KindCycles, cyclesParams{Granularity: GranularityPackage}, all(tree))
	if got := locs(o); !strings.HasPrefix(got, "c/c.go") && !strings.HasPrefix(got, "d/d.go") || strings.Contains(got, "b/") {
		t.Fatalf("findings %q, want the one real cycle (c and d) alone", got)
	}
}

// Suites of another kind than unit tests have no one source file to sit beside,
// whatever their folder is called: end-to-end, integration, robustness, stress and
// compatibility suites (kopia's tests/end_to_end_test and tests/robustness,
// fresh-eval-6 findings.tsv). A unit test kept in a separate tree is still found.
func TestBesidePlacementLeavesSuitesOfAnotherKind(t *testing.T) {
	tree := map[string]string{
		"tests/end_to_end_test/restore_test.go":  "package e2e\n",
		"tests/robustness/engine/engine_test.go": "package engine\n",
		"tests/integration_tests/db_test.go":     "package db\n",
		"tests/compat_test/compat_test.go":       "package compat\n",
		"tests/unit/parse_test.go":               "package unit\n",
		"parse/parse_test.go":                    "package parse\n",
	}
	o := run(t, KindPlacement, placementParams{Files: []string{"**/*_test.go"}, NotUnder: testTrees, Except: suitesApart}, all(tree))
	if got := locs(o); got != "tests/unit/parse_test.go:1" {
		t.Fatalf("findings %q, want the unit test in a separate tree alone", got)
	}
}

// The modules of one Rust crate compile together: a parent that declares its
// children and children that name the parent (`use crate::`, `use super::`) close
// no dependency cycle, at either granularity. Cargo forbids cycles between crates
// but for a crate's tests, which may use a dev-dependency that depends on it.
func TestCyclesRustModulesOfOneCrate(t *testing.T) {
	tree := map[string]string{
		"Cargo.toml":           "[package]\nname = \"shelf\"\nversion = \"0.1.0\"\n",
		"src/lib.rs":           "mod books;\nmod loans;\npub use self::books::Book;\n",
		"src/books.rs":         "use crate::loans::Loan;\npub struct Book;\n",
		"src/loans.rs":         "use crate::books::Book;\npub struct Loan;\n",
		"src/loans/late.rs":    "use super::Loan;\n",
		"src/books/shelves.rs": "use crate::Book;\n",
		// a dev-dependency's cycle: shelf's tests use ledger, which depends on shelf
		"ledger/Cargo.toml": "[package]\nname = \"ledger\"\nversion = \"0.1.0\"\n\n[dependencies]\nshelf = { path = \"..\" }\n",
		"ledger/src/lib.rs": "use shelf::Book;\n",
		"src/audit.rs":      "#[cfg(test)]\nmod tests {\n    use ledger::Entry;\n}\n",
	}
	for _, gr := range []string{GranularityFile, GranularityPackage} {
		o := run(t, KindCycles, cyclesParams{Granularity: gr}, all(tree))
		if got := locs(o); got != "" {
			t.Fatalf("%s granularity: findings %q, want none inside one crate", gr, got)
		}
	}
}

// At workspace granularity a package is the folder of its manifest: two folders of
// one package importing each other close no cycle between packages; two packages do
// (bluesky-social/atproto STYLE_GUIDE.md:46, wild round 24).
func TestCyclesBetweenWorkspacePackages(t *testing.T) {
	tree := map[string]string{
		"package.json":               "{}\n",
		"packages/api/package.json":  "{}\n",
		"packages/api/src/a/a.ts":    "import { b } from '../b/b';\nexport const a = 1;\n",
		"packages/api/src/b/b.ts":    "import { a } from '../a/a';\nexport const b = 1;\n",
		"packages/env/package.json":  "{}\n",
		"packages/env/src/env.ts":    "import { a } from '../../api/src/a/a';\nexport const env = 1;\n",
		"packages/api/tests/api.ts":  "import { env } from '../../env/src/env';\n",
		"packages/lone/package.json": "{}\n",
		"packages/lone/src/x/x.ts":   "import { y } from '../y/y';\n",
		"packages/lone/src/y/y.ts":   "import { x } from '../x/x';\n",
	}
	o := run(t, KindCycles, cyclesParams{Granularity: GranularityWorkspace}, all(tree))
	fs := o.Findings()
	if len(fs) != 1 || !strings.Contains(fs[0].Message, "packages/api → packages/env → packages/api") && !strings.Contains(fs[0].Message, "packages/env → packages/api → packages/env") {
		t.Fatalf("findings %q, want the one cycle between the two packages", locs(o))
	}
	// at package granularity the folders of one package are packages
	if o := run(t, KindCycles, cyclesParams{Granularity: GranularityPackage}, all(tree)); len(o.Findings()) < 2 {
		t.Errorf("package granularity: %q", locs(o))
	}
}
