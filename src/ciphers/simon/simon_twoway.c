/*
 * SIMON32 "twoway": the portable SWAR backend (../swar16.h), four blocks per
 * uint64_t on 64-bit targets, two per uint32_t on 32-bit ones, in the
 * bit-interleaved layout: bit j of block b at bit SWAR_LANES * j + b. SIMON
 * has no additions, so every lane rotation is one rotation of the register
 * (by SWAR_LANES * r) instead of five masked operations: a round is three
 * rotations, an AND and three XORs for a whole batch. Entering and leaving
 * the layout costs four delta swaps per register.
 *
 * Two Feistel rounds per step (ePrint 2013/404, 3.1), in place:
 *   y ^= f(x) ^ k_i;  x ^= f(y) ^ k_{i+1},  f(x) = (S^1 x & S^8 x) ^ S^2 x.
 * Round keys are kept in the layout, broadcast (simon_ks16.tw_rk).
 */
#include "simon.h"
#include "../swar16.h"

#ifndef SIMON_TW_NB
#define SIMON_TW_NB 2
#endif

void simon32_twoway_setup(simon_ks16 *ks) {
    for (unsigned i = 0; i < ks->rounds; i++) ks->tw_rk[i] = swar_irep(ks->rk[i]);
}

ARX_INLINE swar_t simon_tw_f(swar_t x) {
    return (SWAR_IROL(x, 1) & SWAR_IROL(x, 8)) ^ SWAR_IROL(x, 2);
}

/* SIMON32 has 32 rounds, an even count. */
SWAR_FEISTEL_ROUNDS(simon32_tw, simon_ks16, simon_tw_f)

SWAR_KERNELS(simon32_tw, simon_ks16, 4, 2, SIMON_TW_NB, simon32_tw_enc, simon32_tw_dec, swar_interleave,
             swar_deinterleave)

const arx_backend simon32_twoway = {"twoway", 0, SWAR_LANES, simon32_tw_encrypt, simon32_tw_decrypt,
                                    simon32_tw_ctr};
