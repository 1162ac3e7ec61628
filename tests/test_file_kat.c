/*
 * Known-answer files for the arxcrypt file format, version 1
 * (tests/vectors/file-v1, README.md there): files written today must stay
 * readable by every later arxcrypt, and sealing the same plaintext under the
 * same header parameters must keep giving the same bytes.
 *
 * usage: test_file_kat DIR             check every vector in DIR
 *        test_file_kat --generate DIR  write them (once; they are committed)
 *
 * For each vector the check
 *   (a) reads the committed .arx file's header, requires the parameters of
 *       the table below, seals the committed plaintext under that header
 *       (1 and 4 threads) and compares the result byte for byte;
 *   (b) opens the committed .arx file and compares with the plaintext;
 *   (c) requires ARXF_AUTH for a flipped bit in the nonce, in the last tag,
 *       and (key files) for a wrong key.
 * Only cli/fileenc.h's API, through the arxfile library.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileenc.h"

typedef struct {
    const char *arx;    /* the encrypted file */
    const char *plain;  /* its plaintext */
    const char *secret; /* key file or passphrase file */
    const char *cipher;
    uint32_t chunk;
    int kdf;
    const char *nonce; /* hex, 16 bytes */
    const char *salt;  /* hex, 16 bytes (scrypt only) */
} vector;

static const vector VECTORS[] = {
    {"lea-256.arx", "plaintext.bin", "key.bin", "lea-256", 1024, ARXF_KDF_KEYFILE,
     "000102030405060708090a0b0c0d0e0f", NULL},
    {"cham-128-256.arx", "plaintext.bin", "key.bin", "cham-128-256", 1024, ARXF_KDF_KEYFILE,
     "101112131415161718191a1b1c1d1e1f", NULL},
    {"lea-256-scrypt.arx", "plaintext.bin", "passphrase.txt", "lea-256", 1024, ARXF_KDF_SCRYPT,
     "202122232425262728292a2b2c2d2e2f", "303132333435363738393a3b3c3d3e3f"},
    /* 3000 = 2 x 1500: the last chunk is a whole one (flag 1, no empty chunk after it) */
    {"lea-256-chunk1500.arx", "plaintext.bin", "key.bin", "lea-256", 1500, ARXF_KDF_KEYFILE,
     "404142434445464748494a4b4c4d4e4f", NULL},
    /* the empty plaintext: one chunk of nothing but a tag */
    {"lea-256-empty.arx", "empty.bin", "key.bin", "lea-256", 1024, ARXF_KDF_KEYFILE,
     "505152535455565758595a5b5c5d5e5f", NULL},
};
#define NVECTORS (sizeof VECTORS / sizeof VECTORS[0])
#define PLAINTEXT_BYTES 3000
#define PASSPHRASE "arxcrypt file-v1 known-answer passphrase"

static int failures, passes;

static void fail(const char *name, const char *what) {
    printf("FAIL %s: %s\n", name, what);
    failures++;
}

typedef struct {
    uint8_t *p;
    size_t n;
} buf;

static int slurp(const char *dir, const char *name, buf *b) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    b->p = NULL;
    b->n = 0;
    if (!f) return 0;
    size_t cap = 0;
    for (;;) {
        if (b->n == cap) {
            cap = cap ? 2 * cap : 4096;
            uint8_t *q = realloc(b->p, cap);
            if (!q) break;
            b->p = q;
        }
        size_t r = fread(b->p + b->n, 1, cap - b->n, f);
        if (r == 0) break;
        b->n += r;
    }
    int ok = !ferror(f) && b->p;
    fclose(f);
    return ok;
}

static int spill(const char *dir, const char *name, const uint8_t *p, size_t n) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) return 0;
    int ok = fwrite(p, 1, n, f) == n;
    return fclose(f) == 0 && ok;
}

