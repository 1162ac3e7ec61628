/* SPECK and SIMON (ePrint 2013/404) with 64- and 128-bit blocks: the rounds
 * of src/ciphers/speck/speck.c and simon/simon.c. A block (x, y) is stored y
 * then x, little-endian words; R rounds. 128-bit blocks keep 64-bit words
 * (the device rotates them with two funnel shifts). */
#ifndef ARXCU_SPECK_SIMON_CUH
#define ARXCU_SPECK_SIMON_CUH
#include "common.cuh"

ARXCU_HD uint64_t cu_rk64(const uint32_t *rk, unsigned i) {
    return (uint64_t)rk[2 * i] | (uint64_t)rk[2 * i + 1] << 32;
}

template <unsigned R> struct CuSpeck64 {
    static constexpr unsigned BB = 8;
    ARXCU_HD static void enc(const uint32_t *rk, uint32_t w[2]) {
        uint32_t y = w[0], x = w[1];
ARXCU_UNROLL
        for (unsigned i = 0; i < R; i++) {
            x = (cu_rotr32(x, 8) + y) ^ rk[i];
            y = cu_rotl32(y, 3) ^ x;
        }
        w[0] = y, w[1] = x;
    }
    ARXCU_HD static void dec(const uint32_t *rk, uint32_t w[2]) {
        uint32_t y = w[0], x = w[1];
ARXCU_UNROLL
        for (unsigned i = R; i-- > 0;) {
            y = cu_rotr32(y ^ x, 3);
            x = cu_rotl32((x ^ rk[i]) - y, 8);
        }
        w[0] = y, w[1] = x;
    }
};

template <unsigned R> struct CuSpeck128 {
    static constexpr unsigned BB = 16;
    ARXCU_HD static void enc(const uint32_t *rk, uint32_t w[4]) {
        uint64_t y = (uint64_t)w[0] | (uint64_t)w[1] << 32, x = (uint64_t)w[2] | (uint64_t)w[3] << 32;
ARXCU_UNROLL
        for (unsigned i = 0; i < R; i++) {
            x = (cu_rotr64(x, 8) + y) ^ cu_rk64(rk, i);
            y = cu_rotl64(y, 3) ^ x;
        }
        w[0] = (uint32_t)y, w[1] = (uint32_t)(y >> 32), w[2] = (uint32_t)x, w[3] = (uint32_t)(x >> 32);
    }
    ARXCU_HD static void dec(const uint32_t *rk, uint32_t w[4]) {
        uint64_t y = (uint64_t)w[0] | (uint64_t)w[1] << 32, x = (uint64_t)w[2] | (uint64_t)w[3] << 32;
ARXCU_UNROLL
        for (unsigned i = R; i-- > 0;) {
            y = cu_rotr64(y ^ x, 3);
            x = cu_rotl64((x ^ cu_rk64(rk, i)) - y, 8);
        }
        w[0] = (uint32_t)y, w[1] = (uint32_t)(y >> 32), w[2] = (uint32_t)x, w[3] = (uint32_t)(x >> 32);
    }
};

/* SIMON: (x, y) -> (y ^ f(x) ^ k, x), f(x) = (S^1 x & S^8 x) ^ S^2 x. R is even
 * for every instance here, so two rounds per step leave the names in place. */
template <unsigned R> struct CuSimon64 {
    static constexpr unsigned BB = 8;
    ARXCU_HD static uint32_t f(uint32_t x) { return (cu_rotl32(x, 1) & cu_rotl32(x, 8)) ^ cu_rotl32(x, 2); }
    ARXCU_HD static void enc(const uint32_t *rk, uint32_t w[2]) {
        uint32_t y = w[0], x = w[1];
ARXCU_UNROLL
        for (unsigned i = 0; i < R; i += 2) {
            y ^= f(x) ^ rk[i];
            x ^= f(y) ^ rk[i + 1];
        }
        w[0] = y, w[1] = x;
    }
    ARXCU_HD static void dec(const uint32_t *rk, uint32_t w[2]) {
        uint32_t y = w[0], x = w[1];
ARXCU_UNROLL
        for (unsigned i = R; i != 0; i -= 2) {
            x ^= f(y) ^ rk[i - 1];
            y ^= f(x) ^ rk[i - 2];
        }
        w[0] = y, w[1] = x;
    }
};

template <unsigned R> struct CuSimon128 {
    static constexpr unsigned BB = 16;
    ARXCU_HD static uint64_t f(uint64_t x) { return (cu_rotl64(x, 1) & cu_rotl64(x, 8)) ^ cu_rotl64(x, 2); }
    ARXCU_HD static void enc(const uint32_t *rk, uint32_t w[4]) {
        uint64_t y = (uint64_t)w[0] | (uint64_t)w[1] << 32, x = (uint64_t)w[2] | (uint64_t)w[3] << 32;
ARXCU_UNROLL
        for (unsigned i = 0; i + 1 < R; i += 2) {
            y ^= f(x) ^ cu_rk64(rk, i);
            x ^= f(y) ^ cu_rk64(rk, i + 1);
        }
        if (R & 1) { /* SIMON-128/192: 69 rounds, one more plus a swap */
            uint64_t t = x;
            x = y ^ f(x) ^ cu_rk64(rk, R - 1);
            y = t;
        }
        w[0] = (uint32_t)y, w[1] = (uint32_t)(y >> 32), w[2] = (uint32_t)x, w[3] = (uint32_t)(x >> 32);
    }
    ARXCU_HD static void dec(const uint32_t *rk, uint32_t w[4]) {
        uint64_t y = (uint64_t)w[0] | (uint64_t)w[1] << 32, x = (uint64_t)w[2] | (uint64_t)w[3] << 32;
        if (R & 1) {
            uint64_t t = y;
            y = x ^ f(y) ^ cu_rk64(rk, R - 1);
            x = t;
        }
ARXCU_UNROLL
        for (unsigned i = R & ~1u; i != 0; i -= 2) {
            x ^= f(y) ^ cu_rk64(rk, i - 1);
            y ^= f(x) ^ cu_rk64(rk, i - 2);
        }
        w[0] = (uint32_t)y, w[1] = (uint32_t)(y >> 32), w[2] = (uint32_t)x, w[3] = (uint32_t)(x >> 32);
    }
};
#endif
