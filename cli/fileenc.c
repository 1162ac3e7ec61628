/*
 * The arxcrypt file format, version 1: see fileenc.h and docs/FORMAT.md.
 *
 * Header (95 bytes, integers big-endian):
 *   0  magic "ARXCRYPT"     8   version (1)       9  cipher name, 24 bytes NUL-padded
 *   33 chunk size (u32)    37  file nonce (16)   53 KDF (0 key file, 1 scrypt)
 *   54 scrypt salt (16)    70  scrypt log2 N     71 scrypt r (u32)    75 scrypt p (u32)
 *   79 header tag (16): GCM under the header key, 96-bit zero nonce, the 79
 *      bytes before it as AAD, no plaintext.
 * Keys: HKDF-SHA-256 with the file key (or scrypt's output) as input key
 * material, the file nonce as salt, and info "arxcrypt file v1 header" or
 * "arxcrypt file v1 payload", each as long as the cipher's key.
 * Payload: chunk i (from 0) is GCM under the payload key with nonce
 * i as 11 bytes big-endian || flag (1 for the last chunk, else 0), no AAD:
 * ciphertext then 16-byte tag. Every chunk but the last holds exactly
 * `chunk size` bytes of plaintext; the last holds 0 to chunk size (0 only
 * when the whole plaintext is empty).
 */
#include "fileenc.h"

#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/kdf.h>

#include "arxcrypt.h"

#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

#define HEADER_AUTH_BYTES (ARXF_HEADER_BYTES - ARXF_TAG_BYTES)
enum { OFF_CIPHER = 9, OFF_CHUNK = OFF_CIPHER + ARXF_CIPHER_FIELD, OFF_NONCE = OFF_CHUNK + 4,
       OFF_KDF = OFF_NONCE + ARXF_NONCE_BYTES, OFF_SALT = OFF_KDF + 1, OFF_LOG2N = OFF_SALT + 16, OFF_R = OFF_LOG2N + 1,
       OFF_P = OFF_R + 4 };
_Static_assert(OFF_P + 4 == HEADER_AUTH_BYTES, "header layout");

static void set_err(char *err, size_t cap, const char *msg) { snprintf(err, cap, "%s", msg); }

static void put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}
static uint32_t get32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

int arxf_check_cipher(const char *name, char *err, size_t cap) {
    const arx_cipher *c = arx_cipher_by_name(name);
    if (!c) {
        snprintf(err, cap, "unknown cipher '%.40s' (see 'arxcrypt list')", name);
        return ARXF_ERROR;
    }
    if (arx_mode_check(c, ARX_MODE_GCM) != ARX_OK) {
        snprintf(err, cap,
                 "%.40s has a %zu-bit block: files need a 128-bit-block cipher (GCM; a 64-bit block's "
                 "birthday bound is too small for files)",
                 name, 8 * arx_cipher_block_bytes(c));
        return ARXF_ERROR;
    }
    if (strlen(name) > ARXF_CIPHER_FIELD) {
        snprintf(err, cap, "cipher name '%.40s' is too long for the header", name);
        return ARXF_ERROR;
    }
    return ARXF_OK;
}

int arxf_file_key(const arxf_header *h, const uint8_t *secret, size_t len, uint8_t ikm[ARXF_KEY_BYTES], char *err,
                  size_t cap) {
    if (h->kdf == ARXF_KDF_KEYFILE) {
        if (len != ARXF_KEY_BYTES) {
            snprintf(err, cap, "a key file holds exactly %d bytes (this one has %zu): make one with 'arxcrypt keygen'",
                     ARXF_KEY_BYTES, len);
            return ARXF_ERROR;
        }
        memcpy(ikm, secret, ARXF_KEY_BYTES);
        return ARXF_OK;
    }
    uint64_t n = (uint64_t)1 << (h->log2n & 63);
    /* memory 128 r N bytes, work ~ N r p: at most 1 GiB and 16 times the defaults */
    if (h->log2n < 10 || h->log2n > ARXF_SCRYPT_MAX_LOG2N || h->r < 1 || h->r > ARXF_SCRYPT_MAX_R || h->p < 1 ||
        h->p > ARXF_SCRYPT_MAX_P || 128 * (uint64_t)h->r * n > ARXF_SCRYPT_MAX_MEM ||
        n * h->r * h->p > ARXF_SCRYPT_MAX_WORK) {
        snprintf(err, cap, "scrypt parameters out of range (log2 N %u, r %u, p %u)", h->log2n, h->r, h->p);
        return ARXF_ERROR;
    }
    uint64_t maxmem = 128 * (uint64_t)h->r * (n + (uint64_t)h->p + 2) + (1u << 20);
    if (!EVP_PBE_scrypt((const char *)secret, len, h->salt, sizeof h->salt, n, h->r, h->p, maxmem, ikm,
                        ARXF_KEY_BYTES)) {
        set_err(err, cap, "scrypt failed (out of memory?)");
        return ARXF_ERROR;
    }
    return ARXF_OK;
}

