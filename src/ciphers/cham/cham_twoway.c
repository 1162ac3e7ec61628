/*
 * CHAM-64 "twoway": the portable SWAR backend (../swar16.h), four blocks per
 * uint64_t on 64-bit targets, two per uint32_t on 32-bit ones, word-sliced:
 * register w holds word w of every block of the batch.
 *
 * The rounds are those of the SIMD kernels (cham.h explains them): four
 * rounds per pass on t_{j-4..j-1}, renamed instead of rotated, each t rotated
 * straight to the forms its later rounds need, so 6 lane rotations per 4
 * rounds (ROL(t, 16) = t for 16-bit words) where the plain order has 8. A
 * SWAR rotation costs 5 operations and an addition 6, so that order matters
 * more here than with vector instructions.
 */
#include "cham.h"
#include "../swar16.h"

/* Independent batches per pass: the rounds of one batch form a chain of
 * rotations and additions, a second batch fills the gaps. */
#ifndef CHAM_TW_NB
#define CHAM_TW_NB 2
#endif
#define CHAM_TW_BLOCKS (CHAM_TW_NB * SWAR_LANES)

/* The round index i in every lane (CHAM XORs i into X0 in round i). */
#define IC(i) ((i) * UINT64_C(0x0001000100010001))
#define IC4(i) IC(i), IC(i + 1), IC(i + 2), IC(i + 3)
#define IC16(i) IC4(i), IC4(i + 4), IC4(i + 8), IC4(i + 12)
static const uint64_t cham_tw_ic[96] = {IC16(0u),  IC16(16u), IC16(32u),
                                        IC16(48u), IC16(64u), IC16(80u)};

#define FOR_U for (unsigned u = 0; u < nb; u++)
#define UNROLL _Pragma("GCC unroll 2")
#define K(i) ((swar_t)ks->tw_rk[(i) & 15u])
#define C(i) ((swar_t)cham_tw_ic[i])

/* Encrypts the words x[u][0..3] of nb batches in place. */
ARX_INLINE void cham64_tw_enc(const cham64_ks *ks, swar_t x[][4], unsigned nb) {
    /* Rounds 0..3 from the block's words: t_0 .. t_3. */
    UNROLL FOR_U {
        swar_t a = swar_add(x[u][0], swar_rol(x[u][1], 1) ^ K(0));
        swar_t b = swar_add(x[u][1] ^ C(1), swar_rol(x[u][2], 8) ^ K(1));
        swar_t c = swar_add(x[u][2] ^ C(2), swar_rol(x[u][3], 1) ^ K(2));
        swar_t d = swar_add(x[u][3] ^ C(3), a ^ K(3));
        x[u][0] = a, x[u][1] = b, x[u][2] = c, x[u][3] = d;
    }
    /* Round j reads Y_{j-4} ^ j = ROL(t_{j-4}, 8 or 1) ^ j and ROL(Y_{j-3},
     * 1 or 8) = ROL(t_{j-3}, 2) or t_{j-3} itself. */
    for (unsigned j = 4; j < ks->rounds; j += 4) {
        UNROLL FOR_U x[u][0] = swar_add(swar_rol(x[u][1], 2) ^ K(j), swar_rol(x[u][0], 8) ^ C(j));
        UNROLL FOR_U x[u][1] = swar_add(swar_rol(x[u][1], 1) ^ C(j + 1), x[u][2] ^ K(j + 1));
        UNROLL FOR_U x[u][2] = swar_add(swar_rol(x[u][2], 8) ^ C(j + 2), swar_rol(x[u][3], 2) ^ K(j + 2));
        UNROLL FOR_U x[u][3] = swar_add(swar_rol(x[u][3], 1) ^ C(j + 3), x[u][0] ^ K(j + 3));
    }
    UNROLL FOR_U {
        x[u][0] = swar_rol(x[u][0], 8);
        x[u][1] = swar_rol(x[u][1], 1);
        x[u][2] = swar_rol(x[u][2], 8);
        x[u][3] = swar_rol(x[u][3], 1);
    }
}

/* Decryption undoes four rounds per pass on Y_{j..j+3} (cham.h's dec_words),
 * x[u][2] kept as ROL(Y, 8), the form both its uses want. */
ARX_INLINE void cham64_tw_dec(const cham64_ks *ks, swar_t x[][4], unsigned nb) {
    UNROLL FOR_U x[u][2] = swar_rol(x[u][2], 8);
    for (unsigned j = ks->rounds - 4;; j -= 4) {
        swar_t a8[CHAM_TW_NB];
        UNROLL FOR_U {
            a8[u] = swar_rol(x[u][0], 8);
            x[u][3] = swar_sub(swar_rol(x[u][3], 15), a8[u] ^ K(j + 3)) ^ C(j + 3);
        }
        UNROLL FOR_U x[u][2] = swar_rol(swar_sub(x[u][2], swar_rol(x[u][3], 1) ^ K(j + 2)) ^ C(j + 2), 8);
        UNROLL FOR_U x[u][1] = swar_sub(swar_rol(x[u][1], 15), x[u][2] ^ K(j + 1)) ^ C(j + 1);
        UNROLL FOR_U x[u][0] = swar_sub(a8[u], swar_rol(x[u][1], 1) ^ K(j)) ^ C(j);
        if (j == 0) break;
    }
    UNROLL FOR_U x[u][2] = swar_rol(x[u][2], 8);
}

SWAR_KERNELS(cham64_twoway, cham64_ks, 8, 4, CHAM_TW_NB, cham64_tw_enc, cham64_tw_dec, SWAR_ID, SWAR_ID)

const arx_backend cham64_twoway_backend = {"twoway", 0, SWAR_LANES, cham64_twoway_encrypt,
                                           cham64_twoway_decrypt, cham64_twoway_ctr};
