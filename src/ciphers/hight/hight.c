/*
 * HIGHT: 64-bit block, 128-bit key, 32 rounds (Hong et al., CHES 2006;
 * ISO/IEC 18033-3; KISA specification). Bytes as in KISA's reference code
 * (KISA_HIGHT_ECB.c): block byte i is P_i and key byte i is MK_i, i.e. the
 * spec's right-to-left numbering read left to right in memory.
 */
#include "hight.h"

#if defined(ARX_AVR) || defined(ARX_MSP430)
/* hight_key_avr.S / hight_key_msp430.S (embedded/gen/hight_key.py): the same
 * wk and sk, the constants from a table; constant time. */
#ifdef ARX_AVR
#define hight_chip_schedule hight_avr_schedule
#else
#define hight_chip_schedule hight_msp430_schedule
#endif
void hight_chip_schedule(hight_ks *ks, const uint8_t key[16]);
/* The CTR kernels' counter precomputation (hight_ctr_avr.S, hight_ctr_msp430.S),
 * for the counter's fixed bytes 0..6: pre[0..7] = round 2's input, with x0 =
 * F0(x6) + SK3 (the low byte c is xored in per block) and x3, x5, x7 through
 * round 2's three branches that do not read c; pre[8] = c. */
static void hight_ctr_precompute(const void *ks_, const uint8_t *ctr, uint8_t pre[9]) {
    const hight_ks *ks = (const hight_ks *)ks_;
    const uint8_t *k = ks->sk;
    uint8_t x0 = (uint8_t)(ctr[0] + ks->wk[0]), x1 = ctr[1], x2 = (uint8_t)(ctr[2] ^ ks->wk[1]), x3 = ctr[3];
    uint8_t x4 = (uint8_t)(ctr[4] + ks->wk[2]), x5 = ctr[5], x6 = (uint8_t)(ctr[6] ^ ks->wk[3]);
    x1 = (uint8_t)(x1 + (hight_f1(x0) ^ k[0])); /* round 1 */
    x3 = (uint8_t)(x3 ^ (uint8_t)(hight_f0(x2) + k[1]));
    x5 = (uint8_t)(x5 + (hight_f1(x4) ^ k[2]));
    pre[0] = (uint8_t)(hight_f0(x6) + k[3]);     /* round 1's x7 = c ^ this */
    x2 = (uint8_t)(x2 ^ (uint8_t)(hight_f0(x1) + k[5])); /* round 2 on (x7, x0, ..., x6) but its first branch */
    x4 = (uint8_t)(x4 + (hight_f1(x3) ^ k[6]));
    x6 = (uint8_t)(x6 ^ (uint8_t)(hight_f0(x5) + k[7]));
    pre[1] = x0, pre[2] = x1, pre[3] = x2, pre[4] = x3, pre[5] = x4, pre[6] = x5, pre[7] = x6;
    pre[8] = ctr[7];
}
/* Blocks from ctr on before its low byte c wraps (the precomputation holds). */
static size_t hight_ctr_room(const uint8_t *ctr) { return 256u - ctr[7]; }
#endif

static void hight_setup(void *ks_, const uint8_t *key) {
    hight_ks *ks = (hight_ks *)ks_;
#if defined(ARX_AVR) || defined(ARX_MSP430)
    hight_chip_schedule(ks, key);
#else
    /* Whitening keys (spec, key schedule): WK_i = MK_{i+12} (i < 4), MK_{i-4} (i >= 4). */
    for (unsigned i = 0; i < 4; i++) {
        ks->wk[i] = key[i + 12];
        ks->wk[i + 4] = key[i];
    }
    /*
     * Constants delta_0..delta_127 from the 7-bit LFSR x^7 + x^3 + 1:
     * delta_i = (s_{i+6}, ..., s_i) with s_{i+7} = s_{i+3} ^ s_i, delta_0 = 0x5a.
     * Public, so computing them here on the fly is fine.
     */
    unsigned delta = 0x5a;
    for (unsigned i = 0; i < 8; i++) {
        for (unsigned j = 0; j < 8; j++) {
            unsigned m = (j - i) & 7u;
            /* SK_{16i+j} = MK_{(j-i) mod 8} + delta_{16i+j} */
            ks->sk[16 * i + j] = (uint8_t)(key[m] + delta);
            delta = (delta >> 1) | ((((delta >> 3) ^ delta) & 1u) << 6);
        }
        for (unsigned j = 0; j < 8; j++) {
            unsigned m = ((j - i) & 7u) + 8;
            /* SK_{16i+j+8} = MK_{(j-i) mod 8 + 8} + delta_{16i+j+8} */
            ks->sk[16 * i + j + 8] = (uint8_t)(key[m] + delta);
            delta = (delta >> 1) | ((((delta >> 3) ^ delta) & 1u) << 6);
        }
    }
#if ARX_X86_SIMD
    for (unsigned i = 0; i < 128; i++) memset(ks->skb[i], ks->sk[i], sizeof ks->skb[i]);
    for (unsigned i = 0; i < 8; i++) memset(ks->wkb[i], ks->wk[i], sizeof ks->wkb[i]);
#endif
#endif
}

