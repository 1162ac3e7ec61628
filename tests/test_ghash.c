/*
 * Every GHASH implementation this CPU runs against the portable one (itself
 * checked by the GCM vectors and the bit-serial model in test_modes), on
 * random subkeys and lengths 0..150 blocks, absorbed in random pieces so the
 * aggregated paths (8, 16 and 64 blocks per reduction) meet every remainder.
 */
#include <stdlib.h>
#include <string.h>

#include "cipher.h"
#include "modes/ghash.h"
#include "testutil.h"

int main(void) {
    static const struct { int impl; uint32_t needs; const char *name; } impls[] = {
        {ARX_GHASH_PCLMUL, ARX_CPU_PCLMUL | ARX_CPU_SSSE3, "pclmul"},
        {ARX_GHASH_VPCLMUL, ARX_CPU_VPCLMULQDQ | ARX_CPU_AVX512F | ARX_CPU_AVX512BW | ARX_CPU_AVX512VL, "vpclmul"},
    };
    t_seed(7);
    uint8_t h[16], data[150 * 16], a[16], b[16];
    int ran = 0;
    for (size_t m = 0; m < sizeof impls / sizeof impls[0]; m++) {
        if (!ARX_X86_SIMD || (arx_cpu_features() & impls[m].needs) != impls[m].needs) {
            printf("%-8s not on this CPU (or not built)\n", impls[m].name);
            continue;
        }
        ran++;
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
            free(kref);
            free(kx);
        }
        printf("%-8s %s\n", impls[m].name, t_failed == before ? "ok" : "FAILED");
    }
    if (!ran) CHECK(1, "only the portable GHASH exists here");
    return t_summary();
}
