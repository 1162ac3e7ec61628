/*
 * The firmware the 32-bit microcontroller targets run under QEMU (Cortex-M3,
 * Cortex-M4, RV32I): the freestanding library plus a tiny front end. Its C
 * library is picolibc with semihosting, so files and the command line come
 * from the host; the library itself links nothing but memcpy/memset/memmove.
 *
 *   fw raw ARGS -i IN -o OUT   `arxcrypt raw`'s arguments (-c -m -k --iv
 *                              --aad --tag-len --pad -d -e --backend); keys
 *                              and contexts in static caller storage
 *   fw bench [CIPHER...]       one JSON row per (cipher, op) over 128-byte
 *                              messages; each measured call sits between
 *                              fw_mark_begin()/fw_mark_end() so the host can
 *                              count the trace between them (embedded/cycles.py)
 *   fw ct CIPHER N             each op on N random keys and messages, marked
 *                              the same way: the host checks the counts agree
 *   fw calib                   the hand-counted sequences (calib.S) between marks
 *
 * Exit status as arxcrypt raw: 0 ok, 1 authentication failed, 2 other error.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arxcrypt.h"
#include "fw_target.h"

#define IN_MAX (64 * 1024)
static uint8_t in_buf[IN_MAX], out_buf[IN_MAX + 64];
static _Alignas(ARX_STORAGE_ALIGN) uint8_t key_mem[ARX_KEY_STORAGE_MAX];
static _Alignas(ARX_STORAGE_ALIGN) uint8_t gcm_mem[ARX_GCM_STORAGE_BYTES];

/* ---- markers: the host finds these addresses in the trace ---------------- */

/* Kept out of line and distinct; the instructions between the two calls are
 * what a row counts, less the empty-region overhead measured by `calib`. */
volatile uint32_t fw_mark_id;
__attribute__((noinline)) uint32_t fw_mark_begin(uint32_t id) {
    fw_mark_id = id;
    return fw_instret();
}
__attribute__((noinline)) uint32_t fw_mark_end(uint32_t id) {
    uint32_t n = fw_instret();
    fw_mark_id = id;
    return n;
}

/* ---- helpers --------------------------------------------------------------- */

static int hexval(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int unhex(const char *s, uint8_t *out, size_t cap, size_t *len) {
    size_t n = strlen(s);
    if (n % 2 || n / 2 > cap) return -1;
    for (size_t i = 0; i < n / 2; i++) {
        int h = hexval(s[2 * i]), l = hexval(s[2 * i + 1]);
        if (h < 0 || l < 0) return -1;
        out[i] = (uint8_t)(h << 4 | l);
    }
    *len = n / 2;
    return 0;
}

static int fail(const char *msg, const char *arg) {
    fprintf(stderr, "fw: %s%s%s\n", msg, arg ? " " : "", arg ? arg : "");
    return 2;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint32_t rnd32(void) { /* xorshift64* (Vigna 2016): test data only */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 2685821657736338717u) >> 32);
}
static void rnd_fill(uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)rnd32();
}

/* ---- raw ------------------------------------------------------------------ */

