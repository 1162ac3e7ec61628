/*
 * The work of one thread of each kernel, as __host__ __device__ functions of
 * (tile, thread): the kernels in arxcrypt_cuda.cu are one-line wrappers, and
 * test_cuda_host runs the very same functions over every (tile, thread) on
 * the CPU against the C library. Only the launch, the warp/block XOR
 * reduction and the atomics are device-only.
 *
 * Work split. Data moves in 16-byte units (uint4 loads and stores: one
 * 128-bit access per thread, 512 contiguous bytes per warp). A unit is one
 * block of a 128-bit cipher or two blocks of a 64-bit one. A CUDA block of
 * ARXCU_THREADS threads owns a tile of ARXCU_THREADS * ARXCU_BPT units;
 * thread t takes units t, t + THREADS, t + 2 THREADS, ... of its tile, so each
 * of its ARXCU_BPT loads is coalesced across the warp and the BPT blocks give
 * the thread independent work to interleave (ILP). ARXCU_BPT is a
 * compile-time parameter (-DARXCU_BPT=N) for tuning on a GPU.
 */
#ifndef ARXCU_KERNELS_CUH
#define ARXCU_KERNELS_CUH

#include "blocks/cham.cuh"
#include "blocks/common.cuh"
#include "blocks/ghash.cuh"
#include "blocks/hight.cuh"
#include "blocks/lea.cuh"
#include "blocks/sparx.cuh"
#include "blocks/speck_simon.cuh"
#include "arxcu_sched.h"

#ifndef ARXCU_THREADS
#define ARXCU_THREADS 256 /* threads per CUDA block; the GCM tile reduction assumes <= 256 */
#endif
#ifndef ARXCU_BPT
#define ARXCU_BPT 4 /* 16-byte units per thread */
#endif
#define ARXCU_TILE_UNITS ((size_t)ARXCU_THREADS * ARXCU_BPT)

/* The cipher type of each kind (arxcu_kind in arxcu_sched.h). */
typedef CuLea<24> CuLea128;
typedef CuLea<28> CuLea192;
typedef CuLea<32> CuLea256;
typedef CuCham64<88> CuCham64_88;
typedef CuCham64<80> CuCham64_80;
typedef CuCham128<112> CuCham128_112;
typedef CuCham128<80> CuCham128_80;
typedef CuCham128<120> CuCham128_120;
typedef CuCham128<96> CuCham128_96;
typedef CuSpeck64<27> CuSpeck64_27;
typedef CuSpeck128<32> CuSpeck128_32;
typedef CuSpeck128<33> CuSpeck128_33;
typedef CuSpeck128<34> CuSpeck128_34;
typedef CuSimon64<44> CuSimon64_44;
typedef CuSimon128<68> CuSimon128_68;
typedef CuSimon128<69> CuSimon128_69;
typedef CuSimon128<72> CuSimon128_72;
typedef CuSparx<2, 8, 3> CuSparx64;
typedef CuSparx<4, 8, 4> CuSparx128_8;
typedef CuSparx<4, 10, 4> CuSparx128_10;

/* The cases of the 128-bit-block kinds, then of the 64-bit ones. */
#define ARXCU_CASES128(F)                                                                          \
    case ARXCU_LEA128: F(CuLea128); break;                                                         \
    case ARXCU_LEA192: F(CuLea192); break;                                                         \
    case ARXCU_LEA256: F(CuLea256); break;                                                         \
    case ARXCU_CHAM128_112: F(CuCham128_112); break;                                               \
    case ARXCU_CHAM128_80: F(CuCham128_80); break;                                                 \
    case ARXCU_CHAM128_120: F(CuCham128_120); break;                                               \
    case ARXCU_CHAM128_96: F(CuCham128_96); break;                                                 \
    case ARXCU_SPECK128_32: F(CuSpeck128_32); break;                                               \
    case ARXCU_SPECK128_33: F(CuSpeck128_33); break;                                               \
    case ARXCU_SPECK128_34: F(CuSpeck128_34); break;                                               \
    case ARXCU_SIMON128_68: F(CuSimon128_68); break;                                               \
    case ARXCU_SIMON128_69: F(CuSimon128_69); break;                                               \
    case ARXCU_SIMON128_72: F(CuSimon128_72); break;                                               \
    case ARXCU_SPARX128_8: F(CuSparx128_8); break;                                                 \
    case ARXCU_SPARX128_10: F(CuSparx128_10); break;
