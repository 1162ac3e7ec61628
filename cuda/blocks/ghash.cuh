/*
 * GHASH arithmetic (SP 800-38D) for host and device: constant time, no
 * tables. Representation as src/modes/ghash_ct.c: an element is (w0, w1)
 * with bit i of w0 the coefficient of x^i (and w1 of x^(64+i)); a 16-byte
 * GCM block b maps to w0 = rev64(load_be64(b)), w1 = rev64(load_be64(b + 8)).
 * Since the blocks arrive as little-endian words, load_be64 then rev64 is
 * bit reversal inside each byte: __brevll(bswap64(q)) on the device.
 *
 * The carry-less product uses integer multiplies on masked operands (every
 * fourth bit): sums of at most 8 one-bit products never carry into the next
 * bit of the same residue (BearSSL's ghash_ctmul idea, as ghash_ct.c). The
 * GPU's integer multiply has no data-dependent timing.
 */
#ifndef ARXCU_GHASH_CUH
#define ARXCU_GHASH_CUH
#include "common.cuh"

struct cu_gf {
    uint64_t w0, w1;
};

ARXCU_HD uint64_t cu_clmul32(uint32_t x, uint32_t y) {
    const uint32_t m0 = 0x11111111u, m1 = 0x22222222u, m2 = 0x44444444u, m3 = 0x88888888u;
    uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
    uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & 0x1111111111111111ull) | (z1 & 0x2222222222222222ull) | (z2 & 0x4444444444444444ull) |
           (z3 & 0x8888888888888888ull);
}

ARXCU_HD void cu_clmul64(uint64_t a, uint64_t b, uint64_t &hi, uint64_t &lo) {
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32);
    uint32_t b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    uint64_t l = cu_clmul32(a0, b0), h = cu_clmul32(a1, b1);
    uint64_t m = cu_clmul32(a0 ^ a1, b0 ^ b1) ^ l ^ h;
    lo = l ^ (m << 32);
    hi = h ^ (m >> 32);
}

/* y * h mod x^128 + x^7 + x^2 + x + 1 (Karatsuba over 64-bit halves). */
ARXCU_HD cu_gf cu_gf_mul(cu_gf y, cu_gf h) {
    uint64_t p0, p1, p2, p3, m0, m1;
    cu_clmul64(y.w0, h.w0, p1, p0);
    cu_clmul64(y.w1, h.w1, p3, p2);
    cu_clmul64(y.w0 ^ y.w1, h.w0 ^ h.w1, m1, m0);
    m0 ^= p0 ^ p2;
    m1 ^= p1 ^ p3;
    p1 ^= m0;
    p2 ^= m1;
    p1 ^= p3 ^ (p3 << 1) ^ (p3 << 2) ^ (p3 << 7);
    p2 ^= (p3 >> 63) ^ (p3 >> 62) ^ (p3 >> 57);
    p0 ^= p2 ^ (p2 << 1) ^ (p2 << 2) ^ (p2 << 7);
    p1 ^= (p2 >> 63) ^ (p2 >> 62) ^ (p2 >> 57);
    cu_gf r = {p0, p1};
    return r;
}

ARXCU_HD cu_gf cu_gf_xor(cu_gf a, cu_gf b) {
    cu_gf r = {a.w0 ^ b.w0, a.w1 ^ b.w1};
    return r;
}

/* Bit reversal inside every byte of a 64-bit word: load_be64 + rev64. */
ARXCU_HD uint64_t cu_brev8x8(uint64_t q) {
#ifdef __CUDA_ARCH__
    uint32_t lo = (uint32_t)q, hi = (uint32_t)(q >> 32);
    uint64_t s = ((uint64_t)__byte_perm(lo, 0, 0x0123) << 32) | __byte_perm(hi, 0, 0x0123);
    return __brevll(s);
#else
    q = ((q & 0x5555555555555555ull) << 1) | ((q >> 1) & 0x5555555555555555ull);
    q = ((q & 0x3333333333333333ull) << 2) | ((q >> 2) & 0x3333333333333333ull);
    q = ((q & 0x0f0f0f0f0f0f0f0full) << 4) | ((q >> 4) & 0x0f0f0f0f0f0f0f0full);
    return q;
#endif
}

/* A block given as four little-endian words (bytes 0..15). */
ARXCU_HD cu_gf cu_gf_from_words(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
    cu_gf r = {cu_brev8x8((uint64_t)a | (uint64_t)b << 32), cu_brev8x8((uint64_t)c | (uint64_t)d << 32)};
    return r;
}
ARXCU_HD void cu_gf_to_bytes(cu_gf x, uint8_t out[16]) {
    uint64_t a = cu_brev8x8(x.w0), b = cu_brev8x8(x.w1);
    for (int i = 0; i < 8; i++) out[i] = (uint8_t)(a >> (8 * i)), out[8 + i] = (uint8_t)(b >> (8 * i));
}
ARXCU_HD cu_gf cu_gf_from_bytes(const uint8_t b[16]) {
    uint32_t w[4];
    for (int i = 0; i < 4; i++)
        w[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
               (uint32_t)b[4 * i + 3] << 24;
    return cu_gf_from_words(w[0], w[1], w[2], w[3]);
}

/* h^e by square-and-multiply; e is public (a length), so its bits may branch. */
ARXCU_HD cu_gf cu_gf_pow(cu_gf h, uint64_t e) {
    cu_gf r = {1, 0}; /* the element 1: coefficient of x^0 */
    while (e) {
        if (e & 1) r = cu_gf_mul(r, h);
        h = cu_gf_mul(h, h);
        e >>= 1;
    }
    return r;
}
#endif
