/*
 * The firmware every embedded target runs (AVR and MSP430 alike): it links
 * the freestanding library and answers one request that the host wrote
 * into `arx_mbox` before the simulator started, then stops the CPU.
 *
 * Requests (written by embedded/run, little-endian 16-bit lengths):
 *   raw:   u8 1, u8 flags (1 decrypt, 2 pad, 4 stop after the name checks),
 *          name8 cipher, name8 mode, name8 backend (empty: default),
 *          u8 tag_len (0: the mode's default), bytes8 key, bytes8 iv, bytes16 aad, bytes16 input
 *   bench: u8 2, name8 cipher, u8 ops (bit i: mode i of bench_ops below)
 *   ct:    u8 3, ... (do_ct below)
 *   where name8/bytes8 = u8 length + bytes, bytes16 = u16 length + bytes.
 * Reply, written over the request from byte 0:
 *   i16 rc (library status), u8 stage (FW_* below), u8 block bytes,
 *   u8 key bytes, u8 0, u16 count, then `count` output bytes (raw) or
 *   `count` bench records of 5 x u32 (bench).
 *
 * Cycles: fw_mark(id) is an empty, never-inlined function. The simulator
 * harnesses (embedded/sim/) note the cycle count whenever the CPU reaches
 * its first instruction, so a measured stretch is the cycles between two
 * marks less the cost of an empty pair of marks (measured on the spot as
 * mark 0 -> mark 1 and subtracted by the host).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "arxcrypt.h"
#include "cipher.h"
#include "key.h"

#ifndef FW_MBOX_BYTES
#define FW_MBOX_BYTES 2304
#endif
#ifndef FW_KEYMEM_BYTES
#define FW_KEYMEM_BYTES 1536
#endif

enum {
    FW_OK = 0,
    FW_BAD_CIPHER = 1,
    FW_BAD_MODE = 2,
    FW_MODE_UNSUPPORTED = 3,
    FW_KEY = 4,        /* arx_key_init failed: rc says why */
    FW_OP = 5,         /* the mode's call failed: rc says why */
    FW_SHORT_TAG = 6,  /* AEAD decryption input shorter than its tag */
    FW_TOO_BIG = 7,    /* the request does not fit the mailbox */
    FW_NO_FIT = 8,     /* the key needs more than FW_KEYMEM_BYTES of RAM */
    FW_CHECKED = 9,    /* names valid; stopped as asked (flag 4) */
    FW_BAD_REQUEST = 10,
};

/* The mailbox: the host writes the request here and reads the reply. */
__attribute__((used, aligned(16), section(".noinit"))) uint8_t arx_mbox[FW_MBOX_BYTES];
/* The one key (caller storage, as firmware uses the library). */
static _Alignas(ARX_STORAGE_ALIGN) uint8_t keymem[FW_KEYMEM_BYTES];

__attribute__((noinline, used)) void fw_mark(uint8_t id) {
    __asm__ __volatile__("" : : "r"(id) : "memory");
}

/* Stack use: the stack is painted before main (startup) and read back by the host. */

static size_t rd_pos, rd_len;
static int rd_bad;

static const uint8_t *take(size_t n) {
    if (n > rd_len - rd_pos) {
        rd_bad = 1;
        return arx_mbox;
    }
    const uint8_t *p = arx_mbox + rd_pos;
    rd_pos += n;
    return p;
}
static unsigned take8(void) { return *take(1); }
static size_t take16(void) {
    const uint8_t *p = take(2);
    return (size_t)p[0] | (size_t)p[1] << 8;
}
/* A NUL-terminated copy of a name8 field into buf (cap bytes). */
static const char *take_name(char *buf, size_t cap) {
    size_t n = take8();
    const uint8_t *p = take(n);
    if (n >= cap) n = cap - 1;
    memcpy(buf, p, n);
    buf[n] = 0;
    return buf;
}

