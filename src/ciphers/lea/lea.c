/*
 * LEA-128/192/256: 128-bit block cipher, KS X 3246 / ISO/IEC 29192-2.
 * Hong et al., "LEA: A 128-Bit Block Cipher for Fast Encryption on Common
 * Processors", WISA 2013. Portable reference: round keys expanded in setup,
 * four rounds unrolled per loop step so the state never shifts between
 * variables. Byte order as the KISA reference: the block and the key are
 * 32-bit little-endian words, word 0 first.
 */
#include "lea.h"

#ifdef ARX_MSP430
#include <stddef.h>
/* lea_msp430.S reads this offset. */
_Static_assert(offsetof(lea_ks, rounds) == 768, "lea_msp430.S offsets");
/* MSP430: rk holds each round's words in the order the encryption kernel
 * reads them, RK4 RK5 RK2 RK3 RK0 RK1 (one layout: the setup writes it, the
 * kernels, the reference and the CTR precomputation read it); rk[i][LEA_RK(j)]
 * is RK_j of round i. Every other build keeps RK0..RK5. */
#define LEA_RK(j) (4u - ((j) & 6u) + ((j) & 1u))
#else
#define LEA_RK(j) (j)
#endif

#if defined(ARX_AVR) || defined(ARX_MSP430)
/* The key schedules in assembly, writing rk in this build's order (LEA_RK);
 * constant time, embedded/test.py checks their cycles. AVR: lea_avr.S;
 * MSP430: lea_msp430.S (LEA-128) and lea_key_msp430.S (LEA-192/256). */
#define LEA_CHIP_KEY 1
#ifdef ARX_AVR
#define LEA_CHIP_SCHEDULE(bits) lea##bits##_avr_schedule
#else
#define LEA_CHIP_SCHEDULE(bits) lea##bits##_msp430_schedule
#endif
void LEA_CHIP_SCHEDULE(128)(uint32_t rk[24][6], const uint8_t key[16]);
void LEA_CHIP_SCHEDULE(192)(uint32_t rk[28][6], const uint8_t key[24]);
void LEA_CHIP_SCHEDULE(256)(uint32_t rk[32][6], const uint8_t key[32]);
#else
#define LEA_CHIP_KEY 0
/* Key-schedule constants delta[0..7] (spec: hex digits of sqrt(766995); 76, 69, 65 = "LEA"). */
static const uint32_t lea_delta[8] = {
    0xc3efe9dbu, 0x44626b02u, 0x79e27c8au, 0x78df30ecu,
    0x715ea49eu, 0xc785da0au, 0xe04ef22au, 0xe5c40957u,
};
/* Rotation amount i mod 32 for ROL(delta, i + k), i + k up to 36 for LEA-256. */
#define LEA_D(j, r) arx_rotl32(lea_delta[(j)], (unsigned)(r) & 31u)
#endif

static void lea_setup_128(void *ks_, const uint8_t *key) {
    lea_ks *ks = (lea_ks *)ks_;
#if LEA_CHIP_KEY
    LEA_CHIP_SCHEDULE(128)(ks->rk, key);
    ks->rounds = 24;
#else
    uint32_t t[4];
    for (unsigned k = 0; k < 4; k++) t[k] = arx_load32_le(key + 4 * k);
    for (unsigned i = 0; i < 24; i++) {
        unsigned d = i & 3u;
        t[0] = arx_rotl32(t[0] + LEA_D(d, i), 1);
        t[1] = arx_rotl32(t[1] + LEA_D(d, i + 1), 3);
        t[2] = arx_rotl32(t[2] + LEA_D(d, i + 2), 6);
        t[3] = arx_rotl32(t[3] + LEA_D(d, i + 3), 11);
        /* RK_i = (T0, T1, T2, T1, T3, T1): LEA-128 reuses T1 three times. */
        ks->rk[i][LEA_RK(0)] = t[0];
        ks->rk[i][LEA_RK(1)] = t[1];
        ks->rk[i][LEA_RK(2)] = t[2];
        ks->rk[i][LEA_RK(3)] = t[1];
        ks->rk[i][LEA_RK(4)] = t[3];
        ks->rk[i][LEA_RK(5)] = t[1];
    }
    ks->rounds = 24;
    arx_wipe(t, sizeof t);
#endif
}

