/*
 * SIMON-64/96 and SIMON-64/128 on ARMv7-M (Cortex-M3, Cortex-M4; Thumb-2):
 * encryption and decryption, every rotation folded into the barrel shifter.
 *
 * A round (ePrint 2013/404, 3.2; simon.c) is x' = y ^ f(x) ^ k, y' = x with
 * f(x) = (ROL1(x) & ROL8(x)) ^ ROL2(x). ROL1(x) & ROL8(x) = ROR31(x & ROR25(x)),
 * so a round is four single-cycle instructions:
 *   and t, x, x, ror #25; eor y, y, t, ror #31; eor y, y, x, ror #30; eor y, y, k
 * and the roles of the two registers swap instead of moving a word. The round
 * keys come six at a time by ldm (1 + 6 cycles on the TRM timings): about
 * 5.2 cycles a round. Decryption is the same round with the roles reversed
 * (y' = x ^ f(y) ^ k, x' = y) and the keys read downwards.
 *
 * Registers: r11 = y (bytes 0-3 of the block, little-endian), r12 = x
 * (bytes 4-7), r4-r9 round keys, r10 the AND term, lr walks the schedule.
 * Called from simon.c with 4-byte-aligned in/out (ldm/stm); simon.c sends
 * other buffers to the reference. Constant time: no branch or address depends
 * on key or data. The schedule is simon_ks32 (rk[0..rounds-1] at offset 0).
 */
    .syntax unified
    .thumb
    .text

/* b ^= f(a) ^ k */
.macro R a, b, k
    and r10, \a, \a, ror #25
    eor \b, \b, r10, ror #31
    eor \b, \b, \a, ror #30
    eor \b, \b, \k
.endm

/* six rounds from r4..r9 (enc) or r9..r4 (dec), starting with a = r12 (enc:
 * x) or r11 (dec: y) */
.macro SIX a, b, k0, k1, k2, k3, k4, k5
    R \a, \b, \k0
    R \b, \a, \k1
    R \a, \b, \k2
    R \b, \a, \k3
    R \a, \b, \k4
    R \b, \a, \k5
.endm

.macro ENC_ROUNDS rounds
    mov lr, r0
    .rept 7
    ldmia lr!, {r4-r9}
    SIX r12, r11, r4, r5, r6, r7, r8, r9
    .endr
.if \rounds == 44
    ldmia lr, {r4-r5}
    R r12, r11, r4
    R r11, r12, r5
.endif
.endm

.macro DEC_ROUNDS rounds
    add lr, r0, #(4 * \rounds)
.if \rounds == 44
    ldmdb lr!, {r4-r5}
    R r11, r12, r5
    R r12, r11, r4
.endif
    .rept 7
    ldmdb lr!, {r4-r9}
    SIX r11, r12, r9, r8, r7, r6, r5, r4
    .endr
.endm

/* void simon64_armv7m_{encrypt,decrypt}_<rounds>(const simon_ks32 *ks,
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

    ECB simon64_armv7m_encrypt_44, 44, enc
    ECB simon64_armv7m_decrypt_44, 44, dec
    ECB simon64_armv7m_encrypt_42, 42, enc
    ECB simon64_armv7m_decrypt_42, 42, dec
