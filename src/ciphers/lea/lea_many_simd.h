/*
 * LEA's hooks into the lane-per-message counter mode of ../many_simd.h
 * (issue 24); lea_avx512.c and lea_avx2.c define LM_VBITS, LM_FN, LM_NB,
 * LM_ROL(x, r), LM_ROR(x, r) and LM_TRANSPOSE (a square transpose of 32-bit
 * words) and include this file.
 *
 * One message per 32-bit lane; lk[round * 6 + word] holds that round-key word
 * of every lane's schedule (LEA's rk is 32 x 6 words, so whole-vector loads
 * of it stay inside it: rounds * 6 rounded up to 8 or 16 is at most 192).
 */

/* One round on words (a, b, c, d) = (X0, X1, X2, X3) in place: the new X3
 * is the old X0, so four rounds with the roles rotating leave the words
 * where they started and nothing moves between registers. */
#define LM_LEA_ROUND(s, k, a, b, c, d)                                                             \
    do {                                                                                           \
        s[d] = LM_ROR(LM_ADD(LM_XOR(s[c], (k)[4]), LM_XOR(s[d], (k)[5])), 3);                      \
        s[c] = LM_ROR(LM_ADD(LM_XOR(s[b], (k)[2]), LM_XOR(s[c], (k)[3])), 5);                      \
        s[b] = LM_ROL(LM_ADD(LM_XOR(s[a], (k)[0]), LM_XOR(s[b], (k)[1])), 9);                      \
    } while (0)

/* The rounds over nb batches (state s[b][w], word w of every lane); the
 * round count (24, 28 or 32) is a multiple of four. */
#define LM_ROUNDS(lk, ks, s, nb)                                                                   \
    do {                                                                                           \
        for (unsigned r_ = 0; r_ < (ks)->rounds; r_ += 4) {                                        \
            const LM *k_ = (lk) + 6 * r_;                                                          \
            _Pragma("GCC unroll 4") for (int b_ = 0; b_ < (nb); b_++) LM_LEA_ROUND((s)[b_], k_, 0, 1, 2, 3);      \
            _Pragma("GCC unroll 4") for (int b_ = 0; b_ < (nb); b_++) LM_LEA_ROUND((s)[b_], k_ + 6, 1, 2, 3, 0);  \
            _Pragma("GCC unroll 4") for (int b_ = 0; b_ < (nb); b_++) LM_LEA_ROUND((s)[b_], k_ + 12, 2, 3, 0, 1); \
            _Pragma("GCC unroll 4") for (int b_ = 0; b_ < (nb); b_++) LM_LEA_ROUND((s)[b_], k_ + 18, 3, 0, 1, 2); \
        }                                                                                          \
    } while (0)

#define LM_W 32
#define LM_KS_T lea_ks
#define LM_KS_WORDS(ks) ((size_t)(ks)->rounds * 6)
#define LM_KS_WORD(ks, i) ((&(ks)->rk[0][0])[i])
#define LM_KS_PTR(ks) (&(ks)->rk[0][0])
#include "../many_simd.h"

#undef LM_LEA_ROUND
#undef LM_ROL
#undef LM_ROR
