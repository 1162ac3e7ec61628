/*
 * CHAM, ARM NEON (AArch64, and ARMv7 with -mfpu=neon): two backends.
 *
 * "neon": the word-sliced kernels of cham.h over 128-bit vectors, 8 CHAM-64
 * or 4 CHAM-128 blocks per batch. zip1/zip2 (vzip on ARMv7) are SSE2's
 * unpacks, so the transposes carry over; 16-bit rotations by 8 are one
 * vrev16, 32-bit ones by 16 one vrev32 and by 8 or 24 one table lookup, the
 * others shl + sri (src/ciphers/neon.h). The narrowest ARM backend: its tails
 * run as one zero-padded batch.
 *
 * "neon-arm" (CHAM-64 only): after Seo et al., "Parallel implementations of
 * CHAM" (the Raspberry Pi 3 kernel that interleaves ARM and NEON code). Each
 * pass encrypts 3 NEON batches (24 blocks) and 4 more blocks in general
 * registers, 16-bit words of several blocks packed in one register, in one
 * loop: the in-order Cortex-A53 issues two instructions a cycle but has one
 * NEON pipe, so the general-register rounds fill the other issue slot. ARMv7
 * packs two blocks' words per 32-bit register with the ARMv6 SIMD adds
 * (uadd16/usub16) and rev16; AArch64, which has no 16-bit lane add in its
 * general registers, packs four per 64-bit register and keeps carries inside
 * the lanes with masks (six instructions per add, see p_add).
 *
 * Per four rounds of one batch the NEON kernel needs 22 vector instructions
 * (4 adds, 8 XORs with round keys and indexes, 2 vrev16 and 4 two-instruction
 * rotations by 1 or 2): 80 rounds of 8 blocks are at least 440 cycles on a
 * core that runs one NEON instruction per cycle (Cortex-A53), 6.9 cycles per
 * byte. llvm-mca (bench/mca/run.sh, clang 14, CHAM-64/128-legacy, whole
 * passes with loads and stores) predicts: CTR 7.8 cpb on Cortex-A53 (bound
 * 6.8), 3.5 on Cortex-A72; neon-arm CTR 10.4 on A53 (bound 5.8) and 4.1 on
 * A72, enc 11.9 / 4.6, dec 14.9 / 5.4 (neon: 8.3 / 4.0, 12.3 / 6.2). So
 * neon-arm is not the default. LLVM 14's A53 model writes results back in
 * program order: a general-register instruction (latency 3) issues no
 * earlier than 3 cycles after the NEON one (latency 6) before it, so one
 * NEON and one scalar instruction per cycle, the pairing this kernel is
 * after, cannot happen there; scalar work only runs in stretches of its own,
 * two instructions a cycle, after a 2-cycle gap. At 11 general-register
 * instructions per block and 4 rounds against NEON's 2.75 that costs more
 * than the 4 blocks bring (a hand-scheduled group body: 73 cycles per group
 * for NEON alone, 24 blocks; 108 with the 4 scalar blocks in one stretch,
 * 170 alternating). The fences (ARM_FENCE_MID/END) give each group exactly
 * that shape, which is what took CTR from 14.4 cpb and A72 from 4.7.
 */
#include "cipher.h"
#if ARX_ARM_NEON
#include "ciphers/neon.h"
#include "internal.h"

#define V uint32x4_t
#define VB 16
#define V_LOADU(p) NEON_FROM8(vld1q_u8((const uint8_t *)(const void *)(p)))
#define V_STOREU(p, x) vst1q_u8((uint8_t *)(void *)(p), NEON_U8(x))
#define V_ROW(row) vld1q_u32(row)
#define V_XOR veorq_u32
#define V_ADD16(a, b) NEON_FROM16(vaddq_u16(NEON_U16(a), NEON_U16(b)))
#define V_SUB16(a, b) NEON_FROM16(vsubq_u16(NEON_U16(a), NEON_U16(b)))
#define V_ADD32 vaddq_u32
#define V_SUB32 vsubq_u32
#define V_SET1_16(x) NEON_FROM16(vdupq_n_u16((uint16_t)(x)))
#define V_SET1_32(x) vdupq_n_u32((uint32_t)(x))
#define V_ROL16 NEON_ROL16
#define V_ROL32 NEON_ROL32
#define V_BSWAP32(x) NEON_FROM8(vrev32q_u8(NEON_U8(x)))
#define V_UNPACKLO16 NEON_ZIPLO16
#define V_UNPACKHI16 NEON_ZIPHI16
#define V_UNPACKLO32 NEON_ZIPLO32
#define V_UNPACKHI32 NEON_ZIPHI32
#define V_UNPACKLO64 NEON_ZIPLO64
#define V_UNPACKHI64 NEON_ZIPHI64

