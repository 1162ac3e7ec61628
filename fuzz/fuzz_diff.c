/*
 * fuzz_diff: differential fuzzing of the backends (libFuzzer).
 *
 * Property: for any cipher, mode and parameters, every backend this CPU runs
 * gives exactly what the portable "ref" backend gives: the return code of
 * every call (refusals of a bad key, IV/nonce or tag length, a short output
 * buffer, overlapping buffers or calls out of order included), every byte of
 * the output block (the misalignment bytes before the output and, in place,
 * the input too), the tag and the output length. Streaming CTR and GCM, cut
 * at fuzzer-chosen points, must also equal their one-shot forms on each
 * backend, and out-of-place calls must leave their input as it was. On
 * every backend the output keeps the promises of arxcrypt.h: nothing is
 * written before it, and a one-shot call that fails leaves it untouched,
 * except for the zeroing after ARX_ERR_AUTH (GCM, CCM) and ARX_ERR_PADDING.
 * Keys, IVs, AAD, tags and data sit in heap blocks of exactly their size, so
 * AddressSanitizer reports a read or write one byte past any of them.
 * A mismatch prints the cipher, mode and backend on stderr and aborts.
 *
 * Input layout (bytes past the end read as 0; data past the end is a fixed
 * pattern, so a short input can still ask for kilobytes):
 *   [0]      cipher: index mod arx_cipher_count()
 *   [1]      bits 0-2 mode (arx_mode), bit 3 decrypt, bit 4 variant (cbc: PKCS#7
 *            padding; ctr, gcm: streaming; cmac: verify), bit 5 a valid tag or
 *            padding (decrypt/verify get what ref's encryption gives), bit 6 NULL
 *            pointers for empty buffers, bit 7 a key one byte short
 *   [2]      bits 0-5 input offset (0..63), bits 6-7 layout: 0 out-of-place,
 *            1-2 in place, 3 output overlapping the input (must be refused)
 *   [3]      bits 0-5 output offset (or the overlap's distance)
 *   [4]      IV/nonce length: below 0xc0 a valid one, else bits 0-5 as is
 *   [5]      tag length: below 0xc0 a valid one, else bits 0-4 as is
 *   [6]      CBC padding output capacity: below 0xe0 enough (plus bits 0-4 spare),
 *            else 1 to 4 bytes short
 *   [7..8]   AAD length mod 1025 (gcm, ccm), [9..10] data length mod MAXLEN + 1
 *   [11..14] two split points of the data, [15] split point of the AAD (x/255)
 *   then the key, IV, AAD, tag and data bytes.
 */
#include <stdarg.h>

#include "arxcrypt.h"
#include "fuzz_input.h"

/* Data up to 257 16-byte blocks and a partial one: past four of the widest
 * kernels' 64-block batches and five of stitched LEA-GCM's 48-block groups. */
#define MAXLEN (257 * 16 + 15)
#define MAXAAD 1024
#define MAXIV 64
#define MAXTAG 32
#define MAXKEY 32
#define MAXRC 12

enum { LAYOUT_APART, LAYOUT_INPLACE, LAYOUT_OVERLAP };

typedef struct {
    const arx_cipher *c;
    arx_mode mode;
    int decrypt, variant, valid_tag, null_empty, layout;
    size_t in_off, out_off, overlap, key_len, iv_len, aad_len, tag_len, len, cap;
    size_t split[2], aad_split;
    uint8_t cap_sel;
    uint8_t key[MAXKEY], iv[MAXIV], aad[MAXAAD], tag[MAXTAG], data[MAXLEN + 16];
} op;

typedef struct {
    int rc_key;    /* arx_key_new */
    int rc[MAXRC]; /* every later call, in order */
    size_t nrc;
    size_t out_len; /* CBC with padding */
    uint8_t *blk;   /* the whole block the output was written into */
    size_t blk_len;
    uint8_t tag[MAXTAG];
} result;

static const char *backend_label;

