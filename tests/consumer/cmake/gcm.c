/*
 * GCM through an installed libarxcrypt (see CMakeLists.txt beside it).
 *
 *   gcm CIPHER KEYHEX NONCEHEX AADHEX PTHEX TAGLEN
 *
 * prints "CTHEX TAGHEX", after checking that the message decrypts and that
 * a changed tag is refused with ARX_ERR_AUTH and a zeroed output (exit 1 if
 * not).
 */
#include <arxcrypt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint8_t *unhex(const char *s, size_t *len) {
    size_t n = strlen(s);
    uint8_t *p = calloc(n / 2 + 1, 1);
    if (!p || n % 2) return free(p), NULL;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (v < 0) return free(p), NULL;
        p[i / 2] = (uint8_t)(p[i / 2] << 4 | v);
    }
    *len = n / 2;
    return p;
}

static void put_hex(const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
}

int main(int argc, char **argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: gcm CIPHER KEYHEX NONCEHEX AADHEX PTHEX TAGLEN\n");
        return 2;
    }
    size_t key_len = 0, nonce_len = 0, aad_len = 0, len = 0, tag_len = (size_t)atoi(argv[6]);
    uint8_t *key = unhex(argv[2], &key_len), *nonce = unhex(argv[3], &nonce_len);
    uint8_t *aad = unhex(argv[4], &aad_len), *pt = unhex(argv[5], &len);
    uint8_t *ct = calloc(len + 1, 1), *back = calloc(len + 1, 1), tag[16];
    const arx_cipher *c = arx_cipher_by_name(argv[1]);
    arx_key *k = NULL;
    int rc = 2;
    if (!c || !key || !nonce || !aad || !pt || !ct || !back || tag_len > sizeof tag) {
        fprintf(stderr, "gcm: bad arguments or no memory\n");
        goto out;
    }
    int e = arx_key_new(&k, c, key, key_len, NULL);
    if (e == ARX_OK) e = arx_gcm_encrypt(k, nonce, nonce_len, aad, aad_len, ct, pt, len, tag, tag_len);
    if (e == ARX_OK) e = arx_gcm_decrypt(k, nonce, nonce_len, aad, aad_len, back, ct, len, tag, tag_len);
    if (e != ARX_OK) {
        fprintf(stderr, "gcm: %s\n", arx_strerror(e));
        goto out;
    }
    put_hex(ct, len);
    printf(" ");
    put_hex(tag, tag_len);
    printf("\n");
    rc = 0;
    if (memcmp(back, pt, len)) {
        fprintf(stderr, "gcm: decryption did not give the plaintext back\n");
        rc = 1;
    }
    tag[0] ^= 1;
    memset(back, 0xa5, len);
    e = arx_gcm_decrypt(k, nonce, nonce_len, aad, aad_len, back, ct, len, tag, tag_len);
    for (size_t i = 0; i < len; i++)
        if (back[i]) e = ARX_OK; /* plaintext of a forged message must not be left behind */
    if (e != ARX_ERR_AUTH) {
        fprintf(stderr, "gcm: a changed tag was not refused with a zeroed output\n");
        rc = 1;
    }
out:
    arx_key_free(k);
    free(key);
    free(nonce);
    free(aad);
    free(pt);
    free(ct);
    free(back);
    return rc;
}
