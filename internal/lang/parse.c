// Parsing in C. The binding's ParseWithOptions reads the source through a Go callback
// that copies what is left of it twice (to a Go string, then to C) at each read, and
// calls back into Go every hundred parser operations for the progress callback that
// enforces heed's timeout. Here the source is read in place and the deadline checked
// in C.
#include <time.h>

#include "parse.h"

typedef struct {
  const char *src;
  uint32_t len;
  struct timespec deadline;
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
static bool heed_past_deadline(TSParseState *state) {
  heed_parse_input *in = state->payload;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec > in->deadline.tv_sec || (now.tv_sec == in->deadline.tv_sec && now.tv_nsec >= in->deadline.tv_nsec);
}

TSTree *heed_parse(TSParser *parser, const char *src, uint32_t len, uint64_t timeout_micros) {
  heed_parse_input in = {src, len, {0, 0}};
  clock_gettime(CLOCK_MONOTONIC, &in.deadline);
  in.deadline.tv_sec += (time_t)(timeout_micros / 1000000);
  in.deadline.tv_nsec += (long)(timeout_micros % 1000000) * 1000;
  if (in.deadline.tv_nsec >= 1000000000L) {
    in.deadline.tv_sec++;
    in.deadline.tv_nsec -= 1000000000L;
  }
  TSInput input = {&in, heed_read, TSInputEncodingUTF8, NULL};
  TSParseOptions options = {&in, heed_past_deadline};
  return ts_parser_parse_with_options(parser, NULL, input, options);
}
