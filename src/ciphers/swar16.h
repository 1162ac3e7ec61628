/*
 * SIMD within a register for the ciphers on 16-bit words (CHAM-64, SPARX,
 * SPECK-32, SIMON-32, SIMECK-32): the "twoway" backends, portable C for
 * targets without a SIMD backend (riscv64, s390x, ARMv7 without NEON, x86
 * built with -DARX_SIMD=OFF).
 *
 * A general-purpose register holds the same word of several blocks, one
 * block per 16-bit lane: four lanes in a uint64_t on 64-bit targets, two in
 * a uint32_t on 32-bit ones (ARX_SWAR_BITS, from the pointer width; a build
 * may set it to compare). Word-sliced like the SIMD backends, so the rounds
 * are the same expressions; only the lane arithmetic differs:
 *
 *   add:    ((a & ~H) + (b & ~H)) ^ ((a ^ b) & H), H = bit 15 of every lane:
 *           the low 15 bits add without a carry leaving the lane, bit 15 is
 *           the XOR of the operands' and the carry into it.
 *   sub:    ((a | H) - (b & ~H)) ^ ((a ^ ~b) & H): no borrow leaves a lane.
 *   rotate: ((x << r) & M) | ((x >> (16 - r)) & ~M), M = the bits r..15 of
 *           every lane.
 *
 * XOR and AND need nothing. SIMON and SIMECK (no additions) use the
 * bit-interleaved layout at the end of this file instead, where a rotation
 * of every lane is one rotation of the register.
 *
 * The files that use this header are compiled without auto-vectorisation
 * (CMakeLists.txt): they are the no-SIMD fallback, so on x86 they are
 * measured as the scalar code a riscv64 or s390x core runs.
 */
#ifndef ARX_SWAR16_H
#define ARX_SWAR16_H

#include "internal.h"

#ifndef ARX_SWAR_BITS
#if UINTPTR_MAX > 0xffffffffu
#define ARX_SWAR_BITS 64
#else
#define ARX_SWAR_BITS 32
#endif
#endif

#if ARX_SWAR_BITS == 64
typedef uint64_t swar_t;
#elif ARX_SWAR_BITS == 32
typedef uint32_t swar_t;
#else
#error "ARX_SWAR_BITS must be 32 or 64"
#endif

/* 16-bit lanes per register: blocks per batch. */
#define SWAR_LANES (ARX_SWAR_BITS / 16)

/* v in every lane. */
#define SWAR_REP(v) ((swar_t)((uint64_t)(uint16_t)(v) * UINT64_C(0x0001000100010001)))
#define SWAR_H SWAR_REP(0x8000u)

/* Lane-wise a + b and a - b: with each lane's top bit cleared (set for the
 * minuend) no carry or borrow crosses a lane; the top bits are then the XOR
 * of the operands' and the carry or borrow into them. (The shorter
 * "s - ((s ^ a ^ b) & lane-boundary bits)" is wrong: when a lane's sum is
 * 0xffff plus an incoming carry, its carry out is taken back twice.) */
ARX_INLINE swar_t swar_add(swar_t a, swar_t b) {
    return ((a & ~SWAR_H) + (b & ~SWAR_H)) ^ ((a ^ b) & SWAR_H);
}
ARX_INLINE swar_t swar_sub(swar_t a, swar_t b) {
    return ((a | SWAR_H) - (b & ~SWAR_H)) ^ ((a ^ ~b) & SWAR_H);
}
/* Rotate every lane left by r, 0 < r < 16 (a constant at every call). */
ARX_INLINE swar_t swar_rol(swar_t x, unsigned r) {
    const swar_t m = SWAR_REP(0xffffu << r);
    return ((x << r) & m) | ((x >> (16 - r)) & ~m);
}

/* Word w (little-endian, at byte 2w) of the SWAR_LANES blocks of bb bytes
 * at p, block i in lane i; and back. */
ARX_INLINE swar_t swar_gather(const uint8_t *p, size_t bb, unsigned w) {
    swar_t v = 0;
    for (unsigned i = 0; i < SWAR_LANES; i++) v |= (swar_t)arx_load16_le(p + bb * i + 2 * w) << (16 * i);
    return v;
}
ARX_INLINE void swar_scatter(uint8_t *p, size_t bb, unsigned w, swar_t v) {
    for (unsigned i = 0; i < SWAR_LANES; i++) arx_store16_le(p + bb * i + 2 * w, (uint16_t)(v >> (16 * i)));
}

