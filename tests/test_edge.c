/*
 * Edge cases of every mode, on every backend this CPU runs (each one forced by
 * name), against the models of model.c (NIST definitions over single-block
 * ECB calls of the ref backend, bit-serial GHASH). Per cipher the model runs
 * once and every backend must give its bytes:
 *   1. GCM nonces of 1, 8, 12, 13, 16, 64 and 1000 bytes with lengths 0, 1,
 *      15, 16, 17 and batch sizes, one-shot and streaming;
 *   2. empty plaintext and/or AAD in GCM and CCM, and forged tags for each;
 *   3. every tag length GCM, CCM and CMAC accept and the refused ones around
 *      them (truncated tags verify; refusals write nothing);
 *   4. GCM's inc32 wrap: 16-byte nonces solved for a J0 whose low word wraps
 *      at block 0, 1, 2, inside and at the edges of each backend's batches;
 *   5. CTR carries across 2^32, 2^64 and the whole block inside batches,
 *      one-shot and streaming;
 *   6. in-place for every mode, every partial overlap refused with nothing
 *      written, adjacent buffers accepted;
 *   7. lengths at and around 1..4 batches of each backend (and the modes'
 *      2 KiB chunks, the 48-block stitched GCM group) with their tails,
 *      in place and out of place by turns;
 *   8. the largest lengths accepted and the first refused (GCM text, AAD and
 *      nonce, CCM per length field, ECB/CBC partial blocks). Where running
 *      the largest is impractical the call is given overlapping buffers:
 *      the length checks come first, so an accepted length reaches the
 *      overlap check (ARX_ERR_OVERLAP) and a refused one stops at
 *      ARX_ERR_TOO_LONG, with no memory touched either way.
 * Inputs and outputs sit at the end of their heap buffers, so a sanitizer
 * build also catches any access past the end of a message.
 */
#include <stdlib.h>
#include <string.h>

#include "arxcrypt.h"
#include "key.h" /* the backend behind an arx_key, for its lanes (cipher.h) */
#include "model.h"
#include "testutil.h"

#define CAP (65536 + 1024) /* the largest message: CCM with a 13-byte nonce (65535 bytes) */
#define CHUNK 2048         /* ARX_CHUNK_BYTES: the modes' scratch pieces */

typedef struct {
    const arx_cipher *c;
    const char *name;
    size_t bb;
    size_t nk; /* backends this CPU runs */
    arx_key *k[ARX_MAX_BACKENDS];
    const char *be[ARX_MAX_BACKENDS];
    unsigned lanes[ARX_MAX_BACKENDS];
    unsigned lmax;
    arx_key *ref; /* the models' key: same key bytes, "ref" backend */
} suite;

static uint8_t *b_src, *b_in, *b_exp, *b_out, *b_tmp, *b_big; /* CAP bytes each; b_big 4 * CAP */

/* The last n bytes of a CAP-byte buffer. */
static uint8_t *end_of(uint8_t *b, size_t n) { return b + CAP - n; }
/* A copy of src's first n bytes at the end of b. */
static uint8_t *place(uint8_t *b, const uint8_t *src, size_t n) {
    uint8_t *p = end_of(b, n);
    if (n) memmove(p, src, n);
    return p;
}
/* The last n bytes of b_out, filled with a pattern first, so no output of an earlier call can pass
 * for this call's. */
static uint8_t *out_at(size_t n) {
    uint8_t *p = end_of(b_out, n);
    memset(p, 0xa5, n);
    return p;
}
/* Input for one call over n bytes of src: at the end of b_in with a fresh
 * out_at, or in place at the end of b_out. */
static uint8_t *input(int in_place, const uint8_t *src, size_t n, uint8_t **out) {
    if (in_place) return *out = place(b_out, src, n);
    *out = out_at(n);
    return place(b_in, src, n);
}
static int same(const void *a, const void *b, size_t n) { return n == 0 || memcmp(a, b, n) == 0; }
static int all(const uint8_t *p, uint8_t v, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (p[i] != v) return 0;
    return 1;
}

/* ---- small sets of sizes ---- */
typedef struct {
    size_t v[160];
    size_t n;
} set;

static void set_add(set *s, size_t x) {
    for (size_t i = 0; i < s->n; i++)
        if (s->v[i] == x) return;
    if (s->n < sizeof s->v / sizeof s->v[0]) s->v[s->n++] = x;
}
static void set_sort(set *s) {
    for (size_t i = 1; i < s->n; i++)
        for (size_t j = i; j > 0 && s->v[j - 1] > s->v[j]; j--) {
            size_t t = s->v[j];
            s->v[j] = s->v[j - 1];
            s->v[j - 1] = t;
        }
}

/* Streaming cut points: `fixed` ones plus nrand random ones, sorted. */
static size_t make_cuts(size_t *cuts, size_t len, const size_t *fixed, size_t nfixed, size_t nrand) {
    size_t n = 0;
    for (size_t i = 0; i < nfixed; i++)
        if (fixed[i] <= len) cuts[n++] = fixed[i];
    for (size_t i = 0; i < nrand; i++)
        cuts[n++] = t_below(len + 1);
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && cuts[j - 1] > cuts[j]; j--) {
            size_t t = cuts[j];
            cuts[j] = cuts[j - 1];
            cuts[j - 1] = t;
        }
    return n;
}

/* Streaming GCM: AAD in two pieces, then text in the pieces between cuts. */
static int gcm_stream(const arx_key *k, const uint8_t *nonce, size_t nl, const uint8_t *aad, size_t al,
                      uint8_t *out, const uint8_t *in, size_t len, int dec, uint8_t *tag, size_t tl,
                      const size_t *cuts, size_t ncuts) {
    arx_gcm *g = NULL;
    int rc = arx_gcm_new(&g, k, nonce, nl);
    if (rc) return rc;
    size_t half = al / 2;
    rc = arx_gcm_aad(g, aad, half);
    if (!rc && al) rc = arx_gcm_aad(g, aad + half, al - half);
    size_t off = 0;
    for (size_t i = 0; i <= ncuts && !rc && len; i++) {
        size_t end = i < ncuts ? cuts[i] : len;
        if (end < off) continue;
        rc = dec ? arx_gcm_decrypt_update(g, out + off, in + off, end - off)
                 : arx_gcm_encrypt_update(g, out + off, in + off, end - off);
        off = end;
    }
    if (!rc) rc = dec ? arx_gcm_decrypt_final(g, tag, tl) : arx_gcm_encrypt_final(g, tag, tl);
    arx_gcm_free(g);
    return rc;
}

/* Streaming CTR in the pieces between cuts. */
static int ctr_stream(const arx_key *k, const uint8_t *iv, size_t bb, uint8_t *out, const uint8_t *in,
                      size_t len, const size_t *cuts, size_t ncuts) {
    arx_ctr *s = NULL;
    int rc = arx_ctr_new(&s, k, iv, bb);
    size_t off = 0;
    for (size_t i = 0; i <= ncuts && !rc && len; i++) {
        size_t end = i < ncuts ? cuts[i] : len;
        if (end < off) continue;
        rc = arx_ctr_update(s, out + off, in + off, end - off);
        off = end;
    }
    arx_ctr_free(s);
    return rc;
}

