/*
 * Objects in caller memory (the no-heap API): arx_key_init, arx_ctr_init,
 * arx_gcm_init. For every cipher and every backend this CPU runs:
 * - the sizes: arx_key_storage_size within ARX_KEY_STORAGE_MAX, exact (one
 *   byte less is refused), nothing written past it;
 * - refusals in the documented order (NULLs, key length, backend, size,
 *   alignment), each leaving the memory untouched and *out NULL;
 * - the same bytes as a key on the heap (hosted builds) or as the portable
 *   backend (freestanding builds, which have no heap API): ECB, CTR one-shot
 *   and streamed from caller memory, GCM one-shot and streamed;
 * - the wipe: after arx_*_free every byte of the caller's memory is zero,
 *   GCM's cached hash key included, and the memory can be used again.
 * Hosted builds also race several threads to the first GCM call on one key
 * (the hash key is built once, in the key's memory, while others wait).
 */
#define _POSIX_C_SOURCE 200809L /* pthread barriers under -std=c11 */
#include <stdlib.h>
#include <string.h>

#include "arxcrypt.h"
#include "testutil.h"

#define GUARD 64
#define MAXLEN 700

static _Alignas(64) uint8_t mem[ARX_KEY_STORAGE_MAX + 2 * GUARD];

static int all(const uint8_t *p, size_t n, uint8_t v) {
    for (size_t i = 0; i < n; i++)
        if (p[i] != v) return 0;
    return 1;
}

/* A key for c on backend b in mem2 (the comparison key): on the heap where
 * the build has one, else in caller memory on the portable backend. */
#ifndef ARX_FREESTANDING
static arx_key *other_key(const arx_cipher *c, const uint8_t *key, const char *b) {
    arx_key *k = NULL;
    return arx_key_new(&k, c, key, arx_cipher_key_bytes(c), b) == ARX_OK ? k : NULL;
}
#else
static _Alignas(64) uint8_t mem2[ARX_KEY_STORAGE_MAX];
static arx_key *other_key(const arx_cipher *c, const uint8_t *key, const char *b) {
    arx_key *k = NULL;
    (void)b;
    return arx_key_init(&k, mem2, sizeof mem2, c, key, arx_cipher_key_bytes(c), "ref") == ARX_OK ? k : NULL;
}
#endif

static void check_refusals(const arx_cipher *c, const uint8_t *key) {
    const size_t need = arx_key_storage_size(c), kl = arx_cipher_key_bytes(c);
    const char *name = arx_cipher_name(c);
    uint8_t *m = mem + GUARD;
    arx_key *k = (arx_key *)(void *)1;
    memset(mem, 0x5a, sizeof mem);
    CHECK(arx_key_init(NULL, m, need, c, key, kl, NULL) == ARX_ERR_NULL, "%s: NULL out", name);
    CHECK(arx_key_init(&k, NULL, need, c, key, kl, NULL) == ARX_ERR_NULL && k == NULL, "%s: NULL mem", name);
    CHECK(arx_key_init(&k, m, need, NULL, key, kl, NULL) == ARX_ERR_NULL, "%s: NULL cipher", name);
    CHECK(arx_key_init(&k, m, need, c, NULL, kl, NULL) == ARX_ERR_NULL, "%s: NULL key", name);
    CHECK(arx_key_init(&k, m, need, c, key, kl + 1, NULL) == ARX_ERR_KEY_LENGTH, "%s: key length", name);
    CHECK(arx_key_init(&k, m + 1, 0, c, key, kl - 1, NULL) == ARX_ERR_KEY_LENGTH,
          "%s: key length is checked before storage", name);
    CHECK(arx_key_init(&k, m, need, c, key, kl, "avx1024") == ARX_ERR_UNKNOWN_BACKEND, "%s: unknown backend", name);
    CHECK(arx_key_init(&k, m, need - 1, c, key, kl, NULL) == ARX_ERR_BUFFER && k == NULL, "%s: one byte short", name);
    CHECK(arx_key_init(&k, m, 0, c, key, kl, NULL) == ARX_ERR_BUFFER, "%s: no room", name);
    for (size_t off = 1; off < ARX_STORAGE_ALIGN; off += 3)
        CHECK(arx_key_init(&k, m + off, need, c, key, kl, NULL) == ARX_ERR_ALIGN && k == NULL,
              "%s: storage at +%zu accepted", name, off);
    CHECK(all(mem, sizeof mem, 0x5a), "%s: a refused arx_key_init wrote to the memory", name);
}

