#!/usr/bin/env python3
"""Writes src/ciphers/cham/cham_msp430.S: CHAM-64/128 (and -legacy) for MSP430.

python3 embedded/gen/cham_msp430.py > src/ciphers/cham/cham_msp430.S

Design (docs/EMBEDDED.md, "Assembly kernels"):
- one block in r4..r7, one 16-bit word a register; the word shift is a
  rename (8 rounds bring the names back: the loop body);
- the words written by even rounds (ROL8 of a sum) are kept byte-swapped:
  the odd round that reads one as ROL8(X1) takes the register as it is, and
  the even round that adds to it swaps it first (swpb, 1 cycle): one swpb
  per two rounds instead of two;
- ROL1 is rla/adc (2 cycles), the inverse ROR1 bit #1/rrc (2);
- the 88 rounds are unrolled: the round index is an immediate (`xor #i`,
  2 cycles, 1 for i = 1, 2, 4, 8 by the constant generator); -legacy
  (80 rounds, read from cham64_ks.rounds once) leaves after round 80
  (encryption) or enters at round 79 (decryption);
- encryption xors the round keys straight from the C schedule with
  `xor @r12+` (2 cycles; r12 back to rk[0] every 16 rounds), decryption by
  indexed mode from the schedule's base (3 cycles; no pre-decrement).
Encryption is 8.5 cycles a round (decryption 9.5); no branch or address
depends on key or data (the buffers' alignment, public, picks word or byte
loads and stores).
"""

from msp430_frame import e, entry, header, leave, out


T, FLAG, KS, K, OUT, IN, N = "r9", "r10", "r11", "r12", "r13", "r14", "r15"
words = ["r4", "r5", "r6", "r7"]  # X0..X3 renamed; entering a body X0 and X2 are byte-swapped


def enc_round(j):
    global words
    x0, x1 = words[0], words[1]
    if j % 2 == 0:  # X3' = ROL8((X0 ^ i) + (ROL1(X1) ^ RK)), kept swapped (no ROL8)
        e("    swpb %s" % x0)
        e("    mov %s, %s" % (x1, T))
        e("    rla %s" % T)
        e("    adc %s" % T)
    else:  # X3' = ROL1((X0 ^ i) + (ROL8(X1) ^ RK)); X1 is stored swapped
        e("    mov %s, %s" % (x1, T))
    e("    xor @%s+, %s" % (K, T))
    if j:
        e("    xor #%d, %s" % (j, x0))
    e("    add %s, %s" % (T, x0))
    if j % 2:
        e("    rla %s" % x0)
        e("    adc %s" % x0)
    words = words[1:] + words[:1]


def dec_round(j):
    """undoes round j (rk[j & 15] of the 16 at KS)"""
    global words
    y0, y3 = words[0], words[3]
    if j % 2 == 0:  # X0 = (ROR8(Y3) - (ROL1(Y0) ^ RK)) ^ i; Y3 is stored swapped = ROR8(Y3)
        e("    mov %s, %s" % (y0, T))
        e("    rla %s" % T)
        e("    adc %s" % T)
    else:  # X0 = (ROR1(Y3) - (ROL8(Y0) ^ RK)) ^ i; Y0 is stored swapped = ROL8(Y0)
        e("    bit #1, %s" % y3)
        e("    rrc %s" % y3)
        e("    mov %s, %s" % (y0, T))
    e("    xor %d(%s), %s" % (2 * (j & 15), KS, T))
    e("    sub %s, %s" % (T, y3))
    if j:
        e("    xor #%d, %s" % (j, y3))
    if j % 2 == 0:
        e("    swpb %s" % y3)  # X0 of an even round is stored swapped
    words = words[3:] + words[:3]


def load():
    e("    tst %s" % FLAG)
    e("    jnz 3f")
    for w in words:
        e("    mov @%s+, %s" % (IN, w))
    e("    jmp 4f")
    e("3:")
    for w in words:
        e("    mov.b @%s+, %s" % (IN, w))
        e("    mov.b @%s+, %s" % (IN, T))
        e("    swpb %s" % T)
        e("    bis %s, %s" % (T, w))
    e("4:")
    e("    swpb %s" % words[0])
    e("    swpb %s" % words[2])


def store(name):
    e("    swpb %s" % words[0])
    e("    swpb %s" % words[2])
    e("    tst %s" % FLAG)
    e("    jnz 5f")
    for i, w in enumerate(words):
        e("    mov %s, %d(%s)" % (w, 2 * i, OUT))
    e("    jmp 6f")
    e("5:")
    for i, w in enumerate(words):
        e("    mov.b %s, %d(%s)" % (w, 2 * i, OUT))
        e("    swpb %s" % w)
        e("    mov.b %s, %d(%s)" % (w, 2 * i + 1, OUT))
    e("6:")
    e("    add #8, %s" % OUT)
    e("    dec %s" % N)
    e("    jz 7f")
    e("    br #.L%s_block" % name)
    e("7:")


def prologue(name):
    entry(name)
    e("    mov r12, %s" % KS)
    e("    mov r13, %s" % FLAG)
    e("    bis r14, %s" % FLAG)
    e("    and #1, %s" % FLAG)
    e(".L%s_block:" % name)
    load()


def epilogue(name):
    leave(name)


def encrypt(name):
    prologue(name)
    for j in range(88):
        if j % 16 == 0:
            e("    mov %s, %s" % (KS, K))
        if j == 80:  # -legacy: 80 rounds (public)
            e("    cmp #80, 32(%s)" % KS)
            e("    jeq .L%s_done" % name)
        enc_round(j)
    assert words == ["r4", "r5", "r6", "r7"]
    e(".L%s_done:" % name)
    store(name)
    epilogue(name)


def decrypt(name):
    prologue(name)
    e("    cmp #80, 32(%s)" % KS)  # -legacy: start at round 79 (public)
    e("    jeq .L%s_r79" % name)
    for j in range(87, -1, -1):
        if j == 79:
            e(".L%s_r79:" % name)
        dec_round(j)
    assert words == ["r4", "r5", "r6", "r7"]
    store(name)
    epilogue(name)


header("cham_msp430.py", __doc__)
e(" *")
e(" * void cham64_msp430_encrypt(const cham64_ks *ks, uint8_t *out, const uint8_t *in, size_t nblocks)")
e(" * void cham64_msp430_decrypt(...): the inverse rounds.")
e(" * MSP430 EABI: ks r12, out r13, in r14, nblocks r15; r4..r10 saved.")
e(" */")
encrypt("cham64_msp430_encrypt")
decrypt("cham64_msp430_decrypt")
print("\n".join(out))
