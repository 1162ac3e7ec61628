/*
 * arxcrypt.so, an OpenSSL 3 provider module: the entry point
 * (OSSL_provider_init, the only symbol the module exports), the algorithm
 * tables and their names, and what cipher.c and cmac.c share.
 *
 * Names: an arxcrypt cipher name upper-cased plus the mode, "LEA-128-GCM",
 * "CHAM-64-128-LEGACY-CBC", "SPECK-128-256-CTR", and "LEA-128-CMAC" for the
 * MACs. Aliases follow OpenSSL's own short names for the CBC form of a
 * national cipher ("AES128", "ARIA128", "SM4", "SEED"): "LEA128", "LEA192",
 * "LEA256" and "HIGHT". No OIDs: none is registered here that could not be
 * checked against its registry.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/proverr.h>

#include "arxprov.h"

#define ARXP_PROPS "provider=arxcrypt"

/* ---- shared helpers ------------------------------------------------------- */

int arxp_key_make(arxp_key **out, const arx_cipher *c, const unsigned char *key, size_t len) {
    arxp_key *k = OPENSSL_zalloc(sizeof *k);
    *out = NULL;
    if (!k) return ARX_ERR_NOMEM;
    int rc = arx_key_new(&k->k, c, key, len, NULL);
    if (rc) {
        OPENSSL_free(k);
        return rc;
    }
    atomic_init(&k->refs, 1);
    *out = k;
    return ARX_OK;
}

arxp_key *arxp_key_ref(arxp_key *key) {
    if (key) atomic_fetch_add_explicit(&key->refs, 1, memory_order_relaxed);
    return key;
}

void arxp_key_unref(arxp_key *key) {
    if (!key || atomic_fetch_sub_explicit(&key->refs, 1, memory_order_acq_rel) != 1) return;
    arx_key_free(key->k); /* wipes the schedule */
    OPENSSL_free(key);
}

void arxp_raise(int rc) {
    int reason;
    switch (rc) {
    case ARX_ERR_KEY_LENGTH: reason = PROV_R_INVALID_KEY_LENGTH; break;
    case ARX_ERR_IV_LENGTH: reason = PROV_R_INVALID_IV_LENGTH; break;
    case ARX_ERR_TAG_LENGTH: reason = PROV_R_INVALID_TAG_LENGTH; break;
    case ARX_ERR_LENGTH: reason = PROV_R_WRONG_FINAL_BLOCK_LENGTH; break;
    case ARX_ERR_TOO_LONG: reason = PROV_R_INVALID_INPUT_LENGTH; break;
    case ARX_ERR_PADDING:
    case ARX_ERR_AUTH: reason = PROV_R_BAD_DECRYPT; break;
    case ARX_ERR_STATE: reason = PROV_R_INVALID_STATE; break;
    case ARX_ERR_BUFFER: reason = PROV_R_OUTPUT_BUFFER_TOO_SMALL; break;
    case ARX_ERR_NOMEM: reason = ERR_R_MALLOC_FAILURE; break;
    case ARX_ERR_MODE_UNSUPPORTED: reason = PROV_R_INVALID_MODE; break;
    case ARX_ERR_NULL: reason = ERR_R_PASSED_NULL_PARAMETER; break;
    case ARX_ERR_XTS_KEY: reason = PROV_R_XTS_DUPLICATED_KEYS; break;
    default: reason = PROV_R_CIPHER_OPERATION_FAILED; break;
    }
    ERR_raise_data(ERR_LIB_PROV, reason, "arxcrypt: %s", arx_strerror(rc));
}

/* ---- algorithm tables -------------------------------------------------------- */

typedef struct arxp_provctx {
    const OSSL_CORE_HANDLE *handle;
    OSSL_ALGORITHM *ciphers, *macs;
    char **names; /* every name string, to free */
    size_t nnames;
} arxp_provctx;

static const char *const mode_upper[ARX_MODE_COUNT_] = {"ECB", "CBC", "CFB", "OFB",
                                                        "CTR", "GCM", "CCM", "CMAC", "XTS"};

/* OpenSSL's convention: the bare short name is the CBC form. */
static const char *cbc_alias(const char *cipher) {
    if (!strcmp(cipher, "lea-128")) return "LEA128";
    if (!strcmp(cipher, "lea-192")) return "LEA192";
    if (!strcmp(cipher, "lea-256")) return "LEA256";
    if (!strcmp(cipher, "hight")) return "HIGHT";
    return NULL;
}

