/*
 * arxcrypt: lightweight ARX block ciphers (LEA, CHAM, HIGHT, SPECK, SIMON,
 * SIMECK, SPARX) and the modes they are deployed in. The whole public C API.
 *
 * Conventions for every function below
 * - Return value: ARX_OK (0) or a negative ARX_ERR_* code; arx_strerror()
 *   names it. On any error nothing was written to an output buffer that the
 *   caller could mistake for a result (one-shot AEAD decryption zeroes `out`).
 * - Lengths are in bytes. A pointer may be NULL only when its length is 0;
 *   otherwise ARX_ERR_NULL.
 * - In-place: `out == in` is allowed everywhere data goes in and out. Any
 *   other overlap of `out` and `in` is refused with ARX_ERR_OVERLAP.
 * - Keys: an arx_key holds the expanded key schedule and the chosen backend.
 *   It is read-only after it is made, so one key may be used from several
 *   threads at once. Mode contexts (arx_ctr, arx_gcm) refer to their key,
 *   which must outlive them; a context is used by one thread at a time.
 * - Memory: every object can live on the heap (arx_key_new, arx_ctr_new,
 *   arx_gcm_new) or in memory the caller provides (arx_key_init,
 *   arx_ctr_init, arx_gcm_init: at least the stated size, aligned to
 *   ARX_STORAGE_ALIGN, never moved or copied while in use). Nothing else in
 *   the library allocates, except the multi-threaded paths of keys given
 *   threads (arx_key_set_threads), which fall back to one thread when an
 *   allocation fails. The *_free functions wipe an object wherever it lives
 *   and release it only if the library allocated it.
 * - Freestanding builds (CMake -DARX_FREESTANDING=ON: for firmware, no C
 *   library beyond memcpy/memset/memmove, no threads, no CPU detection, the
 *   portable and two-way backends only) leave out the functions marked
 *   "hosted only"; everything else is the same.
 * - Everything secret (key schedules, counters, keystream, GHASH state) is
 *   wiped when its object is freed. Tags are compared in constant time.
 * - Byte order of keys and blocks per cipher family: tests/vectors/README.md.
 */
#ifndef ARXCRYPT_H
#define ARXCRYPT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ARX_API marks the library's public functions. The shared library is built
 * with hidden visibility, so these, and nothing else, are what it exports. */
#if defined(_WIN32) && defined(ARX_BUILDING_DLL)
#define ARX_API __declspec(dllexport)
#elif defined(_WIN32) && defined(ARX_USING_DLL)
#define ARX_API __declspec(dllimport)
#elif defined(__GNUC__) || defined(__clang__)
#define ARX_API __attribute__((visibility("default")))
#else
#define ARX_API
#endif

#define ARX_VERSION_MAJOR 0
#define ARX_VERSION_MINOR 1
#define ARX_VERSION_PATCH 0
#define ARX_VERSION_STRING "0.1.0"

/* The library's version string, e.g. "0.1.0" (may differ from the header's). */
ARX_API const char *arx_version(void);

/* ---- errors --------------------------------------------------------------- */

