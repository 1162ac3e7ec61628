/*
 * EVP_CIPHER implementations: every arxcrypt cipher in ECB, CBC, CTR, GCM and
 * CCM (GCM and CCM for 128-bit blocks), shaped like OpenSSL's own
 * providers/implementations/ciphers: one context type, one set of functions
 * per mode family, and per algorithm only the two functions OpenSSL calls
 * without a context (newctx, get_params).
 *
 * What is EVP plumbing here and what is the library's:
 * - ECB/CBC: EVP hands over any number of bytes; partial blocks wait in the
 *   context (and, decrypting with padding, the last whole block, which holds
 *   the padding) as OpenSSL's generic block code does. Whole blocks go to
 *   arx_ecb_* / arx_cbc_*; the CBC chaining value carried between calls is
 *   the last ciphertext block. PKCS#7 is the library's (arx_cbc_*_pad); for
 *   ECB the final block goes through arx_cbc_*_pad with an all-zero IV,
 *   which is exactly ECB of that block.
 * - CTR and GCM stream through the library's contexts (arx_ctr, arx_gcm),
 *   built in this context's own memory: re-initialising for the next message
 *   allocates nothing.
 * - CCM is one-shot in the library, so it follows OpenSSL's CCM rules: total
 *   length first (optional here), AAD, then one update with the whole
 *   message; decryption verifies before releasing anything and fails at that
 *   update (and at final) on a bad tag, with the output zeroed.
 * - Every tag comparison is the library's (constant time).
 */
#include <limits.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/proverr.h>

#include "arxprov.h"

#define ARXP_MAX_BLOCK 16
#define ARXP_MAX_IV 128 /* GCM nonces longer than this are refused (OpenSSL: the same) */
#define ARXP_GCM_DEFAULT_IV 12
#define ARXP_CCM_DEFAULT_IV 7 /* OpenSSL's CCM contexts start with L = 8 */
#define ARXP_CCM_DEFAULT_TAG 12

_Static_assert(ARX_CTR_STORAGE_BYTES <= ARX_GCM_STORAGE_BYTES, "one buffer holds either stream");

typedef struct arxp_cctx {
    const arxp_alg *alg;
    const arx_cipher *c;
    size_t blk, keylen, ivlen;
    int enc;
    arxp_key *key;
    unsigned char rawkey[64]; /* the key bytes `key` (or `xts`) was expanded from */
    /* XTS: the key pair (data key || tweak key), in place of `key` */
    arx_xts *xts;
    unsigned char oiv[ARXP_MAX_IV];   /* IV / nonce given at init */
    unsigned char iv[ARXP_MAX_BLOCK]; /* CBC: the chaining value */
    int iv_set;
    /* ECB, CBC */
    unsigned char buf[ARXP_MAX_BLOCK];
    size_t bufsz;
    unsigned int pad;
    /* CTR, GCM: the library's streaming context, in this memory */
    _Alignas(ARX_STORAGE_ALIGN) unsigned char mem[ARX_GCM_STORAGE_BYTES];
    arx_ctr *ctr;
    arx_gcm *gcm;
    int stream_used; /* bytes went through the stream since it started */
    /* GCM, CCM */
    unsigned char tag[16];
    size_t taglen;
    int tag_set; /* encrypting: a tag was computed; decrypting: one was given */
    /* CCM */
    unsigned char *aad;
    size_t aadlen, aadcap;
    size_t msglen;
    int len_set, ccm_done, ccm_failed;
} arxp_cctx;

/* ---- shared helpers ------------------------------------------------------- */

static int no_key(const arxp_cctx *ctx) {
    if (ctx->key) return 0;
    ERR_raise(ERR_LIB_PROV, PROV_R_NO_KEY_SET);
    return 1;
}

static int no_iv(const arxp_cctx *ctx) {
    if (ctx->iv_set) return 0;
    ERR_raise_data(ERR_LIB_PROV, PROV_R_INVALID_STATE,
                   "no IV set (a GCM/CCM nonce is used for one message only)");
    return 1;
}

/* [a, a+n) and [b, b+m) share a byte. */
static int ranges_overlap(const unsigned char *a, size_t n, const unsigned char *b, size_t m) {
    if (!n || !m) return 0;
    return a < b + m && b < a + n;
}

/* When in and out overlap in a way the library refuses (anything but
 * out == in), work from a copy of the input. *tmp is then to be freed with
 * OPENSSL_clear_free(*tmp, len). */
static int detach_input(const unsigned char **in, size_t len, const unsigned char *out,
                        size_t outlen, int in_place_ok, unsigned char **tmp) {
    *tmp = NULL;
    if (!ranges_overlap(*in, len, out, outlen) || (in_place_ok && *in == out)) return 1;
    if ((*tmp = OPENSSL_malloc(len)) == NULL) return 0;
    memcpy(*tmp, *in, len);
    *in = *tmp;
    return 1;
}

static void stream_stop(arxp_cctx *ctx) {
    arx_ctr_free(ctx->ctr); /* wipes the context in ctx->mem */
    arx_gcm_free(ctx->gcm);
    ctx->ctr = NULL;
    ctx->gcm = NULL;
    ctx->stream_used = 0;
}

static int stream_start(arxp_cctx *ctx) {
    int rc;
    stream_stop(ctx);
    if (ctx->alg->mode == ARX_MODE_CTR)
        rc = arx_ctr_init(&ctx->ctr, ctx->mem, sizeof ctx->mem, ctx->key->k, ctx->oiv, ctx->ivlen);
    else
        rc = arx_gcm_init(&ctx->gcm, ctx->mem, sizeof ctx->mem, ctx->key->k, ctx->oiv, ctx->ivlen);
    if (rc) {
        arxp_raise(rc);
        return 0;
    }
    return 1;
}

