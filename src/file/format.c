/*
 * The arxcrypt file format, version 1 (docs/FORMAT.md; API in arxcrypt.h,
 * "files"): header encoding and checks, the header tag, the STREAM chunks,
 * and the incremental interface over them. Key derivation is in kdf_*.c.
 *
 * Header layout (integers big-endian):
 *   0 magic "ARXCRYPT"   8 version   9 cipher name (24, NUL-padded)   33 chunk size (4)
 *   37 file nonce (16)   53 kdf      54 scrypt salt (16)   70 log2 N   71 r (4)   75 p (4)
 *   79 header tag (16): GCM under the header key, 12 zero nonce bytes, bytes
 *      0..78 as AAD, no plaintext.
 * Chunk i: GCM under the payload key, nonce = i as 11 bytes big-endian then
 * a flag byte (1 for the last chunk), no AAD; stored as ciphertext || tag.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "arxcrypt.h"
#include "internal.h"
#include "kdf.h"

#define AUTH_BYTES (ARX_FILE_HEADER_BYTES - ARX_FILE_TAG_BYTES) /* what the header tag covers */
enum {
    OFF_VERSION = 8,
    OFF_CIPHER = 9,
    OFF_CHUNK = OFF_CIPHER + ARX_FILE_CIPHER_FIELD,
    OFF_NONCE = OFF_CHUNK + 4,
    OFF_KDF = OFF_NONCE + ARX_FILE_NONCE_BYTES,
    OFF_SALT = OFF_KDF + 1,
    OFF_LOG2N = OFF_SALT + ARX_FILE_SALT_BYTES,
    OFF_R = OFF_LOG2N + 1,
    OFF_P = OFF_R + 4,
};
_Static_assert(OFF_P + 4 == AUTH_BYTES, "header layout (docs/FORMAT.md)");
static const char MAGIC[8] = {'A', 'R', 'X', 'C', 'R', 'Y', 'P', 'T'};
static const char INFO_HEADER[] = "arxcrypt file v1 header", INFO_PAYLOAD[] = "arxcrypt file v1 payload";

int arx_file_kdf_available(void) { return arx_file_kdf_built(); }

/* ---- header fields ------------------------------------------------------------------- */

/* How far a header's checks got: the fields up to a failing stage are the
 * ones arx_file_header_parse leaves in *h for messages. */
enum { STAGE_VERSION = 1, STAGE_CIPHER, STAGE_CHUNK, STAGE_KDF, STAGE_SCRYPT };

static int all_zero(const uint8_t *p, size_t n) {
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= p[i];
    return acc == 0;
}

/* The file's cipher, or an error: a known name that fits the field, with a
 * 128-bit block (GCM; a 64-bit block reaches its birthday bound within one
 * large file at 64 KiB per chunk, docs/FORMAT.md). */
static int file_cipher(const char *name, const arx_cipher **c) {
    *c = arx_cipher_by_name(name);
    if (!*c) return ARX_ERR_UNKNOWN_CIPHER;
    if (arx_mode_check(*c, ARX_MODE_GCM) != ARX_OK) return ARX_ERR_MODE_UNSUPPORTED;
    if (strlen(name) > ARX_FILE_CIPHER_FIELD) return ARX_ERR_HEADER;
    return ARX_OK;
}

/* scrypt's bounds (arxcrypt.h): a header must not make a reader spend more
 * than 1 GiB or 16 times the default work. */
static int scrypt_in_bounds(unsigned log2n, uint32_t r, uint32_t p) {
    if (log2n < ARX_FILE_SCRYPT_MIN_LOG2N || log2n > ARX_FILE_SCRYPT_MAX_LOG2N) return 0;
    if (r < 1 || r > ARX_FILE_SCRYPT_MAX_R || p < 1 || p > ARX_FILE_SCRYPT_MAX_P) return 0;
    const uint64_t n = (uint64_t)1 << log2n; /* all three small now: no overflow below */
    return 128 * (uint64_t)r * n <= ARX_FILE_SCRYPT_MAX_MEM && n * r * p <= ARX_FILE_SCRYPT_MAX_WORK;
}

/* Every check a header's fields must pass, in the documented order; *stage
 * gets the stage that failed. */
