/*
 * fuzz_aead: GCM and CCM opening on every 128-bit-block cipher and every
 * backend this CPU runs (libFuzzer).
 *
 * Properties, on each backend:
 *  - Opening anything (fuzzer-chosen key, nonce, AAD, ciphertext and tag of
 *    any length; one-shot GCM and CCM, streaming GCM):
 *    ARX_OK means the tag was genuinely right: encrypting the released
 *    plaintext with the same parameters gives back exactly that ciphertext
 *    and tag. ARX_ERR_AUTH from one-shot decryption leaves every byte of the
 *    output zero (arxcrypt.h: "one-shot AEAD decryption zeroes `out`"; the
 *    buffer is prefilled with non-zero bytes). Any other error leaves the
 *    output untouched. Streaming GCM gives the same verdict (and plaintext)
 *    as one-shot, and every backend the same as ref.
 *  - Forgeries: a message the backend sealed opens to its plaintext; with
 *    fuzzer-chosen bits of its nonce, AAD, ciphertext or tag flipped it must
 *    not open, and one-shot opening must leave only zeros. (With a tag
 *    shorter than 16 bytes a real collision of the truncated tag is possible,
 *    with odds 2^-(8*tag_len) per try: an ARX_OK is accepted only when
 *    re-encryption proves the altered message really has that tag.)
 * Every buffer is a heap block of exactly its length (ASan sees overruns).
 *
 * Input layout (bytes past the end read as 0, data as a fixed pattern):
 *   [0]      cipher: index into the 128-bit-block ciphers
 *   [1]      bits 0-1: 0 GCM, 1 CCM, 2 streaming GCM, 3 CCM; bit 2 forgery test;
 *            bit 3 open in place; bit 4 nonce and tag lengths as given (else valid)
 *   [2]      nonce length selector, [3] tag length selector
 *   [4..5]   AAD length mod 513, [6..7] data length mod MAXLEN + 1
 *   [8..11]  two split points of the data (streaming), [12] AAD split (x/255)
 *   then key, nonce, AAD, tag, data; then the bits to flip (forgery test),
 *   three bytes each: [what: nonce, AAD, ciphertext, tag (mod 4)] [bit: 16 bits LE].
 */
#include <stdarg.h>

#include "arxcrypt.h"
#include "fuzz_input.h"

#define MAXLEN (257 * 16 + 15)
#define MAXAAD 512
#define MAXNONCE 64
#define MAXTAG 32
#define MAXKEY 32

enum { K_GCM, K_CCM, K_GCM_STREAM };

typedef struct {
    const arx_cipher *c;
    int kind, forge, inplace, raw_lens;
    size_t key_len, nonce_len, aad_len, tag_len, len;
    size_t split[2], aad_split;
    uint8_t key[MAXKEY], nonce[MAXNONCE], aad[MAXAAD], tag[MAXTAG], data[MAXLEN];
    const uint8_t *flips;
    size_t nflips;
} op;

static const char *backend_label;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3), noreturn))
#endif
static void fail(const op *o, const char *fmt, ...) {
    static const char *const kinds[] = {"gcm", "ccm", "gcm-stream"};
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "fuzz_aead: %s %s%s backend %s: ", arx_cipher_name(o->c), kinds[o->kind],
            o->forge ? " forgery" : "", backend_label);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    fprintf(stderr,
            "  nonce_len %zu, aad_len %zu, tag_len %zu, len %zu (splits %zu, %zu), aad split %zu, %s\n",
            o->nonce_len, o->aad_len, o->tag_len, o->len, o->split[0], o->split[1], o->aad_split,
            o->inplace ? "in place" : "out of place");
    abort();
}

static int is_gcm(const op *o) { return o->kind != K_CCM; }

static int seal(const op *o, const arx_key *k, const uint8_t *nonce, const uint8_t *aad, uint8_t *out,
                const uint8_t *in, uint8_t *tag) {
    return (is_gcm(o) ? arx_gcm_encrypt : arx_ccm_encrypt)(k, nonce, o->nonce_len, aad, o->aad_len, out, in,
                                                           o->len, tag, o->tag_len);
}

