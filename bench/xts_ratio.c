/*
 * arxcrypt-xts-ratio: LEA-128-XTS against LEA-128 ECB on one backend, in one
 * process: rdtsc around arx_ecb_* and arx_xts_*_sectors alternately on the
 * same 64 KiB buffer, the best of 3000 of each (a shared machine's lost time
 * slices only ever make a run slower, so the minimum is the cleanest ratio).
 * docs/PERFORMANCE.md, "XTS".
 *
 *   arxcrypt-xts-ratio BACKEND SECTOR_BYTES [dec]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include "arxcrypt.h"

int main(int argc, char **argv) {
    if (argc < 3) return fprintf(stderr, "usage: %s BACKEND SECTOR_BYTES [dec]\n", argv[0]), 2;
    const char *be = argv[1];
    const size_t n = 65536, sb = strtoul(argv[2], NULL, 10);
    const int dec = argc > 3 && !strcmp(argv[3], "dec");
    if (sb < 16 || n % sb) return fprintf(stderr, "sector size must divide 65536 and be >= 16\n"), 2;
    uint8_t key[32];
    for (int i = 0; i < 32; i++) key[i] = (uint8_t)(i * 37 + 11);
    const arx_cipher *c = arx_cipher_by_name("lea-128");
    arx_xts *x = NULL;
    arx_key *k = NULL;
    int rc = arx_xts_new(&x, c, key, 32, be);
    if (!rc) rc = arx_key_new(&k, c, key, 16, be);
    if (rc) return fprintf(stderr, "%s: %s\n", be, arx_strerror(rc)), 2;
    uint8_t *buf = malloc(n);
    if (!buf) return 2;
    memset(buf, 1, n);
    double best_ecb = 1e30, best_xts = 1e30;
    for (int r = 0; r < 3000; r++) {
        unsigned long long t0 = __rdtsc();
        if (dec) arx_ecb_decrypt(k, buf, buf, n);
        else arx_ecb_encrypt(k, buf, buf, n);
        unsigned long long t1 = __rdtsc();
        if (dec) arx_xts_decrypt_sectors(x, 1, sb, n / sb, buf, buf);
        else arx_xts_encrypt_sectors(x, 1, sb, n / sb, buf, buf);
        unsigned long long t2 = __rdtsc();
        if ((double)(t1 - t0) / (double)n < best_ecb) best_ecb = (double)(t1 - t0) / (double)n;
        if ((double)(t2 - t1) / (double)n < best_xts) best_xts = (double)(t2 - t1) / (double)n;
    }
    printf("lea-128 %s %s, %zu-byte sectors: ecb %.3f xts %.3f TSC cpb, xts/ecb %.3f\n", be, dec ? "decrypt" : "encrypt", sb,
           best_ecb, best_xts, best_xts / best_ecb);
    free(buf);
    arx_xts_free(x);
    arx_key_free(k);
    return 0;
}
