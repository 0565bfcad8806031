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

bool heed_matches(const TSQuery *query, TSNode node, uint32_t match_limit, heed_matches_result *out) {
  TSQueryCursor *c = ts_query_cursor_new();
  if (!c) return false;
  ts_query_cursor_set_match_limit(c, match_limit);
  ts_query_cursor_exec(c, query, node);
  TSQueryMatch m;
  bool ok = true;
  while (ts_query_cursor_next_match(c, &m)) {
    if (!grow((void **)&out->matches, &out->capmatches, out->nmatches + 1, sizeof(heed_match)) ||
        !grow((void **)&out->captures, &out->capcaptures, out->ncaptures + m.capture_count, sizeof(heed_capture))) {
      ok = false;
      break;
    }
    out->matches[out->nmatches++] = (heed_match){m.pattern_index, out->ncaptures, m.capture_count};
    for (uint16_t i = 0; i < m.capture_count; i++) {
      TSNode n = m.captures[i].node;
      out->captures[out->ncaptures++] =
          (heed_capture){n, m.captures[i].index, ts_node_start_byte(n), ts_node_end_byte(n)};
    }
  }
  ts_query_cursor_delete(c);
  return ok;
}

void heed_matches_free(heed_matches_result *out) {
  free(out->matches);
  free(out->captures);
  out->matches = NULL;
  out->captures = NULL;
}
