/* Subcommands of the arxcrypt CLI. Each returns the process exit status. */
#ifndef ARX_CLI_H
#define ARX_CLI_H

#include <stddef.h>
#include <stdint.h>

int arx_cmd_raw(int argc, char **argv);
int arx_cmd_bench(int argc, char **argv);
/* gpu.c, only in a build with libarxcrypt_cuda (ARX_HAVE_CUDA): raw --gpu, bench --gpu */
int arx_cmd_raw_gpu(int argc, char **argv);
int arx_cmd_bench_gpu(int argc, char **argv);
/* file.c: the library's file API (docs/FORMAT.md); main.c calls these only
 * when the library has key derivation (arx_file_kdf_available). */
int arx_cmd_keygen(int argc, char **argv);
int arx_cmd_encrypt(int argc, char **argv);
int arx_cmd_decrypt(int argc, char **argv);

/* ---- util.c: helpers the commands share ---- */

/* 1 if argv holds "--gpu" (raw and bench then go to gpu.c, or, in a build
 * without CUDA, say so and exit 2). */
int arx_cli_has_gpu_flag(int argc, char **argv);

/* A decimal count 0..max, digits only (no sign, space or prefix): 1 with *v
 * set, or 0. */
int arx_cli_count(const char *s, unsigned long max, unsigned long *v);

/* Input and output of raw and gpu.c (errors printed as "CMD: ..."):
 * a hex argument decoded (malloc'd, NULL on bad hex); a whole file or stdin
 * (path NULL) read (malloc'd, NULL on error); n bytes written to a file or
 * stdout, 0 or exit status 2. */
uint8_t *arx_cli_hex(const char *cmd, const char *name, const char *s, size_t *len);
uint8_t *arx_cli_read_all(const char *cmd, const char *path, size_t *len);
int arx_cli_write_all(const char *cmd, const char *path, const uint8_t *p, size_t n);

/* 1 if name is one of the comma-separated names in list (or list is NULL). */
int arx_cli_in_list(const char *list, const char *name);

/* Print "arxcrypt: <message>" to stderr (one line). */
void arx_cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

#endif
