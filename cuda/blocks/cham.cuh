/* CHAM-64/128 and CHAM-128/k (ICISC 2017, revised 2019): the rounds of
 * src/ciphers/cham/cham.c; R is the round count (80/88, 80/112, 96/120).
 * Schedule: 16 round keys, CHAM-128/128's 8 stored twice (arxcu_sched.h). */
#ifndef ARXCU_CHAM_CUH
#define ARXCU_CHAM_CUH
#include "common.cuh"

template <unsigned R> struct CuCham64 {
    static constexpr unsigned BB = 8;
    ARXCU_HD static void enc(const uint32_t *rk, uint32_t x[2]) {
        uint16_t x0 = (uint16_t)x[0], x1 = (uint16_t)(x[0] >> 16);
        uint16_t x2 = (uint16_t)x[1], x3 = (uint16_t)(x[1] >> 16);
ARXCU_UNROLL
        for (unsigned i = 0; i < R; i += 2) {
            uint16_t t;
            t = (uint16_t)((x0 ^ (uint16_t)i) + (cu_rotl16(x1, 1) ^ (uint16_t)rk[i & 15u]));
            x0 = cu_rotl16(t, 8);
            t = (uint16_t)((x1 ^ (uint16_t)(i + 1)) + (cu_rotl16(x2, 8) ^ (uint16_t)rk[(i + 1) & 15u]));
            x1 = cu_rotl16(t, 1);
            t = x0; x0 = x2; x2 = t;
            t = x1; x1 = x3; x3 = t;
        }
        x[0] = (uint32_t)x0 | (uint32_t)x1 << 16;
        x[1] = (uint32_t)x2 | (uint32_t)x3 << 16;
    }
    ARXCU_HD static void dec(const uint32_t *rk, uint32_t x[2]) {
        uint16_t x0 = (uint16_t)x[0], x1 = (uint16_t)(x[0] >> 16);
        uint16_t x2 = (uint16_t)x[1], x3 = (uint16_t)(x[1] >> 16);
ARXCU_UNROLL
        for (unsigned i = R; i != 0; i -= 2) {
            uint16_t t;
            t = x0; x0 = x2; x2 = t;
            t = x1; x1 = x3; x3 = t;
            t = (uint16_t)(cu_rotr16(x1, 1) - (cu_rotl16(x2, 8) ^ (uint16_t)rk[(i - 1) & 15u]));
            x1 = (uint16_t)(t ^ (uint16_t)(i - 1));
            t = (uint16_t)(cu_rotr16(x0, 8) - (cu_rotl16(x1, 1) ^ (uint16_t)rk[(i - 2) & 15u]));
            x0 = (uint16_t)(t ^ (uint16_t)(i - 2));
        }
        x[0] = (uint32_t)x0 | (uint32_t)x1 << 16;
        x[1] = (uint32_t)x2 | (uint32_t)x3 << 16;
    }
};

template <unsigned R> struct CuCham128 {
    static constexpr unsigned BB = 16;
    ARXCU_HD static void enc(const uint32_t *rk, uint32_t x[4]) {
        uint32_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
ARXCU_UNROLL
        for (unsigned i = 0; i < R; i += 2) {
            uint32_t t;
            x0 = cu_rotl32((x0 ^ i) + (cu_rotl32(x1, 1) ^ rk[i & 15u]), 8);
            x1 = cu_rotl32((x1 ^ (i + 1)) + (cu_rotl32(x2, 8) ^ rk[(i + 1) & 15u]), 1);
            t = x0; x0 = x2; x2 = t;
            t = x1; x1 = x3; x3 = t;
        }
        x[0] = x0, x[1] = x1, x[2] = x2, x[3] = x3;
    }
    ARXCU_HD static void dec(const uint32_t *rk, uint32_t x[4]) {
        uint32_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
ARXCU_UNROLL
        for (unsigned i = R; i != 0; i -= 2) {
            uint32_t t;
            t = x0; x0 = x2; x2 = t;
            t = x1; x1 = x3; x3 = t;
            x1 = (cu_rotr32(x1, 1) - (cu_rotl32(x2, 8) ^ rk[(i - 1) & 15u])) ^ (i - 1);
            x0 = (cu_rotr32(x0, 8) - (cu_rotl32(x1, 1) ^ rk[(i - 2) & 15u])) ^ (i - 2);
        }
        x[0] = x0, x[1] = x1, x[2] = x2, x[3] = x3;
    }
};
#endif