static int check_fields(const arx_file_header *h, const arx_cipher **c, int *stage) {
    *stage = STAGE_VERSION;
    if (h->version != ARX_FILE_VERSION) return ARX_ERR_VERSION;
    *stage = STAGE_CIPHER;
    if (memchr(h->cipher, 0, sizeof h->cipher) == NULL) return ARX_ERR_HEADER; /* not NUL-terminated */
    int rc = file_cipher(h->cipher, c);
    if (rc) return rc;
    *stage = STAGE_CHUNK;
    if (h->chunk_bytes < ARX_FILE_CHUNK_MIN || h->chunk_bytes > ARX_FILE_CHUNK_MAX) return ARX_ERR_HEADER;
    *stage = STAGE_KDF;
    if (h->kdf == ARX_FILE_KDF_KEYFILE) {
        /* a key-file header carries no scrypt parameters: all zero */
        if (!all_zero(h->salt, sizeof h->salt) || h->log2n || h->r || h->p) return ARX_ERR_HEADER;
        return ARX_OK;
    }
    if (h->kdf != ARX_FILE_KDF_SCRYPT) return ARX_ERR_HEADER;
    *stage = STAGE_SCRYPT;
    return scrypt_in_bounds(h->log2n, h->r, h->p) ? ARX_OK : ARX_ERR_KDF_LIMIT;
}

static int check_header(const arx_file_header *h, const arx_cipher **c) {
    int stage;
    return check_fields(h, c, &stage);
}

int arx_file_header_init(arx_file_header *h, const char *cipher, uint32_t chunk_bytes, int kdf,
                         const uint8_t *nonce, const uint8_t *salt) {
    if (!h) return ARX_ERR_NULL;
    memset(h, 0, sizeof *h);
    if (!nonce || (kdf == ARX_FILE_KDF_SCRYPT && !salt)) return ARX_ERR_NULL;
    if (!cipher) cipher = ARX_FILE_DEFAULT_CIPHER;
    const arx_cipher *c;
    int rc = file_cipher(cipher, &c);
    if (rc) return rc;
    if (chunk_bytes == 0) chunk_bytes = ARX_FILE_CHUNK_DEFAULT;
    if (chunk_bytes < ARX_FILE_CHUNK_MIN || chunk_bytes > ARX_FILE_CHUNK_MAX) return ARX_ERR_HEADER;
    if (kdf != ARX_FILE_KDF_KEYFILE && kdf != ARX_FILE_KDF_SCRYPT) return ARX_ERR_HEADER;
    h->version = ARX_FILE_VERSION;
    memcpy(h->cipher, cipher, strlen(cipher) + 1);
    h->chunk_bytes = chunk_bytes;
    memcpy(h->nonce, nonce, sizeof h->nonce);
    h->kdf = (uint8_t)kdf;
    if (kdf == ARX_FILE_KDF_SCRYPT) {
        memcpy(h->salt, salt, sizeof h->salt);
        h->log2n = ARX_FILE_SCRYPT_LOG2N;
        h->r = ARX_FILE_SCRYPT_R;
        h->p = ARX_FILE_SCRYPT_P;
    }
    return ARX_OK;
}

int arx_file_header_parse(arx_file_header *h, const uint8_t *raw, size_t raw_len) {
    if (!h) return ARX_ERR_NULL;
    memset(h, 0, sizeof *h);
    if (!raw && raw_len) return ARX_ERR_NULL;
    if (raw_len < sizeof MAGIC || memcmp(raw, MAGIC, sizeof MAGIC) != 0) return ARX_ERR_FORMAT;
    if (raw_len < ARX_FILE_HEADER_BYTES) return ARX_ERR_TRUNCATED;

    arx_file_header t;
    memset(&t, 0, sizeof t);
    t.version = raw[OFF_VERSION];
    memcpy(t.cipher, raw + OFF_CIPHER, ARX_FILE_CIPHER_FIELD); /* t.cipher[24] stays 0 */
    t.chunk_bytes = arx_load32_be(raw + OFF_CHUNK);
    memcpy(t.nonce, raw + OFF_NONCE, sizeof t.nonce);
    t.kdf = raw[OFF_KDF];
    memcpy(t.salt, raw + OFF_SALT, sizeof t.salt); /* read for either kdf: a key file's must be zero */
    t.log2n = raw[OFF_LOG2N];
    t.r = arx_load32_be(raw + OFF_R);
    t.p = arx_load32_be(raw + OFF_P);

    const arx_cipher *c;
    const size_t name_len = strlen(t.cipher); /* at most 24: t.cipher[24] is 0 */
    int stage, rc;
    if (t.version != ARX_FILE_VERSION) {
        rc = ARX_ERR_VERSION;
        stage = STAGE_VERSION;
    } else if (!all_zero(raw + OFF_CIPHER + name_len, ARX_FILE_CIPHER_FIELD - name_len)) {
        rc = ARX_ERR_HEADER; /* after the name's first NUL only NULs: one header, one encoding */
        stage = STAGE_CIPHER;
    } else {
        rc = check_fields(&t, &c, &stage);
    }
    if (rc == ARX_OK) {
        *h = t;
        return ARX_OK;
    }
    /* the fields up to the failing one, for the caller's message */
    h->version = t.version;
    if (stage >= STAGE_CIPHER) memcpy(h->cipher, t.cipher, sizeof h->cipher);
    if (stage >= STAGE_CHUNK) {
        h->chunk_bytes = t.chunk_bytes;
        memcpy(h->nonce, t.nonce, sizeof h->nonce);
    }
    if (stage >= STAGE_KDF) h->kdf = t.kdf;
    if (stage >= STAGE_SCRYPT) {
        memcpy(h->salt, t.salt, sizeof h->salt);
        h->log2n = t.log2n;
        h->r = t.r;
        h->p = t.p;
    }
    return rc;
}