static int open_oneshot(const op *o, const arx_key *k, const uint8_t *nonce, const uint8_t *aad, uint8_t *out,
                        const uint8_t *in, const uint8_t *tag) {
    return (is_gcm(o) ? arx_gcm_decrypt : arx_ccm_decrypt)(k, nonce, o->nonce_len, aad, o->aad_len, out, in,
                                                           o->len, tag, o->tag_len);
}

/* Streaming GCM open: the first failing call's code, or the final verdict. */
static int open_stream(const op *o, const arx_key *k, const uint8_t *nonce, const uint8_t *aad, uint8_t *out,
                       const uint8_t *in, const uint8_t *tag) {
    arx_gcm *g = NULL;
    int rc = arx_gcm_new(&g, k, nonce, o->nonce_len);
    if (rc) return rc;
    const size_t a = o->split[0], b = o->split[1];
    if (!rc) rc = arx_gcm_aad(g, aad, o->aad_split);
    if (!rc) rc = arx_gcm_aad(g, aad + o->aad_split, o->aad_len - o->aad_split);
    if (!rc) rc = arx_gcm_decrypt_update(g, out, in, a);
    if (!rc) rc = arx_gcm_decrypt_update(g, out + a, in + a, b - a);
    if (!rc) rc = arx_gcm_decrypt_update(g, out + b, in + b, o->len - b);
    if (!rc) rc = arx_gcm_decrypt_final(g, tag, o->tag_len);
    arx_gcm_free(g);
    return rc;
}

/* rc == ARX_OK: the tag was right. Sealing what was released must give back
 * the ciphertext and tag that were opened. Returns 1 if it does. */
static int genuine(const op *o, const arx_key *k, const uint8_t *nonce, const uint8_t *aad, const uint8_t *pt,
                   const uint8_t *ct, const uint8_t *tag) {
    uint8_t *ct2 = fz_alloc(o->len), *tag2 = fz_alloc(o->tag_len);
    int rc = seal(o, k, nonce, aad, ct2, pt, tag2);
    int same = rc == ARX_OK && (!o->len || !memcmp(ct2, ct, o->len)) && !memcmp(tag2, tag, o->tag_len);
    free(ct2);
    free(tag2);
    return same;
}

/* Index of the first non-zero byte of p[0..n), n if all are zero. */
static size_t nonzero_at(const uint8_t *p, size_t n) {
    size_t i = 0;
    while (i < n && !p[i]) i++;
    return i;
}

/* An output block of len bytes holding the input (in place) or 0xa5s. */
static uint8_t *out_block(const op *o, const uint8_t *ct) {
    uint8_t *p = fz_alloc(o->len);
    if (o->inplace) memcpy(p, ct, o->len);
    else memset(p, 0xa5, o->len);
    return p;
}

/* Part 1: open whatever the fuzzer gives. ref_rc/ref_pt: ref's verdict and
 * plaintext, to compare the other backends with (ref_rc < -100 on ref itself). */
