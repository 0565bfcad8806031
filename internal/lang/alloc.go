package lang

/*
#include <stdlib.h>
extern void ts_set_allocator(void *(*)(size_t), void *(*)(size_t, size_t), void *(*)(void *, size_t), void (*)(void *));
static void heed_ts_use_libc_alloc(void) { ts_set_allocator(malloc, calloc, realloc, free); }
*/
import "C"

// The released go-tree-sitter routes every C allocation through a Go callback, which
// halves parse throughput. Tree-sitter's memory is only ever freed by tree-sitter
// itself, so handing it libc's allocator directly is safe and roughly doubles speed.
func init() { C.heed_ts_use_libc_alloc() }