#define ARXCU_CASES64(F)                                                                           \
    case ARXCU_CHAM64_88: F(CuCham64_88); break;                                                   \
    case ARXCU_CHAM64_80: F(CuCham64_80); break;                                                   \
    case ARXCU_HIGHT: F(CuHight); break;                                                           \
    case ARXCU_SPECK64_27: F(CuSpeck64_27); break;                                                 \
    case ARXCU_SIMON64_44: F(CuSimon64_44); break;                                                 \
    case ARXCU_SPARX64: F(CuSparx64); break;

/* F(type) for the kind k; every kind of arxcu_sched.h appears once. */
#define ARXCU_DISPATCH(k, F)                                                                       \
    switch (k) {                                                                                   \
        ARXCU_CASES128(F)                                                                          \
        ARXCU_CASES64(F)                                                                           \
    default: break;                                                                                \
    }
/* F(type) for the kind k when it has a 128-bit block (the GCM kernels); the
 * 64-bit kinds do nothing. */
#define ARXCU_DISPATCH128(k, F)                                                                    \
    switch (k) {                                                                                   \
        ARXCU_CASES128(F)                                                                          \
    default: break;                                                                                \
    }

/* ---- one 16-byte unit ------------------------------------------------------ */

template <class C, bool DEC> ARXCU_HD void cu_block(const uint32_t *rk, uint32_t *x) {
    if (DEC) C::dec(rk, x);
    else C::enc(rk, x);
}

template <class C, bool DEC> ARXCU_HD uint4 cu_unit(const uint32_t *rk, uint4 v) {
    if constexpr (C::BB == 16) {
        uint32_t x[4] = {v.x, v.y, v.z, v.w};
        cu_block<C, DEC>(rk, x);
        return make_uint4(x[0], x[1], x[2], x[3]);
    } else {
        uint32_t a[2] = {v.x, v.y}, b[2] = {v.z, v.w};
        cu_block<C, DEC>(rk, a);
        cu_block<C, DEC>(rk, b);
        return make_uint4(a[0], a[1], b[0], b[1]);
    }
}

/* The whole-block big-endian counter (SP 800-38A, the library's CTR): the
 * initial block as a 128-bit (hi, lo) or 64-bit (lo) integer. Block i of a
 * launch encrypts base + i, wrapping modulo 2^(8 * block bytes). */
struct cu_ctr_base {
    uint64_t hi, lo;
};

/* The little-endian words the cipher loads from the counter block base + i. */
template <unsigned BB> ARXCU_HD void cu_ctr_words(cu_ctr_base c, uint64_t i, uint32_t *x) {
    if constexpr (BB == 16) {
        uint64_t lo = c.lo + i, hi = c.hi + (uint64_t)(lo < c.lo);
        x[0] = cu_bswap32((uint32_t)(hi >> 32)), x[1] = cu_bswap32((uint32_t)hi);
        x[2] = cu_bswap32((uint32_t)(lo >> 32)), x[3] = cu_bswap32((uint32_t)lo);
    } else {
        uint64_t v = c.lo + i;
        x[0] = cu_bswap32((uint32_t)(v >> 32)), x[1] = cu_bswap32((uint32_t)v);
    }
}

