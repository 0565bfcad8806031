// heed_parse_arena parses a UTF-8 source in one foreign call (see parse.c).
#ifndef HEED_PARSE_H
#define HEED_PARSE_H

#include "arena.h"
#include "ts.h"

// heed_parse_arena parses src as language with a parser of its own, everything it
// allocates coming from a new arena: the tree's memory. On success *arena holds it,
// and freeing the arena (heed_arena_free) is how the tree is released; the tree must
// not be deleted with ts_tree_delete. NULL, with nothing left allocated, when the
// language did not load (*failure = HEED_PARSE_LANGUAGE), memory for the arena ran
// out (HEED_PARSE_MEMORY) or the parse timed out (HEED_PARSE_TIMEOUT).
enum { HEED_PARSE_LANGUAGE = 1, HEED_PARSE_MEMORY, HEED_PARSE_TIMEOUT };
TSTree *heed_parse_arena(const TSLanguage *language, const char *src, uint32_t len, uint64_t timeout_micros, heed_arena **arena, int *failure);

#endif