static void lea_setup_192(void *ks_, const uint8_t *key) {
    lea_ks *ks = (lea_ks *)ks_;
#if LEA_CHIP_KEY
    LEA_CHIP_SCHEDULE(192)(ks->rk, key);
    ks->rounds = 28;
#else
    static const unsigned rot[6] = {1, 3, 6, 11, 13, 17};
    uint32_t t[6];
    for (unsigned k = 0; k < 6; k++) t[k] = arx_load32_le(key + 4 * k);
    for (unsigned i = 0; i < 28; i++) {
        unsigned d = i % 6u;
        for (unsigned k = 0; k < 6; k++) {
            t[k] = arx_rotl32(t[k] + LEA_D(d, i + k), rot[k]);
            ks->rk[i][LEA_RK(k)] = t[k];
        }
    }
    ks->rounds = 28;
    arx_wipe(t, sizeof t);
#endif
}

static void lea_setup_256(void *ks_, const uint8_t *key) {
    lea_ks *ks = (lea_ks *)ks_;
#if LEA_CHIP_KEY
    LEA_CHIP_SCHEDULE(256)(ks->rk, key);
    ks->rounds = 32;
#else
    static const unsigned rot[6] = {1, 3, 6, 11, 13, 17};
    uint32_t t[8];
    for (unsigned k = 0; k < 8; k++) t[k] = arx_load32_le(key + 4 * k);
    for (unsigned i = 0; i < 32; i++) {
        unsigned d = i & 7u;
        /* Round i updates the six words T[(6i + k) mod 8], k = 0..5 (public indices). */
        for (unsigned k = 0; k < 6; k++) {
            unsigned w = (6u * i + k) & 7u;
            t[w] = arx_rotl32(t[w] + LEA_D(d, i + k), rot[k]);
            ks->rk[i][LEA_RK(k)] = t[w];
        }
    }
    ks->rounds = 32;
    arx_wipe(t, sizeof t);
#endif
}

/*
 * One round (spec, encryption) with the output word order rotated by name:
 * the new X[3] is the old X[0], so the caller renames instead of moving words.
 *   X'[0] = ROL9((X0 ^ RK0) + (X1 ^ RK1))
 *   X'[1] = ROR5((X1 ^ RK2) + (X2 ^ RK3))
 *   X'[2] = ROR3((X2 ^ RK4) + (X3 ^ RK5))
 *   X'[3] = X0
 * Computed in place, last word first so every input is read before it is
 * overwritten: afterwards (X'0, X'1, X'2, X'3) sit in (x1, x2, x3, x0).
 */
#define LEA_ENC_ROUND(x0, x1, x2, x3, rk)                                                          \
    do {                                                                                           \
        x3 = arx_rotr32((x2 ^ (rk)[LEA_RK(4)]) + (x3 ^ (rk)[LEA_RK(5)]), 3);                        \
        x2 = arx_rotr32((x1 ^ (rk)[LEA_RK(2)]) + (x2 ^ (rk)[LEA_RK(3)]), 5);                        \
        x1 = arx_rotl32((x0 ^ (rk)[LEA_RK(0)]) + (x1 ^ (rk)[LEA_RK(1)]), 9);                        \
    } while (0)

/* Inverse round, same argument names: from (X'0, X'1, X'2, X'3) in (x1, x2, x3, x0)
 * recover X1, X2, X3 in order (X0 = X'3 is already in x0). */