/* Keystream of unit u: one counter block (128-bit) or two (64-bit). */
template <class C> ARXCU_HD uint4 cu_ctr_unit(const uint32_t *rk, cu_ctr_base c, size_t u) {
    if constexpr (C::BB == 16) {
        uint32_t x[4];
        cu_ctr_words<16>(c, u, x);
        C::enc(rk, x);
        return make_uint4(x[0], x[1], x[2], x[3]);
    } else {
        uint32_t a[2], b[2];
        cu_ctr_words<8>(c, 2 * (uint64_t)u, a);
        cu_ctr_words<8>(c, 2 * (uint64_t)u + 1, b);
        C::enc(rk, a);
        C::enc(rk, b);
        return make_uint4(a[0], a[1], b[0], b[1]);
    }
}

ARXCU_HD uint4 cu_xor4(uint4 a, uint4 b) { return make_uint4(a.x ^ b.x, a.y ^ b.y, a.z ^ b.z, a.w ^ b.w); }
ARXCU_HD uint8_t cu_byte(uint4 v, unsigned j) {
    uint32_t w = j < 4 ? v.x : j < 8 ? v.y : j < 12 ? v.z : v.w;
    return (uint8_t)(w >> (8 * (j & 3)));
}

/* ---- ECB: nbytes a multiple of the block; a 64-bit cipher's odd last block
 * is half a unit (8-byte access) ------------------------------------------- */
template <class C, bool DEC>
ARXCU_HD void cu_ecb_thread(const uint32_t *rk, uint8_t *out, const uint8_t *in, size_t nbytes, size_t tile,
                            unsigned tid) {
    const size_t nfull = nbytes / 16, base = tile * ARXCU_TILE_UNITS + tid;
    const uint4 *vin = (const uint4 *)in;
    uint4 *vout = (uint4 *)out;
    uint4 v[ARXCU_BPT];
    if (base + (ARXCU_BPT - 1) * ARXCU_THREADS < nfull) { /* the whole tile: no per-unit checks */
ARXCU_UNROLL
        for (unsigned k = 0; k < ARXCU_BPT; k++) v[k] = vin[base + k * ARXCU_THREADS];
ARXCU_UNROLL
        for (unsigned k = 0; k < ARXCU_BPT; k++) v[k] = cu_unit<C, DEC>(rk, v[k]);
ARXCU_UNROLL
        for (unsigned k = 0; k < ARXCU_BPT; k++) vout[base + k * ARXCU_THREADS] = v[k];
        return;
    }
    for (unsigned k = 0; k < ARXCU_BPT; k++) {
        size_t u = base + k * ARXCU_THREADS;
        if (u < nfull) {
            vout[u] = cu_unit<C, DEC>(rk, vin[u]);
        } else if (u == nfull && (nbytes & 15)) { /* 64-bit cipher, odd block count */
            uint2 h = ((const uint2 *)in)[2 * u];
            uint32_t x[2] = {h.x, h.y};
            cu_block<C, DEC>(rk, x);
            ((uint2 *)out)[2 * u] = make_uint2(x[0], x[1]);
        }
    }
}

/* ---- CTR: any nbytes; the last partial unit goes byte by byte ---------------- */
template <class C>
ARXCU_HD void cu_ctr_thread(const uint32_t *rk, cu_ctr_base c, uint8_t *out, const uint8_t *in, size_t nbytes,
                            size_t tile, unsigned tid) {
    const size_t nfull = nbytes / 16, base = tile * ARXCU_TILE_UNITS + tid;
    const uint4 *vin = (const uint4 *)in;
    uint4 *vout = (uint4 *)out;
    uint4 ks[ARXCU_BPT];
    if (base + (ARXCU_BPT - 1) * ARXCU_THREADS < nfull) {
ARXCU_UNROLL
        for (unsigned k = 0; k < ARXCU_BPT; k++) ks[k] = cu_ctr_unit<C>(rk, c, base + k * ARXCU_THREADS);
ARXCU_UNROLL
        for (unsigned k = 0; k < ARXCU_BPT; k++) {
            size_t u = base + k * ARXCU_THREADS;
            vout[u] = cu_xor4(vin[u], ks[k]);
        }
        return;
    }
    for (unsigned k = 0; k < ARXCU_BPT; k++) {
        size_t u = base + k * ARXCU_THREADS;
        if (u < nfull) {
            vout[u] = cu_xor4(vin[u], cu_ctr_unit<C>(rk, c, u));
        } else if (u == nfull && (nbytes & 15)) {
            uint4 s = cu_ctr_unit<C>(rk, c, u);
            for (unsigned j = 0; j < (unsigned)(nbytes & 15); j++) out[16 * u + j] = (uint8_t)(in[16 * u + j] ^ cu_byte(s, j));
        }
    }
}

