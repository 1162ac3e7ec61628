/*
 * SIMECK-32/64, -48/96, -64/128 (Yang, Zhu, Suder, Aagaard, Gong, "The Simeck
 * Family of Lightweight Block Ciphers", CHES 2015, section 2).
 *
 * Byte order follows the SIMON/SPECK implementation guide, as the designers'
 * reference code does: little-endian words, low word first. A block (l, r)
 * is stored r then l; a key (t_2, t_1, t_0, k_0) is stored k_0 first. Byte
 * for byte this is the paper's hex string reversed.
 *
 * 16-bit words live in uint16_t, 24- and 32-bit words in uint32_t (24-bit
 * masked after every rotate).
 */
#include "simeck.h"

/*
 * Key-schedule constant bits (z_j)_i, bit i of each constant (section 2.2):
 * the m-sequence of X^5 + X^2 + 1 (period 31) for SIMECK32/48 and of
 * X^6 + X + 1 (period 63) for SIMECK64, each from the all-ones state.
 * Unrolled to the round counts, 36 and 44 bits. Public values.
 */
#define SIMECK_Z5 UINT64_C(0xf9a42bb1f)
#define SIMECK_Z6 UINT64_C(0x938bca3083f)

/* ---- 16-bit words: SIMECK32 ----------------------------------------------- */

/* Round function f(x) = (x & S^5 x) ^ S^1 x (section 2.1). */
ARX_INLINE uint16_t simeck16_f(uint16_t x) {
    return (uint16_t)((x & arx_rotl16(x, 5)) ^ arx_rotl16(x, 1));
}

/*
 * Key schedule (section 2.2): the round function itself with the constant
 * C ^ (z)_i as round key, C = 2^n - 4:
 *   t_{i+3} = k_i ^ f(t_i) ^ C ^ (z)_i,   k_{i+1} = t_i.
 */
static void simeck_32_64_setup(void *vks, const uint8_t *key) {
    simeck_ks16 *ks = vks;
    uint16_t k = arx_load16_le(key);
    uint16_t t[3] = {arx_load16_le(key + 2), arx_load16_le(key + 4), arx_load16_le(key + 6)};
    ks->rounds = 32;
    for (unsigned i = 0; i < 32; i++) {
        ks->rk[i] = k;
        uint16_t c = (uint16_t)(0xfffcu ^ ((SIMECK_Z5 >> i) & 1));
        uint16_t nt = (uint16_t)(k ^ simeck16_f(t[0]) ^ c);
        k = t[0];
        t[0] = t[1];
        t[1] = t[2];
        t[2] = nt;
    }
#ifndef ARX_NO_TWOWAY
    simeck32_twoway_setup(ks);
#endif
    arx_wipe(t, sizeof t);
    arx_wipe(&k, sizeof k);
}

/* Feistel round (section 2.1): (l, r) -> (r ^ f(l) ^ k, l); decryption undoes it backwards. */
void simeck32_encrypt_block(const simeck_ks16 *ks, uint8_t *out, const uint8_t *in) {
    uint16_t r = arx_load16_le(in), l = arx_load16_le(in + 2);
    for (unsigned i = 0; i < ks->rounds; i++) {
        uint16_t t = l;
        l = (uint16_t)(r ^ simeck16_f(l) ^ ks->rk[i]);
        r = t;
    }
    arx_store16_le(out, r);
    arx_store16_le(out + 2, l);
}

void simeck32_decrypt_block(const simeck_ks16 *ks, uint8_t *out, const uint8_t *in) {
    uint16_t r = arx_load16_le(in), l = arx_load16_le(in + 2);
    for (unsigned i = ks->rounds; i-- > 0;) {
        uint16_t t = r;
        r = (uint16_t)(l ^ simeck16_f(r) ^ ks->rk[i]);
        l = t;
    }
    arx_store16_le(out, r);
    arx_store16_le(out + 2, l);
}

/* ---- 24/32-bit words: SIMECK48, SIMECK64 ---------------------------------- */

ARX_INLINE uint32_t w32_mask(unsigned n) {
    return 0xffffffffu >> (32 - n);
}
ARX_INLINE uint32_t w32_rotl(uint32_t x, unsigned r, unsigned n) {
    return ((x << r) | (x >> (n - r))) & w32_mask(n);
}
ARX_INLINE uint32_t simeck_w32_f(uint32_t x, unsigned n) {
    return (x & w32_rotl(x, 5, n)) ^ w32_rotl(x, 1, n);
}

