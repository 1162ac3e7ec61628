/*
 * SPECK64 and SPECK128 on AVX-512 (F + BW + VL), word-sliced
 * (../twoword_simd.h, rounds in speck.h): a pair of zmm holds 16 SPECK64
 * blocks (32-bit lanes) or 8 SPECK128 blocks (64-bit lanes).
 *
 * A round, x = (S^-8 x + y) ^ k; y = S^3 y ^ x, is 5 instructions per pair:
 * with s = S^-8 x + y, x = s ^ k and y = S^3 y ^ s ^ k, one vpternlog (which
 * also spares GCC 12 the register copies it made when y read the new x; the
 * logic being bitwise, SPECK64 uses the 64-bit-lane form too, as the 32-bit
 * one drew 8 copies a round). S^-8 is a vpshufb, S^3 a vprold/vprolq, the
 * round key a broadcast from memory.
 *
 * What is left after the zmm pairs (fewer than 16 or 8 blocks) goes to the
 * AVX2 kernel, which finishes through SSE2 and the reference.
 *
 * SPECK32 (16-bit words, alpha 7 and beta 2, speck.h) runs the same kernel
 * with 32 blocks a pair, its rotates vpshrdw / vpshldw (VBMI2, which its
 * backend requires). Its lane-per-message kernel (CTR, 16 messages a call)
 * is twoword_simd.h's 16-bit one.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>
#include "simd_msan.h"

#include "speck.h"
#define TW_FAMILY speck
#define TW_VBITS 512
#include "../twoword_simd.h"

/* Pairs per batch. A round's dependency chain is 3-4 cycles, a pair's share
 * of the vector pipes 2.5 cycles, yet 4 pairs left 15% on the table on Zen 4
 * (SPECK128 ECB 0.53 -> 0.46 cpb with 8, which use 16 + 2 of the 32 zmm). */
#define TW_PAIRS 8
/* Lane-per-message kernel (SPECK-128, SIMON-128; ../many_simd.h): batches of
 * each message interleaved. (MemorySanitizer builds once left it out:
 * clang-14 vectorised many_simd.h's scalar schedule transposition into
 * vpscatterqq, whose stores its MemorySanitizer does not mark initialised;
 * the transposition is now kept scalar for clang.) */
#define TW_MANY_NB 4
/* SPECK-128's 256- and 384-byte CTR messages go alone (many.c: the lanes
 * lost up to 3% and 5-8%) */
#define TW_MANY_CTR_ALONE ARX_MANY_CTR_ALONE(256, 128)
/* S^3 y ^ s ^ k in one vpternlog (above); S^-8 bswap(v) in one vpshufb. */
#define SPECK_Y(y, s, k, x) ARX_TERNLOG_EPI64(TW_ROL(TW_W, y, SPECK_B), s, k, TW_XOR3)
#define SPECK_CTR_FIRST(v) TW_SHUFFLE8(v, TW_LANES(TW_CAT(SPECK_BSWAP_ROR8_IDX_, TW_W)))

/* 16-bit words: the rotates are vpshldw/vpshrdw (VBMI2). */
#define TW_W 16
#define TW_REQUIRES (ARX_REQ_AVX512 | ARX_CPU_AVX512VBMI2)
#include "../twoword_simd.h"
#define TW_W 32
#include "../twoword_simd.h"
#define TW_W 64
#include "../twoword_simd.h"

#endif