/*
 * Batches side by side. The Cortex-A53 model gives every NEON instruction a
 * latency of 6 cycles and issues in order, so one batch stalls on its own
 * chains: three give llvm-mca's A53 model enough independent work (resource
 * bound 6.8 cpb, predicted 7.8 for CHAM-64/128-legacy CTR). ARMv7 has 16 q
 * registers: three batches' 12 words leave too few for temporaries.
 */
#if defined(__aarch64__)
#define CHAM_INTERLEAVE 3
#define CHAM_INTERLEAVE_DEC 3
#else
#define CHAM_INTERLEAVE 2
#define CHAM_INTERLEAVE_DEC 2
#endif

/* llvm-mca regions: one pass of each batch loop, named kernel:bytes. */
#define CHAM_MCA_BEGIN(tag) ARX_MCA_BEGIN(CHAM_MCA_##tag)
#define CHAM_MCA_END(tag) ARX_MCA_END(CHAM_MCA_##tag)
#if defined(__aarch64__)
#define CHAM_MCA_enc64 "cham64_neon_enc:192"
#define CHAM_MCA_dec64 "cham64_neon_dec:192"
#define CHAM_MCA_ctr64 "cham64_neon_ctr:192"
#define CHAM_MCA_enc128 "cham128_neon_enc:192"
#define CHAM_MCA_dec128 "cham128_neon_dec:192"
#define CHAM_MCA_ctr128 "cham128_neon_ctr:192"
#else
#define CHAM_MCA_enc64 "cham64_neon_enc:128"
#define CHAM_MCA_dec64 "cham64_neon_dec:128"
#define CHAM_MCA_ctr64 "cham64_neon_ctr:128"
#define CHAM_MCA_enc128 "cham128_neon_enc:128"
#define CHAM_MCA_dec128 "cham128_neon_dec:128"
#define CHAM_MCA_ctr128 "cham128_neon_ctr:128"
#endif
_Static_assert(CHAM_INTERLEAVE * 4 * VB == (CHAM_INTERLEAVE == 3 ? 192 : 128), "CHAM_MCA_* byte counts");
_Static_assert(CHAM_INTERLEAVE_DEC == CHAM_INTERLEAVE, "CHAM_MCA_dec* byte counts");

/* Lane-per-message CHAM (cham.h, ../many_simd.h; issue 24): 4 messages a
 * call, one per 32-bit lane, with CHAM_MANY_NB batches interleaved: 4 on
 * AArch64 (CHAM-64: two packed states, 8 q registers; CHAM-128: 16), 2 on
 * ARMv7's 16 q registers. Even, as CHAM-64 packs two batches per state.
 * llvm-mca 14 on GCC 12 -O3's loop body (Cortex-A72 model): per batch
 * CHAM-128 48.2 / 46.7 / 45.6 cycles with 2 / 3 / 4, CHAM-64 24.4 / 21.4
 * with 2 / 4 (Cortex-A53: no difference). Not measured on hardware. */
#if defined(__aarch64__)
#define CHAM_MANY_NB 4
#else
#define CHAM_MANY_NB 2
#endif
#define CHAM_MANY_NEON 1
#define CHAM_NB_MAX 3 /* neon-arm's ARM_NB */
#define CHAM_ISA neon
#define CHAM_ISA_NAME "neon"
#define CHAM_ISA_REQUIRES ARX_REQ_NEON
#define CHAM_PADDED_TAILS 1
#include "cham.h"

/* ==== neon-arm: CHAM-64, NEON and general-register lanes together =========
 *
 * P holds one 16-bit word of P_BLOCKS blocks, block k in lane k (bits 16k ..
 * 16k+15); P_SETS of them make the 4 general-register blocks of a pass. The
 * rounds mirror cham.h's group/enc_head/dec_group/ctr_head line for line,
 * so the derivations there hold here.
 */
