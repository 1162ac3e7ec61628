/*
 * arxcrypt bench: TSC cycles per byte and GB/s per cipher, mode and backend,
 * at --size (default 16384) and at 64 bytes, with the baselines users would
 * otherwise pick measured the same way in the same run.
 *
 * Method (bench/timing.h): ~1 ms samples for --seconds, medians reported,
 * each row in its own child process. cpb counts TSC cycles, which tick at a
 * fixed reference rate, not the core clock; the header line states core
 * cycles per TSC cycle, measured with a chain of dependent additions.
 *
 * Baselines are separate programs beside this binary, so the CLI links no
 * other crypto library: arxcrypt-baseline-openssl (AES-128-CTR/GCM,
 * ChaCha20-Poly1305) and arxcrypt-baseline-cryptopp (the same ciphers as
 * ours). Each prints JSON lines with our keys; rows are merged as they come.
 * They run with the unfiltered table, or with --baselines (Crypto++ rows
 * follow --cipher/--mode; OpenSSL's three rows always come whole).
 *
 * --threads 1,2,4 runs every row with each thread count (arx_key_set_threads;
 * cpb and GB/s are then of wall time, all threads together). --scaling is
 * the thread-scaling table: LEA-128, CHAM-128/128, SPECK-128/128 and HIGHT
 * in CTR and GCM at 1 MiB and 64 MiB, for 1, 2, 4, ... up to twice the
 * online cores, then a summary with the speedups.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../bench/timing.h"
#include "arxcrypt.h"
#include "cli.h"

#define MAX_THREAD_COUNTS 16

typedef struct {
    const char *cipher, *mode, *backend;
    size_t size;
    double seconds;
    int json, baselines, scaling;
    unsigned threads[MAX_THREAD_COUNTS]; /* --threads: counts to run each row with */
    size_t nthreads;
    size_t many, many_keys; /* --many N, --keys K: the multi-message table */
    int size_given;
} bench_opts;

typedef struct {
    arx_mode m;
    const arx_key *k;
    const arx_xts *x; /* xts rows: the key pair, in place of k */
    uint8_t *buf;
    size_t n, bb;
    uint8_t iv[16], tag[16];
} job;

#define XTS_SECTOR 4096

/* One message: in-place, as a user encrypting a buffer would. */
static void run_once(void *p) {
    job *j = p;
    switch (j->m) {
    case ARX_MODE_ECB: arx_ecb_encrypt(j->k, j->buf, j->buf, j->n); break;
    case ARX_MODE_CBC: arx_cbc_encrypt(j->k, j->iv, j->bb, j->buf, j->buf, j->n); break;
    case ARX_MODE_CFB: arx_cfb_encrypt(j->k, j->iv, j->bb, j->buf, j->buf, j->n); break;
    case ARX_MODE_OFB: arx_ofb_xor(j->k, j->iv, j->bb, j->buf, j->buf, j->n); break;
    case ARX_MODE_CTR: arx_ctr_xor(j->k, j->iv, j->bb, j->buf, j->buf, j->n); break;
    case ARX_MODE_GCM: arx_gcm_encrypt(j->k, j->iv, 12, NULL, 0, j->buf, j->buf, j->n, j->tag, 16); break;
    case ARX_MODE_CCM: arx_ccm_encrypt(j->k, j->iv, 12, NULL, 0, j->buf, j->buf, j->n, j->tag, 16); break;
    case ARX_MODE_CMAC: arx_cmac(j->k, j->buf, j->n, j->tag, j->bb); break;
    case ARX_MODE_XTS: /* 4 KiB sectors (dm-crypt's usual size) when they fit, else one data unit */
        if (j->n % XTS_SECTOR == 0) arx_xts_encrypt_sectors(j->x, 1, XTS_SECTOR, j->n / XTS_SECTOR, j->buf, j->buf);
        else arx_xts_encrypt(j->x, j->iv, 16, j->buf, j->buf, j->n);
        break;
    default: break;
    }
}

static int rows_printed;
static double core_per_tsc;

