/*
 * GHASH of up to four messages per call with VPCLMULQDQ (issue 24), each
 * under its own hash key. A message of n blocks (its AAD zero-padded, its
 * ciphertext zero-padded, the length block) is S = X_1 H^n + X_2 H^(n-1) +
 * ... + X_n H (aggregated Horner from Y = 0, as ghash_pclmul.c derives). Each
 * of the three pieces is contiguous in memory and meets contiguous powers in
 * its key's table, so a message runs four blocks per zmm step straight from
 * the caller's buffers: a byte-masked load zero-pads a partial last block
 * with nothing copied, and the powers load with the same lane mask. Products
 * stay unreduced per message, are folded to 128 bits, and the four messages'
 * sums are reduced together, one per 128-bit lane (ghash_reduce_z). Keys
 * must be VPCLMULQDQ keys (all 64 powers) and messages at most 64 blocks.
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
 * meets H^pw (then H^(pw-1), ...), into the unreduced sums. */
static inline void many_absorb(ghash_zacc *a, const arx_ghash_key *gk, const uint8_t *p, size_t bytes, size_t pw) {
    for (size_t off = 0; off < bytes; off += 64, pw -= 4) {
        const size_t left = bytes - off;
        const __mmask64 bm = left >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << left) - 1);
        const size_t blocks = left >= 64 ? 4 : (left + 15) / 16;
        const __mmask8 qm = (__mmask8)((1u << (2 * blocks)) - 1); /* 64-bit elements of those blocks */
        __m512i x = ghash_z_bswap(_mm512_maskz_loadu_epi8(bm, (const void *)(p + off)));
        __m512i h = _mm512_maskz_loadu_epi64(qm, (const void *)gk->htab[ARX_GHASH_MAX_POW - pw]);
        a->lo = _mm512_xor_si512(a->lo, _mm512_clmulepi64_epi128(x, h, 0x00));
        a->hi = _mm512_xor_si512(a->hi, _mm512_clmulepi64_epi128(x, h, 0x11));
        a->mid = ARX_TERNLOG_EPI64(a->mid, _mm512_clmulepi64_epi128(x, h, 0x01),
                                   _mm512_clmulepi64_epi128(x, h, 0x10), 0x96);
    }
}

void arx_ghash_vpclmul_many4(const arx_ghash_msg *m, size_t n) {
    __m512i lo = _mm512_setzero_si512(), mid = lo, hi = lo;
    for (size_t q = 0; q < n; q++) {
        const size_t na = (m[q].aad_len + 15) / 16, nc = (m[q].len + 15) / 16, tot = na + nc + 1;
        _Alignas(16) uint8_t lens[16];
        arx_store64_be(lens, (uint64_t)m[q].aad_len * 8);
        arx_store64_be(lens + 8, (uint64_t)m[q].len * 8);
        ghash_zacc a;
        ghash_z_begin(&a);
        many_absorb(&a, m[q].key, m[q].aad, m[q].aad_len, tot);
        many_absorb(&a, m[q].key, m[q].c, m[q].len, tot - na);
        many_absorb(&a, m[q].key, lens, 16, 1);
        const __mmask16 lane = (__mmask16)(0xfu << (4 * q));
        lo = _mm512_mask_broadcast_i32x4(lo, lane, ghash_z_fold(a.lo));
        mid = _mm512_mask_broadcast_i32x4(mid, lane, ghash_z_fold(a.mid));
        hi = _mm512_mask_broadcast_i32x4(hi, lane, ghash_z_fold(a.hi));
    }
    /* back to GCM's byte order: the reversal is its own inverse */
    _Alignas(64) uint8_t s[64];
    _mm512_store_si512((void *)s, ghash_z_bswap(ghash_reduce_z(lo, mid, hi)));
    for (size_t q = 0; q < n; q++) memcpy(m[q].s, s + 16 * q, 16);
    arx_wipe(s, sizeof s);
}

#else
typedef int ghash_many_avx512_not_built; /* ISO C: no empty translation unit */
#endif
