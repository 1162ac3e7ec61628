/*
 * SIMECK-64/128 on ARMv7-M (Cortex-M3, Cortex-M4; Thumb-2): encryption and
 * decryption, every rotation folded into the barrel shifter.
 *
 * A round (Yang et al., CHES 2015; simeck.c) is l' = r ^ f(l) ^ k, r' = l
 * with f(x) = (x & ROL5(x)) ^ ROL1(x): four single-cycle instructions,
 *   and t, x, x, ror #27; eor y, y, t; eor y, y, x, ror #31; eor y, y, k
 * and the two registers swap roles instead of moving a word (r = bytes 0-3
 * is the include's y, l = bytes 4-7 its x). 44 rounds, keys six at a time
 * by ldm: about 5.2 cycles a round, as SIMON-64's.
 *
 * The loop, registers and entry points: ../feistel64_armv7m.inc (shared with
 * SIMON-64). Called from simeck.c with 4-byte-aligned in/out (ldm/stm);
 * simeck.c sends other buffers to the reference. The schedule is
 * simeck_ks32 (rk[0..43] at offset 0).
 */
    .syntax unified
    .thumb
    .text

/* b ^= f(a) ^ k */
.macro R a, b, k
    and r10, \a, \a, ror #27
    eor \b, \b, r10
    eor \b, \b, \a, ror #31
    eor \b, \b, \k
.endm

#include "../feistel64_armv7m.inc"

    ECB simeck64_armv7m_encrypt_44, 44, enc
    ECB simeck64_armv7m_decrypt_44, 44, dec
