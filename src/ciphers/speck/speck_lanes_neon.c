/*
 * SPECK-48 and SPECK-96 on NEON (AArch64, ARMv7): lane-per-message counter
 * mode (../twoword_lanes.h), 4 SPECK-48 or 2 SPECK-96 messages a call.
 * Every rotation (S^-8 and S^3) is a shift and a vsri from the word's
 * top-aligned copy: 9 instructions a round. (Tested under qemu-user only:
 * no timings.)
 */
#include "cipher.h"

#if ARX_ARM_NEON
#include "speck.h"
#define TL_FAMILY speck
#define TL_VBITS 128
#define TL_NEON
#include "../twoword_lanes.h"

#define TL_ENC_PAIR SPECK_LANES_ROUND /* speck.h */

#define TL_W 24
#include "../twoword_lanes.h"
#define TL_W 48
#include "../twoword_lanes.h"

#endif
