/*
 * libarxcrypt_cuda: kernels (thin wrappers over kernels.cuh) and the C API of
 * arxcrypt_cuda.h. Round keys travel as a __grid_constant__ kernel parameter:
 * the parameter space is constant bank memory, and with every round unrolled
 * the kernels read each key at a constant offset (a broadcast operand), with
 * no per-launch cudaMemcpyToSymbol and no race between keys on different
 * streams. H, E(J0), J0 and the AAD hash are computed on the host.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime.h>

#include "arxcrypt_cuda.h"
#include "kernels.cuh"

/* ---- kernels ----------------------------------------------------------------- */

template <class C, bool DEC>
__global__ void __launch_bounds__(ARXCU_THREADS)
    k_ecb(const __grid_constant__ arxcu_sched ks, uint8_t *out, const uint8_t *in, size_t nbytes) {
    cu_ecb_thread<C, DEC>(ks.w, out, in, nbytes, blockIdx.x, threadIdx.x);
}

template <class C>
__global__ void __launch_bounds__(ARXCU_THREADS)
    k_ctr(const __grid_constant__ arxcu_sched ks, cu_ctr_base c, uint8_t *out, const uint8_t *in, size_t nbytes) {
    cu_ctr_thread<C>(ks.w, c, out, in, nbytes, blockIdx.x, threadIdx.x);
}

/* GCM: each thread's share, XOR-reduced over the warp (shuffles) and the
 * block (shared memory), weighted once per tile and XORed into acc[2].
 * ARXCU_GCM_MIN_BLOCKS: CUDA blocks per SM the register allocation must
 * allow (the launch bound's second argument; 0: no bound). */
#ifndef ARXCU_GCM_MIN_BLOCKS
#define ARXCU_GCM_MIN_BLOCKS 0
#endif
#if ARXCU_GCM_MIN_BLOCKS
#define ARXCU_GCM_BOUNDS __launch_bounds__(ARXCU_THREADS, ARXCU_GCM_MIN_BLOCKS)
#else
#define ARXCU_GCM_BOUNDS __launch_bounds__(ARXCU_THREADS)
#endif
template <class C, bool DEC>
__global__ void ARXCU_GCM_BOUNDS
    k_gcm(const __grid_constant__ arxcu_sched ks, const cu_gcm_tabs *tabs, cu_gcm_ctr c, uint8_t *out,
          const uint8_t *in, size_t nbytes, unsigned long long *acc) {
    cu_gf v = cu_gcm_thread<C, DEC>(ks.w, tabs, c, out, in, nbytes, blockIdx.x, threadIdx.x);
ARXCU_UNROLL
    for (int o = 16; o > 0; o >>= 1) {
        v.w0 ^= __shfl_xor_sync(0xffffffffu, v.w0, o);
        v.w1 ^= __shfl_xor_sync(0xffffffffu, v.w1, o);
    }
    __shared__ cu_gf warp_sum[ARXCU_THREADS / 32];
    if ((threadIdx.x & 31) == 0) warp_sum[threadIdx.x >> 5] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
        cu_gf s = warp_sum[0];
        for (int w = 1; w < ARXCU_THREADS / 32; w++) s = cu_gf_xor(s, warp_sum[w]);
        s = cu_gf_mul(s, cu_gcm_tile_weight(tabs, nbytes, blockIdx.x));
        atomicXor(&acc[0], (unsigned long long)s.w0);
        atomicXor(&acc[1], (unsigned long long)s.w1);
    }
}

/* ---- devices ------------------------------------------------------------------ */

static int g_devices = -1;
static char g_dev_err[160], g_dev_name[300];

extern "C" int arxcu_device_count(void) {
    if (g_devices >= 0) return g_devices;
    int n = 0;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess) {
        snprintf(g_dev_err, sizeof g_dev_err, "%s", cudaGetErrorString(e));
        cudaGetLastError();
        n = 0;
    } else if (n == 0) {
        snprintf(g_dev_err, sizeof g_dev_err, "no CUDA device");
    } else {
        cudaDeviceProp p;
        if (cudaGetDeviceProperties(&p, 0) == cudaSuccess)
            snprintf(g_dev_name, sizeof g_dev_name, "%s, sm_%d%d", p.name, p.major, p.minor);
    }
    g_devices = n;
    return n;
}
extern "C" const char *arxcu_device_error(void) { return arxcu_device_count() ? "" : g_dev_err; }
extern "C" const char *arxcu_device_name(void) { return arxcu_device_count() ? g_dev_name : ""; }

