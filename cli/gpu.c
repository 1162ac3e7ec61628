/*
 * arxcrypt raw --gpu and bench --gpu: the CUDA front end (cuda/arxcrypt_cuda.h),
 * compiled in only when CMake built libarxcrypt_cuda (ARX_HAVE_CUDA).
 *
 * raw --gpu gives the CPU path's bytes (ecb, ctr, gcm: ciphertext || tag), so
 * `cmp` against `arxcrypt raw` without --gpu checks the GPU. bench --gpu
 * reports GB/s device-resident (data already on the GPU; kernel time only)
 * and host-to-host (pageable host memory in and out, through the pinned,
 * multi-stream pipeline; and page-locked memory, copied without staging),
 * beside the copy bound measured first (arxcu_copy_bandwidth).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arxcrypt.h"
#include "arxcrypt_cuda.h"
#include "cli.h"

static int gpu_device_or_error(const char *cmd) {
    if (arxcu_device_count() > 0) return 0;
    arx_cli_error("%s --gpu: no CUDA device (%s)", cmd, arxcu_device_error());
    return 2;
}

int arx_cmd_raw_gpu(int argc, char **argv) {
    const char *cipher = NULL, *mode = NULL, *keyh = NULL, *ivh = NULL, *aadh = NULL, *tagl = NULL, *inp = NULL,
               *outp = NULL;
    int dec = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], **slot = NULL;
        if (!strcmp(a, "--gpu")) continue;
        if (!strcmp(a, "-d") || !strcmp(a, "--decrypt")) { dec = 1; continue; }
        if (!strcmp(a, "-e") || !strcmp(a, "--encrypt")) { dec = 0; continue; }
        if (!strcmp(a, "-c") || !strcmp(a, "--cipher")) slot = &cipher;
        else if (!strcmp(a, "-m") || !strcmp(a, "--mode")) slot = &mode;
        else if (!strcmp(a, "-k") || !strcmp(a, "--key")) slot = &keyh;
        else if (!strcmp(a, "--iv") || !strcmp(a, "--nonce")) slot = &ivh;
        else if (!strcmp(a, "--aad")) slot = &aadh;
        else if (!strcmp(a, "--tag-len")) slot = &tagl;
        else if (!strcmp(a, "-i") || !strcmp(a, "--in")) slot = &inp;
        else if (!strcmp(a, "-o") || !strcmp(a, "--out")) slot = &outp;
        else return arx_cli_error("raw --gpu: unknown or unsupported option '%s'", a), 2;
        if (i + 1 >= argc) return arx_cli_error("raw --gpu: option '%s' needs a value", a), 2;
        *slot = argv[++i];
    }
    if (!cipher || !mode || !keyh) return arx_cli_error("raw --gpu: needs -c CIPHER -m MODE -k KEYHEX"), 2;
    if (!arx_cipher_by_name(cipher)) return arx_cli_error("raw --gpu: unknown cipher '%s'", cipher), 2;
    if (!arxcu_cipher_supported(cipher)) return arx_cli_error("raw --gpu: %s has no GPU kernel", cipher), 2;
    int m = !strcmp(mode, "ecb") ? 0 : !strcmp(mode, "ctr") ? 1 : !strcmp(mode, "gcm") ? 2 : -1;
    if (m < 0) return arx_cli_error("raw --gpu: mode '%s' has no GPU kernel (ecb, ctr, gcm)", mode), 2;
    if (m == 0 && ivh) return arx_cli_error("raw --gpu: ecb takes no --iv"), 2;
    if (m && !ivh) return arx_cli_error("raw --gpu: %s needs --iv", mode), 2;
    unsigned long tl = 16;
    if (tagl && (m != 2 || !arx_cli_count(tagl, 64, &tl))) return arx_cli_error("raw --gpu: bad --tag-len"), 2;
    if (aadh && m != 2) return arx_cli_error("raw --gpu: --aad applies to gcm only"), 2;

    int status = 2, rc;
    size_t kl = 0, ivl = 0, al = 0, n = 0, outn = 0;
    uint8_t *key = NULL, *iv = NULL, *aad = NULL, *in = NULL, *out = NULL;
    arxcu_key *k = NULL;
    if (!(key = arx_cli_hex("raw --gpu", "-k", keyh, &kl))) goto done;
    if (ivh && !(iv = arx_cli_hex("raw --gpu", "--iv", ivh, &ivl))) goto done;
    if (aadh && !(aad = arx_cli_hex("raw --gpu", "--aad", aadh, &al))) goto done;
    if ((rc = arxcu_key_new(&k, cipher, key, kl))) {
        arx_cli_error("raw --gpu: %s", arxcu_strerror(rc));
        goto done;
    }
    if (gpu_device_or_error("raw")) goto done;
    if (!(in = arx_cli_read_all("raw --gpu", inp, &n))) {
        status = ARX_EXIT_IO; /* or out of memory for it */
        goto done;
    }
    out = malloc(n + 64);
    if (!out) goto done;
    if (m == 0) rc = dec ? arxcu_ecb_decrypt(k, out, in, n) : arxcu_ecb_encrypt(k, out, in, n), outn = n;
    else if (m == 1) rc = arxcu_ctr_xor(k, iv, ivl, out, in, n), outn = n;
    else if (!dec) rc = arxcu_gcm_encrypt(k, iv, ivl, aad, al, out, in, n, out + n, tl), outn = n + tl;
    else if (n < tl) rc = ARX_ERR_AUTH;
    else rc = arxcu_gcm_decrypt(k, iv, ivl, aad, al, out, in, n - tl, in + n - tl, tl), outn = n - tl;
    if (rc == ARX_ERR_AUTH) {
        arx_cli_error("raw --gpu: authentication failed");
        status = 1;
        goto done;
    }
    if (rc) {
        arx_cli_error("raw --gpu: %s", arxcu_strerror(rc));
        goto done;
    }
    status = arx_cli_write_all("raw --gpu", outp, out, outn);
