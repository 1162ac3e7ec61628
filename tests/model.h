/*
 * Models of the modes written straight from the NIST definitions, shared by
 * the test programs: SP 800-38A (CBC, CFB, OFB, CTR), 38B (CMAC), 38C (CCM)
 * and 38D (GCM, with the bit-serial multiply of Algorithm 1 as GHASH). They
 * sit on single-block ECB calls of one key, which callers make with the
 * "ref" backend, so nothing here goes through the library's batch kernels,
 * counter engines or GHASH.
 */
#ifndef ARX_TEST_MODEL_H
#define ARX_TEST_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "arxcrypt.h"

/* The key every model below encrypts with (its cipher's block size too). */
void m_use(const arx_key *ref);
size_t m_block(void);

/* One block through the model key. */
void m_E(uint8_t *out, const uint8_t *in);
void m_D(uint8_t *out, const uint8_t *in);

/* c += 1 as an n-byte big-endian integer, modulo 2^(8n). */
void m_inc_be(uint8_t *c, size_t n);

/* SP 800-38A. CBC takes whole blocks; CFB, OFB and CTR any length. */
void m_cbc_enc(const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len);
void m_cbc_dec(const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len);
void m_cfb(const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len, int dec);
void m_ofb(const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len);
/* CTR where only the last inc_bytes of the counter block count (the whole
 * block for CTR mode, 4 for GCM's inc32). */
void m_ctr(const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len, size_t inc_bytes);

/* ---- GCM (SP 800-38D), 128-bit blocks ---- */
/* x = x * y in GF(2^128), Algorithm 1 bit by bit. */
void gf_mul_spec(uint8_t x[16], const uint8_t y[16]);
/* x = x^-1 (x^(2^128 - 2)); x must not be zero. */
void gf_inv_spec(uint8_t x[16]);
/* y = GHASH_H continued over n bytes of p, the last partial block zero-padded. */
void ghash_spec(const uint8_t h[16], uint8_t y[16], const uint8_t *p, size_t n);
/* Steps 1-2: H = E(0^128) and the pre-counter block J0 of a nonce. */
void m_gcm_start(const uint8_t *nonce, size_t nl, uint8_t h[16], uint8_t j0[16]);
/* Steps 5-6 from y = GHASH of the padded AAD and ciphertext: the length block, then T = E(J0) xor S. */
void m_gcm_finish(const uint8_t h[16], const uint8_t j0[16], uint8_t y[16], uint64_t al, uint64_t len,
                  uint8_t tag[16]);
/* The whole of GCM-AE (dec = 0) or the plaintext and expected tag of GCM-AD (dec = 1). */
void m_gcm(const uint8_t *nonce, size_t nl, const uint8_t *aad, size_t al, uint8_t *out, const uint8_t *in,
           size_t len, int dec, uint8_t tag[16]);

/* ---- CCM (SP 800-38C), 128-bit blocks ---- */
/* Generation-encryption (dec = 0): out = ciphertext, tag = the tag_len-byte
 * tag. dec = 1: out = plaintext of `in`, tag = the tag it must carry. */
/* The 16-byte nonce whose J0 is j0 under the model's key: for a 16-byte
 * nonce X, J0 = GHASH_H(X || [0]64 || [128]64) = X*H^2 + L*H, so
 * X = (J0 + L*H) * H^-2. */
void m_gcm_nonce_for_j0(const uint8_t j0[16], uint8_t nonce[16]);

void m_ccm(const uint8_t *nonce, size_t nl, const uint8_t *aad, size_t al, uint8_t *out, const uint8_t *in,
           size_t len, size_t tag_len, int dec, uint8_t *tag);

/* ---- CMAC (SP 800-38B), 64- and 128-bit blocks: the full block-sized MAC ---- */
void m_cmac(const uint8_t *msg, size_t len, uint8_t *mac);

/* ---- XTS (IEEE 1619-2018, 5.3 and 5.4), 128-bit blocks ----
 * One data unit (len >= 16) under the data key k1 and tweak key k2, both
 * ref-backend keys; ciphertext stealing as the standard's steps write it,
 * the tweak doubled byte by byte (5.2). Independent of m_use's key. */
void m_xts(const arx_key *k1, const arx_key *k2, const uint8_t tweak[16], uint8_t *out, const uint8_t *in,
           size_t len, int dec);

#endif
