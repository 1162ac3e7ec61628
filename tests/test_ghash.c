/*
 * The portable GHASH against the bit-serial multiply of SP 800-38D, and every
 * faster GHASH this CPU runs against the portable one, on
 * random subkeys and lengths 0..150 blocks, absorbed in random pieces so the
 * aggregated paths (8, 16 and 64 blocks per reduction) meet every remainder,
 * and once more hashed in parts combined with arx_ghash_hpow/fold.
 */
#include <stdlib.h>
#include <string.h>

#include "cipher.h"
#include "modes/ghash.h"
#include "testutil.h"

/* SP 800-38D, Algorithm 1: the bit-serial multiply, X = X * Y in GF(2^128). */
static void gf_mul_spec(uint8_t x[16], const uint8_t y[16]) {
    uint8_t z[16] = {0}, v[16];
    memcpy(v, y, 16);
    for (int i = 0; i < 128; i++) {
        if (x[i / 8] >> (7 - i % 8) & 1)
            for (int j = 0; j < 16; j++) z[j] ^= v[j];
        int lsb = v[15] & 1;
        for (int j = 15; j > 0; j--) v[j] = (uint8_t)(v[j] >> 1 | v[j - 1] << 7);
        v[0] >>= 1;
        if (lsb) v[0] ^= 0xe1;
    }
    memcpy(x, z, 16);
}

#ifdef ARX_GHASH_WORDFORM
#define GHASH_MCU_BUILT 1 /* ghash_rv32i.S, ghash_armv7m.S (embedded/ RV32I and Cortex-M3 builds) */
#else
#define GHASH_MCU_BUILT 0
#endif

#ifdef ARX_GHASH_AGG_N
#define GHASH_AGG_BUILT 1 /* ghash_agg.c: hosted builds and WebAssembly */
#else
#define GHASH_AGG_BUILT 0
#endif

int main(void) {
    static const struct { int impl, built; uint32_t needs; const char *name; } impls[] = {
        {ARX_GHASH_PCLMUL, ARX_X86_SIMD, ARX_CPU_PCLMUL | ARX_CPU_SSSE3, "pclmul"},
        {ARX_GHASH_VPCLMUL, ARX_X86_SIMD,
         ARX_CPU_VPCLMULQDQ | ARX_CPU_AVX512F | ARX_CPU_AVX512BW | ARX_CPU_AVX512VL, "vpclmul"},
        {ARX_GHASH_VPCLMUL256, ARX_X86_SIMD, ARX_CPU_VPCLMULQDQ | ARX_CPU_AVX2 | ARX_CPU_PCLMUL | ARX_CPU_SSSE3,
         "vpclmul256"},
        {ARX_GHASH_PMULL, ARX_ARM_PMULL, ARX_CPU_PMULL, "pmull"},
        {ARX_GHASH_MCU, GHASH_MCU_BUILT, 0, "mcu"},
        {ARX_GHASH_AGG, GHASH_AGG_BUILT, 0, "agg"},
    };
    t_seed(7);
    uint8_t h[16], data[150 * 16], a[16], b[16];
    for (size_t m = 0; m < sizeof impls / sizeof impls[0]; m++) {
        if (!impls[m].built || (arx_cpu_features() & impls[m].needs) != impls[m].needs) {
            printf("%-8s not on this CPU (or not built)\n", impls[m].name);
            continue;
        }
        int before = t_failed;
        for (int it = 0; it < 300; it++) {
            t_fill(h, 16);
            if (it == 0) memset(h, 0, 16);
            if (it == 1) memset(h, 0xff, 16);
            size_t n = t_below(151);
            t_fill(data, n * 16);
            arx_ghash ref, x;
            arx_ghash_key *kref = malloc(sizeof *kref), *kx = malloc(sizeof *kx);
            arx_ghash_key_init(kref, h, ARX_GHASH_CT);
            arx_ghash_key_init(kx, h, impls[m].impl);
            CHECK(kx->impl == impls[m].impl, "%s selected", impls[m].name);
            arx_ghash_start(&ref, kref);
            arx_ghash_start(&x, kx);
            arx_ghash_blocks(&ref, data, n);
            for (size_t off = 0; off < n;) {
                size_t piece = t_below(n - off + 1);
                arx_ghash_blocks(&x, data + 16 * off, piece);
                off += piece;
            }
            arx_ghash_out(&ref, a);
            arx_ghash_out(&x, b);
            CHECK(memcmp(a, b, 16) == 0, "%s vs ct: %zu blocks, iteration %d", impls[m].name, n, it);
            /* Parallel GCM's combination (ghash.h): the same run hashed in
             * parts from Y = 0, folded with H^(part length). */
            arx_ghash whole, part, hn;
            arx_ghash_start(&whole, kx);
            for (size_t off = 0; off < n;) {
                size_t piece = t_below(n - off + 1);
                arx_ghash_start(&part, kx);
                arx_ghash_blocks(&part, data + 16 * off, piece);
                arx_ghash_hpow(&hn, kx, piece);
                arx_ghash_fold(&whole, &hn, &part);
                off += piece;
            }
            arx_ghash_out(&whole, b);
            CHECK(memcmp(a, b, 16) == 0, "%s hpow/fold vs ct: %zu blocks, iteration %d", impls[m].name, n, it);
            free(kref);
            free(kx);
        }
        printf("%-8s %s\n", impls[m].name, t_failed == before ? "ok" : "FAILED");
    }
    /* The portable GHASH, which every platform has, against Algorithm 1. */
    for (int it = 0; it < 200; it++) {
        t_fill(h, 16);
        size_t n = t_below(21);
        t_fill(data, n * 16);
        uint8_t y[16] = {0};
        for (size_t i = 0; i < n; i++) {
            for (int j = 0; j < 16; j++) y[j] ^= data[16 * i + j];
            gf_mul_spec(y, h);
        }
        arx_ghash_key *k = malloc(sizeof *k);
        arx_ghash g;
        arx_ghash_key_init(k, h, ARX_GHASH_CT);
        arx_ghash_start(&g, k);
        arx_ghash_blocks(&g, data, n);
        arx_ghash_out(&g, a);
        CHECK(memcmp(a, y, 16) == 0, "ct vs SP 800-38D Algorithm 1: %zu blocks, iteration %d", n, it);
        free(k);
    }
    return t_summary();
}