static void ccm_reset(arxp_cctx *ctx) {
    if (ctx->aad) OPENSSL_cleanse(ctx->aad, ctx->aadlen);
    ctx->aadlen = 0;
    ctx->msglen = 0;
    ctx->len_set = ctx->ccm_done = ctx->ccm_failed = 0;
}

/* ---- life ------------------------------------------------------------------ */

static void *cipher_newctx(void *provctx, const arxp_alg *alg) {
    (void)provctx;
    const arx_cipher *c = arx_cipher_by_name(alg->cipher);
    if (!c || arx_mode_check(c, alg->mode) != ARX_OK) {
        ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_MODE);
        return NULL;
    }
    arxp_cctx *ctx = OPENSSL_zalloc(sizeof *ctx);
    if (!ctx) return NULL;
    ctx->alg = alg;
    ctx->c = c;
    ctx->blk = arx_cipher_block_bytes(c);
    ctx->keylen = (alg->mode == ARX_MODE_XTS ? 2 : 1) * arx_cipher_key_bytes(c);
    ctx->pad = 1;
    switch (alg->mode) {
    case ARX_MODE_ECB: ctx->ivlen = 0; break;
    case ARX_MODE_GCM: ctx->ivlen = ARXP_GCM_DEFAULT_IV; ctx->taglen = 16; break;
    case ARX_MODE_CCM: ctx->ivlen = ARXP_CCM_DEFAULT_IV; ctx->taglen = ARXP_CCM_DEFAULT_TAG; break;
    default: ctx->ivlen = ctx->blk; break;
    }
    return ctx;
}

static void cipher_freectx(void *vctx) {
    arxp_cctx *ctx = vctx;
    if (!ctx) return;
    stream_stop(ctx);
    arxp_key_unref(ctx->key);
    arx_xts_free(ctx->xts);
    OPENSSL_clear_free(ctx->aad, ctx->aadcap);
    OPENSSL_clear_free(ctx, sizeof *ctx);
}

/*
 * EVP_CIPHER_CTX_copy. A CTR or GCM stream that has already processed data
 * cannot be copied: the library's contexts may not be moved or copied and
 * have no copy function, so that case fails cleanly (PROV_R_NOT_SUPPORTED).
 * Everything else copies, sharing the (read-only) key.
 */
static void *cipher_dupctx(void *vctx) {
    const arxp_cctx *src = vctx;
    if ((src->ctr || src->gcm) && src->stream_used) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_NOT_SUPPORTED,
                       "a CTR or GCM context cannot be copied after data went through it");
        return NULL;
    }
    arxp_cctx *dst = OPENSSL_malloc(sizeof *dst);
    if (!dst) return NULL;
    memcpy(dst, src, sizeof *dst);
    dst->ctr = NULL;
    dst->gcm = NULL;
    dst->aad = NULL;
    dst->aadcap = 0;
    if (src->aadlen) {
        if ((dst->aad = OPENSSL_memdup(src->aad, src->aadlen)) == NULL) {
            dst->key = NULL;
            cipher_freectx(dst);
            return NULL;
        }
        dst->aadcap = src->aadlen;
    }
    if (dst->key) arxp_key_ref(dst->key);
    dst->xts = NULL; /* XTS: a pair of its own from the same key bytes */
    if (src->xts && arx_xts_new(&dst->xts, dst->c, dst->rawkey, dst->keylen, arx_xts_backend(src->xts)) != ARX_OK) {
        cipher_freectx(dst);
        return NULL;
    }
    if ((src->ctr || src->gcm) && !stream_start(dst)) {
        cipher_freectx(dst);
        return NULL;
    }
    return dst;
}

static int cipher_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int cipher_init(arxp_cctx *ctx, const unsigned char *key, size_t keylen,
                       const unsigned char *iv, size_t ivlen, const OSSL_PARAM params[], int enc) {
    arx_mode m = ctx->alg->mode;
    ctx->enc = enc;
    /* Parameters first, so that an IV length given here applies to the IV. */
    if (!cipher_set_ctx_params(ctx, params)) return 0;
    if (key) {
        if (keylen != ctx->keylen) {
            ERR_raise_data(ERR_LIB_PROV, PROV_R_INVALID_KEY_LENGTH, "%s takes a %zu-byte key",
                           ctx->alg->cipher, ctx->keylen);
            return 0;
        }
    }
    if (iv && m != ARX_MODE_ECB) {
        int ok = (m == ARX_MODE_GCM) ? (ivlen >= 1 && ivlen <= ARXP_MAX_IV) : ivlen == ctx->ivlen;
        if (!ok) {
            ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_IV_LENGTH);
            return 0;
        }
    }
    if (key || iv) stream_stop(ctx); /* it refers to the old key */
    /*
     * The same key again (each message of `openssl speed`'s AEAD loop, or of
     * a caller that passes the key with every nonce) keeps the expanded
     * schedule and the GCM hash key derived from it: re-expanding costs more
     * than a short message. The comparison is constant time.
     */
    if (key && m == ARX_MODE_XTS) { /* OpenSSL's AES-XTS shape: key = data key || tweak key */
        arx_xts *x = NULL;
        int rc = arx_xts_new(&x, ctx->c, key, keylen, NULL);
        if (rc) {
            arxp_raise(rc);
            return 0;
        }
        arx_xts_free(ctx->xts);
        ctx->xts = x;
        OPENSSL_cleanse(ctx->rawkey, sizeof ctx->rawkey);
        memcpy(ctx->rawkey, key, keylen);
    } else if (key && !(ctx->key && keylen <= sizeof ctx->rawkey && !CRYPTO_memcmp(ctx->rawkey, key, keylen))) {
        arxp_key *k;
        int rc = arxp_key_make(&k, ctx->c, key, keylen);
        if (rc) {
            arxp_raise(rc);
            return 0;
        }
        arxp_key_unref(ctx->key);
        ctx->key = k;
        OPENSSL_cleanse(ctx->rawkey, sizeof ctx->rawkey);
        if (keylen <= sizeof ctx->rawkey) memcpy(ctx->rawkey, key, keylen);
    }
    if (iv && m != ARX_MODE_ECB) {
        ctx->ivlen = ivlen;
        memcpy(ctx->oiv, iv, ivlen);
        if (m == ARX_MODE_CBC) memcpy(ctx->iv, iv, ivlen);
        ctx->iv_set = 1;
    } else if (key && m == ARX_MODE_CBC && ctx->iv_set) {
        memcpy(ctx->iv, ctx->oiv, ctx->ivlen); /* a new key restarts the chain */
    }
    if (key || iv) {
        if (m == ARX_MODE_ECB || m == ARX_MODE_CBC) OPENSSL_cleanse(ctx->buf, sizeof ctx->buf);
        ctx->bufsz = 0;
        if (m == ARX_MODE_CCM) ccm_reset(ctx);
        if (enc && (m == ARX_MODE_GCM || m == ARX_MODE_CCM)) ctx->tag_set = 0;
    }
    if ((m == ARX_MODE_CTR || m == ARX_MODE_GCM) && ctx->key && ctx->iv_set && (key || iv))
        return stream_start(ctx);
    return 1;
}

