/*
 * What the multi-message calls (many.c) share with the one-message modes:
 * their argument checks, so a batch is checked job by job exactly as the
 * one-message function would check it, and GCM's J0 and inc32 keystream.
 */
#ifndef ARX_MANY_H
#define ARX_MANY_H

#include "../key.h"
#include "ghash.h"

int arx_gcm_check_args(const arx_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                       size_t aad_len, uint8_t *out, const uint8_t *in, size_t len, const uint8_t *tag,
                       size_t tag_len);
int arx_ccm_check_args(const arx_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                       size_t aad_len, uint8_t *out, const uint8_t *in, size_t len, const uint8_t *tag,
                       size_t tag_len);
/* CCM's formatting (SP 800-38C A.2): B0 into b0 and, with AAD, the encoded
 * AAD length into enc; returns enc's length (2, 6 or 10; 0 without AAD).
 * arx_ccm_ctr0: the counter block Ctr0 = (q-1) || N || 0 (E(Ctr0) masks the
 * tag, Ctr1 = Ctr0 + 1 starts the keystream). For every length
 * arx_ccm_check_args accepts the q-byte counter field never carries, so a
 * whole-block big-endian increment gives the same counters. */
size_t arx_ccm_format(const uint8_t *nonce, size_t nonce_len, size_t aad_len, size_t len, size_t tag_len,
                      uint8_t b0[16], uint8_t enc[10]);
void arx_ccm_ctr0(const uint8_t *nonce, size_t nonce_len, uint8_t ctr0[16]);
int arx_cmac_check_args(const arx_key *k, const uint8_t *msg, size_t len, size_t tag_len);
/* CMAC's last block (SP 800-38B 6.2): the message's last bb bytes (or its
 * partial or empty tail padded with 10*) xored with K1 (or K2) into last,
 * which holds 16 zero bytes on entry. sub holds L = E(0^b) on entry and that subkey on
 * return (key material: the caller wipes it). Returns the length of what
 * comes before the last block (whole blocks, CBC-MAC'd as they are). */
size_t arx_cmac_last(uint8_t sub[16], const uint8_t *msg, size_t len, size_t bb, uint8_t last[16]);

/* GCM's pre-counter block J0 for a nonce (SP 800-38D 7.1 step 2); returns 1
 * when it was hashed (any nonce but 96 bits: J0 then depends on the key). */
int arx_gcm_j0(const arx_ghash_key *gk, const uint8_t *nonce, size_t nonce_len, uint8_t j0[16]);
/* out = in XOR keystream of nblocks inc32 counters from ctr (advanced). */
void arx_gcm_ctr32(const arx_key *k, int j0_secret, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                   size_t nblocks);

#endif
