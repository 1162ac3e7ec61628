/*
 * The arxcrypt file format, version 1 (docs/FORMAT.md): a header
 * authenticated as a whole, then the payload in the STREAM construction,
 * fixed-size chunks each sealed with the AEAD. This module reads and writes
 * streams; cli/file.c is the command line around it (keys, passphrases,
 * output files, progress). Needs OpenSSL's libcrypto (HKDF, scrypt).
 */
#ifndef ARX_FILEENC_H
#define ARX_FILEENC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define ARXF_MAGIC "ARXCRYPT"
#define ARXF_VERSION 1
#define ARXF_HEADER_BYTES 95
#define ARXF_CIPHER_FIELD 24 /* the longest name, cham-128-256-legacy, has 19 */
#define ARXF_TAG_BYTES 16
#define ARXF_NONCE_BYTES 16
#define ARXF_KEY_BYTES 32 /* key files, and scrypt's output */
#define ARXF_DEFAULT_CHUNK 65536u
#define ARXF_MIN_CHUNK 1024u
#define ARXF_MAX_CHUNK (16u << 20)
#define ARXF_DEFAULT_CIPHER "lea-256"

enum { ARXF_KDF_KEYFILE = 0, ARXF_KDF_SCRYPT = 1 };
/* scrypt defaults (the floor: N = 2^17, r = 8, p = 1) and what a
 * reader accepts from a header (a larger N is refused, not computed: a
 * crafted header must not make decryption take minutes or gigabytes). */
#define ARXF_SCRYPT_LOG2N 17
#define ARXF_SCRYPT_R 8
#define ARXF_SCRYPT_P 1
#define ARXF_SCRYPT_MAX_LOG2N 22
#define ARXF_SCRYPT_MAX_R 32
#define ARXF_SCRYPT_MAX_P 16
#define ARXF_SCRYPT_MAX_MEM ((uint64_t)1 << 30)  /* 128 r N bytes */
#define ARXF_SCRYPT_MAX_WORK ((uint64_t)1 << 24) /* N r p: 16 times the defaults' */

/* Exit statuses the commands use: as `raw`. */
enum { ARXF_OK = 0, ARXF_AUTH = 1, ARXF_ERROR = 2 };

typedef struct {
    char cipher[ARXF_CIPHER_FIELD + 1]; /* NUL-terminated name */
    uint32_t chunk;    /* plaintext bytes per chunk */
    uint8_t nonce[ARXF_NONCE_BYTES];
    uint8_t kdf;       /* ARXF_KDF_* */
    uint8_t salt[16];  /* scrypt */
    uint8_t log2n;     /* scrypt */
    uint32_t r, p;     /* scrypt */
} arxf_header;

/* Progress: called with the plaintext bytes done so far. */
typedef void (*arxf_progress_fn)(void *ctx, uint64_t bytes);

typedef struct {
    unsigned threads;        /* chunks sealed/opened at once (OpenMP); 0 = every core */
    arxf_progress_fn progress; /* may be NULL */
    void *progress_ctx;
    char err[256];           /* the reason, when a call fails */
} arxf_io;

/* A header's cipher must be a 128-bit-block cipher (GCM); ARXF_ERROR with
 * the reason otherwise. */
int arxf_check_cipher(const char *name, char *err, size_t errcap);

/* The input key material for a header: a 32-byte key file's content as is,
 * or scrypt(passphrase, salt, N, r, p). ARXF_ERROR on bad parameters. */
int arxf_file_key(const arxf_header *h, const uint8_t *secret, size_t secret_len, uint8_t ikm[ARXF_KEY_BYTES],
                  char *err, size_t errcap);

/* Write the header and the sealed payload of everything read from in. */
int arxf_seal(FILE *in, FILE *out, const arxf_header *h, const uint8_t ikm[ARXF_KEY_BYTES], arxf_io *io);

/* Read and check a header (magic, version, cipher, chunk size, KDF
 * parameters), without any key. ARXF_ERROR with the reason otherwise. */
int arxf_read_header(FILE *in, arxf_header *h, uint8_t raw[ARXF_HEADER_BYTES], char *err, size_t errcap);

/* After arxf_read_header: verify the header's tag under ikm (ARXF_AUTH:
 * wrong key or passphrase, or an altered header), then open the chunks,
 * writing each one's plaintext to out only after its tag verified. Stops at
 * the first chunk that fails (ARXF_AUTH, the chunk named in io->err). */
int arxf_open(FILE *in, FILE *out, const arxf_header *h, const uint8_t raw[ARXF_HEADER_BYTES],
              const uint8_t ikm[ARXF_KEY_BYTES], arxf_io *io);

#endif
