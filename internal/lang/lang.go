// Package lang gives heed its syntax trees: the Tree-sitter grammars of the languages
// it parses, parsing into per-tree arenas, and parsing memoised per evidence file so that every rule
// of a language shares one tree.
package lang

/*
#include "arena.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"sync"

	tskotlin "github.com/tree-sitter-grammars/tree-sitter-kotlin/bindings/go"
	sitter "github.com/tree-sitter/go-tree-sitter"
	tscsharp "github.com/tree-sitter/tree-sitter-c-sharp/bindings/go"
	tsc "github.com/tree-sitter/tree-sitter-c/bindings/go"
	tscpp "github.com/tree-sitter/tree-sitter-cpp/bindings/go"
	tsgo "github.com/tree-sitter/tree-sitter-go/bindings/go"
	tsjava "github.com/tree-sitter/tree-sitter-java/bindings/go"
	tsjs "github.com/tree-sitter/tree-sitter-javascript/bindings/go"
	tsphp "github.com/tree-sitter/tree-sitter-php/bindings/go"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"
	tsruby "github.com/tree-sitter/tree-sitter-ruby/bindings/go"
	tsrust "github.com/tree-sitter/tree-sitter-rust/bindings/go"
	tsts "github.com/tree-sitter/tree-sitter-typescript/bindings/go"

	"github.com/heed-dev/heed/internal/engine"
)

// MaxParseBytes bounds the files heed parses; larger files get text rules only.
const MaxParseBytes = 2 << 20

var (
	grammarsOnce sync.Once
	grammars     map[string]*sitter.Language
)

// Grammar returns the Tree-sitter language for a heed language name, or nil when heed
// has no grammar for it. Grammars are immutable and shared.
func Grammar(name string) *sitter.Language {
	grammarsOnce.Do(func() {
		grammars = map[string]*sitter.Language{
			engine.LangPython:     sitter.NewLanguage(tspython.Language()),
			engine.LangJavaScript: sitter.NewLanguage(tsjs.Language()),
			engine.LangTypeScript: sitter.NewLanguage(tsts.LanguageTypescript()),
			engine.LangTSX:        sitter.NewLanguage(tsts.LanguageTSX()),
			engine.LangGo:         sitter.NewLanguage(tsgo.Language()),
			engine.LangRust:       sitter.NewLanguage(tsrust.Language()),
			engine.LangJava:       sitter.NewLanguage(tsjava.Language()),
			engine.LangCSharp:     sitter.NewLanguage(tscsharp.Language()),
			engine.LangKotlin:     sitter.NewLanguage(tskotlin.Language()),
			engine.LangRuby:       sitter.NewLanguage(tsruby.Language()),
			engine.LangC:          sitter.NewLanguage(tsc.Language()),
			engine.LangCPP:        sitter.NewLanguage(tscpp.Language()),
			engine.LangPHP:        sitter.NewLanguage(tsphp.LanguagePHP()),
		}
	})
	return grammars[name]
}

// Supported reports whether heed can parse the language.
func Supported(name string) bool { return Grammar(name) != nil }

// Tree is a parsed file. Close it when done (Tree-sitter memory is not collected).
type Tree struct {
	Src  []byte
	Lang string
	// tree lives in arena, all of its memory; freeing the arena is how the tree is
	// closed. The binding's own Close (ts_tree_delete) would hand arena blocks to
	// libc's free, which is why the tree is not exposed, nor copies of it made.
	tree  *sitter.Tree
	arena *C.heed_arena
}

// Close releases the tree; its nodes must not be used after.
func (t *Tree) Close() error {
	if t != nil && t.tree != nil {
		freeArena(t.arena)
		t.tree, t.arena = nil, nil
	}
	return nil
}

// Root returns the root node.
func (t *Tree) Root() *sitter.Node { return t.tree.RootNode() }

// parseBudget bounds the work of one parse of src, repairs included, in the parser's
// progress checks (parse.h): Tree-sitter recovers from any syntax error, but a
// pathological input must not hang a check. Work, not time, so that whether a file
// parses, and how far its repair goes, does not depend on how busy the machine is.
// Real source takes about one unit for every 60 to 170 bytes (Effect's TypeScript,
// Django, traefik's Go, measured; Effect.ts, 460 KB, takes 2,796 and its repair
// 1,252); the bound allows one for every 16 bytes plus 20,000, several seconds of work
// on a loaded machine for the largest file heed parses.
func parseBudget(src []byte) uint64 {
	return parseBudgetBase + uint64(len(src))/parseBytesPerUnit
}

const (
	parseBudgetBase   = 20_000
	parseBytesPerUnit = 16
)

// Parse parses src as lang. The caller closes the tree.
func Parse(lang string, src []byte) (*Tree, error) {
	if len(src) > MaxParseBytes {
		return nil, fmt.Errorf("file is %d bytes, over the %d-byte parse limit", len(src), MaxParseBytes)
	}
	g := Grammar(lang)
	if g == nil {
		return nil, fmt.Errorf("no grammar for language %q", lang)
	}
	budget := parseBudget(src)
	t, arena, used, err := parseArena(g, src, budget)
	if errors.Is(err, errParseBudget) {
		return nil, fmt.Errorf("parse %s: gave up after %d units of work (the bound for %d bytes)", lang, budget, len(src))
	}
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", lang, err)
	}
	if repairable(lang) && t.RootNode().HasError() {
		t, _ = repair(g, src, t, arena, budget-used)
	}
	return &Tree{tree: t, Src: src, Lang: lang, arena: arena}, nil
}

// FileTree returns the syntax tree of an evidence file, parsed once and shared by every
// rule; the engine closes it when it is done with the file. A file in a language heed
// cannot parse returns an error.
func FileTree(ev *engine.Evidence, f *engine.File) (*Tree, error) {
	v, err := ev.Memo("file:"+f.Path+"\x00tree", func() (any, error) {
		return Parse(f.Lang, f.Content)
	})
	if err != nil {
		return nil, err
	}
	return v.(*Tree), nil
}
