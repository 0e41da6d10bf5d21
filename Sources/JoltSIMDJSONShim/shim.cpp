// Jolt's bridge to simdjson's stage 1. Compiled to nothing unless the SIMDJSON
// trait is on (the target is always part of the package, the library is not).
#include "JoltSIMDJSONShim.h"

#if defined(JOLT_SIMDJSON)

#include <simdjson.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define JOLT_SIMDJSON_AVX2 1
#endif

#include <cstring>
#include <memory>
#include <new>

struct jolt_simdjson_indexer {
    std::unique_ptr<simdjson::internal::dom_parser_implementation> parser;
    size_t capacity;
};

// MARK: - Escapes

/* What one 64-byte block of a string holds, one bit per byte: backslashes, and,
   for blocks with an escape, the bytes that may follow a backslash (`"` `\` `/`
   `b` `f` `n` `r` `t` `u`), `u`, hexadecimal digits and `d` or `D`. */
struct block_masks {
    uint64_t backslash = 0;
    uint64_t valid = 0;
    uint64_t u = 0;
    uint64_t hex = 0;
    uint64_t d = 0;
};

/* What checking carries from one block to the next. */
struct escape_state {
    /* Whether the next block's first byte is escaped. */
    uint64_t next_is_escaped = 0;
    /* The escaped `u`s among the last four bytes of the block before, whose
       digits go on into this block. */
    uint64_t pending_u = 0;
};

/* The escaped bytes of a block (the byte after each backslash that is not itself
   escaped), carrying whether the next block's first byte is escaped: simdjson's
   own escape scanner (simdjson/generic/stage1/json_escape_scanner.h). */
static inline uint64_t escaped_bytes(uint64_t backslash, uint64_t &next_is_escaped) {
    if (backslash == 0) {
        uint64_t escaped = next_is_escaped;
        next_is_escaped = 0;
        return escaped;
    }
    const uint64_t odd = 0xAAAAAAAAAAAAAAAAULL;
    uint64_t potential = backslash & ~next_is_escaped;
    uint64_t code = (((potential << 1) | odd) - potential) ^ odd;
    uint64_t escaped = code ^ (backslash | next_is_escaped);
    next_is_escaped = (code & backslash) >> 63;
    return escaped;
}

/* Non-zero if an escape of the block must be checked one by one: an escaped
   byte that no escape allows, or a `\u` whose four digits are not all
   hexadecimal or start with `d` or `D` (a surrogate, or a code unit D000-D7FF,
   which the exact check accepts). The digits of a `\u` among the block's last
   four bytes are checked with the next block. */
static inline uint64_t escape_problems(uint64_t escaped, const block_masks &m, escape_state &state) {
    uint64_t problems = 0;
    if (state.pending_u != 0) {
        uint64_t u = state.pending_u;
        uint64_t digits = (u >> 63) | (u >> 62) | (u >> 61) | (u >> 60);
        problems = (digits & ~m.hex) | ((u >> 63) & m.d);
    }
    problems |= escaped & ~m.valid;
    uint64_t u = escaped & m.u;
    state.pending_u = u & (~uint64_t(0) << 60);
    if (u != 0) {
        uint64_t digits = (u << 1) | (u << 2) | (u << 3) | (u << 4);
        problems |= ((digits & ~m.hex) != 0 ? u : 0) | (u & (m.d >> 1));
    }
    return problems;
}

/* The masks of the 64 bytes at `p`, byte by byte, beyond the backslashes (for a
   CPU without AVX2, and only for blocks with an escape). */
static void classify_escapes(const uint8_t *p, block_masks &m) {
    for (int k = 0; k < 64; k++) {
        uint8_t c = p[k];
        uint64_t bit = uint64_t(1) << k;
        switch (c) {
        case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
            m.valid |= bit;
            break;
        case 'u':
            m.valid |= bit;
            m.u |= bit;
            break;
        default:
            break;
        }
        uint8_t lower = c | 0x20;
        if (uint8_t(c - '0') <= 9 || uint8_t(lower - 'a') <= 5) { m.hex |= bit; }
        if (lower == 'd') { m.d |= bit; }
    }
}

