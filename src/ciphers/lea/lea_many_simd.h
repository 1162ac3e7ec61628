/*
 * LEA lane-per-message counter mode (the backends' ctr_many, issue 24),
 * written once over a small vector vocabulary; lea_avx512.c and lea_avx2.c
 * define it and include this file.
 *
 * Layout: one message per 32-bit lane. Where the one-message kernels slice
 * LM_LANES blocks of one message (one key: round keys are broadcasts), here
 * lane l runs message l's blocks one after another, so the round keys differ
 * per lane: the schedules of the group's keys are transposed once per call
 * into rk[round * 6 + word] = the vector whose lane l holds that word of
 * lane l's schedule (square LM_LANES x LM_LANES transposes of 32-bit words,
 * LM_TRANSPOSE), and a round takes its keys from that array as vector
 * operands. Counters live in sliced form too: c[w] holds big-endian word w
 * of every lane's counter block, so a step is one add (plus a branch-free
 * carry for whole-block counters) and the block words are c[w] byte-swapped.
 * A batch's keystream is un-sliced by the 4x4 transpose inside each 128-bit
 * lane: block of lane 4k + j is then 128-bit lane k of vector j.
 *
 * Lanes whose message is shorter than the group's longest idle (their
 * keystream is computed and not used); many.c groups messages of similar
 * length so that is rare, and hands a lane's blocks past the group's cap to
 * the one-message kernel.
 *
 * Vocabulary (undefined at the end):
 *   LM, LM_LANES, LM_FN(name)   vector type, lanes, name prefix
 *   LM_XOR LM_ADD LM_SUB LM_AND LM_ROL(x, r) LM_ROR(x, r) LM_SET1(u32) LM_LOAD(p) LM_STORE(p, v)
 *   LM_UNPACKLO32 LM_UNPACKHI32 LM_UNPACKLO64 LM_UNPACKHI64   per 128-bit lane
 *   LM_BSWAP32(v)               byte-reverse each 32-bit element
 *   LM_EQ0(v)                   all-ones in the elements equal to 0, else 0
 *   LM_TRANSPOSE(m)             transpose LM m[LM_LANES] as a matrix of words
 *   LM_LANE128(v, k)            128-bit lane k (a constant) of v, as __m128i
 *   LM_EACH128(F)               F(0) F(1) ... for every 128-bit lane of LM
 *   LM_NB                       batches interleaved (a constant: 1 to 4)
 *
 * Constant time: the only branches are on lengths and lane counts (public);
 * round keys and counters are only operands.
 */

#include <emmintrin.h>

/* One round on words (a, b, c, d) = (X0, X1, X2, X3) in place: the new X3
 * is the old X0, so four rounds with the roles rotating leave the words
 * where they started and nothing moves between registers. */
#define LM_ROUND(s, k, a, b, c, d)                                                                 \
    do {                                                                                           \
        s[d] = LM_ROR(LM_ADD(LM_XOR(s[c], (k)[4]), LM_XOR(s[d], (k)[5])), 3);                      \
        s[c] = LM_ROR(LM_ADD(LM_XOR(s[b], (k)[2]), LM_XOR(s[c], (k)[3])), 5);                      \
        s[b] = LM_ROL(LM_ADD(LM_XOR(s[a], (k)[0]), LM_XOR(s[b], (k)[1])), 9);                      \
    } while (0)

/* The rounds over nb batches (state s[b][w], word w of every lane); the
 * round count (24, 28 or 32) is a multiple of four. */
ARX_INLINE void LM_FN(many_rounds)(const LM *rk, unsigned rounds, LM s[][4], int nb) {
    for (unsigned r = 0; r < rounds; r += 4) {
        const LM *k = rk + 6 * r;
#pragma GCC unroll 4
        for (int b = 0; b < nb; b++) LM_ROUND(s[b], k, 0, 1, 2, 3);
#pragma GCC unroll 4
        for (int b = 0; b < nb; b++) LM_ROUND(s[b], k + 6, 1, 2, 3, 0);
#pragma GCC unroll 4
        for (int b = 0; b < nb; b++) LM_ROUND(s[b], k + 12, 2, 3, 0, 1);
#pragma GCC unroll 4
        for (int b = 0; b < nb; b++) LM_ROUND(s[b], k + 18, 3, 0, 1, 2);
    }
}

