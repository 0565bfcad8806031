// A per-tree memory arena for Tree-sitter (see arena.c).
#ifndef HEED_ARENA_H
#define HEED_ARENA_H

#include <stddef.h>

typedef struct heed_arena heed_arena;

// heed_arena_new returns an empty arena, or NULL when memory ran out.
heed_arena *heed_arena_new(size_t first_chunk);

// heed_arena_enter makes Tree-sitter allocate from a on this thread until
// heed_arena_leave; both run inside one foreign call, so no goroutine switch can
// carry the arena to another thread.
void heed_arena_enter(heed_arena *a);
void heed_arena_leave(void);

// heed_arena_free releases everything allocated from a at once.
void heed_arena_free(heed_arena *a);

// heed_arena_bytes is how much memory a holds (its chunks).
size_t heed_arena_bytes(const heed_arena *a);

// heed_arena_install hands Tree-sitter the allocator: the arena's when one is entered
// on the calling thread, libc's otherwise.
void heed_arena_install(void);

#endif