#define LEA_DEC_ROUND(x0, x1, x2, x3, rk)                                                          \
    do {                                                                                           \
        x1 = (arx_rotr32(x1, 9) - (x0 ^ (rk)[LEA_RK(0)])) ^ (rk)[LEA_RK(1)];                        \
        x2 = (arx_rotl32(x2, 5) - (x1 ^ (rk)[LEA_RK(2)])) ^ (rk)[LEA_RK(3)];                        \
        x3 = (arx_rotl32(x3, 3) - (x2 ^ (rk)[LEA_RK(4)])) ^ (rk)[LEA_RK(5)];                        \
    } while (0)

static void lea_encrypt_block(const lea_ks *ks, uint8_t *out, const uint8_t *in) {
    uint32_t a = arx_load32_le(in), b = arx_load32_le(in + 4);
    uint32_t c = arx_load32_le(in + 8), d = arx_load32_le(in + 12);
    /* Round counts (24/28/32) are multiples of 4, so the names come back in place. */
    for (unsigned i = 0; i < ks->rounds; i += 4) {
        LEA_ENC_ROUND(a, b, c, d, ks->rk[i]);     /* state now (b, c, d, a) */
        LEA_ENC_ROUND(b, c, d, a, ks->rk[i + 1]); /* (c, d, a, b) */
        LEA_ENC_ROUND(c, d, a, b, ks->rk[i + 2]); /* (d, a, b, c) */
        LEA_ENC_ROUND(d, a, b, c, ks->rk[i + 3]); /* (a, b, c, d) */
    }
    arx_store32_le(out, a);
    arx_store32_le(out + 4, b);
    arx_store32_le(out + 8, c);
    arx_store32_le(out + 12, d);
}

static void lea_decrypt_block(const lea_ks *ks, uint8_t *out, const uint8_t *in) {
    uint32_t a = arx_load32_le(in), b = arx_load32_le(in + 4);
    uint32_t c = arx_load32_le(in + 8), d = arx_load32_le(in + 12);
    /* Undo the encryption rounds last to first; the names mirror lea_encrypt_block. */
    for (unsigned i = ks->rounds; i != 0; i -= 4) {
        LEA_DEC_ROUND(d, a, b, c, ks->rk[i - 1]);
        LEA_DEC_ROUND(c, d, a, b, ks->rk[i - 2]);
        LEA_DEC_ROUND(b, c, d, a, ks->rk[i - 3]);
        LEA_DEC_ROUND(a, b, c, d, ks->rk[i - 4]);
    }
    arx_store32_le(out, a);
    arx_store32_le(out + 4, b);
    arx_store32_le(out + 8, c);
    arx_store32_le(out + 12, d);
}

void lea_ref_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    for (size_t i = 0; i < nblocks; i++) lea_encrypt_block((const lea_ks *)ks, out + 16 * i, in + 16 * i);
}

void lea_ref_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    for (size_t i = 0; i < nblocks; i++) lea_decrypt_block((const lea_ks *)ks, out + 16 * i, in + 16 * i);
}

/* Rounds 0..3 with X3 left out; the derivation is in lea.h. */
void lea_ctr_precompute(const lea_ks *ks, const uint8_t ctr[16], lea_ctr_pre *pc) {
    const uint32_t *k0 = ks->rk[0], *k1 = ks->rk[1], *k2 = ks->rk[2], *k3 = ks->rk[3];
    uint32_t x0 = arx_load32_le(ctr), x1 = arx_load32_le(ctr + 4), x2 = arx_load32_le(ctr + 8);
    uint32_t y0 = arx_rotl32((x0 ^ k0[LEA_RK(0)]) + (x1 ^ k0[LEA_RK(1)]), 9);
    uint32_t y1 = arx_rotr32((x1 ^ k0[LEA_RK(2)]) + (x2 ^ k0[LEA_RK(3)]), 5);
    uint32_t z0 = arx_rotl32((y0 ^ k1[LEA_RK(0)]) + (y1 ^ k1[LEA_RK(1)]), 9);
    pc->c[0] = x2 ^ k0[LEA_RK(4)];
    pc->c[1] = y1 ^ k1[LEA_RK(2)];
    pc->c[2] = x0 ^ k1[LEA_RK(5)];
    pc->c[3] = z0 ^ k2[LEA_RK(0)];
    pc->c[4] = y0 ^ k2[LEA_RK(5)];
    pc->c[5] = z0 ^ k3[LEA_RK(5)];
}

