/*
 * SPARX block ciphers (Dinu, Perrin, Udovenko, Velichkov, Grossschaedl,
 * Biryukov, "Design Strategies for ARX with Provable Bounds: SPARX and LAX",
 * ASIACRYPT 2016), checked against the designers' reference implementation.
 *
 * The state is made of 32-bit branches, each a pair of 16-bit words (l, r).
 * One step = ra rounds of (key XOR, ARX-box A) on every branch, then the
 * linear layer (L for 2 branches, L' for 4). After the last step the whole
 * block is XORed with a final whitening key.
 *
 *   variant        branches  steps  rounds/step  key words
 *   SPARX-64/128       2        8        3           8
 *   SPARX-128/128      4        8        4           8
 *   SPARX-128/256      4       10        4          16
 *
 * Byte order: 16-bit words, little-endian, word 0 first (block and key).
 */
#include "sparx.h"

/* ---- ARX-box A: one 16-bit SPECK-32 round without key (SPECKEY) ----------- */

ARX_INLINE void sparx_a(uint16_t *l, uint16_t *r) {
    *l = (uint16_t)(arx_rotr16(*l, 7) + *r);
    *r = (uint16_t)(arx_rotl16(*r, 2) ^ *l);
}

ARX_INLINE void sparx_a_inv(uint16_t *l, uint16_t *r) {
    *r = arx_rotr16((uint16_t)(*r ^ *l), 2);
    *l = arx_rotl16((uint16_t)(*l - *r), 7);
}

/* ---- key schedule: one key-state permutation per variant ----------------- */

/* AVR and MSP430: SPARX-64/128's schedule is assembly (setup_sparx_64_128). */
#if (defined(ARX_AVR) || defined(ARX_MSP430)) && !SPARX_TW_KEYS
#define SPARX64_CHIP_KEY 1
#else
#define SPARX64_CHIP_KEY 0
#endif

#if !SPARX64_CHIP_KEY
/*
 * SPARX-64/128: key state of four 32-bit words (k0..k3) = 16-bit k[0..7].
 * k0 <- A(k0); k1 <- k1 + k0; k3 <- k3 + c (right half only); then the
 * 32-bit words rotate one position to the right.
 */
static void sparx_kperm_64_128(uint16_t k[16], uint16_t c) {
    sparx_a(&k[0], &k[1]);
    k[2] = (uint16_t)(k[2] + k[0]);
    k[3] = (uint16_t)(k[3] + k[1]);
    k[7] = (uint16_t)(k[7] + c);
    uint16_t t0 = k[6], t1 = k[7];
    for (unsigned i = 7; i >= 2; i--) k[i] = k[i - 2];
    k[0] = t0;
    k[1] = t1;
}
#endif

/*
 * SPARX-128/128: as 64/128, but A and the addition are also applied to the
 * second half: k2 <- A(k2); k3 <- k3 + k2 + c (constant on the right half).
 */
static void sparx_kperm_128_128(uint16_t k[16], uint16_t c) {
    sparx_a(&k[0], &k[1]);
    k[2] = (uint16_t)(k[2] + k[0]);
    k[3] = (uint16_t)(k[3] + k[1]);
    sparx_a(&k[4], &k[5]);
    k[6] = (uint16_t)(k[6] + k[4]);
    k[7] = (uint16_t)(k[7] + k[5] + c);
    uint16_t t0 = k[6], t1 = k[7];
    for (unsigned i = 7; i >= 2; i--) k[i] = k[i - 2];
    k[0] = t0;
    k[1] = t1;
}

/*
 * SPARX-128/256: eight 32-bit words k0..k7. k0 <- A(k0); k1 += k0;
 * k4 <- A(k4); k5 += k4 + c; then the words rotate THREE positions to the
 * right (not one, unlike the 128-bit-key variants).
 */
static void sparx_kperm_128_256(uint16_t k[16], uint16_t c) {
    uint16_t t[6];
    sparx_a(&k[0], &k[1]);
    k[2] = (uint16_t)(k[2] + k[0]);
    k[3] = (uint16_t)(k[3] + k[1]);
    sparx_a(&k[8], &k[9]);
    k[10] = (uint16_t)(k[10] + k[8]);
    k[11] = (uint16_t)(k[11] + k[9] + c);
    for (unsigned i = 0; i < 6; i++) t[i] = k[10 + i];
    for (unsigned i = 15; i >= 6; i--) k[i] = k[i - 6];
    for (unsigned i = 0; i < 6; i++) k[i] = t[i];
    arx_wipe(t, sizeof t);
}

