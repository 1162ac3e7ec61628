/*
 * The public API's contract at its edges: names and sizes, every error code
 * each function documents, NULL with length 0, in-place and overlap rules,
 * length limits (the largest accepted and the first refused), the GCM state
 * machine, and that failures release nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "arxcrypt.h"
#include "testutil.h"

static arx_key *mk(const char *name) {
    uint8_t key[32] = {1, 2, 3};
    arx_key *k = NULL;
    const arx_cipher *c = arx_cipher_by_name(name);
    int rc = arx_key_new(&k, c, key, arx_cipher_key_bytes(c), NULL);
    CHECK(rc == ARX_OK && k, "key for %s", name);
    return k;
}

static void test_names(void) {
    CHECK(arx_cipher_count() == 36, "36 ciphers, got %zu", arx_cipher_count());
    CHECK(arx_cipher_at(arx_cipher_count()) == NULL, "cipher_at past the end");
    for (size_t i = 0; i < arx_cipher_count(); i++) {
        const arx_cipher *c = arx_cipher_at(i);
        const char *n = arx_cipher_name(c);
        CHECK(arx_cipher_by_name(n) == c, "lookup %s", n);
        /* the name states the sizes: family-block-key or hight (64/128) */
        unsigned blk = 64, key = 128;
        const char *p = strchr(n, '-');
        if (p) {
            blk = (unsigned)strtoul(p + 1, (char **)&p, 10);
            key = (unsigned)strtoul(p + 1, NULL, 10);
            if (!strncmp(n, "lea-", 4)) key = blk, blk = 128;
        }
        CHECK(arx_cipher_block_bytes(c) * 8 == blk && arx_cipher_key_bytes(c) * 8 == key, "%s sizes", n);
        CHECK(arx_cipher_backend_count(c) >= 1 && !strcmp(arx_cipher_backend_name(c, 0), "ref") &&
                  arx_cipher_backend_available(c, 0),
              "%s: backend 0 is ref and runs", n);
        CHECK(arx_cipher_backend_name(c, arx_cipher_backend_count(c)) == NULL, "%s backend past end", n);
        for (size_t j = 0; j < i; j++) CHECK(strcmp(n, arx_cipher_name(arx_cipher_at(j))), "duplicate name %s", n);
    }
    CHECK(arx_cipher_by_name("lea") == NULL && arx_cipher_by_name("LEA-128") == NULL && arx_cipher_by_name("") == NULL &&
              arx_cipher_by_name(NULL) == NULL,
          "unknown cipher names");
    arx_mode m;
    for (int i = 0; i < ARX_MODE_COUNT_; i++)
        CHECK(arx_mode_by_name(arx_mode_name((arx_mode)i), &m) == ARX_OK && m == (arx_mode)i, "mode %d", i);
    CHECK(arx_mode_by_name("siv", &m) == ARX_ERR_UNKNOWN_MODE, "unknown mode");
    CHECK(arx_mode_name(ARX_MODE_COUNT_) == NULL, "mode name out of range");
    CHECK(arx_mode_check(arx_cipher_by_name("speck-64-128"), ARX_MODE_GCM) == ARX_ERR_MODE_UNSUPPORTED, "gcm 64-bit");
    CHECK(arx_mode_check(arx_cipher_by_name("hight"), ARX_MODE_CCM) == ARX_ERR_MODE_UNSUPPORTED, "ccm 64-bit");
    CHECK(arx_mode_check(arx_cipher_by_name("speck-48-72"), ARX_MODE_CMAC) == ARX_ERR_MODE_UNSUPPORTED, "cmac 48-bit");
    CHECK(arx_mode_check(arx_cipher_by_name("hight"), ARX_MODE_CMAC) == ARX_OK, "cmac 64-bit");
    CHECK(arx_mode_check(arx_cipher_by_name("speck-96-144"), ARX_MODE_CTR) == ARX_OK, "ctr 96-bit");
    CHECK(!strcmp(arx_version(), ARX_VERSION_STRING), "version");
    CHECK(arx_cpu_features_string() && arx_cpu_features_string()[0], "cpu features string");
    /* every code has its own message */
    for (int a = ARX_ERR_NOMEM; a <= ARX_OK; a++) {
        CHECK(strcmp(arx_strerror(a), "unknown error") != 0, "strerror(%d)", a);
        for (int b = ARX_ERR_NOMEM; b < a; b++) CHECK(strcmp(arx_strerror(a), arx_strerror(b)), "strerror %d == %d", a, b);
    }
    CHECK(!strcmp(arx_strerror(-999), "unknown error") && !strcmp(arx_strerror(5), "unknown error"), "strerror unknown");
}