static const arx_backend lea_ref_backend = {"ref", 0, 1, lea_ref_encrypt, lea_ref_decrypt, NULL};

#ifdef ARX_HAVE_RV32I
/* LEA in RV32I assembly (lea_rv32i.S, embedded/ builds) over 4-byte-aligned
 * buffers; other buffers (alignment is public) take the reference. LEA-128:
 * encryption, decryption and CTR with the precomputation of lea.h;
 * LEA-192/256: encryption and decryption (one pair of entry points reading
 * ks->rounds), CTR four counter blocks at a time over the encryption
 * (arx_ctr128_batched). */
void lea128_rv32i_encrypt_aligned(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void lea128_rv32i_decrypt_aligned(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void lea_rv32i_encrypt_aligned_wide(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void lea_rv32i_decrypt_aligned_wide(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
/* lea_rv32i.S reads the round count at this offset (LEA_KS_ROUNDS) */
_Static_assert(offsetof(lea_ks, rounds) == 768, "lea_rv32i.S: LEA_KS_ROUNDS");
void lea128_rv32i_ctr_run(const lea_ks *ks, const lea_ctr_pre *pc, uint32_t low, uint8_t *out,
                          const uint8_t *in, size_t nblocks);


static void lea128_rv32i_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    if (arx_aligned4(out, in)) lea128_rv32i_encrypt_aligned(ks, out, in, nblocks);
    else lea_ref_encrypt(ks, out, in, nblocks);
}

static void lea128_rv32i_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    if (arx_aligned4(out, in)) lea128_rv32i_decrypt_aligned(ks, out, in, nblocks);
    else lea_ref_decrypt(ks, out, in, nblocks);
}

static void lea128_rv32i_ctr(const void *ks_, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    const lea_ks *ks = (const lea_ks *)ks_;
    if (!arx_aligned4(out, in)) {
        arx_ctr_by_block(lea_ref_encrypt, ks, 16, ctr, out, in, nblocks);
        return;
    }
    while (nblocks) {
        /* Runs over which only the counter's low 32 bits change (the counter
         * is the public IV: branching on its wrap point reveals nothing). */
        uint32_t low = arx_load32_be(ctr + 12);
        uint64_t room = ((uint64_t)1 << 32) - low;
        size_t run = (uint64_t)nblocks < room ? nblocks : (size_t)room;
        lea_ctr_pre pc;
        lea_ctr_precompute(ks, ctr, &pc);
        lea128_rv32i_ctr_run(ks, &pc, low, out, in, run);
        arx_wipe(&pc, sizeof pc);
        lea_ctr_add(ctr, run);
        out += 16 * run;
        in += 16 * run;
        nblocks -= run;
    }
}

static const arx_backend lea_rv32i_backend = {"rv32i", 0, 1, lea128_rv32i_encrypt, lea128_rv32i_decrypt,
                                              lea128_rv32i_ctr};
ARX_MCU128_BACKEND(lea_rv32i_wide_backend, "rv32i", lea_rv32i_encrypt_aligned_wide, lea_rv32i_decrypt_aligned_wide,
                   lea_ref_encrypt, lea_ref_decrypt)
#endif

#ifdef ARX_AVR
#include <stddef.h>
/* LEA-128 in AVR assembly (lea_avr.S, generated by
 * embedded/gen/lea_avr.py; embedded/ builds only): encryption and
 * decryption, reading the C schedule as is. */
void lea128_avr_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void lea128_avr_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);

/* CTR with the precomputation of lea.h: lea128_avr_ctr_run reads this block
 * through Y (the offsets are the assembly's) and fills pc itself. */
typedef struct {
    lea_ctr_pre pc;
    uint8_t ctr[4]; /* counter bytes 12..15, advanced by the kernel */
    const uint8_t *in;
    uint8_t *out;
    size_t n;
    const lea_ks *ks;
    uint8_t iv[12]; /* counter bytes 0..11 */
} lea_avr_ctr;
_Static_assert(offsetof(lea_avr_ctr, ctr) == 24 && offsetof(lea_avr_ctr, in) == 28 && offsetof(lea_avr_ctr, out) == 30 &&
                   offsetof(lea_avr_ctr, n) == 32 && offsetof(lea_avr_ctr, ks) == 34 && offsetof(lea_avr_ctr, iv) == 36,
               "lea_avr.S offsets");
void lea128_avr_ctr_run(lea_avr_ctr *a);
/* The same for LEA-192/256 (reads ks->rounds at 768). */
void lea_avr_ctr_run(lea_avr_ctr *a);

static void lea_avr_ctr_runs(void (*run_fn)(lea_avr_ctr *), const void *ks, uint8_t *ctr, uint8_t *out,
                             const uint8_t *in, size_t nblocks) {
    while (nblocks) {
        /* Runs over which only the counter's low 32 bits change. A run ends
         * where the low word wraps (the counter is public; the loop's second
         * pass is the only branch on it); the run length and the carry are
         * computed without branches, so that every counter that wraps inside
         * a call costs the same, and so does every other one (embedded/test.py's
         * ctr and ctr-wrap counts). */
        uint8_t wrap;
        const size_t run = arx_mcu_run32(ctr + 12, nblocks, &wrap);
        lea_avr_ctr a;
        memcpy(a.iv, ctr, 12);
        memcpy(a.ctr, ctr + 12, 4);
        a.in = in;
        a.out = out;
        a.n = run;
        a.ks = (const lea_ks *)ks;
        run_fn(&a);
        memcpy(ctr + 12, a.ctr, 4);
        arx_wipe(&a.pc, sizeof a.pc); /* the rest is the public counter and pointers */
        arx_mcu_ctr_carry(ctr, 12, wrap); /* carry into bytes 0..11, always run: constant cycles */
        out += 16 * run;
        in += 16 * run;
        nblocks -= run;
    }
}

static void lea128_avr_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    lea_avr_ctr_runs(lea128_avr_ctr_run, ks, ctr, out, in, nblocks);
}