/*
 * The counter blocks ctr, ctr + 1, ... (big-endian integers of bb = 4, 8 or
 * 16 bytes; hi:lo for 16) as word w of a batch, built in registers: word w is
 * bytes 2w and 2w+1 of the block, the first the low byte.
 */
ARX_INLINE uint16_t swar_ctr_word(uint64_t hi, uint64_t lo, size_t bb, unsigned w) {
    /* byte b of the block: of hi for b < bb - 8, else of lo (bb = 16) */
    unsigned b0 = 2 * w, b1 = 2 * w + 1;
    uint64_t v0 = (bb == 16 && b0 < 8) ? hi : lo, v1 = (bb == 16 && b1 < 8) ? hi : lo;
    unsigned s0 = 8 * ((unsigned)(bb - 1 - b0) % 8), s1 = 8 * ((unsigned)(bb - 1 - b1) % 8);
    return (uint16_t)(((v0 >> s0) & 0xff) | (((v1 >> s1) & 0xff) << 8));
}

/* ---- bit-interleaved lanes (SIMON, SIMECK) --------------------------------
 *
 * Bit j of lane b at bit SWAR_LANES * j + b: rotating every lane by r is
 * rotating the register by SWAR_LANES * r, and AND/XOR are lane-wise anyway.
 * Entering and leaving the layout is a fixed bit permutation (the 16-bit
 * lanes' index bits rotated), done with delta swaps.
 */
ARX_INLINE swar_t swar_delta_swap(swar_t x, swar_t m, unsigned s) {
    swar_t t = ((x >> s) ^ x) & m;
    return x ^ t ^ (t << s);
}

#if ARX_SWAR_BITS == 64
ARX_INLINE swar_t swar_rotl(swar_t x, unsigned r) {
    return (x << (r & 63)) | (x >> ((64 - r) & 63));
}
/* Bit position p = 16 b + j (b = lane, j = bit) -> 4 j + b: the 6 index bits
 * (b1 b0 j3 j2 j1 j0) rotated left by 4, as four index-bit swaps. */
ARX_INLINE swar_t swar_interleave(swar_t x) {
    /* (b1 b0 j3 j2 j1 j0): swap index bits 5<->3, 4<->2, then 3<->1, 2<->0 */
    x = swar_delta_swap(x, UINT64_C(0x00000000ff00ff00), 24); /* bit 3 <-> 5 */
    x = swar_delta_swap(x, UINT64_C(0x0000f0f00000f0f0), 12); /* bit 2 <-> 4 */
    x = swar_delta_swap(x, UINT64_C(0x00cc00cc00cc00cc), 6);  /* bit 1 <-> 3 */
    x = swar_delta_swap(x, UINT64_C(0x0a0a0a0a0a0a0a0a), 3);  /* bit 0 <-> 2 */
    return x;
}
ARX_INLINE swar_t swar_deinterleave(swar_t x) {
    x = swar_delta_swap(x, UINT64_C(0x0a0a0a0a0a0a0a0a), 3);
    x = swar_delta_swap(x, UINT64_C(0x00cc00cc00cc00cc), 6);
    x = swar_delta_swap(x, UINT64_C(0x0000f0f00000f0f0), 12);
    x = swar_delta_swap(x, UINT64_C(0x00000000ff00ff00), 24);
    return x;
}
#else
ARX_INLINE swar_t swar_rotl(swar_t x, unsigned r) {
    return (x << (r & 31)) | (x >> ((32 - r) & 31));
}
/* p = 16 b + j -> 2 j + b: index bits (b j3 j2 j1 j0) rotated left by 4,
 * as four adjacent swaps moving b down to bit 0. */
