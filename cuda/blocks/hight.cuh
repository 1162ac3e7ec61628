/* HIGHT (ISO/IEC 18033-3): the rounds of src/ciphers/hight/hight.c on the
 * block's eight bytes held in two little-endian 32-bit words. F0 and F1 are
 * computed (byte rotations), no tables. Schedule: arxcu_sched.h. */
#ifndef ARXCU_HIGHT_CUH
#define ARXCU_HIGHT_CUH
#include "common.cuh"

ARXCU_HD uint8_t cu_hight_f0(uint8_t x) { return (uint8_t)(cu_rotl8(x, 1) ^ cu_rotl8(x, 2) ^ cu_rotl8(x, 7)); }
ARXCU_HD uint8_t cu_hight_f1(uint8_t x) { return (uint8_t)(cu_rotl8(x, 3) ^ cu_rotl8(x, 4) ^ cu_rotl8(x, 6)); }
/* Subkey SK_i and whitening key WK_i from the packed schedule. */
#define CU_SK(rk, i) ((uint8_t)((rk)[2 + (i) / 4] >> (8 * ((i) % 4))))
#define CU_WK(rk, i) ((uint8_t)((rk)[(i) / 4] >> (8 * ((i) % 4))))

#define CU_HIGHT_ENC_ROUND(x0, x1, x2, x3, x4, x5, x6, x7, k)                                      \
    do {                                                                                           \
        x1 = (uint8_t)(x1 + (cu_hight_f1(x0) ^ CU_SK(rk, (k))));                                   \
        x3 = (uint8_t)(x3 ^ (uint8_t)(cu_hight_f0(x2) + CU_SK(rk, (k) + 1)));                      \
        x5 = (uint8_t)(x5 + (cu_hight_f1(x4) ^ CU_SK(rk, (k) + 2)));                               \
        x7 = (uint8_t)(x7 ^ (uint8_t)(cu_hight_f0(x6) + CU_SK(rk, (k) + 3)));                      \
    } while (0)
#define CU_HIGHT_DEC_ROUND(x0, x1, x2, x3, x4, x5, x6, x7, k)                                      \
    do {                                                                                           \
        x1 = (uint8_t)(x1 - (cu_hight_f1(x0) ^ CU_SK(rk, (k))));                                   \
        x3 = (uint8_t)(x3 ^ (uint8_t)(cu_hight_f0(x2) + CU_SK(rk, (k) + 1)));                      \
        x5 = (uint8_t)(x5 - (cu_hight_f1(x4) ^ CU_SK(rk, (k) + 2)));                               \
        x7 = (uint8_t)(x7 ^ (uint8_t)(cu_hight_f0(x6) + CU_SK(rk, (k) + 3)));                      \
    } while (0)

