/*
 * Stitched SPECK-128-GCM on AVX2 with VPCLMULQDQ on ymm: the AVX2 file's
 * SPECK-128 instance again, built with the avx2clmul flags and TW_GCM_ONLY,
 * so it writes only speck128_avx2_gcm_xor (../twoword_simd.h, "stitched
 * GCM"; the loop is ../../modes/gcm_stitch_avx2.h). The AVX2 backend's
 * gcm_xor, called only for keys whose GHASH is ARX_GHASH_VPCLMUL256.
 */
#define TW_GCM_ONLY
#include "speck_avx2.c"
