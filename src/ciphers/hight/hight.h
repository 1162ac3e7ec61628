/*
 * HIGHT private header: the key schedule, the reference block functions and
 * the x86 kernels' entry points, shared by hight.c and the ISA files
 * (hight_sse2.c, hight_avx2.c, hight_avx512.c).
 *
 * The second half is the byte-sliced kernel written once over a small vector
 * vocabulary (HV_*); an ISA file defines the vocabulary, then includes this
 * header. Nothing there is compiled into hight.c.
 */
#ifndef ARX_HIGHT_H
#define ARX_HIGHT_H

#include "cipher.h"
#include "internal.h"

typedef struct {
    uint8_t wk[8];   /* whitening keys WK0..WK7 */
    uint8_t sk[128]; /* round subkeys SK0..SK127, four per round */
#if ARX_X86_SIMD
    /* The same keys as 32-byte broadcasts, written by setup, for the SSE2 and
     * AVX2 kernels: a memory operand of the add/xor (SSE2 has no byte
     * broadcast; AVX2's vpbroadcastb measured 0.93 -> 1.00 cpb ECB). The
     * AVX-512 kernel broadcasts sk[] itself: vpbroadcastb zmm, m8 is a load
     * there, and 64-byte copies measured no faster. */
    _Alignas(32) uint8_t skb[128][32]; /* SK_i in all 32 bytes */
    _Alignas(32) uint8_t wkb[8][32];   /* WK_i in all 32 bytes */
#endif
} hight_ks;

/* Auxiliary functions F0, F1 (spec): XORs of byte rotations, computed, not tabled. */
ARX_INLINE uint8_t hight_f0(uint8_t x) {
    return (uint8_t)(arx_rotl8(x, 1) ^ arx_rotl8(x, 2) ^ arx_rotl8(x, 7));
}
ARX_INLINE uint8_t hight_f1(uint8_t x) {
    return (uint8_t)(arx_rotl8(x, 3) ^ arx_rotl8(x, 4) ^ arx_rotl8(x, 6));
}

void hight_encrypt_block(const hight_ks *ks, uint8_t *out, const uint8_t *in);
void hight_decrypt_block(const hight_ks *ks, uint8_t *out, const uint8_t *in);
/* Counter mode one block at a time (the contract of arx_ctr_fn): the tails of the SIMD kernels. */
void hight_ref_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);

/* x86 kernels (defined only when ARX_X86_SIMD). */
void hight_sse2_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void hight_sse2_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void hight_sse2_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
void hight_avx2_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void hight_avx2_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void hight_avx2_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
void hight_avx512_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void hight_avx512_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void hight_avx512_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
/* Lane-per-message CTR and CBC-MAC (cipher.h's ctr_many; the template's HV_MANY). */
void hight_avx2_ctr_many(arx_many_sched *sc, const arx_many_lane *const *lanes, size_t n, size_t cap, int flags);
void hight_avx512_ctr_many(arx_many_sched *sc, const arx_many_lane *const *lanes, size_t n, size_t cap, int flags);
void hight_neon_ctr_many(arx_many_sched *sc, const arx_many_lane *const *lanes, size_t n, size_t cap, int flags);
/* NEON kernels (hight_neon.c, defined only when ARX_ARM_NEON). */
void hight_neon_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void hight_neon_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void hight_neon_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
/* WebAssembly SIMD128 (hight_wasm.c, defined only when ARX_WASM_SIMD). */
void hight_wasm_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void hight_wasm_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void hight_wasm_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
void hight_wasm_ctr_many(arx_many_sched *sc, const arx_many_lane *const *lanes, size_t n, size_t cap, int flags);

#endif /* ARX_HIGHT_H */

/* ========================================================================== */
/*
 * Byte-sliced kernel template. The ISA file defines, then includes this header:
 *   HV_ISA            token: names come out as hight_<ISA>_...
 *   HV_T              the vector type; HV_BYTES its size; a batch is HV_BYTES blocks
 *   HV_LOAD(p), HV_STORE(p, v)            unaligned
 *   HV_ADD, HV_SUB, HV_XOR                bytewise (mod 2^8)
 *   HV_UNPLO8/16/32, HV_UNPHI8/16/32      the unpacks within 128-bit lanes
 *   HV_F0A(x, ks, i) = F0(x) + SK_i,  HV_F1X(x, ks, i) = F1(x) ^ SK_i
 *   HV_WK(ks, i)      WK_i broadcast;  HV_SET1(b) a runtime byte broadcast
 *   HV_CTR6(b7, base7, base6, base6p1)    byte 6 of the counters (see ctr_batches)
 *   HV_MIN_TAIL       fewer blocks than this go to the reference code
 *   HV_MAX_WAYS       optional: 2 = two batches through the rounds together
 *   HV_LOAD_PARTIAL / HV_STORE_PARTIAL    optional (masked); else a stack buffer
 *   HV_XOR3(a, b, c), HV_SET1_64(q)       optional: three-input XOR, 64-bit broadcast
 *   HV_UNROLL         optional: a pragma for the short constant loops (over
 *                     batches, unpacks, loads and stores), where a compiler
 *                     would keep the state in memory otherwise
 *   HV_MCA_ENC, HV_MCA_DEC, HV_MCA_CTR   optional: llvm-mca region names
 *                     ("<kernel>:<bytes per pass>") for the widest loops
 *
 * Layout. A batch is 8 vectors. Loaded naturally, vector v holds HV_BYTES/8
 * blocks; 128-bit lane L of it holds blocks 2L and 2L+1 of that group.
 * Sliced, vector j holds byte j of every block of the batch. Byte address
 * bits: within a lane, an unpack of 2^k-byte elements moves lane byte bit 3
 * into the vector index and the pair's index bit into byte bit k (bits k..2
 * move up one). Natural -> sliced takes four 8-bit unpack stages (each
 * stage must move one of block bit 0 and byte bits 2..0 out of the lane);
 * sliced -> natural three (8-, 16-, 32-bit), since its lane bits end as
 * (block bit 0, byte j): 56 shuffles per batch for ECB, 24 for CTR. Sliced
 * lane byte q = 16L + p holds block (HV_BYTES/8) * v + 2L + p0 of the batch,
 * v = 4 p1 + 2 p2 + p3 (p = p3 p2 p1 p0 in bits): HV_IDX below.
 */
