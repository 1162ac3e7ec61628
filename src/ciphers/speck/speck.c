/*
 * SPECK, all ten instances (Beaulieu et al., "The SIMON and SPECK Families of
 * Lightweight Block Ciphers", ePrint 2013/404, section 4).
 *
 * Byte order follows the designers' implementation guide: little-endian
 * words, low word first. A block (x, y) is stored y then x; a key
 * (l_{m-2} ... l_0, k_0) is stored k_0 first. Byte for byte this is the
 * paper's hex string reversed.
 *
 * One implementation per word container: 16-bit words in uint16_t, 24- and
 * 32-bit words in uint32_t, 48- and 64-bit words in uint64_t, the narrower
 * widths masked after every add and rotate. The width n is a compile-time
 * constant at every call, so the inlined code specializes per instance.
 */
#include "speck.h"

/* ---- n-bit words in a uint32_t (n = 24 or 32) ------------------------------ */

ARX_INLINE uint32_t w32_mask(unsigned n) {
    return 0xffffffffu >> (32 - n);
}
ARX_INLINE uint32_t w32_rotl(uint32_t x, unsigned r, unsigned n) {
    return ((x << r) | (x >> (n - r))) & w32_mask(n);
}
ARX_INLINE uint32_t w32_rotr(uint32_t x, unsigned r, unsigned n) {
    return ((x >> r) | (x << (n - r))) & w32_mask(n);
}

/* ---- 16-bit words: SPECK32, alpha = 7, beta = 2 (section 4.1) ------------- */

static void speck16_setup(speck_ks16 *ks, const uint8_t *key, unsigned m, unsigned rounds) {
    /* Section 4.2: l[i+m-1] = (k[i] + S^-7 l[i]) ^ i, k[i+1] = S^2 k[i] ^ l[i+m-1].
     * l is kept as a ring of m-1 words: slot i mod (m-1) holds l[i]. */
    uint16_t l[3];
    uint16_t k = arx_load16_le(key);
    for (unsigned j = 0; j + 1 < m; j++) l[j] = arx_load16_le(key + 2 * (j + 1));
    ks->rounds = rounds;
    ks->rk[0] = k;
    for (unsigned i = 0; i + 1 < rounds; i++) {
        unsigned s = i % (m - 1);
        l[s] = (uint16_t)((uint16_t)(k + arx_rotr16(l[s], 7)) ^ i);
        k = (uint16_t)(arx_rotl16(k, 2) ^ l[s]);
        ks->rk[i + 1] = k;
    }
    for (unsigned i = 0; i < rounds; i++) ks->tw_rk[i] = ks->rk[i] * UINT64_C(0x0001000100010001);
    arx_wipe(l, sizeof l);
    arx_wipe(&k, sizeof k);
}

void speck32_encrypt_block(const speck_ks16 *ks, uint8_t *out, const uint8_t *in) {
    uint16_t y = arx_load16_le(in), x = arx_load16_le(in + 2);
    for (unsigned i = 0; i < ks->rounds; i++) {
        x = (uint16_t)((uint16_t)(arx_rotr16(x, 7) + y) ^ ks->rk[i]);
        y = (uint16_t)(arx_rotl16(y, 2) ^ x);
    }
    arx_store16_le(out, y);
    arx_store16_le(out + 2, x);
}

void speck32_decrypt_block(const speck_ks16 *ks, uint8_t *out, const uint8_t *in) {
    uint16_t y = arx_load16_le(in), x = arx_load16_le(in + 2);
    for (unsigned i = ks->rounds; i-- > 0;) {
        y = arx_rotr16((uint16_t)(y ^ x), 2);
        x = arx_rotl16((uint16_t)((x ^ ks->rk[i]) - y), 7);
    }
    arx_store16_le(out, y);
    arx_store16_le(out + 2, x);
}

/* ---- 24/32-bit words: SPECK48, SPECK64, alpha = 8, beta = 3 --------------- */

