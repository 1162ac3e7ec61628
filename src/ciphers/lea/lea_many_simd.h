/*
 * LEA's hooks into the lane-per-message counter mode of ../many_simd.h
 * (issue 24); lea_avx512.c and lea_avx2.c define LM_VBITS, LM_FN, LM_NB,
 * LM_ROL(x, r), LM_ROR(x, r) and LM_TRANSPOSE (a square transpose of 32-bit
 * words) and include this file.
 *
 * One message per 32-bit lane; lk[round * 6 + word] holds that round-key word
 * of every lane's schedule (LEA's rk is 32 x 6 words, so whole-vector loads
 * of it stay inside it: rounds * 6 rounded up to 8 or 16 is at most 192).
 * LEA-128 (24 rounds, the only key size with 24) has RK1 = RK3 = RK5 in every
 * round: only its four distinct words a round are transposed, kept and wiped,
 * lk[round * 4 + j] = RK0, RK1, RK2, RK4 (96 words instead of 144: a third
 * fewer transposes and bytes of scratch a call; the rounds read RK1 thrice).
 */

/* One round on words (a, b, c, d) = (X0, X1, X2, X3) in place: the new X3
 * is the old X0, so four rounds with the roles rotating leave the words
 * where they started and nothing moves between registers. k[0], k[1], k[2],
 * k[i3], k[i4], k[i5] are RK0..RK5 (i3, i4, i5: 3, 4, 5, or LEA-128's
 * compact 1, 3, 1). */
#define LM_LEA_ROUND(s, k, i3, i4, i5, a, b, c, d)                                                 \
    do {                                                                                           \
        s[d] = LM_ROR(LM_ADD(LM_XOR(s[c], (k)[i4]), LM_XOR(s[d], (k)[i5])), 3);                    \
        s[c] = LM_ROR(LM_ADD(LM_XOR(s[b], (k)[2]), LM_XOR(s[c], (k)[i3])), 5);                     \
        s[b] = LM_ROL(LM_ADD(LM_XOR(s[a], (k)[0]), LM_XOR(s[b], (k)[1])), 9);                      \
    } while (0)

/* Rounds r0..rounds - 1 (multiples of four) over nb batches, round keys
 * `per` words a round apart. */
#define LM_LEA_RUN(lk, per, i3, i4, i5, r0, rounds, s, nb)                                         \
    do {                                                                                           \
        for (unsigned r_ = (r0); r_ < (rounds); r_ += 4) {                                         \
            const LM *k_ = (lk) + (per) * r_;                                                      \
            _Pragma("GCC unroll 4") for (int b_ = 0; b_ < (nb); b_++)                              \
                LM_LEA_ROUND((s)[b_], k_, i3, i4, i5, 0, 1, 2, 3);                                 \
            _Pragma("GCC unroll 4") for (int b_ = 0; b_ < (nb); b_++)                              \
                LM_LEA_ROUND((s)[b_], k_ + (per), i3, i4, i5, 1, 2, 3, 0);                         \
            _Pragma("GCC unroll 4") for (int b_ = 0; b_ < (nb); b_++)                              \
                LM_LEA_ROUND((s)[b_], k_ + 2 * (per), i3, i4, i5, 2, 3, 0, 1);                     \
            _Pragma("GCC unroll 4") for (int b_ = 0; b_ < (nb); b_++)                              \
                LM_LEA_ROUND((s)[b_], k_ + 3 * (per), i3, i4, i5, 3, 0, 1, 2);                     \
        }                                                                                          \
    } while (0)

/* The rounds over nb batches (state s[b][w], word w of every lane); the
 * round count (24, 28 or 32) is public. */
#define LM_ROUNDS(lk, ks, s, nb)                                                                   \
    do {                                                                                           \
        if ((ks)->rounds == 24) LM_LEA_RUN(lk, 4, 1, 3, 1, 0, 24, s, nb);                          \
        else LM_LEA_RUN(lk, 6, 3, 4, 5, 0, (ks)->rounds, s, nb);                                   \
    } while (0)

#if LM_VBITS == 512 /* AVX-512 only: see below */
/*
 * GCM's inc32 counters (many_simd.h's LM_PRE4 hooks): within a lane, block
 * words X0, X1, X2 are the same for every counter of the call, so what of
 * rounds 0..3 does not depend on X3 is computed once per call per lane,
 * p[0..5] (lea.h's lea_ctr_precompute, lane by lane: lk's words instead of
 * rk's), and each batch then runs those four rounds in 30 operations
 * instead of 48 (the one-message kernels' ctr_first4, lea_simd.h). RK3,
 * RK4, RK5 of a round are k[i3], k[i4], k[i5] as in LM_LEA_ROUND. Zen 4,
 * 64 x 1 KiB GCM under 16 keys: AVX-512 0.72 -> 0.70 TSC cpb; on AVX2 (two
 * batches in 16 ymm registers, the six constants spilled) 1 KiB gained ~1%
 * and 64 B lost ~1%, so AVX2 keeps the plain rounds.
 */
