/*
 * arxcrypt internal helpers: byte order, rotates, wiping, constant-time compare.
 *
 * Portable C11 only: no intrinsics here. Every cipher and mode reads and writes
 * bytes through the load/store helpers, so the library gives the same bytes on
 * little- and big-endian hosts (the compilers turn these into single loads).
 */
#ifndef ARX_INTERNAL_H
#define ARX_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define ARX_INLINE static inline __attribute__((always_inline))
#define ARX_UNUSED __attribute__((unused))
#else
#define ARX_INLINE static inline
#define ARX_UNUSED
#endif

/*
 * llvm-mca regions (bench/mca/run.sh): built with -DARX_MCA, a kernel marks
 * the body of its batch loop, one pass = one batch, so llvm-mca can predict
 * cycles per batch for CPUs we have no hardware for. Empty otherwise.
 */
#ifdef ARX_MCA
#if defined(__aarch64__)
#define ARX_MCA_COMMENT_ "//"
#elif defined(__arm__)
#define ARX_MCA_COMMENT_ "@"
#else
#define ARX_MCA_COMMENT_ "#"
#endif
#define ARX_MCA_BEGIN(name) __asm__ volatile(ARX_MCA_COMMENT_ " LLVM-MCA-BEGIN " name)
#define ARX_MCA_END(name) __asm__ volatile(ARX_MCA_COMMENT_ " LLVM-MCA-END " name)
#else
#define ARX_MCA_BEGIN(name) ((void)0)
#define ARX_MCA_END(name) ((void)0)
#endif

/* x, unchanged, but opaque to the optimiser: it cannot fold a secret value
 * into a loop's induction variable and then branch on it (the loop exit
 * "counter != lo + m" that tests/ct caught in GCM's counter loop). */
ARX_INLINE uint32_t arx_value_barrier32(uint32_t x) {
    volatile uint32_t v = x; /* plain C (and seen through by MemorySanitizer, unlike an asm barrier) */
    return v;
}

/* ---- byte order ---------------------------------------------------------- */

