/*
 * Constant-time check (the ctgrind technique): run under valgrind's memcheck
 * (tests/ct/run.sh, `make ct`). Keys, plaintexts, AAD and received tags are
 * marked "undefined" with memcheck's client requests; memcheck then tracks
 * everything computed from them (key schedules, H, J0 for hashed nonces,
 * keystream, ciphertext, tags) and reports any conditional branch or memory
 * address that depends on them. The library reveals only what its API
 * returns (a tag check's verdict, an unpadded length) through ARX_DECLASSIFY.
 *
 * Covered: every cipher x every backend this CPU runs under valgrind x every
 * mode the cipher has (ECB, CBC, CBC with padding, CFB, OFB, CTR one-shot and
 * streaming, GCM with 12- and 16-byte nonces one-shot and streaming, CCM,
 * CMAC, XTS one data unit and sectors), on lengths that reach every kernel width and the chunk loop; GCM and
 * CCM decryption and CMAC verification with right and forged tags. Nonces and
 * IVs are public (they travel in the clear) and lengths are public.
 *
 * Besides memcheck's verdict, every output that depends on the key is checked
 * to be entirely undefined (VALGRIND_GET_VBITS): if memcheck lost the taint in
 * some vector instruction, the check would be blind there, and this says so.
 *
 * --plant branch|table switches on a deliberately leaky tag comparison in the
 * library (an early-exit compare, or a table indexed by the tag; compiled only
 * into this test build) and runs GCM decryption on every backend: run.sh
 * requires memcheck to report it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arxcrypt.h"
#include "modes/ghash.h" /* the GHASH implementations no backend picks on this CPU */

extern int arx_ct_plant; /* src/util.c, ARX_CTGRIND builds only */

/* The checker: valgrind's memcheck, or clang's MemorySanitizer (the same
 * technique with the program compiled natively, so AVX-512 runs too). */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define CT_MSAN 1
#endif
#endif
#ifdef CT_MSAN
#include <sanitizer/msan_interface.h>
#define CHECKER "MemorySanitizer"
#define ON_CHECKER 1
#define SECRET(p, n) __msan_poison((p), (n))
#else
#include <valgrind/memcheck.h>
#define CHECKER "valgrind"
#define ON_CHECKER RUNNING_ON_VALGRIND
#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#endif

#define MAXLEN 2200
static const size_t lens[] = {0, 1, 15, 16, 33, 100, 255, 777, 2100}; /* 2100: past the 2 KiB chunk */

static int failures, ops, taint_checks;
static uint64_t rng = 0x243f6a8885a308d3u;

static uint8_t rnd8(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint8_t)(rng >> 32);
}
static void fill(uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) p[i] = rnd8();
}

static void fail(const char *what, const char *cipher, const char *backend, size_t len, int rc) {
    printf("FAIL %s %s/%s len %zu: %s\n", what, cipher, backend, len, arx_strerror(rc));
    failures++;
}