done:
    if (key) arx_wipe(key, kl);
    if (out) arx_wipe(out, n + 64);
    free(key), free(iv), free(aad), free(in), free(out);
    arxcu_key_free(k);
    return status;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Repeat op until `seconds` pass; GB/s of the best of 3 such runs. */
typedef int (*gpu_op)(void *ctx);
static double rate(gpu_op op, void *ctx, size_t bytes, double seconds) {
    double best = 0;
    if (op(ctx) || arxcu_synchronize()) return -1; /* warm-up: first launch, allocations */
    for (int r = 0; r < 3; r++) {
        double t0 = now(), t;
        size_t it = 0;
        do {
            if (op(ctx)) return -1;
            it++;
            if (it % 8 == 0) arxcu_synchronize();
            t = now() - t0;
        } while (t < seconds / 3);
        arxcu_synchronize();
        t = now() - t0;
        double g = (double)bytes * (double)it / t / 1e9;
        if (g > best) best = g;
    }
    return best;
}

typedef struct {
    arxcu_key *k;
    int mode; /* 0 ecb, 1 ctr, 2 gcm */
    void *d;
    uint8_t *h, *p; /* pageable and page-locked host buffers */
    size_t n;
    uint8_t iv[16], tag[16];
} bench_ctx;

static int op_dev(void *p) {
    bench_ctx *c = p;
    if (c->mode == 0) return arxcu_ecb_encrypt_dev(c->k, c->d, c->d, c->n, NULL);
    if (c->mode == 1) return arxcu_ctr_xor_dev(c->k, c->iv, arxcu_key_block_bytes(c->k), c->d, c->d, c->n, NULL);
    return arxcu_gcm_encrypt_dev(c->k, c->iv, 12, NULL, 0, c->d, c->d, c->n, c->tag, 16, NULL);
}
static int op_on(bench_ctx *c, uint8_t *h) {
    if (c->mode == 0) return arxcu_ecb_encrypt(c->k, h, h, c->n);
    if (c->mode == 1) return arxcu_ctr_xor(c->k, c->iv, arxcu_key_block_bytes(c->k), h, h, c->n);
    return arxcu_gcm_encrypt(c->k, c->iv, 12, NULL, 0, h, h, c->n, c->tag, 16);
}
static int op_host(void *p) { return op_on(p, ((bench_ctx *)p)->h); }
static int op_pinned(void *p) { return op_on(p, ((bench_ctx *)p)->p); }