ARX_INLINE void speck_w32_setup(speck_ks32 *ks, const uint8_t *key, unsigned n, unsigned m,
                                unsigned rounds) {
    const unsigned wb = n / 8;
    const uint32_t mask = w32_mask(n);
    uint32_t l[3];
    uint32_t k = (uint32_t)arx_loadn_le(key, wb);
    for (unsigned j = 0; j + 1 < m; j++) l[j] = (uint32_t)arx_loadn_le(key + wb * (j + 1), wb);
    ks->rounds = rounds;
    ks->rk[0] = k;
    for (unsigned i = 0; i + 1 < rounds; i++) {
        unsigned s = i % (m - 1);
        l[s] = ((k + w32_rotr(l[s], 8, n)) & mask) ^ i;
        k = w32_rotl(k, 3, n) ^ l[s];
        ks->rk[i + 1] = k;
    }
    arx_wipe(l, sizeof l);
    arx_wipe(&k, sizeof k);
}

ARX_INLINE void speck_w32_encrypt_block(const speck_ks32 *ks, uint8_t *out, const uint8_t *in,
                                        unsigned n) {
    const unsigned wb = n / 8;
    const uint32_t mask = w32_mask(n);
    uint32_t y = (uint32_t)arx_loadn_le(in, wb), x = (uint32_t)arx_loadn_le(in + wb, wb);
    for (unsigned i = 0; i < ks->rounds; i++) {
        x = ((w32_rotr(x, 8, n) + y) & mask) ^ ks->rk[i];
        y = w32_rotl(y, 3, n) ^ x;
    }
    arx_storen_le(out, y, wb);
    arx_storen_le(out + wb, x, wb);
}

ARX_INLINE void speck_w32_decrypt_block(const speck_ks32 *ks, uint8_t *out, const uint8_t *in,
                                        unsigned n) {
    const unsigned wb = n / 8;
    const uint32_t mask = w32_mask(n);
    uint32_t y = (uint32_t)arx_loadn_le(in, wb), x = (uint32_t)arx_loadn_le(in + wb, wb);
    for (unsigned i = ks->rounds; i-- > 0;) {
        y = w32_rotr(y ^ x, 3, n);
        x = w32_rotl(((x ^ ks->rk[i]) - y) & mask, 8, n);
    }
    arx_storen_le(out, y, wb);
    arx_storen_le(out + wb, x, wb);
}

static void speck48_encrypt_block(const speck_ks32 *ks, uint8_t *out, const uint8_t *in) {
    speck_w32_encrypt_block(ks, out, in, 24);
}
static void speck48_decrypt_block(const speck_ks32 *ks, uint8_t *out, const uint8_t *in) {
    speck_w32_decrypt_block(ks, out, in, 24);
}
void speck64_encrypt_block(const speck_ks32 *ks, uint8_t *out, const uint8_t *in) {
    speck_w32_encrypt_block(ks, out, in, 32);
}
void speck64_decrypt_block(const speck_ks32 *ks, uint8_t *out, const uint8_t *in) {
    speck_w32_decrypt_block(ks, out, in, 32);
}

/* ---- 48/64-bit words: SPECK96, SPECK128, alpha = 8, beta = 3 -------------- */

ARX_INLINE uint64_t w64_mask(unsigned n) {
    return ~(uint64_t)0 >> (64 - n);
}

ARX_INLINE void speck_w64_setup(speck_ks64 *ks, const uint8_t *key, unsigned n, unsigned m,
                                unsigned rounds) {
    const unsigned wb = n / 8;
    const uint64_t mask = w64_mask(n);
    uint64_t l[3];
    uint64_t k = arx_loadn_le(key, wb);
    for (unsigned j = 0; j + 1 < m; j++) l[j] = arx_loadn_le(key + wb * (j + 1), wb);
    ks->rounds = rounds;
    ks->rk[0] = k;
    for (unsigned i = 0; i + 1 < rounds; i++) {
        unsigned s = i % (m - 1);
        l[s] = ((k + arx_rotrn(l[s], 8, n)) & mask) ^ i;
        k = arx_rotln(k, 3, n) ^ l[s];
        ks->rk[i + 1] = k;
    }
    arx_wipe(l, sizeof l);
    arx_wipe(&k, sizeof k);
}

