// Tree-sitter memory by the tree. Parsing a file makes hundreds of thousands of small
// allocations; freeing its tree walks every node to release them one by one. Here a
// parse allocates from an arena of its own (a chain of large chunks, with free lists
// by size class so that what the parser frees while it works is reused), and closing
// the tree releases the chunks: no per-node free, and malloc's bookkeeping is skipped.
//
// The allocator Tree-sitter is given is global, so the arena is chosen per thread:
// one is entered only for the length of one foreign call (the parse), and anything
// Tree-sitter allocates outside it (queries, cursors) comes from libc as before. A
// pointer freed or grown while an arena is entered but not from it is libc's and goes
// back to libc.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/mman.h>

#include "arena.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

extern void ts_set_allocator(void *(*)(size_t), void *(*)(size_t, size_t), void *(*)(void *, size_t), void (*)(void *));

typedef struct heed_chunk {
  struct heed_chunk *next;
  char *top;  // the next free byte
  char *end;  // one past the last byte
  size_t pad; // keeps the data 16-byte aligned
} heed_chunk;

// Every block carries its usable size in front, for realloc and the free lists.
typedef struct {
  size_t size;
  size_t pad;
} heed_block;

// Classes: 16-byte steps up to 256 bytes (16 classes), then powers of two up to 2^63.
#define HEED_SMALL 256
#define HEED_CLASSES (16 + 56)

struct heed_arena {
  heed_chunk *chunks; // newest first
  size_t next_chunk;
  size_t bytes;
  void *free_lists[HEED_CLASSES];
};

static __thread heed_arena *heed_current;

static size_t class_of(size_t n, size_t *size) {
  if (n <= HEED_SMALL) {
    size_t k = n == 0 ? 0 : (n - 1) / 16;
    *size = (k + 1) * 16;
    return k;
  }
  size_t s = HEED_SMALL * 2;
  size_t k = 16;
  while (s < n) {
    s <<= 1;
    k++;
  }
  *size = s;
  return k;
}

// Chunks are mapped from the system, in sizes that are powers of two, and a closed
// tree's chunks are kept for the next parse up to HEED_CACHE_MAX bytes, the rest
// unmapped. From malloc, a check's resident memory grew with the files it had parsed,
// not with those in flight: glibc keeps what is freed in the arena of the thread
// that freed it, one arena per thread that ever parsed, and raises its mmap
// threshold past the chunks it was given back. Mapping every chunk afresh instead
// costs a page fault per page a parse touches; reused chunks are warm. 2 MiB keeps
// the chunks of the usual file's parse on each of two workers; 8 MiB held up to 4 MB
// more resident for 1 % less system time (cold checks of Django x1 and x6, the
// generated 20,000 files: 16.2 / 18.4 / 19.9 MB anonymous against 14.3 / 16.5 / 15.7,
// system time 0.11 / 0.49 / 0.35 s against 0.13 / 0.53 / 0.36 s).
#define HEED_CHUNK_MIN (64u << 10)
#define HEED_CHUNK_CLASSES 16 // 64 KiB to 2 GiB
#define HEED_CACHE_MAX (2u << 20)

static pthread_mutex_t chunk_mu = PTHREAD_MUTEX_INITIALIZER;
static void *chunk_cache[HEED_CHUNK_CLASSES]; // free chunks by class, linked through their first word
static size_t chunk_cached;                    // bytes in chunk_cache

// chunk_class returns the class of a chunk of *size bytes, rounding *size up to it.
static size_t chunk_class(size_t *size) {
  size_t s = HEED_CHUNK_MIN, k = 0;
  while (s < *size) {
    s <<= 1;
    k++;
  }
  *size = s;
  return k;
}