/* ---- 1. GCM nonce lengths ---- */
static void case_gcm_nonces(const suite *s) {
    static const size_t nls[] = {1, 8, 12, 13, 16, 64, 1000};
    const size_t lens[] = {
        0, 1, 15, 16, 17, 16 * s->lmax - 1, 16 * s->lmax, 16 * (48 + s->lmax) + 15, 16 * 129 + 5};
    uint8_t nonce[1000], aad[13], tag[16], tag2[16];
    size_t cuts[8];
    t_fill(nonce, sizeof nonce);
    t_fill(aad, sizeof aad);
    for (size_t ni = 0; ni < sizeof nls / sizeof nls[0]; ni++)
        for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
            size_t nl = nls[ni], len = lens[li];
            t_fill(b_src, len);
            m_gcm(nonce, nl, aad, sizeof aad, b_exp, b_src, len, 0, tag);
            for (size_t b = 0; b < s->nk; b++) {
                const arx_key *k = s->k[b];
                uint8_t *in = place(b_in, b_src, len), *out = out_at(len);
                int rc = arx_gcm_encrypt(k, nonce, nl, aad, sizeof aad, out, in, len, tag2, 16);
                CHECK(rc == ARX_OK && same(out, b_exp, len) && same(tag, tag2, 16),
                      "%s/%s gcm nonce %zu len %zu: enc rc %d", s->name, s->be[b], nl, len, rc);
                in = place(b_in, b_exp, len);
                out = out_at(len);
                rc = arx_gcm_decrypt(k, nonce, nl, aad, sizeof aad, out, in, len, tag, 16);
                CHECK(rc == ARX_OK && same(out, b_src, len), "%s/%s gcm nonce %zu len %zu: dec rc %d",
                      s->name, s->be[b], nl, len, rc);
                size_t fixed[] = {1, 16, 17, 16 * (size_t)s->lanes[b] + 3};
                size_t nc = make_cuts(cuts, len, fixed, 4, 2);
                in = place(b_in, b_src, len);
                out = out_at(len);
                memset(tag2, 0, 16);
                rc = gcm_stream(k, nonce, nl, aad, sizeof aad, out, in, len, 0, tag2, 16, cuts, nc);
                CHECK(rc == ARX_OK && same(out, b_exp, len) && same(tag, tag2, 16),
                      "%s/%s gcm nonce %zu len %zu: streamed enc rc %d", s->name, s->be[b], nl, len, rc);
                nc = make_cuts(cuts, len, NULL, 0, 3);
                in = place(b_in, b_exp, len);
                out = out_at(len);
                rc = gcm_stream(k, nonce, nl, aad, sizeof aad, out, in, len, 1, tag, 16, cuts, nc);
                CHECK(rc == ARX_OK && same(out, b_src, len),
                      "%s/%s gcm nonce %zu len %zu: streamed dec rc %d", s->name, s->be[b], nl, len, rc);
            }
        }
}

/* ---- 2. empty plaintext and AAD ---- */
static void case_empty(const suite *s) {
    uint8_t nonce[16], aad[9], tag[16], tag2[16];
    t_fill(nonce, sizeof nonce);
    t_fill(aad, sizeof aad);
    for (int combo = 0; combo < 4; combo++) {
        size_t al = combo & 1 ? sizeof aad : 0, len = combo & 2 ? 33 : 0;
        const uint8_t *a = al ? aad : NULL;
        t_fill(b_src, len);
        for (int mode = 0; mode < 3; mode++) { /* GCM with 12- and 16-byte nonces, CCM */
            size_t nl = mode == 0 ? 12 : mode == 1 ? 16 : 11;
            const char *mn = mode == 2 ? "ccm" : "gcm";
            if (mode == 2)
                m_ccm(nonce, nl, a, al, b_exp, b_src, len, 16, 0, tag);
            else
                m_gcm(nonce, nl, a, al, b_exp, b_src, len, 0, tag);
            for (size_t b = 0; b < s->nk; b++) {
                const arx_key *k = s->k[b];
                uint8_t *in = len ? place(b_in, b_src, len) : NULL, *out = len ? out_at(len) : NULL;
                int rc = mode == 2 ? arx_ccm_encrypt(k, nonce, nl, a, al, out, in, len, tag2, 16)
                                   : arx_gcm_encrypt(k, nonce, nl, a, al, out, in, len, tag2, 16);
                CHECK(rc == ARX_OK && same(out, b_exp, len) && same(tag, tag2, 16),
                      "%s/%s %s nonce %zu aad %zu len %zu: enc rc %d", s->name, s->be[b], mn, nl, al, len,
                      rc);
                /* decrypt: the right tag, then a forged tag, AAD and ciphertext each */
                for (int forge = 0; forge < 4; forge++) {
                    if ((forge == 2 && !al) || (forge == 3 && !len)) continue;
                    uint8_t t[16], ad[sizeof aad];
                    memcpy(t, tag, 16);
                    memcpy(ad, aad, sizeof aad);
                    if (len) in = place(b_in, b_exp, len);
                    if (forge == 1) t[(al + len) % 16] ^= 0x10;
                    if (forge == 2) ad[al - 1] ^= 1;
                    if (forge == 3) in[len / 2] ^= 0x80;
                    if (len) memset(out, 0x5a, len);
                    const uint8_t *ap = al ? ad : NULL;
                    rc = mode == 2 ? arx_ccm_decrypt(k, nonce, nl, ap, al, out, in, len, t, 16)
                                   : arx_gcm_decrypt(k, nonce, nl, ap, al, out, in, len, t, 16);
                    if (forge == 0)
                        CHECK(rc == ARX_OK && same(out, b_src, len), "%s/%s %s aad %zu len %zu: dec rc %d",
                              s->name, s->be[b], mn, al, len, rc);
                    else
                        CHECK(rc == ARX_ERR_AUTH && (len == 0 || all(out, 0, len)),
                              "%s/%s %s aad %zu len %zu: forgery %d rc %d (output must be zeroed)", s->name,
                              s->be[b], mn, al, len, forge, rc);
                }
                if (mode == 2) continue;
                /* streaming: only the calls with data, then every call with empty data */
                for (int explicit_empty = 0; explicit_empty < 2; explicit_empty++) {
                    arx_gcm *g = NULL;
                    rc = arx_gcm_new(&g, k, nonce, nl);
                    if (!rc && (al || explicit_empty)) rc = arx_gcm_aad(g, a, al);
                    if (!rc && explicit_empty) rc = arx_gcm_aad(g, NULL, 0);
                    in = len ? place(b_in, b_src, len) : NULL;
                    out = len ? out_at(len) : NULL;
                    if (!rc && (len || explicit_empty)) rc = arx_gcm_encrypt_update(g, out, in, len);
                    if (!rc && explicit_empty) rc = arx_gcm_encrypt_update(g, NULL, NULL, 0);
                    memset(tag2, 0, 16);
                    if (!rc) rc = arx_gcm_encrypt_final(g, tag2, 16);
                    arx_gcm_free(g);
                    CHECK(rc == ARX_OK && same(out, b_exp, len) && same(tag, tag2, 16),
                          "%s/%s gcm streamed aad %zu len %zu empty calls %d: rc %d", s->name, s->be[b], al,
                          len, explicit_empty, rc);
                    for (int forge = 0; forge < 2; forge++) {
                        uint8_t t[16];
                        memcpy(t, tag, 16);
                        t[15] ^= (uint8_t)forge;
                        g = NULL;
                        rc = arx_gcm_new(&g, k, nonce, nl);
                        if (!rc && (al || explicit_empty)) rc = arx_gcm_aad(g, a, al);
                        in = len ? place(b_in, b_exp, len) : NULL;
                        out = len ? out_at(len) : NULL;
                        if (!rc && (len || explicit_empty)) rc = arx_gcm_decrypt_update(g, out, in, len);
                        if (!rc) rc = arx_gcm_decrypt_final(g, t, 16);
                        arx_gcm_free(g);
                        CHECK(rc == (forge ? ARX_ERR_AUTH : ARX_OK) && (forge || same(out, b_src, len)),
                              "%s/%s gcm streamed dec aad %zu len %zu forged %d: rc %d", s->name, s->be[b],
                              al, len, forge, rc);
                    }
                }
            }
        }
    }
}