/* Contexts in caller memory: refusals, and the same bytes as one-shot calls. */
static void check_contexts(const arx_key *k, const arx_key *o, const char *label, size_t bb) {
    _Alignas(ARX_STORAGE_ALIGN) uint8_t ctx[ARX_GCM_STORAGE_BYTES + ARX_STORAGE_ALIGN];
    uint8_t iv[16], pt[MAXLEN], a[MAXLEN], b[MAXLEN], aad[37], tag_a[16], tag_b[16];
    t_fill(iv, sizeof iv);
    t_fill(pt, sizeof pt);
    t_fill(aad, sizeof aad);
    const size_t len = t_below(MAXLEN);

    arx_ctr *s = (arx_ctr *)(void *)1;
    memset(ctx, 0x33, sizeof ctx);
    CHECK(arx_ctr_init(&s, ctx, ARX_CTR_STORAGE_BYTES - 1, k, iv, bb) == ARX_ERR_BUFFER && s == NULL, "%s: ctr short", label);
    CHECK(arx_ctr_init(&s, ctx + 8, ARX_CTR_STORAGE_BYTES, k, iv, bb) == ARX_ERR_ALIGN, "%s: ctr misaligned", label);
    CHECK(arx_ctr_init(&s, ctx, ARX_CTR_STORAGE_BYTES, k, iv, bb - 1) == ARX_ERR_IV_LENGTH, "%s: ctr iv", label);
    CHECK(arx_ctr_init(&s, NULL, ARX_CTR_STORAGE_BYTES, k, iv, bb) == ARX_ERR_NULL, "%s: ctr NULL mem", label);
    CHECK(all(ctx, sizeof ctx, 0x33), "%s: a refused arx_ctr_init wrote", label);
    CHECK(arx_ctr_init(&s, ctx, ARX_CTR_STORAGE_BYTES, k, iv, bb) == ARX_OK && (void *)s == (void *)ctx, "%s: ctr_init", label);
    for (size_t done = 0; done < len;) {
        size_t m = t_below(len - done + 1);
        CHECK(arx_ctr_update(s, a + done, pt + done, m) == ARX_OK, "%s: ctr update", label);
        done += m;
    }
    arx_ctr_free(s);
    CHECK(all(ctx, ARX_CTR_STORAGE_BYTES, 0) && all(ctx + ARX_CTR_STORAGE_BYTES, sizeof ctx - ARX_CTR_STORAGE_BYTES, 0x33),
          "%s: arx_ctr_free did not wipe exactly its storage", label);
    CHECK(arx_ctr_xor(o, iv, bb, b, pt, len) == ARX_OK && !memcmp(a, b, len), "%s: streamed CTR (%zu bytes) differs", label, len);

    if (bb != 16) {
        arx_gcm *g = NULL;
        CHECK(arx_gcm_init(&g, ctx, sizeof ctx, k, iv, 12) == ARX_ERR_MODE_UNSUPPORTED, "%s: gcm on a small block", label);
        return;
    }
    arx_gcm *g = (arx_gcm *)(void *)1;
    memset(ctx, 0x33, sizeof ctx);
    CHECK(arx_gcm_init(&g, ctx, ARX_GCM_STORAGE_BYTES - 1, k, iv, 12) == ARX_ERR_BUFFER && g == NULL, "%s: gcm short", label);
    CHECK(arx_gcm_init(&g, ctx + 4, ARX_GCM_STORAGE_BYTES, k, iv, 12) == ARX_ERR_ALIGN, "%s: gcm misaligned", label);
    CHECK(arx_gcm_init(&g, ctx, ARX_GCM_STORAGE_BYTES, k, iv, 0) == ARX_ERR_IV_LENGTH, "%s: gcm nonce", label);
    CHECK(all(ctx, sizeof ctx, 0x33), "%s: a refused arx_gcm_init wrote", label);
    size_t nl = 1 + t_below(16);
    CHECK(arx_gcm_init(&g, ctx, ARX_GCM_STORAGE_BYTES, k, iv, nl) == ARX_OK, "%s: gcm_init", label);
    size_t a1 = t_below(sizeof aad + 1), p1 = t_below(len + 1);
    CHECK(arx_gcm_aad(g, aad, a1) == ARX_OK && arx_gcm_aad(g, aad + a1, sizeof aad - a1) == ARX_OK &&
              arx_gcm_encrypt_update(g, a, pt, p1) == ARX_OK &&
              arx_gcm_encrypt_update(g, a + p1, pt + p1, len - p1) == ARX_OK && arx_gcm_encrypt_final(g, tag_a, 16) == ARX_OK,
          "%s: gcm streamed", label);
    arx_gcm_free(g);
    CHECK(all(ctx, ARX_GCM_STORAGE_BYTES, 0), "%s: arx_gcm_free did not wipe", label);
    CHECK(arx_gcm_encrypt(o, iv, nl, aad, sizeof aad, b, pt, len, tag_b, 16) == ARX_OK && !memcmp(a, b, len) &&
              !memcmp(tag_a, tag_b, 16),
          "%s: streamed GCM from caller memory differs (%zu bytes, nonce %zu)", label, len, nl);
    CHECK(arx_gcm_decrypt(k, iv, nl, aad, sizeof aad, b, a, len, tag_a, 16) == ARX_OK && !memcmp(b, pt, len),
          "%s: gcm decrypt", label);
}

