/*
 * GHASH (NIST SP 800-38D, 6.4) over whole 16-byte blocks, with one portable
 * constant-time implementation and x86 carry-less-multiply ones.
 *
 * Two objects: an arx_ghash_key holds what depends on H only (the
 * implementation and the powers of H it multiplies by); it is built once per
 * cipher key and then only read, so many messages and threads share it. An
 * arx_ghash is one message's running value Y. Which implementation a key
 * uses follows its cipher backend (arx_ghash_pick), so forcing a backend
 * also forces the GHASH that goes with it and the tests reach each one.
 */
#ifndef ARX_GHASH_H
#define ARX_GHASH_H

#include <stddef.h>
#include <stdint.h>

/* Cores with a multiply in assembly that needs no multiplier (ARX_GHASH_MCU):
 * RV32I (no M extension) and the Cortex-M3 (UMULL ends early, TRM 18.2; the
 * Cortex-M4's single-cycle one keeps the portable multiply). */
#if defined(ARX_HAVE_RV32I) || (defined(ARX_HAVE_ARMV7M) && defined(__ARM_ARCH_7M__))
#define ARX_GHASH_WORDFORM 1
#endif

/* VPCLMUL: 512-bit VPCLMULQDQ with AVX-512 backends; VPCLMUL256: the same
 * instruction on 256 bits with AVX2 backends (CPUs without AVX-512). */
enum {
    ARX_GHASH_CT,
    ARX_GHASH_PCLMUL,
    ARX_GHASH_VPCLMUL,
    ARX_GHASH_PMULL,
    ARX_GHASH_MCU,
    ARX_GHASH_VPCLMUL256,
    ARX_GHASH_AGG,
    ARX_GHASH_WASM
};

/* The aggregated portable GHASH (ghash_agg.c): ARX_GHASH_AGG_N blocks per
 * reduction with H^1..H^N kept in the key (384 bytes). Built in hosted
 * builds (tested there against CT) and WebAssembly, whose SIMD128 backends
 * use ghash_wasm.c, the same aggregation over ARX_GHASH_AGG_N blocks on
 * SIMD128 (no carry-less multiply); not the microcontroller builds. */
#if !defined(ARX_FREESTANDING) || defined(__wasm__)
#define ARX_GHASH_AGG_N 8
#endif

/* Blocks per reduction at most (VPCLMULQDQ path). Measured on Zen 4, GHASH
 * alone at 16 KiB: 16 per reduction 0.187 TSC cpb, 32: 0.139, 64: 0.112;
 * the per-reduction folds and shifts compete with the multiplies. */
#define ARX_GHASH_MAX_POW 64

typedef struct arx_ghash_key {
    int impl;
    /* portable and PMULL: H as a polynomial, bit i of h[0] | h[1] << 64 =
     * coefficient of x^i */
    uint64_t h[2];
    /* x86: byte-reversed elements (ghash_pclmul.c); htab[64 - j] = H^j, so
     * the powers a run of k blocks needs, H^k .. H^1, are the contiguous
     * htab[64 - k .. 63]. PCLMULQDQ fills 8 of them, VPCLMULQDQ all 64.
     * AArch64 PMULL: H^1..H^8 the same way, as polynomials (ghash_pmull.c). */
    /* ghash_agg.c: hagg[c][N - j] is operand c of H^j for j = 1..N, so a run
     * of k blocks uses hagg[c][N - k .. N - 1]: c = 0, 1, 2 the portable
     * form's h0, h1, h0 ^ h1 (Karatsuba), c = 3, 4, 5 their bit reversals.
     * In hosted builds it shares htab's room (a key runs one GHASH), so
     * keys keep their size; WebAssembly has no htab. */
#ifndef ARX_FREESTANDING
    union {
        uint8_t htab[ARX_GHASH_MAX_POW][16];
        uint64_t hagg[6][ARX_GHASH_AGG_N];
    };
    /* VPCLMULQDQ: hkar[i] = (lo ^ hi) of htab[i] in both halves, for the
     * Karatsuba middle product. */
    uint8_t hkar[ARX_GHASH_MAX_POW][16];
#elif defined(ARX_GHASH_AGG_N)
    uint64_t hagg[6][ARX_GHASH_AGG_N];
#endif
#if defined(__wasm__) && !defined(ARX_NO_WASM_SIMD) && defined(ARX_GHASH_AGG_N)
    /* ghash_wasm.c (the SIMD128 module): hw[N - j][c] is H^j's operand
     * vector c (its 32-bit words, the middle products' words, their bit
     * reversals), 640 bytes. */
    uint32_t hw[ARX_GHASH_AGG_N][5][4];
#endif
#ifdef ARX_GHASH_WORDFORM
    /* The microcontroller assembly (ghash_rv32i.S, ghash_armv7m.S):
     * hsh[b] = H * x^b for b = 0..31, unreduced, in their word form (H's
     * bytes as big-endian words, shifted right by b across five words).
     * 640 bytes, indexed by b only. */
    uint32_t hsh[32][5];
#endif
    /* A freestanding build has only the portable GHASH, which needs h alone:
     * leaving the 2 KiB of tables out lets a GCM key fit an ATmega128's
     * 4 KiB of RAM (embedded/, docs/EMBEDDED.md). */
} arx_ghash_key;

typedef struct arx_ghash {
    const arx_ghash_key *key;
    uint64_t y[2];  /* portable and PMULL; MCU: four words, word form (ghash_rv32i.S) */
    uint8_t yr[16]; /* x86, byte-reversed */
} arx_ghash;

