/*
 * SIMECK32 and SIMECK64 on AVX-512 (F + BW + VL; SIMECK32 also VBMI2),
 * word-sliced (../twoword_simd.h): a pair of zmm holds 32 SIMECK32 blocks
 * (16-bit lanes) or 16 SIMECK64 blocks (32-bit lanes).
 *
 * With x = l and y = r (the block is stored r then l), a round (CHES 2015,
 * section 2.1) is
 *   (x, y) -> (y ^ f(x) ^ k, x),   f(x) = (x & S^5 x) ^ S^1 x,
 * 4 instructions per pair: the two rotates (vpshldw for 16-bit words, a
 * VBMI2 instruction; vprold for 32-bit ones) and
 *   y = vpternlog(y, x, S^5 x: a ^ (b & c)),  y = vpternlog(y, S^1 x, k: a ^ b ^ c).
 * Two rounds run in place, y then x, so the Feistel swap costs nothing (T is
 * even). In counter mode round 0 has nothing else to precompute: y ^ k0 is
 * constant, but f(x) needs both vpternlogs.
 *
 * What is left after the zmm pairs goes to the AVX2 kernel (see
 * ../twoword_simd.h for why a lone masked zmm pair does not pay on Zen 4).
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>
#include "simd_msan.h"

#include "simeck.h"
#define TW_FAMILY simeck
#define TW_VBITS 512
#include "../twoword_simd.h"

/* Pairs per batch: 4 (8 state + 8 rotated + 2 key zmm). With the rotates
 * grouped (below), 4 beat 6 and 8 on Zen 4: SIMECK64 0.61 / 0.63 / 0.66 cpb. */
#define TW_PAIRS 4
#define TW_EVEN_ROUNDS /* T = 32, 36, 44 */
/* Lane-per-message kernel for SIMECK-64 (16 messages, ../many_simd.h),
 * batches of each interleaved. */
#define TW_MANY_NB 4

/* y ^ f(x) ^ k in two vpternlogs whose overwritten first operand is y, so
 * the result stays in y's register. The logic is bitwise: one 64-bit-lane
 * form serves all word sizes (GCC 12 copied registers around the 32-bit
 * form, see simon_avx512.c).
 * Each half round issues the rotates of all pairs before the vpternlogs:
 * with the ops of one pair kept together, Zen 4 ran a pair-round in ~3.1
 * cycles against 2 issue cycles; grouped, ~2.4 (register-only loop), and
 * the kernels went from 0.74 to 0.61 cpb (SIMECK64) and 0.59 to 0.45
 * (SIMECK32). */
ARX_INLINE V simeck_fxor(V x, V y, V s5, V s1, V k) {
    return ARX_TERNLOG_EPI64(ARX_TERNLOG_EPI64(y, x, s5, TW_XOR_AND), s1, k, TW_XOR3);
}
#define TW_FEISTEL_HALF(x, y, k, P)                                                                \
    do {                                                                                           \
        V s5_[TW_PAIRS], s1_[TW_PAIRS];                                                            \
        for (int j_ = 0; j_ < (P); j_++) {                                                         \
            s5_[j_] = TW_ROL(TW_W, (x)[j_], 5);                                                    \
            s1_[j_] = TW_ROL(TW_W, (x)[j_], 1);                                                    \
        }                                                                                          \
        for (int j_ = 0; j_ < (P); j_++) (y)[j_] = simeck_fxor((x)[j_], (y)[j_], s5_[j_], s1_[j_], k); \
    } while (0)

/* SIMECK32's rotates are vpshldw (VBMI2); SIMECK64 needs F + BW + VL only. */
#define TW_W 16
#define TW_REQUIRES (ARX_REQ_AVX512 | ARX_CPU_AVX512VBMI2)
#include "../twoword_simd.h"
#define TW_W 32
#include "../twoword_simd.h"

#endif
