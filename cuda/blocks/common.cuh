/*
 * Helpers every block header uses, for host and device alike. On the device
 * rotations are funnel shifts (one SHF instruction each; 64-bit rotations
 * two); the host path uses plain shifts, so test_cuda_host runs the same
 * round code on the CPU against the C library.
 */
#ifndef ARXCU_COMMON_CUH
#define ARXCU_COMMON_CUH

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime.h>

#define ARXCU_HD __host__ __device__ __forceinline__
/* Unroll on the device; the host compiler does not know the pragma. */
#ifdef __CUDA_ARCH__
#define ARXCU_UNROLL _Pragma("unroll")
#else
#define ARXCU_UNROLL
#endif

ARXCU_HD uint32_t cu_rotl32(uint32_t x, unsigned n) {
#ifdef __CUDA_ARCH__
    return __funnelshift_l(x, x, n);
#else
    return (x << (n & 31)) | (x >> ((32 - n) & 31));
#endif
}
ARXCU_HD uint32_t cu_rotr32(uint32_t x, unsigned n) {
#ifdef __CUDA_ARCH__
    return __funnelshift_r(x, x, n);
#else
    return (x >> (n & 31)) | (x << ((32 - n) & 31));
#endif
}

/* 64-bit rotation by a constant 0 < n < 64: on the device two funnel shifts
 * over the halves (there is no 64-bit SHF). */
ARXCU_HD uint64_t cu_rotl64(uint64_t x, unsigned n) {
#ifdef __CUDA_ARCH__
    uint32_t lo = (uint32_t)x, hi = (uint32_t)(x >> 32);
    if (n >= 32) { uint32_t t = lo; lo = hi; hi = t; n -= 32; }
    if (n == 0) return ((uint64_t)hi << 32) | lo;
    uint32_t nhi = __funnelshift_l(lo, hi, n), nlo = __funnelshift_l(hi, lo, n);
    return ((uint64_t)nhi << 32) | nlo;
#else
    return (x << (n & 63)) | (x >> ((64 - n) & 63));
#endif
}
ARXCU_HD uint64_t cu_rotr64(uint64_t x, unsigned n) { return cu_rotl64(x, (64 - n) & 63); }

ARXCU_HD uint16_t cu_rotl16(uint16_t x, unsigned n) {
    return (uint16_t)((x << (n & 15)) | (x >> ((16 - n) & 15)));
}
ARXCU_HD uint16_t cu_rotr16(uint16_t x, unsigned n) {
    return (uint16_t)((x >> (n & 15)) | (x << ((16 - n) & 15)));
}
ARXCU_HD uint8_t cu_rotl8(uint8_t x, unsigned n) {
    return (uint8_t)((x << (n & 7)) | (x >> ((8 - n) & 7)));
}

ARXCU_HD uint32_t cu_bswap32(uint32_t x) {
#ifdef __CUDA_ARCH__
    return __byte_perm(x, 0, 0x0123);
#else
    return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
#endif
}

#endif
