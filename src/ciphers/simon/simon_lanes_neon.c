/*
 * SIMON-48 and SIMON-96 on NEON (AArch64, ARMv7): lane-per-message counter
 * mode (../twoword_lanes.h), 4 SIMON-48 or 2 SIMON-96 messages a call.
 * S^1, S^2 and S^8 are a shift and a vsri each from x's shared top-aligned
 * copy: 11 instructions a round. (Tested under qemu-user only: no timings.)
 */
#include "cipher.h"

#if ARX_ARM_NEON
#include "simon.h"
#define TL_FAMILY simon
#define TL_VBITS 128
#define TL_NEON
#include "../twoword_lanes.h"

#define TL_FEISTEL_PAIR SIMON_LANES_ROUND /* simon.h */

#define TL_W 24
#include "../twoword_lanes.h"
#define TL_W 48
#include "../twoword_lanes.h"

#endif