extern "C" const char *arxcu_strerror(int code) {
    switch (code) {
    case ARXCU_ERR_NO_DEVICE: return "no CUDA device";
    case ARXCU_ERR_CUDA: return "CUDA runtime error";
    case ARXCU_ERR_ALIGN: return "device pointer not 16-byte aligned";
    case ARXCU_ERR_UNSUPPORTED: return "cipher has no GPU kernel";
    default: return arx_strerror(code);
    }
}

extern "C" int arxcu_cipher_supported(const char *cipher) { return arxcu_kind_of(cipher, NULL, NULL) == ARX_OK; }
extern "C" const char *arxcu_cipher_at(size_t i) {
    return i < ARXCU_KIND_COUNT ? arxcu_kind_name((arxcu_kind)i) : NULL;
}
extern "C" unsigned arxcu_units_per_thread(void) { return ARXCU_BPT; }
extern "C" unsigned arxcu_threads_per_block(void) { return ARXCU_THREADS; }

/* ---- keys ---------------------------------------------------------------------- */

#define ARXCU_STREAMS 3

struct arxcu_key {
    arxcu_kind kind;
    unsigned bb;
    arxcu_sched sched;
    arx_key *host;          /* the C library's key: H, E(J0) */
    cu_gf H;
    cu_gcm_tabs *d_tabs;    /* device, built on first GCM use */
    size_t chunk;           /* host pipeline chunk bytes */
    size_t pipe_chunk;      /* chunk the buffers below were made for (0: none) */
    cudaStream_t st[ARXCU_STREAMS];
    uint8_t *pinned[ARXCU_STREAMS], *dbuf[ARXCU_STREAMS];
    unsigned long long *d_acc, *h_acc; /* 2 words per stream */
};

extern "C" int arxcu_key_new(arxcu_key **out, const char *cipher, const uint8_t *key, size_t key_len) {
    if (!out) return ARX_ERR_NULL;
    *out = NULL;
    if (!cipher || !key) return ARX_ERR_NULL;
    arxcu_kind kind;
    unsigned bb;
    int rc = arxcu_kind_of(cipher, &kind, &bb);
    if (rc) return rc;
    arxcu_key *k = (arxcu_key *)calloc(1, sizeof *k);
    if (!k) return ARX_ERR_NOMEM;
    k->kind = kind;
    k->bb = bb;
    k->chunk = (size_t)4 << 20;
    rc = arxcu_sched_build(kind, key, key_len, &k->sched);
    if (!rc) rc = arx_key_new(&k->host, arx_cipher_by_name(cipher), key, key_len, NULL);
    if (rc) {
        arx_wipe(k, sizeof *k);
        free(k);
        return rc;
    }
    if (bb == 16) {
        uint8_t zero[16] = {0}, h[16];
        arx_ecb_encrypt(k->host, h, zero, 16);
        k->H = cu_gf_from_bytes(h);
        arx_wipe(h, sizeof h);
    }
    *out = k;
    return ARX_OK;
}

static void pipe_release(arxcu_key *k) {
    if (!k->pipe_chunk) return;
    for (int s = 0; s < ARXCU_STREAMS; s++) {
        cudaStreamSynchronize(k->st[s]);
        cudaMemset(k->dbuf[s], 0, k->pipe_chunk);
        memset(k->pinned[s], 0, k->pipe_chunk);
        cudaFree(k->dbuf[s]);
        cudaFreeHost(k->pinned[s]);
        cudaStreamDestroy(k->st[s]);
    }
    cudaFree(k->d_acc);
    cudaFreeHost(k->h_acc);
    k->pipe_chunk = 0;
}

extern "C" void arxcu_key_free(arxcu_key *k) {
    if (!k) return;
    pipe_release(k);
    if (k->d_tabs) {
        cudaMemset(k->d_tabs, 0, sizeof(cu_gcm_tabs));
        cudaFree(k->d_tabs);
    }
    arx_key_free(k->host);
    arx_wipe(k, sizeof *k);
    free(k);
}

extern "C" size_t arxcu_key_block_bytes(const arxcu_key *k) { return k ? k->bb : 0; }
extern "C" void arxcu_set_chunk_bytes(arxcu_key *k, size_t bytes) {
    if (!k) return;
    bytes &= ~(size_t)15;
    if (bytes < ((size_t)64 << 10)) bytes = (size_t)64 << 10;
    if (bytes > ARXCU_GCM_MAX_BLOCKS * 16) bytes = ARXCU_GCM_MAX_BLOCKS * 16;
    k->chunk = bytes;
}

/* ---- launches --------------------------------------------------------------------- */

#define CU_CHECK(call)                                                                              \
    do {                                                                                            \
        if ((call) != cudaSuccess) {                                                                \
            cudaGetLastError();                                                                     \
            return ARXCU_ERR_CUDA;                                                                  \
        }                                                                                           \
    } while (0)

