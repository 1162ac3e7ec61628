/*
 * The lane-per-message kernels (backends' ctr_many, src/ciphers/many_simd.h)
 * called directly, against the reference block function: for every
 * 128-bit-block cipher and every backend with a lane kernel this CPU runs,
 * random groups of 1..many_lanes lanes with their own keys (some shared),
 * lengths 0..200, a cap below some lengths, every flag combination (GCM's
 * E(J0) block, inc32 or whole-block counters) and counters next to the
 * carries the sliced counter handles without branches: the low 32 bits
 * about to wrap (inc32 must not carry out of them, a whole-block counter
 * must), and the low 64 bits about to wrap (a carry between the 64-bit
 * lanes' words). Then the same lanes again through the same scratch (the
 * kept transposed schedules) and other lanes (which must replace them).
 * Bytes past each lane's min(len, cap) must stay untouched. The public
 * batches of test_many reach these kernels too, but cannot steer a GCM
 * counter to its wrap.
 *
 * Usage: test_many_kernels [seed]
 */
#include <stdlib.h>
#include <string.h>

#include "cipher.h"
#include "testutil.h"

#define MAXL ARX_MANY_MAX_LANES
#define MAXB 200

static _Alignas(64) uint8_t ksbuf[2 * MAXL][16384];
static uint8_t in_[MAXL][MAXB], out_[MAXL][MAXB + 16], exp_[MAXL][MAXB + 16], pre_[MAXL][16], epre_[MAXL][16];

/* The counter block after ctr: inc32 or the whole block, big-endian. */
static void step(uint8_t c[16], int inc32) {
    for (int i = 15; i >= (inc32 ? 12 : 0); i--)
        if (++c[i]) break;
}

static void run(const arx_cipher_desc *d, const arx_backend *be, arx_many_sched *sc, int again) {
    static arx_many_lane lanes[MAXL];
    static const arx_many_lane *lp[MAXL];
    static size_t n, cap;
    static int flags;
    const arx_backend *ref = d->backends[0];
    if (!again) {
        n = 1 + t_below(be->many_lanes);
        flags = (int)t_below(4);
        /* New keys in the other half of ksbuf: the kernel recognises its
         * kept schedules by address, so these must not look like the last
         * call's. */
        static size_t half;
        half ^= MAXL;
        size_t nk = 1 + t_below(n);
        for (size_t k = 0; k < nk; k++) {
            uint8_t key[32];
            t_fill(key, d->key_bytes);
            d->setup(ksbuf[half + k], key);
        }
        size_t longest = 0;
        for (size_t l = 0; l < n; l++) {
            arx_many_lane *a = &lanes[l];
            a->ks = ksbuf[half + t_below(nk)];
            a->len = t_below(4) == 0 ? t_below(17) : t_below(MAXB + 1);
            if (a->len > longest) longest = a->len;
            t_fill(a->ctr, 16);
            switch (t_below(4)) {
            case 0: memset(a->ctr + 12, 0xff, 4); a->ctr[15] = (uint8_t)(0xff - t_below(4)); break;
            case 1: memset(a->ctr + 8, 0xff, 8); a->ctr[15] = (uint8_t)(0xff - t_below(4)); break;
            default: break;
            }
            t_fill(in_[l], MAXB);
            a->in = in_[l];
            a->out = out_[l];
            a->pre = pre_[l];
            lp[l] = a;
        }
        cap = t_below(3) == 0 ? 16 * t_below(longest / 16 + 1) : MAXB;
    }
    for (size_t l = 0; l < n; l++) {
        const arx_many_lane *a = &lanes[l];
        const size_t m = a->len < cap ? a->len : cap;
        uint8_t c[16], ks[16];
        memcpy(c, a->ctr, 16);
        if (flags & ARX_MANY_PRE) {
            ref->encrypt(a->ks, epre_[l], c, 1);
            step(c, flags & ARX_MANY_INC32);
        }
        memset(exp_[l], 0xa5, sizeof exp_[l]);
        for (size_t off = 0; off < m; off += 16) {
            ref->encrypt(a->ks, ks, c, 1);
            step(c, flags & ARX_MANY_INC32);
            for (size_t i = off; i < m && i < off + 16; i++) exp_[l][i] = (uint8_t)(in_[l][i] ^ ks[i - off]);
        }
        memset(out_[l], 0xa5, sizeof out_[l]);
        memset(pre_[l], 0, 16);
    }
    be->ctr_many(sc, lp, n, cap, flags);
    CHECK(sc->used <= sizeof sc->rk && sc->n == n, "%s %s: scratch bookkeeping (used %zu)", d->name, be->name, sc->used);
    for (size_t l = 0; l < n; l++) {
        CHECK(!memcmp(out_[l], exp_[l], sizeof out_[l]), "%s %s: lane %zu of %zu, len %zu, cap %zu, flags %d%s",
              d->name, be->name, l, n, lanes[l].len, cap, flags, again ? " (kept schedules)" : "");
        if (flags & ARX_MANY_PRE) CHECK(!memcmp(pre_[l], epre_[l], 16), "%s %s: E(J0) of lane %zu", d->name, be->name, l);
    }
}

int main(int argc, char **argv) {
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 2424;
    t_seed(seed);
    printf("seed %llu\n", (unsigned long long)seed);
    static const arx_cipher_desc *const descs[] = {
#define ARX_DESC_PTR(id) &arx_desc_##id,
        ARX_CIPHER_LIST(ARX_DESC_PTR)
#undef ARX_DESC_PTR
    };
    static arx_many_sched sc;
    int kernels = 0;
    for (size_t i = 0; i < sizeof descs / sizeof descs[0]; i++) {
        const arx_cipher_desc *d = descs[i];
        if (d->block_bytes != 16) continue;
        if (d->ks_bytes > sizeof ksbuf[0]) {
            CHECK(0, "%s: key schedule larger than the test's buffer", d->name);
            continue;
        }
        for (size_t b = 1; b < ARX_MAX_BACKENDS && d->backends[b]; b++) {
            const arx_backend *be = d->backends[b];
            if (!be->ctr_many || (be->requires & arx_cpu_features()) != be->requires) continue;
            CHECK(be->many_lanes >= 1 && be->many_lanes <= MAXL, "%s %s: many_lanes", d->name, be->name);
            sc.n = sc.used = 0;
            for (int r = 0; r < 60; r++) {
                run(d, be, &sc, 0);
                run(d, be, &sc, 1); /* the same lanes: schedules kept in sc */
            }
            kernels++;
        }
    }
    printf("%d lane kernels\n", kernels);
    return t_summary();
}
