package graph

import (
	"fmt"
	"strings"
	"testing"
)

// show renders imports as "line:spec[flags]" for compact comparison.
func show(imps []Import) string {
	var out []string
	for _, im := range imps {
		s := fmt.Sprintf("%d:%s", im.Line, im.Spec)
		var flags []string
		if im.Kind != KindStatic {
			flags = append(flags, im.Kind.String())
		}
		if im.TypeOnly {
			flags = append(flags, "type")
		}
		if im.Conditional {
			flags = append(flags, "cond")
		}
		if im.Lazy {
			flags = append(flags, "lazy")
		}
		if im.Wildcard {
			flags = append(flags, "*")
		}
		if im.Static {
			flags = append(flags, "static")
		}
		if im.Level > 0 {
			flags = append(flags, fmt.Sprintf("level=%d", im.Level))
		}
		if len(im.Names) > 0 {
			flags = append(flags, "names="+strings.Join(im.Names, ","))
		}
		if im.InMod != "" {
			flags = append(flags, "in="+im.InMod)
		}
		if len(flags) > 0 {
			s += "[" + strings.Join(flags, " ") + "]"
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

func TestJSImportForms(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"default and named", `import React, { useState } from "react";`, `1:react`},
		{"namespace", `import * as path from 'node:path'`, `1:node:path`},
		{"side effect", `import "./styles.css";`, `1:./styles.css[side-effect]`},
		{"multi-line named (prettier output)", "import {\n  a,\n  b,\n} from './x';\n", `4:./x`},
		{"re-export star", `export * from "./a"; export * as ns from './b';`, `1:./a[reexport] 1:./b[reexport]`},
		{"re-export named multi-line", "export {\n  one,\n  two as three,\n} from \"./nums\";", `4:./nums[reexport]`},
		{"local export is no edge", "export { a, b };\nexport const x = 1;", ``},
		{"require", `const fs = require("fs"); const { x } = require('./x.cjs');`, `1:fs[require] 1:./x.cjs[require]`},
		{"require.resolve is no edge", `require.resolve('./x'); obj.require('y')`, ``},
		{"computed require is no edge", `require('./x' + name)`, ``},
		{"dynamic import", "const m = await import('./lazy');\nimport(`./tpl`);\nimport(`./${x}`)", `1:./lazy[dynamic] 2:./tpl[dynamic]`},
		{"import.meta is no edge", `console.log(import.meta.url)`, ``},
		{"type-only", `import type { A } from './types'; import { type B, type C } from './bc'; import { type D, e } from './de';`,
			`1:./types[type] 1:./bc[type] 1:./de`},
		{"type-only namespace and re-export", `import type * as T from './t'; export type { X } from './x';`, `1:./t[type] 1:./x[reexport type]`},
		{"default named type is a value import", `import type from './type-is-a-name';`, `1:./type-is-a-name`},
		{"typeof import is type-only", `let x: typeof import('./mod');`, `1:./mod[dynamic type]`},
		{"import equals require", `import fs = require("fs"); import A = B.C;`, `1:fs[require]`},
		{"comments are not imports", "// import x from './a'\n/* import y from './b'\n*/ const z = 1", ``},
		{"strings are not imports", `const s = "import x from './a'"; const t = 'require("b")';`, ``},
		{"template text is not an import", "const s = `\nimport x from './a'\n${ require('./real') }\nmore`;", `3:./real[require]`},
		{"nested template", "const s = `a ${ `b ${ c }` } d`; import './after'", `1:./after[side-effect]`},
		{"regex with quote", "const re = /['\"]/g; import './after-regex'", `1:./after-regex[side-effect]`},
		{"regex with slash in class", "const re = /[/]import/; import './r'", `1:./r[side-effect]`},
		{"division is not a regex", "const a = b / c; const d = e / f; import './div'", `1:./div[side-effect]`},
		{"member named import", `obj.import('x'); x.export; const o = { import: 1, require: 2 };`, ``},
		{"jsx apostrophe costs one line", "const C = () => <p>Don't stop</p>;\nimport('./after-jsx')", `2:./after-jsx[dynamic]`},
		{"import with attributes", `import data from './d.json' with { type: 'json' }; import './next'`, `1:./d.json 1:./next[side-effect]`},
		{"hashbang", "#!/usr/bin/env node\nimport './cli'", `2:./cli[side-effect]`},
		{"declare module is no edge", `declare module "foo" { export const x: number }`, ``},
		{"string specifier names", `import { "a-b" as ab } from './quoted';`, `1:./quoted`},
		{"export default then code", "export default function f() { return require('./inner') }", `1:./inner[require]`},
		{"unterminated is safe", "import { a from", ``},
		{"after a comment ending in a dot", "// Do not edit.\nimport { S } from './store.js';\n/* end. */ import './b'", `2:./store.js 3:./b[side-effect]`},
		{"spread then require", "const o = {...require('./spread')};", `1:./spread[require]`},
		{"optional chaining member", "a?.import('x'); b?.require('y')", ``},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := show(scanJS([]byte(c.src))); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

func TestPythonImportForms(t *testing.T) {
	src := `import os, sys
import a.b as c
from x import y, z as w
from . import sibling
from ..pkg import thing
from .mod import (
    one,
    two,
)
from m import *
from __future__ import annotations
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from app.models import User
else:
    import runtime_only
try:
    import ujson as json
except ImportError:
    import json
def f():
    import lazy_mod
    return importlib.import_module("plugins.dyn")
class K:
    import in_class
s = "import not_me"
# import not_me_either
`
	facts := Extract("python", []byte(src))
	want := `1:os 1:sys 2:a.b 3:x[names=y,z] 4:[level=1 names=sibling] 5:pkg[level=2 names=thing] 6:mod[level=1 names=one,two] 10:m[*] ` +
		`12:typing[names=TYPE_CHECKING] 14:app.models[type cond names=User] 16:runtime_only[cond] 18:ujson[cond] 20:json[cond] 22:lazy_mod[lazy] 23:plugins.dyn[dynamic lazy] 25:in_class`
	if got := show(facts.Imports); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestGoImports(t *testing.T) {
	src := "package scheduler\n\nimport (\n\t\"time\"\n\n\tc \"example.com/orbit/internal/clock\"\n\t_ \"embed\"\n)\n\nfunc F() {}\n"
	f := Extract("go", []byte(src))
	if f.Package != "scheduler" {
		t.Errorf("package %q", f.Package)
	}
	if got, want := show(f.Imports), `4:time 6:example.com/orbit/internal/clock 7:embed[side-effect]`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if f := Extract("go", []byte("not go at all {{{")); f.Err == "" {
		t.Error("a file without a package clause must say it could not be read")
	}
}

func TestRustImports(t *testing.T) {
	src := `use std::collections::HashMap;
use crate::config::{self, Settings, loader::*};
use super::util as u;
mod parser;
#[path = "gen/x.rs"]
mod generated;
extern crate serde;
mod inline {
    use super::parser::Token;
}
fn f() { crate::metrics::record(1); let s = "crate::not::code"; }
`
	f := Extract("rust", []byte(src))
	want := `1:std::collections::HashMap 2:crate::config 2:crate::config::Settings 2:crate::config::loader[*] 3:super::util 4:parser[mod] ` +
		`6:generated[mod names=gen/x.rs] 7:serde 9:super::parser::Token[in=inline] 11:crate::metrics::record[path]`
	if got := show(f.Imports); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestJavaImports(t *testing.T) {
	src := `/* header */
@Deprecated
package com.acme.core;

import java.util.List;
import static com.acme.util.Strings.join;
import com.acme.model.*;
// import com.fake.Commented;
import com.acme
    .api.Client;

public class A { String s = "import x.Y;"; }
`
	f := Extract("java", []byte(src))
	if f.Package != "com.acme.core" {
		t.Errorf("package %q", f.Package)
	}
	if got, want := show(f.Imports), `5:java.util.List 6:com.acme.util.Strings.join[static] 7:com.acme.model[*] 9:com.acme.api.Client`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestBadInputNeverCrashes(t *testing.T) {
	inputs := [][]byte{nil, []byte("\x00\xff\xfe"), []byte(strings.Repeat("(", 20000)), []byte(strings.Repeat("`${", 10000)),
		[]byte(strings.Repeat("import {", 10000)), []byte("/"), []byte("'"), []byte("`"), []byte("import"), []byte("export {")}
	for _, l := range []string{"javascript", "typescript", "tsx", "python", "go", "rust", "java", "kotlin", "csharp", "ruby", "c", "php", "swift"} {
		for _, in := range inputs {
			_ = Extract(l, in)
		}
	}
	huge := make([]byte, MaxScanBytes+1)
	if f := Extract("typescript", huge); f.Err == "" {
		t.Error("a file over the scan limit must be reported, not silently read as import-free")
	}
}

func TestKotlinImports(t *testing.T) {
	src := `@file:JvmName("Jobs")
package com.acme.jobs

import kotlinx.coroutines.launch
import com.acme.model.*
import com.acme.api.Client as ApiClient
// import com.fake.Commented

fun run() { val s = "import x.Y" }
`
	f := Extract("kotlin", []byte(src))
	if f.Package != "com.acme.jobs" || f.Err != "" || f.Partial {
		t.Errorf("package %q err %q partial %v", f.Package, f.Err, f.Partial)
	}
	if got, want := show(f.Imports), `4:kotlinx.coroutines.launch 5:com.acme.model[*] 6:com.acme.api.Client`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestCSharpUsings(t *testing.T) {
	src := `global using System.Linq;
using System;
using static System.Math;
using Json = Newtonsoft.Json;
#if DEBUG
using System.Diagnostics;
#endif
// using Fake.Commented;

namespace Acme.Api.Controllers
{
    using Acme.Domain.Models;

    public class UsersController { string s = "using X.Y;"; }
}
`
	f := Extract("csharp", []byte(src))
	if f.Package != "Acme.Api.Controllers" || f.Err != "" {
		t.Errorf("package %q err %q", f.Package, f.Err)
	}
	if got, want := show(f.Imports), `1:System.Linq 2:System 3:System.Math[static] 4:Newtonsoft.Json 6:System.Diagnostics 12:Acme.Domain.Models`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestRubyRequires(t *testing.T) {
	src := `require "json"
require_relative "../lib/acme/client"
require 'active_support/core_ext'
autoload :Parser, "acme/parser"
begin
  require "oj"
rescue LoadError
end
def load_plugins
  require "acme/plugins"
end
require name
require "acme/#{name}"
# require "commented"
s = "require 'not_me'"
`
	f := Extract("ruby", []byte(src))
	want := `1:json[require] 2:../lib/acme/client[require level=1] 3:active_support/core_ext[require] 4:acme/parser[require] ` +
		`6:oj[require cond] 10:acme/plugins[require lazy]`
	if got := show(f.Imports); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestCIncludes(t *testing.T) {
	src := `#include <stdio.h>
#include "util/str.h"
#ifdef _WIN32
#include <windows.h>
#endif
#include CONFIG_HEADER
// #include "commented.h"
static const char *s = "#include <not_me.h>";
int main(void) { return 0; }
`
	f := Extract("c", []byte(src))
	if got, want := show(f.Imports), `1:stdio.h 2:util/str.h[level=1] 4:windows.h[cond]`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// A file with a syntax error keeps the imports read and says it is partial.
func TestPartialInNewLanguages(t *testing.T) {
	for l, src := range map[string]string{
		"kotlin": "import a.b.C\n\nfun f() { val x = }\n",
		"csharp": "using A.B;\nclass C { void F() { var x = ; } }\n",
		"ruby":   "require \"a\"\ndef f\n  x = )\nend\n",
		"c":      "#include \"a.h\"\nint f(void) { int x = ; }\n",
	} {
		f := Extract(l, []byte(src))
		if !f.Partial || f.Err != "" || len(f.Imports) != 1 {
			t.Errorf("%s: partial %v err %q imports %s, want the one import of a partial file", l, f.Partial, f.Err, show(f.Imports))
		}
	}
}

// C++ includes are read as C's: at file level, in preprocessor conditionals, and in
// namespaces and `extern "C"` blocks; a header named without an extension (<vector>)
// is an include like any other.
func TestExtractCPP(t *testing.T) {
	src := `#include <vector>
#include "core/buffer.hpp"
#if defined(HAVE_SSL)
#include <openssl/ssl.h>
#endif
namespace app {
#include "detail/inline.ipp"
}
// #include "commented.hpp"
static const char *s = "#include <not_me.h>";
template <typename T> T id(T x) { return x; }
`
	f := Extract("cpp", []byte(src))
	if got, want := show(f.Imports), `1:vector 2:core/buffer.hpp[level=1] 4:openssl/ssl.h[cond] 7:detail/inline.ipp[level=1]`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