static unsigned tiles_for(size_t nbytes) {
    size_t units = (nbytes + 15) / 16;
    return (unsigned)((units + ARXCU_TILE_UNITS - 1) / ARXCU_TILE_UNITS);
}

static int launch_ecb(const arxcu_key *k, uint8_t *out, const uint8_t *in, size_t n, int dec, cudaStream_t s) {
    if (!n) return ARX_OK;
    unsigned g = tiles_for(n);
#define L(T)                                                                                        \
    if (dec) k_ecb<T, true><<<g, ARXCU_THREADS, 0, s>>>(k->sched, out, in, n);                      \
    else k_ecb<T, false><<<g, ARXCU_THREADS, 0, s>>>(k->sched, out, in, n);
    ARXCU_DISPATCH(k->kind, L)
#undef L
    CU_CHECK(cudaGetLastError());
    return ARX_OK;
}

static int launch_ctr(const arxcu_key *k, cu_ctr_base c, uint8_t *out, const uint8_t *in, size_t n, cudaStream_t s) {
    if (!n) return ARX_OK;
    unsigned g = tiles_for(n);
#define L(T) k_ctr<T><<<g, ARXCU_THREADS, 0, s>>>(k->sched, c, out, in, n);
    ARXCU_DISPATCH(k->kind, L)
#undef L
    CU_CHECK(cudaGetLastError());
    return ARX_OK;
}

/* GCM kernels for every 128-bit-block cipher. */
static int launch_gcm(const arxcu_key *k, cu_gcm_ctr c, uint8_t *out, const uint8_t *in, size_t n, int dec,
                      unsigned long long *acc, cudaStream_t s) {
    CU_CHECK(cudaMemsetAsync(acc, 0, 2 * sizeof *acc, s));
    if (!n) return ARX_OK;
    if (k->bb != 16) return ARX_ERR_MODE_UNSUPPORTED;
    unsigned g = tiles_for(n);
#define L(T)                                                                                        \
    if (dec) k_gcm<T, true><<<g, ARXCU_THREADS, 0, s>>>(k->sched, k->d_tabs, c, out, in, n, acc);   \
    else k_gcm<T, false><<<g, ARXCU_THREADS, 0, s>>>(k->sched, k->d_tabs, c, out, in, n, acc);
    ARXCU_DISPATCH128(k->kind, L)
#undef L
    CU_CHECK(cudaGetLastError());
    return ARX_OK;
}

/* ---- argument checks (before any device call) -------------------------------- */

static int overlap(const void *a, const void *b, size_t n) {
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return n && x != y && x < y + n && y < x + n;
}
static int check_data(const void *out, const void *in, size_t len) {
    if (len && (!out || !in)) return ARX_ERR_NULL;
    if (overlap(out, in, len)) return ARX_ERR_OVERLAP;
    return ARX_OK;
}
static int check_dev_ptrs(const void *out, const void *in, size_t len) {
    if (len && (((uintptr_t)out | (uintptr_t)in) & 15)) return ARXCU_ERR_ALIGN;
    return ARX_OK;
}
static int need_device(void) { return arxcu_device_count() > 0 ? (int)ARX_OK : (int)ARXCU_ERR_NO_DEVICE; }

static int check_ecb(const arxcu_key *k, const void *out, const void *in, size_t len) {
    if (!k) return ARX_ERR_NULL;
    int rc = check_data(out, in, len);
    if (rc) return rc;
    return len % k->bb ? ARX_ERR_LENGTH : ARX_OK;
}
static int check_ctr(const arxcu_key *k, const uint8_t *iv, size_t iv_len, const void *out, const void *in,
                     size_t len) {
    if (!k || !iv) return ARX_ERR_NULL;
    if (iv_len != k->bb) return ARX_ERR_IV_LENGTH;
    return check_data(out, in, len);
}
static int check_gcm(const arxcu_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                     size_t aad_len, const void *out, const void *in, size_t len, const void *tag, size_t tag_len) {
    if (!k || !nonce || !tag) return ARX_ERR_NULL;
    if (aad_len && !aad) return ARX_ERR_NULL;
    if (k->bb != 16) return ARX_ERR_MODE_UNSUPPORTED;
    if (nonce_len == 0) return ARX_ERR_IV_LENGTH;
    if (tag_len < 4 || tag_len > 16) return ARX_ERR_TAG_LENGTH;
    if ((uint64_t)len > ((uint64_t)1 << 36) - 32) return ARX_ERR_TOO_LONG;
    return check_data(out, in, len);
}