/* ---- the SIMD kernels' key programs (sparx.h) ------------------------------ */

/*
 * The kernels XOR a round key on its own only where no three-input XOR can
 * take it. A branch is kept as (l, a) with a = r ^ K1, the r key of the round
 * about to run, so a round is
 *     l ^= K0;  l = ROR7(l) + a;  a = ROL2(a) ^ l ^ K1'
 * with K1' the r key of the branch's next round (one XOR3). After a step's
 * last round K1' is free to be any offset eps_b, and the linear layer's
 * t = ROL8(x0 ^ x1 [^ x2 ^ x3] ^ LC) takes one more constant. L is linear, so
 * its outputs then carry known offsets; with K0', K1' the next step's first
 * keys (the whitening key after the last step):
 *   2 branches: y2 = l of new branch 0 carries ROL8(e), e = eps0 ^ LC;
 *     y3 carries eps1 ^ eps0 ^ ROL8(e); new branch 1 = (x0, x1 ^ eps0).
 *     Solve ROL8(e) = K0'[0], eps0 = K1'[1], eps1 = K1'[0] ^ eps0 ^ K0'[0].
 *   4 branches: y4 and y6 carry ROL8(e), e = eps0 ^ eps1 ^ LC; y5 carries
 *     eps2 ^ eps0 ^ ROL8(e), y7 eps3 ^ eps1 ^ ROL8(e); new branches 2, 3 =
 *     (x0, x1 ^ eps0), (x2, x3 ^ eps1). Solve ROL8(e) = K0'[0],
 *     eps0 = K1'[2], eps1 = K1'[3], eps2 = K1'[0] ^ eps0 ^ K0'[0],
 *     eps3 = K1'[1] ^ eps1 ^ K0'[0]; branch 1's l keeps K0'[1] ^ K0'[0] to XOR.
 * So each step starts with every a keyed and branch 0's l keyed; the other
 * branches' l (sums, or y6) take an explicit XOR.
 *
 * enc rows: K0[0][0][0]; K1[0][b][0] for each b; per step, per branch, per
 * round: [l key (none for branch 0, round 0)], K1' (eps_b after the last
 * round); then LC; finally the l keys of branches 1.. for the output words.
 *
 * Decryption runs the inverse rounds r = ROR2(r ^ l); l = ROL7(l - r), then
 * owes l ^= K0, r ^= K1: these stay pending as two constants per branch. The
 * next inverse round takes them as r ^ l ^ (P0 ^ P1) (one XOR3) and l ^ P0;
 * the inverse linear layers XOR pendings together like the words they belong
 * to. dec rows: per step (last first): the constant of the inverse linear
 * layer's t, then per branch, per round (last first): P0 ^ P1, P0; finally P0,
 * P1 per branch for the output words.
 */
#if SPARX_PROGRAMS
static uint16_t sparx_k0(const sparx_ks *ks, unsigned nb, unsigned s, unsigned b, unsigned r) {
    return s == ks->steps ? ks->rk[nb * s][2 * b] : ks->rk[nb * s + b][2 * r];
}
static uint16_t sparx_k1(const sparx_ks *ks, unsigned nb, unsigned s, unsigned b, unsigned r) {
    return s == ks->steps ? ks->rk[nb * s][2 * b + 1] : ks->rk[nb * s + b][2 * r + 1];
}
/* l key of round 0 of branch b >= 1 in step s, net of the offset its l carries. */
static uint16_t sparx_lk0(const sparx_ks *ks, unsigned nb, unsigned s, unsigned b) {
    uint16_t k = sparx_k0(ks, nb, s, b, 0);
    if (s > 0 && nb == 4 && b == 1) k ^= sparx_k0(ks, nb, s, 0, 0);
    return k;
}
static void sparx_row(uint32_t row[4], uint16_t v) {
    for (unsigned i = 0; i < 4; i++) row[i] = (uint32_t)v * 0x10001u;
}

