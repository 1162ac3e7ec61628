/*
 * SPECK: what speck.c (key schedule, reference block functions, descriptors)
 * shares with its x86 ISA files (speck_sse2.c, speck_avx2.c, speck_avx512.c).
 *
 * The SIMD backends cover SPECK64 (32-bit words) and SPECK128 (64-bit words);
 * SPECK32, SPECK48 and SPECK96 stay portable.
 */
#ifndef ARX_SPECK_H
#define ARX_SPECK_H

#include "cipher.h"
#include "internal.h"

/* Key schedules: round keys plus round count (Table 4.1 gives T). */
typedef struct {
    uint16_t rk[22];
    unsigned rounds;
} speck_ks16;

typedef struct {
    uint32_t rk[27]; /* 48/96: 23, 64/128: 27 */
    unsigned rounds;
} speck_ks32;

typedef struct {
    uint64_t rk[34]; /* 96/144: 29, 128/256: 34 */
    unsigned rounds;
} speck_ks64;

/* Reference single-block functions (speck.c): the oracle and the SIMD tails. */
void speck64_encrypt_block(const speck_ks32 *ks, uint8_t *out, const uint8_t *in);
void speck64_decrypt_block(const speck_ks32 *ks, uint8_t *out, const uint8_t *in);
void speck128_encrypt_block(const speck_ks64 *ks, uint8_t *out, const uint8_t *in);
void speck128_decrypt_block(const speck_ks64 *ks, uint8_t *out, const uint8_t *in);

/* Counter mode one block at a time, the narrowest tail of the ctr_xor kernels:
 * out = in XOR E(ctr), then ctr += 1 (the whole block big-endian), n times. */
ARX_INLINE void speck_ctr_inc(uint8_t *ctr, unsigned bb) {
    unsigned carry = 1;
    for (unsigned j = bb; j-- > 0;) {
        carry += ctr[j];
        ctr[j] = (uint8_t)carry;
        carry >>= 8;
    }
}
ARX_INLINE void speck64_ctr_ref(const speck_ks32 *ks, uint8_t *ctr, uint8_t *out,
                                const uint8_t *in, size_t n) {
    uint8_t s[8];
    for (size_t i = 0; i < n; i++, in += 8, out += 8) {
        speck64_encrypt_block(ks, s, ctr);
        for (unsigned j = 0; j < 8; j++) out[j] = (uint8_t)(in[j] ^ s[j]);
        speck_ctr_inc(ctr, 8);
    }
    arx_wipe(s, sizeof s);
}
ARX_INLINE void speck128_ctr_ref(const speck_ks64 *ks, uint8_t *ctr, uint8_t *out,
                                 const uint8_t *in, size_t n) {
    uint8_t s[16];
    for (size_t i = 0; i < n; i++, in += 16, out += 16) {
        speck128_encrypt_block(ks, s, ctr);
        for (unsigned j = 0; j < 16; j++) out[j] = (uint8_t)(in[j] ^ s[j]);
        speck_ctr_inc(ctr, 16);
    }
    arx_wipe(s, sizeof s);
}

#if ARX_X86_SIMD
/* The backends (one file each) and the kernels the wider ones hand their tails to. */
extern const arx_backend speck64_sse2, speck64_avx2, speck64_avx512;
extern const arx_backend speck128_sse2, speck128_avx2, speck128_avx512;

void speck64_sse2_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void speck64_sse2_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void speck64_sse2_ctr_xor(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                          size_t nblocks);
void speck128_sse2_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void speck128_sse2_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void speck128_sse2_ctr_xor(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                           size_t nblocks);
void speck64_avx2_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void speck64_avx2_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void speck64_avx2_ctr_xor(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                          size_t nblocks);
void speck128_avx2_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void speck128_avx2_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void speck128_avx2_ctr_xor(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                           size_t nblocks);
#endif

#endif
