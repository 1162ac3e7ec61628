/* SPARX-64/128 and SPARX-128/128, -128/256 (ASIACRYPT 2016): the rounds of
 * src/ciphers/sparx/sparx.c on 16-bit words. NB branches, S steps of RA
 * rounds; the schedule is the library's rk[41][8] packed two per word. */
#ifndef ARXCU_SPARX_CUH
#define ARXCU_SPARX_CUH
#include "common.cuh"

ARXCU_HD uint16_t cu_sparx_rk(const uint32_t *rk, unsigned row, unsigned i) {
    return (uint16_t)(rk[4 * row + i / 2] >> (16 * (i & 1)));
}
ARXCU_HD void cu_sparx_a(uint16_t &l, uint16_t &r) {
    l = (uint16_t)(cu_rotr16(l, 7) + r);
    r = (uint16_t)(cu_rotl16(r, 2) ^ l);
}
ARXCU_HD void cu_sparx_a_inv(uint16_t &l, uint16_t &r) {
    r = cu_rotr16((uint16_t)(r ^ l), 2);
    l = cu_rotl16((uint16_t)(l - r), 7);
}

template <unsigned NB, unsigned S, unsigned RA> struct CuSparx {
    static constexpr unsigned BB = 2 * NB * 2; /* 8 or 16 bytes */
    ARXCU_HD static void load(const uint32_t *w, uint16_t x[2 * NB]) {
ARXCU_UNROLL
        for (unsigned i = 0; i < NB; i++) x[2 * i] = (uint16_t)w[i], x[2 * i + 1] = (uint16_t)(w[i] >> 16);
    }
    ARXCU_HD static void store(uint32_t *w, const uint16_t x[2 * NB]) {
ARXCU_UNROLL
        for (unsigned i = 0; i < NB; i++) w[i] = (uint32_t)x[2 * i] | (uint32_t)x[2 * i + 1] << 16;
    }
    ARXCU_HD static void lin(uint16_t x[2 * NB]) {
        if (NB == 2) {
            uint16_t t = cu_rotl16((uint16_t)(x[0] ^ x[1]), 8);
            uint16_t y2 = (uint16_t)(x[2] ^ x[0] ^ t), y3 = (uint16_t)(x[3] ^ x[1] ^ t);
            x[2] = x[0], x[3] = x[1], x[0] = y2, x[1] = y3;
        } else {
            uint16_t t = cu_rotl16((uint16_t)(x[0] ^ x[1] ^ x[2] ^ x[3]), 8);
            uint16_t y4 = (uint16_t)(x[4] ^ x[2] ^ t), y5 = (uint16_t)(x[5] ^ x[1] ^ t);
            uint16_t y6 = (uint16_t)(x[6] ^ x[0] ^ t), y7 = (uint16_t)(x[7] ^ x[3] ^ t);
            x[4] = x[0], x[5] = x[1], x[6] = x[2], x[7] = x[3];
            x[0] = y4, x[1] = y5, x[2] = y6, x[3] = y7;
        }
    }
    ARXCU_HD static void lin_inv(uint16_t x[2 * NB]) {
        if (NB == 2) {
            uint16_t t = cu_rotl16((uint16_t)(x[2] ^ x[3]), 8);
            uint16_t y0 = (uint16_t)(x[0] ^ x[2] ^ t), y1 = (uint16_t)(x[1] ^ x[3] ^ t);
            x[0] = x[2], x[1] = x[3], x[2] = y0, x[3] = y1;
        } else {
            uint16_t t = cu_rotl16((uint16_t)(x[4] ^ x[5] ^ x[6] ^ x[7]), 8);
            uint16_t y0 = (uint16_t)(x[0] ^ x[6] ^ t), y1 = (uint16_t)(x[1] ^ x[5] ^ t);
            uint16_t y2 = (uint16_t)(x[2] ^ x[4] ^ t), y3 = (uint16_t)(x[3] ^ x[7] ^ t);
            x[0] = x[4], x[1] = x[5], x[2] = x[6], x[3] = x[7];
            x[4] = y0, x[5] = y1, x[6] = y2, x[7] = y3;
        }
    }
    ARXCU_HD static void enc(const uint32_t *rk, uint32_t w[NB]) {
        uint16_t x[2 * NB];
        load(w, x);
ARXCU_UNROLL
        for (unsigned s = 0; s < S; s++) {
ARXCU_UNROLL
            for (unsigned b = 0; b < NB; b++)
ARXCU_UNROLL
                for (unsigned r = 0; r < RA; r++) {
                    x[2 * b] ^= cu_sparx_rk(rk, NB * s + b, 2 * r);
                    x[2 * b + 1] ^= cu_sparx_rk(rk, NB * s + b, 2 * r + 1);
                    cu_sparx_a(x[2 * b], x[2 * b + 1]);
                }
            lin(x);
        }
ARXCU_UNROLL
        for (unsigned i = 0; i < 2 * NB; i++) x[i] ^= cu_sparx_rk(rk, NB * S, i);
        store(w, x);
    }
    ARXCU_HD static void dec(const uint32_t *rk, uint32_t w[NB]) {
        uint16_t x[2 * NB];
        load(w, x);
ARXCU_UNROLL
        for (unsigned i = 0; i < 2 * NB; i++) x[i] ^= cu_sparx_rk(rk, NB * S, i);
ARXCU_UNROLL
        for (unsigned s = S; s-- > 0;) {
            lin_inv(x);
ARXCU_UNROLL
            for (unsigned b = 0; b < NB; b++)
ARXCU_UNROLL
                for (unsigned r = RA; r-- > 0;) {
                    cu_sparx_a_inv(x[2 * b], x[2 * b + 1]);
                    x[2 * b] ^= cu_sparx_rk(rk, NB * s + b, 2 * r);
                    x[2 * b + 1] ^= cu_sparx_rk(rk, NB * s + b, 2 * r + 1);
                }
        }
        store(w, x);
    }
};
#endif
