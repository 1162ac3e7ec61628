/*
 * LEA-128 on ARMv7-M (Cortex-M3, Cortex-M4; Thumb-2): encryption, CTR and
 * decryption, fully unrolled, with the rotations folded into the barrel
 * shifter.
 *
 * A round (LEA_ENC_ROUND in lea.c) is
 *   X0' = ROL9((X0 ^ RK0) + (X1 ^ RK1)), X1' = ROR5((X1 ^ RK2) + (X2 ^ RK3)),
 *   X2' = ROR3((X2 ^ RK4) + (X3 ^ RK5)), X3' = X0,
 * and LEA-128 has RK1 = RK3 = RK5. No rotation is ever executed: a register
 * holds a state word before its rotation (the sum), and every instruction
 * that reads it applies the rotation through its shifted second operand
 * (eor k, k, x, ror #n). X3' is X0 as it was, so each word's pending
 * rotation is fixed from round 2 on: X0 23 (ROL9), X1 5, X2 3, X3 23. A
 * round is then four loads (RK0, RK1, RK2, RK4: 2 + 1 + 1 + 1 cycles,
 * pipelined) and nine single-cycle data-processing instructions: 14 cycles
 * on the Cortex-M3/M4 TRM timings, 336 for the 24 rounds.
 *
 * The state is not moved between rounds: nine registers (r4-r12) hold the
 * state, the round keys and one temporary, and the round's macro arguments
 * rename them (the invocations below come from that renaming; it repeats
 * every 15 rounds). The pending rotations are applied once at the end, while
 * the words move to four registers in ascending order for one stm.
 * Called from lea.c with 4-byte-aligned in/out (ldm/stm need it; lea.c sends
 * other buffers to the reference). Constant time: no branch or address
 * depends on key or data, and every instruction here has a fixed timing.
 */
    .syntax unified
    .thumb
    .text

/* d = k ^ ROR(x, n) (n = 0: no shift; "ror #0" would encode RRX) */
.macro XR d, k, x, n
.if \n == 0
    eor \d, \k, \x
.else
    eor \d, \k, \x, ror #\n
.endif
.endm

/* Round r on (a, b, c, d), whose pending rotations are ra..rd; rk[r] at
 * r0 + 24 * r. The new state is (k0, k2, k4, a) with pending rotations
 * (23, 5, 3, ra); b, c, d, k1 and t are free afterwards. */
