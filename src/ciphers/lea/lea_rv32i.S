/*
 * LEA on RV32I (no M, no C, no Zb*). LEA-128: encryption, decryption and
 * CTR with the counter precomputation of src/ciphers/lea/lea.h, fully
 * unrolled; LEA-192/256: encryption and decryption, four rounds a pass of a
 * loop over the schedule (six round-key loads a round: 24 instructions). The
 * state fixed in four registers (t3..t6) and renamed by the macro's
 * arguments instead of moved. A round is 22 instructions: four round-key
 * loads (LEA-128 repeats RK1 as RK3 and RK5), six xors, three adds and
 * three rotations of three instructions each (srli, slli, or: RV32I has no
 * rotate). The loads come first so no loaded value is used by the next
 * instruction (no load-use stall in an in-order pipeline).
 * Decryption (LEA_DEC_ROUND in lea.c) rotates a word's old value, then
 * subtracts and xors: six instructions a word, 22 a round with four loads.
 * Called from lea.c (lea128_rv32i_encrypt, lea128_rv32i_ctr...) with 4-byte
 * aligned in/out; lea.c sends unaligned buffers to the reference.
 * Constant time: no branch or address depends on key or data.
 */
    .text

/* x = x rotated right by n (t is clobbered) */
.macro ROR x, t, n
    slli \t, \x, 32 - \n
    srli \x, \x, \n
    or \x, \x, \t
.endm

/* One encryption round on (a, b, c, d) with rk[r] at \r * 24(a0); the new
 * state is (b, c, d, a) (LEA_ENC_ROUND in lea.c). Clobbers t0-t2, a4-a7. */
.macro ROUND a, b, c, d, r
    lw a7, (\r * 24 + 16)(a0)   /* RK4 */
    lw a5, (\r * 24 + 4)(a0)    /* RK1 = RK3 = RK5 */
    lw a6, (\r * 24 + 8)(a0)    /* RK2 */
    lw a4, (\r * 24 + 0)(a0)    /* RK0 */
    xor t0, \c, a7
    xor t1, \d, a5
    add t0, t0, t1              /* (X2 ^ RK4) + (X3 ^ RK5) */
    xor t1, \b, a6
    xor t2, \c, a5
    add t1, t1, t2              /* (X1 ^ RK2) + (X2 ^ RK3) */
    xor t2, \a, a4
    xor \c, \b, a5
    add t2, t2, \c              /* (X0 ^ RK0) + (X1 ^ RK1) */
    srli \d, t0, 3
    slli t0, t0, 29
    or \d, \d, t0               /* ROR3 */
    srli \c, t1, 5
    slli t1, t1, 27
    or \c, \c, t1               /* ROR5 */
    slli \b, t2, 9
    srli t2, t2, 23
    or \b, \b, t2               /* ROL9 */
.endm

/* Rounds first .. first + 19 in groups of four (state back in t3..t6). */
.macro ROUNDS4 r
    ROUND t3, t4, t5, t6, \r
    ROUND t4, t5, t6, t3, (\r + 1)
    ROUND t5, t6, t3, t4, (\r + 2)
    ROUND t6, t3, t4, t5, (\r + 3)
.endm

/* void lea128_rv32i_encrypt_aligned(const lea_ks *ks, uint8_t *out,
 *                                   const uint8_t *in, size_t nblocks) */
    .globl lea128_rv32i_encrypt_aligned
    .type lea128_rv32i_encrypt_aligned, @function
lea128_rv32i_encrypt_aligned:
    beqz a3, 2f
1:  lw t3, 0(a2)
    lw t4, 4(a2)
    lw t5, 8(a2)
    lw t6, 12(a2)
    ROUNDS4 0
    ROUNDS4 4
    ROUNDS4 8
    ROUNDS4 12
    ROUNDS4 16
    ROUNDS4 20
    sw t3, 0(a1)
    sw t4, 4(a1)
    sw t5, 8(a1)
    sw t6, 12(a1)
    addi a2, a2, 16
    addi a1, a1, 16
    addi a3, a3, -1
    bnez a3, 1b
2:  ret
    .size lea128_rv32i_encrypt_aligned, . - lea128_rv32i_encrypt_aligned