/* ---- 3. tag lengths ---- */
static void case_tags(const suite *s) {
    const size_t len = 37, al = 5;
    uint8_t nonce[12], aad[5], full[16], tag[20], t2[16];
    t_fill(nonce, sizeof nonce);
    t_fill(aad, sizeof aad);
    t_fill(b_src, len);
    if (s->bb == 16) {
        /* GCM: a tag is the first tag_len bytes of the full one, 4..16 */
        m_gcm(nonce, 12, aad, al, b_exp, b_src, len, 0, full);
        for (size_t b = 0; b < s->nk; b++)
            for (size_t tl = 0; tl <= 18; tl++) {
                const arx_key *k = s->k[b];
                int ok = tl >= 4 && tl <= 16;
                uint8_t *in = place(b_in, b_src, len), *out = out_at(len);
                memset(out, 0x5a, len);
                memset(tag, 0xa5, sizeof tag);
                int rc = arx_gcm_encrypt(k, nonce, 12, aad, al, out, in, len, tag, tl);
                if (ok)
                    CHECK(rc == ARX_OK && same(out, b_exp, len) && same(tag, full, tl) &&
                              all(tag + tl, 0xa5, sizeof tag - tl),
                          "%s/%s gcm tag %zu: enc rc %d (writes tag_len bytes)", s->name, s->be[b], tl, rc);
                else
                    CHECK(rc == ARX_ERR_TAG_LENGTH && all(out, 0x5a, len) && all(tag, 0xa5, sizeof tag),
                          "%s/%s gcm tag %zu refused, nothing written: rc %d", s->name, s->be[b], tl, rc);
                in = place(b_in, b_exp, len);
                out = out_at(len);
                memset(out, 0x5a, len);
                memcpy(tag, full, 16);
                rc = arx_gcm_decrypt(k, nonce, 12, aad, al, out, in, len, tag, tl);
                if (ok) {
                    CHECK(rc == ARX_OK && same(out, b_src, len), "%s/%s gcm tag %zu: dec rc %d", s->name,
                          s->be[b], tl, rc);
                    tag[tl - 1] ^= 1;
                    rc = arx_gcm_decrypt(k, nonce, 12, aad, al, out, in, len, tag, tl);
                    CHECK(rc == ARX_ERR_AUTH && all(out, 0, len),
                          "%s/%s gcm tag %zu: last byte forged, rc %d", s->name, s->be[b], tl, rc);
                } else {
                    CHECK(rc == ARX_ERR_TAG_LENGTH && all(out, 0x5a, len),
                          "%s/%s gcm dec tag %zu refused, nothing written: rc %d", s->name, s->be[b], tl, rc);
                }
                /* streaming finals; a refused one leaves the context usable */
                in = place(b_in, b_src, len);
                out = out_at(len);
                arx_gcm *g = NULL;
                rc = arx_gcm_new(&g, k, nonce, 12);
                if (!rc) rc = arx_gcm_aad(g, aad, al);
                if (!rc) rc = arx_gcm_encrypt_update(g, out, in, len);
                memset(tag, 0xa5, sizeof tag);
                int rf = rc ? rc : arx_gcm_encrypt_final(g, tag, tl);
                if (ok)
                    CHECK(rf == ARX_OK && same(tag, full, tl) && all(tag + tl, 0xa5, sizeof tag - tl),
                          "%s/%s gcm streamed tag %zu: rc %d", s->name, s->be[b], tl, rf);
                else
                    CHECK(rf == ARX_ERR_TAG_LENGTH && all(tag, 0xa5, sizeof tag) &&
                              arx_gcm_encrypt_final(g, t2, 16) == ARX_OK && same(t2, full, 16),
                          "%s/%s gcm streamed tag %zu refused, then the full tag: rc %d", s->name, s->be[b],
                          tl, rf);
                arx_gcm_free(g);
                in = place(b_in, b_exp, len);
                out = out_at(len);
                g = NULL;
                rc = arx_gcm_new(&g, k, nonce, 12);
                if (!rc) rc = arx_gcm_aad(g, aad, al);
                if (!rc) rc = arx_gcm_decrypt_update(g, out, in, len);
                rf = rc ? rc : arx_gcm_decrypt_final(g, full, tl);
                if (ok)
                    CHECK(rf == ARX_OK, "%s/%s gcm streamed dec tag %zu: rc %d", s->name, s->be[b], tl, rf);
                else
                    CHECK(rf == ARX_ERR_TAG_LENGTH && arx_gcm_decrypt_final(g, full, 16) == ARX_OK,
                          "%s/%s gcm streamed dec tag %zu refused, then verifies: rc %d", s->name, s->be[b],
                          tl, rf);
                arx_gcm_free(g);
            }
        /* CCM: 4, 6, ..., 16; the tag length is part of B0, so each is its own MAC */
        for (size_t tl = 0; tl <= 18; tl++) {
            int ok = tl >= 4 && tl <= 16 && tl % 2 == 0;
            if (ok) m_ccm(nonce, 12, aad, al, b_exp, b_src, len, tl, 0, full);
            for (size_t b = 0; b < s->nk; b++) {
                const arx_key *k = s->k[b];
                uint8_t *in = place(b_in, b_src, len), *out = out_at(len);
                memset(out, 0x5a, len);
                memset(tag, 0xa5, sizeof tag);
                int rc = arx_ccm_encrypt(k, nonce, 12, aad, al, out, in, len, tag, tl);
                if (ok)
                    CHECK(rc == ARX_OK && same(out, b_exp, len) && same(tag, full, tl) &&
                              all(tag + tl, 0xa5, sizeof tag - tl),
                          "%s/%s ccm tag %zu: enc rc %d", s->name, s->be[b], tl, rc);
                else
                    CHECK(rc == ARX_ERR_TAG_LENGTH && all(out, 0x5a, len) && all(tag, 0xa5, sizeof tag),
                          "%s/%s ccm tag %zu refused, nothing written: rc %d", s->name, s->be[b], tl, rc);
                if (!ok) {
                    in = place(b_in, b_src, len);
                    out = out_at(len);
                    memset(out, 0x5a, len);
                    rc = arx_ccm_decrypt(k, nonce, 12, aad, al, out, in, len, tag, tl);
                    CHECK(rc == ARX_ERR_TAG_LENGTH && all(out, 0x5a, len),
                          "%s/%s ccm dec tag %zu refused, nothing written: rc %d", s->name, s->be[b], tl, rc);
                    continue;
                }
                in = place(b_in, b_exp, len);
                out = out_at(len);
                rc = arx_ccm_decrypt(k, nonce, 12, aad, al, out, in, len, full, tl);
                CHECK(rc == ARX_OK && same(out, b_src, len), "%s/%s ccm tag %zu: dec rc %d", s->name,
                      s->be[b], tl, rc);
                memcpy(tag, full, tl);
                tag[tl - 1] ^= 0x40;
                rc = arx_ccm_decrypt(k, nonce, 12, aad, al, out, in, len, tag, tl);
                CHECK(rc == ARX_ERR_AUTH && all(out, 0, len), "%s/%s ccm tag %zu forged: rc %d", s->name,
                      s->be[b], tl, rc);
                /* a shorter prefix of a longer tag is not a tag: the length is authenticated */
                if (tl > 4) {
                    rc = arx_ccm_decrypt(k, nonce, 12, aad, al, out, in, len, full, tl - 2);
                    CHECK(rc == ARX_ERR_AUTH, "%s/%s ccm tag %zu truncated to %zu: rc %d", s->name, s->be[b],
                          tl, tl - 2, rc);
                }
            }
        }
    }
    if (s->bb != 8 && s->bb != 16) return;
    /* CMAC: 4..block bytes, the first tag_len bytes of the MAC */
    const size_t lens[] = {0, 29};
    for (size_t li = 0; li < 2; li++) {
        size_t ml = lens[li];
        m_cmac(b_src, ml, full);
        for (size_t b = 0; b < s->nk; b++)
            for (size_t tl = 0; tl <= s->bb + 2; tl++) {
                const arx_key *k = s->k[b];
                int ok = tl >= 4 && tl <= s->bb;
                const uint8_t *in = ml ? place(b_in, b_src, ml) : NULL;
                memset(tag, 0xa5, sizeof tag);
                int rc = arx_cmac(k, in, ml, tag, tl);
                if (ok)
                    CHECK(rc == ARX_OK && same(tag, full, tl) && all(tag + tl, 0xa5, sizeof tag - tl),
                          "%s/%s cmac len %zu tag %zu: rc %d", s->name, s->be[b], ml, tl, rc);
                else
                    CHECK(rc == ARX_ERR_TAG_LENGTH && all(tag, 0xa5, sizeof tag),
                          "%s/%s cmac tag %zu refused, nothing written: rc %d", s->name, s->be[b], tl, rc);
                memcpy(tag, full, s->bb);
                rc = arx_cmac_verify(k, in, ml, tag, tl);
                CHECK(rc == (ok ? ARX_OK : ARX_ERR_TAG_LENGTH), "%s/%s cmac verify len %zu tag %zu: rc %d",
                      s->name, s->be[b], ml, tl, rc);
                if (!ok) continue;
                tag[tl - 1] ^= 0x08;
                rc = arx_cmac_verify(k, in, ml, tag, tl);
                CHECK(rc == ARX_ERR_AUTH, "%s/%s cmac verify tag %zu forged: rc %d", s->name, s->be[b], tl,
                      rc);
            }
    }
}