static void simeck_w32_setup(simeck_ks32 *ks, const uint8_t *key, unsigned n, unsigned rounds,
                             uint64_t z) {
    const unsigned wb = n / 8;
    const uint32_t c0 = w32_mask(n) ^ 3u; /* C = 2^n - 4 */
    uint32_t k = (uint32_t)arx_loadn_le(key, wb);
    uint32_t t[3];
    for (unsigned j = 0; j < 3; j++) t[j] = (uint32_t)arx_loadn_le(key + wb * (j + 1), wb);
    ks->rounds = rounds;
    for (unsigned i = 0; i < rounds; i++) {
        ks->rk[i] = k;
        uint32_t nt = k ^ simeck_w32_f(t[0], n) ^ c0 ^ (uint32_t)((z >> i) & 1);
        k = t[0];
        t[0] = t[1];
        t[1] = t[2];
        t[2] = nt;
    }
    arx_wipe(t, sizeof t);
    arx_wipe(&k, sizeof k);
}

ARX_INLINE void simeck_w32_encrypt_block(const simeck_ks32 *ks, uint8_t *out, const uint8_t *in,
                                         unsigned n) {
    const unsigned wb = n / 8;
    uint32_t r = (uint32_t)arx_loadn_le(in, wb), l = (uint32_t)arx_loadn_le(in + wb, wb);
    for (unsigned i = 0; i < ks->rounds; i++) {
        uint32_t t = l;
        l = r ^ simeck_w32_f(l, n) ^ ks->rk[i];
        r = t;
    }
    arx_storen_le(out, r, wb);
    arx_storen_le(out + wb, l, wb);
}

ARX_INLINE void simeck_w32_decrypt_block(const simeck_ks32 *ks, uint8_t *out, const uint8_t *in,
                                         unsigned n) {
    const unsigned wb = n / 8;
    uint32_t r = (uint32_t)arx_loadn_le(in, wb), l = (uint32_t)arx_loadn_le(in + wb, wb);
    for (unsigned i = ks->rounds; i-- > 0;) {
        uint32_t t = r;
        r = l ^ simeck_w32_f(r, n) ^ ks->rk[i];
        l = t;
    }
    arx_storen_le(out, r, wb);
    arx_storen_le(out + wb, l, wb);
}

static void simeck48_encrypt_block(const simeck_ks32 *ks, uint8_t *out, const uint8_t *in) {
    simeck_w32_encrypt_block(ks, out, in, 24);
}
static void simeck48_decrypt_block(const simeck_ks32 *ks, uint8_t *out, const uint8_t *in) {
    simeck_w32_decrypt_block(ks, out, in, 24);
}
void simeck64_encrypt_block(const simeck_ks32 *ks, uint8_t *out, const uint8_t *in) {
    simeck_w32_encrypt_block(ks, out, in, 32);
}
void simeck64_decrypt_block(const simeck_ks32 *ks, uint8_t *out, const uint8_t *in) {
    simeck_w32_decrypt_block(ks, out, in, 32);
}

static void simeck_48_96_setup(void *ks, const uint8_t *key) {
    simeck_w32_setup(ks, key, 24, 36, SIMECK_Z5);
}
#if defined(ARX_MSP430) || defined(ARX_AVR)
/* simeck_key_msp430.S and simeck_key_avr.S (embedded/gen/simon_key_{msp430,avr}.py
 * simeck): the same 44 words, z6 from a table by round; constant time. */
#ifdef ARX_AVR
#define simeck64_128_chip_schedule simeck64_128_avr_schedule
#else
#define simeck64_128_chip_schedule simeck64_128_msp430_schedule
#endif
void simeck64_128_chip_schedule(uint32_t rk[44], const uint8_t key[16]);
static void simeck_64_128_setup(void *ks, const uint8_t *key) {
    simeck64_128_chip_schedule(((simeck_ks32 *)ks)->rk, key);
    ((simeck_ks32 *)ks)->rounds = 44;
}
#else
static void simeck_64_128_setup(void *ks, const uint8_t *key) {
    simeck_w32_setup(ks, key, 32, 44, SIMECK_Z6);
}
#endif

/* ---- ref backends and descriptors ----------------------------------------- */

#define SIMECK_REF_BACKEND(B, KS)                                                                  \
    static void simeck##B##_encrypt(const void *ks, uint8_t *out, const uint8_t *in,              \
                                    size_t nblocks) {                                              \
        for (size_t i = 0; i < nblocks; i++)                                                       \
            simeck##B##_encrypt_block((const KS *)ks, out + i * (B / 8), in + i * (B / 8));        \
    }                                                                                              \
    static void simeck##B##_decrypt(const void *ks, uint8_t *out, const uint8_t *in,              \
                                    size_t nblocks) {                                              \
        for (size_t i = 0; i < nblocks; i++)                                                       \
            simeck##B##_decrypt_block((const KS *)ks, out + i * (B / 8), in + i * (B / 8));        \
    }                                                                                              \
    static const arx_backend simeck##B##_ref = {"ref", 0, 1, simeck##B##_encrypt,                  \
                                                simeck##B##_decrypt, NULL};

