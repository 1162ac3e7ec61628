/*
 * Dispatch: a key made without a backend name gets the widest backend whose
 * CPU requirements are met, i.e. the last available one in the cipher's list,
 * and a backend the CPU lacks is refused by name. ctest runs this program
 * under several ARXCRYPT_CPU masks (none, sse2 only, up to avx2, all), so the
 * pick is seen to change with the CPU, not just on this machine's.
 */
#include <stdlib.h>
#include <string.h>

#include "arxcrypt.h"
#include "testutil.h"

int main(void) {
    const char *mask = getenv("ARXCRYPT_CPU");
    printf("ARXCRYPT_CPU=%s; features seen: %s\n", mask ? mask : "(unset)", arx_cpu_features_string());
    uint8_t key[32] = {0};
    for (size_t i = 0; i < arx_cipher_count(); i++) {
        const arx_cipher *c = arx_cipher_at(i);
        size_t want = 0;
        for (size_t b = 0; b < arx_cipher_backend_count(c); b++)
            if (arx_cipher_backend_available(c, b)) want = b;
        arx_key *k = NULL;
        CHECK(arx_key_new(&k, c, key, arx_cipher_key_bytes(c), NULL) == ARX_OK, "%s key", arx_cipher_name(c));
        CHECK(k && !strcmp(arx_key_backend(k), arx_cipher_backend_name(c, want)), "%s picks %s, got %s",
              arx_cipher_name(c), arx_cipher_backend_name(c, want), k ? arx_key_backend(k) : "-");
        arx_key_free(k);
        for (size_t b = 0; b < arx_cipher_backend_count(c); b++) {
            int rc = arx_key_new(&k, c, key, arx_cipher_key_bytes(c), arx_cipher_backend_name(c, b));
            CHECK(rc == (arx_cipher_backend_available(c, b) ? ARX_OK : ARX_ERR_BACKEND_UNAVAILABLE),
                  "%s forced %s: %s", arx_cipher_name(c), arx_cipher_backend_name(c, b), arx_strerror(rc));
            arx_key_free(k);
        }
    }
    /* under a mask, what is hidden must really be unavailable */
    if (mask && !strcmp(mask, "none")) {
        const arx_cipher *c = arx_cipher_by_name("lea-128");
        for (size_t b = 1; b < arx_cipher_backend_count(c); b++)
            CHECK(!arx_cipher_backend_available(c, b), "mask none hides %s", arx_cipher_backend_name(c, b));
        CHECK(!strcmp(arx_cpu_features_string(), "(none)"), "mask none: no features");
    }
    return t_summary();
}
