/*
 * SIMON64 and SIMON128 on AVX-512 (F + BW + VL), word-sliced
 * (../twoword_simd.h): a pair of zmm holds 16 SIMON64 blocks (32-bit lanes)
 * or 8 SIMON128 blocks (64-bit lanes).
 *
 * A round (ePrint 2013/404, 3.1),
 *   (x, y) -> (y ^ f(x) ^ k, x),   f(x) = (S^1 x & S^8 x) ^ S^2 x,
 * is 5 instructions per pair: S^1 and S^2 are vprold/vprolq, S^8 a vpshufb
 * (rotates and shuffles share Zen 4's pipes only in part: 2 rotates + 1
 * shuffle issue faster than 3 rotates), and
 *   t = vpternlog(y, S^1 x, S^8 x: a ^ (b & c)),  y = vpternlog(t, S^2 x, k: a ^ b ^ c)
 * with k a broadcast from memory. Two rounds run in place, y then x, so the
 * Feistel swap costs nothing; an odd round count ends in one renaming swap.
 * In counter mode round 0 has nothing to precompute: y ^ k0 is constant, but
 * f(x) already needs both vpternlogs.
 *
 * What is left after the zmm pairs goes to the AVX2 kernel (see
 * ../twoword_simd.h for why a lone masked zmm pair does not pay on Zen 4).
 *
 * SIMON32 (16-bit words) runs the same kernel with 32 blocks a pair, S^1
 * and S^2 as vpshldw (VBMI2, which its backend requires), S^8 the byte
 * swap. Its lane-per-message kernel (CTR, 16 messages a call) is
 * twoword_simd.h's 16-bit one.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>
#include "simd_msan.h"

#include "simon.h"
#define TW_FAMILY simon
#define TW_VBITS 512
#include "../twoword_simd.h"

/* Pairs per batch: 8 (16 + 3 of the 32 zmm), as for SPECK. */
#define TW_PAIRS 8
/* Lane-per-message kernel (SPECK-128, SIMON-128; ../many_simd.h): batches of
 * each message interleaved. (MemorySanitizer builds once left it out:
 * clang-14 vectorised many_simd.h's scalar schedule transposition into
 * vpscatterqq, whose stores its MemorySanitizer does not mark initialised;
 * the transposition is now kept scalar for clang.) */
#define TW_MANY_NB 4

/* y ^ f(x) ^ k in two vpternlogs. vpternlog overwrites its first operand:
 * making that y (rather than S^1 x) lets the result stay in y's register;
 * the other order cost GCC 12 17 register copies and a spill per two
 * rounds. The logic is bitwise, so SIMON64 uses the 64-bit-lane form too: the
 * 32-bit one still drew 32 copies per two rounds (vmovdqa32). */
#define TW_FEISTEL_PAIR(x, y, k)                                                                   \
    do {                                                                                           \
        const V t_ = ARX_TERNLOG_EPI64(y, TW_ROL1(TW_W, x), TW_ROTL8(TW_W, x), TW_XOR_AND); \
        (y) = ARX_TERNLOG_EPI64(t_, TW_ROL(TW_W, x, 2), k, TW_XOR3);                       \
    } while (0)

/* 16-bit words: the rotates are vpshldw/vpshrdw (VBMI2). */
#define TW_W 16
#define TW_REQUIRES (ARX_REQ_AVX512 | ARX_CPU_AVX512VBMI2)
#include "../twoword_simd.h"
#define TW_W 32
#include "../twoword_simd.h"
#define TW_W 64
#include "../twoword_simd.h"

#endif