/*
 * One round i (spec, encryption), with subkeys k = SK_{4i..4i+3}:
 *   X'1 = X0, X'3 = X2, X'5 = X4, X'7 = X6
 *   X'0 = X7 ^ (F0(X6) + SK_{4i+3})
 *   X'2 = X1 + (F1(X0) ^ SK_{4i})
 *   X'4 = X3 ^ (F0(X2) + SK_{4i+1})
 *   X'6 = X5 + (F1(X4) ^ SK_{4i+2})
 * Done in place on the odd bytes; the byte rotation is a renaming: afterwards
 * (X'0, ..., X'7) sit in (x7, x0, x1, x2, x3, x4, x5, x6).
 */
#define HIGHT_ENC_ROUND(x0, x1, x2, x3, x4, x5, x6, x7, k)                                         \
    do {                                                                                           \
        x1 = (uint8_t)(x1 + (hight_f1(x0) ^ (k)[0]));                                              \
        x3 = (uint8_t)(x3 ^ (uint8_t)(hight_f0(x2) + (k)[1]));                                     \
        x5 = (uint8_t)(x5 + (hight_f1(x4) ^ (k)[2]));                                              \
        x7 = (uint8_t)(x7 ^ (uint8_t)(hight_f0(x6) + (k)[3]));                                     \
    } while (0)

/* Exact inverse of HIGHT_ENC_ROUND with the same names (the even bytes are unchanged). */
#define HIGHT_DEC_ROUND(x0, x1, x2, x3, x4, x5, x6, x7, k)                                         \
    do {                                                                                           \
        x1 = (uint8_t)(x1 - (hight_f1(x0) ^ (k)[0]));                                              \
        x3 = (uint8_t)(x3 ^ (uint8_t)(hight_f0(x2) + (k)[1]));                                     \
        x5 = (uint8_t)(x5 - (hight_f1(x4) ^ (k)[2]));                                              \
        x7 = (uint8_t)(x7 ^ (uint8_t)(hight_f0(x6) + (k)[3]));                                     \
    } while (0)

/*
 * The spec's last round (32) skips the byte rotation. Here all 32 rounds
 * rotate by renaming; after 32 = 4 * 8 renamings the names are back in place
 * and the spec's X32_j is our x_{j+1 mod 8} (round 32 undone by one name).
 */
void hight_encrypt_block(const hight_ks *ks, uint8_t *out, const uint8_t *in) {
    /* Initial transformation: X0_0 = P0 + WK0, X0_2 = P2 ^ WK1, X0_4 = P4 + WK2, X0_6 = P6 ^ WK3. */
    uint8_t x0 = (uint8_t)(in[0] + ks->wk[0]), x1 = in[1];
    uint8_t x2 = (uint8_t)(in[2] ^ ks->wk[1]), x3 = in[3];
    uint8_t x4 = (uint8_t)(in[4] + ks->wk[2]), x5 = in[5];
    uint8_t x6 = (uint8_t)(in[6] ^ ks->wk[3]), x7 = in[7];
    const uint8_t *k = ks->sk;
    for (unsigned r = 0; r < 4; r++, k += 32) {
        HIGHT_ENC_ROUND(x0, x1, x2, x3, x4, x5, x6, x7, k);
        HIGHT_ENC_ROUND(x7, x0, x1, x2, x3, x4, x5, x6, k + 4);
        HIGHT_ENC_ROUND(x6, x7, x0, x1, x2, x3, x4, x5, k + 8);
        HIGHT_ENC_ROUND(x5, x6, x7, x0, x1, x2, x3, x4, k + 12);
        HIGHT_ENC_ROUND(x4, x5, x6, x7, x0, x1, x2, x3, k + 16);
        HIGHT_ENC_ROUND(x3, x4, x5, x6, x7, x0, x1, x2, k + 20);
        HIGHT_ENC_ROUND(x2, x3, x4, x5, x6, x7, x0, x1, k + 24);
        HIGHT_ENC_ROUND(x1, x2, x3, x4, x5, x6, x7, x0, k + 28);
    }
    /* Final transformation on X32 = (x1, ..., x7, x0): C0 = X32_0 + WK4, C2 ^ WK5, C4 + WK6, C6 ^ WK7. */
    out[0] = (uint8_t)(x1 + ks->wk[4]);
    out[1] = x2;
    out[2] = (uint8_t)(x3 ^ ks->wk[5]);
    out[3] = x4;
    out[4] = (uint8_t)(x5 + ks->wk[6]);
    out[5] = x6;
    out[6] = (uint8_t)(x7 ^ ks->wk[7]);
    out[7] = x0;
}

