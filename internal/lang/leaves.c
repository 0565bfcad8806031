// The walk over a tree's tokens in C: from Go it costs a foreign call per node step
// and per question asked of a node, which made the TypeScript repairs (tsrepair.go)
// cost more than the parse they repair.
#include <stdlib.h>

#include "leaves.h"

#define HEED_MAX_DEPTH 4096

bool heed_leaves(TSNode root, heed_leaves_result *out) {
  // Per depth: the node's symbol and whether it or an ancestor is an ERROR.
  TSSymbol *sym = malloc(sizeof(TSSymbol) * HEED_MAX_DEPTH);
  bool *err = malloc(sizeof(bool) * HEED_MAX_DEPTH);
  if (!sym || !err) {
    free(sym);
    free(err);
    return false;
  }
  bool ok = true;
  TSTreeCursor c = ts_tree_cursor_new(root);
  uint32_t depth = 0;
  sym[0] = ts_node_symbol(root);
  err[0] = ts_node_is_error(root);
  for (;;) {
    if (depth + 1 < HEED_MAX_DEPTH && ts_tree_cursor_goto_first_child(&c)) {
      TSNode n = ts_tree_cursor_current_node(&c);
      depth++;
      sym[depth] = ts_node_symbol(n);
      err[depth] = err[depth - 1] || ts_node_is_error(n);
      continue;
    }
    TSNode n = ts_tree_cursor_current_node(&c);
    uint32_t start = ts_node_start_byte(n), end = ts_node_end_byte(n);
    if (depth > 0 && end > start && !ts_node_is_missing(n) && !ts_node_is_extra(n)) {
      if (out->n == out->cap) {
        uint32_t cap = out->cap ? out->cap * 2 : 1024;
        heed_token *t = realloc(out->tokens, sizeof(heed_token) * cap);
        if (!t) {
          ok = false;
          break;
        }
        out->tokens = t;
        out->cap = cap;
      }
      out->tokens[out->n++] = (heed_token){start, end, sym[depth - 1], depth > 1 ? sym[depth - 2] : 0, err[depth]};
    }
    for (;;) {
      if (depth == 0) goto done;
      if (ts_tree_cursor_goto_next_sibling(&c)) {
        TSNode s = ts_tree_cursor_current_node(&c);
        sym[depth] = ts_node_symbol(s);
        err[depth] = err[depth - 1] || ts_node_is_error(s);
        break;
      }
      ts_tree_cursor_goto_parent(&c);
      depth--;
    }
  }
done:
  ts_tree_cursor_delete(&c);
  free(sym);
  free(err);
  return ok;
}

void heed_leaves_free(heed_leaves_result *out) {
  free(out->tokens);
  out->tokens = NULL;
  out->n = out->cap = 0;
}
