/*
 * SIMECK-48 on AVX-512 (F + BW + VL + VBMI2): lane-per-message counter mode
 * (../twoword_lanes.h), 16 messages a call. l ^= f(r) ^ k, f(x) = (x & S^5
 * x) ^ S^1 x: S^5 and S^1 each a vpshld from x and its shared top-aligned
 * copy, then two vpternlogs: 5 instructions a round.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include "simeck.h"
#define TL_FAMILY simeck
#define TL_VBITS 512
#include "../twoword_lanes.h"

#define TL_FEISTEL_PAIR(x, y, k)                                                                   \
    do {                                                                                           \
        const TL_V h_ = TL_HI(x);                                                                  \
        const TL_V t_ = ARX_TERNLOG_EPI64(y, x, TL_ROL(x, h_, 5), TL_XOR_AND);                     \
        (y) = ARX_TERNLOG_EPI64(t_, TL_ROL(x, h_, 1), k, TL_XOR3);                                 \
    } while (0)

#define TL_W 24
#include "../twoword_lanes.h"

#endif
