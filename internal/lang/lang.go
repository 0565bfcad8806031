// Package lang gives heed its syntax trees: the Tree-sitter grammars of the languages
// it parses, a parser pool, and parsing memoised per evidence file so that every rule
// of a language shares one tree.
package lang

import (
	"fmt"
	"runtime"
	"sync"
	"time"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tsgo "github.com/tree-sitter/tree-sitter-go/bindings/go"
	tsjava "github.com/tree-sitter/tree-sitter-java/bindings/go"
	tsjs "github.com/tree-sitter/tree-sitter-javascript/bindings/go"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"
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
		}
	})
	return grammars[name]
}

// Supported reports whether heed can parse the language.
func Supported(name string) bool { return Grammar(name) != nil }

// Tree is a parsed file. Close it when done (Tree-sitter memory is not collected).
type Tree struct {
	*sitter.Tree
	Src  []byte
	Lang string
}

// Close releases the tree.
func (t *Tree) Close() error {
	if t != nil && t.Tree != nil {
		t.Tree.Close()
		t.Tree = nil
	}
	return nil
}

// Root returns the root node.
func (t *Tree) Root() *sitter.Node { return t.Tree.RootNode() }

// parser pools: a parser is not safe for concurrent use, so each goroutine borrows one.
var pools sync.Map // lang -> chan *sitter.Parser

func borrow(lang string) (*sitter.Parser, error) {
	g := Grammar(lang)
	if g == nil {
		return nil, fmt.Errorf("no grammar for language %q", lang)
	}
	pi, _ := pools.LoadOrStore(lang, make(chan *sitter.Parser, runtime.NumCPU()))
	select {
	case p := <-pi.(chan *sitter.Parser):
		return p, nil
	default:
	}
	p := sitter.NewParser()
	if err := p.SetLanguage(g); err != nil {
		p.Close()
		return nil, fmt.Errorf("load %s grammar: %w", lang, err)
	}
	return p, nil
}

func giveBack(lang string, p *sitter.Parser) {
	pi, _ := pools.Load(lang)
	select {
	case pi.(chan *sitter.Parser) <- p:
	default:
		p.Close()
	}
}

// ParseTimeout bounds one parse; Tree-sitter recovers from any syntax error, but a
// pathological input must not hang a check.
const ParseTimeout = 5 * time.Second

// Parse parses src as lang. The caller closes the tree.
func Parse(lang string, src []byte) (*Tree, error) {
	if len(src) > MaxParseBytes {
		return nil, fmt.Errorf("file is %d bytes, over the %d-byte parse limit", len(src), MaxParseBytes)
	}
	p, err := borrow(lang)
	if err != nil {
		return nil, err
	}
	t := parseC(p, src, ParseTimeout)
	if t == nil {
		p.Reset()
		giveBack(lang, p)
		return nil, fmt.Errorf("parse %s: timed out after %s", lang, ParseTimeout)
	}
	giveBack(lang, p)
	return &Tree{Tree: t, Src: src, Lang: lang}, nil
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