static void check_cipher(const arx_cipher *c) {
    const char *name = arx_cipher_name(c);
    const size_t need = arx_key_storage_size(c), bb = arx_cipher_block_bytes(c);
    uint8_t key[32], pt[MAXLEN], x[MAXLEN], y[MAXLEN];
    t_fill(key, sizeof key);
    CHECK(need > 0 && need <= ARX_KEY_STORAGE_MAX, "%s: storage size %zu (max %d)", name, need, ARX_KEY_STORAGE_MAX);
    check_refusals(c, key);
    for (size_t i = 0; i < arx_cipher_backend_count(c); i++) {
        if (!arx_cipher_backend_available(c, i)) continue;
        const char *b = arx_cipher_backend_name(c, i);
        char label[64];
        snprintf(label, sizeof label, "%s %s", name, b);
        uint8_t *m = mem + GUARD;
        memset(mem, 0xc3, sizeof mem);
        arx_key *k = NULL;
        CHECK(arx_key_init(&k, m, need, c, key, arx_cipher_key_bytes(c), b) == ARX_OK && (void *)k == (void *)m,
              "%s: key_init", label);
        if (!k) continue;
        CHECK(!strcmp(arx_key_backend(k), b) && arx_key_cipher(k) == c, "%s: key describes itself", label);
        arx_key *o = other_key(c, key, b);
        CHECK(o != NULL, "%s: comparison key", label);
        if (!o) continue;
        size_t len = t_below(MAXLEN / bb + 1) * bb;
        t_fill(pt, sizeof pt);
        CHECK(arx_ecb_encrypt(k, x, pt, len) == ARX_OK && arx_ecb_encrypt(o, y, pt, len) == ARX_OK && !memcmp(x, y, len),
              "%s: ECB from caller memory differs", label);
        check_contexts(k, o, label, bb);
        CHECK(all(mem, GUARD, 0xc3) && all(m + need, sizeof mem - GUARD - need, 0xc3),
              "%s: the key wrote outside its %zu bytes", label, need);
        arx_key_free(k);
        CHECK(all(m, need, 0), "%s: arx_key_free left key material in caller memory", label);
        arx_key_free(o);
    }
    CHECK(arx_key_storage_size(NULL) == 0, "storage size of NULL");
}

#ifndef ARX_FREESTANDING
#include <pthread.h>

/* The first GCM call builds the key's hash key; several threads make it at
 * once on a fresh key and must all get the one-thread tag. */
#define RACERS 6
static arx_key *race_key;
static uint8_t race_tags[RACERS][16];
static pthread_barrier_t race_start;

static void *racer(void *p) {
    size_t i = (size_t)(uintptr_t)p;
    uint8_t n[12] = {1, 2, 3}, msg[64] = {0}, ct[64];
    pthread_barrier_wait(&race_start);
    arx_gcm_encrypt(race_key, n, 12, NULL, 0, ct, msg, sizeof msg, race_tags[i], 16);
    return NULL;
}

static void check_first_gcm_race(void) {
    const arx_cipher *c = arx_cipher_by_name("lea-128");
    uint8_t key[16] = {9, 8, 7}, n[12] = {1, 2, 3}, msg[64] = {0}, ct[64], want[16];
    arx_key *solo = NULL;
    CHECK(arx_key_new(&solo, c, key, 16, NULL) == ARX_OK, "race: key");
    arx_gcm_encrypt(solo, n, 12, NULL, 0, ct, msg, sizeof msg, want, 16);
    arx_key_free(solo);
    for (int round = 0; round < 50; round++) {
        if (arx_key_init(&race_key, mem, sizeof mem, c, key, 16, NULL) != ARX_OK) break;
        pthread_t t[RACERS];
        pthread_barrier_init(&race_start, NULL, RACERS);
        for (size_t i = 0; i < RACERS; i++) pthread_create(&t[i], NULL, racer, (void *)(uintptr_t)i);
        for (size_t i = 0; i < RACERS; i++) pthread_join(t[i], NULL);
        pthread_barrier_destroy(&race_start);
        for (size_t i = 0; i < RACERS; i++) CHECK(!memcmp(race_tags[i], want, 16), "race round %d thread %zu: wrong tag", round, i);
        arx_key_free(race_key);
    }
}
#endif

int main(int argc, char **argv) {
    uint64_t seed = argc > 1 ? (uint64_t)strtoull(argv[1], NULL, 10) : 20261125;
    t_seed(seed);
    printf("caller-storage API, seed %llu%s\n", (unsigned long long)seed,
#ifdef ARX_FREESTANDING
           " (freestanding library: compared with the portable backend)"
#else
           " (compared with heap keys)"
#endif
    );
    for (size_t i = 0; i < arx_cipher_count(); i++) {
        int before = t_failed;
        check_cipher(arx_cipher_at(i));
        printf("%-22s storage %5zu bytes: %s\n", arx_cipher_name(arx_cipher_at(i)), arx_key_storage_size(arx_cipher_at(i)),
               t_failed == before ? "ok" : "FAILED");
    }
#ifndef ARX_FREESTANDING
    check_first_gcm_race();
    printf("first GCM call raced by %d threads, 50 rounds\n", RACERS);
#endif
    return t_summary();
}
