/*
 * SPARX, private to src/ciphers/sparx/: the key schedule shared by sparx.c
 * (setup, reference block functions) and the ISA files (sparx_sse2.c,
 * sparx_avx2.c, sparx_avx512.c, sparx_neon.c), and, for the ISA files only (SPARX_ISA
 * defined), the word-sliced kernels written once over a small vector
 * vocabulary.
 */
#ifndef ARX_SPARX_H
#define ARX_SPARX_H

#include "cipher.h"
#include "internal.h"

/* branches * steps + 1 round-key rows of up to 2 * rounds_per_step words. */
#define SPARX_MAX_ROWS (4 * 10 + 1)

/*
 * The SIMD kernels read the round keys as two "programs" (enc, dec) that
 * setup derives from rk: 16-bit constants in the order the kernels use them,
 * each twice per 32-bit lane of a 16-byte row (SSE2 loads a row, the wider
 * ISAs broadcast its first 32 bits). sparx.c (sparx_build_programs) explains
 * how key XORs are folded into the three-input XORs of the ARX-boxes and the
 * linear layers.
 *   enc: 1 + branches + steps * (2 * branches * rounds) + branches - 1 rows
 *   dec: steps * (1 + 2 * branches * rounds) + 2 * branches rows
 */
#define SPARX_ENC_ROWS (1 + 4 + 10 * 32 + 3)
#define SPARX_DEC_ROWS (10 * 33 + 8)

/* The SIMD programs exist where a SIMD kernel reads them, the SWAR keys
 * where sparx_twoway.c is built: an AVR or MSP430 build (no SIMD,
 * ARX_NO_TWOWAY) keeps only rk, 658 bytes instead of ~14 KiB, which its
 * RAM holds (docs/EMBEDDED.md). */
#if ARX_X86_SIMD || ARX_ARM_NEON || ARX_WASM_SIMD
#define SPARX_PROGRAMS 1
#else
#define SPARX_PROGRAMS 0
#endif
#ifdef ARX_NO_TWOWAY
#define SPARX_TW_KEYS 0
#else
#define SPARX_TW_KEYS 1
#endif

typedef struct sparx_ks {
    /*
     * rk[branches * s + b][2 * r + {0,1}]: the (l, r) key of round r of
     * branch b in step s. Row branches * steps is the final whitening key,
     * of which the first 2 * branches words are used.
     */
    uint16_t rk[SPARX_MAX_ROWS][8];
    unsigned steps;
#if SPARX_PROGRAMS
    _Alignas(16) uint32_t enc[SPARX_ENC_ROWS][4];
    _Alignas(16) uint32_t dec[SPARX_DEC_ROWS][4];
#endif
#if SPARX_TW_KEYS
    /* rk in every 16-bit lane of a uint64_t, for sparx_twoway.c (a 32-bit
     * target's uint32_t SWAR registers take the low half) */
    uint64_t tw_rk[SPARX_MAX_ROWS][8];
#endif
#ifdef ARX_HAVE_ARMV7M
    /* sparx_armv7m.S's SPARX-64 key words (sparx.c: sparx64_armv7m_tables):
     * six per branch and step, and the packed whitening key (2 words). */
    uint32_t m_enc[8 * 12 + 2];
    uint32_t m_dec[2 + 8 * 12];
#endif
} sparx_ks;

/* Reference single-block functions and block loops (sparx.c). */
void sparx_encrypt_block64(const sparx_ks *ks, uint8_t *out, const uint8_t *in);
void sparx_decrypt_block64(const sparx_ks *ks, uint8_t *out, const uint8_t *in);
void sparx_encrypt_block128(const sparx_ks *ks, uint8_t *out, const uint8_t *in);
void sparx_decrypt_block128(const sparx_ks *ks, uint8_t *out, const uint8_t *in);
void sparx64_ref_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void sparx64_ref_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void sparx128_ref_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void sparx128_ref_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
/* Counter mode one block at a time: the last step of the SIMD tails. */
void sparx64_ref_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
void sparx128_ref_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);

/* ctr += n as a big-endian integer of `bytes` bytes, modulo 2^(8 bytes). The
 * counter is public, so its value may steer branches. */
ARX_INLINE void sparx_ctr_add(uint8_t *ctr, unsigned bytes, uint64_t n) {
    for (unsigned i = bytes; i-- > 0 && n;) {
        n += ctr[i];
        ctr[i] = (uint8_t)n;
        n >>= 8;
    }
}

#define SPARX_DECLARE_ISA(isa)                                                                     \
    void sparx64_##isa##_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n);       \
    void sparx64_##isa##_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n);       \
    void sparx64_##isa##_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,        \
                             size_t n);                                                            \
    void sparx128_##isa##_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n);      \
    void sparx128_##isa##_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n);      \
    void sparx128_##isa##_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,       \
                              size_t n);                                                           \
    extern const arx_backend sparx64_##isa##_backend;                                              \
    extern const arx_backend sparx128_##isa##_backend;

/* The portable SWAR backends (sparx_twoway.c), on every target. */
extern const arx_backend sparx64_twoway_backend;
extern const arx_backend sparx128_twoway_backend;

#if ARX_X86_SIMD
SPARX_DECLARE_ISA(sse2)
SPARX_DECLARE_ISA(avx2)
SPARX_DECLARE_ISA(avx512)
#endif
#if ARX_ARM_NEON
SPARX_DECLARE_ISA(neon)
#endif
#if ARX_WASM_SIMD
SPARX_DECLARE_ISA(wasm)
#endif

#endif /* ARX_SPARX_H */

#if defined(SPARX_ISA) && !defined(ARX_SPARX_KERNELS)
#define ARX_SPARX_KERNELS
/* ==== the kernels, for the ISA files ========================================
 *
 * The including file defines the vocabulary: V (vector type), VB (its bytes),
 * V_LOADU/V_STOREU, V_ROW(row) (a uint32_t[4] program row, broadcast),
 * V_XOR, V_XOR3 (a ^ b ^ c), V_ADD16/V_SUB16, V_ROL16(x, n) (constant n),
 * V_SET1_16, V_UNPACK{LO,HI}{16,32,64} (within 128-bit lanes), optionally
 * V_ROWU(row, u) (the row for batch u of an interleaved group) and
 * SPARX64_INTERLEAVE/SPARX128_INTERLEAVE, and the narrower kernels that take the tails:
 * SPARX64_TAIL_ENC/DEC/CTR, SPARX128_TAIL_ENC/DEC/CTR. With SPARX_PADDED_TAILS
 * (SSE2, the narrowest) tails of 2 or more blocks run as one zero-padded batch
 * and single blocks through the reference.
 *
 * Layout: word-sliced, VB/2 blocks per batch, one vector per 16-bit word:
 * (l0, a0, l1, a1, ...) for the (l, r) words of branches 0, 1, ... The r word
 * is kept XORed with the key of its next use (a = r ^ k1), so each ARX-box
 * round is XOR (l key), ROL 9 (= ROR 7), ADD, ROL 2, XOR3 (x ^ l ^ next key):
 * five operations.
 */