static void test_keys(void) {
    const arx_cipher *c = arx_cipher_by_name("lea-192");
    uint8_t key[32] = {0};
    arx_key *k = (arx_key *)&k; /* must be reset to NULL on error */
    CHECK(arx_key_new(&k, c, key, 16, NULL) == ARX_ERR_KEY_LENGTH && k == NULL, "key length 16 for lea-192");
    CHECK(arx_key_new(&k, c, key, 32, NULL) == ARX_ERR_KEY_LENGTH, "key length 32 for lea-192");
    CHECK(arx_key_new(&k, c, NULL, 24, NULL) == ARX_ERR_NULL, "NULL key");
    CHECK(arx_key_new(&k, NULL, key, 24, NULL) == ARX_ERR_NULL, "NULL cipher");
    CHECK(arx_key_new(NULL, c, key, 24, NULL) == ARX_ERR_NULL, "NULL out");
    CHECK(arx_key_new(&k, c, key, 24, "avx1024") == ARX_ERR_UNKNOWN_BACKEND, "unknown backend");
    CHECK(arx_key_new(&k, c, key, 24, "ref") == ARX_OK && !strcmp(arx_key_backend(k), "ref"), "forced ref");
    CHECK(arx_key_cipher(k) == c, "key_cipher");
    arx_key_free(k);
    arx_key_free(NULL);
    arx_ctr_free(NULL);
    arx_gcm_free(NULL); /* NULL is a no-op: reaching the next line is the check */
}