/* rc is public (the library declassifies what decides it); expect `want`. */
#define OP(call, want)                                                                             \
    do {                                                                                           \
        int rc_ = (call);                                                                          \
        ops++;                                                                                     \
        if (rc_ != (want)) fail(#call, cname, bname, len, rc_);                                    \
    } while (0)

/* Every byte of a key-dependent output must still be marked secret. */
static void expect_tainted(const uint8_t *p, size_t n, const char *what, const char *cname, const char *bname) {
    if (n == 0) return;
    taint_checks++;
#ifdef CT_MSAN
    for (size_t i = 0; i < n; i++)
        if (__msan_test_shadow(p + i, 1) != 0) {
            printf("FAIL %s/%s %s: byte %zu of %zu lost its secret marking: the checker would not see a leak "
                   "there\n",
                   cname, bname, what, i, n);
            failures++;
            return;
        }
#else
    static uint8_t vbits[MAXLEN + 64];
    if (VALGRIND_GET_VBITS(p, vbits, n) != 1) {
        printf("FAIL VALGRIND_GET_VBITS on %s\n", what);
        failures++;
        return;
    }
    for (size_t i = 0; i < n; i++)
        if (vbits[i] != 0xff) {
            printf("FAIL %s/%s %s: byte %zu of %zu lost its secret marking (vbits %02x): the checker would "
                   "not see a leak there\n",
                   cname, bname, what, i, n, vbits[i]);
            failures++;
            return;
        }
#endif
}

static void check_cipher(const arx_cipher *c, size_t bi) {
    const char *cname = arx_cipher_name(c), *bname = arx_cipher_backend_name(c, bi);
    const size_t bb = arx_cipher_block_bytes(c), kl = arx_cipher_key_bytes(c);
    static uint8_t key[32], pt[MAXLEN], ct[MAXLEN + 16], back[MAXLEN + 16], aad[40];
    uint8_t iv[16], nonce[16], tag[16], tag2[16];
    size_t len = 0, out_len;
    arx_key *k = NULL;

    fill(key, kl);
    SECRET(key, kl);
    OP(arx_key_new(&k, c, key, kl, bname), ARX_OK);
    if (!k) return;

    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        len = lens[li];
        const size_t blen = len / bb * bb; /* whole blocks, for ECB and CBC */
        fill(pt, len);
        SECRET(pt, len);
        fill(iv, bb);

        OP(arx_ecb_encrypt(k, ct, pt, blen), ARX_OK);
        expect_tainted(ct, blen, "ecb ciphertext", cname, bname);
        OP(arx_ecb_decrypt(k, back, ct, blen), ARX_OK);
        OP(arx_cbc_encrypt(k, iv, bb, ct, pt, blen), ARX_OK);
        OP(arx_cbc_decrypt(k, iv, bb, back, ct, blen), ARX_OK);
        OP(arx_cbc_encrypt_pad(k, iv, bb, ct, sizeof ct, &out_len, pt, len), ARX_OK);
        OP(arx_cbc_decrypt_pad(k, iv, bb, back, sizeof back, &out_len, ct, out_len), ARX_OK);
        /* random ciphertext: the padding is almost always wrong */
        fill(ct, blen + bb);
        int rc = arx_cbc_decrypt_pad(k, iv, bb, back, sizeof back, &out_len, ct, blen + bb);
        ops++;
        if (rc != ARX_OK && rc != ARX_ERR_PADDING) fail("cbc_decrypt_pad(random)", cname, bname, len, rc);

        OP(arx_cfb_encrypt(k, iv, bb, ct, pt, len), ARX_OK);
        OP(arx_cfb_decrypt(k, iv, bb, back, ct, len), ARX_OK);
        OP(arx_ofb_xor(k, iv, bb, ct, pt, len), ARX_OK);
        expect_tainted(ct, len, "ofb output", cname, bname);

        /* CTR from a random counter and from one about to carry through
         * every byte (the kernels' run-splitting on the public counter). */
        OP(arx_ctr_xor(k, iv, bb, ct, pt, len), ARX_OK);
        expect_tainted(ct, len, "ctr output", cname, bname);
        memset(iv, 0xff, bb);
        iv[bb - 1] = 0xf0;
        OP(arx_ctr_xor(k, iv, bb, ct, pt, len), ARX_OK);
        arx_ctr *cs = NULL;
        OP(arx_ctr_new(&cs, k, iv, bb), ARX_OK);
        if (cs) {
            OP(arx_ctr_update(cs, back, pt, len / 3), ARX_OK);
            OP(arx_ctr_update(cs, back + len / 3, pt + len / 3, len - len / 3), ARX_OK);
            arx_ctr_free(cs);
        }

        if (arx_mode_check(c, ARX_MODE_CMAC) == ARX_OK) {
            OP(arx_cmac(k, pt, len, tag, bb), ARX_OK);
            expect_tainted(tag, bb, "cmac tag", cname, bname);
            OP(arx_cmac_verify(k, pt, len, tag, bb), ARX_OK);
            memcpy(tag2, tag, bb);
            tag2[len % bb] ^= 0x10;
            OP(arx_cmac_verify(k, pt, len, tag2, bb), ARX_ERR_AUTH);
        }

        if (arx_mode_check(c, ARX_MODE_GCM) == ARX_OK) {
            const size_t aad_len = len % 37;
            fill(aad, aad_len);
            SECRET(aad, aad_len); /* public in practice; nothing may depend on it either */
            static const size_t nonce_lens[2] = {12, 16}; /* 16: J0 = GHASH_H(nonce) is secret */
            for (int ni = 0; ni < 2; ni++) {
                const size_t nl = nonce_lens[ni];
                fill(nonce, nl);
                OP(arx_gcm_encrypt(k, nonce, nl, aad, aad_len, ct, pt, len, tag, 16), ARX_OK);
                expect_tainted(ct, len, "gcm ciphertext", cname, bname);
                expect_tainted(tag, 16, "gcm tag", cname, bname);
                SECRET(tag, 16); /* a received tag */
                OP(arx_gcm_decrypt(k, nonce, nl, aad, aad_len, back, ct, len, tag, 16), ARX_OK);
                memcpy(tag2, tag, 16);
                tag2[len % 16] ^= 0x01;
                OP(arx_gcm_decrypt(k, nonce, nl, aad, aad_len, back, ct, len, tag2, 16), ARX_ERR_AUTH);
                OP(arx_gcm_decrypt(k, nonce, nl, aad, aad_len, back, ct, len, tag, 12), ARX_OK);

                arx_gcm *g = NULL;
                OP(arx_gcm_new(&g, k, nonce, nl), ARX_OK);
                if (g) {
                    OP(arx_gcm_aad(g, aad, aad_len), ARX_OK);
                    OP(arx_gcm_decrypt_update(g, back, ct, len / 2), ARX_OK);
                    OP(arx_gcm_decrypt_update(g, back + len / 2, ct + len / 2, len - len / 2), ARX_OK);
                    OP(arx_gcm_decrypt_final(g, tag, 16), ARX_OK);
                    arx_gcm_free(g);
                }
            }
        }

        if (arx_mode_check(c, ARX_MODE_CCM) == ARX_OK) {
            const size_t aad_len = len % 23, nl = 7 + len % 7;
            fill(aad, aad_len);
            SECRET(aad, aad_len);
            fill(nonce, nl);
            OP(arx_ccm_encrypt(k, nonce, nl, aad, aad_len, ct, pt, len, tag, 16), ARX_OK);
            expect_tainted(ct, len, "ccm ciphertext", cname, bname);
            SECRET(tag, 16);
            OP(arx_ccm_decrypt(k, nonce, nl, aad, aad_len, back, ct, len, tag, 16), ARX_OK);
            memcpy(tag2, tag, 16);
            tag2[15 - len % 16] ^= 0x80;
            OP(arx_ccm_decrypt(k, nonce, nl, aad, aad_len, back, ct, len, tag2, 16), ARX_ERR_AUTH);
        }

        /* XTS: both keys and the data secret; the tweak (a sector number) is
         * public. Lengths under a block are refused before any work. */
        if (arx_mode_check(c, ARX_MODE_XTS) == ARX_OK && len >= 16) {
            static uint8_t xkey[64];
            arx_xts *x = NULL;
            fill(xkey, 2 * kl);
            xkey[kl] ^= 0x80; /* halves differ (only the verdict is declassified) */
            SECRET(xkey, 2 * kl);
            OP(arx_xts_new(&x, c, xkey, 2 * kl, bname), ARX_OK);
            if (x) {
                fill(nonce, 16);
                OP(arx_xts_encrypt(x, nonce, 16, ct, pt, len), ARX_OK);
                expect_tainted(ct, len, "xts ciphertext", cname, bname);
                OP(arx_xts_decrypt(x, nonce, 16, back, ct, len), ARX_OK);
                OP(arx_xts_encrypt_sectors(x, 7, len / 2 >= 16 ? len / 2 : len, len / 2 >= 16 ? 2 : 1, ct, pt), ARX_OK);
                OP(arx_xts_decrypt_sectors(x, 7, len / 2 >= 16 ? len / 2 : len, len / 2 >= 16 ? 2 : 1, back, ct), ARX_OK);
                if (len >= 512) { /* 256-byte sectors: whole kernel batches, the kernels' xts_sectors */
                    OP(arx_xts_encrypt_sectors(x, 7, 256, len / 256, ct, pt), ARX_OK);
                    expect_tainted(ct, len / 256 * 256, "xts sectors ciphertext", cname, bname);
                    OP(arx_xts_decrypt_sectors(x, 7, 256, len / 256, back, ct), ARX_OK);
                }
                arx_xts_free(x);
            }
        }
    }
    arx_key_free(k);
}

