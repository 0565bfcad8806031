package lang

/*
#include "parse.h"
*/
import "C"

import (
	"time"
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// parseC parses src with p in one foreign call (parse.c), or returns nil when the
// parse overran timeout (the parser must then be reset). src is read in place: cgo
// keeps it pinned for the call, and Tree-sitter keeps no pointer to it after.
func parseC(p *sitter.Parser, src []byte, timeout time.Duration) *sitter.Tree {
	// The binding keeps its C parser and tree unexported, each at offset 0 of its
	// struct (as with queries in matches.go); a Tree is nothing but that pointer, and
	// the binding sets no finalizer on it, so one built here is closed like its own.
	cp := *(**C.TSParser)(unsafe.Pointer(p))
	var ptr *C.char
	if len(src) > 0 {
		ptr = (*C.char)(unsafe.Pointer(&src[0]))
	}
	ct := C.heed_parse(cp, ptr, C.uint32_t(len(src)), C.uint64_t(max(timeout.Microseconds(), 0)))
	if ct == nil {
		return nil
	}
	t := new(sitter.Tree)
	*(**C.TSTree)(unsafe.Pointer(t)) = ct
	return t
}
