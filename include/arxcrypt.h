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
    ARX_ERR_ALIGN = -19,              /* caller storage not aligned to ARX_STORAGE_ALIGN */
    ARX_ERR_FORMAT = -20,             /* not an arxcrypt file (no ARXCRYPT magic) */
    ARX_ERR_VERSION = -21,            /* file format version this library does not read */
    ARX_ERR_HEADER = -22,             /* malformed or out-of-range file header field */
    ARX_ERR_KDF_LIMIT = -23,          /* scrypt parameters beyond the format's bounds */
    ARX_ERR_TRUNCATED = -24,          /* input ended early: header or chunk cut short */
    ARX_ERR_UNSUPPORTED = -25,        /* not available in this build (e.g. no libcrypto) */
    ARX_ERR_XTS_KEY = -26,            /* XTS key whose two halves are equal (SP 800-38E) */
    ARX_ERR_CIPHER_MIX = -27          /* a multi-message call's keys are not all of one cipher */
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
    ARX_MODE_XTS, /* IEEE 1619 / SP 800-38E, 128-bit blocks: its own key object, arx_xts */
    ARX_MODE_COUNT_
} arx_mode;

/* Mode names: "ecb" "cbc" "cfb" "ofb" "ctr" "gcm" "ccm" "cmac" "xts". */
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

/* ---- XTS (IEEE 1619-2018, NIST SP 800-38E) -------------------------------- */

/*
 * The disk and file-system mode (dm-crypt, fscrypt), for every 128-bit-block
 * cipher (else ARX_ERR_MODE_UNSUPPORTED). An arx_xts is a key pair made from
 * one double-length key: key = data key || tweak key, each half the cipher's
 * key size, so key_len must be 2 * arx_cipher_key_bytes(c)
 * (ARX_ERR_KEY_LENGTH). Halves that are equal are refused with
 * ARX_ERR_XTS_KEY (SP 800-38E; compared in constant time). Like arx_key it is
 * read-only once made and may be used by several threads at once.
 *
 * arx_xts_init builds it in caller memory (arx_xts_storage_size(c) bytes,
 * at most ARX_XTS_STORAGE_MAX, aligned to ARX_STORAGE_ALIGN: ARX_ERR_BUFFER,
 * ARX_ERR_ALIGN after the argument checks); arx_xts_new on the heap (hosted
 * only; ARX_ERR_NOMEM). backend as in arx_key_init (both keys use it).
 * Errors in this order: ARX_ERR_NULL, ARX_ERR_MODE_UNSUPPORTED,
 * ARX_ERR_KEY_LENGTH, ARX_ERR_XTS_KEY, ARX_ERR_UNKNOWN_BACKEND,
 * ARX_ERR_BACKEND_UNAVAILABLE, then the storage errors. On error *out is NULL.
 * arx_xts_free wipes both key schedules and frees only the heap object;
 * NULL is a no-op.
 */
typedef struct arx_xts arx_xts;
#define ARX_XTS_TWEAK_BYTES 16
#define ARX_XTS_MAX_BLOCKS ((uint32_t)1 << 20) /* per data unit (SP 800-38E) */
#define ARX_XTS_STORAGE_MAX (2 * ARX_KEY_STORAGE_MAX + 64)
ARX_API size_t arx_xts_storage_size(const arx_cipher *c); /* 0 for NULL */
ARX_API int arx_xts_init(arx_xts **out, void *mem, size_t mem_size, const arx_cipher *c,
                         const uint8_t *key, size_t key_len, const char *backend);
ARX_API int arx_xts_new(arx_xts **out, const arx_cipher *c, const uint8_t *key, size_t key_len,
                        const char *backend);
ARX_API void arx_xts_free(arx_xts *x);
ARX_API const arx_cipher *arx_xts_cipher(const arx_xts *x);
ARX_API const char *arx_xts_backend(const arx_xts *x);
/* Threads for the sector calls, as arx_key_set_threads (the sectors are
 * shared out whole; one data unit runs on one thread). */
ARX_API int arx_xts_set_threads(arx_xts *x, unsigned threads);

/*
 * One data unit. tweak: ARX_XTS_TWEAK_BYTES (ARX_ERR_IV_LENGTH), the
 * 128-bit data unit number as IEEE 1619 takes it, least significant byte
 * first (dm-crypt's plain64: the sector number little-endian, zero padded).
 * len from 16 bytes (ARX_ERR_LENGTH below) up to ARX_XTS_MAX_BLOCKS blocks
 * (ARX_ERR_TOO_LONG); a length that is not a multiple of 16 is done with
 * ciphertext stealing, so the output is exactly len bytes. In-place allowed.
 */
