/*
 * CHAM, private to src/ciphers/cham/: the key schedule shared by cham.c (setup,
 * reference block functions) and the ISA files (cham_sse2.c, cham_avx2.c,
 * cham_avx512.c), and, for the ISA files only (CHAM_ISA defined), the
 * word-sliced kernels written once over a small vector vocabulary.
 */
#ifndef ARX_CHAM_H
#define ARX_CHAM_H

#include "cipher.h"
#include "internal.h"

/* 2k/w round keys: 16 for CHAM-64/128 and CHAM-128/256, 8 for CHAM-128/128. */
#define CHAM_MAX_RK 16

/*
 * rkv[j & 15] is the round key of round j in a 16-byte row, once per 32-bit
 * lane (CHAM-64: the 16-bit key twice per lane), so SSE2 loads a row and the
 * wider ISAs broadcast its first 32 bits. CHAM-128/128's 8 keys appear twice.
 */
/* rkv exists where a SIMD kernel reads it, tw_rk where cham_twoway.c is
 * built: on AVR and MSP430 (no SIMD, ARX_NO_TWOWAY) the key is rk alone, and
 * setup skips the multiplications that fill them (an MSP430 has no
 * multiplier: 200,000 cycles). */
#if ARX_X86_SIMD || ARX_ARM_NEON || ARX_WASM_SIMD
#define CHAM_RKV 1
#else
#define CHAM_RKV 0
#endif
#ifdef ARX_NO_TWOWAY
#define CHAM_TW_KEYS 0
#else
#define CHAM_TW_KEYS 1
#endif

typedef struct cham64_ks {
    uint16_t rk[CHAM_MAX_RK];
    unsigned rounds;
#if CHAM_RKV
    _Alignas(16) uint32_t rkv[CHAM_MAX_RK][4];
#endif
#if CHAM_TW_KEYS
    /* rk[i] in each 16-bit lane of a uint64_t, for cham_twoway.c (a 32-bit
     * target's uint32_t SWAR registers take the low half, the same key twice) */
    uint64_t tw_rk[CHAM_MAX_RK];
#endif
#ifdef ARX_HAVE_ARMV7M
    /* cham_armv7m.S's per-round words (cham.c: cham64_armv7m_tables):
     * encryption (rounds, two doubled start constants, then (K'_j, K_j+1,
     * C_j+1) per round pair) and decryption (rounds, then (K_j+1,
     * (j+1) << 16, K_j) per pair), 88 rounds at most. */
    uint32_t m_enc[3 + 3 * 44];
    uint32_t m_dec[1 + 3 * 44];
#endif
} cham64_ks;

typedef struct cham128_ks {
    uint32_t rk[CHAM_MAX_RK];
    unsigned rounds;
    unsigned rk_mask; /* number of round keys - 1 (a power of two minus one) */
#if CHAM_RKV
    _Alignas(16) uint32_t rkv[CHAM_MAX_RK][4];
#endif
} cham128_ks;

/* Reference single-block functions (cham.c). */
void cham_encrypt_block64(const cham64_ks *ks, uint8_t *out, const uint8_t *in);
void cham_decrypt_block64(const cham64_ks *ks, uint8_t *out, const uint8_t *in);
void cham_encrypt_block128(const cham128_ks *ks, uint8_t *out, const uint8_t *in);
void cham_decrypt_block128(const cham128_ks *ks, uint8_t *out, const uint8_t *in);
void cham64_ref_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void cham64_ref_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void cham128_ref_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void cham128_ref_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
/* Counter mode one block at a time: the last step of the SIMD tails. */
void cham64_ref_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
void cham128_ref_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);

/* Round index i in 16-byte rows: i twice per 32-bit lane (16-bit words) and
 * once (32-bit words); CHAM XORs it into X0 in round i (at most 120 rounds). */
extern const uint32_t cham_ic16[128][4];
extern const uint32_t cham_ic32[128][4];

/* ctr += n as a big-endian integer of `bytes` bytes, modulo 2^(8 bytes). The
 * counter is public, so its value may steer branches. */
ARX_INLINE void cham_ctr_add(uint8_t *ctr, unsigned bytes, uint64_t n) {
    for (unsigned i = bytes; i-- > 0 && n;) {
        n += ctr[i];
        ctr[i] = (uint8_t)n;
        n >>= 8;
    }
}

#define CHAM_DECLARE_ISA(isa)                                                                      \
    void cham64_##isa##_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n);        \
    void cham64_##isa##_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n);        \
    void cham64_##isa##_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,         \
                            size_t n);                                                             \
    void cham128_##isa##_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n);       \
    void cham128_##isa##_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n);       \
    void cham128_##isa##_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,        \
                             size_t n);                                                            \
    extern const arx_backend cham64_##isa##_backend;                                               \
    extern const arx_backend cham128_##isa##_backend;

/* The portable SWAR backend for CHAM-64 (cham_twoway.c), on every target. */
extern const arx_backend cham64_twoway_backend;

#if ARX_X86_SIMD
CHAM_DECLARE_ISA(sse2)
CHAM_DECLARE_ISA(avx2)
CHAM_DECLARE_ISA(avx512)
#endif
#if ARX_ARM_NEON
CHAM_DECLARE_ISA(neon)
/* CHAM-64 with NEON and general-register lanes in one instruction stream. */
extern const arx_backend cham64_neon_arm_backend;
#endif
#if ARX_WASM_SIMD
CHAM_DECLARE_ISA(wasm)
#endif

#endif /* ARX_CHAM_H */

#if defined(CHAM_ISA) && !defined(ARX_CHAM_KERNELS)
#define ARX_CHAM_KERNELS
/* ==== the kernels, for the ISA files ========================================
 *
 * The including file defines the vocabulary: V (vector type), VB (its bytes),
 * V_LOADU/V_STOREU, V_ROW(p) (a uint32_t[4] row of the key schedule, broadcast),
 * V_XOR, V_ADD16/V_SUB16/V_ADD32/V_SUB32, V_ROL16(x, n)/V_ROL32(x, n) (constant
 * n), V_BSWAP32, V_SET1_16/V_SET1_32, V_UNPACK{LO,HI}{16,32,64} (within 128-bit
 * lanes, as SSE2 does), and the narrower kernels that take the tails:
 * CHAM64_TAIL_ENC/DEC/CTR, CHAM128_TAIL_ENC/DEC/CTR (called with fewer blocks
 * than one batch; they handle any count). With CHAM_PADDED_TAILS (SSE2, the
 * narrowest), tails of 2 or more blocks run as one zero-padded batch on the
 * stack and single blocks through the reference. Optional tuning:
 * CHAM_INTERLEAVE, CHAM_INTERLEAVE_DEC (batches side by side), V_ROWU(row, u)
 * (the row for batch u of such a group), CHAM128_GROUP_UNROLL.
 *
 * Layout: word-sliced. CHAM-64 puts word w of VB/2 blocks in one vector of
 * 16-bit lanes, CHAM-128 word w of VB/4 blocks in 32-bit lanes.
 *
 * Round i: t_i = (X0 ^ i) + (ROL(X1, r_i) ^ RK[i]), new word Y_i = ROL(t_i, s_i),
 * (r, s) = (1, 8) for even i and (8, 1) for odd i. Round i reads X0 = Y_{i-4}
 * and X1 = Y_{i-3}, so the kernel keeps t_{i-4..i-1} in four registers (a, b,
 * c, d) and renames them every four rounds: nothing moves. Each t is rotated
 * straight to the two forms its later rounds need:
 *   t_j, j even: Y_j ^ (j+4) = ROL(t_j, 8) ^ (j+4); ROL(Y_j, 8) ^ RK = ROL(t_j, 16) ^ RK
 *   t_j, j odd:  Y_j ^ (j+4) = ROL(t_j, 1) ^ (j+4); ROL(Y_j, 1) ^ RK = ROL(t_j, 2) ^ RK
 * With 16-bit words ROL(t, 16) is t itself, so CHAM-64 needs 6 rotations per 4
 * rounds and CHAM-128 8: 4.5 and 5 vector operations per round.
 */
