/*
 * SIMECK32 "twoway": the portable SWAR backend (../swar16.h), four blocks per
 * uint64_t on 64-bit targets, two per uint32_t on 32-bit ones, in the
 * bit-interleaved layout of simon_twoway.c: bit j of block b at bit
 * SWAR_LANES * j + b, so a lane rotation is one register rotation (SIMECK,
 * like SIMON, has no additions). Two Feistel rounds per step (CHES 2015,
 * 2.1; the block is stored r then l, y = r, x = l), in place:
 *   y ^= f(x) ^ k_i;  x ^= f(y) ^ k_{i+1},  f(x) = (x & S^5 x) ^ S^1 x.
 * Round keys are kept in the layout, broadcast (simeck_ks16.tw_rk).
 */
#include "simeck.h"
#include "../swar16.h"

#ifndef SIMECK_TW_NB
#define SIMECK_TW_NB 2
#endif

void simeck32_twoway_setup(simeck_ks16 *ks) {
    for (unsigned i = 0; i < ks->rounds; i++) ks->tw_rk[i] = swar_irep(ks->rk[i]);
}

ARX_INLINE swar_t simeck_tw_f(swar_t x) {
    return (x & SWAR_IROL(x, 5)) ^ SWAR_IROL(x, 1);
}

/* SIMECK32 has 32 rounds, an even count. */
SWAR_FEISTEL_ROUNDS(simeck32_tw, simeck_ks16, simeck_tw_f)

SWAR_KERNELS(simeck32_tw, simeck_ks16, 4, 2, SIMECK_TW_NB, simeck32_tw_enc, simeck32_tw_dec, swar_interleave,
             swar_deinterleave)

const arx_backend simeck32_twoway = {"twoway", 0, SWAR_LANES, simeck32_tw_encrypt, simeck32_tw_decrypt,
                                    simeck32_tw_ctr};
