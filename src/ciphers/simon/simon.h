/*
 * SIMON: what simon.c (key schedule, reference block functions, descriptors)
 * shares with its x86 ISA files (simon_sse2.c, simon_avx2.c, simon_avx512.c).
 *
 * The SIMD backends cover SIMON64 (32-bit words) and SIMON128 (64-bit words);
 * SIMON32, SIMON48 and SIMON96 stay portable.
 */
#ifndef ARX_SIMON_H
#define ARX_SIMON_H

#include "cipher.h"
#include "internal.h"

/* Key schedules: round keys plus round count (Table 3.1 gives T). */
typedef struct {
    uint16_t rk[32];
    unsigned rounds;
} simon_ks16;

typedef struct {
    uint32_t rk[44]; /* 48/x: 36, 64/128: 44 */
    unsigned rounds;
} simon_ks32;

typedef struct {
    uint64_t rk[72]; /* 96/144: 54, 128/256: 72 */
    unsigned rounds;
} simon_ks64;

/* Reference single-block functions (simon.c): the oracle and the SIMD tails. */
void simon64_encrypt_block(const simon_ks32 *ks, uint8_t *out, const uint8_t *in);
void simon64_decrypt_block(const simon_ks32 *ks, uint8_t *out, const uint8_t *in);
void simon128_encrypt_block(const simon_ks64 *ks, uint8_t *out, const uint8_t *in);
void simon128_decrypt_block(const simon_ks64 *ks, uint8_t *out, const uint8_t *in);

/* Counter mode one block at a time, the narrowest tail of the ctr_xor kernels:
 * out = in XOR E(ctr), then ctr += 1 (the whole block big-endian), n times. */
ARX_INLINE void simon_ctr_inc(uint8_t *ctr, unsigned bb) {
    unsigned carry = 1;
    for (unsigned j = bb; j-- > 0;) {
        carry += ctr[j];
        ctr[j] = (uint8_t)carry;
        carry >>= 8;
    }
}
ARX_INLINE void simon64_ctr_ref(const simon_ks32 *ks, uint8_t *ctr, uint8_t *out,
                                const uint8_t *in, size_t n) {
    uint8_t s[8];
    for (size_t i = 0; i < n; i++, in += 8, out += 8) {
        simon64_encrypt_block(ks, s, ctr);
        for (unsigned j = 0; j < 8; j++) out[j] = (uint8_t)(in[j] ^ s[j]);
        simon_ctr_inc(ctr, 8);
    }
    arx_wipe(s, sizeof s);
}
ARX_INLINE void simon128_ctr_ref(const simon_ks64 *ks, uint8_t *ctr, uint8_t *out,
                                 const uint8_t *in, size_t n) {
    uint8_t s[16];
    for (size_t i = 0; i < n; i++, in += 16, out += 16) {
        simon128_encrypt_block(ks, s, ctr);
        for (unsigned j = 0; j < 16; j++) out[j] = (uint8_t)(in[j] ^ s[j]);
        simon_ctr_inc(ctr, 16);
    }
    arx_wipe(s, sizeof s);
}

#if ARX_X86_SIMD
/* The backends (one file each) and the kernels the wider ones hand their tails to. */
extern const arx_backend simon64_sse2, simon64_avx2, simon64_avx512;
extern const arx_backend simon128_sse2, simon128_avx2, simon128_avx512;

void simon64_sse2_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simon64_sse2_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simon64_sse2_ctr_xor(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                          size_t nblocks);
void simon128_sse2_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simon128_sse2_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simon128_sse2_ctr_xor(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                           size_t nblocks);
void simon64_avx2_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simon64_avx2_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simon64_avx2_ctr_xor(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                          size_t nblocks);
void simon128_avx2_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simon128_avx2_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simon128_avx2_ctr_xor(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                           size_t nblocks);
#endif

#endif