static int open_any(const op *o, const arx_key *k, int ref_rc, const uint8_t *ref_pt, uint8_t **pt_out) {
    uint8_t *nonce = fz_dup(o->nonce, o->nonce_len), *aad = fz_dup(o->aad, o->aad_len);
    uint8_t *ct = fz_dup(o->data, o->len), *tag = fz_dup(o->tag, o->tag_len);
    uint8_t *out = out_block(o, ct);
    const uint8_t *in = o->inplace ? out : ct;
    int rc = o->kind == K_GCM_STREAM ? open_stream(o, k, nonce, aad, out, in, tag)
                                     : open_oneshot(o, k, nonce, aad, out, in, tag);
    if (rc == ARX_OK) {
        if (!genuine(o, k, nonce, aad, out, ct, tag))
            fail(o, "opened (ARX_OK), but sealing the plaintext does not give that ciphertext and tag");
    } else if (o->kind != K_GCM_STREAM) {
        if (rc == ARX_ERR_AUTH && nonzero_at(out, o->len) < o->len)
            fail(o, "ARX_ERR_AUTH, but output byte %zu is not zero", nonzero_at(out, o->len));
        if (rc != ARX_ERR_AUTH) {
            for (size_t i = 0; i < o->len; i++)
                if (out[i] != (o->inplace ? ct[i] : 0xa5))
                    fail(o, "error %d, but output byte %zu was written", rc, i);
        }
    }
    if (o->kind == K_GCM_STREAM) { /* the one-shot verdict on the same input */
        uint8_t *one = out_block(o, ct);
        int rc1 = open_oneshot(o, k, nonce, aad, one, o->inplace ? one : ct, tag);
        if (rc1 != rc) fail(o, "streaming open returned %d, one-shot %d", rc, rc1);
        if (rc == ARX_OK && o->len && memcmp(one, out, o->len))
            fail(o, "streamed plaintext differs from one-shot at byte %zu", fz_diff_at(one, out, o->len));
        free(one);
    }
    if (ref_rc >= -100) {
        if (rc != ref_rc) fail(o, "returned %d, ref %d", rc, ref_rc);
        if (rc == ARX_OK && o->len && memcmp(out, ref_pt, o->len))
            fail(o, "plaintext differs from ref at byte %zu", fz_diff_at(out, ref_pt, o->len));
    }
    free(nonce);
    free(aad);
    free(ct);
    free(tag);
    if (pt_out) *pt_out = out;
    else free(out);
    return rc;
}

/* Part 2: seal, check it opens, flip bits, check it no longer opens. */
static void forge(const op *o, const arx_key *k) {
    uint8_t *nonce = fz_dup(o->nonce, o->nonce_len), *aad = fz_dup(o->aad, o->aad_len);
    uint8_t *pt = fz_dup(o->data, o->len), *ct = fz_alloc(o->len), *tag = fz_alloc(o->tag_len);
    int rc = seal(o, k, nonce, aad, ct, pt, tag);
    if (rc) fail(o, "sealing with valid parameters returned %d", rc);

    uint8_t *out = out_block(o, ct);
    rc = o->kind == K_GCM_STREAM ? open_stream(o, k, nonce, aad, out, o->inplace ? out : ct, tag)
                                 : open_oneshot(o, k, nonce, aad, out, o->inplace ? out : ct, tag);
    if (rc != ARX_OK || (o->len && memcmp(out, pt, o->len)))
        fail(o, "a message just sealed does not open (%d)", rc);
    free(out);

    /* The altered copies; each target gets the flips aimed at it. */
    uint8_t *n2 = fz_dup(nonce, o->nonce_len), *a2 = fz_dup(aad, o->aad_len);
    uint8_t *c2 = fz_dup(ct, o->len), *t2 = fz_dup(tag, o->tag_len);
    uint8_t *targets[4] = {n2, a2, c2, t2};
    const size_t lens[4] = {o->nonce_len, o->aad_len, o->len, o->tag_len};
    for (size_t i = 0; i + 3 <= o->nflips; i += 3) {
        unsigned w = o->flips[i] & 3u;
        size_t bit = (size_t)o->flips[i + 1] | (size_t)o->flips[i + 2] << 8;
        if (lens[w]) targets[w][bit / 8 % lens[w]] ^= (uint8_t)(1u << (bit % 8));
    }
    int changed = memcmp(n2, nonce, o->nonce_len) || (o->aad_len && memcmp(a2, aad, o->aad_len)) ||
                  (o->len && memcmp(c2, ct, o->len)) || memcmp(t2, tag, o->tag_len);
    if (!changed) t2[0] ^= 1; /* the flips cancelled out (or there were none) */

    out = out_block(o, c2);
    const uint8_t *in = o->inplace ? out : c2;
    rc = o->kind == K_GCM_STREAM ? open_stream(o, k, n2, a2, out, in, t2)
                                 : open_oneshot(o, k, n2, a2, out, in, t2);
    if (rc == ARX_OK) {
        if (o->tag_len == 16 || !genuine(o, k, n2, a2, out, c2, t2))
            fail(o, "an altered message opened (ARX_OK)");
    } else if (rc != ARX_ERR_AUTH) {
        fail(o, "opening an altered message returned %d, not ARX_ERR_AUTH", rc);
    } else if (o->kind != K_GCM_STREAM && nonzero_at(out, o->len) < o->len) {
        fail(o, "an altered message was refused, but output byte %zu is not zero", nonzero_at(out, o->len));
    }
    free(out);
    free(n2);
    free(a2);
    free(c2);
    free(t2);
    free(nonce);
    free(aad);
    free(pt);
    free(ct);
    free(tag);
}

