/*
 * Stitched CHAM-128-GCM on AVX2 with VPCLMULQDQ on ymm: the AVX2 file's
 * CHAM-128 kernels again, built with the avx2clmul flags and CHAM_GCM_ONLY,
 * so it writes only cham128_avx2_gcm_xor (cham.h, "stitched
 * GCM"; the loop is ../../modes/gcm_stitch_avx2.h). The AVX2 backend's
 * gcm_xor, called only for keys whose GHASH is ARX_GHASH_VPCLMUL256.
 */
#define CHAM_GCM_ONLY
#include "cham_avx2.c"