SIMECK_REF_BACKEND(32, simeck_ks16)
SIMECK_REF_BACKEND(48, simeck_ks32)
SIMECK_REF_BACKEND(64, simeck_ks32)

#define SIMECK_DESC(B, K, KS)                                                                      \
    const arx_cipher_desc arx_desc_simeck_##B##_##K = {                                            \
        "simeck-" #B "-" #K, "simeck", B / 8, K / 8, sizeof(KS), simeck_##B##_##K##_setup,        \
        {&simeck##B##_ref, NULL}};

/* SIMECK48 on x86 and NEON: lane-per-message CTR kernels (issue 24;
 * simeck_lanes_avx2.c, _avx512.c, _neon.c) beside the reference's one-message
 * kernels, widest last. */
#if ARX_X86_SIMD
ARX_LANES_X86(simeck48, 8)
#define SIMECK_DESC_LANES(B, K, KS) ARX_LANES_DESC(simeck, B, K, KS, &simeck##B##_avx2, &simeck##B##_avx512)
#elif ARX_ARM_NEON
ARX_LANES_NEON(simeck48, 4)
#define SIMECK_DESC_LANES(B, K, KS) ARX_LANES_DESC(simeck, B, K, KS, &simeck##B##_neon)
#else
#define SIMECK_DESC_LANES SIMECK_DESC
#endif

/* SIMECK32 and SIMECK64 also have SIMD backends, x86 widest last (the
 * registry takes the last one the CPU supports). */
#if ARX_X86_SIMD
#define SIMECK_DESC_SIMD(B, K, KS)                                                                 \
    const arx_cipher_desc arx_desc_simeck_##B##_##K = {                                            \
        "simeck-" #B "-" #K, "simeck", B / 8, K / 8, sizeof(KS), simeck_##B##_##K##_setup,        \
        {&simeck##B##_ref, &simeck##B##_sse2, &simeck##B##_avx2, &simeck##B##_avx512, NULL}};
#elif ARX_ARM_NEON
#define SIMECK_DESC_SIMD(B, K, KS)                                                                 \
    const arx_cipher_desc arx_desc_simeck_##B##_##K = {                                            \
        "simeck-" #B "-" #K, "simeck", B / 8, K / 8, sizeof(KS), simeck_##B##_##K##_setup,        \
        {&simeck##B##_ref, &simeck##B##_neon, NULL}};
#elif ARX_WASM_SIMD
#define SIMECK_DESC_SIMD(B, K, KS)                                                                 \
    const arx_cipher_desc arx_desc_simeck_##B##_##K = {                                            \
        "simeck-" #B "-" #K, "simeck", B / 8, K / 8, sizeof(KS), simeck_##B##_##K##_setup,        \
        {&simeck##B##_ref, &simeck##B##_wasm, NULL}};
#elif defined(ARX_AVR) || defined(ARX_MSP430)
/* SIMECK-64/128 in assembly on the 8- and 16-bit chips (embedded/ builds
 * only; 44 rounds fixed): simeck_avr.S (two blocks a pass) and simeck_msp430.S,
 * generated by embedded/gen/simon_{avr,msp430}.py simeck from the C schedule. */
#ifdef ARX_AVR
void simeck64_128_avr_encrypt2(const void *ks, uint8_t *out, const uint8_t *in, size_t npairs);
void simeck64_128_avr_decrypt2(const void *ks, uint8_t *out, const uint8_t *in, size_t npairs);
static void simeck64_128_avr_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_run_pairs(simeck64_128_avr_encrypt2, ks, out, in, nblocks);
}
static void simeck64_128_avr_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_run_pairs(simeck64_128_avr_decrypt2, ks, out, in, nblocks);
}
/* CTR: simeck_ctr_avr.S (embedded/gen/simon_ctr_avr.py simeck) builds the
 * counter blocks and xors the data in the kernel, two blocks a pass. */
void simeck64_128_avr_ctr2(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t npairs);
static void simeck64_128_avr_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_mcu_ctr_pairs(simeck64_128_avr_ctr2, simeck64_128_avr_encrypt, ks, ctr, out, in, nblocks);
}
static const arx_backend simeck64_128_chip = {"avr", 0, 2, simeck64_128_avr_encrypt, simeck64_128_avr_decrypt,
                                              simeck64_128_avr_ctr};
#else
void simeck64_128_msp430_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simeck64_128_msp430_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
/* CTR: simeck_ctr_msp430.S (embedded/gen/simon_ctr_msp430.py simeck) builds the
 * counter blocks and xors the data in the kernel. */
void simeck64_128_msp430_ctr_run(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
static void simeck64_128_msp430_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_mcu_ctr_words(simeck64_128_msp430_ctr_run, simeck64_128_msp430_encrypt, 8, ks, ctr, out, in, nblocks);
}
static const arx_backend simeck64_128_chip = {"msp430", 0, 1, simeck64_128_msp430_encrypt, simeck64_128_msp430_decrypt,
                                           simeck64_128_msp430_ctr};
#endif
#define SIMECK_CHIP_64_128 &simeck64_128_chip,
#define SIMECK_DESC_SIMD(B, K, KS)                                                                  \
    const arx_cipher_desc arx_desc_simeck_##B##_##K = {                                             \
        "simeck-" #B "-" #K, "simeck", B / 8, K / 8, sizeof(KS), simeck_##B##_##K##_setup,           \
        {&simeck##B##_ref, SIMECK_CHIP_##B##_##K NULL}};
#define SIMECK_CHIP_64_96
#define SIMECK_CHIP_128_128
#define SIMECK_CHIP_128_192
#define SIMECK_CHIP_128_256
#define SIMECK_CHIP_32_64
#define SIMECK_CHIP_48_96
#elif defined(ARX_HAVE_ARMV7M) || defined(ARX_HAVE_RV32I)
/* SIMECK-64/128 in assembly (simeck_armv7m.S, simeck_rv32i.S: the SIMON-64
 * loops with SIMECK's round), 32-bit microcontroller embedded/ builds:
 * encryption and decryption over 4-byte-aligned buffers, other buffers
 * through the reference, CTR over the kernel (cipher.h). */
#ifdef ARX_HAVE_ARMV7M
#define SIMECK64_K(dir) simeck64_armv7m_##dir##_44
#define SIMECK64_ISA "armv7m"
#else
#define SIMECK64_K(dir) simeck64_rv32i_##dir##_44
#define SIMECK64_ISA "rv32i"
#endif
void SIMECK64_K(encrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n);
void SIMECK64_K(decrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n);
ARX_MCU64_BACKEND(simeck64_128_chip, SIMECK64_ISA, 1, SIMECK64_K(encrypt), SIMECK64_K(decrypt), simeck64_encrypt,
                  simeck64_decrypt)
#define SIMECK_DESC_SIMD(B, K, KS)                                                                  \
    const arx_cipher_desc arx_desc_simeck_##B##_##K = {                                             \
        "simeck-" #B "-" #K, "simeck", B / 8, K / 8, sizeof(KS), simeck_##B##_##K##_setup,           \
        {&simeck##B##_ref, &simeck64_128_chip, NULL}};
#else
#define SIMECK_DESC_SIMD SIMECK_DESC
#endif

/* SIMECK32: the reference, the portable SWAR backend, then the x86 ones or NEON. */
#if ARX_X86_SIMD
const arx_cipher_desc arx_desc_simeck_32_64 = {
    "simeck-32-64", "simeck", 4, 8, sizeof(simeck_ks16), simeck_32_64_setup,
    {&simeck32_ref, ARX_TW(&simeck32_twoway) &simeck32_sse2, &simeck32_avx2, &simeck32_avx512, NULL}};
#elif ARX_ARM_NEON
const arx_cipher_desc arx_desc_simeck_32_64 = {
    "simeck-32-64", "simeck", 4, 8, sizeof(simeck_ks16), simeck_32_64_setup,
    {&simeck32_ref, ARX_TW(&simeck32_twoway) &simeck32_neon, NULL}};
#elif ARX_WASM_SIMD
const arx_cipher_desc arx_desc_simeck_32_64 = {
    "simeck-32-64", "simeck", 4, 8, sizeof(simeck_ks16), simeck_32_64_setup,
    {&simeck32_ref, ARX_TW(&simeck32_twoway) &simeck32_wasm, NULL}};
#else
const arx_cipher_desc arx_desc_simeck_32_64 = {"simeck-32-64", "simeck", 4, 8, sizeof(simeck_ks16),
                                               simeck_32_64_setup, {&simeck32_ref, ARX_TW(&simeck32_twoway) NULL}};
#endif
SIMECK_DESC_LANES(48, 96, simeck_ks32)
SIMECK_DESC_SIMD(64, 128, simeck_ks32)
