/*
 * Multi-threaded bulk operations (arx_key_set_threads): for every thread
 * count from 1 to 8, every parallel mode (ECB both ways, CTR one-shot and
 * streamed, CBC and CFB decryption, GCM both ways one-shot and streamed, with
 * a 12-byte and a hashed 16-byte nonce) must give the same bytes and tags as
 * one thread, on every backend this CPU runs, for lengths around the share
 * borders (src/par.h: shares are multiples of ARX_PAR_ALIGN blocks, at least
 * ARX_PAR_MIN_BYTES) with odd tails, in place and out of place. Counters that
 * carry across a share border (CTR through every byte, GCM's inc32 wrap) and
 * a few long messages are also compared with the independent models of
 * tests/model.c. Sequential modes are checked to ignore the setting.
 */
#include <stdlib.h>
#include <string.h>

#include "arxcrypt.h"
#include "model.h"
#include "testutil.h"

#define ALIGN 192          /* ARX_PAR_ALIGN */
#define MIN (64 * 1024)    /* ARX_PAR_MIN_BYTES */
#define CAP (1600 * 1024)  /* longest message */
#define MAXT 8

static uint8_t *src, *ref_out, *out;
static int quick;
static const char *cname, *bname;

enum { ECB_E, ECB_D, CTR, CTR_S, CBC_D, CFB_D, GCM_E, GCM_D, GCM_SE, GCM16_E, NOPS };
static const char *const op_names[NOPS] = {"ecb enc", "ecb dec", "ctr", "ctr streamed", "cbc dec",
                                           "cfb dec", "gcm enc", "gcm dec", "gcm streamed enc",
                                           "gcm 16-byte nonce enc"};

static uint8_t iv[16], nonce[16], aad[19];

/* Run op; the result (and tag) into o. Returns the API's code. */
static int run_op(const arx_key *k, int op, size_t bb, uint8_t *o, const uint8_t *in, size_t len, uint8_t tag[16]) {
    size_t blen = len / bb * bb;
    int rc = ARX_OK;
    switch (op) {
    case ECB_E: return arx_ecb_encrypt(k, o, in, blen);
    case ECB_D: return arx_ecb_decrypt(k, o, in, blen);
    case CTR: return arx_ctr_xor(k, iv, bb, o, in, len);
    case CTR_S: {
        arx_ctr *c = NULL;
        rc = arx_ctr_new(&c, k, iv, bb);
        size_t cut = len / 3 + 5 < len ? len / 3 + 5 : len; /* a split inside a block */
        if (!rc) rc = arx_ctr_update(c, o, in, cut);
        if (!rc) rc = arx_ctr_update(c, o + cut, in + cut, len - cut);
        arx_ctr_free(c);
        return rc;
    }
    case CBC_D: return arx_cbc_decrypt(k, iv, bb, o, in, blen);
    case CFB_D: return arx_cfb_decrypt(k, iv, bb, o, in, len);
    case GCM_E: return arx_gcm_encrypt(k, nonce, 12, aad, sizeof aad, o, in, len, tag, 16);
    case GCM_D: /* not a valid message: compare the (wiped) output and the code */
        return arx_gcm_decrypt(k, nonce, 12, aad, sizeof aad, o, in, len, iv, 16);
    case GCM_SE: {
        arx_gcm *g = NULL;
        rc = arx_gcm_new(&g, k, nonce, 12);
        size_t cut = len / 2 + 3 < len ? len / 2 + 3 : len;
        if (!rc) rc = arx_gcm_aad(g, aad, sizeof aad);
        if (!rc) rc = arx_gcm_encrypt_update(g, o, in, cut);
        if (!rc) rc = arx_gcm_encrypt_update(g, o + cut, in + cut, len - cut);
        if (!rc) rc = arx_gcm_encrypt_final(g, tag, 16);
        arx_gcm_free(g);
        return rc;
    }
    case GCM16_E: return arx_gcm_encrypt(k, nonce, 16, aad, sizeof aad, o, in, len, tag, 16);
    }
    return -100;
}

static int is_gcm(int op) { return op >= GCM_E; }

/* Lengths around share borders for this block size: the first two-share
 * length, multiples of ALIGN blocks near share sizes for 2..8 threads, odd
 * tails, and a few random ones. */
static size_t pick_lengths(size_t bb, size_t *l) {
    size_t n = 0, a = ALIGN * bb;
    l[n++] = 0;
    l[n++] = 1000;
    l[n++] = 2 * MIN - bb;
    l[n++] = 2 * MIN;
    l[n++] = 2 * MIN + bb + 3;
    for (size_t t = 2; t <= MAXT; t += 3) {
        size_t share = (8 * MIN / t + a - 1) / a * a; /* a share size for an 8*MIN message */
        l[n++] = t * share - bb;
        l[n++] = (t - 1) * share + 1;
        l[n++] = (t - 1) * share + a + bb - 1;
    }
    l[n++] = CAP - 13;
    l[n++] = 2 * MIN + t_below(CAP - 2 * MIN);
    l[n++] = 4 * MIN + t_below(CAP - 4 * MIN);
    return n;
}

