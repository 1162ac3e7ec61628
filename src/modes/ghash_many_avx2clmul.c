/*
 * GHASH of many messages, two per ymm register, with VPCLMULQDQ on 256 bits
 * (issue 24): ghash_many_avx512.c's scheme at half the width, for the AVX2
 * backends' keys (ARX_GHASH_VPCLMUL256: all 64 powers of H). A message of n
 * blocks is S = X_1 H^n + ... + X_n H, two blocks per step straight from the
 * caller's buffer against two contiguous powers of its key; products stay
 * unreduced per message, the two messages' sums are folded so that 128-bit
 * lane q holds message q's, the two length blocks join as one register (lane
 * q times message q's H) and one reduction serves both. AVX2 has no
 * byte-masked load: a last step of under 32 bytes goes through a zeroed
 * 32-byte copy (AAD or ciphertext: nothing secret in it). Messages of at
 * most 2 * ARX_GHASH_MAX_POW blocks (with the length block).
 *
 * Against one message at a time through PCLMULQDQ (ghash_many_pclmul.c):
 * half the multiply instructions and one reduction per two messages.
 *
 * Constant time: every branch is on a length or a count (public).
 */
#include "../cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>
#include <string.h>

#include "../internal.h"
#include "ghash_avx2clmul.h"

/* Absorb `bytes` bytes at p, zero-padded to whole blocks, whose first block
 * meets H^pw (then H^(pw-1), ...), into the unreduced sums: blocks whose
 * power is past the table's 64 into hd (the message's head) with their power
 * less 64, the rest into a; a step of two stops at that boundary. */
static inline __attribute__((always_inline)) void many_absorb_y(ghash_yacc *a, ghash_yacc *hd,
                                                                const arx_ghash_key *gk, const uint8_t *p,
                                                                size_t bytes, size_t pw, const int head) {
    for (size_t off = 0; off < bytes;) {
        const size_t left = bytes - off;
        size_t blocks = left >= 32 ? 2 : 1, hp = pw;
        const int in_head = head && pw > ARX_GHASH_MAX_POW;
        if (in_head) {
            hp = pw - ARX_GHASH_MAX_POW;
            if (blocks > hp) blocks = hp;
        }
        const size_t take = left < 16 * blocks ? left : 16 * blocks;
        __m256i x;
        if (take == 32) {
            x = _mm256_loadu_si256((const __m256i *)(const void *)(p + off));
        } else {
            uint8_t last[32] = {0};
            memcpy(last, p + off, take);
            x = _mm256_loadu_si256((const __m256i *)(const void *)last);
        }
        x = ghash_y_bswap(x);
        /* the step's powers H^hp, H^(hp-1): a one-block step loads only
         * the first (hp may be 1 in a head) */
        const uint8_t *hp0 = gk->htab[ARX_GHASH_MAX_POW - hp], *hk0 = gk->hkar[ARX_GHASH_MAX_POW - hp];
        const __m256i h = blocks == 2 ? _mm256_loadu_si256((const __m256i *)(const void *)hp0)
                                      : _mm256_zextsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)hp0));
        const __m256i hk = blocks == 2 ? _mm256_loadu_si256((const __m256i *)(const void *)hk0)
                                       : _mm256_zextsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)hk0));
        /* Karatsuba as ghash_y_absorb: lo, hi, (x_lo ^ x_hi)(h_lo ^ h_hi); mid corrected in many_two */
        const __m256i plo = _mm256_clmulepi64_epi128(x, h, 0x00), phi = _mm256_clmulepi64_epi128(x, h, 0x11);
        const __m256i pmid = _mm256_clmulepi64_epi128(_mm256_xor_si256(x, _mm256_shuffle_epi32(x, 0x4e)), hk, 0x00);
        if (in_head) {
            hd->lo = _mm256_xor_si256(hd->lo, plo);
            hd->hi = _mm256_xor_si256(hd->hi, phi);
            hd->mid = _mm256_xor_si256(hd->mid, pmid);
        } else {
            a->lo = _mm256_xor_si256(a->lo, plo);
            a->hi = _mm256_xor_si256(a->hi, phi);
            a->mid = _mm256_xor_si256(a->mid, pmid);
        }
        off += 16 * blocks;
        pw -= blocks;
    }
}

