/*
 * Known-answer files for the arxcrypt file format, version 1
 * (tests/vectors/file-v1, README.md there): files written today must stay
 * readable by every later arxcrypt, and sealing the same plaintext under the
 * same header parameters must keep giving the same bytes.
 *
 * usage: test_file_kat DIR             check every vector in DIR
 *        test_file_kat --generate DIR  write them (once; they are committed)
 *
 * For each vector, through the library's file API (arxcrypt.h, "files") only:
 *   (a) the committed header parses to the parameters of the table below;
 *   (b) sealing the committed plaintext under that header gives the committed
 *       file byte for byte: through the chunk calls (in order, and in reverse
 *       order, as threads may finish), and through update/final with random
 *       split sizes;
 *   (c) opening the committed file gives the plaintext, the same two ways;
 *   (d) a flipped nonce bit (header tag), a flipped last-tag bit and, for key
 *       files, a wrong key give ARX_ERR_AUTH and no plaintext.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arxcrypt.h"
#include "testutil.h"

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
    {"lea-256.arx", "plaintext.bin", "key.bin", "lea-256", 1024, ARX_FILE_KDF_KEYFILE,
     "000102030405060708090a0b0c0d0e0f", NULL},
    {"cham-128-256.arx", "plaintext.bin", "key.bin", "cham-128-256", 1024, ARX_FILE_KDF_KEYFILE,
     "101112131415161718191a1b1c1d1e1f", NULL},
    {"lea-256-scrypt.arx", "plaintext.bin", "passphrase.txt", "lea-256", 1024, ARX_FILE_KDF_SCRYPT,
     "202122232425262728292a2b2c2d2e2f", "303132333435363738393a3b3c3d3e3f"},
    /* 3000 = 2 x 1500: the last chunk is a whole one (flag 1, no empty chunk after it) */
    {"lea-256-chunk1500.arx", "plaintext.bin", "key.bin", "lea-256", 1500, ARX_FILE_KDF_KEYFILE,
     "404142434445464748494a4b4c4d4e4f", NULL},
    /* the empty plaintext: one chunk of nothing but a tag */
    {"lea-256-empty.arx", "empty.bin", "key.bin", "lea-256", 1024, ARX_FILE_KDF_KEYFILE,
     "505152535455565758595a5b5c5d5e5f", NULL},
};
#define NVECTORS (sizeof VECTORS / sizeof VECTORS[0])
#define PLAINTEXT_BYTES 3000
#define PASSPHRASE "arxcrypt file-v1 known-answer passphrase"
#define SPLIT_RUNS 20

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

static int unhex(const char *s, uint8_t *out, size_t n) {
    if (strlen(s) != 2 * n) return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1) return 0;
        out[i] = (uint8_t)v;
    }
    return 1;
}

/* The header a vector's table entry describes (scrypt: the defaults). */
static int table_header(const vector *v, arx_file_header *h) {
    uint8_t nonce[ARX_FILE_NONCE_BYTES], salt[ARX_FILE_SALT_BYTES];
    if (!unhex(v->nonce, nonce, sizeof nonce) || (v->salt && !unhex(v->salt, salt, sizeof salt))) return ARX_ERR_NULL;
    return arx_file_header_init(h, v->cipher, v->chunk, v->kdf, nonce, v->salt ? salt : NULL);
}

/* A passphrase file's final line break is not part of the passphrase (as in cli/file.c). */
static void strip_line_break(buf *secret, int kdf) {
    if (kdf != ARX_FILE_KDF_SCRYPT) return;
    if (secret->n && secret->p[secret->n - 1] == '\n') secret->n--;
    if (secret->n && secret->p[secret->n - 1] == '\r') secret->n--;
}

static size_t n_chunks(size_t len, size_t chunk) { return len ? (len + chunk - 1) / chunk : 1; }

/* Seal pt through the chunk calls, chunk by chunk in order or in reverse;
 * out gets header || chunks (malloc'd). */