ARX_INLINE void speck_w64_encrypt_block(const speck_ks64 *ks, uint8_t *out, const uint8_t *in,
                                        unsigned n) {
    const unsigned wb = n / 8;
    const uint64_t mask = w64_mask(n);
    uint64_t y = arx_loadn_le(in, wb), x = arx_loadn_le(in + wb, wb);
    for (unsigned i = 0; i < ks->rounds; i++) {
        x = ((arx_rotrn(x, 8, n) + y) & mask) ^ ks->rk[i];
        y = arx_rotln(y, 3, n) ^ x;
    }
    arx_storen_le(out, y, wb);
    arx_storen_le(out + wb, x, wb);
}

ARX_INLINE void speck_w64_decrypt_block(const speck_ks64 *ks, uint8_t *out, const uint8_t *in,
                                        unsigned n) {
    const unsigned wb = n / 8;
    const uint64_t mask = w64_mask(n);
    uint64_t y = arx_loadn_le(in, wb), x = arx_loadn_le(in + wb, wb);
    for (unsigned i = ks->rounds; i-- > 0;) {
        y = arx_rotrn(y ^ x, 3, n);
        x = arx_rotln(((x ^ ks->rk[i]) - y) & mask, 8, n);
    }
    arx_storen_le(out, y, wb);
    arx_storen_le(out + wb, x, wb);
}

static void speck96_encrypt_block(const speck_ks64 *ks, uint8_t *out, const uint8_t *in) {
    speck_w64_encrypt_block(ks, out, in, 48);
}
static void speck96_decrypt_block(const speck_ks64 *ks, uint8_t *out, const uint8_t *in) {
    speck_w64_decrypt_block(ks, out, in, 48);
}
void speck128_encrypt_block(const speck_ks64 *ks, uint8_t *out, const uint8_t *in) {
    speck_w64_encrypt_block(ks, out, in, 64);
}
void speck128_decrypt_block(const speck_ks64 *ks, uint8_t *out, const uint8_t *in) {
    speck_w64_decrypt_block(ks, out, in, 64);
}

/* ---- ref backends: one per block size, a loop over the block function ---- */

#define SPECK_REF_BACKEND(B, KS)                                                                   \
    static void speck##B##_encrypt(const void *ks, uint8_t *out, const uint8_t *in,               \
                                   size_t nblocks) {                                               \
        for (size_t i = 0; i < nblocks; i++)                                                       \
            speck##B##_encrypt_block((const KS *)ks, out + i * (B / 8), in + i * (B / 8));         \
    }                                                                                              \
    static void speck##B##_decrypt(const void *ks, uint8_t *out, const uint8_t *in,               \
                                   size_t nblocks) {                                               \
        for (size_t i = 0; i < nblocks; i++)                                                       \
            speck##B##_decrypt_block((const KS *)ks, out + i * (B / 8), in + i * (B / 8));         \
    }                                                                                              \
    static const arx_backend speck##B##_ref = {"ref", 0, 1, speck##B##_encrypt,                    \
                                               speck##B##_decrypt, NULL};

SPECK_REF_BACKEND(32, speck_ks16)
SPECK_REF_BACKEND(48, speck_ks32)
SPECK_REF_BACKEND(64, speck_ks32)
SPECK_REF_BACKEND(96, speck_ks64)
SPECK_REF_BACKEND(128, speck_ks64)

/* ---- ARMv7-M assembly: SPECK-64/96 and SPECK-64/128 (speck_armv7m.S) ---- */

#ifdef ARX_HAVE_ARMV7M
/* Cortex-M3/M4 embedded/ builds: encryption, decryption and CTR over
 * 4-byte-aligned buffers (ldm/stm); other buffers (alignment is public) take
 * the reference. One set of entry points per round count (26: 64/96, 27:
 * 64/128). */