#if defined(HV_ISA) && !defined(ARX_HIGHT_TEMPLATE_DONE)
#define ARX_HIGHT_TEMPLATE_DONE

#ifndef HV_UNROLL
#define HV_UNROLL
#endif
#define HV_CAT2(a, b, c) a##b##c
#define HV_CAT(a, b, c) HV_CAT2(a, b, c)
#define HF(name) HV_CAT(hight_, HV_ISA, _##name)

/* One unpack stage: pairs (2m, 2m+1) -> m (low halves), m + 4 (high halves). */
#define HV_STAGE(W, a, o)                                                                          \
    do {                                                                                           \
        HV_UNROLL for (unsigned m_ = 0; m_ < 4; m_++) {                                            \
            o[m_] = HV_UNPLO##W(a[2 * m_], a[2 * m_ + 1]);                                          \
            o[m_ + 4] = HV_UNPHI##W(a[2 * m_], a[2 * m_ + 1]);                                      \
        }                                                                                          \
    } while (0)

/* Natural b[8] -> sliced x[8] (x[j] = byte j): four 8-bit stages; the index
 * bits come out reversed. */
ARX_INLINE void HF(to_sliced)(HV_T x[8], const HV_T b[8]) {
    HV_T s[8], t[8];
    HV_STAGE(8, b, s);
    HV_STAGE(8, s, t);
    HV_STAGE(8, t, s);
    HV_STAGE(8, s, t);
    x[0] = t[0], x[1] = t[4], x[2] = t[2], x[3] = t[6];
    x[4] = t[1], x[5] = t[5], x[6] = t[3], x[7] = t[7];
}

/* Sliced y[8] -> natural b[8]: 8-, 16-, 32-bit stages. */
ARX_INLINE void HF(to_natural)(HV_T b[8], const HV_T y[8]) {
    HV_T s[8], t[8];
    HV_STAGE(8, y, s);
    HV_STAGE(16, s, t);
    HV_STAGE(32, t, b);
}

/*
 * The reference rounds (hight.c) on byte-sliced vectors, names rotating;
 * `ways` independent batches advance together (x[w][j] = byte j of batch w)
 * so that one batch's dependency chain (a gf/table F, a key op and a mixing
 * op per round) overlaps the other's.
 */
#define HV_WAYS(ways) HV_UNROLL for (unsigned w_ = 0; w_ < (ways); w_++)
#ifdef HV_MCA_ENC
#define HV_MCA_BEGIN(name) ARX_MCA_BEGIN(name)
#define HV_MCA_END(name) ARX_MCA_END(name)
#else
#define HV_MCA_BEGIN(name) ((void)0)
#define HV_MCA_END(name) ((void)0)
#endif
/* F1X, F0A: the key operations, HV_F1X and HV_F0A (one key, broadcast), or
 * the lane kernel's per-lane round-key vectors (HV_LF1X, HV_LF0A below). */
#define HV_ENC_ROUND_K(F1X, F0A, a0, a1, a2, a3, a4, a5, a6, a7, i)                                \
    do {                                                                                           \
        HV_WAYS(ways) {                                                                            \
            HV_T *s_ = x[w_];                                                                      \
            s_[a1] = HV_ADD(s_[a1], F1X(s_[a0], ks, (i)));                                         \
            s_[a3] = HV_XOR(s_[a3], F0A(s_[a2], ks, (i) + 1));                                     \
            s_[a5] = HV_ADD(s_[a5], F1X(s_[a4], ks, (i) + 2));                                     \
            s_[a7] = HV_XOR(s_[a7], F0A(s_[a6], ks, (i) + 3));                                     \
        }                                                                                          \
    } while (0)
#define HV_ENC_ROUND(a0, a1, a2, a3, a4, a5, a6, a7, i)                                            \
    HV_ENC_ROUND_K(HV_F1X, HV_F0A, a0, a1, a2, a3, a4, a5, a6, a7, i)