static int cipher_einit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,
                        size_t ivlen, const OSSL_PARAM params[]) {
    return cipher_init(vctx, key, keylen, iv, ivlen, params, 1);
}

static int cipher_dinit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,
                        size_t ivlen, const OSSL_PARAM params[]) {
    return cipher_init(vctx, key, keylen, iv, ivlen, params, 0);
}

/* ---- ECB, CBC ---------------------------------------------------------------- */

/* Whole blocks through the library, carrying CBC's chaining value. out == in
 * is allowed; any other overlap the caller has removed. */
static int block_run(arxp_cctx *ctx, unsigned char *out, const unsigned char *in, size_t len) {
    const arx_key *k = ctx->key->k;
    int rc;
    if (!len) return 1;
    if (ctx->alg->mode == ARX_MODE_ECB) {
        rc = ctx->enc ? arx_ecb_encrypt(k, out, in, len) : arx_ecb_decrypt(k, out, in, len);
    } else if (ctx->enc) {
        rc = arx_cbc_encrypt(k, ctx->iv, ctx->blk, out, in, len);
        if (!rc) memcpy(ctx->iv, out + len - ctx->blk, ctx->blk);
    } else {
        unsigned char next[ARXP_MAX_BLOCK];
        memcpy(next, in + len - ctx->blk, ctx->blk); /* before an in-place call overwrites it */
        rc = arx_cbc_decrypt(k, ctx->iv, ctx->blk, out, in, len);
        if (!rc) memcpy(ctx->iv, next, ctx->blk);
    }
    if (rc) {
        arxp_raise(rc);
        return 0;
    }
    return 1;
}

static int block_update(arxp_cctx *ctx, unsigned char *out, size_t *outl, size_t outsize,
                        const unsigned char *in, size_t inl) {
    const size_t blk = ctx->blk;
    size_t avail = ctx->bufsz + inl, keep, produce;
    *outl = 0;
    if (no_key(ctx)) return 0;
    if (ctx->alg->mode == ARX_MODE_CBC && no_iv(ctx)) return 0;
    if (inl && !in) {
        ERR_raise(ERR_LIB_PROV, ERR_R_PASSED_NULL_PARAMETER);
        return 0;
    }
    /* Decrypting with padding, the last whole block waits for final. */
    keep = avail % blk;
    if (!ctx->enc && ctx->pad && keep == 0 && avail) keep = blk;
    produce = avail - keep;
    if (produce == 0) { /* all of it fits in the buffer */
        if (inl) memcpy(ctx->buf + ctx->bufsz, in, inl);
        ctx->bufsz += inl;
        return 1;
    }
    if (!out || outsize < produce) {
        ERR_raise(ERR_LIB_PROV, PROV_R_OUTPUT_BUFFER_TOO_SMALL);
        return 0;
    }
    /* produce > 0 means the whole buffer goes out first, then whole blocks
     * of `in`, and the last `keep` bytes of `in` (keep <= inl) wait. */
    unsigned char *tmp = NULL;
    if (!detach_input(&in, inl, out, produce, ctx->bufsz == 0, &tmp)) return 0;
    unsigned char tail[ARXP_MAX_BLOCK];
    memcpy(tail, in + inl - keep, keep);
    size_t from_in = 0, done = 0;
    int ok = 1;
    if (ctx->bufsz) {
        from_in = blk - ctx->bufsz;
        memcpy(ctx->buf + ctx->bufsz, in, from_in);
        ok = block_run(ctx, out, ctx->buf, blk);
        done = blk;
    }
    if (ok) ok = block_run(ctx, out + done, in + from_in, produce - done);
    if (tmp) OPENSSL_clear_free(tmp, inl);
    if (!ok) {
        OPENSSL_cleanse(out, produce);
        return 0;
    }
    memcpy(ctx->buf, tail, keep);
    OPENSSL_cleanse(tail, sizeof tail);
    ctx->bufsz = keep;
    *outl = produce;
    return 1;
}