/* ---- 4. GCM's inc32 wrap ---- */
static void case_gcm_wrap(const suite *s) {
    uint8_t aad[7], tag[16], tag2[16];
    t_fill(aad, sizeof aad);
    /* p: the data block whose counter's low word is 0 (block 0 has J0 + 1) */
    set ps = {{0}, 0};
    for (size_t p = 0; p <= 2; p++)
        set_add(&ps, p);
    for (size_t b = 0; b < s->nk; b++) {
        size_t l = s->lanes[b];
        size_t cand[] = {l / 2, l - 1, l, l + 1, l + l / 2, 2 * l - 1, 2 * l, 4 * l + 1};
        for (size_t i = 0; i < sizeof cand / sizeof cand[0]; i++)
            set_add(&ps, cand[i]);
    }
    /* the stitched kernel's 48-block groups, GCM's 128-block pieces */
    size_t more[] = {47, 48, 49, 95, 96, 127, 128, 129};
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++)
        set_add(&ps, more[i]);
    set_sort(&ps);
    size_t cuts[8];
    for (size_t i = 0; i < ps.n; i++) {
        size_t p = ps.v[i];
        uint8_t j0[16], x[16], hh[16], jj[16];
        t_fill(j0, 12);
        uint32_t low = 0xffffffffu - (uint32_t)p;
        for (int j = 0; j < 4; j++)
            j0[15 - j] = (uint8_t)(low >> (8 * j));
        m_gcm_nonce_for_j0(j0, x);
        m_gcm_start(x, 16, hh, jj);
        CHECK(same(jj, j0, 16), "%s gcm wrap: the solved nonce gives J0 low word %08x", s->name,
              (unsigned)low);
        size_t len = 16 * (p + 52) + 7;
        t_fill(b_src, len);
        m_gcm(x, 16, aad, sizeof aad, b_exp, b_src, len, 0, tag);
        for (size_t b = 0; b < s->nk; b++) {
            const arx_key *k = s->k[b];
            uint8_t *in = place(b_in, b_src, len), *out = out_at(len);
            int rc = arx_gcm_encrypt(k, x, 16, aad, sizeof aad, out, in, len, tag2, 16);
            CHECK(rc == ARX_OK && same(out, b_exp, len) && same(tag, tag2, 16),
                  "%s/%s gcm inc32 wrap at block %zu: enc rc %d", s->name, s->be[b], p, rc);
            out = place(b_out, b_exp, len);
            rc = arx_gcm_decrypt(k, x, 16, aad, sizeof aad, out, out, len, tag, 16);
            CHECK(rc == ARX_OK && same(out, b_src, len),
                  "%s/%s gcm inc32 wrap at block %zu: in-place dec rc %d", s->name, s->be[b], p, rc);
            size_t fixed[] = {16 * p, 16 * p + 16 * s->lanes[b] + 1};
            size_t nc = make_cuts(cuts, len, fixed, 2, 0);
            in = place(b_in, b_src, len);
            out = out_at(len);
            rc = gcm_stream(k, x, 16, aad, sizeof aad, out, in, len, 0, tag2, 16, cuts, nc);
            CHECK(rc == ARX_OK && same(out, b_exp, len) && same(tag, tag2, 16),
                  "%s/%s gcm inc32 wrap at block %zu: streamed enc cut at the wrap, rc %d", s->name, s->be[b],
                  p, rc);
            size_t fixed2[] = {p ? 16 * p - 3 : 5};
            nc = make_cuts(cuts, len, fixed2, 1, 2);
            in = place(b_in, b_exp, len);
            out = out_at(len);
            rc = gcm_stream(k, x, 16, aad, sizeof aad, out, in, len, 1, tag, 16, cuts, nc);
            CHECK(rc == ARX_OK && same(out, b_src, len),
                  "%s/%s gcm inc32 wrap at block %zu: streamed dec rc %d", s->name, s->be[b], p, rc);
        }
    }
}

/* ---- 5. CTR carries inside batches ---- */
static void case_ctr_wrap(const suite *s) {
    const size_t bb = s->bb;
    set ps = {{0}, 0};
    for (size_t p = 1; p <= 3; p++)
        set_add(&ps, p);
    for (size_t b = 0; b < s->nk; b++) {
        size_t l = s->lanes[b];
        size_t cand[] = {l / 2, l / 2 + 1, l - 1, l + 1, l + l / 2, 2 * l + 1, 3 * l + 2, 4 * l - 1};
        for (size_t i = 0; i < sizeof cand / sizeof cand[0]; i++)
            if (cand[i]) set_add(&ps, cand[i]);
    }
    /* the generic path's chunks (backends without a CTR kernel) */
    set_add(&ps, CHUNK / bb - 1);
    set_add(&ps, CHUNK / bb + 1);
    set_sort(&ps);
    size_t widths[3] = {4, 8, bb}, nw = 0; /* carry out of 2^32, 2^64, the whole block */
    for (size_t i = 0; i < 3; i++)
        if (widths[i] <= bb && (nw == 0 || widths[nw - 1] != widths[i])) widths[nw++] = widths[i];
    size_t cuts[8];
    for (size_t wi = 0; wi < nw; wi++)
        for (size_t i = 0; i < ps.n; i++) {
            size_t w = widths[wi], p = ps.v[i];
            /* block p's counter has w low bytes of zero: the low w bytes start at 2^(8w) - p */
            uint8_t iv[16];
            t_fill(iv, bb - w);
            size_t v = p - 1;
            for (size_t j = bb; j-- > bb - w;) {
                iv[j] = (uint8_t)(0xff - (v & 0xff));
                v >>= 8;
            }
            size_t len = (p + s->lmax + 3) * bb + bb / 2;
            t_fill(b_src, len);
            m_ctr(iv, b_exp, b_src, len, bb);
            for (size_t b = 0; b < s->nk; b++) {
                const arx_key *k = s->k[b];
                uint8_t *in = place(b_in, b_src, len), *out = out_at(len);
                int rc = arx_ctr_xor(k, iv, bb, out, in, len);
                CHECK(rc == ARX_OK && same(out, b_exp, len),
                      "%s/%s ctr carry out of %zu bytes at block %zu: rc %d", s->name, s->be[b], w, p, rc);
                size_t fixed[][3] = {{p * bb, 0, 0}, {p * bb - 1, p * bb + 1, (p + 1) * bb + 1}};
                for (int f = 0; f < 3; f++) {
                    size_t nc = f < 2 ? make_cuts(cuts, len, fixed[f], f ? 3 : 1, 0)
                                      : make_cuts(cuts, len, NULL, 0, 4);
                    memset(out, 0, len);
                    rc = ctr_stream(k, iv, bb, out, in, len, cuts, nc);
                    CHECK(rc == ARX_OK && same(out, b_exp, len),
                          "%s/%s ctr streamed, carry out of %zu bytes at block %zu, cuts %d: rc %d", s->name,
                          s->be[b], w, p, f, rc);
                }
            }
        }
}

/* ---- 6. in place, overlaps, adjacent buffers ---- */
enum {
    ECB_E,
    ECB_D,
    CBC_E,
    CBC_D,
    PAD_E,
    PAD_D,
    CFB_E,
    CFB_D,
    OFB,
    CTR,
    CTR_S,
    GCM_E,
    GCM_D,
    GCM_SE,
    GCM_SD,
    CCM_E,
    CCM_D,
    NMODES
};
static const char *const mode_names[NMODES] = {"ecb enc", "ecb dec",          "cbc enc",
                                               "cbc dec", "cbc pad enc",      "cbc pad dec",
                                               "cfb enc", "cfb dec",          "ofb",
                                               "ctr",     "ctr streamed",     "gcm enc",
                                               "gcm dec", "gcm streamed enc", "gcm streamed dec",
                                               "ccm enc", "ccm dec"};
static uint8_t m_iv[16], m_nonce[12], m_aad[11], m_tag[16], m_tag_out[16];