#define HV_DEC_ROUND(a0, a1, a2, a3, a4, a5, a6, a7, i)                                            \
    do {                                                                                           \
        HV_WAYS(ways) {                                                                            \
            HV_T *s_ = x[w_];                                                                      \
            s_[a1] = HV_SUB(s_[a1], HV_F1X(s_[a0], ks, (i)));                                      \
            s_[a3] = HV_XOR(s_[a3], HV_F0A(s_[a2], ks, (i) + 1));                                  \
            s_[a5] = HV_SUB(s_[a5], HV_F1X(s_[a4], ks, (i) + 2));                                  \
            s_[a7] = HV_XOR(s_[a7], HV_F0A(s_[a6], ks, (i) + 3));                                  \
        }                                                                                          \
    } while (0)
#define HV_ENC_OCTET_K(F1X, F0A, k)                                                                \
    do {                                                                                           \
        HV_ENC_ROUND_K(F1X, F0A, 0, 1, 2, 3, 4, 5, 6, 7, (k));                                     \
        HV_ENC_ROUND_K(F1X, F0A, 7, 0, 1, 2, 3, 4, 5, 6, (k) + 4);                                 \
        HV_ENC_ROUND_K(F1X, F0A, 6, 7, 0, 1, 2, 3, 4, 5, (k) + 8);                                 \
        HV_ENC_ROUND_K(F1X, F0A, 5, 6, 7, 0, 1, 2, 3, 4, (k) + 12);                                \
        HV_ENC_ROUND_K(F1X, F0A, 4, 5, 6, 7, 0, 1, 2, 3, (k) + 16);                                \
        HV_ENC_ROUND_K(F1X, F0A, 3, 4, 5, 6, 7, 0, 1, 2, (k) + 20);                                \
        HV_ENC_ROUND_K(F1X, F0A, 2, 3, 4, 5, 6, 7, 0, 1, (k) + 24);                                \
        HV_ENC_ROUND_K(F1X, F0A, 1, 2, 3, 4, 5, 6, 7, 0, (k) + 28);                                \
    } while (0)
#define HV_ENC_OCTET(k) HV_ENC_OCTET_K(HV_F1X, HV_F0A, k)
#define HV_DEC_OCTET(k)                                                                            \
    do {                                                                                           \
        HV_DEC_ROUND(1, 2, 3, 4, 5, 6, 7, 0, (k) + 28);                                            \
        HV_DEC_ROUND(2, 3, 4, 5, 6, 7, 0, 1, (k) + 24);                                            \
        HV_DEC_ROUND(3, 4, 5, 6, 7, 0, 1, 2, (k) + 20);                                            \
        HV_DEC_ROUND(4, 5, 6, 7, 0, 1, 2, 3, (k) + 16);                                            \
        HV_DEC_ROUND(5, 6, 7, 0, 1, 2, 3, 4, (k) + 12);                                            \
        HV_DEC_ROUND(6, 7, 0, 1, 2, 3, 4, 5, (k) + 8);                                             \
        HV_DEC_ROUND(7, 0, 1, 2, 3, 4, 5, 6, (k) + 4);                                             \
        HV_DEC_ROUND(0, 1, 2, 3, 4, 5, 6, 7, (k));                                                 \
    } while (0)

/* Final transformation (see hight_encrypt_block): sliced output byte j of
 * batch w into x[w][j]. */
ARX_INLINE void HF(enc_final)(const hight_ks *ks, HV_T x[8], int xor_wk) {
    HV_T x0 = x[0];
    x[0] = HV_ADD(x[1], HV_WK(ks, 4)), x[1] = x[2], x[2] = x[3], x[3] = x[4];
    x[4] = HV_ADD(x[5], HV_WK(ks, 6)), x[5] = x[6], x[6] = x[7], x[7] = x0;
    if (xor_wk) x[2] = HV_XOR(x[2], HV_WK(ks, 5)), x[6] = HV_XOR(x[6], HV_WK(ks, 7));
}

/* `ways` batches in place: natural in, natural out (b[w][v] = vector v of batch w). */
ARX_INLINE void HF(enc_batches)(const hight_ks *ks, HV_T b[][8], unsigned ways) {
    HV_T x[2][8];
    HV_WAYS(ways) {
        HF(to_sliced)(x[w_], b[w_]);
        x[w_][0] = HV_ADD(x[w_][0], HV_WK(ks, 0));
        x[w_][2] = HV_XOR(x[w_][2], HV_WK(ks, 1));
        x[w_][4] = HV_ADD(x[w_][4], HV_WK(ks, 2));
        x[w_][6] = HV_XOR(x[w_][6], HV_WK(ks, 3));
    }
    HV_ENC_OCTET(0);
    HV_ENC_OCTET(32);
    HV_ENC_OCTET(64);
    HV_ENC_OCTET(96);
    HV_WAYS(ways) {
        HF(enc_final)(ks, x[w_], 1);
        HF(to_natural)(b[w_], x[w_]);
    }
}