static void reply(int rc, unsigned stage, const arx_cipher *c, size_t count) {
    arx_mbox[0] = (uint8_t)((unsigned)rc & 0xffu);
    arx_mbox[1] = (uint8_t)(((unsigned)rc >> 8) & 0xffu);
    arx_mbox[2] = (uint8_t)stage;
    arx_mbox[3] = (uint8_t)(c ? arx_cipher_block_bytes(c) : 0);
    arx_mbox[4] = (uint8_t)(c ? arx_cipher_key_bytes(c) : 0);
    arx_mbox[5] = 0;
    arx_mbox[6] = (uint8_t)(count & 0xffu);
    arx_mbox[7] = (uint8_t)((count >> 8) & 0xffu);
}

#define HDR 8u

static void do_raw(void) {
    char cname[24], mname[8], bname[12];
    unsigned flags = take8();
    take_name(cname, sizeof cname);
    take_name(mname, sizeof mname);
    take_name(bname, sizeof bname);
    size_t tag_len = take8();
    size_t key_len = take8();
    const uint8_t *key = take(key_len);
    size_t iv_len = take8();
    const uint8_t *iv = take(iv_len);
    size_t aad_len = take16();
    const uint8_t *aad = take(aad_len);
    size_t in_len = take16();
    size_t in_at = rd_pos;
    take(in_len);
    if (rd_bad) return reply(0, FW_BAD_REQUEST, NULL, 0);

    const arx_cipher *c = arx_cipher_by_name(cname);
    if (!c) return reply(ARX_ERR_UNKNOWN_CIPHER, FW_BAD_CIPHER, NULL, 0);
    arx_mode mode;
    if (arx_mode_by_name(mname, &mode)) return reply(ARX_ERR_UNKNOWN_MODE, FW_BAD_MODE, c, 0);
    if (arx_mode_check(c, mode)) return reply(ARX_ERR_MODE_UNSUPPORTED, FW_MODE_UNSUPPORTED, c, 0);
    if (flags & 4u) return reply(0, FW_CHECKED, c, 0);
    const size_t bb = arx_cipher_block_bytes(c);
    const int aead = mode == ARX_MODE_GCM || mode == ARX_MODE_CCM;
    const int decrypt = (flags & 1u) != 0, pad = (flags & 2u) != 0;
    if (tag_len == 0) tag_len = mode == ARX_MODE_CMAC ? bb : 16; /* raw's defaults */

    arx_key *k = NULL;
    int rc = arx_key_init(&k, keymem, sizeof keymem, c, key, key_len, bname[0] ? bname : NULL);
    if (rc == ARX_ERR_BUFFER) return reply(rc, FW_NO_FIT, c, arx_key_storage_size(c));
    if (rc) return reply(rc, FW_KEY, c, 0);

    /* The data moves to the end of the header, then is worked on in place;
     * out may grow by a padding block or a tag. The key, iv and aad live
     * before it in the request, so they move out of the way first. */
    uint8_t kiv[64 + 16];
    if (iv_len > sizeof kiv - 16) return arx_key_free(k), reply(0, FW_TOO_BIG, c, 0);
    memcpy(kiv, iv, iv_len);
    iv = kiv;
    /* aad: keep it where it is unless the data would overwrite it; move the
     * data behind the largest of (aad end) and HDR. */
    size_t aad_at = (size_t)(aad - arx_mbox);
    size_t data_at = aad_len ? aad_at + aad_len : HDR;
    if (data_at < HDR) data_at = HDR;
    if (data_at + in_len + 2 * bb + 16 > sizeof arx_mbox) return arx_key_free(k), reply(0, FW_TOO_BIG, c, 0);
    memmove(arx_mbox + data_at, arx_mbox + in_at, in_len);
    uint8_t *buf = arx_mbox + data_at;
    size_t out_len = in_len, nwrite = in_len;
    uint8_t tag[16];

    if (aead && decrypt) {
        if (in_len < tag_len) {
            uint8_t dummy[64] = {0};
            rc = mode == ARX_MODE_GCM ? arx_gcm_decrypt(k, iv, iv_len, aad, aad_len, NULL, NULL, 0, dummy, tag_len)
                                      : arx_ccm_decrypt(k, iv, iv_len, aad, aad_len, NULL, NULL, 0, dummy, tag_len);
            arx_key_free(k);
            if (rc != ARX_OK && rc != ARX_ERR_AUTH) return reply(rc, FW_OP, c, 0);
            return reply(ARX_ERR_AUTH, FW_SHORT_TAG, c, 0);
        }
        out_len = in_len - tag_len;
        nwrite = out_len;
    }
    switch (mode) {
    case ARX_MODE_ECB:
        rc = decrypt ? arx_ecb_decrypt(k, buf, buf, in_len) : arx_ecb_encrypt(k, buf, buf, in_len);
        break;
    case ARX_MODE_CBC:
        if (pad)
            rc = decrypt ? arx_cbc_decrypt_pad(k, iv, iv_len, buf, in_len + 2 * bb, &nwrite, buf, in_len)
                         : arx_cbc_encrypt_pad(k, iv, iv_len, buf, in_len + 2 * bb, &nwrite, buf, in_len);
        else
            rc = decrypt ? arx_cbc_decrypt(k, iv, iv_len, buf, buf, in_len) : arx_cbc_encrypt(k, iv, iv_len, buf, buf, in_len);
        break;
    case ARX_MODE_CFB:
        rc = decrypt ? arx_cfb_decrypt(k, iv, iv_len, buf, buf, in_len) : arx_cfb_encrypt(k, iv, iv_len, buf, buf, in_len);
        break;
    case ARX_MODE_OFB:
        rc = arx_ofb_xor(k, iv, iv_len, buf, buf, in_len);
        break;
    case ARX_MODE_CTR:
        rc = arx_ctr_xor(k, iv, iv_len, buf, buf, in_len);
        break;
    case ARX_MODE_GCM:
    case ARX_MODE_CCM: {
        int gcm = mode == ARX_MODE_GCM;
        if (decrypt) {
            rc = gcm ? arx_gcm_decrypt(k, iv, iv_len, aad, aad_len, buf, buf, out_len, buf + out_len, tag_len)
                     : arx_ccm_decrypt(k, iv, iv_len, aad, aad_len, buf, buf, out_len, buf + out_len, tag_len);
        } else {
            rc = gcm ? arx_gcm_encrypt(k, iv, iv_len, aad, aad_len, buf, buf, in_len, tag, tag_len)
                     : arx_ccm_encrypt(k, iv, iv_len, aad, aad_len, buf, buf, in_len, tag, tag_len);
            if (rc == ARX_OK) {
                memcpy(buf + in_len, tag, tag_len);
                nwrite = in_len + tag_len;
            }
        }
        break;
    }
    case ARX_MODE_CMAC:
        rc = arx_cmac(k, buf, in_len, tag, tag_len);
        if (rc == ARX_OK) memcpy(buf, tag, tag_len);
        nwrite = tag_len;
        break;
    default:
        rc = ARX_ERR_UNKNOWN_MODE;
    }
    arx_key_free(k);
    if (rc) return reply(rc, FW_OP, c, 0);
    memmove(arx_mbox + HDR, buf, nwrite);
    reply(0, FW_OK, c, nwrite);
}

