/*
 * test_cuda_host: the CUDA front end's code, run on the CPU. Needs no GPU.
 *  1. every __host__ __device__ block function (cuda/blocks/), encrypt and
 *     decrypt, on the flat schedule of cuda/keys.c, against the C library
 *     (arx_ecb_encrypt/decrypt) on random keys and blocks;
 *  2. the kernels' per-thread work (cuda/kernels.cuh) over every (tile,
 *     thread) of a launch: ECB both ways and CTR against arx_ecb_* and
 *     arx_ctr_xor, random lengths over several tiles, counters near the wrap;
 *  3. GCM (every 128-bit cipher) as the kernel splits it: per-thread Horner with H^THREADS, the
 *     H^(T - last) and tile weights from the power tables, pieces chained on
 *     the host, any nonce length, against arx_gcm_encrypt/decrypt;
 *  4. the C API's argument errors (no device needed for those).
 * Prints what it checked and "N passed, M failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arxcrypt.h"
#include "arxcrypt_cuda.h"
#include "kernels.cuh"

static int passed, failed;
static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}
static void fill(uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)rnd();
}
static void check(int ok, const char *what, const char *cipher, size_t len) {
    if (ok) passed++;
    else {
        failed++;
        if (failed < 30) printf("FAIL %s %s len %zu\n", what, cipher, len);
    }
}
static uint8_t *abuf(size_t n) { /* 16-byte aligned, as cudaMalloc gives */
    uint8_t *p = (uint8_t *)aligned_alloc(64, (n + 63) & ~(size_t)63);
    if (!p) abort();
    return p;
}

/* ---- 1. blocks ---------------------------------------------------------------------- */
template <class C> static void test_blocks(arxcu_kind kind) {
    const char *name = arxcu_kind_name(kind);
    const arx_cipher *c = arx_cipher_by_name(name);
    const size_t kb = arx_cipher_key_bytes(c);
    for (int t = 0; t < 40; t++) {
        uint8_t key[32], blk[16], ref[16], got[16];
        fill(key, kb);
        arxcu_sched s;
        arx_key *k;
        if (arxcu_sched_build(kind, key, kb, &s) || arx_key_new(&k, c, key, kb, "ref")) {
            check(0, "setup", name, 0);
            return;
        }
        fill(blk, C::BB);
        uint32_t x[4];
        memcpy(x, blk, C::BB); /* the kernels' little-endian words */
        C::enc(s.w, x);
        arx_ecb_encrypt(k, ref, blk, C::BB);
        memcpy(got, x, C::BB);
        check(!memcmp(got, ref, C::BB), "block encrypt", name, C::BB);
        C::dec(s.w, x);
        memcpy(got, x, C::BB);
        check(!memcmp(got, blk, C::BB), "block decrypt(encrypt)", name, C::BB);
        memcpy(x, blk, C::BB);
        C::dec(s.w, x);
        arx_ecb_decrypt(k, ref, blk, C::BB);
        memcpy(got, x, C::BB);
        check(!memcmp(got, ref, C::BB), "block decrypt", name, C::BB);
        arx_key_free(k);
    }
}

/* ---- 2. ECB and CTR launches, emulated ---------------------------------------------- */
static size_t tiles(size_t n) { return ((n + 15) / 16 + ARXCU_TILE_UNITS - 1) / ARXCU_TILE_UNITS; }

