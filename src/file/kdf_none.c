/*
 * A build without libcrypto (ARX_WITH_OPENSSL OFF: cross builds,
 * MemorySanitizer, freestanding, or no OpenSSL headers): no key derivation.
 * Header parsing, key-file IKM and the sealing and opening of chunks under
 * keys derived elsewhere still work (arxcrypt.h, "files").
 */
#include "arxcrypt.h"
#include "kdf.h"

int arx_file_kdf_built(void) { return 0; }

int arx_file_hkdf_sha256(const uint8_t *ikm, size_t ikm_len, const uint8_t *salt, size_t salt_len,
                         const char *info, uint8_t *out, size_t out_len) {
    (void)ikm, (void)ikm_len, (void)salt, (void)salt_len, (void)info, (void)out, (void)out_len;
    return ARX_ERR_UNSUPPORTED;
}

int arx_file_scrypt(const uint8_t *pass, size_t pass_len, const uint8_t *salt, size_t salt_len, unsigned log2n,
                    uint32_t r, uint32_t p, uint8_t *out, size_t out_len) {
    (void)pass, (void)pass_len, (void)salt, (void)salt_len, (void)log2n, (void)r, (void)p, (void)out, (void)out_len;
    return ARX_ERR_UNSUPPORTED;
}