/* The multi-message calls (issue 24): a batch of MANYJOBS messages of the
 * lengths above under two secret keys, with secret plaintext, AAD and
 * received tags, one forged; GCM both ways with 12- and 16-byte nonces, CTR,
 * CMAC and CCM. On backends with lane kernels (LEA on AVX2/AVX-512) this
 * runs the lanes, the transposed schedules and the four-message GHASH. */
#define MANYJOBS 18
static void check_many(const arx_cipher *c, size_t bi) {
    const char *cname = arx_cipher_name(c), *bname = arx_cipher_backend_name(c, bi);
    const size_t bb = arx_cipher_block_bytes(c), kl = arx_cipher_key_bytes(c), nl_ = sizeof lens / sizeof lens[0];
    static uint8_t key[2][32], pt[MANYJOBS][MAXLEN], ct[MANYJOBS][MAXLEN], aad[MANYJOBS][40], nonce[MANYJOBS][16],
        tag[MANYJOBS][16];
    arx_key *k[2] = {NULL, NULL};
    arx_job j[MANYJOBS];
    size_t len = 0;
    for (int i = 0; i < 2; i++) {
        fill(key[i], kl);
        SECRET(key[i], kl);
        OP(arx_key_new(&k[i], c, key[i], kl, bname), ARX_OK);
    }
    if (!k[0] || !k[1]) goto done;
    for (int pass = 0; pass < 2; pass++) { /* pass 1: 16-byte GCM nonces (secret J0) */
        for (size_t i = 0; i < MANYJOBS; i++) {
            memset(&j[i], 0, sizeof j[i]);
            j[i].key = k[i % 2];
            j[i].len = lens[i % nl_] > 300 && i > nl_ ? 64 : lens[i % nl_];
            fill(pt[i], j[i].len);
            SECRET(pt[i], j[i].len);
            j[i].in = pt[i];
            j[i].out = ct[i];
            j[i].aad_len = i % 3 ? (i * 7) % 40 : 0;
            fill(aad[i], j[i].aad_len);
            SECRET(aad[i], j[i].aad_len);
            j[i].aad = aad[i];
            fill(nonce[i], 16);
            j[i].nonce = nonce[i];
            j[i].nonce_len = bb;
            j[i].tag = tag[i];
            j[i].tag_len = bb;
        }
        if (pass == 0) OP(arx_ctr_xor_many(j, MANYJOBS), ARX_OK);
        for (size_t i = 0; pass == 0 && i < MANYJOBS; i++) expect_tainted(ct[i], j[i].len, "ctr_many output", cname, bname);
        if (pass == 0 && arx_mode_check(c, ARX_MODE_CMAC) == ARX_OK) {
            OP(arx_cmac_many(j, MANYJOBS), ARX_OK);
            expect_tainted(tag[0], bb, "cmac_many tag", cname, bname);
            SECRET(tag[3], bb);
            OP(arx_cmac_verify_many(j, MANYJOBS), ARX_OK);
        }
        if (arx_mode_check(c, ARX_MODE_GCM) != ARX_OK) break;
        for (size_t i = 0; i < MANYJOBS; i++) j[i].nonce_len = pass ? 16 : 12;
        OP(arx_gcm_encrypt_many(j, MANYJOBS), ARX_OK);
        for (size_t i = 0; i < MANYJOBS; i++) {
            expect_tainted(ct[i], j[i].len, "gcm_many ciphertext", cname, bname);
            expect_tainted(tag[i], 16, "gcm_many tag", cname, bname);
            SECRET(tag[i], 16); /* received tags */
            j[i].in = ct[i];
            j[i].out = pt[i];
        }
        tag[5][3] ^= 0x40; /* one forged message */
        OP(arx_gcm_decrypt_many(j, MANYJOBS), ARX_ERR_AUTH);
        if (pass == 0) {
            for (size_t i = 0; i < MANYJOBS; i++) j[i].nonce_len = 7 + i % 7;
            for (size_t i = 0; i < MANYJOBS; i++) {
                j[i].in = pt[i];
                j[i].out = ct[i];
            }
            OP(arx_ccm_encrypt_many(j, MANYJOBS), ARX_OK);
            for (size_t i = 0; i < MANYJOBS; i++) {
                SECRET(tag[i], 16);
                j[i].in = ct[i];
                j[i].out = pt[i];
            }
            tag[2][0] ^= 1;
            OP(arx_ccm_decrypt_many(j, MANYJOBS), ARX_ERR_AUTH);
        }
    }
done:
    arx_key_free(k[0]);
    arx_key_free(k[1]);
}

