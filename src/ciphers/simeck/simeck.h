/*
 * SIMECK: what simeck.c (key schedule, reference block functions,
 * descriptors) shares with its x86 ISA files (simeck_sse2.c, simeck_avx2.c,
 * simeck_avx512.c).
 *
 * The SIMD backends cover SIMECK32 (16-bit words) and SIMECK64 (32-bit
 * words); SIMECK48 stays portable.
 */
#ifndef ARX_SIMECK_H
#define ARX_SIMECK_H

#include "cipher.h"
#include "internal.h"

/* Key schedules: round keys plus round count (32, 36, 44). */
typedef struct {
    uint16_t rk[32];
    unsigned rounds;
} simeck_ks16;

typedef struct {
    uint32_t rk[44]; /* 48/96: 36, 64/128: 44 */
    unsigned rounds;
} simeck_ks32;

/* Reference single-block functions (simeck.c): the oracle and the SIMD tails. */
void simeck32_encrypt_block(const simeck_ks16 *ks, uint8_t *out, const uint8_t *in);
void simeck32_decrypt_block(const simeck_ks16 *ks, uint8_t *out, const uint8_t *in);
void simeck64_encrypt_block(const simeck_ks32 *ks, uint8_t *out, const uint8_t *in);
void simeck64_decrypt_block(const simeck_ks32 *ks, uint8_t *out, const uint8_t *in);

/* Counter mode one block at a time, the narrowest tail of the ctr_xor kernels:
 * out = in XOR E(ctr), then ctr += 1 (the whole block big-endian), n times. */
ARX_INLINE void simeck_ctr_inc(uint8_t *ctr, unsigned bb) {
    unsigned carry = 1;
    for (unsigned j = bb; j-- > 0;) {
        carry += ctr[j];
        ctr[j] = (uint8_t)carry;
        carry >>= 8;
    }
}
ARX_INLINE void simeck32_ctr_ref(const simeck_ks16 *ks, uint8_t *ctr, uint8_t *out,
                                 const uint8_t *in, size_t n) {
    uint8_t s[4];
    for (size_t i = 0; i < n; i++, in += 4, out += 4) {
        simeck32_encrypt_block(ks, s, ctr);
        for (unsigned j = 0; j < 4; j++) out[j] = (uint8_t)(in[j] ^ s[j]);
        simeck_ctr_inc(ctr, 4);
    }
    arx_wipe(s, sizeof s);
}
ARX_INLINE void simeck64_ctr_ref(const simeck_ks32 *ks, uint8_t *ctr, uint8_t *out,
                                 const uint8_t *in, size_t n) {
    uint8_t s[8];
    for (size_t i = 0; i < n; i++, in += 8, out += 8) {
        simeck64_encrypt_block(ks, s, ctr);
        for (unsigned j = 0; j < 8; j++) out[j] = (uint8_t)(in[j] ^ s[j]);
        simeck_ctr_inc(ctr, 8);
    }
    arx_wipe(s, sizeof s);
}

#if ARX_X86_SIMD
/* The backends (one file each) and the kernels the wider ones hand their tails to. */
extern const arx_backend simeck32_sse2, simeck32_avx2, simeck32_avx512;
extern const arx_backend simeck64_sse2, simeck64_avx2, simeck64_avx512;

void simeck32_sse2_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simeck32_sse2_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simeck32_sse2_ctr_xor(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                           size_t nblocks);
void simeck64_sse2_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simeck64_sse2_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simeck64_sse2_ctr_xor(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                           size_t nblocks);
void simeck32_avx2_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simeck32_avx2_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simeck32_avx2_ctr_xor(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                           size_t nblocks);
void simeck64_avx2_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simeck64_avx2_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simeck64_avx2_ctr_xor(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                           size_t nblocks);
#endif

#endif