ARX_API int arx_xts_encrypt(const arx_xts *x, const uint8_t *tweak, size_t tweak_len, uint8_t *out,
                            const uint8_t *in, size_t len);
ARX_API int arx_xts_decrypt(const arx_xts *x, const uint8_t *tweak, size_t tweak_len, uint8_t *out,
                            const uint8_t *in, size_t len);

/*
 * `count` consecutive data units of sector_bytes each (16 to
 * ARX_XTS_MAX_BLOCKS blocks, any length, CTS as above), numbered
 * first_sector, first_sector + 1, ... (mod 2^64) as plain64 tweaks: the same
 * bytes as count calls of arx_xts_encrypt/decrypt. out and in hold
 * count * sector_bytes bytes (ARX_ERR_TOO_LONG if that overflows a size_t).
 * count 0 does nothing. Errors: ARX_ERR_NULL, ARX_ERR_LENGTH, ARX_ERR_TOO_LONG,
 * ARX_ERR_OVERLAP.
 */
ARX_API int arx_xts_encrypt_sectors(const arx_xts *x, uint64_t first_sector, size_t sector_bytes,
                                    size_t count, uint8_t *out, const uint8_t *in);
ARX_API int arx_xts_decrypt_sectors(const arx_xts *x, uint64_t first_sector, size_t sector_bytes,
                                    size_t count, uint8_t *out, const uint8_t *in);

/* ---- many messages at once (arx_*_many) ----------------------------------- */

/*
 * One message of a multi-message call: a gateway or server that seals or
 * opens many short messages, each under its own key and nonce, passes them
 * together so the library can run one message per vector lane (on backends
 * that have lane-per-message kernels) instead of one message after another.
 * The output of every job is byte-identical to the one-message function
 * named with each call; only the speed differs.
 *
 *   key           the message's key. Every job of one call uses keys of one
 *                 cipher (else ARX_ERR_CIPHER_MIX); they may be the same key
 *                 or all different, made on any backend.
 *   nonce         GCM: any length from 1 (12 is the fast path); CCM: 7..13;
 *                 CTR: the initial counter block (block bytes). CMAC: unused.
 *   aad, aad_len  GCM and CCM only (else ignored); NULL when aad_len is 0.
 *   in, len       the message (plaintext, ciphertext, or CMAC's input).
 *   out           len bytes (unused by CMAC). out == in is allowed; any other
 *                 overlap with in is ARX_ERR_OVERLAP. Buffers of different
 *                 jobs must not overlap at all (not checked: the outputs are
 *                 then unspecified, though nothing outside the jobs' buffers
 *                 is written).
 *   tag, tag_len  written by the encrypt and CMAC calls, read by the decrypt
 *                 and verify calls; lengths as the one-message function.
 *   status        set by every call: ARX_OK, ARX_ERR_AUTH (this message's tag
 *                 failed), or this job's argument error.
 *
 * Every call checks every job before it writes anything. If any job is bad,
 * the call returns the first bad job's error, each job's status says ARX_OK
 * or its own error, and no output or tag has been written. jobs may be NULL
 * only when n is 0 (nothing to do: ARX_OK).
 *
 * Decryption and verification give a verdict per message: the call returns
 * ARX_ERR_AUTH when any tag failed, and ARX_OK when all verified; each job's
 * status says which. A message whose tag fails has its `out` zeroed (len
 * bytes) before the call returns; the other messages' plaintext is released.
 *
 * Memory: nothing is allocated; the scratch is on the stack and bounded
 * whatever n is (under 32 KiB on x86 builds, for the lane kernels' per-lane
 * key schedules; what the one-message functions use elsewhere), so these
 * work in the freestanding build, where they run one message at a time.
 * Threads: a call runs on the calling thread (arx_key_set_threads does not
 * apply); several threads may run calls at once, on shared keys too.
 * Constant time as everywhere: lengths, counts and which job uses which key
 * are public; keys, nonces, data and tags are not.
 */
typedef struct arx_job {
    const arx_key *key;
    const uint8_t *nonce;
    size_t nonce_len;
    const uint8_t *aad;
    size_t aad_len;
    uint8_t *out;
    const uint8_t *in;
    size_t len;
    uint8_t *tag;
    size_t tag_len;
    int status;
} arx_job;

