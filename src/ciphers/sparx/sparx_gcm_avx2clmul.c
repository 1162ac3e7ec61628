/*
 * Stitched SPARX-128-GCM on AVX2 with VPCLMULQDQ on ymm: the AVX2 file's
 * SPARX-128 kernels again, built with the avx2clmul flags and SPARX_GCM_ONLY,
 * so it writes only sparx128_avx2_gcm_xor (sparx.h, "stitched
 * GCM"; the loop is ../../modes/gcm_stitch_avx2.h). The AVX2 backend's
 * gcm_xor, called only for keys whose GHASH is ARX_GHASH_VPCLMUL256.
 */
#define SPARX_GCM_ONLY
#include "sparx_avx2.c"