/* A temporary stream holding p[0..n), positioned at its start. */
static FILE *stream_of(const uint8_t *p, size_t n) {
    FILE *f = tmpfile();
    if (f && ((n && fwrite(p, 1, n, f) != n) || fseek(f, 0, SEEK_SET))) {
        fclose(f);
        f = NULL;
    }
    return f;
}

/* Everything written to f, from its start. */
static int contents(FILE *f, buf *b) {
    if (fflush(f) || fseek(f, 0, SEEK_END)) return 0;
    long n = ftell(f);
    if (n < 0 || fseek(f, 0, SEEK_SET)) return 0;
    b->n = (size_t)n;
    b->p = malloc(b->n + 1);
    return b->p && fread(b->p, 1, b->n, f) == b->n;
}

static int unhex(const char *s, uint8_t *out, size_t n) {
    if (strlen(s) != 2 * n) return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1) return 0;
        out[i] = (uint8_t)v;
    }
    return 1;
}

/* The header a vector's table entry describes. */
static void table_header(const vector *v, arxf_header *h) {
    memset(h, 0, sizeof *h);
    snprintf(h->cipher, sizeof h->cipher, "%s", v->cipher);
    h->chunk = v->chunk;
    h->kdf = (uint8_t)v->kdf;
    unhex(v->nonce, h->nonce, sizeof h->nonce);
    if (v->kdf == ARXF_KDF_SCRYPT) {
        unhex(v->salt, h->salt, sizeof h->salt);
        h->log2n = ARXF_SCRYPT_LOG2N;
        h->r = ARXF_SCRYPT_R;
        h->p = ARXF_SCRYPT_P;
    }
}

/* A passphrase file's final line break is not part of the passphrase (as in cli/file.c). */
static void strip_line_break(buf *secret, int kdf) {
    if (kdf != ARXF_KDF_SCRYPT) return;
    if (secret->n && secret->p[secret->n - 1] == '\n') secret->n--;
    if (secret->n && secret->p[secret->n - 1] == '\r') secret->n--;
}

static int seal(const arxf_header *h, const uint8_t ikm[ARXF_KEY_BYTES], const buf *plain, unsigned threads,
                buf *out, char *err, size_t errcap) {
    FILE *in = stream_of(plain->p, plain->n), *o = tmpfile();
    arxf_io io;
    memset(&io, 0, sizeof io);
    io.threads = threads;
    int rc = in && o ? arxf_seal(in, o, h, ikm, &io) : ARXF_ERROR;
    if (rc == ARXF_OK && !contents(o, out)) rc = ARXF_ERROR;
    snprintf(err, errcap, "%s", in && o ? io.err : "tmpfile failed");
    if (in) fclose(in);
    if (o) fclose(o);
    return rc;
}

/* Read the header of arx and open it under ikm (or under the secret when
 * ikm is NULL); the plaintext in out on success. */
static int open_arx(const buf *arx, const buf *secret, const uint8_t *ikm_in, buf *out, char *err, size_t errcap) {
    FILE *in = stream_of(arx->p, arx->n), *o = tmpfile();
    arxf_header h;
    uint8_t raw[ARXF_HEADER_BYTES], ikm[ARXF_KEY_BYTES];
    arxf_io io;
    memset(&io, 0, sizeof io);
    io.threads = 0;
    int rc = ARXF_ERROR;
    out->p = NULL;
    out->n = 0;
    if (!in || !o) {
        snprintf(err, errcap, "tmpfile failed");
        goto done;
    }
    if ((rc = arxf_read_header(in, &h, raw, err, errcap)) != ARXF_OK) goto done;
    if (ikm_in) memcpy(ikm, ikm_in, sizeof ikm);
    else if ((rc = arxf_file_key(&h, secret->p, secret->n, ikm, err, errcap)) != ARXF_OK) goto done;
    rc = arxf_open(in, o, &h, raw, ikm, &io);
    snprintf(err, errcap, "%s", io.err);
    if (rc == ARXF_OK && !contents(o, out)) rc = ARXF_ERROR;
done:
    if (in) fclose(in);
    if (o) fclose(o);
    return rc;
}

