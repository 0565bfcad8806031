// Command classify reads paths (relative to the folder given as its argument) on
// standard input and prints what bench/astgrep/compare.py needs to explain a file's
// findings that differ between heed and ast-grep, one tab-separated line per fact:
//
//	PATH  skip   REASON  heed check does not judge the file (binary, generated,
//	                     vendored, fixture, too large: internal/repo.Classify)
//	PATH  stock  LINE    the grammar as published (no repairs, as ast-grep parses it)
//	                     reads a syntax error at LINE
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lang"
	"github.com/heed-dev/heed/internal/repo"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: classify ROOT < paths")
		os.Exit(2)
	}
	root := os.Args[1]
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		p := in.Text()
		if p == "" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, p))
		if err != nil {
			fmt.Fprintf(out, "%s\tskip\tunreadable: %v\n", p, err)
			continue
		}
		if why := repo.Classify(p, b); why != "" {
			fmt.Fprintf(out, "%s\tskip\t%s\n", p, why)
			continue
		}
		if line := stockError(engine.LangOf(p, b), b); line > 0 {
			fmt.Fprintf(out, "%s\tstock\t%d\n", p, line)
		}
	}
}

// stockError parses src with the binding's own parser and the grammar heed uses, and
// returns the line of its first ERROR or MISSING node, 0 when there is none.
func stockError(l string, src []byte) int {
	g := lang.Grammar(l)
	if g == nil {
		return 0
	}
	ps := sitter.NewParser()
	defer ps.Close()
	if ps.SetLanguage(g) != nil {
		return 0
	}
	t := ps.Parse(src, nil)
	if t == nil {
		return 0
	}
	defer t.Close()
	n := first(t.RootNode(), true)
	if n == nil {
		return 0
	}
	return bytes.Count(src[:n.StartByte()], []byte("\n")) + 1
}

func first(n *sitter.Node, root bool) *sitter.Node {
	if (n.IsError() && !root) || n.IsMissing() {
		return n
	}
	if !n.HasError() {
		return nil
	}
	for i := uint(0); i < n.ChildCount(); i++ {
		if f := first(n.Child(i), false); f != nil {
			return f
		}
	}
	if n.IsError() {
		return n
	}
	return nil
}
