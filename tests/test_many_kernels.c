/*
 * The lane-per-message kernels (backends' ctr_many, src/ciphers/many_simd.h)
 * called directly, against the reference block function: for every
 * 128- and 64-bit-block cipher and every backend with a lane kernel this
 * CPU runs, in counter mode and as CMAC's CBC-MAC (ARX_MANY_CBC) (32-bit
 * blocks, SIMECK-32/64, and the 48- and 96-bit ones of SPECK, SIMON and
 * SIMECK-48: counter mode with whole-block counters only, those last
 * also with the whole counter about to wrap across their two words),
 * random groups of 1..many_lanes lanes with their own keys (some shared),
 * lengths 0..200, a cap below some lengths, every flag combination (GCM's
 * E(J0) block, inc32 or whole-block counters) and counters next to the
 * carries the sliced counter handles without branches: the low 32 bits
 * about to wrap (inc32 must not carry out of them, a whole-block counter
 * must), and the low 64 bits about to wrap (a carry between the 64-bit
 * lanes' words; for 64-bit blocks, the whole counter wrapping to zero).
 * Two groups through one scratch, then both again: their transposed
 * schedules kept side by side in its slots, or replacing each other where
 * it holds one. Bytes past each lane's min(len, cap) (CBC-MAC: all of out)
 * must stay untouched. The public
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

/* The counter block after ctr (bb bytes): inc32 (its last four bytes) or
 * the whole block, big-endian. */
static void step(uint8_t *c, int bb, int inc32) {
    for (int i = bb - 1; i >= (inc32 ? bb - 4 : 0); i--)
        if (++c[i]) break;
}

/* One group of lanes and what the kernel must produce for it. */
typedef struct {
    arx_many_lane lanes[MAXL];
    const arx_many_lane *lp[MAXL];
    size_t n, cap;
    int flags;
    uint8_t in[MAXL][MAXB], out[MAXL][MAXB + 16], exp[MAXL][MAXB + 16], pre[MAXL][16], epre[MAXL][16];
} group;

static group groups[2];

/* A random group with keys set up in ksbuf's half h. */
static void make(group *g, const arx_cipher_desc *d, const arx_backend *be, size_t h) {
    g->n = 1 + t_below(be->many_lanes);
    g->flags = t_below(5) == 0 ? ARX_MANY_CBC : (int)t_below(4);
    if (d->block_bytes % 8) g->flags = 0; /* 32-, 48- and 96-bit blocks: whole-block CTR only (cipher.h) */
    size_t nk = 1 + t_below(g->n);
    for (size_t k = 0; k < nk; k++) {
        uint8_t key[32];
        t_fill(key, d->key_bytes);
        d->setup(ksbuf[h * MAXL + k], key);
    }
    size_t longest = 0;
    for (size_t l = 0; l < g->n; l++) {
        arx_many_lane *a = &g->lanes[l];
        a->ks = ksbuf[h * MAXL + t_below(nk)];
        a->len = t_below(4) == 0 ? t_below(17) : t_below(MAXB + 1);
        if (a->len > longest) longest = a->len;
        const size_t bb = d->block_bytes;
        t_fill(a->ctr, 16);
        switch (t_below(bb % 8 ? 5 : 4)) {
        case 0: memset(a->ctr + bb - 4, 0xff, 4); a->ctr[bb - 1] = (uint8_t)(0xff - t_below(4)); break;
        case 4: /* 48- and 96-bit blocks: the whole counter about to wrap to zero (their lanes
                 * carry between two 24- or 48-bit words) */
            memset(a->ctr, 0xff, bb);
            a->ctr[bb - 1] = (uint8_t)(0xff - t_below(4));
            break;
        case 1: /* 32-bit blocks: the whole counter about to wrap to zero */
            memset(a->ctr + (bb >= 8 ? bb - 8 : 0), 0xff, bb >= 8 ? 8 : bb);
            a->ctr[bb - 1] = (uint8_t)(0xff - t_below(4));
            break;
        default: break;
        }
        t_fill(g->in[l], MAXB);
        a->in = g->in[l];
        a->out = g->out[l];
        a->pre = g->pre[l];
        g->lp[l] = a;
    }
    g->cap = t_below(3) == 0 ? d->block_bytes * t_below(longest / d->block_bytes + 1) : MAXB;
}

