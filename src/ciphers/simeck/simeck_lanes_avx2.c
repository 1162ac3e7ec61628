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

#define TL_FEISTEL_PAIR SIMECK_LANES_ROUND /* simeck.h */

#define TL_W 24
#include "../twoword_lanes.h"

#endif