/* Lane q of the result: the sum of a_q's two lanes. */
static inline __m256i many_fold2(__m256i a0, __m256i a1) {
    return _mm256_xor_si256(_mm256_permute2x128_si256(a0, a1, 0x20), _mm256_permute2x128_si256(a0, a1, 0x31));
}

/* Two messages (n <= 2 of them) into lane q = message q, reduced; a message
 * of n > 64 blocks (head: one in the pair is) as in ghash_many_avx512.c:
 * S = A H^64 + B, A (its first n - 64 blocks) reduced apart. */
static inline __attribute__((always_inline)) __m256i many_two_t(const arx_ghash_msg *m, size_t n, const int head) {
    ghash_yacc a[2], hd[2];
    __m128i x[2], h1[2], h64[2];
#pragma GCC unroll 2
    for (size_t q = 0; q < 2; q++) {
        ghash_y_begin(&a[q]);
        ghash_y_begin(&hd[q]);
        x[q] = h1[q] = h64[q] = _mm_setzero_si128();
        if (q < n) {
            const size_t na = (m[q].aad_len + 15) / 16, nc = (m[q].len + 15) / 16, tot = na + nc + 1;
            many_absorb_y(&a[q], &hd[q], m[q].key, m[q].aad, m[q].aad_len, tot, head);
            many_absorb_y(&a[q], &hd[q], m[q].key, m[q].c, m[q].len, tot - na, head);
            /* [len(A)]64 || [len(C)]64 reflected: len(C) in the low half */
            x[q] = _mm_set_epi64x((long long)((uint64_t)m[q].aad_len * 8), (long long)((uint64_t)m[q].len * 8));
            h1[q] = _mm_loadu_si128((const __m128i *)(const void *)m[q].key->htab[ARX_GHASH_MAX_POW - 1]);
            if (head) h64[q] = _mm_loadu_si128((const __m128i *)(const void *)m[q].key->htab[0]);
        }
        /* Karatsuba: mid ^= lo ^ hi (the data's products; the length block's below use four multiplies) */
        a[q].mid = _mm256_xor_si256(a[q].mid, _mm256_xor_si256(a[q].lo, a[q].hi));
        hd[q].mid = _mm256_xor_si256(hd[q].mid, _mm256_xor_si256(hd[q].lo, hd[q].hi));
    }
    const __m256i xl = _mm256_set_m128i(x[1], x[0]), hl = _mm256_set_m128i(h1[1], h1[0]);
    __m256i lo = _mm256_xor_si256(many_fold2(a[0].lo, a[1].lo), _mm256_clmulepi64_epi128(xl, hl, 0x00));
    __m256i hi = _mm256_xor_si256(many_fold2(a[0].hi, a[1].hi), _mm256_clmulepi64_epi128(xl, hl, 0x11));
    __m256i mid = _mm256_xor_si256(many_fold2(a[0].mid, a[1].mid),
                                   _mm256_xor_si256(_mm256_clmulepi64_epi128(xl, hl, 0x01),
                                                    _mm256_clmulepi64_epi128(xl, hl, 0x10)));
    if (head) { /* + A H^64, lane by lane */
        const __m256i ar = ghash_reduce_y(many_fold2(hd[0].lo, hd[1].lo), many_fold2(hd[0].mid, hd[1].mid),
                                          many_fold2(hd[0].hi, hd[1].hi));
        const __m256i hh = _mm256_set_m128i(h64[1], h64[0]);
        lo = _mm256_xor_si256(lo, _mm256_clmulepi64_epi128(ar, hh, 0x00));
        hi = _mm256_xor_si256(hi, _mm256_clmulepi64_epi128(ar, hh, 0x11));
        mid = _mm256_xor_si256(mid, _mm256_xor_si256(_mm256_clmulepi64_epi128(ar, hh, 0x01),
                                                     _mm256_clmulepi64_epi128(ar, hh, 0x10)));
    }
    return ghash_y_bswap(ghash_reduce_y(lo, mid, hi));
}