static cu_ctr_base ctr_base(const arxcu_key *k, const uint8_t *iv) {
    cu_ctr_base c = {0, 0};
    for (unsigned i = 0; i < 8; i++) c.lo = c.lo << 8 | iv[i];
    if (k->bb == 16) {
        c.hi = c.lo;
        c.lo = 0;
        for (unsigned i = 8; i < 16; i++) c.lo = c.lo << 8 | iv[i];
    }
    return c;
}
static cu_ctr_base ctr_advance(const arxcu_key *k, cu_ctr_base c, uint64_t blocks) {
    uint64_t lo = c.lo + blocks;
    if (k->bb == 16) c.hi += (uint64_t)(lo < c.lo);
    c.lo = lo;
    return c;
}

/* ---- GCM host-side pieces ------------------------------------------------------ */

typedef struct {
    uint8_t j0[16], ej0[16];
    cu_gf y;       /* running GHASH state */
    uint32_t c32;  /* inc32 value of the first data block */
} gcm_state;

static void ghash_bytes(cu_gf *y, cu_gf H, const uint8_t *p, size_t n) {
    for (; n >= 16; n -= 16, p += 16) *y = cu_gf_mul(cu_gf_xor(*y, cu_gf_from_bytes(p)), H);
    if (n) {
        uint8_t b[16] = {0};
        memcpy(b, p, n);
        *y = cu_gf_mul(cu_gf_xor(*y, cu_gf_from_bytes(b)), H);
    }
}

static int gcm_begin(arxcu_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                     gcm_state *g) {
    if (!k->d_tabs) {
        cu_gcm_tabs *t = (cu_gcm_tabs *)malloc(sizeof *t);
        if (!t) return ARX_ERR_NOMEM;
        cu_gcm_tabs_build(t, k->H);
        cudaError_t e = cudaMalloc((void **)&k->d_tabs, sizeof *t);
        if (e == cudaSuccess) e = cudaMemcpy(k->d_tabs, t, sizeof *t, cudaMemcpyHostToDevice);
        arx_wipe(t, sizeof *t);
        free(t);
        if (e != cudaSuccess) {
            cudaGetLastError();
            if (k->d_tabs) cudaFree(k->d_tabs);
            k->d_tabs = NULL;
            return ARXCU_ERR_CUDA;
        }
    }
    cu_gf zero = {0, 0};
    if (nonce_len == 12) {
        memcpy(g->j0, nonce, 12);
        g->j0[12] = g->j0[13] = g->j0[14] = 0;
        g->j0[15] = 1;
    } else { /* J0 = GHASH(nonce || 0-pad || 0^64 || [8 nonce_len]_64) (SP 800-38D 7.1 step 2) */
        cu_gf y = zero;
        uint8_t lens[16] = {0};
        uint64_t bits = (uint64_t)nonce_len * 8;
        ghash_bytes(&y, k->H, nonce, nonce_len);
        for (int i = 0; i < 8; i++) lens[15 - i] = (uint8_t)(bits >> (8 * i));
        ghash_bytes(&y, k->H, lens, 16);
        cu_gf_to_bytes(y, g->j0);
    }
    arx_ecb_encrypt(k->host, g->ej0, g->j0, 16);
    g->c32 = ((uint32_t)g->j0[12] << 24 | (uint32_t)g->j0[13] << 16 | (uint32_t)g->j0[14] << 8 | g->j0[15]) + 1;
    g->y = zero;
    ghash_bytes(&g->y, k->H, aad, aad_len);
    return ARX_OK;
}

static cu_gcm_ctr gcm_ctr_at(const gcm_state *g, uint64_t block) {
    cu_gcm_ctr c;
    c.w0 = (uint32_t)g->j0[0] | (uint32_t)g->j0[1] << 8 | (uint32_t)g->j0[2] << 16 | (uint32_t)g->j0[3] << 24;
    c.w1 = (uint32_t)g->j0[4] | (uint32_t)g->j0[5] << 8 | (uint32_t)g->j0[6] << 16 | (uint32_t)g->j0[7] << 24;
    c.w2 = (uint32_t)g->j0[8] | (uint32_t)g->j0[9] << 8 | (uint32_t)g->j0[10] << 16 | (uint32_t)g->j0[11] << 24;
    c.c32 = g->c32 + (uint32_t)block;
    return c;
}

/* Y <- Y * H^nb + R for a piece of nbytes whose launch result is acc. */
static void gcm_absorb(const arxcu_key *k, gcm_state *g, size_t nbytes, const unsigned long long acc[2]) {
    cu_gf r = {acc[0], acc[1]};
    g->y = cu_gf_xor(cu_gf_mul(g->y, cu_gf_pow(k->H, (nbytes + 15) / 16)), r);
}