static void describe(const op *o) {
    static const char *const layouts[] = {"out-of-place", "in-place", "overlapping"};
    fprintf(stderr,
            "  cipher %s, mode %s%s%s%s, key_len %zu, iv_len %zu, aad_len %zu (split %zu), tag_len %zu,\n"
            "  len %zu (splits %zu, %zu), cap %zu, %s, in_off %zu, out_off %zu, overlap %zu%s\n",
            arx_cipher_name(o->c), arx_mode_name(o->mode), o->decrypt ? " decrypt" : "",
            o->variant ? (o->mode == ARX_MODE_CBC ? " pad" : o->mode == ARX_MODE_CMAC ? " verify" : " stream")
                       : "",
            o->valid_tag ? " valid-tag" : "", o->key_len, o->iv_len, o->aad_len, o->aad_split, o->tag_len,
            o->len, o->split[0], o->split[1], o->cap, layouts[o->layout], o->in_off, o->out_off, o->overlap,
            o->null_empty ? ", NULL for empty" : "");
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3), noreturn))
#endif
static void fail(const op *o, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "fuzz_diff: %s %s backend %s: ", arx_cipher_name(o->c), arx_mode_name(o->mode),
            backend_label);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    describe(o);
    abort();
}

/* p + off, keeping NULL as NULL (no arithmetic on a null pointer). */
static uint8_t *at(uint8_t *p, size_t off) { return p ? p + off : NULL; }
static const uint8_t *cat(const uint8_t *p, size_t off) { return p ? p + off : NULL; }

static size_t pick_iv_len(arx_mode m, size_t bb, uint8_t sel) {
    if (m == ARX_MODE_ECB || m == ARX_MODE_CMAC) return 0;
    if (sel >= 0xc0) return sel & 0x3f;
    if (m == ARX_MODE_GCM) return sel < 0x80 ? 12 : 1 + (sel & 0x3f);
    if (m == ARX_MODE_CCM) return 7 + sel % 7;
    return bb;
}

static size_t pick_tag_len(arx_mode m, size_t bb, uint8_t sel) {
    if (m != ARX_MODE_GCM && m != ARX_MODE_CCM && m != ARX_MODE_CMAC) return 0;
    if (sel >= 0xc0) return sel & 0x1f;
    if (m == ARX_MODE_GCM) return 4 + sel % 13;
    if (m == ARX_MODE_CCM) return 4 + 2 * (size_t)(sel % 7);
    return bb > 4 ? 4 + sel % (bb - 3) : 4;
}

/* Output capacity: the data length, except for CBC with padding. */
static void set_cap(op *o) {
    o->cap = o->mode == ARX_MODE_CMAC ? 0 : o->len;
    if (o->mode != ARX_MODE_CBC || !o->variant) return;
    size_t bb = arx_cipher_block_bytes(o->c);
    size_t need = o->decrypt ? (o->len ? o->len - 1 : 0) : o->len + bb - o->len % bb;
    size_t shortby = 1 + (o->cap_sel & 3u);
    if (o->cap_sel < 0xe0) o->cap = need + (o->cap_sel & 0x1fu);
    else o->cap = need > shortby ? need - shortby : 0;
}