/* ---- bench: FELICS' measure, 128-byte messages ---------------------------- */

#define BENCH_BYTES 128

static uint32_t bench_rec[8][5];
static unsigned bench_n;

static void rec(unsigned op, uint32_t a, uint32_t b, uint32_t c_, uint32_t d) {
    bench_rec[bench_n][0] = op;
    bench_rec[bench_n][1] = a;
    bench_rec[bench_n][2] = b;
    bench_rec[bench_n][3] = c_;
    bench_rec[bench_n][4] = d;
    bench_n++;
}

/* Marks: 0/1 calibration pair; then 2k/2k+1 around op k (k = 1..). */
static void do_bench(void) {
    char cname[24], bname[12];
    take_name(cname, sizeof cname);
    take_name(bname, sizeof bname);
    unsigned ops = take8();
    size_t key_len = take8();
    const uint8_t *key0 = take(key_len);
    if (rd_bad) return reply(0, FW_BAD_REQUEST, NULL, 0);
    const arx_cipher *c = arx_cipher_by_name(cname);
    if (!c) return reply(ARX_ERR_UNKNOWN_CIPHER, FW_BAD_CIPHER, NULL, 0);
    uint8_t key[32];
    memcpy(key, key0, key_len < 32 ? key_len : 32);
    static uint8_t msg[BENCH_BYTES + 16];
    for (unsigned i = 0; i < BENCH_BYTES; i++) msg[i] = (uint8_t)(i * 7u + 1u);
    uint8_t iv[16] = {0}, tag[16];
    iv[15] = 1;
    const size_t bb = arx_cipher_block_bytes(c);
    bench_n = 0;

    fw_mark(0);
    fw_mark(1);
    arx_key *k = NULL;
    fw_mark(2); /* key: the whole arx_key_init (layout + schedule) */
    int rc = arx_key_init(&k, keymem, sizeof keymem, c, key, key_len, bname[0] ? bname : NULL);
    fw_mark(3);
    if (rc == ARX_ERR_BUFFER) return reply(rc, FW_NO_FIT, c, arx_key_storage_size(c));
    if (rc) return reply(rc, FW_KEY, c, 0);
    const arx_backend *be = k->be;
    const void *ks = k->ks;
    size_t nb = BENCH_BYTES / bb;
    /* Pin the division here: otherwise the compiler may move it (a libcall
     * of ~500 cycles on MSP430) between the marks of the first operation. */
    __asm__ __volatile__("" : "+r"(nb));
    /* enc/dec: the backend's kernel over the 128 bytes, as FELICS times its cipher */
    fw_mark(4);
    be->encrypt(ks, msg, msg, nb);
    fw_mark(5);
    fw_mark(6);
    be->decrypt(ks, msg, msg, nb);
    fw_mark(7);
    if (ops & 1u) {
        fw_mark(8);
        arx_ctr_xor(k, iv, bb, msg, msg, BENCH_BYTES);
        fw_mark(9);
    }
    if ((ops & 2u) && bb == 16) {
        fw_mark(10);
        rc = arx_gcm_encrypt(k, iv, 12, NULL, 0, msg, msg, BENCH_BYTES, tag, 16);
        fw_mark(11);
        rec(6, (uint32_t)rc, 0, 0, 0);
    }
    if ((ops & 4u) && bb == 16) {
        fw_mark(12);
        rc = arx_ccm_encrypt(k, iv, 12, NULL, 0, msg, msg, BENCH_BYTES, tag, 16);
        fw_mark(13);
        rec(7, (uint32_t)rc, 0, 0, 0);
    }
    if (ops & 8u) {
        fw_mark(14);
        rc = arx_cmac(k, msg, BENCH_BYTES, tag, bb);
        fw_mark(15);
        rec(8, (uint32_t)rc, 0, 0, 0);
    }
    rec(1, (uint32_t)arx_key_storage_size(c), (uint32_t)k->desc->ks_bytes, 0, 0);
    arx_key_free(k);
    memcpy(arx_mbox + HDR, bench_rec, bench_n * sizeof bench_rec[0]);
    reply(0, FW_OK, c, bench_n);
}