#define SPECK64_ARMV7M(R)                                                                          \
    void speck64_armv7m_encrypt_##R(const void *ks, uint8_t *out, const uint8_t *in, size_t n);    \
    void speck64_armv7m_decrypt_##R(const void *ks, uint8_t *out, const uint8_t *in, size_t n);    \
    void speck64_armv7m_ctr_##R(const void *ks, uint32_t y0, uint32_t low, uint8_t *out,           \
                                const uint8_t *in, size_t n);                                      \
    static void speck64_m_enc_##R(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {     \
        if (arx_aligned4(out, in)) speck64_armv7m_encrypt_##R(ks, out, in, n);                 \
        else speck64_encrypt(ks, out, in, n);                                                      \
    }                                                                                              \
    static void speck64_m_dec_##R(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {     \
        if (arx_aligned4(out, in)) speck64_armv7m_decrypt_##R(ks, out, in, n);                 \
        else speck64_decrypt(ks, out, in, n);                                                      \
    }                                                                                              \
    static void speck64_m_ctr_##R(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,   \
                                  size_t n) {                                                      \
        if (!arx_aligned4(out, in)) {                                                          \
            arx_ctr_by_block(speck64_encrypt, ks, 8, ctr, out, in, n);                             \
            return;                                                                                \
        }                                                                                          \
        while (n) {                                                                                \
            /* runs over which only the counter's low 32 bits change (the                          \
             * counter is the public IV: branching on its wrap reveals nothing) */                 \
            uint32_t low = arx_load32_be(ctr + 4);                                                 \
            uint64_t room = ((uint64_t)1 << 32) - low;                                             \
            size_t run = (uint64_t)n < room ? n : (size_t)room;                                    \
            speck64_armv7m_ctr_##R(ks, arx_load32_le(ctr), low, out, in, run);                     \
            arx_store64_be(ctr, arx_load64_be(ctr) + run);                                         \
            out += 8 * run;                                                                        \
            in += 8 * run;                                                                         \
            n -= run;                                                                              \
        }                                                                                          \
    }                                                                                              \
    static const arx_backend speck64_armv7m_##R = {"armv7m", 0, 1, speck64_m_enc_##R,              \
                                                   speck64_m_dec_##R, speck64_m_ctr_##R};

SPECK64_ARMV7M(26)
SPECK64_ARMV7M(27)
#endif

/* ---- RV32I assembly: SPECK-64/96 and SPECK-64/128 (speck_rv32i.S) -------- */

#ifdef ARX_HAVE_RV32I
/* RV32I embedded/ builds: encryption and decryption over 4-byte-aligned
 * buffers (lw/sw), other buffers through the reference, CTR over the kernel
 * (cipher.h: ARX_MCU64_BACKEND). */