/* GCM: as arx_gcm_encrypt / arx_gcm_decrypt for each job. */
ARX_API int arx_gcm_encrypt_many(arx_job *jobs, size_t n);
ARX_API int arx_gcm_decrypt_many(arx_job *jobs, size_t n);
/* CTR: as arx_ctr_xor for each job (nonce = the initial counter block). */
ARX_API int arx_ctr_xor_many(arx_job *jobs, size_t n);
/* CMAC: as arx_cmac / arx_cmac_verify for each job (in, len; tag). */
ARX_API int arx_cmac_many(arx_job *jobs, size_t n);
ARX_API int arx_cmac_verify_many(arx_job *jobs, size_t n);
/* CCM: as arx_ccm_encrypt / arx_ccm_decrypt for each job. */
ARX_API int arx_ccm_encrypt_many(arx_job *jobs, size_t n);
ARX_API int arx_ccm_decrypt_many(arx_job *jobs, size_t n);

/* ---- files: the arxcrypt file format, version 1 (docs/FORMAT.md) ---------- */

/*
 * What `arxcrypt encrypt` writes: a 95-byte header authenticated as a whole,
 * then the plaintext in fixed-size chunks, each sealed with GCM (the STREAM
 * construction: a chunk's nonce is its index plus a last-chunk flag). Every
 * function here reads and writes exactly that format. The whole section is
 * hosted only (an arx_file lives on the heap): a freestanding build has none.
 *
 * Writing:  arx_file_header_init -> arx_file_ikm -> arx_file_derive_keys ->
 *           arx_file_seal_new (the header bytes) -> chunks or update/final.
 * Reading:  arx_file_header_parse (every check before any key work) ->
 *           arx_file_ikm -> arx_file_derive_keys -> arx_file_open_new (the
 *           header tag: ARX_ERR_AUTH for a wrong key or an altered header)
 *           -> chunks or update/final.
 *
 * Key derivation (scrypt for passphrases, HKDF-SHA-256 for the file keys)
 * comes from OpenSSL's libcrypto. In a build without it
 * (arx_file_kdf_available() == 0) arx_file_derive_keys and the scrypt path of
 * arx_file_ikm return ARX_ERR_UNSUPPORTED; everything else works: parsing
 * and checking headers, key-file IKM, and sealing and opening under an
 * arx_file_keys derived elsewhere (HKDF as in docs/FORMAT.md).
 *
 * Secrets: the caller owns the secret, the IKM and the arx_file_keys struct
 * and wipes them (arx_wipe) when done; an arx_file holds its own expanded
 * payload key and buffered plaintext and wipes both in arx_file_free.
 */
#define ARX_FILE_VERSION 1
#define ARX_FILE_HEADER_BYTES 95   /* the whole header, its tag included */
#define ARX_FILE_TAG_BYTES 16      /* the header's tag and every chunk's */
#define ARX_FILE_NONCE_BYTES 16    /* the file nonce (HKDF's salt) */
#define ARX_FILE_SALT_BYTES 16     /* the scrypt salt */
#define ARX_FILE_IKM_BYTES 32      /* a key file's size, and scrypt's output */
#define ARX_FILE_KEY_MAX_BYTES 32  /* the longest cipher key */
#define ARX_FILE_CIPHER_FIELD 24   /* bytes for the cipher name in the header */
#define ARX_FILE_CHUNK_MIN 1024u   /* plaintext bytes per chunk: the allowed range */
#define ARX_FILE_CHUNK_MAX 16777216u /* 16 MiB; unsigned long where int is 16 bits */
#define ARX_FILE_CHUNK_DEFAULT 65536u
#define ARX_FILE_DEFAULT_CIPHER "lea-256"
#define ARX_FILE_KDF_KEYFILE 0     /* IKM = the 32 bytes of a key file */
#define ARX_FILE_KDF_SCRYPT 1      /* IKM = scrypt(passphrase, salt, N, r, p) */
/* scrypt: what arx_file_header_init writes, and what any header may ask for
 * (log2 N 10..22, r 1..32, p 1..16, memory 128 r N at most 1 GiB, work N r p
 * at most 2^24): a crafted header cannot make reading take minutes or
 * gigabytes. */
