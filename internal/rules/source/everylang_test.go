package source

import (
	"slices"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/graph"
	"github.com/heed-dev/heed/internal/lang"
	"github.com/heed-dev/heed/internal/layout"
)

// allLangs are heed's language names (engine/lang.go).
var allLangs = []string{engine.LangPython, engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX, engine.LangGo,
	engine.LangRust, engine.LangJava, engine.LangCSharp, engine.LangKotlin, engine.LangRuby, engine.LangC, engine.LangCPP,
	engine.LangPHP, engine.LangShell, engine.LangSwift}

// A language with a grammar is in every table a source rule reads by language: the
// checklist of docs/adding-a-language.md, step "source rules", as a test that names
// what a new language still lacks.
func TestEveryGrammarIsInTheSourceTables(t *testing.T) {
	for _, l := range allLangs {
		if !lang.Supported(l) {
			continue
		}
		lack := func(what string) { t.Errorf("%s has a grammar but is missing from %s", l, what) }
		if !knownLang(l) {
			lack("knownLang (source.go)")
		}
		if !slices.Contains(grammarLangs(), l) {
			lack("grammarLangs (query.go)")
		}
		if !slices.Contains(exampleLangs, l) {
			lack("exampleLangs (examples.go)")
		}
		if _, ok := exampleWraps.Get()[l]; !ok {
			lack("exampleWraps (examples.go)")
		}
		if !slices.Contains(codeLangs, l) {
			lack("codeLangs (textrec.go)")
		}
		if _, ok := commentNodes.Get()[l]; !ok {
			lack("commentNodes (comments.go)")
		}
		if _, err := lang.TreeRegions(mustParse(t, l)); err != nil {
			lack("regionQueries (internal/lang/regions.go): " + err.Error())
		}
		if !graph.Sourced(l) {
			lack("graph.Sourced (internal/graph/extract.go)")
		}
		if len(layout.Globs(l, layout.Tests)) == 0 {
			lack("the test layouts (internal/layout/tests.go)")
		}
	}
	for _, l := range grammarLangs() {
		if !lang.Supported(l) {
			t.Errorf("grammarLangs names %s, which has no grammar", l)
		}
	}
}

func mustParse(t *testing.T, l string) *lang.Tree {
	t.Helper()
	tr, err := lang.Parse(l, []byte("\n"))
	if err != nil {
		t.Fatalf("parse %s: %v", l, err)
	}
	t.Cleanup(func() { tr.Close() })
	return tr
}
