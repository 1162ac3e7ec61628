/* arxcrypt: the command-line front end. This file only dispatches (and
 * holds the two commands small enough to need no file: list and selftest);
 * the shared helpers are in util.c. */
#include <stdio.h>
#include <string.h>

#include "arxcrypt.h"
#include "cli.h"
#include "kat.h"

static void usage(FILE *f) {
    fputs("usage: arxcrypt <command> [options]\n"
          "  list                      ciphers, modes and the backends this CPU runs\n"
          "  raw -c CIPHER -m MODE -k KEYHEX [--iv HEX] [--aad HEX] [--tag-len N] [--pad] [-d]\n"
          "      [--backend NAME] [--threads N] [-i FILE] [-o FILE]\n"
          "                            encrypt/decrypt/MAC stdin to stdout (or files)\n"
          "  keygen -o KEYFILE [--force]\n"
          "                            a new 32-byte key file from the OS's random bytes\n"
          "  encrypt [-c CIPHER] (--key-file F | --passphrase | --passphrase-file F) [-i IN] [-o OUT]\n"
          "          [--threads N] [--chunk-size BYTES] [--force] [--quiet]\n"
          "                            authenticated file encryption (docs/FORMAT.md; default lea-256)\n"
          "  decrypt (--key-file F | --passphrase | --passphrase-file F) [-i IN] [-o OUT] [--threads N]\n"
          "          [--force] [--quiet]\n"
          "                            exit 1 if the key is wrong or the file was altered\n"
          "  selftest                  known-answer tests for every cipher, mode and backend\n"
          "  bench [--cipher C] [--mode M] [--size BYTES] [--backend B[,B...]|all] [--seconds S] [--json]\n"
          "        [--threads N,N,...] [--scaling] [--baselines|--no-baselines]\n"
          "                            speed in TSC cycles per byte and GB/s at BYTES and 64;\n"
          "                            C and M may be comma-separated lists\n"
          "  raw --gpu ..., bench --gpu [--cipher C] [--mode ecb,ctr,gcm] [--size BYTES] [--device-only]\n"
          "                            the same on a CUDA GPU (builds with cuda/ only)\n"
          "  version                   the library version\n"
          "exit status: 0 success, 1 authentication failed, 2 usage or input error, 3 a file the OS\n"
          "refused (the path and its reason printed), 4 the input changed while it was read\n",
          f);
}

static int cmd_list(void) {
    printf("arxcrypt %s\n\nciphers (block bits, key bits, backends: * = this CPU runs it):\n", arx_version());
    for (size_t i = 0; i < arx_cipher_count(); i++) {
        const arx_cipher *c = arx_cipher_at(i);
        printf("  %-22s block %3zu  key %3zu  ", arx_cipher_name(c), 8 * arx_cipher_block_bytes(c),
               8 * arx_cipher_key_bytes(c));
        for (size_t b = 0; b < arx_cipher_backend_count(c); b++)
            printf(" %s%s", arx_cipher_backend_name(c, b), arx_cipher_backend_available(c, b) ? "*" : "");
        putchar('\n');
    }
    printf("\nmodes:\n");
    for (int m = 0; m < ARX_MODE_COUNT_; m++) {
        static const char *const what[] = {
            "electronic codebook; whole blocks",
            "cipher block chaining; whole blocks, or PKCS#7 with --pad",
            "cipher feedback, full-block segments; any length",
            "output feedback; any length",
            "counter, the whole block big-endian (SP 800-38A); any length",
            "Galois/counter AEAD (SP 800-38D); 128-bit blocks; nonce >= 1 byte; tag 4..16",
            "counter with CBC-MAC AEAD (SP 800-38C); 128-bit blocks; nonce 7..13; tag 4,6..16",
            "cipher-based MAC (SP 800-38B); 64- and 128-bit blocks; tag 4..block",
            "XEX tweakable storage mode (IEEE 1619); 128-bit blocks; double-length key; from 16 bytes",
        };
        _Static_assert(sizeof what / sizeof what[0] == ARX_MODE_COUNT_, "a description per mode");
        printf("  %-5s %s\n", arx_mode_name((arx_mode)m), what[m]);
    }
    printf("\ncpu features: %s\n", arx_cpu_features_string());
    return 0;
}

static int cmd_selftest(int argc, char **argv) {
    const char *only = NULL;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--backend") && i + 1 < argc) only = argv[++i];
        else return arx_cli_error("selftest: unknown option '%s'", argv[i]), 2;
    }
    arx_kat_totals t = {0, 0, 0};
    for (const arx_kat_file *f = arx_kat_files; f->name; f++) {
        arx_kat_totals ft = {0, 0, 0};
        arx_kat_run_text(f->name, f->text, only, &ft, stdout);
        printf("%-20s %4d passed, %d failed, %d skipped (backend not on this CPU)\n", f->name, ft.passed,
               ft.failed, ft.skipped);
        t.passed += ft.passed;
        t.failed += ft.failed;
        t.skipped += ft.skipped;
    }
    if (t.passed == 0) {
        printf("no vector was checked\n");
        t.failed++;
    }
    printf("%d passed, %d failed\n", t.passed, t.failed);
    return t.failed ? 1 : 0;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "list")) return cmd_list();
    if (!strcmp(cmd, "raw")) return arx_cmd_raw(argc - 2, argv + 2);
    if (!strcmp(cmd, "selftest")) return cmd_selftest(argc - 2, argv + 2);
    if (!strcmp(cmd, "bench")) return arx_cmd_bench(argc - 2, argv + 2);
    if (!strcmp(cmd, "keygen") || !strcmp(cmd, "encrypt") || !strcmp(cmd, "decrypt")) {
        if (!arx_file_kdf_available())
            return arx_cli_error("%s: this arxcrypt was built without OpenSSL's libcrypto (HKDF, scrypt); "
                                 "install libssl-dev and rebuild", cmd), 2;
        if (!strcmp(cmd, "keygen")) return arx_cmd_keygen(argc - 2, argv + 2);
        if (!strcmp(cmd, "encrypt")) return arx_cmd_encrypt(argc - 2, argv + 2);
        return arx_cmd_decrypt(argc - 2, argv + 2);
    }
    if (!strcmp(cmd, "version") || !strcmp(cmd, "--version")) return printf("arxcrypt %s\n", arx_version()), 0;
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) return usage(stdout), 0;
    arx_cli_error("unknown command '%s' (try 'arxcrypt help')", cmd);
    return 2;
}
