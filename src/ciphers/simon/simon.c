/*
 * SIMON, all ten instances (Beaulieu et al., "The SIMON and SPECK Families of
 * Lightweight Block Ciphers", ePrint 2013/404, section 3).
 *
 * Byte order follows the designers' implementation guide: little-endian
 * words, low word first. A block (x, y) is stored y then x; a key
 * (k_{m-1} ... k_0) is stored k_0 first. Byte for byte this is the paper's
 * hex string reversed.
 *
 * One implementation per word container: 16-bit words in uint16_t, 24- and
 * 32-bit words in uint32_t, 48- and 64-bit words in uint64_t, the narrower
 * widths masked after every rotate. The width n is a compile-time constant
 * at every call, so the inlined code specializes per instance.
 */
#include "simon.h"

/*
 * The constant sequences z_0 ... z_4 of section 3.2 (period 62), bit i of
 * each constant being z_j[i]. Public values: the key schedule indexes them
 * by round number only.
 */
static const uint64_t simon_z[5] = {
    UINT64_C(0x19c3522fb386a45f), UINT64_C(0x16864fb8ad0c9f71), UINT64_C(0x3369f885192c0ef5),
    UINT64_C(0x3c2ce51207a635db), UINT64_C(0x3dc94c3a046d678b),
};

/* Bit i of z_j as a 0/1 word; i is the public round index. */
ARX_INLINE unsigned simon_zbit(unsigned j, unsigned i) {
    return (unsigned)((simon_z[j] >> (i % 62)) & 1);
}

/*
 * Key expansion (section 3.2), for i = m .. T-1:
 *   tmp = S^-3 k[i-1];  if m == 4: tmp ^= k[i-3];  tmp ^= S^-1 tmp;
 *   k[i] = ~k[i-m] ^ tmp ^ z_j[i-m] ^ 3          (c = 2^n - 4 = ~3)
 * Written once over uint64_t with an n-bit mask; each setup stores into its
 * own word type.
 */
static void simon_expand(uint64_t *k, unsigned n, unsigned m, unsigned rounds, unsigned zj) {
    const uint64_t mask = ~(uint64_t)0 >> (64 - n);
    for (unsigned i = m; i < rounds; i++) {
        uint64_t tmp = arx_rotrn(k[i - 1], 3, n);
        if (m == 4) tmp ^= k[i - 3];
        tmp ^= arx_rotrn(tmp, 1, n);
        k[i] = (~k[i - m] ^ tmp ^ simon_zbit(zj, i - m) ^ 3) & mask;
    }
}

/* Load the m key words (k_0 first) and expand; callers wipe any stack copy. */
static void simon_setup_words(uint64_t k[72], const uint8_t *key, unsigned n, unsigned m,
                              unsigned rounds, unsigned zj) {
    for (unsigned j = 0; j < m; j++) k[j] = arx_loadn_le(key + (n / 8) * j, n / 8);
    simon_expand(k, n, m, rounds, zj);
}

static void simon16_setup(simon_ks16 *ks, const uint8_t *key, unsigned m, unsigned rounds,
                          unsigned zj) {
    uint64_t k[72];
    simon_setup_words(k, key, 16, m, rounds, zj);
    for (unsigned i = 0; i < rounds; i++) ks->rk[i] = (uint16_t)k[i];
    ks->rounds = rounds;
#ifndef ARX_NO_TWOWAY
    simon32_twoway_setup(ks);
#endif
    arx_wipe(k, sizeof k);
}

static void simon32w_setup(simon_ks32 *ks, const uint8_t *key, unsigned n, unsigned m,
                           unsigned rounds, unsigned zj) {
    uint64_t k[72];
    simon_setup_words(k, key, n, m, rounds, zj);
    for (unsigned i = 0; i < rounds; i++) ks->rk[i] = (uint32_t)k[i];
    ks->rounds = rounds;
    arx_wipe(k, sizeof k);
}

