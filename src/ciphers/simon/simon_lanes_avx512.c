/*
 * SIMON-48 and SIMON-96 on AVX-512 (F + BW + VL + VBMI2): lane-per-message
 * counter mode (../twoword_lanes.h), 16 SIMON-48 or 8 SIMON-96 messages a
 * call. y ^= f(x) ^ k, f(x) = (S^1 x & S^8 x) ^ S^2 x: S^1 and S^2 each a
 * vpshld from x and its shared top-aligned copy (one shift), S^8 a vpshufb,
 * then the two vpternlogs of simon_avx512.c: 6 instructions a round.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include "simon.h"
#define TL_FAMILY simon
#define TL_VBITS 512
#include "../twoword_lanes.h"

#define TL_FEISTEL_PAIR(x, y, k)                                                                   \
    do {                                                                                           \
        const TL_V h_ = TL_HI(x);                                                                  \
        const TL_V t_ = ARX_TERNLOG_EPI64(y, TL_ROL(x, h_, 1), TL_ROL8(x), TL_XOR_AND);            \
        (y) = ARX_TERNLOG_EPI64(t_, TL_ROL(x, h_, 2), k, TL_XOR3);                                 \
    } while (0)

#define TL_W 24
#include "../twoword_lanes.h"
#define TL_W 48
#include "../twoword_lanes.h"

#endif
