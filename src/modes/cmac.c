/* CMAC (NIST SP 800-38B) for 64- and 128-bit blocks. */
#include "../key.h"
#include "many.h"

/* Doubling in GF(2^b) (6.1): shift left one bit, xor R_b if the top bit was
 * set, with a mask instead of a branch. R_128 = 0x87, R_64 = 0x1b (5.3). */
static void dbl(uint8_t *x, size_t bb) {
    uint8_t msb_mask = (uint8_t)(0u - (unsigned)(x[0] >> 7));
    for (size_t i = 0; i + 1 < bb; i++) x[i] = (uint8_t)((x[i] << 1) | (x[i + 1] >> 7));
    x[bb - 1] = (uint8_t)((x[bb - 1] << 1) ^ (msb_mask & (bb == 16 ? 0x87 : 0x1b)));
}

ARX_INLINE size_t cmac_last(uint8_t sub[16], const uint8_t *msg, size_t len, size_t bb, uint8_t last[16]) {
    /* The last (possibly empty or partial) block is padded with 10* and
     * masked with K2, or masked with K1 (6.2 steps 3-4). */
    const size_t nlast = len == 0 ? 0 : (len - 1) % bb + 1, nfirst = len - nlast;
    dbl(sub, bb); /* K1 */
    if (nlast) memcpy(last, msg + nfirst, nlast);
    if (nlast < bb) {
        last[nlast] = 0x80;
        dbl(sub, bb); /* K2 */
    }
    arx_xor(last, last, sub, bb);
    return nfirst;
}
size_t arx_cmac_last(uint8_t sub[16], const uint8_t *msg, size_t len, size_t bb, uint8_t last[16]) {
    return cmac_last(sub, msg, len, bb, last);
}

int arx_cmac_check_args(const arx_key *k, const uint8_t *msg, size_t len, size_t tag_len) {
    if (!k) return ARX_ERR_NULL;
    const size_t bb = k->desc->block_bytes;
    if (bb != 8 && bb != 16) return ARX_ERR_MODE_UNSUPPORTED;
    if (tag_len < 4 || tag_len > bb) return ARX_ERR_TAG_LENGTH;
    if (len && !msg) return ARX_ERR_NULL;
    return ARX_OK;
}

static int cmac_full(const arx_key *k, const uint8_t *msg, size_t len, size_t tag_len, uint8_t mac[16]) {
    int rc = arx_cmac_check_args(k, msg, len, tag_len);
    if (rc) return rc;
    const size_t bb = k->desc->block_bytes;

    uint8_t sub[16] = {0}, y[16] = {0}, last[16] = {0};
    arx_encrypt_blocks(k, sub, sub, 1); /* L = E(0^b) */
    /* Blocks before the last are plain CBC-MAC. */
    const size_t nfirst = cmac_last(sub, msg, len, bb, last);
    for (size_t i = 0; i < nfirst; i += bb) {
        arx_xor(y, y, msg + i, bb);
        arx_encrypt_blocks(k, y, y, 1);
    }
    arx_xor(y, y, last, bb);
    arx_encrypt_blocks(k, mac, y, 1);
    arx_wipe(sub, sizeof sub);
    arx_wipe(y, sizeof y);
    arx_wipe(last, sizeof last);
    return ARX_OK;
}

int arx_cmac(const arx_key *k, const uint8_t *msg, size_t len, uint8_t *tag, size_t tag_len) {
    uint8_t mac[16];
    int rc = cmac_full(k, msg, len, tag_len, mac);
    if (rc) return rc;
    if (!tag) return ARX_ERR_NULL;
    memcpy(tag, mac, tag_len);
    arx_wipe(mac, sizeof mac);
    return ARX_OK;
}

int arx_cmac_verify(const arx_key *k, const uint8_t *msg, size_t len, const uint8_t *tag,
                    size_t tag_len) {
    uint8_t mac[16];
    int rc = cmac_full(k, msg, len, tag_len, mac);
    if (rc) return rc;
    if (!tag) return ARX_ERR_NULL;
    rc = arx_ct_equal(mac, tag, tag_len) ? ARX_OK : ARX_ERR_AUTH;
    arx_wipe(mac, sizeof mac);
    return rc;
}