static void simon64w_setup(simon_ks64 *ks, const uint8_t *key, unsigned n, unsigned m,
                           unsigned rounds, unsigned zj) {
    simon_setup_words(ks->rk, key, n, m, rounds, zj);
    ks->rounds = rounds;
}

/*
 * Round function (section 3.1): (x, y) -> (y ^ f(x) ^ k, x) with
 * f(x) = (S^1 x & S^8 x) ^ S^2 x. Decryption runs the rounds backwards:
 * (x, y) -> (y, x ^ f(y) ^ k).
 */

/* ---- 16-bit words: SIMON32 ------------------------------------------------ */

ARX_INLINE uint16_t simon16_f(uint16_t x) {
    return (uint16_t)((arx_rotl16(x, 1) & arx_rotl16(x, 8)) ^ arx_rotl16(x, 2));
}

void simon32_encrypt_block(const simon_ks16 *ks, uint8_t *out, const uint8_t *in) {
    uint16_t y = arx_load16_le(in), x = arx_load16_le(in + 2);
    for (unsigned i = 0; i < ks->rounds; i++) {
        uint16_t t = x;
        x = (uint16_t)(y ^ simon16_f(x) ^ ks->rk[i]);
        y = t;
    }
    arx_store16_le(out, y);
    arx_store16_le(out + 2, x);
}

void simon32_decrypt_block(const simon_ks16 *ks, uint8_t *out, const uint8_t *in) {
    uint16_t y = arx_load16_le(in), x = arx_load16_le(in + 2);
    for (unsigned i = ks->rounds; i-- > 0;) {
        uint16_t t = y;
        y = (uint16_t)(x ^ simon16_f(y) ^ ks->rk[i]);
        x = t;
    }
    arx_store16_le(out, y);
    arx_store16_le(out + 2, x);
}

/* ---- 24/32-bit words: SIMON48, SIMON64 ------------------------------------ */

ARX_INLINE uint32_t w32_rotl(uint32_t x, unsigned r, unsigned n) {
    return ((x << r) | (x >> (n - r))) & (0xffffffffu >> (32 - n));
}

ARX_INLINE uint32_t simon_w32_f(uint32_t x, unsigned n) {
    return (w32_rotl(x, 1, n) & w32_rotl(x, 8, n)) ^ w32_rotl(x, 2, n);
}

ARX_INLINE void simon_w32_encrypt_block(const simon_ks32 *ks, uint8_t *out, const uint8_t *in,
                                        unsigned n) {
    const unsigned wb = n / 8;
    uint32_t y = (uint32_t)arx_loadn_le(in, wb), x = (uint32_t)arx_loadn_le(in + wb, wb);
    for (unsigned i = 0; i < ks->rounds; i++) {
        uint32_t t = x;
        x = y ^ simon_w32_f(x, n) ^ ks->rk[i];
        y = t;
    }
    arx_storen_le(out, y, wb);
    arx_storen_le(out + wb, x, wb);
}

ARX_INLINE void simon_w32_decrypt_block(const simon_ks32 *ks, uint8_t *out, const uint8_t *in,
                                        unsigned n) {
    const unsigned wb = n / 8;
    uint32_t y = (uint32_t)arx_loadn_le(in, wb), x = (uint32_t)arx_loadn_le(in + wb, wb);
    for (unsigned i = ks->rounds; i-- > 0;) {
        uint32_t t = y;
        y = x ^ simon_w32_f(y, n) ^ ks->rk[i];
        x = t;
    }
    arx_storen_le(out, y, wb);
    arx_storen_le(out + wb, x, wb);
}

static void simon48_encrypt_block(const simon_ks32 *ks, uint8_t *out, const uint8_t *in) {
    simon_w32_encrypt_block(ks, out, in, 24);
}
static void simon48_decrypt_block(const simon_ks32 *ks, uint8_t *out, const uint8_t *in) {
    simon_w32_decrypt_block(ks, out, in, 24);
}
void simon64_encrypt_block(const simon_ks32 *ks, uint8_t *out, const uint8_t *in) {
    simon_w32_encrypt_block(ks, out, in, 32);
}
void simon64_decrypt_block(const simon_ks32 *ks, uint8_t *out, const uint8_t *in) {
    simon_w32_decrypt_block(ks, out, in, 32);
}

