package lang

/*
#include "arena.h"
*/
import "C"

// The released go-tree-sitter routes every C allocation through a Go callback, which
// halves parse throughput. heed installs its own (arena.c): a parse allocates from
// the tree's arena, anything else from libc. Tree-sitter's memory is only ever freed
// by Tree-sitter or by heed, so nothing else sees the difference. The same call fixes
// glibc's mmap threshold (arena.c, fix_malloc_thresholds).
//
// initcheck:allow one C call, no allocation: it must come before Tree-sitter allocates anything
func init() { C.heed_arena_install() }
