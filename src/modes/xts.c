/*
 * XTS (IEEE 1619-2018, NIST SP 800-38E): the key pair object, one data unit
 * with ciphertext stealing, and the many-sector call.
 *
 * Block j of a data unit: C_j = E_K1(P_j ^ T_j) ^ T_j with T_j = E_K2(i) *
 * alpha^j (xts.h). Whole blocks go through an arx_xts_blocks_fn picked once
 * per key from its backend (the ISA files whiten in vector registers around
 * the wide kernel); the stolen tail is done here, once, for every backend.
 */
#include "xts.h"

#include "../par.h"

struct arx_xts {
    arx_key *data;  /* K1: the first half of the key */
    arx_key *tweak; /* K2: the second half */
    arx_xts_blocks_fn blocks;
    void *heap; /* what arx_xts_new allocated; NULL in caller memory */
    size_t size;
};

#define XTS_HEAD ((sizeof(struct arx_xts) + 15) & ~(size_t)15)
#define XTS_KEY_ROOM(c) ((arx_key_storage_size(c) + 15) & ~(size_t)15)

/* ---- the portable whitening --------------------------------------------- */

/* dst = src ^ T_j for n blocks from t (little-endian 128-bit, times alpha per
 * block: a shift and a masked XOR of x^7 + x^2 + x + 1, no branch). */
static void xts_whiten_ref(uint8_t *dst, const uint8_t *src, uint8_t t[16], size_t n) {
    uint64_t lo = arx_load64_le(t), hi = arx_load64_le(t + 8);
    for (size_t i = 0; i < n; i++) {
        arx_store64_le(dst + 16 * i, arx_load64_le(src + 16 * i) ^ lo);
        arx_store64_le(dst + 16 * i + 8, arx_load64_le(src + 16 * i + 8) ^ hi);
        const uint64_t carry = 0 - (hi >> 63);
        hi = (hi << 1) | (lo >> 63);
        lo = (lo << 1) ^ (carry & 0x87);
    }
    arx_store64_le(t, lo);
    arx_store64_le(t + 8, hi);
}

void arx_xts_tweaks(uint8_t *dst, const uint8_t t[16], size_t n) {
    uint8_t c[16];
    memcpy(c, t, 16);
    memset(dst, 0, 16 * n);
    xts_whiten_ref(dst, dst, c, n);
    arx_wipe(c, sizeof c);
}

