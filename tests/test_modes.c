/*
 * Modes against models written straight from the NIST definitions (model.c) on top of
 * single-block ECB calls of the reference backend, for every cipher, every
 * backend this CPU runs, random keys, random lengths around batch boundaries
 * (0 to three 64-block batches plus one), random buffer offsets, in-place and
 * out-of-place, and streaming with random splits. GCM's model uses the
 * bit-serial multiply of SP 800-38D Algorithm 1, a second GHASH independent
 * of the library's.
 */
#include <stdlib.h>
#include <string.h>

#include "arxcrypt.h"
#include "model.h"
#include "testutil.h"

#define MAXLEN (193 * 16 + 15 + 16) /* + 16: XTS takes 16 + len when len < 16 */

static size_t bb;

/* ---- the comparisons ---- */
static uint8_t *src_mem, *dst_mem, *exp_mem, *tmp_mem;

/*
 * Lengths around batch boundaries, up to three of the widest batches plus one.
 * The widest kernels take 1 KiB per step (LEA 4 x 16 blocks, HIGHT 2 x 64,
 * SPECK/SIMON-64 128 blocks of 8 bytes), so counts are scaled by 16 / block
 * size: 193 blocks of 16 bytes, 386 of 8, 772 of 4, about 3 KiB each.
 */
static size_t pick_len(size_t iter) {
    static const size_t blocks[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 191, 192, 193};
    size_t nb = sizeof blocks / sizeof blocks[0];
    size_t scale = 16 / bb;
    if (iter < nb) return blocks[iter] * scale * bb - (iter % 2 && blocks[iter] ? (scale - 1) * bb : 0);
    return t_below(193 * scale * bb + 1);
}

static const char *cname, *bname;

