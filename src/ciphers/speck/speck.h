/*
 * SPECK: what speck.c (key schedule, reference block functions, descriptors)
 * shares with its ISA files (x86: speck_sse2.c, speck_avx2.c, speck_avx512.c;
 * ARM: speck_neon.c), and, for those, SPECK's rounds over the vocabulary of
 * ../twoword_simd.h.
 *
 * The SIMD backends cover SPECK32 (16-bit words), SPECK64 (32-bit words) and
 * SPECK128 (64-bit words); SPECK48 and SPECK96 have lane-per-message CTR
 * kernels only (speck_lanes_*.c, ../twoword_lanes.h).
 */
#ifndef ARX_SPECK_H
#define ARX_SPECK_H

#include "cipher.h"
#include "internal.h"

/* Key schedules: round keys plus round count (Table 4.1 gives T). */
typedef struct {
    uint16_t rk[22];
    unsigned rounds;
    uint64_t tw_rk[22]; /* rk[i] in every 16-bit lane, for speck_twoway.c */
} speck_ks16;

typedef struct {
    uint32_t rk[27]; /* 48/96: 23, 64/128: 27 */
    unsigned rounds;
} speck_ks32;

typedef struct {
    uint64_t rk[34]; /* 96/144: 29, 128/256: 34 */
    unsigned rounds;
} speck_ks64;

/* Reference single-block functions (speck.c): the oracle and the SIMD tails. */
void speck32_encrypt_block(const speck_ks16 *ks, uint8_t *out, const uint8_t *in);
void speck32_decrypt_block(const speck_ks16 *ks, uint8_t *out, const uint8_t *in);
void speck64_encrypt_block(const speck_ks32 *ks, uint8_t *out, const uint8_t *in);
void speck64_decrypt_block(const speck_ks32 *ks, uint8_t *out, const uint8_t *in);
void speck128_encrypt_block(const speck_ks64 *ks, uint8_t *out, const uint8_t *in);
void speck128_decrypt_block(const speck_ks64 *ks, uint8_t *out, const uint8_t *in);

/* SPECK32's portable SWAR backend (speck_twoway.c), on every target. */
extern const arx_backend speck32_twoway;

#if ARX_X86_SIMD
/* The backends, one ISA file each. */
extern const arx_backend speck32_sse2, speck32_avx2, speck32_avx512;
extern const arx_backend speck64_sse2, speck64_avx2, speck64_avx512;
extern const arx_backend speck128_sse2, speck128_avx2, speck128_avx512;
#endif
#if ARX_ARM_NEON
extern const arx_backend speck32_neon, speck64_neon, speck128_neon;
#endif
#if ARX_WASM_SIMD
extern const arx_backend speck32_wasm, speck64_wasm, speck128_wasm;
#endif

#if ARX_X86_SIMD || ARX_ARM_NEON || ARX_WASM_SIMD
/* llvm-mca builds (twoword_simd.h) pin the rounds: SPECK-32/64, SPECK-64/128, SPECK-128/128. */
#ifdef ARX_MCA /* only the -DARX_MCA builds read these (one family per file) */
#define TW_MCA_ROUNDS_16 22
#define TW_MCA_ROUNDS_32 27
#define TW_MCA_ROUNDS_64 32
#endif

/*
 * SPECK's hooks into ../twoword_simd.h, for the ISA files, over its
 * vocabulary. Each ISA file adds SPECK_Y and SPECK_CTR_FIRST.
 *
 * A round (ePrint 2013/404, 4.1) on one pair of sliced words:
 *   x = (S^-a x + y) ^ k;  y = S^b y ^ x,
 * a = 8 and b = 3 (SPECK_B) but for SPECK32's 16-bit words (a = 7, b = 2;
 * S^-8 is a byte permutation, S^-7 two shifts or one vpshrdw).
 * SPECK_Y(y, s, k, x) is S^b y ^ x, given s = S^-a x + y and x = s ^ k (the
 * AVX-512 file computes it as S^b y ^ s ^ k, one vpternlog). Decryption:
 *   y = S^-b (y ^ x);  x = S^a ((x ^ k) - y).
 */