ARX_INLINE uint16_t arx_load16_le(const uint8_t *p) {
    return (uint16_t)(p[0] | ((uint16_t)p[1] << 8));
}
ARX_INLINE void arx_store16_le(uint8_t *p, uint16_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}
ARX_INLINE uint32_t arx_load32_le(const uint8_t *p) {
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
ARX_INLINE void arx_store32_le(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}
ARX_INLINE uint64_t arx_load64_le(const uint8_t *p) {
    return (uint64_t)arx_load32_le(p) | ((uint64_t)arx_load32_le(p + 4) << 32);
}
ARX_INLINE void arx_store64_le(uint8_t *p, uint64_t v) {
    arx_store32_le(p, (uint32_t)v);
    arx_store32_le(p + 4, (uint32_t)(v >> 32));
}
ARX_INLINE uint32_t arx_load32_be(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}
ARX_INLINE void arx_store32_be(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}
ARX_INLINE uint64_t arx_load64_be(const uint8_t *p) {
    return ((uint64_t)arx_load32_be(p) << 32) | (uint64_t)arx_load32_be(p + 4);
}
ARX_INLINE void arx_store64_be(uint8_t *p, uint64_t v) {
    arx_store32_be(p, (uint32_t)(v >> 32));
    arx_store32_be(p + 4, (uint32_t)v);
}
/* n-byte little-endian words (n <= 8): the 24- and 48-bit words of SPECK/SIMON. */
ARX_INLINE uint64_t arx_loadn_le(const uint8_t *p, unsigned n) {
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}
ARX_INLINE void arx_storen_le(uint8_t *p, uint64_t v, unsigned n) {
    for (unsigned i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* ---- rotates (r must be 0 < r < width; compilers emit one rotate) -------- */

ARX_INLINE uint8_t arx_rotl8(uint8_t x, unsigned r) {
    return (uint8_t)((x << (r & 7)) | (x >> ((8 - r) & 7)));
}
ARX_INLINE uint16_t arx_rotl16(uint16_t x, unsigned r) {
    return (uint16_t)((x << (r & 15)) | (x >> ((16 - r) & 15)));
}
ARX_INLINE uint16_t arx_rotr16(uint16_t x, unsigned r) {
    return (uint16_t)((x >> (r & 15)) | (x << ((16 - r) & 15)));
}
ARX_INLINE uint32_t arx_rotl32(uint32_t x, unsigned r) {
    return (x << (r & 31)) | (x >> ((32 - r) & 31));
}
ARX_INLINE uint32_t arx_rotr32(uint32_t x, unsigned r) {
    return (x >> (r & 31)) | (x << ((32 - r) & 31));
}
ARX_INLINE uint64_t arx_rotl64(uint64_t x, unsigned r) {
    return (x << (r & 63)) | (x >> ((64 - r) & 63));
}
ARX_INLINE uint64_t arx_rotr64(uint64_t x, unsigned r) {
    return (x >> (r & 63)) | (x << ((64 - r) & 63));
}
/* Rotates of an n-bit word held in a uint64_t (n = 24 or 48 for SPECK/SIMON). */
ARX_INLINE uint64_t arx_rotln(uint64_t x, unsigned r, unsigned n) {
    uint64_t mask = (n == 64) ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
    return ((x << r) | (x >> (n - r))) & mask;
}
ARX_INLINE uint64_t arx_rotrn(uint64_t x, unsigned r, unsigned n) {
    uint64_t mask = (n == 64) ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
    return ((x >> r) | (x << (n - r))) & mask;
}

/* ---- secrets ------------------------------------------------------------- */

/* Zero n bytes in a way the compiler may not drop (store through volatile). */
void arx_wipe(void *p, size_t n);

/* The heap, for the few internal buffers that have a fallback without it
 * (par.h). A freestanding build has none: arx_alloc returns NULL there. */
void *arx_alloc(size_t n);
void arx_free(void *p);
/* ARX_MSAN: built with clang's MemorySanitizer (make msan). */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define ARX_MSAN 1
#endif
#endif
#ifndef ARX_MSAN
#define ARX_MSAN 0
#endif

/*
 * ARX_DECLASSIFY(p, n): the n bytes at p are public from here on. Used where
 * a value computed from secrets is revealed to the caller anyway (a tag
 * check's verdict, the length of unpadded plaintext). In the constant-time
 * test build (-DARX_CTGRIND, tests/ct) it tells valgrind's memcheck so, and
 * everything else derived from a key, a plaintext or a received tag stays
 * "undefined" there: a branch or an address computed from it is reported.
 * Elsewhere it compiles to nothing.
 */
#if defined(ARX_CTGRIND) && ARX_MSAN
#include <sanitizer/msan_interface.h>
#define ARX_DECLASSIFY(p, n) __msan_unpoison((p), (n))
#elif defined(ARX_CTGRIND)
#include <valgrind/memcheck.h>
#define ARX_DECLASSIFY(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#else
#define ARX_DECLASSIFY(p, n) ((void)(p), (void)(n))
#endif


/* 1 if a and b are equal in their n bytes, 0 otherwise; time depends on n only. */
int arx_ct_equal(const void *a, const void *b, size_t n);

/* ---- counters and XOR ---------------------------------------------------- */

/* ctr += 1 as a big-endian integer of n bytes, mod 2^(8n); no data-dependent branch. */
ARX_INLINE void arx_ctr_inc(uint8_t *ctr, size_t n) {
    unsigned carry = 1;
    for (size_t i = n; i-- > 0;) {
        carry += ctr[i];
        ctr[i] = (uint8_t)carry;
        carry >>= 8;
    }
}

ARX_INLINE void arx_xor(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t n) {
    for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(a[i] ^ b[i]);
}

/* ---- buffer rules -------------------------------------------------------- */

/* 1 if out and in both sit on 4-byte boundaries: the word-load assembly
 * kernels (RV32I, ARMv7-M) take such buffers and leave others to the
 * reference (an address is public, so the branch reveals nothing). */
ARX_INLINE int arx_aligned4(const void *out, const void *in) {
    return (((uintptr_t)out | (uintptr_t)in) & 3u) == 0;
}

/* A 64-bit-block kernel that runs two blocks a pass, f(ks, out, in, npairs):
 * the AVR kernels (SPECK, SIMON, SIMECK, CHAM, SPARX, HIGHT; ks their key
 * schedule) and the ARMv7-M CHAM-64 and SPARX-64 ones (ks their round-key
 * table; word loads, so the buffers they get are 4-byte aligned).
 * arx_run_pairs gives it n blocks; an odd last block goes through a stack
 * pair holding it twice (the block count is public). */
typedef void (*arx_pairs_fn)(const void *ks, uint8_t *out, const uint8_t *in, size_t npairs);
ARX_INLINE void arx_run_pairs(arx_pairs_fn f, const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    if (n / 2) f(ks, out, in, n / 2);
    if (n & 1u) {
        _Alignas(4) uint8_t t[16];
        memcpy(t, in + 8 * (n - 1), 8);
        memcpy(t + 8, t, 8);
        f(ks, t, t, 1);
        memcpy(out + 8 * (n - 1), t, 8);
        arx_wipe(t, sizeof t);
    }
}

/* 1 if [a, a+n) and [b, b+n) overlap but a != b (the one overlap the API refuses). */
ARX_INLINE int arx_partial_overlap(const void *a, const void *b, size_t n) {
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    if (n == 0 || x == y) return 0;
    return (x < y) ? (y - x < n) : (x - y < n);
}

#endif
