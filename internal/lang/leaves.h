// heed_leaves lists the tokens of a tree in one foreign call (see leaves.c).
#ifndef HEED_LEAVES_H
#define HEED_LEAVES_H

#include "ts.h"

// One token (a leaf that is neither an extra, such as a comment, nor MISSING, nor
// empty): its byte range, the symbols of its parent and grandparent (0xFFFF is ERROR;
// 0 where there is none), and whether an ERROR node holds it.
typedef struct {
  uint32_t start, end;
  TSSymbol parent, grand;
  bool in_error;
} heed_token;

// The tokens of one tree, in a malloc'd array the caller frees with heed_leaves_free.
typedef struct {
  heed_token *tokens;
  uint32_t n, cap;
} heed_leaves_result;

// heed_leaves appends the tokens under root to out (zeroed by the caller), in order.
// It returns false if memory ran out; out must still be freed.
bool heed_leaves(TSNode root, heed_leaves_result *out);
void heed_leaves_free(heed_leaves_result *out);

#endif
