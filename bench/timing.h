/*
 * The one timing method every arxcrypt benchmark uses (the CLI's bench and
 * the baseline programs for OpenSSL and Crypto++), header-only so C and C++
 * share it: calibrate iterations to ~1 ms samples, take samples for the
 * requested seconds (at least 5), report the medians of TSC cycles per byte
 * and of GB/s. The median shrugs off the interruptions of a shared machine.
 *
 * bench_core_per_tsc() measures core clock cycles per TSC cycle with a chain
 * of dependent additions (one per core cycle), to turn TSC figures into core
 * cycles for throughput bounds.
 */
#ifndef ARX_BENCH_TIMING_H
#define ARX_BENCH_TIMING_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#if defined(__unix__) || defined(__APPLE__)
#include <sys/wait.h>
#include <unistd.h>
#define BENCH_HAVE_FORK 1
#else
#define BENCH_HAVE_FORK 0
#endif

#if defined(__x86_64__) || defined(__i386__)
static inline uint64_t bench_ticks(void) { return __builtin_ia32_rdtsc(); }
#define BENCH_HAVE_TSC 1
#else
static inline uint64_t bench_ticks(void) { return 0; }
#define BENCH_HAVE_TSC 0
#endif

static inline double bench_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static inline int bench_cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static inline double bench_median(double *v, size_t n) {
    qsort(v, n, sizeof *v, bench_cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* fn(ctx) processes `bytes` bytes once. Returns 0, or -1 if out of memory. */
typedef void (*bench_fn)(void *ctx);

#define BENCH_MAX_SAMPLES 4096

static inline int bench_measure(bench_fn fn, void *ctx, size_t bytes, double seconds, double *cpb,
                                double *gbps) {
    double *c = (double *)malloc(BENCH_MAX_SAMPLES * sizeof(double));
    double *g = (double *)malloc(BENCH_MAX_SAMPLES * sizeof(double));
    if (!c || !g) {
        free(c);
        free(g);
        return -1;
    }
    fn(ctx); /* warm caches and branch predictors */
    size_t iters = 1;
    for (;;) { /* iterations per sample: about 1 ms */
        double t0 = bench_now_ns();
        for (size_t i = 0; i < iters; i++) fn(ctx);
        double dt = bench_now_ns() - t0;
        if (dt > 1e6 || iters > ((size_t)1 << 30)) break;
        iters *= dt < 1e5 ? 8 : 2;
    }
    size_t ns = 0;
    double start = bench_now_ns();
    while (ns < BENCH_MAX_SAMPLES && (ns < 5 || bench_now_ns() - start < seconds * 1e9)) {
        double t0 = bench_now_ns();
        uint64_t c0 = bench_ticks();
        for (size_t i = 0; i < iters; i++) fn(ctx);
        uint64_t c1 = bench_ticks();
        double t1 = bench_now_ns();
        double total = (double)bytes * (double)iters;
        c[ns] = (double)(c1 - c0) / total;
        g[ns] = total / (t1 - t0);
        ns++;
    }
    *cpb = BENCH_HAVE_TSC ? bench_median(c, ns) : -1.0;
    *gbps = bench_median(g, ns);
    free(c);
    free(g);
    return 0;
}

/*
 * bench_measure in a child process, so each measurement starts from a fresh
 * process state: code measured earlier (another backend's AVX-512 kernels,
 * OpenSSL's assembly) cannot slow it down or speed it up. Falls back to
 * measuring in-process where fork is missing or fails.
 */
static inline int bench_measure_isolated(bench_fn fn, void *ctx, size_t bytes, double seconds, double *cpb,
                                         double *gbps) {
#if BENCH_HAVE_FORK
    int fd[2];
    if (pipe(fd) == 0) {
        pid_t pid = fork();
        if (pid == 0) {
            double r[2] = {0, 0};
            int rc = bench_measure(fn, ctx, bytes, seconds, &r[0], &r[1]);
            ssize_t w = rc ? -1 : write(fd[1], r, sizeof r);
            _exit(w == (ssize_t)sizeof r ? 0 : 1);
        }
        close(fd[1]);
        if (pid > 0) {
            double r[2];
            ssize_t got = read(fd[0], r, sizeof r);
            int status = 0;
            waitpid(pid, &status, 0);
            close(fd[0]);
            if (got != (ssize_t)sizeof r || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
            *cpb = r[0];
            *gbps = r[1];
            return 0;
        }
        close(fd[0]);
    }
#endif
    return bench_measure(fn, ctx, bytes, seconds, cpb, gbps);
}

/* Core cycles per TSC cycle: 100 dependent adds per loop iteration take 100
 * core cycles (add latency 1); the loop's own counter runs alongside. */
static inline double bench_core_per_tsc(void) {
#if defined(__x86_64__)
    double best = 0;
    for (int rep = 0; rep < 40; rep++) { /* ~1 ms each: short enough to run undisturbed */
        uint64_t x = 0, n = 20000;
        uint64_t t0 = bench_ticks();
        for (uint64_t i = 0; i < n; i++) {
            __asm__ volatile(
#define ADD10 "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t" \
              "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
                ADD10 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10
#undef ADD10
                : "+r"(x));
        }
        uint64_t t1 = bench_ticks();
        double r = (double)(n * 100) / (double)(t1 - t0);
        if (r > best) best = r; /* the fastest run had the fewest interruptions */
    }
    return best;
#else
    return -1.0;
#endif
}

#endif
