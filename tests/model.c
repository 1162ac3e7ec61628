/*
 * The mode models (model.h): each function follows its NIST definition step
 * by step, on one block at a time of the model key. Speed is not a goal.
 */
#include "model.h"

#include <stdlib.h>
#include <string.h>

static const arx_key *ref; /* the model's block function: callers pass a ref-backend key */
static size_t bb;

void m_use(const arx_key *k) {
    ref = k;
    bb = arx_cipher_block_bytes(arx_key_cipher(k));
}

size_t m_block(void) { return bb; }

void m_E(uint8_t *out, const uint8_t *in) { arx_ecb_encrypt(ref, out, in, bb); }
void m_D(uint8_t *out, const uint8_t *in) { arx_ecb_decrypt(ref, out, in, bb); }

void m_inc_be(uint8_t *c, size_t n) {
    for (size_t i = n; i-- > 0;)
        if (++c[i]) break;
}

/* ---- SP 800-38A ---- */
void m_cbc_enc(const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len) {
    uint8_t x[16];
    memcpy(x, iv, bb);
    for (size_t i = 0; i < len; i += bb) {
        for (size_t j = 0; j < bb; j++) x[j] ^= in[i + j];
        m_E(x, x);
        memcpy(out + i, x, bb);
    }
}

void m_cbc_dec(const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len) {
    uint8_t x[16];
    for (size_t i = 0; i < len; i += bb) {
        m_D(x, in + i);
        for (size_t j = 0; j < bb; j++) out[i + j] = x[j] ^ (i ? in[i - bb + j] : iv[j]);
    }
}

void m_cfb(const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len, int dec) {
    uint8_t x[16], fb[16];
    memcpy(fb, iv, bb);
    for (size_t i = 0; i < len; i += bb) {
        m_E(x, fb);
        size_t m = len - i < bb ? len - i : bb;
        for (size_t j = 0; j < m; j++) {
            out[i + j] = x[j] ^ in[i + j];
            fb[j] = dec ? in[i + j] : out[i + j];
        }
    }
}

void m_ofb(const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len) {
    uint8_t x[16];
    memcpy(x, iv, bb);
    for (size_t i = 0; i < len; i += bb) {
        m_E(x, x);
        for (size_t j = 0; j < bb && i + j < len; j++) out[i + j] = x[j] ^ in[i + j];
    }
}

void m_ctr(const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len, size_t inc_bytes) {
    uint8_t c[16], x[16];
    memcpy(c, iv, bb);
    for (size_t i = 0; i < len; i += bb) {
        m_E(x, c);
        for (size_t j = 0; j < bb && i + j < len; j++) out[i + j] = x[j] ^ in[i + j];
        m_inc_be(c + bb - inc_bytes, inc_bytes);
    }
}

/* ---- GCM (SP 800-38D) ---- */
static uint64_t get64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v = v << 8 | p[i];
    return v;
}

static void put64(uint8_t *p, uint64_t v) {
    for (int i = 0; i < 8; i++) p[7 - i] = (uint8_t)(v >> (8 * i));
}

/* Algorithm 1 bit by bit, V and Z held as two 64-bit halves (bit 0 of the
 * block is the top bit of the first half). */
void gf_mul_spec(uint8_t x[16], const uint8_t y[16]) {
    uint64_t vh = get64(y), vl = get64(y + 8), zh = 0, zl = 0;
    for (int i = 0; i < 128; i++) {
        if (x[i / 8] >> (7 - i % 8) & 1) {
            zh ^= vh;
            zl ^= vl;
        }
        uint64_t lsb = vl & 1; /* V = V >> 1, then xor R = 11100001 || 0^120 if a bit fell off */
        vl = vl >> 1 | vh << 63;
        vh >>= 1;
        if (lsb) vh ^= (uint64_t)0xe1 << 56;
    }
    put64(x, zh);
    put64(x + 8, zl);
}

/* x^(2^128 - 2) = x^2 * x^4 * ... * x^(2^127): 127 squarings and multiplies. */
void gf_inv_spec(uint8_t x[16]) {
    uint8_t r[16] = {0x80}, s[16]; /* r = 1 (bit 0 is x^0) */
    memcpy(s, x, 16);
    for (int i = 1; i < 128; i++) {
        uint8_t t[16];
        memcpy(t, s, 16);
        gf_mul_spec(s, t);
        gf_mul_spec(r, s);
    }
    memcpy(x, r, 16);
}

void ghash_spec(const uint8_t h[16], uint8_t y[16], const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i += 16) {
        for (size_t j = 0; j < 16 && i + j < n; j++) y[j] ^= p[i + j];
        gf_mul_spec(y, h);
    }
}

void m_gcm_start(const uint8_t *nonce, size_t nl, uint8_t h[16], uint8_t j0[16]) {
    memset(h, 0, 16);
    memset(j0, 0, 16);
    m_E(h, h);
    if (nl == 12) {
        memcpy(j0, nonce, 12);
        j0[15] = 1;
    } else {
        uint8_t lens[16] = {0};
        ghash_spec(h, j0, nonce, nl);
        put64(lens + 8, (uint64_t)nl * 8);
        ghash_spec(h, j0, lens, 16);
    }
}