#ifndef V_ROWU
#define V_ROWU(row, u) V_ROW(row)
#endif
/* Batches processed side by side (independent work for the scheduler), per
 * block size: SPARX-128 holds 8 vectors per batch, SPARX-64 4. */
#ifndef SPARX64_INTERLEAVE
#define SPARX64_INTERLEAVE 1
#endif
#ifndef SPARX128_INTERLEAVE
#define SPARX128_INTERLEAVE 1
#endif

#define SPARX_CAT_(a, b, c) a##_##b##_##c
#define SPARX_CAT(a, b, c) SPARX_CAT_(a, b, c)
#define SPARX64_FN(name) SPARX_CAT(sparx64, SPARX_ISA, name)
#define SPARX128_FN(name) SPARX_CAT(sparx128, SPARX_ISA, name)
#define SPARX_FN(name) SPARX_CAT(sparx, SPARX_ISA, name)

#define SPARX_LANES (VB / 2) /* blocks per batch, both block sizes */

/* llvm-mca region names (ARX_MCA_BEGIN, internal.h) of the batch loops,
 * "<kernel>:<bytes per pass>": "sparx128_neon_ctr:128". */
#define SPARX_STR_(x) #x
#define SPARX_STR(x) SPARX_STR_(x)
#if SPARX64_INTERLEAVE * VB * 4 == 64
#define SPARX64_PASS 64
#elif SPARX64_INTERLEAVE * VB * 4 == 128
#define SPARX64_PASS 128
#elif SPARX64_INTERLEAVE * VB * 4 == 256
#define SPARX64_PASS 256
#elif SPARX64_INTERLEAVE * VB * 4 == 512
#define SPARX64_PASS 512
#else
#define SPARX64_PASS 1024
#endif
#if SPARX128_INTERLEAVE * VB * 8 == 128
#define SPARX128_PASS 128
#elif SPARX128_INTERLEAVE * VB * 8 == 256
#define SPARX128_PASS 256
#elif SPARX128_INTERLEAVE * VB * 8 == 512
#define SPARX128_PASS 512
#else
#define SPARX128_PASS 1024
#endif
#define SPARX_MCA(W, kind) "sparx" #W "_" SPARX_ISA_NAME "_" kind ":" SPARX_STR(SPARX##W##_PASS)
/* llvm-mca reads a region as straight-line code, and the step loops run
 * ks->steps times: an analysis build (-DARX_MCA -S, never linked or run)
 * pins them to 8 (SPARX-64/128 and SPARX-128/128) and unrolls them into the
 * batch; SPARX-128/256 then computes garbage. */
#if defined(ARX_MCA)
#define SPARX_KS_STEPS(ks) ((void)(ks), 8u)
#if defined(__clang__)
#define SPARX_STEP_LOOP _Pragma("clang loop unroll(full)")
#else
#define SPARX_STEP_LOOP _Pragma("GCC unroll 16")
#endif
#else
#define SPARX_KS_STEPS(ks) ((ks)->steps)
#define SPARX_STEP_LOOP
#endif
/* ECB: `dec` is a constant once the kernel is inlined, one name survives. */
#define SPARX_MCA_ECB(W, MARK, dec)                                                                \
    do {                                                                                           \
        if (dec)                                                                                   \
            MARK(SPARX_MCA(W, "decrypt"));                                                         \
        else                                                                                       \
            MARK(SPARX_MCA(W, "encrypt"));                                                         \
    } while (0)
#define SPARX_FOR_U for (unsigned u = 0; u < NB; u++)
#if defined(__clang__) /* clang left "GCC unroll 8" loops of fewer trips rolled */
#define SPARX_UNROLL _Pragma("clang loop unroll(full)")
#else
#define SPARX_UNROLL _Pragma("GCC unroll 8")
#endif

typedef const uint32_t (*sparx_rows)[4];

/* ---- transposes ------------------------------------------------------------ */

/* SPARX-64: as CHAM-64's (cham.h): 4 vectors of 8-byte blocks <-> 4 vectors
 * of 16-bit words, three unpack levels, its own inverse. */
ARX_INLINE void SPARX64_FN(transpose3)(V *x0, V *x1, V *x2, V *x3) {
    V p0 = V_UNPACKLO16(*x0, *x1), p1 = V_UNPACKHI16(*x0, *x1);
    V q0 = V_UNPACKLO16(*x2, *x3), q1 = V_UNPACKHI16(*x2, *x3);
    V r0 = V_UNPACKLO32(p0, q0), r1 = V_UNPACKHI32(p0, q0);
    V r2 = V_UNPACKLO32(p1, q1), r3 = V_UNPACKHI32(p1, q1);
    *x0 = V_UNPACKLO64(r0, r2);
    *x1 = V_UNPACKHI64(r0, r2);
    *x2 = V_UNPACKLO64(r1, r3);
    *x3 = V_UNPACKHI64(r1, r3);
}

/* SPARX-64 counter mode: two levels; word lane p (0..7) of 128-bit lane L is
 * block (p/2) * 2 * (VB/16) + 2L + (p & 1). */
ARX_INLINE void SPARX64_FN(store2)(uint8_t *out, const uint8_t *in, const V *w) {
    V p0 = V_UNPACKLO16(w[0], w[1]), p1 = V_UNPACKHI16(w[0], w[1]);
    V q0 = V_UNPACKLO16(w[2], w[3]), q1 = V_UNPACKHI16(w[2], w[3]);
    V_STOREU(out, V_XOR(V_UNPACKLO32(p0, q0), V_LOADU(in)));
    V_STOREU(out + VB, V_XOR(V_UNPACKHI32(p0, q0), V_LOADU(in + VB)));
    V_STOREU(out + 2 * VB, V_XOR(V_UNPACKLO32(p1, q1), V_LOADU(in + 2 * VB)));
    V_STOREU(out + 3 * VB, V_XOR(V_UNPACKHI32(p1, q1), V_LOADU(in + 3 * VB)));
}

/* SPARX-128: the 8x8 transpose of 16-bit words in each 128-bit lane (one
 * block per lane per vector); word lane p of 128-bit lane L is block
 * p * (VB/16) + L. Its own inverse. */