ARX_INLINE void HF(dec_batches)(const hight_ks *ks, HV_T b[][8], unsigned ways) {
    HV_T x[2][8];
    HV_WAYS(ways) {
        HV_T v[8];
        HF(to_sliced)(v, b[w_]);
        /* undo the final transformation into the names encryption ends with */
        x[w_][1] = HV_SUB(v[0], HV_WK(ks, 4)), x[w_][2] = v[1], x[w_][3] = HV_XOR(v[2], HV_WK(ks, 5));
        x[w_][4] = v[3], x[w_][5] = HV_SUB(v[4], HV_WK(ks, 6)), x[w_][6] = v[5];
        x[w_][7] = HV_XOR(v[6], HV_WK(ks, 7)), x[w_][0] = v[7];
    }
    HV_DEC_OCTET(96);
    HV_DEC_OCTET(64);
    HV_DEC_OCTET(32);
    HV_DEC_OCTET(0);
    HV_WAYS(ways) {
        x[w_][0] = HV_SUB(x[w_][0], HV_WK(ks, 0));
        x[w_][2] = HV_XOR(x[w_][2], HV_WK(ks, 1));
        x[w_][4] = HV_SUB(x[w_][4], HV_WK(ks, 2));
        x[w_][6] = HV_XOR(x[w_][6], HV_WK(ks, 3));
        HF(to_natural)(b[w_], x[w_]);
    }
}

/*
 * Counter mode. A run is split where the counter's low 16 bits wrap, so
 * within it counter bytes 0..5 are constant and only bytes 6, 7 differ
 * between blocks. Rounds 1-7 then have parts that depend on bytes 0..5
 * alone (the diffusion from bytes 6, 7 reaches every byte in round 8):
 * ctr_prep computes them once per run in scalar code, ctr_batches broadcasts
 * them in. That removes 33 of the first 84 round operations.
 */
typedef struct {
    HV_T wk3;               /* WK3 (byte 6 whitening) */
    HV_T x0, x1, x2, x3, x4, x5; /* constant state bytes where they meet vectors */
    HV_T ca, cb, cc;        /* constant F terms added/XORed into x6 in rounds 2, 4, 6 */
} HF(ctr_consts);

ARX_INLINE void HF(ctr_prep)(const hight_ks *ks, const uint8_t *ctr, HF(ctr_consts) *c) {
    const uint8_t *k = ks->sk;
    uint8_t x0 = (uint8_t)(ctr[0] + ks->wk[0]), x1 = ctr[1], x2 = (uint8_t)(ctr[2] ^ ks->wk[1]);
    uint8_t x3 = ctr[3], x4 = (uint8_t)(ctr[4] + ks->wk[2]), x5 = ctr[5];
    /* Round 1 (x7 is per block) */
    x1 = (uint8_t)(x1 + (hight_f1(x0) ^ k[0]));
    x3 = (uint8_t)(x3 ^ (uint8_t)(hight_f0(x2) + k[1]));
    x5 = (uint8_t)(x5 + (hight_f1(x4) ^ k[2]));
    /* Round 2: x0 += F1(x7)^SK4 per block; x6 ^= F0(x5)+SK7 is a constant */
    c->x0 = HV_SET1(x0);
    x2 = (uint8_t)(x2 ^ (uint8_t)(hight_f0(x1) + k[5]));
    x4 = (uint8_t)(x4 + (hight_f1(x3) ^ k[6]));
    c->ca = HV_SET1((uint8_t)(hight_f0(x5) + k[7]));
    /* Round 3: x1 ^= F0(x0)+SK9 per block */
    c->x1 = HV_SET1(x1);
    x3 = (uint8_t)(x3 + (hight_f1(x2) ^ k[10]));
    x5 = (uint8_t)(x5 ^ (uint8_t)(hight_f0(x4) + k[11]));
    /* Round 4: x6 += F1(x5)^SK12 constant; x2 += F1(x1)^SK14 per block */
    c->cb = HV_SET1((uint8_t)(hight_f1(x5) ^ k[12]));
    c->x2 = HV_SET1(x2);
    x4 = (uint8_t)(x4 ^ (uint8_t)(hight_f0(x3) + k[15]));
    /* Round 5: x5 += F1(x4)^SK16; x3 ^= F0(x2)+SK19 per block */
    x5 = (uint8_t)(x5 + (hight_f1(x4) ^ k[16]));
    c->x3 = HV_SET1(x3);
    /* Round 6: x4 += F1(x3)^SK20 per block; x6 ^= F0(x5)+SK21 constant */
    c->x4 = HV_SET1(x4);
    c->cc = HV_SET1((uint8_t)(hight_f0(x5) + k[21]));
    /* Round 7: x5 ^= F0(x4)+SK25 per block */
    c->x5 = HV_SET1(x5);
    c->wk3 = HV_WK(ks, 3);
}

/* Lane q of the sliced batch holds block HV_IDX(q) (see the layout note). */
#define HV_IDX(q)                                                                                  \
    ((HV_BYTES / 8) * (4 * (((q) >> 1) & 1) + 2 * (((q) >> 2) & 1) + (((q) >> 3) & 1)) +           \
     2 * ((q) >> 4) + ((q) & 1))
#define HV_IDX4(q) HV_IDX(q), HV_IDX(q + 1), HV_IDX(q + 2), HV_IDX(q + 3)
#define HV_IDX16(q) HV_IDX4(q), HV_IDX4(q + 4), HV_IDX4(q + 8), HV_IDX4(q + 12)
static const uint8_t HF(idx)[64] = {HV_IDX16(0), HV_IDX16(16), HV_IDX16(32), HV_IDX16(48)};