static void emit(const bench_opts *o, const char *cipher, const char *mode, const char *backend, unsigned threads,
                 size_t size, double cpb, double gbps) {
    if (o->json) {
        printf("%s\n  {\"cipher\": \"%s\", \"mode\": \"%s\", \"backend\": \"%s\", \"threads\": %u, \"size\": %zu, "
               "\"cpb\": ",
               rows_printed ? "," : "", cipher, mode, backend, threads, size);
        if (cpb < 0) printf("null"); else printf("%.3f", cpb);
        printf(", \"gbps\": %.4f}", gbps);
    } else {
        printf("%-22s %-5s %-16s %3u %9zu %9.3f %8.3f\n", cipher, mode, backend, threads, size, cpb, gbps);
    }
    fflush(stdout);
    rows_printed++;
}

/* Value of "key": in one JSON line, as a string copied into out. */
static int json_field(const char *line, const char *key, char *out, size_t cap) {
    char pat[32];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(line, pat);
    if (!p) return 0;
    p += strlen(pat);
    while (*p == ' ') p++;
    int quoted = *p == '"';
    if (quoted) p++;
    size_t n = 0;
    while (p[n] && (quoted ? p[n] != '"' : (p[n] != ',' && p[n] != '}'))) n++;
    if (n >= cap) return 0;
    memcpy(out, p, n);
    out[n] = '\0';
    return 1;
}

/* Run a baseline program from this binary's directory; merge its rows. */
/*
 * With ARXCRYPT_CPU hiding features, OpenSSL's rows must see the same smaller
 * CPU, or an "AVX2 machine" run compares our AVX2 code with OpenSSL's AVX-512
 * ChaCha20. OpenSSL takes its mask from OPENSSL_ia32cap ("~cap0:~cap1": cap0
 * is CPUID leaf 1 EDX | ECX << 32, cap1 leaf 7 EBX | ECX << 32), so the
 * features ARXCRYPT_CPU hides are cleared there too, once, unless the user
 * set OPENSSL_ia32cap. Crypto++ has no such switch (its LEA is SSSE3 only).
 */
