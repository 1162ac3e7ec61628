/*
 * The multi-message calls (arx_*_many, issue 24) against the one-message API
 * on the portable reference backend and, for GCM and CTR, against the NIST
 * models of tests/model.c: for every cipher and every backend this CPU runs
 * (each forced by name), random batches of 0..MAXJOBS messages with random
 * lengths 0..300 (and a few long ones: past the lane kernels' cap, and past the length from which messages run alone), random
 * keys (1..20 distinct per batch), AAD, nonces (GCM: 12 bytes mostly, other
 * lengths too), in-place jobs, counters about to carry, and forged tags,
 * ciphertext or AAD at random positions: every job's verdict, a forged
 * job's output zeroed and every other job's plaintext released. Then the
 * argument rules: every job checked before anything is written, keys of two
 * ciphers refused, partial overlap refused, NULL jobs. Keys in caller memory,
 * so it runs in the freestanding build too.
 *
 * Usage: test_many [seed] [quick]
 */
#include <stdlib.h>
#include <string.h>

#include "arxcrypt.h"
#include "model.h"
#include "testutil.h"

#define MAXJOBS 70
#define MAXKEYS 20
#define MAXLEN 300
#define LONGLEN 2100

static size_t arena_next;
static _Alignas(16) uint8_t arena[2 * MAXKEYS * ARX_KEY_STORAGE_MAX];

static void *arena_take(size_t n) {
    n = (n + 15) & ~(size_t)15;
    if (arena_next + n > sizeof arena) return NULL;
    void *p = arena + arena_next;
    arena_next += n;
    return p;
}

typedef struct {
    uint8_t key[32];
    arx_key *x, *ref;
} tkey;

static tkey keys[MAXKEYS];
static size_t nkeys;

/* Per job: its own input, expected output, actual output, tag buffers. */
static uint8_t in_[MAXJOBS][LONGLEN], out_[MAXJOBS][LONGLEN], exp_[MAXJOBS][LONGLEN];
static uint8_t aad_[MAXJOBS][40], nonce_[MAXJOBS][20], tag_[MAXJOBS][16], etag_[MAXJOBS][16];
static size_t jkey[MAXJOBS];
static arx_job jobs[MAXJOBS];

static int make_keys(const arx_cipher *c, const char *backend, size_t n, int mixed) {
    const size_t kb = arx_cipher_key_bytes(c), need = arx_key_storage_size(c);
    for (size_t i = 0; i < nkeys; i++) {
        arx_key_free(keys[i].x);
        arx_key_free(keys[i].ref);
    }
    arena_next = 0;
    nkeys = n;
    for (size_t i = 0; i < n; i++) {
        t_fill(keys[i].key, sizeof keys[i].key);
        void *m1 = arena_take(need), *m2 = arena_take(need);
        if (!m1 || !m2) return 0;
        /* mixed: every third key on the reference backend, so a chunk's keys
         * are on different backends (the one-message path takes it). */
        const char *b = mixed && i % 3 == 2 ? "ref" : backend;
        if (arx_key_init(&keys[i].x, m1, need, c, keys[i].key, kb, b) != ARX_OK) return 0;
        if (arx_key_init(&keys[i].ref, m2, need, c, keys[i].key, kb, "ref") != ARX_OK) return 0;
    }
    return 1;
}

/* A random batch: lengths 0..300, now and then a long one; jobs in place
 * when inplace says so for that job. Returns the job count. */
/* Set: make_batch makes a wide batch (below) of at least 32 jobs. */
static int force_wide;
/* A plain GCM batch: no AAD and whole blocks, 0..63 of them (with the
 * length block at most 64: the AVX2 many-message GHASH's straight path,
 * odd and even counts side by side). */
static int force_plain;