ARX_INLINE swar_t swar_interleave(swar_t x) {
    x = swar_delta_swap(x, 0x0000ff00u, 8); /* bit 4 <-> 3 */
    x = swar_delta_swap(x, 0x00f000f0u, 4); /* bit 3 <-> 2 */
    x = swar_delta_swap(x, 0x0c0c0c0cu, 2); /* bit 2 <-> 1 */
    x = swar_delta_swap(x, 0x22222222u, 1); /* bit 1 <-> 0 */
    return x;
}
ARX_INLINE swar_t swar_deinterleave(swar_t x) {
    x = swar_delta_swap(x, 0x22222222u, 1);
    x = swar_delta_swap(x, 0x0c0c0c0cu, 2);
    x = swar_delta_swap(x, 0x00f000f0u, 4);
    x = swar_delta_swap(x, 0x0000ff00u, 8);
    return x;
}
#endif
/* Rotate every interleaved lane left by r. */
#define SWAR_IROL(x, r) swar_rotl((x), SWAR_LANES * (r))
/* v in every lane of the interleaved layout. */
ARX_INLINE swar_t swar_irep(uint16_t v) {
    return swar_interleave(SWAR_REP(v));
}


/* ---- the kernels around a cipher's rounds ---------------------------------
 *
 * SWAR_KERNELS(P, KS, BB, W, NB, ENC, DEC, IN, OUT) writes the backend's
 * three kernels P##_encrypt, P##_decrypt, P##_ctr for a cipher with BB-byte
 * blocks of W 16-bit words, given ENC(ks, x, nb) and DEC(ks, x, nb) that
 * transform the words x[u][0..W-1] of nb batches (u < nb <= NB) in place, and
 * IN/OUT, the layout's entry and exit per register (identity for plain
 * lanes, swar_interleave/swar_deinterleave). NB batches run side by side, so
 * each round's chain of dependent operations overlaps the others'. A tail of
 * fewer than SWAR_LANES blocks runs as one zero-padded batch. Counter mode
 * builds the counter words in the registers (lane i of word w from the
 * integer ctr + i; BB = 16 as hi:lo) and never stores counter blocks.
 */
#define SWAR_ID(x) (x)
#define SWAR_FOR_U _Pragma("GCC unroll 4") for (unsigned u = 0; u < nb; u++)
/*
 * SIMON/SIMECK-style Feistel rounds two at a time in place, on the state
 * s[u][0] = y (stored first), s[u][1] = x, with the round keys pre-laid-out
 * in ks->tw_rk: P##_enc and P##_dec for SWAR_KERNELS. F is the family's
 * round function on packed words; the round count must be even.
 */
#define SWAR_FEISTEL_ROUNDS(P, KS, F)                                                              \
    ARX_INLINE void P##_enc(const KS *ks, swar_t s[][2], unsigned nb) {                            \
        for (unsigned i = 0; i < ks->rounds; i += 2) {                                             \
            SWAR_FOR_U s[u][0] ^= F(s[u][1]) ^ (swar_t)ks->tw_rk[i];                               \
            SWAR_FOR_U s[u][1] ^= F(s[u][0]) ^ (swar_t)ks->tw_rk[i + 1];                           \
        }                                                                                          \
    }                                                                                              \
    ARX_INLINE void P##_dec(const KS *ks, swar_t s[][2], unsigned nb) {                            \
        for (unsigned i = ks->rounds; i != 0; i -= 2) {                                            \
            SWAR_FOR_U s[u][1] ^= F(s[u][0]) ^ (swar_t)ks->tw_rk[i - 1];                           \
            SWAR_FOR_U s[u][0] ^= F(s[u][1]) ^ (swar_t)ks->tw_rk[i - 2];                           \
        }                                                                                          \
    }

