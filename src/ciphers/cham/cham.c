/*
 * CHAM block ciphers (Koo et al., "CHAM: A Family of Lightweight Block
 * Ciphers for Resource-Constrained Devices", ICISC 2017; round counts
 * raised in "Revised Version of Block Cipher CHAM", ICISC 2019).
 *
 * CHAM-n/k is a 4-branch generalised Feistel network over w = n/4 bit words
 * with k/w key words and 2k/w round keys used cyclically. The revision only
 * changed the number of rounds (64/128: 80 -> 88, 128/128: 80 -> 112,
 * 128/256: 96 -> 120), so the round count lives in the key schedule and one
 * block function per word size serves both versions.
 *
 * Byte order follows the designers' reference code: words are little-endian,
 * word 0 first, for the block and the key alike.
 */
#include "cham.h"

/* ---- key schedule (spec section 2.2) -------------------------------------- */

/*
 * For each key word K[i], i < k/w:
 *   RK[i]               = K[i] ^ ROL(K[i], 1) ^ ROL(K[i], 8)
 *   RK[(i + k/w) XOR 1] = K[i] ^ ROL(K[i], 1) ^ ROL(K[i], 11)
 */
#ifdef ARX_HAVE_ARMV7M
/*
 * The per-round words of cham_armv7m.S (embedded/gen/cham_armv7m.py explains
 * the kernel). Encryption keeps each odd t_k (k = -3, -1, 1, ...) doubled and
 * xored with c_k = ROR16(k + 4, 1), so that ROL1 of it is Y_k ^ (k + 4), what
 * round k + 4 adds (c_k = 0 when that round does not exist); the other reader
 * of t_k, round k + 3, gets K'_{k+3} = RK ^ ROL2(c_k) to cancel it.
 * Decryption xors the round index into the doubled word it makes (j << 16).
 */
static uint16_t cham64_m_c(int k, unsigned rounds) {
    return (unsigned)(k + 4) < rounds ? arx_rotr16((uint16_t)(k + 4), 1) : 0;
}
static void cham64_armv7m_tables(cham64_ks *ks) {
    const unsigned r = ks->rounds;
    uint32_t *t = ks->m_enc;
    *t++ = r;
    *t++ = cham64_m_c(-3, r) * 0x10001u;
    *t++ = cham64_m_c(-1, r) * 0x10001u;
    for (unsigned j = 0; j < r; j += 2) {
        *t++ = ks->rk[j & 15u] ^ arx_rotl16(cham64_m_c((int)j - 3, r), 2);
        *t++ = ks->rk[(j + 1) & 15u];
        *t++ = (uint32_t)cham64_m_c((int)j + 1, r) << 16;
    }
    t = ks->m_dec;
    *t++ = r;
    for (unsigned j = 0; j < r; j += 2) {
        *t++ = ks->rk[(j + 1) & 15u];
        *t++ = (j + 1) << 16;
        *t++ = ks->rk[j & 15u];
    }
}
#endif

#if defined(ARX_AVR) || defined(ARX_MSP430)
/* The schedules in assembly on the 8- and 16-bit chips: cham_key_avr.S and
 * cham_key_msp430.S (embedded/gen/cham_key.py avr|msp430), the same rk[] as
 * the loops below, constant time. CHAM-128/128's rk[8..15] stay as
 * key_build's memset leaves them (zero; rk_mask 7: never read). */
#define CHAM_CHIP_KEYS 1
#ifdef ARX_AVR
#define CHAM_CHIP_SCHEDULE(w) cham##w##_avr_schedule
#else
#define CHAM_CHIP_SCHEDULE(w) cham##w##_msp430_schedule
#endif
void CHAM_CHIP_SCHEDULE(64)(uint16_t rk[16], const uint8_t key[16]);
void CHAM_CHIP_SCHEDULE(128_128)(uint32_t rk[16], const uint8_t key[16]);
void CHAM_CHIP_SCHEDULE(128_256)(uint32_t rk[16], const uint8_t key[32]);
#else
#define CHAM_CHIP_KEYS 0
#endif

