/*
 * SPECK-48 and SPECK-96 on AVX-512 (F + BW + VL + VBMI2): lane-per-message
 * counter mode (../twoword_lanes.h), 16 SPECK-48 or 8 SPECK-96 messages a
 * call. A round, x = (S^-8 x + y) ^ k; y = S^3 y ^ x: S^-8 one vpshufb, S^3
 * a shift and a vpshld (the words do not fill their lanes, so vprold
 * would not do), y as S^3 y ^ s ^ k in one vpternlog (s = S^-8 x + y, as
 * speck_avx512.c).
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include "speck.h"
#define TL_FAMILY speck
#define TL_VBITS 512
#include "../twoword_lanes.h"

#define TL_ENC_PAIR(x, y, k)                                                                       \
    do {                                                                                           \
        const TL_V s_ = TL_ADD(TL_ROR8(x), y);                                                     \
        (x) = TL_XOR(s_, k);                                                                       \
        (y) = ARX_TERNLOG_EPI64(TL_ROL(y, TL_HI(y), 3), s_, k, TL_XOR3);                           \
    } while (0)

#define TL_W 24
#include "../twoword_lanes.h"
#define TL_W 48
#include "../twoword_lanes.h"

#endif