static void check_backend(const arx_cipher *c, const char *backend, int few) {
    const size_t bb = arx_cipher_block_bytes(c), kl = arx_cipher_key_bytes(c);
    uint8_t key[32], tag1[16], tagn[16];
    t_fill(key, sizeof key);
    arx_key *k = NULL;
    CHECK(arx_key_new(&k, c, key, kl, backend) == ARX_OK, "%s/%s key", cname, bname);
    if (!k) return;
    size_t lens[32], nl = pick_lengths(bb, lens);
    if (few || quick) nl = 6;
    for (size_t li = 0; li < nl; li++) {
        size_t len = lens[li];
        if (len > CAP) continue;
        t_fill(src, len);
        t_fill(iv, sizeof iv);
        t_fill(nonce, sizeof nonce);
        t_fill(aad, sizeof aad);
        for (int op = 0; op < NOPS; op++) {
            if (is_gcm(op) && arx_mode_check(c, ARX_MODE_GCM) != ARX_OK) continue;
            arx_key_set_threads(k, 1);
            memset(ref_out, 0xa5, len);
            int rc1 = run_op(k, op, bb, ref_out, src, len, tag1);
            for (unsigned t = 2; t <= MAXT; t++) {
                CHECK(arx_key_set_threads(k, t) == ARX_OK, "set threads %u", t);
                int in_place = (t + (unsigned)op) % 2;
                uint8_t *o = out;
                if (in_place) memcpy(o, src, len);
                else memset(o, 0x5a, len);
                memset(tagn, 0, sizeof tagn);
                int rcn = run_op(k, op, bb, o, in_place ? o : src, len, tagn);
                size_t cmp = (op == ECB_E || op == ECB_D || op == CBC_D) ? len / bb * bb : len;
                CHECK(rcn == rc1 && memcmp(o, ref_out, cmp) == 0 &&
                          (!is_gcm(op) || op == GCM_D || memcmp(tag1, tagn, 16) == 0),
                      "%s/%s %s len %zu threads %u (%s): rc %d vs %d", cname, bname, op_names[op], len, t,
                      in_place ? "in place" : "out of place", rcn, rc1);
            }
        }
    }
    arx_key_free(k);
}

/* Counters carrying across share borders, and long messages, against the
 * models on the ref backend's block function. */
static void check_models(const arx_cipher *c, const char *backend) {
    const size_t bb = arx_cipher_block_bytes(c), kl = arx_cipher_key_bytes(c);
    uint8_t key[32], tag[16], mtag[16];
    t_fill(key, sizeof key);
    arx_key *k = NULL, *kr = NULL;
    arx_key_new(&k, c, key, kl, backend);
    arx_key_new(&kr, c, key, kl, "ref");
    if (!k || !kr) {
        CHECK(0, "%s/%s keys", cname, bname);
        arx_key_free(k);
        arx_key_free(kr);
        return;
    }
    m_use(kr);
    arx_key_set_threads(k, 4);
    size_t len = 4 * MIN + 3 * ALIGN * bb + 5; /* four shares */
    t_fill(src, len);
    /* CTR from a counter one share short of carrying through every byte */
    memset(iv, 0xff, bb);
    iv[bb - 1] = (uint8_t)(0x100 - 3);
    iv[bb - 2] = 0xff;
    m_ctr(iv, ref_out, src, len, bb);
    CHECK(arx_ctr_xor(k, iv, bb, out, src, len) == ARX_OK && memcmp(out, ref_out, len) == 0,
          "%s/%s 4-thread ctr carrying through the whole block vs model", cname, bname);
    if (arx_mode_check(c, ARX_MODE_GCM) == ARX_OK) {
        /* J0 whose low word wraps inside the second share */
        uint8_t j0[16];
        t_fill(j0, 12);
        uint32_t low = 0u - (uint32_t)(len / 16 / 4 + 7);
        j0[12] = (uint8_t)(low >> 24), j0[13] = (uint8_t)(low >> 16), j0[14] = (uint8_t)(low >> 8);
        j0[15] = (uint8_t)low;
        m_gcm_nonce_for_j0(j0, nonce);
        m_gcm(nonce, 16, aad, sizeof aad, ref_out, src, len, 0, mtag);
        CHECK(arx_gcm_encrypt(k, nonce, 16, aad, sizeof aad, out, src, len, tag, 16) == ARX_OK &&
                  memcmp(out, ref_out, len) == 0 && memcmp(tag, mtag, 16) == 0,
              "%s/%s 4-thread gcm, inc32 wrapping in a later share, vs model", cname, bname);
        CHECK(arx_gcm_decrypt(k, nonce, 16, aad, sizeof aad, out, out, len, tag, 16) == ARX_OK &&
                  memcmp(out, src, len) == 0,
              "%s/%s 4-thread gcm decrypt in place of the same", cname, bname);
        m_gcm(nonce, 12, aad, sizeof aad, ref_out, src, len, 0, mtag);
        CHECK(arx_gcm_encrypt(k, nonce, 12, aad, sizeof aad, out, src, len, tag, 16) == ARX_OK &&
                  memcmp(out, ref_out, len) == 0 && memcmp(tag, mtag, 16) == 0,
              "%s/%s 4-thread gcm 12-byte nonce vs model", cname, bname);
    }
    t_fill(iv, bb);
    m_cbc_dec(iv, ref_out, src, len / bb * bb);
    CHECK(arx_cbc_decrypt(k, iv, bb, out, src, len / bb * bb) == ARX_OK &&
              memcmp(out, ref_out, len / bb * bb) == 0,
          "%s/%s 4-thread cbc decrypt vs model", cname, bname);
    m_cfb(iv, ref_out, src, len, 1);
    CHECK(arx_cfb_decrypt(k, iv, bb, out, src, len) == ARX_OK && memcmp(out, ref_out, len) == 0,
          "%s/%s 4-thread cfb decrypt vs model", cname, bname);
    /* sequential modes ignore the setting */
    m_cbc_enc(iv, ref_out, src, len / bb * bb);
    CHECK(arx_cbc_encrypt(k, iv, bb, out, src, len / bb * bb) == ARX_OK &&
              memcmp(out, ref_out, len / bb * bb) == 0,
          "%s/%s cbc encrypt with threads set vs model", cname, bname);
    arx_key_free(k);
    arx_key_free(kr);
}

