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
// out (HEED_PARSE_MEMORY) or the parse needed more than budget units of work
// (HEED_PARSE_BUDGET; a unit is one of the parser's progress checks, made every
// hundred or so of its operations). *used is the units the parse took.
enum { HEED_PARSE_LANGUAGE = 1, HEED_PARSE_MEMORY, HEED_PARSE_BUDGET };
TSTree *heed_parse_arena(const TSLanguage *language, const char *src, uint32_t len, uint64_t budget, uint64_t *used, heed_arena **arena, int *failure);

// heed_reparse_arena parses src again after byte-for-byte edits from old, a tree of
// the text before them that lives in arena a: edits[0:nedits) are the offsets of the
// changed bytes, ascending, none of them a line break either side. old is edited to
// match (its shape is unchanged), what the edits did not touch is reused, and the new
// tree is allocated from a as well: freeing a frees both. NULL when the parse needed
// more than budget units of work (*failure = HEED_PARSE_BUDGET) or the language did
// not load; *used is the units it took.
TSTree *heed_reparse_arena(const TSLanguage *language, heed_arena *a, TSTree *old, const char *src, uint32_t len,
                           const uint32_t *edits, uint32_t nedits, uint64_t budget, uint64_t *used, int *failure);

// heed_tree_delete_in deletes a tree of arena a, its memory (what no other tree of
// the arena shares) going back to the arena.
void heed_tree_delete_in(heed_arena *a, TSTree *tree);

#endif