/* ---- GCM (128-bit ciphers): CTR with inc32 counters and GHASH in one pass ----
 *
 * GHASH in parallel over powers of H. For a launch over nb blocks X_0..X_{nb-1}
 * (ciphertext, the last zero-padded), the launch result is
 *     R = sum_i X_i * H^(nb - i),
 * so a message's hash is Y = Y_aad * H^nb + R, and pieces chain as
 * Y <- Y * H^nb_j + R_j (the host does this, with the length block last).
 * Thread t of a tile holds blocks u_k = base + k * THREADS and returns
 * sum_k X_{u_k} * H^(T - u_k), T = min(tile end, nb), in one of two ways
 * (cu_gcm_products, per cipher, as measured on an H100: docs/CUDA.md):
 *  - Horner with step H^THREADS (acc = acc * H^THREADS + X), then one
 *    multiply by H^(T - u_last) (1..THREADS): a chain of dependent
 *    multiplies, the register use of one;
 *  - independent products, X_{u_k} * H^(T - u_k) with the power read from
 *    the table p (T - u_k is in 1..TILE_UNITS): ARXCU_BPT multiplies that
 *    overlap, no final one, more registers live.
 * The tile's XOR of its threads is then weighted by H^(nb - T) (< 2^24: a
 * launch has at most ARXCU_GCM_MAX_BLOCKS blocks), one thread per tile, and
 * XORed into R.
 * Every exponent is public (lengths and indices); the products are the
 * constant-time multiply of blocks/ghash.cuh, and the tables are indexed by
 * public values only.
 */
#define ARXCU_GCM_MAX_BLOCKS ((size_t)1 << 24)

static_assert(ARXCU_TILE_UNITS >= 256, "the GCM power tables need H^256 in p");
struct cu_gcm_tabs {
    cu_gf p[ARXCU_TILE_UNITS + 1]; /* H^0 .. H^TILE_UNITS (at least H^256) */
    cu_gf m[256]; /* H^(256 j) */
    cu_gf h[256]; /* H^(65536 j) */
};

/* H^e for e < 2^24 from the tables. */
ARXCU_HD cu_gf cu_gcm_hpow(const cu_gcm_tabs *t, uint32_t e) {
    return cu_gf_mul(cu_gf_mul(t->p[e & 255], t->m[(e >> 8) & 255]), t->h[(e >> 16) & 255]);
}

/* J0's first three words (little-endian loads of bytes 0..11) and the first
 * inc32 counter value of the launch (big-endian integer of bytes 12..15). */
struct cu_gcm_ctr {
    uint32_t w0, w1, w2, c32;
};

/* Independent products (true) or Horner (false) for C's GCM thread: on the
 * H100 the products ran SPARX-128 22% and SPECK-128 3-4% faster and LEA
 * 3-4% slower, CHAM-128 1-2% slower, SIMON-128 the same (docs/CUDA.md). */
template <class C> struct cu_gcm_products { static constexpr bool value = false; };
template <unsigned R> struct cu_gcm_products<CuSpeck128<R>> { static constexpr bool value = true; };
template <unsigned NB, unsigned S, unsigned RA> struct cu_gcm_products<CuSparx<NB, S, RA>> {
    static constexpr bool value = true;
};