/* out = in XOR ks over m (1..16) bytes: whole blocks in one vector, a
 * partial last block byte by byte (its length is public). */
ARX_INLINE void LM_FN(many_xor_block)(uint8_t *out, const uint8_t *in, const uint8_t *ks, size_t m) {
    if (m == 16) {
        __m128i x = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)in),
                                  _mm_load_si128((const __m128i *)(const void *)ks));
        _mm_storeu_si128((__m128i *)(void *)out, x);
    } else {
        for (size_t i = 0; i < m; i++) out[i] = (uint8_t)(in[i] ^ ks[i]);
    }
}

/* lanes[l]->len capped at cap: the bytes lane l runs in this call. */
#define LM_LEN(l) (lanes[l]->len < cap ? lanes[l]->len : cap)

static void LM_FN(ctr_many)(arx_many_sched *sc, const arx_many_lane *const *lanes, size_t n, size_t cap,
                            int flags) {
    if (n == 0) return;
    const unsigned rounds = ((const lea_ks *)lanes[0]->ks)->rounds; /* one cipher per call */
    const size_t pre = (flags & ARX_MANY_PRE) ? 1 : 0;
    LM *rk = (LM *)(void *)sc->rk;
    _Alignas(64) uint32_t cw[4][LM_LANES];
    _Alignas(64) uint8_t ksb[LM_NB][4 * LM_LANES * 4];

    /* Transposed schedules, unless sc holds these lanes' already (a batch
     * whose groups repeat their keys lane for lane); lanes past n repeat
     * lane 0's key (their keystream is never stored). */
    int same = sc->n == n;
    for (size_t l = 0; l < n && same; l++) same = sc->ks[l] == lanes[l]->ks;
    if (!same) {
        for (unsigned w0 = 0; w0 < rounds * 6; w0 += LM_LANES) {
            LM m[LM_LANES];
            for (size_t l = 0; l < LM_LANES; l++) {
                const lea_ks *ks = (const lea_ks *)lanes[l < n ? l : 0]->ks;
                m[l] = LM_LOAD(&ks->rk[0][0] + w0); /* rk is 32 x 6 words: w0 + LM_LANES <= 192 */
            }
            LM_TRANSPOSE(m);
            for (size_t j = 0; j < LM_LANES; j++) rk[w0 + j] = m[j];
        }
        for (size_t l = 0; l < n; l++) sc->ks[l] = lanes[l]->ks;
        sc->n = n;
        const size_t bytes = ((rounds * 6 + LM_LANES - 1) / LM_LANES) * LM_LANES * sizeof(LM);
        if (bytes > sc->used) sc->used = bytes;
    }
    size_t batches = 0, full = n == LM_LANES ? (size_t)-1 : 0;
    const uint8_t *ip[LM_LANES];
    uint8_t *op[LM_LANES];
    for (size_t l = 0; l < LM_LANES; l++) {
        for (int w = 0; w < 4; w++) cw[w][l] = l < n ? arx_load32_be(lanes[l]->ctr + 4 * w) : 0;
        if (l < n) {
            size_t nb = pre + (LM_LEN(l) + 15) / 16;
            if (nb > batches) batches = nb;
            if (LM_LEN(l) / 16 < full) full = LM_LEN(l) / 16;
            ip[l] = lanes[l]->in;
            op[l] = lanes[l]->out;
        }
    }
    LM c[4];
    int ksb_used = 0;
    for (int w = 0; w < 4; w++) c[w] = LM_LOAD(cw[w]);
    const LM one = LM_SET1(1);

    for (size_t b = 0; b < batches; b += LM_NB) {
        const int nb = (batches - b) < LM_NB ? (int)(batches - b) : LM_NB;
        LM s[LM_NB][4];
#pragma GCC unroll 4
        for (int j = 0; j < nb; j++) {
            for (int w = 0; w < 4; w++) s[j][w] = LM_BSWAP32(c[w]);
            /* Next counter: inc32, or the whole block big-endian with the
             * carry rippling up as masks (no branch on the value). */
            c[3] = LM_ADD(c[3], one);
            if (!(flags & ARX_MANY_INC32)) {
                LM carry = LM_EQ0(c[3]);
                c[2] = LM_SUB(c[2], carry);
                carry = LM_AND(carry, LM_EQ0(c[2]));
                c[1] = LM_SUB(c[1], carry);
                carry = LM_AND(carry, LM_EQ0(c[1]));
                c[0] = LM_SUB(c[0], carry);
            }
        }
        if (nb == LM_NB) LM_FN(many_rounds)(rk, rounds, s, LM_NB);
        else
            for (int j = 0; j < nb; j++) LM_FN(many_rounds)(rk, rounds, &s[j], 1); /* the last few */
        for (int j = 0; j < nb; j++) {
            LM t0 = LM_UNPACKLO32(s[j][0], s[j][1]), t1 = LM_UNPACKHI32(s[j][0], s[j][1]);
            LM t2 = LM_UNPACKLO32(s[j][2], s[j][3]), t3 = LM_UNPACKHI32(s[j][2], s[j][3]);
            LM u[4] = {LM_UNPACKLO64(t0, t2), LM_UNPACKHI64(t0, t2), LM_UNPACKLO64(t1, t3), LM_UNPACKHI64(t1, t3)};
            const size_t bi = b + (size_t)j;
            if (bi >= pre && bi - pre < full) {
                /* Every lane has a whole block here (a full group): straight
                 * from the registers, no per-lane branches. The block of lane
                 * 4k + q is 128-bit lane k of u[q]. */
                const size_t off = (bi - pre) * 16;
#define LM_XOR_LANE(k)                                                                             \
    _mm_storeu_si128((__m128i *)(void *)(op[4 * (k) + q] + off),                                   \
                     _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)(ip[4 * (k) + q] + off)), \
                                   LM_LANE128(u[q], k)));
#pragma GCC unroll 4
                for (int q = 0; q < 4; q++) { LM_EACH128(LM_XOR_LANE) }
#undef LM_XOR_LANE
                continue;
            }
            for (int q = 0; q < 4; q++) LM_STORE(ksb[j] + q * 4 * LM_LANES, u[q]);
            ksb_used = 1;
            for (size_t l = 0; l < n; l++) {
                const uint8_t *k16 = ksb[j] + (l % 4) * 4 * LM_LANES + (l / 4) * 16;
                if (bi < pre) {
                    memcpy(lanes[l]->pre, k16, 16);
                    continue;
                }
                const size_t off = (bi - pre) * 16, len = LM_LEN(l);
                if (off >= len) continue;
                const size_t m = len - off < 16 ? len - off : 16;
                LM_FN(many_xor_block)(lanes[l]->out + off, lanes[l]->in + off, k16, m);
            }
        }
    }
    if (ksb_used) arx_wipe(ksb, sizeof ksb); /* keystream; whole-group batches never store it */
    arx_wipe(c, sizeof c);
    arx_wipe(cw, sizeof cw);
}

#undef LM
#undef LM_LANES
#undef LM_FN
#undef LM_XOR
#undef LM_ADD
#undef LM_SUB
#undef LM_AND
#undef LM_ROL
#undef LM_ROR
#undef LM_SET1
#undef LM_LOAD
#undef LM_STORE
#undef LM_UNPACKLO32
#undef LM_UNPACKHI32
#undef LM_UNPACKLO64
#undef LM_UNPACKHI64
#undef LM_BSWAP32
#undef LM_EQ0
#undef LM_TRANSPOSE
#undef LM_LANE128
#undef LM_EACH128
#undef LM_NB
#undef LM_ROUND
#undef LM_LEN