void hight_decrypt_block(const hight_ks *ks, uint8_t *out, const uint8_t *in) {
    /* Undo the final transformation into the names hight_encrypt_block ends with. */
    uint8_t x1 = (uint8_t)(in[0] - ks->wk[4]), x2 = in[1];
    uint8_t x3 = (uint8_t)(in[2] ^ ks->wk[5]), x4 = in[3];
    uint8_t x5 = (uint8_t)(in[4] - ks->wk[6]), x6 = in[5];
    uint8_t x7 = (uint8_t)(in[6] ^ ks->wk[7]), x0 = in[7];
    const uint8_t *k = ks->sk + 96;
    for (unsigned r = 0; r < 4; r++, k -= 32) {
        HIGHT_DEC_ROUND(x1, x2, x3, x4, x5, x6, x7, x0, k + 28);
        HIGHT_DEC_ROUND(x2, x3, x4, x5, x6, x7, x0, x1, k + 24);
        HIGHT_DEC_ROUND(x3, x4, x5, x6, x7, x0, x1, x2, k + 20);
        HIGHT_DEC_ROUND(x4, x5, x6, x7, x0, x1, x2, x3, k + 16);
        HIGHT_DEC_ROUND(x5, x6, x7, x0, x1, x2, x3, x4, k + 12);
        HIGHT_DEC_ROUND(x6, x7, x0, x1, x2, x3, x4, x5, k + 8);
        HIGHT_DEC_ROUND(x7, x0, x1, x2, x3, x4, x5, x6, k + 4);
        HIGHT_DEC_ROUND(x0, x1, x2, x3, x4, x5, x6, x7, k);
    }
    /* Undo the initial transformation. */
    out[0] = (uint8_t)(x0 - ks->wk[0]);
    out[1] = x1;
    out[2] = (uint8_t)(x2 ^ ks->wk[1]);
    out[3] = x3;
    out[4] = (uint8_t)(x4 - ks->wk[2]);
    out[5] = x5;
    out[6] = (uint8_t)(x6 ^ ks->wk[3]);
    out[7] = x7;
}

static void hight_ref_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    for (size_t i = 0; i < nblocks; i++) hight_encrypt_block((const hight_ks *)ks, out + 8 * i, in + 8 * i);
}

static void hight_ref_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    for (size_t i = 0; i < nblocks; i++) hight_decrypt_block((const hight_ks *)ks, out + 8 * i, in + 8 * i);
}

/* Counter mode one block at a time: the SIMD kernels' tails (the ref backend
 * itself leaves CTR to the generic mode code). */
void hight_ref_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_ctr_by_block(hight_ref_encrypt, ks, 8, ctr, out, in, nblocks);
}

static const arx_backend hight_ref_backend = {"ref", 0, 1, hight_ref_encrypt, hight_ref_decrypt, NULL};

#if ARX_X86_SIMD
static const arx_backend hight_sse2_backend = {"sse2", ARX_REQ_SSE2, 16,
                                               hight_sse2_encrypt, hight_sse2_decrypt, hight_sse2_ctr};
static const arx_backend hight_avx2_backend = {"avx2", ARX_REQ_AVX2, 32,
                                               hight_avx2_encrypt, hight_avx2_decrypt, hight_avx2_ctr,
                                               .many_lanes = 8, .ctr_many = hight_avx2_ctr_many};
/* The AVX-512 kernel needs GFNI (gf2p8affineqb for F0, F1). */
static const arx_backend hight_avx512_backend = {"avx512", ARX_REQ_AVX512 | ARX_CPU_GFNI, 64,
                                                 hight_avx512_encrypt, hight_avx512_decrypt,
                                                 hight_avx512_ctr, .many_lanes = 16,
                                                 .ctr_many = hight_avx512_ctr_many};
#define HIGHT_BACKENDS                                                                             \
    &hight_ref_backend, &hight_sse2_backend, &hight_avx2_backend, &hight_avx512_backend, NULL
#elif ARX_ARM_NEON
static const arx_backend hight_neon_backend = {"neon", ARX_REQ_NEON, 16,
                                               hight_neon_encrypt, hight_neon_decrypt, hight_neon_ctr,
                                               .many_lanes = 4, .ctr_many = hight_neon_ctr_many};
