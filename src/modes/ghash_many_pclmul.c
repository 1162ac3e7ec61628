/*
 * GHASH of many messages with PCLMULQDQ (issue 24), for keys on the SSE and
 * AVX2 backends (8 powers of H per key): each message's AAD, ciphertext and
 * length block are fed block by block from the caller's buffers (a partial
 * last block through a 16-byte copy, the length block built in a register)
 * into the aggregated sum of ghash_pclmul.c, one reduction per 8 blocks, and
 * the result is written straight to the message's s. Against the
 * one-message path (lay the message out in a buffer, GHASH it, read Y back
 * byte by byte) this saves the copies and the calls: ~65 -> ~30 TSC cycles
 * for a 64-byte message on Zen 4 with the AVX2 backend.
 *
 * Constant time: branches on lengths and counts only (public).
 */
#include "../cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>
#include <string.h>

#include "../internal.h"
#include "ghash.h"
#include "ghash_x86.h"

typedef struct {
    const arx_ghash_key *key;
    __m128i y, lo, mid, hi;
    size_t left, k; /* blocks left in the message; in the current run of <= 8 */
    size_t at;      /* blocks of the current run done */
} many_state;

/* One block (reflected) into the run; a run of k blocks multiplies block j by
 * H^(k - j), the first with Y added, and ends in one reduction. */
static inline void many_feed(many_state *st, __m128i x) {
    if (st->at == 0) {
        st->k = st->left < 8 ? st->left : 8;
        x = _mm_xor_si128(x, st->y);
        st->lo = st->mid = st->hi = _mm_setzero_si128();
    }
    const uint8_t *pw = st->key->htab[ARX_GHASH_MAX_POW - st->k + st->at];
    ghash_mul_acc(x, _mm_loadu_si128((const __m128i *)(const void *)pw), &st->lo, &st->mid, &st->hi);
    st->left--;
    if (++st->at == st->k) {
        st->y = ghash_reduce(st->lo, st->mid, st->hi);
        st->at = 0;
    }
}

static inline void many_feed_bytes(many_state *st, const uint8_t *p, size_t len) {
    for (; len >= 16; len -= 16, p += 16) many_feed(st, bswap128(_mm_loadu_si128((const __m128i *)(const void *)p)));
    if (len) {
        uint8_t last[16] = {0};
        memcpy(last, p, len);
        many_feed(st, bswap128(_mm_loadu_si128((const __m128i *)(const void *)last)));
        arx_wipe(last, sizeof last);
    }
}

void arx_ghash_pclmul_many(const arx_ghash_msg *m, size_t n) {
    for (size_t i = 0; i < n; i++) {
        many_state st;
        st.key = m[i].key;
        st.y = st.lo = st.mid = st.hi = _mm_setzero_si128();
        st.left = (m[i].aad_len + 15) / 16 + (m[i].len + 15) / 16 + 1;
        st.k = st.at = 0;
        many_feed_bytes(&st, m[i].aad, m[i].aad_len);
        many_feed_bytes(&st, m[i].c, m[i].len);
        /* [len(A)]64 || [len(C)]64 reflected: len(C) in the low half */
        many_feed(&st, _mm_set_epi64x((long long)((uint64_t)m[i].aad_len * 8), (long long)((uint64_t)m[i].len * 8)));
        _mm_storeu_si128((__m128i *)(void *)m[i].s, bswap128(st.y));
    }
}

#else
typedef int ghash_many_pclmul_not_built; /* ISO C: no empty translation unit */
#endif