typedef enum arx_status {
    ARX_OK = 0,
    ARX_ERR_NULL = -1,                /* NULL pointer with a non-zero length */
    ARX_ERR_UNKNOWN_CIPHER = -2,      /* no cipher by that name */
    ARX_ERR_UNKNOWN_MODE = -3,        /* no mode by that name */
    ARX_ERR_UNKNOWN_BACKEND = -4,     /* no backend by that name for this cipher */
    ARX_ERR_BACKEND_UNAVAILABLE = -5, /* backend exists but this CPU/OS lacks it */
    ARX_ERR_MODE_UNSUPPORTED = -6,    /* mode undefined for this block size (GCM/CCM need 128-bit, CMAC 64/128) */
    ARX_ERR_KEY_LENGTH = -7,          /* key is not the cipher's key size */
    ARX_ERR_IV_LENGTH = -8,           /* IV, initial counter block or nonce of a wrong length */
    ARX_ERR_TAG_LENGTH = -9,          /* tag length not allowed for the mode */
    ARX_ERR_LENGTH = -10,             /* data not a multiple of the block where it must be */
    ARX_ERR_TOO_LONG = -11,           /* data longer than the mode allows under this key/nonce */
    ARX_ERR_PADDING = -12,            /* PKCS#7 padding is invalid */
    ARX_ERR_AUTH = -13,               /* authentication failed: tag mismatch */
    ARX_ERR_OVERLAP = -14,            /* out and in overlap without being equal */
    ARX_ERR_STATE = -15,              /* call out of order (AAD after data, use after final) */
    ARX_ERR_BUFFER = -16,             /* output buffer too small */
    ARX_ERR_NOMEM = -17,              /* allocation failed */
    ARX_ERR_THREADS = -18,            /* thread count out of range */
    ARX_ERR_ALIGN = -19               /* caller storage not aligned to ARX_STORAGE_ALIGN */
} arx_status;

/* A static English description of `code`, e.g. "authentication failed". */
ARX_API const char *arx_strerror(int code);

/* ---- ciphers -------------------------------------------------------------- */

typedef struct arx_cipher arx_cipher; /* a static descriptor; never freed */

/* Number of ciphers, and the i-th (0 <= i < count; NULL past the end). */
ARX_API size_t arx_cipher_count(void);
ARX_API const arx_cipher *arx_cipher_at(size_t i);
/* Look up by name ("lea-128", "cham-64-128-legacy", "speck-128-256"...); NULL if unknown. */
ARX_API const arx_cipher *arx_cipher_by_name(const char *name);
ARX_API const char *arx_cipher_name(const arx_cipher *c);
ARX_API size_t arx_cipher_block_bytes(const arx_cipher *c); /* 4, 6, 8, 12 or 16 */
ARX_API size_t arx_cipher_key_bytes(const arx_cipher *c);

/* Backends of a cipher: index 0 is always "ref", the portable reference. */
ARX_API size_t arx_cipher_backend_count(const arx_cipher *c);
ARX_API const char *arx_cipher_backend_name(const arx_cipher *c, size_t i); /* NULL past the end */
/* 1 if this CPU and OS can run backend i of c, else 0. */
ARX_API int arx_cipher_backend_available(const arx_cipher *c, size_t i);

/* Zero n bytes of p in a way the compiler cannot remove (for callers' own
 * copies of keys and plaintext). */
ARX_API void arx_wipe(void *p, size_t n);

/* CPU features arxcrypt detected, space separated ("sse2 ssse3 avx2 ..."). */
ARX_API const char *arx_cpu_features_string(void);

/* ---- modes ---------------------------------------------------------------- */

typedef enum arx_mode {
    ARX_MODE_ECB,
    ARX_MODE_CBC,
    ARX_MODE_CFB, /* full-block feedback (CFB-64/CFB-128), partial last block */
    ARX_MODE_OFB,
    ARX_MODE_CTR, /* whole block = big-endian counter, wraps mod 2^blockbits */
    ARX_MODE_GCM,
    ARX_MODE_CCM,
    ARX_MODE_CMAC,
    ARX_MODE_COUNT_
} arx_mode;

/* Mode names: "ecb" "cbc" "cfb" "ofb" "ctr" "gcm" "ccm" "cmac". */
ARX_API const char *arx_mode_name(arx_mode m); /* NULL if out of range */
/* Sets *m; ARX_ERR_UNKNOWN_MODE if the name is unknown. */
ARX_API int arx_mode_by_name(const char *name, arx_mode *m);
/* ARX_OK if mode m is defined for cipher c, else ARX_ERR_MODE_UNSUPPORTED. */
ARX_API int arx_mode_check(const arx_cipher *c, arx_mode m);

/* ---- keys ----------------------------------------------------------------- */