static int one_piece; /* streamed modes: one update call (the overlap checks) */

/* One call of mode m; streamed modes split at a third and two thirds unless one_piece. */
static int call_mode(const arx_key *k, size_t bb, int m, uint8_t *out, const uint8_t *in, size_t len,
                     size_t *out_len) {
    size_t cuts[2] = {len / 3, 2 * len / 3}, nc = one_piece ? 0 : 2;
    *out_len = len;
    switch (m) {
    case ECB_E: return arx_ecb_encrypt(k, out, in, len);
    case ECB_D: return arx_ecb_decrypt(k, out, in, len);
    case CBC_E: return arx_cbc_encrypt(k, m_iv, bb, out, in, len);
    case CBC_D: return arx_cbc_decrypt(k, m_iv, bb, out, in, len);
    case PAD_E: return arx_cbc_encrypt_pad(k, m_iv, bb, out, len + bb, out_len, in, len);
    case PAD_D: return arx_cbc_decrypt_pad(k, m_iv, bb, out, len, out_len, in, len);
    case CFB_E: return arx_cfb_encrypt(k, m_iv, bb, out, in, len);
    case CFB_D: return arx_cfb_decrypt(k, m_iv, bb, out, in, len);
    case OFB: return arx_ofb_xor(k, m_iv, bb, out, in, len);
    case CTR: return arx_ctr_xor(k, m_iv, bb, out, in, len);
    case CTR_S: return ctr_stream(k, m_iv, bb, out, in, len, cuts, nc);
    case GCM_E: return arx_gcm_encrypt(k, m_nonce, 12, m_aad, sizeof m_aad, out, in, len, m_tag_out, 16);
    case GCM_D: return arx_gcm_decrypt(k, m_nonce, 12, m_aad, sizeof m_aad, out, in, len, m_tag, 16);
    case GCM_SE:
        return gcm_stream(k, m_nonce, 12, m_aad, sizeof m_aad, out, in, len, 0, m_tag_out, 16, cuts, nc);
    case GCM_SD: return gcm_stream(k, m_nonce, 12, m_aad, sizeof m_aad, out, in, len, 1, m_tag, 16, cuts, nc);
    case CCM_E: return arx_ccm_encrypt(k, m_nonce, 12, m_aad, sizeof m_aad, out, in, len, m_tag_out, 16);
    case CCM_D: return arx_ccm_decrypt(k, m_nonce, 12, m_aad, sizeof m_aad, out, in, len, m_tag, 16);
    default: return -999;
    }
}

/* Mode m's model over len bytes of src: b_tmp gets the input to give the
 * library (a ciphertext and m_tag for the decrypting AEADs, a padded
 * ciphertext for PKCS#7 decryption), b_exp the output; returns its length. */
static size_t model_mode(int m, size_t bb, const uint8_t *src, size_t len) {
    uint8_t *in = b_tmp, *exp = b_exp;
    size_t out_len = len;
    memcpy(in, src, len);
    switch (m) {
    case ECB_E:
        for (size_t i = 0; i < len; i += bb)
            m_E(exp + i, in + i);
        break;
    case ECB_D:
        for (size_t i = 0; i < len; i += bb)
            m_D(exp + i, in + i);
        break;
    case CBC_E: m_cbc_enc(m_iv, exp, in, len); break;
    case CBC_D: m_cbc_dec(m_iv, exp, in, len); break;
    case PAD_E: { /* PKCS#7: 1..bb bytes of value pad */
        size_t pad = bb - len % bb;
        memset(in + len, (int)pad, pad);
        out_len = len + pad;
        m_cbc_enc(m_iv, exp, in, out_len);
        break;
    }
    case PAD_D: { /* len bytes of ciphertext whose last `pad` plaintext bytes are padding */
        size_t pad = 1 + t_below(bb);
        memcpy(exp, src, len - pad);
        memset(exp + len - pad, (int)pad, pad);
        m_cbc_enc(m_iv, in, exp, len);
        out_len = len - pad;
        break;
    }
    case CFB_E: m_cfb(m_iv, exp, in, len, 0); break;
    case CFB_D: m_cfb(m_iv, exp, in, len, 1); break;
    case OFB: m_ofb(m_iv, exp, in, len); break;
    case CTR:
    case CTR_S: m_ctr(m_iv, exp, in, len, bb); break;
    case GCM_E:
    case GCM_SE: m_gcm(m_nonce, 12, m_aad, sizeof m_aad, exp, in, len, 0, m_tag); break;
    case GCM_D:
    case GCM_SD:
        m_gcm(m_nonce, 12, m_aad, sizeof m_aad, in, src, len, 0, m_tag);
        memcpy(exp, src, len);
        break;
    case CCM_E: m_ccm(m_nonce, 12, m_aad, sizeof m_aad, exp, in, len, 16, 0, m_tag); break;
    case CCM_D:
        m_ccm(m_nonce, 12, m_aad, sizeof m_aad, in, src, len, 16, 0, m_tag);
        memcpy(exp, src, len);
        break;
    }
    return out_len;
}

static int writes_tag(int m) { return m == GCM_E || m == GCM_SE || m == CCM_E; }

static void case_inplace_overlap(const suite *s) {
    const size_t bb = s->bb;
    t_fill(m_iv, sizeof m_iv);
    t_fill(m_nonce, sizeof m_nonce);
    t_fill(m_aad, sizeof m_aad);
    for (int m = 0; m < NMODES; m++) {
        if (m >= GCM_E && bb != 16) break;
        int whole = m <= PAD_D; /* ECB and CBC take whole blocks */
        /* past two of the widest batches; for 128-bit blocks past a stitched GCM group of 48 too */
        size_t len = (2 * s->lmax + 1 + (bb == 16 ? 48 : 0)) * bb + (whole ? 0 : bb / 2);
        t_fill(b_src, len);
        size_t elen = model_mode(m, bb, b_src, len);
        /* out may receive more than len bytes (PKCS#7 adds up to a block) */
        size_t span = m == PAD_E ? len + bb - len % bb : len;
        uint8_t *win = b_big + 2 * CAP, *lo = win - 2 * span - 64;
        size_t area = 5 * span + 128; /* everything an overlapping call could touch */
        for (size_t b = 0; b < s->nk; b++) {
            const arx_key *k = s->k[b];
            size_t olen = 0;
            /* in place */
            uint8_t *io = place(b_out, b_tmp, m == PAD_E ? len + bb : len);
            memset(m_tag_out, 0, 16);
            int rc = call_mode(k, bb, m, io, io, len, &olen);
            CHECK(rc == ARX_OK && olen == elen && same(io, b_exp, elen) &&
                      (!writes_tag(m) || same(m_tag_out, m_tag, 16)),
                  "%s/%s %s in place len %zu: rc %d", s->name, s->be[b], mode_names[m], len, rc);
            /* partial overlaps, out after and before in: refused with nothing written */
            one_piece = 1;
            size_t ds[] = {1, bb - 1, bb, bb + 1, len / 2, len - 1, span - 1};
            for (int dir = 0; dir < 2; dir++)
                for (size_t di = 0; di < sizeof ds / sizeof ds[0]; di++) {
                    size_t d = ds[di], dup = 0;
                    for (size_t dj = 0; dj < di; dj++)
                        dup |= ds[dj] == d;
                    if (dup || d == 0 || d >= (dir ? span : len)) continue;
                    memset(lo, (int)(0x3c ^ d), area); /* a pattern that moves with d */
                    memcpy(win, b_tmp, len);
                    memcpy(b_exp + CAP / 2, lo, area); /* b_exp's second half: the snapshot */
                    uint8_t *out = dir ? win - d : win + d;
                    memset(m_tag_out, 0x33, 16);
                    olen = 7;
                    rc = call_mode(k, bb, m, out, win, len, &olen);
                    CHECK(rc == ARX_ERR_OVERLAP && same(lo, b_exp + CAP / 2, area) &&
                              all(m_tag_out, 0x33, 16) && ((m != PAD_E && m != PAD_D) || olen == 0),
                          "%s/%s %s out %s in by %zu: rc %d, must be refused with nothing written", s->name,
                          s->be[b], mode_names[m], dir ? "before" : "after", d, rc);
                }
            one_piece = 0;
            /* adjacent on either side: accepted */
            for (int dir = 0; dir < 2; dir++) {
                memcpy(win, b_tmp, len);
                uint8_t *out = dir ? win - span : win + len;
                memset(m_tag_out, 0, 16);
                rc = call_mode(k, bb, m, out, win, len, &olen);
                CHECK(rc == ARX_OK && olen == elen && same(out, b_exp, elen) &&
                          (!writes_tag(m) || same(m_tag_out, m_tag, 16)),
                      "%s/%s %s out adjacent %s in: rc %d", s->name, s->be[b], mode_names[m],
                      dir ? "before" : "after", rc);
            }
            /* streaming: a refused update leaves the context as it was */
            if (m == CTR_S || m == GCM_SE || m == GCM_SD) {
                memcpy(win, b_tmp, len);
                uint8_t *out = out_at(len), tag[16];
                arx_ctr *c = NULL;
                arx_gcm *g = NULL;
                int r1, r2;
                if (m == CTR_S) {
                    rc = arx_ctr_new(&c, k, m_iv, bb);
                    r1 = arx_ctr_update(c, out, win, 5);
                    r2 = arx_ctr_update(c, win + 6, win + 5, len - 5);
                    if (!rc && !r1) rc = arx_ctr_update(c, out + 5, win + 5, len - 5);
                    arx_ctr_free(c);
                } else {
                    rc = arx_gcm_new(&g, k, m_nonce, 12);
                    if (!rc) rc = arx_gcm_aad(g, m_aad, sizeof m_aad);
                    int dec = m == GCM_SD;
                    r1 =
                        dec ? arx_gcm_decrypt_update(g, out, win, 5) : arx_gcm_encrypt_update(g, out, win, 5);
                    r2 = dec ? arx_gcm_decrypt_update(g, win + 4, win + 5, len - 5)
                             : arx_gcm_encrypt_update(g, win + 4, win + 5, len - 5);
                    if (!rc && !r1)
                        rc = dec ? arx_gcm_decrypt_update(g, out + 5, win + 5, len - 5)
                                 : arx_gcm_encrypt_update(g, out + 5, win + 5, len - 5);
                    memcpy(tag, m_tag, 16);
                    if (!rc) rc = dec ? arx_gcm_decrypt_final(g, tag, 16) : arx_gcm_encrypt_final(g, tag, 16);
                    arx_gcm_free(g);
                    if (!rc && !dec && !same(tag, m_tag, 16)) rc = ARX_ERR_AUTH;
                }
                CHECK(rc == ARX_OK && r1 == ARX_OK && r2 == ARX_ERR_OVERLAP && same(out, b_exp, len),
                      "%s/%s %s: refused overlapping update, then the rest: rc %d/%d/%d", s->name, s->be[b],
                      mode_names[m], r1, r2, rc);
            }
        }
    }
}