static size_t make_batch(size_t maxjobs, size_t bb, int gcm_nonces, int ccm) {
    /* both sides of the lengths from which messages go alone (many.c's
     * MANY_LONG_* and the backends' many_ctr_from: 256, 384, 512, 1536, 2048) */
    static const uint16_t edge[] = {255, 256, 257, 320, 383, 384, 385, 511, 512, 513, 1535, 1536, 1537, 2047, 2048, 2049};
    size_t n = force_wide ? 32 + t_below(maxjobs - 31) : t_below(maxjobs + 1);
    /* A skewed batch: mostly one- or two-block messages, every eighth one of
     * 25..31 blocks, so groups stop their lanes at a cap and finish the few
     * long messages with the one-message kernel. */
    const int skew = !force_wide && t_below(3) == 0;
    /* A wide batch: messages of about one length from 0.5 to 2 KiB (full
     * groups of whole-vector steps; MANY_LONG_GCM's 2048 and the
     * four-message GHASH's 128 blocks at the top), most without AAD,
     * sometimes all of one length. */
    static const size_t wbase[] = {512, 1000, 1024, 1100, 1500, 1520, 1536, 2000, 2030, 2040};
    const int wide = force_wide || (!skew && t_below(3) == 0);
    const size_t wlen = wbase[t_below(sizeof wbase / sizeof wbase[0])], wspread = t_below(2) ? 1 : 1 + t_below(40);
    for (size_t i = 0; i < n; i++) {
        arx_job *j = &jobs[i];
        memset(j, 0, sizeof *j);
        jkey[i] = t_below(nkeys);
        j->key = keys[jkey[i]].x;
        j->len = t_below(8) == 0   ? t_below(LONGLEN + 1)
                 : t_below(8) == 0 ? edge[t_below(sizeof edge / sizeof edge[0])]
                                   : t_below(MAXLEN + 1);
        if (i % 5 == 0 && n > 8) j->len = jobs[0].len; /* equal lengths: full lanes */
        if (skew) j->len = i % 8 == 7 ? 400 + t_below(100) : t_below(33);
        if (wide) j->len = wlen + t_below(wspread);
        if (force_plain) j->len = 16 * t_below(64);
        t_fill(in_[i], j->len);
        int inplace = t_below(3) == 0;
        if (inplace) memcpy(out_[i], in_[i], j->len);
        j->in = inplace ? out_[i] : in_[i];
        j->out = out_[i];
        if (gcm_nonces) {
            j->nonce_len = t_below(6) == 0 ? 1 + t_below(20) : 12;
        } else if (ccm) {
            j->nonce_len = 7 + t_below(7);
        } else {
            j->nonce_len = bb;
        }
        t_fill(nonce_[i], sizeof nonce_[i]);
        if (!gcm_nonces && !ccm && t_below(3) == 0) { /* CTR: the low bytes about to carry */
            /* 48- and 96-bit blocks: now and then the whole counter (their lanes' two words) */
            const size_t w = bb % 8 && t_below(2) ? bb : bb >= 8 ? 7 + t_below(2) : bb - 1;
            memset(nonce_[i] + bb - w, 0xff, w);
        }
        if (gcm_nonces && j->nonce_len == 12 && t_below(4) == 0) memset(nonce_[i] + 8, 0xff, 4); /* inc32 wraps */
        j->nonce = nonce_[i];
        j->aad_len = t_below(4) == 0 ? 0 : t_below(41);
        if (wide) j->aad_len = t_below(40) == 0 ? 1 + t_below(40) : 0;
        if (force_plain) j->aad_len = 0;
        t_fill(aad_[i], j->aad_len);
        j->aad = j->aad_len ? aad_[i] : NULL;
        j->tag = tag_[i];
        j->tag_len = ccm ? 4 + 2 * t_below(7) : 4 + t_below(13);
        if (j->len == 0 && t_below(2)) j->in = j->out = NULL;
        j->status = 12345;
    }
    return n;
}

static const uint8_t *job_in(size_t i) { return jobs[i].in ? jobs[i].in : in_[i]; }