static int cmd_raw(int argc, char **argv) {
    const char *cipher = NULL, *mode_s = NULL, *key_s = NULL, *iv_s = NULL, *aad_s = NULL, *tl_s = NULL;
    const char *backend = NULL, *in_path = NULL, *out_path = NULL;
    int pad = 0, decrypt = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], **slot = NULL;
        if (!strcmp(a, "-c") || !strcmp(a, "--cipher")) slot = &cipher;
        else if (!strcmp(a, "-m") || !strcmp(a, "--mode")) slot = &mode_s;
        else if (!strcmp(a, "-k") || !strcmp(a, "--key")) slot = &key_s;
        else if (!strcmp(a, "--iv") || !strcmp(a, "--nonce")) slot = &iv_s;
        else if (!strcmp(a, "--aad")) slot = &aad_s;
        else if (!strcmp(a, "--tag-len")) slot = &tl_s;
        else if (!strcmp(a, "--backend")) slot = &backend;
        else if (!strcmp(a, "-i") || !strcmp(a, "--in")) slot = &in_path;
        else if (!strcmp(a, "-o") || !strcmp(a, "--out")) slot = &out_path;
        else if (!strcmp(a, "--pad")) pad = 1;
        else if (!strcmp(a, "-d") || !strcmp(a, "--decrypt")) decrypt = 1;
        else if (!strcmp(a, "-e") || !strcmp(a, "--encrypt")) decrypt = 0;
        else if (!strcmp(a, "--threads")) i++; /* accepted, one thread here */
        else return fail("raw: unknown option", a);
        if (slot) {
            if (i + 1 >= argc) return fail("raw: option needs a value:", a);
            *slot = argv[++i];
        }
    }
    if (!cipher || !mode_s || !key_s || !in_path || !out_path) return fail("raw: need -c -m -k -i -o", NULL);
    const arx_cipher *c = arx_cipher_by_name(cipher);
    if (!c) return fail("raw: unknown cipher", cipher);
    arx_mode mode;
    if (arx_mode_by_name(mode_s, &mode)) return fail("raw: unknown mode", mode_s);
    if (arx_mode_check(c, mode)) return fail("raw: mode not defined for", cipher);
    const size_t bb = arx_cipher_block_bytes(c);
    const int aead = mode == ARX_MODE_GCM || mode == ARX_MODE_CCM;
    if (!iv_s && mode != ARX_MODE_ECB && mode != ARX_MODE_CMAC) return fail("raw: needs --iv", NULL);
    static uint8_t key[64], iv[256], aad[1024];
    size_t key_len = 0, iv_len = 0, aad_len = 0, tag_len = mode == ARX_MODE_CMAC ? bb : 16;
    if (unhex(key_s, key, sizeof key, &key_len)) return fail("raw: bad key hex", NULL);
    if (iv_s && unhex(iv_s, iv, sizeof iv, &iv_len)) return fail("raw: bad --iv hex", NULL);
    if (aad_s && unhex(aad_s, aad, sizeof aad, &aad_len)) return fail("raw: bad --aad hex", NULL);
    if (tl_s) tag_len = (size_t)strtoul(tl_s, NULL, 10);

    FILE *f = fopen(in_path, "rb");
    if (!f) return fail("raw: cannot open", in_path);
    size_t n = fread(in_buf, 1, IN_MAX, f);
    fclose(f);
    if (n == IN_MAX) return fail("raw: input over 64 KiB", NULL);

    arx_key *k = NULL;
    int rc = arx_key_init(&k, key_mem, sizeof key_mem, c, key, key_len, backend);
    if (rc) return fail("raw:", arx_strerror(rc));
    size_t nwrite = n;
    uint8_t tag[16];
    switch (mode) {
    case ARX_MODE_ECB:
        rc = decrypt ? arx_ecb_decrypt(k, out_buf, in_buf, n) : arx_ecb_encrypt(k, out_buf, in_buf, n);
        break;
    case ARX_MODE_CBC:
        if (pad)
            rc = decrypt ? arx_cbc_decrypt_pad(k, iv, iv_len, out_buf, sizeof out_buf, &nwrite, in_buf, n)
                         : arx_cbc_encrypt_pad(k, iv, iv_len, out_buf, sizeof out_buf, &nwrite, in_buf, n);
        else
            rc = decrypt ? arx_cbc_decrypt(k, iv, iv_len, out_buf, in_buf, n) : arx_cbc_encrypt(k, iv, iv_len, out_buf, in_buf, n);
        break;
    case ARX_MODE_CFB:
        rc = decrypt ? arx_cfb_decrypt(k, iv, iv_len, out_buf, in_buf, n) : arx_cfb_encrypt(k, iv, iv_len, out_buf, in_buf, n);
        break;
    case ARX_MODE_OFB:
        rc = arx_ofb_xor(k, iv, iv_len, out_buf, in_buf, n);
        break;
    case ARX_MODE_CTR:
        rc = arx_ctr_xor(k, iv, iv_len, out_buf, in_buf, n);
        break;
    case ARX_MODE_GCM:
    case ARX_MODE_CCM:
        if (decrypt) {
            if (n < tag_len) {
                rc = ARX_ERR_AUTH;
                break;
            }
            nwrite = n - tag_len;
            rc = mode == ARX_MODE_GCM
                     ? arx_gcm_decrypt(k, iv, iv_len, aad, aad_len, out_buf, in_buf, nwrite, in_buf + nwrite, tag_len)
                     : arx_ccm_decrypt(k, iv, iv_len, aad, aad_len, out_buf, in_buf, nwrite, in_buf + nwrite, tag_len);
        } else {
            rc = mode == ARX_MODE_GCM ? arx_gcm_encrypt(k, iv, iv_len, aad, aad_len, out_buf, in_buf, n, tag, tag_len)
                                      : arx_ccm_encrypt(k, iv, iv_len, aad, aad_len, out_buf, in_buf, n, tag, tag_len);
            if (!rc) memcpy(out_buf + n, tag, tag_len), nwrite = n + tag_len;
        }
        break;
    case ARX_MODE_CMAC:
        rc = arx_cmac(k, in_buf, n, out_buf, tag_len);
        nwrite = tag_len;
        break;
    default:
        rc = ARX_ERR_UNKNOWN_MODE;
    }
    (void)aead;
    arx_key_free(k);
    if (rc == ARX_ERR_AUTH) return fprintf(stderr, "authentication failed\n"), 1;
    if (rc) return fail("raw:", arx_strerror(rc));
    f = fopen(out_path, "wb");
    if (!f || fwrite(out_buf, 1, nwrite, f) != nwrite) return fail("raw: cannot write", out_path);
    fclose(f);
    return 0;
}