void m_gcm_finish(const uint8_t h[16], const uint8_t j0[16], uint8_t y[16], uint64_t al, uint64_t len,
                  uint8_t tag[16]) {
    uint8_t lens[16];
    put64(lens, al * 8);
    put64(lens + 8, len * 8);
    ghash_spec(h, y, lens, 16);
    m_E(tag, j0);
    for (int i = 0; i < 16; i++) tag[i] ^= y[i];
}

void m_gcm(const uint8_t *nonce, size_t nl, const uint8_t *aad, size_t al, uint8_t *out, const uint8_t *in,
           size_t len, int dec, uint8_t tag[16]) {
    uint8_t h[16], j0[16], y[16] = {0}, c[16];
    m_gcm_start(nonce, nl, h, j0);
    memcpy(c, j0, 16);
    m_inc_be(c + 12, 4);
    ghash_spec(h, y, aad, al);
    if (dec) ghash_spec(h, y, in, len);
    m_ctr(c, out, in, len, 4);
    if (!dec) ghash_spec(h, y, out, len);
    m_gcm_finish(h, j0, y, al, len, tag);
}

/* ---- CCM (SP 800-38C) ---- */
/* A.2: B = B0 || [a encoded || A, zero-padded] || [P, zero-padded]; *n gets its length. */
static uint8_t *ccm_format(const uint8_t *nonce, size_t nl, const uint8_t *aad, size_t al, const uint8_t *p,
                           size_t len, size_t t, size_t *n) {
    size_t q = 15 - nl, la = al == 0 ? 0 : al < 0xff00 ? 2 : (uint64_t)al < ((uint64_t)1 << 32) ? 6 : 10;
    size_t apad = (la + al + 15) / 16 * 16, ppad = (len + 15) / 16 * 16;
    *n = 16 + apad + ppad;
    uint8_t *b = calloc(*n, 1);
    if (!b) abort();
    b[0] = (uint8_t)((al ? 0x40 : 0) | (((t - 2) / 2) << 3) | (q - 1)); /* A.2.1 flags */
    memcpy(b + 1, nonce, nl);
    for (size_t i = 0; i < q; i++) b[15 - i] = (uint8_t)((uint64_t)len >> (8 * i));
    uint8_t *a = b + 16;
    if (la == 2) {
        a[0] = (uint8_t)(al >> 8);
        a[1] = (uint8_t)al;
    } else if (la == 6) {
        a[0] = 0xff, a[1] = 0xfe;
        for (int i = 0; i < 4; i++) a[5 - i] = (uint8_t)((uint64_t)al >> (8 * i));
    } else if (la == 10) {
        a[0] = 0xff, a[1] = 0xff;
        put64(a + 2, (uint64_t)al);
    }
    if (al) memcpy(a + la, aad, al);
    if (len) memcpy(b + 16 + apad, p, len);
    return b;
}

void m_ccm(const uint8_t *nonce, size_t nl, const uint8_t *aad, size_t al, uint8_t *out, const uint8_t *in,
           size_t len, size_t tag_len, int dec, uint8_t *tag) {
    size_t q = 15 - nl;
    uint8_t ctr[16] = {0}, s0[16], y[16] = {0};
    ctr[0] = (uint8_t)(q - 1); /* Ctr_i = flags || N || [i]_q */
    memcpy(ctr + 1, nonce, nl);
    m_E(s0, ctr);
    m_inc_be(ctr + 16 - q, q); /* Ctr_1 */
    uint8_t *p = malloc(len ? len : 1);
    if (!p) abort();
    if (dec) m_ctr(ctr, p, in, len, q); /* P = C xor MSB_len(S1 || S2 ...) */
    else if (len) memcpy(p, in, len);
    size_t n;
    uint8_t *b = ccm_format(nonce, nl, aad, al, p, len, tag_len, &n);
    for (size_t i = 0; i < n; i += 16) { /* Y_i = E(B_i xor Y_{i-1}), Y_0 = E(B_0) */
        for (int j = 0; j < 16; j++) y[j] ^= b[i + j];
        m_E(y, y);
    }
    for (size_t i = 0; i < tag_len; i++) tag[i] = y[i] ^ s0[i]; /* MSB_t(Y_r) xor MSB_t(S_0) */
    if (dec) {
        if (len) memcpy(out, p, len);
    } else {
        m_ctr(ctr, out, in, len, q);
    }
    free(b);
    free(p);
}

/* ---- CMAC (SP 800-38B) ---- */
static void cmac_dbl(uint8_t x[16]) { /* 5.3, 6.1: left shift, xor R_b if the top bit was set */
    int msb = x[0] >> 7;
    for (size_t i = 0; i < bb; i++) x[i] = (uint8_t)(x[i] << 1 | (i + 1 < bb ? x[i + 1] >> 7 : 0));
    if (msb) x[(bb - 1) & 15] ^= bb == 16 ? 0x87 : 0x1b;
}