#define SWAR_KERNELS(P, KS, BB, W, NB, ENC, DEC, IN, OUT)                                          \
    ARX_INLINE void P##_batch(const KS *ks, uint8_t *out, const uint8_t *in, unsigned nb, int dec) { \
        swar_t x[NB][W];                                                                           \
        SWAR_FOR_U for (unsigned w = 0; w < W; w++) x[u][w] =                                      \
            IN(swar_gather(in + (BB) * SWAR_LANES * u, BB, w));                                    \
        if (dec)                                                                                   \
            DEC(ks, x, nb);                                                                        \
        else                                                                                       \
            ENC(ks, x, nb);                                                                        \
        SWAR_FOR_U for (unsigned w = 0; w < W; w++)                                                \
            swar_scatter(out + (BB) * SWAR_LANES * u, BB, w, OUT(x[u][w]));                        \
    }                                                                                              \
    static void P##_blocks(const void *vks, uint8_t *out, const uint8_t *in, size_t n, int dec) {  \
        const KS *ks = vks;                                                                        \
        for (; n >= (NB) * SWAR_LANES; n -= (NB) * SWAR_LANES) {                                   \
            P##_batch(ks, out, in, NB, dec);                                                       \
            in += (BB) * (NB) * SWAR_LANES, out += (BB) * (NB) * SWAR_LANES;                       \
        }                                                                                          \
        for (; n >= SWAR_LANES; n -= SWAR_LANES) {                                                 \
            P##_batch(ks, out, in, 1, dec);                                                        \
            in += (BB) * SWAR_LANES, out += (BB) * SWAR_LANES;                                     \
        }                                                                                          \
        if (n) {                                                                                   \
            uint8_t buf[(BB) * SWAR_LANES] = {0};                                                  \
            memcpy(buf, in, (BB) * n);                                                             \
            P##_batch(ks, buf, buf, 1, dec);                                                       \
            memcpy(out, buf, (BB) * n);                                                            \
            arx_wipe(buf, sizeof buf);                                                             \
        }                                                                                          \
    }                                                                                              \
    static void P##_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {           \
        P##_blocks(ks, out, in, n, 0);                                                             \
    }                                                                                              \
    static void P##_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {           \
        P##_blocks(ks, out, in, n, 1);                                                             \
    }                                                                                              \
    /* nb batches from the counter hi:lo; m < nb * SWAR_LANES: keep m blocks */                    \
    ARX_INLINE void P##_ctr_batch(const KS *ks, uint64_t hi, uint64_t lo, uint8_t *out,            \
                                  const uint8_t *in, unsigned nb, size_t m) {                      \
        swar_t x[NB][W];                                                                           \
        SWAR_FOR_U for (unsigned w = 0; w < W; w++) {                                              \
            swar_t v = 0;                                                                          \
            for (unsigned i = 0; i < SWAR_LANES; i++) {                                            \
                uint64_t l = lo + SWAR_LANES * u + i, h = hi + (l < lo); /* public carry */        \
                v |= (swar_t)swar_ctr_word(h, l, BB, w) << (16 * i);                               \
            }                                                                                      \
            x[u][w] = IN(v);                                                                       \
        }                                                                                          \
        ENC(ks, x, nb);                                                                            \
        if (m >= (size_t)nb * SWAR_LANES) {                                                        \
            SWAR_FOR_U for (unsigned w = 0; w < W; w++) {                                          \
                const size_t o = (BB) * SWAR_LANES * u;                                            \
                swar_scatter(out + o, BB, w, swar_gather(in + o, BB, w) ^ OUT(x[u][w]));           \
            }                                                                                      \
        } else {                                                                                   \
            uint8_t buf[(BB) * (NB) * SWAR_LANES];                                                 \
            SWAR_FOR_U for (unsigned w = 0; w < W; w++)                                            \
                swar_scatter(buf + (BB) * SWAR_LANES * u, BB, w, OUT(x[u][w]));                    \
            arx_xor(out, in, buf, (BB) * m);                                                       \
            arx_wipe(buf, sizeof buf);                                                             \
        }                                                                                          \
    }                                                                                              \
    static void P##_ctr(const void *vks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t n) { \
        const KS *ks = vks;                                                                        \
        uint64_t hi = (BB) == 16 ? arx_load64_be(ctr) : 0;                                         \
        uint64_t lo = (BB) == 16 ? arx_load64_be(ctr + 8)                                          \
                    : (BB) == 8  ? arx_load64_be(ctr)                                              \
                                 : arx_load32_be(ctr);                                             \
        while (n) {                                                                                \
            const size_t m = n < (NB) * SWAR_LANES ? n : (NB) * SWAR_LANES;                        \
            if (m == (NB) * SWAR_LANES)                                                            \
                P##_ctr_batch(ks, hi, lo, out, in, NB, m);                                         \
            else                                                                                   \
                P##_ctr_batch(ks, hi, lo, out, in, (unsigned)((m + SWAR_LANES - 1) / SWAR_LANES), m); \
            hi += (lo + m < lo), lo += m;                                                          \
            in += (BB) * m, out += (BB) * m, n -= m;                                               \
        }                                                                                          \
        if ((BB) == 16) arx_store64_be(ctr, hi), arx_store64_be(ctr + 8, lo);                      \
        else if ((BB) == 8) arx_store64_be(ctr, lo);                                               \
        else arx_store32_be(ctr, (uint32_t)lo);                                                    \
    }

#endif