/* ---- bench and ct ---------------------------------------------------------- */

enum { OP_ENC, OP_DEC, OP_KEY, OP_CTR, OP_GCM, OP_CCM, OP_CMAC, OP_COUNT };
static const char *const op_names[OP_COUNT] = {"enc", "dec", "key", "ctr", "gcm", "ccm", "cmac"};

#define MSG 128 /* FELICS's message size */
#define AAD 16

static int op_applies(const arx_cipher *c, int op) {
    switch (op) {
    case OP_GCM: return arx_mode_check(c, ARX_MODE_GCM) == ARX_OK;
    case OP_CCM: return arx_mode_check(c, ARX_MODE_CCM) == ARX_OK;
    case OP_CMAC: return arx_mode_check(c, ARX_MODE_CMAC) == ARX_OK;
    default: return 1;
    }
}

/* Stack depth of one call: paint below the current stack pointer, run, look. */
#define PAINT 8192
__attribute__((noinline)) static void stack_paint(void) {
    volatile uint8_t area[PAINT];
    for (size_t i = 0; i < PAINT; i++) area[i] = 0xa5;
}
__attribute__((noinline)) static size_t stack_used(void) {
    volatile uint8_t area[PAINT];
    size_t i = 0;
    while (i < PAINT && area[i] == 0xa5) i++;
    return PAINT - i; /* bytes touched below this frame's base, a close upper bound */
}

/* One measured run of `op` on key k (key bytes `key` for OP_KEY). Returns the
 * marked instruction count (RV32I: exact retired instructions; Cortex-M: 0,
 * the host counts from the trace). *bytes gets the message size used. */