/*
 * With a three-input XOR (vpternlogd), the final XORs of WK5 and WK7 move
 * out of the sliced domain into the XOR with the data: the sliced -> natural
 * transpose is a bit permutation, and the sliced vectors (0, 0, WK5, 0, 0,
 * 0, WK7, 0) come out as every block = those 8 bytes, one 64-bit broadcast.
 * Two operations fewer per batch.
 */
#ifdef HV_XOR3
#define HV_HAVE_XOR3 1
#else
#define HV_HAVE_XOR3 0
#define HV_XOR3(a, b, c) ((void)(c), HV_XOR(a, b)) /* c is 0 here */
#endif
ARX_INLINE HV_T HF(ctr_wk_pattern)(const hight_ks *ks) {
#if HV_HAVE_XOR3
    return HV_SET1_64(((uint64_t)ks->wk[5] << 16) | ((uint64_t)ks->wk[7] << 48));
#else
    (void)ks;
    return HV_SET1(0);
#endif
}

/* Keystream of `ways` consecutive batches whose first counter has low 16
 * bits lo16 (bytes 0..5 as in ctr_prep; the counters of the lanes that are
 * used must not pass 0xffff), natural layout into b[w][8]; with HV_XOR3,
 * still to be XORed with ctr_wk_pattern. */
ARX_INLINE void HF(ctr_batches)(const hight_ks *ks, const HF(ctr_consts) *c, unsigned lo16, HV_T b[][8],
                                unsigned ways) {
    HV_T x[2][8];
    HV_WAYS(ways) {
        /* byte 7 = (lo16 + idx) mod 2^8; byte 6 = lo16 >> 8, + 1 where byte 7 wrapped */
        unsigned base = lo16 + w_ * HV_BYTES;
        HV_T base7 = HV_SET1((uint8_t)base);
        HV_T b7 = HV_ADD(base7, HV_LOAD(HF(idx)));
        HV_T b6 = HV_CTR6(b7, base7, HV_SET1((uint8_t)(base >> 8)), HV_SET1((uint8_t)((base >> 8) + 1)));
        HV_T *s_ = x[w_];
        s_[7] = b7;
        s_[6] = HV_XOR(b6, c->wk3);
    }
    HV_WAYS(ways) {
        HV_T *s_ = x[w_];
        /* Round 1 */
        s_[7] = HV_XOR(s_[7], HV_F0A(s_[6], ks, 3));
        /* Round 2 */
        s_[0] = HV_ADD(c->x0, HV_F1X(s_[7], ks, 4));
        s_[6] = HV_XOR(s_[6], c->ca);
    }
    HV_WAYS(ways) {
        HV_T *s_ = x[w_];
        /* Round 3 */
        s_[7] = HV_ADD(s_[7], HV_F1X(s_[6], ks, 8));
        s_[1] = HV_XOR(c->x1, HV_F0A(s_[0], ks, 9));
        /* Round 4 */
        s_[6] = HV_ADD(s_[6], c->cb);
        s_[0] = HV_XOR(s_[0], HV_F0A(s_[7], ks, 13));
        s_[2] = HV_ADD(c->x2, HV_F1X(s_[1], ks, 14));
    }
    HV_WAYS(ways) {
        HV_T *s_ = x[w_];
        /* Round 5 */
        s_[7] = HV_XOR(s_[7], HV_F0A(s_[6], ks, 17));
        s_[1] = HV_ADD(s_[1], HV_F1X(s_[0], ks, 18));
        s_[3] = HV_XOR(c->x3, HV_F0A(s_[2], ks, 19));
        /* Round 6 */
        s_[4] = HV_ADD(c->x4, HV_F1X(s_[3], ks, 20));
        s_[6] = HV_XOR(s_[6], c->cc);
        s_[0] = HV_ADD(s_[0], HV_F1X(s_[7], ks, 22));
        s_[2] = HV_XOR(s_[2], HV_F0A(s_[1], ks, 23));
    }
    HV_WAYS(ways) {
        HV_T *s_ = x[w_];
        /* Round 7 */
        s_[3] = HV_ADD(s_[3], HV_F1X(s_[2], ks, 24));
        s_[5] = HV_XOR(c->x5, HV_F0A(s_[4], ks, 25));
        s_[7] = HV_ADD(s_[7], HV_F1X(s_[6], ks, 26));
        s_[1] = HV_XOR(s_[1], HV_F0A(s_[0], ks, 27));
    }
    /* Rounds 8..32 */
    HV_ENC_ROUND(1, 2, 3, 4, 5, 6, 7, 0, 28);
    HV_ENC_OCTET(32);
    HV_ENC_OCTET(64);
    HV_ENC_OCTET(96);
    HV_WAYS(ways) {
        HF(enc_final)(ks, x[w_], !HV_HAVE_XOR3);
        HF(to_natural)(b[w_], x[w_]);
    }
}

#ifndef HV_LOAD_PARTIAL
/* Partial batch through a stack buffer (wiped: it holds data and keystream). */
#define HV_PARTIAL_BUFFER 1
ARX_INLINE void HF(load_partial)(HV_T b[8], uint8_t *buf, const uint8_t *in, size_t n) {
    memcpy(buf, in, 8 * n);
    memset(buf + 8 * n, 0, 8 * (size_t)HV_BYTES - 8 * n);
    HV_UNROLL for (unsigned v = 0; v < 8; v++) b[v] = HV_LOAD(buf + v * HV_BYTES);
}
ARX_INLINE void HF(store_partial)(uint8_t *out, uint8_t *buf, const HV_T b[8], size_t n) {
    HV_UNROLL for (unsigned v = 0; v < 8; v++) HV_STORE(buf + v * HV_BYTES, b[v]);
    memcpy(out, buf, 8 * n);
}
#define HV_LOAD_PARTIAL(b, in, n) HF(load_partial)(b, buf, in, n)
#define HV_STORE_PARTIAL(out, b, n) HF(store_partial)(out, buf, b, n)
#endif