/* The header's first AUTH_BYTES bytes (what its tag covers). */
static void encode_header(const arx_file_header *h, uint8_t raw[AUTH_BYTES]) {
    memset(raw, 0, AUTH_BYTES);
    memcpy(raw, MAGIC, sizeof MAGIC);
    raw[OFF_VERSION] = h->version;
    memcpy(raw + OFF_CIPHER, h->cipher, strlen(h->cipher));
    arx_store32_be(raw + OFF_CHUNK, h->chunk_bytes);
    memcpy(raw + OFF_NONCE, h->nonce, sizeof h->nonce);
    raw[OFF_KDF] = h->kdf;
    memcpy(raw + OFF_SALT, h->salt, sizeof h->salt); /* zeros for a key file (checked) */
    raw[OFF_LOG2N] = h->log2n;
    arx_store32_be(raw + OFF_R, h->r);
    arx_store32_be(raw + OFF_P, h->p);
}

/* ---- keys ------------------------------------------------------------------------------ */

int arx_file_ikm(const arx_file_header *h, const uint8_t *secret, size_t secret_len,
                 uint8_t ikm[ARX_FILE_IKM_BYTES]) {
    if (!h || !ikm) return ARX_ERR_NULL;
    memset(ikm, 0, ARX_FILE_IKM_BYTES);
    if (!secret && secret_len) return ARX_ERR_NULL;
    const arx_cipher *c;
    int rc = check_header(h, &c);
    if (rc) return rc;
    if (h->kdf == ARX_FILE_KDF_KEYFILE) {
        if (secret_len != ARX_FILE_IKM_BYTES) return ARX_ERR_KEY_LENGTH;
        memcpy(ikm, secret, ARX_FILE_IKM_BYTES);
        return ARX_OK;
    }
    rc = arx_file_scrypt(secret, secret_len, h->salt, sizeof h->salt, h->log2n, h->r, h->p, ikm,
                         ARX_FILE_IKM_BYTES);
    if (rc) arx_wipe(ikm, ARX_FILE_IKM_BYTES);
    return rc;
}

int arx_file_derive_keys(const arx_file_header *h, const uint8_t ikm[ARX_FILE_IKM_BYTES], arx_file_keys *keys) {
    if (!keys) return ARX_ERR_NULL;
    memset(keys, 0, sizeof *keys);
    if (!h || !ikm) return ARX_ERR_NULL;
    const arx_cipher *c;
    int rc = check_header(h, &c);
    if (rc) return rc;
    const size_t kb = arx_cipher_key_bytes(c);
    rc = arx_file_hkdf_sha256(ikm, ARX_FILE_IKM_BYTES, h->nonce, sizeof h->nonce, INFO_HEADER, keys->header_key, kb);
    if (!rc)
        rc = arx_file_hkdf_sha256(ikm, ARX_FILE_IKM_BYTES, h->nonce, sizeof h->nonce, INFO_PAYLOAD,
                                  keys->payload_key, kb);
    if (rc) {
        arx_wipe(keys, sizeof *keys);
        return rc;
    }
    keys->key_bytes = kb;
    return ARX_OK;
}

/* ---- the stream object ----------------------------------------------------------------- */

