/*
 * GHASH's multiply on RV32I (no M, no C, no Zb*): constant time, no
 * multiplication, no table indexed by data.
 *
 * Representation ("word form"): an element's 16 bytes loaded as four
 * big-endian words W0..W3, so the coefficient of x^(32w + b) is bit 31 - b
 * of Ww (GCM's own bit order: no bit reversal, only a byte assembly).
 * Multiplying by x^b is then a right shift of the 128-bit string.
 *
 * Per key (ghash.c, arx_ghash_rv32i_key): T_b = H * x^b for b = 0..31,
 * unreduced, as five words (H shifted right by b across W0..W3 and a fifth
 * word catching what falls out): 32 * 20 = 640 bytes, indexed by b only.
 *
 * Per block: Y = Y xor X; the 256-bit product Z = sum over the 128 bits of Y
 * of bit(w, b) * T_b placed w words up: for each b, four masks (one per data
 * word: srai of the bit moved to bit 31, then the word shifted left for the
 * next b) and for each mask five and/xor pairs. 32 * (5 loads + 4 * 12) =
 * 1,696 instructions (less 16: b = 0 writes the product rather than
 * zeroing it first), then the reduction modulo x^128 + x^7 + x^2 + x + 1
 * (x^128 = 1 + x + x^2 + x^7: a right shift by 0, 1, 2, 7 in word form),
 * 58 instructions. Every instruction runs for every key and every input:
 * the only branches count blocks and the b loop.
 *
 * void arx_ghash_rv32i_run(uint32_t y[4], const uint32_t tab[32][5],
 *                          const uint8_t *data, size_t nblocks)
 * y in word form (ghash.c keeps it so in arx_ghash.y); data any alignment
 * (bytes are loaded one by one).
 */
    .text

/* Registers: s0-s7 Z0..Z7, s8-s11 Y0..Y3, t0-t4 T_b, t5 mask, t6 scratch,
 * a4 table pointer, a5 table end, a6 a7 scratch. */

/* Ww = Zw xor the big-endian word at off(a2) */
.macro LOADX yw, zw, off
    lbu a6, (\off)(a2)
    lbu a7, (\off + 1)(a2)
    lbu t6, (\off + 2)(a2)
    lbu t5, (\off + 3)(a2)
    slli a6, a6, 24
    slli a7, a7, 16
    slli t6, t6, 8
    or a6, a6, a7
    or t6, t6, t5
    or a6, a6, t6
    xor \yw, \zw, a6
.endm

/* z0..z4 ^= T_b & -(top bit of y); y <<= 1 */
.macro BIT y, z0, z1, z2, z3, z4
    srai t5, \y, 31
    slli \y, \y, 1
    and t6, t0, t5
    xor \z0, \z0, t6
    and t6, t1, t5
    xor \z1, \z1, t6
    and t6, t2, t5
    xor \z2, \z2, t6
    and t6, t3, t5
    xor \z3, \z3, t6
    and t6, t4, t5
    xor \z4, \z4, t6
.endm

/* The first BIT of a block into a zero product: \zn (the word no earlier
 * BIT of this b wrote: all five for the first data word) is set, not
 * xored, the others as BIT. \first: the first data word. */
.macro BIT0 y, z0, z1, z2, z3, z4, first
    srai t5, \y, 31
    slli \y, \y, 1
.if \first
    and \z0, t0, t5
    and \z1, t1, t5
    and \z2, t2, t5
    and \z3, t3, t5
.else
    and t6, t0, t5
    xor \z0, \z0, t6
    and t6, t1, t5
    xor \z1, \z1, t6
    and t6, t2, t5
    xor \z2, \z2, t6
    and t6, t3, t5
    xor \z3, \z3, t6
.endif
    and \z4, t4, t5
.endm

/* One b: T_b from \i * 20(a4), then the four data words. */
.macro STEP i
    lw t0, (\i * 20)(a4)
    lw t1, (\i * 20 + 4)(a4)
    lw t2, (\i * 20 + 8)(a4)
    lw t3, (\i * 20 + 12)(a4)
    lw t4, (\i * 20 + 16)(a4)
    BIT s8, s0, s1, s2, s3, s4
    BIT s9, s1, s2, s3, s4, s5
    BIT s10, s2, s3, s4, s5, s6
    BIT s11, s3, s4, s5, s6, s7
