/*
 * LEA backend for AVX2: the kernels of lea_simd.h over 256-bit vectors
 * (lea_avx2.h). Its gcm_xor, the stitched CTR + GHASH pass, is in
 * lea_gcm_avx2clmul.c: it needs VPCLMULQDQ, which this file's flags lack.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include "lea_avx2.h"

const arx_backend lea_avx2_backend = {
    "avx2", ARX_REQ_AVX2, 8, lea_avx2_encrypt, lea_avx2_decrypt, lea_avx2_ctr_xor, lea_avx2_gcm_xor,
};
#else
typedef int lea_avx2_not_built; /* ISO C: no empty translation unit */
#endif
