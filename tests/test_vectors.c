/*
 * Every record of every vector file named on the command line, through the
 * public API, on every backend this CPU runs (kat.c does the per-mode checks:
 * encrypt, decrypt, in-place, streaming splits, forged tags).
 */
#include <stdio.h>
#include <stdlib.h>

#include "kat.h"

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s) s[n] = '\0';
    fclose(f);
    return s;
}

int main(int argc, char **argv) {
    arx_kat_totals t = {0, 0, 0};
    if (argc < 2) {
        fprintf(stderr, "usage: test_vectors FILE...\n");
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        char *text = slurp(argv[i]);
        if (!text) {
            printf("FAIL cannot read %s\n", argv[i]);
            t.failed++;
            continue;
        }
        arx_kat_totals ft = {0, 0, 0};
        arx_kat_run_text(argv[i], text, NULL, &ft, stdout);
        printf("%s: %d passed, %d failed, %d skipped\n", argv[i], ft.passed, ft.failed, ft.skipped);
        if (ft.passed == 0) {
            printf("FAIL %s: no record checked\n", argv[i]);
            ft.failed++;
        }
        t.passed += ft.passed;
        t.failed += ft.failed;
        free(text);
    }
    printf("%d passed, %d failed\n", t.passed, t.failed);
    return t.failed != 0;
}
