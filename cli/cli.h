/* Subcommands of the arxcrypt CLI. Each returns the process exit status. */
#ifndef ARX_CLI_H
#define ARX_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

/* Exit statuses of every command (docs/arxcrypt.1, EXIT STATUS). */
enum {
    ARX_EXIT_OK = 0,
    ARX_EXIT_AUTH = 1,    /* a tag did not verify (or a selftest vector failed) */
    ARX_EXIT_USAGE = 2,   /* bad arguments, refused input, any error not below */
    ARX_EXIT_IO = 3,      /* the OS refused to open, read, write, sync or name a file (its reason printed) */
    ARX_EXIT_CHANGED = 4, /* the input file changed (shrank, grew, was rewritten) while it was read */
};

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
 * (path NULL) read (malloc'd, NULL on error); n bytes written to stdout or
 * to a file that appears whole or not at all (arx_output_*; an existing file
 * is replaced), 0 or an exit status. */
uint8_t *arx_cli_hex(const char *cmd, const char *name, const char *s, size_t *len);
uint8_t *arx_cli_read_all(const char *cmd, const char *path, size_t *len);
int arx_cli_write_all(const char *cmd, const char *path, const uint8_t *p, size_t n);

/* ---- output.c: output files that appear whole or not at all ----
 * Errors are printed as "CMD: ..." with the path and the OS's reason; the
 * int results are 0 or an exit status (ARX_EXIT_*). */
enum { ARX_OUT_STDOUT, ARX_OUT_DIRECT, ARX_OUT_UNNAMED, ARX_OUT_NAMED };
typedef struct arx_output {
    int fd, kind, replace;
    const char *path; /* NULL: standard output */
    char dir[4096];   /* the target's directory, with its trailing slash, or "" */
    char real[4096];  /* path resolved, when it was a symbolic link */
} arx_output;
/* path NULL or "-": standard output (refused on a terminal when refuse_tty).
 * An existing character device, FIFO or socket is written as it is. Else a
 * new file (mode & ~umask) that takes path's name in arx_output_commit; an
 * existing path is refused unless replace; the input (in_st, may be NULL)
 * is refused as the output. */
int arx_output_open(arx_output *o, const char *cmd, const char *path, int replace, unsigned mode,
                    const struct stat *in_st, int refuse_tty);
/* All n bytes: 0, or the errno of the failure (report it with arx_output_name). */
int arx_output_write(arx_output *o, const void *p, size_t n);
/* Sync, name, sync the directory (closes o in every case). */
int arx_output_commit(arx_output *o, const char *cmd);
/* Close and leave nothing behind. */
void arx_output_abort(arx_output *o);
/* The path, or "standard output", for messages. */
const char *arx_output_name(const arx_output *o);

/* 1 if name is one of the comma-separated names in list (or list is NULL). */
int arx_cli_in_list(const char *list, const char *name);

/* Print "arxcrypt: <message>" to stderr (one line). */
void arx_cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

#endif