static void test_cipher_backend(const arx_cipher *c, const char *backend, int iters) {
    uint8_t key[32], iv[16], tag[16], tag2[16], nonce[80], aad[80];
    arx_key *k = NULL, *kr = NULL;
    t_fill(key, sizeof key);
    size_t kl = arx_cipher_key_bytes(c);
    CHECK(arx_key_new(&k, c, key, kl, backend) == ARX_OK, "%s/%s key", cname, bname);
    CHECK(arx_key_new(&kr, c, key, kl, "ref") == ARX_OK, "%s ref key", cname);
    if (!k || !kr) return;
    m_use(kr);
    for (int it = 0; it < iters; it++) {
        size_t len = pick_len((size_t)it);
        size_t blen = len - len % bb;
        uint8_t *src = src_mem + t_below(64), *dst = dst_mem + t_below(64), *exp = exp_mem, *tmp = tmp_mem;
        t_fill(src, len);
        t_fill(iv, bb);
        if (it % 5 == 0) {
            /* counters that carry inside a batch: past 2^16, 2^32, 2^64 (as far
             * as the block reaches), or wrap the whole block to zero */
            static const size_t pattern[4] = {2, 4, 8, 16}; /* past 2^16 (HIGHT's runs), 2^32, 2^64, all */
            size_t ones = pattern[(it / 5) % 4];
            if (ones > bb) ones = bb;
            memset(iv + bb - ones, 0xff, ones);
            iv[bb - 1] = (uint8_t)(0xff - t_below(40)); /* the carry lands 1..40 blocks in */
        }
        int inplace = (int)t_below(2);
#define RUN(call, n, what)                                                                                \
    do {                                                                                                  \
        uint8_t *o_ = dst;                                                                                \
        const uint8_t *i_ = src;                                                                          \
        if (inplace) { memcpy(dst, src, n); i_ = dst; }                                                   \
        int rc_ = call;                                                                                   \
        CHECK(rc_ == ARX_OK && (n == 0 || memcmp(o_, exp, n) == 0), "%s/%s %s len %zu inplace %d rc %d", \
              cname, bname, what, (size_t)n, inplace, rc_);                                               \
    } while (0)
        for (size_t i = 0; i < blen; i += bb) m_E(exp + i, src + i);
        RUN(arx_ecb_encrypt(k, o_, i_, blen), blen, "ecb enc");
        for (size_t i = 0; i < blen; i += bb) m_D(exp + i, src + i);
        RUN(arx_ecb_decrypt(k, o_, i_, blen), blen, "ecb dec");
        m_cbc_enc(iv, exp, src, blen);
        RUN(arx_cbc_encrypt(k, iv, bb, o_, i_, blen), blen, "cbc enc");
        m_cbc_dec(iv, exp, src, blen);
        RUN(arx_cbc_decrypt(k, iv, bb, o_, i_, blen), blen, "cbc dec");
        m_cfb(iv, exp, src, len, 0);
        RUN(arx_cfb_encrypt(k, iv, bb, o_, i_, len), len, "cfb enc");
        m_cfb(iv, exp, src, len, 1);
        RUN(arx_cfb_decrypt(k, iv, bb, o_, i_, len), len, "cfb dec");
        m_ofb(iv, exp, src, len);
        RUN(arx_ofb_xor(k, iv, bb, o_, i_, len), len, "ofb");
        m_ctr(iv, exp, src, len, bb);
        RUN(arx_ctr_xor(k, iv, bb, o_, i_, len), len, "ctr");

        /* streaming CTR in random pieces equals the model */
        arx_ctr *s = NULL;
        CHECK(arx_ctr_new(&s, k, iv, bb) == ARX_OK, "ctr_new");
        for (size_t off = 0; s && off < len;) {
            size_t piece = t_below(3) == 0 ? t_below(3 * bb) : t_below(len - off + 1);
            if (piece > len - off) piece = len - off;
            arx_ctr_update(s, tmp + off, src + off, piece);
            off += piece;
        }
        arx_ctr_free(s);
        CHECK(len == 0 || memcmp(tmp, exp, len) == 0, "%s/%s ctr streamed len %zu", cname, bname, len);

        /* CBC with padding round-trips to the same bytes as the unpadded model */
        size_t plen = 0, dlen = 0;
        CHECK(arx_cbc_encrypt_pad(k, iv, bb, tmp, len + bb, &plen, src, len) == ARX_OK && plen == len - len % bb + bb,
              "%s/%s cbc pad enc len %zu", cname, bname, len);
        CHECK(arx_cbc_decrypt_pad(k, iv, bb, tmp, plen, &dlen, tmp, plen) == ARX_OK && dlen == len &&
                  (len == 0 || memcmp(tmp, src, len) == 0),
              "%s/%s cbc pad round trip len %zu", cname, bname, len);

        if (bb != 16) continue;
        /* GCM: one-shot and streaming against the model, any nonce length */
        size_t nl = t_below(3) ? 12 : 1 + t_below(sizeof nonce), al = t_below(sizeof aad), tl = 4 + t_below(13);
        t_fill(nonce, sizeof nonce); /* CCM below takes up to 13 bytes whatever nl is */
        t_fill(aad, al);
        if (it % 7 == 0 && nl == 12) memset(nonce + 8, 0xff, 4), nonce[11] = 0xfe; /* inc32 wrap soon */
        m_gcm(nonce, nl, aad, al, exp, src, len, 0, tag);
        RUN(arx_gcm_encrypt(k, nonce, nl, aad, al, o_, i_, len, tag2, tl), len, "gcm enc");
        CHECK(memcmp(tag, tag2, tl) == 0, "%s/%s gcm tag nl %zu al %zu len %zu", cname, bname, nl, al, len);
        memcpy(tmp, exp, len); /* ciphertext */
        uint8_t *ct = tmp;
        {
            uint8_t *o_ = dst;
            int rc_ = arx_gcm_decrypt(k, nonce, nl, aad, al, o_, ct, len, tag, tl);
            CHECK(rc_ == ARX_OK && (len == 0 || memcmp(o_, src, len) == 0), "%s/%s gcm dec len %zu", cname, bname, len);
            /* in place: stitched kernels must hash each ciphertext block before overwriting it */
            memcpy(dst, ct, len);
            rc_ = arx_gcm_decrypt(k, nonce, nl, aad, al, dst, dst, len, tag, tl);
            CHECK(rc_ == ARX_OK && (len == 0 || memcmp(dst, src, len) == 0), "%s/%s gcm in-place dec len %zu", cname, bname, len);
        }
        arx_gcm *g = NULL;
        CHECK(arx_gcm_new(&g, k, nonce, nl) == ARX_OK, "gcm_new");
        for (size_t off = 0; g && off < al;) {
            size_t piece = t_below(al - off + 1);
            arx_gcm_aad(g, aad + off, piece);
            off += piece;
        }
        for (size_t off = 0; g && off < len;) {
            size_t piece = t_below(2) ? t_below(40) : t_below(len - off + 1);
            if (piece > len - off) piece = len - off;
            arx_gcm_decrypt_update(g, dst + off, ct + off, piece);
            off += piece;
        }
        CHECK(g && arx_gcm_decrypt_final(g, tag, tl) == ARX_OK && (len == 0 || memcmp(dst, src, len) == 0),
              "%s/%s gcm streamed dec len %zu", cname, bname, len);
        arx_gcm_free(g);
        /* CCM round trip (vectors and the Crypto++ test check its bytes) */
        size_t cnl = 7 + t_below(7), ctl = 4 + 2 * t_below(7);
        CHECK(arx_ccm_encrypt(k, nonce, cnl, aad, al, tmp, src, len, tag, ctl) == ARX_OK &&
                  arx_ccm_decrypt(k, nonce, cnl, aad, al, tmp, tmp, len, tag, ctl) == ARX_OK &&
                  (len == 0 || memcmp(tmp, src, len) == 0),
              "%s/%s ccm round trip len %zu", cname, bname, len);

        /* XTS: one data unit (at least 16 bytes, any tail: stealing) and the
         * sector call, against the IEEE 1619 model on ref keys */
        {
            uint8_t xkey[64], tweak[16];
            size_t xl = len < 16 ? 16 + len : len;
            t_fill(src, xl);
            t_fill(xkey, 2 * kl);
            xkey[kl] ^= 0x5a; /* halves differ */
            if (!memcmp(xkey, xkey + kl, kl)) xkey[0] ^= 1;
            t_fill(tweak, 16);
            arx_xts *x = NULL;
            arx_key *k1 = NULL, *k2 = NULL;
            CHECK(arx_xts_new(&x, c, xkey, 2 * kl, backend) == ARX_OK, "%s/%s xts_new", cname, bname);
            arx_key_new(&k1, c, xkey, kl, "ref");
            arx_key_new(&k2, c, xkey + kl, kl, "ref");
            if (x && k1 && k2) {
                m_xts(k1, k2, tweak, exp, src, xl, 0);
                RUN(arx_xts_encrypt(x, tweak, 16, o_, i_, xl), xl, "xts enc");
                m_xts(k1, k2, tweak, exp, src, xl, 1);
                RUN(arx_xts_decrypt(x, tweak, 16, o_, i_, xl), xl, "xts dec");
                /* sectors: the same as one unit per sector with plain64 tweaks */
                size_t sb = 16 + t_below(300), cnt = xl / sb;
                uint64_t first = it % 3 == 0 ? ~(uint64_t)0 - t_below(2) : ((uint64_t)t_below(1u << 30) << 24);
                for (int d = 0; d < 2; d++) {
                    for (size_t sct = 0; sct < cnt; sct++) {
                        uint8_t tw[16] = {0};
                        for (int q = 0; q < 8; q++) tw[q] = (uint8_t)((first + sct) >> (8 * q));
                        m_xts(k1, k2, tw, exp + sct * sb, src + sct * sb, sb, d);
                    }
                    RUN(d ? arx_xts_decrypt_sectors(x, first, sb, cnt, o_, i_) : arx_xts_encrypt_sectors(x, first, sb, cnt, o_, i_),
                        cnt * sb, d ? "xts dec sectors" : "xts enc sectors");
                }
            }
            arx_xts_free(x);
            arx_key_free(k1);
            arx_key_free(k2);
        }
#undef RUN
    }
    arx_key_free(k);
    arx_key_free(kr);
}