/* HKDF-SHA-256(ikm, salt = file nonce, info) -> out (outlen bytes). */
static int hkdf(const uint8_t ikm[ARXF_KEY_BYTES], const uint8_t nonce[ARXF_NONCE_BYTES], const char *info,
                uint8_t *out, size_t outlen) {
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, NULL);
    int ok = ctx && EVP_PKEY_derive_init(ctx) > 0 && EVP_PKEY_CTX_set_hkdf_md(ctx, EVP_sha256()) > 0 &&
             EVP_PKEY_CTX_set1_hkdf_salt(ctx, nonce, ARXF_NONCE_BYTES) > 0 &&
             EVP_PKEY_CTX_set1_hkdf_key(ctx, ikm, ARXF_KEY_BYTES) > 0 &&
             EVP_PKEY_CTX_add1_hkdf_info(ctx, (const unsigned char *)info, (int)strlen(info)) > 0 &&
             EVP_PKEY_derive(ctx, out, &outlen) > 0;
    EVP_PKEY_CTX_free(ctx);
    return ok;
}

/* The header key and the payload key, as arx_key objects. */
static int make_keys(const arxf_header *h, const uint8_t ikm[ARXF_KEY_BYTES], arx_key **hk, arx_key **pk, char *err,
                     size_t cap) {
    const arx_cipher *c = arx_cipher_by_name(h->cipher);
    size_t kl = arx_cipher_key_bytes(c);
    uint8_t kh[32], kp[32];
    *hk = *pk = NULL;
    int ok = kl <= sizeof kh && hkdf(ikm, h->nonce, "arxcrypt file v1 header", kh, kl) &&
             hkdf(ikm, h->nonce, "arxcrypt file v1 payload", kp, kl) && arx_key_new(hk, c, kh, kl, NULL) == ARX_OK &&
             arx_key_new(pk, c, kp, kl, NULL) == ARX_OK;
    arx_wipe(kh, sizeof kh);
    arx_wipe(kp, sizeof kp);
    if (!ok) {
        arx_key_free(*hk);
        arx_key_free(*pk);
        *hk = *pk = NULL;
        set_err(err, cap, "key derivation failed");
        return ARXF_ERROR;
    }
    return ARXF_OK;
}

static void encode_header(const arxf_header *h, uint8_t raw[ARXF_HEADER_BYTES]) {
    memset(raw, 0, ARXF_HEADER_BYTES);
    memcpy(raw, ARXF_MAGIC, 8);
    raw[8] = ARXF_VERSION;
    memcpy(raw + OFF_CIPHER, h->cipher, strlen(h->cipher));
    put32(raw + OFF_CHUNK, h->chunk);
    memcpy(raw + OFF_NONCE, h->nonce, ARXF_NONCE_BYTES);
    raw[OFF_KDF] = h->kdf;
    if (h->kdf == ARXF_KDF_SCRYPT) {
        memcpy(raw + OFF_SALT, h->salt, 16);
        raw[OFF_LOG2N] = h->log2n;
        put32(raw + OFF_R, h->r);
        put32(raw + OFF_P, h->p);
    }
}