struct CuHight {
    static constexpr unsigned BB = 8;
    ARXCU_HD static void enc(const uint32_t *rk, uint32_t w[2]) {
        uint8_t x0 = (uint8_t)((uint8_t)w[0] + CU_WK(rk, 0)), x1 = (uint8_t)(w[0] >> 8);
        uint8_t x2 = (uint8_t)((uint8_t)(w[0] >> 16) ^ CU_WK(rk, 1)), x3 = (uint8_t)(w[0] >> 24);
        uint8_t x4 = (uint8_t)((uint8_t)w[1] + CU_WK(rk, 2)), x5 = (uint8_t)(w[1] >> 8);
        uint8_t x6 = (uint8_t)((uint8_t)(w[1] >> 16) ^ CU_WK(rk, 3)), x7 = (uint8_t)(w[1] >> 24);
ARXCU_UNROLL
        for (unsigned r = 0; r < 4; r++) {
            const unsigned k = 32 * r;
            CU_HIGHT_ENC_ROUND(x0, x1, x2, x3, x4, x5, x6, x7, k);
            CU_HIGHT_ENC_ROUND(x7, x0, x1, x2, x3, x4, x5, x6, k + 4);
            CU_HIGHT_ENC_ROUND(x6, x7, x0, x1, x2, x3, x4, x5, k + 8);
            CU_HIGHT_ENC_ROUND(x5, x6, x7, x0, x1, x2, x3, x4, k + 12);
            CU_HIGHT_ENC_ROUND(x4, x5, x6, x7, x0, x1, x2, x3, k + 16);
            CU_HIGHT_ENC_ROUND(x3, x4, x5, x6, x7, x0, x1, x2, k + 20);
            CU_HIGHT_ENC_ROUND(x2, x3, x4, x5, x6, x7, x0, x1, k + 24);
            CU_HIGHT_ENC_ROUND(x1, x2, x3, x4, x5, x6, x7, x0, k + 28);
        }
        uint8_t c0 = (uint8_t)(x1 + CU_WK(rk, 4)), c2 = (uint8_t)(x3 ^ CU_WK(rk, 5));
        uint8_t c4 = (uint8_t)(x5 + CU_WK(rk, 6)), c6 = (uint8_t)(x7 ^ CU_WK(rk, 7));
        w[0] = (uint32_t)c0 | (uint32_t)x2 << 8 | (uint32_t)c2 << 16 | (uint32_t)x4 << 24;
        w[1] = (uint32_t)c4 | (uint32_t)x6 << 8 | (uint32_t)c6 << 16 | (uint32_t)x0 << 24;
    }
    ARXCU_HD static void dec(const uint32_t *rk, uint32_t w[2]) {
        uint8_t x1 = (uint8_t)((uint8_t)w[0] - CU_WK(rk, 4)), x2 = (uint8_t)(w[0] >> 8);
        uint8_t x3 = (uint8_t)((uint8_t)(w[0] >> 16) ^ CU_WK(rk, 5)), x4 = (uint8_t)(w[0] >> 24);
        uint8_t x5 = (uint8_t)((uint8_t)w[1] - CU_WK(rk, 6)), x6 = (uint8_t)(w[1] >> 8);
        uint8_t x7 = (uint8_t)((uint8_t)(w[1] >> 16) ^ CU_WK(rk, 7)), x0 = (uint8_t)(w[1] >> 24);
ARXCU_UNROLL
        for (unsigned r = 0; r < 4; r++) {
            const unsigned k = 96 - 32 * r;
            CU_HIGHT_DEC_ROUND(x1, x2, x3, x4, x5, x6, x7, x0, k + 28);
            CU_HIGHT_DEC_ROUND(x2, x3, x4, x5, x6, x7, x0, x1, k + 24);
            CU_HIGHT_DEC_ROUND(x3, x4, x5, x6, x7, x0, x1, x2, k + 20);
            CU_HIGHT_DEC_ROUND(x4, x5, x6, x7, x0, x1, x2, x3, k + 16);
            CU_HIGHT_DEC_ROUND(x5, x6, x7, x0, x1, x2, x3, x4, k + 12);
            CU_HIGHT_DEC_ROUND(x6, x7, x0, x1, x2, x3, x4, x5, k + 8);
            CU_HIGHT_DEC_ROUND(x7, x0, x1, x2, x3, x4, x5, x6, k + 4);
            CU_HIGHT_DEC_ROUND(x0, x1, x2, x3, x4, x5, x6, x7, k);
        }
        uint8_t p0 = (uint8_t)(x0 - CU_WK(rk, 0)), p2 = (uint8_t)(x2 ^ CU_WK(rk, 1));
        uint8_t p4 = (uint8_t)(x4 - CU_WK(rk, 2)), p6 = (uint8_t)(x6 ^ CU_WK(rk, 3));
        w[0] = (uint32_t)p0 | (uint32_t)x1 << 8 | (uint32_t)p2 << 16 | (uint32_t)x3 << 24;
        w[1] = (uint32_t)p4 | (uint32_t)x5 << 8 | (uint32_t)p6 << 16 | (uint32_t)x7 << 24;
    }
};
#endif
