/* GHASH dispatch: which implementation a GCM key runs (see ghash.h). */
#include "ghash.h"

#include "../cipher.h"
#include "../internal.h"

int arx_ghash_pick(const arx_backend *be) {
#if ARX_X86_SIMD
    uint32_t f = arx_cpu_features();
    const uint32_t vp = ARX_CPU_VPCLMULQDQ | ARX_CPU_AVX512F | ARX_CPU_AVX512BW | ARX_CPU_AVX512VL;
    if (be->requires == 0) return ARX_GHASH_CT; /* the portable backend stays portable */
    if ((be->requires & ARX_CPU_AVX512F) && (f & vp) == vp) return ARX_GHASH_VPCLMUL;
    if ((f & (ARX_CPU_PCLMUL | ARX_CPU_SSSE3)) == (ARX_CPU_PCLMUL | ARX_CPU_SSSE3)) return ARX_GHASH_PCLMUL;
#elif ARX_ARM_PMULL
    if ((be->requires & ARX_CPU_NEON) && (arx_cpu_features() & ARX_CPU_PMULL)) return ARX_GHASH_PMULL;
#else
    (void)be;
#endif
    return ARX_GHASH_CT;
}

void arx_ghash_key_init(arx_ghash_key *gk, const uint8_t h[16], int impl) {
    memset(gk, 0, sizeof *gk);
    gk->impl = impl;
#if ARX_X86_SIMD
    if (impl == ARX_GHASH_VPCLMUL) {
        arx_ghash_vpclmul_key(gk, h);
        return;
    }
    if (impl == ARX_GHASH_PCLMUL) {
        arx_ghash_pclmul_key(gk, h);
        return;
    }
#endif
#if ARX_ARM_PMULL
    if (impl == ARX_GHASH_PMULL) {
        arx_ghash_pmull_key(gk, h);
        return;
    }
#endif
    gk->impl = ARX_GHASH_CT;
    arx_ghash_ct_key(gk, h);
}

void arx_ghash_start(arx_ghash *g, const arx_ghash_key *gk) {
    g->key = gk;
    g->y[0] = g->y[1] = 0;
    memset(g->yr, 0, sizeof g->yr);
}

void arx_ghash_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks) {
#if ARX_X86_SIMD
    if (g->key->impl == ARX_GHASH_VPCLMUL) {
        arx_ghash_vpclmul_blocks(g, data, nblocks);
        return;
    }
    if (g->key->impl == ARX_GHASH_PCLMUL) {
        arx_ghash_pclmul_blocks(g, data, nblocks);
        return;
    }
#endif
#if ARX_ARM_PMULL
    if (g->key->impl == ARX_GHASH_PMULL) {
        arx_ghash_pmull_blocks(g, data, nblocks);
        return;
    }
#endif
    arx_ghash_ct_blocks(g, data, nblocks);
}

void arx_ghash_padded(arx_ghash *g, const uint8_t *data, size_t len) {
    arx_ghash_blocks(g, data, len / 16);
    if (len % 16) {
        uint8_t last[16] = {0};
        memcpy(last, data + (len & ~(size_t)15), len % 16);
        arx_ghash_blocks(g, last, 1);
        arx_wipe(last, sizeof last);
    }
}

void arx_ghash_out(const arx_ghash *g, uint8_t out[16]) {
    if (g->key->impl == ARX_GHASH_CT || g->key->impl == ARX_GHASH_PMULL) { /* the same representation */
        arx_ghash_ct_out(g, out);
        return;
    }
    for (int i = 0; i < 16; i++) out[i] = g->yr[15 - i]; /* undo the byte reversal */
}

void arx_ghash_hpow(arx_ghash *hn, const arx_ghash_key *gk, uint64_t n) {
    arx_ghash_start(hn, gk);
#if ARX_X86_SIMD
    if (gk->impl != ARX_GHASH_CT) {
        arx_ghash_pclmul_hpow(hn, n);
        return;
    }
#endif
#if ARX_ARM_PMULL
    if (gk->impl == ARX_GHASH_PMULL) {
        arx_ghash_pmull_hpow(hn, n);
        return;
    }
#endif
    arx_ghash_ct_hpow(hn, n);
}

void arx_ghash_fold(arx_ghash *g, const arx_ghash *hn, const arx_ghash *part) {
#if ARX_X86_SIMD
    if (g->key->impl != ARX_GHASH_CT) {
        arx_ghash_pclmul_fold(g, hn, part);
        return;
    }
#endif
#if ARX_ARM_PMULL
    if (g->key->impl == ARX_GHASH_PMULL) {
        arx_ghash_pmull_fold(g, hn, part);
        return;
    }
#endif
    arx_ghash_ct_fold(g, hn, part);
}