#ifndef V_ROWU
#define V_ROWU(row, u) V_ROW(row)
#endif

/*
 * llvm-mca (bench/mca/run.sh): an ISA file may define CHAM_MCA_BEGIN(tag) /
 * CHAM_MCA_END(tag) to name the batch-loop regions (tags enc64, dec64, ctr64,
 * enc128, dec128, ctr128). llvm-mca reads a region as straight-line code, so
 * the -DARX_MCA build (assembly for llvm-mca only, never run) fixes the round
 * count at the legacy one and unrolls the round loops completely; the shipped
 * build loops over ks->rounds, a few scalar instructions more per four rounds.
 */
#ifndef CHAM_MCA_BEGIN
#define CHAM_MCA_BEGIN(tag) ((void)0)
#define CHAM_MCA_END(tag) ((void)0)
#endif
#ifdef ARX_MCA
#define CHAM64_ROUNDS(ks) 80u   /* CHAM-64/128-legacy */
#define CHAM128_ROUNDS(ks) 80u  /* CHAM-128/128-legacy */
#define CHAM_ROUND_LOOP _Pragma("clang loop unroll(full)")
#else
#define CHAM64_ROUNDS(ks) ((ks)->rounds)
#define CHAM128_ROUNDS(ks) ((ks)->rounds)
#define CHAM_ROUND_LOOP
#endif

#define CHAM_CAT_(a, b, c) a##_##b##_##c
#define CHAM_CAT(a, b, c) CHAM_CAT_(a, b, c)
#define CHAM64_FN(name) CHAM_CAT(cham64, CHAM_ISA, name)
#define CHAM128_FN(name) CHAM_CAT(cham128, CHAM_ISA, name)

#define CHAM64_LANES (VB / 2)  /* CHAM-64 blocks per batch */
#define CHAM128_LANES (VB / 4) /* CHAM-128 blocks per batch */

/* ---- transposes ------------------------------------------------------------ */

/*
 * CHAM-64, 4 vectors of 8-byte blocks <-> 4 vectors of 16-bit words. Three
 * unpack levels: memory vector k holds, in 128-bit lane L, blocks 2k and 2k+1
 * of that lane's eight; word lane p of the result holds block 2(p%4) + p/4 in
 * that numbering. The network is its own inverse, so it also stores.
 */
ARX_INLINE void CHAM64_FN(transpose3)(V *x0, V *x1, V *x2, V *x3) {
    V p0 = V_UNPACKLO16(*x0, *x1), p1 = V_UNPACKHI16(*x0, *x1);
    V q0 = V_UNPACKLO16(*x2, *x3), q1 = V_UNPACKHI16(*x2, *x3);
    V r0 = V_UNPACKLO32(p0, q0), r1 = V_UNPACKHI32(p0, q0);
    V r2 = V_UNPACKLO32(p1, q1), r3 = V_UNPACKHI32(p1, q1);
    *x0 = V_UNPACKLO64(r0, r2);
    *x1 = V_UNPACKHI64(r0, r2);
    *x2 = V_UNPACKLO64(r1, r3);
    *x3 = V_UNPACKHI64(r1, r3);
}

/*
 * CHAM-64 counter mode stores with two levels only, as the counters are built
 * in whatever lane order suits the store: word lane p (0..7) of 128-bit lane L
 * goes to block (p/2) * 2 * (VB/16) + 2L + (p & 1) of the batch.
 */
ARX_INLINE void CHAM64_FN(store2)(uint8_t *out, const uint8_t *in, V w0, V w1, V w2, V w3) {
    V p0 = V_UNPACKLO16(w0, w1), p1 = V_UNPACKHI16(w0, w1);
    V q0 = V_UNPACKLO16(w2, w3), q1 = V_UNPACKHI16(w2, w3);
    V_STOREU(out, V_XOR(V_UNPACKLO32(p0, q0), V_LOADU(in)));
    V_STOREU(out + VB, V_XOR(V_UNPACKHI32(p0, q0), V_LOADU(in + VB)));
    V_STOREU(out + 2 * VB, V_XOR(V_UNPACKLO32(p1, q1), V_LOADU(in + 2 * VB)));
    V_STOREU(out + 3 * VB, V_XOR(V_UNPACKHI32(p1, q1), V_LOADU(in + 3 * VB)));
}

/* CHAM-128: the 4x4 transpose of 32-bit words in each 128-bit lane; word lane
 * p of 128-bit lane L is block p * (VB/16) + L. Its own inverse. */
ARX_INLINE void CHAM128_FN(transpose)(V *x0, V *x1, V *x2, V *x3) {
    V t0 = V_UNPACKLO32(*x0, *x1), t1 = V_UNPACKHI32(*x0, *x1);
    V t2 = V_UNPACKLO32(*x2, *x3), t3 = V_UNPACKHI32(*x2, *x3);
    *x0 = V_UNPACKLO64(t0, t2);
    *x1 = V_UNPACKHI64(t0, t2);
    *x2 = V_UNPACKLO64(t1, t3);
    *x3 = V_UNPACKHI64(t1, t3);
}

/* ---- CHAM-64 rounds ----------------------------------------------------------- */

/*
 * Every kernel works on NB independent batches at once (CHAM_INTERLEAVE, 1
 * unless the ISA file says otherwise): s[u] holds batch u. The loops over u
 * unroll, so batch u's operations sit between the others' and the scheduler
 * always finds independent work (AVX-512 CHAM-128-128-legacy CTR: 0.643 ->
 * 0.611 -> 0.587 cpb for 1, 2 and 4 batches).
 */
#ifndef CHAM_INTERLEAVE
#define CHAM_INTERLEAVE 1
#endif
#ifndef CHAM_INTERLEAVE_DEC /* decryption is one serial chain per batch: more pays */
#define CHAM_INTERLEAVE_DEC CHAM_INTERLEAVE
#endif
#ifndef CHAM_NB_MAX /* the most batches any caller passes (an ISA file may raise it) */
#define CHAM_NB_MAX (CHAM_INTERLEAVE > CHAM_INTERLEAVE_DEC ? CHAM_INTERLEAVE : CHAM_INTERLEAVE_DEC)
#endif
#define CHAM_FOR_U for (unsigned u = 0; u < NB; u++)
/* clang reads "GCC unroll 4" as a request to unroll by 4 and leaves a loop of
 * 3 (or 2) batches rolled, their words in memory; full unrolling is meant. */
