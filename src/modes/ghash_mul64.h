/*
 * The 64-bit pieces of the portable constant-time GHASH (ghash_ct.c), shared
 * with the aggregated one (ghash_agg.c): bit reversal and bmul64, the low 64
 * bits of a 64 x 64 carry-less product from 16 integer multiplies of
 * every-fourth-bit masks. ghash_ct.c says why the kept residues are exact.
 */
#ifndef ARX_GHASH_MUL64_H
#define ARX_GHASH_MUL64_H

#include <stdint.h>

#define ARX_GF_M0 0x1111111111111111u
#define ARX_GF_M1 0x2222222222222222u
#define ARX_GF_M2 0x4444444444444444u
#define ARX_GF_M3 0x8888888888888888u

static inline uint64_t arx_gf_rev64(uint64_t x) {
    x = ((x & 0x5555555555555555u) << 1) | ((x >> 1) & 0x5555555555555555u);
    x = ((x & 0x3333333333333333u) << 2) | ((x >> 2) & 0x3333333333333333u);
    x = ((x & 0x0f0f0f0f0f0f0f0fu) << 4) | ((x >> 4) & 0x0f0f0f0f0f0f0f0fu);
    x = ((x & 0x00ff00ff00ff00ffu) << 8) | ((x >> 8) & 0x00ff00ff00ff00ffu);
    x = ((x & 0x0000ffff0000ffffu) << 16) | ((x >> 16) & 0x0000ffff0000ffffu);
    return (x << 32) | (x >> 32);
}

/* The four residue sums of x * y before masking: z[r] holds the carry-less
 * product's bits at positions = r (mod 4), with carries elsewhere. XOR of
 * such sums over several products, masked once, is the XOR of the masked
 * products: masking is linear. */
#define ARX_GF_BMUL64_ACC(z, x, y)                                                                 \
    do {                                                                                           \
        const uint64_t x0_ = (x) & ARX_GF_M0, x1_ = (x) & ARX_GF_M1;                               \
        const uint64_t x2_ = (x) & ARX_GF_M2, x3_ = (x) & ARX_GF_M3;                               \
        const uint64_t y0_ = (y) & ARX_GF_M0, y1_ = (y) & ARX_GF_M1;                               \
        const uint64_t y2_ = (y) & ARX_GF_M2, y3_ = (y) & ARX_GF_M3;                               \
        (z)[0] ^= (x0_ * y0_) ^ (x1_ * y3_) ^ (x2_ * y2_) ^ (x3_ * y1_);                            \
        (z)[1] ^= (x0_ * y1_) ^ (x1_ * y0_) ^ (x2_ * y3_) ^ (x3_ * y2_);                            \
        (z)[2] ^= (x0_ * y2_) ^ (x1_ * y1_) ^ (x2_ * y0_) ^ (x3_ * y3_);                            \
        (z)[3] ^= (x0_ * y3_) ^ (x1_ * y2_) ^ (x2_ * y1_) ^ (x3_ * y0_);                            \
    } while (0)

static inline uint64_t arx_gf_bmul64_out(const uint64_t z[4]) {
    return (z[0] & ARX_GF_M0) | (z[1] & ARX_GF_M1) | (z[2] & ARX_GF_M2) | (z[3] & ARX_GF_M3);
}

static inline uint64_t arx_gf_bmul64(uint64_t x, uint64_t y) {
    uint64_t z[4] = {0, 0, 0, 0};
    ARX_GF_BMUL64_ACC(z, x, y);
    return arx_gf_bmul64_out(z);
}

/*
 * The 256-bit product from Karatsuba's three 64 x 64 products, each as a
 * low half (p0, p2, m0) and a high half (p1, p3, m1: coefficients 64..127),
 * folded modulo x^128 + x^7 + x^2 + x + 1 into y[0] | y[1] << 64.
 */
static inline void arx_gf_karatsuba_reduce(uint64_t y[2], uint64_t p0, uint64_t p1, uint64_t p2, uint64_t p3,
                                           uint64_t m0, uint64_t m1) {
    m0 ^= p0 ^ p2;
    m1 ^= p1 ^ p3;
    p1 ^= m0;
    p2 ^= m1;
    /* x^128 = x^7 + x^2 + x + 1: fold p3 (at x^192) into p1..p2, then p2 (at x^128) into p0..p1. */
    p1 ^= p3 ^ (p3 << 1) ^ (p3 << 2) ^ (p3 << 7);
    p2 ^= (p3 >> 63) ^ (p3 >> 62) ^ (p3 >> 57);
    p0 ^= p2 ^ (p2 << 1) ^ (p2 << 2) ^ (p2 << 7);
    p1 ^= (p2 >> 63) ^ (p2 >> 62) ^ (p2 >> 57);
    y[0] = p0;
    y[1] = p1;
}

#endif