static void check_vector(const char *dir, const vector *v) {
    const int failures_before = failures;
    buf arx, plain, secret, out = {NULL, 0};
    char err[256], what[512];
    if (!slurp(dir, v->arx, &arx) || !slurp(dir, v->plain, &plain) || !slurp(dir, v->secret, &secret)) {
        snprintf(what, sizeof what, "cannot read %s, %s or %s in %s", v->arx, v->plain, v->secret, dir);
        fail(v->arx, what);
        return;
    }
    strip_line_break(&secret, v->kdf);

    /* the committed header holds the table's parameters */
    arxf_header h, want;
    uint8_t raw[ARXF_HEADER_BYTES], ikm[ARXF_KEY_BYTES];
    table_header(v, &want);
    FILE *in = stream_of(arx.p, arx.n);
    int rc = in ? arxf_read_header(in, &h, raw, err, sizeof err) : ARXF_ERROR;
    if (in) fclose(in);
    if (rc != ARXF_OK) {
        snprintf(what, sizeof what, "arxf_read_header: %d (%s)", rc, err);
        fail(v->arx, what);
        goto done;
    }
    if (strcmp(h.cipher, want.cipher) || h.chunk != want.chunk || h.kdf != want.kdf ||
        memcmp(h.nonce, want.nonce, sizeof h.nonce) || memcmp(h.salt, want.salt, sizeof h.salt) ||
        h.log2n != want.log2n || h.r != want.r || h.p != want.p) {
        fail(v->arx, "the header's parameters are not the table's (cipher, chunk, kdf, nonce, salt, scrypt)");
        goto done;
    }
    if (arxf_file_key(&h, secret.p, secret.n, ikm, err, sizeof err) != ARXF_OK) {
        snprintf(what, sizeof what, "arxf_file_key: %s", err);
        fail(v->arx, what);
        goto done;
    }

    /* (a) sealing again gives the committed bytes */
    for (unsigned threads = 1; threads <= 4; threads += 3) {
        rc = seal(&h, ikm, &plain, threads, &out, err, sizeof err);
        if (rc != ARXF_OK) {
            snprintf(what, sizeof what, "arxf_seal (%u threads): %d (%s)", threads, rc, err);
            fail(v->arx, what);
        } else if (out.n != arx.n || memcmp(out.p, arx.p, arx.n)) {
            size_t i = 0;
            while (i < out.n && i < arx.n && out.p[i] == arx.p[i]) i++;
            snprintf(what, sizeof what, "sealing %s again (%u threads) gives %zu bytes, first difference at byte %zu "
                     "of the committed %zu", v->plain, threads, out.n, i, arx.n);
            fail(v->arx, what);
        } else {
            passes++;
        }
        free(out.p);
        out.p = NULL;
    }

    /* (b) opening gives the plaintext (the secret through the KDF once more) */
    rc = open_arx(&arx, &secret, v->kdf == ARXF_KDF_SCRYPT ? ikm : NULL, &out, err, sizeof err);
    if (rc != ARXF_OK) {
        snprintf(what, sizeof what, "opening: %d (%s)", rc, err);
        fail(v->arx, what);
    } else if (out.n != plain.n || memcmp(out.p, plain.p, plain.n)) {
        snprintf(what, sizeof what, "opening gives %zu bytes that are not %s (%zu bytes)", out.n, v->plain, plain.n);
        fail(v->arx, what);
    } else {
        passes++;
    }
    free(out.p);
    out.p = NULL;

    /* (c) altered files and wrong keys are refused */
    struct {
        const char *what;
        size_t byte;
    } flips[] = {{"nonce bit flipped", 29 + 5}, {"last tag bit flipped", arx.n - 1}};
    for (size_t i = 0; i < sizeof flips / sizeof flips[0]; i++) {
        arx.p[flips[i].byte] ^= 0x10;
        rc = open_arx(&arx, &secret, ikm, &out, err, sizeof err);
        arx.p[flips[i].byte] ^= 0x10;
        free(out.p);
        out.p = NULL;
        if (rc != ARXF_AUTH) {
            snprintf(what, sizeof what, "%s: status %d (want ARXF_AUTH %d): %s", flips[i].what, rc, ARXF_AUTH, err);
            fail(v->arx, what);
        } else {
            passes++;
        }
    }
    if (v->kdf == ARXF_KDF_KEYFILE) {
        secret.p[7] ^= 1;
        rc = open_arx(&arx, &secret, NULL, &out, err, sizeof err);
        secret.p[7] ^= 1;
        free(out.p);
        out.p = NULL;
        if (rc != ARXF_AUTH) {
            snprintf(what, sizeof what, "wrong key: status %d (want ARXF_AUTH %d): %s", rc, ARXF_AUTH, err);
            fail(v->arx, what);
        } else {
            passes++;
        }
    }
    printf("%s %s (%s, chunk %u, %s, %zu-byte plaintext)\n", failures == failures_before ? "ok  " : "FAIL",
           v->arx, v->cipher, v->chunk, v->kdf == ARXF_KDF_SCRYPT ? "scrypt" : "key file", plain.n);
done:
    free(arx.p);
    free(plain.p);
    free(secret.p);
}

