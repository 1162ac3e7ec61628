/*
 * EVP_MAC implementations: "<CIPHER>-CMAC" (e.g. "LEA-128-CMAC",
 * "HIGHT-CMAC") for every cipher with 64- or 128-bit blocks, computed by
 * arx_cmac. The library's CMAC is one-shot, so updates are collected here
 * and the MAC is computed at final: memory grows with the message.
 *
 * The generic name "CMAC" is left to OpenSSL's own implementation, which
 * works over this provider's CBC ciphers (EVP_MAC "CMAC" with cipher
 * "LEA-128-CBC"): registering a second "CMAC" here would let a fetch without
 * a property query land on this one for AES-CMAC and fail.
 */
#include <string.h>
#include <strings.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/proverr.h>

#include "arxprov.h"

typedef struct arxp_mctx {
    const arxp_alg *alg;
    const arx_cipher *c;
    size_t blk;
    arxp_key *key;
    unsigned char *msg;
    size_t len, cap;
} arxp_mctx;

static void *mac_newctx(void *provctx, const arxp_alg *alg) {
    (void)provctx;
    const arx_cipher *c = arx_cipher_by_name(alg->cipher);
    if (!c || arx_mode_check(c, ARX_MODE_CMAC) != ARX_OK) {
        ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_MODE);
        return NULL;
    }
    arxp_mctx *ctx = OPENSSL_zalloc(sizeof *ctx);
    if (!ctx) return NULL;
    ctx->alg = alg;
    ctx->c = c;
    ctx->blk = arx_cipher_block_bytes(c);
    return ctx;
}

static void mac_freectx(void *vctx) {
    arxp_mctx *ctx = vctx;
    if (!ctx) return;
    arxp_key_unref(ctx->key);
    OPENSSL_clear_free(ctx->msg, ctx->cap);
    OPENSSL_clear_free(ctx, sizeof *ctx);
}

static void *mac_dupctx(void *vctx) {
    const arxp_mctx *src = vctx;
    arxp_mctx *dst = OPENSSL_memdup(src, sizeof *src);
    if (!dst) return NULL;
    dst->msg = NULL;
    dst->cap = 0;
    if (src->len) {
        if ((dst->msg = OPENSSL_memdup(src->msg, src->len)) == NULL) {
            OPENSSL_free(dst);
            return NULL;
        }
        dst->cap = src->len;
    }
    arxp_key_ref(dst->key);
    return dst;
}

/* Forget the buffered message (wiped: it may be secret). */
static void msg_reset(arxp_mctx *ctx) {
    if (ctx->msg) OPENSSL_cleanse(ctx->msg, ctx->len);
    ctx->len = 0;
}

static int mac_set_key(arxp_mctx *ctx, const unsigned char *key, size_t keylen) {
    arxp_key *k;
    int rc = arxp_key_make(&k, ctx->c, key, keylen);
    if (rc) {
        arxp_raise(rc);
        return 0;
    }
    arxp_key_unref(ctx->key);
    ctx->key = k;
    return 1;
}

/* "LEA-128", "lea-128" or "LEA-128-CBC" (the form OpenSSL's CMAC takes)
 * names this MAC's cipher. */
static int names_cipher(const char *given, const char *cipher) {
    size_t n = strlen(cipher);
    if (strncasecmp(given, cipher, n)) return 0;
    return given[n] == '\0' || !strcasecmp(given + n, "-CBC");
}

static int mac_set_ctx_params(void *vctx, const OSSL_PARAM params[]) {
    arxp_mctx *ctx = vctx;
    const OSSL_PARAM *p;
    if (!params) return 1;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_CIPHER))) {
        if (p->data_type != OSSL_PARAM_UTF8_STRING || !p->data) {
            ERR_raise(ERR_LIB_PROV, PROV_R_FAILED_TO_GET_PARAMETER);
            return 0;
        }
        if (!names_cipher(p->data, ctx->alg->cipher)) {
            ERR_raise_data(ERR_LIB_PROV, PROV_R_INVALID_DATA, "this MAC is %s-CMAC, not CMAC over %s",
                           ctx->alg->cipher, (const char *)p->data);
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_KEY))) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING) {
            ERR_raise(ERR_LIB_PROV, PROV_R_FAILED_TO_GET_PARAMETER);
            return 0;
        }
        if (!mac_set_key(ctx, p->data, p->data_size)) return 0;
        msg_reset(ctx);
    }
    return 1;
}

