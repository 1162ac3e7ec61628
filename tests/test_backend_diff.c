/*
 * Every non-reference backend this build has (the microcontroller assembly
 * kernels in embedded/ builds, the two-way C ones everywhere) against the
 * reference backend of the same cipher, on random keys, lengths and buffer
 * offsets (aligned and not: the kernels take aligned buffers and hand the
 * rest to the reference): ECB both ways, CTR from random counters and from
 * counters whose low 32 bits are about to wrap, and GCM for 128-bit blocks.
 * Keys in caller memory, so it runs in freestanding builds (ctest there,
 * under the emulator in embedded/ builds).
 */
#include <string.h>

#include "arxcrypt.h"
#include "testutil.h"

#define MAXB 40
static _Alignas(16) uint8_t mem_ref[ARX_KEY_STORAGE_MAX], mem_x[ARX_KEY_STORAGE_MAX];
static _Alignas(16) uint8_t in[MAXB * 16 + 8], a[MAXB * 16 + 8], b[MAXB * 16 + 8];

int main(void) {
    t_seed(16);
    int backends = 0;
    for (size_t ci = 0; ci < arx_cipher_count(); ci++) {
        const arx_cipher *c = arx_cipher_at(ci);
        const size_t bb = arx_cipher_block_bytes(c), kb = arx_cipher_key_bytes(c);
        for (size_t bi = 1; bi < arx_cipher_backend_count(c); bi++) {
            if (!arx_cipher_backend_available(c, bi)) continue;
            const char *bn = arx_cipher_backend_name(c, bi);
            const char *cn = arx_cipher_name(c);
            backends++;
            int before = t_failed;
            for (int it = 0; it < 24; it++) {
                uint8_t key[32], iv[16], tag_a[16], tag_b[16], aad[20];
                t_fill(key, sizeof key);
                t_fill(iv, sizeof iv);
                t_fill(aad, sizeof aad);
                if (it % 3 == 1) /* the counter's low 32 bits close to wrapping */
                    memset(iv + bb - 4, 0xff, 3);
                arx_key *kr = NULL, *kx = NULL;
                CHECK(arx_key_init(&kr, mem_ref, sizeof mem_ref, c, key, kb, "ref") == ARX_OK, "%s ref key", cn);
                CHECK(arx_key_init(&kx, mem_x, sizeof mem_x, c, key, kb, bn) == ARX_OK, "%s %s key", cn, bn);
                if (!kr || !kx) return t_summary();
                const size_t n = t_below(MAXB + 1), len = n * bb;
                const size_t oi = it % 2 ? t_below(4) : 0, oo = it % 2 ? t_below(4) : 0;
                t_fill(in + oi, len);
                CHECK(arx_ecb_encrypt(kr, a + oo, in + oi, len) == ARX_OK, "ecb");
                CHECK(arx_ecb_encrypt(kx, b + oo, in + oi, len) == ARX_OK, "ecb");
                CHECK(memcmp(a + oo, b + oo, len) == 0, "%s %s ecb enc: %zu blocks, offsets %zu %zu", cn, bn, n,
                      oi, oo);
                CHECK(arx_ecb_decrypt(kr, a + oo, in + oi, len) == ARX_OK, "ecb");
                CHECK(arx_ecb_decrypt(kx, b + oo, in + oi, len) == ARX_OK, "ecb");
                CHECK(memcmp(a + oo, b + oo, len) == 0, "%s %s ecb dec: %zu blocks, offsets %zu %zu", cn, bn, n,
                      oi, oo);
                const size_t clen = t_below(MAXB * bb + 1);
                t_fill(in + oi, clen);
                CHECK(arx_ctr_xor(kr, iv, bb, a + oo, in + oi, clen) == ARX_OK, "ctr");
                CHECK(arx_ctr_xor(kx, iv, bb, b + oo, in + oi, clen) == ARX_OK, "ctr");
                CHECK(memcmp(a + oo, b + oo, clen) == 0, "%s %s ctr: %zu bytes, offsets %zu %zu, iteration %d", cn,
                      bn, clen, oi, oo, it);
                if (bb == 16) {
                    const size_t alen = t_below(sizeof aad + 1);
                    CHECK(arx_gcm_encrypt(kr, iv, 12, aad, alen, a + oo, in + oi, clen, tag_a, 16) == ARX_OK, "gcm");
                    CHECK(arx_gcm_encrypt(kx, iv, 12, aad, alen, b + oo, in + oi, clen, tag_b, 16) == ARX_OK, "gcm");
                    CHECK(memcmp(a + oo, b + oo, clen) == 0 && memcmp(tag_a, tag_b, 16) == 0,
                          "%s %s gcm: %zu bytes, iteration %d", cn, bn, clen, it);
                }
                arx_key_free(kr);
                arx_key_free(kx);
            }
            printf("%-20s %-8s %s\n", cn, bn, t_failed == before ? "ok" : "FAILED");
        }
    }
    printf("%d non-reference backends checked\n", backends);
    return t_summary();
}