/* Backslashes of the 64 bytes at `p` (SSE2 where there is, else byte by byte). */
static inline uint64_t backslashes64(const uint8_t *p) {
    uint64_t mask = 0;
#if defined(__SSE2__)
    const __m128i backslash = _mm_set1_epi8('\\');
    for (int k = 0; k < 4; k++) {
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * k));
        mask |= static_cast<uint64_t>(static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, backslash)))) << (16 * k);
    }
#else
    for (int k = 0; k < 64; k++) {
        if (p[k] == '\\') { mask |= uint64_t(1) << k; }
    }
#endif
    return mask;
}

/* escape_problems of the 64 bytes at `p`. */
static inline uint64_t check_block(const uint8_t *p, escape_state &state) {
    block_masks m;
    m.backslash = backslashes64(p);
    if ((m.backslash | state.next_is_escaped | state.pending_u) == 0) { return 0; }
    classify_escapes(p, m);
    return escape_problems(escaped_bytes(m.backslash, state.next_is_escaped), m, state);
}

static uint64_t check_blocks(const uint8_t *p, size_t whole, escape_state &state) {
    uint64_t problems = 0;
    for (size_t i = 0; i < whole && problems == 0; i += 64) { problems = check_block(p + i, state); }
    return problems;
}

#if defined(JOLT_SIMDJSON_AVX2)
__attribute__((target("avx2")))
static inline uint64_t movemask64(__m256i low, __m256i high) {
    return static_cast<uint32_t>(_mm256_movemask_epi8(low))
        | (static_cast<uint64_t>(static_cast<uint32_t>(_mm256_movemask_epi8(high))) << 32);
}

/* The bytes of `v` that are a decimal digit, `a`-`f` or `A`-`F`. */
__attribute__((target("avx2")))
static inline __m256i hex32(__m256i v) {
    __m256i digit = _mm256_sub_epi8(v, _mm256_set1_epi8('0'));
    __m256i letter = _mm256_sub_epi8(_mm256_or_si256(v, _mm256_set1_epi8(0x20)), _mm256_set1_epi8('a'));
    __m256i nine = _mm256_set1_epi8(9);
    __m256i five = _mm256_set1_epi8(5);
    return _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(digit, nine), nine),
                           _mm256_cmpeq_epi8(_mm256_max_epu8(letter, five), five));
}

/* The bytes of `v` that may follow a backslash (`u`, given in `u`, among them). */
__attribute__((target("avx2")))
static inline __m256i valid32(__m256i v, __m256i u) {
    __m256i r = _mm256_or_si256(u, _mm256_cmpeq_epi8(v, _mm256_set1_epi8('"')));
    r = _mm256_or_si256(r, _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\')));
    r = _mm256_or_si256(r, _mm256_cmpeq_epi8(v, _mm256_set1_epi8('/')));
    r = _mm256_or_si256(r, _mm256_cmpeq_epi8(v, _mm256_set1_epi8('b')));
    r = _mm256_or_si256(r, _mm256_cmpeq_epi8(v, _mm256_set1_epi8('f')));
    r = _mm256_or_si256(r, _mm256_cmpeq_epi8(v, _mm256_set1_epi8('n')));
    r = _mm256_or_si256(r, _mm256_cmpeq_epi8(v, _mm256_set1_epi8('r')));
    return _mm256_or_si256(r, _mm256_cmpeq_epi8(v, _mm256_set1_epi8('t')));
}

/* check_block with 32-byte registers, for a CPU with AVX2 (the shim is otherwise
   compiled for baseline x86-64). */
__attribute__((target("avx2")))
static inline uint64_t check_block_avx2(const uint8_t *p, escape_state &state) {
    __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p));
    __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p + 32));
    const __m256i backslash = _mm256_set1_epi8('\\');
    block_masks m;
    m.backslash = movemask64(_mm256_cmpeq_epi8(a, backslash), _mm256_cmpeq_epi8(b, backslash));
    if ((m.backslash | state.next_is_escaped | state.pending_u) == 0) { return 0; }
    const __m256i letter_u = _mm256_set1_epi8('u');
    const __m256i letter_d = _mm256_set1_epi8('d');
    const __m256i case_bit = _mm256_set1_epi8(0x20);
    __m256i ua = _mm256_cmpeq_epi8(a, letter_u);
    __m256i ub = _mm256_cmpeq_epi8(b, letter_u);
    m.u = movemask64(ua, ub);
    m.valid = movemask64(valid32(a, ua), valid32(b, ub));
    m.hex = movemask64(hex32(a), hex32(b));
    m.d = movemask64(_mm256_cmpeq_epi8(_mm256_or_si256(a, case_bit), letter_d),
                     _mm256_cmpeq_epi8(_mm256_or_si256(b, case_bit), letter_d));
    return escape_problems(escaped_bytes(m.backslash, state.next_is_escaped), m, state);
}