/* The common short case, straight-line: no AAD and whole blocks, the
 * length block included at most 64 blocks (no head, no padding copies).
 * Message q's nc data blocks go two a step against H^(nc+1), H^nc, ...; an
 * odd count's last block shares its register with the length block
 * (H^2, H^1: Karatsuba as the data), an even count's length block goes in
 * lane q of one register for both messages, as in many_two_t (a lane of an
 * odd message is zero there). */
static inline __attribute__((always_inline)) __m256i many_two_c(const arx_ghash_msg *m, size_t n) {
    ghash_yacc a[2];
    __m128i xe[2], h1[2];
#pragma GCC unroll 2
    for (size_t q = 0; q < 2; q++) {
        ghash_y_begin(&a[q]);
        xe[q] = h1[q] = _mm_setzero_si128();
        if (q < n) {
            const arx_ghash_key *gk = m[q].key;
            const uint8_t *c = m[q].c;
            const size_t nc = m[q].len / 16;
            /* [len(A)]64 || [len(C)]64 reflected: len(C) in the low half; len(A) is 0 */
            const __m128i lb = _mm_set_epi64x(0, (long long)((uint64_t)m[q].len * 8));
            size_t pw = nc + 1, j = 0;
            for (; j + 2 <= nc; j += 2, pw -= 2)
                ghash_y_absorb(&a[q], gk, (unsigned)pw, 0, ghash_y_load(c + 16 * j));
            if (nc & 1) { /* pw == 2: the last block and the length block */
                const __m128i cl = bswap128(_mm_loadu_si128((const __m128i *)(const void *)(c + 16 * j)));
                ghash_y_absorb(&a[q], gk, 2, 0, _mm256_set_m128i(lb, cl));
            } else {
                xe[q] = lb;
                h1[q] = _mm_loadu_si128((const __m128i *)(const void *)gk->htab[ARX_GHASH_MAX_POW - 1]);
            }
        }
        a[q].mid = _mm256_xor_si256(a[q].mid, _mm256_xor_si256(a[q].lo, a[q].hi));
    }
    __m256i lo = many_fold2(a[0].lo, a[1].lo), hi = many_fold2(a[0].hi, a[1].hi);
    __m256i mid = many_fold2(a[0].mid, a[1].mid);
    if (!((m[0].len / 16) & (n > 1 ? m[1].len / 16 : 1) & 1)) { /* an even count: its length block */
        /* its high half, len(A), is 0: two of the four products are zero */
        const __m256i xl = _mm256_set_m128i(xe[1], xe[0]), hl = _mm256_set_m128i(h1[1], h1[0]);
        lo = _mm256_xor_si256(lo, _mm256_clmulepi64_epi128(xl, hl, 0x00));
        mid = _mm256_xor_si256(mid, _mm256_clmulepi64_epi128(xl, hl, 0x10));
    }
    return ghash_y_bswap(ghash_reduce_y(lo, mid, hi));
}

static inline __m256i many_two(const arx_ghash_msg *m, size_t n) {
    int head = 0, plain = 1; /* public: lengths only */
    for (size_t q = 0; q < n; q++) {
        head |= (m[q].aad_len + 15) / 16 + (m[q].len + 15) / 16 + 1 > ARX_GHASH_MAX_POW;
        plain &= m[q].aad_len == 0 && (m[q].len & 15) == 0;
    }
    if (plain && !head) return many_two_c(m, n);
    return head ? many_two_t(m, n, 1) : many_two_t(m, n, 0);
}

void arx_ghash_vpclmul256_many(const arx_ghash_msg *m, size_t n) {
    for (size_t i = 0; i < n; i += 2) {
        const size_t k = n - i < 2 ? n - i : 2;
        __m256i v = many_two(m + i, k);
        _mm_storeu_si128((__m128i *)(void *)m[i].s, _mm256_castsi256_si128(v));
        if (k > 1) _mm_storeu_si128((__m128i *)(void *)m[i + 1].s, _mm256_extracti128_si256(v, 1));
    }
}

#else
typedef int ghash_many_avx2clmul_not_built; /* ISO C: no empty translation unit */
#endif