static void *chunk_alloc(size_t *size) {
  size_t k = chunk_class(size);
  if (k < HEED_CHUNK_CLASSES) {
    pthread_mutex_lock(&chunk_mu);
    void *p = chunk_cache[k];
    if (p) {
      chunk_cache[k] = *(void **)p;
      chunk_cached -= *size;
    }
    pthread_mutex_unlock(&chunk_mu);
    if (p) return p;
  }
  void *p = mmap(NULL, *size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

static void chunk_free(void *p, size_t size) {
  size_t s = size;
  size_t k = chunk_class(&s);
  if (k < HEED_CHUNK_CLASSES && s == size) {
    pthread_mutex_lock(&chunk_mu);
    if (chunk_cached + size <= HEED_CACHE_MAX) {
      *(void **)p = chunk_cache[k];
      chunk_cache[k] = p;
      chunk_cached += size;
      pthread_mutex_unlock(&chunk_mu);
      return;
    }
    pthread_mutex_unlock(&chunk_mu);
  }
  munmap(p, size);
}

static void out_of_memory(size_t n) {
  fprintf(stderr, "heed: Tree-sitter's arena could not allocate %zu bytes\n", n);
  abort(); // what Tree-sitter's own allocator does
}

static int owns(const heed_arena *a, const void *p) {
  for (const heed_chunk *c = a->chunks; c; c = c->next) {
    if ((const char *)p > (const char *)c && (const char *)p < c->end) return 1;
  }
  return 0;
}

static void *arena_alloc(heed_arena *a, size_t n) {
  size_t size;
  size_t k = class_of(n, &size);
  if (k >= HEED_CLASSES) out_of_memory(n);
  void *p = a->free_lists[k];
  if (p) {
    a->free_lists[k] = *(void **)p;
    return p;
  }
  size_t need = sizeof(heed_block) + size;
  heed_chunk *c = a->chunks;
  if (!c || (size_t)(c->end - c->top) < need) {
    size_t cap = a->next_chunk;
    while (cap < need + sizeof(heed_chunk)) cap *= 2;
    c = chunk_alloc(&cap);
    if (!c) out_of_memory(cap);
    c->top = (char *)(c + 1);
    c->end = (char *)c + cap;
    c->next = a->chunks;
    a->chunks = c;
    a->bytes += cap;
    a->next_chunk = cap * 2 > (64u << 20) ? (64u << 20) : cap * 2;
  }
  heed_block *b = (heed_block *)c->top;
  c->top += need;
  b->size = size;
  return b + 1;
}

static void arena_release(heed_arena *a, void *p) {
  heed_block *b = (heed_block *)p - 1;
  size_t size;
  size_t k = class_of(b->size, &size);
  *(void **)p = a->free_lists[k];
  a->free_lists[k] = p;
}

static void *heed_malloc(size_t n) {
  heed_arena *a = heed_current;
  return a ? arena_alloc(a, n) : malloc(n);
}

static void *heed_calloc(size_t count, size_t size) {
  heed_arena *a = heed_current;
  if (!a) return calloc(count, size);
  if (size && count > SIZE_MAX / size) out_of_memory(SIZE_MAX);
  void *p = arena_alloc(a, count * size);
  memset(p, 0, count * size);
  return p;
}

static void *heed_realloc(void *p, size_t n) {
  heed_arena *a = heed_current;
  if (!a || (p && !owns(a, p))) return realloc(p, n);
  if (!p) return arena_alloc(a, n);
  size_t old = ((heed_block *)p - 1)->size;
  if (n <= old) return p;
  void *q = arena_alloc(a, n);
  memcpy(q, p, old);
  arena_release(a, p);
  return q;
}

static void heed_free(void *p) {
  if (!p) return;
  heed_arena *a = heed_current;
  if (a && owns(a, p)) {
    arena_release(a, p);
    return;
  }
  free(p);
}

heed_arena *heed_arena_new(size_t first_chunk) {
  heed_arena *a = calloc(1, sizeof *a);
  if (!a) return NULL;
  a->next_chunk = first_chunk < 4096 ? 4096 : first_chunk;
  return a;
}

void heed_arena_enter(heed_arena *a) { heed_current = a; }

void heed_arena_leave(void) { heed_current = NULL; }

void heed_arena_free(heed_arena *a) {
  if (!a) return;
  for (heed_chunk *c = a->chunks, *next; c; c = next) {
    next = c->next;
    chunk_free(c, (size_t)(c->end - (char *)c));
  }
  free(a);
}

size_t heed_arena_bytes(const heed_arena *a) { return a ? a->bytes : 0; }

// glibc serves a block of 128 KiB or more with a mapping of its own and unmaps it
// when freed, but the first time such a block is freed it raises that threshold to
// the block's size (up to 32 MiB) and the trim threshold to twice it: from then on,
// blocks that size come from the heaps and up to twice as much free memory is kept
// at the top of each thread's heap. Tree-sitter's query compilation callocs 1.4 MB
// for a Python query and frees it at once, so after the first source rule's query
// every malloc arena a query, cursor or parser touched kept up to 2.8 MB free: on
// a check of Django, 5 of the 20 MB of anonymous memory. Fixing the threshold at
// glibc's default (which turns the adjustment off) gives that memory back; the
// temporary blocks are mapped and unmapped each time, a few dozen per run.
static void fix_malloc_thresholds(void) {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
}

void heed_arena_install(void) {
  fix_malloc_thresholds();
  ts_set_allocator(heed_malloc, heed_calloc, heed_realloc, heed_free);
}