template <class C> static void test_launches(arxcu_kind kind) {
    const char *name = arxcu_kind_name(kind);
    const arx_cipher *c = arx_cipher_by_name(name);
    const size_t kb = arx_cipher_key_bytes(c), bb = C::BB;
    const size_t tile_bytes = ARXCU_TILE_UNITS * 16;
    for (int t = 0; t < 6; t++) {
        uint8_t key[32];
        fill(key, kb);
        arxcu_sched s;
        arx_key *k;
        arxcu_sched_build(kind, key, kb, &s);
        arx_key_new(&k, c, key, kb, NULL);
        /* lengths: 0, one block, tails, exactly a tile, several tiles plus a bit */
        size_t len = t == 0 ? 0 : t == 1 ? bb : t == 2 ? tile_bytes : (size_t)(rnd() % (2 * tile_bytes + 100));
        size_t elen = len / bb * bb;
        uint8_t *in = abuf(len + 16), *ref = abuf(len + 16), *out = abuf(len + 16);
        fill(in, len);
        /* ECB encrypt and decrypt */
        arx_ecb_encrypt(k, ref, in, elen);
        for (size_t g = 0; g < tiles(elen); g++)
            for (unsigned tid = 0; tid < ARXCU_THREADS; tid++) cu_ecb_thread<C, false>(s.w, out, in, elen, g, tid);
        check(!memcmp(out, ref, elen), "ecb encrypt launch", name, elen);
        for (size_t g = 0; g < tiles(elen); g++)
            for (unsigned tid = 0; tid < ARXCU_THREADS; tid++) cu_ecb_thread<C, true>(s.w, out, out, elen, g, tid);
        check(!memcmp(out, in, elen), "ecb decrypt launch (in place)", name, elen);
        /* CTR, any length; every third run starts just below the counter's wrap */
        uint8_t iv[16];
        fill(iv, bb);
        if (t % 3 == 2) memset(iv + bb / 2, 0xff, bb / 2);
        if (t == 5) memset(iv, 0xff, bb);
        arx_ctr_xor(k, iv, bb, ref, in, len);
        cu_ctr_base cb = {0, 0};
        for (unsigned i = 0; i < 8; i++) cb.lo = cb.lo << 8 | iv[i];
        if (bb == 16) {
            cb.hi = cb.lo, cb.lo = 0;
            for (unsigned i = 8; i < 16; i++) cb.lo = cb.lo << 8 | iv[i];
        }
        for (size_t g = 0; g < tiles(len); g++)
            for (unsigned tid = 0; tid < ARXCU_THREADS; tid++) cu_ctr_thread<C>(s.w, cb, out, in, len, g, tid);
        check(!memcmp(out, ref, len), "ctr launch", name, len);
        free(in), free(ref), free(out);
        arx_key_free(k);
    }
}

/* ---- 3. GCM as the kernels and the host pipeline split it ------------------------------ */
static void ghash_host(cu_gf *y, cu_gf H, const uint8_t *p, size_t n) {
    for (; n >= 16; n -= 16, p += 16) *y = cu_gf_mul(cu_gf_xor(*y, cu_gf_from_bytes(p)), H);
    if (n) {
        uint8_t b[16] = {0};
        memcpy(b, p, n);
        *y = cu_gf_mul(cu_gf_xor(*y, cu_gf_from_bytes(b)), H);
    }
}

template <class C, bool DEC>
static void gcm_emulate(const arxcu_sched *s, const arx_key *k, const cu_gcm_tabs *tabs, cu_gf H,
                        const uint8_t *nonce, size_t nlen, const uint8_t *aad, size_t alen, uint8_t *out,
                        const uint8_t *in, size_t len, size_t piece, uint8_t tag[16]) {
    uint8_t j0[16] = {0}, ej0[16];
    if (nlen == 12) {
        memcpy(j0, nonce, 12);
        j0[15] = 1;
    } else {
        cu_gf y = {0, 0};
        uint8_t lens[16] = {0};
        ghash_host(&y, H, nonce, nlen);
        for (int i = 0; i < 8; i++) lens[15 - i] = (uint8_t)(((uint64_t)nlen * 8) >> (8 * i));
        ghash_host(&y, H, lens, 16);
        cu_gf_to_bytes(y, j0);
    }
    arx_ecb_encrypt(k, ej0, j0, 16);
    cu_gf y = {0, 0};
    ghash_host(&y, H, aad, alen);
    uint32_t c32 = ((uint32_t)j0[12] << 24 | (uint32_t)j0[13] << 16 | (uint32_t)j0[14] << 8 | j0[15]) + 1;
    for (size_t off = 0; off < len || off == 0; off += piece) {
        size_t n = len - off < piece ? len - off : piece;
        cu_gcm_ctr c;
        memcpy(&c.w0, j0, 4), memcpy(&c.w1, j0 + 4, 4), memcpy(&c.w2, j0 + 8, 4);
        c.c32 = c32 + (uint32_t)(off / 16);
        cu_gf r = {0, 0};
        for (size_t g = 0; g < tiles(n); g++) {
            cu_gf t = {0, 0};
            for (unsigned tid = 0; tid < ARXCU_THREADS; tid++)
                t = cu_gf_xor(t, cu_gcm_thread<C, DEC>(s->w, tabs, c, out + off, in + off, n, g, tid));
            r = cu_gf_xor(r, cu_gf_mul(t, cu_gcm_tile_weight(tabs, n, g)));
        }
        y = cu_gf_xor(cu_gf_mul(y, cu_gf_pow(H, (n + 15) / 16)), r);
        if (!len) break;
    }
    uint8_t lens[16];
    for (int i = 0; i < 8; i++)
        lens[7 - i] = (uint8_t)(((uint64_t)alen * 8) >> (8 * i)), lens[15 - i] = (uint8_t)(((uint64_t)len * 8) >> (8 * i));
    ghash_host(&y, H, lens, 16);
    cu_gf_to_bytes(y, tag);
    for (int i = 0; i < 16; i++) tag[i] ^= ej0[i];
}