static int block_final(arxp_cctx *ctx, unsigned char *out, size_t *outl, size_t outsize) {
    static const unsigned char zero_iv[ARXP_MAX_BLOCK];
    const size_t blk = ctx->blk;
    const unsigned char *iv = ctx->alg->mode == ARX_MODE_CBC ? ctx->iv : zero_iv;
    size_t n = 0;
    int rc;
    *outl = 0;
    if (no_key(ctx)) return 0;
    if (ctx->alg->mode == ARX_MODE_CBC && no_iv(ctx)) return 0;
    if (!ctx->pad) {
        if (ctx->bufsz) {
            ERR_raise(ERR_LIB_PROV, PROV_R_WRONG_FINAL_BLOCK_LENGTH);
            return 0;
        }
        return 1;
    }
    if (ctx->enc) {
        if (!out || outsize < blk) {
            ERR_raise(ERR_LIB_PROV, PROV_R_OUTPUT_BUFFER_TOO_SMALL);
            return 0;
        }
        rc = arx_cbc_encrypt_pad(ctx->key->k, iv, blk, out, outsize, &n, ctx->buf, ctx->bufsz);
    } else {
        if (ctx->bufsz != blk) {
            ERR_raise(ERR_LIB_PROV, PROV_R_WRONG_FINAL_BLOCK_LENGTH);
            return 0;
        }
        if (!out || outsize < blk - 1) {
            ERR_raise(ERR_LIB_PROV, PROV_R_OUTPUT_BUFFER_TOO_SMALL);
            return 0;
        }
        rc = arx_cbc_decrypt_pad(ctx->key->k, iv, blk, out, outsize, &n, ctx->buf, blk);
    }
    OPENSSL_cleanse(ctx->buf, sizeof ctx->buf);
    ctx->bufsz = 0;
    if (rc) {
        if (rc == ARX_ERR_PADDING)
            ERR_raise(ERR_LIB_PROV, PROV_R_BAD_DECRYPT);
        else
            arxp_raise(rc);
        return 0;
    }
    *outl = n;
    return 1;
}

/* EVP_Cipher(): whole blocks, no padding, no buffering (OpenSSL's CMAC drives
 * a CBC cipher this way). */
static int block_cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                        const unsigned char *in, size_t inl) {
    arxp_cctx *ctx = vctx;
    *outl = 0;
    if (no_key(ctx) || (ctx->alg->mode == ARX_MODE_CBC && no_iv(ctx))) return 0;
    if (inl % ctx->blk) {
        ERR_raise(ERR_LIB_PROV, PROV_R_WRONG_FINAL_BLOCK_LENGTH);
        return 0;
    }
    if (outsize < inl || (inl && (!out || !in))) {
        ERR_raise(ERR_LIB_PROV, PROV_R_OUTPUT_BUFFER_TOO_SMALL);
        return 0;
    }
    unsigned char *tmp;
    if (!detach_input(&in, inl, out, inl, 1, &tmp)) return 0;
    int ok = block_run(ctx, out, in, inl);
    if (tmp) OPENSSL_clear_free(tmp, inl);
    if (!ok) return 0;
    *outl = inl;
    return 1;
}

/* ---- CTR ------------------------------------------------------------------------ */

static int ctr_update(arxp_cctx *ctx, unsigned char *out, size_t *outl, size_t outsize,
                      const unsigned char *in, size_t inl) {
    *outl = 0;
    if (no_key(ctx) || no_iv(ctx)) return 0;
    if (outsize < inl || (inl && !out)) {
        ERR_raise(ERR_LIB_PROV, PROV_R_OUTPUT_BUFFER_TOO_SMALL);
        return 0;
    }
    if (!ctx->ctr && !stream_start(ctx)) return 0;
    unsigned char *tmp;
    if (!detach_input(&in, inl, out, inl, 1, &tmp)) return 0;
    ctx->stream_used = 1;
    int rc = arx_ctr_update(ctx->ctr, out, in, inl);
    if (tmp) OPENSSL_clear_free(tmp, inl);
    if (rc) {
        arxp_raise(rc);
        return 0;
    }
    *outl = inl;
    return 1;
}

static int stream_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize) {
    (void)vctx, (void)out, (void)outsize;
    *outl = 0;
    return 1;
}

/* ---- GCM ------------------------------------------------------------------------ */

static int gcm_ready(arxp_cctx *ctx) {
    if (no_key(ctx) || no_iv(ctx)) return 0;
    return ctx->gcm || stream_start(ctx);
}

static int gcm_update(arxp_cctx *ctx, unsigned char *out, size_t *outl, size_t outsize,
                      const unsigned char *in, size_t inl) {
    int rc;
    *outl = 0;
    if (!gcm_ready(ctx)) return 0;
    if (inl && !in) {
        ERR_raise(ERR_LIB_PROV, ERR_R_PASSED_NULL_PARAMETER);
        return 0;
    }
    ctx->stream_used = 1;
    if (!out) { /* AAD */
        rc = arx_gcm_aad(ctx->gcm, in, inl);
    } else {
        if (outsize < inl) {
            ERR_raise(ERR_LIB_PROV, PROV_R_OUTPUT_BUFFER_TOO_SMALL);
            return 0;
        }
        unsigned char *tmp;
        if (!detach_input(&in, inl, out, inl, 1, &tmp)) return 0;
        rc = ctx->enc ? arx_gcm_encrypt_update(ctx->gcm, out, in, inl)
                      : arx_gcm_decrypt_update(ctx->gcm, out, in, inl);
        if (tmp) OPENSSL_clear_free(tmp, inl);
    }
    if (rc) {
        arxp_raise(rc);
        return 0;
    }
    *outl = inl;
    return 1;
}