static void sparx_build_programs(sparx_ks *ks, unsigned nb, unsigned ra, unsigned steps) {
    memset(ks->enc, 0, sizeof ks->enc);
    memset(ks->dec, 0, sizeof ks->dec);
    uint32_t(*e)[4] = ks->enc;
    sparx_row(*e++, sparx_k0(ks, nb, 0, 0, 0));
    for (unsigned b = 0; b < nb; b++) sparx_row(*e++, sparx_k1(ks, nb, 0, b, 0));
    for (unsigned s = 0; s < steps; s++) {
        uint16_t n0 = sparx_k0(ks, nb, s + 1, 0, 0), eps[4], lc;
        uint16_t e_ = arx_rotl16(n0, 8); /* ROL8(e) must equal n0 */
        if (nb == 2) {
            eps[0] = sparx_k1(ks, nb, s + 1, 1, 0);
            eps[1] = (uint16_t)(sparx_k1(ks, nb, s + 1, 0, 0) ^ eps[0] ^ n0);
            lc = (uint16_t)(e_ ^ eps[0]);
        } else {
            eps[0] = sparx_k1(ks, nb, s + 1, 2, 0);
            eps[1] = sparx_k1(ks, nb, s + 1, 3, 0);
            eps[2] = (uint16_t)(sparx_k1(ks, nb, s + 1, 0, 0) ^ eps[0] ^ n0);
            eps[3] = (uint16_t)(sparx_k1(ks, nb, s + 1, 1, 0) ^ eps[1] ^ n0);
            lc = (uint16_t)(e_ ^ eps[0] ^ eps[1]);
        }
        for (unsigned b = 0; b < nb; b++)
            for (unsigned r = 0; r < ra; r++) {
                if (r > 0)
                    sparx_row(*e++, sparx_k0(ks, nb, s, b, r));
                else if (b > 0)
                    sparx_row(*e++, sparx_lk0(ks, nb, s, b));
                sparx_row(*e++, r + 1 < ra ? sparx_k1(ks, nb, s, b, r + 1) : eps[b]);
            }
        sparx_row(*e++, lc);
    }
    for (unsigned b = 1; b < nb; b++) sparx_row(*e++, sparx_lk0(ks, nb, steps, b));

    uint32_t(*d)[4] = ks->dec;
    uint16_t p0[4], p1[4];
    for (unsigned b = 0; b < nb; b++) {
        p0[b] = sparx_k0(ks, nb, steps, b, 0);
        p1[b] = sparx_k1(ks, nb, steps, b, 0);
    }
    for (unsigned s = steps; s-- > 0;) {
        if (nb == 2) {
            sparx_row(*d++, (uint16_t)(p0[1] ^ p1[1]));
            uint16_t q0 = (uint16_t)(p0[0] ^ p0[1]), q1 = (uint16_t)(p1[0] ^ p1[1]);
            p0[0] = p0[1], p1[0] = p1[1];
            p0[1] = q0, p1[1] = q1;
        } else {
            sparx_row(*d++, (uint16_t)(p0[2] ^ p1[2] ^ p0[3] ^ p1[3]));
            uint16_t y0 = (uint16_t)(p0[0] ^ p0[3]), y1 = (uint16_t)(p1[0] ^ p1[2]);
            uint16_t y2 = (uint16_t)(p0[1] ^ p0[2]), y3 = (uint16_t)(p1[1] ^ p1[3]);
            p0[0] = p0[2], p1[0] = p1[2], p0[1] = p0[3], p1[1] = p1[3];
            p0[2] = y0, p1[2] = y1, p0[3] = y2, p1[3] = y3;
        }
        for (unsigned b = 0; b < nb; b++)
            for (unsigned r = ra; r-- > 0;) {
                sparx_row(*d++, (uint16_t)(p0[b] ^ p1[b]));
                sparx_row(*d++, p0[b]);
                p0[b] = sparx_k0(ks, nb, s, b, r);
                p1[b] = sparx_k1(ks, nb, s, b, r);
            }
    }
    for (unsigned b = 0; b < nb; b++) {
        sparx_row(*d++, p0[b]);
        sparx_row(*d++, p1[b]);
    }
    arx_wipe(p0, sizeof p0);
    arx_wipe(p1, sizeof p1);
}
#endif

