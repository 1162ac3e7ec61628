#!/usr/bin/env python3
"""Writes the SPARX-64/128 key schedule for AVR or MSP430.

python3 embedded/gen/sparx_key.py avr > src/ciphers/sparx/sparx_key_avr.S
python3 embedded/gen/sparx_key.py msp430 > src/ciphers/sparx/sparx_key_msp430.S

Design (docs/EMBEDDED.md, "Assembly kernels"): the key state k[0..7] (16-bit
words) in registers; row c of rk is k[0..5] (words 6 and 7 stored as zero),
then the permutation with constant c + 1: k0 = ROR7(k0) + k1,
k1 = ROL2(k1) ^ k0, k2 += k0, k3 += k1, k7 += c + 1, and the 32-bit words
rotate one place (a rename). 17 rows (the last one is the whitening key).
- MSP430 (r4..r11, ROR7 = swpb then rla/adc): a 4-row loop body, after
  which the names come back; 35 cycles a row.
- AVR (r2..r17, ROR7 = ROL1 then a byte rename): an 8-row loop body (the
  bytes of every word come back after two passes), `st X+`; 52 cycles a row.
Rows 17..40 of rk are not written (SPARX-64/128 reads 17; key_build zeroes
the key object before the setup). No branch or address depends on the key.
"""

import sys

TARGET = sys.argv[1] if len(sys.argv) > 1 else "msp430"
assert TARGET in ("avr", "msp430")
if TARGET == "avr":
    from avr_frame import e, header, leave, out, push_saved, symbol
else:
    from msp430_frame import e, entry, header, leave, out

ROWS = 17
NAME = "sparx64_128_%s_schedule" % TARGET


def rotate_words(k):
    """the 32-bit words one place to the right: k[i] = k[i - 2]"""
    return k[6:] + k[:6]


def msp430():
    k = ["r%d" % n for n in range(4, 12)]
    C, P = "r12", "r14"
    entry(NAME, guard=False)
    e("    mov r12, %s" % P)
    for w in k:  # the key may be at any address: bytes
        e("    mov.b @r13+, %s" % w)
        e("    mov.b @r13+, r15")
        e("    swpb r15")
        e("    bis r15, %s" % w)
    e("    clr %s" % C)

    def row(o):
        for i in range(6):
            e("    mov %s, %d(%s)" % (k[i], o + 2 * i, P))
        e("    clr %d(%s)" % (o + 12, P))
        e("    clr %d(%s)" % (o + 14, P))

    e("1:")
    for n in range(4):
        row(16 * n)
        e("    swpb %s" % k[0])  # k0 = ROR7(k0) + k1
        e("    rla %s" % k[0])
        e("    adc %s" % k[0])
        e("    add %s, %s" % (k[1], k[0]))
        for _ in range(2):  # k1 = ROL2(k1) ^ k0
            e("    rla %s" % k[1])
            e("    adc %s" % k[1])
        e("    xor %s, %s" % (k[0], k[1]))
        e("    add %s, %s" % (k[0], k[2]))
        e("    add %s, %s" % (k[1], k[3]))
        e("    inc %s" % C)
        e("    add %s, %s" % (C, k[7]))
        k = rotate_words(k)
    e("    add #64, %s" % P)
    e("    cmp #16, %s" % C)
    e("    jne 1b")
    row(0)
    e("    clr r11")  # key material in caller-saved registers
    e("    clr r15")
    leave(NAME)


def avr():
    k = [(2 + 2 * i, 3 + 2 * i) for i in range(8)]  # (lo, hi) of each word
    C = 18
    saved = list(range(2, 18))
    symbol(NAME)
    push_saved(saved)
    e("    movw r30, r22")
    e("    movw r26, r24")
    for w in k:
        for b in w:
            e("    ld r%d, Z+" % b)
    e("    clr r%d" % C)

    def row():
        for i in range(6):
            for b in k[i]:
                e("    st X+, r%d" % b)
        for _ in range(4):
            e("    st X+, r1")

    start = list(k)
    e("1:")
    for n in range(8):
        row()
        lo, hi = k[0]  # k0 = ROR7(k0) + k1: ROL1, then the bytes swap names
        e("    lsl r%d" % lo)
        e("    rol r%d" % hi)
        e("    adc r%d, r1" % lo)
        k[0] = (hi, lo)
        e("    add r%d, r%d" % (k[0][0], k[1][0]))
        e("    adc r%d, r%d" % (k[0][1], k[1][1]))
        for _ in range(2):  # k1 = ROL2(k1) ^ k0
            e("    lsl r%d" % k[1][0])
            e("    rol r%d" % k[1][1])
            e("    adc r%d, r1" % k[1][0])
        for j in range(2):
            e("    eor r%d, r%d" % (k[1][j], k[0][j]))
        for d, s in ((2, 0), (3, 1)):
            e("    add r%d, r%d" % (k[d][0], k[s][0]))
            e("    adc r%d, r%d" % (k[d][1], k[s][1]))
        e("    inc r%d" % C)
        e("    add r%d, r%d" % (k[7][0], C))
        e("    adc r%d, r1" % k[7][1])
        k = rotate_words(k)
    assert k == start
    e("    cpi r%d, 16" % C)
    e("    breq 2f")  # the body is out of brne's reach
    e("    rjmp 1b")
    e("2:")
    row()
    leave(NAME, saved)


header("sparx_key.py %s" % TARGET, __doc__, skip=5)
e(" *")
if TARGET == "avr":
    e(" * void %s(uint16_t rk[][8], const uint8_t key[16]): rk r24:r25, key r22:r23" % NAME)
else:
    e(" * void %s(uint16_t rk[][8], const uint8_t key[16]): rk r12, key r13" % NAME)
e(" */")
avr() if TARGET == "avr" else msp430()
print("\n".join(out))