static size_t pick_nonce_len(const op *o, uint8_t sel) {
    if (o->raw_lens && !o->forge) return sel & 0x3f;
    if (o->kind == K_CCM) return 7 + sel % 7;
    return sel < 0x80 ? 12 : 1 + (sel & 0x3f);
}

static size_t pick_tag_len(const op *o, uint8_t sel) {
    if (o->raw_lens && !o->forge) return sel & 0x1f;
    return o->kind == K_CCM ? 4 + 2 * (size_t)(sel % 7) : 4 + sel % 13;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const arx_cipher *ciphers[64];
    static size_t nciphers;
    if (!nciphers)
        for (size_t i = 0; i < arx_cipher_count() && nciphers < 64; i++)
            if (arx_cipher_block_bytes(arx_cipher_at(i)) == 16) ciphers[nciphers++] = arx_cipher_at(i);

    static op o;
    fz_reader r = {data, size};
    o.c = ciphers[fz_u8(&r) % nciphers];
    uint8_t f = fz_u8(&r);
    o.kind = (f & 3) == 3 ? K_CCM : f & 3;
    o.forge = f >> 2 & 1;
    o.inplace = f >> 3 & 1;
    o.raw_lens = f >> 4 & 1;
    uint8_t nsel = fz_u8(&r), tsel = fz_u8(&r);
    o.nonce_len = pick_nonce_len(&o, nsel);
    o.tag_len = pick_tag_len(&o, tsel);
    o.aad_len = fz_u16(&r) % (MAXAAD + 1);
    o.len = fz_u16(&r) % (MAXLEN + 1);
    size_t s0 = fz_u16(&r) % (o.len + 1), s1 = fz_u16(&r) % (o.len + 1);
    o.split[0] = s0 < s1 ? s0 : s1;
    o.split[1] = s0 < s1 ? s1 : s0;
    o.aad_split = o.aad_len * fz_u8(&r) / 255;
    o.key_len = arx_cipher_key_bytes(o.c);
    fz_bytes(&r, o.key, o.key_len);
    fz_bytes(&r, o.nonce, o.nonce_len);
    fz_bytes(&r, o.aad, o.aad_len);
    fz_bytes(&r, o.tag, o.tag_len);
    fz_bytes(&r, o.data, o.len);
    o.flips = r.p;
    o.nflips = r.n;

    int ref_rc = -1000;
    uint8_t *ref_pt = NULL;
    for (size_t i = 0; i < arx_cipher_backend_count(o.c); i++) {
        if (!arx_cipher_backend_available(o.c, i)) continue;
        backend_label = arx_cipher_backend_name(o.c, i);
        arx_key *k = NULL;
        if (arx_key_new(&k, o.c, o.key, o.key_len, backend_label)) fail(&o, "arx_key_new failed");
        if (o.forge) forge(&o, k);
        else if (i == 0) ref_rc = open_any(&o, k, ref_rc, NULL, &ref_pt);
        else open_any(&o, k, ref_rc, ref_pt, NULL);
        arx_key_free(k);
    }
    free(ref_pt);
    return 0;
}