#define SPECK64_RV32I(R)                                                                           \
    void speck64_rv32i_encrypt_##R(const void *ks, uint8_t *out, const uint8_t *in, size_t n);     \
    void speck64_rv32i_decrypt_##R(const void *ks, uint8_t *out, const uint8_t *in, size_t n);     \
    ARX_MCU64_BACKEND(speck64_rv32i_##R, "rv32i", 1, speck64_rv32i_encrypt_##R,                       \
                      speck64_rv32i_decrypt_##R, speck64_encrypt, speck64_decrypt)
SPECK64_RV32I(26)
SPECK64_RV32I(27)
#endif

/* ---- setups and descriptors: m = key words, T = rounds (Table 4.1) ------- */

static void speck_32_64_setup(void *ks, const uint8_t *key) { speck16_setup(ks, key, 4, 22); }
static void speck_48_72_setup(void *ks, const uint8_t *key) { speck_w32_setup(ks, key, 24, 3, 22); }
static void speck_48_96_setup(void *ks, const uint8_t *key) { speck_w32_setup(ks, key, 24, 4, 23); }
#if defined(ARX_AVR) || defined(ARX_MSP430)
/* speck_key_avr.S / speck_key_msp430.S (embedded/gen/speck_key.py): the same
 * round keys with every word in registers; constant time. */
#ifdef ARX_AVR
#define SPECK_CHIP_SCHEDULE(K) speck64_##K##_avr_schedule
#else
#define SPECK_CHIP_SCHEDULE(K) speck64_##K##_msp430_schedule
#endif
void SPECK_CHIP_SCHEDULE(96)(uint32_t rk[26], const uint8_t key[12]);
void SPECK_CHIP_SCHEDULE(128)(uint32_t rk[27], const uint8_t key[16]);
static void speck_64_96_setup(void *ks, const uint8_t *key) {
    SPECK_CHIP_SCHEDULE(96)(((speck_ks32 *)ks)->rk, key);
    ((speck_ks32 *)ks)->rounds = 26;
}
static void speck_64_128_setup(void *ks, const uint8_t *key) {
    SPECK_CHIP_SCHEDULE(128)(((speck_ks32 *)ks)->rk, key);
    ((speck_ks32 *)ks)->rounds = 27;
}
#else
static void speck_64_96_setup(void *ks, const uint8_t *key) { speck_w32_setup(ks, key, 32, 3, 26); }
static void speck_64_128_setup(void *ks, const uint8_t *key) { speck_w32_setup(ks, key, 32, 4, 27); }
#endif
static void speck_96_96_setup(void *ks, const uint8_t *key) { speck_w64_setup(ks, key, 48, 2, 28); }
static void speck_96_144_setup(void *ks, const uint8_t *key) { speck_w64_setup(ks, key, 48, 3, 29); }
static void speck_128_128_setup(void *ks, const uint8_t *key) { speck_w64_setup(ks, key, 64, 2, 32); }
static void speck_128_192_setup(void *ks, const uint8_t *key) { speck_w64_setup(ks, key, 64, 3, 33); }
static void speck_128_256_setup(void *ks, const uint8_t *key) { speck_w64_setup(ks, key, 64, 4, 34); }

#define SPECK_DESC(B, K, KS)                                                                       \
    const arx_cipher_desc arx_desc_speck_##B##_##K = {                                             \
        "speck-" #B "-" #K, "speck", B / 8, K / 8, sizeof(KS), speck_##B##_##K##_setup,           \
        {&speck##B##_ref, NULL}};

/* SPECK48 and SPECK96 on x86 and NEON: lane-per-message CTR kernels (issue 24;
 * speck_lanes_avx2.c, _avx512.c, _neon.c) beside the reference's one-message
 * kernels, widest last. */
#if ARX_X86_SIMD
ARX_LANES_X86(speck48, 8)
ARX_LANES_X86(speck96, 4)
#define SPECK_DESC_LANES(B, K, KS) ARX_LANES_DESC(speck, B, K, KS, &speck##B##_avx2, &speck##B##_avx512)
#elif ARX_ARM_NEON
ARX_LANES_NEON(speck48, 4)
ARX_LANES_NEON(speck96, 2)
#define SPECK_DESC_LANES(B, K, KS) ARX_LANES_DESC(speck, B, K, KS, &speck##B##_neon)
#else
#define SPECK_DESC_LANES SPECK_DESC
#endif

/* SPECK64 and SPECK128 also have SIMD backends: x86's, widest last (the
 * registry takes the last one the CPU supports), or NEON's. */
#if ARX_X86_SIMD
#define SPECK_DESC_SIMD(B, K, KS)                                                                  \
    const arx_cipher_desc arx_desc_speck_##B##_##K = {                                             \
        "speck-" #B "-" #K, "speck", B / 8, K / 8, sizeof(KS), speck_##B##_##K##_setup,           \
        {&speck##B##_ref, &speck##B##_sse2, &speck##B##_avx2, &speck##B##_avx512, NULL}};
#elif ARX_ARM_NEON
#define SPECK_DESC_SIMD(B, K, KS)                                                                  \
    const arx_cipher_desc arx_desc_speck_##B##_##K = {                                             \
        "speck-" #B "-" #K, "speck", B / 8, K / 8, sizeof(KS), speck_##B##_##K##_setup,           \
        {&speck##B##_ref, &speck##B##_neon, NULL}};
#elif ARX_WASM_SIMD
#define SPECK_DESC_SIMD(B, K, KS)                                                                  \
    const arx_cipher_desc arx_desc_speck_##B##_##K = {                                             \
        "speck-" #B "-" #K, "speck", B / 8, K / 8, sizeof(KS), speck_##B##_##K##_setup,           \
        {&speck##B##_ref, &speck##B##_wasm, NULL}};
#else
#define SPECK_DESC_SIMD SPECK_DESC
#endif

/* SPECK-64/128 encryption in assembly (embedded/ builds only): speck_avr.S
 * (generated by embedded/gen/speck_avr.py) encrypts two blocks at once;
 * an odd last block goes through a stack buffer (the count is public).
 * speck_msp430.S does one block at a time. Both chips decrypt in assembly too. */
#ifdef ARX_AVR
void speck64_128_avr_encrypt2(const void *ks, uint8_t *out, const uint8_t *in, size_t npairs);
void speck64_128_avr_decrypt2(const void *ks, uint8_t *out, const uint8_t *in, size_t npairs);
static void speck64_128_avr_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_run_pairs(speck64_128_avr_encrypt2, ks, out, in, nblocks);
}
static void speck64_128_avr_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_run_pairs(speck64_128_avr_decrypt2, ks, out, in, nblocks);
}
/* CTR: speck_ctr_avr.S (embedded/gen/speck_ctr_avr.py) builds the counter
 * blocks and xors the data in the kernel, two blocks a pass. */
void speck64_128_avr_ctr2(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t npairs);
static void speck64_128_avr_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_mcu_ctr_pairs(speck64_128_avr_ctr2, speck64_128_avr_encrypt, ks, ctr, out, in, nblocks);
}
static const arx_backend speck64_128_avr = {"avr", 0, 2, speck64_128_avr_encrypt, speck64_128_avr_decrypt,
                                            speck64_128_avr_ctr};
#define SPECK_DESC_64_128                                                                          \
    const arx_cipher_desc arx_desc_speck_64_128 = {"speck-64-128", "speck", 8, 16, sizeof(speck_ks32), \
                                                   speck_64_128_setup, {&speck64_ref, &speck64_128_avr, NULL}};
/* SPECK-64/96: the same kernels with 26 rounds (their own functions), CTR too. */
void speck64_96_avr_encrypt2(const void *ks, uint8_t *out, const uint8_t *in, size_t npairs);
void speck64_96_avr_decrypt2(const void *ks, uint8_t *out, const uint8_t *in, size_t npairs);
static void speck64_96_avr_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_run_pairs(speck64_96_avr_encrypt2, ks, out, in, nblocks);
}
static void speck64_96_avr_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_run_pairs(speck64_96_avr_decrypt2, ks, out, in, nblocks);
}
void speck64_96_avr_ctr2(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t npairs);
static void speck64_96_avr_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_mcu_ctr_pairs(speck64_96_avr_ctr2, speck64_96_avr_encrypt, ks, ctr, out, in, nblocks);
}
static const arx_backend speck64_96_avr = {"avr", 0, 2, speck64_96_avr_encrypt, speck64_96_avr_decrypt,
                                           speck64_96_avr_ctr};
