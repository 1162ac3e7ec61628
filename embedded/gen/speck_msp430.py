#!/usr/bin/env python3
"""Writes src/ciphers/speck/speck_msp430.S: SPECK-64/128 and SPECK-64/96 encryption and decryption for MSP430.

python3 embedded/gen/speck_msp430.py > src/ciphers/speck/speck_msp430.S

Design (docs/EMBEDDED.md, "Assembly kernels"):
- one block in r4..r7 (x and y as register pairs), 27 rounds unrolled (a
  loop over pairs of rounds would cost 3 of the 23 cycles a round);
  SPECK-64/96 the same with 26;
- x rotated right by 8: swpb both halves and exchange their low bytes
  (6 cycles: the exchange takes t = low byte of lo ^ hi by xor.b), after
  which the two registers swap roles (a rename);
- round keys xored straight from the C schedule with `xor @r12+, reg`
  (2 cycles); y rotated left by 3 with rla / rlc / adc (3 cycles a bit).
A round is 23 cycles; no branch or address depends on key or data (the
buffers' alignment, public, picks word or byte loads and stores).
"""

from msp430_frame import e, entry, header, leave, out


X = ["r4", "r5"]  # (lo, hi) of x, renamed as rounds go
Y = ["r6", "r7"]
T, K, OUT, IN, N, FLAG, KS = "r8", "r12", "r13", "r14", "r15", "r10", "r9"


def round_():
    global X
    lo, hi = X
    e("    swpb %s" % hi)
    e("    swpb %s" % lo)
    e("    mov %s, %s" % (hi, T))
    e("    xor.b %s, %s" % (lo, T))  # a byte operation clears T's high byte
    e("    xor %s, %s" % (T, hi))
    e("    xor %s, %s" % (T, lo))
    X = [hi, lo]
    e("    add %s, %s" % (Y[0], X[0]))
    e("    addc %s, %s" % (Y[1], X[1]))
    e("    xor @%s+, %s" % (K, X[0]))
    e("    xor @%s+, %s" % (K, X[1]))
    for _ in range(3):
        e("    rla %s" % Y[0])
        e("    rlc %s" % Y[1])
        e("    adc %s" % Y[0])
    e("    xor %s, %s" % (X[0], Y[0]))
    e("    xor %s, %s" % (X[1], Y[1]))


def words():
    return [Y[0], Y[1], X[0], X[1]]  # block bytes 0..7: y then x, little-endian


header("speck_msp430.py", __doc__)
e(" *")
e(" * void speck64_128_msp430_encrypt(const speck_ks32 *ks, uint8_t *out, const uint8_t *in, size_t nblocks)")
e(" * void speck64_128_msp430_decrypt(...): the inverse rounds (25 cycles: the keys,")
e(" * read backwards, come by indexed mode, x(r12), 3 cycles).")
e(" * MSP430 EABI: ks r12, out r13, in r14, nblocks r15; r4..r10 saved.")
e(" */")


def inv_round(i):
    """y = ROR3(y ^ x); x = ROL8((x ^ rk[i]) - y): ROL8 keeps the halves' names"""
    e("    xor %s, %s" % (X[0], Y[0]))
    e("    xor %s, %s" % (X[1], Y[1]))
    for _ in range(3):
        e("    bit #1, %s" % Y[0])
        e("    rrc %s" % Y[1])
        e("    rrc %s" % Y[0])
    e("    xor %d(%s), %s" % (4 * i, K, X[0]))
    e("    xor %d(%s), %s" % (4 * i + 2, K, X[1]))
    e("    sub %s, %s" % (Y[0], X[0]))
    e("    subc %s, %s" % (Y[1], X[1]))
    lo, hi = X
    e("    swpb %s" % hi)
    e("    swpb %s" % lo)
    e("    mov %s, %s" % (hi, T))
    e("    xor.b %s, %s" % (lo, T))  # a byte operation clears T's high byte
    e("    xor %s, %s" % (T, hi))
    e("    xor %s, %s" % (T, lo))


def kernel(name, dec, rounds):
    global X
    X = ["r4", "r5"]
    entry(name)
    e("    mov r12, %s" % KS)
    e("    mov r13, %s" % FLAG)
    e("    bis r14, %s" % FLAG)
    e("    and #1, %s" % FLAG)
    e(".L%s_block:" % name)
    e("    tst %s" % FLAG)
    e("    jnz .L%s_load_b" % name)
    for w in words():
        e("    mov @%s+, %s" % (IN, w))
    e("    jmp .L%s_loaded" % name)
    e(".L%s_load_b:" % name)
    for w in words():
        e("    mov.b @%s+, %s" % (IN, w))
        e("    mov.b @%s+, %s" % (IN, T))
        e("    swpb %s" % T)
        e("    bis %s, %s" % (T, w))
    e(".L%s_loaded:" % name)
    e("    mov %s, %s" % (KS, K))
    for i in range(rounds):
        inv_round(rounds - 1 - i) if dec else round_()
    e("    tst %s" % FLAG)
    e("    jnz .L%s_store_b" % name)
    for i, w in enumerate(words()):
        e("    mov %s, %d(%s)" % (w, 2 * i, OUT))
    e("    jmp .L%s_stored" % name)
    e(".L%s_store_b:" % name)
    for i, w in enumerate(words()):
        e("    mov.b %s, %d(%s)" % (w, 2 * i, OUT))
        e("    swpb %s" % w)
        e("    mov.b %s, %d(%s)" % (w, 2 * i + 1, OUT))
    e(".L%s_stored:" % name)
    e("    add #8, %s" % OUT)
    e("    dec %s" % N)
    e("    jz 2f")
    e("    br #.L%s_block" % name)
    e("2:")
    leave(name)


kernel("speck64_128_msp430_encrypt", False, 27)
kernel("speck64_128_msp430_decrypt", True, 27)
# SPECK-64/96: the same rounds, 26 of them (its own functions, so that a
# firmware linking one of the two carries one pair)
kernel("speck64_96_msp430_encrypt", False, 26)
kernel("speck64_96_msp430_decrypt", True, 26)
print("\n".join(out))