/* ---- 48/64-bit words: SIMON96, SIMON128 ----------------------------------- */

ARX_INLINE uint64_t simon_w64_f(uint64_t x, unsigned n) {
    return (arx_rotln(x, 1, n) & arx_rotln(x, 8, n)) ^ arx_rotln(x, 2, n);
}

ARX_INLINE void simon_w64_encrypt_block(const simon_ks64 *ks, uint8_t *out, const uint8_t *in,
                                        unsigned n) {
    const unsigned wb = n / 8;
    uint64_t y = arx_loadn_le(in, wb), x = arx_loadn_le(in + wb, wb);
    for (unsigned i = 0; i < ks->rounds; i++) {
        uint64_t t = x;
        x = y ^ simon_w64_f(x, n) ^ ks->rk[i];
        y = t;
    }
    arx_storen_le(out, y, wb);
    arx_storen_le(out + wb, x, wb);
}

ARX_INLINE void simon_w64_decrypt_block(const simon_ks64 *ks, uint8_t *out, const uint8_t *in,
                                        unsigned n) {
    const unsigned wb = n / 8;
    uint64_t y = arx_loadn_le(in, wb), x = arx_loadn_le(in + wb, wb);
    for (unsigned i = ks->rounds; i-- > 0;) {
        uint64_t t = y;
        y = x ^ simon_w64_f(y, n) ^ ks->rk[i];
        x = t;
    }
    arx_storen_le(out, y, wb);
    arx_storen_le(out + wb, x, wb);
}

static void simon96_encrypt_block(const simon_ks64 *ks, uint8_t *out, const uint8_t *in) {
    simon_w64_encrypt_block(ks, out, in, 48);
}
static void simon96_decrypt_block(const simon_ks64 *ks, uint8_t *out, const uint8_t *in) {
    simon_w64_decrypt_block(ks, out, in, 48);
}
void simon128_encrypt_block(const simon_ks64 *ks, uint8_t *out, const uint8_t *in) {
    simon_w64_encrypt_block(ks, out, in, 64);
}
void simon128_decrypt_block(const simon_ks64 *ks, uint8_t *out, const uint8_t *in) {
    simon_w64_decrypt_block(ks, out, in, 64);
}

/* ---- ref backends: one per block size, a loop over the block function ---- */

#define SIMON_REF_BACKEND(B, KS)                                                                   \
    static void simon##B##_encrypt(const void *ks, uint8_t *out, const uint8_t *in,               \
                                   size_t nblocks) {                                               \
        for (size_t i = 0; i < nblocks; i++)                                                       \
            simon##B##_encrypt_block((const KS *)ks, out + i * (B / 8), in + i * (B / 8));         \
    }                                                                                              \
    static void simon##B##_decrypt(const void *ks, uint8_t *out, const uint8_t *in,               \
                                   size_t nblocks) {                                               \
        for (size_t i = 0; i < nblocks; i++)                                                       \
            simon##B##_decrypt_block((const KS *)ks, out + i * (B / 8), in + i * (B / 8));         \
    }                                                                                              \
    static const arx_backend simon##B##_ref = {"ref", 0, 1, simon##B##_encrypt,                    \
                                               simon##B##_decrypt, NULL};

SIMON_REF_BACKEND(32, simon_ks16)
SIMON_REF_BACKEND(48, simon_ks32)
SIMON_REF_BACKEND(64, simon_ks32)
SIMON_REF_BACKEND(96, simon_ks64)
SIMON_REF_BACKEND(128, simon_ks64)

/* ---- assembly: SIMON-64/96 and SIMON-64/128 (simon_armv7m.S, simon_rv32i.S) */

/* Cortex-M3/M4 and RV32I embedded/ builds: encryption and decryption over
 * 4-byte-aligned buffers, other buffers through the reference, CTR over the
 * kernel (cipher.h: ARX_MCU64_BACKEND). One pair of entry points per round
 * count (42: 64/96, 44: 64/128). */
