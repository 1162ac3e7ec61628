/*
 * SPECK-64/96 and SPECK-64/128 on RV32I (no M, no C, no Zb*): encryption and
 * decryption, fully unrolled, the state fixed in two registers.
 *
 * An encryption round (ePrint 2013/404, 4.1; speck.c),
 *   x = (ROR8(x) + y) ^ k;  y = ROL3(y) ^ x,
 * is ten instructions: the round key's load (first, so no load-use stall),
 * two rotations of three (srli, slli, or: RV32I has no rotate), add and three
 * xors. Decryption, y = ROR3(y ^ x); x = ROL8((x ^ k) - y), is ten too.
 *
 * Registers: t3 = y (bytes 0-3 of the block, little-endian), t4 = x (bytes
 * 4-7), a4 the round key, t0 scratch. Called from speck.c with 4-byte-aligned
 * in/out (lw/sw); speck.c sends other buffers to the reference. Constant
 * time: no branch or address depends on key or data. The schedule is
 * speck_ks32 (rk[0..rounds-1] at offset 0).
 */
    .text

.macro ER r
    lw a4, (4 * \r)(a0)
    srli t0, t4, 8
    slli t4, t4, 24
    or t4, t4, t0
    add t4, t4, t3
    xor t4, t4, a4
    slli t0, t3, 3
    srli t3, t3, 29
    or t3, t3, t0
    xor t3, t3, t4
.endm

.macro DR r
    lw a4, (4 * \r)(a0)
    xor t3, t3, t4
    srli t0, t3, 3
    slli t3, t3, 29
    or t3, t3, t0
    xor t4, t4, a4
    sub t4, t4, t3
    slli t0, t4, 8
    srli t4, t4, 24
    or t4, t4, t0
.endm

/* void speck64_rv32i_{encrypt,decrypt}_<rounds>(const speck_ks32 *ks,
 *     uint8_t *out, const uint8_t *in, size_t nblocks) */
.macro ECB name, rounds, dir
    .globl \name
    .type \name, @function
\name:
    beqz a3, 2f
1:  lw t3, 0(a2)
    lw t4, 4(a2)
.ifc \dir, enc
    .set r, 0
    .rept \rounds
    ER r
    .set r, r + 1
    .endr
.else
    .set r, \rounds - 1
    .rept \rounds
    DR r
    .set r, r - 1
    .endr
.endif
    sw t3, 0(a1)
    sw t4, 4(a1)
    addi a2, a2, 8
    addi a1, a1, 8
    addi a3, a3, -1
    bnez a3, 1b
    li a4, 0
    li t0, 0
    li t3, 0
    li t4, 0
2:  ret
    .size \name, . - \name
.endm

    ECB speck64_rv32i_encrypt_27, 27, enc
    ECB speck64_rv32i_decrypt_27, 27, dec
    ECB speck64_rv32i_encrypt_26, 26, enc
    ECB speck64_rv32i_decrypt_26, 26, dec