ARX_INLINE void SPARX128_FN(transpose)(V *x) {
    V p[8], q[8];
    for (unsigned i = 0; i < 4; i++) {
        p[2 * i] = V_UNPACKLO16(x[2 * i], x[2 * i + 1]);
        p[2 * i + 1] = V_UNPACKHI16(x[2 * i], x[2 * i + 1]);
    }
    for (unsigned i = 0; i < 2; i++) {
        q[4 * i] = V_UNPACKLO32(p[4 * i], p[4 * i + 2]);
        q[4 * i + 1] = V_UNPACKHI32(p[4 * i], p[4 * i + 2]);
        q[4 * i + 2] = V_UNPACKLO32(p[4 * i + 1], p[4 * i + 3]);
        q[4 * i + 3] = V_UNPACKHI32(p[4 * i + 1], p[4 * i + 3]);
    }
    for (unsigned i = 0; i < 4; i++) {
        x[2 * i] = V_UNPACKLO64(q[i], q[i + 4]);
        x[2 * i + 1] = V_UNPACKHI64(q[i], q[i + 4]);
    }
}

/* ---- steps ------------------------------------------------------------------ */

/*
 * The rows of one encryption step: branch 0 has no key row before its first
 * round (its l arrives already keyed), so branch b's rows start at
 * SPARX_BASE(b) and round r's (l key, next r key) rows at SPARX_LK(b, r)
 * and SPARX_RC(b, r). The linear layer's row is the step's last.
 */
#define SPARX_BASE(b, ra) ((b) == 0 ? 0u : 2u * (ra) - 1u + 2u * (ra) * ((b) - 1u))
#define SPARX_RC(b, r, ra) (SPARX_BASE(b, ra) + 2u * (r) + ((b) == 0 ? 0u : 1u))
#define SPARX_LK(b, r, ra) (SPARX_RC(b, r, ra) - 1u) /* not for branch 0, round 0 */
#define SPARX_STEP_ROWS(nb, ra) (2u * (nb) * (ra))

#define SPARX_SFN(name) SPARX_FN(name)
#define SPARX_ROWS sparx_rows
#define SPARX_KEY(row, u) V_ROWU(row, u)
#include "sparx_steps.h"

ARX_INLINE void SPARX_FN(enc_words)(const sparx_ks *ks, V st[][8], unsigned nb, unsigned ra, unsigned NB) {
    SPARX_FN(enc_words_p)(ks->enc, SPARX_KS_STEPS(ks), st, nb, ra, NB);
}

/*
 * Decryption: each branch's words carry pending key XORs that the program
 * rows fold into the next three-input XOR (sparx.c). Inverse round:
 * r = ROR2(r ^ l ^ (P0 ^ P1)); l = ROL7((l ^ P0) - r).
 */
ARX_INLINE void SPARX_FN(dec_words)(const sparx_ks *ks, V st[][8], unsigned nb, unsigned ra,
                                    unsigned NB) {
    sparx_rows p = ks->dec;
    SPARX_STEP_LOOP for (unsigned s = SPARX_KS_STEPS(ks); s-- > 0;) {
        if (nb == 2) {
            SPARX_UNROLL SPARX_FOR_U {
                V t = V_ROL16(V_XOR3(st[u][2], st[u][3], V_ROWU(p[0], u)), 8);
                V y0 = V_XOR3(st[u][0], st[u][2], t), y1 = V_XOR3(st[u][1], st[u][3], t);
                st[u][0] = st[u][2], st[u][1] = st[u][3];
                st[u][2] = y0, st[u][3] = y1;
            }
        } else {
            SPARX_UNROLL SPARX_FOR_U {
                V t = V_ROL16(V_XOR3(V_XOR3(st[u][4], st[u][5], st[u][6]), st[u][7], V_ROWU(p[0], u)), 8);
                V y0 = V_XOR3(st[u][0], st[u][6], t), y1 = V_XOR3(st[u][1], st[u][5], t);
                V y2 = V_XOR3(st[u][2], st[u][4], t), y3 = V_XOR3(st[u][3], st[u][7], t);
                st[u][0] = st[u][4], st[u][1] = st[u][5], st[u][2] = st[u][6], st[u][3] = st[u][7];
                st[u][4] = y0, st[u][5] = y1, st[u][6] = y2, st[u][7] = y3;
            }
        }
        p += 1;
        SPARX_UNROLL for (unsigned i = 0; i < ra; i++) {
            SPARX_UNROLL for (unsigned b = 0; b < nb; b++) {
                sparx_rows q = p + 2 * (ra * b + i);
                SPARX_UNROLL SPARX_FOR_U {
                    V r = V_ROL16(V_XOR3(st[u][2 * b + 1], st[u][2 * b], V_ROWU(q[0], u)), 14);
                    st[u][2 * b] = V_ROL16(V_SUB16(V_XOR(st[u][2 * b], V_ROWU(q[1], u)), r), 7);
                    st[u][2 * b + 1] = r;
                }
            }
        }
        p += 2 * nb * ra;
    }
    SPARX_UNROLL SPARX_FOR_U SPARX_UNROLL for (unsigned w = 0; w < 2 * nb; w++) st[u][w] =
        V_XOR(st[u][w], V_ROWU(p[w], u));
}

/* ---- SPARX-64: 2 branches, 3 rounds per step ----------------------------------- */

ARX_INLINE void SPARX64_FN(batches)(const sparx_ks *ks, uint8_t *out, const uint8_t *in, unsigned NB,
                                    int dec) {
    V st[SPARX64_INTERLEAVE][8];
    SPARX_UNROLL SPARX_FOR_U {
        const uint8_t *p = in + 4 * VB * u;
        st[u][0] = V_LOADU(p), st[u][1] = V_LOADU(p + VB);
        st[u][2] = V_LOADU(p + 2 * VB), st[u][3] = V_LOADU(p + 3 * VB);
        SPARX64_FN(transpose3)(&st[u][0], &st[u][1], &st[u][2], &st[u][3]);
    }
    if (dec)
        SPARX_FN(dec_words)(ks, st, 2, 3, NB);
    else
        SPARX_FN(enc_words)(ks, st, 2, 3, NB);
    SPARX_UNROLL SPARX_FOR_U {
        uint8_t *p = out + 4 * VB * u;
        SPARX64_FN(transpose3)(&st[u][0], &st[u][1], &st[u][2], &st[u][3]);
        V_STOREU(p, st[u][0]);
        V_STOREU(p + VB, st[u][1]);
        V_STOREU(p + 2 * VB, st[u][2]);
        V_STOREU(p + 3 * VB, st[u][3]);
    }
}