static uint32_t run_op(const arx_cipher *c, arx_key **kp, const uint8_t *key, int op, uint32_t id, size_t *bytes) {
    static uint8_t msg[MSG], out[MSG], iv[16], aad[AAD], tag[16];
    const size_t bb = arx_cipher_block_bytes(c), kb = arx_cipher_key_bytes(c);
    const size_t n = MSG / bb * bb; /* 6- and 12-byte blocks: 126 and 120 bytes */
    rnd_fill(msg, sizeof msg);
    rnd_fill(iv, sizeof iv);
    rnd_fill(aad, sizeof aad);
    arx_key *k = *kp;
    uint32_t t0 = 0, t1 = 0;
    int rc = 0;
    *bytes = op == OP_KEY ? kb : n;
    switch (op) {
    case OP_KEY:
        arx_key_free(k);
        t0 = fw_mark_begin(id);
        rc = arx_key_init(kp, key_mem, sizeof key_mem, c, key, kb, NULL);
        t1 = fw_mark_end(id);
        break;
    case OP_ENC:
        t0 = fw_mark_begin(id);
        rc = arx_ecb_encrypt(k, out, msg, n);
        t1 = fw_mark_end(id);
        break;
    case OP_DEC:
        t0 = fw_mark_begin(id);
        rc = arx_ecb_decrypt(k, out, msg, n);
        t1 = fw_mark_end(id);
        break;
    case OP_CTR:
        t0 = fw_mark_begin(id);
        rc = arx_ctr_xor(k, iv, bb, out, msg, n);
        t1 = fw_mark_end(id);
        break;
    case OP_GCM:
        arx_gcm_encrypt(k, iv, 12, NULL, 0, NULL, NULL, 0, tag, 16); /* H cached on first use */
        t0 = fw_mark_begin(id);
        rc = arx_gcm_encrypt(k, iv, 12, aad, AAD, out, msg, n, tag, 16);
        t1 = fw_mark_end(id);
        break;
    case OP_CCM:
        t0 = fw_mark_begin(id);
        rc = arx_ccm_encrypt(k, iv, 12, aad, AAD, out, msg, n, tag, 16);
        t1 = fw_mark_end(id);
        break;
    case OP_CMAC:
        t0 = fw_mark_begin(id);
        rc = arx_cmac(k, msg, n, tag, bb);
        t1 = fw_mark_end(id);
        break;
    }
    if (rc) fprintf(stderr, "fw: %s %s: %s\n", arx_cipher_name(c), op_names[op], arx_strerror(rc));
    return t1 - t0;
}

static int want(const char *name, int argc, char **argv) {
    if (argc == 0) return 1;
    for (int i = 0; i < argc; i++)
        if (!strcmp(argv[i], name)) return 1;
    return 0;
}

static uint32_t empty_region(uint32_t id) {
    uint32_t t0 = fw_mark_begin(id);
    uint32_t t1 = fw_mark_end(id);
    return t1 - t0;
}

/* Rows for the host to finish: instret is the marked count less the empty
 * region's (RV32I), stack the painted depth of the op. */
static int cmd_bench(int argc, char **argv) {
    uint32_t id = 1;
    uint32_t empty = empty_region(id++);
    printf("{\"empty\": %lu}\n", (unsigned long)empty);
    for (size_t ci = 0; ci < arx_cipher_count(); ci++) {
        const arx_cipher *c = arx_cipher_at(ci);
        if (!want(arx_cipher_name(c), argc, argv)) continue;
        uint8_t key[32];
        rnd_fill(key, sizeof key);
        arx_key *k = NULL;
        if (arx_key_init(&k, key_mem, sizeof key_mem, c, key, arx_cipher_key_bytes(c), NULL)) return 2;
        for (int op = 0; op < OP_COUNT; op++) {
            if (!op_applies(c, op)) continue;
            size_t bytes = 0;
            stack_paint();
            uint32_t n = run_op(c, &k, key, op, id, &bytes);
            size_t stack = stack_used();
            size_t ctx = op == OP_GCM ? ARX_GCM_STORAGE_BYTES : op == OP_CTR ? 0 : 0;
            printf("{\"mark\": %lu, \"cipher\": \"%s\", \"op\": \"%s\", \"bytes\": %u, \"instret\": %lu, "
                   "\"key_storage\": %u, \"ctx\": %u, \"stack\": %u, \"backend\": \"%s\"}\n",
                   (unsigned long)id, arx_cipher_name(c), op_names[op], (unsigned)bytes,
                   (unsigned long)(n - empty), (unsigned)arx_key_storage_size(c), (unsigned)ctx,
                   (unsigned)stack, arx_key_backend(k));
            id++;
        }
        arx_key_free(k);
    }
    return 0;
}