static void test_gcm(const char *cn, const char *bn, int use_model) {
    size_t n = make_batch(MAXJOBS, 16, 1, 0);
    /* expected, from the one-message API on the reference backend */
    for (size_t i = 0; i < n; i++) {
        arx_job *j = &jobs[i];
        CHECK(arx_gcm_encrypt(keys[jkey[i]].ref, j->nonce, j->nonce_len, j->aad, j->aad_len, exp_[i], job_in(i),
                              j->len, etag_[i], j->tag_len) == ARX_OK,
              "gcm ref");
        if (use_model && j->len <= MAXLEN) { /* and the SP 800-38D model */
            uint8_t mo[LONGLEN], mt[16];
            m_use(keys[jkey[i]].ref);
            m_gcm(j->nonce, j->nonce_len, j->aad, j->aad_len, mo, job_in(i), j->len, 0, mt);
            CHECK(memcmp(mo, exp_[i], j->len) == 0 && memcmp(mt, etag_[i], j->tag_len) == 0, "%s model gcm", cn);
        }
    }
    uint8_t pt[MAXJOBS][LONGLEN];
    for (size_t i = 0; i < n; i++) memcpy(pt[i], job_in(i), jobs[i].len);
    CHECK(arx_gcm_encrypt_many(jobs, n) == ARX_OK, "%s %s gcm_encrypt_many", cn, bn);
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        const arx_job *j = &jobs[i];
        if (j->status != ARX_OK || memcmp(out_[i], exp_[i], j->len) || memcmp(tag_[i], etag_[i], j->tag_len)) {
            bad++;
            if (bad < 4)
                printf("  %s %s gcm job %zu/%zu: len %zu aad %zu nonce %zu status %d\n", cn, bn, i, n, j->len,
                       j->aad_len, j->nonce_len, j->status);
        }
    }
    CHECK(bad == 0, "%s %s gcm encrypt_many: %d of %zu jobs differ", cn, bn, bad, n);

    /* Decrypt the ciphertext (now in out_, in place for some jobs), with
     * forgeries: a tag byte, a ciphertext byte or an AAD byte flipped. */
    int forged[MAXJOBS], any = 0;
    for (size_t i = 0; i < n; i++) {
        arx_job *j = &jobs[i];
        memcpy(in_[i], out_[i], j->len);
        int inplace = j->in == j->out && j->in != NULL;
        j->in = j->len ? (inplace ? out_[i] : in_[i]) : j->in;
        if (!inplace) memset(out_[i], 0xa5, j->len);
        forged[i] = 0;
        switch (t_below(8)) {
        case 0: tag_[i][t_below(j->tag_len)] ^= (uint8_t)(1u << t_below(8)); forged[i] = 1; break;
        case 1:
            if (j->len) {
                ((uint8_t *)j->in)[t_below(j->len)] ^= 0x01;
                forged[i] = 1;
            }
            break;
        case 2:
            if (j->aad_len) {
                aad_[i][t_below(j->aad_len)] ^= 0x80;
                forged[i] = 1;
            }
            break;
        default: break;
        }
        any |= forged[i];
        j->status = 12345;
    }
    int rc = arx_gcm_decrypt_many(jobs, n);
    CHECK(rc == (any ? ARX_ERR_AUTH : ARX_OK), "%s %s gcm_decrypt_many returned %d", cn, bn, rc);
    bad = 0;
    static const uint8_t zero[LONGLEN];
    for (size_t i = 0; i < n; i++) {
        const arx_job *j = &jobs[i];
        int ok = forged[i] ? (j->status == ARX_ERR_AUTH && memcmp(out_[i], zero, j->len) == 0)
                           : (j->status == ARX_OK && memcmp(out_[i], pt[i], j->len) == 0);
        if (!ok) {
            bad++;
            if (bad < 4)
                printf("  %s %s gcm dec job %zu: forged %d status %d len %zu\n", cn, bn, i, forged[i], j->status,
                       j->len);
        }
    }
    CHECK(bad == 0, "%s %s gcm decrypt_many: %d of %zu jobs wrong", cn, bn, bad, n);
}

static void test_ctr(const char *cn, const char *bn, size_t bb, int use_model) {
    size_t n = make_batch(MAXJOBS, bb, 0, 0);
    for (size_t i = 0; i < n; i++) {
        arx_job *j = &jobs[i];
        CHECK(arx_ctr_xor(keys[jkey[i]].ref, j->nonce, bb, exp_[i], job_in(i), j->len) == ARX_OK, "ctr ref");
        if (use_model && j->len <= MAXLEN) {
            uint8_t mo[LONGLEN];
            m_use(keys[jkey[i]].ref);
            m_ctr(j->nonce, mo, job_in(i), j->len, bb);
            CHECK(memcmp(mo, exp_[i], j->len) == 0, "%s model ctr", cn);
        }
    }
    CHECK(arx_ctr_xor_many(jobs, n) == ARX_OK, "%s %s ctr_xor_many", cn, bn);
    int bad = 0;
    for (size_t i = 0; i < n; i++)
        if (jobs[i].status != ARX_OK || memcmp(out_[i], exp_[i], jobs[i].len)) {
            bad++;
            if (bad < 4) printf("  %s %s ctr job %zu/%zu: len %zu\n", cn, bn, i, n, jobs[i].len);
        }
    CHECK(bad == 0, "%s %s ctr_xor_many: %d of %zu jobs differ", cn, bn, bad, n);
}