ARX_INLINE size_t SPARX64_FN(ecb)(const sparx_ks *ks, uint8_t *out, const uint8_t *in, size_t n, int dec) {
    size_t done = 0;
    for (; n - done >= SPARX64_INTERLEAVE * SPARX_LANES; done += SPARX64_INTERLEAVE * SPARX_LANES) {
        SPARX_MCA_ECB(64, ARX_MCA_BEGIN, dec);
        SPARX64_FN(batches)(ks, out + 8 * done, in + 8 * done, SPARX64_INTERLEAVE, dec);
        SPARX_MCA_ECB(64, ARX_MCA_END, dec);
    }
#if SPARX64_INTERLEAVE > 1
    for (; n - done >= SPARX_LANES; done += SPARX_LANES)
        SPARX64_FN(batches)(ks, out + 8 * done, in + 8 * done, 1, dec);
#endif
    return done;
}

/*
 * Counter mode over whole batches in one run of the counter: only its low 16
 * bits change (v + k for block k), so words 0..2 are fixed and word 3 =
 * BSWAP16(v + k). Branch 0 of step 0 and branch 1 of step 1 (which is branch
 * 0 of step 0 moved over by L) then depend on the fixed words only and run
 * once per run, as does the l half of branch 1's first round and most of
 * step 0's linear layer: 2 of the 16 branch-steps.
 */
typedef struct SPARX64_FN(ctr_consts) {
    V A1K, L1R, RC1, CY2, CY3, LB1, AB1;
} SPARX64_FN(ctr_consts);

ARX_INLINE void SPARX64_FN(ctr_group)(const sparx_ks *ks, const SPARX64_FN(ctr_consts) *c, V *cnt,
                                      uint8_t *out, const uint8_t *in, unsigned NB) {
    enum { nb = 2, ra = 3 };
    sparx_rows p1 = ks->enc + 1 + nb + SPARX_STEP_ROWS(nb, ra); /* step 1 */
    V st[SPARX64_INTERLEAVE][8];
    SPARX_UNROLL SPARX_FOR_U {
        V a1 = V_XOR(V_ROL16(*cnt, 8), c->A1K); /* w3 ^ key */
        *cnt = V_ADD16(*cnt, V_SET1_16(SPARX_LANES));
        st[u][2] = V_ADD16(c->L1R, a1); /* step 0, branch 1, round 0 */
        st[u][3] = V_XOR3(V_ROL16(a1, 2), st[u][2], c->RC1);
    }
    SPARX_FN(rounds)(st, ks->enc + 1 + nb, nb, ra, 2, 1, NB); /* its rounds 1, 2 */
    SPARX_UNROLL SPARX_FOR_U {
        st[u][0] = V_XOR(st[u][2], c->CY2); /* step 0's L: new branch 0 */
        st[u][1] = V_XOR(st[u][3], c->CY3);
        st[u][2] = c->LB1; /* new branch 1, through step 1 already */
        st[u][3] = c->AB1;
    }
    SPARX_FN(rounds)(st, p1, nb, ra, 1, 0, NB);
    SPARX_FN(linear2)(st, p1 + SPARX_STEP_ROWS(nb, ra) - 1, NB);
    sparx_rows p = SPARX_FN(enc_steps)(st, p1 + SPARX_STEP_ROWS(nb, ra), 2, SPARX_KS_STEPS(ks), nb, ra, NB);
    SPARX_UNROLL SPARX_FOR_U {
        st[u][2] = V_XOR(st[u][2], V_ROWU(p[0], u));
        SPARX64_FN(store2)(out + 4 * VB * u, in + 4 * VB * u, st[u]);
    }
}

#ifndef SPARX_GCM_ONLY
static void SPARX64_FN(ctr_run)(const sparx_ks *ks, const uint8_t *ctr, uint8_t *out,
                                const uint8_t *in, size_t nb_batches) {
    enum { nb = 2, ra = 3 };
    sparx_rows e = ks->enc;
    V k[1][8];
    /* step 0, branch 0 on the fixed words, broadcast */
    k[0][0] = V_XOR(V_SET1_16(arx_load16_le(ctr)), V_ROW(e[0]));
    k[0][1] = V_XOR(V_SET1_16(arx_load16_le(ctr + 2)), V_ROW(e[1]));
    SPARX_FN(rounds)(k, e + 1 + nb, nb, ra, 1, 0, 1);
    SPARX64_FN(ctr_consts) c;
    sparx_rows b1 = e + 1 + nb + SPARX_BASE(1, ra);
    c.A1K = V_ROW(e[2]);
    c.L1R = V_ROL16(V_XOR(V_SET1_16(arx_load16_le(ctr + 4)), V_ROW(b1[0])), 9);
    c.RC1 = V_ROW(b1[1]);
    V t = V_ROL16(V_XOR3(k[0][0], k[0][1], V_ROW(e[1 + nb + SPARX_STEP_ROWS(nb, ra) - 1])), 8);
    c.CY2 = V_XOR(k[0][0], t);
    c.CY3 = V_XOR(k[0][1], t);
    /* step 1, branch 1: step 0's branch 0 moved over */
    k[0][2] = k[0][0], k[0][3] = k[0][1];
    SPARX_FN(rounds)(k, e + 1 + nb + SPARX_STEP_ROWS(nb, ra), nb, ra, 2, 0, 1);
    c.LB1 = k[0][2], c.AB1 = k[0][3];

    _Alignas(64) uint16_t io[SPARX_LANES];
    for (unsigned q = 0; q < SPARX_LANES; q++) {
        unsigned L = q / 8, pp = q % 8;
        io[q] = (uint16_t)((pp / 2) * (VB / 8) + 2 * L + (pp & 1));
    }
    V cnt = V_ADD16(V_SET1_16((ctr[6] << 8) | ctr[7]), V_LOADU(io));
    size_t i = 0;
    for (; nb_batches - i >= SPARX64_INTERLEAVE; i += SPARX64_INTERLEAVE) {
        ARX_MCA_BEGIN(SPARX_MCA(64, "ctr"));
        SPARX64_FN(ctr_group)(ks, &c, &cnt, out + 4 * VB * i, in + 4 * VB * i, SPARX64_INTERLEAVE);
        ARX_MCA_END(SPARX_MCA(64, "ctr"));
    }
#if SPARX64_INTERLEAVE > 1
    for (; i < nb_batches; i++) SPARX64_FN(ctr_group)(ks, &c, &cnt, out + 4 * VB * i, in + 4 * VB * i, 1);
#endif
}

#endif /* !SPARX_GCM_ONLY */

/* ---- SPARX-128: 4 branches, 4 rounds per step ---------------------------------- */

ARX_INLINE void SPARX128_FN(batches)(const sparx_ks *ks, uint8_t *out, const uint8_t *in, unsigned NB,
                                     int dec) {
    V st[SPARX128_INTERLEAVE][8];
    SPARX_UNROLL SPARX_FOR_U {
        SPARX_UNROLL for (unsigned w = 0; w < 8; w++) st[u][w] = V_LOADU(in + 8 * VB * u + VB * w);
        SPARX128_FN(transpose)(st[u]);
    }
    if (dec)
        SPARX_FN(dec_words)(ks, st, 4, 4, NB);
    else
        SPARX_FN(enc_words)(ks, st, 4, 4, NB);
    SPARX_UNROLL SPARX_FOR_U {
        SPARX128_FN(transpose)(st[u]);
        SPARX_UNROLL for (unsigned w = 0; w < 8; w++) V_STOREU(out + 8 * VB * u + VB * w, st[u][w]);
    }
}