static void test_block_modes(void) {
    arx_key *k = mk("lea-128"), *k8 = mk("hight");
    uint8_t iv[16] = {0}, buf[64] = {0}, out[80];
    size_t n;
    /* NULL with length 0 is fine everywhere; NULL with a length is not */
    CHECK(arx_ecb_encrypt(k, NULL, NULL, 0) == ARX_OK, "ecb NULL 0");
    CHECK(arx_ctr_xor(k, iv, 16, NULL, NULL, 0) == ARX_OK, "ctr NULL 0");
    CHECK(arx_cfb_encrypt(k, iv, 16, NULL, NULL, 0) == ARX_OK && arx_cfb_decrypt(k, iv, 16, NULL, NULL, 0) == ARX_OK, "cfb NULL 0");
    CHECK(arx_ofb_xor(k, iv, 16, NULL, NULL, 0) == ARX_OK, "ofb NULL 0");
    CHECK(arx_cbc_encrypt(k, iv, 16, NULL, NULL, 0) == ARX_OK, "cbc NULL 0");
    CHECK(arx_ecb_encrypt(k, NULL, buf, 16) == ARX_ERR_NULL && arx_ecb_encrypt(k, out, NULL, 16) == ARX_ERR_NULL, "ecb NULL 16");
    CHECK(arx_ecb_encrypt(NULL, out, buf, 16) == ARX_ERR_NULL, "NULL key");
    /* whole blocks */
    CHECK(arx_ecb_encrypt(k, out, buf, 15) == ARX_ERR_LENGTH && arx_ecb_decrypt(k, out, buf, 17) == ARX_ERR_LENGTH, "ecb 15/17");
    CHECK(arx_ecb_encrypt(k8, out, buf, 12) == ARX_ERR_LENGTH && arx_ecb_encrypt(k8, out, buf, 8) == ARX_OK, "hight 12/8");
    CHECK(arx_cbc_encrypt(k, iv, 16, out, buf, 20) == ARX_ERR_LENGTH && arx_cbc_decrypt(k, iv, 16, out, buf, 1) == ARX_ERR_LENGTH, "cbc len");
    /* IV lengths */
    CHECK(arx_cbc_encrypt(k, iv, 8, out, buf, 16) == ARX_ERR_IV_LENGTH, "cbc iv 8");
    CHECK(arx_ctr_xor(k, iv, 12, out, buf, 16) == ARX_ERR_IV_LENGTH, "ctr iv 12");
    CHECK(arx_ctr_xor(k8, iv, 16, out, buf, 16) == ARX_ERR_IV_LENGTH, "hight ctr iv 16");
    CHECK(arx_ofb_xor(k, NULL, 16, out, buf, 16) == ARX_ERR_NULL, "ofb NULL iv");
    arx_ctr *s = (arx_ctr *)&s;
    CHECK(arx_ctr_new(&s, k, iv, 15) == ARX_ERR_IV_LENGTH && s == NULL, "ctr_new iv 15");
    /* overlap: equal pointers allowed, shifted ones refused */
    CHECK(arx_ctr_xor(k, iv, 16, buf + 1, buf, 32) == ARX_ERR_OVERLAP, "ctr overlap +1");
    CHECK(arx_ecb_encrypt(k, buf, buf + 16, 32) == ARX_ERR_OVERLAP, "ecb overlap -16");
    CHECK(arx_ecb_encrypt(k, buf, buf + 32, 32) == ARX_OK, "ecb adjacent");
    CHECK(arx_cbc_encrypt(k, iv, 16, buf, buf, 32) == ARX_OK, "cbc in-place");
    /* PKCS#7 */
    memset(buf, 7, sizeof buf);
    CHECK(arx_cbc_encrypt_pad(k, iv, 16, out, 31, &n, buf, 16) == ARX_ERR_BUFFER && n == 0, "pad buffer 31 < 32");
    CHECK(arx_cbc_encrypt_pad(k, iv, 16, out, 32, &n, buf, 16) == ARX_OK && n == 32, "pad full block adds a block");
    CHECK(arx_cbc_encrypt_pad(k, iv, 16, out, 16, &n, buf, 0) == ARX_OK && n == 16, "pad empty");
    CHECK(arx_cbc_decrypt_pad(k, iv, 16, buf, 15, &n, out, 16) == ARX_OK && n == 0, "unpad empty");
    CHECK(arx_cbc_decrypt_pad(k, iv, 16, buf, 14, &n, out, 16) == ARX_ERR_BUFFER, "unpad cap < len-1");
    CHECK(arx_cbc_decrypt_pad(k, iv, 16, buf, 64, &n, out, 0) == ARX_ERR_LENGTH, "unpad 0 bytes");
    CHECK(arx_cbc_decrypt_pad(k, iv, 16, buf, 64, &n, out, 20) == ARX_ERR_LENGTH, "unpad 20 bytes");
    /* every way padding can be wrong: last byte 0, > 16, or an inconsistent byte */
    uint8_t pt[16], ct[16];
    const int bad_last[] = {0, 17, 255};
    for (int i = 0; i < 3; i++) {
        memset(pt, 3, 16);
        pt[15] = (uint8_t)bad_last[i];
        arx_cbc_encrypt(k, iv, 16, ct, pt, 16);
        memset(buf, 0x55, 16);
        CHECK(arx_cbc_decrypt_pad(k, iv, 16, buf, 16, &n, ct, 16) == ARX_ERR_PADDING && n == 0, "pad byte %d refused", bad_last[i]);
    }
    for (int p = 2; p <= 16; p++) {
        memset(pt, p, 16);
        pt[16 - p] ^= 1; /* first padding byte wrong */
        arx_cbc_encrypt(k, iv, 16, ct, pt, 16);
        CHECK(arx_cbc_decrypt_pad(k, iv, 16, buf, 16, &n, ct, 16) == ARX_ERR_PADDING, "pad %d with a bad byte refused", p);
        pt[16 - p] ^= 1;
        arx_cbc_encrypt(k, iv, 16, ct, pt, 16);
        CHECK(arx_cbc_decrypt_pad(k, iv, 16, buf, 16, &n, ct, 16) == ARX_OK && n == (size_t)(16 - p), "pad %d accepted", p);
    }
    /* bad padding after good blocks zeroes what was decrypted */
    uint8_t big[48], bigct[48], outb[48];
    memset(big, 9, 48);
    big[47] = 0;
    arx_cbc_encrypt(k, iv, 16, bigct, big, 48);
    memset(outb, 0x11, 48);
    CHECK(arx_cbc_decrypt_pad(k, iv, 16, outb, 48, &n, bigct, 48) == ARX_ERR_PADDING, "bad pad 3 blocks");
    int zero = 1;
    for (int i = 0; i < 47; i++) zero &= outb[i] == 0;
    CHECK(zero, "bad padding releases no plaintext");
    arx_key_free(k);
    arx_key_free(k8);
}

