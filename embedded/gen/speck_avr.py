#!/usr/bin/env python3
"""Writes src/ciphers/speck/speck_avr.S: SPECK-64/128 and SPECK-64/96 encryption and decryption for AVR.

python3 embedded/gen/speck_avr.py > src/ciphers/speck/speck_avr.S

Design (docs/EMBEDDED.md, "Assembly kernels"):
- two blocks at once (r2..r17): every round-key byte is loaded once (ld
  r18, Z+, 2 cycles) and xored into both blocks, so a key byte costs 2
  cycles per block instead of 3;
- the rotation of x right by 8 is a rename (each x carries a byte offset;
  a 4-round body brings it back; the tail of rounds mod 4 rounds, 3 for
  SPECK-64/128's 27 and 2 for SPECK-64/96's 26, ends at that offset and
  the stores follow it); y is rotated left by 3 in place
  (lsl/rol/rol/rol/adc r1, three times);
- the C schedule (speck_ks32.rk, 27 or 26 little-endian words) is read as
  is; each variant has its own pair of functions (a firmware links one).
A round is 62 cycles for the two blocks; no branch or address depends on
key or data. speck.c's wrapper sends an odd last block through a 16-byte
stack buffer (the count is public).
"""

from avr_frame import e, header, leave, out, push_saved, symbol


# per block: x regs, y regs
XR = [[2, 3, 4, 5], [10, 11, 12, 13]]
YR = [[6, 7, 8, 9], [14, 15, 16, 17]]
off = [0, 0]


def x(b, i):
    return "r%d" % XR[b][(i + off[b]) % 4]


def y(b, i):
    return "r%d" % YR[b][i]


def round_(n):
    e("    ; round")
    for b in range(2):
        off[b] = (off[b] + 1) % 4  # x = ROR8(x): rename
        for i in range(4):
            e("    %s %s, %s" % ("add" if i == 0 else "adc", x(b, i), y(b, i)))
    for i in range(4):
        e("    ld r18, Z+")
        for b in range(2):
            e("    eor %s, r18" % x(b, i))
    for b in range(2):
        for _ in range(3):
            e("    lsl %s" % y(b, 0))
            for i in (1, 2, 3):
                e("    rol %s" % y(b, i))
            e("    adc %s, r1" % y(b, 0))
        for i in range(4):
            e("    eor %s, %s" % (y(b, i), x(b, i)))


header("speck_avr.py", __doc__)
e(" *")
e(" * void speck64_128_avr_encrypt2(const speck_ks32 *ks, uint8_t *out, const uint8_t *in, size_t npairs)")
e(" * void speck64_96_avr_encrypt2(...), speck64_96_avr_decrypt2(...): the same, 26 rounds.")
e(" * void speck64_128_avr_decrypt2(...): the same, inverse rounds (y = ROR3(y ^ x),")
e(" * x = ROL8((x ^ k) - y)), keys read backwards with ld -Z; 64 cycles a round.")
e(" * avr-gcc ABI: ks r25:r24, out r23:r22, in r21:r20, npairs r19:r18 (> 0).")
e(" * X = in, Y = out, r24:r25 = pairs left, r22:r23 = ks, r19 = loop count.")
e(" */")


def inv_round():
    e("    ; inverse round")
    for b in range(2):
        for i in range(4):
            e("    eor %s, %s" % (y(b, i), x(b, i)))
        e("    mov r0, %s" % y(b, 0))
        for _ in range(3):
            e("    lsr r0")
            for i in (3, 2, 1, 0):
                e("    ror %s" % y(b, i))
    for i in (3, 2, 1, 0):
        e("    ld r18, -Z")
        for b in range(2):
            e("    eor %s, r18" % x(b, i))
    for b in range(2):
        for i in range(4):
            e("    %s %s, %s" % ("sub" if i == 0 else "sbc", x(b, i), y(b, i)))
        off[b] = (off[b] + 3) % 4  # x = ROL8(x): rename


def kernel(name, dec, rounds):
    symbol(name)
    saved = list(range(2, 18)) + [28, 29]
    push_saved(saved)
    e("    movw r26, r20")
    e("    movw r28, r22")
    e("    movw r22, r24")
    if dec:
        e("    subi r22, lo8(-%d)" % (4 * rounds))  # Z starts past the last key: ld -Z
        e("    sbci r23, hi8(-%d)" % (4 * rounds))
    e("    movw r24, r18")
    e(".L%s_pair:" % name)
    for b in range(2):  # block b: y then x, little-endian
        for i in range(4):
            e("    ld %s, X+" % y(b, i))
        for i in range(4):
            e("    ld %s, X+" % x(b, i))
    e("    movw r30, r22")
    e("    ldi r19, %d" % (rounds // 4))
    e(".L%s_round4:" % name)
    for n in range(4):
        inv_round() if dec else round_(n)
    assert off == [0, 0]
    e("    dec r19")
    e("    breq 1f")
    e("    rjmp .L%s_round4" % name)
    e("1:")
    for n in range(rounds % 4):
        inv_round() if dec else round_(n)
    for b in range(2):
        for i in range(4):
            e("    st Y+, %s" % y(b, i))
        for i in range(4):
            e("    st Y+, %s" % x(b, i))
    off[0] = off[1] = 0
    e("    sbiw r24, 1")
    e("    breq 2f")
    e("    rjmp .L%s_pair" % name)
    e("2:")
    leave(name, saved)


kernel("speck64_128_avr_encrypt2", False, 27)
kernel("speck64_128_avr_decrypt2", True, 27)
kernel("speck64_96_avr_encrypt2", False, 26)
kernel("speck64_96_avr_decrypt2", True, 26)
print("\n".join(out))
