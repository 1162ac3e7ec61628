/*
 * SPARX "twoway": the portable SWAR backends (../swar16.h), four blocks per
 * uint64_t on 64-bit targets, two per uint32_t on 32-bit ones, word-sliced:
 * register w holds 16-bit word w of every block of a batch (l and r of
 * branch b are words 2b and 2b+1).
 *
 * The ARX-box is a keyless SPECK32 round (SPECKEY): l = S^-7 l + r;
 * r = S^2 r ^ l, one lane addition and two lane rotations. The branches of a
 * step are independent, so each round runs on every branch (and every batch)
 * before the next: that gives the additions and rotations, serial within a
 * branch, work to overlap. The linear layers only XOR and rename words (the
 * Feistel swap costs nothing), with one lane rotation by 8 each. Round keys
 * are kept broadcast (sparx_ks.tw_rk).
 */
#include "sparx.h"
#include "../swar16.h"

#ifndef SPARX64_TW_NB
#define SPARX64_TW_NB 2
#endif
#ifndef SPARX128_TW_NB
#define SPARX128_TW_NB 1
#endif

#define K(row, i) ((swar_t)ks->tw_rk[row][i])

/* Encrypts nb batches x[u][0 .. 2 BR - 1]: steps steps of RA rounds on BR
 * branches, each step followed by L (BR = 2) or L' (BR = 4). */
ARX_INLINE void sparx_tw_enc(const sparx_ks *ks, swar_t (*x)[8], unsigned nb, unsigned BR, unsigned RA,
                             unsigned steps) {
    for (unsigned s = 0; s < steps; s++) {
        for (unsigned r = 0; r < RA; r++)
            for (unsigned b = 0; b < BR; b++) {
                const swar_t k0 = K(BR * s + b, 2 * r), k1 = K(BR * s + b, 2 * r + 1);
                SWAR_FOR_U {
                    swar_t l = x[u][2 * b] ^ k0, rr = x[u][2 * b + 1] ^ k1;
                    l = swar_add(swar_rol(l, 9), rr);
                    x[u][2 * b] = l;
                    x[u][2 * b + 1] = swar_rol(rr, 2) ^ l;
                }
            }
        SWAR_FOR_U {
            swar_t *v = x[u];
            if (BR == 2) {
                swar_t t = swar_rol(v[0] ^ v[1], 8);
                swar_t y2 = v[2] ^ v[0] ^ t, y3 = v[3] ^ v[1] ^ t;
                v[2] = v[0], v[3] = v[1], v[0] = y2, v[1] = y3;
            } else {
                swar_t t = swar_rol(v[0] ^ v[1] ^ v[2] ^ v[3], 8);
                swar_t y4 = v[4] ^ v[2] ^ t, y5 = v[5] ^ v[1] ^ t;
                swar_t y6 = v[6] ^ v[0] ^ t, y7 = v[7] ^ v[3] ^ t;
                v[4] = v[0], v[5] = v[1], v[6] = v[2], v[7] = v[3];
                v[0] = y4, v[1] = y5, v[2] = y6, v[3] = y7;
            }
        }
    }
    SWAR_FOR_U for (unsigned i = 0; i < 2 * BR; i++) x[u][i] ^= K(BR * steps, i);
}

ARX_INLINE void sparx_tw_dec(const sparx_ks *ks, swar_t (*x)[8], unsigned nb, unsigned BR, unsigned RA,
                             unsigned steps) {
    SWAR_FOR_U for (unsigned i = 0; i < 2 * BR; i++) x[u][i] ^= K(BR * steps, i);
    for (unsigned s = steps; s-- > 0;) {
        SWAR_FOR_U {
            swar_t *v = x[u];
            if (BR == 2) {
                swar_t t = swar_rol(v[2] ^ v[3], 8);
                swar_t y0 = v[0] ^ v[2] ^ t, y1 = v[1] ^ v[3] ^ t;
                v[0] = v[2], v[1] = v[3], v[2] = y0, v[3] = y1;
            } else {
                swar_t t = swar_rol(v[4] ^ v[5] ^ v[6] ^ v[7], 8);
                swar_t y0 = v[0] ^ v[6] ^ t, y1 = v[1] ^ v[5] ^ t;
                swar_t y2 = v[2] ^ v[4] ^ t, y3 = v[3] ^ v[7] ^ t;
                v[0] = v[4], v[1] = v[5], v[2] = v[6], v[3] = v[7];
                v[4] = y0, v[5] = y1, v[6] = y2, v[7] = y3;
            }
        }
        for (unsigned r = RA; r-- > 0;)
            for (unsigned b = 0; b < BR; b++) {
                const swar_t k0 = K(BR * s + b, 2 * r), k1 = K(BR * s + b, 2 * r + 1);
                SWAR_FOR_U {
                    swar_t l = x[u][2 * b], rr = swar_rol(x[u][2 * b + 1] ^ l, 14);
                    l = swar_rol(swar_sub(l, rr), 7);
                    x[u][2 * b] = l ^ k0;
                    x[u][2 * b + 1] = rr ^ k1;
                }
            }
    }
}

/* SPARX-64/128: 8 steps of 3 rounds on 2 branches; SPARX-128: ks->steps (8
 * or 10) steps of 4 rounds on 4 branches. The word arrays are [8] for both
 * (SWAR_KERNELS passes [W]); 64 uses the first four. */
ARX_INLINE void sparx64_tw_enc(const sparx_ks *ks, swar_t (*x)[4], unsigned nb) {
    swar_t y[SPARX64_TW_NB][8];
    SWAR_FOR_U for (unsigned i = 0; i < 4; i++) y[u][i] = x[u][i];
    sparx_tw_enc(ks, y, nb, 2, 3, 8);
    SWAR_FOR_U for (unsigned i = 0; i < 4; i++) x[u][i] = y[u][i];
}
ARX_INLINE void sparx64_tw_dec(const sparx_ks *ks, swar_t (*x)[4], unsigned nb) {
    swar_t y[SPARX64_TW_NB][8];
    SWAR_FOR_U for (unsigned i = 0; i < 4; i++) y[u][i] = x[u][i];
    sparx_tw_dec(ks, y, nb, 2, 3, 8);
    SWAR_FOR_U for (unsigned i = 0; i < 4; i++) x[u][i] = y[u][i];
}
ARX_INLINE void sparx128_tw_enc(const sparx_ks *ks, swar_t (*x)[8], unsigned nb) {
    sparx_tw_enc(ks, x, nb, 4, 4, ks->steps);
}
ARX_INLINE void sparx128_tw_dec(const sparx_ks *ks, swar_t (*x)[8], unsigned nb) {
    sparx_tw_dec(ks, x, nb, 4, 4, ks->steps);
}

SWAR_KERNELS(sparx64_tw, sparx_ks, 8, 4, SPARX64_TW_NB, sparx64_tw_enc, sparx64_tw_dec, SWAR_ID, SWAR_ID)
SWAR_KERNELS(sparx128_tw, sparx_ks, 16, 8, SPARX128_TW_NB, sparx128_tw_enc, sparx128_tw_dec, SWAR_ID,
             SWAR_ID)

const arx_backend sparx64_twoway_backend = {"twoway", 0, SWAR_LANES, sparx64_tw_encrypt, sparx64_tw_decrypt,
                                            sparx64_tw_ctr};
const arx_backend sparx128_twoway_backend = {"twoway", 0, SWAR_LANES, sparx128_tw_encrypt,
                                             sparx128_tw_decrypt, sparx128_tw_ctr};
