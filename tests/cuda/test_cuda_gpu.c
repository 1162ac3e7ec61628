/*
 * test_cuda_gpu: every GPU kernel against the C library on random inputs and
 * lengths, through both the device-buffer and the host-buffer (pipelined)
 * API (pageable buffers at odd offsets, and page-locked ones): ECB both
 * ways, CTR (counters near the wrap), GCM for every 128-bit cipher with tag
 * checks and a forged tag (refused, output zeroed); misaligned device
 * pointers refused. Without a CUDA device it prints
 * "no CUDA device: skipped" and exits 77 (ctest's SKIP_RETURN_CODE).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arxcrypt.h"
#include "arxcrypt_cuda.h"

static int passed, failed;
static uint64_t rng = 0x243f6a8885a308d3ull;
static uint64_t rnd(void) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}
static void fill(uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)rnd();
}
static void check(int ok, const char *what, const char *c, size_t len) {
    if (ok) passed++;
    else if (++failed < 30) printf("FAIL %s %s len %zu\n", what, c, len);
}

static const size_t lens[] = {0, 8, 16, 24, 4096, 16384, 16400, 65536 + 8, 300000, 5u << 20};

/* ARXCU_TEST_CIPHERS=a,b,...: only those (default all); ARXCU_TEST_MAXLEN=N:
 * lengths up to about N only (for the slow runs under compute-sanitizer). */
static int wanted(const char *name) {
    const char *list = getenv("ARXCU_TEST_CIPHERS");
    if (!list || !*list) return 1;
    size_t n = strlen(name);
    for (const char *p = list; (p = strstr(p, name)) != NULL; p += n)
        if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == 0)) return 1;
    return 0;
}