/*
 * Encrypting: the full 16-byte tag is kept for OSSL_CIPHER_PARAM_AEAD_TAG.
 * Decrypting: the tag given through the same parameter is checked by the
 * library. As with OpenSSL's GCM, the plaintext of the updates has already
 * been released: a caller must discard it unless this returns 1. The nonce
 * is spent either way: the next message needs a new one (init with an IV).
 */
static int gcm_final(arxp_cctx *ctx, size_t *outl) {
    int rc;
    *outl = 0;
    if (!gcm_ready(ctx)) return 0;
    if (ctx->enc) {
        rc = arx_gcm_encrypt_final(ctx->gcm, ctx->tag, sizeof ctx->tag);
        if (!rc) ctx->tag_set = 1;
    } else if (!ctx->tag_set) {
        ERR_raise(ERR_LIB_PROV, PROV_R_TAG_NOT_SET);
        return 0;
    } else {
        rc = arx_gcm_decrypt_final(ctx->gcm, ctx->tag, ctx->taglen);
    }
    stream_stop(ctx);
    ctx->iv_set = 0;
    if (!ctx->enc) ctx->tag_set = 0; /* a reused decryptor needs the next message's tag */
    if (rc == ARX_ERR_AUTH) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_BAD_DECRYPT, "GCM tag mismatch");
        return 0;
    }
    if (rc) {
        arxp_raise(rc);
        return 0;
    }
    return 1;
}

/* ---- CCM ------------------------------------------------------------------------ */

static int ccm_run(arxp_cctx *ctx, unsigned char *out, const unsigned char *in, size_t inl) {
    int rc;
    const unsigned char *aad = ctx->aadlen ? ctx->aad : NULL;
    if (ctx->enc) {
        rc = arx_ccm_encrypt(ctx->key->k, ctx->oiv, ctx->ivlen, aad, ctx->aadlen, out, in, inl,
                             ctx->tag, ctx->taglen);
        if (!rc) ctx->tag_set = 1;
    } else if (!ctx->tag_set) {
        ERR_raise(ERR_LIB_PROV, PROV_R_TAG_NOT_SET);
        return 0;
    } else {
        rc = arx_ccm_decrypt(ctx->key->k, ctx->oiv, ctx->ivlen, aad, ctx->aadlen, out, in, inl,
                             ctx->tag, ctx->taglen);
    }
    ctx->ccm_done = 1;
    ctx->iv_set = 0; /* the nonce is spent */
    if (!ctx->enc) ctx->tag_set = 0; /* the next message brings its own tag (as OpenSSL) */
    if (ctx->aad) OPENSSL_cleanse(ctx->aad, ctx->aadlen);
    ctx->aadlen = 0;
    if (rc == ARX_ERR_AUTH) {
        ctx->ccm_failed = 1;
        ERR_raise_data(ERR_LIB_PROV, PROV_R_BAD_DECRYPT, "CCM tag mismatch");
        return 0;
    }
    if (rc) {
        ctx->ccm_failed = 1;
        arxp_raise(rc);
        return 0;
    }
    return 1;
}

static int ccm_update(arxp_cctx *ctx, unsigned char *out, size_t *outl, size_t outsize,
                      const unsigned char *in, size_t inl) {
    *outl = 0;
    if (no_key(ctx)) return 0;
    if (ctx->ccm_done) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_INVALID_STATE,
                       "CCM takes the whole message in one update; init with a new nonce");
        return 0;
    }
    if (no_iv(ctx)) return 0;
    if (!out && !in) { /* the total length, as OpenSSL's CCM takes it */
        ctx->msglen = inl;
        ctx->len_set = 1;
        *outl = inl;
        return 1;
    }
    if (!out) { /* AAD; several calls are joined */
        if (inl > ctx->aadcap - ctx->aadlen) {
            size_t cap = ctx->aadlen + inl;
            unsigned char *p = OPENSSL_clear_realloc(ctx->aad, ctx->aadcap, cap);
            if (!p) return 0;
            ctx->aad = p;
            ctx->aadcap = cap;
        }
        memcpy(ctx->aad + ctx->aadlen, in, inl);
        ctx->aadlen += inl;
        *outl = inl;
        return 1;
    }
    if (ctx->len_set && inl != ctx->msglen) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_BAD_LENGTH, "CCM message is not the length set");
        return 0;
    }
    if (outsize < inl || (inl && !in)) {
        ERR_raise(ERR_LIB_PROV, PROV_R_OUTPUT_BUFFER_TOO_SMALL);
        return 0;
    }
    unsigned char *tmp;
    if (!detach_input(&in, inl, out, inl, 1, &tmp)) return 0;
    int ok = ccm_run(ctx, out, in, inl);
    if (tmp) OPENSSL_clear_free(tmp, inl);
    if (!ok) return 0;
    *outl = inl;
    return 1;
}

static int ccm_final(arxp_cctx *ctx, size_t *outl) {
    *outl = 0;
    if (no_key(ctx)) return 0;
    if (ctx->ccm_failed) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_BAD_DECRYPT, "CCM decryption failed");
        return 0;
    }
    if (ctx->ccm_done) return 1;
    /* No data update: an empty message (authenticating the AAD alone). */
    if (no_iv(ctx)) return 0;
    if (ctx->len_set && ctx->msglen) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_BAD_LENGTH, "CCM message missing");
        return 0;
    }
    return ccm_run(ctx, NULL, NULL, 0);
}

/* ---- XTS: one data unit per update, as OpenSSL's AES-XTS ---------------------------- */