#define ARM_NB 3                     /* NEON batches per pass */
#define ARM_NEON_BLOCKS (ARM_NB * 8) /* 24 */
#define ARM_GPR_BLOCKS 4
#define ARM_PASS_BLOCKS (ARM_NEON_BLOCKS + ARM_GPR_BLOCKS) /* 28 */

#if defined(__aarch64__)
/* The portable two-way backend's lanes (../swar16.h: four 16-bit words per
 * uint64_t on a 64-bit target), its masked add and sub (six instructions
 * each: no carry or borrow crosses a lane). */
#include "../swar16.h"
typedef swar_t P;
#define P_BLOCKS SWAR_LANES
#define P_REP(x) SWAR_REP(x) /* a 16-bit value in every lane */
/* A round key or index row of cham.h (the 16-bit value in every 16-bit lane)
 * read as one packed word. */
ARX_INLINE P p_row(const uint32_t row[4]) {
    P v;
    memcpy(&v, row, sizeof v);
    return v;
}
#define p_add swar_add
#define p_sub swar_sub
/* One rev16 x: GCC's __rev16ll is; clang 14's is two 32-bit rev16 and a
 * bfi, and it matches no shift-and-mask form, so there the instruction. */
#if defined(__clang__)
ARX_INLINE P p_rol8(P x) {
    P r;
    __asm__("rev16 %0, %1" : "=r"(r) : "r"(x));
    return r;
}
#else
#include <arm_acle.h>
ARX_INLINE P p_rol8(P x) { return __rev16ll(x); }
#endif
#else
#include <arm_acle.h>
typedef uint32_t P;
#define P_BLOCKS 2
#define P_REP(x) ((P)(x) * 0x00010001u)
ARX_INLINE P p_row(const uint32_t row[4]) { return row[0]; }
/* ARMv6 SIMD: uadd16 / usub16 (they also set the GE flags, which nothing reads). */
ARX_INLINE P p_add(P a, P b) { return __uadd16(a, b); }
ARX_INLINE P p_sub(P a, P b) { return __usub16(a, b); }
/* rev16; GCC's and clang's ARM back ends both match this form. */
ARX_INLINE P p_rol8(P x) { return ((x & 0x00ff00ffu) << 8) | ((x >> 8) & 0x00ff00ffu); }
#endif
#define P_SETS (ARM_GPR_BLOCKS / P_BLOCKS)
#define P_FOR_S for (unsigned q = 0; q < P_SETS; q++)

/*
 * Lane-wise rotation left by n (0 < n < 16, n != 8) in three instructions
 * (shifted operands fold): x << n is right except in the low n bits of each
 * lane, which got the top bits of the lane below instead of its own. d = x ^
 * (x << 16) has in each lane's top n bits (own ^ lower lane's); shifted down
 * and masked it turns the wrong bits into the right ones.
 */
ARX_INLINE P p_rol(P x, unsigned n) {
    const P low = P_REP((1u << n) - 1u);
    P d = x ^ (x << 16);
    return (x << n) ^ ((d >> (16 - n)) & low);
}
#define P_ROL(x, n) ((n) == 8 ? p_rol8(x) : p_rol((x), (n)))

/* Block k of in (8-byte blocks) -> lane k of w[0..3] (word i in w[i]). */
ARX_INLINE void p_load(P w[4], const uint8_t *in) {
#if P_BLOCKS == 4
    /* 4x4 transpose of 16-bit words: swap 16-bit halves within block pairs,
     * then 32-bit halves across them. */
    const P m16 = 0x0000ffff0000ffffu, m32 = 0x00000000ffffffffu;
    P b0 = arx_load64_le(in), b1 = arx_load64_le(in + 8);
    P b2 = arx_load64_le(in + 16), b3 = arx_load64_le(in + 24);
    P t0 = (b0 & m16) | ((b1 & m16) << 16), t1 = ((b0 >> 16) & m16) | (b1 & ~m16);
    P t2 = (b2 & m16) | ((b3 & m16) << 16), t3 = ((b2 >> 16) & m16) | (b3 & ~m16);
    w[0] = (t0 & m32) | (t2 << 32), w[2] = (t0 >> 32) | (t2 & ~m32);
    w[1] = (t1 & m32) | (t3 << 32), w[3] = (t1 >> 32) | (t3 & ~m32);
#else
    P a0 = arx_load32_le(in), a1 = arx_load32_le(in + 4);
    P b0 = arx_load32_le(in + 8), b1 = arx_load32_le(in + 12);
    w[0] = (a0 & 0xffffu) | (b0 << 16), w[1] = (a0 >> 16) | (b0 & 0xffff0000u);
    w[2] = (a1 & 0xffffu) | (b1 << 16), w[3] = (a1 >> 16) | (b1 & 0xffff0000u);
#endif
}