int arxf_read_header(FILE *in, arxf_header *h, uint8_t raw[ARXF_HEADER_BYTES], char *err, size_t cap) {
    memset(h, 0, sizeof *h);
    size_t got = fread(raw, 1, ARXF_HEADER_BYTES, in);
    if (ferror(in)) return set_err(err, cap, "read error"), ARXF_ERROR;
    if (got < 8 || memcmp(raw, ARXF_MAGIC, 8)) return set_err(err, cap, "not an arxcrypt file (no ARXCRYPT magic)"), ARXF_ERROR;
    if (got < ARXF_HEADER_BYTES) return set_err(err, cap, "truncated header"), ARXF_AUTH;
    if (raw[8] != ARXF_VERSION) {
        snprintf(err, cap, "file format version %u; this arxcrypt reads version %d", raw[8], ARXF_VERSION);
        return ARXF_ERROR;
    }
    memcpy(h->cipher, raw + OFF_CIPHER, ARXF_CIPHER_FIELD);
    h->cipher[ARXF_CIPHER_FIELD] = 0;
    for (size_t i = strlen(h->cipher); i < ARXF_CIPHER_FIELD; i++)
        if (raw[OFF_CIPHER + i]) return set_err(err, cap, "malformed header (cipher name)"), ARXF_ERROR;
    if (arxf_check_cipher(h->cipher, err, cap)) return ARXF_ERROR;
    h->chunk = get32(raw + OFF_CHUNK);
    if (h->chunk < ARXF_MIN_CHUNK || h->chunk > ARXF_MAX_CHUNK) {
        snprintf(err, cap, "chunk size %u out of range (%u..%u)", h->chunk, ARXF_MIN_CHUNK, ARXF_MAX_CHUNK);
        return ARXF_ERROR;
    }
    memcpy(h->nonce, raw + OFF_NONCE, ARXF_NONCE_BYTES);
    h->kdf = raw[OFF_KDF];
    if (h->kdf == ARXF_KDF_SCRYPT) {
        memcpy(h->salt, raw + OFF_SALT, 16);
        h->log2n = raw[OFF_LOG2N];
        h->r = get32(raw + OFF_R);
        h->p = get32(raw + OFF_P);
    } else if (h->kdf == ARXF_KDF_KEYFILE) {
        for (int i = OFF_SALT; i < HEADER_AUTH_BYTES; i++)
            if (raw[i]) return set_err(err, cap, "malformed header (key-file header with scrypt fields)"), ARXF_ERROR;
    } else {
        snprintf(err, cap, "unknown key derivation %u in the header", h->kdf);
        return ARXF_ERROR;
    }
    return ARXF_OK;
}

/* ---- chunks --------------------------------------------------------------------------- */

/* Bytes read into buf (n wanted); fewer only at end of input or on error. */
static size_t read_full(FILE *f, uint8_t *buf, size_t n) {
    size_t got = 0;
    while (got < n) {
        size_t r = fread(buf + got, 1, n - got, f);
        if (r == 0) break;
        got += r;
    }
    return got;
}

/* Whether the input is at its end, without consuming anything. */
static int at_eof(FILE *f) {
    int c = getc(f);
    if (c == EOF) return 1;
    ungetc(c, f);
    return 0;
}

static void chunk_nonce(uint8_t n[12], uint64_t index, int last) {
    memset(n, 0, 12);
    for (int i = 0; i < 8; i++) n[10 - i] = (uint8_t)(index >> (8 * i)); /* 11 bytes big-endian */
    n[11] = (uint8_t)(last ? 1 : 0);
}

static unsigned resolve_threads(unsigned t) {
    if (t == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        t = n > 0 ? (unsigned)n : 1;
    }
    return t;
}

/*
 * fn(ctx, i) for i in 0..n-1 on up to `threads` threads (this one included),
 * each taking the next index as it finishes one. Plain POSIX threads started
 * per batch rather than OpenMP: between batches this thread reads and writes
 * while the others have nothing to do, and OpenMP's workers spin-wait then.
 * On a machine whose other core was busy, the spinning took the CPU from the
 * I/O: encrypting 256 MiB took 1.5 to 3.6 s instead of 0.45 s. Joined
 * threads sleep. Starting one costs tens of microseconds, so batches under
 * 256 KiB (small chunks) stay on this thread.
 */
#define PAR_MIN_BATCH (256u << 10)

typedef struct {
    void (*fn)(void *, int);
    void *ctx;
    int n;
    atomic_int next;
} par_batch;

static void *par_worker(void *p) {
    par_batch *b = p;
    for (int i; (i = atomic_fetch_add(&b->next, 1)) < b->n;) b->fn(b->ctx, i);
    return NULL;
}

