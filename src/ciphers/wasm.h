/*
 * The WebAssembly SIMD128 words every <family>_wasm.c uses (wasm32 built
 * with -msimd128; the module runs only where the engine validated SIMD128,
 * src/cpu.c). One vector type, v128_t; lane widths are in the operation's
 * name, as in NEON, and the engine maps each operation onto the host's
 * (SSE/AVX on x86-64 with V8 and SpiderMonkey, NEON on ARM).
 *
 *   WASM_ROL16(x, n), WASM_ROL32(x, n), WASM_ROL64(x, n): rotate each lane
 *     left by a constant n: shl, shr_u, or; by 8 bits one swizzle (below);
 *     whole-word moves are one shuffle (pshufd / pshuflw+pshufhw on x86).
 *   WASM_ZIP{LO,HI}{8,16,32,64}(a, b): interleave the low or high halves of
 *     two vectors, SSE2's unpacklo/unpackhi (punpck* on x86, zip1/zip2 on
 *     ARM), so the x86 transposes carry over unchanged.
 *   WASM_BSWAP16/32/64(x): reverse the bytes of each lane (one shuffle).
 */
#ifndef ARX_WASM_H
#define ARX_WASM_H

#if !defined(__wasm_simd128__)
#error "the *_wasm.c files need -msimd128 (CMakeLists.txt: ARX_ISA_FLAGS_wasm)"
#endif
#include <stdint.h>
#include <wasm_simd128.h>

/* Byte k of each lane from byte idx of the same lane: one shuffle per lane width. */
#define WASM_SHUF32(x, a, b, c, d)                                                                 \
    wasm_i8x16_shuffle((x), (x), a, b, c, d, (a) + 4, (b) + 4, (c) + 4, (d) + 4, (a) + 8, (b) + 8, \
                       (c) + 8, (d) + 8, (a) + 12, (b) + 12, (c) + 12, (d) + 12)
#define WASM_SHUF64(x, a, b, c, d, e, f, g, h)                                                     \
    wasm_i8x16_shuffle((x), (x), a, b, c, d, e, f, g, h, (a) + 8, (b) + 8, (c) + 8, (d) + 8,       \
                       (e) + 8, (f) + 8, (g) + 8, (h) + 8)

#define WASM_BSWAP16(x) wasm_i8x16_shuffle((x), (x), 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14)
#define WASM_BSWAP32(x) WASM_SHUF32((x), 3, 2, 1, 0)
#define WASM_BSWAP64(x) WASM_SHUF64((x), 7, 6, 5, 4, 3, 2, 1, 0)

/* Rotations are shl, shr_u and or; those that move whole 16- or 32-bit
 * words are shuffles (engines match them to pshuflw/pshufhw or pshufd); and
 * those by 8 bits on 32- and 64-bit lanes (SPECK's S^-8, SIMON's S^8,
 * CHAM-128's) one i8x16.swizzle whose index vector the engine cannot see as
 * a constant: it is loaded from arx_wasm_rot8 (util.c, another translation
 * unit). V8 (Node 20, Chromium 156) emits that swizzle as a paddusb on the
 * index (its constant a memory operand) and a pshufb: two vector operations
 * against three for shl + shr_u + or. A constant i8x16.shuffle is worse than
 * both: V8 builds its 16-byte pattern in a register at every use (SPECK-128
 * /128 CTR, 64 KiB, Node: 521 MB/s with such shuffles, 1314 with shifts,
 * 1591 with the swizzle; SIMON-128/128 446 -> 506). On 16-bit lanes the
 * swizzle measured slower than the shifts (SPARX-64/128 1503 -> 1209 MB/s),
 * so ROL16 stays shl + shr_u + or. The indices are constants: no lookup
 * depends on data. */
extern const uint8_t arx_wasm_rot8[4][16]; /* ROL8 on 32-bit lanes, ROR8 32, ROL8 64, ROR8 64 */
#define WASM_ROT8(x, row) wasm_i8x16_swizzle((x), wasm_v128_load(arx_wasm_rot8[row]))
#define WASM_ROL16(x, n) wasm_v128_or(wasm_i16x8_shl((x), (n)), wasm_u16x8_shr((x), 16 - (n)))
#define WASM_ROL32(x, n)                                                                           \
    ((n) == 16   ? WASM_SHUF32((x), 2, 3, 0, 1)                                                    \
     : (n) == 8  ? WASM_ROT8((x), 0)                                                               \
     : (n) == 24 ? WASM_ROT8((x), 1)                                                               \
                 : wasm_v128_or(wasm_i32x4_shl((x), (n)), wasm_u32x4_shr((x), 32 - (n))))
#define WASM_ROL64(x, n)                                                                           \
    ((n) == 32   ? wasm_i32x4_shuffle((x), (x), 1, 0, 3, 2)                                        \
     : (n) == 8  ? WASM_ROT8((x), 2)                                                               \
     : (n) == 56 ? WASM_ROT8((x), 3)                                                               \
                 : wasm_v128_or(wasm_i64x2_shl((x), (n)), wasm_u64x2_shr((x), 64 - (n))))

#define WASM_ZIPLO8(a, b)                                                                          \
    wasm_i8x16_shuffle((a), (b), 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23)
#define WASM_ZIPHI8(a, b)                                                                          \
    wasm_i8x16_shuffle((a), (b), 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31)
#define WASM_ZIPLO16(a, b) wasm_i16x8_shuffle((a), (b), 0, 8, 1, 9, 2, 10, 3, 11)
#define WASM_ZIPHI16(a, b) wasm_i16x8_shuffle((a), (b), 4, 12, 5, 13, 6, 14, 7, 15)
#define WASM_ZIPLO32(a, b) wasm_i32x4_shuffle((a), (b), 0, 4, 1, 5)
#define WASM_ZIPHI32(a, b) wasm_i32x4_shuffle((a), (b), 2, 6, 3, 7)
#define WASM_ZIPLO64(a, b) wasm_i64x2_shuffle((a), (b), 0, 2)
#define WASM_ZIPHI64(a, b) wasm_i64x2_shuffle((a), (b), 1, 3)

#endif