/* ---- --generate ----------------------------------------------------------------------- */

/* xorshift32: the key and the plaintext are fixed, not random. */
static uint32_t next(uint32_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static int generate(const char *dir) {
    uint8_t key[ARXF_KEY_BYTES], plain[PLAINTEXT_BYTES];
    uint32_t s = 0x6b657931; /* "key1" */
    for (size_t i = 0; i < sizeof key; i++) key[i] = (uint8_t)(next(&s) >> 24);
    s = 0x41524631; /* "ARF1" */
    for (size_t i = 0; i < sizeof plain; i++) plain[i] = (uint8_t)(next(&s) >> 24);
    if (!spill(dir, "key.bin", key, sizeof key) || !spill(dir, "plaintext.bin", plain, sizeof plain) ||
        !spill(dir, "empty.bin", plain, 0) ||
        !spill(dir, "passphrase.txt", (const uint8_t *)PASSPHRASE, strlen(PASSPHRASE))) {
        fprintf(stderr, "cannot write into %s\n", dir);
        return 2;
    }
    for (size_t i = 0; i < NVECTORS; i++) {
        const vector *v = &VECTORS[i];
        buf p, secret, out;
        char err[256];
        arxf_header h;
        uint8_t ikm[ARXF_KEY_BYTES];
        table_header(v, &h);
        if (!slurp(dir, v->plain, &p) || !slurp(dir, v->secret, &secret)) {
            fprintf(stderr, "cannot read back %s or %s\n", v->plain, v->secret);
            return 2;
        }
        strip_line_break(&secret, v->kdf);
        if (arxf_file_key(&h, secret.p, secret.n, ikm, err, sizeof err) ||
            seal(&h, ikm, &p, 1, &out, err, sizeof err) || !spill(dir, v->arx, out.p, out.n)) {
            fprintf(stderr, "%s: %s\n", v->arx, err);
            return 2;
        }
        printf("wrote %s (%zu bytes)\n", v->arx, out.n);
        free(p.p);
        free(secret.p);
        free(out.p);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && !strcmp(argv[1], "--generate")) return generate(argv[2]);
    if (argc != 2) {
        fprintf(stderr, "usage: test_file_kat DIR | test_file_kat --generate DIR\n");
        return 2;
    }
    for (size_t i = 0; i < NVECTORS; i++) check_vector(argv[1], &VECTORS[i]);
    printf("%d passed, %d failed\n", passes, failures);
    return failures != 0 || passes == 0;
}