static void lea_avr_ctr_wide(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    lea_avr_ctr_runs(lea_avr_ctr_run, ks, ctr, out, in, nblocks);
}

static const arx_backend lea_avr_backend = {"avr", 0, 1, lea128_avr_encrypt, lea128_avr_decrypt, lea128_avr_ctr};
/* LEA-192/256: the same rounds with six round-key words loaded a round, the
 * round count read from the schedule (lea_avr.S reads these offsets). */
_Static_assert(offsetof(lea_ks, rounds) == 768 && sizeof(unsigned) == 2, "lea_avr.S offsets");
void lea_avr_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void lea_avr_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
/* CTR: the precomputation of lea.h as LEA-128's (lea_avr_ctr_runs). */
static const arx_backend lea_avr6_backend = {"avr", 0, 1, lea_avr_encrypt, lea_avr_decrypt, lea_avr_ctr_wide};
#endif

#ifdef ARX_MSP430
/* LEA-128/192/256 in MSP430 assembly (lea_msp430.S, generated by
 * embedded/gen/lea_msp430.py; embedded/ builds only): encryption over rk
 * read forwards, decryption the rounds backwards, and CTR with the
 * precomputation of lea.h (lea_msp430_ctr_run, one kernel for the three key
 * sizes): per run of counters whose low 32 bits do not wrap, c[] once, then
 * rounds 0..3 only for what depends on X3, rounds 4.. as the encryption
 * kernel (ks->rounds / 4 - 1 loops of 4). Odd buffers (alignment is
 * public) go block by block through the encryption kernel. */