/* One decryption round (LEA_DEC_ROUND(a, b, c, d, rk[r]) in lea.c): from
 * the state (b, c, d, a) recover b, c, d in that order. rk[r] at \off(\p);
 * six loads unless \k128 (RK1 = RK3 = RK5). Clobbers t0, t1, a4-a7, s0, s1. */
.macro DROUND a, b, c, d, p, off, k128
    lw a4, (\off + 0)(\p)      /* RK0 */
    lw a5, (\off + 4)(\p)      /* RK1 */
    lw a6, (\off + 8)(\p)      /* RK2 */
.if \k128
    lw a7, (\off + 16)(\p)     /* RK4 */
.else
    lw a7, (\off + 12)(\p)     /* RK3 */
    lw s0, (\off + 16)(\p)     /* RK4 */
    lw s1, (\off + 20)(\p)     /* RK5 */
.endif
    slli t0, \b, 23
    srli \b, \b, 9
    or \b, \b, t0              /* ROR9 */
    xor t0, \a, a4
    sub \b, \b, t0
    xor \b, \b, a5
    slli t0, \c, 5
    srli \c, \c, 27
    or \c, \c, t0              /* ROL5 */
    xor t1, \b, a6
    sub \c, \c, t1
.if \k128
    xor \c, \c, a5
.else
    xor \c, \c, a7
.endif
    slli t0, \d, 3
    srli \d, \d, 29
    or \d, \d, t0              /* ROL3 */
.if \k128
    xor t1, \c, a7
    sub \d, \d, t1
    xor \d, \d, a5
.else
    xor t1, \c, s0
    sub \d, \d, t1
    xor \d, \d, s1
.endif
.endm

/* Four decryption rounds, rk[r + 3] .. rk[r] at \off + 72 .. \off(\p)
 * (state back in t3..t6) */
.macro DROUNDS4 p, off, k128
    DROUND t6, t3, t4, t5, \p, (\off + 72), \k128
    DROUND t5, t6, t3, t4, \p, (\off + 48), \k128
    DROUND t4, t5, t6, t3, \p, (\off + 24), \k128
    DROUND t3, t4, t5, t6, \p, (\off + 0), \k128
.endm

/* void lea128_rv32i_decrypt_aligned(const lea_ks *ks, uint8_t *out,
 *                                   const uint8_t *in, size_t nblocks) */
    .globl lea128_rv32i_decrypt_aligned
    .type lea128_rv32i_decrypt_aligned, @function
lea128_rv32i_decrypt_aligned:
    beqz a3, 2f
1:  lw t3, 0(a2)
    lw t4, 4(a2)
    lw t5, 8(a2)
    lw t6, 12(a2)
    DROUNDS4 a0, 480, 1
    DROUNDS4 a0, 384, 1
    DROUNDS4 a0, 288, 1
    DROUNDS4 a0, 192, 1
    DROUNDS4 a0, 96, 1
    DROUNDS4 a0, 0, 1
    sw t3, 0(a1)
    sw t4, 4(a1)
    sw t5, 8(a1)
    sw t6, 12(a1)
    addi a2, a2, 16
    addi a1, a1, 16
    addi a3, a3, -1
    bnez a3, 1b
2:  ret
    .size lea128_rv32i_decrypt_aligned, . - lea128_rv32i_decrypt_aligned

/* One encryption round with six round-key words (LEA-192/256): rk[r] at
 * \off(\p), new state (b, c, d, a). Clobbers t0-t2, a4-a7, s0, s1. */
.macro ROUND6 a, b, c, d, p, off
    lw a7, (\off + 16)(\p)     /* RK4 */
    lw a5, (\off + 20)(\p)     /* RK5 */
    lw a6, (\off + 8)(\p)      /* RK2 */
    lw a4, (\off + 12)(\p)     /* RK3 */
    lw s0, (\off + 0)(\p)      /* RK0 */
    lw s1, (\off + 4)(\p)      /* RK1 */
    xor t0, \c, a7
    xor t1, \d, a5
    add t0, t0, t1              /* (X2 ^ RK4) + (X3 ^ RK5) */
    xor t1, \b, a6
    xor t2, \c, a4
    add t1, t1, t2              /* (X1 ^ RK2) + (X2 ^ RK3) */
    xor t2, \a, s0
    xor \c, \b, s1
    add t2, t2, \c              /* (X0 ^ RK0) + (X1 ^ RK1) */
    srli \d, t0, 3
    slli t0, t0, 29
    or \d, \d, t0              /* ROR3 */
    srli \c, t1, 5
    slli t1, t1, 27
    or \c, \c, t1              /* ROR5 */
    slli \b, t2, 9
    srli t2, t2, 23
    or \b, \b, t2              /* ROL9 */