int arx_cmd_bench_gpu(int argc, char **argv) {
    const char *ciphers = NULL, *modes = NULL;
    size_t size = (size_t)64 << 20;
    double seconds = 0.5;
    int json = 0, device_only = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--gpu")) continue;
        if (!strcmp(a, "--json")) { json = 1; continue; }
        if (!strcmp(a, "--device-only")) { device_only = 1; continue; }
        if (!v) return arx_cli_error("bench --gpu: option '%s' needs a value", a), 2;
        i++;
        if (!strcmp(a, "--cipher")) ciphers = v;
        else if (!strcmp(a, "--mode")) modes = v;
        else if (!strcmp(a, "--size")) {
            unsigned long s;
            if (!arx_cli_count(v, 1ul << 32, &s) || s < 16) return arx_cli_error("bench --gpu: --size 16..4 GiB"), 2;
            size = (size_t)s & ~(size_t)15;
        } else if (!strcmp(a, "--seconds")) {
            seconds = strtod(v, NULL);
            if (!(seconds > 0 && seconds <= 60)) return arx_cli_error("bench --gpu: --seconds in (0, 60]"), 2;
        } else return arx_cli_error("bench --gpu: unknown option '%s'", a), 2;
    }
    if (gpu_device_or_error("bench")) return 2;
    bench_ctx c = {0};
    c.n = size;
    c.h = malloc(size);
    if (!c.h || arxcu_malloc(&c.d, size) || arxcu_host_alloc((void **)&c.p, size))
        return free(c.h), arxcu_free(c.d), arx_cli_error("bench --gpu: out of memory"), 2;
    memset(c.h, 0x5a, size);
    memset(c.p, 0x5a, size);
    arxcu_memcpy_h2d(c.d, c.h, size);
    /* the copy bound: host to device, back, and both at once (the bound of a
     * host-to-host pass whose copies overlap), from pageable and pinned memory */
    double cp[2][3] = {{0}};
    if (!device_only &&
        (arxcu_copy_bandwidth(c.h, size, seconds, cp[0]) || arxcu_copy_bandwidth(c.p, size, seconds, cp[1])))
        return arx_cli_error("bench --gpu: copy measurement failed"), 2;
    if (json) {
        for (int m = 0; m < 2 && !device_only; m++)
            printf("{\"copy\":\"%s\",\"bytes\":%zu,\"h2d_gbps\":%.3f,\"d2h_gbps\":%.3f,\"both_gbps\":%.3f}\n",
                   m ? "pinned" : "pageable", size, cp[m][0], cp[m][1], cp[m][2]);
    } else {
        printf("device: %s; %zu bytes per call, %u threads x %u units/thread\n", arxcu_device_name(), size,
               arxcu_threads_per_block(), arxcu_units_per_thread());
        if (!device_only)
            printf("copy bound GB/s (to device / back / both at once): pageable %.2f / %.2f / %.2f, "
                   "pinned %.2f / %.2f / %.2f\n",
                   cp[0][0], cp[0][1], cp[0][2], cp[1][0], cp[1][1], cp[1][2]);
        printf("%-20s %-4s %12s %12s %12s\n", "cipher", "mode", "device GB/s", "host GB/s", "pinned GB/s");
    }
    static const char *const mode_names[3] = {"ecb", "ctr", "gcm"};
    for (size_t i = 0; arxcu_cipher_at(i); i++) {
        const char *name = arxcu_cipher_at(i);
        if (!arx_cli_in_list(ciphers, name)) continue;
        const arx_cipher *ac = arx_cipher_by_name(name);
        uint8_t key[32] = {1, 2, 3};
        if (arxcu_key_new(&c.k, name, key, arx_cipher_key_bytes(ac))) continue;
        for (c.mode = 0; c.mode < 3; c.mode++) {
            if (!arx_cli_in_list(modes, mode_names[c.mode])) continue;
            if (c.mode == 2 && arxcu_key_block_bytes(c.k) != 16) continue; /* GCM: 128-bit blocks */
            size_t n = c.mode == 0 ? size / arxcu_key_block_bytes(c.k) * arxcu_key_block_bytes(c.k) : size;
            c.n = n;
            double dev = rate(op_dev, &c, n, seconds), host = device_only ? 0 : rate(op_host, &c, n, seconds),
                   pin = device_only ? 0 : rate(op_pinned, &c, n, seconds);
            if (json)
                printf("{\"cipher\":\"%s\",\"mode\":\"%s\",\"bytes\":%zu,\"device_gbps\":%.3f,\"host_gbps\":%.3f,"
                       "\"pinned_gbps\":%.3f}\n",
                       name, mode_names[c.mode], n, dev, host, pin);
            else
                printf("%-20s %-4s %12.2f %12.2f %12.2f\n", name, mode_names[c.mode], dev, host, pin);
            fflush(stdout);
        }
        arxcu_key_free(c.k);
    }
    arxcu_free(c.d);
    arxcu_host_free(c.p, size);
    free(c.h);
    return 0;
}