/*
 * Row c of round keys is the first 2 * rounds_per_step words of the key
 * state after c permutations; permutation number c+1 uses the constant c+1.
 */
static void sparx_setup(sparx_ks *ks, const uint8_t *key, unsigned key_words, unsigned branches,
                        unsigned steps, unsigned row_words, void (*kperm)(uint16_t *, uint16_t)) {
    uint16_t k[16];
    for (unsigned i = 0; i < 16; i++) k[i] = (i < key_words) ? arx_load16_le(key + 2 * i) : 0;
    for (unsigned c = 0; c < SPARX_MAX_ROWS; c++)
        for (unsigned i = 0; i < 8; i++) ks->rk[c][i] = 0;
    for (unsigned c = 0; c < branches * steps + 1; c++) {
        for (unsigned i = 0; i < row_words; i++) ks->rk[c][i] = k[i];
        kperm(k, (uint16_t)(c + 1));
    }
    ks->steps = steps;
#if SPARX_TW_KEYS
    for (unsigned c = 0; c < SPARX_MAX_ROWS; c++)
        for (unsigned i = 0; i < 8; i++) ks->tw_rk[c][i] = ks->rk[c][i] * UINT64_C(0x0001000100010001);
#endif
    arx_wipe(k, sizeof k);
#if SPARX_PROGRAMS
    sparx_build_programs(ks, branches, row_words / 2, steps);
#else
    (void)row_words;
#endif
}

#ifdef ARX_HAVE_ARMV7M
/*
 * sparx_armv7m.S's key words (embedded/gen/sparx_armv7m.py explains the
 * kernel): doubled words (k * 0x10001) where a key is xored into a doubled
 * word, k << 16 where it is xored while re-doubling. Encryption re-doubles
 * the left word with the next round's left key, so the next right key is
 * kr ^ kl; decryption keeps the left word's ROL7 pending, so its left keys
 * are ROR7(kl).
 */
static void sparx64_armv7m_tables(sparx_ks *ks) {
    uint32_t *t = ks->m_enc;
    for (unsigned row = 0; row < 16; row++) {
        const uint16_t *k = ks->rk[row];
        *t++ = k[0] * 0x10001u;
        *t++ = k[1] * 0x10001u;
        *t++ = (uint32_t)k[2] << 16;
        *t++ = (uint32_t)(k[3] ^ k[2]) * 0x10001u;
        *t++ = (uint32_t)k[4] << 16;
        *t++ = (uint32_t)(k[5] ^ k[4]) * 0x10001u;
    }
    const uint16_t *w = ks->rk[16];
    *t++ = w[0] | (uint32_t)w[1] << 16;
    *t++ = w[2] | (uint32_t)w[3] << 16;
    t = ks->m_dec;
    *t++ = w[0] | (uint32_t)w[1] << 16;
    *t++ = w[2] | (uint32_t)w[3] << 16;
    for (unsigned s = 8; s-- > 0;)
        for (unsigned b = 0; b < 2; b++) {
            const uint16_t *k = ks->rk[2 * s + b];
            for (unsigned r = 3; r-- > 0;) {
                *t++ = k[2 * r + 1] * 0x10001u;
                *t++ = (uint32_t)arx_rotr16(k[2 * r], 7) << 16;
            }
        }
}
#endif

#if SPARX64_CHIP_KEY
/* sparx_key_avr.S / sparx_key_msp430.S (embedded/gen/sparx_key.py): rows
 * 0..16 of rk with the key state in registers; constant time. Rows 17..40
 * stay as key_build's memset leaves them (zero; SPARX-64/128 reads 17). */