#define HIGHT_BACKENDS &hight_ref_backend, &hight_neon_backend, NULL
#elif ARX_WASM_SIMD
static const arx_backend hight_wasm_backend = {"wasm", ARX_REQ_WASM, 16,
                                               hight_wasm_encrypt, hight_wasm_decrypt, hight_wasm_ctr,
                                               .many_lanes = 4, .ctr_many = hight_wasm_ctr_many};
#define HIGHT_BACKENDS &hight_ref_backend, &hight_wasm_backend, NULL
#elif defined(ARX_AVR) /* hight_avr.S (two blocks a pass), generated by embedded/gen/hight_avr.py */
void hight_avr_encrypt2(const void *ks, uint8_t *out, const uint8_t *in, size_t npairs);
void hight_avr_decrypt2(const void *ks, uint8_t *out, const uint8_t *in, size_t npairs);
static void hight_avr_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_run_pairs(hight_avr_encrypt2, ks, out, in, nblocks);
}
static void hight_avr_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_run_pairs(hight_avr_decrypt2, ks, out, in, nblocks);
}
/* CTR: hight_ctr_avr.S (embedded/gen/hight_ctr_avr.py), two blocks a pass,
 * starts at round 2 from hight_ctr_precompute's state; pre[8] = c is
 * advanced by the kernel. A call
 * is split where c wraps (a block at c = 255 goes alone): the split depends
 * on the public counter and length only; every pair costs the same. */
void hight_avr_ctr2(const void *ks, uint8_t *pre, uint8_t *out, const uint8_t *in, size_t npairs);
static void hight_avr_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_mcu_ctr_split(hight_avr_ctr2, hight_ctr_precompute, hight_ctr_room, 2, hight_avr_encrypt, ks, ctr, out, in,
                      nblocks);
}
static const arx_backend hight_avr_backend = {"avr", 0, 2, hight_avr_encrypt, hight_avr_decrypt, hight_avr_ctr};
#define HIGHT_BACKENDS &hight_ref_backend, &hight_avr_backend, NULL
#elif defined(ARX_MSP430) /* hight_msp430.S, generated by embedded/gen/hight_msp430.py */
void hight_msp430_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void hight_msp430_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
/* CTR: hight_ctr_msp430.S (embedded/gen/hight_ctr_msp430.py), one block a
 * pass from hight_ctr_precompute's state (pre[8] = c advanced by the
 * kernel), the data xored byte by byte (any alignment); a call is split
 * where c wraps, by the public counter and length. */
void hight_msp430_ctr_run(const void *ks, uint8_t *pre, uint8_t *out, const uint8_t *in, size_t nblocks);
static void hight_msp430_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    arx_mcu_ctr_split(hight_msp430_ctr_run, hight_ctr_precompute, hight_ctr_room, 1, hight_msp430_encrypt, ks, ctr,
                      out, in, nblocks);
}
static const arx_backend hight_msp430_backend = {"msp430", 0, 1, hight_msp430_encrypt, hight_msp430_decrypt,
                                                 hight_msp430_ctr};
#define HIGHT_BACKENDS &hight_ref_backend, &hight_msp430_backend, NULL
#elif defined(ARX_HAVE_ARMV7M) || defined(ARX_HAVE_RV32I)
/* hight_armv7m.S and hight_rv32i.S, generated by
 * embedded/gen/hight_{armv7m,rv32i}.py: one block at a time over
 * 4-byte-aligned buffers, others through the reference, CTR eight counter
 * blocks a call (cipher.h: ARX_MCU64_BACKEND). */
_Static_assert(offsetof(hight_ks, sk) == 8, "hight_*.S read wk[8] then sk[128]");
#ifdef ARX_HAVE_ARMV7M
#define HIGHT_K(dir) hight_armv7m_##dir
#define HIGHT_ISA "armv7m"
#else
#define HIGHT_K(dir) hight_rv32i_##dir
#define HIGHT_ISA "rv32i"
#endif
void HIGHT_K(encrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void HIGHT_K(decrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
ARX_MCU64_BACKEND(hight_mcu_backend, HIGHT_ISA, 1, HIGHT_K(encrypt), HIGHT_K(decrypt), hight_ref_encrypt,
                  hight_ref_decrypt)
#define HIGHT_BACKENDS &hight_ref_backend, &hight_mcu_backend, NULL
#else
#define HIGHT_BACKENDS &hight_ref_backend, NULL
#endif
#if defined(ARX_AVR) || defined(ARX_MSP430)
_Static_assert(offsetof(hight_ks, sk) == 8, "hight_avr.S / hight_msp430.S read wk[8] then sk[128]");
#endif

const arx_cipher_desc arx_desc_hight = {
    "hight", "hight", 8, 16, sizeof(hight_ks), hight_setup, {HIGHT_BACKENDS},
};