static int mac_init(void *vctx, const unsigned char *key, size_t keylen, const OSSL_PARAM params[]) {
    arxp_mctx *ctx = vctx;
    if (!mac_set_ctx_params(ctx, params)) return 0;
    if (key && !mac_set_key(ctx, key, keylen)) return 0;
    if (!ctx->key) {
        ERR_raise(ERR_LIB_PROV, PROV_R_NO_KEY_SET);
        return 0;
    }
    msg_reset(ctx);
    return 1;
}

static int mac_update(void *vctx, const unsigned char *in, size_t inl) {
    arxp_mctx *ctx = vctx;
    if (!inl) return 1;
    if (!in) {
        ERR_raise(ERR_LIB_PROV, ERR_R_PASSED_NULL_PARAMETER);
        return 0;
    }
    if (inl > ctx->cap - ctx->len) {
        size_t cap = ctx->cap ? ctx->cap : 256;
        while (cap - ctx->len < inl) {
            if (cap > ((size_t)-1) / 2) {
                ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_INPUT_LENGTH);
                return 0;
            }
            cap *= 2;
        }
        unsigned char *p = OPENSSL_clear_realloc(ctx->msg, ctx->cap, cap);
        if (!p) return 0;
        ctx->msg = p;
        ctx->cap = cap;
    }
    memcpy(ctx->msg + ctx->len, in, inl);
    ctx->len += inl;
    return 1;
}

static int mac_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize) {
    arxp_mctx *ctx = vctx;
    *outl = 0;
    if (!ctx->key) {
        ERR_raise(ERR_LIB_PROV, PROV_R_NO_KEY_SET);
        return 0;
    }
    if (!out || outsize < ctx->blk) {
        ERR_raise(ERR_LIB_PROV, PROV_R_OUTPUT_BUFFER_TOO_SMALL);
        return 0;
    }
    int rc = arx_cmac(ctx->key->k, ctx->msg, ctx->len, out, ctx->blk);
    msg_reset(ctx);
    if (rc) {
        arxp_raise(rc);
        return 0;
    }
    *outl = ctx->blk;
    return 1;
}

static int mac_get_ctx_params(void *vctx, OSSL_PARAM params[]) {
    arxp_mctx *ctx = vctx;
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_SIZE)) && !OSSL_PARAM_set_size_t(p, ctx->blk))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_BLOCK_SIZE)) && !OSSL_PARAM_set_size_t(p, ctx->blk))
        return 0;
    return 1;
}

static const OSSL_PARAM mac_gettable[] = {
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, NULL),
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, NULL),
    OSSL_PARAM_END};
static const OSSL_PARAM mac_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_CIPHER, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0),
    OSSL_PARAM_END};

static const OSSL_PARAM *mac_gettable_ctx_params(void *ctx, void *provctx) {
    (void)ctx, (void)provctx;
    return mac_gettable;
}
static const OSSL_PARAM *mac_settable_ctx_params(void *ctx, void *provctx) {
    (void)ctx, (void)provctx;
    return mac_settable;
}

#define ARXP_MAC_DEFS(id, name)                                                          \
    static const arxp_alg id##_cmac_alg = {name, ARX_MODE_CMAC};                         \
    static void *id##_cmac_newctx(void *provctx) { return mac_newctx(provctx, &id##_cmac_alg); } \
    static const OSSL_DISPATCH id##_cmac_fns[] = {                                       \
        {OSSL_FUNC_MAC_NEWCTX, (void (*)(void))id##_cmac_newctx},                        \
        {OSSL_FUNC_MAC_DUPCTX, (void (*)(void))mac_dupctx},                              \
        {OSSL_FUNC_MAC_FREECTX, (void (*)(void))mac_freectx},                            \
        {OSSL_FUNC_MAC_INIT, (void (*)(void))mac_init},                                  \
        {OSSL_FUNC_MAC_UPDATE, (void (*)(void))mac_update},                              \
        {OSSL_FUNC_MAC_FINAL, (void (*)(void))mac_final},                                \
        {OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS, (void (*)(void))mac_gettable_ctx_params},    \
        {OSSL_FUNC_MAC_GET_CTX_PARAMS, (void (*)(void))mac_get_ctx_params},              \
        {OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS, (void (*)(void))mac_settable_ctx_params},    \
        {OSSL_FUNC_MAC_SET_CTX_PARAMS, (void (*)(void))mac_set_ctx_params},              \
        {0, NULL}};
ARXP_CIPHERS(ARXP_MAC_DEFS)

#define ARXP_MAC_ROWS(id, name) {name, ARX_MODE_CMAC, id##_cmac_fns},
const arxp_impl arxp_mac_impls[] = {ARXP_CIPHERS(ARXP_MAC_ROWS){NULL, ARX_MODE_COUNT_, NULL}};
