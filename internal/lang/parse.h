// heed_parse parses a UTF-8 source in one foreign call (see parse.c).
#ifndef HEED_PARSE_H
#define HEED_PARSE_H

#include "ts.h"

// heed_parse parses src[0:len) with the parser's language, giving up (NULL) after
// timeout_micros. Tree-sitter keeps no pointer to src once it returns.
TSTree *heed_parse(TSParser *parser, const char *src, uint32_t len, uint64_t timeout_micros);

#endif