/*
 * GCM's inc32 wrap. With a 12-byte nonce the counter starts at 2, so a wrap
 * needs 2^32 blocks; with other lengths J0 = GHASH(nonce) can sit anywhere.
 * This 16-byte nonce was found by searching (lea-128, all-zero key) for a J0
 * whose low word is 0xffffffd4, so the counter wraps after 43 blocks.
 */
static void test_gcm_wrap(void) {
    const arx_cipher *c = arx_cipher_by_name("lea-128");
    uint8_t key[16] = {0}, nonce[16] = {0}, tag[16], tag2[16];
    nonce[13] = 0x8a; nonce[14] = 0xe8; nonce[15] = 0xc5; /* 9103557 big-endian */
    cname = "lea-128";
    bb = 16;
    for (size_t b = 0; b < arx_cipher_backend_count(c); b++) {
        if (!arx_cipher_backend_available(c, b)) continue;
        bname = arx_cipher_backend_name(c, b);
        arx_key *k = NULL, *kr = NULL;
        arx_key_new(&k, c, key, 16, bname);
        arx_key_new(&kr, c, key, 16, "ref");
        m_use(kr);
        { /* the premise: J0's low word really is 0xffffffd4 */
            uint8_t h[16] = {0}, j0[16] = {0}, lens[16] = {0};
            m_E(h, h);
            ghash_spec(h, j0, nonce, 16);
            lens[15] = 0x80; /* 128 bits */
            ghash_spec(h, j0, lens, 16);
            CHECK(j0[12] == 0xff && j0[13] == 0xff && j0[14] == 0xff && j0[15] == 0xd4, "gcm wrap nonce premise");
        }
        for (int it = 0; it < 12; it++) {
            size_t len = 40 * 16 + t_below(100 * 16);
            t_fill(src_mem, len);
            m_gcm(nonce, 16, NULL, 0, exp_mem, src_mem, len, 0, tag);
            int rc = arx_gcm_encrypt(k, nonce, 16, NULL, 0, dst_mem, src_mem, len, tag2, 16);
            CHECK(rc == ARX_OK && memcmp(dst_mem, exp_mem, len) == 0 && memcmp(tag, tag2, 16) == 0,
                  "lea-128/%s gcm inc32 wrap len %zu", bname, len);
            rc = arx_gcm_decrypt(k, nonce, 16, NULL, 0, dst_mem, exp_mem, len, tag, 16);
            CHECK(rc == ARX_OK && memcmp(dst_mem, src_mem, len) == 0, "lea-128/%s gcm inc32 wrap dec len %zu", bname, len);
        }
        arx_key_free(k);
        arx_key_free(kr);
    }
}