/* ---- ct: one kernel on a caller's key and message ---------------------------
 * Request: u8 3, name8 cipher, name8 backend, u8 flags (1: also decrypt),
 * u8 offset (0..15: the buffer's misalignment), bytes8 key, 128 message bytes.
 * The key is set up before the first mark (not measured); marks 4/5 bracket
 * encrypt over the 128 bytes at buf + offset, 6/7 decrypt (flag 1), 8/9 the
 * whole arx_key_init (flag 4), 10/11 the backend's ctr_xor over the message from a
 * counter block that follows it (16 bytes; a 64-bit cipher's uses the first 8) (flag 2; backends that have one). Reply:
 * the ciphertext, then (flag 2) the CTR output (count 128 or 256). The host
 * checks the cycles are the same for every key and message (embedded/test.py)
 * and the output against the host. */
/* ct's extras (AVR and MSP430, whose LEA key schedules and CTR are
 * assembly: flags 2 and 4), out of do_ct: the CTR input and counter, copied
 * before the reply overwrites the request, and the run. Elsewhere do_ct is
 * compiled as its figures were measured (the argument set-up around the
 * marks moves a few cycles with the code around it). */
#if defined(ARX_AVR) || defined(ARX_MSP430)
static _Alignas(16) uint8_t ct_cbuf[BENCH_BYTES + 16];
static uint8_t ct_ctr[16];

