package arch

import (
	"encoding/json"
	"sort"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// fixExternal judges tree by a ban with its replacement, read with certainty at error
// severity, and returns each file as its exact fixes leave it, with the number of
// findings that carried no fix.
func fixExternal(t *testing.T, p externalParams, tree map[string]string) (map[string]string, int) {
	t.Helper()
	raw, _ := json.Marshal(p)
	rule := &policy.Rule{ID: "R", Kind: KindExternal, Domain: policy.DomainArchitecture, Params: raw, Severity: policy.SeverityError, Exact: true}
	check, err := engine.NewRegistry(Kinds()...).CompileRule(rule)
	if err != nil {
		t.Fatal(err)
	}
	o := engine.Run([]engine.Compiled{{Rule: rule, Check: check}}, all(tree), engine.Options{Workers: 1})[0]
	out := map[string]string{}
	for k, v := range tree {
		out[k] = v
	}
	edits := map[string][]engine.TextEdit{}
	bare := 0
	for _, f := range o.Findings() {
		if len(f.Fixes) == 0 {
			bare++
		}
		for _, fx := range f.Fixes {
			if fx.Exact {
				edits[fx.Edits[0].Path] = append(edits[fx.Edits[0].Path], fx.Edits...)
			}
		}
	}
	for p, es := range edits {
		sort.Slice(es, func(i, j int) bool { return es[i].Start > es[j].Start })
		s := out[p]
		for _, e := range es {
			if s[e.Start:e.End] != e.Old {
				t.Fatalf("%s: edit %+v meets %q", p, e, s[e.Start:e.End])
			}
			s = s[:e.Start] + e.New + s[e.End:]
		}
		out[p] = s
	}
	return out, bare
}

// "Use `unittest.mock`, not the `mock` backport", "use `sigs.k8s.io/yaml` instead of
// `gopkg.in/yaml.v2`", a scoped fork of a package: the replacement is the same
// package at another path, so the import is rewritten and the code that uses what it
// binds is left as it is; the fixed file passes the rule. `import mock` (binds the
// path), a subpath, two imports on a line, another package (`httpx` for
// `requests`), and a replacement the check bans too carry no fix.
func TestABannedImportIsRewrittenOnlyToTheSamePackageAtAnotherPath(t *testing.T) {
	for _, c := range []struct {
		name      string
		p         externalParams
		tree      map[string]string
		want      map[string]string
		unfixable int
	}{
		{"python", externalParams{Banned: []string{"mock"}, Instead: "unittest.mock"},
			map[string]string{"tests/t.py": "from mock import patch, MagicMock\nimport mock\n"},
			map[string]string{"tests/t.py": "from unittest.mock import patch, MagicMock\nimport mock\n"}, 1},
		{"go", externalParams{Banned: []string{"gopkg.in/yaml.v2"}, Instead: "sigs.k8s.io/yaml"},
			map[string]string{"go.mod": "module example.com/m\n", "a/a.go": "package a\n\nimport (\n\t\"fmt\"\n\n\t\"gopkg.in/yaml.v2\"\n)\n"},
			map[string]string{"a/a.go": "package a\n\nimport (\n\t\"fmt\"\n\n\t\"sigs.k8s.io/yaml\"\n)\n"}, 0},
		{"typescript", externalParams{Banned: []string{"@acme/lodash"}, Instead: "@corp/lodash"},
			map[string]string{"web/f.ts": "import { get } from '@acme/lodash';\nconst l = require(\"@acme/lodash\");\nimport x from '@acme/lodash'; import y from \"@acme/lodash\";\n"},
			map[string]string{"web/f.ts": "import { get } from '@corp/lodash';\nconst l = require(\"@corp/lodash\");\nimport x from '@acme/lodash'; import y from \"@acme/lodash\";\n"}, 1},
		{"the check reads both as one", externalParams{Banned: []string{"fs"}, Instead: "node:fs"},
			map[string]string{"web/f.ts": "import { readFile } from 'fs';\n"},
			map[string]string{"web/f.ts": "import { readFile } from 'fs';\n"}, 1},
		{"another package", externalParams{Banned: []string{"requests"}, Instead: "httpx"},
			map[string]string{"app/h.py": "from requests import get\n"},
			map[string]string{"app/h.py": "from requests import get\n"}, 1},
		{"a subpath", externalParams{Banned: []string{"mock"}, Instead: "unittest.mock"},
			map[string]string{"tests/t.py": "from mock.mock import patch\n"},
			map[string]string{"tests/t.py": "from mock.mock import patch\n"}, 1},
	} {
		got, bare := fixExternal(t, c.p, c.tree)
		for p, want := range c.want {
			if got[p] != want {
				t.Errorf("%s: %s fixed to %q, want %q", c.name, p, got[p], want)
			}
		}
		if bare != c.unfixable {
			t.Errorf("%s: %d findings without a fix, want %d", c.name, bare, c.unfixable)
		}
		if c.unfixable == 0 {
			if _, bare := fixExternal(t, c.p, got); bare != 0 {
				t.Errorf("%s: the fixed tree still breaks the rule", c.name)
			}
		}
	}
}

func TestSameModuleName(t *testing.T) {
	for _, c := range []struct {
		lang, a, b string
		want       bool
	}{
		{engine.LangPython, "mock", "unittest.mock", true},
		{engine.LangGo, "gopkg.in/yaml.v2", "sigs.k8s.io/yaml", true},
		{engine.LangGo, "github.com/golang/protobuf/proto", "google.golang.org/protobuf/proto", true},
		{engine.LangGo, "github.com/pkg/errors", "errors", true},
		{engine.LangGo, "io/ioutil", "os", false},
		{engine.LangTypeScript, "fs", "node:fs", true},
		{engine.LangTypeScript, "lodash", "lodash-es", false},
		{engine.LangTypeScript, "lodash.debounce", "debounce", false},
		{engine.LangPython, "requests", "httpx", false},
	} {
		if got := sameModuleName(c.lang, c.a, c.b); got != c.want {
			t.Errorf("sameModuleName(%s, %s, %s) = %v", c.lang, c.a, c.b, got)
		}
	}
}
