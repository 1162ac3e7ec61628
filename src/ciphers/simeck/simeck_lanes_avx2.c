/*
 * SIMECK-48 on AVX2: lane-per-message counter mode (../twoword_lanes.h), 8
 * messages a call. S^5 and S^1 are two shifts and an OR each (their
 * top-aligned copy of x shared): 11 instructions a round.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include "simeck.h"
#define TL_FAMILY simeck
#define TL_VBITS 256
#include "../twoword_lanes.h"

#define TL_FEISTEL_PAIR(x, y, k)                                                                   \
    do {                                                                                           \
        const TL_V h_ = TL_HI(x);                                                                  \
        (y) = TL_XOR(TL_XOR(y, TL_AND(x, TL_ROL(x, h_, 5))), TL_XOR(TL_ROL(x, h_, 1), k));        \
    } while (0)

#define TL_W 24
#include "../twoword_lanes.h"

#endif