int main(void) {
    if (arxcu_device_count() == 0) {
        printf("no CUDA device: skipped (%s)\n", arxcu_device_error());
        return 77;
    }
    printf("device: %s\n", arxcu_device_name());
    const char *ml = getenv("ARXCU_TEST_MAXLEN");
    const size_t cap = ml ? (size_t)strtoull(ml, NULL, 10) : (size_t)-1;
    const size_t maxlen = (5u << 20) + 64;
    uint8_t *in = malloc(maxlen + 32), *ref = malloc(maxlen + 32), *out = malloc(maxlen + 32), *pin, *pout;
    void *d_in, *d_out;
    if (!in || !ref || !out || arxcu_malloc(&d_in, maxlen) || arxcu_malloc(&d_out, maxlen) ||
        arxcu_host_alloc((void **)&pin, maxlen) || arxcu_host_alloc((void **)&pout, maxlen)) {
        printf("allocation failed\n");
        return 1;
    }
    for (size_t ci = 0; arxcu_cipher_at(ci); ci++) {
        const char *name = arxcu_cipher_at(ci);
        if (!wanted(name)) continue;
        const arx_cipher *c = arx_cipher_by_name(name);
        const size_t bb = arx_cipher_block_bytes(c), kb = arx_cipher_key_bytes(c);
        int before = failed;
        for (size_t li = 0; li < sizeof lens / sizeof *lens; li++) {
            if (lens[li] > cap) break;
            size_t len = lens[li] + (li > 3 ? (size_t)(rnd() % 64) : 0), elen = len / bb * bb;
            /* host buffers at odd offsets: the pipeline takes any alignment */
            const size_t oi = (size_t)(rnd() % 16), oo = (size_t)(rnd() % 16);
            uint8_t key[32], iv[16];
            fill(key, kb), fill(iv, bb), fill(in, len);
            if (li % 3 == 1) memset(iv + bb / 2, 0xff, bb / 2);
            arx_key *k;
            arxcu_key *g;
            arx_key_new(&k, c, key, kb, NULL);
            if (arxcu_key_new(&g, name, key, kb)) { check(0, "key", name, 0); continue; }
            arxcu_set_chunk_bytes(g, 64 << 10 << (li % 3)); /* several chunks per call */
            /* ECB, device buffers */
            arx_ecb_encrypt(k, ref, in, elen);
            arxcu_memcpy_h2d(d_in, in, elen);
            check(arxcu_ecb_encrypt_dev(g, d_out, d_in, elen, NULL) == 0, "ecb dev rc", name, elen);
            arxcu_memcpy_d2h(out, d_out, elen);
            check(!memcmp(out, ref, elen), "ecb encrypt dev", name, elen);
            check(arxcu_ecb_decrypt_dev(g, d_out, d_out, elen, NULL) == 0, "ecb dec dev rc", name, elen);
            arxcu_memcpy_d2h(out, d_out, elen);
            check(!memcmp(out, in, elen), "ecb decrypt dev", name, elen);
            if (elen)
                check(arxcu_ecb_encrypt_dev(g, (uint8_t *)d_out + 8, d_in, bb, NULL) == ARXCU_ERR_ALIGN,
                      "misaligned device pointer refused", name, bb);
            /* ECB, host buffers (pageable, odd offsets; then page-locked) */
            memmove(in + oi, in, elen);
            check(arxcu_ecb_encrypt(g, out + oo, in + oi, elen) == 0 && !memcmp(out + oo, ref, elen),
                  "ecb encrypt host", name, elen);
            memmove(in, in + oi, elen);
            check(arxcu_ecb_decrypt(g, out + oo, out + oo, elen) == 0 && !memcmp(out + oo, in, elen),
                  "ecb decrypt host", name, elen);
            memcpy(pin, in, elen);
            check(arxcu_ecb_encrypt(g, pout, pin, elen) == 0 && !memcmp(pout, ref, elen), "ecb encrypt pinned", name,
                  elen);
            check(arxcu_ecb_decrypt(g, pout, pout, elen) == 0 && !memcmp(pout, in, elen), "ecb decrypt pinned", name,
                  elen);
            /* CTR */
            arx_ctr_xor(k, iv, bb, ref, in, len);
            arxcu_memcpy_h2d(d_in, in, len);
            check(arxcu_ctr_xor_dev(g, iv, bb, d_out, d_in, len, NULL) == 0, "ctr dev rc", name, len);
            arxcu_memcpy_d2h(out, d_out, len);
            check(!memcmp(out, ref, len), "ctr dev", name, len);
            memmove(in + oi, in, len);
            check(arxcu_ctr_xor(g, iv, bb, out + oo, in + oi, len) == 0 && !memcmp(out + oo, ref, len), "ctr host",
                  name, len);
            memmove(in, in + oi, len);
            memcpy(pin, in, len);
            check(arxcu_ctr_xor(g, iv, bb, pin, pin, len) == 0 && !memcmp(pin, ref, len), "ctr pinned in place", name,
                  len);
            /* GCM (128-bit blocks) */
            if (bb == 16) {
                uint8_t nonce[20], aad[37], tag_ref[16], tag[16];
                size_t nlen = li % 2 ? 12 : 1 + (size_t)(rnd() % 20), alen = (size_t)(rnd() % 37);
                fill(nonce, nlen), fill(aad, alen);
                arx_gcm_encrypt(k, nonce, nlen, aad, alen, ref, in, len, tag_ref, 16);
                check(arxcu_gcm_encrypt_dev(g, nonce, nlen, aad, alen, d_out, d_in, len, tag, 16, NULL) == 0,
                      "gcm dev rc", name, len);
                arxcu_memcpy_d2h(out, d_out, len);
                check(!memcmp(out, ref, len) && !memcmp(tag, tag_ref, 16), "gcm encrypt dev", name, len);
                check(arxcu_gcm_decrypt_dev(g, nonce, nlen, aad, alen, d_out, d_out, len, tag_ref, 16, NULL) == 0,
                      "gcm decrypt dev rc", name, len);
                arxcu_memcpy_d2h(out, d_out, len);
                check(!memcmp(out, in, len), "gcm decrypt dev", name, len);
                check(arxcu_gcm_encrypt(g, nonce, nlen, aad, alen, out, in, len, tag, 16) == 0 &&
                          !memcmp(out, ref, len) && !memcmp(tag, tag_ref, 16), "gcm encrypt host", name, len);
                check(arxcu_gcm_decrypt(g, nonce, nlen, aad, alen, out, ref, len, tag_ref, 16) == 0 &&
                          !memcmp(out, in, len), "gcm decrypt host", name, len);
                memcpy(pin, in, len);
                check(arxcu_gcm_encrypt(g, nonce, nlen, aad, alen, pout, pin, len, tag, 16) == 0 &&
                          !memcmp(pout, ref, len) && !memcmp(tag, tag_ref, 16), "gcm encrypt pinned", name, len);
                check(arxcu_gcm_decrypt(g, nonce, nlen, aad, alen, pout, pout, len, tag_ref, 16) == 0 &&
                          !memcmp(pout, in, len), "gcm decrypt pinned in place", name, len);
                tag_ref[0] ^= 1;
                memset(out, 0x77, len);
                int zeroed = 1;
                check(arxcu_gcm_decrypt(g, nonce, nlen, aad, alen, out, ref, len, tag_ref, 16) == ARX_ERR_AUTH,
                      "gcm forged tag refused", name, len);
                for (size_t j = 0; j < len; j++) zeroed &= out[j] == 0;
                check(zeroed, "gcm forged tag: output zeroed", name, len);
                arxcu_memcpy_h2d(d_in, ref, len);
                check(arxcu_gcm_decrypt_dev(g, nonce, nlen, aad, alen, d_out, d_in, len, tag_ref, 16, NULL) ==
                          ARX_ERR_AUTH, "gcm dev forged tag refused", name, len);
                arxcu_memcpy_d2h(out, d_out, len);
                zeroed = 1;
                for (size_t j = 0; j < len; j++) zeroed &= out[j] == 0;
                check(zeroed, "gcm dev forged tag: output zeroed", name, len);
            }
            arxcu_key_free(g);
            arx_key_free(k);
        }
        printf("%-20s %s\n", name, failed == before ? "ok" : "FAILED");
    }
    arxcu_free(d_in), arxcu_free(d_out);
    arxcu_host_free(pin, maxlen), arxcu_host_free(pout, maxlen);
    free(in), free(ref), free(out);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
