#!/usr/bin/env python3
"""Writes the AVR kernels of SIMON-64/128 and SIMECK-64/128 (the same Feistel
shape, different f):

python3 embedded/gen/simon_avr.py simon > src/ciphers/simon/simon_avr.S
python3 embedded/gen/simon_avr.py simeck > src/ciphers/simeck/simeck_avr.S

Design (docs/EMBEDDED.md, "Assembly kernels"):
- two blocks at once (y, x of block 0 in r2..r9, of block 1 in r10..r17):
  each round-key byte is loaded once (ld r0, Z+) and xored into both
  blocks; the Feistel swap is a rename (the loop body is two rounds);
- SIMON f(x) = (ROL1(x) & ROL8(x)) ^ ROL2(x): ROL8 is a rename (byte i of
  ROL8(x) is byte i-1 of x), a = ROL1(x) is a copy and lsl/rol/rol/rol/
  adc r1, its copy b = a & ROL8(x) is xored into y, then a is rotated once
  more (ROL2) and xored in: 26 cycles a block;
- SIMECK f(x) = (x & ROL5(x)) ^ ROL1(x): ROL5 = ROL8(ROR3(x)), ROR3 as
  three shifts of the 40-bit r0:copy with r0 a copy of the low byte,
  ROL8 again a rename: 37 cycles a block;
- the C schedule (44 32-bit round keys, little-endian) is read as is; in
  the rounds r26 counts the loop (the in pointer waits on the stack), the
  pair count lives on the stack.
No branch or address depends on key or data. The C wrapper sends an odd
last block through a 16-byte stack buffer (the count is public).
"""
import sys

CIPHER = sys.argv[1] if len(sys.argv) > 1 else "simon"
assert CIPHER in ("simon", "simeck")
from avr_frame import e, header, leave, out, push_saved, symbol


Y = [[2, 3, 4, 5], [10, 11, 12, 13]]
X = [[6, 7, 8, 9], [14, 15, 16, 17]]


def r(n):
    return "r%d" % n


def rol1(regs):
    e("    lsl %s" % r(regs[0]))
    for n in regs[1:]:
        e("    rol %s" % r(n))
    e("    adc %s, r1" % r(regs[0]))


def feistel(dec):
    """y ^= f(x) ^ k for both blocks (k read forwards), then swap names;
    dec: x ^= f(y) ^ k (k read backwards), names kept"""
    if dec:
        for b in range(2):
            X[b], Y[b] = Y[b], X[b]
        for i in (3, 2, 1, 0):
            e("    ld r0, -Z")
            for b in range(2):
                e("    eor %s, r0" % r(Y[b][i]))
    else:
        for i in range(4):
            e("    ld r0, Z+")
            for b in range(2):
                e("    eor %s, r0" % r(Y[b][i]))
    for b in range(2):
        x, y = X[b], Y[b]
        a, bb = [18, 19, 20, 21], [22, 23, 24, 25]
        if CIPHER == "simon":
            e("    movw r18, %s" % r(x[0]))
            e("    movw r20, %s" % r(x[2]))
            rol1(a)
            e("    movw r22, r18")
            e("    movw r24, r20")
            for i in range(4):  # b & ROL8(x)
                e("    and %s, %s" % (r(bb[i]), r(x[(i - 1) % 4])))
            for i in range(4):
                e("    eor %s, %s" % (r(y[i]), r(bb[i])))
            rol1(a)
            for i in range(4):
                e("    eor %s, %s" % (r(y[i]), r(a[i])))
        else:
            e("    movw r22, %s" % r(x[0]))
            e("    movw r24, %s" % r(x[2]))
            e("    mov r0, r22")
            for _ in range(3):
                e("    lsr r0")
                for n in (25, 24, 23, 22):
                    e("    ror r%d" % n)
            for i in range(4):  # byte i of ROL5(x) = byte i-1 of ROR3(x)
                e("    and %s, %s" % (r(bb[(i - 1) % 4]), r(x[i])))
            for i in range(4):
                e("    eor %s, %s" % (r(y[i]), r(bb[(i - 1) % 4])))
            e("    movw r18, %s" % r(x[0]))
            e("    movw r20, %s" % r(x[2]))
            rol1(a)
            for i in range(4):
                e("    eor %s, %s" % (r(y[i]), r(a[i])))
    if not dec:
        for b in range(2):
            X[b], Y[b] = Y[b], X[b]




def rounds(name, dec):
    """The 44 rounds on both blocks, two a loop step (r26 the count)."""
    e("    ldi r26, 22")
    e(".L%s_round2:" % name)
    feistel(dec)
    feistel(dec)
    e("    dec r26")
    e("    breq 1f")
    e("    rjmp .L%s_round2" % name)
    e("1:")


def next_pair():
    """Pairs left (r19:r18, on the stack) minus one; to 2f when none is left,
    else pushed back for the next pass."""
    e("    pop r19")
    e("    pop r18")
    e("    subi r18, 1")
    e("    sbc r19, r1")
    e("    cp r18, r1")
    e("    cpc r19, r1")
    e("    breq 2f")
    e("    push r18")
    e("    push r19")


def kernel(name, dec):
    symbol(name)
    push_saved()
    e("    movw r26, r20")
    e("    movw r28, r22")
    e("    movw r30, r24")
    if dec:
        e("    subi r30, lo8(-176)")
        e("    sbci r31, hi8(-176)")
    e("    push r18")
    e("    push r19")
    e(".L%s_pair:" % name)
    for b in range(2):  # block b: y (bytes 0..3) then x (4..7)
        for n in Y[b] + X[b]:
            e("    ld %s, X+" % r(n))
    e("    push r26")
    e("    push r27")
    rounds(name, dec)
    e("    pop r27")
    e("    pop r26")
    for b in range(2):
        for n in Y[b] + X[b]:
            e("    st Y+, %s" % r(n))
    if dec:
        e("    subi r30, lo8(-176)")
        e("    sbci r31, hi8(-176)")
    else:
        e("    subi r30, lo8(176)")
        e("    sbci r31, hi8(176)")
    next_pair()
    e("    rjmp .L%s_pair" % name)
    e("2:")
    leave(name)


header("simon_avr.py " + CIPHER, __doc__, 5)
e(" *")
e(" * void %s64_128_avr_encrypt2(const %s_ks32 *ks, uint8_t *out, const uint8_t *in, size_t npairs)" % (CIPHER, CIPHER))
e(" * void %s64_128_avr_decrypt2(...): the inverse rounds, keys read backwards (ld -Z)." % CIPHER)
e(" * avr-gcc ABI: ks r25:r24, out r23:r22, in r21:r20, npairs r19:r18 (> 0).")
e(" */")
kernel("%s64_128_avr_encrypt2" % CIPHER, False)
kernel("%s64_128_avr_decrypt2" % CIPHER, True)
print("\n".join(out))