#ifdef ARX_AVR
#define sparx64_128_chip_schedule sparx64_128_avr_schedule
#else
#define sparx64_128_chip_schedule sparx64_128_msp430_schedule
#endif
void sparx64_128_chip_schedule(uint16_t rk[][8], const uint8_t key[16]);
static void setup_sparx_64_128(void *ks, const uint8_t *key) {
    sparx64_128_chip_schedule(((sparx_ks *)ks)->rk, key);
    ((sparx_ks *)ks)->steps = 8;
}
#else
static void setup_sparx_64_128(void *ks, const uint8_t *key) {
    sparx_setup(ks, key, 8, 2, 8, 6, sparx_kperm_64_128);
#ifdef ARX_HAVE_ARMV7M
    sparx64_armv7m_tables(ks);
#endif
}
#endif
static void setup_sparx_128_128(void *ks, const uint8_t *key) {
    sparx_setup(ks, key, 8, 4, 8, 8, sparx_kperm_128_128);
}
static void setup_sparx_128_256(void *ks, const uint8_t *key) {
    sparx_setup(ks, key, 16, 4, 10, 8, sparx_kperm_128_256);
}

/* ---- linear layers --------------------------------------------------------- */

/*
 * L (2 branches): with t = ROL16(x0 ^ x1, 8), the right branch becomes
 * (x2 ^ x0 ^ t, x3 ^ x1 ^ t) and then the two branches swap (Feistel).
 */
static void sparx_l2(uint16_t x[4]) {
    uint16_t t = arx_rotl16((uint16_t)(x[0] ^ x[1]), 8);
    uint16_t y2 = (uint16_t)(x[2] ^ x[0] ^ t), y3 = (uint16_t)(x[3] ^ x[1] ^ t);
    x[2] = x[0];
    x[3] = x[1];
    x[0] = y2;
    x[1] = y3;
}

static void sparx_l2_inv(uint16_t x[4]) {
    uint16_t t = arx_rotl16((uint16_t)(x[2] ^ x[3]), 8);
    uint16_t y0 = (uint16_t)(x[0] ^ x[2] ^ t), y1 = (uint16_t)(x[1] ^ x[3] ^ t);
    x[0] = x[2];
    x[1] = x[3];
    x[2] = y0;
    x[3] = y1;
}

/*
 * L' (4 branches): with t = ROL16(x0 ^ x1 ^ x2 ^ x3, 8), the right half
 * becomes (x4 ^ x2 ^ t, x5 ^ x1 ^ t, x6 ^ x0 ^ t, x7 ^ x3 ^ t) and the two
 * 64-bit halves swap.
 */
static void sparx_l4(uint16_t x[8]) {
    uint16_t t = arx_rotl16((uint16_t)(x[0] ^ x[1] ^ x[2] ^ x[3]), 8);
    uint16_t y4 = (uint16_t)(x[4] ^ x[2] ^ t), y5 = (uint16_t)(x[5] ^ x[1] ^ t);
    uint16_t y6 = (uint16_t)(x[6] ^ x[0] ^ t), y7 = (uint16_t)(x[7] ^ x[3] ^ t);
    x[4] = x[0];
    x[5] = x[1];
    x[6] = x[2];
    x[7] = x[3];
    x[0] = y4;
    x[1] = y5;
    x[2] = y6;
    x[3] = y7;
}

static void sparx_l4_inv(uint16_t x[8]) {
    uint16_t t = arx_rotl16((uint16_t)(x[4] ^ x[5] ^ x[6] ^ x[7]), 8);
    uint16_t y0 = (uint16_t)(x[0] ^ x[6] ^ t), y1 = (uint16_t)(x[1] ^ x[5] ^ t);
    uint16_t y2 = (uint16_t)(x[2] ^ x[4] ^ t), y3 = (uint16_t)(x[3] ^ x[7] ^ t);
    x[0] = x[4];
    x[1] = x[5];
    x[2] = x[6];
    x[3] = x[7];
    x[4] = y0;
    x[5] = y1;
    x[6] = y2;
    x[7] = y3;
}

/* ---- block functions ------------------------------------------------------ */

/* SPARX-64/128: 8 steps of 3 rounds on 2 branches. */
void sparx_encrypt_block64(const sparx_ks *ks, uint8_t *out, const uint8_t *in) {
    uint16_t x[4];
    for (unsigned i = 0; i < 4; i++) x[i] = arx_load16_le(in + 2 * i);
    for (unsigned s = 0; s < 8; s++) {
        for (unsigned b = 0; b < 2; b++) {
            const uint16_t *k = ks->rk[2 * s + b];
            for (unsigned r = 0; r < 3; r++) {
                x[2 * b] ^= k[2 * r];
                x[2 * b + 1] ^= k[2 * r + 1];
                sparx_a(&x[2 * b], &x[2 * b + 1]);
            }
        }
        sparx_l2(x);
    }
    for (unsigned i = 0; i < 4; i++) arx_store16_le(out + 2 * i, (uint16_t)(x[i] ^ ks->rk[16][i]));
}