static void parse(op *o, const uint8_t *data, size_t size) {
    fz_reader r = {data, size};
    o->c = arx_cipher_at(fz_u8(&r) % arx_cipher_count());
    uint8_t m = fz_u8(&r), l = fz_u8(&r), oo = fz_u8(&r);
    o->mode = (arx_mode)(m & 7);
    o->decrypt = m >> 3 & 1;
    o->variant = m >> 4 & 1;
    o->valid_tag = m >> 5 & 1;
    o->null_empty = m >> 6 & 1;
    size_t kb = arx_cipher_key_bytes(o->c), bb = arx_cipher_block_bytes(o->c);
    o->key_len = m >> 7 ? kb - 1 : kb;
    o->in_off = l & 63u;
    o->layout = (l >> 6) == 0 ? LAYOUT_APART : (l >> 6) == 3 ? LAYOUT_OVERLAP : LAYOUT_INPLACE;
    o->out_off = oo & 63u;
    o->iv_len = pick_iv_len(o->mode, bb, fz_u8(&r));
    o->tag_len = pick_tag_len(o->mode, bb, fz_u8(&r));
    o->cap_sel = fz_u8(&r);
    o->aad_len = fz_u16(&r) % (MAXAAD + 1);
    if (o->mode != ARX_MODE_GCM && o->mode != ARX_MODE_CCM) o->aad_len = 0;
    o->len = fz_u16(&r) % (MAXLEN + 1);
    size_t s0 = fz_u16(&r) % (o->len + 1), s1 = fz_u16(&r) % (o->len + 1);
    o->split[0] = s0 < s1 ? s0 : s1;
    o->split[1] = s0 < s1 ? s1 : s0;
    o->aad_split = o->aad_len * fz_u8(&r) / 255;
    fz_bytes(&r, o->key, o->key_len);
    fz_bytes(&r, o->iv, o->iv_len);
    fz_bytes(&r, o->aad, o->aad_len);
    fz_bytes(&r, o->tag, o->tag_len);
    fz_bytes(&r, o->data, o->len);
    set_cap(o);
}

/* Bit 5: give decryption (and CMAC verification) input that passes, made by
 * ref, so the success paths run too. Parameters ref refuses stay as they are. */
static void make_valid(op *o) {
    arx_key *k = NULL;
    if (arx_key_new(&k, o->c, o->key, o->key_len, "ref")) return;
    static uint8_t ct[MAXLEN + 16];
    uint8_t tag[MAXTAG];
    size_t n = 0;
    switch (o->mode) {
    case ARX_MODE_GCM:
    case ARX_MODE_CCM:
        if (!o->decrypt) break;
        if ((o->mode == ARX_MODE_GCM ? arx_gcm_encrypt : arx_ccm_encrypt)(
                k, o->iv, o->iv_len, o->aad, o->aad_len, ct, o->data, o->len, tag, o->tag_len) == ARX_OK) {
            memcpy(o->data, ct, o->len);
            memcpy(o->tag, tag, o->tag_len);
        }
        break;
    case ARX_MODE_CBC:
        if (!o->decrypt || !o->variant) break;
        if (arx_cbc_encrypt_pad(k, o->iv, o->iv_len, ct, sizeof ct, &n, o->data, o->len) == ARX_OK) {
            memcpy(o->data, ct, n);
            o->len = n;
            o->split[0] = o->split[1] = 0;
            set_cap(o);
        }
        break;
    case ARX_MODE_CMAC:
        if (arx_cmac(k, o->data, o->len, tag, o->tag_len) == ARX_OK) memcpy(o->tag, tag, o->tag_len);
        break;
    default: break;
    }
    arx_key_free(k);
}

#define RC(call) (r->rc[r->nrc++] = (call))

static void run_ctr_stream(const op *o, const arx_key *k, const uint8_t *iv, uint8_t *out, const uint8_t *in,
                           result *r) {
    arx_ctr *s = NULL;
    if (RC(arx_ctr_new(&s, k, iv, o->iv_len))) return;
    const size_t a = o->split[0], b = o->split[1];
    RC(arx_ctr_update(s, out, in, a));
    RC(arx_ctr_update(s, at(out, a), cat(in, a), b - a));
    RC(arx_ctr_update(s, at(out, b), cat(in, b), o->len - b));
    arx_ctr_free(s);
}

static void run_gcm_stream(const op *o, const arx_key *k, const uint8_t *iv, const uint8_t *aad, uint8_t *out,
                           const uint8_t *in, uint8_t *tag, result *r) {
    arx_gcm *g = NULL;
    if (RC(arx_gcm_new(&g, k, iv, o->iv_len))) return;
    int (*update)(arx_gcm *, uint8_t *, const uint8_t *, size_t) =
        o->decrypt ? arx_gcm_decrypt_update : arx_gcm_encrypt_update;
    const size_t a = o->split[0], b = o->split[1];
    RC(arx_gcm_aad(g, aad, o->aad_split));
    RC(arx_gcm_aad(g, cat(aad, o->aad_split), o->aad_len - o->aad_split));
    RC(update(g, out, in, a));
    RC(update(g, at(out, a), cat(in, a), b - a));
    RC(update(g, at(out, b), cat(in, b), o->len - b));
    RC(arx_gcm_aad(g, aad, o->aad_len)); /* after data: ARX_ERR_STATE */
    RC(o->decrypt ? arx_gcm_decrypt_final(g, tag, o->tag_len) : arx_gcm_encrypt_final(g, tag, o->tag_len));
    RC(update(g, out, in, 0)); /* after final: ARX_ERR_STATE */
    arx_gcm_free(g);
}

