package lang

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/heed-dev/heed/internal/engine"
)

// Trees live in arenas of their own: parsed on one goroutine, queried and walked on
// others (the binding allocating its cursors from libc meanwhile), closed in any
// order, each must stay exactly the tree the binding's own parser builds.
func TestArenaTreesAreIndependent(t *testing.T) {
	srcs := make([][]byte, 24)
	want := make([]string, len(srcs))
	p := sitter.NewParser()
	defer p.Close()
	p.SetLanguage(Grammar(engine.LangPython))
	for i := range srcs {
		var b strings.Builder
		for j := 0; j < 50+i*40; j++ {
			fmt.Fprintf(&b, "def f%d(x):\n    return print(x, [%d, 'a'], lambda y: y)\n", j, j)
			if j%17 == i%17 {
				b.WriteString("def broken(:\n")
			}
		}
		srcs[i] = []byte(b.String())
		bt := p.Parse(srcs[i], nil)
		want[i] = bt.RootNode().ToSexp()
		bt.Close()
	}
	q, err := CompileQuery(engine.LangPython, `((call function: (identifier) @f) @match (#eq? @f "print"))`)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	trees := make(chan struct {
		i int
		t *Tree
	})
	var parsers, users sync.WaitGroup
	for w := 0; w < 4; w++ {
		parsers.Add(1)
		go func(w int) {
			defer parsers.Done()
			for i := w; i < len(srcs); i += 4 {
				tr, err := Parse(engine.LangPython, srcs[i])
				if err != nil {
					t.Error(err)
					continue
				}
				trees <- struct {
					i int
					t *Tree
				}{i, tr}
			}
		}(w)
	}
	for w := 0; w < 3; w++ {
		users.Add(1)
		go func() {
			defer users.Done()
			for it := range trees {
				if got := it.t.Root().ToSexp(); got != want[it.i] {
					t.Errorf("tree %d differs from the binding's", it.i)
				}
				calls := 0
				q.Matches(it.t, func(Match) bool { calls++; return true })
				if n := strings.Count(string(srcs[it.i]), "print("); calls != n {
					t.Errorf("tree %d: %d print calls matched, the source has %d", it.i, calls, n)
				}
				c := it.t.Root().Walk()
				for c.GotoFirstChild() {
				}
				c.Close()
				it.t.Close()
			}
		}()
	}
	parsers.Wait()
	close(trees)
	users.Wait()
}

// What the parser frees while it works is reused: a file whose every other line
// sends Tree-sitter into error recovery (which builds and drops many subtrees) takes
// no more arena than one of the same length that parses cleanly, within a small factor.
func TestArenaReusesWhatTheParserFrees(t *testing.T) {
	clean := []byte(strings.Repeat("x = f(1, [2, 3], {'a': 4})\n", 4000))
	broken := []byte(strings.Repeat("x = f(1, [2, 3, {'a': 4)\n)\n", 4000))
	size := func(src []byte) int {
		tr, err := Parse(engine.LangPython, src)
		if err != nil {
			t.Fatal(err)
		}
		defer tr.Close()
		return arenaBytes(tr.arena)
	}
	c, b := size(clean), size(broken)
	t.Logf("clean %d bytes -> arena %d; broken %d -> %d", len(clean), c, len(broken), b)
	if b > 4*c {
		t.Fatalf("a broken file of %d bytes took %d bytes of arena, a clean one %d", len(broken), b, c)
	}
}
