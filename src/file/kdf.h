/*
 * The two key derivations the file format needs (docs/FORMAT.md "Keys"),
 * behind one small interface: kdf_openssl.c gets them from libcrypto,
 * kdf_none.c (a build without it) answers ARX_ERR_UNSUPPORTED. format.c has
 * already checked every argument (lengths, scrypt bounds) before calling.
 */
#ifndef ARX_FILE_KDF_H
#define ARX_FILE_KDF_H

#include <stddef.h>
#include <stdint.h>

/* 1 if the functions below work in this build. */
int arx_file_kdf_built(void);

/* HKDF-SHA-256 (RFC 5869): out_len bytes from ikm, salt and info. ARX_OK,
 * ARX_ERR_NOMEM when libcrypto fails, ARX_ERR_UNSUPPORTED. */
int arx_file_hkdf_sha256(const uint8_t *ikm, size_t ikm_len, const uint8_t *salt, size_t salt_len,
                         const char *info, uint8_t *out, size_t out_len);

/* scrypt (RFC 7914) with N = 2^log2n: out_len bytes. ARX_OK, ARX_ERR_NOMEM
 * when libcrypto fails (it fails on allocation), ARX_ERR_UNSUPPORTED. */
int arx_file_scrypt(const uint8_t *pass, size_t pass_len, const uint8_t *salt, size_t salt_len, unsigned log2n,
                    uint32_t r, uint32_t p, uint8_t *out, size_t out_len);

#endif