typedef struct arx_key arx_key;

/* Caller storage for any object (keys, CTR and GCM contexts) must start at a
 * multiple of this many bytes; otherwise ARX_ERR_ALIGN. */
#define ARX_STORAGE_ALIGN 16

/* Bytes arx_key_init needs for cipher c (0 if c is NULL): the schedule, the
 * room GCM's hash key takes with 128-bit-block ciphers, and alignment slack.
 * It depends on the build (x86 builds keep 2 KiB of GHASH powers with every
 * 128-bit-block key); ARX_KEY_STORAGE_MAX bounds it for every cipher in
 * every build of this version (SPARX, whose schedule is kept in the forms
 * of every backend, is the largest; most ciphers need under 3 KiB). */
ARX_API size_t arx_key_storage_size(const arx_cipher *c);
#define ARX_KEY_STORAGE_MAX 16384

/*
 * Expand `key` (key_len must equal arx_cipher_key_bytes(c)) for cipher c into
 * memory the caller provides: mem_size >= arx_key_storage_size(c) bytes at
 * `mem`, aligned to ARX_STORAGE_ALIGN. *out then points into mem; mem stays
 * in use, unmoved, until arx_key_free(*out), which wipes it (and releases
 * nothing). backend: NULL or "" picks the widest backend this CPU runs; a
 * name forces that backend. On any error *out is NULL and mem is untouched.
 * Errors, checked in this order: ARX_ERR_NULL (out, mem, c or key NULL),
 * ARX_ERR_KEY_LENGTH, ARX_ERR_UNKNOWN_BACKEND, ARX_ERR_BACKEND_UNAVAILABLE,
 * ARX_ERR_BUFFER (mem_size too small), ARX_ERR_ALIGN.
 */
ARX_API int arx_key_init(arx_key **out, void *mem, size_t mem_size, const arx_cipher *c,
                         const uint8_t *key, size_t key_len, const char *backend);
/*
 * The same on the heap (hosted only). Errors as arx_key_init, less the two
 * about storage, plus ARX_ERR_NOMEM.
 */
ARX_API int arx_key_new(arx_key **out, const arx_cipher *c, const uint8_t *key, size_t key_len,
                const char *backend);
/* Wipe the key (schedule and cached GCM hash key); free it if arx_key_new
 * made it. NULL is a no-op. No context may use the key afterwards. */
ARX_API void arx_key_free(arx_key *k);
ARX_API const arx_cipher *arx_key_cipher(const arx_key *k);
ARX_API const char *arx_key_backend(const arx_key *k);

/*
 * Threads. By default every call runs on the calling thread: the library
 * starts no thread unless asked. arx_key_set_threads(k, n) lets the bulk
 * operations on k use up to n threads (0: every online core; at most 1024,
 * else ARX_ERR_THREADS): ECB, CTR (one-shot and streaming), CBC and CFB
 * decryption, and GCM encryption and decryption (one-shot and streaming,
 * GHASH computed per share and combined with powers of H). CBC and CFB
 * encryption, OFB, CCM and CMAC are sequential by nature and stay so. The
 * output is byte-identical for every thread count. Each share gets at least
 * 32 KiB, so calls under 64 KiB stay on the calling thread. Set the count before
 * the key is shared between threads. Threads come from OpenMP; in a build
 * without it the setting is accepted and everything runs on the caller.
 */
ARX_API int arx_key_set_threads(arx_key *k, unsigned threads);
/* The thread count in effect for k (1 without OpenMP); 0 for NULL. */
ARX_API unsigned arx_key_threads(const arx_key *k);

/* ---- ECB, CBC, CFB, OFB (one-shot) ---------------------------------------- */

/* ECB. len must be a multiple of the block (ARX_ERR_LENGTH). */
ARX_API int arx_ecb_encrypt(const arx_key *k, uint8_t *out, const uint8_t *in, size_t len);
ARX_API int arx_ecb_decrypt(const arx_key *k, uint8_t *out, const uint8_t *in, size_t len);