#define SPECK_DESC_64_96                                                                           \
    const arx_cipher_desc arx_desc_speck_64_96 = {"speck-64-96", "speck", 8, 12, sizeof(speck_ks32), \
                                                  speck_64_96_setup, {&speck64_ref, &speck64_96_avr, NULL}};
#endif

#ifdef ARX_MSP430 /* speck_msp430.S, generated by embedded/gen/speck_msp430.py */
void speck64_128_msp430_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void speck64_128_msp430_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
/* CTR: speck_ctr_msp430.S (embedded/gen/speck_ctr_msp430.py) builds the
 * counter blocks and xors the data in the kernel. */
void speck64_128_msp430_ctr_run(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
static void speck64_128_msp430_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_mcu_ctr_words(speck64_128_msp430_ctr_run, speck64_128_msp430_encrypt, 8, ks, ctr, out, in, nblocks);
}
static const arx_backend speck64_128_msp430 = {"msp430", 0, 1, speck64_128_msp430_encrypt, speck64_128_msp430_decrypt,
                                               speck64_128_msp430_ctr};
#define SPECK_DESC_64_128                                                                          \
    const arx_cipher_desc arx_desc_speck_64_128 = {"speck-64-128", "speck", 8, 16, sizeof(speck_ks32), \
                                                   speck_64_128_setup, {&speck64_ref, &speck64_128_msp430, NULL}};
/* SPECK-64/96: the same kernels with 26 rounds (their own functions), CTR too. */
void speck64_96_msp430_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void speck64_96_msp430_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void speck64_96_msp430_ctr_run(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
static void speck64_96_msp430_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_mcu_ctr_words(speck64_96_msp430_ctr_run, speck64_96_msp430_encrypt, 8, ks, ctr, out, in, nblocks);
}
static const arx_backend speck64_96_msp430 = {"msp430", 0, 1, speck64_96_msp430_encrypt, speck64_96_msp430_decrypt,
                                              speck64_96_msp430_ctr};
