/*
 * GHASH with AArch64 PMULL (64 x 64 -> 128-bit carry-less multiply, the
 * crypto extension): 8 blocks per reduction (aggregated: Y' = (Y+X1)H^8 +
 * X2 H^7 + ... + X8 H), schoolbook products accumulated unreduced, then one
 * reduction of two multiplies. Constant time: multiplies, XORs and lane moves
 * only, no table indexed by data, no branch on it.
 *
 * Representation: the portable one (ghash_ct.c), so g->y and gk->h are shared
 * with it. A GCM element is 16 bytes whose first bit (the MSB of byte 0) is
 * the coefficient of x^0; rbit reverses the bits of each byte, after which
 * the 16 bytes read as a little-endian 128-bit integer have bit i = the
 * coefficient of x^i: a plain polynomial, so PMULL's products need no
 * reflection and no one-bit shift (the x86 files' byte reversal does).
 *
 * Reduction mod P = x^128 + x^7 + x^2 + x + 1. The 256-bit product is four
 * 64-bit words p0 + p1 x^64 + p2 x^128 + p3 x^192, and x^128 = x^7 + x^2 + x
 * + 1 = 0x87 (mod P). p3 x^192 = (p3 * 0x87) x^64: a product of at most 71
 * bits, XORed into p1 (low 64) and p2 (high 7). Then p2 x^128 = p2 * 0x87,
 * into p0 and p1. What is left, p0 + p1 x^64, is reduced.
 *
 * Key layout: htab[64 - j] = H^j for j = 1..8 as 16 little-endian bytes of
 * that polynomial, so a run of k blocks uses the contiguous htab[64 - k ..].
 */
#include "../cipher.h"

#if ARX_ARM_PMULL
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the NEON files assume little-endian lanes (build with -DARX_NEON=OFF)"
#endif
#include <arm_neon.h>

#include "../internal.h"
#include "ghash.h"

#define PM_BLOCKS 8 /* per reduction; the powers the key holds */

static inline uint64x2_t pm_load(const void *p) {
    return vreinterpretq_u64_u8(vld1q_u8((const uint8_t *)p));
}
static inline void pm_store(void *p, uint64x2_t v) {
    vst1q_u8((uint8_t *)p, vreinterpretq_u8_u64(v));
}

/* a GCM block as a polynomial (see the representation note) */
static inline uint64x2_t pm_from_block(const uint8_t *b) {
    return vreinterpretq_u64_u8(vrbitq_u8(vld1q_u8(b)));
}

/* low lane x low lane, high lane x high lane */
static inline uint64x2_t pm_mul_lo(uint64x2_t a, uint64x2_t b) {
    return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 0), (poly64_t)vgetq_lane_u64(b, 0)));
}
static inline uint64x2_t pm_mul_hi(uint64x2_t a, uint64x2_t b) {
    return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a), vreinterpretq_p64_u64(b)));
}

/* Accumulate a * b into lo (p0, p1), mid (at x^64) and hi (p2, p3). */
static inline void pm_mul_acc(uint64x2_t a, uint64x2_t b, uint64x2_t *lo, uint64x2_t *mid, uint64x2_t *hi) {
    uint64x2_t bs = vextq_u64(b, b, 1); /* halves swapped: the cross terms */
    *lo = veorq_u64(*lo, pm_mul_lo(a, b));
    *hi = veorq_u64(*hi, pm_mul_hi(a, b));
    *mid = veorq_u64(*mid, veorq_u64(pm_mul_lo(a, bs), pm_mul_hi(a, bs)));
}

static inline uint64x2_t pm_reduce(uint64x2_t lo, uint64x2_t mid, uint64x2_t hi) {
    const uint64x2_t zero = vdupq_n_u64(0), k = vdupq_n_u64(0x87);
    lo = veorq_u64(lo, vextq_u64(zero, mid, 1)); /* p1 ^= mid low */
    hi = veorq_u64(hi, vextq_u64(mid, zero, 1)); /* p2 ^= mid high */
    uint64x2_t t = pm_mul_hi(hi, k);             /* p3 * 0x87 */
    lo = veorq_u64(lo, vextq_u64(zero, t, 1));   /* into p1 */
    hi = veorq_u64(hi, vextq_u64(t, zero, 1));   /* and p2 */
    return veorq_u64(lo, pm_mul_lo(hi, k));      /* p2 * 0x87 into p0, p1 */
}