__attribute__((target("avx2")))
static uint64_t check_blocks_avx2(const uint8_t *p, size_t whole, escape_state &state) {
    uint64_t problems = 0;
    for (size_t i = 0; i < whole && problems == 0; i += 64) { problems = check_block_avx2(p + i, state); }
    return problems;
}
#endif

/* Whether simdjson chose a kernel that requires AVX2 (so the CPU has it): read
   once, then constant. */
static bool has_avx2() {
    static const bool avx2 = (simdjson::get_active_implementation()->required_instruction_sets()
                              & simdjson::internal::instruction_set::AVX2) != 0;
    return avx2;
}

/* Whole blocks are read in place and the last, partial one from a block of
   spaces, so no byte at or past `p + n` is read. A space is none of the bytes
   an escape may hold, so an escape cut off by the end is reported. */
extern "C" int jolt_simdjson_escapes_are_plain(const uint8_t *p, size_t n) {
    return jolt_simdjson_escapes_are_plain_with(p, n, 1);
}

extern "C" int jolt_simdjson_escapes_are_plain_with(const uint8_t *p, size_t n, int avx2) {
    try {
        escape_state state;
        size_t whole = n & ~size_t(63);
        uint64_t problems;
        uint64_t (*check_last)(const uint8_t *, escape_state &) = check_block;
#if defined(JOLT_SIMDJSON_AVX2)
        if (avx2 != 0 && has_avx2()) {
            problems = check_blocks_avx2(p, whole, state);
            check_last = check_block_avx2;
        } else {
            problems = check_blocks(p, whole, state);
        }
#else
        (void)avx2;
        problems = check_blocks(p, whole, state);
#endif
        if (problems == 0 && whole < n) {
            uint8_t last[64];
            std::memset(last, ' ', sizeof last);
            std::memcpy(last, p + whole, n - whole);
            problems = check_last(last, state);
        }
        // A `\u` among the last four bytes of a whole block at the end has no room for its digits.
        return (problems | state.pending_u) == 0;
    } catch (...) {
        return 0;
    }
}

// MARK: - Stream framing

/* One 64-byte block's backslashes, quotes, opening brackets and closing
   brackets, one bit per byte. `{` and `[` differ only in bit 0x20, as do `}`
   and `]`, so each pair is one comparison. */
struct frame_masks {
    uint64_t backslash;
    uint64_t quote;
    uint64_t open;
    uint64_t close;
};

static inline frame_masks frame_masks_sse2(const uint8_t *p) {
    frame_masks m = {0, 0, 0, 0};
#if defined(__SSE2__)
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i case_bit = _mm_set1_epi8(0x20);
    const __m128i open = _mm_set1_epi8('{');
    const __m128i close = _mm_set1_epi8('}');
    for (int k = 0; k < 4; k++) {
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * k));
        __m128i folded = _mm_or_si128(v, case_bit);
        int shift = 16 * k;
        m.backslash |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, backslash)))) << shift;
        m.quote |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, quote)))) << shift;
        m.open |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(folded, open)))) << shift;
        m.close |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(folded, close)))) << shift;
    }