static void par_for(unsigned threads, int n, void (*fn)(void *, int), void *ctx) {
    par_batch b = {fn, ctx, n, 0};
    pthread_t tid[64];
    unsigned started = 0, want = threads < (unsigned)n ? threads : (unsigned)n;
    if (want > 65) want = 65; /* 64 helpers and this thread */
    while (started + 1 < want && pthread_create(&tid[started], NULL, par_worker, &b) == 0) started++;
    par_worker(&b); /* this thread works too; with no helper thread, it does everything */
    for (unsigned i = 0; i < started; i++) pthread_join(tid[i], NULL);
}

/* Chunks per batch: every thread four times over, within 64 MiB of
 * plaintext (memory stays constant whatever the input). A batch is also
 * what a pipe waits for before output appears, so it is not made larger. */
static size_t batch_chunks(unsigned threads, uint32_t chunk) {
    size_t b = 4 * (size_t)threads, cap = (64u << 20) / chunk;
    if (b > cap) b = cap;
    return b ? b : 1;
}

/* One batch of chunks: the i-th has index first + i; the batch's last chunk
 * is the file's last when `last`. */
typedef struct {
    const arx_key *k;
    uint8_t *pt, *ct;
    const size_t *lens;
    int *ok; /* opening: whether each tag verified */
    size_t chunk, per;
    uint64_t first;
    int n, last;
} chunk_job;

static void seal_one(void *p, int i) {
    const chunk_job *j = p;
    uint8_t nonce[12], *c = j->ct + (size_t)i * j->per;
    chunk_nonce(nonce, j->first + (uint64_t)i, j->last && i == j->n - 1);
    arx_gcm_encrypt(j->k, nonce, 12, NULL, 0, c, j->pt + (size_t)i * j->chunk, j->lens[i], c + j->lens[i],
                    ARXF_TAG_BYTES);
}

static void open_one(void *p, int i) {
    const chunk_job *j = p;
    uint8_t nonce[12];
    const uint8_t *c = j->ct + (size_t)i * j->per;
    chunk_nonce(nonce, j->first + (uint64_t)i, j->last && i == j->n - 1);
    j->ok[i] = arx_gcm_decrypt(j->k, nonce, 12, NULL, 0, j->pt + (size_t)i * j->chunk, c, j->lens[i],
                               c + j->lens[i], ARXF_TAG_BYTES) == ARX_OK;
}

int arxf_seal(FILE *in, FILE *out, const arxf_header *h, const uint8_t ikm[ARXF_KEY_BYTES], arxf_io *io) {
    arx_key *hk, *pk;
    if (make_keys(h, ikm, &hk, &pk, io->err, sizeof io->err)) return ARXF_ERROR;
    uint8_t raw[ARXF_HEADER_BYTES], zero[12] = {0};
    encode_header(h, raw);
    arx_gcm_encrypt(hk, zero, 12, raw, HEADER_AUTH_BYTES, NULL, NULL, 0, raw + HEADER_AUTH_BYTES, ARXF_TAG_BYTES);
    int status = ARXF_OK;
    const unsigned threads = resolve_threads(io->threads);
    const size_t nb = batch_chunks(threads, h->chunk), per = (size_t)h->chunk + ARXF_TAG_BYTES;
    uint8_t *pt = malloc(nb * h->chunk), *ct = malloc(nb * per);
    size_t *lens = malloc(nb * sizeof *lens);
    if (!pt || !ct || !lens) {
        set_err(io->err, sizeof io->err, "out of memory");
        status = ARXF_ERROR;
        goto done;
    }
    if (fwrite(raw, 1, sizeof raw, out) != sizeof raw) goto write_error;
    uint64_t index = 0, done_bytes = 0;
    for (int last = 0; !last;) {
        size_t n = 0;
        while (n < nb && !last) {
            lens[n] = read_full(in, pt + n * h->chunk, h->chunk);
            if (ferror(in)) {
                set_err(io->err, sizeof io->err, "read error on the input");
                status = ARXF_ERROR;
                goto done;
            }
            last = lens[n] < h->chunk || at_eof(in);
            n++;
        }
        chunk_job job = {pk, pt, ct, lens, NULL, h->chunk, per, index, (int)n, last};
        par_for(n * h->chunk >= PAR_MIN_BATCH ? threads : 1, (int)n, seal_one, &job);
        for (size_t i = 0; i < n; i++) {
            if (fwrite(ct + i * per, 1, lens[i] + ARXF_TAG_BYTES, out) != lens[i] + ARXF_TAG_BYTES) goto write_error;
            done_bytes += lens[i];
        }
        index += n;
        if (io->progress) io->progress(io->progress_ctx, done_bytes);
    }
    if (fflush(out) == 0) goto done;
write_error:
    set_err(io->err, sizeof io->err, "write error on the output");
    status = ARXF_ERROR;
done:
    if (pt) arx_wipe(pt, nb * h->chunk);
    free(pt);
    free(ct);
    free(lens);
    arx_key_free(hk);
    arx_key_free(pk);
    return status;
}