static void cham64_setup(cham64_ks *ks, const uint8_t *key, unsigned rounds) {
#if CHAM_CHIP_KEYS
    CHAM_CHIP_SCHEDULE(64)(ks->rk, key);
#else
    const unsigned nk = 8; /* 128-bit key, 16-bit words */
    for (unsigned i = 0; i < nk; i++) {
        uint16_t k = arx_load16_le(key + 2 * i);
        uint16_t t = (uint16_t)(k ^ arx_rotl16(k, 1));
        ks->rk[i] = (uint16_t)(t ^ arx_rotl16(k, 8));
        ks->rk[(i + nk) ^ 1u] = (uint16_t)(t ^ arx_rotl16(k, 11));
        arx_wipe(&k, sizeof k);
        arx_wipe(&t, sizeof t);
    }
#endif
    ks->rounds = rounds;
#if CHAM_RKV
    for (unsigned i = 0; i < CHAM_MAX_RK; i++)
        for (unsigned l = 0; l < 4; l++) ks->rkv[i][l] = (uint32_t)ks->rk[i] * 0x10001u;
#endif
#if CHAM_TW_KEYS
    for (unsigned i = 0; i < CHAM_MAX_RK; i++) ks->tw_rk[i] = ks->rk[i] * UINT64_C(0x0001000100010001);
#endif
#ifdef ARX_HAVE_ARMV7M
    cham64_armv7m_tables(ks);
#endif
}

static void cham128_setup(cham128_ks *ks, const uint8_t *key, unsigned nk, unsigned rounds) {
#if CHAM_CHIP_KEYS
    if (nk == 4) CHAM_CHIP_SCHEDULE(128_128)(ks->rk, key);
    else CHAM_CHIP_SCHEDULE(128_256)(ks->rk, key);
#else
    for (unsigned i = 0; i < nk; i++) {
        uint32_t k = arx_load32_le(key + 4 * i);
        uint32_t t = k ^ arx_rotl32(k, 1);
        ks->rk[i] = t ^ arx_rotl32(k, 8);
        ks->rk[(i + nk) ^ 1u] = t ^ arx_rotl32(k, 11);
        arx_wipe(&k, sizeof k);
        arx_wipe(&t, sizeof t);
    }
    /* Unused slots (CHAM-128/128 has only 8 round keys) stay zero. */
    for (unsigned i = 2 * nk; i < CHAM_MAX_RK; i++) ks->rk[i] = 0;
#endif
    ks->rounds = rounds;
    ks->rk_mask = 2 * nk - 1;
#if CHAM_RKV
    for (unsigned i = 0; i < CHAM_MAX_RK; i++)
        for (unsigned l = 0; l < 4; l++) ks->rkv[i][l] = ks->rk[i & ks->rk_mask];
#endif
}

static void setup_cham_64_128(void *ks, const uint8_t *key) { cham64_setup(ks, key, 88); }
static void setup_cham_128_128(void *ks, const uint8_t *key) { cham128_setup(ks, key, 4, 112); }
static void setup_cham_128_256(void *ks, const uint8_t *key) { cham128_setup(ks, key, 8, 120); }
static void setup_cham_64_128_legacy(void *ks, const uint8_t *key) { cham64_setup(ks, key, 80); }
static void setup_cham_128_128_legacy(void *ks, const uint8_t *key) { cham128_setup(ks, key, 4, 80); }
static void setup_cham_128_256_legacy(void *ks, const uint8_t *key) { cham128_setup(ks, key, 8, 96); }

/* ---- rounds (spec section 2.1) ------------------------------------------- */

/*
 * Round i (0-based) with state (X0, X1, X2, X3):
 *   even i: X3' = ROL((X0 ^ i) + (ROL(X1, 1) ^ RK[i mod 2k/w]), 8)
 *   odd i:  X3' = ROL((X0 ^ i) + (ROL(X1, 8) ^ RK[i mod 2k/w]), 1)
 * and the other words shift down: (X0', X1', X2') = (X1, X2, X3).
 * Rounds go in even/odd pairs; every round count is even. The parity and the
 * counter are public, so the only branches are on the loop index.
 */