#define ARX_FILE_SCRYPT_LOG2N 17
#define ARX_FILE_SCRYPT_R 8
#define ARX_FILE_SCRYPT_P 1
#define ARX_FILE_SCRYPT_MIN_LOG2N 10
#define ARX_FILE_SCRYPT_MAX_LOG2N 22
#define ARX_FILE_SCRYPT_MAX_R 32
#define ARX_FILE_SCRYPT_MAX_P 16
#define ARX_FILE_SCRYPT_MAX_MEM ((uint64_t)1 << 30)
#define ARX_FILE_SCRYPT_MAX_WORK ((uint64_t)1 << 24)

/* A header's fields, decoded (the tag is not here: arx_file_seal_new makes
 * it, arx_file_open_new checks it). */
typedef struct arx_file_header {
    uint8_t version;                           /* ARX_FILE_VERSION */
    char cipher[ARX_FILE_CIPHER_FIELD + 1];    /* NUL-terminated, a 128-bit-block cipher */
    uint32_t chunk_bytes;                      /* ARX_FILE_CHUNK_MIN..ARX_FILE_CHUNK_MAX */
    uint8_t nonce[ARX_FILE_NONCE_BYTES];       /* random, new for every file */
    uint8_t kdf;                               /* ARX_FILE_KDF_* */
    uint8_t salt[ARX_FILE_SALT_BYTES];         /* scrypt; zero for a key file */
    uint8_t log2n;                             /* scrypt; zero for a key file */
    uint32_t r, p;                             /* scrypt; zero for a key file */
} arx_file_header;

/* The two file keys (docs/FORMAT.md "Keys"), each key_bytes long (the
 * cipher's key size); bytes past key_bytes are ignored. Secret. */
typedef struct arx_file_keys {
    uint8_t header_key[ARX_FILE_KEY_MAX_BYTES];
    uint8_t payload_key[ARX_FILE_KEY_MAX_BYTES];
    size_t key_bytes;
} arx_file_keys;

/* 1 if this build has the key derivation (libcrypto), else 0. */
ARX_API int arx_file_kdf_available(void);

/*
 * A writer's header: version 1, `cipher` (NULL: ARX_FILE_DEFAULT_CIPHER),
 * chunk_bytes (0: ARX_FILE_CHUNK_DEFAULT), kdf ARX_FILE_KDF_KEYFILE or
 * ARX_FILE_KDF_SCRYPT, the 16-byte file nonce, and for scrypt the 16-byte
 * salt (else salt may be NULL and is ignored) with the default parameters,
 * which the caller may then change within the bounds above. The nonce and
 * salt must come from a cryptographic random source, new for every file;
 * the library takes them as arguments and draws no randomness itself.
 * Errors: ARX_ERR_NULL (h, nonce, or salt for scrypt), ARX_ERR_UNKNOWN_CIPHER,
 * ARX_ERR_MODE_UNSUPPORTED (not a 128-bit block: a 64-bit block's birthday
 * bound is too small for files), ARX_ERR_HEADER (name longer than
 * ARX_FILE_CIPHER_FIELD, chunk size out of range, unknown kdf). On error *h
 * is zeroed.
 */
ARX_API int arx_file_header_init(arx_file_header *h, const char *cipher, uint32_t chunk_bytes, int kdf,
                                 const uint8_t *nonce, const uint8_t *salt);

/*
 * Decode and check the header at raw[0..raw_len): only the first
 * ARX_FILE_HEADER_BYTES are read, so raw may be the start of a whole file.
 * Checks, in this order, every reader check of docs/FORMAT.md; none needs a
 * key, and the header tag is checked later by arx_file_open_new:
 *   ARX_ERR_FORMAT       raw_len < 8 or no ARXCRYPT magic
 *   ARX_ERR_TRUNCATED    the magic, but raw_len < ARX_FILE_HEADER_BYTES
 *   ARX_ERR_VERSION      a version other than 1 (h->version says which)
 *   ARX_ERR_HEADER       cipher field not NUL-padded
 *   ARX_ERR_UNKNOWN_CIPHER, ARX_ERR_MODE_UNSUPPORTED  (h->cipher says which)
 *   ARX_ERR_HEADER       chunk size out of range (h->chunk_bytes), unknown
 *                        kdf (h->kdf), or scrypt fields set in a key-file header
 *   ARX_ERR_KDF_LIMIT    scrypt parameters beyond the bounds (h->log2n, r, p)
 * On error, *h holds the fields decoded up to and including the failing one
 * (for messages) and zeros after it; use it for nothing else. ARX_ERR_NULL
 * for h NULL, or raw NULL with raw_len > 0.
 */