void lea_msp430_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void lea_msp430_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
typedef struct {
    lea_ctr_pre pre; /* c[0..5] at offset 0 */
    uint32_t low;    /* 24: the counter's low 32 bits, big-endian value */
    size_t n;        /* 28: blocks in the run, > 0 */
} lea_msp430_ctr;
_Static_assert(offsetof(lea_msp430_ctr, low) == 24 && offsetof(lea_msp430_ctr, n) == 28, "lea_msp430.S offsets");
void lea_msp430_ctr_run(const lea_ks *ks, lea_msp430_ctr *st, uint8_t *out, const uint8_t *in);

static void lea_msp430_ctr_xor(const void *ks_, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    const lea_ks *ks = (const lea_ks *)ks_;
    if (((uintptr_t)out | (uintptr_t)in) & 1u) {
        arx_ctr_by_block(lea_msp430_encrypt, ks, 16, ctr, out, in, nblocks);
        return;
    }
    while (nblocks) {
        /* A run ends where the low word wraps (the counter is public; the
         * loop's second pass is the only branch on it). The run length and
         * the carry are computed without branches, so that every counter
         * that wraps inside a call costs the same, and so does every other
         * one (embedded/test.py's ctr and ctr-wrap counts). */
        lea_msp430_ctr st;
        st.low = arx_load32_be(ctr + 12);
        uint8_t wrap;
        const size_t run = arx_mcu_run32(ctr + 12, nblocks, &wrap);
        st.n = run;
        lea_ctr_precompute(ks, ctr, &st.pre);
        lea_msp430_ctr_run(ks, &st, out, in); /* st.low += run, modulo 2^32 */
        arx_store32_be(ctr + 12, st.low);
        arx_wipe(&st, sizeof st);
        arx_mcu_ctr_carry(ctr, 12, wrap); /* carry into bytes 0..11, always run: constant cycles */
        out += 16 * run;
        in += 16 * run;
        nblocks -= run;
    }
}
static const arx_backend lea_msp430_backend = {"msp430", 0, 1, lea_msp430_encrypt, lea_msp430_decrypt,
                                               lea_msp430_ctr_xor};
#endif

#ifdef ARX_HAVE_ARMV7M
/* LEA-128 in ARMv7-M assembly (lea_armv7m.S, Cortex-M3/M4 embedded/ builds):
 * encryption, decryption and CTR over 4-byte-aligned buffers (ldm/stm);
 * other buffers (alignment is public) take the reference. */
void lea128_armv7m_encrypt_aligned(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void lea128_armv7m_decrypt_aligned(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void lea128_armv7m_ctr_run(const lea_ks *ks, const uint32_t x[3], uint32_t low, uint8_t *out,
                           const uint8_t *in, size_t nblocks);


static void lea128_armv7m_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    if (arx_aligned4(out, in)) lea128_armv7m_encrypt_aligned(ks, out, in, nblocks);
    else lea_ref_encrypt(ks, out, in, nblocks);
}

static void lea128_armv7m_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    if (arx_aligned4(out, in)) lea128_armv7m_decrypt_aligned(ks, out, in, nblocks);
    else lea_ref_decrypt(ks, out, in, nblocks);
}

static void lea128_armv7m_ctr(const void *ks_, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    const lea_ks *ks = (const lea_ks *)ks_;
    if (!arx_aligned4(out, in)) {
        arx_ctr_by_block(lea_ref_encrypt, ks, 16, ctr, out, in, nblocks);
        return;
    }
    while (nblocks) {
        /* Runs over which only the counter's low 32 bits change (the counter
         * is the public IV: branching on its wrap point reveals nothing). */
        uint32_t low = arx_load32_be(ctr + 12);
        uint64_t room = ((uint64_t)1 << 32) - low;
        size_t run = (uint64_t)nblocks < room ? nblocks : (size_t)room;
        const uint32_t x[3] = {arx_load32_le(ctr), arx_load32_le(ctr + 4), arx_load32_le(ctr + 8)};
        lea128_armv7m_ctr_run(ks, x, low, out, in, run);
        lea_ctr_add(ctr, run);
        out += 16 * run;
        in += 16 * run;
        nblocks -= run;
    }
}