void cham_encrypt_block64(const cham64_ks *ks, uint8_t *out, const uint8_t *in) {
    uint16_t x0 = arx_load16_le(in), x1 = arx_load16_le(in + 2);
    uint16_t x2 = arx_load16_le(in + 4), x3 = arx_load16_le(in + 6);
    for (unsigned i = 0; i < ks->rounds; i += 2) {
        uint16_t t;
        t = (uint16_t)((x0 ^ (uint16_t)i) + (arx_rotl16(x1, 1) ^ ks->rk[i & 15u]));
        x0 = arx_rotl16(t, 8);
        t = (uint16_t)((x1 ^ (uint16_t)(i + 1)) + (arx_rotl16(x2, 8) ^ ks->rk[(i + 1) & 15u]));
        x1 = arx_rotl16(t, 1);
        /* After two rounds the words are (x2, x3, x0, x1): rename. */
        t = x0; x0 = x2; x2 = t;
        t = x1; x1 = x3; x3 = t;
    }
    arx_store16_le(out, x0);
    arx_store16_le(out + 2, x1);
    arx_store16_le(out + 4, x2);
    arx_store16_le(out + 6, x3);
}

void cham_decrypt_block64(const cham64_ks *ks, uint8_t *out, const uint8_t *in) {
    uint16_t x0 = arx_load16_le(in), x1 = arx_load16_le(in + 2);
    uint16_t x2 = arx_load16_le(in + 4), x3 = arx_load16_le(in + 6);
    for (unsigned i = ks->rounds; i != 0; i -= 2) {
        uint16_t t;
        /* Undo the rename, then the odd round i-1, then the even round i-2. */
        t = x0; x0 = x2; x2 = t;
        t = x1; x1 = x3; x3 = t;
        t = (uint16_t)(arx_rotr16(x1, 1) - (arx_rotl16(x2, 8) ^ ks->rk[(i - 1) & 15u]));
        x1 = (uint16_t)(t ^ (uint16_t)(i - 1));
        t = (uint16_t)(arx_rotr16(x0, 8) - (arx_rotl16(x1, 1) ^ ks->rk[(i - 2) & 15u]));
        x0 = (uint16_t)(t ^ (uint16_t)(i - 2));
    }
    arx_store16_le(out, x0);
    arx_store16_le(out + 2, x1);
    arx_store16_le(out + 4, x2);
    arx_store16_le(out + 6, x3);
}

void cham_encrypt_block128(const cham128_ks *ks, uint8_t *out, const uint8_t *in) {
    uint32_t x0 = arx_load32_le(in), x1 = arx_load32_le(in + 4);
    uint32_t x2 = arx_load32_le(in + 8), x3 = arx_load32_le(in + 12);
    const unsigned m = ks->rk_mask;
    for (unsigned i = 0; i < ks->rounds; i += 2) {
        uint32_t t;
        x0 = arx_rotl32((x0 ^ (uint32_t)i) + (arx_rotl32(x1, 1) ^ ks->rk[i & m]), 8);
        x1 = arx_rotl32((x1 ^ (uint32_t)(i + 1)) + (arx_rotl32(x2, 8) ^ ks->rk[(i + 1) & m]), 1);
        t = x0; x0 = x2; x2 = t;
        t = x1; x1 = x3; x3 = t;
    }
    arx_store32_le(out, x0);
    arx_store32_le(out + 4, x1);
    arx_store32_le(out + 8, x2);
    arx_store32_le(out + 12, x3);
}