static int seal_chunks(const arx_file_header *h, const arx_file_keys *k, const buf *pt, int reverse, buf *out) {
    const size_t C = h->chunk_bytes, n = n_chunks(pt->n, C);
    out->n = ARX_FILE_HEADER_BYTES + pt->n + n * ARX_FILE_TAG_BYTES;
    out->p = malloc(out->n);
    arx_file *f;
    int rc = out->p ? arx_file_seal_new(&f, h, k, out->p) : ARX_ERR_NOMEM;
    if (rc) return rc;
    for (size_t j = 0; j < n && !rc; j++) {
        size_t i = reverse ? n - 1 - j : j, len = i + 1 < n ? C : pt->n - i * C;
        rc = arx_file_seal_chunk(f, i, i + 1 == n, out->p + ARX_FILE_HEADER_BYTES + i * (C + ARX_FILE_TAG_BYTES),
                                 len + ARX_FILE_TAG_BYTES, pt->p + i * C, len);
    }
    arx_file_free(f);
    return rc;
}

/* Open a whole file through the chunk calls; out gets the plaintext. */
static int open_chunks(const buf *arx, const arx_file_keys *k, int reverse, buf *out) {
    arx_file_header h;
    int rc = arx_file_header_parse(&h, arx->p, arx->n);
    out->p = NULL;
    out->n = 0;
    if (rc) return rc;
    const size_t per = h.chunk_bytes + ARX_FILE_TAG_BYTES, body = arx->n - ARX_FILE_HEADER_BYTES;
    const size_t n = body ? (body + per - 1) / per : 1;
    out->p = malloc(body + 1);
    if (!out->p) return ARX_ERR_NOMEM;
    arx_file *f;
    if ((rc = arx_file_open_new(&f, arx->p, k))) return rc;
    for (size_t j = 0; j < n && !rc; j++) {
        size_t i = reverse ? n - 1 - j : j, len = i + 1 < n ? per : body - i * per;
        rc = arx_file_open_chunk(f, i, i + 1 == n, out->p + i * h.chunk_bytes, h.chunk_bytes,
                                 arx->p + ARX_FILE_HEADER_BYTES + i * per, len);
        if (!rc) out->n += len - ARX_FILE_TAG_BYTES;
    }
    arx_file_free(f);
    return rc;
}

/* Push in through update in random pieces (0 to 3 chunks long), then final;
 * out (pre-sized to cap) gets everything written. */
static int stream(arx_file *f, const uint8_t *in, size_t n, uint8_t *out, size_t cap, size_t chunk, size_t *out_n) {
    size_t done = 0, w = 0, got;
    *out_n = 0;
    while (done < n) {
        size_t take = t_below(3 * chunk + 40);
        if (take > n - done) take = n - done;
        size_t want = arx_file_update_size(f, take);
        int rc = arx_file_update(f, out + w, cap - w, &got, in + done, take);
        if (rc) return rc;
        if (got != want) return ARX_ERR_BUFFER; /* update_size must be exact */
        done += take;
        w += got;
    }
    size_t want = arx_file_final_size(f);
    int rc = arx_file_final(f, out + w, cap - w, &got);
    if (!rc && got != want) rc = ARX_ERR_BUFFER;
    *out_n = w + got;
    return rc;
}

