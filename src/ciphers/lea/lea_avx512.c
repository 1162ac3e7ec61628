/*
 * LEA backend for AVX-512 (F + BW + VL): the kernels of lea_simd.h over
 * 512-bit vectors, 16 blocks per batch, four batches interleaved, tails in
 * ymm and xmm (lea_avx512.h).
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include "lea_avx512.h"

const arx_backend lea_avx512_backend = {
    "avx512", ARX_REQ_AVX512, 16, lea_avx512_encrypt, lea_avx512_decrypt, lea_avx512_ctr_xor, lea_avx512_gcm_xor,
    lea_avx512_xts_xor,
};
#else
typedef int lea_avx512_not_built; /* ISO C: no empty translation unit */
#endif