static void test_cmac(const char *cn, const char *bn) {
    size_t n = make_batch(MAXJOBS / 2, 16, 0, 0);
    for (size_t i = 0; i < n; i++) {
        if (jobs[i].tag_len > arx_cipher_block_bytes(arx_key_cipher(jobs[i].key))) jobs[i].tag_len = 8;
        CHECK(arx_cmac(keys[jkey[i]].ref, job_in(i), jobs[i].len, etag_[i], jobs[i].tag_len) == ARX_OK, "cmac ref");
    }
    CHECK(arx_cmac_many(jobs, n) == ARX_OK, "%s %s cmac_many", cn, bn);
    int bad = 0, forged[MAXJOBS], any = 0;
    for (size_t i = 0; i < n; i++)
        if (jobs[i].status != ARX_OK || memcmp(tag_[i], etag_[i], jobs[i].tag_len)) bad++;
    CHECK(bad == 0, "%s %s cmac_many: %d of %zu tags differ", cn, bn, bad, n);
    for (size_t i = 0; i < n; i++) {
        forged[i] = t_below(4) == 0;
        if (forged[i]) tag_[i][t_below(jobs[i].tag_len)] ^= 0x10;
        any |= forged[i];
    }
    int rc = arx_cmac_verify_many(jobs, n);
    CHECK(rc == (any ? ARX_ERR_AUTH : ARX_OK), "%s %s cmac_verify_many", cn, bn);
    bad = 0;
    for (size_t i = 0; i < n; i++)
        if (jobs[i].status != (forged[i] ? ARX_ERR_AUTH : ARX_OK)) bad++;
    CHECK(bad == 0, "%s %s cmac_verify_many: %d verdicts wrong", cn, bn, bad);
}

/* CCM's AAD: up to 300 bytes per job, now and then up to 1200 (B then spans
 * the lane path's 512-byte windows inside the AAD; in a quarter of the
 * batches every job's is 500-1200 bytes, so they share lanes), and now and then one job
 * whose AAD is about 0xff00 bytes, where its encoded length goes from 2 to 6
 * bytes (SP 800-38C A.2.2). */
#define CCM_AAD 1200
#define CCM_BIG_AAD (0xff00 + 8)
static uint8_t ccm_aad_[MAXJOBS / 2][CCM_AAD], ccm_big_aad[CCM_BIG_AAD];

