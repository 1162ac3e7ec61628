/*
 * SIMECK-64/128 on RV32I (no M, no C, no Zb*): encryption and decryption,
 * fully unrolled, the two words' roles swapped instead of moved.
 *
 * A round (Yang et al., CHES 2015; simeck.c) is l ^= f(r) ^ k with
 * f(x) = (x & ROL5(x)) ^ ROL1(x), then the roles swap. RV32I has no rotate:
 * ROL5 is three instructions (slli, srli, or), ROL1 is xored in as its two
 * shifted halves (slli, xor, srli, xor). With the key's load first (no
 * load-use stall) a round is eleven instructions. 44 rounds.
 *
 * The loop and registers: ../feistel64_rv32i.inc (shared with SIMON-64).
 * Called from simeck.c with 4-byte-aligned in/out; simeck.c sends other
 * buffers to the reference. The schedule is simeck_ks32 (rk[0..43] at
 * offset 0).
 */
    .text

/* b ^= f(a) ^ rk[r] */
.macro R a, b, r
    lw a4, (4 * \r)(a0)
    slli t0, \a, 5
    srli t1, \a, 27
    or t0, t0, t1
    and t0, t0, \a
    xor \b, \b, t0
    slli t1, \a, 1
    xor \b, \b, t1
    srli t1, \a, 31
    xor \b, \b, t1
    xor \b, \b, a4
.endm

#include "../feistel64_rv32i.inc"

    ECB simeck64_rv32i_encrypt_44, 44, enc
    ECB simeck64_rv32i_decrypt_44, 44, dec