static int xts_update(arxp_cctx *ctx, unsigned char *out, size_t *outl, size_t outsize,
                      const unsigned char *in, size_t inl) {
    *outl = 0;
    if (!ctx->xts) {
        ERR_raise(ERR_LIB_PROV, PROV_R_NO_KEY_SET);
        return 0;
    }
    if (no_iv(ctx)) return 0;
    if (inl < 16) { /* a data unit holds at least one block (IEEE 1619) */
        ERR_raise_data(ERR_LIB_PROV, PROV_R_INVALID_INPUT_LENGTH, "XTS data unit of %zu bytes: at least 16", inl);
        return 0;
    }
    if (outsize < inl) {
        ERR_raise(ERR_LIB_PROV, PROV_R_OUTPUT_BUFFER_TOO_SMALL);
        return 0;
    }
    unsigned char *tmp = NULL;
    if (!detach_input(&in, inl, out, inl, 1, &tmp)) return 0;
    int rc = ctx->enc ? arx_xts_encrypt(ctx->xts, ctx->oiv, ctx->ivlen, out, in, inl)
                      : arx_xts_decrypt(ctx->xts, ctx->oiv, ctx->ivlen, out, in, inl);
    if (tmp) OPENSSL_clear_free(tmp, inl);
    if (rc) {
        arxp_raise(rc);
        return 0;
    }
    *outl = inl;
    return 1;
}

/* ---- dispatch by mode ------------------------------------------------------------ */

static int cipher_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                         const unsigned char *in, size_t inl) {
    arxp_cctx *ctx = vctx;
    switch (ctx->alg->mode) {
    case ARX_MODE_ECB:
    case ARX_MODE_CBC: return block_update(ctx, out, outl, outsize, in, inl);
    case ARX_MODE_CTR: return ctr_update(ctx, out, outl, outsize, in, inl);
    case ARX_MODE_GCM: return gcm_update(ctx, out, outl, outsize, in, inl);
    case ARX_MODE_CCM: return ccm_update(ctx, out, outl, outsize, in, inl);
    case ARX_MODE_XTS: return xts_update(ctx, out, outl, outsize, in, inl);
    default: *outl = 0; return 0;
    }
}

static int cipher_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize) {
    arxp_cctx *ctx = vctx;
    switch (ctx->alg->mode) {
    case ARX_MODE_ECB:
    case ARX_MODE_CBC: return block_final(ctx, out, outl, outsize);
    case ARX_MODE_CTR:
        *outl = 0;
        if (no_key(ctx) || no_iv(ctx)) return 0;
        return stream_final(vctx, out, outl, outsize);
    case ARX_MODE_GCM: return gcm_final(ctx, outl);
    case ARX_MODE_CCM: return ccm_final(ctx, outl);
    case ARX_MODE_XTS: /* every update was a whole data unit: nothing is held back */
        *outl = 0;
        if (!ctx->xts) {
            ERR_raise(ERR_LIB_PROV, PROV_R_NO_KEY_SET);
            return 0;
        }
        return !no_iv(ctx);
    default: *outl = 0; return 0;
    }
}

/* EVP_Cipher(). AEAD modes follow OpenSSL's convention: out == NULL is AAD
 * (or, for CCM, the length), in == NULL is final. */
static int cipher_cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                         const unsigned char *in, size_t inl) {
    arxp_cctx *ctx = vctx;
    switch (ctx->alg->mode) {
    case ARX_MODE_ECB:
    case ARX_MODE_CBC: return block_cipher(vctx, out, outl, outsize, in, inl);
    case ARX_MODE_CTR: return ctr_update(ctx, out, outl, outsize, in, inl);
    case ARX_MODE_GCM:
        if (!in && out) return gcm_final(ctx, outl);
        return gcm_update(ctx, out, outl, outsize, in, inl);
    case ARX_MODE_CCM:
        if (!in && out) return ccm_final(ctx, outl);
        return ccm_update(ctx, out, outl, outsize, in, inl);
    case ARX_MODE_XTS: return xts_update(ctx, out, outl, outsize, in, inl);
    default: *outl = 0; return 0;
    }
}

/* ---- parameters ------------------------------------------------------------------- */

static unsigned int evp_mode(arx_mode m) {
    switch (m) {
    case ARX_MODE_ECB: return EVP_CIPH_ECB_MODE;
    case ARX_MODE_CBC: return EVP_CIPH_CBC_MODE;
    case ARX_MODE_CTR: return EVP_CIPH_CTR_MODE;
    case ARX_MODE_GCM: return EVP_CIPH_GCM_MODE;
    case ARX_MODE_CCM: return EVP_CIPH_CCM_MODE;
    case ARX_MODE_XTS: return EVP_CIPH_XTS_MODE;
    default: return 0;
    }
}

static int is_aead(arx_mode m) { return m == ARX_MODE_GCM || m == ARX_MODE_CCM; }

static int cipher_get_params(const arxp_alg *alg, OSSL_PARAM params[]) {
    const arx_cipher *c = arx_cipher_by_name(alg->cipher);
    OSSL_PARAM *p;
    if (!c) return 0;
    size_t blk = arx_cipher_block_bytes(c);
    size_t ivlen = alg->mode == ARX_MODE_ECB ? 0 : is_aead(alg->mode) ? 12 : blk;
    size_t bs = (alg->mode == ARX_MODE_ECB || alg->mode == ARX_MODE_CBC) ? blk : 1;
    int aead = is_aead(alg->mode);
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_MODE)) && !OSSL_PARAM_set_uint(p, evp_mode(alg->mode)))
        goto fail;
    const size_t keylen = (alg->mode == ARX_MODE_XTS ? 2 : 1) * arx_cipher_key_bytes(c);
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) && !OSSL_PARAM_set_size_t(p, keylen))
        goto fail;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) && !OSSL_PARAM_set_size_t(p, ivlen))
        goto fail;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_BLOCK_SIZE)) && !OSSL_PARAM_set_size_t(p, bs))
        goto fail;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD)) && !OSSL_PARAM_set_int(p, aead))
        goto fail;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_CUSTOM_IV)) && !OSSL_PARAM_set_int(p, aead))
        goto fail;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_CTS)) && !OSSL_PARAM_set_int(p, 0))
        goto fail;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK)) && !OSSL_PARAM_set_int(p, 0))
        goto fail;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_HAS_RAND_KEY)) && !OSSL_PARAM_set_int(p, 0))
        goto fail;
    return 1;