ARX_API int arx_file_header_parse(arx_file_header *h, const uint8_t *raw, size_t raw_len);

/*
 * The input key material for header h into ikm (ARX_FILE_IKM_BYTES):
 * - ARX_FILE_KDF_KEYFILE: the secret as is; secret_len must be 32
 *   (ARX_ERR_KEY_LENGTH). Needs no libcrypto.
 * - ARX_FILE_KDF_SCRYPT: scrypt(secret, h's salt, 2^log2n, r, p), any
 *   secret_len (the CLI strips a passphrase file's final line break before
 *   this call). Up to 1 GiB and a few seconds, by h's parameters.
 *   ARX_ERR_UNSUPPORTED without libcrypto, ARX_ERR_NOMEM if scrypt fails.
 * h is checked as arx_file_header_parse checks a header (ARX_ERR_HEADER,
 * ARX_ERR_KDF_LIMIT, ...). ARX_ERR_NULL for h or ikm NULL, or secret NULL
 * with secret_len > 0. On error ikm is zeroed.
 */
ARX_API int arx_file_ikm(const arx_file_header *h, const uint8_t *secret, size_t secret_len,
                         uint8_t ikm[ARX_FILE_IKM_BYTES]);

/*
 * The header and payload keys from ikm by HKDF-SHA-256 with h's file nonce as
 * salt ("arxcrypt file v1 header" / "arxcrypt file v1 payload"), each as
 * long as h's cipher's key. Errors: ARX_ERR_NULL, header errors as in
 * arx_file_ikm, ARX_ERR_UNSUPPORTED without libcrypto, ARX_ERR_NOMEM if
 * libcrypto fails. On error *keys is zeroed.
 */
ARX_API int arx_file_derive_keys(const arx_file_header *h, const uint8_t ikm[ARX_FILE_IKM_BYTES],
                                 arx_file_keys *keys);

/*
 * A file being written or read: the header's cipher and chunk size, the
 * expanded payload key, and (for update/final) one chunk of buffered input.
 */
typedef struct arx_file arx_file;

/*
 * Start writing: check h (errors as arx_file_ikm), write the complete header,
 * tag included, to header_out (ARX_FILE_HEADER_BYTES), and make *f.
 * keys->key_bytes must be h's cipher's key size (ARX_ERR_KEY_LENGTH).
 * ARX_ERR_NULL, ARX_ERR_NOMEM. On error *f is NULL and header_out untouched.
 */
ARX_API int arx_file_seal_new(arx_file **f, const arx_file_header *h, const arx_file_keys *keys,
                              uint8_t header_out[ARX_FILE_HEADER_BYTES]);

/*
 * Start reading: parse raw_header (ARX_FILE_HEADER_BYTES; errors as
 * arx_file_header_parse), then verify its tag under keys: ARX_ERR_AUTH for a
 * wrong key or passphrase, or any altered header byte. ARX_ERR_KEY_LENGTH,
 * ARX_ERR_NULL, ARX_ERR_NOMEM. On error *f is NULL.
 */
ARX_API int arx_file_open_new(arx_file **f, const uint8_t raw_header[ARX_FILE_HEADER_BYTES],
                              const arx_file_keys *keys);

/*
 * Chunk primitives: chunk `index` (from 0) on its own, `last` non-zero for
 * the file's last chunk. They keep no position, allocate nothing and use
 * only the caller's buffers, and several threads may call them on one
 * arx_file at once (for different chunks); update/final must not run
 * meanwhile. out == in is allowed; other overlap: ARX_ERR_OVERLAP.
 *
 * arx_file_seal_chunk (writer): in_len plaintext bytes -> in_len + 16 bytes
 * at out (ciphertext, then the tag; out_cap at least that, ARX_ERR_BUFFER).
 * A chunk that is not last holds exactly chunk_bytes; the last holds 1 to
 * chunk_bytes, or 0 when it is chunk 0 (the empty file) (ARX_ERR_LENGTH).
 * A full-size chunk is the last exactly when the plaintext ends after it.
 *
 * arx_file_open_chunk (reader): in_len bytes of a stored chunk, at most
 * chunk_bytes + 16; exactly that unless last (ARX_ERR_LENGTH) -> after its
 * tag verified, in_len - 16 plaintext bytes at out (out_cap at least that).
 * A reader knows a chunk is last when fewer than chunk_bytes + 16 bytes are
 * left, or when the input ends after it. A failed tag (altered, reordered,
 * dropped or duplicated chunks, truncation, trailing data): ARX_ERR_AUTH,
 * out zeroed (in_len - 16 bytes). in_len < 16: ARX_ERR_TRUNCATED, nothing
 * written. Either marks the object failed at that index: from then on chunk
 * calls for that index or any later one return ARX_ERR_STATE (the authentic
 * part of a stream ends before its first failing chunk; earlier chunks still
 * open, so threads that finish out of order give the same verdicts), and
 * update/final refuse everything.
 *
 * Both: ARX_ERR_NULL; ARX_ERR_STATE on the other direction's object.
 */