.macro ROUND r, a, b, c, d, k0, k1, k2, k4, t, ra, rb, rc, rd
    ldr \k0, [r0, #(\r * 24)]
    ldr \k1, [r0, #(\r * 24 + 4)]
    ldr \k2, [r0, #(\r * 24 + 8)]
    ldr \k4, [r0, #(\r * 24 + 16)]
    XR \k0, \k0, \a, \ra
    XR \t, \k1, \b, \rb
    add \k0, \k0, \t            /* X0' before ROL9 */
    XR \k2, \k2, \b, \rb
    XR \t, \k1, \c, \rc
    add \k2, \k2, \t            /* X1' before ROR5 */
    XR \k4, \k4, \c, \rc
    XR \t, \k1, \d, \rd
    add \k4, \k4, \t            /* X2' before ROR3 */
.endm

/* 24 rounds from (r4, r5, r6, r7); the result is (r7 ror 23, r8 ror 5,
 * r6 ror 3, r10 ror 23), and r4, r5, r9, r11, r12 are free. */
.macro ROUNDS24
    ROUND  0, r4, r5, r6, r7, r8, r9, r10, r11, r12, 0, 0, 0, 0
    ROUND  1, r8, r10, r11, r4, r5, r6, r7, r9, r12, 23, 5, 3, 0
    ROUND  2, r5, r7, r9, r8, r10, r11, r4, r6, r12, 23, 5, 3, 23
    ROUND  3, r10, r4, r6, r5, r7, r9, r8, r11, r12, 23, 5, 3, 23
    ROUND  4, r7, r8, r11, r10, r4, r6, r5, r9, r12, 23, 5, 3, 23
    ROUND  5, r4, r5, r9, r7, r8, r11, r10, r6, r12, 23, 5, 3, 23
    ROUND  6, r8, r10, r6, r4, r5, r9, r7, r11, r12, 23, 5, 3, 23
    ROUND  7, r5, r7, r11, r8, r10, r6, r4, r9, r12, 23, 5, 3, 23
    ROUND  8, r10, r4, r9, r5, r7, r11, r8, r6, r12, 23, 5, 3, 23
    ROUND  9, r7, r8, r6, r10, r4, r9, r5, r11, r12, 23, 5, 3, 23
    ROUND 10, r4, r5, r11, r7, r8, r6, r10, r9, r12, 23, 5, 3, 23
    ROUND 11, r8, r10, r9, r4, r5, r11, r7, r6, r12, 23, 5, 3, 23
    ROUND 12, r5, r7, r6, r8, r10, r9, r4, r11, r12, 23, 5, 3, 23
    ROUND 13, r10, r4, r11, r5, r7, r6, r8, r9, r12, 23, 5, 3, 23
    ROUND 14, r7, r8, r9, r10, r4, r11, r5, r6, r12, 23, 5, 3, 23
    ROUND 15, r4, r5, r6, r7, r8, r9, r10, r11, r12, 23, 5, 3, 23
    ROUND 16, r8, r10, r11, r4, r5, r6, r7, r9, r12, 23, 5, 3, 23
    ROUND 17, r5, r7, r9, r8, r10, r11, r4, r6, r12, 23, 5, 3, 23
    ROUND 18, r10, r4, r6, r5, r7, r9, r8, r11, r12, 23, 5, 3, 23
    ROUND 19, r7, r8, r11, r10, r4, r6, r5, r9, r12, 23, 5, 3, 23
    ROUND 20, r4, r5, r9, r7, r8, r11, r10, r6, r12, 23, 5, 3, 23
    ROUND 21, r8, r10, r6, r4, r5, r9, r7, r11, r12, 23, 5, 3, 23
    ROUND 22, r5, r7, r11, r8, r10, r6, r4, r9, r12, 23, 5, 3, 23
    ROUND 23, r10, r4, r9, r5, r7, r11, r8, r6, r12, 23, 5, 3, 23
.endm

/* void lea128_armv7m_encrypt_aligned(const lea_ks *ks, uint8_t *out,
 *                                    const uint8_t *in, size_t nblocks) */
    .globl lea128_armv7m_encrypt_aligned
    .type lea128_armv7m_encrypt_aligned, %function
    .thumb_func
lea128_armv7m_encrypt_aligned:
    cbnz r3, 0f
    bx lr
0:  push {r4-r11, lr}
1:  ldmia r2!, {r4-r7}
    ROUNDS24
    ror r4, r7, #23
    ror r5, r8, #5
    ror r9, r6, #3
    ror r11, r10, #23
    stmia r1!, {r4, r5, r9, r11}
    subs r3, r3, #1
    bne.w 1b
    /* leave no key- or data-derived value in the caller-saved r12 */
    movs r0, #0
    mov r12, r0
    pop {r4-r11, pc}
    .size lea128_armv7m_encrypt_aligned, . - lea128_armv7m_encrypt_aligned

/* void lea128_armv7m_ctr_run(const lea_ks *ks, const uint32_t x[3],
 *     uint32_t low, uint8_t *out, const uint8_t *in, size_t nblocks)
 * out = in ^ E(counter blocks): words X0..X2 = x[0..2] (the counter's bytes
 * 0..11 read little-endian, as LEA loads a block), X3 = the last four bytes,
 * big-endian low, low + 1, ... (rev: the byte swap); the caller keeps low
 * from wrapping. Registers: r0 ks, r1 x, lr low, r2 in, r3 out, the block
 * count on the stack. */
    .globl lea128_armv7m_ctr_run
    .type lea128_armv7m_ctr_run, %function
    .thumb_func
lea128_armv7m_ctr_run:
    push {r4-r11, lr}
    mov lr, r2
    ldr r2, [sp, #36]           /* in */
    ldr r4, [sp, #40]           /* nblocks */
    cmp r4, #0
    beq.w 2f
1:  ldmia r1, {r4-r6}
    rev r7, lr
    ROUNDS24
    ldmia r2!, {r4, r5, r9, r11}
    eor r4, r4, r7, ror #23
    eor r5, r5, r8, ror #5
    eor r9, r9, r6, ror #3
    eor r11, r11, r10, ror #23
    stmia r3!, {r4, r5, r9, r11}
    add lr, lr, #1
    ldr r4, [sp, #40]
    subs r4, r4, #1
    str r4, [sp, #40]
    bne.w 1b
2:  movs r0, #0
    mov r12, r0
    mov r1, r0
    pop {r4-r11, pc}
    .size lea128_armv7m_ctr_run, . - lea128_armv7m_ctr_run

/* Decryption round r (LEA_DEC_ROUND in lea.c) on (x0, x1, x2, x3):
 *   x1 = (ROR9(x1) - (x0 ^ RK0)) ^ RK1, x2 = (ROL5(x2) - (x1 ^ RK2)) ^ RK3,
 *   x3 = (ROL3(x3) - (x2 ^ RK4)) ^ RK5.
 * The rotation is of a word's old value, so it folds into a reverse
 * subtract (rsb x, u, x, ror #n) and nothing stays pending: four loads and
 * nine single-cycle instructions, 14 cycles, as encryption. */
.macro DROUND x0, x1, x2, x3, r
    ldr r8, [r0, #(\r * 24)]
    ldr r9, [r0, #(\r * 24 + 4)]
    ldr r10, [r0, #(\r * 24 + 8)]
    ldr r11, [r0, #(\r * 24 + 16)]
    eor r12, \x0, r8
    rsb \x1, r12, \x1, ror #9
    eor \x1, \x1, r9
    eor r12, \x1, r10
    rsb \x2, r12, \x2, ror #27
    eor \x2, \x2, r9
    eor r12, \x2, r11
    rsb \x3, r12, \x3, ror #29
    eor \x3, \x3, r9
.endm

/* void lea128_armv7m_decrypt_aligned(const lea_ks *ks, uint8_t *out,
 *                                    const uint8_t *in, size_t nblocks)
 * Rounds 23..0, the names rotating back in place every four (lea.c). */
    .globl lea128_armv7m_decrypt_aligned
    .type lea128_armv7m_decrypt_aligned, %function
    .thumb_func
lea128_armv7m_decrypt_aligned:
    cbnz r3, 0f
    bx lr
0:  push {r4-r11, lr}
1:  ldmia r2!, {r4-r7}
    DROUND r7, r4, r5, r6, 23
    DROUND r6, r7, r4, r5, 22
    DROUND r5, r6, r7, r4, 21
    DROUND r4, r5, r6, r7, 20
    DROUND r7, r4, r5, r6, 19
    DROUND r6, r7, r4, r5, 18
    DROUND r5, r6, r7, r4, 17
    DROUND r4, r5, r6, r7, 16
    DROUND r7, r4, r5, r6, 15
    DROUND r6, r7, r4, r5, 14
    DROUND r5, r6, r7, r4, 13
    DROUND r4, r5, r6, r7, 12
    DROUND r7, r4, r5, r6, 11
    DROUND r6, r7, r4, r5, 10
    DROUND r5, r6, r7, r4, 9
    DROUND r4, r5, r6, r7, 8
    DROUND r7, r4, r5, r6, 7
    DROUND r6, r7, r4, r5, 6
    DROUND r5, r6, r7, r4, 5
    DROUND r4, r5, r6, r7, 4
    DROUND r7, r4, r5, r6, 3
    DROUND r6, r7, r4, r5, 2
    DROUND r5, r6, r7, r4, 1
    DROUND r4, r5, r6, r7, 0
    stmia r1!, {r4-r7}
    subs r3, r3, #1
    bne.w 1b
    movs r0, #0
    mov r12, r0
    pop {r4-r11, pc}
    .size lea128_armv7m_decrypt_aligned, . - lea128_armv7m_decrypt_aligned
