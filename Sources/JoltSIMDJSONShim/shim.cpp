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

#include <cstdlib>
#include <memory>
#include <new>

struct jolt_simdjson_indexer {
    std::unique_ptr<simdjson::internal::dom_parser_implementation> parser;
    uint64_t *backslashes;
    size_t capacity;
    /* Whether the CPU has AVX2: simdjson chose an implementation that requires it. */
    bool avx2;
};

/* Sets one bit per backslash of `bytes` in `bits` (bit `i % 64` of word `i / 64`).
   Reads the `length` bytes only: the input is never copied. */
static void mark_backslashes(const uint8_t *bytes, size_t length, uint64_t *bits) {
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i backslash = _mm_set1_epi8('\\');
    for (; i + 64 <= length; i += 64) {
        uint64_t mask = 0;
        for (int k = 0; k < 4; k++) {
            __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(bytes + i + 16 * k));
            uint32_t m = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, backslash)));
            mask |= static_cast<uint64_t>(m) << (16 * k);
        }
        bits[i / 64] = mask;
    }
#endif
    for (; i < length; i += 64) {
        size_t n = length - i < 64 ? length - i : 64;
        uint64_t mask = 0;
        for (size_t k = 0; k < n; k++) {
            if (bytes[i + k] == '\\') { mask |= uint64_t(1) << k; }
        }
        bits[i / 64] = mask;
    }
}

#if defined(JOLT_SIMDJSON_AVX2)
/* mark_backslashes with 32-byte registers (half the instructions), for a CPU
   with AVX2; the shim is otherwise compiled for baseline x86-64. */
__attribute__((target("avx2")))
static void mark_backslashes_avx2(const uint8_t *bytes, size_t length, uint64_t *bits) {
    size_t i = 0;
    const __m256i backslash = _mm256_set1_epi8('\\');
    for (; i + 64 <= length; i += 64) {
        __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(bytes + i));
        __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(bytes + i + 32));
        uint64_t low = static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, backslash)));
        uint64_t high = static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(b, backslash)));
        bits[i / 64] = low | (high << 32);
    }
    if (i < length) {
        size_t n = length - i;
        uint64_t mask = 0;
        for (size_t k = 0; k < n; k++) {
            if (bytes[i + k] == '\\') { mask |= uint64_t(1) << k; }
        }
        bits[i / 64] = mask;
    }
}
#endif

/* simdjson's own limit, 0xFFFFFFFF bytes: every position, and the length that
   jolt_simdjson_index writes after the last one, fits in 32 bits. No padding is
   subtracted: stage 1 reads the input in place (see jolt_simdjson_index). */
extern "C" size_t jolt_simdjson_max_length(void) {
    return simdjson::SIMDJSON_MAXSIZE_BYTES;
}

/* Frees an indexer and everything it owns. */
static void free_indexer(jolt_simdjson_indexer *indexer) {
    if (indexer == nullptr) { return; }
    std::free(indexer->backslashes);
    delete indexer;
}

/* Each thread keeps the last indexer it released, if its capacity is at most
   JOLT_SIMDJSON_CACHED_CAPACITY bytes of input (about 4.1 bytes of memory each:
   four bytes of index per input byte and the bitmap; so at most about 270 KB a
   thread), and hands it out again for an input that fits: a
   stream decodes element after element without simdjson's set-up (five
   allocations and their frees, about 2,100 instructions an element). Larger
   documents gain nothing from it (stage 1 measured as fast with a new parser
   each time as with one reused, on every corpus file), so they are not kept.
   Indexers are created with at least JOLT_SIMDJSON_MIN_CAPACITY so that small
   elements of different sizes share one. Freed when the thread ends. */
static const size_t JOLT_SIMDJSON_CACHED_CAPACITY = size_t(64) << 10;
static const size_t JOLT_SIMDJSON_MIN_CAPACITY = size_t(16) << 10;

namespace {
struct cached_indexer {
    jolt_simdjson_indexer *indexer = nullptr;
    ~cached_indexer() { free_indexer(indexer); }
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
        indexer->avx2 = (simdjson::get_active_implementation()->required_instruction_sets()
                         & simdjson::internal::instruction_set::AVX2) != 0;
        indexer->backslashes = static_cast<uint64_t *>(std::malloc((capacity / 64 + 1) * sizeof(uint64_t)));
        // Stage 1 needs no depth: the smallest container stack is enough.
        if (indexer->backslashes == nullptr
            || simdjson::get_active_implementation()->create_dom_parser_implementation(capacity, 1, indexer->parser) != simdjson::SUCCESS) {
            std::free(indexer->backslashes);
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
        free_indexer(cache.indexer);
        cache.indexer = indexer;
        return;
    }
    free_indexer(indexer);
}

/* Stage 1 runs on the caller's bytes as they are: it reads whole blocks while a
   block fits before `length` and copies the last, partial one into a block of
   spaces of its own (simdjson's buf_block_reader), so it never reads past the
   input; simdjson's padding is for its stage 2, which Jolt does not use.
   SIMDJSONTests checks this with documents that end at an unmapped page. */
extern "C" int jolt_simdjson_index(jolt_simdjson_indexer *indexer, const uint8_t *bytes, size_t length,
                                   const uint32_t **indexes, size_t *count, const uint64_t **backslashes) {
    try {
        if (indexer == nullptr || length > indexer->capacity) { return simdjson::CAPACITY; }
#if defined(JOLT_SIMDJSON_AVX2)
        if (indexer->avx2) {
            mark_backslashes_avx2(bytes, length, indexer->backslashes);
        } else {
            mark_backslashes(bytes, length, indexer->backslashes);
        }
#else
        mark_backslashes(bytes, length, indexer->backslashes);
#endif
        auto error = indexer->parser->stage1(bytes, length, simdjson::stage1_mode::regular);
        if (error != simdjson::SUCCESS) { return static_cast<int>(error); }
        uint32_t *found = indexer->parser->structural_indexes.get();
        size_t n = indexer->parser->n_structural_indexes;
        // simdjson ends the list with the length (it has room for three more); Jolt
        // relies on one such entry, so it is written here rather than assumed.
        found[n] = static_cast<uint32_t>(length);
        *indexes = found;
        *count = n;
        *backslashes = indexer->backslashes;
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
extern "C" int jolt_simdjson_index(jolt_simdjson_indexer *, const uint8_t *, size_t, const uint32_t **, size_t *,
                                   const uint64_t **) { return -1; }
extern "C" const char *jolt_simdjson_implementation(void) { return "none"; }

#endif
