/*
 * fuzz_cli: the arxcrypt command line (cli/main.c, util.c and raw.c, linked in
 * with main renamed arx_cli_main) on arbitrary arguments and input
 * (libFuzzer).
 *
 * Property: whatever the arguments and stdin, the command returns 0, 1 or 2
 * (the documented exit statuses) without a crash, a sanitizer report or a
 * leak.
 *
 * Input: [0] the argument count (mod 24); then that many arguments, each
 * ending at a NUL byte (or at the end of the input); the rest is stdin.
 * `bench` and `selftest` are never run (they fork and take seconds). No file
 * name reaches the CLI: whatever follows -i, --in, -o or --out, wherever it
 * stands, becomes a scratch file in a private directory under /tmp; the
 * input file holds the same bytes as stdin.
 *
 * The CLI's stdout goes to /dev/null. Its stderr would flood the fuzzer's
 * log, so the harness adds -close_fd_mask=2 to libFuzzer's flags (libFuzzer
 * keeps its own output and the sanitizers' reports): give -close_fd_mask=0
 * to see the CLI's messages when reproducing a finding.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define MAXARGS 24

int arx_cli_main(int argc, char **argv); /* cli/main.c, built with -Dmain=arx_cli_main */

/* cli/main.c dispatches `bench` here; cli/bench.c is not linked, since the
 * harness never runs it. */
int arx_cmd_bench(int argc, char **argv) {
    (void)argc;
    (void)argv;
    abort();
}

/* keygen/encrypt/decrypt (cli/file.c) are not linked either: scrypt's
 * 128 MiB per run and the terminal prompts do not belong in this harness.
 * They answer as a CLI without key derivation would. */
static int no_file_commands(int argc, char **argv) {
    (void)argc;
    (void)argv;
    return 2;
}
int arx_cmd_keygen(int argc, char **argv) { return no_file_commands(argc, argv); }
int arx_cmd_encrypt(int argc, char **argv) { return no_file_commands(argc, argv); }
int arx_cmd_decrypt(int argc, char **argv) { return no_file_commands(argc, argv); }

static char dir[] = "/tmp/arxcrypt-fuzz-cli-XXXXXX";
static char in_path[sizeof dir + 8], out_path[sizeof dir + 8];
static FILE *report; /* the real stderr, for the harness's own failure messages */

static void cleanup(void) {
    remove(in_path);
    remove(out_path);
    rmdir(dir);
}

static char *copy(const char *s, size_t n) {
    char *p = malloc(n + 1);
    if (!p) abort();
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    if (!mkdtemp(dir)) {
        perror("fuzz_cli: mkdtemp");
        exit(1);
    }
    snprintf(in_path, sizeof in_path, "%s/in", dir);
    snprintf(out_path, sizeof out_path, "%s/out", dir);
    atexit(cleanup);
    int fd = dup(2);
    report = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!report) report = stderr;
    if (!freopen("/dev/null", "w", stdout)) {
        perror("fuzz_cli: /dev/null");
        exit(1);
    }
    /* -close_fd_mask=2 unless the command line says otherwise */
    static char mask[] = "-close_fd_mask=2";
    static char *args[256];
    int n = *argc;
    for (int i = 1; i < n; i++)
        if (!strncmp((*argv)[i], "-close_fd_mask=", 15)) return 0;
    if (n + 2 > (int)(sizeof args / sizeof args[0])) return 0;
    for (int i = 0; i < n; i++) args[i] = (*argv)[i];
    args[n] = mask;
    args[n + 1] = NULL;
    *argc = n + 1;
    *argv = args;
    return 0;
}

static int names_file(const char *a) {
    return !strcmp(a, "-i") || !strcmp(a, "--in") || !strcmp(a, "-o") || !strcmp(a, "--out");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!size) return 0;
    static char name[] = "arxcrypt";
    char *argv[MAXARGS + 2];
    int argc = 1;
    argv[0] = name;
    const char *p = (const char *)data + 1, *end = (const char *)data + size;
    for (unsigned n = data[0] % MAXARGS; n && p < end; n--) {
        const char *z = memchr(p, 0, (size_t)(end - p));
        size_t len = z ? (size_t)(z - p) : (size_t)(end - p);
        argv[argc++] = copy(p, len);
        p += len + (z != NULL);
    }
    argv[argc] = NULL;

    if (argc > 1 && (!strcmp(argv[1], "bench") || !strcmp(argv[1], "selftest"))) goto done;
    for (int i = 1; i + 1 < argc; i++) {
        if (!names_file(argv[i])) continue;
        const char *path = !strcmp(argv[i], "-i") || !strcmp(argv[i], "--in") ? in_path : out_path;
        free(argv[i + 1]);
        argv[i + 1] = copy(path, strlen(path));
    }

    FILE *f = fopen(in_path, "wb");
    if (!f || fwrite(p, 1, (size_t)(end - p), f) != (size_t)(end - p) || fclose(f)) {
        fprintf(report, "fuzz_cli: cannot write %s\n", in_path);
        abort();
    }
    remove(out_path);
    if (!freopen(in_path, "rb", stdin)) {
        fprintf(report, "fuzz_cli: cannot reopen stdin from %s\n", in_path);
        abort();
    }

    int status = arx_cli_main(argc, argv);
    fflush(stdout);
    if (status < 0 || status > 2) {
        fprintf(report, "fuzz_cli: exit status %d (not 0, 1 or 2) for:", status);
        for (int i = 0; i < argc; i++) fprintf(report, " '%s'", argv[i]);
        fprintf(report, " with %zu bytes on stdin\n", (size_t)(end - p));
        fflush(report);
        abort();
    }
done:
    for (int i = 1; i < argc; i++) free(argv[i]);
    return 0;
}