#ifndef HV_MAX_WAYS
#define HV_MAX_WAYS 1
#endif

ARX_INLINE void HF(ecb_batches)(const hight_ks *ks, HV_T b[][8], unsigned ways, int enc) {
    if (enc) HF(enc_batches)(ks, b, ways);
    else HF(dec_batches)(ks, b, ways);
}

ARX_INLINE void HF(ecb)(const hight_ks *ks, uint8_t *out, const uint8_t *in, size_t n, int enc) {
    HV_T b[2][8];
#if HV_MAX_WAYS > 1
    for (; n >= 2 * HV_BYTES; n -= 2 * HV_BYTES, in += 16 * HV_BYTES, out += 16 * HV_BYTES) {
        if (enc) HV_MCA_BEGIN(HV_MCA_ENC);
        else HV_MCA_BEGIN(HV_MCA_DEC);
        HV_UNROLL for (unsigned v = 0; v < 16; v++) b[v / 8][v % 8] = HV_LOAD(in + v * HV_BYTES);
        HF(ecb_batches)(ks, b, 2, enc);
        HV_UNROLL for (unsigned v = 0; v < 16; v++) HV_STORE(out + v * HV_BYTES, b[v / 8][v % 8]);
        if (enc) HV_MCA_END(HV_MCA_ENC);
        else HV_MCA_END(HV_MCA_DEC);
    }
#endif
    for (; n >= HV_BYTES; n -= HV_BYTES, in += 8 * HV_BYTES, out += 8 * HV_BYTES) {
#if HV_MAX_WAYS == 1
        if (enc) HV_MCA_BEGIN(HV_MCA_ENC);
        else HV_MCA_BEGIN(HV_MCA_DEC);
#endif
        HV_UNROLL for (unsigned v = 0; v < 8; v++) b[0][v] = HV_LOAD(in + v * HV_BYTES);
        HF(ecb_batches)(ks, b, 1, enc);
        HV_UNROLL for (unsigned v = 0; v < 8; v++) HV_STORE(out + v * HV_BYTES, b[0][v]);
#if HV_MAX_WAYS == 1
        if (enc) HV_MCA_END(HV_MCA_ENC);
        else HV_MCA_END(HV_MCA_DEC);
#endif
    }
    if (n >= HV_MIN_TAIL) {
#ifdef HV_PARTIAL_BUFFER
        uint8_t buf[8 * HV_BYTES];
#endif
        HV_LOAD_PARTIAL(b[0], in, n);
        HF(ecb_batches)(ks, b, 1, enc);
        HV_STORE_PARTIAL(out, b[0], n);
#ifdef HV_PARTIAL_BUFFER
        arx_wipe(buf, sizeof buf);
#endif
    } else {
        for (size_t i = 0; i < n; i++) {
            if (enc) hight_encrypt_block(ks, out + 8 * i, in + 8 * i);
            else hight_decrypt_block(ks, out + 8 * i, in + 8 * i);
        }
    }
}

void HF(encrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    HF(ecb)((const hight_ks *)ks, out, in, nblocks, 1);
}
void HF(decrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    HF(ecb)((const hight_ks *)ks, out, in, nblocks, 0);
}

void HF(ctr)(const void *ks_, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t n) {
    const hight_ks *ks = (const hight_ks *)ks_;
    HF(ctr_consts) c;
    HV_T b[2][8];
    const HV_T wkp = HF(ctr_wk_pattern)(ks);
#ifdef HV_PARTIAL_BUFFER
    uint8_t buf[8 * HV_BYTES];
#endif
    int used = 0;
    while (n) {
        unsigned lo16 = ((unsigned)ctr[6] << 8) | ctr[7];
        size_t run = 0x10000u - lo16; /* blocks before byte 5 changes */
        if (run > n) run = n;
        if (run < HV_MIN_TAIL) {
            hight_ref_ctr(ks, ctr, out, in, run); /* advances ctr */
        } else {
            HF(ctr_prep)(ks, ctr, &c);
            used = 1;
            size_t done = 0;
#if HV_MAX_WAYS > 1
            for (; run - done >= 2 * HV_BYTES; done += 2 * HV_BYTES) {
                HV_MCA_BEGIN(HV_MCA_CTR);
                HF(ctr_batches)(ks, &c, lo16 + (unsigned)done, b, 2);
                const uint8_t *ip = in + 8 * done;
                uint8_t *op = out + 8 * done;
                HV_UNROLL for (unsigned v = 0; v < 16; v++)
                    HV_STORE(op + v * HV_BYTES, HV_XOR3(b[v / 8][v % 8], HV_LOAD(ip + v * HV_BYTES), wkp));
                HV_MCA_END(HV_MCA_CTR);
            }
#endif
            for (; run - done >= HV_BYTES; done += HV_BYTES) {
#if HV_MAX_WAYS == 1
                HV_MCA_BEGIN(HV_MCA_CTR);
#endif
                HF(ctr_batches)(ks, &c, lo16 + (unsigned)done, b, 1);
                const uint8_t *ip = in + 8 * done;
                uint8_t *op = out + 8 * done;
                HV_UNROLL for (unsigned v = 0; v < 8; v++)
                    HV_STORE(op + v * HV_BYTES, HV_XOR3(b[0][v], HV_LOAD(ip + v * HV_BYTES), wkp));
#if HV_MAX_WAYS == 1
                HV_MCA_END(HV_MCA_CTR);
#endif
            }
            if (done < run) {
                HV_T d[8];
                HF(ctr_batches)(ks, &c, lo16 + (unsigned)done, b, 1);
                HV_LOAD_PARTIAL(d, in + 8 * done, run - done);
                HV_UNROLL for (unsigned v = 0; v < 8; v++) d[v] = HV_XOR3(d[v], b[0][v], wkp);
                HV_STORE_PARTIAL(out + 8 * done, d, run - done);
            }
            /* ctr += run (64-bit big-endian) */
            arx_store64_be(ctr, arx_load64_be(ctr) + run);
        }
        in += 8 * run;
        out += 8 * run;
        n -= run;
    }
    if (used) arx_wipe(&c, sizeof c);
#ifdef HV_PARTIAL_BUFFER
    if (used) arx_wipe(buf, sizeof buf);
#endif
}