/* The negative control of `ct`: a branch on secret data, which the host's
 * check must catch. */
__attribute__((noinline)) static uint32_t planted_leak(const uint8_t *secret) {
    volatile uint32_t acc = 0;
    if (secret[0] & 1) acc += 1;
    return acc;
}

static int cmd_ct(int argc, char **argv) {
    if (argc < 2) return fail("ct: CIPHER N", NULL);
    if (!strcmp(argv[0], "planted-leak")) {
        int reps = atoi(argv[1]);
        uint32_t id = 1;
        uint32_t empty = empty_region(id++);
        printf("{\"empty\": %lu}\n", (unsigned long)empty);
        for (int r = 0; r < reps; r++) {
            static uint8_t secret[1]; /* static: the fill stays before the mark */
            rnd_fill(secret, 1);
            uint32_t t0 = fw_mark_begin(id);
            planted_leak(secret);
            uint32_t t1 = fw_mark_end(id);
            printf("{\"mark\": %lu, \"cipher\": \"planted-leak\", \"op\": \"leak\", \"instret\": %lu}\n",
                   (unsigned long)id, (unsigned long)(t1 - t0 - empty));
            id++;
        }
        return 0;
    }
    const arx_cipher *c = arx_cipher_by_name(argv[0]);
    if (!c) return fail("ct: unknown cipher", argv[0]);
    int reps = atoi(argv[1]);
    uint32_t id = 1;
    uint32_t empty = empty_region(id++);
    printf("{\"empty\": %lu}\n", (unsigned long)empty);
    for (int op = 0; op < OP_COUNT; op++) {
        if (!op_applies(c, op)) continue;
        for (int r = 0; r < reps; r++) {
            uint8_t key[32];
            rnd_fill(key, sizeof key);
            arx_key *k = NULL;
            if (arx_key_init(&k, key_mem, sizeof key_mem, c, key, arx_cipher_key_bytes(c), NULL)) return 2;
            size_t bytes;
            uint32_t n = run_op(c, &k, key, op, id, &bytes);
            printf("{\"mark\": %lu, \"cipher\": \"%s\", \"op\": \"%s\", \"instret\": %lu}\n", (unsigned long)id,
                   arx_cipher_name(c), op_names[op], (unsigned long)(n - empty));
            id++;
            arx_key_free(k);
        }
    }
    return 0;
}

/* The hand-counted sequences of calib.S, each between marks. */
static int cmd_calib(void) {
    uint32_t id = 1;
    uint32_t empty = empty_region(id++);
    printf("{\"empty\": %lu}\n", (unsigned long)empty);
    for (unsigned i = 0; i < fw_calib_count; i++) {
        uint32_t t0 = fw_mark_begin(id);
        fw_calib[i]();
        uint32_t t1 = fw_mark_end(id);
        printf("{\"mark\": %lu, \"calib\": %u, \"instret\": %lu}\n", (unsigned long)id, i,
               (unsigned long)(t1 - t0 - empty));
        id++;
    }
    return 0;
}

int main(int argc, char **argv) {
    (void)gcm_mem;
    if (argc < 2) return fail("usage: fw raw|bench|ct|calib ...", NULL);
    if (!strcmp(argv[1], "raw")) return cmd_raw(argc - 2, argv + 2);
    if (!strcmp(argv[1], "bench")) return cmd_bench(argc - 2, argv + 2);
    if (!strcmp(argv[1], "ct")) return cmd_ct(argc - 2, argv + 2);
    if (!strcmp(argv[1], "calib")) return cmd_calib();
    return fail("unknown command", argv[1]);
}