#if defined(ARX_HAVE_ARMV7M)
#define SIMON64_ISA armv7m
#elif defined(ARX_HAVE_RV32I)
#define SIMON64_ISA rv32i
#endif
#ifdef SIMON64_ISA
#define SIMON64_CAT_(a, b, c) a##b##c
#define SIMON64_CAT(a, b, c) SIMON64_CAT_(a, b, c)
#define SIMON64_STR_(x) #x
#define SIMON64_STR(x) SIMON64_STR_(x)
#define SIMON64_KERNEL(dir, R) SIMON64_CAT(simon64_, SIMON64_ISA, _##dir##_##R)
#define SIMON64_MCU_DEF(R)                                                                         \
    void SIMON64_KERNEL(encrypt, R)(const void *ks, uint8_t *out, const uint8_t *in, size_t n);    \
    void SIMON64_KERNEL(decrypt, R)(const void *ks, uint8_t *out, const uint8_t *in, size_t n);    \
    ARX_MCU64_BACKEND(simon64_mcu_##R, SIMON64_STR(SIMON64_ISA), 1, SIMON64_KERNEL(encrypt, R),      \
                      SIMON64_KERNEL(decrypt, R), simon64_encrypt, simon64_decrypt)
SIMON64_MCU_DEF(42)
SIMON64_MCU_DEF(44)
#define SIMON64_MCU(R) &simon64_mcu_##R,
#else
#define SIMON64_MCU(R)
#endif

/* ---- setups and descriptors: m = key words, T = rounds, z_j (Table 3.1) -- */

static void simon_32_64_setup(void *ks, const uint8_t *key) { simon16_setup(ks, key, 4, 32, 0); }
static void simon_48_72_setup(void *ks, const uint8_t *key) { simon32w_setup(ks, key, 24, 3, 36, 0); }
static void simon_48_96_setup(void *ks, const uint8_t *key) { simon32w_setup(ks, key, 24, 4, 36, 1); }
static void simon_64_96_setup(void *ks, const uint8_t *key) { simon32w_setup(ks, key, 32, 3, 42, 2); }
#if defined(ARX_MSP430) || defined(ARX_AVR)
/* simon_key_msp430.S and simon_key_avr.S (embedded/gen/simon_key_{msp430,avr}.py
 * simon): the same 44 words, z3 from a table by round; constant time. */
#ifdef ARX_AVR
#define simon64_128_chip_schedule simon64_128_avr_schedule
#else
#define simon64_128_chip_schedule simon64_128_msp430_schedule
#endif
void simon64_128_chip_schedule(uint32_t rk[44], const uint8_t key[16]);
static void simon_64_128_setup(void *ks, const uint8_t *key) {
    simon64_128_chip_schedule(((simon_ks32 *)ks)->rk, key);
    ((simon_ks32 *)ks)->rounds = 44;
}
#else
static void simon_64_128_setup(void *ks, const uint8_t *key) { simon32w_setup(ks, key, 32, 4, 44, 3); }
#endif
static void simon_96_96_setup(void *ks, const uint8_t *key) { simon64w_setup(ks, key, 48, 2, 52, 2); }
static void simon_96_144_setup(void *ks, const uint8_t *key) { simon64w_setup(ks, key, 48, 3, 54, 3); }
static void simon_128_128_setup(void *ks, const uint8_t *key) { simon64w_setup(ks, key, 64, 2, 68, 2); }
static void simon_128_192_setup(void *ks, const uint8_t *key) { simon64w_setup(ks, key, 64, 3, 69, 3); }
static void simon_128_256_setup(void *ks, const uint8_t *key) { simon64w_setup(ks, key, 64, 4, 72, 4); }