/* Streaming against one-shot on the same backend, when every streaming call
 * that should succeed did (the final GCM check may fail: then one-shot must
 * fail the same way). `res` is the streamed output, `tag` its tag. */
static void check_stream(const op *o, const arx_key *k, const uint8_t *res, const uint8_t *tag,
                         const result *r) {
    if (o->layout == LAYOUT_OVERLAP) return; /* later pieces read what earlier ones wrote */
    int gcm = o->mode == ARX_MODE_GCM;
    size_t must_pass = gcm ? 6 : 4; /* new, aad x2, update x3 / new, update x3 */
    if (r->nrc < must_pass) return;
    for (size_t i = 0; i < must_pass; i++)
        if (r->rc[i] != ARX_OK) return;
    uint8_t *one = fz_alloc(o->len), *tag1 = fz_alloc(MAXTAG);
    int rc;
    if (!gcm)
        rc = arx_ctr_xor(k, o->iv, o->iv_len, one, o->data, o->len);
    else if (o->decrypt)
        rc = arx_gcm_decrypt(k, o->iv, o->iv_len, o->aad, o->aad_len, one, o->data, o->len, o->tag,
                             o->tag_len);
    else
        rc = arx_gcm_encrypt(k, o->iv, o->iv_len, o->aad, o->aad_len, one, o->data, o->len, tag1, o->tag_len);
    int stream_rc = gcm ? r->rc[7] : ARX_OK; /* the final call */
    if (rc != stream_rc) fail(o, "one-shot returned %d, streaming %d", rc, stream_rc);
    if (rc == ARX_OK && o->len && memcmp(one, res, o->len))
        fail(o, "streamed output differs from one-shot at byte %zu", fz_diff_at(one, res, o->len));
    if (gcm && !o->decrypt && rc == ARX_OK && memcmp(tag1, tag, o->tag_len))
        fail(o, "streamed tag differs from one-shot");
    free(one);
    free(tag1);
}

/* What arxcrypt.h promises about the output, on any backend: nothing is
 * written before it; a one-shot call that fails leaves it untouched, except
 * that AEAD decryption zeroes it (ARX_ERR_AUTH) and CBC padding removal its
 * first len - 1 bytes (ARX_ERR_PADDING); a failed padding call sets *out_len
 * to 0. `before` is the output block as it was before the call. */
static void check_contract(const op *o, const result *r, const uint8_t *before, const uint8_t *out) {
    if (o->layout != LAYOUT_OVERLAP && out) {
        size_t pre = (size_t)(out - r->blk);
        if (pre && memcmp(before, r->blk, pre)) fail(o, "wrote before the output");
    }
    if (r->nrc != 1 || r->rc[0] == ARX_OK) return;
    const int rc = r->rc[0];
    const int aead = o->mode == ARX_MODE_GCM || o->mode == ARX_MODE_CCM;
    const int pad = o->mode == ARX_MODE_CBC && o->variant;
    if (pad && r->out_len != 0) fail(o, "returned %d, but *out_len is %zu, not 0", rc, r->out_len);
    if ((rc == ARX_ERR_AUTH && aead) || (rc == ARX_ERR_PADDING && pad)) {
        size_t n = rc == ARX_ERR_AUTH ? o->len : o->len - 1;
        for (size_t i = 0; out && i < n; i++)
            if (out[i]) fail(o, "returned %d, but output byte %zu is not zero", rc, i);
    } else if (r->blk_len && memcmp(before, r->blk, r->blk_len)) {
        fail(o, "returned %d, but wrote block byte %zu", rc, fz_diff_at(before, r->blk, r->blk_len));
    }
}

