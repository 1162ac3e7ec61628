/*
 * GHASH's multiply on the Cortex-M3 (ARMv7-M, Thumb-2): constant time, no
 * multiplication (the M3's UMULL ends early on small operands, TRM 18.2),
 * no table indexed by data. The Cortex-M4 (single-cycle UMULL) keeps the
 * portable multiply; ghash.h picks this one for __ARM_ARCH_7M__ only.
 *
 * The method and the per-key table are ghash_rv32i.S's: the element as
 * big-endian words (GCM's bit order), T_b = H * x^b for b = 0..31 as five
 * unreduced words (640 bytes, indexed by b only), the 256-bit product as
 * the sum over Y's 128 bits of bit * T_b placed w words up, reduced once.
 * The barrel shifter makes each masked word one instruction pair:
 * and t, T, y, asr #31 (the bit at bit 31 spread into a mask) and
 * eor z, z, t. Fourteen registers do not hold the eight product words,
 * four data words and five table words at once, so the product is built in
 * two passes over the table, data words 0-1 (product words 0-5) and 2-3
 * (words 2-7), each loading a table entry in two ldm (3 + 2 words): per bit
 * position and pass 4 + 3 cycles of loads, 20 and/eor, 2 shifts (TRM
 * timings). About 2,000 cycles a block.
 *
 * void arx_ghash_armv7m_run(uint32_t y[4], const uint32_t tab[32][5],
 *                           const uint8_t *data, size_t nblocks)
 * y in the word form (ghash.c), data any alignment (ldr, not ldm).
 * Frame: sp + 0..31 the product Z0..Z7 (and the running Y between blocks in
 * Z0..Z3), +32 y, +36 tab, +40 data, +44 data end.
 */
    .syntax unified
    .thumb
    .text

/* One bit position of one pass: ya (r10) and yb (r11) against T_b at r12
 * (post-incremented by 20), into z = r4..r9. */
.macro PSTEP
    ldmia r12!, {r0-r2}
    and r3, r0, r10, asr #31
    eor r4, r4, r3
    and r3, r1, r10, asr #31
    eor r5, r5, r3
    and r3, r2, r10, asr #31
    eor r6, r6, r3
    and r3, r0, r11, asr #31
    eor r5, r5, r3
    and r3, r1, r11, asr #31
    eor r6, r6, r3
    and r3, r2, r11, asr #31
    eor r7, r7, r3
    ldmia r12!, {r0, r1}
    and r3, r0, r10, asr #31
    eor r7, r7, r3
    and r3, r1, r10, asr #31
    eor r8, r8, r3
    and r3, r0, r11, asr #31
    eor r8, r8, r3
    and r3, r1, r11, asr #31
    eor r9, r9, r3
    lsl r10, r10, #1
    lsl r11, r11, #1
.endm

/* 32 bit positions (8 passes of 4) */
.macro PASS label
    ldr r12, [sp, #36]
    add lr, r12, #640
\label:
    PSTEP
    PSTEP
    PSTEP
    PSTEP
    cmp r12, lr
    bne.w \label\()b
.endm

/* lo ^= v * (1 + x + x^2 + x^7) within the word */
.macro FOLDLO v, lo
    eor \lo, \lo, \v
    eor \lo, \lo, \v, lsr #1
    eor \lo, \lo, \v, lsr #2
    eor \lo, \lo, \v, lsr #7
.endm

/* and what crosses into the next word */
.macro FOLD v, lo, hi
    FOLDLO \v, \lo
    eor \hi, \hi, \v, lsl #31
    eor \hi, \hi, \v, lsl #30
    eor \hi, \hi, \v, lsl #25
.endm

    .globl arx_ghash_armv7m_run
    .type arx_ghash_armv7m_run, %function
    .thumb_func
arx_ghash_armv7m_run:
    cbnz r3, 0f
    bx lr
0:  push {r4-r11, lr}
    sub sp, sp, #48
    add r3, r2, r3, lsl #4
    str r0, [sp, #32]
    str r1, [sp, #36]
    str r2, [sp, #40]
    str r3, [sp, #44]
    ldmia r0, {r4-r7}
    stmia sp, {r4-r7}           /* the running Y */
1:  /* Y = running Y ^ the block as big-endian words */
    ldr r2, [sp, #40]
    ldmia sp, {r4-r7}
    ldr r0, [r2, #0]
    ldr r1, [r2, #4]
    ldr r3, [r2, #8]
    ldr r12, [r2, #12]
    add r2, r2, #16
    str r2, [sp, #40]
    rev r0, r0
    rev r1, r1
    rev r3, r3
    rev r12, r12
    eor r10, r4, r0             /* Y0 */
    eor r11, r5, r1             /* Y1 */
    eor r6, r6, r3              /* Y2 */
    eor r7, r7, r12             /* Y3 */
    str r6, [sp, #24]           /* Y2, Y3 wait in Z6, Z7's slots */
    str r7, [sp, #28]
    mov.w r4, #0
    mov.w r5, #0
    mov.w r6, #0
    mov.w r7, #0
    mov.w r8, #0
    mov.w r9, #0
    PASS 2                      /* Y0, Y1 -> Z0..Z5 */
    stmia sp, {r4-r9}
    ldr r10, [sp, #24]
    ldr r11, [sp, #28]
    add r3, sp, #8
    ldmia r3, {r4-r7}
    mov.w r8, #0
    mov.w r9, #0
    PASS 3                      /* Y2, Y3 -> Z2..Z7 */
    add r3, sp, #8
    stmia r3, {r4-r9}
    ldmia sp, {r4-r11}          /* Z0..Z7 */
    /* reduce: V = Z4..Z7 (r8-r11, x^128..x^255); first what V3 * (1 + x +
     * x^2 + x^7) pushes past x^127 (u, at x^128: the top seven bits),
     * folded into Z0 (u * x^128 = u * (1 + x + x^2 + x^7), within Z0) */
    lsl r0, r11, #31
    eor r0, r0, r11, lsl #30
    eor r0, r0, r11, lsl #25
    FOLDLO r0, r4
    FOLD r8, r4, r5
    FOLD r9, r5, r6
    FOLD r10, r6, r7
    FOLDLO r11, r7
    stmia sp, {r4-r7}           /* the running Y */
    ldr r2, [sp, #40]
    ldr r3, [sp, #44]
    cmp r2, r3
    bne.w 1b
    ldr r0, [sp, #32]
    stmia r0, {r4-r7}
    /* leave no H- or data-derived value in the frame or scratch registers */
    mov.w r4, #0
    mov.w r5, #0
    mov.w r6, #0
    mov.w r7, #0
    mov.w r8, #0
    mov.w r9, #0
    mov.w r10, #0
    mov.w r11, #0
    stmia sp, {r4-r11}
    add sp, sp, #48
    movs r0, #0
    movs r1, #0
    movs r2, #0
    movs r3, #0
    mov r12, r0
    pop {r4-r11, pc}
    .size arx_ghash_armv7m_run, . - arx_ghash_armv7m_run