static char *make_name(const char *cipher, arx_mode m) {
    const char *alias = m == ARX_MODE_CBC ? cbc_alias(cipher) : NULL;
    size_t n = strlen(cipher) + 1 + strlen(mode_upper[m]) + (alias ? 1 + strlen(alias) : 0) + 1;
    char *s = OPENSSL_malloc(n);
    if (!s) return NULL;
    size_t i = 0;
    for (; cipher[i]; i++) s[i] = (char)toupper((unsigned char)cipher[i]);
    snprintf(s + i, n - i, "-%s%s%s", mode_upper[m], alias ? ":" : "", alias ? alias : "");
    return s;
}

/* The rows of `impls` whose cipher the library has and whose mode it allows. */
static OSSL_ALGORITHM *build_table(arxp_provctx *pc, const arxp_impl *impls) {
    size_t n = 0;
    while (impls[n].dispatch) n++;
    OSSL_ALGORITHM *t = OPENSSL_zalloc((n + 1) * sizeof *t);
    char **names = OPENSSL_realloc(pc->names, (pc->nnames + n) * sizeof *names);
    if (!t || !names) {
        OPENSSL_free(t);
        if (names) pc->names = names;
        return NULL;
    }
    pc->names = names;
    size_t j = 0;
    for (size_t i = 0; i < n; i++) {
        const arx_cipher *c = arx_cipher_by_name(impls[i].cipher);
        if (!c || arx_mode_check(c, impls[i].mode) != ARX_OK) continue;
        char *name = make_name(impls[i].cipher, impls[i].mode);
        if (!name) {
            OPENSSL_free(t);
            return NULL;
        }
        pc->names[pc->nnames++] = name;
        t[j].algorithm_names = name;
        t[j].property_definition = ARXP_PROPS;
        t[j].implementation = impls[i].dispatch;
        t[j].algorithm_description = NULL;
        j++;
    }
    return t; /* zero-filled terminator */
}

static void provctx_free(arxp_provctx *pc) {
    if (!pc) return;
    for (size_t i = 0; i < pc->nnames; i++) OPENSSL_free(pc->names[i]);
    OPENSSL_free(pc->names);
    OPENSSL_free(pc->ciphers);
    OPENSSL_free(pc->macs);
    OPENSSL_free(pc);
}

/* ---- provider functions -------------------------------------------------------- */

static void prov_teardown(void *provctx) { provctx_free(provctx); }

static const OSSL_PARAM prov_param_types[] = {
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_NAME, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_VERSION, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_BUILDINFO, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_STATUS, OSSL_PARAM_INTEGER, NULL, 0),
    OSSL_PARAM_END};

static const OSSL_PARAM *prov_gettable_params(void *provctx) {
    (void)provctx;
    return prov_param_types;
}

static int prov_get_params(void *provctx, OSSL_PARAM params[]) {
    (void)provctx;
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME)) &&
        !OSSL_PARAM_set_utf8_ptr(p, "arxcrypt: LEA, CHAM, HIGHT, SPECK, SIMON, SIMECK, SPARX"))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION)) && !OSSL_PARAM_set_utf8_ptr(p, ARX_VERSION_STRING))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO)) && !OSSL_PARAM_set_utf8_ptr(p, arx_version()))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS)) && !OSSL_PARAM_set_int(p, 1))
        return 0;
    return 1;
}

static const OSSL_ALGORITHM *prov_query(void *provctx, int operation_id, int *no_cache) {
    arxp_provctx *pc = provctx;
    *no_cache = 0;
    switch (operation_id) {
    case OSSL_OP_CIPHER: return pc->ciphers;
    case OSSL_OP_MAC: return pc->macs;
    default: return NULL;
    }
}

static const OSSL_DISPATCH prov_dispatch[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))prov_teardown},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, (void (*)(void))prov_gettable_params},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))prov_get_params},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))prov_query},
    {0, NULL}};

__attribute__((visibility("default"))) OSSL_provider_init_fn OSSL_provider_init;

int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                       const OSSL_DISPATCH **out, void **provctx) {
    (void)in;
    arxp_provctx *pc = OPENSSL_zalloc(sizeof *pc);
    if (!pc) return 0;
    pc->handle = handle;
    if ((pc->ciphers = build_table(pc, arxp_cipher_impls)) == NULL ||
        (pc->macs = build_table(pc, arxp_mac_impls)) == NULL) {
        provctx_free(pc);
        return 0;
    }
    *out = prov_dispatch;
    *provctx = pc;
    return 1;
}
