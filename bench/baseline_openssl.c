/*
 * arxcrypt-baseline-openssl: what users would otherwise pick, measured the
 * way `arxcrypt bench` measures (bench/timing.h, each row in its own child
 * process): OpenSSL's AES-128-CTR, AES-128-GCM and ChaCha20-Poly1305 through
 * EVP, encrypting in place. Prints one JSON object per line with the keys of
 * `arxcrypt bench --json`; `arxcrypt bench` runs it and merges the rows.
 * Usage: arxcrypt-baseline-openssl [--size BYTES] [--seconds S]
 */
#define _POSIX_C_SOURCE 200809L
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing.h"

typedef struct {
    EVP_CIPHER_CTX *ctx;
    const EVP_CIPHER *cipher;
    int aead;
    unsigned char *buf;
    size_t len;
    unsigned char key[32], iv[16], tag[16];
} job;

static void run(void *p) {
    job *j = p;
    int n = 0;
    /* A fresh IV per message as real use would do; key schedule kept. */
    EVP_EncryptInit_ex(j->ctx, NULL, NULL, NULL, j->iv);
    EVP_EncryptUpdate(j->ctx, j->buf, &n, j->buf, (int)j->len);
    EVP_EncryptFinal_ex(j->ctx, j->buf + n, &n);
    if (j->aead) EVP_CIPHER_CTX_ctrl(j->ctx, EVP_CTRL_AEAD_GET_TAG, 16, j->tag);
}

int main(int argc, char **argv) {
    size_t size = 16384;
    double seconds = 0.1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--size")) size = (size_t)strtoull(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--seconds")) seconds = strtod(argv[i + 1], NULL);
    }
    if (size == 0 || size > ((size_t)1 << 30)) return 2;
    static const struct { const char *cipher, *mode; int aead; const EVP_CIPHER *(*get)(void); } rows[] = {
        {"aes-128", "ctr", 0, EVP_aes_128_ctr},
        {"aes-128", "gcm", 1, EVP_aes_128_gcm},
        {"chacha20-poly1305", "aead", 1, EVP_chacha20_poly1305},
    };
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        job j;
        memset(&j, 0, sizeof j);
        j.cipher = rows[r].get();
        j.aead = rows[r].aead;
        j.len = size;
        j.buf = malloc(size + 16);
        j.ctx = EVP_CIPHER_CTX_new();
        if (!j.buf || !j.ctx) return 1;
        memset(j.buf, 0x5a, size + 16);
        for (int i = 0; i < 32; i++) j.key[i] = (unsigned char)(i * 37 + 11);
        if (EVP_EncryptInit_ex(j.ctx, j.cipher, NULL, j.key, NULL) != 1) return 1;
        if (j.aead) EVP_CIPHER_CTX_ctrl(j.ctx, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL);
        double cpb = 0, gbps = 0;
        if (bench_measure_isolated(run, &j, size, seconds, &cpb, &gbps) == 0)
            printf("{\"cipher\": \"%s\", \"mode\": \"%s\", \"backend\": \"openssl-%s\", \"threads\": 1, "
                   "\"size\": %zu, \"cpb\": %.3f, \"gbps\": %.4f}\n",
                   rows[r].cipher, rows[r].mode, OPENSSL_VERSION_STR, size, cpb, gbps);
        fflush(stdout);
        EVP_CIPHER_CTX_free(j.ctx);
        free(j.buf);
    }
    return 0;
}
