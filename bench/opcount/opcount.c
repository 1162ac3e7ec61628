/*
 * One ECB encryption or CTR call of 16 KiB on a named cipher and backend,
 * for bench/opcount/opcount.sh to run under callgrind (only run_once is
 * collected): the executed instructions of one call, counted exactly.
 *   opcount CIPHER BACKEND ecb|ctr
 */
#include <stdio.h>
#include <string.h>

#include "arxcrypt.h"

static uint8_t buf_in[16384], buf_out[16384];

__attribute__((noinline)) void run_once(const arx_key *k, int ctr, size_t bb, size_t n) {
    static const uint8_t iv[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0};
    if (ctr)
        arx_ctr_xor(k, iv, bb, buf_out, buf_in, n);
    else
        arx_ecb_encrypt(k, buf_out, buf_in, n);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: opcount CIPHER BACKEND ecb|ctr\n");
        return 2;
    }
    const arx_cipher *c = arx_cipher_by_name(argv[1]);
    if (!c) {
        fprintf(stderr, "opcount: unknown cipher '%s'\n", argv[1]);
        return 2;
    }
    uint8_t key[64] = {7};
    arx_key *k;
    int rc = arx_key_new(&k, c, key, arx_cipher_key_bytes(c), argv[2]);
    if (rc) {
        fprintf(stderr, "opcount: %s --backend %s: %s\n", argv[1], argv[2], arx_strerror(rc));
        return 1;
    }
    size_t bb = arx_cipher_block_bytes(c), n = sizeof buf_in / bb * bb;
    for (size_t i = 0; i < n; i++) buf_in[i] = (uint8_t)i;
    run_once(k, !strcmp(argv[3], "ctr"), bb, n);
    printf("%zu\n", n);
    arx_key_free(k);
    return 0;
}