.endm

/* void lea_rv32i_{encrypt,decrypt}_aligned_wide(const lea_ks *ks,
 *     uint8_t *out, const uint8_t *in, size_t nblocks): LEA-192 and
 * LEA-256 (ks->rounds = 28 or 32: public), four rounds a pass. s2 walks
 * the schedule, s3 is where it stops. LEA_KS_ROUNDS: offsetof(lea_ks,
 * rounds), checked in lea.c. */
#define LEA_KS_ROUNDS 768
.macro WIDE name, dir
    .globl \name
    .type \name, @function
\name:
    beqz a3, 9f
    addi sp, sp, -16
    sw s0, 0(sp)
    sw s1, 4(sp)
    sw s2, 8(sp)
    sw s3, 12(sp)
    lw t0, LEA_KS_ROUNDS(a0)
    slli t1, t0, 3
    slli t0, t0, 4
    add t0, t0, t1              /* 24 * rounds */
    add s3, t0, a0              /* the schedule's end */
1:  lw t3, 0(a2)
    lw t4, 4(a2)
    lw t5, 8(a2)
    lw t6, 12(a2)
.ifc \dir, enc
    mv s2, a0
2:  ROUND6 t3, t4, t5, t6, s2, 0
    ROUND6 t4, t5, t6, t3, s2, 24
    ROUND6 t5, t6, t3, t4, s2, 48
    ROUND6 t6, t3, t4, t5, s2, 72
    addi s2, s2, 96
    bne s2, s3, 2b
.else
    mv s2, s3
2:  addi s2, s2, -96
    DROUNDS4 s2, 0, 0
    bne s2, a0, 2b
.endif
    sw t3, 0(a1)
    sw t4, 4(a1)
    sw t5, 8(a1)
    sw t6, 12(a1)
    addi a2, a2, 16
    addi a1, a1, 16
    addi a3, a3, -1
    bnez a3, 1b
    /* leave no key-derived state in registers */
    li t0, 0
    li t1, 0
    li t2, 0
    li a4, 0
    li a5, 0
    li a6, 0
    li a7, 0
    lw s0, 0(sp)
    lw s1, 4(sp)
    lw s2, 8(sp)
    lw s3, 12(sp)
    addi sp, sp, 16
9:  ret
    .size \name, . - \name
.endm

    WIDE lea_rv32i_encrypt_aligned_wide, enc
    WIDE lea_rv32i_decrypt_aligned_wide, dec

/* void lea128_rv32i_ctr_run(const lea_ks *ks, const lea_ctr_pre *pc,
 *     uint32_t low, uint8_t *out, const uint8_t *in, size_t nblocks)
 * out = in ^ E(counter blocks whose bytes 0..11 gave pc and whose last four
 * bytes are big-endian low, low + 1, ...); the caller keeps low from
 * wrapping. Rounds 0..3 use pc->c[0..5] (lea.h): 65 instructions instead
 * of 88. Registers: a0 ks, a1 pc, a2 low, a3 out, s1 in, s2 count,
 * s0 = 0x00ff00ff for the byte swap. */
    .globl lea128_rv32i_ctr_run
    .type lea128_rv32i_ctr_run, @function
lea128_rv32i_ctr_run:
    beqz a5, 2f
    addi sp, sp, -16
    sw s0, 0(sp)
    sw s1, 4(sp)
    sw s2, 8(sp)
    mv s1, a4
    mv s2, a5
    li s0, 0x00ff00ff