void cham_decrypt_block128(const cham128_ks *ks, uint8_t *out, const uint8_t *in) {
    uint32_t x0 = arx_load32_le(in), x1 = arx_load32_le(in + 4);
    uint32_t x2 = arx_load32_le(in + 8), x3 = arx_load32_le(in + 12);
    const unsigned m = ks->rk_mask;
    for (unsigned i = ks->rounds; i != 0; i -= 2) {
        uint32_t t;
        t = x0; x0 = x2; x2 = t;
        t = x1; x1 = x3; x3 = t;
        x1 = (arx_rotr32(x1, 1) - (arx_rotl32(x2, 8) ^ ks->rk[(i - 1) & m])) ^ (uint32_t)(i - 1);
        x0 = (arx_rotr32(x0, 8) - (arx_rotl32(x1, 1) ^ ks->rk[(i - 2) & m])) ^ (uint32_t)(i - 2);
    }
    arx_store32_le(out, x0);
    arx_store32_le(out + 4, x1);
    arx_store32_le(out + 8, x2);
    arx_store32_le(out + 12, x3);
}

/* ---- backends -------------------------------------------------------------- */

void cham64_ref_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    for (size_t b = 0; b < nblocks; b++) cham_encrypt_block64(ks, out + 8 * b, in + 8 * b);
}
void cham64_ref_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    for (size_t b = 0; b < nblocks; b++) cham_decrypt_block64(ks, out + 8 * b, in + 8 * b);
}
void cham128_ref_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    for (size_t b = 0; b < nblocks; b++) cham_encrypt_block128(ks, out + 16 * b, in + 16 * b);
}
void cham128_ref_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    for (size_t b = 0; b < nblocks; b++) cham_decrypt_block128(ks, out + 16 * b, in + 16 * b);
}

/* Counter mode one block at a time (the SIMD kernels' last tail). */
void cham64_ref_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_ctr_by_block(cham64_ref_encrypt, ks, 8, ctr, out, in, nblocks);
}
void cham128_ref_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_ctr_by_block(cham128_ref_encrypt, ks, 16, ctr, out, in, nblocks);
}

/* The round index rows of cham.h. */
#define CHAM_IC_ROW(i, mul) {(i) * (mul), (i) * (mul), (i) * (mul), (i) * (mul)}
#define CHAM_IC_8(b, mul)                                                                          \
    CHAM_IC_ROW(b, mul), CHAM_IC_ROW(b + 1, mul), CHAM_IC_ROW(b + 2, mul), CHAM_IC_ROW(b + 3, mul), \
        CHAM_IC_ROW(b + 4, mul), CHAM_IC_ROW(b + 5, mul), CHAM_IC_ROW(b + 6, mul),                 \
        CHAM_IC_ROW(b + 7, mul)
#define CHAM_IC_128(mul)                                                                           \
    CHAM_IC_8(0u, mul), CHAM_IC_8(8u, mul), CHAM_IC_8(16u, mul), CHAM_IC_8(24u, mul),              \
        CHAM_IC_8(32u, mul), CHAM_IC_8(40u, mul), CHAM_IC_8(48u, mul), CHAM_IC_8(56u, mul),        \
        CHAM_IC_8(64u, mul), CHAM_IC_8(72u, mul), CHAM_IC_8(80u, mul), CHAM_IC_8(88u, mul),        \
        CHAM_IC_8(96u, mul), CHAM_IC_8(104u, mul), CHAM_IC_8(112u, mul), CHAM_IC_8(120u, mul)
_Alignas(64) const uint32_t cham_ic16[128][4] = {CHAM_IC_128(0x10001u)};
_Alignas(64) const uint32_t cham_ic32[128][4] = {CHAM_IC_128(1u)};

static const arx_backend cham64_ref_backend = {"ref", 0, 1, cham64_ref_encrypt, cham64_ref_decrypt, NULL};
#ifdef ARX_HAVE_ARMV7M
/* CHAM-64 in ARMv7-M assembly (cham_armv7m.S, Cortex-M3/M4 embedded/ builds):
 * two blocks per call over 4-byte-aligned buffers; an odd last block goes
 * through a stack pair (the count is public), other buffers (alignment is
 * public too) through the reference. CTR builds counters 8 blocks at a time
 * on the stack (arx_ctr64_batched). */
