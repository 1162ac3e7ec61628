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
    const uint32_t vp256 = ARX_CPU_VPCLMULQDQ | ARX_CPU_AVX2 | ARX_CPU_PCLMUL | ARX_CPU_SSSE3;
    if ((be->requires & ARX_CPU_AVX2) && !(be->requires & ARX_CPU_AVX512F) && (f & vp256) == vp256)
        return ARX_GHASH_VPCLMUL256;
    if ((f & (ARX_CPU_PCLMUL | ARX_CPU_SSSE3)) == (ARX_CPU_PCLMUL | ARX_CPU_SSSE3)) return ARX_GHASH_PCLMUL;
#elif ARX_ARM_PMULL
    if ((be->requires & ARX_CPU_NEON) && (arx_cpu_features() & ARX_CPU_PMULL)) return ARX_GHASH_PMULL;
#elif defined(ARX_GHASH_WORDFORM)
    (void)be;
    return ARX_GHASH_MCU;
#elif ARX_WASM_SIMD
    if (be->requires & ARX_REQ_WASM) return ARX_GHASH_WASM; /* the ref backend keeps CT */
#else
    (void)be;
#endif
    return ARX_GHASH_CT;
}

#ifdef ARX_GHASH_WORDFORM
/* ghash_rv32i.S, ghash_armv7m.S; y and the table in their word form (see
 * there). */
#ifdef ARX_HAVE_RV32I
#define mcu_run arx_ghash_rv32i_run
#else
#define mcu_run arx_ghash_armv7m_run
#endif
void mcu_run(void *y, const uint32_t tab[32][5], const uint8_t *data, size_t nblocks);

static void mcu_key(arx_ghash_key *gk, const uint8_t h[16]) {
    uint32_t w[4];
    arx_ghash_ct_key(gk, h); /* the portable form too: hpow and fold use it */
    for (int i = 0; i < 4; i++) w[i] = arx_load32_be(h + 4 * i);
    gk->hsh[0][0] = w[0];
    gk->hsh[0][1] = w[1];
    gk->hsh[0][2] = w[2];
    gk->hsh[0][3] = w[3];
    gk->hsh[0][4] = 0;
    for (unsigned b = 1; b < 32; b++) { /* b is public */
        gk->hsh[b][0] = w[0] >> b;
        for (int k = 1; k < 4; k++) gk->hsh[b][k] = w[k] >> b | w[k - 1] << (32 - b);
        gk->hsh[b][4] = w[3] << (32 - b);
    }
    arx_wipe(w, sizeof w);
}

/* word form <-> bytes */
static void mcu_to_bytes(const arx_ghash *g, uint8_t out[16]) {
    uint32_t w[4];
    memcpy(w, g->y, 16);
    for (int i = 0; i < 4; i++) arx_store32_be(out + 4 * i, w[i]);
    arx_wipe(w, sizeof w);
}

static void mcu_from_bytes(arx_ghash *g, const uint8_t in[16]) {
    uint32_t w[4];
    for (int i = 0; i < 4; i++) w[i] = arx_load32_be(in + 4 * i);
    memcpy(g->y, w, 16);
    arx_wipe(w, sizeof w);
}

/* Parallel GCM's combination (rare: only with threads): through the
 * portable multiply. hn is in the portable form (arx_ghash_hpow), g and
 * part in word form. */
static void mcu_fold(arx_ghash *g, const arx_ghash *hn, const arx_ghash *part) {
    uint8_t b[16], p[16];
    arx_ghash t = *g, zero = *g;
    mcu_to_bytes(g, b);
    arx_ghash_ct_load(t.y, b);
    zero.y[0] = zero.y[1] = 0;
    arx_ghash_ct_fold(&t, hn, &zero);
    arx_ghash_ct_out(&t, b);
    mcu_to_bytes(part, p);
    for (int i = 0; i < 16; i++) b[i] ^= p[i];
    mcu_from_bytes(g, b);
    arx_wipe(b, sizeof b);
    arx_wipe(p, sizeof p);
    arx_wipe(&t, sizeof t);
}
#endif

void arx_ghash_key_init(arx_ghash_key *gk, const uint8_t h[16], int impl) {
    memset(gk, 0, sizeof *gk);
    gk->impl = impl;
#if ARX_X86_SIMD
    if (impl == ARX_GHASH_VPCLMUL) {
        arx_ghash_vpclmul_key(gk, h);
        return;
    }
    if (impl == ARX_GHASH_VPCLMUL256) {
        arx_ghash_vpclmul256_key(gk, h);
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
#ifdef ARX_GHASH_WORDFORM
    if (impl == ARX_GHASH_MCU) {
        mcu_key(gk, h);
        return;
    }
#endif
#ifdef ARX_GHASH_AGG_N
    if (impl == ARX_GHASH_AGG) {
        arx_ghash_agg_key(gk, h);
        return;
    }
#endif
#if ARX_WASM_SIMD && defined(ARX_GHASH_AGG_N)
    if (impl == ARX_GHASH_WASM) {
        arx_ghash_wasm_key(gk, h);
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
    if (g->key->impl == ARX_GHASH_VPCLMUL256) {
        arx_ghash_vpclmul256_blocks(g, data, nblocks);
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
#ifdef ARX_GHASH_WORDFORM
    if (g->key->impl == ARX_GHASH_MCU) {
        mcu_run(g->y, g->key->hsh, data, nblocks);
        return;
    }
#endif
#ifdef ARX_GHASH_AGG_N
    if (g->key->impl == ARX_GHASH_AGG) {
        arx_ghash_agg_blocks(g, data, nblocks);
        return;
    }
#endif
#if ARX_WASM_SIMD && defined(ARX_GHASH_AGG_N)
    if (g->key->impl == ARX_GHASH_WASM) {
        arx_ghash_wasm_blocks(g, data, nblocks);
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
#ifdef ARX_GHASH_WORDFORM
    if (g->key->impl == ARX_GHASH_MCU) {
        mcu_to_bytes(g, out);
        return;
    }
#endif
    if (g->key->impl == ARX_GHASH_CT || g->key->impl == ARX_GHASH_PMULL || g->key->impl == ARX_GHASH_AGG ||
        g->key->impl == ARX_GHASH_WASM) {
        /* the same representation */
        arx_ghash_ct_out(g, out);
        return;
    }
    for (int i = 0; i < 16; i++) out[i] = g->yr[15 - i]; /* undo the byte reversal */
}

void arx_ghash_hpow(arx_ghash *hn, const arx_ghash_key *gk, uint64_t n) {
    arx_ghash_start(hn, gk);
#if ARX_X86_SIMD
    if (gk->impl != ARX_GHASH_CT && gk->impl != ARX_GHASH_AGG) { /* the byte-reversed x86 ones */
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
    if (g->key->impl != ARX_GHASH_CT && g->key->impl != ARX_GHASH_AGG) {
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
#ifdef ARX_GHASH_WORDFORM
    if (g->key->impl == ARX_GHASH_MCU) {
        mcu_fold(g, hn, part);
        return;
    }
#endif
    arx_ghash_ct_fold(g, hn, part);
}