/* The planted leaks: GCM decryption once with a right and once with a wrong
 * tag, on every backend of one cipher per block size that has GCM. */
static void check_plant(const arx_cipher *c, size_t bi) {
    const char *cname = arx_cipher_name(c), *bname = arx_cipher_backend_name(c, bi);
    uint8_t key[32], nonce[12] = {1}, pt[64] = {0}, ct[64], tag[16];
    size_t len = sizeof pt;
    arx_key *k = NULL;
    fill(key, sizeof key);
    SECRET(key, sizeof key);
    OP(arx_key_new(&k, c, key, arx_cipher_key_bytes(c), bname), ARX_OK);
    if (!k) return;
    OP(arx_gcm_encrypt(k, nonce, 12, NULL, 0, ct, pt, len, tag, 16), ARX_OK);
    OP(arx_gcm_decrypt(k, nonce, 12, NULL, 0, pt, ct, len, tag, 16), ARX_OK);
    arx_key_free(k);
}

/* The portable GHASHs directly, secret H and data: the aggregated one
 * (ghash_agg.c) is portable C that no backend picks on these hosts; CT
 * too, whichever backend a key picks. (ghash_wasm.c, the SIMD module's,
 * is SIMD128 code that no checker here reaches: branch- and index-free by
 * construction, reviewed, and differential-tested in js/.) */
