// The query cursor loop in C. Driving it from Go costs a foreign call per match (and
// the binding's Next allocates a C match struct each time) plus two per capture for
// its byte range; on a large repository with common node kinds that was most of a
// check's time. Here the whole run is one call that returns flat arrays.
#include <stdlib.h>

#include "matches.h"

static bool grow(void **p, uint32_t *cap, uint32_t need, size_t size) {
  if (need <= *cap) return true;
  uint32_t n = *cap ? *cap : 64;
  while (n < need) n *= 2;
  void *q = realloc(*p, (size_t)n * size);
  if (!q) return false;
  *p = q;
  *cap = n;
  return true;
}

// collect appends every match the cursor yields to out.
static bool collect(TSQueryCursor *c, heed_matches_result *out) {
  TSQueryMatch m;
  while (ts_query_cursor_next_match(c, &m)) {
    if (!grow((void **)&out->matches, &out->capmatches, out->nmatches + 1, sizeof(heed_match)) ||
        !grow((void **)&out->captures, &out->capcaptures, out->ncaptures + m.capture_count, sizeof(heed_capture))) {
      return false;
    }
    out->matches[out->nmatches++] = (heed_match){m.pattern_index, out->ncaptures, m.capture_count};
    for (uint16_t i = 0; i < m.capture_count; i++) {
      TSNode n = m.captures[i].node;
      out->captures[out->ncaptures++] =
          (heed_capture){n, m.captures[i].index, ts_node_start_byte(n), ts_node_end_byte(n)};
    }
  }
  return true;
}

bool heed_matches(const TSQuery *query, TSNode node, uint32_t match_limit, heed_matches_result *out) {
  TSQueryCursor *c = ts_query_cursor_new();
  if (!c) return false;
  ts_query_cursor_set_match_limit(c, match_limit);
  ts_query_cursor_exec(c, query, node);
  bool ok = collect(c, out);
  ts_query_cursor_delete(c);
  return ok;
}

// The query cursor does a good deal of work at every node it enters (the node's
// field, its siblings, its points, the patterns that may start there); a plain walk
// that only compares each node's kind with the patterns' roots costs a fraction of
// it, and the cursor then runs on the few nodes where a match can start.
bool heed_matches_rooted(const TSQuery *query, TSNode node, const uint8_t *roots, uint32_t nroots, uint32_t match_limit,
                         heed_matches_result *out) {
  TSQueryCursor *c = ts_query_cursor_new();
  if (!c) return false;
  ts_query_cursor_set_match_limit(c, match_limit);
  ts_query_cursor_set_max_start_depth(c, 0);
  TSTreeCursor walk = ts_tree_cursor_new(node);
  bool ok = true;
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&walk);
    TSSymbol s = ts_node_symbol(n);
    if (s < nroots && roots[s]) {
      ts_query_cursor_exec(c, query, n);
      if (!(ok = collect(c, out))) break;
    }
    if (ts_tree_cursor_goto_first_child(&walk)) continue;
    bool more = false;
    do {
      if (ts_tree_cursor_goto_next_sibling(&walk)) {
        more = true;
        break;
      }
    } while (ts_tree_cursor_goto_parent(&walk));
    if (!more) break;
  }
  ts_tree_cursor_delete(&walk);
  ts_query_cursor_delete(c);
  return ok;
}

void heed_matches_free(heed_matches_result *out) {
  free(out->matches);
  free(out->captures);
  out->matches = NULL;
  out->captures = NULL;
}