struct arx_backend;
/* The GHASH for a key on backend `be`: CT for the portable backend, else the
 * widest carry-less multiply the CPU has (VPCLMULQDQ with AVX-512 backends,
 * on 256 bits with AVX2 backends;
 * PMULL with NEON backends on AArch64 CPUs that have it). RV32I and
 * Cortex-M3 builds (ARX_GHASH_WORDFORM) use their assembly multiply for
 * every backend: it is the constant-time multiply of that core, not a
 * faster variant of a portable one (tests/test_ghash.c checks it against
 * CT). */
int arx_ghash_pick(const struct arx_backend *be);

/* Derive everything the implementation needs from H (it is secret: wipe the
 * key when done). */
void arx_ghash_key_init(arx_ghash_key *gk, const uint8_t h[16], int impl);
/* Start a message: Y = 0. */
void arx_ghash_start(arx_ghash *g, const arx_ghash_key *gk);
/* Y = (Y xor X_i) * H for each of the nblocks 16-byte blocks. */
void arx_ghash_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks);
/* Absorb len bytes as whole blocks, the last zero-padded (SP 800-38D's 0^v / 0^u padding). */
void arx_ghash_padded(arx_ghash *g, const uint8_t *data, size_t len);
void arx_ghash_out(const arx_ghash *g, uint8_t out[16]);

/*
 * Combining GHASH computed in pieces (parallel GCM). For consecutive runs of
 * blocks, where part i (n_i blocks) was hashed from Y = 0, the whole run's Y
 * is Horner's rule with the powers of H: Y = Y * H^(n_i) ^ Y_i, part by part.
 * arx_ghash_hpow sets hn to H^n (in hn's Y; n is public: square-and-
 * multiply on its bits); arx_ghash_fold does one step: Y = Y * hn ^ part.
 */
void arx_ghash_hpow(arx_ghash *hn, const arx_ghash_key *gk, uint64_t n);
void arx_ghash_fold(arx_ghash *g, const arx_ghash *hn, const arx_ghash *part);

/*
 * Multi-message GHASH (many.c, issue 24): for each message, S = GHASH_H(A
 * zero-padded || C zero-padded || [len(A)]64 || [len(C)]64) under its own
 * key, into s (16 bytes, GCM's byte order). arx_ghash_vpclmul_many takes
 * n messages whose keys are VPCLMULQDQ keys and whose block count
 * (both paddings and the length block) is at most 2 * ARX_GHASH_MAX_POW.
 */
typedef struct arx_ghash_msg {
    const arx_ghash_key *key;
    const uint8_t *aad;
    size_t aad_len;
    const uint8_t *c;
    size_t len;
    uint8_t *s;
} arx_ghash_msg;
void arx_ghash_vpclmul_many(const arx_ghash_msg *m, size_t n);
/* The same on VPCLMUL256 keys (ghash_many_avx2clmul.c), same limit. */
void arx_ghash_vpclmul256_many(const arx_ghash_msg *m, size_t n);
/* The same on PCLMULQDQ keys (8 powers), any block count. */
void arx_ghash_pclmul_many(const arx_ghash_msg *m, size_t n);

/* The implementations behind those (ghash_ct.c, ghash_pclmul.c, ghash_avx512.c, ghash_pmull.c). */
void arx_ghash_ct_key(arx_ghash_key *gk, const uint8_t h[16]);
void arx_ghash_ct_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks);
void arx_ghash_ct_out(const arx_ghash *g, uint8_t out[16]);
void arx_ghash_ct_hpow(arx_ghash *hn, uint64_t n);
void arx_ghash_ct_fold(arx_ghash *g, const arx_ghash *hn, const arx_ghash *part);
void arx_ghash_ct_load(uint64_t y[2], const uint8_t b[16]); /* 16 bytes -> the portable form */
/* CT's key for h, and H^1..H^n in CT's form into pw[0..n) (the caller wipes
 * it): what both aggregated GHASHes' keys are built from. */
void arx_ghash_ct_powers(arx_ghash_key *gk, const uint8_t h[16], uint64_t pw[][2], unsigned n);
void arx_ghash_agg_key(arx_ghash_key *gk, const uint8_t h[16]); /* H^1..H^N, and h as CT's */
void arx_ghash_agg_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks);
void arx_ghash_wasm_key(arx_ghash_key *gk, const uint8_t h[16]); /* H^1..H^N as SIMD128 operands */
void arx_ghash_wasm_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks);
void arx_ghash_pclmul_key(arx_ghash_key *gk, const uint8_t h[16]); /* H^1..H^8 */
void arx_ghash_pclmul_fill(arx_ghash_key *gk, unsigned n);          /* H^2..H^n from H^1 */
void arx_ghash_pclmul_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks);
void arx_ghash_pclmul_hpow(arx_ghash *hn, uint64_t n); /* also for VPCLMULQDQ keys: same layout */
void arx_ghash_pclmul_fold(arx_ghash *g, const arx_ghash *hn, const arx_ghash *part);
void arx_ghash_vpclmul_key(arx_ghash_key *gk, const uint8_t h[16]); /* H^1..H^64 */
void arx_ghash_vpclmul_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks);
void arx_ghash_vpclmul256_key(arx_ghash_key *gk, const uint8_t h[16]); /* H^1..H^64, ymm */
void arx_ghash_vpclmul256_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks);
void arx_ghash_pmull_key(arx_ghash_key *gk, const uint8_t h[16]); /* H^1..H^8, and h as CT's */
void arx_ghash_pmull_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks);
void arx_ghash_pmull_hpow(arx_ghash *hn, uint64_t n);
void arx_ghash_pmull_fold(arx_ghash *g, const arx_ghash *hn, const arx_ghash *part);

#endif