static int has_feature(const char *list, const char *name) {
    size_t n = strlen(name);
    for (const char *p = list; (p = strstr(p, name)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return 1;
    return 0;
}

static void mirror_cpu_mask(void) {
#if defined(__x86_64__) || defined(__i386__)
    static int done;
    if (done) return;
    done = 1;
    if (!getenv("ARXCRYPT_CPU") || getenv("OPENSSL_ia32cap")) return;
    const char *f = arx_cpu_features_string();
    unsigned long long c0 = 0, c1 = 0;
    if (!has_feature(f, "ssse3")) c0 |= 1ull << (32 + 9);
    if (!has_feature(f, "sse4.1")) c0 |= 1ull << (32 + 19);
    if (!has_feature(f, "pclmulqdq")) c0 |= 1ull << (32 + 1);
    if (!has_feature(f, "avx2")) c0 |= 1ull << (32 + 28), c1 |= 1ull << 5; /* AVX and AVX2 */
    if (!has_feature(f, "avx512f")) /* F, DQ, IFMA, CD, BW, VL; VBMI, VBMI2, VNNI, BITALG, VPOPCNTDQ */
        c1 |= (1ull << 16) | (1ull << 17) | (1ull << 21) | (1ull << 28) | (1ull << 30) | (1ull << 31) |
              (0x5842ull << 32);
    if (!has_feature(f, "vaes")) c1 |= 1ull << (32 + 9);
    if (!has_feature(f, "vpclmulqdq")) c1 |= 1ull << (32 + 10);
    if (!c0 && !c1) return;
    char v[64];
    snprintf(v, sizeof v, "~0x%llx:~0x%llx", c0, c1);
    setenv("OPENSSL_ia32cap", v, 1);
    fprintf(stderr, "bench: OpenSSL baselines run with OPENSSL_ia32cap=%s (the features ARXCRYPT_CPU hides)\n", v);
#endif
}

static void run_baseline(const bench_opts *o, const char *self_dir, const char *prog, size_t size, int filtered) {
    mirror_cpu_mask();
    char cmd[4096];
    int n = snprintf(cmd, sizeof cmd, "'%s/%s' --size %zu --seconds %g", self_dir, prog, size, o->seconds);
    if (filtered && o->cipher) n += snprintf(cmd + n, sizeof cmd - (size_t)n, " --cipher '%s'", o->cipher);
    if (filtered && o->mode) n += snprintf(cmd + n, sizeof cmd - (size_t)n, " --mode '%s'", o->mode);
    if (n <= 0 || (size_t)n >= sizeof cmd || strchr(self_dir, '\'')) return;
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", self_dir, prog);
    FILE *test = fopen(path, "rb");
    if (!test) return; /* not built here (no OpenSSL / Crypto++ headers): no rows */
    fclose(test);
    FILE *p = popen(cmd, "r");
    if (!p) return;
    char line[1024], c[64], m[32], b[64], sz[32], cpb[32], gbps[32];
    while (fgets(line, sizeof line, p)) {
        if (json_field(line, "cipher", c, sizeof c) && json_field(line, "mode", m, sizeof m) &&
            json_field(line, "backend", b, sizeof b) && json_field(line, "size", sz, sizeof sz) &&
            json_field(line, "cpb", cpb, sizeof cpb) && json_field(line, "gbps", gbps, sizeof gbps))
            emit(o, c, m, b, 1, (size_t)strtoull(sz, NULL, 10), strtod(cpb, NULL), strtod(gbps, NULL));
    }
    pclose(p);
}

static void self_dir(char *out, size_t cap, const char *argv0) {
    char path[4096] = "";
#if defined(__linux__)
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n > 0) path[n] = '\0';
#endif
    if (!path[0] && argv0) snprintf(path, sizeof path, "%s", argv0);
    char *slash = strrchr(path, '/');
    if (slash) *slash = '\0';
    else snprintf(path, sizeof path, ".");
    snprintf(out, cap, "%s", path);
}

/* --threads LIST: comma-separated counts 1..1024 (0: every online core). */
static int parse_threads(const char *v, bench_opts *o) {
    o->nthreads = 0;
    for (const char *p = v; *p;) {
        char *end;
        if (*p < '0' || *p > '9') return -1;
        unsigned long t = strtoul(p, &end, 10);
        if (t > 1024 || o->nthreads == MAX_THREAD_COUNTS || (*end && *end != ',')) return -1;
        o->threads[o->nthreads++] = t ? (unsigned)t : (unsigned)sysconf(_SC_NPROCESSORS_ONLN);
        p = *end ? end + 1 : end;
        if (*end && !*p) return -1; /* trailing comma */
    }
    return o->nthreads ? 0 : -1;
}

/* --scaling: the summary of the rows just measured, one line per cipher,
 * mode and size, GB/s and the speedup over the first thread count. */
#define MAX_SCALING_ROWS 64
typedef struct {
    char cipher[24], mode[8];
    size_t size;
    double gbps[MAX_THREAD_COUNTS];
} scaling_row;

static void print_scaling(const bench_opts *o, const scaling_row *r, size_t n) {
    printf("\n# thread scaling: GB/s (speedup over %u thread%s), %s\n%-15s %-4s %8s", o->threads[0],
           o->threads[0] == 1 ? "" : "s", "same run", "cipher", "mode", "size");
    for (size_t t = 0; t < o->nthreads; t++) printf("   %5u thr      ", o->threads[t]);
    printf("\n");
    for (size_t i = 0; i < n; i++) {
        printf("%-15s %-4s %5zu MiB", r[i].cipher, r[i].mode, r[i].size >> 20);
        for (size_t t = 0; t < o->nthreads; t++)
            printf("  %7.2f (%4.2fx)", r[i].gbps[t], r[i].gbps[0] > 0 ? r[i].gbps[t] / r[i].gbps[0] : 0);
        printf("\n");
    }
}

/*
 * --many N: N messages of one size, under --keys K distinct random keys (job
 * i uses key i mod K) with random 12-byte nonces, through one call of the
 * multi-message API (arx_gcm_encrypt_many, arx_ctr_xor_many, ...), beside
 * the same N messages through the one-message function one after another,
 * and one long message (16 KiB, one key) for the throughput the lanes aim
 * at. cpb = TSC cycles per message byte. Sizes: --size, else 16, 64, 256,
 * 1024. Modes: gcm and ctr unless --mode says (ccm and cmac too; ccm's
 * messages carry no AAD). OpenSSL's AES rows at each size follow
 * (one key, a new IV per message) when its baseline program was built.
 */
typedef struct {
    arx_mode m;
    arx_job *jobs;
    size_t n;
    int many;
} many_job;

static void run_many(void *p) {
    many_job *w = p;
    if (w->many) {
        switch (w->m) {
        case ARX_MODE_GCM: arx_gcm_encrypt_many(w->jobs, w->n); break;
        case ARX_MODE_CTR: arx_ctr_xor_many(w->jobs, w->n); break;
        case ARX_MODE_CCM: arx_ccm_encrypt_many(w->jobs, w->n); break;
        case ARX_MODE_CMAC: arx_cmac_many(w->jobs, w->n); break;
        default: break;
        }
        return;
    }
    for (size_t i = 0; i < w->n; i++) {
        arx_job *j = &w->jobs[i];
        switch (w->m) {
        case ARX_MODE_GCM:
            arx_gcm_encrypt(j->key, j->nonce, j->nonce_len, NULL, 0, j->out, j->in, j->len, j->tag, j->tag_len);
            break;
        case ARX_MODE_CTR: arx_ctr_xor(j->key, j->nonce, j->nonce_len, j->out, j->in, j->len); break;
        case ARX_MODE_CCM:
            arx_ccm_encrypt(j->key, j->nonce, j->nonce_len, NULL, 0, j->out, j->in, j->len, j->tag, j->tag_len);
            break;
        case ARX_MODE_CMAC: arx_cmac(j->key, j->in, j->len, j->tag, j->tag_len); break;
        default: break;
        }
    }
}

/*
 * The two ways side by side in one process, alternating call by call (one
 * sample of each per step, each sample at least ~0.2 ms of repeats), medians
 * of each: on a shared, loaded machine both see the same load, so their
 * ratio holds even when the absolute figures drift.
 */
static int bench_pair(bench_fn fa, void *a, bench_fn fb, void *b, size_t bytes, bench_fn fc, void *c,
                      size_t c_bytes, double seconds, double *cpb_a, double *cpb_b, double *cpb_c) {
    double *va = malloc(BENCH_MAX_SAMPLES * sizeof *va), *vb = malloc(BENCH_MAX_SAMPLES * sizeof *vb);
    double *vc = malloc(BENCH_MAX_SAMPLES * sizeof *vc);
    if (!va || !vb || !vc) {
        free(va);
        free(vb);
        free(vc);
        return -1;
    }
    fa(a); /* warm up: key caches, GHASH powers, page faults */
    fb(b);
    fc(c);
    /* Repeats for ~0.2 ms a sample, calibrated by the clock rather than the
     * TSC: targets without one (bench_ticks() == 0, the qemu-user builds)
     * would otherwise take 300,000 calls a sample. */
    double c0 = bench_now_ns();
    fc(c);
    unsigned creps = (unsigned)(200000.0 / (bench_now_ns() - c0 + 1.0)) + 1;
    double t0 = bench_now_ns();
    fa(a);
    unsigned reps = (unsigned)(200000.0 / (bench_now_ns() - t0 + 1.0)) + 1;
    size_t n = 0;
    const double end = bench_now_ns() + seconds * 1e9;
    while (n < BENCH_MAX_SAMPLES && (n < 9 || bench_now_ns() < end)) {
        uint64_t s0 = bench_ticks();
        for (unsigned r = 0; r < reps; r++) fa(a);
        uint64_t s1 = bench_ticks();
        for (unsigned r = 0; r < reps; r++) fb(b);
        uint64_t s2 = bench_ticks();
        for (unsigned r = 0; r < creps; r++) fc(c);
        uint64_t s3 = bench_ticks();
        va[n] = (double)(s1 - s0) / ((double)reps * (double)bytes);
        vb[n] = (double)(s2 - s1) / ((double)reps * (double)bytes);
        vc[n] = (double)(s3 - s2) / ((double)creps * (double)c_bytes);
        n++;
    }
    *cpb_a = bench_median(va, n);
    *cpb_b = bench_median(vb, n);
    *cpb_c = bench_median(vc, n);
    free(va);
    free(vb);
    free(vc);
    return 0;
}

static int bench_many(bench_opts *o) {
    static const size_t default_sizes[] = {16, 64, 256, 1024};
    const size_t *sizes = o->size_given ? &o->size : default_sizes;
    const size_t nsizes = o->size_given ? 1 : sizeof default_sizes / sizeof default_sizes[0];
    const char *cipher = o->cipher ? o->cipher : "lea-128";
    const char *modes = o->mode ? o->mode : "gcm,ctr";
    const size_t N = o->many, K = o->many_keys < o->many ? o->many_keys : o->many;
    char dir[4096];
    self_dir(dir, sizeof dir, NULL);
    core_per_tsc = bench_core_per_tsc();
    printf("# arxcrypt %s bench --many %zu: %zu messages per call under %zu distinct random keys, 12-byte nonces,\n"
           "# no AAD. cpb = TSC cycles per message byte: medians over %g s of ~0.2 ms samples, 'many' (one\n"
           "# arx_*_many call), 'one' (the same messages through the one-message API one by one) and 'long'\n"
           "# (one 16 KiB message, one key) alternating in one process, so their ratios share the load.\n"
           "# core cycles per TSC cycle: %.3f (dependent-add chain)\n",
           arx_version(), N, N, K, o->seconds, core_per_tsc);
    printf("%-14s %-4s %-8s %6s %5s %6s %9s %9s %8s %9s %9s\n", "cipher", "mode", "backend", "msgs", "keys", "size",
           "many_cpb", "one_cpb", "speedup", "long_cpb", "many/long");
    int status = 0, rows = 0;
    for (size_t ci = 0; ci < arx_cipher_count(); ci++) {
        const arx_cipher *c = arx_cipher_at(ci);
        if (!arx_cli_in_list(cipher, arx_cipher_name(c))) continue;
        for (int mi = 0; mi < ARX_MODE_COUNT_; mi++) {
            arx_mode m = (arx_mode)mi;
            if (!arx_cli_in_list(modes, arx_mode_name(m)) || arx_mode_check(c, m)) continue;
            if (m != ARX_MODE_GCM && m != ARX_MODE_CTR && m != ARX_MODE_CCM && m != ARX_MODE_CMAC) continue;
            const size_t bb = arx_cipher_block_bytes(c), kb = arx_cipher_key_bytes(c);
            arx_key **keys = calloc(K, sizeof *keys);
            arx_job *jobs = calloc(N, sizeof *jobs);
            uint8_t *nonces = malloc(N * 16), *tags = malloc(N * 16);
            int ok = keys && jobs && nonces && tags;
            for (size_t i = 0; ok && i < K; i++) {
                uint8_t key[32];
                for (size_t b = 0; b < sizeof key; b++) key[b] = (uint8_t)rand();
                int rc = arx_key_new(&keys[i], c, key, kb, o->backend);
                if (rc) {
                    arx_cli_error("bench: %s --backend %s: %s", arx_cipher_name(c), o->backend ? o->backend : "",
                                  arx_strerror(rc));
                    ok = 0;
                }
            }
            for (size_t i = 0; ok && i < N * 16; i++) nonces[i] = (uint8_t)rand();
            /* the long-message reference: one 16 KiB message, one key */
            job lj = {.m = m, .k = ok ? keys[0] : NULL, .n = 16384, .bb = bb};
            uint8_t *lb = malloc(16384);
            if (!lb) ok = 0;
            else memset(lb, 0x5a, 16384);
            lj.buf = lb;
            for (size_t si = 0; ok && si < nsizes; si++) {
                const size_t size = sizes[si];
                uint8_t *data = malloc(N * size + 64);
                if (!data) {
                    ok = 0;
                    break;
                }
                memset(data, 0x5a, N * size + 64);
                for (size_t i = 0; i < N; i++) {
                    arx_job *j = &jobs[i];
                    memset(j, 0, sizeof *j);
                    j->key = keys[i % K];
                    j->nonce = nonces + 16 * i;
                    j->nonce_len = m == ARX_MODE_CTR ? bb : 12;
                    j->in = j->out = data + i * size; /* in place, as run_once */
                    j->len = size;
                    j->tag = tags + 16 * i;
                    j->tag_len = m == ARX_MODE_CMAC ? bb : 16;
                }
                many_job wm = {m, jobs, N, 1}, wo = {m, jobs, N, 0};
                double cpb_many = 0, cpb_one = 0, long_cpb = 0;
                if (bench_pair(run_many, &wm, run_many, &wo, N * size, run_once, &lj, 16384, o->seconds, &cpb_many,
                               &cpb_one, &long_cpb)) {
                    arx_cli_error("bench: %s %s: measurement failed", arx_cipher_name(c), arx_mode_name(m));
                    status = 2;
                } else {
                    printf("%-14s %-4s %-8s %6zu %5zu %6zu %9.3f %9.3f %7.2fx %9.3f %8.2fx\n", arx_cipher_name(c),
                           arx_mode_name(m), arx_key_backend(keys[0]), N, K, size, cpb_many, cpb_one,
                           cpb_many > 0 ? cpb_one / cpb_many : 0, long_cpb, long_cpb > 0 ? cpb_many / long_cpb : 0);
                    fflush(stdout);
                    rows++;
                }
                free(data);
            }
            if (!ok) status = 2;
            free(lb);
            for (size_t i = 0; keys && i < K; i++) arx_key_free(keys[i]);
            free(keys);
            free(jobs);
            free(nonces);
            free(tags);
        }
    }
    if (o->baselines != 0) {
        printf("# OpenSSL (one key, a new IV per message), same sizes:\n");
        rows_printed = 1; /* plain rows */
        for (size_t si = 0; si < nsizes; si++) run_baseline(o, dir, "arxcrypt-baseline-openssl", sizes[si], 0);
    }
    if (!rows && !status) {
        arx_cli_error("bench --many: nothing to measure for these filters");
        status = 2;
    }
    return status;
}

int arx_cmd_bench(int argc, char **argv) {
    if (arx_cli_has_gpu_flag(argc, argv)) {
#ifdef ARX_HAVE_CUDA
        return arx_cmd_bench_gpu(argc, argv);
#else
        arx_cli_error("bench --gpu: this arxcrypt was built without CUDA support (make cuda)");
        return 2;
#endif
    }
    bench_opts o = {NULL, NULL, NULL, 16384, 0.1, 0, -1, 0, {1}, 1, 0, 16, 0};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--json")) { o.json = 1; continue; }
        if (!strcmp(a, "--no-baselines")) { o.baselines = 0; continue; }
        if (!strcmp(a, "--baselines")) { o.baselines = 1; continue; }
        if (!strcmp(a, "--scaling")) { o.scaling = 1; continue; }
        if (!v) return arx_cli_error("bench: option '%s' needs a value", a), 2;
        i++;
        if (!strcmp(a, "--cipher")) o.cipher = v;
        else if (!strcmp(a, "--mode")) o.mode = v;
        else if (!strcmp(a, "--backend")) o.backend = v;
        else if (!strcmp(a, "--threads")) {
            if (parse_threads(v, &o))
                return arx_cli_error("bench: --threads '%s' must be a comma-separated list of 0..1024 (at most %d)", v,
                                     MAX_THREAD_COUNTS), 2;
        }
        else if (!strcmp(a, "--size")) {
            char *end;
            unsigned long long s = strtoull(v, &end, 10);
            if (*end || s == 0 || s > ((size_t)1 << 30) || v[0] == '-')
                return arx_cli_error("bench: --size '%s' must be 1..%zu bytes", v, (size_t)1 << 30), 2;
            o.size = (size_t)s;
            o.size_given = 1;
        } else if (!strcmp(a, "--many") || !strcmp(a, "--keys")) {
            char *end;
            unsigned long long n = strtoull(v, &end, 10);
            if (*end || n == 0 || n > 4096 || v[0] == '-')
                return arx_cli_error("bench: %s '%s' must be 1..4096", a, v), 2;
            if (!strcmp(a, "--many")) o.many = (size_t)n;
            else o.many_keys = (size_t)n;
        } else if (!strcmp(a, "--seconds")) {
            char *end;
            o.seconds = strtod(v, &end);
            if (*end || !(o.seconds > 0 && o.seconds <= 60)) return arx_cli_error("bench: --seconds '%s' must be in (0, 60]", v), 2;
        } else return arx_cli_error("bench: unknown option '%s'", a), 2;
    }
    size_t sizes[2] = {o.size, 64};
    size_t nsizes = o.size == 64 ? 1 : 2;
    if (o.scaling) { /* the research's per-thread tables: main ciphers, CTR and GCM, 1 and 64 MiB */
        if (!o.cipher) o.cipher = "lea-128,cham-128-128,speck-128-128,hight";
        if (!o.mode) o.mode = "ctr,gcm";
        sizes[0] = (size_t)1 << 20;
        sizes[1] = (size_t)64 << 20;
        nsizes = 2;
        if (o.nthreads == 1 && o.threads[0] == 1) { /* no --threads: 1, 2, 4, ... up to twice the cores */
            long cores = sysconf(_SC_NPROCESSORS_ONLN);
            o.nthreads = 0;
            for (unsigned t = 1; t <= 2 * (unsigned)(cores > 0 ? cores : 1) && o.nthreads < MAX_THREAD_COUNTS; t *= 2)
                o.threads[o.nthreads++] = t;
        }
        if (o.baselines < 0) o.baselines = 0;
    }
    /* validate the filters so a typo is an error, not an empty table */
    int any_c = 0, any_m = 0;
    for (size_t i = 0; i < arx_cipher_count(); i++) any_c |= arx_cli_in_list(o.cipher, arx_cipher_name(arx_cipher_at(i)));
    for (int m = 0; m < ARX_MODE_COUNT_; m++) any_m |= arx_cli_in_list(o.mode, arx_mode_name((arx_mode)m));
    if (!any_c) return arx_cli_error("bench: unknown cipher '%s' (see 'arxcrypt list')", o.cipher), 2;
    if (!any_m) return arx_cli_error("bench: unknown mode '%s'", o.mode), 2;

    if (o.many && (o.json || o.scaling || o.nthreads != 1 || o.threads[0] != 1))
        return arx_cli_error("bench: --many prints its own table; it takes no --json, --scaling or --threads"), 2;
    if (o.many) return bench_many(&o);
    if (o.baselines < 0) o.baselines = !o.cipher; /* unfiltered table: with baselines */
    core_per_tsc = bench_core_per_tsc();
    scaling_row rows[MAX_SCALING_ROWS];
    size_t nrows = 0;
    char dir[4096];
    self_dir(dir, sizeof dir, NULL);
    if (o.json) {
        /* the array keeps exactly the documented keys; the factor goes to stderr */
        fprintf(stderr, "# core cycles per TSC cycle: %.3f (dependent-add chain)\n", core_per_tsc);
        printf("[");
    } else {
        printf("# arxcrypt %s bench: cpb = TSC cycles per byte, GB/s; medians of ~1 ms samples over %g s,\n"
               "# each row in its own process. core cycles per TSC cycle: %.3f (dependent-add chain)\n",
               arx_version(), o.seconds, core_per_tsc);
        printf("%-22s %-5s %-16s %3s %9s %9s %8s\n", "cipher", "mode", "backend", "thr", "size", "cpb", "GB/s");
    }
    int all_backends = o.backend && !strcmp(o.backend, "all");
    int status = 0;
    uint8_t key[64]; /* xts: two keys; the halves differ */
    for (size_t i = 0; i < sizeof key; i++) key[i] = (uint8_t)(i * 37 + 11);
    for (size_t si = 0; si < nsizes; si++) {
        for (size_t ci = 0; ci < arx_cipher_count(); ci++) {
            const arx_cipher *c = arx_cipher_at(ci);
            if (!arx_cli_in_list(o.cipher, arx_cipher_name(c))) continue;
            for (int mi = 0; mi < ARX_MODE_COUNT_; mi++) {
                arx_mode m = (arx_mode)mi;
                /* default table: ECB and CTR for every cipher, GCM for 128-bit blocks */
                if (o.mode ? !arx_cli_in_list(o.mode, arx_mode_name(m)) : !(m == ARX_MODE_ECB || m == ARX_MODE_CTR || m == ARX_MODE_GCM)) continue;
                if (arx_mode_check(c, m)) continue;
                /* ECB and CBC take whole blocks: round down (48/96-bit blocks don't divide 16384) */
                size_t bb = arx_cipher_block_bytes(c);
                size_t size = (m == ARX_MODE_ECB || m == ARX_MODE_CBC) ? sizes[si] - sizes[si] % bb : sizes[si];
                if (size == 0 || (m == ARX_MODE_XTS && size < 16)) continue;
                for (size_t b = 0; b < arx_cipher_backend_count(c); b++) {
                    const char *bn = arx_cipher_backend_name(c, b);
                    if (all_backends) {
                        if (!arx_cipher_backend_available(c, b)) continue;
                    } else if (o.backend) {
                        if (!arx_cli_in_list(o.backend, bn)) continue; /* comma-separated names */
                    } else if (b > 0) {
                        break; /* default: the backend dispatch picks, once */
                    }
                    arx_key *k = NULL;
                    arx_xts *x = NULL;
                    int rc = arx_key_new(&k, c, key, arx_cipher_key_bytes(c), all_backends || o.backend ? bn : NULL);
                    if (!rc && m == ARX_MODE_XTS)
                        rc = arx_xts_new(&x, c, key, 2 * arx_cipher_key_bytes(c), all_backends || o.backend ? bn : NULL);
                    if (rc) {
                        arx_cli_error("bench: %s --backend %s: %s", arx_cipher_name(c), bn, arx_strerror(rc));
                        status = 2;
                        continue;
                    }
                    job j = {m, k, x, NULL, size, bb, {0}, {0}};
                    uint8_t *mem = malloc(size + 64);
                    if (mem) {
                        memset(mem, 0x5a, size + 64);
                        j.buf = mem + (64 - ((uintptr_t)mem & 63)) % 64; /* 64-byte aligned data */
                    }
                    scaling_row *row = o.scaling && nrows < MAX_SCALING_ROWS ? &rows[nrows++] : NULL;
                    if (row) {
                        snprintf(row->cipher, sizeof row->cipher, "%s", arx_cipher_name(c));
                        snprintf(row->mode, sizeof row->mode, "%s", arx_mode_name(m));
                        row->size = size;
                    }
                    for (size_t t = 0; t < o.nthreads; t++) {
                        double cpb = 0, gbps = 0;
                        arx_key_set_threads(k, o.threads[t]);
                        if (x) arx_xts_set_threads(x, o.threads[t]);
                        if (!mem || bench_measure_isolated(run_once, &j, size, o.seconds, &cpb, &gbps)) {
                            arx_cli_error("bench: %s %s: measurement failed", arx_cipher_name(c), arx_mode_name(m));
                            status = 2;
                        } else {
                            emit(&o, arx_cipher_name(c), arx_mode_name(m), arx_key_backend(k), arx_key_threads(k), size,
                                 cpb, gbps);
                        }
                        if (row) row->gbps[t] = gbps;
                    }
                    free(mem);
                    arx_key_free(k);
                    arx_xts_free(x);
                }
            }
        }
        if (o.baselines) {
            run_baseline(&o, dir, "arxcrypt-baseline-openssl", sizes[si], 0);
            run_baseline(&o, dir, "arxcrypt-baseline-cryptopp", sizes[si], 1);
        }
    }
    if (o.json) printf("\n]\n");
    else if (o.scaling) print_scaling(&o, rows, nrows);
    if (!rows_printed && !status) {
        arx_cli_error("bench: nothing to measure for these filters (backend '%s' not available?)", o.backend ? o.backend : "");
        status = 2;
    }
    return status;
}
