/*
 * The file API (arxcrypt.h, "files"): bad input to every function, and the
 * format's failure modes through the incremental interface and the chunk
 * calls: truncation at and inside every chunk, a flipped bit anywhere,
 * reordered / duplicated / dropped chunks, trailing data, the empty file.
 * For each failure: the right code, no unverified plaintext released, the
 * failing chunk named, and the object refusing further use. Split
 * invariance: any split of the input over update calls gives the bytes of
 * one call, on success and on failure alike.
 *
 * Runs in every build: keys are made up (arx_file_keys filled directly), so
 * only the key-derivation section needs libcrypto; without it that section
 * checks ARX_ERR_UNSUPPORTED instead.
 *
 * usage: test_file_api [SEED]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arxcrypt.h"
#include "testutil.h"

#define C 1024u                  /* the chunk size of most checks: the smallest allowed */
#define PER (C + ARX_FILE_TAG_BYTES)
#define FILL 0xa5                /* output buffers start as this; plaintexts never hold it (or 0) */
#define H ARX_FILE_HEADER_BYTES

static const uint8_t NONCE[ARX_FILE_NONCE_BYTES] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
static const uint8_t SALT[ARX_FILE_SALT_BYTES] = {0x53, 0x41, 0x4c, 0x54};

static void make_keys(arx_file_keys *k, size_t key_bytes, uint8_t seed) {
    memset(k, 0, sizeof *k);
    for (size_t i = 0; i < sizeof k->header_key; i++) {
        k->header_key[i] = (uint8_t)(seed + 3 * i);
        k->payload_key[i] = (uint8_t)(seed ^ (7 * i + 1));
    }
    k->key_bytes = key_bytes;
}

/* Plaintext bytes that are never 0 or FILL, so a plaintext byte in a place
 * that must hold no plaintext is always seen. */
static void plaintext(uint8_t *p, size_t n) {
    t_fill(p, n);
    for (size_t i = 0; i < n; i++)
        if (p[i] == 0 || p[i] == FILL) p[i] = 0x11;
}

/* A whole file (header || chunks) of n plaintext bytes under lea-256, the
 * chunk calls, chunk size C; returns its length. */
static size_t seal_file(const uint8_t *pt, size_t n, const arx_file_keys *k, uint8_t *file) {
    arx_file_header h;
    arx_file *f;
    if (arx_file_header_init(&h, "lea-256", C, ARX_FILE_KDF_KEYFILE, NONCE, NULL) ||
        arx_file_seal_new(&f, &h, k, file))
        return 0;
    size_t chunks = n ? (n + C - 1) / C : 1, w = H;
    for (size_t i = 0; i < chunks; i++) {
        size_t len = i + 1 < chunks ? C : n - i * C;
        if (arx_file_seal_chunk(f, i, i + 1 == chunks, file + w, len + 16, pt + i * C, len)) w = 0;
        if (!w) break;
        w += len + 16;
    }
    arx_file_free(f);
    return w;
}

/* Read body (the bytes after the header) through update in random pieces
 * (split = 0: one call), then final. Returns the first error (or ARX_OK);
 * *released: the bytes written in all; *fail: the failed chunk or -1; and
 * whether the object refused one more update and final afterwards. */
typedef struct {
    int rc;
    size_t released;
    long long fail;
    int refuses;
} outcome;

static outcome read_body(const uint8_t *header, const arx_file_keys *k, const uint8_t *body, size_t n, uint8_t *out,
                         size_t cap, int split) {
    outcome o = {ARX_OK, 0, -1, 0};
    arx_file *f;
    memset(out, FILL, cap);
    if ((o.rc = arx_file_open_new(&f, header, k))) return o;
    size_t done = 0, got;
    while (done < n && !o.rc) {
        size_t take = split ? t_below(3 * PER) : n - done;
        if (take > n - done) take = n - done;
        o.rc = arx_file_update(f, out + o.released, cap - o.released, &got, body + done, take);
        o.released += got;
        done += take;
    }
    if (!o.rc) {
        o.rc = arx_file_final(f, out + o.released, cap - o.released, &got);
        o.released += got;
    }
    uint64_t at;
    if (arx_file_failed_chunk(f, &at) == ARX_OK) o.fail = (long long)at;
    uint8_t b = 0;
    o.refuses = arx_file_update(f, out, cap, &got, &b, 1) == ARX_ERR_STATE && got == 0 &&
                arx_file_final(f, out, cap, &got) == ARX_ERR_STATE && got == 0;
    arx_file_free(f);
    return o;
}

/* ---- headers -------------------------------------------------------------------------- */