ARX_INLINE size_t SPARX128_FN(ecb)(const sparx_ks *ks, uint8_t *out, const uint8_t *in, size_t n, int dec) {
    size_t done = 0;
    for (; n - done >= SPARX128_INTERLEAVE * SPARX_LANES; done += SPARX128_INTERLEAVE * SPARX_LANES) {
        SPARX_MCA_ECB(128, ARX_MCA_BEGIN, dec);
        SPARX128_FN(batches)(ks, out + 16 * done, in + 16 * done, SPARX128_INTERLEAVE, dec);
        SPARX_MCA_ECB(128, ARX_MCA_END, dec);
    }
#if SPARX128_INTERLEAVE > 1
    for (; n - done >= SPARX_LANES; done += SPARX_LANES)
        SPARX128_FN(batches)(ks, out + 16 * done, in + 16 * done, 1, dec);
#endif
    return done;
}

/*
 * Counter mode, runs of the low 16 bits: only word 7 = BSWAP16(v + k) of
 * branch 3 changes. Once per run: branches 0-2 of step 0, the l half of
 * branch 3's first round, all of step 0's L' but two XORs, and branches 0,
 * 2, 3 of step 1: 6 of the 32 (SPARX-128/128) branch-steps.
 */
typedef struct SPARX128_FN(ctr_consts) {
    V A3K, L3R, RC3, CY6, CY7, P[8];
} SPARX128_FN(ctr_consts);

/* Steps 0 and 1 of NB batches of counter blocks (word 7 = BSWAP16(*cnt),
 * then *cnt += NB batches; l3r: branch 3's l half after round 0 of step
 * 0, which holds word 6). */
ARX_INLINE void SPARX128_FN(ctr_head)(const sparx_ks *ks, const SPARX128_FN(ctr_consts) *c, V *cnt, V l3r,
                                      V st[][8], unsigned NB) {
    enum { nb = 4, ra = 4 };
    sparx_rows p0 = ks->enc + 1 + nb, p1 = p0 + SPARX_STEP_ROWS(nb, ra);
    SPARX_UNROLL SPARX_FOR_U {
        V a3 = V_XOR(V_ROL16(*cnt, 8), c->A3K); /* w7 ^ key */
        *cnt = V_ADD16(*cnt, V_SET1_16(SPARX_LANES));
        st[u][6] = V_ADD16(l3r, a3); /* step 0, branch 3, round 0 */
        st[u][7] = V_XOR3(V_ROL16(a3, 2), st[u][6], c->RC3);
    }
    SPARX_FN(rounds)(st, p0, nb, ra, 8, 1, NB); /* its rounds 1..3 */
    SPARX_UNROLL SPARX_FOR_U {
        st[u][2] = V_XOR(st[u][6], c->CY6); /* step 0's L': new branch 1 */
        st[u][3] = V_XOR(st[u][7], c->CY7);
        st[u][0] = c->P[0], st[u][1] = c->P[1]; /* branches 0, 2, 3 through step 1 */
        st[u][4] = c->P[4], st[u][5] = c->P[5];
        st[u][6] = c->P[6], st[u][7] = c->P[7];
    }
    SPARX_FN(rounds)(st, p1, nb, ra, 2, 0, NB);
    SPARX_FN(linear4)(st, p1 + SPARX_STEP_ROWS(nb, ra) - 1, NB);
}

/* The last key XOR (p: past the last step's rows), out = in XOR keystream. */
ARX_INLINE void SPARX128_FN(ctr_store)(V st[][8], sparx_rows p, uint8_t *out, const uint8_t *in, unsigned NB) {
    SPARX_UNROLL SPARX_FOR_U {
        const uint8_t *pi = in + 8 * VB * u;
        uint8_t *po = out + 8 * VB * u;
        SPARX_UNROLL for (unsigned b = 1; b < 4; b++) st[u][2 * b] = V_XOR(st[u][2 * b], V_ROWU(p[b - 1], u));
        SPARX128_FN(transpose)(st[u]);
        SPARX_UNROLL for (unsigned w = 0; w < 8; w++) V_STOREU(po + VB * w, V_XOR(st[u][w], V_LOADU(pi + VB * w)));
    }
}

ARX_INLINE void SPARX128_FN(ctr_group)(const sparx_ks *ks, const SPARX128_FN(ctr_consts) *c, V *cnt,
                                       uint8_t *out, const uint8_t *in, unsigned NB) {
    enum { nb = 4, ra = 4 };
    sparx_rows p2 = ks->enc + 1 + nb + 2 * SPARX_STEP_ROWS(nb, ra);
    V st[SPARX128_INTERLEAVE][8];
    SPARX128_FN(ctr_head)(ks, c, cnt, c->L3R, st, NB);
    sparx_rows p = SPARX_FN(enc_steps)(st, p2, 2, SPARX_KS_STEPS(ks), nb, ra, NB);
    SPARX128_FN(ctr_store)(st, p, out, in, NB);
}

/* The constants of counter blocks ctr[0..13] || any low 16 bits; *lk3, the
 * key row that L3R folds into word 6 (for the GCM kernel, whose word 6 is
 * not fixed). */
ARX_INLINE void SPARX128_FN(ctr_setup)(const sparx_ks *ks, const uint8_t *ctr, SPARX128_FN(ctr_consts) *c,
                                       V *lk3) {
    enum { nb = 4, ra = 4 };
    sparx_rows e = ks->enc, p0 = e + 1 + nb, p1 = p0 + SPARX_STEP_ROWS(nb, ra);
    V k[1][8];
    SPARX_UNROLL for (unsigned w = 0; w < 8; w++) k[0][w] = V_SET1_16(arx_load16_le(ctr + 2 * w));
    k[0][0] = V_XOR(k[0][0], V_ROW(e[0]));
    SPARX_UNROLL for (unsigned b = 0; b < 3; b++) k[0][2 * b + 1] = V_XOR(k[0][2 * b + 1], V_ROW(e[1 + b]));
    c->A3K = V_ROW(e[4]);
    *lk3 = V_ROW(p0[SPARX_LK(3, 0, ra)]);
    c->L3R = V_ROL16(V_XOR(k[0][6], *lk3), 9);
    c->RC3 = V_ROW(p0[SPARX_RC(3, 0, ra)]);
    SPARX_FN(rounds)(k, p0, nb, ra, 7, 0, 1); /* step 0, branches 0-2 */
    V t = V_ROL16(V_XOR3(V_XOR3(k[0][0], k[0][1], k[0][2]), k[0][3], V_ROW(p1[-1])), 8);
    c->CY6 = V_XOR(k[0][0], t);
    c->CY7 = V_XOR(k[0][3], t);
    V y4 = V_XOR3(k[0][4], k[0][2], t), y5 = V_XOR3(k[0][5], k[0][1], t);
    k[0][6] = k[0][2], k[0][7] = k[0][3];
    k[0][4] = k[0][0], k[0][5] = k[0][1];
    k[0][0] = y4, k[0][1] = y5;
    SPARX_FN(rounds)(k, p1, nb, ra, 1 | 4 | 8, 0, 1); /* step 1, branches 0, 2, 3 */
    for (unsigned w = 0; w < 8; w++) c->P[w] = k[0][w];
}