template <class C> static void test_gcm(arxcu_kind kind) {
    const char *name = arxcu_kind_name(kind);
    const arx_cipher *c = arx_cipher_by_name(name);
    const size_t kb = arx_cipher_key_bytes(c), tile_bytes = ARXCU_TILE_UNITS * 16;
    static cu_gcm_tabs tabs;
    for (int t = 0; t < 8; t++) {
        uint8_t key[32], zero[16] = {0}, h[16];
        fill(key, kb);
        arxcu_sched s;
        arx_key *k;
        arxcu_sched_build(kind, key, kb, &s);
        arx_key_new(&k, c, key, kb, NULL);
        arx_ecb_encrypt(k, h, zero, 16);
        cu_gf H = cu_gf_from_bytes(h);
        cu_gcm_tabs_build(&tabs, H);
        size_t len = t == 0 ? 0 : t == 1 ? 5 : t == 2 ? tile_bytes : (size_t)(rnd() % (3 * tile_bytes + 50));
        size_t alen = (size_t)(rnd() % 40), nlen = t % 3 == 0 ? 12 : 1 + (size_t)(rnd() % 30);
        /* pieces as the host pipeline cuts them (multiples of 16), or one launch */
        size_t piece = t % 2 ? 16 * (1 + (size_t)(rnd() % 2000)) : (size_t)1 << 30;
        uint8_t nonce[32], aad[40], tag_ref[16], tag[16];
        fill(nonce, nlen), fill(aad, alen);
        if (t == 7) memset(nonce + 8, 0xff, 4), nlen = 12; /* inc32 wraps inside the message */
        uint8_t *in = abuf(len + 16), *ref = abuf(len + 16), *out = abuf(len + 16);
        fill(in, len);
        arx_gcm_encrypt(k, nonce, nlen, aad, alen, ref, in, len, tag_ref, 16);
        gcm_emulate<C, false>(&s, k, &tabs, H, nonce, nlen, aad, alen, out, in, len, piece, tag);
        check(!memcmp(out, ref, len), "gcm encrypt launch: ciphertext", name, len);
        check(!memcmp(tag, tag_ref, 16), "gcm encrypt launch: tag", name, len);
        gcm_emulate<C, true>(&s, k, &tabs, H, nonce, nlen, aad, alen, out, ref, len, piece, tag);
        check(!memcmp(out, in, len), "gcm decrypt launch: plaintext", name, len);
        check(!memcmp(tag, tag_ref, 16), "gcm decrypt launch: tag", name, len);
        free(in), free(ref), free(out);
        arx_key_free(k);
    }
    /* the power tables against square-and-multiply */
    uint32_t es[] = {0, 1, 255, 256, 257, 65535, 65536, 1u << 23, (1u << 24) - 1};
    for (uint32_t e : es) {
        cu_gf a = cu_gcm_hpow(&tabs, e), b = cu_gf_pow(tabs.p[1], e);
        check(a.w0 == b.w0 && a.w1 == b.w1, "H^e table", name, e);
    }
}