1:  /* X3 = the counter's last four bytes read little-endian = bswap32(low) */
    srli t0, a2, 8
    and t0, t0, s0
    and t1, a2, s0
    slli t1, t1, 8
    or t0, t0, t1
    srli t6, t0, 16
    slli t0, t0, 16
    or t6, t6, t0
    /* round 0: Y2 = ROR3(c0 + (X3 ^ RK0[5])) */
    lw a4, 0(a1)                /* c0 */
    lw a5, 20(a0)               /* rk[0][5] */
    lw a6, 4(a1)                /* c1 */
    lw a7, (24 + 12)(a0)        /* rk[1][3] */
    xor t0, t6, a5
    add t0, t0, a4
    ROR t0, t1, 3               /* t0 = Y2 */
    /* round 1: Z1 = ROR5(c1 + (Y2 ^ rk[1][3])), Z2 = ROR3((Y2 ^ rk[1][4]) + c2) */
    lw a4, (24 + 16)(a0)        /* rk[1][4] */
    lw a5, 8(a1)                /* c2 */
    xor t1, t0, a7
    add t1, t1, a6
    ROR t1, t2, 5               /* t1 = Z1 */
    xor t2, t0, a4
    add t2, t2, a5
    ROR t2, t0, 3               /* t2 = Z2 */
    /* round 2: W0 = ROL9(c3 + (Z1 ^ rk[2][1])), W1 = ROR5((Z1 ^ rk[2][2]) +
     * (Z2 ^ rk[2][3])), W2 = ROR3((Z2 ^ rk[2][4]) + c4) */
    lw a4, 12(a1)               /* c3 */
    lw a5, (48 + 4)(a0)         /* rk[2][1] = rk[2][3] */
    lw a6, (48 + 8)(a0)         /* rk[2][2] */
    lw a7, (48 + 16)(a0)        /* rk[2][4] */
    xor t3, t1, a5
    add t3, t3, a4
    ROR t3, t0, 23              /* t3 = W0 */
    lw a4, 16(a1)               /* c4 */
    xor t4, t1, a6
    xor t0, t2, a5
    add t4, t4, t0
    ROR t4, t0, 5               /* t4 = W1 */
    xor t5, t2, a7
    add t5, t5, a4
    ROR t5, t0, 3               /* t5 = W2 */
    /* round 3: V0 = ROL9((W0 ^ rk[3][0]) + (W1 ^ rk[3][1])), V1 = ROR5((W1 ^
     * rk[3][2]) + (W2 ^ rk[3][3])), V2 = ROR3((W2 ^ rk[3][4]) + c5), V3 = W0 */
    lw a4, (72 + 0)(a0)
    lw a5, (72 + 4)(a0)         /* rk[3][1] = rk[3][3] */
    lw a6, (72 + 8)(a0)
    lw a7, (72 + 16)(a0)
    lw t2, 20(a1)               /* c5 */
    xor t0, t5, a7
    add t0, t0, t2
    xor t1, t4, a6
    xor t2, t5, a5
    add t1, t1, t2
    xor t2, t3, a4
    xor t6, t4, a5
    add t2, t2, t6
    mv t6, t3                   /* V3 = W0 */
    srli t5, t0, 3
    slli t0, t0, 29
    or t5, t5, t0               /* V2 */
    srli t4, t1, 5
    slli t1, t1, 27
    or t4, t4, t1               /* V1 */
    slli t3, t2, 9
    srli t2, t2, 23
    or t3, t3, t2               /* V0 */
    ROUNDS4 4
    ROUNDS4 8
    ROUNDS4 12
    ROUNDS4 16
    ROUNDS4 20
    lw a4, 0(s1)
    lw a5, 4(s1)
    lw a6, 8(s1)
    lw a7, 12(s1)
    xor t3, t3, a4
    xor t4, t4, a5
    xor t5, t5, a6
    xor t6, t6, a7
    sw t3, 0(a3)
    sw t4, 4(a3)
    sw t5, 8(a3)
    sw t6, 12(a3)
    addi a2, a2, 1
    addi s1, s1, 16
    addi a3, a3, 16
    addi s2, s2, -1
    bnez s2, 1b
    /* leave no key-derived state in registers */
    li t0, 0
    li t1, 0
    li t2, 0
    li t3, 0
    li t4, 0
    li t5, 0
    li t6, 0
    li a4, 0
    li a5, 0
    li a6, 0
    li a7, 0
    lw s0, 0(sp)
    lw s1, 4(sp)
    lw s2, 8(sp)
    addi sp, sp, 16
2:  ret
    .size lea128_rv32i_ctr_run, . - lea128_rv32i_ctr_run