__attribute__((noinline)) static int ct_key_init(arx_key **k, unsigned flags, const arx_cipher *c,
                                                 const uint8_t *key, size_t key_len, const char *bname) {
#ifdef ARX_MSP430
    /* mspdebug's trace starts at the first mark and takes it for mark 0 */
    if (flags & 4u) fw_mark(0);
#endif
    if (flags & 4u) fw_mark(8);
    int rc = arx_key_init(k, keymem, sizeof keymem, c, key, key_len, bname);
    if (flags & 4u) fw_mark(9);
    return rc;
}

__attribute__((noinline)) static size_t ct_ctr_run(const arx_backend *be, const void *ks, const arx_cipher *c,
                                                   size_t off, size_t nb) {
    (void)c;
    if (!be->ctr_xor) return 0;
    fw_mark(10);
    be->ctr_xor(ks, ct_ctr, ct_cbuf + off, ct_cbuf + off, nb);
    fw_mark(11);
    memcpy(arx_mbox + HDR + BENCH_BYTES, ct_cbuf + off, BENCH_BYTES);
    return BENCH_BYTES;
}
#endif

static void do_ct(void) {
    char cname[24], bname[12];
    take_name(cname, sizeof cname);
    take_name(bname, sizeof bname);
    unsigned flags = take8();
    size_t off = take8() & 15u;
    size_t key_len = take8();
    const uint8_t *key = take(key_len);
    const uint8_t *in = take(BENCH_BYTES);
#if defined(ARX_AVR) || defined(ARX_MSP430)
    if (flags & 2u) {
        const uint8_t *ctr0 = take(16);
        if (!rd_bad) {
            memcpy(ct_ctr, ctr0, 16);
            memcpy(ct_cbuf + off, in, BENCH_BYTES);
        }
    }
#endif
    if (rd_bad) return reply(0, FW_BAD_REQUEST, NULL, 0);
    const arx_cipher *c = arx_cipher_by_name(cname);
    if (!c) return reply(ARX_ERR_UNKNOWN_CIPHER, FW_BAD_CIPHER, NULL, 0);
    static _Alignas(16) uint8_t buf[BENCH_BYTES + 16];
    memcpy(buf + off, in, BENCH_BYTES);
    arx_key *k = NULL;
#if defined(ARX_AVR) || defined(ARX_MSP430)
    int rc = ct_key_init(&k, flags, c, key, key_len, bname[0] ? bname : NULL);
#else
    int rc = arx_key_init(&k, keymem, sizeof keymem, c, key, key_len, bname[0] ? bname : NULL);
#endif
    if (rc == ARX_ERR_BUFFER) return reply(rc, FW_NO_FIT, c, arx_key_storage_size(c));
    if (rc) return reply(rc, FW_KEY, c, 0);
    const arx_backend *be = k->be;
    const void *ks = k->ks;
    size_t nb = BENCH_BYTES / arx_cipher_block_bytes(c);
    __asm__ __volatile__("" : "+r"(nb));
    fw_mark(0);
    fw_mark(1);
    fw_mark(4);
    be->encrypt(ks, buf + off, buf + off, nb);
    fw_mark(5);
    memcpy(arx_mbox + HDR, buf + off, BENCH_BYTES);
    if (flags & 1u) {
        fw_mark(6);
        be->decrypt(ks, buf + off, buf + off, nb);
        fw_mark(7);
    }
#if defined(ARX_AVR) || defined(ARX_MSP430)
    size_t n_out = BENCH_BYTES + ((flags & 2u) ? ct_ctr_run(be, ks, c, off, nb) : 0);
#else
    size_t n_out = BENCH_BYTES;
#endif
    arx_key_free(k);
    reply(0, FW_OK, c, n_out);
}

extern void fw_halt(void);

int main(void) {
    rd_pos = 0;
    rd_len = sizeof arx_mbox;
    rd_bad = 0;
    unsigned cmd = take8();
    if (cmd == 1) do_raw();
    else if (cmd == 2) do_bench();
    else if (cmd == 3) do_ct();
    else reply(0, FW_BAD_REQUEST, NULL, 0);
    fw_halt();
    return 0;
}