int arxf_open(FILE *in, FILE *out, const arxf_header *h, const uint8_t raw[ARXF_HEADER_BYTES],
              const uint8_t ikm[ARXF_KEY_BYTES], arxf_io *io) {
    arx_key *hk, *pk;
    if (make_keys(h, ikm, &hk, &pk, io->err, sizeof io->err)) return ARXF_ERROR;
    uint8_t zero[12] = {0};
    int status = ARXF_OK;
    uint8_t *ct = NULL, *pt = NULL;
    size_t *lens = NULL, pt_bytes = 0;
    int *ok = NULL;
    if (arx_gcm_decrypt(hk, zero, 12, raw, HEADER_AUTH_BYTES, NULL, NULL, 0, raw + HEADER_AUTH_BYTES,
                        ARXF_TAG_BYTES) != ARX_OK) {
        set_err(io->err, sizeof io->err, "wrong key or passphrase (or the header was altered)");
        status = ARXF_AUTH;
        goto done;
    }
    const unsigned threads = resolve_threads(io->threads);
    const size_t nb = batch_chunks(threads, h->chunk), per = (size_t)h->chunk + ARXF_TAG_BYTES;
    ct = malloc(nb * per);
    pt = malloc(nb * h->chunk);
    pt_bytes = pt ? nb * h->chunk : 0;
    lens = malloc(nb * sizeof *lens);
    ok = malloc(nb * sizeof *ok);
    if (!pt || !ct || !lens || !ok) {
        set_err(io->err, sizeof io->err, "out of memory");
        status = ARXF_ERROR;
        goto done;
    }
    uint64_t index = 0, done_bytes = 0;
    for (int last = 0; !last;) {
        size_t n = 0;
        while (n < nb && !last) {
            size_t got = read_full(in, ct + n * per, per);
            if (ferror(in)) {
                set_err(io->err, sizeof io->err, "read error on the input");
                status = ARXF_ERROR;
                goto done;
            }
            if (got < ARXF_TAG_BYTES) { /* also: no chunk at all after the header */
                if (n == 0) {
                    snprintf(io->err, sizeof io->err,
                             "chunk %llu is missing or shorter than its tag: the file is truncated",
                             (unsigned long long)index);
                    status = ARXF_AUTH;
                    goto done;
                }
                break; /* a stub after full chunks: those go out first, the stub is reported next round */
            }
            lens[n] = got - ARXF_TAG_BYTES;
            last = got < per || at_eof(in);
            n++;
        }
        chunk_job job = {pk, pt, ct, lens, ok, h->chunk, per, index, (int)n, last};
        par_for(n * h->chunk >= PAR_MIN_BATCH ? threads : 1, (int)n, open_one, &job);
        /* release plaintext in order, each chunk only once its tag verified */
        for (size_t i = 0; i < n; i++) {
            if (!ok[i]) {
                snprintf(io->err, sizeof io->err,
                         "chunk %llu failed authentication: the file was altered, reordered, truncated or "
                         "extended there",
                         (unsigned long long)(index + i));
                status = ARXF_AUTH;
                goto done;
            }
            if (fwrite(pt + i * h->chunk, 1, lens[i], out) != lens[i]) {
                set_err(io->err, sizeof io->err, "write error on the output");
                status = ARXF_ERROR;
                goto done;
            }
            done_bytes += lens[i];
        }
        index += n;
        if (io->progress) io->progress(io->progress_ctx, done_bytes);
    }
    if (fflush(out) != 0) {
        set_err(io->err, sizeof io->err, "write error on the output");
        status = ARXF_ERROR;
    }
done:
    if (pt) arx_wipe(pt, pt_bytes);
    free(pt);
    free(ct);
    free(lens);
    free(ok);
    arx_key_free(hk);
    arx_key_free(pk);
    return status;
}
