/*
 * SPECK32 "twoway": the portable SWAR backend (../swar16.h), four blocks per
 * uint64_t on 64-bit targets, two per uint32_t on 32-bit ones; word y of
 * every block of a batch in one register, word x in another.
 *
 * A round (ePrint 2013/404, 4.1; alpha = 7, beta = 2) is one lane addition
 * and two lane rotations: x = (S^-7 x + y) ^ k; y = S^2 y ^ x. Every step
 * waits for the one before, so SPECK_TW_NB batches run side by side.
 */
#include "speck.h"
#include "../swar16.h"

#ifndef SPECK_TW_NB
#define SPECK_TW_NB 4
#endif

#define K(i) ((swar_t)ks->tw_rk[i])
#define FOR_U SWAR_FOR_U

/* x[u][0] = y (stored first), x[u][1] = x. */
ARX_INLINE void speck32_tw_enc(const speck_ks16 *ks, swar_t s[][2], unsigned nb) {
    for (unsigned i = 0; i < ks->rounds; i++) {
        const swar_t k = K(i);
        FOR_U {
            s[u][1] = swar_add(swar_rol(s[u][1], 9), s[u][0]) ^ k;
            s[u][0] = swar_rol(s[u][0], 2) ^ s[u][1];
        }
    }
}

ARX_INLINE void speck32_tw_dec(const speck_ks16 *ks, swar_t s[][2], unsigned nb) {
    for (unsigned i = ks->rounds; i-- > 0;) {
        const swar_t k = K(i);
        FOR_U {
            s[u][0] = swar_rol(s[u][0] ^ s[u][1], 14);
            s[u][1] = swar_rol(swar_sub(s[u][1] ^ k, s[u][0]), 7);
        }
    }
}

SWAR_KERNELS(speck32_tw, speck_ks16, 4, 2, SPECK_TW_NB, speck32_tw_enc, speck32_tw_dec, SWAR_ID, SWAR_ID)

const arx_backend speck32_twoway = {"twoway", 0, SWAR_LANES, speck32_tw_encrypt, speck32_tw_decrypt,
                                    speck32_tw_ctr};