/* One thread's share of R before the tile weighting; writes its output blocks. */
template <class C, bool DEC>
ARXCU_HD cu_gf cu_gcm_thread(const uint32_t *rk, const cu_gcm_tabs *tabs, cu_gcm_ctr c, uint8_t *out,
                             const uint8_t *in, size_t nbytes, size_t tile, unsigned tid) {
    static_assert(C::BB == 16, "GCM needs a 128-bit block");
    const size_t nfull = nbytes / 16, nb = (nbytes + 15) / 16, base = tile * ARXCU_TILE_UNITS + tid;
    const uint4 *vin = (const uint4 *)in;
    uint4 *vout = (uint4 *)out;
    const size_t tile_end = (tile + 1) * ARXCU_TILE_UNITS, T = tile_end < nb ? tile_end : nb;
    constexpr bool products = cu_gcm_products<C>::value;
    const cu_gf step = tabs->p[ARXCU_THREADS]; /* Horner's (loaded before the stores) */
    cu_gf acc = {0, 0};
    size_t last = 0;
ARXCU_UNROLL
    for (unsigned k = 0; k < ARXCU_BPT; k++) {
        size_t u = base + k * ARXCU_THREADS;
        if (u >= nb) break;
        uint32_t x[4] = {c.w0, c.w1, c.w2, cu_bswap32(c.c32 + (uint32_t)u)};
        C::enc(rk, x);
        uint4 ks = make_uint4(x[0], x[1], x[2], x[3]), ct;
        if (u < nfull) {
            uint4 vi = vin[u], vo = cu_xor4(vi, ks);
            vout[u] = vo;
            ct = DEC ? vi : vo;
        } else { /* the partial last block: bytes, zero-padded for GHASH */
            uint32_t w[4] = {0, 0, 0, 0};
            for (unsigned j = 0; j < (unsigned)(nbytes & 15); j++) {
                uint8_t b = in[16 * u + j], o = (uint8_t)(b ^ cu_byte(ks, j));
                out[16 * u + j] = o;
                w[j / 4] |= (uint32_t)(DEC ? b : o) << (8 * (j & 3));
            }
            ct = make_uint4(w[0], w[1], w[2], w[3]);
        }
        const cu_gf X = cu_gf_from_words(ct.x, ct.y, ct.z, ct.w);
        if constexpr (products) acc = cu_gf_xor(acc, cu_gf_mul(X, tabs->p[T - u]));
        else acc = cu_gf_xor(cu_gf_mul(acc, step), X);
        last = u;
    }
    if constexpr (products) {
        (void)last, (void)step;
        return acc;
    } else return base < nb ? cu_gf_mul(acc, tabs->p[T - last]) : acc; /* acc is 0 without blocks */
}

/* The weight of tile `tile`'s XOR: H^(nb - T). */
ARXCU_HD cu_gf cu_gcm_tile_weight(const cu_gcm_tabs *tabs, size_t nbytes, size_t tile) {
    const size_t nb = (nbytes + 15) / 16, tile_end = (tile + 1) * ARXCU_TILE_UNITS;
    const size_t T = tile_end < nb ? tile_end : nb;
    return cu_gcm_hpow(tabs, (uint32_t)(nb - T));
}

/* The tables for hash key H (host). */
inline void cu_gcm_tabs_build(cu_gcm_tabs *t, cu_gf H) {
    cu_gf one = {1, 0};
    t->p[0] = one;
    for (size_t i = 1; i <= ARXCU_TILE_UNITS; i++) t->p[i] = cu_gf_mul(t->p[i - 1], H);
    t->m[0] = one;
    for (int i = 1; i < 256; i++) t->m[i] = cu_gf_mul(t->m[i - 1], t->p[256]);
    cu_gf h65536 = cu_gf_mul(t->m[255], t->p[256]);
    t->h[0] = one;
    for (int i = 1; i < 256; i++) t->h[i] = cu_gf_mul(t->h[i - 1], h65536);
}

#endif