/* Lane q of a batch's counter vector: block (q % 8) * (VB / 16) + q / 8. */
ARX_INLINE V SPARX128_FN(ctr_offsets)(void) {
    _Alignas(64) uint16_t io[SPARX_LANES];
    for (unsigned q = 0; q < SPARX_LANES; q++) io[q] = (uint16_t)((q % 8) * (VB / 16) + q / 8);
    return V_LOADU(io);
}

#ifndef SPARX_GCM_ONLY /* sparx_gcm_avx2clmul.c: the inline kernels only */
static void SPARX128_FN(ctr_run)(const sparx_ks *ks, const uint8_t *ctr, uint8_t *out,
                                 const uint8_t *in, size_t nb_batches) {
    SPARX128_FN(ctr_consts) c;
    V lk3;
    SPARX128_FN(ctr_setup)(ks, ctr, &c, &lk3);
    V cnt = V_ADD16(V_SET1_16((ctr[14] << 8) | ctr[15]), SPARX128_FN(ctr_offsets)());
    size_t i = 0;
    for (; nb_batches - i >= SPARX128_INTERLEAVE; i += SPARX128_INTERLEAVE) {
        ARX_MCA_BEGIN(SPARX_MCA(128, "ctr"));
        SPARX128_FN(ctr_group)(ks, &c, &cnt, out + 8 * VB * i, in + 8 * VB * i, SPARX128_INTERLEAVE);
        ARX_MCA_END(SPARX_MCA(128, "ctr"));
    }
#if SPARX128_INTERLEAVE > 1
    for (; i < nb_batches; i++) SPARX128_FN(ctr_group)(ks, &c, &cnt, out + 8 * VB * i, in + 8 * VB * i, 1);
#endif
}
#endif /* !SPARX_GCM_ONLY */

#ifndef SPARX_GCM_ONLY
/* ---- tails and entry points, both block sizes --------------------------------- */

#ifdef SPARX_PADDED_TAILS
/* Fewer than a batch: one zero-padded batch on the stack, or the reference for
 * a single block. For counter mode all blocks lie in one run. */