static void test_ccm(const char *cn, const char *bn, int use_model) {
    size_t n = make_batch(MAXJOBS / 2, 16, 0, 1);
    const size_t big = n && t_below(4) == 0 ? t_below(n) : (size_t)-1;
    const int aad_heavy = t_below(4) == 0; /* every job's B mostly AAD, across windows, in the lanes */
    uint8_t pt[MAXJOBS / 2][LONGLEN];
    for (size_t i = 0; i < n; i++) {
        arx_job *j = &jobs[i];
        if (i == big) {
            j->aad_len = 0xff00 - 3 + t_below(6);
            t_fill(ccm_big_aad, j->aad_len);
            j->aad = ccm_big_aad;
        } else if (aad_heavy || t_below(2)) {
            j->aad_len = aad_heavy ? 500 + t_below(CCM_AAD - 499) : t_below(4) ? t_below(301) : t_below(CCM_AAD + 1);
            t_fill(ccm_aad_[i], j->aad_len);
            j->aad = j->aad_len ? ccm_aad_[i] : NULL;
        }
        memcpy(pt[i], job_in(i), j->len);
        CHECK(arx_ccm_encrypt(keys[jkey[i]].ref, j->nonce, j->nonce_len, j->aad, j->aad_len, exp_[i], job_in(i),
                              j->len, etag_[i], j->tag_len) == ARX_OK,
              "ccm ref");
        if (use_model) { /* and the SP 800-38C model */
            uint8_t mo[LONGLEN], mt[16];
            m_use(keys[jkey[i]].ref);
            m_ccm(j->nonce, j->nonce_len, j->aad, j->aad_len, mo, job_in(i), j->len, j->tag_len, 0, mt);
            CHECK(memcmp(mo, exp_[i], j->len) == 0 && memcmp(mt, etag_[i], j->tag_len) == 0, "%s model ccm", cn);
        }
    }
    CHECK(arx_ccm_encrypt_many(jobs, n) == ARX_OK, "%s %s ccm_encrypt_many", cn, bn);
    int bad = 0, forged[MAXJOBS], any = 0;
    for (size_t i = 0; i < n; i++) {
        const arx_job *j = &jobs[i];
        if (j->status || memcmp(out_[i], exp_[i], j->len) || memcmp(tag_[i], etag_[i], j->tag_len)) {
            bad++;
            if (bad < 4)
                printf("  %s %s ccm job %zu/%zu: len %zu aad %zu nonce %zu tag %zu status %d\n", cn, bn, i, n, j->len,
                       j->aad_len, j->nonce_len, j->tag_len, j->status);
        }
    }
    CHECK(bad == 0, "%s %s ccm_encrypt_many: %d of %zu jobs differ", cn, bn, bad, n);
    /* Decrypt (in place where the encryption was), with forgeries: a tag,
     * ciphertext or AAD byte flipped at a random position. */
    for (size_t i = 0; i < n; i++) {
        arx_job *j = &jobs[i];
        const int inplace = j->in == j->out && j->in != NULL;
        if (j->len && !inplace) {
            memcpy(in_[i], out_[i], j->len);
            j->in = in_[i];
            memset(out_[i], 0xa5, j->len);
        }
        forged[i] = 0;
        switch (t_below(8)) {
        case 0: tag_[i][t_below(j->tag_len)] ^= (uint8_t)(1u << t_below(8)); forged[i] = 1; break;
        case 1:
            if (j->len) {
                ((uint8_t *)j->in)[t_below(j->len)] ^= (uint8_t)(1u << t_below(8));
                forged[i] = 1;
            }
            break;
        case 2:
            if (j->aad_len) {
                ((uint8_t *)j->aad)[t_below(j->aad_len)] ^= (uint8_t)(1u << t_below(8));
                forged[i] = 1;
            }
            break;
        default: break;
        }
        any |= forged[i];
        j->status = 12345;
    }
    int rc = arx_ccm_decrypt_many(jobs, n);
    CHECK(rc == (any ? ARX_ERR_AUTH : ARX_OK), "%s %s ccm_decrypt_many returned %d", cn, bn, rc);
    static const uint8_t zero[LONGLEN];
    bad = 0;
    for (size_t i = 0; i < n; i++) {
        int ok = forged[i] ? jobs[i].status == ARX_ERR_AUTH && !memcmp(out_[i], zero, jobs[i].len)
                           : jobs[i].status == ARX_OK && !memcmp(out_[i], pt[i], jobs[i].len);
        if (!ok) {
            bad++;
            if (bad < 4)
                printf("  %s %s ccm dec job %zu: forged %d status %d len %zu aad %zu\n", cn, bn, i, forged[i],
                       jobs[i].status, jobs[i].len, jobs[i].aad_len);
        }
    }
    CHECK(bad == 0, "%s %s ccm_decrypt_many: %d jobs wrong", cn, bn, bad);
}

