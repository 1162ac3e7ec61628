/*
 * Known-answer tests: parse the vector format of tests/vectors/README.md and
 * check each record through the public API on a chosen backend.
 */
#ifndef ARX_CLI_KAT_H
#define ARX_CLI_KAT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct arx_kat_file {
    const char *name;
    const char *text;
} arx_kat_file;

/* The vector files compiled into the binary; ends with {NULL, NULL}. */
extern const arx_kat_file arx_kat_files[];

enum { KAT_KEY, KAT_IV, KAT_AAD, KAT_PT, KAT_CT, KAT_TAG, KAT_NFIELDS };

typedef struct arx_kat_record {
    char cipher[64];
    char mode[16];
    int line;                      /* where the record starts, for messages */
    uint8_t *field[KAT_NFIELDS];   /* NULL when absent */
    size_t len[KAT_NFIELDS];
} arx_kat_record;

/* Totals of a run. */
typedef struct arx_kat_totals {
    int passed, failed, skipped;
} arx_kat_totals;

/*
 * Check every record of `text` on every backend of its cipher that this CPU
 * runs (only_backend: NULL for all, or one name). Each failure is printed to
 * `log` as "FAIL <file>:<line> <cipher> <mode> <backend>: <what>". A record
 * that cannot be parsed counts as a failure.
 */
void arx_kat_run_text(const char *label, const char *text, const char *only_backend,
                      arx_kat_totals *t, FILE *log);

#endif
