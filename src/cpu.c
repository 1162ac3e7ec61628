/*
 * The only place that asks the CPU what it has. x86: CPUID plus XGETBV, so
 * AVX and AVX-512 count only when the OS saves their registers (Intel SDM
 * vol. 1, 13.3). ARM: AArch64 always has NEON, ARMv7 and AArch64's PMULL are
 * read from the auxiliary vector.
 */
#include "cipher.h"
#include "arxcrypt.h"

#if defined(ARX_FREESTANDING) && ARX_WASM_SIMD
/* The WebAssembly SIMD module: SIMD128 is a property of the module, not of
 * the machine. An engine without it rejects the whole module at compile
 * time, so code that runs here has it (js/ loads this module only after
 * WebAssembly.validate accepted a SIMD128 probe). */
uint32_t arx_cpu_features(void) { return ARX_CPU_WASM_SIMD128; }
const char *arx_cpu_features_string(void) { return "simd128"; }
#elif defined(ARX_FREESTANDING)
/* No CPU detection in firmware builds (and the scalar WebAssembly module):
 * they carry the portable and two-way backends only, which need no feature. */
uint32_t arx_cpu_features(void) { return 0; }
const char *arx_cpu_features_string(void) { return "(none)"; }
#else
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

static uint64_t xgetbv0(void) {
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

static uint32_t detect(void) {
    unsigned a, b, c, d;
    uint32_t f = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (d & (1u << 26)) f |= ARX_CPU_SSE2;
    if (c & (1u << 9)) f |= ARX_CPU_SSSE3;
    if (c & (1u << 19)) f |= ARX_CPU_SSE41;
    if (c & (1u << 1)) f |= ARX_CPU_PCLMUL;
    int osxsave = (c & (1u << 27)) != 0, avx = (c & (1u << 28)) != 0;
    uint64_t xcr0 = osxsave ? xgetbv0() : 0;
    int ymm_ok = osxsave && avx && (xcr0 & 0x6) == 0x6;        /* XMM and YMM state */
    int zmm_ok = ymm_ok && (xcr0 & 0xe0) == 0xe0;              /* opmask, ZMM_Hi256, Hi16_ZMM */
    unsigned max = __get_cpuid_max(0, NULL);
    if (max >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        if (ymm_ok && (b & (1u << 5))) f |= ARX_CPU_AVX2;
        if (zmm_ok && (b & (1u << 16))) f |= ARX_CPU_AVX512F;
        if (zmm_ok && (b & (1u << 30))) f |= ARX_CPU_AVX512BW;
        if (zmm_ok && (b & (1u << 31))) f |= ARX_CPU_AVX512VL;
        if (zmm_ok && (c & (1u << 6))) f |= ARX_CPU_AVX512VBMI2;
        if ((f & ARX_CPU_SSE2) && (c & (1u << 8))) f |= ARX_CPU_GFNI;
        if (ymm_ok && (c & (1u << 10))) f |= ARX_CPU_VPCLMULQDQ;
        if (ymm_ok && (c & (1u << 9))) f |= ARX_CPU_VAES;
    }
    return f;
}
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
static uint32_t detect(void) {
    uint32_t f = ARX_CPU_NEON;
#ifdef HWCAP_PMULL
    if (getauxval(AT_HWCAP) & HWCAP_PMULL) f |= ARX_CPU_PMULL;
#endif
    return f;
}
#elif defined(__aarch64__)
static uint32_t detect(void) { return ARX_CPU_NEON; }
#elif defined(__arm__) && defined(__linux__)
#include <sys/auxv.h>
/* ARMv7: NEON is optional (Linux's HWCAP_NEON, bit 12 of AT_HWCAP). */
static uint32_t detect(void) { return (getauxval(AT_HWCAP) & (1ul << 12)) ? ARX_CPU_NEON : 0; }
#else
static uint32_t detect(void) { return 0; }
#endif

static const struct {
    uint32_t bit;
    const char *name;
} feature_names[] = {
    {ARX_CPU_SSE2, "sse2"},         {ARX_CPU_SSSE3, "ssse3"},           {ARX_CPU_SSE41, "sse4.1"},
    {ARX_CPU_PCLMUL, "pclmulqdq"},  {ARX_CPU_AVX2, "avx2"},             {ARX_CPU_AVX512F, "avx512f"},
    {ARX_CPU_AVX512BW, "avx512bw"}, {ARX_CPU_AVX512VL, "avx512vl"},     {ARX_CPU_AVX512VBMI2, "avx512vbmi2"},
    {ARX_CPU_GFNI, "gfni"},         {ARX_CPU_VPCLMULQDQ, "vpclmulqdq"}, {ARX_CPU_VAES, "vaes"},
    {ARX_CPU_NEON, "neon"},         {ARX_CPU_PMULL, "pmull"},
};
#define N_FEATURES (sizeof feature_names / sizeof feature_names[0])

/*
 * ARXCRYPT_CPU, if set, keeps only the features it names (comma-separated,
 * as arx_cpu_features_string prints them; "none" keeps none), so tests and
 * users can see what dispatch picks on a smaller CPU. It can only take
 * features away, never claim ones the CPU lacks.
 */
static uint32_t env_mask(void) {
    const char *e = getenv("ARXCRYPT_CPU");
    if (!e) return ~(uint32_t)0;
    uint32_t keep = 0;
    for (const char *p = e; *p;) {
        size_t n = strcspn(p, ",");
        for (size_t i = 0; i < N_FEATURES; i++)
            if (strlen(feature_names[i].name) == n && !strncmp(p, feature_names[i].name, n)) keep |= feature_names[i].bit;
        p += n + (p[n] == ',');
    }
    return keep;
}

/* Detection is idempotent, so two first callers may both run it and store
 * the same value; the atomics only keep that race defined (and TSan quiet).
 * Bit 31 marks the cache as filled. */
static _Atomic uint32_t cached;

uint32_t arx_cpu_features(void) {
    uint32_t f = atomic_load_explicit(&cached, memory_order_relaxed);
    if (!(f & 0x80000000u)) {
        f = (detect() & env_mask()) | 0x80000000u;
        atomic_store_explicit(&cached, f, memory_order_relaxed);
    }
    return f & 0x7fffffffu;
}

const char *arx_cpu_features_string(void) {
    /* 0: not built, 1: one thread building, 2: ready. */
    static _Atomic int state;
    static char buf[256];
    int expected = 0;
    if (atomic_compare_exchange_strong(&state, &expected, 1)) {
        uint32_t f = arx_cpu_features();
        buf[0] = '\0';
        for (size_t i = 0; i < N_FEATURES; i++) {
            if (!(f & feature_names[i].bit)) continue;
            if (buf[0]) strcat(buf, " ");
            strcat(buf, feature_names[i].name);
        }
        if (!buf[0]) strcpy(buf, "(none)");
        atomic_store(&state, 2);
    }
    while (atomic_load(&state) != 2) {
        /* another thread is filling buf: a few hundred nanoseconds */
    }
    return buf;
}
#endif /* ARX_FREESTANDING */