static void test_aead(void) {
    arx_key *k = mk("cham-128-128"), *k8 = mk("speck-64-128"), *k6 = mk("simon-48-96");
    uint8_t n[64] = {0}, tag[16], buf[64] = {0}, out[64];
    /* GCM */
    CHECK(arx_gcm_encrypt(k8, n, 12, NULL, 0, out, buf, 16, tag, 16) == ARX_ERR_MODE_UNSUPPORTED, "gcm 64-bit block");
    CHECK(arx_gcm_encrypt(k, n, 0, NULL, 0, out, buf, 16, tag, 16) == ARX_ERR_IV_LENGTH, "gcm nonce 0");
    CHECK(arx_gcm_encrypt(k, n, 1, NULL, 0, out, buf, 16, tag, 16) == ARX_OK, "gcm nonce 1");
    CHECK(arx_gcm_encrypt(k, n, 64, NULL, 0, out, buf, 16, tag, 16) == ARX_OK, "gcm nonce 64");
    for (size_t tl = 0; tl <= 17; tl++) {
        int want = tl >= 4 && tl <= 16 ? ARX_OK : ARX_ERR_TAG_LENGTH;
        CHECK(arx_gcm_encrypt(k, n, 12, NULL, 0, out, buf, 16, tag, tl) == want, "gcm tag %zu", tl);
    }
    CHECK(arx_gcm_encrypt(k, n, 12, NULL, 5, out, buf, 16, tag, 16) == ARX_ERR_NULL, "gcm NULL aad 5");
    CHECK(arx_gcm_encrypt(k, n, 12, NULL, 0, NULL, NULL, 0, tag, 16) == ARX_OK, "gcm empty everything");
#if SIZE_MAX > 0xffffffffu /* a 32-bit size_t cannot reach GCM's limit */
    CHECK(arx_gcm_encrypt(k, n, 12, NULL, 0, out, buf, ((size_t)1 << 36) - 31, tag, 16) == ARX_ERR_TOO_LONG, "gcm 2^36-31");
    CHECK(arx_gcm_decrypt(k, n, 12, NULL, 0, out, buf, ((size_t)1 << 36) - 31, tag, 16) == ARX_ERR_TOO_LONG, "gcm dec 2^36-31");
#endif
    /* forged tag: AUTH and zeroed output, in-place too */
    CHECK(arx_gcm_encrypt(k, n, 12, n, 7, out, buf, 33, tag, 16) == ARX_OK, "gcm enc");
    tag[3] ^= 4;
    uint8_t dec[64];
    memset(dec, 0x77, sizeof dec);
    CHECK(arx_gcm_decrypt(k, n, 12, n, 7, dec, out, 33, tag, 16) == ARX_ERR_AUTH, "gcm forged tag");
    int zero = 1;
    for (int i = 0; i < 33; i++) zero &= dec[i] == 0;
    CHECK(zero && dec[33] == 0x77, "gcm forged: output zeroed exactly");
    tag[3] ^= 4;
    CHECK(arx_gcm_decrypt(k, n, 12, n, 6, dec, out, 33, tag, 16) == ARX_ERR_AUTH, "gcm shortened aad");
    CHECK(arx_gcm_decrypt(k, n, 12, n, 7, dec, out, 32, tag, 16) == ARX_ERR_AUTH, "gcm truncated ct");
    CHECK(arx_gcm_decrypt(k, n, 12, n, 7, dec, out, 33, tag, 15) == ARX_OK, "gcm truncated tag is a shorter tag");
    CHECK(arx_gcm_decrypt(k, n, 12, n, 7, out, out, 33, tag, 16) == ARX_OK && !memcmp(out, buf, 33), "gcm in-place dec");

    /* GCM state machine */
    arx_gcm *g = NULL;
    CHECK(arx_gcm_new(&g, k, n, 12) == ARX_OK, "gcm_new");
    CHECK(arx_gcm_aad(g, n, 3) == ARX_OK, "aad");
    CHECK(arx_gcm_encrypt_update(g, out, buf, 5) == ARX_OK, "update");
    CHECK(arx_gcm_aad(g, n, 3) == ARX_ERR_STATE, "aad after data");
    CHECK(arx_gcm_decrypt_update(g, out, buf, 5) == ARX_ERR_STATE, "direction switch");
    CHECK(arx_gcm_decrypt_final(g, tag, 16) == ARX_ERR_STATE, "decrypt_final after encrypt");
    CHECK(arx_gcm_encrypt_final(g, tag, 3) == ARX_ERR_TAG_LENGTH, "final tag 3");
    CHECK(arx_gcm_encrypt_final(g, tag, 16) == ARX_OK, "final");
    CHECK(arx_gcm_encrypt_final(g, tag, 16) == ARX_ERR_STATE, "final twice");
    CHECK(arx_gcm_encrypt_update(g, out, buf, 1) == ARX_ERR_STATE, "update after final");
    arx_gcm_free(g);
    g = (arx_gcm *)&g;
    CHECK(arx_gcm_new(&g, k8, n, 12) == ARX_ERR_MODE_UNSUPPORTED && g == NULL, "gcm_new 64-bit");

    /* CCM: nonce 7..13, tags 4,6..16, length field limit */
    for (size_t nl = 5; nl <= 15; nl++) {
        int want = nl >= 7 && nl <= 13 ? ARX_OK : ARX_ERR_IV_LENGTH;
        CHECK(arx_ccm_encrypt(k, n, nl, NULL, 0, out, buf, 16, tag, 8) == want, "ccm nonce %zu", nl);
    }
    for (size_t tl = 0; tl <= 18; tl++) {
        int want = tl >= 4 && tl <= 16 && tl % 2 == 0 ? ARX_OK : ARX_ERR_TAG_LENGTH;
        CHECK(arx_ccm_encrypt(k, n, 13, NULL, 0, out, buf, 16, tag, tl) == want, "ccm tag %zu", tl);
    }
    CHECK(arx_ccm_encrypt(k8, n, 13, NULL, 0, out, buf, 16, tag, 8) == ARX_ERR_MODE_UNSUPPORTED, "ccm 64-bit");
    /* nonce 13 -> q = 2: up to 65535 bytes */
    uint8_t *big = calloc(65536, 1);
    CHECK(big && arx_ccm_encrypt(k, n, 13, NULL, 0, big, big, 65535, tag, 16) == ARX_OK, "ccm q=2 65535");
    CHECK(big && arx_ccm_encrypt(k, n, 13, NULL, 0, big, big, 65536, tag, 16) == ARX_ERR_TOO_LONG, "ccm q=2 65536");
    CHECK(big && arx_ccm_decrypt(k, n, 13, NULL, 0, big, big, 65536, tag, 16) == ARX_ERR_TOO_LONG, "ccm dec q=2 65536");
    free(big);
    CHECK(arx_ccm_encrypt(k, n, 12, n, 9, out, buf, 20, tag, 10) == ARX_OK, "ccm enc");
    tag[9] ^= 1;
    memset(dec, 0x77, sizeof dec);
    CHECK(arx_ccm_decrypt(k, n, 12, n, 9, dec, out, 20, tag, 10) == ARX_ERR_AUTH, "ccm forged");
    zero = 1;
    for (int i = 0; i < 20; i++) zero &= dec[i] == 0;
    CHECK(zero && dec[20] == 0x77, "ccm forged: output zeroed");

    /* CMAC */
    CHECK(arx_cmac(k6, buf, 6, tag, 6) == ARX_ERR_MODE_UNSUPPORTED, "cmac 48-bit block");
    CHECK(arx_cmac(k8, buf, 8, tag, 9) == ARX_ERR_TAG_LENGTH && arx_cmac(k8, buf, 8, tag, 8) == ARX_OK, "cmac 64 tags");
    CHECK(arx_cmac(k, buf, 8, tag, 3) == ARX_ERR_TAG_LENGTH && arx_cmac(k, buf, 8, tag, 17) == ARX_ERR_TAG_LENGTH, "cmac 128 tags");
    CHECK(arx_cmac(k, NULL, 0, tag, 16) == ARX_OK && arx_cmac_verify(k, NULL, 0, tag, 16) == ARX_OK, "cmac empty");
    CHECK(arx_cmac(k, NULL, 1, tag, 16) == ARX_ERR_NULL, "cmac NULL 1");
    tag[0] ^= 1;
    CHECK(arx_cmac_verify(k, NULL, 0, tag, 16) == ARX_ERR_AUTH, "cmac forged");
    arx_key_free(k);
    arx_key_free(k8);
    arx_key_free(k6);
}

