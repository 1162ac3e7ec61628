/*
 * Developer harness: checks the ECB records of a vector file against whatever
 * cipher descriptors are linked in (weak references), without the public API.
 * Build: cc -std=c11 -Isrc tests/kat_dev.c src/util.c src/ciphers/FAMILY/FAMILY.c
 * Run:   ./a.out tests/vectors/FAMILY.txt
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cipher.h"

#define WEAK(id) extern const arx_cipher_desc arx_desc_##id __attribute__((weak));
ARX_CIPHER_LIST(WEAK)
#define ENTRY(id) &arx_desc_##id,
static const arx_cipher_desc *const all[] = {ARX_CIPHER_LIST(ENTRY)};

static const arx_cipher_desc *find(const char *name) {
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (all[i] && strcmp(all[i]->name, name) == 0) return all[i];
    return NULL;
}
static size_t unhex(const char *s, uint8_t *out) {
    size_t n = 0;
    while (s[0] && s[1] && s[0] != '\n' && s[0] != ' ') {
        unsigned v;
        sscanf(s, "%2x", &v);
        out[n++] = (uint8_t)v;
        s += 2;
    }
    return n;
}
int main(int argc, char **argv) {
    int pass = 0, fail = 0;
    for (int a = 1; a < argc; a++) {
        FILE *f = fopen(argv[a], "r");
        if (!f) { perror(argv[a]); return 2; }
        char line[4096], cipher[64] = "", mode[16] = "";
        uint8_t key[64], pt[1024], ct[1024];
        size_t kl = 0, pl = 0, cl = 0;
        int have = 0;
        for (;;) {
            char *r = fgets(line, sizeof line, f);
            if (!r || line[0] == '\n') {
                if (have && strcmp(mode, "ecb") == 0) {
                    const arx_cipher_desc *d = find(cipher);
                    if (!d) { printf("skip %s (not linked)\n", cipher); }
                    else {
                        _Alignas(64) uint8_t ks[8192];
                        uint8_t buf[1024];
                        if (kl != d->key_bytes || d->ks_bytes > sizeof ks) { printf("FAIL %s: key %zu\n", cipher, kl); fail++; }
                        else {
                            d->setup(ks, key);
                            for (int b = 0; d->backends[b]; b++) {
                                size_t nb = pl / d->block_bytes;
                                d->backends[b]->encrypt(ks, buf, pt, nb);
                                int ok = memcmp(buf, ct, cl) == 0;
                                d->backends[b]->decrypt(ks, buf, ct, nb);
                                ok &= memcmp(buf, pt, pl) == 0;
                                if (ok) pass++; else { fail++; printf("FAIL %s %s key %02x..\n", cipher, d->backends[b]->name, key[0]); }
                            }
                        }
                    }
                }
                have = 0; kl = pl = cl = 0;
                if (!r) break;
                continue;
            }
            if (line[0] == '#') continue;
            char k[32], *eq = strchr(line, '=');
            if (!eq) continue;
            sscanf(line, "%31s", k);
            char *v = eq + 1;
            while (*v == ' ') v++;
            have = 1;
            if (!strcmp(k, "cipher")) sscanf(v, "%63s", cipher);
            else if (!strcmp(k, "mode")) sscanf(v, "%15s", mode);
            else if (!strcmp(k, "key")) kl = unhex(v, key);
            else if (!strcmp(k, "pt")) pl = unhex(v, pt);
            else if (!strcmp(k, "ct")) cl = unhex(v, ct);
        }
        fclose(f);
    }
    printf("%d passed, %d failed\n", pass, fail);
    return fail != 0;
}