int main(int argc, char **argv) {
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 20261121;
    quick = argc > 2 && !strcmp(argv[2], "quick"); /* emulated targets: two ciphers, short lengths */
    printf("seed %llu%s\n", (unsigned long long)seed, quick ? ", quick" : "");
    t_seed(seed);
    src = malloc(CAP);
    ref_out = malloc(CAP);
    out = malloc(CAP);
    if (!src || !ref_out || !out) return 2;

    /* the API */
    const arx_cipher *lea = arx_cipher_by_name("lea-128");
    uint8_t key[16] = {0};
    arx_key *k = NULL;
    arx_key_new(&k, lea, key, 16, NULL);
    CHECK(arx_key_threads(k) == 1, "a new key runs on the calling thread (got %u)", arx_key_threads(k));
    CHECK(arx_key_set_threads(k, 1025) == ARX_ERR_THREADS, "1025 threads refused");
    CHECK(arx_key_set_threads(NULL, 2) == ARX_ERR_NULL, "NULL key");
    CHECK(arx_key_threads(NULL) == 0, "threads of NULL");
    CHECK(arx_key_set_threads(k, 0) == ARX_OK && arx_key_threads(k) >= 1, "0 = every online core");
    printf("0 threads resolves to %u here\n", arx_key_threads(k));
    CHECK(arx_key_set_threads(k, 3) == ARX_OK, "3 threads");
    arx_key_free(k);

    /* every backend of one cipher per family and block size */
    static const char *const names[] = {"lea-128",      "lea-256",       "cham-64-128",  "cham-128-128",
                                        "hight",        "speck-64-128",  "speck-128-128", "simon-64-128",
                                        "simon-128-256", "simeck-64-128", "sparx-64-128", "sparx-128-128",
                                        "speck-32-64"};
    for (size_t i = 0; i < (quick ? 3 : sizeof names / sizeof names[0]); i++) {
        if (quick && i == 1) continue; /* lea-128, cham-64-128 */
        const arx_cipher *c = arx_cipher_by_name(names[i]);
        cname = names[i];
        size_t nb = arx_cipher_backend_count(c), widest = 0;
        for (size_t b = 0; b < nb; b++)
            if (arx_cipher_backend_available(c, b)) widest = b;
        for (size_t b = 0; b < nb; b++) {
            if (!arx_cipher_backend_available(c, b)) continue;
            bname = arx_cipher_backend_name(c, b);
            int before = t_failed;
            /* all lengths on the SIMD backends of LEA-128 and the widest of the others */
            check_backend(c, bname, b == 0 || (i > 0 && b != widest));
            if (b == widest || i == 0) check_models(c, bname);
            printf("%-15s %-7s %s\n", cname, bname, t_failed == before ? "ok" : "FAILED");
        }
    }
    free(src);
    free(ref_out);
    free(out);
    return t_summary();
}
