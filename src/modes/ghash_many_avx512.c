/*
 * GHASH of many messages, four per zmm register, with VPCLMULQDQ (issue 24), each
 * under its own hash key. A message of n blocks (its AAD zero-padded, its
 * ciphertext zero-padded, the length block) is S = X_1 H^n + X_2 H^(n-1) +
 * ... + X_n H (aggregated Horner from Y = 0, as ghash_pclmul.c derives). Each
 * of the three pieces is contiguous in memory and meets contiguous powers in
 * its key's table, so a message runs four blocks per zmm step straight from
 * the caller's buffers: a byte-masked load zero-pads a partial last block
 * with nothing copied, and the powers load with the same lane mask. Products
 * stay unreduced per message; the four messages' sums are folded together
 * (a transpose of 128-bit lanes, so lane q holds message q's), the four
 * length blocks join as one vector (lane q times message q's H), and one
 * reduction serves all four (ghash_reduce_z). Keys
 * must be VPCLMULQDQ keys (all 64 powers) and messages at most 128 blocks
 * (past 64, a head of the first blocks is reduced apart and multiplied by
 * H^64: many_four_t).
 *
 * Constant time: every branch is on a length or a count (public).
 */
#include "../cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>
#include <string.h>

#include "../internal.h"
#include "ghash.h"
#include "ghash_avx512.h"

/* Absorb `bytes` bytes at p, zero-padded to whole blocks, whose first block
 * meets H^pw (then H^(pw-1), ...), into the unreduced sums: blocks whose
 * power is past the table's 64 into hd (the message's head) with their power
 * less 64, the rest into a. A step of four blocks stops at that boundary,
 * so each step's powers are one contiguous run of the table. */
static inline __attribute__((always_inline)) void many_absorb(ghash_zacc *a, ghash_zacc *hd,
                                                              const arx_ghash_key *gk, const uint8_t *p,
                                                              size_t bytes, size_t pw, const int head) {
    for (size_t off = 0; off < bytes;) {
        const size_t left = bytes - off;
        size_t blocks = left >= 64 ? 4 : (left + 15) / 16, hp = pw;
        const int in_head = head && pw > ARX_GHASH_MAX_POW;
        if (in_head) {
            hp = pw - ARX_GHASH_MAX_POW;
            if (blocks > hp) blocks = hp;
        }
        const size_t take = left < 16 * blocks ? left : 16 * blocks;
        const __mmask64 bm = take >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << take) - 1);
        const __mmask8 qm = (__mmask8)((1u << (2 * blocks)) - 1); /* 64-bit elements of those blocks */
        __m512i x = ghash_z_bswap(_mm512_maskz_loadu_epi8(bm, (const void *)(p + off)));
        __m512i h = _mm512_maskz_loadu_epi64(qm, (const void *)gk->htab[ARX_GHASH_MAX_POW - hp]);
        __m512i hk = _mm512_maskz_loadu_epi64(qm, (const void *)gk->hkar[ARX_GHASH_MAX_POW - hp]);
        /* Karatsuba (ghash_z_absorb): lo, hi and (x_lo ^ x_hi)(h_lo ^ h_hi),
         * three multiplies, not four; many_four corrects mid once per message */
        __m512i t = _mm512_xor_si512(x, _mm512_shuffle_epi32(x, (_MM_PERM_ENUM)0x4e));
        __m512i plo = _mm512_clmulepi64_epi128(x, h, 0x00), phi = _mm512_clmulepi64_epi128(x, h, 0x11);
        __m512i pmid = _mm512_clmulepi64_epi128(t, hk, 0x00);
        /* two accumulators, not a pointer chosen between them: that kept
         * the sums in memory */
        if (in_head) {
            hd->lo = _mm512_xor_si512(hd->lo, plo);
            hd->hi = _mm512_xor_si512(hd->hi, phi);
            hd->mid = _mm512_xor_si512(hd->mid, pmid);
        } else {
            a->lo = _mm512_xor_si512(a->lo, plo);
            a->hi = _mm512_xor_si512(a->hi, phi);
            a->mid = _mm512_xor_si512(a->mid, pmid);
        }
        off += 16 * blocks;
        pw -= blocks;
    }
}

/* a[q] holds message q's sums in its four 128-bit lanes; returns the vector
 * whose lane q is the sum of a[q]'s lanes: a 4 x 4 transpose of 128-bit
 * lanes (vshufi32x4), then three XORs. */
static inline __m512i many_fold4(const __m512i a[4]) {
    __m512i p0 = _mm512_shuffle_i32x4(a[0], a[1], 0x44), p1 = _mm512_shuffle_i32x4(a[0], a[1], 0xee);
    __m512i p2 = _mm512_shuffle_i32x4(a[2], a[3], 0x44), p3 = _mm512_shuffle_i32x4(a[2], a[3], 0xee);
    /* p0 = [a0.0 a0.1 a1.0 a1.1], p1 = [a0.2 a0.3 a1.2 a1.3], p2, p3 likewise for a2, a3 */
    __m512i c0 = _mm512_shuffle_i32x4(p0, p2, 0x88), c1 = _mm512_shuffle_i32x4(p0, p2, 0xdd);
    __m512i c2 = _mm512_shuffle_i32x4(p1, p3, 0x88), c3 = _mm512_shuffle_i32x4(p1, p3, 0xdd);
    /* c0 = [a0.0 a1.0 a2.0 a3.0], c1 = lanes 1, c2 = lanes 2, c3 = lanes 3 */
    return ARX_TERNLOG_EPI64(c0, c1, _mm512_xor_si512(c2, c3), 0x96);
}