/* ---- 4. API errors ---------------------------------------------------------------------- */
static void test_api(void) {
    uint8_t key[32] = {0}, buf[64] = {0}, tag[16];
    arxcu_key *k = NULL;
    check(arxcu_key_new(&k, "nope", key, 16) == ARX_ERR_UNKNOWN_CIPHER, "unknown cipher", "api", 0);
    check(arxcu_key_new(&k, "speck-32-64", key, 8) == ARXCU_ERR_UNSUPPORTED, "no GPU kernel", "api", 0);
    check(arxcu_key_new(&k, "lea-128", key, 15) == ARX_ERR_KEY_LENGTH, "key length", "api", 0);
    check(arxcu_key_new(&k, "lea-128", NULL, 16) == ARX_ERR_NULL, "NULL key", "api", 0);
    check(arxcu_key_new(&k, "lea-128", key, 16) == ARX_OK && k, "key", "api", 0);
    check(arxcu_ecb_encrypt(k, buf, buf, 15) == ARX_ERR_LENGTH, "ecb length", "api", 15);
    check(arxcu_ecb_encrypt_dev(k, buf, buf, 15, NULL) == ARX_ERR_LENGTH, "ecb dev length", "api", 15);
    check(arxcu_ecb_encrypt(k, buf + 1, buf, 32) == ARX_ERR_OVERLAP, "overlap", "api", 32);
    check(arxcu_ecb_encrypt_dev(k, buf + 1, buf + 1 + 32, 16, NULL) == ARXCU_ERR_ALIGN ||
              ((uintptr_t)(buf + 1) & 15) == 0, "device alignment", "api", 16);
    check(arxcu_ctr_xor(k, buf, 12, buf, buf, 5) == ARX_ERR_IV_LENGTH, "ctr iv length", "api", 5);
    check(arxcu_gcm_encrypt(k, buf, 0, NULL, 0, buf, buf, 5, tag, 16) == ARX_ERR_IV_LENGTH, "gcm nonce length", "api", 5);
    check(arxcu_gcm_encrypt(k, buf, 12, NULL, 0, buf, buf, 5, tag, 3) == ARX_ERR_TAG_LENGTH, "gcm tag length", "api", 5);
    check(arxcu_gcm_encrypt(k, buf, 12, NULL, 4, buf, buf, 5, tag, 16) == ARX_ERR_NULL, "gcm NULL aad", "api", 5);
    if (arxcu_device_count() == 0) {
        check(arxcu_ecb_encrypt(k, buf, buf, 32) == ARXCU_ERR_NO_DEVICE, "no device: ecb", "api", 32);
        check(arxcu_gcm_encrypt(k, buf, 12, NULL, 0, buf, buf, 5, tag, 16) == ARXCU_ERR_NO_DEVICE, "no device: gcm", "api", 5);
        printf("(no CUDA device: %s; the device calls returned ARXCU_ERR_NO_DEVICE)\n", arxcu_device_error());
    }
    arxcu_key_free(k);
    check(arxcu_key_new(&k, "hight", key, 16) == ARX_OK, "hight key", "api", 0);
    check(arxcu_gcm_encrypt(k, buf, 12, NULL, 0, buf, buf, 5, tag, 16) == ARX_ERR_MODE_UNSUPPORTED, "gcm on 64-bit block", "api", 5);
    arxcu_key_free(k);
    check(arxcu_cipher_supported("cham-128-256-legacy") && !arxcu_cipher_supported("simeck-64-128"), "supported list", "api", 0);
}

#define BLOCKS(T) (test_blocks<T>(kind), reached++)
#define LAUNCHES(T) (test_launches<T>(kind), reached++)
#define GCM(T) (test_gcm<T>(kind), reached++)

int main(int argc, char **argv) {
    if (argc > 1) rng ^= strtoull(argv[1], NULL, 10) * 0x2545f4914f6cdd1dull;
    for (int i = 0; i < ARXCU_KIND_COUNT; i++) {
        arxcu_kind kind = (arxcu_kind)i;
        int before = failed, reached = 0;
        ARXCU_DISPATCH(kind, BLOCKS)
        ARXCU_DISPATCH(kind, LAUNCHES)
        check(reached == 2, "the dispatch reaches the kind", arxcu_kind_name(kind), 0);
        printf("%-20s blocks and ECB/CTR launches %s\n", arxcu_kind_name(kind), failed == before ? "ok" : "FAILED");
    }
    for (int i = 0; i < ARXCU_KIND_COUNT; i++) {
        arxcu_kind kind = (arxcu_kind)i;
        int before = failed;
        unsigned bb = 0;
        arxcu_kind_of(arxcu_kind_name(kind), NULL, &bb);
        int reached = 0;
        ARXCU_DISPATCH128(kind, GCM)
        check(reached == (bb == 16), "the GCM dispatch reaches exactly the 128-bit kinds", arxcu_kind_name(kind), 0);
        if (bb == 16)
            printf("%-20s GCM launches (chunked GHASH over H powers) %s\n", arxcu_kind_name(kind),
                   failed == before ? "ok" : "FAILED");
    }
    test_api();
    printf("%d ciphers with kernels, %u threads x %u units per thread\n", (int)ARXCU_KIND_COUNT, ARXCU_THREADS,
           ARXCU_BPT);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