#define SPARX_TAILS(W, BB, FN)                                                                     \
    static void FN(tail_ecb)(const void *ks, uint8_t *out, const uint8_t *in, size_t n, int dec) { \
        if (n < 2) {                                                                               \
            if (n) (dec ? sparx##W##_ref_decrypt : sparx##W##_ref_encrypt)(ks, out, in, n);        \
            return;                                                                                \
        }                                                                                          \
        _Alignas(64) uint8_t buf[SPARX_LANES * BB];                                                \
        memset(buf, 0, sizeof buf);                                                                \
        memcpy(buf, in, BB * n);                                                                   \
        FN(batches)(ks, buf, buf, 1, dec);                                                         \
        memcpy(out, buf, BB * n);                                                                  \
        arx_wipe(buf, sizeof buf);                                                                 \
    }                                                                                              \
    static void FN(tail_enc)(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {          \
        FN(tail_ecb)(ks, out, in, n, 0);                                                           \
    }                                                                                              \
    static void FN(tail_dec)(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {          \
        FN(tail_ecb)(ks, out, in, n, 1);                                                           \
    }                                                                                              \
    static void FN(tail_ctr)(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,        \
                             size_t n) {                                                           \
        if (n < 2) {                                                                               \
            sparx##W##_ref_ctr(ks, ctr, out, in, n);                                               \
            return;                                                                                \
        }                                                                                          \
        _Alignas(64) uint8_t buf[SPARX_LANES * BB];                                                \
        memset(buf, 0, sizeof buf);                                                                \
        memcpy(buf, in, BB * n);                                                                   \
        FN(ctr_run)(ks, ctr, buf, buf, 1);                                                         \
        memcpy(out, buf, BB * n);                                                                  \
        arx_wipe(buf, sizeof buf);                                                                 \
        sparx_ctr_add(ctr, BB, n);                                                                 \
    }
SPARX_TAILS(64, 8, SPARX64_FN)
SPARX_TAILS(128, 16, SPARX128_FN)
#define SPARX64_TAIL_ENC SPARX64_FN(tail_enc)
#define SPARX64_TAIL_DEC SPARX64_FN(tail_dec)
#define SPARX64_TAIL_CTR SPARX64_FN(tail_ctr)
#define SPARX128_TAIL_ENC SPARX128_FN(tail_enc)
#define SPARX128_TAIL_DEC SPARX128_FN(tail_dec)
#define SPARX128_TAIL_CTR SPARX128_FN(tail_ctr)
#endif

/* ---- many messages at once (issue 24) -------------------------------------------
 * SPARX-128 (SPARX-64: below) on AVX2, AVX-512, NEON and SIMD128 (the ISA file
 * defines SPARX_MANY_NB, batches interleaved, even; NEON files SPARX_MANY_NEON
 * too, many_simd.h's LM_NEON): one message per 32-bit lane
 * through ../many_simd.h.
 * The steps are sparx_steps.h's again, walking a transposed program (lane l
 * of vector i: row i of lane l's key, its 16-bit constant twice). A lane's
 * 32-bit element holds two 16-bit word lanes, so one sliced state carries
 * two blocks of every message: batches 2u and 2u + 1 of many_simd.h (block
 * words as 32-bit pairs) are packed into state u (word 2k of batch 2u's block
 * in the low half, of batch 2u + 1's in the high half; word 2k + 1 likewise)
 * and unpacked after. */
#ifdef SPARX_MANY_NB
#define SPARX_SFN(name) SPARX_CAT(sparx, SPARX_ISA, lanes_##name) /* SPARX-128's and SPARX-64's */
#define SPARX_ROWS const V *
#define SPARX_KEY(row, u) (row)
#include "sparx_steps.h"

#if defined(SPARX_MANY_NEON)
/* shift-insert: one instruction for each pairing, (b << 16) | low half of a
 * and high half of b | (a >> 16) */
#define SPARX_PAIR_LO(a, b) vsliq_n_u32((a), (b), 16)
#define SPARX_PAIR_HI(a, b) vsriq_n_u32((b), (a), 16)
#elif defined(__wasm_simd128__)
#define SPARX_LO_HI(a, b) wasm_i16x8_shuffle((a), (b), 0, 9, 2, 11, 4, 13, 6, 15)
#define SPARX_SHL16(x) wasm_i32x4_shl((x), 16)
#define SPARX_SHR16(x) wasm_u32x4_shr((x), 16)
#elif VB == 64
#define SPARX_LO_HI(a, b) _mm512_mask_blend_epi16(0xaaaaaaaau, (a), (b)) /* low halves of a, high of b */
#define SPARX_SHL16(x) _mm512_slli_epi32((x), 16)
#define SPARX_SHR16(x) _mm512_srli_epi32((x), 16)
#else
#define SPARX_LO_HI(a, b) _mm256_blend_epi16((a), (b), 0xaa)
#define SPARX_SHL16(x) _mm256_slli_epi32((x), 16)
#define SPARX_SHR16(x) _mm256_srli_epi32((x), 16)
#endif
#ifndef SPARX_PAIR_LO /* the low halves of a, then of b; the high halves of a, then of b */
#define SPARX_PAIR_LO(a, b) SPARX_LO_HI((a), SPARX_SHL16(b))
#define SPARX_PAIR_HI(a, b) SPARX_LO_HI(SPARX_SHR16(a), (b))
#endif
_Static_assert(SPARX_ENC_ROWS <= ARX_MANY_SCHED_WORDS, "sparx.h: arx_many_sched holds a program per lane");

ARX_INLINE void SPARX128_FN(many_rounds)(const V *lk, unsigned steps, V s[][4], unsigned nb) {
    V st[(SPARX_MANY_NB + 1) / 2][8];
    const unsigned NB = (nb + 1) / 2;
    SPARX_UNROLL for (unsigned u = 0; u < NB; u++) {
        const V *a = s[2 * u], *b = s[2 * u + 1 < nb ? 2 * u + 1 : 2 * u];
        SPARX_UNROLL for (unsigned k = 0; k < 4; k++) {
            st[u][2 * k] = SPARX_PAIR_LO(a[k], b[k]);
            st[u][2 * k + 1] = SPARX_PAIR_HI(a[k], b[k]);
        }
    }
    SPARX_CAT(sparx, SPARX_ISA, lanes_enc_words_p)(lk, steps, st, 4, 4, NB);
    SPARX_UNROLL for (unsigned u = 0; u < NB; u++) {
        SPARX_UNROLL for (unsigned k = 0; k < 4; k++) {
            const V lo = st[u][2 * k], hi = st[u][2 * k + 1];
            s[2 * u][k] = SPARX_PAIR_LO(lo, hi);
            if (2 * u + 1 < nb) s[2 * u + 1][k] = SPARX_PAIR_HI(lo, hi);
        }
    }
}
#undef SPARX_LO_HI
#undef SPARX_SHL16
#undef SPARX_SHR16
#undef SPARX_PAIR_LO
#undef SPARX_PAIR_HI

#define LM_VBITS (VB * 8)
#define LM_W 32
#define LM_FN(name) SPARX128_FN(name)
#define LM_NB SPARX_MANY_NB
#define LM_KS_T sparx_ks
#define LM_KS_WORDS(ks) ((size_t)(1 + 4 + SPARX_STEP_ROWS(4, 4) * SPARX_KS_STEPS(ks) + 3))
#define LM_KS_WORD(ks, i) ((ks)->enc[i][0])
#define LM_ROUNDS(lk, ks, s, nb) SPARX128_FN(many_rounds)(lk, SPARX_KS_STEPS(ks), s, nb)
#ifdef SPARX_MANY_NEON
#define LM_NEON
#endif
#include "../many_simd.h"
#ifndef SPARX128_MANY_CTR_ALONE /* the ISA file's ARX_MANY_CTR_ALONE, if any */
#define SPARX128_MANY_CTR_ALONE
#endif
#define SPARX128_MANY_ , .many_lanes = VB / 4, .ctr_many = SPARX128_FN(ctr_many) SPARX128_MANY_CTR_ALONE

/* SPARX-64 (two branches of three rounds a step) the same way, one message
 * per 32-bit lane: ../many_simd.h's LM_ROUNDS16 packs the 16-bit words of two
 * of its batches into one state (its layout is the one above). */
ARX_INLINE void SPARX64_FN(many_rounds)(const V *lk, unsigned steps, V s4[][4], unsigned NB) {
    V st[(SPARX_MANY_NB + 1) / 2][8];
    SPARX_UNROLL for (unsigned u = 0; u < NB; u++) SPARX_UNROLL for (unsigned w = 0; w < 4; w++) st[u][w] = s4[u][w];
    SPARX_CAT(sparx, SPARX_ISA, lanes_enc_words_p)(lk, steps, st, 2, 3, NB);
    SPARX_UNROLL for (unsigned u = 0; u < NB; u++) SPARX_UNROLL for (unsigned w = 0; w < 4; w++) s4[u][w] = st[u][w];
}
#define LM_VBITS (VB * 8)
#define LM_W 32
#define LM_BLOCK 64
#define LM_FN(name) SPARX64_FN(name)
#define LM_NB SPARX_MANY_NB
#define LM_KS_T sparx_ks
#define LM_KS_WORDS(ks) ((size_t)(1 + 2 + SPARX_STEP_ROWS(2, 3) * SPARX_KS_STEPS(ks) + 1))
#define LM_KS_WORD(ks, i) ((ks)->enc[i][0])
#define LM_ROUNDS16(lk, ks, st, np) SPARX64_FN(many_rounds)(lk, SPARX_KS_STEPS(ks), st, (unsigned)(np))
#ifdef SPARX_MANY_NEON
#define LM_NEON
#endif
#include "../many_simd.h"
#define SPARX64_MANY_ , .many_lanes = VB / 4, .ctr_many = SPARX64_FN(ctr_many)
#else
#define SPARX128_MANY_
#define SPARX64_MANY_
#endif

/* Whole batches here, the rest to the narrower kernel; counter mode splits
 * the work where the counter's low 16 bits wrap. */
#define SPARX_ENTRY(W, BB, FN, TAIL_ENC, TAIL_DEC, TAIL_CTR, MANY)                                 \
    void FN(encrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {                  \
        size_t done = FN(ecb)(ks, out, in, n, 0);                                                  \
        if (n > done) TAIL_ENC(ks, out + BB * done, in + BB * done, n - done);                     \
    }                                                                                              \
    void FN(decrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {                  \
        size_t done = FN(ecb)(ks, out, in, n, 1);                                                  \
        if (n > done) TAIL_DEC(ks, out + BB * done, in + BB * done, n - done);                     \
    }                                                                                              \
    void FN(ctr)(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t n) {        \
        while (n) {                                                                                \
            size_t room = 65536u - (size_t)((ctr[BB - 2] << 8) | ctr[BB - 1]);                     \
            size_t m = n < room ? n : room;                                                        \
            size_t full = m / SPARX_LANES;                                                         \
            if (full) {                                                                            \
                FN(ctr_run)(ks, ctr, out, in, full);                                               \
                full *= SPARX_LANES;                                                               \
                sparx_ctr_add(ctr, BB, full);                                                      \
                out += BB * full;                                                                  \
                in += BB * full;                                                                   \
                n -= full;                                                                         \
                m -= full;                                                                         \
            }                                                                                      \
            if (m) {                                                                               \
                TAIL_CTR(ks, ctr, out, in, m);                                                     \
                out += BB * m;                                                                     \
                in += BB * m;                                                                      \
                n -= m;                                                                            \
            }                                                                                      \
        }                                                                                          \
    }                                                                                              \
    const arx_backend FN(backend) = {SPARX_ISA_NAME, SPARX_ISA_REQUIRES, SPARX_LANES,               \
                                     FN(encrypt), FN(decrypt), FN(ctr) MANY};
/* Stitched GCM (AVX2, the ISA file defines SPARX_GCM_AVX2): written by
 * sparx_gcm_avx2clmul.c, below. */
#ifdef SPARX_GCM_AVX2
size_t SPARX128_FN(gcm_xor)(const void *ks, struct arx_ghash *g, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                            size_t nblocks, int decrypt);
#define SPARX128_GCM_ , .gcm_xor = SPARX128_FN(gcm_xor)
#else
#define SPARX128_GCM_
#endif
SPARX_ENTRY(64, 8, SPARX64_FN, SPARX64_TAIL_ENC, SPARX64_TAIL_DEC, SPARX64_TAIL_CTR, SPARX64_MANY_)
SPARX_ENTRY(128, 16, SPARX128_FN, SPARX128_TAIL_ENC, SPARX128_TAIL_DEC, SPARX128_TAIL_CTR,
            SPARX128_MANY_ SPARX128_GCM_)
#endif /* !SPARX_GCM_ONLY */

/* ---- stitched GCM (AVX2 with VPCLMULQDQ) ---------------------------------------
 * sparx_gcm_avx2clmul.c defines SPARX_GCM_ONLY and includes sparx_avx2.c:
 * this file then writes only sparx128_avx2_gcm_xor, through
 * ../../modes/gcm_stitch_avx2.h, a batch being one of the CTR kernel's and
 * a "round" of the template one SPARX step. CTR mode folds counter bytes
 * 0..13 into constants (steps 0 and 1 in part, ctr_setup) and runs where
 * the low 16 bits do not wrap; GCM's inc32 counter may carry into word 6
 * inside a batch, and the kernel may not branch on it. Word 6 enters the
 * constants only through L3R, so each batch computes L3R for the high half
 * h of its first low word and for h + 1, and each lane takes the second
 * where its low 16 bits wrapped (a saturating add differs from the plain
 * one): a blend, no branch. */
#if defined(SPARX_GCM_ONLY) && defined(SPARX_GCM_AVX2)
typedef struct {
    SPARX128_FN(ctr_consts) c;
    V lk3, io;
} SPARX128_FN(gcm_ctx);
typedef struct {
    V w[1][8];
} SPARX128_FN(gcm_state);
ARX_INLINE V SPARX128_FN(gcm_l3r)(const SPARX128_FN(gcm_ctx) * c, uint16_t hi) {
    const uint16_t w6 = (uint16_t)(hi >> 8 | hi << 8); /* bytes 12, 13 as a little-endian word */
    return V_ROL16(V_XOR(V_SET1_16(w6), c->lk3), 9);
}
ARX_INLINE void SPARX128_FN(gcm_begin)(const sparx_ks *ks, const SPARX128_FN(gcm_ctx) * c,
                                       SPARX128_FN(gcm_state) * st, uint32_t low) {
    const V lo16 = V_SET1_16((uint16_t)low);
    V cnt = V_ADD16(lo16, c->io);
    const V nowrap = _mm256_cmpeq_epi16(_mm256_adds_epu16(lo16, c->io), cnt);
    const uint16_t hi = (uint16_t)(low >> 16);
    const V l3r = _mm256_blendv_epi8(SPARX128_FN(gcm_l3r)(c, (uint16_t)(hi + 1)), SPARX128_FN(gcm_l3r)(c, hi), nowrap);
    SPARX128_FN(ctr_head)(ks, &c->c, &cnt, l3r, st->w, 1);
}
ARX_INLINE void SPARX128_FN(gcm_steps)(const sparx_ks *ks, SPARX128_FN(gcm_state) * st, unsigned first,
                                       unsigned end) {
    sparx_rows p = ks->enc + 1 + 4 + first * SPARX_STEP_ROWS(4, 4);
    for (unsigned s = first; s < end; s++, p += SPARX_STEP_ROWS(4, 4)) SPARX_FN(enc_step)(st->w, p, 4, 4, 1);
}
#define GS_FN SPARX128_FN(gcm_xor)
#define GS_KS sparx_ks
#define GS_BLOCKS SPARX_LANES
#ifndef SPARX_GCM_GROUP
#define SPARX_GCM_GROUP 4
#endif
#define GS_GROUP SPARX_GCM_GROUP
#define GS_CTX SPARX128_FN(gcm_ctx)
#define GS_STATE SPARX128_FN(gcm_state)
#define GS_CTX_INIT(ks, cx, ctr) \
    (SPARX128_FN(ctr_setup)(ks, ctr, &(cx)->c, &(cx)->lk3), (cx)->io = SPARX128_FN(ctr_offsets)())
#define GS_BEGIN(ks, cx, st, low) SPARX128_FN(gcm_begin)(ks, cx, st, low)
#define GS_FIRST_ROUND(ks) 2u
#define GS_NROUNDS(ks) SPARX_KS_STEPS(ks)
#define GS_ROUND_ALIGN 1
#define GS_ROUNDS(ks, st, first, end) SPARX128_FN(gcm_steps)(ks, st, first, end)
#define GS_STORE(st, out, in) \
    SPARX128_FN(ctr_store)((st)->w, ks->enc + 1 + 4 + SPARX_KS_STEPS(ks) * SPARX_STEP_ROWS(4, 4), out, in, 1)
#include "../../modes/gcm_stitch_avx2.h"
#endif

#endif /* SPARX_ISA */