/* ---- 7. lengths around each backend's batches ---- */
static void case_lengths(const suite *s) {
    const size_t bb = s->bb;
    set ns = {{0}, 0};
    for (size_t n = 0; n <= 3; n++)
        set_add(&ns, n);
    for (size_t b = 0; b < s->nk; b++) {
        size_t l = s->lanes[b];
        size_t cand[] = {l / 4, l / 4 + 1, l / 2 - 1, l / 2, l / 2 + 1, l - 1,     l,     l + 1,    2 * l - 1,
                         2 * l, 2 * l + 1, 3 * l - 1, 3 * l, 3 * l + 1, 4 * l - 1, 4 * l, 4 * l + 1};
        for (size_t i = 0; i < sizeof cand / sizeof cand[0]; i++)
            if (cand[i] <= 4 * l + 1) set_add(&ns, cand[i]); /* l / 2 - 1 wraps for l = 1 */
    }
    for (size_t n = CHUNK / bb - 1; n <= CHUNK / bb + 1; n++)
        set_add(&ns, n);
    if (bb == 16) { /* the stitched GCM kernel's groups of 48 blocks */
        size_t g[] = {47, 48, 49, 95, 96, 97};
        for (size_t i = 0; i < 6; i++)
            set_add(&ns, g[i]);
    }
    set_sort(&ns);
    /* Every tail after the small counts and each backend's lanes. Elsewhere (for the run time
     * under sanitizers) the batched modes take tails 0, 1, half, last and one that moves with n;
     * the serial ones (CFB and OFB encryption: one block per kernel call, whatever the length)
     * 0 and the one that moves; CCM and CMAC one of 0, 1, half, last in turn. */
    set full = {{0}, 0};
    for (size_t n = 0; n <= 3; n++)
        set_add(&full, n);
    for (size_t b = 0; b < s->nk; b++)
        for (size_t n = s->lanes[b] - 1; n <= s->lanes[b] + 1; n++)
            set_add(&full, n);
    uint8_t iv[16], nonce[12], aad[20], h[16], j0[16], c0[16], ya[16] = {0}, tag[16], tag2[16];
    t_fill(iv, sizeof iv);
    t_fill(nonce, sizeof nonce);
    t_fill(aad, sizeof aad);
    if (bb == 16) {
        m_gcm_start(nonce, 12, h, j0);
        memcpy(c0, j0, 16);
        m_inc_be(c0 + 12, 4);
        ghash_spec(h, ya, aad, sizeof aad);
    }
    memcpy(m_iv, iv, sizeof iv);
    for (size_t ni = 0; ni < ns.n; ni++) {
        const size_t n = ns.v[ni], base = n * bb, maxlen = base + bb - 1;
        int all_tails = 0;
        for (size_t i = 0; i < full.n; i++)
            all_tails |= full.v[i] == n;
        const size_t moving = (3 * n + 5) % bb;
#define TAIL_SKIPPED(t, serial)                                                                              \
    (!all_tails && t != 0 && t != moving && (serial || (t != 1 && t != bb / 2 && t != bb - 1)))
        t_fill(b_src, maxlen);
        /* ECB and CBC: whole blocks */
        for (int m = ECB_E; m <= CBC_D; m++) {
            model_mode(m, bb, b_src, base);
            for (size_t b = 0; b < s->nk; b++) {
                uint8_t *out, *in = input((n + b) % 2, b_src, base, &out);
                size_t olen;
                int rc = call_mode(s->k[b], bb, m, out, in, base, &olen);
                CHECK(rc == ARX_OK && same(out, b_exp, base), "%s/%s %s %zu blocks: rc %d", s->name, s->be[b],
                      mode_names[m], n, rc);
            }
        }
        /* CFB, OFB, CTR: every tail; the model of the longest is a prefix of each */
        for (int m = CFB_E; m <= CTR; m++) {
            model_mode(m, bb, b_src, maxlen);
            for (size_t t = 0; t < bb; t++)
                for (size_t b = 0; b < s->nk && !TAIL_SKIPPED(t, m == CFB_E || m == OFB); b++) {
                    size_t len = base + t, olen;
                    uint8_t *out, *in = input((n + t + b) % 2, b_src, len, &out);
                    int rc = call_mode(s->k[b], bb, m, out, in, len, &olen);
                    CHECK(rc == ARX_OK && same(out, b_exp, len), "%s/%s %s %zu blocks + %zu: rc %d", s->name,
                          s->be[b], mode_names[m], n, t, rc);
                }
        }
        if (bb == 16) { /* GCM, every tail: GHASH of the common whole blocks once */
            uint8_t yn[16];
            m_ctr(c0, b_exp, b_src, maxlen, 4);
            memcpy(yn, ya, 16);
            ghash_spec(h, yn, b_exp, base);
            for (size_t t = 0; t < bb; t++) {
                if (TAIL_SKIPPED(t, 0)) continue;
                size_t len = base + t;
                uint8_t y[16];
                memcpy(y, yn, 16);
                ghash_spec(h, y, b_exp + base, t);
                m_gcm_finish(h, j0, y, sizeof aad, len, tag);
                for (size_t b = 0; b < s->nk; b++) {
                    uint8_t *out, *in = input((n + t + b) % 2, b_src, len, &out);
                    int rc = arx_gcm_encrypt(s->k[b], nonce, 12, aad, sizeof aad, out, in, len, tag2, 16);
                    CHECK(rc == ARX_OK && same(out, b_exp, len) && same(tag, tag2, 16),
                          "%s/%s gcm enc %zu blocks + %zu: rc %d", s->name, s->be[b], n, t, rc);
                    in = input((n + t + b + 1) % 2, b_exp, len, &out);
                    rc = arx_gcm_decrypt(s->k[b], nonce, 12, aad, sizeof aad, out, in, len, tag, 16);
                    CHECK(rc == ARX_OK && same(out, b_src, len), "%s/%s gcm dec %zu blocks + %zu: rc %d",
                          s->name, s->be[b], n, t, rc);
                }
            }
        }
#undef TAIL_SKIPPED
        /* CCM and CMAC */
        const size_t ts[] = {0, 1, bb / 2, bb - 1};
        for (size_t ti = 0; ti < 4; ti++) {
            size_t t = ts[ti], len = base + t;
            if ((ti && ts[ti] == ts[ti - 1]) || (!all_tails && ti != n % 4)) continue;
            if (bb == 16) {
                m_ccm(nonce, 12, aad, sizeof aad, b_exp, b_src, len, 16, 0, tag);
                for (size_t b = 0; b < s->nk; b++) {
                    uint8_t *out, *in = input((n + t + b) % 2, b_src, len, &out);
                    int rc = arx_ccm_encrypt(s->k[b], nonce, 12, aad, sizeof aad, out, in, len, tag2, 16);
                    CHECK(rc == ARX_OK && same(out, b_exp, len) && same(tag, tag2, 16),
                          "%s/%s ccm enc %zu blocks + %zu: rc %d", s->name, s->be[b], n, t, rc);
                    in = input((n + t + b + 1) % 2, b_exp, len, &out);
                    rc = arx_ccm_decrypt(s->k[b], nonce, 12, aad, sizeof aad, out, in, len, tag, 16);
                    CHECK(rc == ARX_OK && same(out, b_src, len), "%s/%s ccm dec %zu blocks + %zu: rc %d",
                          s->name, s->be[b], n, t, rc);
                }
            }
            if (bb == 8 || bb == 16) {
                m_cmac(b_src, len, tag);
                for (size_t b = 0; b < s->nk; b++) {
                    uint8_t *in = place(b_in, b_src, len);
                    int rc = arx_cmac(s->k[b], in, len, tag2, bb);
                    CHECK(rc == ARX_OK && same(tag, tag2, bb) &&
                              arx_cmac_verify(s->k[b], in, len, tag, bb) == ARX_OK,
                          "%s/%s cmac %zu blocks + %zu: rc %d", s->name, s->be[b], n, t, rc);
                }
            }
        }
    }
}