static void gcm_finish(const arxcu_key *k, gcm_state *g, size_t aad_len, size_t len, uint8_t full[16]) {
    uint8_t lens[16];
    uint64_t a = (uint64_t)aad_len * 8, c = (uint64_t)len * 8;
    for (int i = 0; i < 8; i++) lens[7 - i] = (uint8_t)(a >> (8 * i)), lens[15 - i] = (uint8_t)(c >> (8 * i));
    ghash_bytes(&g->y, k->H, lens, 16);
    cu_gf_to_bytes(g->y, full);
    for (int i = 0; i < 16; i++) full[i] ^= g->ej0[i];
}

/* The library's constant-time compare (src/internal.h, C11 that nvcc's C++
 * front end is not given): the one `make ct` checks. */
extern "C" int arx_ct_equal(const void *a, const void *b, size_t n);

/* ---- device-buffer API ------------------------------------------------------------ */

extern "C" int arxcu_ecb_encrypt_dev(arxcu_key *k, void *d_out, const void *d_in, size_t len, void *stream) {
    int rc = check_ecb(k, d_out, d_in, len);
    if (!rc) rc = check_dev_ptrs(d_out, d_in, len);
    if (!rc) rc = need_device();
    return rc ? rc : launch_ecb(k, (uint8_t *)d_out, (const uint8_t *)d_in, len, 0, (cudaStream_t)stream);
}
extern "C" int arxcu_ecb_decrypt_dev(arxcu_key *k, void *d_out, const void *d_in, size_t len, void *stream) {
    int rc = check_ecb(k, d_out, d_in, len);
    if (!rc) rc = check_dev_ptrs(d_out, d_in, len);
    if (!rc) rc = need_device();
    return rc ? rc : launch_ecb(k, (uint8_t *)d_out, (const uint8_t *)d_in, len, 1, (cudaStream_t)stream);
}
extern "C" int arxcu_ctr_xor_dev(arxcu_key *k, const uint8_t *iv, size_t iv_len, void *d_out, const void *d_in,
                                 size_t len, void *stream) {
    int rc = check_ctr(k, iv, iv_len, d_out, d_in, len);
    if (!rc) rc = check_dev_ptrs(d_out, d_in, len);
    if (!rc) rc = need_device();
    return rc ? rc : launch_ctr(k, ctr_base(k, iv), (uint8_t *)d_out, (const uint8_t *)d_in, len, (cudaStream_t)stream);
}

static int gcm_dev(arxcu_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                   uint8_t *out, const uint8_t *in, size_t len, uint8_t full[16], int dec, cudaStream_t s) {
    gcm_state g;
    int rc = gcm_begin(k, nonce, nonce_len, aad, aad_len, &g);
    if (rc) return rc;
    unsigned long long *d_acc = NULL, h_acc[2];
    CU_CHECK(cudaMalloc((void **)&d_acc, 2 * sizeof *d_acc));
    const size_t piece = ARXCU_GCM_MAX_BLOCKS * 16;
    for (size_t off = 0; off < len || off == 0; off += piece) {
        size_t n = len - off < piece ? len - off : piece;
        rc = launch_gcm(k, gcm_ctr_at(&g, off / 16), out + off, in + off, n, dec, d_acc, s);
        if (!rc && cudaMemcpyAsync(h_acc, d_acc, sizeof h_acc, cudaMemcpyDeviceToHost, s) != cudaSuccess)
            rc = ARXCU_ERR_CUDA;
        if (!rc && cudaStreamSynchronize(s) != cudaSuccess) rc = ARXCU_ERR_CUDA;
        if (rc) break;
        gcm_absorb(k, &g, n, h_acc);
        if (len == 0) break;
    }
    cudaFree(d_acc);
    if (!rc) gcm_finish(k, &g, aad_len, len, full);
    arx_wipe(&g, sizeof g);
    return rc;
}

extern "C" int arxcu_gcm_encrypt_dev(arxcu_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                                     size_t aad_len, void *d_out, const void *d_in, size_t len, uint8_t *tag,
                                     size_t tag_len, void *stream) {
    int rc = check_gcm(k, nonce, nonce_len, aad, aad_len, d_out, d_in, len, tag, tag_len);
    if (!rc) rc = check_dev_ptrs(d_out, d_in, len);
    if (!rc) rc = need_device();
    if (rc) return rc;
    uint8_t full[16];
    rc = gcm_dev(k, nonce, nonce_len, aad, aad_len, (uint8_t *)d_out, (const uint8_t *)d_in, len, full, 0,
                 (cudaStream_t)stream);
    if (!rc) memcpy(tag, full, tag_len);
    arx_wipe(full, sizeof full);
    return rc;
}

