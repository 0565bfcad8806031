// Parsing in C. The binding's ParseWithOptions reads the source through a Go callback
// that copies what is left of it twice (to a Go string, then to C) at each read, and
// calls back into Go every hundred parser operations for the progress callback that
// enforces heed's bound. Here the source is read in place and the bound counted in C.
#include "parse.h"

typedef struct {
  const char *src;
  uint32_t len;
  // budget is the work the parse may do, in the parser's progress checks (one every
  // hundred or so of its operations); used counts them. Work, not time: the same
  // source parses, or gives up, the same way however busy the machine is.
  uint64_t budget, used;
} heed_parse_input;

static const char *heed_read(void *payload, uint32_t byte_index, TSPoint position, uint32_t *bytes_read) {
  (void)position;
  heed_parse_input *in = payload;
  if (byte_index >= in->len) {
    *bytes_read = 0;
    return "";
  }
  *bytes_read = in->len - byte_index;
  return in->src + byte_index;
}

// Returning true cancels the parse.
static bool heed_over_budget(TSParseState *state) {
  heed_parse_input *in = state->payload;
  return ++in->used > in->budget;
}

// heed_parse parses src[0:len) with the parser's language, from old (an edited tree
// of the text before, or NULL), giving up (NULL) after budget progress checks; *used
// is how many it made. Tree-sitter keeps no pointer to src once it returns.
static TSTree *heed_parse(TSParser *parser, const TSTree *old, const char *src, uint32_t len, uint64_t budget, uint64_t *used) {
  heed_parse_input in = {src, len, budget, 0};
  TSInput input = {&in, heed_read, TSInputEncodingUTF8, NULL};
  TSParseOptions options = {&in, heed_over_budget};
  TSTree *tree = ts_parser_parse_with_options(parser, old, input, options);
  *used = in.used;
  return tree;
}

TSTree *heed_parse_arena(const TSLanguage *language, const char *src, uint32_t len, uint64_t budget, uint64_t *used, heed_arena **arena, int *failure) {
  // A tree takes some tens of bytes per source byte; starting near that size keeps
  // the chain of chunks short.
  heed_arena *a = heed_arena_new((size_t)len * 16 + 65536);
  *arena = NULL;
  *used = 0;
  if (!a) {
    *failure = HEED_PARSE_MEMORY;
    return NULL;
  }
  heed_arena_enter(a);
  TSTree *tree = NULL;
  // A parser per tree: a pooled one would keep arena memory (its stack and subtree
  // pools) past the arena's life. Deleting it inside the arena only runs its external
  // scanner's destructor (which frees with libc) and recycles its blocks.
  TSParser *parser = ts_parser_new();
  if (!ts_parser_set_language(parser, language)) {
    *failure = HEED_PARSE_LANGUAGE;
  } else if (!(tree = heed_parse(parser, NULL, src, len, budget, used))) {
    *failure = HEED_PARSE_BUDGET;
  }
  ts_parser_delete(parser);
  heed_arena_leave();
  if (!tree) {
    heed_arena_free(a);
    return NULL;
  }
  *arena = a;
  return tree;
}

TSTree *heed_reparse_arena(const TSLanguage *language, heed_arena *a, TSTree *old, const char *src, uint32_t len,
                           const uint32_t *edits, uint32_t nedits, uint64_t budget, uint64_t *used, int *failure) {
  *used = 0;
  heed_arena_enter(a);
  uint32_t row = 0, col = 0, at = 0;
  for (uint32_t i = 0; i < nedits; i++) {
    for (; at < edits[i] && at < len; at++) {
      if (src[at] == '\n') {
        row++;
        col = 0;
      } else {
        col++;
      }
    }
    TSInputEdit e = {edits[i], edits[i] + 1, edits[i] + 1, {row, col}, {row, col + 1}, {row, col + 1}};
    ts_tree_edit(old, &e);
  }
  TSTree *tree = NULL;
  TSParser *parser = ts_parser_new();
  if (!ts_parser_set_language(parser, language)) {
    *failure = HEED_PARSE_LANGUAGE;
  } else if (!(tree = heed_parse(parser, old, src, len, budget, used))) {
    *failure = HEED_PARSE_BUDGET;
  }
  ts_parser_delete(parser);
  heed_arena_leave();
  return tree;
}

void heed_tree_delete_in(heed_arena *a, TSTree *tree) {
  heed_arena_enter(a);
  ts_tree_delete(tree);
  heed_arena_leave();
}
