/* Wiping and constant-time comparison (declared in internal.h). */
#include "arxcrypt.h" /* arx_wipe is public: its ARX_API declaration exports it from libarxcrypt.so */
#include "cipher.h"
#include "internal.h"

#ifndef ARX_FREESTANDING
#include <stdlib.h>
void *arx_alloc(size_t n) { return malloc(n); }
void arx_free(void *p) { free(p); }
#else
void *arx_alloc(size_t n) {
    (void)n;
    return NULL;
}
void arx_free(void *p) { (void)p; } /* only ever given NULL */
#endif

#ifdef __wasm__
/* Byte indices of 8-bit rotations within 32- and 64-bit little-endian
 * lanes, for i8x16.swizzle (src/ciphers/wasm.h says why they live here). */
const uint8_t arx_wasm_rot8[4][16] = {
    {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14},  /* ROL8, 32-bit lanes */
    {1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12},  /* ROR8, 32-bit lanes */
    {7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14},  /* ROL8, 64-bit lanes */
    {1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8},  /* ROR8, 64-bit lanes */
};
#endif

void arx_wipe(void *p, size_t n) {
    if (n == 0) return;
#if defined(__GNUC__) || defined(__clang__)
    /* memset at full speed, then an empty asm that "reads" the memory, so the
     * stores cannot be dropped as dead (libsodium's sodium_memzero does the
     * same). The byte-wise volatile loop below cost ~1 cycle per byte. */
#ifdef __wasm__
    /* Engines run memory.fill as a call out of the generated code, which
     * for the few dozen bytes most wipes clear (GHASH operands, a counter,
     * one batch of keystream) costs more than the stores themselves. */
    if (n <= 512) {
        uint8_t *b = (uint8_t *)p;
        size_t i = 0;
        for (; i + 8 <= n; i += 8) arx_store64_le(b + i, 0);
        for (; i < n; i++) b[i] = 0;
    } else
#endif
        memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    volatile uint8_t *v = (volatile uint8_t *)p;
    while (n--) *v++ = 0;
#endif
}

#ifdef ARX_CTGRIND
/* tests/ct's negative test: 1 plants an early-exit compare (a branch on the
 * tags), 2 a table indexed by tag bytes. Exists only in that test build. */
int arx_ct_plant;
static uint8_t plant_table[256] = {1};
static volatile uint8_t plant_sink;
#endif

int arx_ct_equal(const void *a, const void *b, size_t n) {
    const volatile uint8_t *x = (const volatile uint8_t *)a;
    const volatile uint8_t *y = (const volatile uint8_t *)b;
    uint32_t diff = 0;
#ifdef ARX_CTGRIND
    if (arx_ct_plant == 1) {
        for (size_t i = 0; i < n; i++)
            if (x[i] != y[i]) return 0;
        return 1;
    }
    if (arx_ct_plant == 2) plant_sink = plant_table[x[0] ^ y[0]];
#endif
    for (size_t i = 0; i < n; i++) diff |= (uint32_t)(x[i] ^ y[i]);
    /* diff in 0..255: (diff - 1) >> 8 has its low bit set only when diff == 0. */
    int equal = (int)(((diff - 1u) >> 8) & 1u);
    ARX_DECLASSIFY(&equal, sizeof equal); /* the verdict is returned; where they differ is not */
    return equal;
}

void arx_ctr_by_block(arx_block_fn encrypt, const void *ks, size_t block_bytes, uint8_t *ctr, uint8_t *out,
                      const uint8_t *in, size_t nblocks) {
    uint8_t s[16]; /* the largest block */
    for (size_t i = 0; i < nblocks; i++, in += block_bytes, out += block_bytes) {
        encrypt(ks, s, ctr, 1);
        arx_xor(out, in, s, block_bytes);
        arx_ctr_inc(ctr, block_bytes);
    }
    arx_wipe(s, sizeof s);
}

void arx_ctr64_batched(arx_block_fn encrypt, const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                       size_t nblocks) {
    _Alignas(8) uint8_t s[64];
    const size_t used = nblocks < 8 ? 8 * nblocks : sizeof s;
    uint64_t c = arx_load64_be(ctr);
    while (nblocks) {
        size_t m = nblocks < 8 ? nblocks : 8;
        for (size_t i = 0; i < m; i++) arx_store64_be(s + 8 * i, c + i); /* mod 2^64, as SP 800-38A */
        c += m;
        encrypt(ks, s, s, m);
        /* word at a time (GCC makes each a single load or store where the
         * target allows unaligned ones); memcpy here became library calls */
        for (size_t i = 0; i < 8 * m; i += 4)
            arx_store32_le(out + i, arx_load32_le(in + i) ^ arx_load32_le(s + i));
        in += 8 * m;
        out += 8 * m;
        nblocks -= m;
    }
    arx_store64_be(ctr, c);
    arx_wipe(s, used);
}

void arx_ctr128_batched(arx_block_fn encrypt, const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                        size_t nblocks) {
    _Alignas(8) uint8_t s[64];
    const size_t used = nblocks < 4 ? 16 * nblocks : sizeof s;
    uint64_t hi = arx_load64_be(ctr), lo = arx_load64_be(ctr + 8);
    while (nblocks) {
        size_t m = nblocks < 4 ? nblocks : 4;
        for (size_t i = 0; i < m; i++) {
            arx_store64_be(s + 16 * i, hi);
            arx_store64_be(s + 16 * i + 8, lo);
            lo++;
            hi += (uint64_t)(lo == 0);
        }
        encrypt(ks, s, s, m);
        for (size_t i = 0; i < 16 * m; i += 4)
            arx_store32_le(out + i, arx_load32_le(in + i) ^ arx_load32_le(s + i));
        in += 16 * m;
        out += 16 * m;
        nblocks -= m;
    }
    arx_store64_be(ctr, hi);
    arx_store64_be(ctr + 8, lo);
    arx_wipe(s, used);
}