struct arx_file {
    arx_key *key;     /* the payload key; read-only, shared by chunk calls on any thread */
    size_t chunk;     /* plaintext bytes per chunk */
    int writer;
    /* update/final: the piece held back until the input shows whether it is
     * the last (writer: up to chunk bytes of plaintext; reader: up to
     * chunk + 16 stored bytes), and the index it will have */
    uint8_t *buf;
    size_t buf_len;
    uint64_t next;
    int done;
    /* the lowest chunk index that failed, once `failed` is set (chunk calls
     * may fail on several threads at once) */
    atomic_uint_least64_t fail_at;
    atomic_int failed;
};

static size_t piece_bytes(const arx_file *f) { return f->writer ? f->chunk : f->chunk + ARX_FILE_TAG_BYTES; }

static void mark_failed(const arx_file *cf, uint64_t index) {
    arx_file *f = (arx_file *)(uintptr_t)cf; /* only these two atomics change under a const object */
    uint_least64_t cur = atomic_load(&f->fail_at);
    while (index < cur && !atomic_compare_exchange_weak(&f->fail_at, &cur, index)) {
    }
    atomic_store(&f->failed, 1);
}

/* Chunk index `index` at or past a failed one: refused. */
static int refused(const arx_file *cf, uint64_t index) {
    arx_file *f = (arx_file *)(uintptr_t)cf;
    return atomic_load(&f->failed) && index >= atomic_load(&f->fail_at);
}

static void chunk_nonce(uint8_t n[12], uint64_t index, int last) {
    n[0] = n[1] = n[2] = 0; /* the index's 11 bytes: 88 bits, of which a uint64_t fills the low 64 */
    arx_store64_be(n + 3, index);
    n[11] = (uint8_t)(last ? 1 : 0);
}

/* The header key and the payload key. (A GCM call cannot fail for want of
 * memory: each key keeps its GCM hash key in its own storage, src/key.c.) */
static int make_keys(const arx_cipher *c, const arx_file_keys *keys, arx_key **hk, arx_key **pk) {
    *hk = *pk = NULL;
    if (keys->key_bytes != arx_cipher_key_bytes(c)) return ARX_ERR_KEY_LENGTH;
    int rc = arx_key_new(hk, c, keys->header_key, keys->key_bytes, NULL);
    if (!rc) rc = arx_key_new(pk, c, keys->payload_key, keys->key_bytes, NULL);
    if (rc) {
        arx_key_free(*hk);
        arx_key_free(*pk);
        *hk = *pk = NULL;
    }
    return rc;
}

static int new_object(arx_file **f, arx_key *pk, uint32_t chunk, int writer) {
    arx_file *o = calloc(1, sizeof *o);
    if (!o) return ARX_ERR_NOMEM;
    o->key = pk;
    o->chunk = chunk;
    o->writer = writer;
    atomic_init(&o->fail_at, UINT64_MAX);
    atomic_init(&o->failed, 0);
    *f = o;
    return ARX_OK;
}

int arx_file_seal_new(arx_file **f, const arx_file_header *h, const arx_file_keys *keys,
                      uint8_t header_out[ARX_FILE_HEADER_BYTES]) {
    if (!f) return ARX_ERR_NULL;
    *f = NULL;
    if (!h || !keys || !header_out) return ARX_ERR_NULL;
    const arx_cipher *c;
    int rc = check_header(h, &c);
    if (rc) return rc;
    arx_key *hk, *pk;
    if ((rc = make_keys(c, keys, &hk, &pk))) return rc;
    uint8_t raw[ARX_FILE_HEADER_BYTES], zero[12] = {0};
    encode_header(h, raw);
    rc = arx_gcm_encrypt(hk, zero, sizeof zero, raw, AUTH_BYTES, NULL, NULL, 0, raw + AUTH_BYTES,
                         ARX_FILE_TAG_BYTES);
    arx_key_free(hk);
    if (!rc) rc = new_object(f, pk, h->chunk_bytes, 1);
    if (rc) {
        arx_key_free(pk);
        return rc;
    }
    memcpy(header_out, raw, sizeof raw);
    return ARX_OK;
}

