/*
 * arxcrypt bench: cycles per byte (TSC) and GB/s per cipher, mode and backend.
 *
 * Each configuration is timed in samples of enough iterations to last about a
 * millisecond, for --seconds; the reported figures are the medians of the
 * samples (the machines here are shared: medians shrug off interruptions).
 * TSC cycles are reference cycles at the TSC frequency, not core cycles.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arxcrypt.h"
#include "cli.h"

#if defined(__x86_64__) || defined(__i386__)
static inline uint64_t ticks(void) { return __builtin_ia32_rdtsc(); }
#define HAVE_TSC 1
#else
static inline uint64_t ticks(void) { return 0; }
#define HAVE_TSC 0
#endif

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

typedef struct {
    const char *cipher, *mode, *backend;
    size_t size;
    double seconds;
    int json;
} bench_opts;

/* One pass of `mode` over buf. Return ARX_OK or the error (unsupported combos are filtered before). */
static int run_once(arx_mode m, const arx_key *k, uint8_t *buf, size_t n, const uint8_t *iv, uint8_t *tag) {
    switch (m) {
    case ARX_MODE_ECB: return arx_ecb_encrypt(k, buf, buf, n);
    case ARX_MODE_CBC: return arx_cbc_encrypt(k, iv, arx_cipher_block_bytes(arx_key_cipher(k)), buf, buf, n);
    case ARX_MODE_CFB: return arx_cfb_encrypt(k, iv, arx_cipher_block_bytes(arx_key_cipher(k)), buf, buf, n);
    case ARX_MODE_OFB: return arx_ofb_xor(k, iv, arx_cipher_block_bytes(arx_key_cipher(k)), buf, buf, n);
    case ARX_MODE_CTR: return arx_ctr_xor(k, iv, arx_cipher_block_bytes(arx_key_cipher(k)), buf, buf, n);
    case ARX_MODE_GCM: return arx_gcm_encrypt(k, iv, 12, NULL, 0, buf, buf, n, tag, 16);
    case ARX_MODE_CCM: return arx_ccm_encrypt(k, iv, 12, NULL, 0, buf, buf, n, tag, 16);
    case ARX_MODE_CMAC: return arx_cmac(k, buf, n, tag, arx_cipher_block_bytes(arx_key_cipher(k)));
    default: return ARX_ERR_UNKNOWN_MODE;
    }
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n) {
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#define MAX_SAMPLES 4096

/* Returns 0 and fills cpb/gbps, or an ARX error. */
static int measure(arx_mode m, const arx_key *k, size_t size, double seconds, double *cpb, double *gbps) {
    uint8_t *buf = malloc(size + 64), iv[16] = {0}, tag[16];
    if (!buf) return ARX_ERR_NOMEM;
    memset(buf, 0x5a, size + 64);
    uint8_t *p = buf + (64 - ((uintptr_t)buf & 63)) % 64; /* 64-byte aligned data */
    int rc = run_once(m, k, p, size, iv, tag);
    if (rc) {
        free(buf);
        return rc;
    }
    /* calibrate: iterations per sample for about 1 ms */
    size_t iters = 1;
    for (;;) {
        double t0 = now_ns();
        for (size_t i = 0; i < iters; i++) run_once(m, k, p, size, iv, tag);
        double dt = now_ns() - t0;
        if (dt > 1e6 || iters > ((size_t)1 << 30)) break;
        iters *= dt < 1e5 ? 8 : 2;
    }
    static double c[MAX_SAMPLES], g[MAX_SAMPLES];
    size_t ns = 0;
    double start = now_ns();
    while (ns < MAX_SAMPLES && (ns < 5 || now_ns() - start < seconds * 1e9)) {
        double t0 = now_ns();
        uint64_t c0 = ticks();
        for (size_t i = 0; i < iters; i++) run_once(m, k, p, size, iv, tag);
        uint64_t c1 = ticks();
        double t1 = now_ns();
        double bytes = (double)size * (double)iters;
        c[ns] = (double)(c1 - c0) / bytes;
        g[ns] = bytes / (t1 - t0);
        ns++;
    }
    *cpb = HAVE_TSC ? median(c, ns) : NAN;
    *gbps = median(g, ns);
    free(buf);
    return ARX_OK;
}

static int want(const char *filter, const char *name) {
    if (!filter) return 1;
    /* comma-separated list of exact names */
    size_t n = strlen(name);
    for (const char *p = filter; *p;) {
        const char *e = strchr(p, ',');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l == n && !strncmp(p, name, n)) return 1;
        p += l + (e ? 1 : 0);
    }
    return 0;
}