static void headers(void) {
    arx_file_header h;
    memset(&h, 0x5a, sizeof h);
    CHECK(arx_file_header_init(NULL, "lea-256", C, 0, NONCE, NULL) == ARX_ERR_NULL, "init: h NULL");
    CHECK(arx_file_header_init(&h, "lea-256", C, 0, NULL, NULL) == ARX_ERR_NULL, "init: nonce NULL");
    CHECK(h.version == 0 && h.chunk_bytes == 0 && h.cipher[0] == 0, "init: *h zeroed on error");
    CHECK(arx_file_header_init(&h, "lea-256", C, ARX_FILE_KDF_SCRYPT, NONCE, NULL) == ARX_ERR_NULL,
          "init: scrypt without a salt");
    CHECK(arx_file_header_init(&h, "nope-256", C, 0, NONCE, NULL) == ARX_ERR_UNKNOWN_CIPHER, "init: unknown cipher");
    CHECK(arx_file_header_init(&h, "", C, 0, NONCE, NULL) == ARX_ERR_UNKNOWN_CIPHER, "init: empty cipher name");
    const char *small[] = {"speck-64-128", "hight", "cham-64-128", "simon-64-96", "sparx-64-128", "simeck-64-128"};
    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++)
        CHECK(arx_file_header_init(&h, small[i], C, 0, NONCE, NULL) == ARX_ERR_MODE_UNSUPPORTED,
              "init: 64-bit-block %s", small[i]);
    const uint32_t bad_chunks[] = {1, C - 1, ARX_FILE_CHUNK_MAX + 1, UINT32_MAX};
    for (size_t i = 0; i < 4; i++)
        CHECK(arx_file_header_init(&h, "lea-128", bad_chunks[i], 0, NONCE, NULL) == ARX_ERR_HEADER,
              "init: chunk %u", bad_chunks[i]);
    CHECK(arx_file_header_init(&h, "lea-128", C, 2, NONCE, NULL) == ARX_ERR_HEADER, "init: kdf 2");
    CHECK(arx_file_header_init(&h, "lea-128", C, -1, NONCE, NULL) == ARX_ERR_HEADER, "init: kdf -1");
    CHECK(arx_file_header_init(&h, NULL, 0, ARX_FILE_KDF_SCRYPT, NONCE, SALT) == ARX_OK &&
              !strcmp(h.cipher, ARX_FILE_DEFAULT_CIPHER) && h.chunk_bytes == ARX_FILE_CHUNK_DEFAULT &&
              h.version == 1 && h.log2n == 17 && h.r == 8 && h.p == 1 && !memcmp(h.salt, SALT, 16) &&
              !memcmp(h.nonce, NONCE, 16),
          "init: defaults (lea-256, 64 KiB, scrypt 17/8/1)");
    CHECK(arx_file_header_init(&h, "cham-128-256-legacy", ARX_FILE_CHUNK_MAX, 0, NONCE, SALT) == ARX_OK &&
              h.log2n == 0 && h.r == 0 && h.p == 0 && h.salt[0] == 0,
          "init: key file ignores the salt; longest name; largest chunk");

    /* a valid header to alter */
    arx_file_keys k;
    make_keys(&k, 32, 1);
    uint8_t good[H + 8], raw[H + 8];
    arx_file *f;
    arx_file_header s, p;
    arx_file_header_init(&s, "lea-256", C, ARX_FILE_KDF_SCRYPT, NONCE, SALT);
    CHECK(arx_file_seal_new(&f, &s, &k, good) == ARX_OK, "seal_new: scrypt header");
    arx_file_free(f);
    memset(good + H, 0xee, 8);
    CHECK(arx_file_header_parse(&p, good, H) == ARX_OK && !memcmp(&p, &s, sizeof p), "parse: round trip");
    CHECK(arx_file_header_parse(&p, good, H + 8) == ARX_OK && !memcmp(&p, &s, sizeof p),
          "parse: longer input (a whole file) reads the first 95 bytes");
    CHECK(arx_file_header_parse(NULL, good, H) == ARX_ERR_NULL, "parse: h NULL");
    CHECK(arx_file_header_parse(&p, NULL, H) == ARX_ERR_NULL, "parse: raw NULL");
    CHECK(arx_file_header_parse(&p, NULL, 0) == ARX_ERR_FORMAT, "parse: nothing");
    for (size_t n = 0; n < 8; n++) CHECK(arx_file_header_parse(&p, good, n) == ARX_ERR_FORMAT, "parse: %zu bytes", n);
    for (size_t n = 8; n < H; n++)
        CHECK(arx_file_header_parse(&p, good, n) == ARX_ERR_TRUNCATED, "parse: %zu bytes (truncated)", n);
    for (int i = 0; i < 8; i++) {
        memcpy(raw, good, H);
        raw[i] ^= 0x20;
        CHECK(arx_file_header_parse(&p, raw, H) == ARX_ERR_FORMAT, "parse: magic byte %d", i);
    }
    struct {
        const char *what;
        size_t off;
        const uint8_t *bytes;
        size_t n;
        int want;
    } cases[] = {
        {"version 0", 8, (const uint8_t *)"\x00", 1, ARX_ERR_VERSION},
        {"version 2", 8, (const uint8_t *)"\x02", 1, ARX_ERR_VERSION},
        {"cipher padding", 9 + 20, (const uint8_t *)"x", 1, ARX_ERR_HEADER},
        {"cipher unknown", 9, (const uint8_t *)"lea-257", 7, ARX_ERR_UNKNOWN_CIPHER},
        {"cipher 64-bit", 9, (const uint8_t *)"hight\0\0", 7, ARX_ERR_MODE_UNSUPPORTED},
        {"cipher empty", 9, (const uint8_t *)"\0", 1, ARX_ERR_HEADER},
        {"chunk 1023", 33, (const uint8_t *)"\x00\x00\x03\xff", 4, ARX_ERR_HEADER},
        {"chunk 0", 33, (const uint8_t *)"\x00\x00\x00\x00", 4, ARX_ERR_HEADER},
        {"chunk 16 MiB + 1", 33, (const uint8_t *)"\x01\x00\x00\x01", 4, ARX_ERR_HEADER},
        {"kdf 2", 53, (const uint8_t *)"\x02", 1, ARX_ERR_HEADER},
        {"kdf 255", 53, (const uint8_t *)"\xff", 1, ARX_ERR_HEADER},
        {"log2 N 23", 70, (const uint8_t *)"\x17", 1, ARX_ERR_KDF_LIMIT},
        {"log2 N 9", 70, (const uint8_t *)"\x09", 1, ARX_ERR_KDF_LIMIT},
        {"log2 N 255", 70, (const uint8_t *)"\xff", 1, ARX_ERR_KDF_LIMIT},
        {"r 0", 71, (const uint8_t *)"\x00\x00\x00\x00", 4, ARX_ERR_KDF_LIMIT},
        {"r 33", 71, (const uint8_t *)"\x00\x00\x00\x21", 4, ARX_ERR_KDF_LIMIT},
        {"r 2^32-1", 71, (const uint8_t *)"\xff\xff\xff\xff", 4, ARX_ERR_KDF_LIMIT},
        {"p 0", 75, (const uint8_t *)"\x00\x00\x00\x00", 4, ARX_ERR_KDF_LIMIT},
        {"p 17", 75, (const uint8_t *)"\x00\x00\x00\x11", 4, ARX_ERR_KDF_LIMIT},
        /* log2 N 22, r 3: 1.5 GiB of memory (work 3 * 2^22 is within 2^24) */
        {"memory 1.5 GiB", 70, (const uint8_t *)"\x16\x00\x00\x00\x03", 5, ARX_ERR_KDF_LIMIT},
        /* log2 N 17, r 16, p 16: work 2^25 (memory 256 MiB is fine) */
        {"work 2^25", 70, (const uint8_t *)"\x11\x00\x00\x00\x10\x00\x00\x00\x10", 9, ARX_ERR_KDF_LIMIT},
        /* the limits themselves: log2 N 22, r 2 (1 GiB, work 2^23); log2 N 16, r 16, p 16 (work 2^24) */
        {"memory 1 GiB exactly", 70, (const uint8_t *)"\x16\x00\x00\x00\x02", 5, ARX_OK},
        {"work 2^24 exactly", 70, (const uint8_t *)"\x10\x00\x00\x00\x10\x00\x00\x00\x10", 9, ARX_OK},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memcpy(raw, good, H);
        memcpy(raw + cases[i].off, cases[i].bytes, cases[i].n);
        int rc = arx_file_header_parse(&p, raw, H);
        CHECK(rc == cases[i].want, "parse: %s gives %s (want %s)", cases[i].what, arx_strerror(rc),
              arx_strerror(cases[i].want));
        /* a valid header struct with that field is refused the same way by every function taking one */
        if (rc == ARX_ERR_KDF_LIMIT) {
            uint8_t ikm[32], hdr[H];
            arx_file_keys kk;
            memset(ikm, 7, sizeof ikm);
            CHECK(arx_file_ikm(&p, (const uint8_t *)"pw", 2, ikm) == ARX_ERR_KDF_LIMIT && ikm[0] == 0 && ikm[31] == 0,
                  "ikm: %s refused before any work, ikm zeroed", cases[i].what);
            CHECK(arx_file_derive_keys(&p, ikm, &kk) == ARX_ERR_KDF_LIMIT, "derive_keys: %s", cases[i].what);
            f = (arx_file *)&kk; /* must be set to NULL */
            CHECK(arx_file_seal_new(&f, &p, &k, hdr) == ARX_ERR_KDF_LIMIT && f == NULL, "seal_new: %s",
                  cases[i].what);
        }
    }
    /* fields left for messages */
    memcpy(raw, good, H);
    raw[8] = 7;
    CHECK(arx_file_header_parse(&p, raw, H) == ARX_ERR_VERSION && p.version == 7 && p.cipher[0] == 0,
          "parse: the version is left in h, nothing after it");
    memcpy(raw, good, H);
    memcpy(raw + 33, "\x00\x00\x00\x10", 4);
    CHECK(arx_file_header_parse(&p, raw, H) == ARX_ERR_HEADER && p.chunk_bytes == 16 &&
              !strcmp(p.cipher, "lea-256") && p.kdf == 0,
          "parse: the chunk size is left in h, nothing after it");
    /* key-file headers carry no scrypt fields */
    arx_file_header_init(&s, "lea-128", C, ARX_FILE_KDF_KEYFILE, NONCE, NULL);
    make_keys(&k, 16, 2);
    CHECK(arx_file_seal_new(&f, &s, &k, good) == ARX_OK, "seal_new: key-file header");
    arx_file_free(f);
    for (size_t off = 54; off < 79; off++) {
        memcpy(raw, good, H);
        raw[off] = 1;
        CHECK(arx_file_header_parse(&p, raw, H) == ARX_ERR_HEADER, "parse: key-file header, scrypt byte %zu set", off);
    }
    /* a struct the caller altered */
    s.r = 8;
    uint8_t hdr[H];
    CHECK(arx_file_seal_new(&f, &s, &k, hdr) == ARX_ERR_HEADER, "seal_new: key-file struct with r set");
    arx_file_header_init(&s, "lea-128", C, 0, NONCE, NULL);
    memset(s.cipher, 'a', sizeof s.cipher);
    CHECK(arx_file_seal_new(&f, &s, &k, hdr) == ARX_ERR_HEADER, "seal_new: cipher not NUL-terminated");
    arx_file_header_init(&s, "lea-128", C, 0, NONCE, NULL);
    s.version = 2;
    CHECK(arx_file_seal_new(&f, &s, &k, hdr) == ARX_ERR_VERSION, "seal_new: version 2");
    printf("headers: init and parse, every field malformed, scrypt bounds, fields left for messages\n");
}

