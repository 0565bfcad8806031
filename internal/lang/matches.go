package lang

/*
#include "matches.h"
*/
import "C"

import (
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// runMatches runs a query over the tree under root in one foreign call (matches.c) and
// returns its matches, their captures copied into Go memory (one slice backs them
// all). Text predicates are not applied. With roots (a set of node kinds by symbol,
// see Query.roots) the query runs only at nodes of those kinds.
func runMatches(q *sitter.Query, root *sitter.Node, roots []byte) []Match {
	var res C.heed_matches_result
	// The binding keeps the C query and node unexported; both sit at offset 0 of its
	// structs (matches_test.go checks), which is how the binding itself casts them.
	cq := *(**C.TSQuery)(unsafe.Pointer(q))
	cn := *(*C.TSNode)(unsafe.Pointer(root))
	// False means C memory ran out part way; what was collected is still reported,
	// as the binding's iterator would have before it failed.
	if roots != nil {
		C.heed_matches_rooted(cq, cn, (*C.uint8_t)(unsafe.Pointer(&roots[0])), C.uint32_t(len(roots)), C.uint32_t(MatchLimit), &res)
	} else {
		C.heed_matches(cq, cn, C.uint32_t(MatchLimit), &res)
	}
	defer C.heed_matches_free(&res)
	if res.nmatches == 0 {
		return nil
	}
	cms := unsafe.Slice(res.matches, res.nmatches)
	ccs := unsafe.Slice(res.captures, res.ncaptures)
	caps := make([]Capture, len(ccs))
	for i := range ccs {
		c := &ccs[i]
		caps[i] = Capture{
			Index: int(c.index),
			Node:  *(*sitter.Node)(unsafe.Pointer(&c.node)),
			Start: int(c.start),
			End:   int(c.end),
		}
	}
	ms := make([]Match, len(cms))
	for i := range cms {
		m := &cms[i]
		ms[i] = Match{Pattern: int(m.pattern), Captures: caps[m.first : m.first+m.count : m.first+m.count]}
	}
	return ms
}
