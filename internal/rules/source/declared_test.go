package source

import (
	"testing"

	"github.com/heed-dev/heed/internal/engine"
)

// Self-validation asks where a file declares a name a rule bans: a class, a type, a
// function, a constant; a use of the name, a longer name or a comment is no
// declaration.
func TestDeclaredIn(t *testing.T) {
	for _, tc := range []struct {
		lang, src, name string
		line            int // 0: not declared
	}{
		{engine.LangRuby, "module Shop\n  class OrderGroup < Base\n  end\nend\n", "OrderGroup", 2},
		{engine.LangRuby, "module Shop\n  LIMIT = 3\nend\n", "LIMIT", 2},
		{engine.LangRuby, "class A\n  def f\n    OrderGroup.find(1)\n  end\nend\n", "OrderGroup", 0},
		{engine.LangPython, "import x\n\ndef legacy_send(u):\n    pass\n", "legacy_send", 3},
		{engine.LangPython, "class TaxLine:\n    pass\n", "TaxLine", 1},
		{engine.LangPython, "DEFAULT_TIMEOUT = 5\n", "DEFAULT_TIMEOUT", 1},
		{engine.LangPython, "def f():\n    DEFAULT_TIMEOUT = 5\n", "DEFAULT_TIMEOUT", 0},
		{engine.LangPython, "# class TaxLine\nx = TaxLines()\n", "TaxLine", 0},
		{engine.LangGo, "package p\n\ntype Registry struct{}\n", "Registry", 3},
		{engine.LangGo, "package p\n\nfunc MustParse() {}\n", "MustParse", 3},
		{engine.LangGo, "package p\n\nvar r = NewRegistry()\n", "NewRegistry", 0},
		{engine.LangTypeScript, "export class ApiClient {}\n", "ApiClient", 1},
		{engine.LangTypeScript, "export const legacyFetch = () => 1;\n", "legacyFetch", 1},
		{engine.LangTypeScript, "import { legacyFetch } from './x';\nlegacyFetch();\n", "legacyFetch", 0},
		{engine.LangJava, "package a;\n\npublic class Money {}\n", "Money", 3},
	} {
		name, line, ok := declaredIn(tc.lang, []byte(tc.src), []string{tc.name})
		if tc.line == 0 {
			if ok {
				t.Errorf("%s %q: %s declared at line %d, want no declaration", tc.lang, tc.src, name, line)
			}
			continue
		}
		if !ok || name != tc.name || line != tc.line {
			t.Errorf("%s %q: got %q line %d (%v), want %s at line %d", tc.lang, tc.src, name, line, ok, tc.name, tc.line)
		}
	}
}