/*
 * Four messages (n <= 4 of them) into lane q = message q, reduced. A message
 * of n > 64 blocks (head: set when one in the group is) is S = A H^64 + B:
 * B its last 64 blocks times H^64 .. H^1, A its first n - 64 times
 * H^(n-64) .. H^1; A is reduced for the four messages at once and multiplied
 * lane by lane by each key's H^64.
 */
static inline __attribute__((always_inline)) __m512i many_four_t(const arx_ghash_msg *m, size_t n, const int head) {
    __m512i lo[4], mid[4], hi[4], alo[4], amid[4], ahi[4];
    __m512i h1 = _mm512_setzero_si512(), x = h1, h64 = h1;
    /* Unrolled, so lo, mid and hi stay in registers (as arrays indexed by a
     * loop variable they went through the stack: 22 -> ~14 TSC cycles a
     * message, GHASH alone). */
#pragma GCC unroll 4
    for (size_t q = 0; q < 4; q++) {
        ghash_zacc a, hd;
        ghash_z_begin(&a);
        ghash_z_begin(&hd);
        if (q < n) {
            const size_t na = (m[q].aad_len + 15) / 16, nc = (m[q].len + 15) / 16, tot = na + nc + 1;
            many_absorb(&a, &hd, m[q].key, m[q].aad, m[q].aad_len, tot, head);
            many_absorb(&a, &hd, m[q].key, m[q].c, m[q].len, tot - na, head);
            /* The length block [len(A)]64 || [len(C)]64, byte-reversed as the
             * multiply wants it: len(C) in the low half. Built in a register:
             * assembled in memory from two 8-byte stores, its 64-byte load
             * stalled on store forwarding (about 20 TSC cycles a message). */
            const __mmask16 lane = (__mmask16)(0xfu << (4 * q));
            x = _mm512_mask_broadcast_i32x4(x, lane, _mm_set_epi64x((long long)((uint64_t)m[q].aad_len * 8),
                                                                    (long long)((uint64_t)m[q].len * 8)));
            h1 = _mm512_mask_broadcast_i32x4(h1, lane,
                                             _mm_loadu_si128((const __m128i *)(const void *)m[q].key->htab[ARX_GHASH_MAX_POW - 1]));
            if (head)
                h64 = _mm512_mask_broadcast_i32x4(h64, lane, _mm_loadu_si128((const __m128i *)(const void *)m[q].key->htab[0]));
        }
        lo[q] = a.lo;
        mid[q] = ARX_TERNLOG_EPI64(a.mid, a.lo, a.hi, 0x96); /* Karatsuba: mid ^= lo ^ hi */
        hi[q] = a.hi;
        alo[q] = hd.lo;
        amid[q] = ARX_TERNLOG_EPI64(hd.mid, hd.lo, hd.hi, 0x96);
        ahi[q] = hd.hi;
    }
    /* the length blocks, lane q message q's, each times its own H */
    __m512i l = _mm512_xor_si512(many_fold4(lo), _mm512_clmulepi64_epi128(x, h1, 0x00));
    __m512i h = _mm512_xor_si512(many_fold4(hi), _mm512_clmulepi64_epi128(x, h1, 0x11));
    __m512i md = ARX_TERNLOG_EPI64(many_fold4(mid), _mm512_clmulepi64_epi128(x, h1, 0x01),
                                   _mm512_clmulepi64_epi128(x, h1, 0x10), 0x96);
    if (head) { /* + A H^64, lane by lane (a lane without a head adds 0) */
        __m512i ar = ghash_reduce_z(many_fold4(alo), many_fold4(amid), many_fold4(ahi));
        l = _mm512_xor_si512(l, _mm512_clmulepi64_epi128(ar, h64, 0x00));
        h = _mm512_xor_si512(h, _mm512_clmulepi64_epi128(ar, h64, 0x11));
        md = ARX_TERNLOG_EPI64(md, _mm512_clmulepi64_epi128(ar, h64, 0x01), _mm512_clmulepi64_epi128(ar, h64, 0x10),
                               0x96);
    }
    /* back to GCM's byte order: the reversal is its own inverse */
    return ghash_z_bswap(ghash_reduce_z(l, md, h));
}

static inline __m512i many_four(const arx_ghash_msg *m, size_t n) {
    int head = 0; /* public: lengths only */
    for (size_t q = 0; q < n; q++)
        head |= (m[q].aad_len + 15) / 16 + (m[q].len + 15) / 16 + 1 > ARX_GHASH_MAX_POW;
    return head ? many_four_t(m, n, 1) : many_four_t(m, n, 0);
}

/* Results go straight from the register to each message's s (no buffer
 * between: nothing on the stack to wipe, no store-forwarding round trip),
 * and the groups of four follow one another without a memory dependency,
 * so the out-of-order core overlaps one group's reduction with the next
 * group's products. */
void arx_ghash_vpclmul_many(const arx_ghash_msg *m, size_t n) {
    for (size_t i = 0; i < n; i += 4) {
        const size_t k = n - i < 4 ? n - i : 4;
        __m512i v = many_four(m + i, k);
        _mm_storeu_si128((__m128i *)(void *)m[i].s, _mm512_castsi512_si128(v));
        if (k > 1) _mm_storeu_si128((__m128i *)(void *)m[i + 1].s, _mm512_extracti32x4_epi32(v, 1));
        if (k > 2) _mm_storeu_si128((__m128i *)(void *)m[i + 2].s, _mm512_extracti32x4_epi32(v, 2));
        if (k > 3) _mm_storeu_si128((__m128i *)(void *)m[i + 3].s, _mm512_extracti32x4_epi32(v, 3));
    }
}

#else
typedef int ghash_many_avx512_not_built; /* ISO C: no empty translation unit */
#endif
