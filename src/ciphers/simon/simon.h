/*
 * SIMON: what simon.c (key schedule, reference block functions, descriptors)
 * shares with its ISA files (x86: simon_sse2.c, simon_avx2.c, simon_avx512.c;
 * ARM: simon_neon.c).
 *
 * The SIMD backends cover SIMON32 (16-bit words), SIMON64 (32-bit words) and
 * SIMON128 (64-bit words); SIMON48 and SIMON96 have lane-per-message CTR
 * kernels only (simon_lanes_*.c, ../twoword_lanes.h).
 */
#ifndef ARX_SIMON_H
#define ARX_SIMON_H

#include "cipher.h"
#include "internal.h"

/* Key schedules: round keys plus round count (Table 3.1 gives T). */
typedef struct {
    uint16_t rk[32];
    unsigned rounds;
    uint64_t tw_rk[32]; /* rk[i] in every lane of simon_twoway.c's layout */
} simon_ks16;

typedef struct {
    uint32_t rk[44]; /* 48/x: 36, 64/128: 44 */
    unsigned rounds;
} simon_ks32;

typedef struct {
    uint64_t rk[72]; /* 96/144: 54, 128/256: 72 */
    unsigned rounds;
} simon_ks64;

/* Reference single-block functions (simon.c): the oracle and the SIMD tails. */
void simon32_encrypt_block(const simon_ks16 *ks, uint8_t *out, const uint8_t *in);
void simon32_decrypt_block(const simon_ks16 *ks, uint8_t *out, const uint8_t *in);
void simon64_encrypt_block(const simon_ks32 *ks, uint8_t *out, const uint8_t *in);
void simon64_decrypt_block(const simon_ks32 *ks, uint8_t *out, const uint8_t *in);
void simon128_encrypt_block(const simon_ks64 *ks, uint8_t *out, const uint8_t *in);
void simon128_decrypt_block(const simon_ks64 *ks, uint8_t *out, const uint8_t *in);

/* SIMON32's portable SWAR backend (simon_twoway.c), on every target, and its
 * part of the key schedule: tw_rk from rk. */
extern const arx_backend simon32_twoway;
void simon32_twoway_setup(simon_ks16 *ks);

#if ARX_X86_SIMD
/* The backends, one ISA file each (on ../twoword_simd.h). */
extern const arx_backend simon32_sse2, simon32_avx2, simon32_avx512;
extern const arx_backend simon64_sse2, simon64_avx2, simon64_avx512;
extern const arx_backend simon128_sse2, simon128_avx2, simon128_avx512;
#endif
#if ARX_ARM_NEON
extern const arx_backend simon32_neon, simon64_neon, simon128_neon;
#endif
#if ARX_WASM_SIMD
extern const arx_backend simon32_wasm, simon64_wasm, simon128_wasm;
#endif

#if ARX_X86_SIMD || ARX_ARM_NEON || ARX_WASM_SIMD
/* llvm-mca builds (twoword_simd.h) pin the rounds: SIMON-32/64, SIMON-64/128, SIMON-128/128. */
#ifdef ARX_MCA /* only the -DARX_MCA builds read these (one family per file) */
#define TW_MCA_ROUNDS_16 32
#define TW_MCA_ROUNDS_32 44
#define TW_MCA_ROUNDS_64 68
#endif

/* For the ISA files: SIMON's round (ePrint 2013/404, 3.1) on one pair of
 * sliced words over ../twoword_simd.h's vocabulary, y = y ^ f(x) ^ k with
 * f(x) = (S^1 x & S^8 x) ^ S^2 x; y ^ k does not wait for the rotates. The
 * AVX-512 file has its own, in two vpternlogs. */
#define SIMON_FEISTEL_PAIR(x, y, k)                                                                \
    do {                                                                                           \
        const V t_ = TW_AND(TW_ROL1(TW_W, x), TW_ROTL8(TW_W, x));                                  \
        (y) = TW_XOR(TW_XOR(t_, TW_ROL(TW_W, x, 2)), TW_XOR(y, k));                                \
    } while (0)
#endif

/* SIMON-48 and SIMON-96's round for ../twoword_lanes.h without vpternlog
 * (the AVX2 and NEON lanes): y ^= f(x) ^ k, f(x) = (S^1 x & S^8 x) ^ S^2 x,
 * S^1 and S^2 from x's one top-aligned copy h_. */
#define SIMON_LANES_ROUND(x, y, k)                                                                 \
    do {                                                                                           \
        const TL_V h_ = TL_HI(x);                                                                  \
        (y) = TL_XOR(TL_XOR(y, TL_AND(TL_ROL(x, h_, 1), TL_ROL8(x))), TL_XOR(TL_ROL(x, h_, 2), k)); \
    } while (0)

#endif