#define SPECK_B (TW_W == 16 ? 2 : 3)
#define SPECK_RORA(v) TW_CAT(SPECK_RORA_, TW_W)(v)
#define SPECK_ROLA(v) TW_CAT(SPECK_ROLA_, TW_W)(v)
#define SPECK_RORA_16(v) TW_ROR(16, v, 7)
#define SPECK_ROLA_16(v) TW_ROL(16, v, 7)
#define SPECK_RORA_32(v) TW_ROTR8(32, v)
#define SPECK_ROLA_32(v) TW_ROTL8(32, v)
#define SPECK_RORA_64(v) TW_ROTR8(64, v)
#define SPECK_ROLA_64(v) TW_ROTL8(64, v)
#define TW_ENC_PAIR(x, y, k)                                                                       \
    do {                                                                                           \
        const V s_ = TW_ADD(TW_W, SPECK_RORA(x), y);                                               \
        (x) = TW_XOR(s_, k);                                                                       \
        (y) = SPECK_Y(y, s_, k, x);                                                                \
    } while (0)
#define TW_DEC_PAIR(x, y, k)                                                                       \
    do {                                                                                           \
        (y) = TW_ROR(TW_W, TW_XOR(y, x), SPECK_B);                                                 \
        (x) = SPECK_ROLA(TW_SUB(TW_W, TW_XOR(x, k), y));                                           \
    } while (0)

/*
 * Counter mode: within a run the counter's low half lo + i is x
 * (byte-swapped, the words being little-endian) and y is constant. That
 * fixes part of round 0: with s = S^-8 x + y,
 *   x1 = s ^ k0,   y1 = S^b y ^ x1 = s ^ (k0 ^ S^b y),
 * and S^-8 bswap(v) is a single byte shuffle of the counter v
 * (SPECK_CTR_FIRST; SSE2, without pshufb, swaps and rotates by shifts);
 * with 16-bit words S^-7 bswap(v) = S^-7 S^8 v is S^1 v (SPECK_CTR_FIRST_W16).
 * Round 0 costs an add (the counter), a shuffle, an add and two XORs, and no
 * rotate.
 */
#define TW_CTR_NCONSTS 3 /* y, k0, k0 ^ S^b y */
#define TW_CTR_CONSTS(ks, y, c)                                                                    \
    ((c)[0] = TW_SET1(TW_W, y), (c)[1] = TW_SET1(TW_W, (ks)->rk[0]),                               \
     (c)[2] = TW_SET1(TW_W, (ks)->rk[0] ^ TW_CAT(arx_rotl, TW_W)(y, SPECK_B)))
#define SPECK_CTR_FIRST_W(v) TW_CAT(SPECK_CTR_FIRST_W, TW_W)(v)
#define SPECK_CTR_FIRST_W16(v) TW_ROL1(16, v)
#define SPECK_CTR_FIRST_W32 SPECK_CTR_FIRST
#define SPECK_CTR_FIRST_W64 SPECK_CTR_FIRST
#define TW_CTR_WORDS(c, v, x, y)                                                                   \
    do {                                                                                           \
        const V s_ = TW_ADD(TW_W, SPECK_CTR_FIRST_W(v), (c)[0]);                                   \
        (x) = TW_XOR(s_, (c)[1]);                                                                  \
        (y) = TW_XOR(s_, (c)[2]);                                                                  \
    } while (0)
#define TW_CTR_FIRST_ROUND 1
/* S^-8 of a byte-swapped word as vpshufb patterns: bytes (2 1 0 3), (6 5 4 3 2 1 0 7). */
#define SPECK_BSWAP_ROR8_IDX_32 0x0f0c0d0e, 0x0b08090a, 0x07040506, 0x03000102
#define SPECK_BSWAP_ROR8_IDX_64 0x0f08090a, 0x0b0c0d0e, 0x07000102, 0x03040506
#endif

/* SPECK-48 and SPECK-96's round for ../twoword_lanes.h without vpternlog
 * (the AVX2 and NEON lanes; speck_lanes_avx512.c folds y's XORs into one):
 * x = (S^-8 x + y) ^ k; y = S^3 y ^ x. */
#define SPECK_LANES_ROUND(x, y, k)                                                                 \
    do {                                                                                           \
        (x) = TL_XOR(TL_ADD(TL_ROR8(x), y), k);                                                    \
        (y) = TL_XOR(TL_ROL(y, TL_HI(y), 3), x);                                                   \
    } while (0)

#endif