#define LM_LEA_PRE4(lk, per, i3, i4, i5, x, p)                                                     \
    do {                                                                                           \
        const LM *k0_ = (lk), *k1_ = (lk) + (per), *k2_ = (lk) + 2 * (per), *k3_ = (lk) + 3 * (per); \
        const LM y0_ = LM_ROL(LM_ADD(LM_XOR((x)[0], k0_[0]), LM_XOR((x)[1], k0_[1])), 9);          \
        const LM y1_ = LM_ROR(LM_ADD(LM_XOR((x)[1], k0_[2]), LM_XOR((x)[2], k0_[i3])), 5);         \
        const LM z0_ = LM_ROL(LM_ADD(LM_XOR(y0_, k1_[0]), LM_XOR(y1_, k1_[1])), 9);                \
        (p)[0] = LM_XOR((x)[2], k0_[i4]);                                                          \
        (p)[1] = LM_XOR(y1_, k1_[2]);                                                              \
        (p)[2] = LM_XOR((x)[0], k1_[i5]);                                                          \
        (p)[3] = LM_XOR(z0_, k2_[0]);                                                              \
        (p)[4] = LM_XOR(y0_, k2_[i5]);                                                             \
        (p)[5] = LM_XOR(z0_, k3_[i5]);                                                             \
    } while (0)
/* Rounds 0..3 from X3 = s[b][3] and p, then the rest. */
#define LM_LEA_RUN4(lk, per, i3, i4, i5, rounds, p, s, nb)                                         \
    do {                                                                                           \
        const LM *k0_ = (lk), *k1_ = (lk) + (per), *k2_ = (lk) + 2 * (per), *k3_ = (lk) + 3 * (per); \
        _Pragma("GCC unroll 4") for (int b_ = 0; b_ < (nb); b_++) {                                \
            const LM y2_ = LM_ROR(LM_ADD((p)[0], LM_XOR((s)[b_][3], k0_[i5])), 3);                 \
            const LM z1_ = LM_ROR(LM_ADD((p)[1], LM_XOR(y2_, k1_[i3])), 5);                        \
            const LM z2_ = LM_ROR(LM_ADD(LM_XOR(y2_, k1_[i4]), (p)[2]), 3);                        \
            const LM w0_ = LM_ROL(LM_ADD((p)[3], LM_XOR(z1_, k2_[1])), 9);                         \
            const LM w1_ = LM_ROR(LM_ADD(LM_XOR(z1_, k2_[2]), LM_XOR(z2_, k2_[i3])), 5);           \
            const LM w2_ = LM_ROR(LM_ADD(LM_XOR(z2_, k2_[i4]), (p)[4]), 3);                        \
            (s)[b_][0] = LM_ROL(LM_ADD(LM_XOR(w0_, k3_[0]), LM_XOR(w1_, k3_[1])), 9);              \
            (s)[b_][1] = LM_ROR(LM_ADD(LM_XOR(w1_, k3_[2]), LM_XOR(w2_, k3_[i3])), 5);             \
            (s)[b_][2] = LM_ROR(LM_ADD(LM_XOR(w2_, k3_[i4]), (p)[5]), 3);                          \
            (s)[b_][3] = w0_;                                                                      \
        }                                                                                          \
        LM_LEA_RUN(lk, per, i3, i4, i5, 4, rounds, s, nb);                                         \
    } while (0)
#define LM_PRE4_N 6
#define LM_PRE4(lk, ks, x, p)                                                                      \
    do {                                                                                           \
        if ((ks)->rounds == 24) LM_LEA_PRE4(lk, 4, 1, 3, 1, x, p);                                 \
        else LM_LEA_PRE4(lk, 6, 3, 4, 5, x, p);                                                    \
    } while (0)
#define LM_ROUNDS_PRE4(lk, ks, p, s, nb)                                                           \
    do {                                                                                           \
        if ((ks)->rounds == 24) LM_LEA_RUN4(lk, 4, 1, 3, 1, 24, p, s, nb);                         \
        else LM_LEA_RUN4(lk, 6, 3, 4, 5, (ks)->rounds, p, s, nb);                                  \
    } while (0)
#endif

/* Word i of the kept schedule: LEA-128's compact one (round i / 4, RK0, RK1,
 * RK2, RK4), else rk as it is. */
#define LM_LEA_COMPACT(ks) ((ks)->rounds == 24)
#define LM_KS_WORD(ks, i)                                                                          \
    (LM_LEA_COMPACT(ks) ? (ks)->rk[(i) >> 2][((i) & 3) == 3 ? 4 : ((i) & 3)] : (&(ks)->rk[0][0])[i])