/* Long GCM messages, every backend against the model: the AVX2 stitched
 * LEA-GCM kernel mixes groups of 40 and 32 blocks from 40 batches (5 KiB)
 * on, past pick_len's lengths. Lengths up to LONGLEN, any tail, unaligned.
 * The other 128-bit ciphers' stitched AVX2 GCM (../src/modes/gcm_stitch_avx2.h:
 * groups of batches, then single batches, encryption's hash trailing by a
 * group) from 0 bytes up, every other length under 4 KiB where the group
 * tails are; every fourth message has a 16-byte nonce whose J0 makes the
 * inc32 counter wrap within the first 80 blocks. */
#define LONGLEN (48 * 1024 + 15)
static void test_gcm_long(int iters) {
    static const char *names[] = {"lea-128",       "lea-192",       "lea-256",       "speck-128-128",
                                  "speck-128-192", "speck-128-256", "simon-128-128", "simon-128-192",
                                  "simon-128-256", "cham-128-128",  "cham-128-256",  "sparx-128-128",
                                  "sparx-128-256"};
    uint8_t key[32], nonce[16], aad[24], tag[16], tag2[16];
    uint8_t *src = malloc(LONGLEN + 64), *exp = malloc(LONGLEN), *dst = malloc(LONGLEN + 64);
    for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
        const arx_cipher *c = arx_cipher_by_name(names[n]);
        cname = names[n];
        bb = 16;
        for (size_t b = 0; c && b < arx_cipher_backend_count(c); b++) {
            if (!arx_cipher_backend_available(c, b)) continue;
            bname = arx_cipher_backend_name(c, b);
            arx_key *k = NULL, *kr = NULL;
            t_fill(key, sizeof key);
            arx_key_new(&k, c, key, arx_cipher_key_bytes(c), bname);
            arx_key_new(&kr, c, key, arx_cipher_key_bytes(c), "ref");
            m_use(kr);
            const int lea = n < 3;
            for (int it = 0; it < iters; it++) {
                /* LEA: 40 batches (5 KiB) and up; the others from 0, every
                 * other one under 4 KiB; every third a whole number of 8-block
                 * batches */
                size_t len = lea ? 40 * 128 + t_below(LONGLEN - 40 * 128 + 1)
                                 : t_below(it % 2 ? 4096 : LONGLEN + 1);
                if (it % 3 == 0) len -= len % 128;
                size_t al = t_below(sizeof aad), so = t_below(64), dof = t_below(64), nl = 12;
                t_fill(nonce, sizeof nonce);
                if (!lea && it % 4 == 1) { /* J0's low word 2^32 - 2 - (0..79): the data's counter wraps early */
                    uint8_t j0[16];
                    t_fill(j0, 12);
                    const uint32_t lo = 0xfffffffeu - (uint32_t)t_below(80);
                    for (int q = 0; q < 4; q++) j0[12 + q] = (uint8_t)(lo >> (24 - 8 * q));
                    m_gcm_nonce_for_j0(j0, nonce);
                    nl = 16;
                }
                t_fill(aad, al);
                t_fill(src + so, len);
                m_gcm(nonce, nl, aad, al, exp, src + so, len, 0, tag);
                int rc = arx_gcm_encrypt(k, nonce, nl, aad, al, dst + dof, src + so, len, tag2, 16);
                CHECK(rc == ARX_OK && memcmp(dst + dof, exp, len) == 0 && memcmp(tag, tag2, 16) == 0,
                      "%s/%s gcm long enc len %zu al %zu nl %zu", cname, bname, len, al, nl);
                rc = arx_gcm_decrypt(k, nonce, nl, aad, al, dst + dof, exp, len, tag, 16);
                CHECK(rc == ARX_OK && memcmp(dst + dof, src + so, len) == 0, "%s/%s gcm long dec len %zu", cname, bname,
                      len);
                if (!lea && it % 2 == 0) { /* in place */
                    memcpy(dst, exp, len);
                    rc = arx_gcm_decrypt(k, nonce, nl, aad, al, dst, dst, len, tag, 16);
                    CHECK(rc == ARX_OK && memcmp(dst, src + so, len) == 0, "%s/%s gcm long in-place dec len %zu",
                          cname, bname, len);
                }
            }
            arx_key_free(k);
            arx_key_free(kr);
        }
    }
    free(src);
    free(exp);
    free(dst);
}

