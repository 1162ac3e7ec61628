/*
 * A key's whole life: its layout in memory (the caller's or the heap's),
 * key expansion, GCM's hash key built on first use, and the wipe at the end.
 * Names -> descriptors and backends are registry.c's; this file only asks it.
 */
#include "key.h"

#include "modes/ghash.h"

/* The object is laid out from a 16-byte boundary (ARX_STORAGE_ALIGN):
 *   [struct arx_key][GCM hash key, 128-bit blocks only][pad][key schedule]
 * The schedule starts at the next 64-byte boundary (the kernels' contract in
 * cipher.h), which is at most 64 - 16 bytes of padding further on. */
#define HEAD_BYTES ((sizeof(struct arx_key) + 15) & ~(size_t)15)
#define GHASH_BYTES ((sizeof(arx_ghash_key) + 15) & ~(size_t)15)
#define KS_PAD (64 - ARX_STORAGE_ALIGN)

_Static_assert(ARX_STORAGE_ALIGN == 16, "the layout above assumes 16-byte storage alignment");

static size_t ghash_room(const arx_cipher_desc *d) { return d->block_bytes == 16 ? GHASH_BYTES : 0; }

static size_t storage_size(const arx_cipher_desc *d) {
    return HEAD_BYTES + ghash_room(d) + KS_PAD + d->ks_bytes;
}

size_t arx_key_storage_size(const arx_cipher *c) { return c ? storage_size(arx_desc_of(c)) : 0; }

/* Argument checks shared by arx_key_init and arx_key_new, in the order the
 * header documents; sets *be. */
static int key_check(const arx_cipher *c, const uint8_t *key, size_t key_len, const char *backend,
                     const arx_backend **be) {
    if (!c || !key) return ARX_ERR_NULL;
    const arx_cipher_desc *d = arx_desc_of(c);
    if (key_len != d->key_bytes) return ARX_ERR_KEY_LENGTH;
    return arx_backend_pick(d, backend, be);
}

/* Lay the key out at mem (16-byte aligned, storage_size bytes) and expand it. */
static arx_key *key_build(void *mem, const arx_cipher_desc *d, const arx_backend *be, const uint8_t *key) {
    const size_t size = storage_size(d);
    uint8_t *base = mem;
    memset(base, 0, size);
    arx_key *k = mem;
    uintptr_t ks = ((uintptr_t)(base + HEAD_BYTES + ghash_room(d)) + 63) & ~(uintptr_t)63;
    k->desc = d;
    k->be = be;
    k->ks = (void *)ks;
    k->ghash = ghash_room(d) ? (arx_ghash_key *)(void *)(base + HEAD_BYTES) : NULL;
    k->heap = NULL;
    k->size = size;
    arx_atomic_store_relaxed(&k->ghash_state, 0);
    arx_atomic_store_relaxed(&k->threads, 1u); /* no threads unless asked */
    d->setup(k->ks, key);
    return k;
}

int arx_key_init(arx_key **out, void *mem, size_t mem_size, const arx_cipher *c, const uint8_t *key,
                 size_t key_len, const char *backend) {
    if (!out) return ARX_ERR_NULL;
    *out = NULL;
    if (!mem) return ARX_ERR_NULL;
    const arx_backend *be = NULL;
    int rc = key_check(c, key, key_len, backend, &be);
    if (rc) return rc;
    if (mem_size < storage_size(arx_desc_of(c))) return ARX_ERR_BUFFER;
    if ((uintptr_t)mem % ARX_STORAGE_ALIGN) return ARX_ERR_ALIGN;
    *out = key_build(mem, arx_desc_of(c), be, key);
    return ARX_OK;
}

#ifndef ARX_FREESTANDING
int arx_key_new(arx_key **out, const arx_cipher *c, const uint8_t *key, size_t key_len,
                const char *backend) {
    if (!out) return ARX_ERR_NULL;
    *out = NULL;
    const arx_backend *be = NULL;
    int rc = key_check(c, key, key_len, backend, &be);
    if (rc) return rc;
    /* + 15: malloc's alignment may be as low as 8 on 32-bit targets */
    void *heap = arx_alloc(storage_size(arx_desc_of(c)) + ARX_STORAGE_ALIGN - 1);
    if (!heap) return ARX_ERR_NOMEM;
    uintptr_t mem = ((uintptr_t)heap + ARX_STORAGE_ALIGN - 1) & ~(uintptr_t)(ARX_STORAGE_ALIGN - 1);
    arx_key *k = key_build((void *)mem, arx_desc_of(c), be, key);
    k->heap = heap;
    *out = k;
    return ARX_OK;
}
#endif

void arx_key_free(arx_key *k) {
    if (!k) return;
    void *heap = k->heap;
    arx_wipe(k, k->size); /* the schedule and GCM's hash key with it */
    arx_free(heap);
}

const arx_cipher *arx_key_cipher(const arx_key *k) {
    return k ? (const arx_cipher *)(const void *)k->desc : NULL;
}
const char *arx_key_backend(const arx_key *k) { return k ? k->be->name : NULL; }

/* ---- GCM's hash key ------------------------------------------------------ */

/* H = E(0^128) and what the GHASH implementation derives from it. */
static void ghash_build(const arx_key *k) {
    uint8_t h[16] = {0};
    arx_encrypt_blocks(k, h, h, 1);
    arx_ghash_key_init(k->ghash, h, arx_ghash_pick(k->be));
    arx_wipe(h, sizeof h);
}

/*
 * The hash key depends only on the cipher key, so it is built on the first
 * GCM call and kept in the key's own memory: per message that saved ~900 TSC
 * cycles on the AVX-512 path (the 64 powers, one block encryption). The key
 * is shared by threads: the first caller builds it (state 0 -> 1 -> 2), and
 * any other caller in the meantime waits the microsecond that takes rather
 * than use a half-written table. Ready tables are never written again.
 */
const arx_ghash_key *arx_key_ghash(const arx_key *k) {
    arx_key *mk = (arx_key *)(uintptr_t)k; /* the cache is logically const */
#ifdef ARX_FREESTANDING
    if (mk->ghash_state != 2) {
        ghash_build(k);
        mk->ghash_state = 2;
    }
#else
    if (atomic_load_explicit(&mk->ghash_state, memory_order_acquire) == 2) return mk->ghash;
    int expected = 0;
    if (atomic_compare_exchange_strong_explicit(&mk->ghash_state, &expected, 1, memory_order_acq_rel,
                                                memory_order_acquire)) {
        ghash_build(k);
        atomic_store_explicit(&mk->ghash_state, 2, memory_order_release);
    } else {
        while (atomic_load_explicit(&mk->ghash_state, memory_order_acquire) != 2) {
            /* another thread is building it */
        }
    }
#endif
    return mk->ghash;
}