#if defined(__clang__)
#define CHAM_UNROLL _Pragma("clang loop unroll(full)")
#else
#define CHAM_UNROLL _Pragma("GCC unroll 4")
#endif
#define CHAM_PRAGMA_(x) _Pragma(#x)
#define CHAM_UNROLL_N(n) CHAM_PRAGMA_(GCC unroll n)
/* Groups of four rounds per loop pass in CHAM-128 (set by the ISA file):
 * AVX-512 CHAM-128-128-legacy CTR 0.586 -> 0.571 cpb with 4. */
#ifndef CHAM128_GROUP_UNROLL
#define CHAM128_GROUP_UNROLL 1
#endif

/* Round-key row i: a broadcast of rkv[i] (rk[i] in both 16-bit halves) for
 * one key or, in the lane-per-message kernel (../many_simd.h's LM_ROUNDS16;
 * lk non-NULL, a constant either way after inlining), lk[i], each 32-bit
 * lane's own rkv[i]. */
#define CHAM64_K_(i, u) (lk ? lk[i] : V_ROWU(rkv[i], u))

/* Rounds j .. j+3 (j a multiple of 4) on (a, b, c, d) = t_{j-4 .. j-1}. */
ARX_INLINE void CHAM64_FN(group_k)(const uint32_t (*rkv)[4], const V *lk, unsigned j, V s[][4], unsigned NB) {
    const unsigned kj = j & 15u;
    const uint32_t(*ic)[4] = &cham_ic16[j];
    CHAM_UNROLL CHAM_FOR_U s[u][0] = V_ADD16(V_XOR(V_ROL16(s[u][1], 2), CHAM64_K_(kj, u)),
                                             V_XOR(V_ROL16(s[u][0], 8), V_ROWU(ic[0], u)));
    CHAM_UNROLL CHAM_FOR_U s[u][1] = V_ADD16(V_XOR(V_ROL16(s[u][1], 1), V_ROWU(ic[1], u)),
                                             V_XOR(s[u][2], CHAM64_K_(kj + 1, u)));
    CHAM_UNROLL CHAM_FOR_U s[u][2] = V_ADD16(V_XOR(V_ROL16(s[u][2], 8), V_ROWU(ic[2], u)),
                                             V_XOR(V_ROL16(s[u][3], 2), CHAM64_K_(kj + 2, u)));
    CHAM_UNROLL CHAM_FOR_U s[u][3] = V_ADD16(V_XOR(V_ROL16(s[u][3], 1), V_ROWU(ic[3], u)),
                                             V_XOR(s[u][0], CHAM64_K_(kj + 3, u)));
}
ARX_INLINE void CHAM64_FN(group)(const cham64_ks *ks, unsigned j, V s[][4], unsigned NB) {
    CHAM64_FN(group_k)(ks->rkv, NULL, j, s, NB);
}

/* Rounds 4*g0 .. R-1 on (a, b, c, d) = t_{4g0-4 .. 4g0-1}; on return
 * (a, b, c, d) = t_{R-4 .. R-1}. */
ARX_INLINE void CHAM64_FN(rounds)(const cham64_ks *ks, unsigned g0, V s[][4], unsigned NB) {
    CHAM_ROUND_LOOP
    for (unsigned j = 4 * g0; j < CHAM64_ROUNDS(ks); j += 4) CHAM64_FN(group)(ks, j, s, NB);
}

/* Rounds 0..3 of the plain words x[u][0..3]: x becomes t_0 .. t_3. */
ARX_INLINE void CHAM64_FN(enc_head_k)(const uint32_t (*rkv)[4], const V *lk, V x[][4], unsigned NB) {
    const uint32_t(*ic)[4] = cham_ic16;
    CHAM_UNROLL CHAM_FOR_U {
        V a = V_ADD16(x[u][0], V_XOR(V_ROL16(x[u][1], 1), CHAM64_K_(0, u)));
        V b = V_ADD16(V_XOR(x[u][1], V_ROWU(ic[1], u)), V_XOR(V_ROL16(x[u][2], 8), CHAM64_K_(1, u)));
        V c = V_ADD16(V_XOR(x[u][2], V_ROWU(ic[2], u)), V_XOR(V_ROL16(x[u][3], 1), CHAM64_K_(2, u)));
        V d = V_ADD16(V_XOR(x[u][3], V_ROWU(ic[3], u)), V_XOR(a, CHAM64_K_(3, u)));
        x[u][0] = a, x[u][1] = b, x[u][2] = c, x[u][3] = d;
    }
}
ARX_INLINE void CHAM64_FN(enc_head)(const cham64_ks *ks, V x[][4], unsigned NB) {
    CHAM64_FN(enc_head_k)(ks->rkv, NULL, x, NB);
}

/* t_{R-4 .. R-1} -> the ciphertext words Y_{R-4 .. R-1}. */
ARX_INLINE void CHAM64_FN(enc_tail)(V x[][4], unsigned NB) {
    CHAM_UNROLL CHAM_FOR_U {
        x[u][0] = V_ROL16(x[u][0], 8);
        x[u][1] = V_ROL16(x[u][1], 1);
        x[u][2] = V_ROL16(x[u][2], 8);
        x[u][3] = V_ROL16(x[u][3], 1);
    }
}

/* Encrypts the sliced words x[u][0..3] in place. */
ARX_INLINE void CHAM64_FN(enc_words)(const cham64_ks *ks, V x[][4], unsigned NB) {
    CHAM64_FN(enc_head)(ks, x, NB);
    CHAM64_FN(rounds)(ks, 1, x, NB);
    CHAM64_FN(enc_tail)(x, NB);
}

/*
 * Decryption undoes round j with Y_{j-4} = (ROR(Y_j, s_j) - (ROL(Y_{j-3}, r_j) ^
 * RK[j])) ^ j, four rounds per pass on (A, B, C, D) = Y_{4g .. 4g+3}. Each
 * round needs the one before, so only interleaving fills the pipes. C is kept
 * as ROL(C, 8) (= ROR(C, 8) in 16 bits), which both of its uses want.
 */
/* Undoes rounds j .. j+3: (A, B, ROL(C, 8), D) = Y_{j .. j+3} become Y_{j-4 .. j-1}. */
ARX_INLINE void CHAM64_FN(dec_group)(const cham64_ks *ks, unsigned j, V x[][4], unsigned NB) {
    const uint32_t(*k)[4] = &ks->rkv[j & 15u];
    const uint32_t(*ic)[4] = &cham_ic16[j];
    V a8[CHAM_NB_MAX];
    CHAM_UNROLL CHAM_FOR_U {
        a8[u] = V_ROL16(x[u][0], 8);
        x[u][3] = V_XOR(V_SUB16(V_ROL16(x[u][3], 15), V_XOR(a8[u], V_ROWU(k[3], u))), V_ROWU(ic[3], u));
    }
    CHAM_UNROLL CHAM_FOR_U x[u][2] = V_ROL16(
        V_XOR(V_SUB16(x[u][2], V_XOR(V_ROL16(x[u][3], 1), V_ROWU(k[2], u))), V_ROWU(ic[2], u)), 8);
    CHAM_UNROLL CHAM_FOR_U x[u][1] =
        V_XOR(V_SUB16(V_ROL16(x[u][1], 15), V_XOR(x[u][2], V_ROWU(k[1], u))), V_ROWU(ic[1], u));
    CHAM_UNROLL CHAM_FOR_U x[u][0] =
        V_XOR(V_SUB16(a8[u], V_XOR(V_ROL16(x[u][1], 1), V_ROWU(k[0], u))), V_ROWU(ic[0], u));
}