/* One operation on one backend; r gets everything the comparison looks at. */
static void run(const op *o, const char *backend, result *r) {
    memset(r, 0, sizeof *r);
    arx_key *k = NULL;
    uint8_t *key = fz_dup(o->key, o->key_len);
    r->rc_key = arx_key_new(&k, o->c, key, o->key_len, backend);
    free(key);
    if (r->rc_key) return;

    uint8_t *iv = fz_dup(o->iv, o->iv_len), *aad = fz_dup(o->aad, o->aad_len),
            *tag = fz_dup(o->tag, o->tag_len);
    const uint8_t *ivp = o->null_empty && !o->iv_len ? NULL : iv;
    const uint8_t *aadp = o->null_empty && !o->aad_len ? NULL : aad;
    uint8_t *tagp = o->null_empty && !o->tag_len ? NULL : tag;

    /* Buffers: the output block is prefilled, so a stray write shows up in
     * the comparison; the input sits apart, in it, or partly over it. */
    const size_t span = o->len > o->cap ? o->len : o->cap;
    uint8_t *inblk = NULL, *in, *out;
    switch (o->layout) {
    case LAYOUT_APART:
        inblk = fz_alloc(o->in_off + o->len);
        memset(inblk, 0x5a, o->in_off);
        in = inblk + o->in_off;
        memcpy(in, o->data, o->len);
        r->blk_len = o->out_off + o->cap;
        r->blk = fz_alloc(r->blk_len);
        memset(r->blk, 0xc3, r->blk_len);
        out = r->blk + o->out_off;
        break;
    case LAYOUT_INPLACE:
        r->blk_len = o->in_off + span;
        r->blk = fz_alloc(r->blk_len);
        memset(r->blk, 0xc3, r->blk_len);
        in = out = r->blk + o->in_off;
        memcpy(in, o->data, o->len);
        break;
    default: /* LAYOUT_OVERLAP: out and in `overlap` bytes apart, either way round */
        r->blk_len = span + o->overlap;
        r->blk = fz_alloc(r->blk_len);
        memset(r->blk, 0xc3, r->blk_len);
        in = r->blk + (o->in_off & 1 ? o->overlap : 0);
        out = r->blk + (o->in_off & 1 ? 0 : o->overlap);
        memcpy(in, o->data, o->len);
        break;
    }
    if (o->null_empty && !o->len) in = NULL;
    if (o->null_empty && !o->cap) out = NULL;
    const uint8_t *inc = in;
    uint8_t *before = fz_dup(r->blk, r->blk_len);

    r->out_len = (size_t)-1;
    switch (o->mode) {
    case ARX_MODE_ECB:
        RC(o->decrypt ? arx_ecb_decrypt(k, out, inc, o->len) : arx_ecb_encrypt(k, out, inc, o->len));
        break;
    case ARX_MODE_CBC:
        if (o->variant)
            RC(o->decrypt ? arx_cbc_decrypt_pad(k, ivp, o->iv_len, out, o->cap, &r->out_len, inc, o->len)
                          : arx_cbc_encrypt_pad(k, ivp, o->iv_len, out, o->cap, &r->out_len, inc, o->len));
        else
            RC(o->decrypt ? arx_cbc_decrypt(k, ivp, o->iv_len, out, inc, o->len)
                          : arx_cbc_encrypt(k, ivp, o->iv_len, out, inc, o->len));
        break;
    case ARX_MODE_CFB:
        RC(o->decrypt ? arx_cfb_decrypt(k, ivp, o->iv_len, out, inc, o->len)
                      : arx_cfb_encrypt(k, ivp, o->iv_len, out, inc, o->len));
        break;
    case ARX_MODE_OFB: RC(arx_ofb_xor(k, ivp, o->iv_len, out, inc, o->len)); break;
    case ARX_MODE_CTR:
        if (o->variant) {
            run_ctr_stream(o, k, ivp, out, inc, r);
            check_stream(o, k, out, NULL, r);
        } else {
            RC(arx_ctr_xor(k, ivp, o->iv_len, out, inc, o->len));
        }
        break;
    case ARX_MODE_GCM:
        if (o->variant) {
            run_gcm_stream(o, k, ivp, aadp, out, inc, tagp, r);
            check_stream(o, k, out, tagp, r);
        } else if (o->decrypt) {
            RC(arx_gcm_decrypt(k, ivp, o->iv_len, aadp, o->aad_len, out, inc, o->len, tagp, o->tag_len));
        } else {
            RC(arx_gcm_encrypt(k, ivp, o->iv_len, aadp, o->aad_len, out, inc, o->len, tagp, o->tag_len));
        }
        break;
    case ARX_MODE_CCM:
        RC(o->decrypt
               ? arx_ccm_decrypt(k, ivp, o->iv_len, aadp, o->aad_len, out, inc, o->len, tagp, o->tag_len)
               : arx_ccm_encrypt(k, ivp, o->iv_len, aadp, o->aad_len, out, inc, o->len, tagp, o->tag_len));
        break;
    case ARX_MODE_CMAC:
        RC(o->variant ? arx_cmac_verify(k, inc, o->len, tagp, o->tag_len)
                      : arx_cmac(k, inc, o->len, tagp, o->tag_len));
        break;
    default: break;
    }

    check_contract(o, r, before, out);
    free(before);
    if (inblk) { /* out-of-place: the input is read-only */
        for (size_t i = 0; i < o->in_off; i++)
            if (inblk[i] != 0x5a) fail(o, "byte %zu before the input was written", o->in_off - i);
        if (o->len && memcmp(inblk + o->in_off, o->data, o->len))
            fail(o, "input modified at byte %zu", fz_diff_at(inblk + o->in_off, o->data, o->len));
    }
    memcpy(r->tag, tag, o->tag_len);
    free(inblk);
    free(iv);
    free(aad);
    free(tag);
    arx_key_free(k);
}