/* The inverse (the same network), storing x ^ (the blocks at in), or x alone
 * when in is NULL. */
ARX_INLINE void p_store(uint8_t *out, const uint8_t *in, const P w[4]) {
#if P_BLOCKS == 4
    const P m16 = 0x0000ffff0000ffffu, m32 = 0x00000000ffffffffu;
    P t0 = (w[0] & m32) | (w[2] << 32), t2 = (w[0] >> 32) | (w[2] & ~m32);
    P t1 = (w[1] & m32) | (w[3] << 32), t3 = (w[1] >> 32) | (w[3] & ~m32);
    P b[4] = {(t0 & m16) | ((t1 & m16) << 16), ((t0 >> 16) & m16) | (t1 & ~m16),
              (t2 & m16) | ((t3 & m16) << 16), ((t2 >> 16) & m16) | (t3 & ~m16)};
    for (unsigned k = 0; k < 4; k++)
        arx_store64_le(out + 8 * k, in ? b[k] ^ arx_load64_le(in + 8 * k) : b[k]);
#else
    P b[4] = {(w[0] & 0xffffu) | (w[1] << 16), (w[2] & 0xffffu) | (w[3] << 16),
              (w[0] >> 16) | (w[1] & 0xffff0000u), (w[2] >> 16) | (w[3] & 0xffff0000u)};
    for (unsigned k = 0; k < 4; k++)
        arx_store32_le(out + 4 * k, in ? b[k] ^ arx_load32_le(in + 4 * k) : b[k]);
#endif
}

/* ks and the round indexes, hidden from the optimiser: without it clang reuses the NEON loads of
 * the same key rows and moves them to general registers (fmov, mov, bfi: NEON
 * pipe work, the very resource this kernel spares), instead of loading them
 * again into general registers. No instruction. */
#define P_LAUNDER(p) __asm__("" : "+r"(p))

/* Round keys and round indexes of rounds j .. j+3, as packed words. */
ARX_INLINE void p_rows(const cham64_ks *ks, unsigned j, P k[4], P i[4]) {
    const uint32_t(*ic)[4] = cham_ic16;
    P_LAUNDER(ks);
    P_LAUNDER(ic);
    for (unsigned r = 0; r < 4; r++) k[r] = p_row(ks->rkv[(j + r) & 15u]), i[r] = p_row(ic[j + r]);
}

/* cham.h's CHAM64 group: rounds j .. j+3 on t_{j-4 .. j-1}. */
ARX_INLINE void p_group(const cham64_ks *ks, unsigned j, P s[][4]) {
    P k[4], i[4];
    p_rows(ks, j, k, i);
    P_FOR_S s[q][0] = p_add(P_ROL(s[q][1], 2) ^ k[0], P_ROL(s[q][0], 8) ^ i[0]);
    P_FOR_S s[q][1] = p_add(P_ROL(s[q][1], 1) ^ i[1], s[q][2] ^ k[1]);
    P_FOR_S s[q][2] = p_add(P_ROL(s[q][2], 8) ^ i[2], P_ROL(s[q][3], 2) ^ k[2]);
    P_FOR_S s[q][3] = p_add(P_ROL(s[q][3], 1) ^ i[3], s[q][0] ^ k[3]);
}

/* cham.h's enc_head: rounds 0..3 of the plain words. */
ARX_INLINE void p_enc_head(const cham64_ks *ks, P x[][4]) {
    const P k0 = p_row(ks->rkv[0]), k1 = p_row(ks->rkv[1]), k2 = p_row(ks->rkv[2]), k3 = p_row(ks->rkv[3]);
    P_FOR_S {
        P a = p_add(x[q][0], P_ROL(x[q][1], 1) ^ k0);
        P b = p_add(x[q][1] ^ P_REP(1), P_ROL(x[q][2], 8) ^ k1);
        P c = p_add(x[q][2] ^ P_REP(2), P_ROL(x[q][3], 1) ^ k2);
        P d = p_add(x[q][3] ^ P_REP(3), a ^ k3);
        x[q][0] = a, x[q][1] = b, x[q][2] = c, x[q][3] = d;
    }
}