void sparx_decrypt_block64(const sparx_ks *ks, uint8_t *out, const uint8_t *in) {
    uint16_t x[4];
    for (unsigned i = 0; i < 4; i++) x[i] = (uint16_t)(arx_load16_le(in + 2 * i) ^ ks->rk[16][i]);
    for (unsigned s = 8; s-- > 0;) {
        sparx_l2_inv(x);
        for (unsigned b = 0; b < 2; b++) {
            const uint16_t *k = ks->rk[2 * s + b];
            for (unsigned r = 3; r-- > 0;) {
                sparx_a_inv(&x[2 * b], &x[2 * b + 1]);
                x[2 * b] ^= k[2 * r];
                x[2 * b + 1] ^= k[2 * r + 1];
            }
        }
    }
    for (unsigned i = 0; i < 4; i++) arx_store16_le(out + 2 * i, x[i]);
}

/* SPARX-128/128 and SPARX-128/256: ks->steps (8 or 10) steps of 4 rounds on 4 branches. */
void sparx_encrypt_block128(const sparx_ks *ks, uint8_t *out, const uint8_t *in) {
    uint16_t x[8];
    const unsigned steps = ks->steps;
    for (unsigned i = 0; i < 8; i++) x[i] = arx_load16_le(in + 2 * i);
    for (unsigned s = 0; s < steps; s++) {
        for (unsigned b = 0; b < 4; b++) {
            const uint16_t *k = ks->rk[4 * s + b];
            for (unsigned r = 0; r < 4; r++) {
                x[2 * b] ^= k[2 * r];
                x[2 * b + 1] ^= k[2 * r + 1];
                sparx_a(&x[2 * b], &x[2 * b + 1]);
            }
        }
        sparx_l4(x);
    }
    for (unsigned i = 0; i < 8; i++)
        arx_store16_le(out + 2 * i, (uint16_t)(x[i] ^ ks->rk[4 * steps][i]));
}

void sparx_decrypt_block128(const sparx_ks *ks, uint8_t *out, const uint8_t *in) {
    uint16_t x[8];
    const unsigned steps = ks->steps;
    for (unsigned i = 0; i < 8; i++)
        x[i] = (uint16_t)(arx_load16_le(in + 2 * i) ^ ks->rk[4 * steps][i]);
    for (unsigned s = steps; s-- > 0;) {
        sparx_l4_inv(x);
        for (unsigned b = 0; b < 4; b++) {
            const uint16_t *k = ks->rk[4 * s + b];
            for (unsigned r = 4; r-- > 0;) {
                sparx_a_inv(&x[2 * b], &x[2 * b + 1]);
                x[2 * b] ^= k[2 * r];
                x[2 * b + 1] ^= k[2 * r + 1];
            }
        }
    }
    for (unsigned i = 0; i < 8; i++) arx_store16_le(out + 2 * i, x[i]);
}

/* ---- backends -------------------------------------------------------------- */

void sparx64_ref_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    for (size_t b = 0; b < nblocks; b++) sparx_encrypt_block64(ks, out + 8 * b, in + 8 * b);
}
void sparx64_ref_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    for (size_t b = 0; b < nblocks; b++) sparx_decrypt_block64(ks, out + 8 * b, in + 8 * b);
}
void sparx128_ref_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    for (size_t b = 0; b < nblocks; b++) sparx_encrypt_block128(ks, out + 16 * b, in + 16 * b);
}
void sparx128_ref_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    for (size_t b = 0; b < nblocks; b++) sparx_decrypt_block128(ks, out + 16 * b, in + 16 * b);
}

/* Counter mode one block at a time (the SIMD kernels' last tail). */
void sparx64_ref_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_ctr_by_block(sparx64_ref_encrypt, ks, 8, ctr, out, in, nblocks);
}
void sparx128_ref_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_ctr_by_block(sparx128_ref_encrypt, ks, 16, ctr, out, in, nblocks);
}