void m_cmac(const uint8_t *msg, size_t len, uint8_t *mac) {
    uint8_t k1[16] = {0}, k2[16] = {0}, last[16] = {0}, c[16] = {0};
    m_E(k1, k1); /* L */
    cmac_dbl(k1);
    memcpy(k2, k1, bb);
    cmac_dbl(k2);
    size_t n = len == 0 ? 1 : (len + bb - 1) / bb; /* 6.2 step 2 */
    size_t rest = len - (n - 1) * bb;               /* bytes in M_n*: 0..bb */
    if (rest) memcpy(last, msg + (n - 1) * bb, rest);
    if (rest == bb) {
        for (size_t j = 0; j < bb; j++) last[j] ^= k1[j];
    } else {
        last[rest] = 0x80;
        for (size_t j = 0; j < bb; j++) last[j] ^= k2[j];
    }
    for (size_t i = 0; i < n; i++) { /* C_i = E(C_{i-1} xor M_i) */
        const uint8_t *m = i + 1 < n ? msg + i * bb : last;
        for (size_t j = 0; j < bb; j++) c[j] ^= m[j];
        m_E(c, c);
    }
    memcpy(mac, c, bb);
}

void m_gcm_nonce_for_j0(const uint8_t j0[16], uint8_t nonce[16]) {
    uint8_t h[16] = {0}, lh[16] = {0}, hi2[16], t[16];
    m_E(h, h);
    lh[15] = 0x80; /* L: the nonce is 128 bits */
    gf_mul_spec(lh, h);
    memcpy(hi2, h, 16);
    gf_inv_spec(hi2);
    memcpy(t, hi2, 16);
    gf_mul_spec(hi2, t);
    for (int j = 0; j < 16; j++)
        nonce[j] = j0[j] ^ lh[j];
    gf_mul_spec(nonce, hi2);
}

/* ---- XTS (IEEE 1619-2018) ---- */

/* T = T * alpha (5.2): bytes least significant first, carry out of byte 15 folds 0x87 into byte 0. */
static void xts_mul_alpha(uint8_t t[16]) {
    unsigned carry = 0;
    for (int j = 0; j < 16; j++) {
        unsigned b = t[j];
        t[j] = (uint8_t)((b << 1) | carry);
        carry = b >> 7;
    }
    if (carry) t[0] ^= 0x87;
}

/* XTS-AES-blockEnc / blockDec (5.3.1, 5.4.1) for block j: tweak T_j given. */
static void xts_block(const arx_key *k1, const uint8_t t[16], uint8_t *out, const uint8_t *in, int dec) {
    uint8_t pp[16];
    for (int i = 0; i < 16; i++) pp[i] = in[i] ^ t[i];
    if (dec) arx_ecb_decrypt(k1, pp, pp, 16);
    else arx_ecb_encrypt(k1, pp, pp, 16);
    for (int i = 0; i < 16; i++) out[i] = pp[i] ^ t[i];
}

void m_xts(const arx_key *k1, const arx_key *k2, const uint8_t tweak[16], uint8_t *out, const uint8_t *in,
           size_t len, int dec) {
    const size_t m = len / 16, b = len % 16;
    uint8_t t[16], tnext[16], cc[16], pp[16];
    arx_ecb_encrypt(k2, t, tweak, 16); /* T_0 */
    /* blocks 0 .. m-2 always, and m-1 too when there is no partial block */
    const size_t plain = b ? m - 1 : m;
    for (size_t j = 0; j < plain; j++) {
        xts_block(k1, t, out + 16 * j, in + 16 * j, dec);
        xts_mul_alpha(t);
    }
    if (!b) return;
    /* t = T_{m-1}; tnext = T_m */
    memcpy(tnext, t, 16);
    xts_mul_alpha(tnext);
    const uint8_t *pm1 = in + 16 * (m - 1), *pm = in + 16 * m;
    uint8_t tail[16];
    memcpy(tail, pm, b);
    if (!dec) {
        xts_block(k1, t, cc, pm1, 0);           /* CC = blockEnc(P_{m-1}, T_{m-1}) */
        memcpy(pp, tail, b);                    /* PP = P_m || CP */
        memcpy(pp + b, cc + b, 16 - b);
        memcpy(out + 16 * m, cc, b);            /* C_m = first b bytes of CC */
        xts_block(k1, tnext, out + 16 * (m - 1), pp, 0); /* C_{m-1} = blockEnc(PP, T_m) */
    } else {
        xts_block(k1, tnext, pp, pm1, 1);       /* PP = blockDec(C_{m-1}, T_m) */
        memcpy(cc, tail, b);                    /* CC = C_m || CP */
        memcpy(cc + b, pp + b, 16 - b);
        memcpy(out + 16 * m, pp, b);            /* P_m = first b bytes of PP */
        xts_block(k1, t, out + 16 * (m - 1), cc, 1); /* P_{m-1} = blockDec(CC, T_{m-1}) */
    }
}
