#ifndef JOLT_SIMDJSON_SHIM_H
#define JOLT_SIMDJSON_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A C interface to simdjson's stage 1 (structural indexing), for Jolt's simdjson
   backend. No C++ exception crosses it: every failure is a return code.

   Stage 1 validates UTF-8, finds every string (rejecting one left open or holding
   a raw control character) and lists the position of every `{ } [ ] : ,` and of
   the first byte of every string and scalar outside strings. It reads the
   caller's bytes in place and never past their end (no copy is made). */

typedef struct jolt_simdjson_indexer jolt_simdjson_indexer;

/* The largest input jolt_simdjson_index accepts (simdjson's limit, less padding). */
size_t jolt_simdjson_max_length(void);

/* An indexer for inputs of up to `capacity` bytes, or NULL if memory ran out,
   the capacity is too large or simdjson is unavailable. It may be the one this
   thread released last (see jolt_simdjson_destroy): only one user at a time. */
jolt_simdjson_indexer *jolt_simdjson_create(size_t capacity);

/* Releases the indexer: the thread keeps it for its next jolt_simdjson_create if
   its capacity is at most 64 KiB (and larger than the one it kept before), else it
   is freed with its indexes. NULL is allowed. */
void jolt_simdjson_destroy(jolt_simdjson_indexer *indexer);

/* Indexes `length` bytes at `bytes` (at most the capacity). Returns 0 on success,
   with `*indexes` pointing at `*count` ascending byte offsets and one more entry,
   `length`, and `*backslashes` at a bitmap of the input's backslashes (bit `i % 64`
   of word `i / 64` is set iff byte `i` is a backslash), both owned by the indexer
   (valid until the next call or jolt_simdjson_destroy); otherwise simdjson's
   non-zero error code (the input is invalid, or a resource failed). */
int jolt_simdjson_index(jolt_simdjson_indexer *indexer, const uint8_t *bytes, size_t length,
                        const uint32_t **indexes, size_t *count, const uint64_t **backslashes);

/* The name of the implementation simdjson chose for this CPU ("haswell", ...). */
const char *jolt_simdjson_implementation(void);

#ifdef __cplusplus
}
#endif

#endif