/* ---- 8. the largest lengths accepted and the first refused ---- */
static void case_limits(const suite *s) {
    const size_t bb = s->bb;
    uint8_t iv[16], nonce[13], aad[8], tag[16], tag2[16], buf[64];
    t_fill(iv, sizeof iv);
    t_fill(nonce, sizeof nonce);
    t_fill(aad, sizeof aad);
    t_fill(buf, sizeof buf);
    for (size_t b = 0; b < s->nk; b++) {
        const arx_key *k = s->k[b];
        /* ECB and CBC: a partial block is refused before anything is written */
        const size_t bad[] = {1, bb - 1, bb + 1, 2 * bb - 1};
        for (size_t i = 0; i < 4; i++) {
            size_t len = bad[i], ol;
            if (len == 0) continue;
            uint8_t *in = place(b_in, b_src, len), *out = out_at(len);
            memset(out, 0x5a, len);
            int r[5] = {arx_ecb_encrypt(k, out, in, len), arx_ecb_decrypt(k, out, in, len),
                        arx_cbc_encrypt(k, iv, bb, out, in, len), arx_cbc_decrypt(k, iv, bb, out, in, len),
                        arx_cbc_decrypt_pad(k, iv, bb, out, len, &ol, in, len)};
            for (int j = 0; j < 5; j++)
                CHECK(r[j] == ARX_ERR_LENGTH && all(out, 0x5a, len),
                      "%s/%s %s len %zu: rc %d, must be refused", s->name, s->be[b],
                      mode_names[j < 4 ? j : PAD_D], len, r[j]);
        }
        size_t ol = 1;
        CHECK(arx_cbc_decrypt_pad(k, iv, bb, buf, sizeof buf, &ol, buf, 0) == ARX_ERR_LENGTH && ol == 0,
              "%s/%s cbc pad dec of nothing refused", s->name, s->be[b]);
#if SIZE_MAX > 0xffffffffu
        /* CTR has no length limit: its counter wraps by definition (arxcrypt.h) */
        CHECK(arx_ctr_xor(k, iv, bb, buf + 1, buf, SIZE_MAX / 2) == ARX_ERR_OVERLAP,
              "%s/%s ctr: any length passes the length check", s->name, s->be[b]);
#endif
        if (bb != 16) continue;
#if SIZE_MAX > 0xffffffffu
        /* GCM one-shot: text 2^36 - 32 bytes, AAD 2^61 - 1, nonce 2^61 - 1 (bits < 2^64) */
        const size_t tmax = ((size_t)1 << 36) - 32, amax = ((size_t)1 << 61) - 1;
        for (int dec = 0; dec < 2; dec++) {
#define GCM1(nl, al, len)                                                                                    \
    (dec ? arx_gcm_decrypt(k, buf, nl, buf, al, buf + 1, buf, len, tag, 16)                                  \
         : arx_gcm_encrypt(k, buf, nl, buf, al, buf + 1, buf, len, tag, 16))
            CHECK(GCM1(12, 0, tmax) == ARX_ERR_OVERLAP && GCM1(12, 0, tmax + 1) == ARX_ERR_TOO_LONG,
                  "%s/%s gcm %s: 2^36-32 bytes accepted, one more refused", s->name, s->be[b],
                  dec ? "dec" : "enc");
            CHECK(GCM1(12, amax, 16) == ARX_ERR_OVERLAP && GCM1(12, amax + 1, 16) == ARX_ERR_TOO_LONG &&
                      GCM1(12, SIZE_MAX, 16) == ARX_ERR_TOO_LONG,
                  "%s/%s gcm %s: AAD of 2^61-1 bytes accepted, one more refused", s->name, s->be[b],
                  dec ? "dec" : "enc");
            CHECK(GCM1(amax, 0, 16) == ARX_ERR_OVERLAP && GCM1(amax + 1, 0, 16) == ARX_ERR_IV_LENGTH &&
                      GCM1(SIZE_MAX, 0, 16) == ARX_ERR_IV_LENGTH,
                  "%s/%s gcm %s: nonce of 2^61-1 bytes accepted, one more refused", s->name, s->be[b],
                  dec ? "dec" : "enc");
#undef GCM1
            /* streaming: the limits count what came before; a refused call changes nothing */
            const size_t len = 40, first = 17;
            m_gcm(nonce, 12, aad, sizeof aad, b_exp, b_src, len, 0, tag);
            const uint8_t *in = place(b_in, dec ? b_exp : b_src, len);
            uint8_t *out = out_at(len);
            arx_gcm *g = NULL;
            int rc = arx_gcm_new(&g, k, nonce, 12), ra1 = -1, ra2 = -1, r1 = -1, r2 = -1, r3 = -1;
            if (!rc) {
                rc = arx_gcm_aad(g, aad, 5);
                ra1 = arx_gcm_aad(g, aad, amax - 5 + 1);
                ra2 = arx_gcm_aad(g, aad, SIZE_MAX);
                if (!rc) rc = arx_gcm_aad(g, aad + 5, sizeof aad - 5);
                if (!rc)
                    rc = dec ? arx_gcm_decrypt_update(g, out, in, first)
                             : arx_gcm_encrypt_update(g, out, in, first);
                r1 = dec ? arx_gcm_decrypt_update(g, buf + 1, buf, tmax - first + 1)
                         : arx_gcm_encrypt_update(g, buf + 1, buf, tmax - first + 1);
                r2 = dec ? arx_gcm_decrypt_update(g, buf + 1, buf, tmax - first)
                         : arx_gcm_encrypt_update(g, buf + 1, buf, tmax - first);
                r3 = dec ? arx_gcm_decrypt_update(g, buf + 1, buf, SIZE_MAX)
                         : arx_gcm_encrypt_update(g, buf + 1, buf, SIZE_MAX);
                if (!rc)
                    rc = dec ? arx_gcm_decrypt_update(g, out + first, in + first, len - first)
                             : arx_gcm_encrypt_update(g, out + first, in + first, len - first);
                memcpy(tag2, tag, 16);
                if (!rc) rc = dec ? arx_gcm_decrypt_final(g, tag2, 16) : arx_gcm_encrypt_final(g, tag2, 16);
            }
            arx_gcm_free(g);
            CHECK(ra1 == ARX_ERR_TOO_LONG && ra2 == ARX_ERR_TOO_LONG && r1 == ARX_ERR_TOO_LONG &&
                      r2 == ARX_ERR_OVERLAP && r3 == ARX_ERR_TOO_LONG,
                  "%s/%s gcm streamed %s limits after 5 bytes of AAD and 17 of text: %d %d %d %d %d", s->name,
                  s->be[b], dec ? "dec" : "enc", ra1, ra2, r1, r2, r3);
            CHECK(rc == ARX_OK && same(out, dec ? b_src : b_exp, len) && same(tag, tag2, 16),
                  "%s/%s gcm streamed %s: the refused calls left the context as it was, rc %d", s->name,
                  s->be[b], dec ? "dec" : "enc", rc);
        }
        /* CCM: len < 2^(8q), q = 15 - nonce length; q = 8 leaves every size_t */
        for (size_t nl = 7; nl <= 12; nl++) {
            size_t q = 15 - nl;
            size_t top = q >= sizeof(size_t) ? SIZE_MAX : ((size_t)1 << (8 * q)) - 1;
            for (int dec = 0; dec < 2; dec++) {
                int ra = dec ? arx_ccm_decrypt(k, buf, nl, NULL, 0, buf + 1, buf, top, tag, 16)
                             : arx_ccm_encrypt(k, buf, nl, NULL, 0, buf + 1, buf, top, tag, 16);
                int rr = top == SIZE_MAX ? ARX_ERR_TOO_LONG
                         : dec ? arx_ccm_decrypt(k, buf, nl, NULL, 0, buf + 1, buf, top + 1, tag, 16)
                               : arx_ccm_encrypt(k, buf, nl, NULL, 0, buf + 1, buf, top + 1, tag, 16);
                CHECK(ra == ARX_ERR_OVERLAP && rr == ARX_ERR_TOO_LONG,
                      "%s/%s ccm %s nonce %zu: %zu bytes accepted (rc %d), one more refused (rc %d)", s->name,
                      s->be[b], dec ? "dec" : "enc", nl, top, ra, rr);
            }
        }
#endif
    }
    /* The 64 KiB CCM cases: LEA's three key sizes and one cipher of each other family (run time) */
    static const char *const big[] = {"lea-128",       "lea-192",       "lea-256",      "cham-128-128",
                                      "speck-128-128", "simon-128-128", "sparx-128-128"};
    int is_big = 0;
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++)
        is_big |= !strcmp(s->name, big[i]);
    if (bb != 16 || !is_big) return;
    /* CCM with a 13-byte nonce (q = 2): 65535 bytes in full, 65536 refused with nothing written */
    for (size_t len = 65535; len <= 65536; len++) {
        t_fill(b_src, len);
        if (len == 65535) m_ccm(nonce, 13, aad, sizeof aad, b_exp, b_src, len, 16, 0, tag);
        for (size_t b = 0; b < s->nk; b++) {
            uint8_t *in = place(b_in, b_src, len), *out = out_at(len);
            memset(out, 0x5a, len);
            memset(tag2, 0xa5, 16);
            int rc = arx_ccm_encrypt(s->k[b], nonce, 13, aad, sizeof aad, out, in, len, tag2, 16);
            if (len == 65535) {
                CHECK(rc == ARX_OK && same(out, b_exp, len) && same(tag, tag2, 16),
                      "%s/%s ccm 65535 bytes: enc rc %d", s->name, s->be[b], rc);
                in = place(b_in, b_exp, len);
                out = out_at(len);
                rc = arx_ccm_decrypt(s->k[b], nonce, 13, aad, sizeof aad, out, in, len, tag, 16);
                CHECK(rc == ARX_OK && same(out, b_src, len), "%s/%s ccm 65535 bytes: dec rc %d", s->name,
                      s->be[b], rc);
            } else {
                int rd = arx_ccm_decrypt(s->k[b], nonce, 13, aad, sizeof aad, out, in, len, tag, 16);
                CHECK(rc == ARX_ERR_TOO_LONG && rd == ARX_ERR_TOO_LONG && all(out, 0x5a, len) &&
                          all(tag2, 0xa5, 16),
                      "%s/%s ccm 65536 bytes with a 13-byte nonce: rc %d/%d, nothing written", s->name,
                      s->be[b], rc, rd);
            }
        }
    }
    /* CCM's AAD length: 0xfeff is the largest in two bytes, 0xff00 the first in six (A.2.2) */
    for (size_t al = 0xfeff; al <= 0xff00; al++) {
        uint8_t *a = end_of(b_tmp, al);
        t_fill(a, al);
        t_fill(b_src, 20);
        m_ccm(nonce, 13, a, al, b_exp, b_src, 20, 8, 0, tag);
        for (size_t b = 0; b < s->nk; b++) {
            uint8_t *in = place(b_in, b_src, 20), *out = out_at(20);
            int rc = arx_ccm_encrypt(s->k[b], nonce, 13, a, al, out, in, 20, tag2, 8);
            CHECK(rc == ARX_OK && same(out, b_exp, 20) && same(tag, tag2, 8),
                  "%s/%s ccm aad %zu bytes: rc %d", s->name, s->be[b], al, rc);
        }
    }
}

