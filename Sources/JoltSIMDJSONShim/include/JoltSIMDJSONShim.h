#ifndef JOLT_SIMDJSON_SHIM_H
#define JOLT_SIMDJSON_SHIM_H

#include <stddef.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/* The largest input jolt_simdjson_index accepts (simdjson's limit, 4 GiB less one byte). */
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
   `length`, owned by the indexer (valid until the next call or
   jolt_simdjson_destroy); otherwise simdjson's non-zero error code (the input
   is invalid, or a resource failed). */
int jolt_simdjson_index(jolt_simdjson_indexer *indexer, const uint8_t *bytes, size_t length,
                        const uint32_t **indexes, size_t *count);

/* 1 if every escape of the `n` bytes at `p` (a string's content from its first
   backslash to its closing quote, excluded) is a valid two-byte escape or a
   `\uXXXX` of four hexadecimal digits that does not start with `d` or `D`; else 0,
   and the caller checks the escapes one by one (a surrogate, or an invalid or
   cut-off escape). The escapes are checked 64 bytes at a time (AVX2 where the CPU
   has it). Reads no byte at or past `p + n`. */
int jolt_simdjson_escapes_are_plain(const uint8_t *p, size_t n);

/* Where a stream decoder is in framing one array or object element (see
   jolt_simdjson_frame). Zeroed before the element's first call. */
typedef struct {
    /* The element's bytes consumed so far, in whole blocks of 64. */
    uint64_t scanned;
    /* All ones if byte `scanned` is inside a string, else 0. */
    uint64_t in_string;
    /* 1 if byte `scanned` is escaped by a backslash before it, else 0. */
    uint64_t escaped;
    /* Brackets open before byte `scanned`. */
    uint64_t depth;
} jolt_simdjson_frame_state;

/* Finds the end of the array or object element whose first byte, `{` or `[`, is
   `element[0]`, among the `available` bytes there, as the stream framer does:
   brackets outside strings, a string's quote unless a backslash escapes it. It
   resumes where `state` says and goes on to `available`: call it again, with the
   same state, when more bytes have come (after the element's first byte, they
   are read 64 at a time, those of the last partial block again on the next
   call). Returns the element's length (the offset just past its closing bracket),
   0 if the element does not end within `available`, or -1 if the framer is to
   frame it: more than `max_depth` brackets open, or a backslash outside a string
   (invalid JSON, where the framer's answer, not this one's, is the reference).
   The brackets' kinds are not matched: the decoder checks the element. Reads no
   byte at or past `element + available`. */
int64_t jolt_simdjson_frame(const uint8_t *element, size_t available, uint64_t max_depth,
                            jolt_simdjson_frame_state *state);

/* jolt_simdjson_frame and jolt_simdjson_escapes_are_plain with the kernel chosen:
   `avx2` 1 for AVX2 where the CPU has it (what those two do), 0 for the baseline
   x86-64 one (SSE2), which a CPU with AVX2 never runs otherwise. For tests that
   compare the two. */
int64_t jolt_simdjson_frame_with(const uint8_t *element, size_t available, uint64_t max_depth,
                                 jolt_simdjson_frame_state *state, int avx2);
int jolt_simdjson_escapes_are_plain_with(const uint8_t *p, size_t n, int avx2);

/* 1 if the CPU has AVX2 and the shim's AVX2 kernels run, else 0. */
int jolt_simdjson_has_avx2(void);

/* The name of the implementation simdjson chose for this CPU ("haswell", ...). */
const char *jolt_simdjson_implementation(void);

#if defined(__SSE2__)
/* Bit k set for each byte k of `v` that is not an ASCII digit. */
static inline uint64_t jolt_non_digits16(__m128i v) {
    const __m128i nine = _mm_set1_epi8(9);
    __m128i t = _mm_sub_epi8(v, _mm_set1_epi8('0'));
    return (uint64_t)(~_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(t, nine), nine)) & 0xFFFF);
}
#endif

/* The offset of the first backslash among the `n` bytes at `p`, or `n` if there
   is none. Reads 16 bytes at a time while they lie before `end` (never at or past
   it; `p + n <= end`), then byte by byte. Inline, so that Swift's walk compiles it
   in place. */
static inline size_t jolt_first_backslash(const uint8_t *p, size_t n, const uint8_t *end) {
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i backslash = _mm_set1_epi8('\\');
    for (; i < n && (size_t)(end - p) - i >= 16; i += 16) {
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + i)), backslash));
        if (mask != 0) {
            size_t at = i + (size_t)__builtin_ctz(mask);
            return at < n ? at : n;
        }
    }
#endif
    for (; i < n; i++) {
        if (p[i] == '\\') { return i; }
    }
    return n;
}

/* 1 if the `n` bytes at `p` (1 <= n <= 32) are exactly a JSON number without an
   exponent, `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, else 0 (which says only that this
   test does not accept them: an exponent, a leading zero, a byte that is not part
   of a number). The caller guarantees that `n + 8` bytes can be read at `p`.
   Inline, so that Swift's walk compiles it in place: the bytes are classified
   16 at a time (SSE2, in every x86-64 CPU), with no loop and one branch on the
   length. */
static inline int jolt_is_plain_number(const uint8_t *p, size_t n) {
    uint64_t other = 0; /* bit k: byte k is not a digit */
#if defined(__SSE2__)
    /* Fewer than eight bytes: only eight are known to be readable. */
    other = jolt_non_digits16(n < 8 ? _mm_loadl_epi64((const __m128i *)p) : _mm_loadu_si128((const __m128i *)p));
    if (n > 16) {
        /* The last 16 bytes (overlapping the first load): bit k is byte n - 16 + k. */
        other |= jolt_non_digits16(_mm_loadu_si128((const __m128i *)(p + n - 16))) << (n - 16);
    }
#else
    for (size_t k = 0; k < n; k++) {
        if ((uint8_t)(p[k] - '0') > 9) { other |= (uint64_t)1 << k; }
    }
#endif
    size_t sign = p[0] == '-';
    other &= (((uint64_t)1 << n) - 1) & ~(uint64_t)sign;
    if (n <= sign) { return 0; }
    int leading_zero = p[sign] == '0';
    if (other == 0) { return !leading_zero || n == sign + 1; }
    size_t dot = (size_t)__builtin_ctzll(other);
    return (other & (other - 1)) == 0 && p[dot] == '.' && dot > sign && dot + 1 < n
        && (!leading_zero || dot == sign + 1);
}

#ifdef __cplusplus
}
#endif

#endif