void cham64_armv7m_encrypt_pairs(const void *t, uint8_t *out, const uint8_t *in, size_t npairs);
void cham64_armv7m_decrypt_pairs(const void *t, uint8_t *out, const uint8_t *in, size_t npairs);
static void cham64_m_enc_pairs(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    arx_run_pairs(cham64_armv7m_encrypt_pairs, ((const cham64_ks *)ks)->m_enc, out, in, n);
}
static void cham64_m_dec_pairs(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    arx_run_pairs(cham64_armv7m_decrypt_pairs, ((const cham64_ks *)ks)->m_dec, out, in, n);
}
ARX_MCU64_BACKEND(cham64_armv7m_backend, "armv7m", 2, cham64_m_enc_pairs, cham64_m_dec_pairs, cham64_ref_encrypt,
                  cham64_ref_decrypt)
#define CHAM_MCU_64 &cham64_armv7m_backend,
#elif defined(ARX_HAVE_RV32I)
/* CHAM-64 in RV32I assembly (cham_rv32i.S, generated by
 * embedded/gen/cham_rv32i.py): one block at a time over 4-byte-aligned
 * buffers, others through the reference, CTR over the kernel. */
void cham64_rv32i_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n);
void cham64_rv32i_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n);
ARX_MCU64_BACKEND(cham64_rv32i_backend, "rv32i", 1, cham64_rv32i_encrypt, cham64_rv32i_decrypt, cham64_ref_encrypt,
                  cham64_ref_decrypt)
#define CHAM_MCU_64 &cham64_rv32i_backend,
#else
#define CHAM_MCU_64
#endif
#if defined(ARX_HAVE_ARMV7M) || defined(ARX_HAVE_RV32I)
/* CHAM-128 in assembly: cham128_armv7m.S and cham128_rv32i.S, generated by
 * embedded/gen/cham128_{armv7m,rv32i}.py: one body per key size (rk_mask 7
 * or 15, public), each reading ks->rounds; 4-byte-aligned buffers, others
 * through the reference; CTR four counter blocks at a time over the kernel. */
_Static_assert(offsetof(cham128_ks, rounds) == 64, "cham128_*.S: CHAM128_KS_ROUNDS");
#ifdef ARX_HAVE_ARMV7M
#define CHAM128_K(dir, m) cham128_armv7m_##dir##_m##m
#define CHAM128_ISA "armv7m"
#else
#define CHAM128_K(dir, m) cham128_rv32i_##dir##_m##m
#define CHAM128_ISA "rv32i"
#endif
void CHAM128_K(encrypt, 7)(const void *ks, uint8_t *out, const uint8_t *in, size_t n);
void CHAM128_K(decrypt, 7)(const void *ks, uint8_t *out, const uint8_t *in, size_t n);
void CHAM128_K(encrypt, 15)(const void *ks, uint8_t *out, const uint8_t *in, size_t n);
void CHAM128_K(decrypt, 15)(const void *ks, uint8_t *out, const uint8_t *in, size_t n);
static void cham128_m_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    if (((const cham128_ks *)ks)->rk_mask == 7) CHAM128_K(encrypt, 7)(ks, out, in, n);
    else CHAM128_K(encrypt, 15)(ks, out, in, n);
}
static void cham128_m_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    if (((const cham128_ks *)ks)->rk_mask == 7) CHAM128_K(decrypt, 7)(ks, out, in, n);
    else CHAM128_K(decrypt, 15)(ks, out, in, n);
}
ARX_MCU128_BACKEND(cham128_mcu_backend, CHAM128_ISA, cham128_m_encrypt, cham128_m_decrypt, cham128_ref_encrypt,
                   cham128_ref_decrypt)
#define CHAM_MCU_128 &cham128_mcu_backend,
#else
#define CHAM_MCU_128
#endif

static const arx_backend cham128_ref_backend = {"ref", 0, 1, cham128_ref_encrypt, cham128_ref_decrypt, NULL};

/* ---- descriptors ----------------------------------------------------------- */