/* The argument rules, on lea-128 (reference keys) and one other cipher. */
static void test_args(void) {
    const arx_cipher *lea = arx_cipher_by_name("lea-128"), *cham = arx_cipher_by_name("cham-128-128");
    static _Alignas(16) uint8_t m1[ARX_KEY_STORAGE_MAX], m2[ARX_KEY_STORAGE_MAX];
    uint8_t key[16] = {1, 2, 3}, nonce[12] = {0}, buf[64], buf2[64], tag[16];
    arx_key *k1 = NULL, *k2 = NULL;
    CHECK(arx_key_init(&k1, m1, sizeof m1, lea, key, 16, NULL) == ARX_OK, "key");
    CHECK(arx_key_init(&k2, m2, sizeof m2, cham, key, 16, NULL) == ARX_OK, "key");
    CHECK(arx_gcm_encrypt_many(NULL, 0) == ARX_OK, "n = 0");
    CHECK(arx_gcm_encrypt_many(NULL, 3) == ARX_ERR_NULL, "jobs NULL");
    CHECK(arx_ctr_xor_many(NULL, 1) == ARX_ERR_NULL, "jobs NULL");
    arx_job j[3];
    for (int i = 0; i < 3; i++) {
        memset(&j[i], 0, sizeof j[i]);
        j[i].key = k1;
        j[i].nonce = nonce;
        j[i].nonce_len = 12;
        j[i].in = buf;
        j[i].out = buf2;
        j[i].len = 32;
        j[i].tag = tag;
        j[i].tag_len = 16;
    }
    memset(buf, 7, sizeof buf);
    memset(buf2, 0x5a, sizeof buf2);
    memset(tag, 0x33, sizeof tag);
    j[1].key = k2; /* another cipher: refused, nothing written */
    CHECK(arx_gcm_encrypt_many(j, 3) == ARX_ERR_CIPHER_MIX, "cipher mix");
    CHECK(j[0].status == ARX_OK && j[1].status == ARX_ERR_CIPHER_MIX && j[2].status == ARX_OK, "cipher mix status");
    int untouched = 1;
    for (size_t i = 0; i < sizeof buf2; i++) untouched &= buf2[i] == 0x5a;
    for (size_t i = 0; i < sizeof tag; i++) untouched &= tag[i] == 0x33;
    CHECK(untouched, "cipher mix: nothing written");
    j[1].key = k1;
    j[2].tag_len = 3;
    CHECK(arx_gcm_encrypt_many(j, 3) == ARX_ERR_TAG_LENGTH && j[2].status == ARX_ERR_TAG_LENGTH, "tag length");
    CHECK(buf2[0] == 0x5a && tag[0] == 0x33, "tag length: nothing written");
    j[2].tag_len = 16;
    j[0].out = buf + 1; /* partial overlap */
    CHECK(arx_ctr_xor_many(j, 3) == ARX_ERR_IV_LENGTH, "ctr: 12-byte nonce is no counter block");
    CHECK(arx_gcm_decrypt_many(j, 3) == ARX_ERR_OVERLAP && j[0].status == ARX_ERR_OVERLAP, "overlap");
    j[0].out = buf2;
    j[1].nonce = NULL;
    CHECK(arx_gcm_encrypt_many(j, 3) == ARX_ERR_NULL && j[1].status == ARX_ERR_NULL, "NULL nonce");
    j[1].nonce = nonce;
    j[0].key = NULL;
    CHECK(arx_cmac_many(j, 3) == ARX_ERR_NULL && j[0].status == ARX_ERR_NULL, "NULL key");
    j[0].key = k2;
    j[1].key = j[2].key = k2;
    j[0].nonce_len = 12;
    CHECK(arx_gcm_encrypt_many(j, 1) == ARX_OK, "cham-128 gcm");
    const arx_cipher *c64 = arx_cipher_by_name("speck-64-128");
    static _Alignas(16) uint8_t m3[ARX_KEY_STORAGE_MAX];
    arx_key *k3 = NULL;
    CHECK(arx_key_init(&k3, m3, sizeof m3, c64, key, 16, NULL) == ARX_OK, "key");
    j[0].key = k3;
    CHECK(arx_gcm_encrypt_many(j, 1) == ARX_ERR_MODE_UNSUPPORTED, "gcm on a 64-bit block");
    j[0].key = k1;
    /* verdicts: a good and a forged job in one call */
    j[0].key = j[1].key = k1;
    j[1].out = buf2 + 32;
    j[0].len = j[1].len = 32;
    uint8_t t0[16], t1[16];
    j[0].tag = t0;
    j[1].tag = t1;
    CHECK(arx_gcm_encrypt_many(j, 2) == ARX_OK, "two");
    memcpy(buf, buf2, 64);
    j[0].in = buf;
    j[1].in = buf + 32;
    t1[5] ^= 1;
    CHECK(arx_gcm_decrypt_many(j, 2) == ARX_ERR_AUTH && j[0].status == ARX_OK && j[1].status == ARX_ERR_AUTH, "one forged");
    int ok = 1;
    for (int i = 0; i < 32; i++) ok &= buf2[i] == 7 && buf2[32 + i] == 0;
    CHECK(ok, "forged job zeroed, the other released");
    arx_key_free(k1);
    arx_key_free(k2);
    arx_key_free(k3);
}

