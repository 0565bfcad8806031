// heed_matches runs a query over a tree in one foreign call (see matches.c).
#ifndef HEED_MATCHES_H
#define HEED_MATCHES_H

#include "ts.h"

// One match: its pattern and its captures, captures[first, first+count).
typedef struct {
  uint32_t pattern;
  uint32_t first;
  uint32_t count;
} heed_match;

// One captured node with its byte range, so Go reads positions without a call each.
typedef struct {
  TSNode node;
  uint32_t index;
  uint32_t start;
  uint32_t end;
} heed_capture;

// The matches of one run, in malloc'd arrays the caller frees with heed_matches_free.
typedef struct {
  heed_match *matches;
  uint32_t nmatches, capmatches;
  heed_capture *captures;
  uint32_t ncaptures, capcaptures;
} heed_matches_result;

// heed_matches collects every match of query under node into out (zeroed by the
// caller). It returns false if memory ran out; out then holds what was collected and
// must still be freed.
bool heed_matches(const TSQuery *query, TSNode node, uint32_t match_limit, heed_matches_result *out);

// heed_matches_rooted is heed_matches for a query each of whose patterns is rooted
// at a node of one of the kinds (roots[symbol] != 0, for symbol < nroots): it walks
// the tree itself and runs the query only at those nodes, no deeper start than the
// node. Matches come in the order of their root nodes (pre-order).
bool heed_matches_rooted(const TSQuery *query, TSNode node, const uint8_t *roots, uint32_t nroots, uint32_t match_limit,
                         heed_matches_result *out);
void heed_matches_free(heed_matches_result *out);

#endif
