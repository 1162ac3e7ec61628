/*
 * arxcrypt_cuda: the GPU front end of arxcrypt (libarxcrypt_cuda). Plain C
 * API; no CUDA header is needed to call it (streams are passed as void *,
 * a cudaStream_t or NULL for the default stream).
 *
 * Ciphers with kernels: lea-128/192/256; cham-64-128, cham-128-128,
 * cham-128-256 and their -legacy forms; hight; speck-64-128,
 * speck-128-128/192/256; simon-64-128, simon-128-128/192/256; sparx-64-128,
 * sparx-128-128, sparx-128-256. Modes: ECB, CTR (the library's: the whole
 * block one big-endian counter) and GCM for 128-bit blocks (CTR + GHASH on
 * the GPU). Every result is byte-identical to the C library's
 * (arx_ecb_encrypt, arx_ctr_xor, arx_gcm_encrypt ...).
 *
 * Errors: the arx_status codes of arxcrypt.h for bad input (ARX_ERR_NULL,
 * ARX_ERR_KEY_LENGTH, ARX_ERR_IV_LENGTH, ARX_ERR_TAG_LENGTH, ARX_ERR_LENGTH,
 * ARX_ERR_TOO_LONG, ARX_ERR_MODE_UNSUPPORTED, ARX_ERR_OVERLAP, ARX_ERR_AUTH,
 * ARX_ERR_NOMEM) plus the ARXCU_ERR_* below. Arguments are checked before
 * the device is touched, so input errors come back the same with or
 * without a GPU.
 *
 * Two families of entry points:
 *   *_dev   operate on device pointers (cudaMalloc'd, 16-byte aligned, else
 *           ARXCU_ERR_ALIGN), queued on `stream`; ECB and CTR return
 *           without waiting, GCM waits for its tag.
 *   others  take host pointers and return when done: the data moves in
 *           chunks on several CUDA streams, so one chunk's copy to the
 *           device, another's kernel and a third's copy back overlap. Data
 *           in pageable memory goes through pinned staging buffers (a host
 *           memcpy each way); when `in` and `out` are page-locked (from
 *           arxcu_host_alloc, cudaMallocHost or cudaHostRegister) the copies
 *           go straight from and to them.
 * out == in is allowed; any other overlap is ARX_ERR_OVERLAP.
 */
#ifndef ARXCRYPT_CUDA_H
#define ARXCRYPT_CUDA_H

#include <stddef.h>
#include <stdint.h>

#include "arxcrypt.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    ARXCU_ERR_NO_DEVICE = -100,   /* no CUDA device (or no usable driver) */
    ARXCU_ERR_CUDA = -101,        /* a CUDA runtime call failed */
    ARXCU_ERR_ALIGN = -102,       /* a device pointer is not 16-byte aligned */
    ARXCU_ERR_UNSUPPORTED = -103  /* the cipher has no GPU kernel */
};

/* A static description of `code` (arx_status or ARXCU_ERR_*). */
const char *arxcu_strerror(int code);

/* Number of usable CUDA devices; 0 when there is none or the driver is
 * missing or too old (arxcu_device_error says why). Cached after one call. */
int arxcu_device_count(void);
const char *arxcu_device_error(void);
/* "NVIDIA H100 80GB HBM3, sm_90" or "" without a device. */
const char *arxcu_device_name(void);

/* 1 if `cipher` (a library name) has GPU kernels, else 0. */
int arxcu_cipher_supported(const char *cipher);
/* The i-th supported cipher name, NULL past the end. */
const char *arxcu_cipher_at(size_t i);

/* The compile-time work split: 16-byte units per thread, threads per block. */
unsigned arxcu_units_per_thread(void);
unsigned arxcu_threads_per_block(void);

typedef struct arxcu_key arxcu_key;

/*
 * Expand `key` for `cipher` with the library's own key schedule. Needs no
 * device (device resources come on first use). Errors: ARX_ERR_NULL,
 * ARX_ERR_UNKNOWN_CIPHER, ARXCU_ERR_UNSUPPORTED, ARX_ERR_KEY_LENGTH,
 * ARX_ERR_NOMEM.
 */