ARX_INLINE void p_enc_tail(P x[][4]) {
    P_FOR_S {
        x[q][0] = P_ROL(x[q][0], 8), x[q][1] = P_ROL(x[q][1], 1);
        x[q][2] = P_ROL(x[q][2], 8), x[q][3] = P_ROL(x[q][3], 1);
    }
}

/* cham.h's dec_group: undoes rounds j .. j+3 on (A, B, ROL(C, 8), D). */
ARX_INLINE void p_dec_group(const cham64_ks *ks, unsigned j, P x[][4]) {
    P k[4], i[4];
    p_rows(ks, j, k, i);
    P_FOR_S {
        P a8 = P_ROL(x[q][0], 8);
        x[q][3] = p_sub(P_ROL(x[q][3], 15), a8 ^ k[3]) ^ i[3];
        x[q][2] = P_ROL(p_sub(x[q][2], P_ROL(x[q][3], 1) ^ k[2]) ^ i[2], 8);
        x[q][1] = p_sub(P_ROL(x[q][1], 15), x[q][2] ^ k[1]) ^ i[1];
        x[q][0] = p_sub(a8, P_ROL(x[q][1], 1) ^ k[0]) ^ i[0];
    }
}

/* cham.h's CHAM64 ctr_consts, each lane's value read as a packed word. */
typedef struct {
    P T4, C2, K2, C3, I3, C5, K5, I6, K6, C7, I7;
} p_ctr_consts;

ARX_INLINE P p_lane0(V v) {
#if P_BLOCKS == 4
    return vgetq_lane_u64(NEON_U64(v), 0);
#else
    return vgetq_lane_u32(v, 0);
#endif
}

/* cham.h's ctr_head: rounds 0..7 of counters x (lane k: the low 16 bits of
 * block k's counter). */
ARX_INLINE void p_ctr_head(const p_ctr_consts *c, const P x[], P s[][4]) {
    P_FOR_S {
        P t2 = p_add(c->C2, P_ROL(P_ROL(x[q], 1), 8) ^ c->K2);
        P t3 = p_add(P_ROL(x[q], 8) ^ c->I3, c->C3);
        s[q][0] = c->T4;
        s[q][1] = p_add(c->C5, t2 ^ c->K5);
        s[q][2] = p_add(P_ROL(t2, 8) ^ c->I6, P_ROL(t3, 2) ^ c->K6);
        s[q][3] = p_add(P_ROL(t3, 1) ^ c->I7, c->C7);
    }
}


/* Scheduling fences (AArch64): no instruction. They tie the NEON words (x)
 * or the general-register words (p), and volatile asm statements keep their
 * order, so a group's NEON rounds, then its general-register rounds, then
 * the next group's NEON rounds run as separate stretches (the header comment
 * says why). Two statements, as GCC allows 30 operands (an in-out one counts
 * twice). */
#if defined(__aarch64__)
#define ARM_FENCE_V(x)                                                                             \
    __asm__ volatile("" : "+w"(x[0][0]), "+w"(x[0][1]), "+w"(x[0][2]), "+w"(x[0][3]),              \
                     "+w"(x[1][0]), "+w"(x[1][1]), "+w"(x[1][2]), "+w"(x[1][3]), "+w"(x[2][0]),     \
                     "+w"(x[2][1]), "+w"(x[2][2]), "+w"(x[2][3]))
#define ARM_FENCE_P(p) __asm__ volatile("" : "+r"(p[0][0]), "+r"(p[0][1]), "+r"(p[0][2]), "+r"(p[0][3]))
#else
#define ARM_FENCE_V(x) ((void)0)
#define ARM_FENCE_P(p) ((void)0)
#endif
/* After a group's NEON rounds, before its general-register ones, and after those. */
#define ARM_FENCE_MID(x, p) do { ARM_FENCE_V(x); ARM_FENCE_P(p); } while (0)
#define ARM_FENCE_END(x, p) do { ARM_FENCE_P(p); ARM_FENCE_V(x); } while (0)