int main(int argc, char **argv) {
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 20261207;
    printf("seed %llu\n", (unsigned long long)seed);
    t_seed(seed);
    uint8_t **bufs[] = {&b_src, &b_in, &b_exp, &b_out, &b_tmp};
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
        *bufs[i] = malloc(CAP);
    b_big = malloc(4 * CAP);
    for (size_t i = 0; i < arx_cipher_count(); i++) {
        suite s;
        memset(&s, 0, sizeof s);
        s.c = arx_cipher_at(i);
        s.name = arx_cipher_name(s.c);
        s.bb = arx_cipher_block_bytes(s.c);
        uint8_t key[32];
        t_fill(key, sizeof key);
        size_t kl = arx_cipher_key_bytes(s.c);
        CHECK(arx_key_new(&s.ref, s.c, key, kl, "ref") == ARX_OK, "%s ref key", s.name);
        for (size_t b = 0; b < arx_cipher_backend_count(s.c); b++) {
            if (!arx_cipher_backend_available(s.c, b)) continue;
            const char *bn = arx_cipher_backend_name(s.c, b);
            arx_key *k = NULL;
            int rc = arx_key_new(&k, s.c, key, kl, bn);
            CHECK(rc == ARX_OK && !strcmp(arx_key_backend(k), bn), "%s/%s forced backend: rc %d", s.name, bn,
                  rc);
            if (rc) continue;
            s.k[s.nk] = k;
            s.be[s.nk] = bn;
            s.lanes[s.nk] = k->be->lanes;
            if (k->be->lanes > s.lmax) s.lmax = k->be->lanes;
            s.nk++;
        }
        if (!s.ref) continue;
        m_use(s.ref);
        int before = t_failed;
        if (s.bb == 16) {
            case_gcm_nonces(&s);
            case_empty(&s);
            case_gcm_wrap(&s);
        }
        case_tags(&s);
        case_ctr_wrap(&s);
        case_inplace_overlap(&s);
        case_lengths(&s);
        case_limits(&s);
        printf("%-22s", s.name);
        for (size_t b = 0; b < s.nk; b++)
            printf(" %s(%u)", s.be[b], s.lanes[b]);
        printf(": %s\n", t_failed == before ? "ok" : "FAILED");
        for (size_t b = 0; b < s.nk; b++)
            arx_key_free(s.k[b]);
        arx_key_free(s.ref);
    }
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
        free(*bufs[i]);
    free(b_big);
    return t_summary();
}