ARX_INLINE void CHAM64_FN(dec_words)(const cham64_ks *ks, V x[][4], unsigned NB) {
    CHAM_UNROLL CHAM_FOR_U x[u][2] = V_ROL16(x[u][2], 8);
    CHAM_ROUND_LOOP
    for (unsigned j = CHAM64_ROUNDS(ks); j != 0; j -= 4) CHAM64_FN(dec_group)(ks, j - 4, x, NB);
    CHAM_UNROLL CHAM_FOR_U x[u][2] = V_ROL16(x[u][2], 8);
}

/* NB consecutive batches from in to out (ECB). */
ARX_INLINE void CHAM64_FN(batches)(const cham64_ks *ks, uint8_t *out, const uint8_t *in, unsigned NB,
                                   int dec) {
    V x[CHAM_NB_MAX][4];
    CHAM_UNROLL CHAM_FOR_U {
        const uint8_t *p = in + 4 * VB * u;
        x[u][0] = V_LOADU(p), x[u][1] = V_LOADU(p + VB);
        x[u][2] = V_LOADU(p + 2 * VB), x[u][3] = V_LOADU(p + 3 * VB);
        CHAM64_FN(transpose3)(&x[u][0], &x[u][1], &x[u][2], &x[u][3]);
    }
    if (dec)
        CHAM64_FN(dec_words)(ks, x, NB);
    else
        CHAM64_FN(enc_words)(ks, x, NB);
    CHAM_UNROLL CHAM_FOR_U {
        uint8_t *p = out + 4 * VB * u;
        CHAM64_FN(transpose3)(&x[u][0], &x[u][1], &x[u][2], &x[u][3]);
        V_STOREU(p, x[u][0]);
        V_STOREU(p + VB, x[u][1]);
        V_STOREU(p + 2 * VB, x[u][2]);
        V_STOREU(p + 3 * VB, x[u][3]);
    }
}

/* Whole batches: NB at a time, then one at a time; returns the blocks done. */
ARX_INLINE size_t CHAM64_FN(ecb)(const cham64_ks *ks, uint8_t *out, const uint8_t *in, size_t n, int dec) {
    size_t done = 0;
#if CHAM_INTERLEAVE > 1
    if (!dec)
        for (; n - done >= CHAM_INTERLEAVE * CHAM64_LANES; done += CHAM_INTERLEAVE * CHAM64_LANES) {
            CHAM_MCA_BEGIN(enc64);
            CHAM64_FN(batches)(ks, out + 8 * done, in + 8 * done, CHAM_INTERLEAVE, 0);
            CHAM_MCA_END(enc64);
        }
#endif
#if CHAM_INTERLEAVE_DEC > 1
    if (dec)
        for (; n - done >= CHAM_INTERLEAVE_DEC * CHAM64_LANES; done += CHAM_INTERLEAVE_DEC * CHAM64_LANES) {
            CHAM_MCA_BEGIN(dec64);
            CHAM64_FN(batches)(ks, out + 8 * done, in + 8 * done, CHAM_INTERLEAVE_DEC, 1);
            CHAM_MCA_END(dec64);
        }
#endif
    for (; n - done >= CHAM64_LANES; done += CHAM64_LANES)
        CHAM64_FN(batches)(ks, out + 8 * done, in + 8 * done, 1, dec);
    return done;
}

/*
 * Counter mode over whole batches that all lie in one run of the counter:
 * only its low 16 bits change (v + k for block k), so the block's words 0..2
 * are fixed and word 3 = BSWAP16(v + k) (CHAM loads words little-endian; the
 * counter is big-endian). Rounds 0, 1 and 4 then depend on the fixed words
 * only and run once per run (CHAM64_CTR_SETUP), rounds 2, 3, 5 and 7 in part.
 */
typedef struct CHAM64_FN(ctr_consts) {
    V T4, C2, K2, C3, I3, C5, K5, I6, K6, C7, I7;
} CHAM64_FN(ctr_consts);

/* Rounds 0..7 of NB batches of counters from *cnt (which advances): s[u]
 * becomes t_4 .. t_7. */
ARX_INLINE void CHAM64_FN(ctr_head)(const CHAM64_FN(ctr_consts) *c, V *cnt, V s[][4], unsigned NB) {
    CHAM_UNROLL CHAM_FOR_U {
        V x = *cnt; /* v + k in block k's lane */
        *cnt = V_ADD16(*cnt, V_SET1_16(CHAM64_LANES));
        V t2 = V_ADD16(c->C2, V_XOR(V_ROL16(x, 9), c->K2)); /* ROL(w3, 1) = ROL(v+k, 9) */
        V t3 = V_ADD16(V_XOR(V_ROL16(x, 8), c->I3), c->C3);
        s[u][0] = c->T4;
        s[u][1] = V_ADD16(c->C5, V_XOR(t2, c->K5));
        s[u][2] = V_ADD16(V_XOR(V_ROL16(t2, 8), c->I6), V_XOR(V_ROL16(t3, 2), c->K6));
        s[u][3] = V_ADD16(V_XOR(V_ROL16(t3, 1), c->I7), c->C7);
    }
}

ARX_INLINE void CHAM64_FN(ctr_group)(const cham64_ks *ks, const CHAM64_FN(ctr_consts) *c, V *cnt,
                                     uint8_t *out, const uint8_t *in, unsigned NB) {
    V s[CHAM_INTERLEAVE][4];
    CHAM64_FN(ctr_head)(c, cnt, s, NB);
    CHAM64_FN(rounds)(ks, 2, s, NB);
    CHAM_UNROLL CHAM_FOR_U CHAM64_FN(store2)(out + 4 * VB * u, in + 4 * VB * u, V_ROL16(s[u][0], 8),
                                             V_ROL16(s[u][1], 1), V_ROL16(s[u][2], 8),
                                             V_ROL16(s[u][3], 1));
}

/* The constants of a run starting at ctr, and the counter vector of its
 * first batch. */
ARX_INLINE void CHAM64_FN(ctr_setup)(const cham64_ks *ks, const uint8_t *ctr, CHAM64_FN(ctr_consts) *cp,
                                     V *cntp) {
    const uint16_t *rk = ks->rk;
    uint16_t w0 = arx_load16_le(ctr), w1 = arx_load16_le(ctr + 2), w2 = arx_load16_le(ctr + 4);
    uint16_t v = (uint16_t)((ctr[6] << 8) | ctr[7]);
    uint16_t t0 = (uint16_t)(w0 + (arx_rotl16(w1, 1) ^ rk[0]));
    uint16_t t1 = (uint16_t)((w1 ^ 1) + (arx_rotl16(w2, 8) ^ rk[1]));
    uint16_t t4 = (uint16_t)((arx_rotl16(t0, 8) ^ 4) + (arx_rotl16(t1, 2) ^ rk[4]));
    CHAM64_FN(ctr_consts) c;
    c.T4 = V_SET1_16(t4);
    c.C2 = V_SET1_16(w2 ^ 2), c.K2 = V_ROW(ks->rkv[2]);            /* t2 = (w2^2) + (ROL(w3,1)^K2) */
    c.C3 = V_SET1_16(t0 ^ rk[3]), c.I3 = V_ROW(cham_ic16[3]);      /* t3 = (w3^3) + (t0^K3) */
    c.C5 = V_SET1_16(arx_rotl16(t1, 1) ^ 5), c.K5 = V_ROW(ks->rkv[5]); /* t5 = (Y1^5) + (t2^K5) */
    c.I6 = V_ROW(cham_ic16[6]), c.K6 = V_ROW(ks->rkv[6]);
    c.C7 = V_SET1_16(t4 ^ rk[7]), c.I7 = V_ROW(cham_ic16[7]);      /* t7 = (Y3^7) + (t4^K7) */
    _Alignas(64) uint16_t io[CHAM64_LANES];
    for (unsigned q = 0; q < CHAM64_LANES; q++) {
        unsigned L = q / 8, p = q % 8;
        io[q] = (uint16_t)((p / 2) * (VB / 8) + 2 * L + (p & 1));
    }
    *cntp = V_ADD16(V_SET1_16(v), V_LOADU(io));
    *cp = c;
}