/* The group through the kernel against the reference block function. */
static void check(group *g, const arx_cipher_desc *d, const arx_backend *be, arx_many_sched *sc, const char *when) {
    const arx_backend *ref = d->backends[0];
    const int bb = (int)d->block_bytes;
    for (size_t l = 0; l < g->n; l++) {
        const arx_many_lane *a = &g->lanes[l];
        const size_t m = a->len < g->cap ? a->len : g->cap;
        uint8_t c[16], ks[16];
        memcpy(c, a->ctr, 16);
        memset(g->epre[l], 0, 16);
        memset(g->exp[l], 0xa5, sizeof g->exp[l]);
        if (g->flags & ARX_MANY_CBC) { /* CBC-MAC from X = ctr over the whole blocks; out untouched */
            memcpy(g->epre[l], c, (size_t)bb);
            for (size_t off = 0; off + (size_t)bb <= m; off += (size_t)bb) {
                for (int i = 0; i < bb; i++) g->epre[l][i] ^= g->in[l][off + (size_t)i];
                ref->encrypt(a->ks, g->epre[l], g->epre[l], 1);
            }
            memset(g->out[l], 0xa5, sizeof g->out[l]);
            memset(g->pre[l], 0, 16);
            continue;
        }
        if (g->flags & ARX_MANY_PRE) {
            ref->encrypt(a->ks, g->epre[l], c, 1);
            step(c, bb, g->flags & ARX_MANY_INC32);
        }
        memset(g->exp[l], 0xa5, sizeof g->exp[l]);
        for (size_t off = 0; off < m; off += (size_t)bb) {
            ref->encrypt(a->ks, ks, c, 1);
            step(c, bb, g->flags & ARX_MANY_INC32);
            for (size_t i = off; i < m && i < off + (size_t)bb; i++) g->exp[l][i] = (uint8_t)(g->in[l][i] ^ ks[i - off]);
        }
        memset(g->out[l], 0xa5, sizeof g->out[l]);
        memset(g->pre[l], 0, 16);
    }
    be->ctr_many(sc, g->lp, g->n, g->cap, g->flags);
    CHECK(sc->used <= sizeof sc->rk && sc->n >= 1 && sc->n <= MAXL, "%s %s: scratch bookkeeping (used %zu)", d->name,
          be->name, sc->used);
    for (size_t l = 0; l < g->n; l++) {
        CHECK(!memcmp(g->out[l], g->exp[l], sizeof g->out[l]), "%s %s: lane %zu of %zu, len %zu, cap %zu, flags %d (%s)",
              d->name, be->name, l, g->n, g->lanes[l].len, g->cap, g->flags, when);
        if (g->flags & (ARX_MANY_PRE | ARX_MANY_CBC))
            CHECK(!memcmp(g->pre[l], g->epre[l], 16), "%s %s: %s of lane %zu (%s)", d->name, be->name,
                  g->flags & ARX_MANY_CBC ? "CBC-MAC state" : "E(J0)", l, when);
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
        if (d->block_bytes != 16 && d->block_bytes != 12 && d->block_bytes != 8 && d->block_bytes != 6 &&
            d->block_bytes != 4)
            continue;
        if (d->ks_bytes > sizeof ksbuf[0]) {
            CHECK(0, "%s: key schedule larger than the test's buffer", d->name);
            continue;
        }
        for (size_t b = 1; b < ARX_MAX_BACKENDS && d->backends[b]; b++) {
            const arx_backend *be = d->backends[b];
            if (!be->ctr_many || (be->requires & arx_cpu_features()) != be->requires) continue;
            CHECK(be->many_lanes >= 1 && be->many_lanes <= MAXL, "%s %s: many_lanes", d->name, be->name);
            for (int r = 0; r < 40; r++) {
                /* The kernel knows its kept schedules by address: new keys
                 * at old addresses need a fresh scratch. Two groups, then
                 * both again (kept in two slots, or the second replacing
                 * the first where one slot is all the scratch holds). */
                sc.n = 0;
                make(&groups[0], d, be, 0);
                check(&groups[0], d, be, &sc, "new");
                make(&groups[1], d, be, 1);
                check(&groups[1], d, be, &sc, "second group");
                check(&groups[0], d, be, &sc, "first again");
                check(&groups[1], d, be, &sc, "second again");
            }
            kernels++;
        }
    }
    printf("%d lane kernels\n", kernels);
#if !(ARX_X86_SIMD || ARX_ARM_NEON)
    /* Lane kernels are built for x86 SIMD and NEON only (many.c's
     * MANY_LANE_PATH): elsewhere (riscv64, s390x, firmware) there is nothing
     * to test, which ctest reports as skipped. Where they are built, none
     * found is a failure (t_summary: no check ran). */
    if (kernels == 0) {
        printf("no lane kernels in this build (x86 SIMD and NEON only): skipped\n");
        return 77;
    }
#endif
    return t_summary();
}