/* ---- key derivation ------------------------------------------------------------------- */

static void derivation(void) {
    arx_file_header h, h2;
    uint8_t ikm[32], ikm2[32], secret[40];
    arx_file_keys k, k2;
    t_fill(secret, sizeof secret);
    arx_file_header_init(&h, "lea-128", C, ARX_FILE_KDF_KEYFILE, NONCE, NULL);
    CHECK(arx_file_ikm(NULL, secret, 32, ikm) == ARX_ERR_NULL, "ikm: h NULL");
    CHECK(arx_file_ikm(&h, secret, 32, NULL) == ARX_ERR_NULL, "ikm: ikm NULL");
    CHECK(arx_file_ikm(&h, NULL, 32, ikm) == ARX_ERR_NULL, "ikm: secret NULL");
    for (size_t n = 0; n <= 40; n += (n == 30 ? 1 : n < 30 ? 15 : 1))
        if (n != 32) {
            memset(ikm, 9, sizeof ikm);
            CHECK(arx_file_ikm(&h, secret, n, ikm) == ARX_ERR_KEY_LENGTH && ikm[0] == 0, "ikm: %zu-byte key file", n);
        }
    CHECK(arx_file_ikm(&h, secret, 32, ikm) == ARX_OK && !memcmp(ikm, secret, 32), "ikm: key file as is");
    CHECK(arx_file_derive_keys(&h, ikm, NULL) == ARX_ERR_NULL, "derive_keys: keys NULL");
    CHECK(arx_file_derive_keys(NULL, ikm, &k) == ARX_ERR_NULL, "derive_keys: h NULL");
    CHECK(arx_file_derive_keys(&h, NULL, &k) == ARX_ERR_NULL, "derive_keys: ikm NULL");
    arx_file_header_init(&h2, "lea-128", C, ARX_FILE_KDF_SCRYPT, NONCE, SALT);
    h2.log2n = 10; /* fast */
    if (!arx_file_kdf_available()) {
        memset(&k, 9, sizeof k);
        CHECK(arx_file_derive_keys(&h, ikm, &k) == ARX_ERR_UNSUPPORTED && k.key_bytes == 0 && k.payload_key[0] == 0,
              "derive_keys: ARX_ERR_UNSUPPORTED without libcrypto, keys zeroed");
        CHECK(arx_file_ikm(&h2, secret, 8, ikm) == ARX_ERR_UNSUPPORTED && ikm[0] == 0,
              "ikm: scrypt is ARX_ERR_UNSUPPORTED without libcrypto");
        printf("key derivation: argument checks; this build has no libcrypto: ARX_ERR_UNSUPPORTED\n");
        return;
    }
    CHECK(arx_file_derive_keys(&h, ikm, &k) == ARX_OK && k.key_bytes == 16 &&
              memcmp(k.header_key, k.payload_key, 16) != 0 && k.header_key[16] == 0 && k.payload_key[31] == 0,
          "derive_keys: lea-128, two different 16-byte keys");
    h.nonce[15] ^= 1;
    CHECK(arx_file_derive_keys(&h, ikm, &k2) == ARX_OK && memcmp(k.header_key, k2.header_key, 16) &&
              memcmp(k.payload_key, k2.payload_key, 16),
          "derive_keys: another file nonce, other keys");
    arx_file_header_init(&h, "speck-128-256", C, ARX_FILE_KDF_KEYFILE, NONCE, NULL);
    CHECK(arx_file_derive_keys(&h, ikm, &k2) == ARX_OK && k2.key_bytes == 32, "derive_keys: 32-byte keys");
    CHECK(arx_file_ikm(&h2, secret, 8, ikm) == ARX_OK && arx_file_ikm(&h2, secret, 8, ikm2) == ARX_OK &&
              !memcmp(ikm, ikm2, 32),
          "ikm: scrypt is deterministic");
    CHECK(arx_file_ikm(&h2, secret, 9, ikm2) == ARX_OK && memcmp(ikm, ikm2, 32), "ikm: another passphrase");
    h2.salt[0] ^= 1;
    CHECK(arx_file_ikm(&h2, secret, 8, ikm2) == ARX_OK && memcmp(ikm, ikm2, 32), "ikm: another salt");
    CHECK(arx_file_ikm(&h2, NULL, 0, ikm2) == ARX_OK, "ikm: the empty passphrase (NULL, 0)");
    printf("key derivation: argument checks, key-file IKM, HKDF keys per nonce and cipher, scrypt\n");
}