/*
 * The many-sector XTS call at the unit sizes the wide kernels take whole
 * (xts_sectors: multiples of 4, 8, 16 blocks), the sizes they leave to the
 * unit-by-unit path (odd block counts, a partial last block: stealing),
 * sector counts across the 64-sector tweak batch, the plain64 wrap, in place
 * and not, against the IEEE 1619 model per sector.
 */
static void test_xts_sectors(const arx_cipher *c, const char *backend) {
    static const size_t sizes[] = {16, 48, 64, 128, 192, 256, 512, 528, 1000, 4096, 4104};
    static const size_t counts[] = {1, 2, 3, 17, 65};
    const size_t kl = arx_cipher_key_bytes(c), most = 65 * 4104;
    uint8_t xkey[64];
    t_fill(xkey, 2 * kl);
    xkey[kl] ^= 0xa5;
    if (!memcmp(xkey, xkey + kl, kl)) xkey[0] ^= 1;
    arx_xts *x = NULL;
    arx_key *k1 = NULL, *k2 = NULL;
    uint8_t *src = malloc(most + 64), *dst = malloc(most + 64), *exp = malloc(most);
    CHECK(arx_xts_new(&x, c, xkey, 2 * kl, backend) == ARX_OK, "%s/%s xts_new", cname, bname);
    arx_key_new(&k1, c, xkey, kl, "ref");
    arx_key_new(&k2, c, xkey + kl, kl, "ref");
    for (size_t si = 0; x && k1 && k2 && src && dst && exp && si < sizeof sizes / sizeof sizes[0]; si++) {
        for (size_t ci = 0; ci < sizeof counts / sizeof counts[0]; ci++) {
            const size_t sb = sizes[si], cnt = counts[ci];
            const uint64_t first = ci % 2 ? ~(uint64_t)0 - t_below(3) : (uint64_t)t_below(1u << 30);
            uint8_t *in = src + t_below(64), *out = dst + t_below(64);
            t_fill(in, cnt * sb);
            for (int d = 0; d < 2; d++) {
                for (size_t i = 0; i < cnt; i++) {
                    uint8_t tw[16] = {0};
                    for (int q = 0; q < 8; q++) tw[q] = (uint8_t)((first + i) >> (8 * q)); /* mod 2^64 */
                    m_xts(k1, k2, tw, exp + i * sb, in + i * sb, sb, d);
                }
                const int inplace = (int)((si + ci + (size_t)d) % 2);
                const uint8_t *from = in;
                if (inplace) memcpy(out, in, cnt * sb), from = out;
                int rc = d ? arx_xts_decrypt_sectors(x, first, sb, cnt, out, from)
                           : arx_xts_encrypt_sectors(x, first, sb, cnt, out, from);
                CHECK(rc == ARX_OK && memcmp(out, exp, cnt * sb) == 0, "%s/%s xts %s sectors of %zu x %zu in place %d",
                      cname, bname, d ? "dec" : "enc", sb, cnt, inplace);
            }
        }
    }
    arx_xts_free(x);
    arx_key_free(k1);
    arx_key_free(k2);
    free(src);
    free(dst);
    free(exp);
}