int arxcu_key_new(arxcu_key **out, const char *cipher, const uint8_t *key, size_t key_len);
/* Wipe (host and device copies) and free; NULL is a no-op. */
void arxcu_key_free(arxcu_key *k);
size_t arxcu_key_block_bytes(const arxcu_key *k);

/* ---- device buffers ---------------------------------------------------------- */

/* ECB; len a multiple of the block (ARX_ERR_LENGTH). */
int arxcu_ecb_encrypt_dev(arxcu_key *k, void *d_out, const void *d_in, size_t len, void *stream);
int arxcu_ecb_decrypt_dev(arxcu_key *k, void *d_out, const void *d_in, size_t len, void *stream);
/* CTR; iv (host memory) is the initial counter block (block bytes); any len. */
int arxcu_ctr_xor_dev(arxcu_key *k, const uint8_t *iv, size_t iv_len, void *d_out, const void *d_in,
                      size_t len, void *stream);
/*
 * GCM, 128-bit-block ciphers only (ARX_ERR_MODE_UNSUPPORTED). nonce, aad and
 * tag are host memory; nonce_len >= 1 (12 is the usual), tag_len 4..16, len
 * at most 2^36 - 32. Waits for the result. Decryption writes the plaintext,
 * then checks the tag in constant time; on ARX_ERR_AUTH it zeroes d_out
 * before returning.
 */
int arxcu_gcm_encrypt_dev(arxcu_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                          size_t aad_len, void *d_out, const void *d_in, size_t len, uint8_t *tag,
                          size_t tag_len, void *stream);
int arxcu_gcm_decrypt_dev(arxcu_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                          size_t aad_len, void *d_out, const void *d_in, size_t len, const uint8_t *tag,
                          size_t tag_len, void *stream);

/* ---- host buffers (pinned staging, overlapped streams) ---------------------- */

int arxcu_ecb_encrypt(arxcu_key *k, uint8_t *out, const uint8_t *in, size_t len);
int arxcu_ecb_decrypt(arxcu_key *k, uint8_t *out, const uint8_t *in, size_t len);
int arxcu_ctr_xor(arxcu_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out, const uint8_t *in, size_t len);
int arxcu_gcm_encrypt(arxcu_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                      uint8_t *out, const uint8_t *in, size_t len, uint8_t *tag, size_t tag_len);
/* On ARX_ERR_AUTH, out (len bytes) is zeroed. */
int arxcu_gcm_decrypt(arxcu_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                      uint8_t *out, const uint8_t *in, size_t len, const uint8_t *tag, size_t tag_len);

/* Chunk size of the host-buffer pipeline (default 4 MiB; rounded to 16 bytes,
 * at least 64 KiB); takes effect for the next call. */
void arxcu_set_chunk_bytes(arxcu_key *k, size_t bytes);

/* ---- page-locked host memory ------------------------------------------------- */
/* len bytes of page-locked (pinned) host memory, which the host-buffer calls
 * copy without staging. ARXCU_ERR_NO_DEVICE, ARXCU_ERR_CUDA (out of pinned
 * memory), ARX_ERR_NULL. arxcu_host_free wipes `len` bytes and frees; NULL is
 * a no-op. */
int arxcu_host_alloc(void **ptr, size_t len);
void arxcu_host_free(void *ptr, size_t len);

/* ---- small device helpers for callers without CUDA headers (CLI, tests) ---- */
/*
 * The copy bound for benchmarks: GB/s of len-byte copies between `host`
 * (pinned or pageable) and the device, host to device (gbps[0]), device to
 * host (gbps[1]), and both directions at once on two streams (gbps[2]: len
 * bytes each way per round, counted once: the host-to-host bound of an
 * overlapped pipeline). Repeats for about `seconds`; best of three.
 */
int arxcu_copy_bandwidth(void *host, size_t len, double seconds, double gbps[3]);
int arxcu_malloc(void **d_ptr, size_t len);
void arxcu_free(void *d_ptr);
int arxcu_memcpy_h2d(void *d_dst, const void *src, size_t len);
int arxcu_memcpy_d2h(void *dst, const void *d_src, size_t len);
int arxcu_synchronize(void);

#ifdef __cplusplus
}
#endif

#endif
