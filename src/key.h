/* The arx_key object and the block helpers every mode uses. */
#ifndef ARX_KEY_H
#define ARX_KEY_H

#include "arxcrypt.h"
#include "cipher.h"
#include "internal.h"

struct arx_ghash_key;

/*
 * Atomics only in hosted builds. A freestanding build (ARX_FREESTANDING)
 * starts no thread, and on small targets the compiler lowers _Atomic to
 * libatomic calls the firmware does not have.
 */
#ifdef ARX_FREESTANDING
#define ARX_ATOMIC(T) T
#define arx_atomic_load_relaxed(p) (*(p))
#define arx_atomic_store_relaxed(p, v) (*(p) = (v))
#else
#include <stdatomic.h>
#define ARX_ATOMIC(T) _Atomic T
#define arx_atomic_load_relaxed(p) atomic_load_explicit((p), memory_order_relaxed)
#define arx_atomic_store_relaxed(p, v) atomic_store_explicit((p), (v), memory_order_relaxed)
#endif

/*
 * One key, laid out in one piece of memory (src/key.c owns it): this header,
 * then GCM's hash key (128-bit-block ciphers only), then the key schedule at
 * a 64-byte boundary. The memory is the caller's (arx_key_init) or the
 * heap's (arx_key_new); either way arx_key_free wipes all of it.
 */
struct arx_key {
    const arx_cipher_desc *desc;
    const arx_backend *be;
    void *ks;                     /* desc->ks_bytes, 64-byte aligned */
    struct arx_ghash_key *ghash;  /* room for GCM's hash key; NULL without 128-bit blocks */
    void *heap;                   /* what arx_key_new allocated; NULL in caller memory */
    size_t size;                  /* bytes from this header on, wiped by arx_key_free */
    /* GCM's hash key (H and its powers) is built on the first GCM call and
     * then only read, by every message and thread: 0 not built, 1 being
     * built, 2 ready (arx_key_ghash). */
    ARX_ATOMIC(int) ghash_state;
    ARX_ATOMIC(unsigned) threads; /* arx_key_set_threads; src/par.h */
};

/* GCM's hash key for k (a 128-bit-block cipher), built on first use. */
const struct arx_ghash_key *arx_key_ghash(const arx_key *k);
/* The same, inline once built (the multi-message calls fetch it per job:
 * as calls, ~1.5% of a 64 x 64-byte GCM batch). */
ARX_INLINE const struct arx_ghash_key *arx_key_ghash_fast(const arx_key *k) {
#ifndef ARX_FREESTANDING
    if (atomic_load_explicit(&((arx_key *)(uintptr_t)k)->ghash_state, memory_order_acquire) == 2) return k->ghash;
#endif
    return arx_key_ghash(k);
}

/* The backend of descriptor d called `name` (NULL or "": the widest this CPU
 * runs), or an error code (registry.c). */
int arx_backend_pick(const arx_cipher_desc *d, const char *name, const arx_backend **be);

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

/* Argument checks shared by the modes; each returns ARX_OK or an error code.
 * Inline: the multi-message calls (modes/many.c) run them on every job, and
 * as calls they cost ~4 TSC cycles a job of a 16-byte CTR batch. */
ARX_INLINE int arx_check_io(const uint8_t *out, const uint8_t *in, size_t len) {
    if (len && (!out || !in)) return ARX_ERR_NULL;
    if (arx_partial_overlap(out, in, len)) return ARX_ERR_OVERLAP;
    return ARX_OK;
}
ARX_INLINE int arx_check_iv(const arx_key *k, const uint8_t *iv, size_t iv_len) {
    if (iv_len != k->desc->block_bytes) return ARX_ERR_IV_LENGTH;
    if (!iv) return ARX_ERR_NULL;
    return ARX_OK;
}
/* Caller storage for a context: ARX_ERR_BUFFER below `need`, ARX_ERR_ALIGN. */
int arx_check_storage(const void *mem, size_t mem_size, size_t need);

#endif
