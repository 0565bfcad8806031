package graph

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
)

// edges builds the graph of a tree and renders one file's edges as
// "line:to(kind)" in order.
func edges(t *testing.T, tree map[string]string, file string) string {
	t.Helper()
	snap := engine.MapSnapshot{}
	for p, c := range tree {
		snap[p] = []byte(c)
	}
	g, err := Build(snap, nil, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	f := g.Files[file]
	if f == nil {
		t.Fatalf("%s is not in the graph (files: %v)", file, g.Paths())
	}
	if f.Err != "" {
		t.Fatalf("%s: %s", file, f.Err)
	}
	var out []string
	for _, e := range f.Edges {
		s := fmt.Sprintf("%d:%s", e.Line, e.To)
		if e.ToKind != NodeFile {
			s += "(" + e.ToKind.String() + ")"
		}
		if e.TypeOnly {
			s += "[type]"
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

func check(t *testing.T, name, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s:\n got  %s\n want %s", name, got, want)
	}
}

func TestResolvePython(t *testing.T) {
	tree := map[string]string{
		"pyproject.toml":           "[project]\nname='app'\n",
		"src/app/__init__.py":      "",
		"src/app/core/__init__.py": "from . import models\nfrom .models import User\n",
		"src/app/core/models.py":   "import os\n",
		"src/app/core/db.py":       "from ..web import views\nfrom ...outside import x\n",
		"src/app/web/__init__.py":  "",
		"src/app/web/views.py": `import app.core.models as m, requests.adapters
from app.core import models, db, helper_name
from app.core.models import User
from app import core
from app.ns import thing
from app.ns.deep import leaf
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from app.core.db import Session
def lazy():
    import app.core.db
`,
		"src/app/ns/thing.py":     "",
		"src/app/ns/deep/leaf.py": "",
		"scripts/run.py":          "import helpers\nimport app.core\n",
		"scripts/helpers.py":      "",
		// A namespace package at the root (no __init__.py anywhere).
		"tools/gen/main.py": "from tools.gen import util\nimport tools\n",
		"tools/gen/util.py": "",
	}
	check(t, "package init", edges(t, tree, "src/app/core/__init__.py"), "1:src/app/core/models.py 2:src/app/core/models.py")
	check(t, "relative beyond", edges(t, tree, "src/app/core/db.py"), "1:src/app/web/views.py 2:src/outside.py(missing)")
	check(t, "absolute forms", edges(t, tree, "src/app/web/views.py"),
		"1:src/app/core/models.py 1:requests(external) 2:src/app/core/models.py 2:src/app/core/db.py 2:src/app/core/__init__.py "+
			"3:src/app/core/models.py 4:src/app/core/__init__.py 5:src/app/ns/thing.py 6:src/app/ns/deep/leaf.py 7:typing(external) "+
			"9:src/app/core/db.py[type] 11:src/app/core/db.py")
	check(t, "script folder and src layout", edges(t, tree, "scripts/run.py"), "1:scripts/helpers.py 2:src/app/core/__init__.py")
	check(t, "namespace packages", edges(t, tree, "tools/gen/main.py"), "1:tools/gen/util.py 2:tools(dir)")
}

// "~/x" and "@/x" with no tsconfig in view: the framework conventions (app/, src/)
// from the nearest folder that holds the file; never a package.
func TestResolveConventionalAlias(t *testing.T) {
	tree := map[string]string{
		"apps/webapp/app/env.server.ts": "export const env = {};\n",
		"web/src/lib/fetch.ts":          "export const get = 1;\n",
		"apps/webapp/test/a.test.ts":    "import { env } from \"~/env.server\";\nimport { x } from \"~/nothing\";\n",
		"web/src/components/List.tsx":   "import { get } from \"@/lib/fetch\";\nimport { y } from \"@scope/pkg\";\n",
	}
	check(t, "remix", edges(t, tree, "apps/webapp/test/a.test.ts"), "1:apps/webapp/app/env.server.ts 2:~(external)")
	check(t, "next", edges(t, tree, "web/src/components/List.tsx"), "1:web/src/lib/fetch.ts 2:@scope/pkg(external)")
}

func TestResolveJSAndTS(t *testing.T) {
	tree := map[string]string{
		"package.json":     `{"name":"root","private":true,"workspaces":["packages/*"]}`,
		"tsconfig.json":    "{\n // comment\n \"compilerOptions\": {\"baseUrl\": \".\", \"paths\": {\"@/*\": [\"src/*\"], \"~config\": [\"config/index.ts\"],},},\n}",
		"config/index.ts":  "",
		"src/a.ts":         "",
		"src/b.tsx":        "",
		"src/c.js":         "",
		"src/d.mjs":        "",
		"src/e.cjs":        "",
		"src/types.d.ts":   "",
		"src/esm.ts":       "",
		"src/dir/index.ts": "",
		"src/lib/util.ts":  "",
		"src/styles.css":   "",
		"src/main.ts": `import { a } from './a';
import B from "./b";
import c from './c';
import d from './d.mjs';
const e = require('./e.cjs');
import type { T } from './types';
import { x } from './esm.js';
import dir from './dir';
import { u } from '@/lib/util';
import cfg from '~config';
import util from 'src/lib/util';
import React from 'react';
import { q } from '@tanstack/react-query/build';
import fs from 'node:fs';
import { s } from '@acme/shared';
import { deep } from '@acme/shared/deep';
import './styles.css';
import gone from './gone';
import far from '../../../elsewhere';
const lazy = import('./a');
`,
		"packages/shared/package.json": `{"name":"@acme/shared","exports":{".":{"types":"./dist/index.d.ts","import":"./dist/index.js"},"./deep":"./dist/deep.js"}}`,
		"packages/shared/src/index.ts": "",
		"packages/shared/src/deep.ts":  "",
	}
	// A published package ships x.js beside x.d.ts: a declaration's "./x.js" is x.d.ts,
	// a script's is x.js.
	tree["pkg/x.js"], tree["pkg/x.d.ts"] = "", ""
	tree["pkg/y.d.ts"] = "import type { X } from './x.js';\n"
	tree["pkg/y.js"] = "import { X } from './x.js';\n"
	check(t, "declaration", edges(t, tree, "pkg/y.d.ts"), "1:pkg/x.d.ts[type]")
	check(t, "script", edges(t, tree, "pkg/y.js"), "1:pkg/x.js")
	check(t, "ts", edges(t, tree, "src/main.ts"),
		"1:src/a.ts 2:src/b.tsx 3:src/c.js 4:src/d.mjs 5:src/e.cjs 6:src/types.d.ts[type] 7:src/esm.ts 8:src/dir/index.ts 9:src/lib/util.ts "+
			"10:config/index.ts 11:src/lib/util.ts 12:react(external) 13:@tanstack/react-query(external) 14:fs(external) "+
			"15:packages/shared/src/index.ts 16:packages/shared/src/deep.ts 17:src/styles.css 18:src/gone(missing) 19:../../../elsewhere(outside) 20:src/a.ts")
}

func TestResolveGo(t *testing.T) {
	tree := map[string]string{
		"go.mod":                    "module example.com/orbit\n\ngo 1.22\n",
		"internal/clock/clock.go":   "package clock\n",
		"internal/testutil/fake.go": "package testutil\n",
		"internal/sched/s.go":       "package sched\n\nimport (\n\t\"time\"\n\t\"example.com/orbit/internal/clock\"\n\t\"example.com/orbit/internal/testutil\"\n\t\"example.com/orbit/internal/gone\"\n\t\"github.com/pkg/errors\"\n)\n",
		"tools/go.mod":              "module example.com/orbit/tools\n",
		"tools/gen/main.go":         "package main\n\nimport \"example.com/orbit/tools/lib\"\nimport \"example.com/orbit/internal/clock\"\n",
		"tools/lib/lib.go":          "package lib\n",
	}
	check(t, "go", edges(t, tree, "internal/sched/s.go"),
		"4:time(external) 5:internal/clock(dir) 6:internal/testutil(dir) 7:internal/gone(missing) 8:github.com/pkg/errors(external)")
	check(t, "nested module", edges(t, tree, "tools/gen/main.go"), "3:tools/lib(dir) 4:internal/clock(dir)")
}

// A snapshot of a few files without its go.mod: the module's own packages are still
// found by the folders the files hold; the standard library stays external even when
// a folder shares a name with the last element of its path.
func TestResolveGoWithoutModule(t *testing.T) {
	tree := map[string]string{
		"internal/docker/mapper.go": "package docker\n",
		"http/handler.go":           "package http\n",
		"internal/config/c.go":      "package config\n\nimport (\n\t\"spoutmc/internal/docker\"\n\t\"net/http\"\n\t\"github.com/acme/app/internal/docker\"\n\t\"github.com/pkg/errors\"\n)\n",
	}
	check(t, "no go.mod", edges(t, tree, "internal/config/c.go"),
		"4:internal/docker(dir) 5:net/http(external) 6:internal/docker(dir) 7:github.com/pkg/errors(external)")
}

func TestResolveRust(t *testing.T) {
	tree := map[string]string{
		"Cargo.toml":                       "[workspace]\nmembers = [\"crates/*\"]\n",
		"crates/core/Cargo.toml":           "[package]\nname = \"acme-core\"\n",
		"crates/core/src/lib.rs":           "pub mod config;\nmod util;\npub use crate::config::Settings;\n",
		"crates/core/src/config.rs":        "pub mod loader;\nuse super::util::helper;\nuse self::loader::Loader;\npub struct Settings;\n",
		"crates/core/src/config/loader.rs": "use crate::Settings;\nuse std::fs;\nuse serde::Deserialize;\n",
		"crates/core/src/util/mod.rs":      "pub fn helper() {}\n",
		"crates/cli/Cargo.toml":            "[package]\nname = \"acme-cli\"\n",
		"crates/cli/src/main.rs":           "mod args;\nuse acme_core::config::loader::Loader;\nuse args::Args;\nfn main() { crate::args::parse(); }\n",
		"crates/cli/src/args.rs":           "pub struct Args;\n",
	}
	check(t, "lib", edges(t, tree, "crates/core/src/lib.rs"), "1:crates/core/src/config.rs 2:crates/core/src/util/mod.rs 3:crates/core/src/config.rs")
	check(t, "module", edges(t, tree, "crates/core/src/config.rs"), "1:crates/core/src/config/loader.rs 2:crates/core/src/util/mod.rs 3:crates/core/src/config/loader.rs")
	check(t, "nested", edges(t, tree, "crates/core/src/config/loader.rs"), "1:crates/core/src/lib.rs 2:std(external) 3:serde(external)")
	check(t, "workspace crate", edges(t, tree, "crates/cli/src/main.rs"),
		"1:crates/cli/src/args.rs 2:crates/core/src/config/loader.rs 3:crates/cli/src/args.rs 4:crates/cli/src/args.rs")
}

func TestResolveJava(t *testing.T) {
	tree := map[string]string{
		"core/src/main/java/com/acme/core/Model.java": "package com.acme.core;\npublic class Model { public static class Inner {} }\n",
		"core/src/main/java/com/acme/core/Util.java":  "package com.acme.core;\npublic class Util {}\n",
		"web/src/main/java/com/acme/web/Handler.java": "package com.acme.web;\n\nimport com.acme.core.Model;\nimport com.acme.core.Model.Inner;\nimport static com.acme.core.Util.join;\nimport com.acme.core.*;\nimport java.util.List;\nimport com.google.common.collect.ImmutableList;\n",
	}
	check(t, "java", edges(t, tree, "web/src/main/java/com/acme/web/Handler.java"),
		"3:core/src/main/java/com/acme/core/Model.java 4:core/src/main/java/com/acme/core/Model.java 5:core/src/main/java/com/acme/core/Util.java "+
			"6:core/src/main/java/com/acme/core(dir) 7:java.util.List(external) 8:com.google.common.collect.ImmutableList(external)")
}

func TestResolveKotlin(t *testing.T) {
	tree := map[string]string{
		"core/src/main/kotlin/com/acme/core/Model.kt":   "package com.acme.core\n\ndata class Model(val id: Int)\n",
		"core/src/main/kotlin/com/acme/core/Strings.kt": "package com.acme.core\n\nfun slug(s: String) = s\n",
		"core/src/main/java/com/acme/legacy/Old.java":   "package com.acme.legacy;\npublic class Old {}\n",
		"app/src/main/kotlin/com/acme/app/Main.kt": `package com.acme.app

import com.acme.core.Model
import com.acme.core.Model.Companion
import com.acme.core.slug
import com.acme.core.*
import com.acme.legacy.Old
import kotlinx.coroutines.launch
import com.acme.missing.Thing
`,
		"app/src/main/java/com/acme/app/Bridge.java": "package com.acme.app;\n\nimport com.acme.core.Model;\n",
	}
	check(t, "kotlin", edges(t, tree, "app/src/main/kotlin/com/acme/app/Main.kt"),
		"3:core/src/main/kotlin/com/acme/core/Model.kt 4:core/src/main/kotlin/com/acme/core/Model.kt 5:core/src/main/kotlin/com/acme/core(dir) "+
			"6:core/src/main/kotlin/com/acme/core(dir) 7:core/src/main/java/com/acme/legacy/Old.java 8:kotlinx.coroutines.launch(external) 9:com.acme.missing.Thing(external)")
	check(t, "java importing kotlin", edges(t, tree, "app/src/main/java/com/acme/app/Bridge.java"), "3:core/src/main/kotlin/com/acme/core/Model.kt")
}

func TestResolveCSharp(t *testing.T) {
	tree := map[string]string{
		"src/Acme.Domain/Acme.Domain.csproj": "<Project Sdk=\"Microsoft.NET.Sdk\"></Project>\n",
		"src/Acme.Domain/Models/User.cs":     "namespace Acme.Domain.Models;\npublic class User {}\n",
		"src/Acme.Domain/Services/Users.cs":  "namespace Acme.Domain.Services;\npublic class Users {}\n",
		"src/Infra/Infra.csproj":             "<Project><PropertyGroup><RootNamespace>Acme.Infrastructure</RootNamespace></PropertyGroup></Project>\n",
		"src/Infra/Persistence/Db.cs":        "namespace Acme.Infrastructure.Persistence;\npublic class Db {}\n",
		"tools/Gen/Shared/Text/Strings.cs":   "namespace Shared.Text;\nstatic class Strings {}\n",
		"src/Acme.Api/Controllers/UsersController.cs": `using System;
using Acme.Domain.Models;
using Acme.Domain;
using static Acme.Domain.Services.Users;
using Acme.Infrastructure.Persistence;
using Db = Acme.Infrastructure.Persistence.Db;
using Shared.Text;
using Newtonsoft.Json;
namespace Acme.Api.Controllers;
`,
	}
	check(t, "csharp", edges(t, tree, "src/Acme.Api/Controllers/UsersController.cs"),
		"1:System(external) 2:src/Acme.Domain/Models(dir) 3:src/Acme.Domain(dir) 4:src/Acme.Domain/Services(dir) 5:src/Infra/Persistence(dir) "+
			"6:src/Infra/Persistence(dir) 7:tools/Gen/Shared/Text(dir) 8:Newtonsoft.Json(external)")
}

func TestResolveRuby(t *testing.T) {
	tree := map[string]string{
		"lib/acme.rb":              "require \"acme/client\"\nrequire_relative \"acme/version\"\nrequire \"json\"\nrequire \"active_support/core_ext\"\nrequire_relative \"acme/gone\"\nrequire_relative \"../../outside\"\n",
		"lib/acme/client.rb":       "module Acme; class Client; end; end\n",
		"lib/acme/version.rb":      "module Acme; VERSION = '1'; end\n",
		"spec/spec_helper.rb":      "require \"acme\"\n",
		"spec/acme/client_spec.rb": "require \"spec_helper\"\nrequire \"acme/client\"\n",
		"vendor/x/client.rb":       "",
	}
	check(t, "ruby lib", edges(t, tree, "lib/acme.rb"),
		"1:lib/acme/client.rb 2:lib/acme/version.rb 3:json(external) 4:active_support/core_ext(external) 5:lib/acme/gone.rb(missing) 6:../outside.rb(outside)")
	check(t, "ruby spec", edges(t, tree, "spec/acme/client_spec.rb"), "1:spec/spec_helper.rb 2:lib/acme/client.rb")
}

func TestResolveC(t *testing.T) {
	tree := map[string]string{
		"src/main.c":                "#include <stdio.h>\n#include \"util.h\"\n#include \"acme/str.h\"\n#include <acme/list.h>\n#include \"config.h\"\n#include <string.h>\n#include <api.h>\n",
		"src/util.h":                "int util(void);\n",
		"include/acme/str.h":        "",
		"include/acme/list.h":       "",
		"include/api.h":             "",
		"third_party/libc/string.h": "",
	}
	check(t, "c", edges(t, tree, "src/main.c"),
		"1:stdio.h(external) 2:src/util.h 3:include/acme/str.h 4:include/acme/list.h 5:config.h(external) 6:string.h(external) 7:include/api.h")
}

// C++ includes resolve as C's: a quoted include next to the file, then through the
// repository's include folders by path suffix; a standard header (<vector>,
// <string>) stays external even where the repository has a file of that base name
// outside an include folder.
func TestResolveCPP(t *testing.T) {
	tree := map[string]string{
		"src/engine/run.cpp":      "#include <vector>\n#include \"run.hpp\"\n#include \"core/buffer.hpp\"\n#include <fmt/core.h>\n#include \"gone.hpp\"\n#include <string>\n",
		"src/engine/run.hpp":      "#pragma once\n",
		"include/core/buffer.hpp": "",
		"third_party/fmt/core.h":  "",
		"tools/string":            "",
		"src/engine/run_test.cc":  "#include \"run.hpp\"\n",
	}
	check(t, "cpp", edges(t, tree, "src/engine/run.cpp"),
		"1:vector(external) 2:src/engine/run.hpp 3:include/core/buffer.hpp 4:third_party/fmt/core.h 5:gone.hpp(external) 6:string(external)")
	check(t, "cpp test", edges(t, tree, "src/engine/run_test.cc"), "1:src/engine/run.hpp")
}

func TestSCCAndCycles(t *testing.T) {
	// 0->1->2->0 is a cycle, 3 self-loops, 4->5 is acyclic; a 20000-long chain closed
	// at the end must not blow the stack.
	adj := [][]int{{1}, {2}, {0}, {3}, {5}, {}}
	var sizes []int
	for _, c := range SCC(len(adj), adj) {
		sizes = append(sizes, len(c))
	}
	sort.Ints(sizes)
	if fmt.Sprint(sizes) != "[1 1 1 3]" {
		t.Fatalf("component sizes %v", sizes)
	}
	n := 20000
	long := make([][]int, n)
	for i := range long {
		long[i] = []int{(i + 1) % n}
	}
	comps := SCC(n, long)
	if len(comps) != 1 || len(comps[0]) != n {
		t.Fatalf("a cycle through %d files is one component, got %d components", n, len(comps))
	}
	if c := ShortestCycle(adj, 2, 0, func(int) bool { return true }); fmt.Sprint(c) != "[0 1 2]" {
		t.Fatalf("shortest cycle through 2->0: %v", c)
	}
}