/* ---- many messages at once (issue 24) -------------------------------------
 * The ISA file defines HV_MANY (and HV_UNPLO64/HV_UNPHI64, HV_SHUFFLE8,
 * HV_WORD_BYTES, HV_LOAD_LANES; NEON: HV_LM, many_simd.h's vector type,
 * with HV_TO_LM and HV_FROM_LM): one message per
 * 32-bit lane through ../many_simd.h (64-bit blocks of two 32-bit words,
 * LM_NB = 4 batches a call of the rounds: 64 blocks on AVX-512, 32 on AVX2,
 * one batch of the kernels above). Sliced here, vector j holds byte j of
 * every block and 32-bit lane l of it lane l's four blocks (byte b: batch
 * b), so a round key is one vector whose lane l holds lane l's key byte four
 * times: the transposed schedule, lk[i] = WK_i (i < 8) or SK_{i-8}. The
 * rounds are the kernels' (HV_ENC_OCTET_K) with those vectors for keys.
 */
#ifdef HV_MANY
/* many_simd.h's vector type, if not HV_T (NEON: uint32x4_t), and the casts */
#ifndef HV_LM
#define HV_LM HV_T
#define HV_TO_LM(v) (v)
#define HV_FROM_LM(v) (v)
#endif
_Static_assert(offsetof(hight_ks, wk) == 0 && offsetof(hight_ks, sk) == 8, "hight_ks: wk then sk");
/* a[b] (lane l: bytes 4w..4w+3 of lane l's block of batch b) <-> x[m] (lane
 * l: byte 4w + m of its blocks of batches 0..3): in every 128-bit lane, an
 * 8- and a 16-bit unpack stage give N[r][4m + b] = a[b][4r + m] (bytes),
 * a 4x4 transpose of 32-bit words then x[m][4r + b] = a[b][4r + m]: b and m
 * swap places, so it is its own inverse. */
/* A 4x4 transpose of 32-bit words in every 128-bit lane: x[q]'s word r is
 * a_r's word q. */
ARX_INLINE void HF(many_t32x4)(HV_T x[4], HV_T a0, HV_T a1, HV_T a2, HV_T a3) {
    const HV_T v0 = HV_UNPLO32(a0, a1), v1 = HV_UNPHI32(a0, a1), v2 = HV_UNPLO32(a2, a3), v3 = HV_UNPHI32(a2, a3);
    x[0] = HV_UNPLO64(v0, v2), x[1] = HV_UNPHI64(v0, v2), x[2] = HV_UNPLO64(v1, v3), x[3] = HV_UNPHI64(v1, v3);
}
ARX_INLINE void HF(many_swap)(HV_T x[4], const HV_T a[4]) {
    const HV_T t0 = HV_UNPLO8(a[0], a[1]), t1 = HV_UNPHI8(a[0], a[1]);
    const HV_T t2 = HV_UNPLO8(a[2], a[3]), t3 = HV_UNPHI8(a[2], a[3]);
    HF(many_t32x4)(x, HV_UNPLO16(t0, t2), HV_UNPHI16(t0, t2), HV_UNPLO16(t1, t3), HV_UNPHI16(t1, t3));
}
#define HV_LF1X(x, ks, i) HV_XOR(HV_F1(x), HV_FROM_LM((ks)[8 + (i)]))
#define HV_LF0A(x, ks, i) HV_ADD(HV_F0(x), HV_FROM_LM((ks)[8 + (i)]))
/* Encrypt nb (1..4) batches s[b][w] in place (word w of every lane's block
 * of batch b); a batch past nb repeats batch nb - 1 and is dropped. GCC 12
 * cannot see that ctr_many's nb is at least 1 (its batches 0..nb-1 are
 * written): -Wmaybe-uninitialized on s[0], off for this function. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
ARX_INLINE void HF(many_rounds)(const HV_LM *ks, HV_LM s[][2], int nb) {
    const unsigned ways = 1;
    HV_T a[4], x[1][8];
    HV_UNROLL for (int w = 0; w < 2; w++) {
        HV_LM v = s[0][w]; /* read here, where the warning is off (not in HV_FROM_LM's line) */
        a[0] = HV_FROM_LM(v);
        HV_UNROLL for (int b = 1; b < 4; b++) {
            if (b < nb) v = s[b][w];
            a[b] = HV_FROM_LM(v);
        }
        HF(many_swap)(x[0] + 4 * w, a);
    }
    HV_T *y = x[0];