static const arx_backend sparx64_ref_backend = {"ref", 0, 1, sparx64_ref_encrypt, sparx64_ref_decrypt, NULL};
static const arx_backend sparx128_ref_backend = {"ref", 0, 1, sparx128_ref_encrypt, sparx128_ref_decrypt,
                                                 NULL};

#ifdef ARX_HAVE_ARMV7M
/* SPARX-64/128 in ARMv7-M assembly (sparx_armv7m.S, Cortex-M3/M4 embedded/
 * builds): two blocks per call over 4-byte-aligned buffers; an odd last
 * block goes through a stack pair (the count is public), other buffers
 * (alignment is public too) through the reference. CTR builds counters 8
 * blocks at a time on the stack (arx_ctr64_batched). */
void sparx64_armv7m_encrypt_pairs(const void *t, uint8_t *out, const uint8_t *in, size_t npairs);
void sparx64_armv7m_decrypt_pairs(const void *t, uint8_t *out, const uint8_t *in, size_t npairs);
static void sparx64_m_enc_pairs(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    arx_run_pairs(sparx64_armv7m_encrypt_pairs, ((const sparx_ks *)ks)->m_enc, out, in, n);
}
static void sparx64_m_dec_pairs(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    arx_run_pairs(sparx64_armv7m_decrypt_pairs, ((const sparx_ks *)ks)->m_dec, out, in, n);
}
ARX_MCU64_BACKEND(sparx64_armv7m_backend, "armv7m", 2, sparx64_m_enc_pairs, sparx64_m_dec_pairs, sparx64_ref_encrypt,
                  sparx64_ref_decrypt)
#endif

/* ---- descriptors ----------------------------------------------------------- */

/* Reference first, then the portable SWAR backend, then the x86 backends,
 * widest last, or NEON's (the registry takes the last one the CPU runs). */