ARX_API int arx_file_seal_chunk(const arx_file *f, uint64_t index, int last, uint8_t *out, size_t out_cap,
                                const uint8_t *in, size_t in_len);
ARX_API int arx_file_open_chunk(const arx_file *f, uint64_t index, int last, uint8_t *out, size_t out_cap,
                                const uint8_t *in, size_t in_len);

/*
 * Incremental interface (one thread at a time): feed the bytes after the
 * header (reader) or the plaintext (writer) in pieces of any size; any split
 * gives the same output bytes as one call. out and in must not overlap
 * (ARX_ERR_OVERLAP). *out_len gets the bytes written.
 *
 * Chunks are held back until the input shows whether one is the last: a
 * writer keeps up to chunk_bytes of plaintext, a reader up to chunk_bytes + 16
 * bytes, so update emits a chunk only once a byte after it has arrived, and
 * final emits the last. A reader writes a chunk's plaintext only after its
 * tag verified.
 *
 * arx_file_update_size / arx_file_final_size: exactly how many bytes the
 * next update with in_len bytes, or final, will write in the object's
 * current state (SIZE_MAX if that does not fit a size_t; 0 for NULL). The
 * worst case over all states is in_len + (in_len / chunk_bytes + 1) * 16 for
 * an update and chunk_bytes + 16 for a final.
 * out_cap below it: ARX_ERR_BUFFER, checked before any input is taken, so
 * the call can be repeated with a larger buffer. The first update or final
 * allocates the chunk buffer (ARX_ERR_NOMEM).
 *
 * A reader's failures: ARX_ERR_AUTH when a chunk's tag fails (in update, or
 * in final for the last chunk); ARX_ERR_TRUNCATED from final when no chunk
 * at all followed the header or the last piece is shorter than a tag. A
 * file cut at a chunk boundary, or inside a chunk but after 16 bytes of it,
 * gives ARX_ERR_AUTH (its new last chunk was not sealed as last): treat both
 * codes as "this file is not authentic". On ARX_ERR_AUTH from update,
 * *out_len counts the plaintext of the chunks this call verified before the
 * failing one, which are authentic (a caller that needs the whole file
 * verified discards all output on any error); the failing chunk's place in
 * out is zeroed and nothing after it is written.
 *
 * After a failure (ARX_ERR_AUTH or ARX_ERR_TRUNCATED, here or in a chunk
 * call), and after a final, every further update and final returns
 * ARX_ERR_STATE (after a failure, so do chunk calls at or past the failed
 * index). Argument errors (NULL, BUFFER, OVERLAP, STATE) change nothing.
 */
ARX_API int arx_file_update(arx_file *f, uint8_t *out, size_t out_cap, size_t *out_len, const uint8_t *in,
                            size_t in_len);
ARX_API int arx_file_final(arx_file *f, uint8_t *out, size_t out_cap, size_t *out_len);
ARX_API size_t arx_file_update_size(const arx_file *f, size_t in_len);
ARX_API size_t arx_file_final_size(const arx_file *f);

/* The index of the first chunk that failed (ARX_ERR_AUTH or
 * ARX_ERR_TRUNCATED; the lowest one when chunk calls ran in parallel) in
 * *index: ARX_OK, or ARX_ERR_STATE when none failed. ARX_ERR_NULL. */
ARX_API int arx_file_failed_chunk(const arx_file *f, uint64_t *index);

/* Wipe the payload key and buffered data, and free; NULL is a no-op. */
ARX_API void arx_file_free(arx_file *f);

#ifdef __cplusplus
}
#endif

#endif