/*
 * CBC without padding: iv_len must be the block size, len a multiple of it.
 */
ARX_API int arx_cbc_encrypt(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                    const uint8_t *in, size_t len);
ARX_API int arx_cbc_decrypt(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                    const uint8_t *in, size_t len);

/*
 * CBC with PKCS#7 padding. Encrypt writes len + (block - len % block) bytes
 * (1 to block bytes of padding); out_cap must hold them (ARX_ERR_BUFFER).
 * Decrypt takes a non-zero multiple of the block, needs out_cap >= len - 1
 * (checked before anything is decrypted) and writes the unpadded plaintext.
 * *out_len gets the count written. Bad padding: ARX_ERR_PADDING, checked in
 * constant time, *out_len = 0 and the first len - 1 bytes of `out` zeroed.
 * In-place (out == in) is allowed for both.
 */
ARX_API int arx_cbc_encrypt_pad(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                        size_t out_cap, size_t *out_len, const uint8_t *in, size_t len);
ARX_API int arx_cbc_decrypt_pad(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                        size_t out_cap, size_t *out_len, const uint8_t *in, size_t len);

/* CFB with full-block segments; any len (the last block may be partial). */
ARX_API int arx_cfb_encrypt(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                    const uint8_t *in, size_t len);
ARX_API int arx_cfb_decrypt(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                    const uint8_t *in, size_t len);

/* OFB; any len; encryption and decryption are the same operation. */
ARX_API int arx_ofb_xor(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                const uint8_t *in, size_t len);

/* ---- CTR (NIST SP 800-38A) ------------------------------------------------ */

/*
 * iv is the initial counter block (block size). The whole block is one
 * big-endian counter incremented per block, modulo 2^(8*block). Any len;
 * encryption and decryption are the same operation.
 */
ARX_API int arx_ctr_xor(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                const uint8_t *in, size_t len);

/*
 * Streaming CTR: any split of the input gives the same bytes as arx_ctr_xor.
 * arx_ctr_init builds the context in caller memory (ARX_CTR_STORAGE_BYTES
 * bytes, aligned to ARX_STORAGE_ALIGN; ARX_ERR_BUFFER, ARX_ERR_ALIGN after
 * the argument checks); arx_ctr_new on the heap (hosted only; ARX_ERR_NOMEM).
 * arx_ctr_free wipes either, frees only the heap one; NULL is a no-op.
 */
typedef struct arx_ctr arx_ctr;
#define ARX_CTR_STORAGE_BYTES 64
ARX_API int arx_ctr_init(arx_ctr **out, void *mem, size_t mem_size, const arx_key *k,
                         const uint8_t *iv, size_t iv_len);
ARX_API int arx_ctr_new(arx_ctr **out, const arx_key *k, const uint8_t *iv, size_t iv_len);
ARX_API int arx_ctr_update(arx_ctr *ctx, uint8_t *out, const uint8_t *in, size_t len);
ARX_API void arx_ctr_free(arx_ctr *ctx);

/* ---- GCM (NIST SP 800-38D) ------------------------------------------------ */

/*
 * 128-bit-block ciphers only (else ARX_ERR_MODE_UNSUPPORTED). Nonce: any
 * length from 1 byte (12 bytes is the fast path; other lengths are GHASHed);
 * tag_len 4..16 (ARX_ERR_TAG_LENGTH); plaintext at most 2^36 - 32 bytes
 * (ARX_ERR_TOO_LONG). A nonce must never repeat under one key. The first GCM
 * call on a key stores H and its powers in the key's own memory (read-only
 * afterwards, shared by threads).
 *
 * One-shot decryption: on ARX_ERR_AUTH `out` (len bytes) is zeroed before
 * the call returns, so no plaintext of a forged message reaches the caller
 * (in-place callers lose the ciphertext too).
 */
