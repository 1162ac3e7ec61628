/*
 * HKDF-SHA-256 and scrypt from OpenSSL's libcrypto (1.1.0 or later: the
 * EVP_PKEY HKDF interface and EVP_PBE_scrypt both exist there and in 3.x).
 * Compiled only when CMake's ARX_WITH_OPENSSL is ON; kdf_none.c otherwise.
 */
#include <string.h>

#include <openssl/evp.h>
#include <openssl/kdf.h>

#include "arxcrypt.h"
#include "kdf.h"

int arx_file_kdf_built(void) { return 1; }

int arx_file_hkdf_sha256(const uint8_t *ikm, size_t ikm_len, const uint8_t *salt, size_t salt_len,
                         const char *info, uint8_t *out, size_t out_len) {
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, NULL);
    size_t got = out_len;
    int ok = ctx && EVP_PKEY_derive_init(ctx) > 0 && EVP_PKEY_CTX_set_hkdf_md(ctx, EVP_sha256()) > 0 &&
             EVP_PKEY_CTX_set1_hkdf_salt(ctx, salt, (int)salt_len) > 0 &&
             EVP_PKEY_CTX_set1_hkdf_key(ctx, ikm, (int)ikm_len) > 0 &&
             EVP_PKEY_CTX_add1_hkdf_info(ctx, (const unsigned char *)info, (int)strlen(info)) > 0 &&
             EVP_PKEY_derive(ctx, out, &got) > 0 && got == out_len;
    EVP_PKEY_CTX_free(ctx); /* frees libcrypto's copy of the key, cleansed */
    return ok ? ARX_OK : ARX_ERR_NOMEM;
}

int arx_file_scrypt(const uint8_t *pass, size_t pass_len, const uint8_t *salt, size_t salt_len, unsigned log2n,
                    uint32_t r, uint32_t p, uint8_t *out, size_t out_len) {
    const uint64_t n = (uint64_t)1 << log2n;
    /* libcrypto refuses to allocate more than maxmem (32 MiB by default):
     * allow what these parameters need, 128 r (N + p + 2) bytes, plus slack.
     * The caller has already bounded them to 1 GiB of V. */
    const uint64_t maxmem = 128 * (uint64_t)r * (n + (uint64_t)p + 2) + (1u << 20);
    /* OpenSSL takes a NULL passphrase only with length 0, like us; "" keeps
     * older versions from dereferencing it. */
    const char *pw = pass ? (const char *)pass : "";
    return EVP_PBE_scrypt(pw, pass_len, salt, salt_len, n, r, p, maxmem, out, out_len) ? ARX_OK : ARX_ERR_NOMEM;
}