#ifndef CHAM_GCM_ONLY /* cham_gcm_avx2clmul.c: the inline kernels only */
static void CHAM64_FN(ctr_run)(const cham64_ks *ks, const uint8_t *ctr, uint8_t *out,
                               const uint8_t *in, size_t nb) {
    CHAM64_FN(ctr_consts) c;
    V cnt;
    CHAM64_FN(ctr_setup)(ks, ctr, &c, &cnt);
    size_t i = 0;
#if CHAM_INTERLEAVE > 1
    for (; nb - i >= CHAM_INTERLEAVE; i += CHAM_INTERLEAVE) {
        CHAM_MCA_BEGIN(ctr64);
        CHAM64_FN(ctr_group)(ks, &c, &cnt, out + 4 * VB * i, in + 4 * VB * i, CHAM_INTERLEAVE);
        CHAM_MCA_END(ctr64);
    }
#endif
    for (; i < nb; i++) CHAM64_FN(ctr_group)(ks, &c, &cnt, out + 4 * VB * i, in + 4 * VB * i, 1);
}

#ifdef CHAM_PADDED_TAILS
/* Fewer than a batch: one zero-padded batch on the stack, or the reference for
 * a single block. For counter mode all blocks lie in one run. */
static void CHAM64_FN(tail_ecb)(const void *ks, uint8_t *out, const uint8_t *in, size_t n, int dec) {
    if (n < 2) {
        if (n) (dec ? cham64_ref_decrypt : cham64_ref_encrypt)(ks, out, in, n);
        return;
    }
    _Alignas(64) uint8_t buf[4 * VB];
    memset(buf, 0, sizeof buf);
    memcpy(buf, in, 8 * n);
    CHAM64_FN(batches)(ks, buf, buf, 1, dec);
    memcpy(out, buf, 8 * n);
    arx_wipe(buf, sizeof buf);
}
static void CHAM64_FN(tail_enc)(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    CHAM64_FN(tail_ecb)(ks, out, in, n, 0);
}
static void CHAM64_FN(tail_dec)(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    CHAM64_FN(tail_ecb)(ks, out, in, n, 1);
}
static void CHAM64_FN(tail_ctr)(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t n) {
    if (n < 2) {
        cham64_ref_ctr(ks, ctr, out, in, n);
        return;
    }
    _Alignas(64) uint8_t buf[4 * VB];
    memset(buf, 0, sizeof buf);
    memcpy(buf, in, 8 * n);
    CHAM64_FN(ctr_run)(ks, ctr, buf, buf, 1);
    memcpy(out, buf, 8 * n);
    arx_wipe(buf, sizeof buf);
    cham_ctr_add(ctr, 8, n);
}
#define CHAM64_TAIL_ENC CHAM64_FN(tail_enc)
#define CHAM64_TAIL_DEC CHAM64_FN(tail_dec)
#define CHAM64_TAIL_CTR CHAM64_FN(tail_ctr)
#endif

void CHAM64_FN(encrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    size_t done = CHAM64_FN(ecb)(ks, out, in, n, 0);
    if (n > done) CHAM64_TAIL_ENC(ks, out + 8 * done, in + 8 * done, n - done);
}

void CHAM64_FN(decrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    size_t done = CHAM64_FN(ecb)(ks, out, in, n, 1);
    if (n > done) CHAM64_TAIL_DEC(ks, out + 8 * done, in + 8 * done, n - done);
}

/* Splits the work where the counter's low 16 bits wrap; the pieces of a run
 * that do not fill a batch go to the narrower kernel. */
void CHAM64_FN(ctr)(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t n) {
    while (n) {
        size_t room = 65536u - (size_t)((ctr[6] << 8) | ctr[7]);
        size_t m = n < room ? n : room;
        size_t full = m / CHAM64_LANES;
        if (full) {
            CHAM64_FN(ctr_run)(ks, ctr, out, in, full);
            full *= CHAM64_LANES;
            cham_ctr_add(ctr, 8, full);
            out += 8 * full;
            in += 8 * full;
            n -= full;
            m -= full;
        }
        if (m) {
            CHAM64_TAIL_CTR(ks, ctr, out, in, m);
            out += 8 * m;
            in += 8 * m;
            n -= m;
        }
    }
}

#endif /* !CHAM_GCM_ONLY */

/* ---- CHAM-128 rounds: the same with 32-bit words -------------------------------- */

/* Round-key row i: a broadcast of rkv[i] for one key or, in the
 * lane-per-message kernel (../many_simd.h; lk non-NULL, a constant either way
 * after inlining), lk[i], each lane's own round key i. */
#define CHAM128_K_(i, u) (lk ? lk[i] : V_ROWU(rkv[i], u))

ARX_INLINE void CHAM128_FN(rounds_k)(const uint32_t (*rkv)[4], const V *lk, unsigned nr, unsigned g0, V s[][4],
                                     unsigned NB) {
#ifdef ARX_MCA
    CHAM_ROUND_LOOP
#else
    CHAM_UNROLL_N(CHAM128_GROUP_UNROLL)
#endif
    for (unsigned j = 4 * g0; j < nr; j += 4) {
        const unsigned kj = j & 15u;
        const uint32_t(*ic)[4] = &cham_ic32[j];
        CHAM_UNROLL CHAM_FOR_U s[u][0] = V_ADD32(V_XOR(V_ROL32(s[u][1], 2), CHAM128_K_(kj, u)),
                                                 V_XOR(V_ROL32(s[u][0], 8), V_ROWU(ic[0], u)));
        CHAM_UNROLL CHAM_FOR_U s[u][1] = V_ADD32(V_XOR(V_ROL32(s[u][1], 1), V_ROWU(ic[1], u)),
                                                 V_XOR(V_ROL32(s[u][2], 16), CHAM128_K_(kj + 1, u)));
        CHAM_UNROLL CHAM_FOR_U s[u][2] = V_ADD32(V_XOR(V_ROL32(s[u][2], 8), V_ROWU(ic[2], u)),
                                                 V_XOR(V_ROL32(s[u][3], 2), CHAM128_K_(kj + 2, u)));
        CHAM_UNROLL CHAM_FOR_U s[u][3] = V_ADD32(V_XOR(V_ROL32(s[u][3], 1), V_ROWU(ic[3], u)),
                                                 V_XOR(V_ROL32(s[u][0], 16), CHAM128_K_(kj + 3, u)));
    }
}

ARX_INLINE void CHAM128_FN(rounds)(const cham128_ks *ks, unsigned g0, V s[][4], unsigned NB) {
    CHAM128_FN(rounds_k)(ks->rkv, NULL, CHAM128_ROUNDS(ks), g0, s, NB);
}

