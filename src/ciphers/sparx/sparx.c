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
#include "cipher.h"
#include "internal.h"

/* branches * steps + 1 round-key rows of up to 2 * rounds_per_step words. */
#define SPARX_MAX_ROWS (4 * 10 + 1)

typedef struct sparx_ks {
    /*
     * rk[branches * s + b][2 * r + {0,1}]: the (l, r) key of round r of
     * branch b in step s. Row branches * steps is the final whitening key,
     * of which the first 2 * branches words are used.
     */
    uint16_t rk[SPARX_MAX_ROWS][8];
    unsigned steps;
} sparx_ks;

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
    arx_wipe(k, sizeof k);
}

static void setup_sparx_64_128(void *ks, const uint8_t *key) {
    sparx_setup(ks, key, 8, 2, 8, 6, sparx_kperm_64_128);
}
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
static void sparx_encrypt_block64(const sparx_ks *ks, uint8_t *out, const uint8_t *in) {
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

static void sparx_decrypt_block64(const sparx_ks *ks, uint8_t *out, const uint8_t *in) {
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
static void sparx_encrypt_block128(const sparx_ks *ks, uint8_t *out, const uint8_t *in) {
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

static void sparx_decrypt_block128(const sparx_ks *ks, uint8_t *out, const uint8_t *in) {
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

static void sparx64_ref_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    for (size_t b = 0; b < nblocks; b++) sparx_encrypt_block64(ks, out + 8 * b, in + 8 * b);
}
static void sparx64_ref_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    for (size_t b = 0; b < nblocks; b++) sparx_decrypt_block64(ks, out + 8 * b, in + 8 * b);
}
static void sparx128_ref_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    for (size_t b = 0; b < nblocks; b++) sparx_encrypt_block128(ks, out + 16 * b, in + 16 * b);
}
static void sparx128_ref_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    for (size_t b = 0; b < nblocks; b++) sparx_decrypt_block128(ks, out + 16 * b, in + 16 * b);
}

static const arx_backend sparx64_ref_backend = {"ref", 0, 1, sparx64_ref_encrypt, sparx64_ref_decrypt, NULL};
static const arx_backend sparx128_ref_backend = {"ref", 0, 1, sparx128_ref_encrypt, sparx128_ref_decrypt,
                                                 NULL};

/* ---- descriptors ----------------------------------------------------------- */

const arx_cipher_desc arx_desc_sparx_64_128 = {
    "sparx-64-128", "sparx", 8, 16, sizeof(sparx_ks), setup_sparx_64_128, {&sparx64_ref_backend, NULL}};
const arx_cipher_desc arx_desc_sparx_128_128 = {
    "sparx-128-128", "sparx", 16, 16, sizeof(sparx_ks), setup_sparx_128_128, {&sparx128_ref_backend, NULL}};
const arx_cipher_desc arx_desc_sparx_128_256 = {
    "sparx-128-256", "sparx", 16, 32, sizeof(sparx_ks), setup_sparx_128_256, {&sparx128_ref_backend, NULL}};
