/*
 * A program as a user of an installed libarxcrypt would write it, built by
 * tests/test_install.sh with nothing but `pkg-config --cflags --libs arxcrypt`.
 *
 *   ecb CIPHER KEYHEX PTHEX    prints the ECB ciphertext in hex
 *
 * It also decrypts the ciphertext again and fails (exit 1) unless that gives
 * the plaintext back.
 */
#include <arxcrypt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int nibble(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Hex to bytes (malloc'd, at least one byte); NULL on bad hex. */
static uint8_t *unhex(const char *s, size_t *len) {
    size_t n = strlen(s);
    uint8_t *p = malloc(n / 2 + 1);
    if (!p || n % 2) return free(p), NULL;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = nibble(s[2 * i]), lo = nibble(s[2 * i + 1]);
        if (hi < 0 || lo < 0) return free(p), NULL;
        p[i] = (uint8_t)(hi << 4 | lo);
    }
    *len = n / 2;
    return p;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: ecb CIPHER KEYHEX PTHEX\n");
        return 2;
    }
    const arx_cipher *c = arx_cipher_by_name(argv[1]);
    size_t key_len = 0, len = 0;
    uint8_t *key = unhex(argv[2], &key_len), *pt = unhex(argv[3], &len);
    uint8_t *ct = malloc(len + 1), *back = malloc(len + 1);
    arx_key *k = NULL;
    int rc = 2;
    if (!c || !key || !pt || !ct || !back) {
        fprintf(stderr, "ecb: unknown cipher, bad hex or no memory\n");
        goto out;
    }
    int e = arx_key_new(&k, c, key, key_len, NULL);
    if (e == ARX_OK) e = arx_ecb_encrypt(k, ct, pt, len);
    if (e == ARX_OK) e = arx_ecb_decrypt(k, back, ct, len);
    if (e != ARX_OK) {
        fprintf(stderr, "ecb: %s\n", arx_strerror(e));
        goto out;
    }
    for (size_t i = 0; i < len; i++) printf("%02x", ct[i]);
    printf("\n");
    rc = memcmp(back, pt, len) ? 1 : 0;
    if (rc) fprintf(stderr, "ecb: decryption did not give the plaintext back\n");
out:
    arx_key_free(k);
    free(key);
    free(pt);
    free(ct);
    free(back);
    return rc;
}