extern "C" int arxcu_gcm_decrypt_dev(arxcu_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                                     size_t aad_len, void *d_out, const void *d_in, size_t len, const uint8_t *tag,
                                     size_t tag_len, void *stream) {
    int rc = check_gcm(k, nonce, nonce_len, aad, aad_len, d_out, d_in, len, tag, tag_len);
    if (!rc) rc = check_dev_ptrs(d_out, d_in, len);
    if (!rc) rc = need_device();
    if (rc) return rc;
    uint8_t full[16];
    rc = gcm_dev(k, nonce, nonce_len, aad, aad_len, (uint8_t *)d_out, (const uint8_t *)d_in, len, full, 1,
                 (cudaStream_t)stream);
    if (!rc && !arx_ct_equal(full, tag, tag_len)) {
        rc = ARX_ERR_AUTH;
        if (len) {
            cudaMemsetAsync(d_out, 0, len, (cudaStream_t)stream);
            cudaStreamSynchronize((cudaStream_t)stream);
        }
    }
    arx_wipe(full, sizeof full);
    return rc;
}

/* ---- host-buffer API: pinned staging, ARXCU_STREAMS streams ---------------------- */

static int pipe_ready(arxcu_key *k) {
    if (k->pipe_chunk == k->chunk) return ARX_OK;
    pipe_release(k);
    for (int s = 0; s < ARXCU_STREAMS; s++) {
        CU_CHECK(cudaStreamCreateWithFlags(&k->st[s], cudaStreamNonBlocking));
        CU_CHECK(cudaMallocHost((void **)&k->pinned[s], k->chunk));
        CU_CHECK(cudaMalloc((void **)&k->dbuf[s], k->chunk));
    }
    CU_CHECK(cudaMalloc((void **)&k->d_acc, 2 * ARXCU_STREAMS * sizeof(unsigned long long)));
    CU_CHECK(cudaMallocHost((void **)&k->h_acc, 2 * ARXCU_STREAMS * sizeof(unsigned long long)));
    k->pipe_chunk = k->chunk;
    return ARX_OK;
}

typedef enum { OP_ECB_ENC, OP_ECB_DEC, OP_CTR, OP_GCM_ENC, OP_GCM_DEC } pipe_op;

/*
 * Chunk c runs on stream c % S: copy into that stream's pinned buffer, H2D,
 * kernel (in place), D2H, and for GCM the launch's GHASH result. Before a
 * stream's buffers are reused, its previous chunk is finished in order
 * (wait, copy out, absorb), so the GHASH pieces chain in message order.
 */
static int host_pinned(const void *p, size_t len) {
    cudaPointerAttributes a;
    const uint8_t *b = (const uint8_t *)p;
    for (int i = 0; i < 2; i++, b += len - 1) { /* first and last byte */
        if (cudaPointerGetAttributes(&a, b) != cudaSuccess) {
            cudaGetLastError();
            return 0;
        }
        if (a.type != cudaMemoryTypeHost) return 0;
    }
    return 1;
}

static int pipeline(arxcu_key *k, pipe_op op, cu_ctr_base ctr, gcm_state *g, uint8_t *out, const uint8_t *in,
                    size_t len) {
    int rc = pipe_ready(k);
    if (rc) return rc;
    const size_t chunk = k->pipe_chunk;
    /* page-locked in and out: copy straight from and to them, no staging */
    const int direct = len && host_pinned(in, len) && host_pinned(out, len);
    const size_t nchunks = len ? (len + chunk - 1) / chunk : (op >= OP_GCM_ENC ? 1 : 0);
    size_t done = 0; /* chunks finished */
    for (size_t c = 0; c < nchunks || done < nchunks;) {
        if (c < nchunks && c - done < ARXCU_STREAMS) { /* stage chunk c */
            const int s = (int)(c % ARXCU_STREAMS);
            const size_t off = c * chunk, n = len - off < chunk ? len - off : chunk;
            cudaStream_t st = k->st[s];
            const uint8_t *src = direct ? in + off : k->pinned[s];
            uint8_t *dst = direct ? out + off : k->pinned[s];
            if (n && !direct) memcpy(k->pinned[s], in + off, n);
            if (n && cudaMemcpyAsync(k->dbuf[s], src, n, cudaMemcpyHostToDevice, st) != cudaSuccess) rc = ARXCU_ERR_CUDA;
            if (!rc) switch (op) {
                case OP_ECB_ENC: rc = launch_ecb(k, k->dbuf[s], k->dbuf[s], n, 0, st); break;
                case OP_ECB_DEC: rc = launch_ecb(k, k->dbuf[s], k->dbuf[s], n, 1, st); break;
                case OP_CTR: rc = launch_ctr(k, ctr_advance(k, ctr, off / k->bb), k->dbuf[s], k->dbuf[s], n, st); break;
                case OP_GCM_ENC: case OP_GCM_DEC:
                    rc = launch_gcm(k, gcm_ctr_at(g, off / 16), k->dbuf[s], k->dbuf[s], n, op == OP_GCM_DEC,
                                    k->d_acc + 2 * s, st);
                    if (!rc && cudaMemcpyAsync(k->h_acc + 2 * s, k->d_acc + 2 * s, 2 * sizeof(unsigned long long),
                                               cudaMemcpyDeviceToHost, st) != cudaSuccess)
                        rc = ARXCU_ERR_CUDA;
                    break;
                }
            if (!rc && n && cudaMemcpyAsync(dst, k->dbuf[s], n, cudaMemcpyDeviceToHost, st) != cudaSuccess)
                rc = ARXCU_ERR_CUDA;
            if (rc) break;
            c++;
        } else { /* finish chunk `done` */
            const int s = (int)(done % ARXCU_STREAMS);
            const size_t off = done * chunk, n = len - off < chunk ? len - off : chunk;
            if (cudaStreamSynchronize(k->st[s]) != cudaSuccess) { rc = ARXCU_ERR_CUDA; break; }
            if (n && !direct) memcpy(out + off, k->pinned[s], n);
            if (op >= OP_GCM_ENC) gcm_absorb(k, g, n, k->h_acc + 2 * s);
            done++;
        }
    }
    if (rc) {
        cudaGetLastError();
        for (int s = 0; s < ARXCU_STREAMS; s++) cudaStreamSynchronize(k->st[s]);
    }
    if (!direct)
        for (int s = 0; s < ARXCU_STREAMS; s++) /* staging held data and keystream */
            memset(k->pinned[s], 0, len < chunk ? len : chunk);
    return rc;
}

