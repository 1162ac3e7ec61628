/*
 * SPECK-48 and SPECK-96 on AVX2: lane-per-message counter mode
 * (../twoword_lanes.h), 8 SPECK-48 or 4 SPECK-96 messages a call. S^-8 is
 * one vpshufb, S^3 two shifts (one of them shared with nothing else here)
 * and an OR: 8 instructions a round.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include "speck.h"
#define TL_FAMILY speck
#define TL_VBITS 256
#include "../twoword_lanes.h"

#define TL_ENC_PAIR SPECK_LANES_ROUND /* speck.h */

#define TL_W 24
#include "../twoword_lanes.h"
#define TL_W 48
#include "../twoword_lanes.h"

#endif