static void test_ctr_wrap(void) {
    /* CTR wraps modulo 2^blockbits: the block after all-ones is all-zeros */
    const char *names[] = {"lea-128", "hight", "speck-48-72", "simon-96-144", "speck-32-64"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        arx_key *k = mk(names[i]);
        size_t bb = arx_cipher_block_bytes(arx_key_cipher(k));
        uint8_t iv[16], zero[32] = {0}, ks[32], e[32];
        memset(iv, 0xff, bb);
        arx_ctr_xor(k, iv, bb, ks, zero, 2 * bb);
        memcpy(e, iv, bb);
        memset(e + bb, 0, bb);
        arx_ecb_encrypt(k, e, e, 2 * bb);
        CHECK(!memcmp(ks, e, 2 * bb), "%s ctr wraps to zero", names[i]);
        arx_key_free(k);
    }
}

/* XTS: every documented refusal, with nothing written on error. */
static void test_xts(void) {
    const arx_cipher *lea = arx_cipher_by_name("lea-128"), *sp64 = arx_cipher_by_name("speck-64-128");
    uint8_t key[32], same[32], tw[16] = {1}, buf[64], out[64];
    for (int i = 0; i < 32; i++) key[i] = (uint8_t)(i * 7 + 1);
    memcpy(same, key, 16);
    memcpy(same + 16, key, 16);
    arx_xts *x = (arx_xts *)(uintptr_t)1;
    CHECK(arx_xts_new(&x, lea, same, 32, NULL) == ARX_ERR_XTS_KEY && x == NULL, "xts equal halves");
    CHECK(arx_xts_new(&x, lea, key, 16, NULL) == ARX_ERR_KEY_LENGTH, "xts single-length key");
    CHECK(arx_xts_new(&x, lea, key, 31, NULL) == ARX_ERR_KEY_LENGTH, "xts key 31 bytes");
    CHECK(arx_xts_new(&x, sp64, key, 32, NULL) == ARX_ERR_MODE_UNSUPPORTED, "xts 64-bit block");
    CHECK(arx_xts_new(&x, NULL, key, 32, NULL) == ARX_ERR_NULL, "xts NULL cipher");
    CHECK(arx_xts_new(&x, lea, NULL, 32, NULL) == ARX_ERR_NULL, "xts NULL key");
    CHECK(arx_xts_new(NULL, lea, key, 32, NULL) == ARX_ERR_NULL, "xts NULL out");
    CHECK(arx_xts_new(&x, lea, key, 32, "nosuch") == ARX_ERR_UNKNOWN_BACKEND, "xts unknown backend");
    CHECK(arx_mode_check(lea, ARX_MODE_XTS) == ARX_OK && arx_mode_check(sp64, ARX_MODE_XTS) == ARX_ERR_MODE_UNSUPPORTED,
          "xts mode_check");
    CHECK(strcmp(arx_strerror(ARX_ERR_XTS_KEY), "unknown error") != 0, "xts strerror");
    /* caller storage */
    static _Alignas(16) uint8_t mem[ARX_XTS_STORAGE_MAX + 16];
    size_t need = arx_xts_storage_size(lea);
    CHECK(need > 0 && need <= ARX_XTS_STORAGE_MAX && arx_xts_storage_size(NULL) == 0, "xts storage size");
    CHECK(arx_xts_init(&x, mem, need - 1, lea, key, 32, NULL) == ARX_ERR_BUFFER && x == NULL, "xts storage small");
    CHECK(arx_xts_init(&x, mem + 8, need, lea, key, 32, NULL) == ARX_ERR_ALIGN, "xts storage align");
    CHECK(arx_xts_init(&x, mem, need, lea, same, 32, NULL) == ARX_ERR_XTS_KEY, "xts storage equal halves");
    CHECK(arx_xts_init(&x, mem, need, lea, key, 32, "ref") == ARX_OK && x, "xts storage init");
    CHECK(arx_xts_cipher(x) == lea && strcmp(arx_xts_backend(x), "ref") == 0, "xts cipher/backend");
    for (int i = 0; i < 64; i++) buf[i] = (uint8_t)i;
    memset(out, 0xee, sizeof out);
    CHECK(arx_xts_encrypt(x, tw, 16, out, buf, 15) == ARX_ERR_LENGTH, "xts 15 bytes");
    CHECK(arx_xts_encrypt(x, tw, 16, out, buf, 0) == ARX_ERR_LENGTH, "xts 0 bytes");
    CHECK(arx_xts_encrypt(x, tw, 8, out, buf, 32) == ARX_ERR_IV_LENGTH, "xts 8-byte tweak");
    CHECK(arx_xts_encrypt(x, NULL, 16, out, buf, 32) == ARX_ERR_NULL, "xts NULL tweak");
    CHECK(arx_xts_encrypt(x, tw, 16, NULL, buf, 32) == ARX_ERR_NULL, "xts NULL out");
    CHECK(arx_xts_encrypt(NULL, tw, 16, out, buf, 32) == ARX_ERR_NULL, "xts NULL key");
    CHECK(arx_xts_decrypt(x, tw, 16, buf + 1, buf, 32) == ARX_ERR_OVERLAP, "xts overlap");
    CHECK(arx_xts_encrypt_sectors(x, 0, 15, 2, out, buf) == ARX_ERR_LENGTH, "xts sector 15 bytes");
    CHECK(arx_xts_encrypt_sectors(x, 0, 32, SIZE_MAX / 16, out, buf) == ARX_ERR_TOO_LONG, "xts sectors overflow");
    CHECK(arx_xts_encrypt_sectors(x, 0, (ARX_XTS_MAX_BLOCKS + 1) * 16, 1, out, buf) == ARX_ERR_TOO_LONG,
          "xts sector > 2^20 blocks");
    CHECK(arx_xts_encrypt_sectors(x, 0, 32, 0, NULL, NULL) == ARX_OK, "xts zero sectors");
    int untouched = 1;
    for (int i = 0; i < 64; i++) untouched &= out[i] == 0xee;
    CHECK(untouched, "xts errors wrote nothing");
    /* the 2^20-block limit (SP 800-38E): exactly 2^20 blocks pass, one byte more does not */
    uint8_t *big = malloc(ARX_XTS_MAX_BLOCKS * 16 + 16);
    if (big) {
        memset(big, 0, ARX_XTS_MAX_BLOCKS * 16 + 16);
        CHECK(arx_xts_encrypt(x, tw, 16, big, big, ARX_XTS_MAX_BLOCKS * 16) == ARX_OK, "xts 2^20 blocks");
        CHECK(arx_xts_encrypt(x, tw, 16, big, big, ARX_XTS_MAX_BLOCKS * 16 + 1) == ARX_ERR_TOO_LONG, "xts 2^20 blocks + 1 byte");
        free(big);
    }
    /* threads share whole sectors: the same bytes for 1 and 4 threads */
    {
        const size_t sb = 4096 + 16 * (size_t)(1 + t_below(3)) + t_below(16), cnt = 300;
        uint8_t *p = malloc(sb * cnt), *c1 = malloc(sb * cnt), *c4 = malloc(sb * cnt);
        if (p && c1 && c4) {
            t_fill(p, sb * cnt);
            CHECK(arx_xts_set_threads(x, 1) == ARX_OK && arx_xts_encrypt_sectors(x, 5, sb, cnt, c1, p) == ARX_OK &&
                      arx_xts_set_threads(x, 4) == ARX_OK && arx_xts_encrypt_sectors(x, 5, sb, cnt, c4, p) == ARX_OK &&
                      memcmp(c1, c4, sb * cnt) == 0,
                  "xts sectors, 1 vs 4 threads");
            CHECK(arx_xts_decrypt_sectors(x, 5, sb, cnt, c4, c4) == ARX_OK && memcmp(c4, p, sb * cnt) == 0,
                  "xts sectors, 4 threads, in place round trip");
            CHECK(arx_xts_set_threads(x, 2000) == ARX_ERR_THREADS && arx_xts_set_threads(NULL, 1) == ARX_ERR_NULL,
                  "xts set_threads errors");
            arx_xts_set_threads(x, 1);
        }
        free(p);
        free(c1);
        free(c4);
    }
    /* round trip with a stolen tail, in place */
    memcpy(out, buf, 37);
    CHECK(arx_xts_encrypt(x, tw, 16, out, out, 37) == ARX_OK && memcmp(out, buf, 37) != 0 &&
              arx_xts_decrypt(x, tw, 16, out, out, 37) == ARX_OK && memcmp(out, buf, 37) == 0,
          "xts in-place round trip 37 bytes");
    arx_xts_free(x);
    arx_xts_free(NULL);
}

int main(void) {
    test_names();
    test_keys();
    test_block_modes();
    test_aead();
    test_ctr_wrap();
    test_xts();
    return t_summary();
}
