/*
 * Names: cipher names -> descriptors, mode names, backend names -> backends,
 * error codes -> strings. A key (key.c) picks its backend here once, when it
 * is made: the widest one (last in the descriptor's list) whose CPU features
 * are all present.
 */
#include "key.h"

/* strcmp(a, b) == 0, without the C library (ARX_FREESTANDING links none). */
static int names_equal(const char *a, const char *b) {
    while (*a && *a == *b) a++, b++;
    return *a == *b;
}

/* A firmware may register fewer ciphers than the library has (embedded/:
 * one family per image where the flash is small), e.g.
 * -D'ARX_CIPHERS(X)=X(lea_128) X(lea_192) X(lea_256)'; the linker then
 * drops the other families' code. */
#ifndef ARX_CIPHERS
#define ARX_CIPHERS ARX_CIPHER_LIST
#endif
#define ARX_ENTRY(id) &arx_desc_##id,
static const arx_cipher_desc *const all_ciphers[] = {ARX_CIPHERS(ARX_ENTRY)};
#undef ARX_ENTRY
#define N_CIPHERS (sizeof all_ciphers / sizeof all_ciphers[0])

const char *arx_version(void) { return ARX_VERSION_STRING; }

size_t arx_cipher_count(void) { return N_CIPHERS; }

const arx_cipher *arx_cipher_at(size_t i) {
    return i < N_CIPHERS ? (const arx_cipher *)(const void *)all_ciphers[i] : NULL;
}

const arx_cipher *arx_cipher_by_name(const char *name) {
    if (!name) return NULL;
    for (size_t i = 0; i < N_CIPHERS; i++)
        if (names_equal(all_ciphers[i]->name, name)) return arx_cipher_at(i);
    return NULL;
}

const char *arx_cipher_name(const arx_cipher *c) { return c ? arx_desc_of(c)->name : NULL; }
size_t arx_cipher_block_bytes(const arx_cipher *c) { return c ? arx_desc_of(c)->block_bytes : 0; }
size_t arx_cipher_key_bytes(const arx_cipher *c) { return c ? arx_desc_of(c)->key_bytes : 0; }

size_t arx_cipher_backend_count(const arx_cipher *c) {
    size_t n = 0;
    if (c)
        while (n < ARX_MAX_BACKENDS && arx_desc_of(c)->backends[n]) n++;
    return n;
}

const char *arx_cipher_backend_name(const arx_cipher *c, size_t i) {
    return i < arx_cipher_backend_count(c) ? arx_desc_of(c)->backends[i]->name : NULL;
}

static int backend_runs(const arx_backend *b) {
    return (b->requires & arx_cpu_features()) == b->requires;
}

int arx_cipher_backend_available(const arx_cipher *c, size_t i) {
    return i < arx_cipher_backend_count(c) && backend_runs(arx_desc_of(c)->backends[i]);
}

/* ---- modes ---------------------------------------------------------------- */

static const char *const mode_names[ARX_MODE_COUNT_] = {"ecb", "cbc", "cfb", "ofb",
                                                       "ctr", "gcm", "ccm", "cmac", "xts"};

const char *arx_mode_name(arx_mode m) {
    return ((unsigned)m < ARX_MODE_COUNT_) ? mode_names[m] : NULL;
}

int arx_mode_by_name(const char *name, arx_mode *m) {
    if (!name || !m) return ARX_ERR_NULL;
    for (unsigned i = 0; i < ARX_MODE_COUNT_; i++)
        if (names_equal(mode_names[i], name)) {
            *m = (arx_mode)i;
            return ARX_OK;
        }
    return ARX_ERR_UNKNOWN_MODE;
}

int arx_mode_check(const arx_cipher *c, arx_mode m) {
    if (!c) return ARX_ERR_NULL;
    unsigned b = arx_desc_of(c)->block_bytes;
    switch (m) {
    case ARX_MODE_ECB: case ARX_MODE_CBC: case ARX_MODE_CFB: case ARX_MODE_OFB: case ARX_MODE_CTR:
        return ARX_OK;
    case ARX_MODE_GCM: case ARX_MODE_CCM: /* SP 800-38D/38C define them for 128-bit blocks */
    case ARX_MODE_XTS: /* IEEE 1619's GF(2^128) tweak multiply */
        return b == 16 ? ARX_OK : ARX_ERR_MODE_UNSUPPORTED;
    case ARX_MODE_CMAC: /* SP 800-38B gives R_b only for 64- and 128-bit blocks */
        return (b == 8 || b == 16) ? ARX_OK : ARX_ERR_MODE_UNSUPPORTED;
    default:
        return ARX_ERR_UNKNOWN_MODE;
    }
}