#define SIMON_DESC(B, K, KS)                                                                       \
    const arx_cipher_desc arx_desc_simon_##B##_##K = {                                             \
        "simon-" #B "-" #K, "simon", B / 8, K / 8, sizeof(KS), simon_##B##_##K##_setup,           \
        {&simon##B##_ref, SIMON_MCU_##B##_##K NULL}};

/* SIMON48 and SIMON96 on x86 and NEON: lane-per-message CTR kernels (issue 24;
 * simon_lanes_avx2.c, _avx512.c, _neon.c) beside the reference's one-message
 * kernels, widest last. */
#if ARX_X86_SIMD
ARX_LANES_X86(simon48, 8)
ARX_LANES_X86(simon96, 4)
#define SIMON_DESC_LANES(B, K, KS) ARX_LANES_DESC(simon, B, K, KS, &simon##B##_avx2, &simon##B##_avx512)
#elif ARX_ARM_NEON
ARX_LANES_NEON(simon48, 4)
ARX_LANES_NEON(simon96, 2)
#define SIMON_DESC_LANES(B, K, KS) ARX_LANES_DESC(simon, B, K, KS, &simon##B##_neon)
#else
#define SIMON_DESC_LANES SIMON_DESC
#endif
/* the microcontroller kernels (plain builds only: no SIMD there) */
#define SIMON_MCU_48_72
#define SIMON_MCU_48_96
#define SIMON_MCU_64_96 SIMON64_MCU(42)
#define SIMON_MCU_64_128 SIMON64_MCU(44)
#define SIMON_MCU_96_96
#define SIMON_MCU_96_144
#if defined(ARX_HAVE_ARMV7M) || defined(ARX_HAVE_RV32I)
/* SIMON-128 in assembly (simon128_armv7m.S, simon128_rv32i.S, generated by
 * embedded/gen/simon128_{armv7m,rv32i}.py): one body per direction reading
 * ks->rounds (68, 69, 72); 4-byte-aligned buffers, others through the
 * reference; CTR four counter blocks at a time over the kernel. */
_Static_assert(offsetof(simon_ks64, rounds) == 576, "simon128_*.S: SIMON128_KS_ROUNDS");
#ifdef ARX_HAVE_ARMV7M
#define SIMON128_K(dir) simon128_armv7m_##dir
#define SIMON128_ISA "armv7m"
#else
#define SIMON128_K(dir) simon128_rv32i_##dir
#define SIMON128_ISA "rv32i"
#endif
void SIMON128_K(encrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n);
void SIMON128_K(decrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n);
ARX_MCU128_BACKEND(simon128_mcu, SIMON128_ISA, SIMON128_K(encrypt), SIMON128_K(decrypt), simon128_encrypt,
                   simon128_decrypt)
#define SIMON_MCU_128_128 &simon128_mcu,
#define SIMON_MCU_128_192 &simon128_mcu,
#define SIMON_MCU_128_256 &simon128_mcu,
#else
#define SIMON_MCU_128_128
#define SIMON_MCU_128_192
#define SIMON_MCU_128_256
#endif

/* SIMON64 and SIMON128 also have SIMD backends, x86 widest last (the registry
 * takes the last one the CPU supports). */
#if ARX_X86_SIMD
#define SIMON_DESC_SIMD(B, K, KS)                                                                  \
    const arx_cipher_desc arx_desc_simon_##B##_##K = {                                             \
        "simon-" #B "-" #K, "simon", B / 8, K / 8, sizeof(KS), simon_##B##_##K##_setup,           \
        {&simon##B##_ref, &simon##B##_sse2, &simon##B##_avx2, &simon##B##_avx512, NULL}};
#elif ARX_ARM_NEON
#define SIMON_DESC_SIMD(B, K, KS)                                                                  \
    const arx_cipher_desc arx_desc_simon_##B##_##K = {                                             \
        "simon-" #B "-" #K, "simon", B / 8, K / 8, sizeof(KS), simon_##B##_##K##_setup,           \
        {&simon##B##_ref, &simon##B##_neon, NULL}};
#elif ARX_WASM_SIMD
#define SIMON_DESC_SIMD(B, K, KS)                                                                  \
    const arx_cipher_desc arx_desc_simon_##B##_##K = {                                             \
        "simon-" #B "-" #K, "simon", B / 8, K / 8, sizeof(KS), simon_##B##_##K##_setup,           \
        {&simon##B##_ref, &simon##B##_wasm, NULL}};
#elif defined(ARX_AVR) || defined(ARX_MSP430)
/* SIMON-64/128 in assembly on the 8- and 16-bit chips (embedded/ builds
 * only; 44 rounds fixed): simon_avr.S (two blocks a pass) and simon_msp430.S,
 * generated by embedded/gen/simon_{avr,msp430}.py simon from the C schedule. */
#ifdef ARX_AVR
void simon64_128_avr_encrypt2(const void *ks, uint8_t *out, const uint8_t *in, size_t npairs);
void simon64_128_avr_decrypt2(const void *ks, uint8_t *out, const uint8_t *in, size_t npairs);
static void simon64_128_avr_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_run_pairs(simon64_128_avr_encrypt2, ks, out, in, nblocks);
}
static void simon64_128_avr_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_run_pairs(simon64_128_avr_decrypt2, ks, out, in, nblocks);
}
/* CTR: simon_ctr_avr.S (embedded/gen/simon_ctr_avr.py simon) builds the
 * counter blocks and xors the data in the kernel, two blocks a pass. */
void simon64_128_avr_ctr2(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t npairs);
static void simon64_128_avr_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_mcu_ctr_pairs(simon64_128_avr_ctr2, simon64_128_avr_encrypt, ks, ctr, out, in, nblocks);
}
static const arx_backend simon64_128_chip = {"avr", 0, 2, simon64_128_avr_encrypt, simon64_128_avr_decrypt,
                                             simon64_128_avr_ctr};
#else
void simon64_128_msp430_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void simon64_128_msp430_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
/* CTR: simon_ctr_msp430.S (embedded/gen/simon_ctr_msp430.py simon) builds the
 * counter blocks and xors the data in the kernel. */
void simon64_128_msp430_ctr_run(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
static void simon64_128_msp430_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_mcu_ctr_words(simon64_128_msp430_ctr_run, simon64_128_msp430_encrypt, 8, ks, ctr, out, in, nblocks);
}
static const arx_backend simon64_128_chip = {"msp430", 0, 1, simon64_128_msp430_encrypt, simon64_128_msp430_decrypt,
                                           simon64_128_msp430_ctr};
#endif
#define SIMON_CHIP_64_128 &simon64_128_chip,
#define SIMON_DESC_SIMD(B, K, KS)                                                                  \
    const arx_cipher_desc arx_desc_simon_##B##_##K = {                                             \
        "simon-" #B "-" #K, "simon", B / 8, K / 8, sizeof(KS), simon_##B##_##K##_setup,           \
        {&simon##B##_ref, SIMON_CHIP_##B##_##K NULL}};
#define SIMON_CHIP_64_96
#define SIMON_CHIP_128_128
#define SIMON_CHIP_128_192
#define SIMON_CHIP_128_256
#define SIMON_CHIP_32_64
#define SIMON_CHIP_48_96
#else
#define SIMON_DESC_SIMD SIMON_DESC
#endif

/* SIMON32: the reference, the portable SWAR backend, then the SIMD ones. */
const arx_cipher_desc arx_desc_simon_32_64 = {
    "simon-32-64", "simon", 4, 8, sizeof(simon_ks16), simon_32_64_setup,
    {&simon32_ref, ARX_TW(&simon32_twoway) ARX_SIMD_BACKENDS(simon32) NULL}};
SIMON_DESC_LANES(48, 72, simon_ks32)
SIMON_DESC_LANES(48, 96, simon_ks32)
SIMON_DESC_SIMD(64, 96, simon_ks32)
SIMON_DESC_SIMD(64, 128, simon_ks32)
SIMON_DESC_LANES(96, 96, simon_ks64)
SIMON_DESC_LANES(96, 144, simon_ks64)
SIMON_DESC_SIMD(128, 128, simon_ks64)
SIMON_DESC_SIMD(128, 192, simon_ks64)
SIMON_DESC_SIMD(128, 256, simon_ks64)