extern "C" int arxcu_ecb_encrypt(arxcu_key *k, uint8_t *out, const uint8_t *in, size_t len) {
    int rc = check_ecb(k, out, in, len);
    if (!rc) rc = need_device();
    cu_ctr_base z = {0, 0};
    return rc ? rc : pipeline(k, OP_ECB_ENC, z, NULL, out, in, len);
}
extern "C" int arxcu_ecb_decrypt(arxcu_key *k, uint8_t *out, const uint8_t *in, size_t len) {
    int rc = check_ecb(k, out, in, len);
    if (!rc) rc = need_device();
    cu_ctr_base z = {0, 0};
    return rc ? rc : pipeline(k, OP_ECB_DEC, z, NULL, out, in, len);
}
extern "C" int arxcu_ctr_xor(arxcu_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out, const uint8_t *in,
                             size_t len) {
    int rc = check_ctr(k, iv, iv_len, out, in, len);
    if (!rc) rc = need_device();
    return rc ? rc : pipeline(k, OP_CTR, ctr_base(k, iv), NULL, out, in, len);
}

static int gcm_host(arxcu_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                    uint8_t *out, const uint8_t *in, size_t len, uint8_t full[16], int dec) {
    gcm_state g;
    int rc = gcm_begin(k, nonce, nonce_len, aad, aad_len, &g);
    cu_ctr_base z = {0, 0};
    if (!rc) rc = pipeline(k, dec ? OP_GCM_DEC : OP_GCM_ENC, z, &g, out, in, len);
    if (!rc) gcm_finish(k, &g, aad_len, len, full);
    arx_wipe(&g, sizeof g);
    return rc;
}

extern "C" int arxcu_gcm_encrypt(arxcu_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                                 size_t aad_len, uint8_t *out, const uint8_t *in, size_t len, uint8_t *tag,
                                 size_t tag_len) {
    int rc = check_gcm(k, nonce, nonce_len, aad, aad_len, out, in, len, tag, tag_len);
    if (!rc) rc = need_device();
    if (rc) return rc;
    uint8_t full[16];
    rc = gcm_host(k, nonce, nonce_len, aad, aad_len, out, in, len, full, 0);
    if (!rc) memcpy(tag, full, tag_len);
    arx_wipe(full, sizeof full);
    return rc;
}

extern "C" int arxcu_gcm_decrypt(arxcu_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                                 size_t aad_len, uint8_t *out, const uint8_t *in, size_t len, const uint8_t *tag,
                                 size_t tag_len) {
    int rc = check_gcm(k, nonce, nonce_len, aad, aad_len, out, in, len, tag, tag_len);
    if (!rc) rc = need_device();
    if (rc) return rc;
    uint8_t full[16];
    rc = gcm_host(k, nonce, nonce_len, aad, aad_len, out, in, len, full, 1);
    if (!rc && !arx_ct_equal(full, tag, tag_len)) rc = ARX_ERR_AUTH;
    if (rc && len) arx_wipe(out, len);
    arx_wipe(full, sizeof full);
    return rc;
}

/* ---- helpers ------------------------------------------------------------------------ */