/* ks, laundered for each group's NEON rounds: else clang keeps the 16 key
 * rows (which repeat every 16 rounds) live across the unrolled rounds and
 * spills them; one load per row and group is cheaper. */
ARX_INLINE const cham64_ks *arm_fresh_ks(const cham64_ks *ks) {
    P_LAUNDER(ks);
    return ks;
}

/* One pass of ARM_PASS_BLOCKS blocks, ECB: NEON batches first, then the
 * general-register blocks. */
ARX_INLINE void cham64_arm_pass(const cham64_ks *ks, uint8_t *out, const uint8_t *in, int dec) {
    V x[ARM_NB][4];
    P p[P_SETS][4];
    const unsigned NB = ARM_NB;
    CHAM_UNROLL CHAM_FOR_U {
        const uint8_t *pi = in + 64 * u;
        x[u][0] = V_LOADU(pi), x[u][1] = V_LOADU(pi + 16);
        x[u][2] = V_LOADU(pi + 32), x[u][3] = V_LOADU(pi + 48);
        cham64_neon_transpose3(&x[u][0], &x[u][1], &x[u][2], &x[u][3]);
    }
    P_FOR_S p_load(p[q], in + 8 * (ARM_NEON_BLOCKS + P_BLOCKS * q));
    if (dec) {
        CHAM_UNROLL CHAM_FOR_U x[u][2] = V_ROL16(x[u][2], 8);
        P_FOR_S p[q][2] = P_ROL(p[q][2], 8);
        CHAM_ROUND_LOOP
        for (unsigned j = CHAM64_ROUNDS(ks); j != 0; j -= 4) {
            cham64_neon_dec_group(arm_fresh_ks(ks), j - 4, x, NB);
            ARM_FENCE_MID(x, p);
            p_dec_group(ks, j - 4, p);
            ARM_FENCE_END(x, p);
        }
        CHAM_UNROLL CHAM_FOR_U x[u][2] = V_ROL16(x[u][2], 8);
        P_FOR_S p[q][2] = P_ROL(p[q][2], 8);
    } else {
        cham64_neon_enc_head(ks, x, NB);
        p_enc_head(ks, p);
        CHAM_ROUND_LOOP
        for (unsigned j = 4; j < CHAM64_ROUNDS(ks); j += 4) {
            cham64_neon_group(arm_fresh_ks(ks), j, x, NB);
            ARM_FENCE_MID(x, p);
            p_group(ks, j, p);
            ARM_FENCE_END(x, p);
        }
        cham64_neon_enc_tail(x, NB);
        p_enc_tail(p);
    }
    CHAM_UNROLL CHAM_FOR_U {
        uint8_t *po = out + 64 * u;
        cham64_neon_transpose3(&x[u][0], &x[u][1], &x[u][2], &x[u][3]);
        V_STOREU(po, x[u][0]);
        V_STOREU(po + 16, x[u][1]);
        V_STOREU(po + 32, x[u][2]);
        V_STOREU(po + 48, x[u][3]);
    }
    P_FOR_S p_store(out + 8 * (ARM_NEON_BLOCKS + P_BLOCKS * q), NULL, p[q]);
}

static void cham64_arm_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    for (; n >= ARM_PASS_BLOCKS; n -= ARM_PASS_BLOCKS, in += 8 * ARM_PASS_BLOCKS, out += 8 * ARM_PASS_BLOCKS) {
        ARX_MCA_BEGIN("cham64_neon_arm_enc:224");
        cham64_arm_pass(ks, out, in, 0);
        ARX_MCA_END("cham64_neon_arm_enc:224");
    }
    cham64_neon_encrypt(ks, out, in, n);
}

static void cham64_arm_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    for (; n >= ARM_PASS_BLOCKS; n -= ARM_PASS_BLOCKS, in += 8 * ARM_PASS_BLOCKS, out += 8 * ARM_PASS_BLOCKS) {
        ARX_MCA_BEGIN("cham64_neon_arm_dec:224");
        cham64_arm_pass(ks, out, in, 1);
        ARX_MCA_END("cham64_neon_arm_dec:224");
    }
    cham64_neon_decrypt(ks, out, in, n);
}