#define SPECK_DESC_64_96                                                                           \
    const arx_cipher_desc arx_desc_speck_64_96 = {"speck-64-96", "speck", 8, 12, sizeof(speck_ks32), \
                                                  speck_64_96_setup, {&speck64_ref, &speck64_96_msp430, NULL}};
#endif

/* SPECK32: the reference, the portable SWAR backend, then the SIMD ones. */
const arx_cipher_desc arx_desc_speck_32_64 = {
    "speck-32-64", "speck", 4, 8, sizeof(speck_ks16), speck_32_64_setup,
    {&speck32_ref, ARX_TW(&speck32_twoway) ARX_SIMD_BACKENDS(speck32) NULL}};
SPECK_DESC_LANES(48, 72, speck_ks32)
SPECK_DESC_LANES(48, 96, speck_ks32)
#ifdef ARX_HAVE_ARMV7M
const arx_cipher_desc arx_desc_speck_64_96 = {"speck-64-96", "speck", 8, 12, sizeof(speck_ks32),
                                              speck_64_96_setup, {&speck64_ref, &speck64_armv7m_26, NULL}};
const arx_cipher_desc arx_desc_speck_64_128 = {"speck-64-128", "speck", 8, 16, sizeof(speck_ks32),
                                               speck_64_128_setup, {&speck64_ref, &speck64_armv7m_27, NULL}};
#elif defined(ARX_HAVE_RV32I)
const arx_cipher_desc arx_desc_speck_64_96 = {"speck-64-96", "speck", 8, 12, sizeof(speck_ks32),
                                              speck_64_96_setup, {&speck64_ref, &speck64_rv32i_26, NULL}};
const arx_cipher_desc arx_desc_speck_64_128 = {"speck-64-128", "speck", 8, 16, sizeof(speck_ks32),
                                               speck_64_128_setup, {&speck64_ref, &speck64_rv32i_27, NULL}};
#else
#ifdef SPECK_DESC_64_96
SPECK_DESC_64_96
#else
SPECK_DESC_SIMD(64, 96, speck_ks32)
#endif
#ifdef SPECK_DESC_64_128
SPECK_DESC_64_128
#else
SPECK_DESC_SIMD(64, 128, speck_ks32)
#endif
#endif
SPECK_DESC_LANES(96, 96, speck_ks64)
SPECK_DESC_LANES(96, 144, speck_ks64)
#if defined(ARX_HAVE_ARMV7M) || defined(ARX_HAVE_RV32I)
/* SPECK-128 in assembly (speck128_armv7m.S, speck128_rv32i.S, generated by
 * embedded/gen/speck128_{armv7m,rv32i}.py): one body per direction reading
 * ks->rounds (32, 33, 34); 4-byte-aligned buffers, others through the
 * reference; CTR four counter blocks at a time over the kernel. */
_Static_assert(offsetof(speck_ks64, rounds) == 272, "speck128_*.S: SPECK128_KS_ROUNDS");
#ifdef ARX_HAVE_ARMV7M
#define SPECK128_K(dir) speck128_armv7m_##dir
#define SPECK128_ISA "armv7m"
#else
#define SPECK128_K(dir) speck128_rv32i_##dir
#define SPECK128_ISA "rv32i"
#endif
void SPECK128_K(encrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n);
void SPECK128_K(decrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n);
ARX_MCU128_BACKEND(speck128_mcu, SPECK128_ISA, SPECK128_K(encrypt), SPECK128_K(decrypt), speck128_encrypt,
                   speck128_decrypt)
#define SPECK_DESC_128(K)                                                                          \
    const arx_cipher_desc arx_desc_speck_128_##K = {"speck-128-" #K, "speck", 16, K / 8, sizeof(speck_ks64), \
                                                    speck_128_##K##_setup, {&speck128_ref, &speck128_mcu, NULL}};
SPECK_DESC_128(128)
SPECK_DESC_128(192)
SPECK_DESC_128(256)
#else
SPECK_DESC_SIMD(128, 128, speck_ks64)
SPECK_DESC_SIMD(128, 192, speck_ks64)
SPECK_DESC_SIMD(128, 256, speck_ks64)
#endif