#define HV_LK(i) HV_FROM_LM(ks[i])
    y[0] = HV_ADD(y[0], HV_LK(0)), y[2] = HV_XOR(y[2], HV_LK(1)), y[4] = HV_ADD(y[4], HV_LK(2));
    y[6] = HV_XOR(y[6], HV_LK(3));
    HV_ENC_OCTET_K(HV_LF1X, HV_LF0A, 0);
    HV_ENC_OCTET_K(HV_LF1X, HV_LF0A, 32);
    HV_ENC_OCTET_K(HV_LF1X, HV_LF0A, 64);
    HV_ENC_OCTET_K(HV_LF1X, HV_LF0A, 96);
    /* the final transformation (enc_final) */
    const HV_T y0 = y[0];
    y[0] = HV_ADD(y[1], HV_LK(4)), y[1] = y[2], y[2] = HV_XOR(y[3], HV_LK(5)), y[3] = y[4];
    y[4] = HV_ADD(y[5], HV_LK(6)), y[5] = y[6], y[6] = HV_XOR(y[7], HV_LK(7)), y[7] = y0;
#undef HV_LK
    HV_UNROLL for (int w = 0; w < 2; w++) {
        HF(many_swap)(a, y + 4 * w);
        HV_UNROLL for (int b = 0; b < 4; b++) if (b < nb) s[b][w] = HV_TO_LM(a[b]);
    }
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#undef HV_LF1X
#undef HV_LF0A
/* The lanes' schedules (wk || sk, 136 bytes each) into lk[i] = byte i of
 * lane l's schedule in all four bytes of lane l: 16 schedule bytes at a
 * time, HV_LOAD_LANES(p, q) putting lane q + 4k's 16 bytes in 128-bit lane
 * k (NEON: lane q's in the vector); a 4x4 transpose of 32-bit words then gives t[d] = word d of every
 * lane's 16 bytes, in lane order, and a byte shuffle spreads its byte e
 * over the word. (Scalar, word by word, it cost ~0.7 cycles/byte of a batch
 * of 64-byte messages.) The ninth step reads bytes 120..135 and keeps
 * 128..135: nothing past the 136 bytes is read. */
_Static_assert(sizeof(hight_ks) >= 136, "hight_ks: wk || sk");
ARX_INLINE void HF(many_ks_transpose)(HV_LM *lk, const hight_ks *const *lks) {
    HV_T z[4], t[4];
    const HV_T wbase = HV_WORD_BYTES; /* byte 4r + j of a 128-bit lane: 4r */
    for (unsigned c = 0; c < 9; c++) {
        const uint8_t *p[HV_BYTES / 4];
        const unsigned o = c < 8 ? 16 * c : 120; /* the key bytes this step reads */
        for (unsigned l = 0; l < HV_BYTES / 4; l++) p[l] = (const uint8_t *)(const void *)lks[l] + o;
        HV_UNROLL for (unsigned q = 0; q < 4; q++) z[q] = HV_LOAD_LANES(p, q);
        HF(many_t32x4)(t, z[0], z[1], z[2], z[3]);
        HV_UNROLL for (unsigned d = 0; d < 4; d++)
            HV_UNROLL for (unsigned e = 0; e < 4; e++)
                if (o + 4 * d + e >= 16 * c) lk[o + 4 * d + e] = HV_TO_LM(HV_SHUFFLE8(t[d], HV_ADD(wbase, HV_SET1((uint8_t)e))));
    }
    arx_wipe(z, sizeof z);
    arx_wipe(t, sizeof t);
}
#define LM_VBITS (HV_BYTES * 8)
#define LM_W 32
#define LM_BLOCK 64
#define LM_FN(name) HF(lm_##name)
#define LM_NB 4
#define LM_KS_T hight_ks
#define LM_KS_WORDS(ks) ((size_t)136)
/* byte i of wk[8] || sk[128] (contiguous: checked below) */
#define LM_KS_WORD(ks, i) (0x01010101u * ((const uint8_t *)(const void *)(ks))[i])
#define LM_ROUNDS(lk, ks, s, nb) ((void)(ks), HF(many_rounds)(lk, s, nb))
#define LM_ROUNDS_ANY_NB
#define LM_KS_TRANSPOSE(lk, lks) HF(many_ks_transpose)(lk, lks)
#include "../many_simd.h"
void HF(ctr_many)(arx_many_sched *sc, const arx_many_lane *const *lanes, size_t n, size_t cap, int flags) {
    HF(lm_ctr_many)(sc, lanes, n, cap, flags);
}
#endif /* HV_MANY */

#endif /* HV_ISA template */