int main(int argc, char **argv) {
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 20261121;
    int iters = argc > 2 ? atoi(argv[2]) : 40;
    printf("seed %llu, %d lengths per cipher and backend\n", (unsigned long long)seed, iters);
    t_seed(seed);
    src_mem = malloc(MAXLEN + 64);
    dst_mem = malloc(MAXLEN + 64);
    exp_mem = malloc(MAXLEN + 64);
    tmp_mem = malloc(MAXLEN + 64);
    for (size_t i = 0; i < arx_cipher_count(); i++) {
        const arx_cipher *c = arx_cipher_at(i);
        cname = arx_cipher_name(c);
        bb = arx_cipher_block_bytes(c);
        for (size_t b = 0; b < arx_cipher_backend_count(c); b++) {
            bname = arx_cipher_backend_name(c, b);
            if (!arx_cipher_backend_available(c, b)) {
                printf("%-22s %-7s not on this CPU\n", cname, bname);
                continue;
            }
            int before = t_failed;
            test_cipher_backend(c, bname, iters);
            if (bb == 16) test_xts_sectors(c, bname);
            printf("%-22s %-7s %s\n", cname, bname, t_failed == before ? "ok" : "FAILED");
        }
    }
    test_gcm_wrap();
    test_gcm_long(iters < 12 ? iters : 12);
    free(src_mem);
    free(dst_mem);
    free(exp_mem);
    free(tmp_mem);
    return t_summary();
}