fail:
    ERR_raise(ERR_LIB_PROV, PROV_R_FAILED_TO_SET_PARAMETER);
    return 0;
}

static const OSSL_PARAM cipher_known_gettable[] = {
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_BLOCK_SIZE, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CUSTOM_IV, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CTS, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_HAS_RAND_KEY, NULL),
    OSSL_PARAM_END};

static const OSSL_PARAM *cipher_gettable_params(void *provctx) {
    (void)provctx;
    return cipher_known_gettable;
}

/* Set an IV-like parameter, as an octet string or a pointer (OpenSSL accepts both). */
static int set_iv_param(OSSL_PARAM *p, const unsigned char *iv, size_t len) {
    if (p->data_type == OSSL_PARAM_OCTET_PTR) return OSSL_PARAM_set_octet_ptr(p, iv, len);
    return OSSL_PARAM_set_octet_string(p, iv, len);
}

/* One pass over the request, most frequent key first: EVP asks for "ivlen"
 * on every init, and this is on the per-message path. */
static int cipher_get_ctx_params(void *vctx, OSSL_PARAM params[]) {
    arxp_cctx *ctx = vctx;
    arx_mode m = ctx->alg->mode;
    for (OSSL_PARAM *p = params; p && p->key; p++) {
        const char *k = p->key;
        int ok = 1;
        if (!strcmp(k, OSSL_CIPHER_PARAM_IVLEN)) {
            ok = OSSL_PARAM_set_size_t(p, ctx->ivlen);
        } else if (!strcmp(k, OSSL_CIPHER_PARAM_KEYLEN)) {
            ok = OSSL_PARAM_set_size_t(p, ctx->keylen);
        } else if (!strcmp(k, OSSL_CIPHER_PARAM_PADDING)) {
            ok = OSSL_PARAM_set_uint(p, ctx->pad);
        } else if (!strcmp(k, OSSL_CIPHER_PARAM_IV)) {
            ok = m == ARX_MODE_ECB || set_iv_param(p, ctx->oiv, ctx->ivlen);
        } else if (!strcmp(k, OSSL_CIPHER_PARAM_UPDATED_IV)) {
            ok = m == ARX_MODE_ECB || set_iv_param(p, m == ARX_MODE_CBC ? ctx->iv : ctx->oiv, ctx->ivlen);
        } else if (is_aead(m) && !strcmp(k, OSSL_CIPHER_PARAM_AEAD_TAGLEN)) {
            ok = OSSL_PARAM_set_size_t(p, ctx->taglen);
        } else if (is_aead(m) && !strcmp(k, OSSL_CIPHER_PARAM_AEAD_TAG)) {
            if (p->data_type != OSSL_PARAM_OCTET_STRING || !p->data) goto fail;
            if (!ctx->enc || !ctx->tag_set) {
                ERR_raise(ERR_LIB_PROV, PROV_R_TAG_NOT_SET);
                return 0;
            }
            /* GCM: any prefix of the 16-byte tag (as OpenSSL); CCM: exactly its length. */
            size_t sz = p->data_size;
            if (m == ARX_MODE_GCM ? (sz == 0 || sz > 16) : sz != ctx->taglen) {
                ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_TAG_LENGTH);
                return 0;
            }
            memcpy(p->data, ctx->tag, sz);
            p->return_size = sz;
        }
        if (!ok) goto fail;
    }
    return 1;
fail:
    ERR_raise(ERR_LIB_PROV, PROV_R_FAILED_TO_SET_PARAMETER);
    return 0;
}

static int cipher_set_ctx_params(void *vctx, const OSSL_PARAM params[]) {
    arxp_cctx *ctx = vctx;
    arx_mode m = ctx->alg->mode;
    const OSSL_PARAM *p;
    if (!params) return 1;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_PADDING))) {
        unsigned int pad;
        if (!OSSL_PARAM_get_uint(p, &pad)) goto fail;
        ctx->pad = pad ? 1 : 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN))) {
        size_t len;
        if (!OSSL_PARAM_get_size_t(p, &len)) goto fail;
        if (len != ctx->keylen) {
            ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_KEY_LENGTH);
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_IVLEN))) {
        size_t len;
        if (!OSSL_PARAM_get_size_t(p, &len)) goto fail;
        int ok = m == ARX_MODE_GCM   ? len >= 1 && len <= ARXP_MAX_IV
                 : m == ARX_MODE_CCM ? len >= 7 && len <= 13
                                     : len == ctx->ivlen;
        if (!ok) {
            ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_IV_LENGTH);
            return 0;
        }
        if (len != ctx->ivlen) { /* a nonce of the old length no longer applies */
            ctx->ivlen = len;
            ctx->iv_set = 0;
            stream_stop(ctx);
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG))) {
        if (!is_aead(m) || p->data_type != OSSL_PARAM_OCTET_STRING) goto fail;
        size_t sz = p->data_size;
        if (m == ARX_MODE_GCM) {
            if (ctx->enc || !p->data) {
                ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_TAG);
                return 0;
            }
            if (sz < 4 || sz > 16) { /* the library's (and SP 800-38D's) range */
                ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_TAG_LENGTH);
                return 0;
            }
        } else {
            if ((sz & 1) || sz < 4 || sz > 16) {
                ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_TAG_LENGTH);
                return 0;
            }
            if (p->data && ctx->enc) {
                ERR_raise(ERR_LIB_PROV, PROV_R_TAG_NOT_NEEDED);
                return 0;
            }
        }
        ctx->taglen = sz;
        if (p->data) {
            memcpy(ctx->tag, p->data, sz);
            ctx->tag_set = 1;
        }
    }
    return 1;
