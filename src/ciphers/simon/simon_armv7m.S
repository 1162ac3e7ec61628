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
 * The loop, registers and entry points: ../feistel64_armv7m.inc (shared with
 * SIMECK-64/128). Called from simon.c with 4-byte-aligned in/out (ldm/stm);
 * simon.c sends other buffers to the reference. The schedule is simon_ks32
 * (rk[0..rounds-1] at offset 0).
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

#include "../feistel64_armv7m.inc"

    ECB simon64_armv7m_encrypt_44, 44, enc
    ECB simon64_armv7m_decrypt_44, 44, dec
    ECB simon64_armv7m_encrypt_42, 42, enc
    ECB simon64_armv7m_decrypt_42, 42, dec