#if ARX_X86_SIMD
#define SPARX_BACKENDS(w)                                                                          \
    {&sparx##w##_ref_backend, ARX_TW(&sparx##w##_twoway_backend) &sparx##w##_sse2_backend,                \
     &sparx##w##_avx2_backend, &sparx##w##_avx512_backend, NULL}
#elif ARX_ARM_NEON
#define SPARX_BACKENDS(w)                                                                          \
    {&sparx##w##_ref_backend, ARX_TW(&sparx##w##_twoway_backend) &sparx##w##_neon_backend, NULL}
#elif ARX_WASM_SIMD
#define SPARX_BACKENDS(w)                                                                          \
    {&sparx##w##_ref_backend, ARX_TW(&sparx##w##_twoway_backend) &sparx##w##_wasm_backend, NULL}
#elif defined(ARX_HAVE_ARMV7M)
#define SPARX_MCU_64 &sparx64_armv7m_backend,
#define SPARX_MCU_128
#define SPARX_BACKENDS(w)                                                                          \
    {&sparx##w##_ref_backend, ARX_TW(&sparx##w##_twoway_backend) SPARX_MCU_##w NULL}
#elif defined(ARX_AVR) || defined(ARX_MSP430)
/* SPARX-64/128 in assembly on the 8- and 16-bit chips (embedded/ builds only):
 * sparx_avr.S (two blocks a pass) and sparx_msp430.S, generated by
 * embedded/gen/sparx_*.py; both read rk[] as the C schedule leaves it. */
/* The CTR kernels' counter precomputation: pre[0..3] = the left branch (the
 * counter's bytes 0..3, fixed while its low 32 bits do not wrap) through
 * step 1's three ARX-boxes, pre[4..7] = the low 32 bits, which the kernel
 * steps. Blocks before the low 32 bits wrap: sparx64_ctr_room. */
static void sparx64_ctr_precompute(const void *ks_, const uint8_t *ctr, uint8_t pre[8]) {
    const sparx_ks *ks = (const sparx_ks *)ks_;
    uint16_t l = arx_load16_le(ctr), r = arx_load16_le(ctr + 2);
    for (unsigned i = 0; i < 3; i++) { /* step 0, branch 0 */
        l ^= ks->rk[0][2 * i];
        r ^= ks->rk[0][2 * i + 1];
        sparx_a(&l, &r);
    }
    arx_store16_le(pre, l);
    arx_store16_le(pre + 2, r);
    memcpy(pre + 4, ctr + 4, 4);
}
/* Blocks from ctr on before the low 32 bits wrap (at most SIZE_MAX). */
static size_t sparx64_ctr_room(const uint8_t *ctr) {
    const uint32_t left = 0xffffffffu - arx_load32_be(ctr + 4); /* blocks after ctr */
    return left >= SIZE_MAX ? SIZE_MAX : (size_t)left + 1;
}
#ifdef ARX_AVR
void sparx64_avr_encrypt2(const void *ks, uint8_t *out, const uint8_t *in, size_t npairs);
void sparx64_avr_decrypt2(const void *ks, uint8_t *out, const uint8_t *in, size_t npairs);
static void sparx64_avr_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_run_pairs(sparx64_avr_encrypt2, ks, out, in, nblocks);
}
static void sparx64_avr_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_run_pairs(sparx64_avr_decrypt2, ks, out, in, nblocks);
}
/* CTR: sparx_ctr_avr.S (embedded/gen/sparx_ctr_avr.py), two blocks a pass,
 * with the counter precomputation (sparx64_ctr_precompute). A call is split
 * where the low 32 bits wrap (a block at 2^32 - 1 goes alone): by the
 * public counter and length; every pair costs the same. */
void sparx64_avr_ctr2(const void *ks, uint8_t *pre, uint8_t *out, const uint8_t *in, size_t npairs);
static void sparx64_avr_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_mcu_ctr_split(sparx64_avr_ctr2, sparx64_ctr_precompute, sparx64_ctr_room, 2, sparx64_avr_encrypt, ks, ctr,
                      out, in, nblocks);
}
static const arx_backend sparx64_chip_backend = {"avr", 0, 2, sparx64_avr_encrypt, sparx64_avr_decrypt,
                                                 sparx64_avr_ctr};
#else
void sparx64_msp430_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void sparx64_msp430_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
/* CTR: sparx_ctr_msp430.S (embedded/gen/sparx_ctr_msp430.py), with the
 * counter precomputation (sparx64_ctr_precompute); a call is split where
 * the low 32 bits wrap (public counter and length); word-aligned buffers
 * only (odd ones go block by block through the encryption kernel). */
void sparx64_msp430_ctr_run(const void *ks, uint8_t *pre, uint8_t *out, const uint8_t *in, size_t nblocks);
static void sparx64_msp430_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    if (((uintptr_t)out | (uintptr_t)in) & 1u) { /* the kernel takes word-aligned buffers */
        arx_ctr_by_block(sparx64_msp430_encrypt, ks, 8, ctr, out, in, nblocks);
        return;
    }
    arx_mcu_ctr_split(sparx64_msp430_ctr_run, sparx64_ctr_precompute, sparx64_ctr_room, 1, sparx64_msp430_encrypt, ks,
                      ctr, out, in, nblocks);
}
static const arx_backend sparx64_chip_backend = {"msp430", 0, 1, sparx64_msp430_encrypt, sparx64_msp430_decrypt,
                                                 sparx64_msp430_ctr};
#endif
#define SPARX_CHIP_64 &sparx64_chip_backend,
#define SPARX_CHIP_128
#define SPARX_BACKENDS(w) {&sparx##w##_ref_backend, SPARX_CHIP_##w NULL}
#else
#define SPARX_BACKENDS(w) {&sparx##w##_ref_backend, ARX_TW(&sparx##w##_twoway_backend) NULL}
#endif

const arx_cipher_desc arx_desc_sparx_64_128 = {
    "sparx-64-128", "sparx", 8, 16, sizeof(sparx_ks), setup_sparx_64_128, SPARX_BACKENDS(64)};
const arx_cipher_desc arx_desc_sparx_128_128 = {
    "sparx-128-128", "sparx", 16, 16, sizeof(sparx_ks), setup_sparx_128_128, SPARX_BACKENDS(128)};
const arx_cipher_desc arx_desc_sparx_128_256 = {
    "sparx-128-256", "sparx", 16, 32, sizeof(sparx_ks), setup_sparx_128_256, SPARX_BACKENDS(128)};