ARX_INLINE void CHAM128_FN(enc_words_k)(const uint32_t (*rkv)[4], const V *lk, unsigned nr, V x[][4],
                                        unsigned NB) {
    const uint32_t(*ic)[4] = cham_ic32;
    CHAM_UNROLL CHAM_FOR_U {
        V a = V_ADD32(x[u][0], V_XOR(V_ROL32(x[u][1], 1), CHAM128_K_(0, u)));
        V b = V_ADD32(V_XOR(x[u][1], V_ROWU(ic[1], u)), V_XOR(V_ROL32(x[u][2], 8), CHAM128_K_(1, u)));
        V c = V_ADD32(V_XOR(x[u][2], V_ROWU(ic[2], u)), V_XOR(V_ROL32(x[u][3], 1), CHAM128_K_(2, u)));
        V d = V_ADD32(V_XOR(x[u][3], V_ROWU(ic[3], u)), V_XOR(V_ROL32(a, 16), CHAM128_K_(3, u)));
        x[u][0] = a, x[u][1] = b, x[u][2] = c, x[u][3] = d;
    }
    CHAM128_FN(rounds_k)(rkv, lk, nr, 1, x, NB);
    CHAM_UNROLL CHAM_FOR_U {
        x[u][0] = V_ROL32(x[u][0], 8);
        x[u][1] = V_ROL32(x[u][1], 1);
        x[u][2] = V_ROL32(x[u][2], 8);
        x[u][3] = V_ROL32(x[u][3], 1);
    }
}

ARX_INLINE void CHAM128_FN(enc_words)(const cham128_ks *ks, V x[][4], unsigned NB) {
    CHAM128_FN(enc_words_k)(ks->rkv, NULL, CHAM128_ROUNDS(ks), x, NB);
}

ARX_INLINE void CHAM128_FN(dec_words)(const cham128_ks *ks, V x[][4], unsigned NB) {
    CHAM_ROUND_LOOP
    for (unsigned j = CHAM128_ROUNDS(ks) - 4;; j -= 4) {
        const uint32_t(*k)[4] = &ks->rkv[j & 15u];
        const uint32_t(*ic)[4] = &cham_ic32[j];
        CHAM_UNROLL CHAM_FOR_U x[u][3] = V_XOR(
            V_SUB32(V_ROL32(x[u][3], 31), V_XOR(V_ROL32(x[u][0], 8), V_ROWU(k[3], u))), V_ROWU(ic[3], u));
        CHAM_UNROLL CHAM_FOR_U x[u][2] = V_XOR(
            V_SUB32(V_ROL32(x[u][2], 24), V_XOR(V_ROL32(x[u][3], 1), V_ROWU(k[2], u))), V_ROWU(ic[2], u));
        CHAM_UNROLL CHAM_FOR_U x[u][1] = V_XOR(
            V_SUB32(V_ROL32(x[u][1], 31), V_XOR(V_ROL32(x[u][2], 8), V_ROWU(k[1], u))), V_ROWU(ic[1], u));
        CHAM_UNROLL CHAM_FOR_U x[u][0] = V_XOR(
            V_SUB32(V_ROL32(x[u][0], 24), V_XOR(V_ROL32(x[u][1], 1), V_ROWU(k[0], u))), V_ROWU(ic[0], u));
        if (j == 0) break;
    }
}

ARX_INLINE void CHAM128_FN(batches)(const cham128_ks *ks, uint8_t *out, const uint8_t *in,
                                    unsigned NB, int dec) {
    V x[CHAM_NB_MAX][4];
    CHAM_UNROLL CHAM_FOR_U {
        const uint8_t *p = in + 4 * VB * u;
        x[u][0] = V_LOADU(p), x[u][1] = V_LOADU(p + VB);
        x[u][2] = V_LOADU(p + 2 * VB), x[u][3] = V_LOADU(p + 3 * VB);
        CHAM128_FN(transpose)(&x[u][0], &x[u][1], &x[u][2], &x[u][3]);
    }
    if (dec)
        CHAM128_FN(dec_words)(ks, x, NB);
    else
        CHAM128_FN(enc_words)(ks, x, NB);
    CHAM_UNROLL CHAM_FOR_U {
        uint8_t *p = out + 4 * VB * u;
        CHAM128_FN(transpose)(&x[u][0], &x[u][1], &x[u][2], &x[u][3]);
        V_STOREU(p, x[u][0]);
        V_STOREU(p + VB, x[u][1]);
        V_STOREU(p + 2 * VB, x[u][2]);
        V_STOREU(p + 3 * VB, x[u][3]);
    }
}

ARX_INLINE size_t CHAM128_FN(ecb)(const cham128_ks *ks, uint8_t *out, const uint8_t *in, size_t n, int dec) {
    size_t done = 0;
#if CHAM_INTERLEAVE > 1
    if (!dec)
        for (; n - done >= CHAM_INTERLEAVE * CHAM128_LANES; done += CHAM_INTERLEAVE * CHAM128_LANES) {
            CHAM_MCA_BEGIN(enc128);
            CHAM128_FN(batches)(ks, out + 16 * done, in + 16 * done, CHAM_INTERLEAVE, 0);
            CHAM_MCA_END(enc128);
        }
#endif
#if CHAM_INTERLEAVE_DEC > 1
    if (dec)
        for (; n - done >= CHAM_INTERLEAVE_DEC * CHAM128_LANES; done += CHAM_INTERLEAVE_DEC * CHAM128_LANES) {
            CHAM_MCA_BEGIN(dec128);
            CHAM128_FN(batches)(ks, out + 16 * done, in + 16 * done, CHAM_INTERLEAVE_DEC, 1);
            CHAM_MCA_END(dec128);
        }
#endif
    for (; n - done >= CHAM128_LANES; done += CHAM128_LANES)
        CHAM128_FN(batches)(ks, out + 16 * done, in + 16 * done, 1, dec);
    return done;
}

/* As CHAM-64's, in runs where only the low 32 bits change: word 3 =
 * BSWAP32(v + k), words 0..2 fixed. */
typedef struct CHAM128_FN(ctr_consts) {
    V T4, C2, K2, C3, I3, C5, K5, I6, K6, C7, I7;
} CHAM128_FN(ctr_consts);

/* Rounds 0..7 of NB batches of counter blocks (word 3 = BSWAP32(*cnt)),
 * then *cnt += NB batches: s[u] = t_4 .. t_7. */
ARX_INLINE void CHAM128_FN(ctr_head)(const CHAM128_FN(ctr_consts) *c, V *cnt, V s[][4], unsigned NB) {
    CHAM_UNROLL CHAM_FOR_U {
        V w3 = V_BSWAP32(*cnt);
        *cnt = V_ADD32(*cnt, V_SET1_32(CHAM128_LANES));
        V t2 = V_ADD32(c->C2, V_XOR(V_ROL32(w3, 1), c->K2));
        V t3 = V_ADD32(V_XOR(w3, c->I3), c->C3);
        s[u][0] = c->T4;
        s[u][1] = V_ADD32(c->C5, V_XOR(V_ROL32(t2, 16), c->K5));
        s[u][2] = V_ADD32(V_XOR(V_ROL32(t2, 8), c->I6), V_XOR(V_ROL32(t3, 2), c->K6));
        s[u][3] = V_ADD32(V_XOR(V_ROL32(t3, 1), c->I7), c->C7);
    }
}

