/*
 * SIMECK: what simeck.c (key schedule, reference block functions,
 * descriptors) shares with its ISA files (x86: simeck_sse2.c, simeck_avx2.c,
 * simeck_avx512.c; ARM: simeck_neon.c).
 *
 * The SIMD backends cover SIMECK32 (16-bit words) and SIMECK64 (32-bit
 * words); SIMECK48 has lane-per-message CTR kernels only
 * (simeck_lanes_*.c, ../twoword_lanes.h).
 */
#ifndef ARX_SIMECK_H
#define ARX_SIMECK_H

#include "cipher.h"
#include "internal.h"

/* Key schedules: round keys plus round count (32, 36, 44). */
typedef struct {
    uint16_t rk[32];
    unsigned rounds;
    uint64_t tw_rk[32]; /* rk[i] in every lane of simeck_twoway.c's layout */
} simeck_ks16;

typedef struct {
    uint32_t rk[44]; /* 48/96: 36, 64/128: 44 */
    unsigned rounds;
} simeck_ks32;

/* Reference single-block functions (simeck.c): the oracle and the SIMD tails. */
void simeck32_encrypt_block(const simeck_ks16 *ks, uint8_t *out, const uint8_t *in);
void simeck32_decrypt_block(const simeck_ks16 *ks, uint8_t *out, const uint8_t *in);
void simeck64_encrypt_block(const simeck_ks32 *ks, uint8_t *out, const uint8_t *in);
void simeck64_decrypt_block(const simeck_ks32 *ks, uint8_t *out, const uint8_t *in);

/* SIMECK32's portable SWAR backend (simeck_twoway.c), on every target, and
 * its part of the key schedule: tw_rk from rk. */
extern const arx_backend simeck32_twoway;
void simeck32_twoway_setup(simeck_ks16 *ks);

#if ARX_X86_SIMD
/* The backends, one ISA file each (on ../twoword_simd.h). */
extern const arx_backend simeck32_sse2, simeck32_avx2, simeck32_avx512;
extern const arx_backend simeck64_sse2, simeck64_avx2, simeck64_avx512;
#endif
#if ARX_ARM_NEON
extern const arx_backend simeck32_neon, simeck64_neon;
#endif
#if ARX_WASM_SIMD
extern const arx_backend simeck32_wasm, simeck64_wasm;
#endif

#if ARX_X86_SIMD || ARX_ARM_NEON || ARX_WASM_SIMD
/* llvm-mca builds (twoword_simd.h) pin the rounds: SIMECK-32/64, SIMECK-64/128. */
#ifdef ARX_MCA /* only the -DARX_MCA builds read these (one family per file) */
#define TW_MCA_ROUNDS_16 32
#define TW_MCA_ROUNDS_32 44
#endif

/* For the ISA files: SIMECK's round (CHES 2015, section 2.1) on one pair of
 * sliced words over ../twoword_simd.h's vocabulary. With x = l and y = r
 * (the block is stored r then l), y = y ^ f(x) ^ k, f(x) = (x & S^5 x) ^ S^1 x.
 * The AVX-512 file has its own, in two vpternlogs. */
#define SIMECK_FEISTEL_PAIR(x, y, k)                                                               \
    do {                                                                                           \
        const V t_ = TW_AND(x, TW_ROL(TW_W, x, 5));                                                \
        (y) = TW_XOR(TW_XOR(t_, TW_ROL1(TW_W, x)), TW_XOR(y, k));                                  \
    } while (0)
#endif

/* SIMECK-48's round for ../twoword_lanes.h without vpternlog (the AVX2 and
 * NEON lanes): y ^= f(x) ^ k, f(x) = (x & S^5 x) ^ S^1 x. */
#define SIMECK_LANES_ROUND(x, y, k)                                                                \
    do {                                                                                           \
        const TL_V h_ = TL_HI(x);                                                                  \
        (y) = TL_XOR(TL_XOR(y, TL_AND(x, TL_ROL(x, h_, 5))), TL_XOR(TL_ROL(x, h_, 1), k));        \
    } while (0)

#endif