extern "C" int arxcu_malloc(void **d_ptr, size_t len) {
    if (!d_ptr) return ARX_ERR_NULL;
    *d_ptr = NULL;
    int rc = need_device();
    if (rc) return rc;
    return cudaMalloc(d_ptr, len ? len : 16) == cudaSuccess ? (int)ARX_OK : (cudaGetLastError(), (int)ARXCU_ERR_CUDA);
}
extern "C" void arxcu_free(void *d_ptr) {
    if (d_ptr) cudaFree(d_ptr);
}
extern "C" int arxcu_memcpy_h2d(void *d_dst, const void *src, size_t len) {
    if (!len) return ARX_OK;
    return cudaMemcpy(d_dst, src, len, cudaMemcpyHostToDevice) == cudaSuccess ? (int)ARX_OK : (int)ARXCU_ERR_CUDA;
}
extern "C" int arxcu_memcpy_d2h(void *dst, const void *d_src, size_t len) {
    if (!len) return ARX_OK;
    return cudaMemcpy(dst, d_src, len, cudaMemcpyDeviceToHost) == cudaSuccess ? (int)ARX_OK : (int)ARXCU_ERR_CUDA;
}
extern "C" int arxcu_host_alloc(void **ptr, size_t len) {
    if (!ptr) return ARX_ERR_NULL;
    *ptr = NULL;
    int rc = need_device();
    if (rc) return rc;
    if (cudaMallocHost(ptr, len ? len : 16) != cudaSuccess) {
        cudaGetLastError();
        *ptr = NULL;
        return ARXCU_ERR_CUDA;
    }
    return ARX_OK;
}
extern "C" void arxcu_host_free(void *ptr, size_t len) {
    if (!ptr) return;
    arx_wipe(ptr, len);
    cudaFreeHost(ptr);
}

extern "C" int arxcu_copy_bandwidth(void *host, size_t len, double seconds, double gbps[3]) {
    if (!host || !gbps) return ARX_ERR_NULL;
    int rc = need_device();
    if (rc) return rc;
    void *d[2] = {NULL, NULL};
    cudaStream_t st[2] = {NULL, NULL};
    cudaEvent_t e0 = NULL, e1 = NULL;
    rc = ARXCU_ERR_CUDA;
    if (cudaMalloc(&d[0], len) != cudaSuccess || cudaMalloc(&d[1], len) != cudaSuccess ||
        cudaStreamCreateWithFlags(&st[0], cudaStreamNonBlocking) != cudaSuccess ||
        cudaStreamCreateWithFlags(&st[1], cudaStreamNonBlocking) != cudaSuccess ||
        cudaEventCreate(&e0) != cudaSuccess || cudaEventCreate(&e1) != cudaSuccess)
        goto done;
    for (int what = 0; what < 3; what++) {
        double best = 0;
        for (int r = 0; r < 3; r++) {
            int reps = 0;
            float ms = 0;
            do { /* batches of copies until a third of `seconds` has gone by */
                cudaEventRecord(e0, st[0]);
                if (what == 2) cudaStreamWaitEvent(st[1], e0, 0);
                for (int i = 0; i < 4; i++) {
                    if (what != 1) cudaMemcpyAsync(d[0], host, len, cudaMemcpyHostToDevice, st[0]);
                    if (what != 0) cudaMemcpyAsync(host, d[1], len, cudaMemcpyDeviceToHost, st[what == 2]);
                }
                if (what == 2) { /* st[0] waits for st[1]'s copies before the stop event */
                    cudaEvent_t j;
                    cudaEventCreateWithFlags(&j, cudaEventDisableTiming);
                    cudaEventRecord(j, st[1]);
                    cudaStreamWaitEvent(st[0], j, 0);
                    cudaEventDestroy(j);
                }
                cudaEventRecord(e1, st[0]);
                if (cudaEventSynchronize(e1) != cudaSuccess) goto done;
                float t;
                cudaEventElapsedTime(&t, e0, e1);
                ms += t, reps += 4;
            } while (ms < 1000.0 * seconds / 9);
            double g = (double)len * reps / (ms * 1e-3) / 1e9;
            if (g > best) best = g;
        }
        gbps[what] = best;
    }
    rc = ARX_OK;
done:
    cudaGetLastError();
    if (e0) cudaEventDestroy(e0);
    if (e1) cudaEventDestroy(e1);
    for (int i = 0; i < 2; i++) {
        if (st[i]) cudaStreamDestroy(st[i]);
        if (d[i]) cudaFree(d[i]);
    }
    return rc;
}

extern "C" int arxcu_synchronize(void) {
    return cudaDeviceSynchronize() == cudaSuccess ? (int)ARX_OK : (int)ARXCU_ERR_CUDA;
}
