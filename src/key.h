/* The arx_key object and the block helpers every mode uses. */
#ifndef ARX_KEY_H
#define ARX_KEY_H

#include <stdatomic.h>

#include "arxcrypt.h"
#include "cipher.h"
#include "internal.h"

struct arx_ghash_key;

struct arx_key {
    const arx_cipher_desc *desc;
    const arx_backend *be;
    void *ks;          /* desc->ks_bytes, 64-byte aligned, inside this allocation */
    size_t alloc_size; /* whole allocation, wiped on free */
    /* GCM's hash key (H and its powers), built on first GCM use and then
     * shared read-only by every message and thread (modes/gcm.c). */
    struct arx_ghash_key *_Atomic gcm_hash;
    /* Threads bulk calls may use (arx_key_set_threads; src/par.h). */
    _Atomic unsigned threads;
};

/* Wipe and free a key's cached GCM hash key, if it has one (modes/gcm.c). */
void arx_gcm_key_release(arx_key *k);

/* The public arx_cipher handle is the descriptor itself. */
ARX_INLINE const arx_cipher_desc *arx_desc_of(const arx_cipher *c) {
    return (const arx_cipher_desc *)(const void *)c;
}

/* n == 0 calls no kernel: the public API lets an empty buffer be NULL, and
 * the kernels' pointer arithmetic on NULL (even + 0) is undefined in C. */
ARX_INLINE void arx_encrypt_blocks(const arx_key *k, uint8_t *out, const uint8_t *in, size_t n) {
    if (n) k->be->encrypt(k->ks, out, in, n);
}
ARX_INLINE void arx_decrypt_blocks(const arx_key *k, uint8_t *out, const uint8_t *in, size_t n) {
    if (n) k->be->decrypt(k->ks, out, in, n);
}

/* Largest block in the library and the scratch size modes use for batches:
 * 2 KiB holds two 64-block HIGHT batches or eight 16-block LEA batches. */
#define ARX_MAX_BLOCK 16
#define ARX_CHUNK_BYTES 2048

/* out = in XOR keystream of nblocks counter blocks starting at ctr (the whole
 * block big-endian, wrapping); advances ctr. Uses the backend's ctr_xor when
 * it has one. (modes/ctr.c) */
void arx_ctr_blocks(const arx_key *k, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);

/* Argument checks shared by the modes; each returns ARX_OK or an error code. */
int arx_check_io(const uint8_t *out, const uint8_t *in, size_t len);
int arx_check_iv(const arx_key *k, const uint8_t *iv, size_t iv_len);

#endif