static void check_ghash(void) {
    static const struct { int impl; const char *name; } impls[] = {
        {ARX_GHASH_CT, "ct"},
#ifdef ARX_GHASH_AGG_N
        {ARX_GHASH_AGG, "agg"},
#endif
    };
    static uint8_t h[16], data[40 * 16], y[16];
    printf("%-22s", "ghash");
    for (size_t m = 0; m < sizeof impls / sizeof impls[0]; m++) {
        static arx_ghash_key gk;
        fill(h, 16);
        SECRET(h, 16);
        arx_ghash_key_init(&gk, h, impls[m].impl);
        for (size_t n = 0; n <= 40; n += n < 10 ? 1 : 7) {
            arx_ghash g;
            fill(data, n * 16);
            SECRET(data, n * 16);
            arx_ghash_start(&g, &gk);
            arx_ghash_blocks(&g, data, n);
            arx_ghash_padded(&g, data, n % 5 * 3);
            arx_ghash_out(&g, y);
            ops++;
            if (n) expect_tainted(y, 16, "ghash output", "ghash", impls[m].name);
        }
        printf(" %s", impls[m].name);
    }
    printf("\n");
}

int main(int argc, char **argv) {
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--plant") && i + 1 < argc) {
            i++;
            arx_ct_plant = !strcmp(argv[i], "branch") ? 1 : !strcmp(argv[i], "table") ? 2 : -1;
            if (arx_ct_plant < 0) return fprintf(stderr, "ct_check: --plant branch|table\n"), 2;
        } else if (!strcmp(argv[i], "--cipher") && i + 1 < argc) {
            only = argv[++i];
        } else {
            return fprintf(stderr, "usage: valgrind ct_check [--cipher NAME] [--plant branch|table]\n"), 2;
        }
    }
    if (!ON_CHECKER) {
        fprintf(stderr, "ct_check: run me under valgrind (tests/ct/run.sh, or `make ct`)\n");
        return 2;
    }
    printf("checker %s; cpu features seen: %s\n", CHECKER, arx_cpu_features_string());
    int runs = 0;
    if (!arx_ct_plant && !only) check_ghash();
    for (size_t i = 0; i < arx_cipher_count(); i++) {
        const arx_cipher *c = arx_cipher_at(i);
        if (only && strcmp(only, arx_cipher_name(c))) continue;
        if (arx_ct_plant && strcmp(arx_cipher_name(c), "lea-128")) continue;
        printf("%-22s", arx_cipher_name(c));
        for (size_t b = 0; b < arx_cipher_backend_count(c); b++) {
            if (!arx_cipher_backend_available(c, b)) {
                printf(" (%s: not run)", arx_cipher_backend_name(c, b));
                continue;
            }
            if (arx_ct_plant) check_plant(c, b);
            else {
                check_cipher(c, b);
                check_many(c, b);
            }
            printf(" %s", arx_cipher_backend_name(c, b));
            runs++;
        }
        printf("\n");
        fflush(stdout);
    }
    printf("%d cipher x backend runs, %d operations, %d taint checks, %d failures\n", runs, ops,
           taint_checks, failures);
    if (runs == 0) return printf("nothing was checked\n"), 1;
    return failures ? 1 : 0;
}