/* t_{R-4 .. R-1} of NB batches -> keystream, out = in XOR it. */
ARX_INLINE void CHAM128_FN(ctr_store)(V s[][4], uint8_t *out, const uint8_t *in, unsigned NB) {
    CHAM_UNROLL CHAM_FOR_U {
        const uint8_t *pi = in + 4 * VB * u;
        uint8_t *po = out + 4 * VB * u;
        V x0 = V_ROL32(s[u][0], 8), x1 = V_ROL32(s[u][1], 1);
        V x2 = V_ROL32(s[u][2], 8), x3 = V_ROL32(s[u][3], 1);
        CHAM128_FN(transpose)(&x0, &x1, &x2, &x3);
        V_STOREU(po, V_XOR(x0, V_LOADU(pi)));
        V_STOREU(po + VB, V_XOR(x1, V_LOADU(pi + VB)));
        V_STOREU(po + 2 * VB, V_XOR(x2, V_LOADU(pi + 2 * VB)));
        V_STOREU(po + 3 * VB, V_XOR(x3, V_LOADU(pi + 3 * VB)));
    }
}

ARX_INLINE void CHAM128_FN(ctr_group)(const cham128_ks *ks, const CHAM128_FN(ctr_consts) *c, V *cnt,
                                      uint8_t *out, const uint8_t *in, unsigned NB) {
    V s[CHAM_INTERLEAVE][4];
    CHAM128_FN(ctr_head)(c, cnt, s, NB);
    CHAM128_FN(rounds)(ks, 2, s, NB);
    CHAM128_FN(ctr_store)(s, out, in, NB);
}

/* The constants of counter blocks ctr[0..11] || any low word (rounds 0..7
 * in part), and the lane offsets of a batch's counters. */
ARX_INLINE void CHAM128_FN(ctr_setup)(const cham128_ks *ks, const uint8_t *ctr, CHAM128_FN(ctr_consts) *c,
                                      V *io_v) {
    const uint32_t *rk = ks->rk;
    const unsigned m = ks->rk_mask;
    uint32_t w0 = arx_load32_le(ctr), w1 = arx_load32_le(ctr + 4), w2 = arx_load32_le(ctr + 8);
    uint32_t t0 = w0 + (arx_rotl32(w1, 1) ^ rk[0]);
    uint32_t t1 = (w1 ^ 1) + (arx_rotl32(w2, 8) ^ rk[1]);
    uint32_t t4 = (arx_rotl32(t0, 8) ^ 4) + (arx_rotl32(t1, 2) ^ rk[4 & m]);
    c->T4 = V_SET1_32(t4);
    c->C2 = V_SET1_32(w2 ^ 2), c->K2 = V_ROW(ks->rkv[2]);
    c->C3 = V_SET1_32(arx_rotl32(t0, 16) ^ rk[3]), c->I3 = V_ROW(cham_ic32[3]);
    c->C5 = V_SET1_32(arx_rotl32(t1, 1) ^ 5), c->K5 = V_ROW(ks->rkv[5]);
    c->I6 = V_ROW(cham_ic32[6]), c->K6 = V_ROW(ks->rkv[6]);
    c->C7 = V_SET1_32(arx_rotl32(t4, 16) ^ rk[7 & m]), c->I7 = V_ROW(cham_ic32[7]);
    _Alignas(64) uint32_t io[CHAM128_LANES];
    for (unsigned q = 0; q < CHAM128_LANES; q++) io[q] = (q % 4) * (VB / 16) + q / 4;
    *io_v = V_LOADU(io);
}

#ifndef CHAM_GCM_ONLY
static void CHAM128_FN(ctr_run)(const cham128_ks *ks, const uint8_t *ctr, uint8_t *out,
                                const uint8_t *in, size_t nb) {
    CHAM128_FN(ctr_consts) c;
    V io;
    CHAM128_FN(ctr_setup)(ks, ctr, &c, &io);
    V cnt = V_ADD32(V_SET1_32(arx_load32_be(ctr + 12)), io);
    size_t i = 0;
#if CHAM_INTERLEAVE > 1
    for (; nb - i >= CHAM_INTERLEAVE; i += CHAM_INTERLEAVE) {
        CHAM_MCA_BEGIN(ctr128);
        CHAM128_FN(ctr_group)(ks, &c, &cnt, out + 4 * VB * i, in + 4 * VB * i, CHAM_INTERLEAVE);
        CHAM_MCA_END(ctr128);
    }
#endif
    for (; i < nb; i++) CHAM128_FN(ctr_group)(ks, &c, &cnt, out + 4 * VB * i, in + 4 * VB * i, 1);
}

#ifdef CHAM_PADDED_TAILS
static void CHAM128_FN(tail_ecb)(const void *ks, uint8_t *out, const uint8_t *in, size_t n, int dec) {
    if (n < 2) {
        if (n) (dec ? cham128_ref_decrypt : cham128_ref_encrypt)(ks, out, in, n);
        return;
    }
    _Alignas(64) uint8_t buf[4 * VB];
    memset(buf, 0, sizeof buf);
    memcpy(buf, in, 16 * n);
    CHAM128_FN(batches)(ks, buf, buf, 1, dec);
    memcpy(out, buf, 16 * n);
    arx_wipe(buf, sizeof buf);
}
static void CHAM128_FN(tail_enc)(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    CHAM128_FN(tail_ecb)(ks, out, in, n, 0);
}
static void CHAM128_FN(tail_dec)(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    CHAM128_FN(tail_ecb)(ks, out, in, n, 1);
}
static void CHAM128_FN(tail_ctr)(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t n) {
    if (n < 2) {
        cham128_ref_ctr(ks, ctr, out, in, n);
        return;
    }
    _Alignas(64) uint8_t buf[4 * VB];
    memset(buf, 0, sizeof buf);
    memcpy(buf, in, 16 * n);
    CHAM128_FN(ctr_run)(ks, ctr, buf, buf, 1);
    memcpy(out, buf, 16 * n);
    arx_wipe(buf, sizeof buf);
    cham_ctr_add(ctr, 16, n);
}
#define CHAM128_TAIL_ENC CHAM128_FN(tail_enc)
#define CHAM128_TAIL_DEC CHAM128_FN(tail_dec)
#define CHAM128_TAIL_CTR CHAM128_FN(tail_ctr)
#endif

void CHAM128_FN(encrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    size_t done = CHAM128_FN(ecb)(ks, out, in, n, 0);
    if (n > done) CHAM128_TAIL_ENC(ks, out + 16 * done, in + 16 * done, n - done);
}

void CHAM128_FN(decrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    size_t done = CHAM128_FN(ecb)(ks, out, in, n, 1);
    if (n > done) CHAM128_TAIL_DEC(ks, out + 16 * done, in + 16 * done, n - done);
}

/* Splits the work where the counter's low 32 bits wrap. */
void CHAM128_FN(ctr)(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t n) {
    while (n) {
        uint64_t room = ((uint64_t)1 << 32) - arx_load32_be(ctr + 12);
        size_t m = (uint64_t)n < room ? n : (size_t)room;
        size_t full = m / CHAM128_LANES;
        if (full) {
            CHAM128_FN(ctr_run)(ks, ctr, out, in, full);
            full *= CHAM128_LANES;
            cham_ctr_add(ctr, 16, full);
            out += 16 * full;
            in += 16 * full;
            n -= full;
            m -= full;
        }
        if (m) {
            CHAM128_TAIL_CTR(ks, ctr, out, in, m);
            out += 16 * m;
            in += 16 * m;
            n -= m;
        }
    }
}