#define LM_KS_WORDS(ks) ((size_t)(ks)->rounds * (LM_LEA_COMPACT(ks) ? 4 : 6))
#if defined(LM_TRANSPOSE) && LM_VBITS == 512
/* Compact words w0..w0 + 15: rounds w0 / 4 .. + 3, 24 words of rk from
 * 6 * w0 / 4 picked by one two-source permute from words 0..15 and 8..23 of
 * them (indices past 15: word + 8), so nothing past the schedule's 144th
 * word is read (the rest of rk is not written for LEA-128). */
ARX_INLINE __m512i lea_many_ks_load(const lea_ks *ks, size_t w0) {
    const uint32_t *p = &ks->rk[0][0];
    if (!LM_LEA_COMPACT(ks)) return _mm512_loadu_si512((const void *)(p + w0));
    p += w0 / 4 * 6;
    const __m512i idx = _mm512_setr_epi32(0, 1, 2, 4, 6, 7, 8, 10, 12, 13, 14, 24, 26, 27, 28, 30);
    return _mm512_permutex2var_epi32(_mm512_loadu_si512((const void *)p), idx,
                                     _mm512_loadu_si512((const void *)(p + 8)));
}
#define LM_KS_LOAD(ks, w0) lea_many_ks_load((ks), (w0))
#elif defined(LM_TRANSPOSE) && LM_VBITS == 256
/* The eight lanes' schedules into lk. LEA-128's compact words by 128-bit
 * lanes: round r's RK0, RK1, RK2, RK4 of lanes l and l + 4 side by side
 * (words 0..3 and 1..4 of rk[r], one blend), then a 4x4 transpose inside
 * each 128-bit lane gives lk[4r + j] in lane order: per round 16 loads, 4
 * blends and 8 unpacks, where 8x8 transposes of rows built from overlapping
 * loads took 16 loads, 12 blends and 12 shuffles (the transposes were ~15%
 * of the AVX2 kernel at 64-byte GCM). Other key sizes: rk as it lies, 8x8. */
ARX_INLINE void lea_many_ks_t256(__m256i *lk, const lea_ks *const *lks) {
    if (LM_LEA_COMPACT(lks[0])) {
#define LM_LEA_LD2(l, o)                                                                           \
    _mm256_inserti128_si256(                                                                       \
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(&lks[(l)]->rk[r][(o)]))), \
        _mm_loadu_si128((const __m128i *)(const void *)(&lks[(l) + 4]->rk[r][(o)])), 1)
        for (unsigned r = 0; r < 24; r++) {
            __m256i v[4];
            for (int l = 0; l < 4; l++) v[l] = _mm256_blend_epi32(LM_LEA_LD2(l, 0), LM_LEA_LD2(l, 1), 0x88);
            LM_FN(transpose)(v); /* lea_simd.h's, in lea_avx2.c above */
            for (int j = 0; j < 4; j++) lk[4 * r + j] = v[j];
        }
#undef LM_LEA_LD2
        return;
    }
    const size_t nwords = LM_KS_WORDS(lks[0]);
    for (size_t w0 = 0; w0 < nwords; w0 += 8) {
        __m256i m[8];
        for (size_t l = 0; l < 8; l++) m[l] = _mm256_loadu_si256((const __m256i *)(const void *)(&lks[l]->rk[0][0] + w0));
        LM_TRANSPOSE(m);
        for (size_t j = 0; j < 8; j++) lk[w0 + j] = m[j];
    }
}
#define LM_KS_TRANSPOSE(lk, lks) lea_many_ks_t256((lk), (lks))
#elif defined(LM_TRANSPOSE) && LM_VBITS == 128 && defined(__wasm_simd128__)
/* Compact words w0..w0 + 3: round w0 / 4's RK0, RK1, RK2, RK4. */
ARX_INLINE v128_t lea_many_ks_load(const lea_ks *ks, size_t w0) {
    const uint32_t *p = &ks->rk[0][0];
    if (!LM_LEA_COMPACT(ks)) return wasm_v128_load((const void *)(p + w0));
    p += w0 / 4 * 6;
    return wasm_u32x4_make(p[0], p[1], p[2], p[4]);
}
#define LM_KS_LOAD(ks, w0) lea_many_ks_load((ks), (w0))
#elif defined(LM_TRANSPOSE)
#error "lea_many_simd.h: LM_TRANSPOSE needs this width's compact LM_KS_LOAD"
#endif

#define LM_W 32
#define LM_KS_T lea_ks
#include "../many_simd.h"

#undef LM_LEA_ROUND
#undef LM_LEA_RUN
#undef LM_LEA_PRE4
#undef LM_LEA_RUN4
#undef LM_LEA_COMPACT
#undef LM_ROL
#undef LM_ROR