int arx_file_open_new(arx_file **f, const uint8_t raw_header[ARX_FILE_HEADER_BYTES], const arx_file_keys *keys) {
    if (!f) return ARX_ERR_NULL;
    *f = NULL;
    if (!raw_header || !keys) return ARX_ERR_NULL;
    arx_file_header h;
    int rc = arx_file_header_parse(&h, raw_header, ARX_FILE_HEADER_BYTES);
    if (rc) return rc;
    const arx_cipher *c = arx_cipher_by_name(h.cipher);
    arx_key *hk, *pk;
    if ((rc = make_keys(c, keys, &hk, &pk))) return rc;
    const uint8_t zero[12] = {0};
    rc = arx_gcm_decrypt(hk, zero, sizeof zero, raw_header, AUTH_BYTES, NULL, NULL, 0, raw_header + AUTH_BYTES,
                         ARX_FILE_TAG_BYTES);
    arx_key_free(hk);
    if (!rc) rc = new_object(f, pk, h.chunk_bytes, 0);
    if (rc) arx_key_free(pk);
    return rc;
}

void arx_file_free(arx_file *f) {
    if (!f) return;
    arx_key_free(f->key);
    if (f->buf) {
        arx_wipe(f->buf, piece_bytes(f));
        free(f->buf);
    }
    arx_wipe(f, sizeof *f);
    free(f);
}

/* ---- chunks ------------------------------------------------------------------------------ */

/* [a, a+an) and [b, b+bn) overlap, and a != b. */
static int bad_overlap(const uint8_t *a, size_t an, const uint8_t *b, size_t bn) {
    if (!an || !bn || a == b) return 0;
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return x < y ? y - x < an : x - y < bn;
}

/* The GCM calls themselves, arguments already checked. */
static int seal_one(const arx_file *f, uint64_t index, int last, uint8_t *out, const uint8_t *in, size_t len) {
    uint8_t nonce[12];
    chunk_nonce(nonce, index, last);
    return arx_gcm_encrypt(f->key, nonce, sizeof nonce, NULL, 0, out, in, len, out + len, ARX_FILE_TAG_BYTES);
}

static int open_one(const arx_file *f, uint64_t index, int last, uint8_t *out, const uint8_t *in, size_t len) {
    if (len < ARX_FILE_TAG_BYTES) {
        mark_failed(f, index);
        return ARX_ERR_TRUNCATED;
    }
    uint8_t nonce[12];
    chunk_nonce(nonce, index, last);
    const size_t n = len - ARX_FILE_TAG_BYTES;
    int rc = arx_gcm_decrypt(f->key, nonce, sizeof nonce, NULL, 0, out, in, n, in + n, ARX_FILE_TAG_BYTES);
    if (rc == ARX_ERR_AUTH) mark_failed(f, index); /* out is zeroed by arx_gcm_decrypt */
    return rc;
}

int arx_file_seal_chunk(const arx_file *f, uint64_t index, int last, uint8_t *out, size_t out_cap,
                        const uint8_t *in, size_t in_len) {
    if (!f || !out || (!in && in_len)) return ARX_ERR_NULL;
    if (!f->writer) return ARX_ERR_STATE;
    if (in_len > f->chunk || (!last && in_len != f->chunk) || (last && in_len == 0 && index != 0))
        return ARX_ERR_LENGTH;
    if (out_cap < in_len + ARX_FILE_TAG_BYTES) return ARX_ERR_BUFFER;
    if (bad_overlap(out, in_len + ARX_FILE_TAG_BYTES, in, in_len)) return ARX_ERR_OVERLAP;
    return seal_one(f, index, last, out, in, in_len);
}

int arx_file_open_chunk(const arx_file *f, uint64_t index, int last, uint8_t *out, size_t out_cap,
                        const uint8_t *in, size_t in_len) {
    if (!f || (!in && in_len)) return ARX_ERR_NULL;
    if (f->writer) return ARX_ERR_STATE;
    const size_t piece = f->chunk + ARX_FILE_TAG_BYTES;
    if (in_len > piece || (!last && in_len != piece)) return ARX_ERR_LENGTH;
    const size_t n = in_len >= ARX_FILE_TAG_BYTES ? in_len - ARX_FILE_TAG_BYTES : 0;
    if (out_cap < n) return ARX_ERR_BUFFER;
    if (!out && n) return ARX_ERR_NULL;
    if (bad_overlap(out, n, in, in_len)) return ARX_ERR_OVERLAP;
    if (refused(f, index)) return ARX_ERR_STATE;
    return open_one(f, index, last, out, in, in_len);
}

/* ---- update / final -------------------------------------------------------------------- */

