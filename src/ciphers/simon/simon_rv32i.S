/*
 * SIMON-64/96 and SIMON-64/128 on RV32I (no M, no C, no Zb*): encryption and
 * decryption, fully unrolled, the two words' roles swapped instead of moved.
 *
 * A round (ePrint 2013/404, 3.2; simon.c) is y ^= f(x) ^ k with
 * f(x) = (ROL1(x) & ROL8(x)) ^ ROL2(x), then the roles swap. RV32I has no
 * rotate: ROL1 and ROL8 are three instructions each (slli, srli, or); ROL2
 * is xored into y in its two shifted halves (slli, xor, srli, xor). With
 * the key's load first (no load-use stall) a round is fourteen instructions.
 * Decryption is the same round on the other word with the keys backwards.
 *
 * Registers: t3 = y (bytes 0-3 of the block, little-endian), t4 = x (bytes
 * 4-7), a4 the round key, t0-t2 scratch. Called from simon.c with
 * 4-byte-aligned in/out; simon.c sends other buffers to the reference.
 * Constant time: no branch or address depends on key or data. The schedule
 * is simon_ks32 (rk[0..rounds-1] at offset 0).
 */
    .text

/* b ^= f(a) ^ rk[r] */
.macro R a, b, r
    lw a4, (4 * \r)(a0)
    slli t0, \a, 1
    srli t1, \a, 31
    or t0, t0, t1
    slli t1, \a, 8
    srli t2, \a, 24
    or t1, t1, t2
    and t0, t0, t1
    xor \b, \b, t0
    slli t1, \a, 2
    xor \b, \b, t1
    srli t1, \a, 30
    xor \b, \b, t1
    xor \b, \b, a4
.endm

/* void simon64_rv32i_{encrypt,decrypt}_<rounds>(const simon_ks32 *ks,
 *     uint8_t *out, const uint8_t *in, size_t nblocks); rounds is even */
.macro ECB name, rounds, dir
    .globl \name
    .type \name, @function
\name:
    beqz a3, 2f
1:  lw t3, 0(a2)
    lw t4, 4(a2)
.ifc \dir, enc
    .set r, 0
    .rept \rounds / 2
    R t4, t3, r
    R t3, t4, (r + 1)
    .set r, r + 2
    .endr
.else
    .set r, \rounds - 1
    .rept \rounds / 2
    R t3, t4, r
    R t4, t3, (r - 1)
    .set r, r - 2
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
    li t1, 0
    li t2, 0
    li t3, 0
    li t4, 0
2:  ret
    .size \name, . - \name
.endm

    ECB simon64_rv32i_encrypt_44, 44, enc
    ECB simon64_rv32i_decrypt_44, 44, dec
    ECB simon64_rv32i_encrypt_42, 42, enc
    ECB simon64_rv32i_decrypt_42, 42, dec
