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
 * The loop and registers: ../feistel64_rv32i.inc (shared with SIMECK-64).
 * Called from simon.c with 4-byte-aligned in/out; simon.c sends other
 * buffers to the reference. The schedule is simon_ks32 (rk[0..rounds-1] at
 * offset 0).
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

#include "../feistel64_rv32i.inc"

    ECB simon64_rv32i_encrypt_44, 44, enc
    ECB simon64_rv32i_decrypt_44, 44, dec
    ECB simon64_rv32i_encrypt_42, 42, enc
    ECB simon64_rv32i_decrypt_42, 42, dec