/* The ciphers with lane-per-message kernels on some x86, NEON or SIMD128 backend (LEA, the
 * 128-bit blocks of SPECK, SIMON, CHAM, SPARX, and the 64-bit blocks of
 * SPECK, SIMON, SIMECK, CHAM, SPARX, HIGHT; the 32-bit ones of SPECK, SIMON,
 * SIMECK): more
 * batches, their group and cap
 * logic having more to go wrong. */
static int has_lanes(const char *cn) {
    return !strncmp(cn, "lea", 3) || !strncmp(cn, "speck-128", 9) || !strncmp(cn, "simon-128", 9) ||
           !strncmp(cn, "cham-128", 8) || !strncmp(cn, "sparx-128", 9) || !strncmp(cn, "speck-64", 8) ||
           !strncmp(cn, "simon-64", 8) || !strncmp(cn, "simeck-64", 9) || !strncmp(cn, "cham-64", 7) ||
           !strncmp(cn, "sparx-64", 8) || !strcmp(cn, "hight") || !strcmp(cn, "simeck-32-64") ||
           !strcmp(cn, "speck-32-64") || !strcmp(cn, "simon-32-64") || !strncmp(cn, "speck-48", 8) ||
           !strncmp(cn, "speck-96", 8) || !strncmp(cn, "simon-48", 8) || !strncmp(cn, "simon-96", 8) ||
           !strcmp(cn, "simeck-48-96");
}

int main(int argc, char **argv) {
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 24;
    int quick = argc > 2 && !strcmp(argv[2], "quick");
    t_seed(seed);
    printf("seed %llu%s\n", (unsigned long long)seed, quick ? " (quick)" : "");
    test_args();
    int combos = 0, lanes_runs = 0;
    for (size_t ci = 0; ci < arx_cipher_count(); ci++) {
        const arx_cipher *c = arx_cipher_at(ci);
        const char *cn = arx_cipher_name(c);
        const size_t bb = arx_cipher_block_bytes(c);
        if (quick && strcmp(cn, "lea-128") && strcmp(cn, "speck-64-128") && strcmp(cn, "speck-128-128") &&
            strcmp(cn, "simon-128-192") && strcmp(cn, "cham-128-256") && strcmp(cn, "sparx-128-128") &&
            strcmp(cn, "simon-64-96") && strcmp(cn, "simeck-64-128") && strcmp(cn, "cham-64-128") &&
            strcmp(cn, "sparx-64-128") && strcmp(cn, "hight") && strcmp(cn, "simeck-32-64") &&
            strcmp(cn, "speck-32-64") && strcmp(cn, "simon-32-64") && strcmp(cn, "speck-48-96") &&
            strcmp(cn, "simon-96-144") && strcmp(cn, "simeck-48-96"))
            continue;
        for (size_t bi = 0; bi < arx_cipher_backend_count(c); bi++) {
            if (!arx_cipher_backend_available(c, bi)) continue;
            const char *bn = arx_cipher_backend_name(c, bi);
            const int rounds = has_lanes(cn) ? (quick ? 3 : 8) : 1;
            for (int r = 0; r < rounds; r++) {
                size_t nk = 1 + t_below(MAXKEYS);
                if (!make_keys(c, bn, nk, r == rounds - 1 && rounds > 1)) {
                    CHECK(0, "%s %s: keys", cn, bn);
                    continue;
                }
                const int model = r == 0;
                if (bb == 16) test_gcm(cn, bn, model);
                force_wide = 1; /* and a wide GCM batch, every round */
                if (bb == 16) test_gcm(cn, bn, 0);
                force_wide = 0;
                force_plain = 1; /* and a plain one */
                if (bb == 16) test_gcm(cn, bn, 0);
                force_plain = 0;
                test_ctr(cn, bn, bb, model);
                if (bb == 8 || bb == 16) test_cmac(cn, bn);
                if (bb == 16) test_ccm(cn, bn, model);
                lanes_runs++;
            }
            combos++;
        }
    }
    for (size_t i = 0; i < nkeys; i++) {
        arx_key_free(keys[i].x);
        arx_key_free(keys[i].ref);
    }
    printf("%d cipher x backend combinations, %d batches of each mode\n", combos, lanes_runs);
    return t_summary();
}
