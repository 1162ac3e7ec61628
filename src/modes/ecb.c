/* ECB: the kernels straight, whole blocks only. */
#include "../key.h"

static int ecb_check(const arx_key *k, uint8_t *out, const uint8_t *in, size_t len) {
    if (!k) return ARX_ERR_NULL;
    int rc = arx_check_io(out, in, len);
    if (rc) return rc;
    return (len % k->desc->block_bytes) ? ARX_ERR_LENGTH : ARX_OK;
}

int arx_ecb_encrypt(const arx_key *k, uint8_t *out, const uint8_t *in, size_t len) {
    int rc = ecb_check(k, out, in, len);
    if (rc) return rc;
    arx_encrypt_blocks(k, out, in, len / k->desc->block_bytes);
    return ARX_OK;
}

int arx_ecb_decrypt(const arx_key *k, uint8_t *out, const uint8_t *in, size_t len) {
    int rc = ecb_check(k, out, in, len);
    if (rc) return rc;
    arx_decrypt_blocks(k, out, in, len / k->desc->block_bytes);
    return ARX_OK;
}