#else
    for (int k = 0; k < 64; k++) {
        uint64_t bit = uint64_t(1) << k;
        uint8_t c = p[k];
        if (c == '\\') { m.backslash |= bit; }
        if (c == '"') { m.quote |= bit; }
        if ((c | 0x20) == '{') { m.open |= bit; }
        if ((c | 0x20) == '}') { m.close |= bit; }
    }
#endif
    return m;
}

#if defined(JOLT_SIMDJSON_AVX2)
__attribute__((target("avx2")))
static inline frame_masks frame_masks_avx2(const uint8_t *p) {
    __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p));
    __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p + 32));
    const __m256i backslash = _mm256_set1_epi8('\\');
    const __m256i quote = _mm256_set1_epi8('"');
    const __m256i case_bit = _mm256_set1_epi8(0x20);
    const __m256i open = _mm256_set1_epi8('{');
    const __m256i close = _mm256_set1_epi8('}');
    __m256i fa = _mm256_or_si256(a, case_bit);
    __m256i fb = _mm256_or_si256(b, case_bit);
    frame_masks m;
    m.backslash = movemask64(_mm256_cmpeq_epi8(a, backslash), _mm256_cmpeq_epi8(b, backslash));
    m.quote = movemask64(_mm256_cmpeq_epi8(a, quote), _mm256_cmpeq_epi8(b, quote));
    m.open = movemask64(_mm256_cmpeq_epi8(fa, open), _mm256_cmpeq_epi8(fb, open));
    m.close = movemask64(_mm256_cmpeq_epi8(fa, close), _mm256_cmpeq_epi8(fb, close));
    return m;
}
#endif