size_t arx_file_update_size(const arx_file *f, size_t in_len) {
    if (!f) return 0;
    const size_t piece = piece_bytes(f), per_out = f->writer ? f->chunk + ARX_FILE_TAG_BYTES : f->chunk;
    if (in_len > SIZE_MAX - f->buf_len) return SIZE_MAX;
    const size_t total = f->buf_len + in_len;
    /* every piece but the one the input ends in goes out: one byte after a
     * piece is what shows it is not the last */
    const size_t pieces = total > piece ? (total - 1) / piece : 0;
    return pieces > SIZE_MAX / per_out ? SIZE_MAX : pieces * per_out;
}

size_t arx_file_final_size(const arx_file *f) {
    if (!f) return 0;
    if (f->writer) return f->buf_len + ARX_FILE_TAG_BYTES;
    return f->buf_len >= ARX_FILE_TAG_BYTES ? f->buf_len - ARX_FILE_TAG_BYTES : 0;
}

/* One piece as chunk f->next; *wrote gets its output bytes. */
static int do_piece(arx_file *f, const uint8_t *in, size_t len, int last, uint8_t *out, size_t *wrote) {
    int rc;
    if (f->writer) {
        rc = seal_one(f, f->next, last, out, in, len);
        *wrote = len + ARX_FILE_TAG_BYTES;
    } else {
        rc = open_one(f, f->next, last, out, in, len);
        *wrote = len - ARX_FILE_TAG_BYTES; /* len >= 16 whenever rc is ARX_OK */
    }
    if (rc) *wrote = 0;
    else f->next++;
    return rc;
}

static void drop_buffer(arx_file *f) {
    if (f->buf) arx_wipe(f->buf, f->buf_len);
    f->buf_len = 0;
}

int arx_file_update(arx_file *f, uint8_t *out, size_t out_cap, size_t *out_len, const uint8_t *in, size_t in_len) {
    if (!f || !out_len) return ARX_ERR_NULL;
    *out_len = 0;
    if (!in && in_len) return ARX_ERR_NULL;
    if (f->done || atomic_load(&f->failed)) return ARX_ERR_STATE;
    const size_t need = arx_file_update_size(f, in_len);
    if (need > out_cap) return ARX_ERR_BUFFER;
    if (!out && need) return ARX_ERR_NULL;
    if (need && (out == in || bad_overlap(out, need, in, in_len))) return ARX_ERR_OVERLAP;
    const size_t piece = piece_bytes(f);
    if (!f->buf && in_len) {
        f->buf = malloc(piece);
        if (!f->buf) return ARX_ERR_NOMEM;
    }
    size_t w = 0, n;
    int rc = ARX_OK;
    while (in_len) {
        if (f->buf_len == piece) { /* the held piece, and more input: not the last */
            rc = do_piece(f, f->buf, piece, 0, out + w, &n);
            arx_wipe(f->buf, piece);
            f->buf_len = 0;
        } else if (f->buf_len == 0 && in_len > piece) { /* straight from the input, no copy */
            rc = do_piece(f, in, piece, 0, out + w, &n);
            in += piece;
            in_len -= piece;
        } else {
            size_t take = piece - f->buf_len < in_len ? piece - f->buf_len : in_len;
            memcpy(f->buf + f->buf_len, in, take);
            f->buf_len += take;
            in += take;
            in_len -= take;
            n = 0;
        }
        if (rc) break;
        w += n;
    }
    *out_len = w; /* on a failure: the chunks verified before it (arxcrypt.h) */
    if (rc) drop_buffer(f);
    return rc;
}

int arx_file_final(arx_file *f, uint8_t *out, size_t out_cap, size_t *out_len) {
    if (!f || !out_len) return ARX_ERR_NULL;
    *out_len = 0;
    if (f->done || atomic_load(&f->failed)) return ARX_ERR_STATE;
    const size_t need = arx_file_final_size(f);
    if (need > out_cap) return ARX_ERR_BUFFER;
    if (!out && need) return ARX_ERR_NULL;
    size_t n = 0;
    int rc = do_piece(f, f->buf_len ? f->buf : NULL, f->buf_len, 1, out, &n);
    drop_buffer(f);
    f->done = 1;
    *out_len = n;
    return rc;
}

int arx_file_failed_chunk(const arx_file *f, uint64_t *index) {
    if (!f || !index) return ARX_ERR_NULL;
    arx_file *m = (arx_file *)(uintptr_t)f;
    if (!atomic_load(&m->failed)) return ARX_ERR_STATE;
    *index = atomic_load(&m->fail_at);
    return ARX_OK;
}