static const arx_backend lea_armv7m_backend = {"armv7m", 0, 1, lea128_armv7m_encrypt, lea128_armv7m_decrypt,
                                               lea128_armv7m_ctr};

/* LEA-192/256 (lea_wide_armv7m.S, generated by embedded/gen/lea_wide_armv7m.py):
 * one entry point per round count, picked by ks->rounds (public); CTR four
 * counter blocks at a time over the encryption. */
void lea_armv7m_encrypt_aligned_28(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void lea_armv7m_decrypt_aligned_28(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void lea_armv7m_encrypt_aligned_32(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void lea_armv7m_decrypt_aligned_32(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);

static void lea_armv7m_encrypt_wide(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    if (((const lea_ks *)ks)->rounds == 28) lea_armv7m_encrypt_aligned_28(ks, out, in, nblocks);
    else lea_armv7m_encrypt_aligned_32(ks, out, in, nblocks);
}

static void lea_armv7m_decrypt_wide(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks) {
    if (((const lea_ks *)ks)->rounds == 28) lea_armv7m_decrypt_aligned_28(ks, out, in, nblocks);
    else lea_armv7m_decrypt_aligned_32(ks, out, in, nblocks);
}

ARX_MCU128_BACKEND(lea_armv7m_wide_backend, "armv7m", lea_armv7m_encrypt_wide, lea_armv7m_decrypt_wide, lea_ref_encrypt,
                   lea_ref_decrypt)
#endif

/* Reference first, then narrow to wide: the key picks the last one the CPU runs. */
#if ARX_X86_SIMD
#define LEA_BACKENDS {&lea_ref_backend, &lea_sse2_backend, &lea_avx2_backend, &lea_avx512_backend, NULL}
#elif ARX_ARM_NEON
#define LEA_BACKENDS {&lea_ref_backend, &lea_neon_backend, NULL}
#elif ARX_WASM_SIMD
#define LEA_BACKENDS {&lea_ref_backend, &lea_wasm_backend, NULL}
#elif defined(ARX_MSP430)
#define LEA_BACKENDS {&lea_ref_backend, &lea_msp430_backend, NULL}
#elif defined(ARX_AVR)
#define LEA_BACKENDS {&lea_ref_backend, &lea_avr6_backend, NULL}
#else
#define LEA_BACKENDS {&lea_ref_backend, NULL}
#endif

#ifdef ARX_HAVE_RV32I
#define LEA128_BACKENDS {&lea_ref_backend, &lea_rv32i_backend, NULL}
#elif defined(ARX_AVR)
#define LEA128_BACKENDS {&lea_ref_backend, &lea_avr_backend, NULL}
#elif defined(ARX_HAVE_ARMV7M)
#define LEA128_BACKENDS {&lea_ref_backend, &lea_armv7m_backend, NULL}
#else /* MSP430 included: lea_msp430_backend has CTR for the three key sizes */
#define LEA128_BACKENDS LEA_BACKENDS
#endif

/* LEA-192/256 */
#ifdef ARX_HAVE_RV32I
#define LEA_WIDE_BACKENDS {&lea_ref_backend, &lea_rv32i_wide_backend, NULL}
#elif defined(ARX_HAVE_ARMV7M)
#define LEA_WIDE_BACKENDS {&lea_ref_backend, &lea_armv7m_wide_backend, NULL}
#else
#define LEA_WIDE_BACKENDS LEA_BACKENDS
#endif

const arx_cipher_desc arx_desc_lea_128 = {
    "lea-128", "lea", 16, 16, sizeof(lea_ks), lea_setup_128, LEA128_BACKENDS,
};
const arx_cipher_desc arx_desc_lea_192 = {
    "lea-192", "lea", 16, 24, sizeof(lea_ks), lea_setup_192, LEA_WIDE_BACKENDS,
};
const arx_cipher_desc arx_desc_lea_256 = {
    "lea-256", "lea", 16, 32, sizeof(lea_ks), lea_setup_256, LEA_WIDE_BACKENDS,
};
