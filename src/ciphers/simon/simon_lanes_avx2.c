/*
 * SIMON-48 and SIMON-96 on AVX2: lane-per-message counter mode
 * (../twoword_lanes.h), 8 SIMON-48 or 4 SIMON-96 messages a call. S^1 and
 * S^2 are two shifts and an OR each (their top-aligned copy of x shared),
 * S^8 a vpshufb: 12 instructions a round.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include "simon.h"
#define TL_FAMILY simon
#define TL_VBITS 256
#include "../twoword_lanes.h"

#define TL_FEISTEL_PAIR SIMON_LANES_ROUND /* simon.h */

#define TL_W 24
#include "../twoword_lanes.h"
#define TL_W 48
#include "../twoword_lanes.h"

#endif