int arx_cmd_bench(int argc, char **argv) {
    bench_opts o = {NULL, NULL, NULL, 16384, 0.1, 0};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--json")) { o.json = 1; continue; }
        if (!v) return arx_cli_error("bench: option '%s' needs a value", a), 2;
        i++;
        if (!strcmp(a, "--cipher")) o.cipher = v;
        else if (!strcmp(a, "--mode")) o.mode = v;
        else if (!strcmp(a, "--backend")) o.backend = v;
        else if (!strcmp(a, "--size")) {
            char *end;
            unsigned long long s = strtoull(v, &end, 10);
            if (*end || s == 0 || s > ((size_t)1 << 30) || v[0] == '-')
                return arx_cli_error("bench: --size '%s' must be 1..%zu bytes", v, (size_t)1 << 30), 2;
            o.size = (size_t)s;
        } else if (!strcmp(a, "--seconds")) {
            char *end;
            o.seconds = strtod(v, &end);
            if (*end || !(o.seconds > 0 && o.seconds <= 60)) return arx_cli_error("bench: --seconds '%s' must be in (0, 60]", v), 2;
        } else return arx_cli_error("bench: unknown option '%s'", a), 2;
    }
    /* validate the filters so a typo is an error, not an empty table */
    int any_c = 0, any_m = 0;
    for (size_t i = 0; i < arx_cipher_count(); i++) any_c |= want(o.cipher, arx_cipher_name(arx_cipher_at(i)));
    for (int m = 0; m < ARX_MODE_COUNT_; m++) any_m |= want(o.mode, arx_mode_name((arx_mode)m));
    if (!any_c) return arx_cli_error("bench: unknown cipher '%s' (see 'arxcrypt list')", o.cipher), 2;
    if (!any_m) return arx_cli_error("bench: unknown mode '%s'", o.mode), 2;

    int all_backends = o.backend && !strcmp(o.backend, "all");
    if (o.json) printf("[");
    else printf("%-22s %-5s %-7s %8s %9s %8s\n", "cipher", "mode", "backend", "size", "cpb", "GB/s");
    int first = 1, rows = 0, status = 0;
    unsigned char key[32] = {0};
    for (size_t i = 0; i < sizeof key; i++) key[i] = (unsigned char)(i * 37 + 11);
    for (size_t ci = 0; ci < arx_cipher_count(); ci++) {
        const arx_cipher *c = arx_cipher_at(ci);
        if (!want(o.cipher, arx_cipher_name(c))) continue;
        for (int mi = 0; mi < ARX_MODE_COUNT_; mi++) {
            arx_mode m = (arx_mode)mi;
            /* default table: ECB and CTR for every cipher, GCM for 128-bit blocks */
            if (o.mode ? !want(o.mode, arx_mode_name(m)) : !(m == ARX_MODE_ECB || m == ARX_MODE_CTR || m == ARX_MODE_GCM)) continue;
            if (arx_mode_check(c, m)) continue;
            /* ECB and CBC take whole blocks: round down (48/96-bit blocks don't divide 16384) */
            size_t bb = arx_cipher_block_bytes(c);
            size_t size = (m == ARX_MODE_ECB || m == ARX_MODE_CBC) ? o.size - o.size % bb : o.size;
            if (size == 0) continue;
            for (size_t b = 0; b < arx_cipher_backend_count(c); b++) {
                const char *bn = arx_cipher_backend_name(c, b);
                arx_key *k = NULL;
                if (all_backends) {
                    if (!arx_cipher_backend_available(c, b)) continue;
                } else if (o.backend) {
                    if (strcmp(o.backend, bn)) continue;
                } else if (b > 0) {
                    break; /* default: the backend dispatch picks, once */
                }
                int rc = arx_key_new(&k, c, key, arx_cipher_key_bytes(c), all_backends || o.backend ? bn : NULL);
                if (rc) {
                    arx_cli_error("bench: %s: %s", arx_cipher_name(c), arx_strerror(rc));
                    status = 2;
                    continue;
                }
                double cpb = 0, gbps = 0;
                rc = measure(m, k, size, o.seconds, &cpb, &gbps);
                const char *used = arx_key_backend(k);
                if (rc) {
                    arx_cli_error("bench: %s %s: %s", arx_cipher_name(c), arx_mode_name(m), arx_strerror(rc));
                    status = 2;
                } else if (o.json) {
                    printf("%s\n  {\"cipher\": \"%s\", \"mode\": \"%s\", \"backend\": \"%s\", \"threads\": 1, "
                           "\"size\": %zu, \"cpb\": ",
                           first ? "" : ",", arx_cipher_name(c), arx_mode_name(m), used, size);
                    if (isnan(cpb)) printf("null"); else printf("%.3f", cpb);
                    printf(", \"gbps\": %.4f}", gbps);
                    first = 0;
                } else {
                    printf("%-22s %-5s %-7s %8zu %9.2f %8.3f\n", arx_cipher_name(c), arx_mode_name(m), used, size, cpb, gbps);
                    fflush(stdout);
                }
                rows++;
                arx_key_free(k);
            }
        }
    }
    if (o.json) printf("\n]\n");
    if (!rows && !status) {
        arx_cli_error("bench: nothing to measure for these filters (backend '%s' not available?)", o.backend ? o.backend : "");
        status = 2;
    }
    return status;
}