ARX_API int arx_gcm_encrypt(const arx_key *k, const uint8_t *nonce, size_t nonce_len,
                    const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in,
                    size_t len, uint8_t *tag, size_t tag_len);
ARX_API int arx_gcm_decrypt(const arx_key *k, const uint8_t *nonce, size_t nonce_len,
                    const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in,
                    size_t len, const uint8_t *tag, size_t tag_len);

/*
 * Streaming GCM: new -> aad* -> (encrypt_update* | decrypt_update*) ->
 * encrypt_final | decrypt_final. Any split gives the same bytes as one-shot.
 * AAD after data, mixing directions, or any call after final: ARX_ERR_STATE.
 * decrypt_update releases plaintext before the tag is checked: a caller that
 * streams must discard all of it unless decrypt_final returns ARX_OK. Use
 * arx_gcm_decrypt when the message fits in memory.
 */
typedef struct arx_gcm arx_gcm;
/* In caller memory (ARX_GCM_STORAGE_BYTES, aligned to ARX_STORAGE_ALIGN;
 * ARX_ERR_BUFFER, ARX_ERR_ALIGN after the argument checks), or on the heap
 * (arx_gcm_new, hosted only). arx_gcm_free wipes either, frees only the heap
 * one; NULL is a no-op. */
#define ARX_GCM_STORAGE_BYTES 256
ARX_API int arx_gcm_init(arx_gcm **out, void *mem, size_t mem_size, const arx_key *k,
                         const uint8_t *nonce, size_t nonce_len);
ARX_API int arx_gcm_new(arx_gcm **out, const arx_key *k, const uint8_t *nonce, size_t nonce_len);
ARX_API int arx_gcm_aad(arx_gcm *ctx, const uint8_t *aad, size_t len);
ARX_API int arx_gcm_encrypt_update(arx_gcm *ctx, uint8_t *out, const uint8_t *in, size_t len);
ARX_API int arx_gcm_decrypt_update(arx_gcm *ctx, uint8_t *out, const uint8_t *in, size_t len);
ARX_API int arx_gcm_encrypt_final(arx_gcm *ctx, uint8_t *tag, size_t tag_len);
/* ARX_OK if the first tag_len bytes of the computed tag equal `tag`, else ARX_ERR_AUTH. */
ARX_API int arx_gcm_decrypt_final(arx_gcm *ctx, const uint8_t *tag, size_t tag_len);
ARX_API void arx_gcm_free(arx_gcm *ctx);

/* ---- CCM (NIST SP 800-38C) ------------------------------------------------ */

/*
 * 128-bit-block ciphers only. nonce_len 7..13; tag_len 4, 6, 8, 10, 12, 14
 * or 16; len below 2^(8*(15-nonce_len)) (ARX_ERR_TOO_LONG). Decryption
 * zeroes `out` and returns ARX_ERR_AUTH when the tag does not verify.
 */
ARX_API int arx_ccm_encrypt(const arx_key *k, const uint8_t *nonce, size_t nonce_len,
                    const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in,
                    size_t len, uint8_t *tag, size_t tag_len);
ARX_API int arx_ccm_decrypt(const arx_key *k, const uint8_t *nonce, size_t nonce_len,
                    const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in,
                    size_t len, const uint8_t *tag, size_t tag_len);

/* ---- CMAC (NIST SP 800-38B) ----------------------------------------------- */

/*
 * 64- and 128-bit-block ciphers. tag_len 4..block bytes (the tag is the first
 * tag_len bytes of the full MAC).
 */
ARX_API int arx_cmac(const arx_key *k, const uint8_t *msg, size_t len, uint8_t *tag, size_t tag_len);
/* ARX_OK if the tag matches (constant-time compare), else ARX_ERR_AUTH. */
ARX_API int arx_cmac_verify(const arx_key *k, const uint8_t *msg, size_t len, const uint8_t *tag,
                    size_t tag_len);

#ifdef __cplusplus
}
#endif

#endif
