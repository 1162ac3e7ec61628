/*
 * The few AVX-512 instructions that clang 14's MemorySanitizer does not model
 * (vpternlog, gf2p8affineqb): it checks their operands strictly instead of
 * propagating their shadow, so a secret operand in the constant-time check
 * (tests/ct under MSan) or an uninitialised one in `make msan` reads as a
 * finding at the instruction. In MSan builds only (ARX_MSAN) they become the
 * equivalent sequences of instructions it does model; every other build
 * uses the instructions themselves.
 */
#ifndef ARX_SIMD_MSAN_H
#define ARX_SIMD_MSAN_H

#include <immintrin.h>

#include "internal.h"

#if ARX_MSAN
/* imm is a compile-time constant at every use: the truth tables used here. */
static inline __m512i arx_msan_ternlog(__m512i a, __m512i b, __m512i c, int imm) {
    switch (imm) {
    case 0x96: return _mm512_xor_si512(_mm512_xor_si512(a, b), c); /* a ^ b ^ c */
    case 0x78: return _mm512_xor_si512(a, _mm512_and_si512(b, c)); /* a ^ (b & c) */
    default: __builtin_trap();
    }
}
#define ARX_TERNLOG_EPI32(a, b, c, imm) arx_msan_ternlog((a), (b), (c), (imm))
#define ARX_TERNLOG_EPI64(a, b, c, imm) arx_msan_ternlog((a), (b), (c), (imm))
#else
#define ARX_TERNLOG_EPI32(a, b, c, imm) _mm512_ternarylogic_epi32((a), (b), (c), (imm))
#define ARX_TERNLOG_EPI64(a, b, c, imm) _mm512_ternarylogic_epi64((a), (b), (c), (imm))
#endif

#endif