/* ---- objects and chunk calls ---------------------------------------------------------- */

static void objects(void) {
    arx_file_header h;
    arx_file_keys k;
    arx_file *w, *r, *f;
    uint8_t hdr[H], pt[3 * C], ct[3 * PER], back[3 * PER];
    plaintext(pt, sizeof pt);
    arx_file_header_init(&h, "sparx-128-256", C, ARX_FILE_KDF_KEYFILE, NONCE, NULL);
    make_keys(&k, 32, 3);
    CHECK(arx_file_seal_new(NULL, &h, &k, hdr) == ARX_ERR_NULL, "seal_new: f NULL");
    f = (arx_file *)&k;
    CHECK(arx_file_seal_new(&f, NULL, &k, hdr) == ARX_ERR_NULL && f == NULL, "seal_new: h NULL, *f NULL");
    CHECK(arx_file_seal_new(&f, &h, NULL, hdr) == ARX_ERR_NULL, "seal_new: keys NULL");
    CHECK(arx_file_seal_new(&f, &h, &k, NULL) == ARX_ERR_NULL, "seal_new: header_out NULL");
    k.key_bytes = 16;
    memset(hdr, FILL, sizeof hdr);
    CHECK(arx_file_seal_new(&f, &h, &k, hdr) == ARX_ERR_KEY_LENGTH && hdr[0] == FILL, "seal_new: 16-byte keys for a "
                                                                                    "256-bit cipher, header untouched");
    k.key_bytes = 33;
    CHECK(arx_file_seal_new(&f, &h, &k, hdr) == ARX_ERR_KEY_LENGTH, "seal_new: key_bytes 33");
    k.key_bytes = 32;
    CHECK(arx_file_seal_new(&w, &h, &k, hdr) == ARX_OK, "seal_new");
    CHECK(arx_file_open_new(NULL, hdr, &k) == ARX_ERR_NULL, "open_new: f NULL");
    CHECK(arx_file_open_new(&f, NULL, &k) == ARX_ERR_NULL, "open_new: header NULL");
    CHECK(arx_file_open_new(&f, hdr, NULL) == ARX_ERR_NULL, "open_new: keys NULL");
    k.key_bytes = 24;
    CHECK(arx_file_open_new(&f, hdr, &k) == ARX_ERR_KEY_LENGTH, "open_new: wrong key_bytes");
    k.key_bytes = 32;
    arx_file_keys bad = k;
    bad.header_key[31] ^= 0x80;
    f = (arx_file *)&k;
    CHECK(arx_file_open_new(&f, hdr, &bad) == ARX_ERR_AUTH && f == NULL, "open_new: wrong header key");
    bad = k;
    bad.payload_key[0] ^= 1;
    CHECK(arx_file_open_new(&f, hdr, &bad) == ARX_OK, "open_new: the payload key is not checked by the header");
    arx_file_free(f);
    /* every bit of the header: refused (a parse error, or the tag) */
    int all_refused = 1;
    for (size_t bit = 0; bit < 8 * H; bit++) {
        hdr[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        f = NULL;
        int rc = arx_file_open_new(&f, hdr, &k);
        hdr[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        if (rc == ARX_OK || f) {
            all_refused = 0;
            printf("FAIL header bit %zu flipped: accepted\n", bit);
        }
        arx_file_free(f);
    }
    CHECK(all_refused, "open_new: each of the header's 760 bits flipped is refused");
    CHECK(arx_file_open_new(&r, hdr, &k) == ARX_OK, "open_new");

    /* seal_chunk's arguments */
    CHECK(arx_file_seal_chunk(NULL, 0, 0, ct, PER, pt, C) == ARX_ERR_NULL, "seal_chunk: f NULL");
    CHECK(arx_file_seal_chunk(w, 0, 0, NULL, PER, pt, C) == ARX_ERR_NULL, "seal_chunk: out NULL");
    CHECK(arx_file_seal_chunk(w, 0, 1, ct, PER, NULL, 5) == ARX_ERR_NULL, "seal_chunk: in NULL");
    CHECK(arx_file_seal_chunk(r, 0, 0, ct, PER, pt, C) == ARX_ERR_STATE, "seal_chunk on a reader");
    CHECK(arx_file_seal_chunk(w, 0, 0, ct, PER, pt, C - 1) == ARX_ERR_LENGTH, "seal_chunk: short non-last chunk");
    CHECK(arx_file_seal_chunk(w, 0, 1, ct, 2 * PER, pt, C + 1) == ARX_ERR_LENGTH, "seal_chunk: longer than a chunk");
    CHECK(arx_file_seal_chunk(w, 3, 1, ct, PER, pt, 0) == ARX_ERR_LENGTH, "seal_chunk: empty last chunk 3");
    CHECK(arx_file_seal_chunk(w, 0, 0, ct, PER - 1, pt, C) == ARX_ERR_BUFFER, "seal_chunk: out_cap len + 15");
    memcpy(back, pt, C);
    CHECK(arx_file_seal_chunk(w, 0, 0, back + 1, PER, back, C) == ARX_ERR_OVERLAP, "seal_chunk: partial overlap");
    CHECK(arx_file_seal_chunk(w, 0, 1, ct, 16, NULL, 0) == ARX_OK, "seal_chunk: the empty file's chunk 0");
    for (unsigned i = 0; i < 3; i++)
        CHECK(arx_file_seal_chunk(w, i, i == 2, ct + i * PER, PER, pt + i * C, C) == ARX_OK, "seal_chunk %u", i);
    memcpy(back, pt + C, C);
    CHECK(arx_file_seal_chunk(w, 1, 0, back, PER, back, C) == ARX_OK && !memcmp(back, ct + PER, PER),
          "seal_chunk in place (out == in) gives the same bytes");

    /* open_chunk's arguments */
    CHECK(arx_file_open_chunk(NULL, 0, 0, back, C, ct, PER) == ARX_ERR_NULL, "open_chunk: f NULL");
    CHECK(arx_file_open_chunk(r, 0, 0, NULL, C, ct, PER) == ARX_ERR_NULL, "open_chunk: out NULL");
    CHECK(arx_file_open_chunk(r, 0, 0, back, C, NULL, PER) == ARX_ERR_NULL, "open_chunk: in NULL");
    CHECK(arx_file_open_chunk(w, 0, 0, back, C, ct, PER) == ARX_ERR_STATE, "open_chunk on a writer");
    CHECK(arx_file_open_chunk(r, 0, 0, back, C, ct, PER - 1) == ARX_ERR_LENGTH, "open_chunk: short non-last");
    CHECK(arx_file_open_chunk(r, 0, 1, back, 2 * C, ct, PER + 1) == ARX_ERR_LENGTH, "open_chunk: too long");
    memset(back, FILL, sizeof back);
    CHECK(arx_file_open_chunk(r, 0, 0, back, C - 1, ct, PER) == ARX_ERR_BUFFER && back[0] == FILL,
          "open_chunk: out_cap C - 1, nothing written");
    CHECK(arx_file_open_chunk(r, 0, 0, ct + 1, C, ct, PER) == ARX_ERR_OVERLAP, "open_chunk: partial overlap");
    CHECK(arx_file_open_chunk(r, 1, 0, back, C, ct + PER, PER) == ARX_OK && !memcmp(back, pt + C, C),
          "open_chunk 1 (out of order)");
    memcpy(back, ct, PER);
    CHECK(arx_file_open_chunk(r, 0, 0, back, C, back, PER) == ARX_OK && !memcmp(back, pt, C),
          "open_chunk in place");
    /* a wrong index or flag fails; the object then refuses that index and later ones */
    memset(back, FILL, sizeof back);
    uint64_t at = 99;
    CHECK(arx_file_failed_chunk(r, &at) == ARX_ERR_STATE && at == 99, "failed_chunk: none yet");
    CHECK(arx_file_failed_chunk(NULL, &at) == ARX_ERR_NULL && arx_file_failed_chunk(r, NULL) == ARX_ERR_NULL,
          "failed_chunk: NULL");
    CHECK(arx_file_open_chunk(r, 2, 0, back, C, ct + 2 * PER, PER) == ARX_ERR_AUTH && back[0] == 0 &&
              back[C - 1] == 0 && back[C] == FILL,
          "open_chunk: the last chunk opened as not last: ARX_ERR_AUTH, out zeroed");
    CHECK(arx_file_failed_chunk(r, &at) == ARX_OK && at == 2, "failed_chunk: 2");
    CHECK(arx_file_open_chunk(r, 2, 1, back, C, ct + 2 * PER, PER) == ARX_ERR_STATE, "open_chunk: refused at 2");
    CHECK(arx_file_open_chunk(r, 5, 0, back, C, ct, PER) == ARX_ERR_STATE, "open_chunk: refused past 2");
    CHECK(arx_file_open_chunk(r, 1, 0, back, C, ct + PER, PER) == ARX_OK && !memcmp(back, pt + C, C),
          "open_chunk: chunk 1, before the failure, still opens");
    CHECK(arx_file_open_chunk(r, 0, 1, back, C, ct + 2, 15) == ARX_ERR_TRUNCATED, "open_chunk: 15 bytes");
    CHECK(arx_file_failed_chunk(r, &at) == ARX_OK && at == 0, "failed_chunk: the lowest, 0");
    size_t got = 7;
    CHECK(arx_file_update(r, back, sizeof back, &got, ct, 1) == ARX_ERR_STATE && got == 0,
          "update refused after a chunk call failed");
    arx_file_free(r);
    arx_file_free(w);
    arx_file_free(NULL);

    /* update/final's arguments */
    CHECK(arx_file_seal_new(&w, &h, &k, hdr) == ARX_OK, "seal_new");
    CHECK(arx_file_update(NULL, ct, sizeof ct, &got, pt, 1) == ARX_ERR_NULL, "update: f NULL");
    CHECK(arx_file_update(w, ct, sizeof ct, NULL, pt, 1) == ARX_ERR_NULL, "update: out_len NULL");
    CHECK(arx_file_update(w, ct, sizeof ct, &got, NULL, 1) == ARX_ERR_NULL, "update: in NULL");
    CHECK(arx_file_update(w, NULL, 0, &got, pt, C) == ARX_OK && got == 0, "update: a chunk held back, no output");
    CHECK(arx_file_update_size(w, 1) == PER && arx_file_final_size(w) == PER, "update_size/final_size");
    CHECK(arx_file_update(w, NULL, 0, &got, pt + C, 1) == ARX_ERR_BUFFER, "update: no room for a chunk");
    CHECK(arx_file_update(w, NULL, PER, &got, pt + C, 1) == ARX_ERR_NULL, "update: out NULL with room claimed");
    CHECK(arx_file_update(w, ct, PER - 1, &got, pt + C, 1) == ARX_ERR_BUFFER && got == 0, "update: out_cap - 1");
    CHECK(arx_file_update(w, pt + C, PER, &got, pt + C, 1) == ARX_ERR_OVERLAP, "update: out == in");
    CHECK(arx_file_update(w, ct, PER, &got, pt + C, C) == ARX_OK && got == PER,
          "update: the call after the refusals works (nothing was taken)");
    CHECK(arx_file_final(NULL, ct, PER, &got) == ARX_ERR_NULL && arx_file_final(w, ct, PER, NULL) == ARX_ERR_NULL,
          "final: NULL");
    CHECK(arx_file_final(w, ct + PER, PER - 1, &got) == ARX_ERR_BUFFER, "final: out_cap - 1");
    CHECK(arx_file_final(w, ct + PER, PER, &got) == ARX_OK && got == PER, "final");
    CHECK(arx_file_final(w, ct, sizeof ct, &got) == ARX_ERR_STATE && arx_file_update(w, ct, sizeof ct, &got, pt, 1) ==
                                                                         ARX_ERR_STATE,
          "final and update after final: ARX_ERR_STATE");
    CHECK(arx_file_update_size(NULL, 5) == 0 && arx_file_final_size(NULL) == 0, "sizes of NULL");
    CHECK(arx_file_update_size(w, SIZE_MAX) == SIZE_MAX || arx_file_update_size(w, SIZE_MAX) > SIZE_MAX / 2,
          "update_size saturates");
    arx_file_free(w);
    printf("objects: new/open arguments, keys, every header bit, chunk calls' arguments and failure marking, "
           "update/final arguments and states\n");
}

/* ---- streams: round trips and split invariance ----------------------------------------- */

static void streams(void) {
    arx_file_keys k;
    make_keys(&k, 32, 4);
    const size_t sizes[] = {0, 1, 15, 16, 17, C - 1, C, C + 1, 2 * C, 2 * C + 16, 5 * C + 300, 9 * C};
    uint8_t *pt = malloc(10 * C), *file = malloc(H + 10 * PER + PER), *out = malloc(10 * PER + 2 * PER);
    uint8_t *one = malloc(10 * PER + PER);
    if (!pt || !file || !out || !one) abort();
    plaintext(pt, 10 * C);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        const size_t n = sizes[s], flen = seal_file(pt, n, &k, file);
        const size_t chunks = n ? (n + C - 1) / C : 1;
        CHECK(flen == H + n + chunks * 16, "seal_file %zu bytes", n);
        /* writer: one call, then random splits, must equal the chunk calls' bytes */
        for (int run = 0; run < 12; run++) {
            arx_file_header h;
            arx_file *f;
            uint8_t hdr[H];
            size_t w = 0, done = 0, got;
            int rc = arx_file_header_init(&h, "lea-256", C, 0, NONCE, NULL);
            if (!rc) rc = arx_file_seal_new(&f, &h, &k, hdr);
            while (!rc && done < n) {
                size_t take = run ? t_below(3 * C) : n;
                if (take > n - done) take = n - done;
                rc = arx_file_update(f, one + w, 10 * PER + PER - w, &got, pt + done, take);
                w += got;
                done += take;
            }
            if (!rc) rc = arx_file_final(f, one + w, 10 * PER + PER - w, &got);
            w += got;
            arx_file_free(f);
            CHECK(rc == ARX_OK && !memcmp(hdr, file, H) && w == flen - H && !memcmp(one, file + H, w),
                  "seal %zu bytes, %s: the chunk calls' bytes", n, run ? "random split" : "one update");
        }
        /* reader: one call, random splits */
        for (int run = 0; run < 12; run++) {
            outcome o = read_body(file, &k, file + H, flen - H, out, 10 * PER, run);
            CHECK(o.rc == ARX_OK && o.released == n && !memcmp(out, pt, n) && o.fail == -1 && o.refuses,
                  "open %zu bytes, %s: %s, %zu bytes", n, run ? "random split" : "one update", arx_strerror(o.rc),
                  o.released);
        }
    }
    /* a reader with no chunk at all */
    outcome o = read_body(file, &k, NULL, 0, out, PER, 0);
    CHECK(o.rc == ARX_ERR_TRUNCATED && o.released == 0 && o.fail == 0 && o.refuses,
          "open: no chunk after the header: ARX_ERR_TRUNCATED at chunk 0");
    free(pt);
    free(file);
    free(out);
    free(one);
    printf("streams: %zu sizes from 0 to 9 chunks, sealed and opened in one call and in random splits, equal to "
           "the chunk calls\n",
           sizeof sizes / sizeof sizes[0]);
}

/* ---- tampering -------------------------------------------------------------------------- */

typedef struct {
    uint8_t *p;
    size_t n;
} bytes;

/* Reading `body` must fail with one of want_rc, name chunk want_chunk,
 * release exactly the plaintext of the chunks before it and nothing else,
 * and refuse further use; for every split (one call and several random). */
static void expect_failure(const char *what, const uint8_t *hdr, const arx_file_keys *k, const bytes *body,
                           const uint8_t *pt, long long want_chunk, int want_rc) {
    uint8_t *out = malloc(body->n + 2 * PER);
    if (!out) abort();
    int ok = 1;
    for (int run = 0; run < 4 && ok; run++) {
        size_t cap = body->n + 2 * PER;
        outcome o = read_body(hdr, k, body->p, body->n, out, cap, run);
        size_t clean = o.released;
        while (clean < cap && (out[clean] == 0 || out[clean] == FILL)) clean++;
        int rc_ok = want_rc ? o.rc == want_rc : (o.rc == ARX_ERR_AUTH || o.rc == ARX_ERR_TRUNCATED);
        ok = rc_ok && o.fail == want_chunk && o.released == (size_t)want_chunk * C && !memcmp(out, pt, o.released) &&
             clean == cap && o.refuses;
        CHECK(ok, "%s (%s): %s at chunk %lld, %zu bytes released, plaintext-free after them: %s, refuses: %d "
                  "(want %s at chunk %lld)",
              what, run ? "random split" : "one update", arx_strerror(o.rc), o.fail, o.released,
              clean == cap ? "yes" : "NO", o.refuses, want_rc ? arx_strerror(want_rc) : "AUTH/TRUNCATED", want_chunk);
    }
    free(out);
}

static void tampering(void) {
    arx_file_keys k;
    make_keys(&k, 32, 5);
    enum { N = 5 * C + 300, CHUNKS = 6 };
    uint8_t pt[N], file[H + N + CHUNKS * 16], tmp[sizeof file + 2 * PER];
    plaintext(pt, sizeof pt);
    const size_t flen = seal_file(pt, N, &k, file);
    CHECK(flen == sizeof file, "seal_file");
    const uint8_t *body = file + H;
    const size_t blen = flen - H;
    bytes b = {tmp, 0};
    char what[96];
    int checks_before = t_passed + t_failed;

    /* truncation at every chunk boundary: the new last chunk was sealed as not last */
    for (size_t c = 0; c < CHUNKS; c++) {
        b.n = c * PER;
        memcpy(tmp, body, b.n);
        snprintf(what, sizeof what, "cut after %zu chunks", c);
        expect_failure(what, file, &k, &b, pt, c == 0 ? 0 : (long long)c - 1, c == 0 ? ARX_ERR_TRUNCATED : ARX_ERR_AUTH);
    }
    /* truncation inside every chunk */
    const size_t offs[] = {1, 15, 16, 17, 500, C, C + 15};
    for (size_t c = 0; c < CHUNKS; c++)
        for (size_t i = 0; i < sizeof offs / sizeof offs[0]; i++) {
            b.n = c * PER + offs[i];
            if (b.n >= blen) continue;
            memcpy(tmp, body, b.n);
            snprintf(what, sizeof what, "cut %zu bytes into chunk %zu", offs[i], c);
            expect_failure(what, file, &k, &b, pt, (long long)c, offs[i] < 16 ? ARX_ERR_TRUNCATED : ARX_ERR_AUTH);
        }
    /* trailing data */
    const size_t extra[] = {1, 15, 16, 17, PER, 2 * PER};
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++) {
        memcpy(tmp, body, blen);
        t_fill(tmp + blen, extra[i]);
        b.n = blen + extra[i];
        snprintf(what, sizeof what, "%zu bytes appended", extra[i]);
        expect_failure(what, file, &k, &b, pt, CHUNKS - 1, 0);
    }
    memcpy(tmp, body, blen);
    memcpy(tmp + blen, body, PER);
    b.n = blen + PER;
    expect_failure("a copy of chunk 0 appended", file, &k, &b, pt, CHUNKS - 1, ARX_ERR_AUTH);
    /* reordered, duplicated, dropped */
    for (size_t c = 0; c + 1 < CHUNKS; c++) {
        size_t len_next = c + 2 < CHUNKS ? PER : blen - (c + 1) * PER;
        memcpy(tmp, body, blen);
        memcpy(tmp + c * PER, body + (c + 1) * PER, len_next); /* chunk c+1 first, then chunk c */
        memcpy(tmp + c * PER + len_next, body + c * PER, PER);
        b.n = blen;
        snprintf(what, sizeof what, "chunks %zu and %zu swapped", c, c + 1);
        expect_failure(what, file, &k, &b, pt, (long long)c, ARX_ERR_AUTH);
    }
    for (size_t c = 0; c < CHUNKS; c++) {
        size_t len_c = c + 1 < CHUNKS ? PER : blen - c * PER;
        memcpy(tmp, body, (c + 1) * PER < blen ? (c + 1) * PER : blen);
        memcpy(tmp + c * PER + len_c, body + c * PER, blen - c * PER); /* chunk c twice */
        b.n = blen + len_c;
        snprintf(what, sizeof what, "chunk %zu duplicated", c);
        expect_failure(what, file, &k, &b, pt, (long long)c + (c + 1 < CHUNKS ? 1 : 0), ARX_ERR_AUTH);
        if (c + 1 < CHUNKS) {
            memcpy(tmp, body, c * PER);
            memcpy(tmp + c * PER, body + (c + 1) * PER, blen - (c + 1) * PER); /* chunk c dropped */
            b.n = blen - PER;
            snprintf(what, sizeof what, "chunk %zu dropped", c);
            expect_failure(what, file, &k, &b, pt, (long long)c, ARX_ERR_AUTH);
        }
    }
    /* a flipped bit: one random bit of every byte, and every bit of every tag */
    b.n = blen;
    memcpy(tmp, body, blen);
    int flips_ok = 1, flips = 0;
    uint8_t *out = malloc(blen + 2 * PER);
    for (size_t i = 0; i < blen && out; i++) {
        const size_t c = i / PER, in_chunk = i % PER, len_c = c + 1 < CHUNKS ? PER : blen - c * PER;
        const int is_tag = in_chunk >= len_c - 16;
        const unsigned one_bit = (unsigned)t_below(8);
        for (unsigned bit = 0; bit < 8; bit++) {
            if (!is_tag && bit != one_bit) continue;
            tmp[i] ^= (uint8_t)(1u << bit);
            outcome o = read_body(file, &k, tmp, blen, out, blen + 2 * PER, (int)(i & 1));
            tmp[i] ^= (uint8_t)(1u << bit);
            size_t clean = o.released;
            while (clean < blen + 2 * PER && (out[clean] == 0 || out[clean] == FILL)) clean++;
            flips++;
            if (o.rc != ARX_ERR_AUTH || o.fail != (long long)c || o.released != c * C || memcmp(out, pt, o.released) ||
                clean != blen + 2 * PER || !o.refuses) {
                if (flips_ok) printf("FAIL byte %zu bit %u flipped: %s at %lld, %zu released\n", i, bit,
                                     arx_strerror(o.rc), o.fail, o.released);
                flips_ok = 0;
            }
        }
    }
    free(out);
    CHECK(flips_ok && flips > 0, "%d bit flips over every byte of every chunk and every bit of every tag", flips);
    printf("tampering: %d checks: truncation at and inside every chunk, trailing data, swapped, duplicated and "
           "dropped chunks, %d flipped bits; right code, chunk named, only verified plaintext, refused after\n",
           t_passed + t_failed - checks_before, flips);
}

int main(int argc, char **argv) {
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 20261121;
    t_seed(seed);
    printf("test_file_api: seed %llu, key derivation %s\n", (unsigned long long)seed,
           arx_file_kdf_available() ? "available" : "not in this build");
    for (int c = -25; c <= -20; c++)
        CHECK(strcmp(arx_strerror(c), "unknown error") != 0, "arx_strerror(%d) has a text", c);
    headers();
    derivation();
    objects();
    streams();
    tampering();
    return t_summary();
}