.endm

/* lo ^= v * (1 + x + x^2 + x^7) within the word, hi ^= what crosses into
 * the next word (skipped when \hi is none) */
.macro FOLD v, lo, hi
    srli t1, \v, 1
    xor t2, \v, t1
    srli t1, \v, 2
    xor t2, t2, t1
    srli t1, \v, 7
    xor t2, t2, t1
    xor \lo, \lo, t2
.ifnc \hi, none
    slli t1, \v, 31
    slli t2, \v, 30
    xor t1, t1, t2
    slli t2, \v, 25
    xor t1, t1, t2
    xor \hi, \hi, t1
.endif
.endm

    .globl arx_ghash_rv32i_run
    .type arx_ghash_rv32i_run, @function
arx_ghash_rv32i_run:
    beqz a3, 9f
    addi sp, sp, -48
    sw s0, 0(sp)
    sw s1, 4(sp)
    sw s2, 8(sp)
    sw s3, 12(sp)
    sw s4, 16(sp)
    sw s5, 20(sp)
    sw s6, 24(sp)
    sw s7, 28(sp)
    sw s8, 32(sp)
    sw s9, 36(sp)
    sw s10, 40(sp)
    sw s11, 44(sp)
    slli a3, a3, 4
    add a3, a3, a2              /* data end */
    addi a5, a1, 640            /* table end */
    lw s0, 0(a0)
    lw s1, 4(a0)
    lw s2, 8(a0)
    lw s3, 12(a0)
1:  LOADX s8, s0, 0
    LOADX s9, s1, 4
    LOADX s10, s2, 8
    LOADX s11, s3, 12
    /* b = 0 writes the product instead of zeroing it first (saves 16
     * instructions, costs the jump into the loop: 3 cycles) */
    mv a4, a1
    lw t0, 0(a4)
    lw t1, 4(a4)
    lw t2, 8(a4)
    lw t3, 12(a4)
    lw t4, 16(a4)
    BIT0 s8, s0, s1, s2, s3, s4, 1
    BIT0 s9, s1, s2, s3, s4, s5, 0
    BIT0 s10, s2, s3, s4, s5, s6, 0
    BIT0 s11, s3, s4, s5, s6, s7, 0
    j 3f
2:  STEP 0
3:  STEP 1
    STEP 2
    STEP 3
    STEP 4
    STEP 5
    STEP 6
    STEP 7
    addi a4, a4, 160
    bne a4, a5, 2b
    /* Reduce: V = Z4..Z7 (x^128..x^255). First what V3 * (1 + x + x^2 +
     * x^7) pushes past x^127 (u, at x^128: top seven bits), folded into Z0
     * (u * x^128 = u * (1 + x + x^2 + x^7) at x^0: within Z0). */
    slli t0, s7, 31
    slli t1, s7, 30
    xor t0, t0, t1
    slli t1, s7, 25
    xor t0, t0, t1
    FOLD t0, s0, none
    FOLD s4, s0, s1
    FOLD s5, s1, s2
    FOLD s6, s2, s3
    FOLD s7, s3, none
    addi a2, a2, 16
    bne a2, a3, 1b
    sw s0, 0(a0)
    sw s1, 4(a0)
    sw s2, 8(a0)
    sw s3, 12(a0)
    /* leave no H- or data-derived values in scratch registers (the s
     * registers get the caller's back) */
    li t0, 0
    li t1, 0
    li t2, 0
    li t3, 0
    li t4, 0
    li t5, 0
    li t6, 0
    li a6, 0
    li a7, 0
    lw s0, 0(sp)
    lw s1, 4(sp)
    lw s2, 8(sp)
    lw s3, 12(sp)
    lw s4, 16(sp)
    lw s5, 20(sp)
    lw s6, 24(sp)
    lw s7, 28(sp)
    lw s8, 32(sp)
    lw s9, 36(sp)
    lw s10, 40(sp)
    lw s11, 44(sp)
    addi sp, sp, 48
9:  ret
    .size arx_ghash_rv32i_run, . - arx_ghash_rv32i_run