static inline uint64x2_t pm_gf_mul(uint64x2_t a, uint64x2_t b) {
    uint64x2_t lo = vdupq_n_u64(0), mid = lo, hi = lo;
    pm_mul_acc(a, b, &lo, &mid, &hi);
    return pm_reduce(lo, mid, hi);
}

void arx_ghash_pmull_key(arx_ghash_key *gk, const uint8_t h[16]) {
    arx_ghash_ct_key(gk, h); /* gk->h: the same polynomial, for the portable helpers */
    uint64x2_t h1 = pm_from_block(h), p = h1;
    pm_store(gk->htab[ARX_GHASH_MAX_POW - 1], h1);
    for (unsigned j = 2; j <= PM_BLOCKS; j++) {
        p = pm_gf_mul(p, h1);
        pm_store(gk->htab[ARX_GHASH_MAX_POW - j], p);
    }
}

/* k blocks (1..8) into y with H^k .. H^1, one reduction. */
static inline uint64x2_t pm_run(const arx_ghash_key *gk, uint64x2_t y, const uint8_t *data, size_t k) {
    const uint8_t *pw = gk->htab[ARX_GHASH_MAX_POW - k]; /* H^k ... H^1, 16 bytes apart */
    uint64x2_t lo = vdupq_n_u64(0), mid = lo, hi = lo;
    _Pragma("GCC unroll 8") for (size_t i = 0; i < k; i++) {
        uint64x2_t x = pm_from_block(data + 16 * i);
        if (i == 0) x = veorq_u64(x, y);
        pm_mul_acc(x, pm_load(pw + 16 * i), &lo, &mid, &hi);
    }
    return pm_reduce(lo, mid, hi);
}

void arx_ghash_pmull_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks) {
    uint64x2_t y = vcombine_u64(vcreate_u64(g->y[0]), vcreate_u64(g->y[1]));
    for (; nblocks >= PM_BLOCKS; nblocks -= PM_BLOCKS, data += 16 * PM_BLOCKS) {
        ARX_MCA_BEGIN("ghash_pmull:128");
        y = pm_run(g->key, y, data, PM_BLOCKS);
        ARX_MCA_END("ghash_pmull:128");
    }
    if (nblocks) y = pm_run(g->key, y, data, nblocks);
    g->y[0] = vgetq_lane_u64(y, 0);
    g->y[1] = vgetq_lane_u64(y, 1);
}

void arx_ghash_pmull_hpow(arx_ghash *hn, uint64_t n) {
    const uint64x2_t h = pm_load(hn->key->htab[ARX_GHASH_MAX_POW - 1]);
    uint64x2_t r = vcombine_u64(vcreate_u64(1), vcreate_u64(0)); /* the polynomial 1 */
    for (int b = 63; b >= 0; b--) {
        r = pm_gf_mul(r, r);
        if ((n >> b) & 1) r = pm_gf_mul(r, h); /* n is a public block count */
    }
    hn->y[0] = vgetq_lane_u64(r, 0);
    hn->y[1] = vgetq_lane_u64(r, 1);
}

void arx_ghash_pmull_fold(arx_ghash *g, const arx_ghash *hn, const arx_ghash *part) {
    uint64x2_t y = vcombine_u64(vcreate_u64(g->y[0]), vcreate_u64(g->y[1]));
    uint64x2_t hv = vcombine_u64(vcreate_u64(hn->y[0]), vcreate_u64(hn->y[1]));
    y = pm_gf_mul(y, hv);
    g->y[0] = vgetq_lane_u64(y, 0) ^ part->y[0];
    g->y[1] = vgetq_lane_u64(y, 1) ^ part->y[1];
}

#else
typedef int ghash_pmull_not_built; /* ISO C: no empty translation unit */
#endif