void arx_xts_blocks_ref(const arx_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in, size_t n,
                        int decrypt) {
    while (n) {
        const size_t m = n < ARX_XTS_CHUNK_BLOCKS ? n : ARX_XTS_CHUNK_BLOCKS;
        uint8_t start[16];
        memcpy(start, t, 16);
        xts_whiten_ref(out, in, t, m);
        if (decrypt) arx_decrypt_blocks(k, out, out, m);
        else arx_encrypt_blocks(k, out, out, m);
        xts_whiten_ref(out, out, start, m);
        arx_wipe(start, sizeof start);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
}

/* t *= alpha. */
static void xts_double(uint8_t t[16]) {
    uint8_t z[16] = {0};
    xts_whiten_ref(z, z, t, 1);
    arx_wipe(z, sizeof z);
}

/* One block: out = E(in ^ t) ^ t (D for decrypt). */
static void xts_one(const arx_key *k, uint8_t *out, const uint8_t *in, const uint8_t t[16], int decrypt) {
    uint8_t a[16];
    arx_xor(a, in, t, 16);
    if (decrypt) arx_decrypt_blocks(k, a, a, 1);
    else arx_encrypt_blocks(k, a, a, 1);
    arx_xor(out, a, t, 16);
    arx_wipe(a, sizeof a);
}

static arx_xts_blocks_fn xts_pick(const arx_backend *be) {
#if ARX_X86_SIMD
    if (be->requires & ARX_CPU_AVX512F) return arx_xts_blocks_avx512;
    if (be->requires & ARX_CPU_AVX2) return arx_xts_blocks_avx2;
    if (be->requires & ARX_CPU_SSE2) return arx_xts_blocks_sse2;
#elif ARX_ARM_NEON
    if (be->requires & ARX_CPU_NEON) return arx_xts_blocks_neon;
#endif
    (void)be; /* the portable and two-way backends keep the portable whitening */
    return arx_xts_blocks_ref;
}

/* ---- one data unit -------------------------------------------------------- */

/*
 * One data unit of len >= 16 bytes whose first tweak T_0 is t0. With a
 * partial last block of r bytes (IEEE 1619-2018, 5.3.2 / 5.4.2: ciphertext
 * stealing), the last whole block m-1 and the tail swap roles:
 *   encrypt: CC = E(P_{m-1}, T_{m-1}); C_m = CC[0..r); C_{m-1} = E(P_m || CC[r..16), T_m)
 *   decrypt: PP = D(C_{m-1}, T_m);     P_m = PP[0..r); P_{m-1} = D(C_m || PP[r..16), T_{m-1})
 * the same steps with the two tweaks taken in the other order.
 */
static void xts_unit(const arx_xts *x, const uint8_t t0[16], uint8_t *out, const uint8_t *in, size_t len,
                     int decrypt) {
    const size_t r = len % 16, whole = len / 16 - (r ? 1 : 0);
    uint8_t tw[2][16];
    memcpy(tw[0], t0, 16);
    /* the backend's own XTS kernel first (whole batches), then the whitening */
    const arx_key *k = x->data;
    const size_t fused = k->be->xts_xor && whole ? k->be->xts_xor(k->ks, tw[0], out, in, whole, decrypt) : 0;
    x->blocks(k, tw[0], out + 16 * fused, in + 16 * fused, whole - fused, decrypt); /* tw[0] = T_whole */
    if (r) {
        uint8_t a[16], b[16];
        memcpy(tw[1], tw[0], 16);
        xts_double(tw[1]); /* T_m */
        const uint8_t *first = tw[decrypt], *second = tw[!decrypt];
        memcpy(b, in + 16 * whole + 16, r); /* the tail, before an in-place write over it */
        xts_one(x->data, a, in + 16 * whole, first, decrypt);
        memcpy(b + r, a + r, 16 - r);
        memcpy(out + 16 * whole + 16, a, r);
        xts_one(x->data, out + 16 * whole, b, second, decrypt);
        arx_wipe(a, sizeof a);
        arx_wipe(b, sizeof b);
    }
    arx_wipe(tw, sizeof tw);
}

/* ---- the key pair --------------------------------------------------------- */

size_t arx_xts_storage_size(const arx_cipher *c) { return c ? XTS_HEAD + 2 * XTS_KEY_ROOM(c) : 0; }

/* Checks in the header's order, short of storage. */
static int xts_check(const arx_cipher *c, const uint8_t *key, size_t key_len, const char *backend) {
    if (!c || !key) return ARX_ERR_NULL;
    const arx_cipher_desc *d = arx_desc_of(c);
    if (d->block_bytes != 16) return ARX_ERR_MODE_UNSUPPORTED;
    if (key_len != 2 * (size_t)d->key_bytes) return ARX_ERR_KEY_LENGTH;
    /* SP 800-38E: "Key_1 != Key_2". Only the verdict is public. */
    int equal = arx_ct_equal(key, key + d->key_bytes, d->key_bytes);
    ARX_DECLASSIFY(&equal, sizeof equal);
    if (equal) return ARX_ERR_XTS_KEY;
    const arx_backend *be = NULL;
    return arx_backend_pick(d, backend, &be);
}

/* Lay the pair out at mem (arx_xts_storage_size bytes, 16-byte aligned). */
static arx_xts *xts_build(void *mem, const arx_cipher *c, const uint8_t *key, const char *backend) {
    const size_t kb = arx_cipher_key_bytes(c), room = XTS_KEY_ROOM(c);
    uint8_t *base = mem;
    arx_xts *x = mem;
    memset(x, 0, XTS_HEAD);
    /* Cannot fail: every argument was checked by xts_check. */
    (void)arx_key_init(&x->data, base + XTS_HEAD, room, c, key, kb, backend);
    (void)arx_key_init(&x->tweak, base + XTS_HEAD + room, room, c, key + kb, kb, backend);
    x->blocks = xts_pick(x->data->be);
    x->size = arx_xts_storage_size(c);
    return x;
}

int arx_xts_init(arx_xts **out, void *mem, size_t mem_size, const arx_cipher *c, const uint8_t *key,
                 size_t key_len, const char *backend) {
    if (!out) return ARX_ERR_NULL;
    *out = NULL;
    if (!mem) return ARX_ERR_NULL;
    int rc = xts_check(c, key, key_len, backend);
    if (rc) return rc;
    if (mem_size < arx_xts_storage_size(c)) return ARX_ERR_BUFFER;
    if ((uintptr_t)mem % ARX_STORAGE_ALIGN) return ARX_ERR_ALIGN;
    *out = xts_build(mem, c, key, backend);
    return ARX_OK;
}

#ifndef ARX_FREESTANDING
int arx_xts_new(arx_xts **out, const arx_cipher *c, const uint8_t *key, size_t key_len, const char *backend) {
    if (!out) return ARX_ERR_NULL;
    *out = NULL;
    int rc = xts_check(c, key, key_len, backend);
    if (rc) return rc;
    void *heap = arx_alloc(arx_xts_storage_size(c) + ARX_STORAGE_ALIGN - 1);
    if (!heap) return ARX_ERR_NOMEM;
    uintptr_t mem = ((uintptr_t)heap + ARX_STORAGE_ALIGN - 1) & ~(uintptr_t)(ARX_STORAGE_ALIGN - 1);
    arx_xts *x = xts_build((void *)mem, c, key, backend);
    x->heap = heap;
    *out = x;
    return ARX_OK;
}
#endif

void arx_xts_free(arx_xts *x) {
    if (!x) return;
    void *heap = x->heap;
    arx_key_free(x->data);
    arx_key_free(x->tweak);
    arx_wipe(x, x->size);
    arx_free(heap);
}

const arx_cipher *arx_xts_cipher(const arx_xts *x) { return x ? arx_key_cipher(x->data) : NULL; }
const char *arx_xts_backend(const arx_xts *x) { return x ? arx_key_backend(x->data) : NULL; }
int arx_xts_set_threads(arx_xts *x, unsigned threads) {
    return x ? arx_key_set_threads(x->data, threads) : ARX_ERR_NULL;
}

/* ---- the public calls ------------------------------------------------------ */

static int xts_check_unit(size_t len) {
    if (len < 16) return ARX_ERR_LENGTH;
    const uint64_t blocks = (uint64_t)len / 16; /* 64-bit: size_t is 16 bits on AVR and MSP430 */
    if (blocks > ARX_XTS_MAX_BLOCKS || (blocks == ARX_XTS_MAX_BLOCKS && len % 16)) return ARX_ERR_TOO_LONG;
    return ARX_OK;
}

static int xts_one_unit(const arx_xts *x, const uint8_t *tweak, size_t tweak_len, uint8_t *out,
                        const uint8_t *in, size_t len, int decrypt) {
    if (!x) return ARX_ERR_NULL;
    if (!tweak) return ARX_ERR_NULL;
    if (tweak_len != ARX_XTS_TWEAK_BYTES) return ARX_ERR_IV_LENGTH;
    int rc = arx_check_io(out, in, len);
    if (!rc) rc = xts_check_unit(len);
    if (rc) return rc;
    uint8_t t0[16];
    arx_encrypt_blocks(x->tweak, t0, tweak, 1);
    xts_unit(x, t0, out, in, len, decrypt);
    arx_wipe(t0, sizeof t0);
    return ARX_OK;
}

int arx_xts_encrypt(const arx_xts *x, const uint8_t *tweak, size_t tweak_len, uint8_t *out, const uint8_t *in,
                    size_t len) {
    return xts_one_unit(x, tweak, tweak_len, out, in, len, 0);
}

int arx_xts_decrypt(const arx_xts *x, const uint8_t *tweak, size_t tweak_len, uint8_t *out, const uint8_t *in,
                    size_t len) {
    return xts_one_unit(x, tweak, tweak_len, out, in, len, 1);
}

/*
 * Sectors: the first tweaks of up to XTS_TWEAK_BATCH sectors are encrypted
 * in one call of the tweak key's wide kernel (one block at a time it would
 * run the reference and cost ~8% of a 4 KiB LEA-128 sector on AVX-512), then
 * each sector runs as a data unit. Threads take whole sectors.
 */
#define XTS_TWEAK_BATCH 64

typedef struct {
    const arx_xts *x;
    arx_par_plan plan;
    uint64_t first;
    size_t sector_bytes, count;
    uint8_t *out;
    const uint8_t *in;
    int decrypt;
} xts_job;

static void xts_sectors_run(const arx_xts *x, uint64_t first, size_t sb, size_t count, uint8_t *out,
                            const uint8_t *in, int decrypt) {
    uint8_t t0[XTS_TWEAK_BATCH * 16];
    const size_t used = (count < XTS_TWEAK_BATCH ? count : XTS_TWEAK_BATCH) * 16;
    while (count) {
        const size_t m = count < XTS_TWEAK_BATCH ? count : XTS_TWEAK_BATCH;
        memset(t0, 0, m * 16);
        for (size_t i = 0; i < m; i++) arx_store64_le(t0 + 16 * i, first + i); /* plain64, mod 2^64 */
        arx_encrypt_blocks(x->tweak, t0, t0, m);
        const arx_key *k = x->data;
        /* whole-block sectors of whole kernel batches: one kernel call for all */
        const size_t fast = k->be->xts_sectors && sb % 16 == 0
                                ? k->be->xts_sectors(k->ks, t0, sb / 16, m, out, in, decrypt)
                                : 0;
        for (size_t i = fast; i < m; i++) xts_unit(x, t0 + 16 * i, out + i * sb, in + i * sb, sb, decrypt);
        first += m;
        out += m * sb;
        in += m * sb;
        count -= m;
    }
    arx_wipe(t0, used);
}

static void xts_share(void *ctx, unsigned i) {
    const xts_job *j = ctx;
    const size_t first = arx_par_first(&j->plan, i), n = arx_par_count(&j->plan, j->count, i);
    xts_sectors_run(j->x, j->first + first, j->sector_bytes, n, j->out + first * j->sector_bytes,
                    j->in + first * j->sector_bytes, j->decrypt);
}

/* Shares of whole sectors, each at least ARX_PAR_MIN_BYTES (par.h). */
static arx_par_plan xts_split(const arx_xts *x, size_t count, size_t sb) {
    arx_par_plan p = {count, count ? 1u : 0u};
    unsigned t = arx_key_threads(x->data);
    if (t <= 1 || count == 0) return p;
    size_t min_sectors = ARX_PAR_MIN_BYTES / sb;
    if (min_sectors == 0) min_sectors = 1;
    const size_t by_size = count / min_sectors;
    if (by_size < 2) return p;
    if (by_size < t) t = (unsigned)by_size;
    p.share_blocks = (count + t - 1) / t;
    p.shares = (unsigned)((count + p.share_blocks - 1) / p.share_blocks);
    return p;
}

static int xts_sectors(const arx_xts *x, uint64_t first, size_t sb, size_t count, uint8_t *out,
                       const uint8_t *in, int decrypt) {
    if (!x) return ARX_ERR_NULL;
    int rc = xts_check_unit(sb);
    if (rc) return rc;
    if (count > SIZE_MAX / sb) return ARX_ERR_TOO_LONG;
    rc = arx_check_io(out, in, count * sb);
    if (rc) return rc;
    xts_job j = {x, xts_split(x, count, sb), first, sb, count, out, in, decrypt};
    arx_par_run(&j.plan, xts_share, &j);
    return ARX_OK;
}

int arx_xts_encrypt_sectors(const arx_xts *x, uint64_t first_sector, size_t sector_bytes, size_t count,
                            uint8_t *out, const uint8_t *in) {
    return xts_sectors(x, first_sector, sector_bytes, count, out, in, 0);
}

int arx_xts_decrypt_sectors(const arx_xts *x, uint64_t first_sector, size_t sector_bytes, size_t count,
                            uint8_t *out, const uint8_t *in) {
    return xts_sectors(x, first_sector, sector_bytes, count, out, in, 1);
}
