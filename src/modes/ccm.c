/*
 * CCM (NIST SP 800-38C): CBC-MAC over B0 || encoded AAD || plaintext, then
 * CTR with counter blocks (q-1) || N || i. The length field keeps the
 * counter inside its q bytes for every accepted length, so the whole-block
 * CTR engine gives the same counters.
 */
#include "../key.h"
#include "many.h"

/* CBC-MAC that absorbs bytes and zero-pads at each flush (A.2.2, A.2.3). */
typedef struct {
    const arx_key *k;
    uint8_t y[16];
    size_t pos;
} cbcmac;

static void mac_bytes(cbcmac *m, const uint8_t *p, size_t n) {
    while (n) {
        size_t take = 16 - m->pos < n ? 16 - m->pos : n;
        arx_xor(m->y + m->pos, m->y + m->pos, p, take);
        m->pos += take;
        p += take;
        n -= take;
        if (m->pos == 16) {
            arx_encrypt_blocks(m->k, m->y, m->y, 1);
            m->pos = 0;
        }
    }
}

static void mac_pad(cbcmac *m) { /* zero padding leaves y as is: just encrypt */
    if (m->pos) {
        arx_encrypt_blocks(m->k, m->y, m->y, 1);
        m->pos = 0;
    }
}

int arx_ccm_check_args(const arx_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                     size_t aad_len, uint8_t *out, const uint8_t *in, size_t len, const uint8_t *tag,
                     size_t tag_len) {
    if (!k) return ARX_ERR_NULL;
    if (k->desc->block_bytes != 16) return ARX_ERR_MODE_UNSUPPORTED;
    if (nonce_len < 7 || nonce_len > 13) return ARX_ERR_IV_LENGTH;
    if (tag_len < 4 || tag_len > 16 || (tag_len & 1)) return ARX_ERR_TAG_LENGTH;
    if (!nonce || !tag || (aad_len && !aad)) return ARX_ERR_NULL;
    size_t q = 15 - nonce_len; /* bytes of the length field */
    if (q < 8 && (uint64_t)len >> (8 * q)) return ARX_ERR_TOO_LONG;
    return arx_check_io(out, in, len);
}

size_t arx_ccm_format(const uint8_t *nonce, size_t nonce_len, size_t aad_len, size_t len, size_t tag_len,
                      uint8_t b0[16], uint8_t enc[10]) {
    const size_t q = 15 - nonce_len; /* bytes of the length field */
    /* A.2.1: flags = 64*Adata + 8*((t-2)/2) + (q-1) */
    b0[0] = (uint8_t)((aad_len ? 64 : 0) | (((tag_len - 2) / 2) << 3) | (q - 1));
    memcpy(b0 + 1, nonce, nonce_len);
    for (size_t i = 0; i < q; i++) b0[15 - i] = (uint8_t)((uint64_t)len >> (8 * i) & 0xff);
    if (!aad_len) return 0;
    /* A.2.2: the length of A in 2, 6 or 10 bytes */
    const uint64_t a = aad_len;
    if (a < 0xff00) {
        arx_store32_be(enc, (uint32_t)a << 16);
        return 2;
    }
    enc[0] = 0xff;
    if (a <= 0xffffffffu) {
        enc[1] = 0xfe;
        arx_store32_be(enc + 2, (uint32_t)a);
        return 6;
    }
    enc[1] = 0xff;
    arx_store64_be(enc + 2, a);
    return 10;
}

void arx_ccm_ctr0(const uint8_t *nonce, size_t nonce_len, uint8_t ctr0[16]) {
    memset(ctr0, 0, 16);
    ctr0[0] = (uint8_t)(14 - nonce_len); /* q - 1 */
    memcpy(ctr0 + 1, nonce, nonce_len);
}

/* Tag before encryption: T = MSB_t(CBC-MAC(B0 || A || P)) xor MSB_t(E(Ctr0)). */
static void ccm_tag(const arx_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                    size_t aad_len, const uint8_t *pt, size_t len, size_t tag_len, uint8_t full[16]) {
    cbcmac m = {k, {0}, 0};
    uint8_t b[16], enc[10];
    const size_t ne = arx_ccm_format(nonce, nonce_len, aad_len, len, tag_len, b, enc);
    mac_bytes(&m, b, 16);
    if (aad_len) {
        mac_bytes(&m, enc, ne);
        mac_bytes(&m, aad, aad_len);
        mac_pad(&m);
    }
    mac_bytes(&m, pt, len);
    mac_pad(&m);
    /* Ctr0 = (q-1) || N || 0; the mask is E(Ctr0). */
    uint8_t ctr0[16];
    arx_ccm_ctr0(nonce, nonce_len, ctr0);
    arx_encrypt_blocks(k, ctr0, ctr0, 1);
    arx_xor(full, m.y, ctr0, 16);
    arx_wipe(&m, sizeof m);
    arx_wipe(ctr0, sizeof ctr0);
}

/* out = in xor keystream of Ctr1, Ctr2, ... */
static void ccm_ctr(const arx_key *k, const uint8_t *nonce, size_t nonce_len, uint8_t *out,
                    const uint8_t *in, size_t len) {
    uint8_t ctr[16], last[16] = {0};
    arx_ccm_ctr0(nonce, nonce_len, ctr);
    ctr[15] = 1;
    size_t full = len / 16, rest = len % 16;
    arx_ctr_blocks(k, ctr, out, in, full);
    if (rest) {
        memcpy(last, in + full * 16, rest);
        arx_ctr_blocks(k, ctr, last, last, 1);
        memcpy(out + full * 16, last, rest);
        arx_wipe(last, sizeof last);
    }
}

int arx_ccm_encrypt(const arx_key *k, const uint8_t *nonce, size_t nonce_len,
                    const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in,
                    size_t len, uint8_t *tag, size_t tag_len) {
    int rc = arx_ccm_check_args(k, nonce, nonce_len, aad, aad_len, out, in, len, tag, tag_len);
    if (rc) return rc;
    uint8_t full[16];
    ccm_tag(k, nonce, nonce_len, aad, aad_len, in, len, tag_len, full);
    ccm_ctr(k, nonce, nonce_len, out, in, len);
    memcpy(tag, full, tag_len);
    arx_wipe(full, sizeof full);
    return ARX_OK;
}

int arx_ccm_decrypt(const arx_key *k, const uint8_t *nonce, size_t nonce_len,
                    const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in,
                    size_t len, const uint8_t *tag, size_t tag_len) {
    int rc = arx_ccm_check_args(k, nonce, nonce_len, aad, aad_len, out, in, len, tag, tag_len);
    if (rc) return rc;
    /* CCM authenticates the plaintext, so it must be decrypted first; on a
     * mismatch it is wiped before returning. */
    uint8_t full[16];
    ccm_ctr(k, nonce, nonce_len, out, in, len);
    ccm_tag(k, nonce, nonce_len, aad, aad_len, out, len, tag_len, full);
    int ok = arx_ct_equal(full, tag, tag_len);
    arx_wipe(full, sizeof full);
    if (!ok) {
        if (len) arx_wipe(out, len);
        return ARX_ERR_AUTH;
    }
    return ARX_OK;
}