/* Bit k of the result: the parity of bits 0...k of `x`. */
__attribute__((always_inline)) static inline uint64_t prefix_xor(uint64_t x) {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

__attribute__((always_inline)) static inline uint64_t popcount64(uint64_t x) {
    return uint64_t(__builtin_popcountll(x));
}

/* Frames one block from its masks: the element's end within the block (the
   offset just past its closing bracket, 1 to 64), 0 if the element goes on past
   the block, or -1 for the framer. With 0, `state` (its `scanned` aside) moves
   past the block.

   Strings are found as simdjson's stage 1 finds them: a quote opens or closes
   one unless an odd run of backslashes escapes it. That is the framer's rule
   inside strings; outside them a backslash escapes nothing for the framer, so
   the bits from the first backslash outside a string on are not trusted, and
   an element that has not ended before it goes to the framer. */
__attribute__((always_inline)) static inline int frame_block(const frame_masks &m, jolt_simdjson_frame_state &state, uint64_t max_depth) {
    uint64_t escaped = escaped_bytes(m.backslash, state.escaped);
    uint64_t in_string = prefix_xor(m.quote & ~escaped) ^ state.in_string;
    uint64_t outside = m.backslash & ~in_string;
    // The bits before the first backslash outside a string (all if there is none).
    uint64_t trusted = outside == 0 ? ~uint64_t(0) : (outside & (0 - outside)) - 1;
    uint64_t opens = m.open & ~in_string & trusted;
    uint64_t closes = m.close & ~in_string & trusted;
    uint64_t depth = state.depth;
    uint64_t opened = popcount64(opens);
    uint64_t closed = popcount64(closes);
    if (outside == 0 && depth > closed && depth + opened <= max_depth) {
        // The depth stays between 1 and the limit all through the block.
        state.depth = depth + opened - closed;
        state.in_string = uint64_t(int64_t(in_string) >> 63);
        return 0;
    }
    uint64_t brackets = opens | closes;
    while (brackets != 0) {
        uint64_t bit = brackets & (0 - brackets);
        brackets ^= bit;
        if ((opens & bit) != 0) {
            depth += 1;
            if (depth > max_depth) { return -1; }
        } else {
            depth -= 1;
            if (depth == 0) { return __builtin_ctzll(bit) + 1; }
        }
    }
    if (outside != 0) { return -1; }
    state.depth = depth;
    state.in_string = uint64_t(int64_t(in_string) >> 63);
    return 0;
}

template <frame_masks (*masks)(const uint8_t *)>
__attribute__((always_inline)) static inline int64_t frame_blocks(const uint8_t *element, size_t available, uint64_t max_depth,
                                   jolt_simdjson_frame_state &state) {
    size_t i = size_t(state.scanned);
    for (; i + 64 <= available; i += 64) {
        int end = frame_block(masks(element + i), state, max_depth);
        if (end != 0) { return end < 0 ? -1 : int64_t(i) + end; }
    }
    state.scanned = i;
    if (i < available) {
        // The last partial block, from a block of spaces (no bracket, quote or
        // backslash), on a copy of the state: the next call reads it again.
        uint8_t last[64];
        std::memset(last, ' ', sizeof last);
        std::memcpy(last, element + i, available - i);
        jolt_simdjson_frame_state copy = state;
        int end = frame_block(masks(last), copy, max_depth);
        if (end != 0) { return end < 0 ? -1 : int64_t(i) + end; }
    }
    return 0;
}

#if defined(JOLT_SIMDJSON_AVX2)
__attribute__((target("avx2,popcnt,bmi")))
static int64_t frame_blocks_avx2(const uint8_t *element, size_t available, uint64_t max_depth,
                                 jolt_simdjson_frame_state &state) {
    return frame_blocks<frame_masks_avx2>(element, available, max_depth, state);
}
#endif

extern "C" int64_t jolt_simdjson_frame(const uint8_t *element, size_t available, uint64_t max_depth,
                                       jolt_simdjson_frame_state *state) {
    return jolt_simdjson_frame_with(element, available, max_depth, state, 1);
}

extern "C" int64_t jolt_simdjson_frame_with(const uint8_t *element, size_t available, uint64_t max_depth,
                                            jolt_simdjson_frame_state *state, int avx2) {
#if defined(JOLT_SIMDJSON_AVX2)
    if (avx2 != 0 && has_avx2()) { return frame_blocks_avx2(element, available, max_depth, *state); }
#else
    (void)avx2;
#endif
    return frame_blocks<frame_masks_sse2>(element, available, max_depth, *state);
}

extern "C" int jolt_simdjson_has_avx2(void) {
#if defined(JOLT_SIMDJSON_AVX2)
    try {
        return has_avx2() ? 1 : 0;
    } catch (...) {
        return 0;
    }
#else
    return 0;
#endif
}

// MARK: - Stage 1

/* simdjson's own limit, 0xFFFFFFFF bytes: every position, and the length that
   jolt_simdjson_index writes after the last one, fits in 32 bits. No padding is
   subtracted: stage 1 reads the input in place (see jolt_simdjson_index). */
extern "C" size_t jolt_simdjson_max_length(void) {
    return simdjson::SIMDJSON_MAXSIZE_BYTES;
}

/* Each thread keeps the last indexer it released, if its capacity is at most
   JOLT_SIMDJSON_CACHED_CAPACITY bytes of input (about 4 bytes of memory each:
   four bytes of index per input byte; so at most about 260 KB a thread), and
   hands it out again for an input that fits: a stream decodes element after
   element without simdjson's set-up (five allocations and their frees, about
   2,100 instructions an element). Larger documents gain nothing from it (stage 1
   measured as fast with a new parser each time as with one reused, on every
   corpus file), so they are not kept. Indexers are created with at least
   JOLT_SIMDJSON_MIN_CAPACITY so that small elements of different sizes share
   one. Freed when the thread ends. */
static const size_t JOLT_SIMDJSON_CACHED_CAPACITY = size_t(64) << 10;
static const size_t JOLT_SIMDJSON_MIN_CAPACITY = size_t(16) << 10;

namespace {
struct cached_indexer {
    jolt_simdjson_indexer *indexer = nullptr;
    ~cached_indexer() { delete indexer; }
};
thread_local cached_indexer cache;
}

extern "C" jolt_simdjson_indexer *jolt_simdjson_create(size_t capacity) {
    try {
        if (capacity > jolt_simdjson_max_length()) { return nullptr; }
        jolt_simdjson_indexer *cached = cache.indexer;
        if (cached != nullptr && cached->capacity >= capacity) {
            cache.indexer = nullptr;
            return cached;
        }
        if (capacity < JOLT_SIMDJSON_MIN_CAPACITY) { capacity = JOLT_SIMDJSON_MIN_CAPACITY; }
        auto *indexer = new (std::nothrow) jolt_simdjson_indexer();
        if (indexer == nullptr) { return nullptr; }
        indexer->capacity = capacity;
        // Stage 1 needs no depth: the smallest container stack is enough.
        if (simdjson::get_active_implementation()->create_dom_parser_implementation(capacity, 1, indexer->parser) != simdjson::SUCCESS) {
            delete indexer;
            return nullptr;
        }
        return indexer;
    } catch (...) {
        return nullptr;
    }
}

extern "C" void jolt_simdjson_destroy(jolt_simdjson_indexer *indexer) {
    if (indexer == nullptr) { return; }
    if (indexer->capacity <= JOLT_SIMDJSON_CACHED_CAPACITY
        && (cache.indexer == nullptr || cache.indexer->capacity < indexer->capacity)) {
        delete cache.indexer;
        cache.indexer = indexer;
        return;
    }
    delete indexer;
}

/* Stage 1 runs on the caller's bytes as they are: it reads whole blocks while a
   block fits before `length` and copies the last, partial one into a block of
   spaces of its own (simdjson's buf_block_reader), so it never reads past the
   input; simdjson's padding is for its stage 2, which Jolt does not use.
   SIMDJSONTests checks this with documents that end at an unmapped page. */
extern "C" int jolt_simdjson_index(jolt_simdjson_indexer *indexer, const uint8_t *bytes, size_t length,
                                   const uint32_t **indexes, size_t *count) {
    try {
        if (indexer == nullptr || length > indexer->capacity) { return simdjson::CAPACITY; }
        auto error = indexer->parser->stage1(bytes, length, simdjson::stage1_mode::regular);
        if (error != simdjson::SUCCESS) { return static_cast<int>(error); }
        uint32_t *found = indexer->parser->structural_indexes.get();
        size_t n = indexer->parser->n_structural_indexes;
        // simdjson ends the list with the length (it has room for three more); Jolt
        // relies on one such entry, so it is written here rather than assumed.
        found[n] = static_cast<uint32_t>(length);
        *indexes = found;
        *count = n;
        return 0;
    } catch (...) {
        return simdjson::UNEXPECTED_ERROR;
    }
}

extern "C" const char *jolt_simdjson_implementation(void) {
    try {
        return simdjson::get_active_implementation()->name().c_str();
    } catch (...) {
        return "unknown";
    }
}

#else

extern "C" size_t jolt_simdjson_max_length(void) { return 0; }
extern "C" jolt_simdjson_indexer *jolt_simdjson_create(size_t) { return nullptr; }
extern "C" void jolt_simdjson_destroy(jolt_simdjson_indexer *) {}
extern "C" int jolt_simdjson_index(jolt_simdjson_indexer *, const uint8_t *, size_t, const uint32_t **, size_t *) {
    return -1;
}
extern "C" int jolt_simdjson_escapes_are_plain(const uint8_t *, size_t) { return 0; }
extern "C" int jolt_simdjson_escapes_are_plain_with(const uint8_t *, size_t, int) { return 0; }
extern "C" int jolt_simdjson_has_avx2(void) { return 0; }
extern "C" int64_t jolt_simdjson_frame_with(const uint8_t *, size_t, uint64_t, jolt_simdjson_frame_state *, int) { return -1; }
extern "C" int64_t jolt_simdjson_frame(const uint8_t *, size_t, uint64_t, jolt_simdjson_frame_state *) { return -1; }
extern "C" const char *jolt_simdjson_implementation(void) { return "none"; }

#endif