static void check_vector(const char *dir, const vector *v) {
    const int failed_before = t_failed;
    buf arx, plain, secret, out = {NULL, 0};
    if (!slurp(dir, v->arx, &arx) || !slurp(dir, v->plain, &plain) || !slurp(dir, v->secret, &secret)) {
        CHECK(0, "%s: cannot read %s, %s or %s in %s", v->arx, v->arx, v->plain, v->secret, dir);
        return;
    }
    strip_line_break(&secret, v->kdf);

    /* (a) the committed header holds the table's parameters */
    arx_file_header h, want;
    uint8_t ikm[ARX_FILE_IKM_BYTES];
    arx_file_keys keys;
    int rc = arx_file_header_parse(&h, arx.p, arx.n);
    CHECK(rc == ARX_OK, "%s: arx_file_header_parse: %s", v->arx, arx_strerror(rc));
    CHECK(table_header(v, &want) == ARX_OK, "%s: the table's header", v->arx);
    CHECK(!memcmp(&h, &want, sizeof h), "%s: the header's parameters are not the table's", v->arx);
    rc = arx_file_ikm(&h, secret.p, secret.n, ikm);
    CHECK(rc == ARX_OK, "%s: arx_file_ikm: %s", v->arx, arx_strerror(rc));
    rc = arx_file_derive_keys(&h, ikm, &keys);
    CHECK(rc == ARX_OK, "%s: arx_file_derive_keys: %s", v->arx, arx_strerror(rc));
    if (t_failed != failed_before) goto done;

    /* (b) sealing again gives the committed bytes */
    for (int reverse = 0; reverse < 2; reverse++) {
        rc = seal_chunks(&h, &keys, &plain, reverse, &out);
        CHECK(rc == ARX_OK && out.n == arx.n && !memcmp(out.p, arx.p, arx.n),
              "%s: sealing %s through the chunk calls (%s) gives other bytes (%s)", v->arx, v->plain,
              reverse ? "reverse order" : "in order", arx_strerror(rc));
        free(out.p);
    }
    uint8_t *o = malloc(arx.n + 64);
    for (int run = 0; run < SPLIT_RUNS && o; run++) {
        arx_file *f;
        uint8_t hdr[ARX_FILE_HEADER_BYTES];
        size_t n = 0;
        rc = arx_file_seal_new(&f, &h, &keys, hdr);
        if (!rc) rc = stream(f, plain.p, plain.n, o, arx.n + 64, h.chunk_bytes, &n);
        arx_file_free(f);
        CHECK(rc == ARX_OK && !memcmp(hdr, arx.p, sizeof hdr) && n == arx.n - sizeof hdr &&
                  !memcmp(o, arx.p + sizeof hdr, n),
              "%s: sealing through update/final (split run %d) gives other bytes (%s)", v->arx, run,
              arx_strerror(rc));
    }

    /* (c) opening gives the plaintext */
    for (int reverse = 0; reverse < 2; reverse++) {
        rc = open_chunks(&arx, &keys, reverse, &out);
        CHECK(rc == ARX_OK && out.n == plain.n && !memcmp(out.p, plain.p, plain.n),
              "%s: opening through the chunk calls (%s): %s", v->arx, reverse ? "reverse order" : "in order",
              arx_strerror(rc));
        free(out.p);
    }
    for (int run = 0; run < SPLIT_RUNS && o; run++) {
        arx_file *f;
        size_t n = 0;
        rc = arx_file_open_new(&f, arx.p, &keys);
        if (!rc) rc = stream(f, arx.p + ARX_FILE_HEADER_BYTES, arx.n - ARX_FILE_HEADER_BYTES, o, arx.n + 64,
                             h.chunk_bytes + ARX_FILE_TAG_BYTES, &n);
        arx_file_free(f);
        CHECK(rc == ARX_OK && n == plain.n && !memcmp(o, plain.p, n),
              "%s: opening through update/final (split run %d): %s", v->arx, run, arx_strerror(rc));
    }

    /* (d) altered files and wrong keys are refused, and release nothing */
    {
        arx_file_header hn;
        arx_file_keys kn;
        arx_file *f;
        arx.p[37 + 5] ^= 0x10; /* a bit of the file nonce: other keys, and the header tag fails */
        rc = arx_file_header_parse(&hn, arx.p, arx.n);
        if (!rc) rc = arx_file_derive_keys(&hn, ikm, &kn);
        if (!rc) rc = arx_file_open_new(&f, arx.p, &kn);
        CHECK(rc == ARX_ERR_AUTH, "%s: nonce bit flipped: %s (want ARX_ERR_AUTH)", v->arx, arx_strerror(rc));
        rc = arx_file_open_new(&f, arx.p, &keys);
        CHECK(rc == ARX_ERR_AUTH, "%s: nonce bit flipped, the old keys: %s (want ARX_ERR_AUTH)", v->arx,
              arx_strerror(rc));
        arx.p[37 + 5] ^= 0x10;
        arx_wipe(&kn, sizeof kn);
    }
    if (o) {
        arx_file *f;
        size_t n = 0;
        arx.p[arx.n - 1] ^= 0x10; /* the last chunk's tag */
        memset(o, 0xa5, arx.n + 64);
        rc = arx_file_open_new(&f, arx.p, &keys);
        if (!rc) rc = stream(f, arx.p + ARX_FILE_HEADER_BYTES, arx.n - ARX_FILE_HEADER_BYTES, o, arx.n + 64,
                             h.chunk_bytes + ARX_FILE_TAG_BYTES, &n);
        uint64_t at = 0;
        const uint64_t last = n_chunks(plain.n, h.chunk_bytes) - 1;
        CHECK(rc == ARX_ERR_AUTH && arx_file_failed_chunk(f, &at) == ARX_OK && at == last,
              "%s: last tag bit flipped: %s, failed chunk %llu (want ARX_ERR_AUTH at chunk %llu)", v->arx,
              arx_strerror(rc), (unsigned long long)at, (unsigned long long)last);
        /* what was released is the chunks before the last, and nothing of the last */
        size_t before = (size_t)last * h.chunk_bytes, i = before;
        while (i < plain.n && o[i] == 0) i++;
        CHECK(n == before && !memcmp(o, plain.p, before) && i == plain.n,
              "%s: last tag bit flipped: %zu bytes released (want %zu) or the last chunk's place not zeroed",
              v->arx, n, before);
        arx_file_free(f);
        arx.p[arx.n - 1] ^= 0x10;
    }
    if (v->kdf == ARX_FILE_KDF_KEYFILE) {
        arx_file_keys kw;
        arx_file *f = NULL;
        secret.p[7] ^= 1;
        rc = arx_file_ikm(&h, secret.p, secret.n, ikm);
        if (!rc) rc = arx_file_derive_keys(&h, ikm, &kw);
        if (!rc) rc = arx_file_open_new(&f, arx.p, &kw);
        CHECK(rc == ARX_ERR_AUTH && f == NULL, "%s: wrong key: %s (want ARX_ERR_AUTH)", v->arx, arx_strerror(rc));
        secret.p[7] ^= 1;
        arx_wipe(&kw, sizeof kw);
    }
    free(o);
    printf("%s %s (%s, chunk %u, %s, %zu-byte plaintext)\n", t_failed == failed_before ? "ok  " : "FAIL", v->arx,
           v->cipher, v->chunk, v->kdf == ARX_FILE_KDF_SCRYPT ? "scrypt" : "key file", plain.n);
done:
    arx_wipe(ikm, sizeof ikm);
    arx_wipe(&keys, sizeof keys);
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
    uint8_t key[ARX_FILE_IKM_BYTES], plain[PLAINTEXT_BYTES];
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
        buf p, secret, out = {NULL, 0};
        arx_file_header h;
        arx_file_keys k;
        uint8_t ikm[ARX_FILE_IKM_BYTES];
        if (!slurp(dir, v->plain, &p) || !slurp(dir, v->secret, &secret)) {
            fprintf(stderr, "cannot read back %s or %s\n", v->plain, v->secret);
            return 2;
        }
        strip_line_break(&secret, v->kdf);
        int rc = table_header(v, &h);
        if (!rc) rc = arx_file_ikm(&h, secret.p, secret.n, ikm);
        if (!rc) rc = arx_file_derive_keys(&h, ikm, &k);
        if (!rc) rc = seal_chunks(&h, &k, &p, 0, &out);
        if (rc || !spill(dir, v->arx, out.p, out.n)) {
            fprintf(stderr, "%s: %s\n", v->arx, rc ? arx_strerror(rc) : "write error");
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
    t_seed(20261121);
    printf("format-v1 known-answer files in %s: header, sealing (chunk calls in and out of order, %d random "
           "update splits), opening (the same), a flipped nonce bit, a flipped last-tag bit, a wrong key\n",
           argv[1], SPLIT_RUNS);
    for (size_t i = 0; i < NVECTORS; i++) check_vector(argv[1], &VECTORS[i]);
    return t_summary();
}
