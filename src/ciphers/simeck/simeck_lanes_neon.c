/*
 * SIMECK-48 on NEON (AArch64, ARMv7): lane-per-message counter mode
 * (../twoword_lanes.h), 4 messages a call. S^5 and S^1 are a shift and a
 * vsri each from x's shared top-aligned copy: 9 instructions a round.
 * (Tested under qemu-user only: no timings.)
 */
#include "cipher.h"

#if ARX_ARM_NEON
#include "simeck.h"
#define TL_FAMILY simeck
#define TL_VBITS 128
#define TL_NEON
#include "../twoword_lanes.h"

#define TL_FEISTEL_PAIR SIMECK_LANES_ROUND /* simeck.h */

#define TL_W 24
#include "../twoword_lanes.h"

#endif