/* ---- many messages at once (issue 24) -------------------------------------------
 * CHAM-64 on AVX2, AVX-512, NEON and SIMD128 (CHAM_MANY_NB, as CHAM-128's below; NEON
 * files define CHAM_MANY_NEON too, many_simd.h's LM_NEON): one
 * message per 32-bit lane through ../many_simd.h, whose LM_ROUNDS16 packs
 * the 16-bit words of two batches (two blocks of every message) into one
 * state; the rounds above with per-lane round-key vectors (rkv's 16 rows:
 * each key word twice, so both halves of a lane take it). */
#ifdef CHAM_MANY_NB
ARX_INLINE void CHAM64_FN(many_rounds)(const V *lk, unsigned nr, V x[][4], unsigned NB) {
    CHAM64_FN(enc_head_k)(NULL, lk, x, NB);
    CHAM_ROUND_LOOP
    for (unsigned j = 4; j < nr; j += 4) CHAM64_FN(group_k)(NULL, lk, j, x, NB);
    CHAM64_FN(enc_tail)(x, NB);
}
#define LM_VBITS (VB * 8)
#define LM_W 32
#define LM_BLOCK 64
#define LM_FN(name) CHAM64_FN(name)
#define LM_NB CHAM_MANY_NB
#define LM_KS_T cham64_ks
#define LM_KS_WORDS(ks) ((size_t)CHAM_MAX_RK)
#define LM_KS_WORD(ks, i) ((ks)->rkv[i][0])
#define LM_ROUNDS16(lk, ks, st, np) CHAM64_FN(many_rounds)(lk, CHAM64_ROUNDS(ks), st, (unsigned)(np))
#ifdef CHAM_MANY_NEON
#define LM_NEON
#endif
#include "../many_simd.h"
#define CHAM64_MANY_ , .many_lanes = VB / 4, .ctr_many = CHAM64_FN(ctr_many)
#else
#define CHAM64_MANY_
#endif

const arx_backend CHAM64_FN(backend) = {CHAM_ISA_NAME, CHAM_ISA_REQUIRES, CHAM64_LANES,
                                        CHAM64_FN(encrypt), CHAM64_FN(decrypt), CHAM64_FN(ctr) CHAM64_MANY_};
/* ---- many messages at once (issue 24) -------------------------------------------
 * CHAM-128 on AVX2, AVX-512, NEON and SIMD128 (the ISA file defines CHAM_MANY_NB, batches
 * interleaved): one message per 32-bit lane through ../many_simd.h, the
 * rounds above with per-lane round-key vectors (the 16 rows of rkv). */
#ifdef CHAM_MANY_NB
#define LM_VBITS (VB * 8)
#define LM_W 32
#define LM_FN(name) CHAM128_FN(name)
#define LM_NB CHAM_MANY_NB
#define LM_KS_T cham128_ks
#define LM_KS_WORDS(ks) ((size_t)CHAM_MAX_RK)
#define LM_KS_WORD(ks, i) ((ks)->rkv[i][0])
#define LM_ROUNDS(lk, ks, s, nb) CHAM128_FN(enc_words_k)(NULL, lk, CHAM128_ROUNDS(ks), s, nb)
#ifdef CHAM_MANY_NEON
#define LM_NEON
#endif
#include "../many_simd.h"
#ifndef CHAM128_MANY_CTR_ALONE /* the ISA file's ARX_MANY_CTR_ALONE, if any */
#define CHAM128_MANY_CTR_ALONE
#endif
#define CHAM128_MANY_ , .many_lanes = VB / 4, .ctr_many = CHAM128_FN(ctr_many) CHAM128_MANY_CTR_ALONE
#else
#define CHAM128_MANY_
#endif

/* Stitched GCM (AVX2, the ISA file defines CHAM_GCM_AVX2): written by
 * cham_gcm_avx2clmul.c, below. */
#ifdef CHAM_GCM_AVX2
size_t CHAM128_FN(gcm_xor)(const void *ks, struct arx_ghash *g, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                           size_t nblocks, int decrypt);
#define CHAM128_GCM_ , .gcm_xor = CHAM128_FN(gcm_xor)
#else
#define CHAM128_GCM_
#endif

const arx_backend CHAM128_FN(backend) = {CHAM_ISA_NAME, CHAM_ISA_REQUIRES, CHAM128_LANES,
                                         CHAM128_FN(encrypt), CHAM128_FN(decrypt), CHAM128_FN(ctr) CHAM128_MANY_
                                         CHAM128_GCM_};

#endif /* !CHAM_GCM_ONLY */

/* ---- stitched GCM (AVX2 with VPCLMULQDQ) ---------------------------------------
 * cham_gcm_avx2clmul.c defines CHAM_GCM_ONLY and includes cham_avx2.c: this
 * file then writes only cham128_avx2_gcm_xor, through
 * ../../modes/gcm_stitch_avx2.h, a batch being CHAM_INTERLEAVE of the CTR
 * kernel's. Word 3 of a counter block is BSWAP32 of the inc32 low word, so
 * a 32-bit add wraps it as GCM says; rounds 0..7 as in CTR (ctr_head). */
#if defined(CHAM_GCM_ONLY) && defined(CHAM_GCM_AVX2)
typedef struct {
    CHAM128_FN(ctr_consts) c;
    V io;
} CHAM128_FN(gcm_ctx);
typedef struct {
    V s[CHAM_INTERLEAVE][4];
} CHAM128_FN(gcm_state);
ARX_INLINE void CHAM128_FN(gcm_begin)(const CHAM128_FN(gcm_ctx) * c, CHAM128_FN(gcm_state) * st, uint32_t low) {
    V cnt = V_ADD32(V_SET1_32(low), c->io);
    CHAM128_FN(ctr_head)(&c->c, &cnt, st->s, CHAM_INTERLEAVE);
}
#define GS_FN CHAM128_FN(gcm_xor)
#define GS_KS cham128_ks
#define GS_BLOCKS (CHAM_INTERLEAVE * CHAM128_LANES)
#ifndef CHAM_GCM_GROUP
#define CHAM_GCM_GROUP 4
#endif
#define GS_GROUP CHAM_GCM_GROUP
#define GS_CTX CHAM128_FN(gcm_ctx)
#define GS_STATE CHAM128_FN(gcm_state)
#define GS_CTX_INIT(ks, cx, ctr) CHAM128_FN(ctr_setup)(ks, ctr, &(cx)->c, &(cx)->io)
#define GS_BEGIN(ks, cx, st, low) CHAM128_FN(gcm_begin)(cx, st, low)
#define GS_FIRST_ROUND(ks) 8u
#define GS_NROUNDS(ks) CHAM128_ROUNDS(ks)
#define GS_ROUND_ALIGN 4
#define GS_ROUNDS(ks, st, first, end) CHAM128_FN(rounds_k)((ks)->rkv, NULL, (end), (first) / 4, (st)->s, CHAM_INTERLEAVE)
#define GS_STORE(st, out, in) CHAM128_FN(ctr_store)((st)->s, out, in, CHAM_INTERLEAVE)
#include "../../modes/gcm_stitch_avx2.h"
#endif
#endif /* CHAM_ISA */