/* Reference first, then (CHAM-64) the portable SWAR backend, then the x86
 * backends, widest last, then the ARM ones (the registry takes the last one
 * the CPU runs). CHAM-64's neon-arm comes before neon, to be chosen by name:
 * llvm-mca predicts it slower than neon on both Cortex-A53 and Cortex-A72
 * (bench/mca/run.sh; cham_neon.c). */
#define CHAM_TWOWAY_64 ARX_TW(&cham64_twoway_backend)
#define CHAM_TWOWAY_128
#if ARX_X86_SIMD
#define CHAM_X86(w) &cham##w##_sse2_backend, &cham##w##_avx2_backend, &cham##w##_avx512_backend,
#else
#define CHAM_X86(w)
#endif
#if ARX_ARM_NEON
#define CHAM_ARM64 &cham64_neon_arm_backend, &cham64_neon_backend,
#define CHAM_ARM128 &cham128_neon_backend,
#else
#define CHAM_ARM64
#define CHAM_ARM128
#endif
#if ARX_WASM_SIMD
#define CHAM_WASM(w) &cham##w##_wasm_backend,
#else
#define CHAM_WASM(w)
#endif
/* CHAM-64/128 (and -legacy) in assembly on the 8- and 16-bit chips (embedded/
 * builds only): cham_avr.S (two blocks a pass) and cham_msp430.S, generated
 * by embedded/gen/cham_*.py; both read rk[] and rounds of cham64_ks. */
#if defined(ARX_AVR) || defined(ARX_MSP430)
_Static_assert(offsetof(cham64_ks, rounds) == 32, "cham_avr.S / cham_msp430.S read rounds after rk[16]");
#endif
#ifdef ARX_AVR
void cham64_avr_encrypt2(const void *ks, uint8_t *out, const uint8_t *in, size_t npairs);
void cham64_avr_decrypt2(const void *ks, uint8_t *out, const uint8_t *in, size_t npairs);
static void cham64_avr_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_run_pairs(cham64_avr_encrypt2, ks, out, in, nblocks);
}
static void cham64_avr_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_run_pairs(cham64_avr_decrypt2, ks, out, in, nblocks);
}
/* CTR: cham_ctr_avr.S (embedded/gen/cham_ctr_avr.py) builds the counter
 * blocks and xors the data in the kernel, two blocks a pass. */
void cham64_avr_ctr2(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t npairs);
static void cham64_avr_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_mcu_ctr_pairs(cham64_avr_ctr2, cham64_avr_encrypt, ks, ctr, out, in, nblocks);
}
static const arx_backend cham64_avr_backend = {"avr", 0, 2, cham64_avr_encrypt, cham64_avr_decrypt, cham64_avr_ctr};
#define CHAM_CHIP64 &cham64_avr_backend,
#elif defined(ARX_MSP430)
void cham64_msp430_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void cham64_msp430_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
/* CTR: cham_ctr_msp430.S (embedded/gen/cham_ctr_msp430.py) builds the
 * counter blocks and xors the data in the kernel. */
void cham64_msp430_ctr_run(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
static void cham64_msp430_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_mcu_ctr_words(cham64_msp430_ctr_run, cham64_msp430_encrypt, 8, ks, ctr, out, in, nblocks);
}
static const arx_backend cham64_msp430_backend = {"msp430", 0, 1, cham64_msp430_encrypt, cham64_msp430_decrypt,
                                                  cham64_msp430_ctr};
#define CHAM_CHIP64 &cham64_msp430_backend,
#else
#define CHAM_CHIP64
#endif
/* CHAM-128/128 (and -legacy: the 8-key schedule, rounds a multiple of 16)
 * in assembly on the 8- and 16-bit chips: cham128_avr.S and
 * cham128_msp430.S (embedded/gen/cham128_*.py) read rk[] and rounds of
 * cham128_ks. CHAM-128/256 (and -legacy: 16 keys, 120 or 96 rounds) has
 * its own functions on each chip (cham128_256_*, CTR included). */
