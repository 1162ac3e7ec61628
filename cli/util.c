/*
 * Helpers every arxcrypt command shares (declared in cli.h): error lines,
 * counts, name lists, the --gpu switch, hex arguments, whole-file reads and
 * writes.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hex.h"

void arx_cli_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("arxcrypt: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

int arx_cli_count(const char *s, unsigned long max, unsigned long *v) {
    char *end;
    errno = 0;
    unsigned long x = strtoul(s, &end, 10);
    if (errno || !*s || *end || x > max || s[0] < '0' || s[0] > '9') return 0;
    *v = x;
    return 1;
}

int arx_cli_in_list(const char *list, const char *name) {
    if (!list) return 1;
    size_t n = strlen(name);
    for (const char *p = list; *p;) { /* comma-separated exact names */
        const char *e = strchr(p, ',');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l == n && !strncmp(p, name, n)) return 1;
        p += l + (e ? 1 : 0);
    }
    return 0;
}

int arx_cli_has_gpu_flag(int argc, char **argv) {
    for (int i = 0; i < argc; i++)
        if (!strcmp(argv[i], "--gpu")) return 1;
    return 0;
}

uint8_t *arx_cli_hex(const char *cmd, const char *name, const char *s, size_t *len) {
    uint8_t *p = arx_hex_decode(s, strlen(s), len);
    if (!p) arx_cli_error("%s: %s is not valid hex (an even number of 0-9a-f digits)", cmd, name);
    return p;
}

uint8_t *arx_cli_read_all(const char *cmd, const char *path, size_t *len) {
    FILE *f = path ? fopen(path, "rb") : stdin;
    if (!f) return arx_cli_error("%s: cannot open '%s': %s", cmd, path, strerror(errno)), NULL;
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    int err = 0;
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) {
            err = ferror(f) ? errno : 0;
            break;
        }
        uint8_t *bigger = cap > SIZE_MAX / 2 ? NULL : realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    if (path) fclose(f);
    if (!buf) return arx_cli_error("%s: input too large for memory", cmd), NULL;
    if (err) {
        free(buf);
        return arx_cli_error("%s: read error on '%s': %s", cmd, path ? path : "standard input", strerror(err)), NULL;
    }
    *len = n;
    return buf;
}

int arx_cli_write_all(const char *cmd, const char *path, const uint8_t *p, size_t n) {
    arx_output o;
    int rc = arx_output_open(&o, cmd, path, 1, 0666, NULL, 0);
    if (rc) return rc;
    int err = arx_output_write(&o, p, n);
    if (err) {
        arx_output_abort(&o);
        return arx_cli_error("%s: write error on '%s': %s", cmd, arx_output_name(&o), strerror(err)), ARX_EXIT_IO;
    }
    return arx_output_commit(&o, cmd);
}