/* ---- backends ------------------------------------------------------------ */

int arx_backend_pick(const arx_cipher_desc *d, const char *name, const arx_backend **out) {
    const arx_backend *be = NULL;
    size_t nb = arx_cipher_backend_count((const arx_cipher *)(const void *)d);
    if (!name || !name[0]) {
        for (size_t i = 0; i < nb; i++)
            if (backend_runs(d->backends[i])) be = d->backends[i];
        if (!be) return ARX_ERR_BACKEND_UNAVAILABLE; /* unreachable: ref needs nothing */
    } else {
        for (size_t i = 0; i < nb; i++)
            if (names_equal(d->backends[i]->name, name)) be = d->backends[i];
        if (!be) return ARX_ERR_UNKNOWN_BACKEND;
        if (!backend_runs(be)) return ARX_ERR_BACKEND_UNAVAILABLE;
    }
    *out = be;
    return ARX_OK;
}

/* ---- errors --------------------------------------------------------------- */

const char *arx_strerror(int code) {
    switch (code) {
    case ARX_OK: return "success";
    case ARX_ERR_NULL: return "NULL pointer with a non-zero length";
    case ARX_ERR_UNKNOWN_CIPHER: return "unknown cipher";
    case ARX_ERR_UNKNOWN_MODE: return "unknown mode";
    case ARX_ERR_UNKNOWN_BACKEND: return "unknown backend for this cipher";
    case ARX_ERR_BACKEND_UNAVAILABLE: return "backend not supported by this CPU";
    case ARX_ERR_MODE_UNSUPPORTED: return "mode not defined for this cipher's block size";
    case ARX_ERR_KEY_LENGTH: return "wrong key length for this cipher";
    case ARX_ERR_IV_LENGTH: return "wrong IV or nonce length";
    case ARX_ERR_TAG_LENGTH: return "tag length not allowed";
    case ARX_ERR_LENGTH: return "data length is not a multiple of the block size";
    case ARX_ERR_TOO_LONG: return "data too long for this mode";
    case ARX_ERR_PADDING: return "invalid padding";
    case ARX_ERR_AUTH: return "authentication failed";
    case ARX_ERR_OVERLAP: return "input and output overlap without being the same buffer";
    case ARX_ERR_STATE: return "call out of order for this context";
    case ARX_ERR_BUFFER: return "output buffer too small";
    case ARX_ERR_NOMEM: return "out of memory";
    case ARX_ERR_THREADS: return "thread count out of range (0 to 1024)";
    case ARX_ERR_ALIGN: return "storage not aligned to ARX_STORAGE_ALIGN bytes";
    case ARX_ERR_FORMAT: return "not an arxcrypt file (no ARXCRYPT magic)";
    case ARX_ERR_VERSION: return "file format version not supported";
    case ARX_ERR_HEADER: return "malformed or out-of-range file header field";
    case ARX_ERR_KDF_LIMIT: return "scrypt parameters beyond the format's bounds";
    case ARX_ERR_TRUNCATED: return "input ended early: the file is truncated";
    case ARX_ERR_UNSUPPORTED: return "not available in this build";
    case ARX_ERR_XTS_KEY: return "XTS key halves are equal (data key must differ from tweak key)";
    case ARX_ERR_CIPHER_MIX: return "keys of different ciphers in one multi-message call";
    default: return "unknown error";
    }
}

/* ---- shared argument checks for the modes ------------------------------- */

int arx_check_storage(const void *mem, size_t mem_size, size_t need) {
    if (mem_size < need) return ARX_ERR_BUFFER;
    return (uintptr_t)mem % ARX_STORAGE_ALIGN ? ARX_ERR_ALIGN : ARX_OK;
}