#if defined(ARX_AVR) || defined(ARX_MSP430)
_Static_assert(offsetof(cham128_ks, rounds) == 64, "cham128_avr.S / cham128_msp430.S read rounds after rk[16]");
#endif
#ifdef ARX_AVR
void cham128_avr_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void cham128_avr_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
/* CTR: cham128_ctr_avr.S (embedded/gen/cham128_ctr_avr.py) builds the
 * counter blocks and xors the data in the kernel (nblocks > 0, as
 * arx_ctr_blocks calls it). */
void cham128_avr_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
static const arx_backend cham128_avr_backend = {"avr", 0, 1, cham128_avr_encrypt, cham128_avr_decrypt,
                                                cham128_avr_ctr};
#define CHAM_CHIP128_8 &cham128_avr_backend,
void cham128_256_avr_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void cham128_256_avr_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void cham128_256_avr_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
static const arx_backend cham128_256_avr_backend = {"avr", 0, 1, cham128_256_avr_encrypt, cham128_256_avr_decrypt,
                                                    cham128_256_avr_ctr};
#define CHAM_CHIP128_16 &cham128_256_avr_backend,
#elif defined(ARX_MSP430)
void cham128_msp430_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void cham128_msp430_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
/* CTR: cham128_ctr_msp430.S (embedded/gen/cham128_ctr_msp430.py) builds the
 * counter blocks and xors the data in the kernel. */
void cham128_msp430_ctr_run(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
static void cham128_msp430_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_mcu_ctr_words(cham128_msp430_ctr_run, cham128_msp430_encrypt, 16, ks, ctr, out, in, nblocks);
}
static const arx_backend cham128_msp430_backend = {"msp430", 0, 1, cham128_msp430_encrypt, cham128_msp430_decrypt,
                                                   cham128_msp430_ctr};
#define CHAM_CHIP128_8 &cham128_msp430_backend,
void cham128_256_msp430_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void cham128_256_msp430_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void cham128_256_msp430_ctr_run(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
static void cham128_256_msp430_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_mcu_ctr_words(cham128_256_msp430_ctr_run, cham128_256_msp430_encrypt, 16, ks, ctr, out, in, nblocks);
}
static const arx_backend cham128_256_msp430_backend = {"msp430", 0, 1, cham128_256_msp430_encrypt,
                                                       cham128_256_msp430_decrypt, cham128_256_msp430_ctr};
#define CHAM_CHIP128_16 &cham128_256_msp430_backend,
#else
#define CHAM_CHIP128_8
#define CHAM_CHIP128_16
#endif
#define CHAM_BACKENDS(w, chip) {&cham##w##_ref_backend, CHAM_TWOWAY_##w CHAM_X86(w) CHAM_ARM##w CHAM_WASM(w) CHAM_MCU_##w CHAM_CHIP##chip NULL}

#define CHAM_DESC(id, str, bb, kb, kstype, setupfn, w, chip)                                       \
    const arx_cipher_desc arx_desc_##id = {str, "cham", bb, kb, sizeof(kstype), setupfn, CHAM_BACKENDS(w, chip)}

CHAM_DESC(cham_64_128, "cham-64-128", 8, 16, cham64_ks, setup_cham_64_128, 64, 64);
CHAM_DESC(cham_128_128, "cham-128-128", 16, 16, cham128_ks, setup_cham_128_128, 128, 128_8);
CHAM_DESC(cham_128_256, "cham-128-256", 16, 32, cham128_ks, setup_cham_128_256, 128, 128_16);
CHAM_DESC(cham_64_128_legacy, "cham-64-128-legacy", 8, 16, cham64_ks, setup_cham_64_128_legacy, 64, 64);
CHAM_DESC(cham_128_128_legacy, "cham-128-128-legacy", 16, 16, cham128_ks, setup_cham_128_128_legacy, 128,
          128_8);
CHAM_DESC(cham_128_256_legacy, "cham-128-256-legacy", 16, 32, cham128_ks, setup_cham_128_256_legacy, 128,
          128_16);