static void check_same(const op *o, const result *ref, const result *r) {
    if (r->rc_key != ref->rc_key) fail(o, "arx_key_new returned %d, ref %d", r->rc_key, ref->rc_key);
    if (r->nrc != ref->nrc) fail(o, "%zu calls made, ref %zu", r->nrc, ref->nrc);
    for (size_t i = 0; i < r->nrc; i++)
        if (r->rc[i] != ref->rc[i]) fail(o, "call %zu returned %d, ref %d", i, r->rc[i], ref->rc[i]);
    if (r->out_len != ref->out_len) fail(o, "output length %zu, ref %zu", r->out_len, ref->out_len);
    if (r->blk_len != ref->blk_len || (r->blk_len && memcmp(r->blk, ref->blk, r->blk_len)))
        fail(o, "output block differs from ref at byte %zu of %zu", fz_diff_at(r->blk, ref->blk, r->blk_len),
             r->blk_len);
    if (memcmp(r->tag, ref->tag, o->tag_len))
        fail(o, "tag differs from ref at byte %zu", fz_diff_at(r->tag, ref->tag, o->tag_len));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static op o;
    parse(&o, data, size);
    size_t span = o.len > o.cap ? o.len : o.cap;
    o.overlap = 1 + o.out_off % (span > 1 ? span - 1 : 1);
    if (o.valid_tag) {
        make_valid(&o);
        span = o.len > o.cap ? o.len : o.cap;
        o.overlap = 1 + o.out_off % (span > 1 ? span - 1 : 1);
    }

    result ref, r;
    backend_label = arx_cipher_backend_name(o.c, 0);
    run(&o, backend_label, &ref);
    for (size_t i = 1; i < arx_cipher_backend_count(o.c); i++) {
        if (!arx_cipher_backend_available(o.c, i)) continue;
        backend_label = arx_cipher_backend_name(o.c, i);
        run(&o, backend_label, &r);
        check_same(&o, &ref, &r);
        free(r.blk);
    }
    free(ref.blk);
    return 0;
}
