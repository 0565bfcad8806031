package lang

/*
#include "parse.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// errParseBudget is a parse that needed more work than its budget allowed.
var errParseBudget = errors.New("over its work budget")

// parseArena parses src as g in one foreign call (parse.c) with a parser of its own,
// the tree's memory all in one arena (arena.c) that is how the tree is freed. src is
// read in place: cgo keeps it pinned for the call, and Tree-sitter keeps no pointer to
// it after. The parse may take budget units of work (parse.h); used is what it took.
func parseArena(g *sitter.Language, src []byte, budget uint64) (t *sitter.Tree, arena *C.heed_arena, used uint64, err error) {
	var ptr *C.char
	if len(src) > 0 {
		ptr = (*C.char)(unsafe.Pointer(&src[0]))
	}
	var failure C.int
	var cused C.uint64_t
	ct := C.heed_parse_arena((*C.TSLanguage)(unsafe.Pointer(g.Inner)), ptr, C.uint32_t(len(src)),
		C.uint64_t(budget), &cused, &arena, &failure)
	used = uint64(cused)
	if ct == nil {
		switch failure {
		case C.HEED_PARSE_BUDGET:
			return nil, nil, used, errParseBudget
		case C.HEED_PARSE_LANGUAGE:
			return nil, nil, used, errors.New("the grammar's ABI version is not one this Tree-sitter reads")
		default:
			return nil, nil, used, fmt.Errorf("out of memory for a %d-byte file", len(src))
		}
	}
	// The binding keeps its C tree unexported at offset 0 of its struct (as with
	// queries in matches.go); a Tree is nothing but that pointer, and the binding sets
	// no finalizer on it, so one built here is the binding's own but for how it is freed.
	t = new(sitter.Tree)
	*(**C.TSTree)(unsafe.Pointer(t)) = ct
	return t, arena, used, nil
}

// freeArena releases a tree parsed by parseArena.
func freeArena(a *C.heed_arena) { C.heed_arena_free(a) }

// arenaBytes is the memory a tree parsed by parseArena holds.
func arenaBytes(a *C.heed_arena) int { return int(C.heed_arena_bytes(a)) }

// reparseArena parses src again from old, a tree in arena of the text before the
// byte-for-byte edits at offsets edits (ascending; no line break changed), reusing
// what they did not touch; the new tree lives in arena too (parse.c). old is edited
// to match, its shape unchanged. The parse may take budget units of work; used is
// what it took.
func reparseArena(g *sitter.Language, arena *C.heed_arena, old *sitter.Tree, src []byte, edits []uint32, budget uint64) (t *sitter.Tree, used uint64, err error) {
	var ptr *C.char
	if len(src) > 0 {
		ptr = (*C.char)(unsafe.Pointer(&src[0]))
	}
	var ep *C.uint32_t
	if len(edits) > 0 {
		ep = (*C.uint32_t)(unsafe.Pointer(&edits[0]))
	}
	var failure C.int
	var cused C.uint64_t
	ct := C.heed_reparse_arena((*C.TSLanguage)(unsafe.Pointer(g.Inner)), arena, *(**C.TSTree)(unsafe.Pointer(old)), ptr, C.uint32_t(len(src)),
		ep, C.uint32_t(len(edits)), C.uint64_t(budget), &cused, &failure)
	used = uint64(cused)
	if ct == nil {
		if failure == C.HEED_PARSE_BUDGET {
			return nil, used, errParseBudget
		}
		return nil, used, errors.New("the grammar's ABI version is not one this Tree-sitter reads")
	}
	t = new(sitter.Tree)
	*(**C.TSTree)(unsafe.Pointer(t)) = ct
	return t, used, nil
}

// deleteInArena deletes a tree of the arena; the memory no other tree of the arena
// shares goes back to it.
func deleteInArena(arena *C.heed_arena, t *sitter.Tree) {
	C.heed_tree_delete_in(arena, *(**C.TSTree)(unsafe.Pointer(t)))
}