fail:
    ERR_raise(ERR_LIB_PROV, PROV_R_FAILED_TO_GET_PARAMETER);
    return 0;
}

static const OSSL_PARAM block_gettable_ctx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
    OSSL_PARAM_END};
static const OSSL_PARAM block_settable_ctx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL),
    OSSL_PARAM_END};
static const OSSL_PARAM aead_gettable_ctx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_END};
static const OSSL_PARAM aead_settable_ctx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_END};

static const OSSL_PARAM *block_gettable(void *cctx, void *provctx) {
    (void)cctx, (void)provctx;
    return block_gettable_ctx;
}
static const OSSL_PARAM *block_settable(void *cctx, void *provctx) {
    (void)cctx, (void)provctx;
    return block_settable_ctx;
}
static const OSSL_PARAM *aead_gettable(void *cctx, void *provctx) {
    (void)cctx, (void)provctx;
    return aead_gettable_ctx;
}
static const OSSL_PARAM *aead_settable(void *cctx, void *provctx) {
    (void)cctx, (void)provctx;
    return aead_settable_ctx;
}

/* ---- the dispatch tables ---------------------------------------------------------- */

#define ARXP_COMMON_FNS                                                                  \
    {OSSL_FUNC_CIPHER_ENCRYPT_INIT, (void (*)(void))cipher_einit},                       \
    {OSSL_FUNC_CIPHER_DECRYPT_INIT, (void (*)(void))cipher_dinit},                       \
    {OSSL_FUNC_CIPHER_UPDATE, (void (*)(void))cipher_update},                            \
    {OSSL_FUNC_CIPHER_FINAL, (void (*)(void))cipher_final},                              \
    {OSSL_FUNC_CIPHER_CIPHER, (void (*)(void))cipher_cipher},                            \
    {OSSL_FUNC_CIPHER_FREECTX, (void (*)(void))cipher_freectx},                          \
    {OSSL_FUNC_CIPHER_DUPCTX, (void (*)(void))cipher_dupctx},                            \
    {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, (void (*)(void))cipher_gettable_params},          \
    {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, (void (*)(void))cipher_get_ctx_params},            \
    {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, (void (*)(void))cipher_set_ctx_params}

#define ARXP_BLOCK_FNS                                                                   \
    ARXP_COMMON_FNS, {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, (void (*)(void))block_gettable}, \
    {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, (void (*)(void))block_settable}
#define ARXP_AEAD_FNS                                                                    \
    ARXP_COMMON_FNS, {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, (void (*)(void))aead_gettable}, \
    {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, (void (*)(void))aead_settable}

/* One algorithm: its descriptor, newctx, get_params and dispatch table. */
#define ARXP_ONE(id, name, mode, MODE, FNS)                                              \
    static const arxp_alg id##_##mode##_alg = {name, ARX_MODE_##MODE};                   \
    static void *id##_##mode##_newctx(void *provctx) {                                   \
        return cipher_newctx(provctx, &id##_##mode##_alg);                               \
    }                                                                                    \
    static int id##_##mode##_get_params(OSSL_PARAM params[]) {                           \
        return cipher_get_params(&id##_##mode##_alg, params);                            \
    }                                                                                    \
    static const OSSL_DISPATCH id##_##mode##_fns[] = {                                   \
        {OSSL_FUNC_CIPHER_NEWCTX, (void (*)(void))id##_##mode##_newctx},                 \
        {OSSL_FUNC_CIPHER_GET_PARAMS, (void (*)(void))id##_##mode##_get_params},         \
        FNS,                                                                             \
        {0, NULL}};

#define ARXP_CIPHER_DEFS(id, name)                                                       \
    ARXP_ONE(id, name, ecb, ECB, ARXP_BLOCK_FNS)                                         \
    ARXP_ONE(id, name, cbc, CBC, ARXP_BLOCK_FNS)                                         \
    ARXP_ONE(id, name, ctr, CTR, ARXP_BLOCK_FNS)                                         \
    ARXP_ONE(id, name, gcm, GCM, ARXP_AEAD_FNS)                                          \
    ARXP_ONE(id, name, ccm, CCM, ARXP_AEAD_FNS)                                          \
    ARXP_ONE(id, name, xts, XTS, ARXP_BLOCK_FNS)
ARXP_CIPHERS(ARXP_CIPHER_DEFS)

#define ARXP_CIPHER_ROWS(id, name)                                                       \
    {name, ARX_MODE_ECB, id##_ecb_fns}, {name, ARX_MODE_CBC, id##_cbc_fns},              \
    {name, ARX_MODE_CTR, id##_ctr_fns}, {name, ARX_MODE_GCM, id##_gcm_fns},              \
    {name, ARX_MODE_CCM, id##_ccm_fns}, {name, ARX_MODE_XTS, id##_xts_fns},
const arxp_impl arxp_cipher_impls[] = {ARXP_CIPHERS(ARXP_CIPHER_ROWS){NULL, ARX_MODE_COUNT_, NULL}};
