/* LEA-128/192/256 (KS X 3246) on four little-endian 32-bit words: the
 * rounds of src/ciphers/lea/lea.c, R (24, 28, 32) a compile-time constant so
 * every round key is a constant offset into the schedule (arxcu_sched.h). */
#ifndef ARXCU_LEA_CUH
#define ARXCU_LEA_CUH
#include "common.cuh"

#define CU_LEA_ENC_ROUND(x0, x1, x2, x3, rk)                                                       \
    do {                                                                                           \
        x3 = cu_rotr32((x2 ^ (rk)[4]) + (x3 ^ (rk)[5]), 3);                                        \
        x2 = cu_rotr32((x1 ^ (rk)[2]) + (x2 ^ (rk)[3]), 5);                                        \
        x1 = cu_rotl32((x0 ^ (rk)[0]) + (x1 ^ (rk)[1]), 9);                                        \
    } while (0)
#define CU_LEA_DEC_ROUND(x0, x1, x2, x3, rk)                                                       \
    do {                                                                                           \
        x1 = (cu_rotr32(x1, 9) - (x0 ^ (rk)[0])) ^ (rk)[1];                                        \
        x2 = (cu_rotl32(x2, 5) - (x1 ^ (rk)[2])) ^ (rk)[3];                                        \
        x3 = (cu_rotl32(x3, 3) - (x2 ^ (rk)[4])) ^ (rk)[5];                                        \
    } while (0)

template <unsigned R> struct CuLea {
    static constexpr unsigned BB = 16;
    ARXCU_HD static void enc(const uint32_t *rk, uint32_t x[4]) {
        uint32_t a = x[0], b = x[1], c = x[2], d = x[3];
ARXCU_UNROLL
        for (unsigned i = 0; i < R; i += 4) {
            CU_LEA_ENC_ROUND(a, b, c, d, rk + 6 * i);
            CU_LEA_ENC_ROUND(b, c, d, a, rk + 6 * (i + 1));
            CU_LEA_ENC_ROUND(c, d, a, b, rk + 6 * (i + 2));
            CU_LEA_ENC_ROUND(d, a, b, c, rk + 6 * (i + 3));
        }
        x[0] = a, x[1] = b, x[2] = c, x[3] = d;
    }
    ARXCU_HD static void dec(const uint32_t *rk, uint32_t x[4]) {
        uint32_t a = x[0], b = x[1], c = x[2], d = x[3];
ARXCU_UNROLL
        for (unsigned i = R; i != 0; i -= 4) {
            CU_LEA_DEC_ROUND(d, a, b, c, rk + 6 * (i - 1));
            CU_LEA_DEC_ROUND(c, d, a, b, rk + 6 * (i - 2));
            CU_LEA_DEC_ROUND(b, c, d, a, rk + 6 * (i - 3));
            CU_LEA_DEC_ROUND(a, b, c, d, rk + 6 * (i - 4));
        }
        x[0] = a, x[1] = b, x[2] = c, x[3] = d;
    }
};
#endif
