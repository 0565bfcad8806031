package graph

import sitter "github.com/tree-sitter/go-tree-sitter"

// walkNamed visits root and its named descendants depth first, in the order they
// stand in the file, without recursion (a deep tree cannot overflow the stack).
// visit returns the scope n's children inherit (conditional, lazy...) and whether to
// go below n at all. The cursor is the walk's own; visit may use it, as the walk
// resets it before reading a node's children.
func walkNamed[S any](root *sitter.Node, scope S, visit func(cur *sitter.TreeCursor, n *sitter.Node, s S) (S, bool)) {
	type item struct {
		n sitter.Node
		s S
	}
	cur := root.Walk()
	defer cur.Close()
	var kids []kid
	stack := []item{{n: *root, s: scope}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		s, below := visit(cur, &it.n, it.s)
		if !below {
			continue
		}
		kids = namedKids(cur, &it.n, kids)
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, item{kids[i].n, s})
		}
	}
}

// reach is where an import stands: under a condition (if, try, a preprocessor
// conditional) and inside code that runs later (a function, a block).
type reach struct{ cond, lazy bool }
