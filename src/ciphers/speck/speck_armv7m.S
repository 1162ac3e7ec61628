/*
 * SPECK-64/96 and SPECK-64/128 on ARMv7-M (Cortex-M3, Cortex-M4; Thumb-2):
 * encryption, decryption and CTR, the rotations folded into the barrel
 * shifter.
 *
 * An encryption round (ePrint 2013/404, 4.1; speck.c) is
 *   x = (ROR8(x) + y) ^ k;  y = ROL3(y) ^ x,
 * three single-cycle instructions here: add x, y, x, ror #8; eor x, x, k;
 * eor y, x, y, ror #29. The round keys come six at a time with one ldm
 * (1 + 6 cycles on the TRM timings), so a round costs about 4.2 cycles.
 * Decryption, y = ROR3(y ^ x); x = ROL8((x ^ k) - y), keeps y's rotation
 * pending (read as "y, ror #3") and x's applied at the next round: four
 * instructions a round.
 *
 * Registers: r11 = y (bytes 0-3 of the block, little-endian), r12 = x
 * (bytes 4-7), r4-r9 round keys, lr walks the schedule. Called from speck.c
 * with 4-byte-aligned in/out (ldm/stm); speck.c sends other buffers to the
 * reference. Constant time: no branch or address depends on key or data.
 * The schedule is speck_ks32 (rk[0..rounds-1] at offset 0).
 */
    .syntax unified
    .thumb
    .text

.macro ER k
    add r12, r11, r12, ror #8
    eor r12, r12, \k
    eor r11, r12, r11, ror #29
.endm

/* lr = the schedule; all rounds (26 or 27) of encryption on (r11, r12) */
.macro ENC_ROUNDS rounds
    mov lr, r0
    .rept 4
    ldmia lr!, {r4-r9}
    ER r4
    ER r5
    ER r6
    ER r7
    ER r8
    ER r9
    .endr
.if \rounds == 27
    ldmia lr, {r4-r6}
    ER r4
    ER r5
    ER r6
.else
    ldmia lr, {r4-r5}
    ER r4
    ER r5
.endif
.endm

/* Decryption round; x (r12) enters with its rotation applied except in
 * rounds after the first, where it is still ROL8-pending (ror #24). y's
 * ROR3 stays pending from the first round on. */
.macro DR k, first
.if \first
    eor r11, r11, r12
.else
    ror r12, r12, #24
    eor r11, r12, r11, ror #3
.endif
    eor r12, r12, \k
    sub r12, r12, r11, ror #3
.endm

.macro DEC_ROUNDS rounds
    add lr, r0, #(4 * \rounds)
    ldmdb lr!, {r4-r9}
    DR r9, 1
    DR r8, 0
    DR r7, 0
    DR r6, 0
    DR r5, 0
    DR r4, 0
    .rept 3
    ldmdb lr!, {r4-r9}
    DR r9, 0
    DR r8, 0
    DR r7, 0
    DR r6, 0
    DR r5, 0
    DR r4, 0
    .endr
.if \rounds == 27
    ldmdb lr, {r4-r6}
    DR r6, 0
    DR r5, 0
    DR r4, 0
.else
    ldmdb lr, {r4-r5}
    DR r5, 0
    DR r4, 0
.endif
    ror r12, r12, #24
    ror r11, r11, #3
.endm

/* void speck64_armv7m_{encrypt,decrypt}_<rounds>(const speck_ks32 *ks,
 *     uint8_t *out, const uint8_t *in, size_t nblocks) */
.macro ECB name, rounds, dir
    .globl \name
    .type \name, %function
    .thumb_func
\name:
    cbnz r3, 0f
    bx lr
0:  push {r4-r11, lr}
1:  ldmia r2!, {r11, r12}
.ifc \dir, enc
    ENC_ROUNDS \rounds
.else
    DEC_ROUNDS \rounds
.endif
    stmia r1!, {r11, r12}
    subs r3, r3, #1
    bne.w 1b
    movs r0, #0
    mov r12, r0
    pop {r4-r11, pc}
    .size \name, . - \name
.endm

/* void speck64_armv7m_ctr_<rounds>(const speck_ks32 *ks, uint32_t y0,
 *     uint32_t low, uint8_t *out, const uint8_t *in, size_t nblocks)
 * out = in ^ E(counter blocks): y = y0 (the counter's bytes 0-3 read
 * little-endian), x = bytes 4-7 = big-endian low, low + 1, ... (rev); the
 * caller keeps low from wrapping. r10 = in, the count on the stack. */
.macro CTR name, rounds
    .globl \name
    .type \name, %function
    .thumb_func
\name:
    push {r4-r11, lr}
    ldr r10, [sp, #36]          /* in */
    ldr r4, [sp, #40]           /* nblocks */
    cmp r4, #0
    beq.w 2f
1:  mov r11, r1
    rev r12, r2
    ENC_ROUNDS \rounds
    ldmia r10!, {r4, r5}
    eor r4, r4, r11
    eor r5, r5, r12
    stmia r3!, {r4, r5}
    adds r2, r2, #1
    ldr r4, [sp, #40]
    subs r4, r4, #1
    str r4, [sp, #40]
    bne.w 1b
2:  movs r0, #0
    mov r12, r0
    mov r1, r0
    pop {r4-r11, pc}
    .size \name, . - \name
.endm

    ECB speck64_armv7m_encrypt_27, 27, enc
    ECB speck64_armv7m_decrypt_27, 27, dec
    CTR speck64_armv7m_ctr_27, 27
    ECB speck64_armv7m_encrypt_26, 26, enc
    ECB speck64_armv7m_decrypt_26, 26, dec
    CTR speck64_armv7m_ctr_26, 26