/* nb passes of one counter run (the low 16 bits do not wrap inside it). The
 * NEON lanes take blocks 0..23 of each pass, the general registers 24..27. */
static void cham64_arm_ctr_run(const cham64_ks *ks, const uint8_t *ctr, uint8_t *out, const uint8_t *in,
                               size_t nb) {
    cham64_neon_ctr_consts c;
    V cnt;
    cham64_neon_ctr_setup(ks, ctr, &c, &cnt);
    p_ctr_consts pc = {p_lane0(c.T4), p_lane0(c.C2), p_lane0(c.K2), p_lane0(c.C3),
                             p_lane0(c.I3), p_lane0(c.C5), p_lane0(c.K5), p_lane0(c.I6),
                             p_lane0(c.K6), p_lane0(c.C7), p_lane0(c.I7)};
    const uint16_t v = (uint16_t)((ctr[6] << 8) | ctr[7]);
    P pcnt[P_SETS];
    P_FOR_S {
        pcnt[q] = 0;
        for (unsigned k = 0; k < P_BLOCKS; k++)
            pcnt[q] |= (P)(uint16_t)(v + ARM_NEON_BLOCKS + P_BLOCKS * q + k) << (16 * k);
    }
    const unsigned NB = ARM_NB;
    for (size_t i = 0; i < nb; i++, out += 8 * ARM_PASS_BLOCKS, in += 8 * ARM_PASS_BLOCKS) {
        ARX_MCA_BEGIN("cham64_neon_arm_ctr:224");
        V s[ARM_NB][4];
        P p[P_SETS][4];
        cham64_neon_ctr_head(&c, &cnt, s, NB); /* cnt += 24 */
        cnt = V_ADD16(cnt, V_SET1_16(ARM_GPR_BLOCKS));
        p_ctr_head(&pc, pcnt, p);
        P_FOR_S pcnt[q] = p_add(pcnt[q], P_REP(ARM_PASS_BLOCKS));
        CHAM_ROUND_LOOP
        for (unsigned j = 8; j < CHAM64_ROUNDS(ks); j += 4) {
            cham64_neon_group(arm_fresh_ks(ks), j, s, NB);
            ARM_FENCE_MID(s, p);
            p_group(ks, j, p);
            ARM_FENCE_END(s, p);
        }
        CHAM_UNROLL CHAM_FOR_U cham64_neon_store2(out + 64 * u, in + 64 * u, V_ROL16(s[u][0], 8),
                                                  V_ROL16(s[u][1], 1), V_ROL16(s[u][2], 8),
                                                  V_ROL16(s[u][3], 1));
        p_enc_tail(p);
        P_FOR_S p_store(out + 8 * (ARM_NEON_BLOCKS + P_BLOCKS * q), in + 8 * (ARM_NEON_BLOCKS + P_BLOCKS * q),
                        p[q]);
        ARX_MCA_END("cham64_neon_arm_ctr:224");
    }
    arx_wipe(&c, sizeof c);
    arx_wipe(&pc, sizeof pc);
}

/* Whole passes inside each run of the counter's low 16 bits; the rest to the
 * NEON kernel. */
static void cham64_arm_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t n) {
    while (n >= ARM_PASS_BLOCKS) {
        size_t room = 65536u - (size_t)((ctr[6] << 8) | ctr[7]);
        size_t m = n < room ? n : room;
        size_t passes = m / ARM_PASS_BLOCKS;
        if (!passes) { /* a run shorter than a pass: the NEON kernel crosses the wrap */
            cham64_neon_ctr(ks, ctr, out, in, m);
        } else {
            cham64_arm_ctr_run(ks, ctr, out, in, passes);
            m = passes * ARM_PASS_BLOCKS;
            cham_ctr_add(ctr, 8, m);
        }
        out += 8 * m, in += 8 * m, n -= m;
    }
    cham64_neon_ctr(ks, ctr, out, in, n);
}

/* Many messages: the "neon" lane kernel (a message's few blocks give the
 * general-register lanes nothing to do). */
const arx_backend cham64_neon_arm_backend = {"neon-arm", ARX_REQ_NEON, ARM_PASS_BLOCKS, cham64_arm_encrypt,
                                             cham64_arm_decrypt, cham64_arm_ctr, .many_lanes = 4,
                                             .ctr_many = cham64_neon_ctr_many};

#endif
