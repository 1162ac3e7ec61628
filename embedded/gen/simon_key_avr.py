#!/usr/bin/env python3
"""Writes the SIMON-64/128 or SIMECK-64/128 key schedule for AVR.

python3 embedded/gen/simon_key_avr.py simon > src/ciphers/simon/simon_key_avr.S
python3 embedded/gen/simon_key_avr.py simeck > src/ciphers/simeck/simeck_key_avr.S

Design (docs/EMBEDDED.md, "Assembly kernels"): the 44 round keys of 32
bits as a window of four words k[i-4..i-1] in r2..r17 (renamed: a 4-round
loop body), the temporary in r18..r21, each new word stored once (`st X+`):
- SIMON (z3):  k[i] = k[i-4] ^ t ^ ROR1(t) ^ ~3 ^ z3[i-4],
  t = ROR3(k[i-1]) ^ k[i-3] (53 cycles a round);
- SIMECK (z6): k[i] = k[i-4] ^ ROL1(k[i-3]) ^ (k[i-3] & ROL5(k[i-3])) ^ ~3 ^ z6[i-4]
  (54 cycles a round).
The constant's low byte 0xfc ^ z[i] comes from a 40-byte flash table read
by round (`lpm r0, Z+`: public), the other three bytes are `com`. No branch
or address depends on the key; r18..r21 are cleared before the return.
"""

import sys

from avr_frame import e, header, leave, out, push_saved, symbol

SIMON_Z3 = 0x3c2ce51207a635db
SIMECK_Z6 = 0x938bca3083f

W = [[2 + 4 * g + b for b in range(4)] for g in range(4)]
T = [18, 19, 20, 21]
SAVED = list(range(2, 18))


def r(n):
    return "r%d" % n


def ror1(w):
    e("    bst %s, 0" % r(w[0]))
    e("    lsr %s" % r(w[3]))
    e("    ror %s" % r(w[2]))
    e("    ror %s" % r(w[1]))
    e("    ror %s" % r(w[0]))
    e("    bld %s, 7" % r(w[3]))


def rol1(w):
    e("    lsl %s" % r(w[0]))
    e("    rol %s" % r(w[1]))
    e("    rol %s" % r(w[2]))
    e("    rol %s" % r(w[3]))
    e("    adc %s, r1" % r(w[0]))


def op(ins, d, s):
    for a, b in zip(d, s):
        e("    %s %s, %s" % (ins, r(a), r(b)))


def mov(d, s):
    e("    movw %s, %s" % (r(d[0]), r(s[0])))
    e("    movw %s, %s" % (r(d[2]), r(s[2])))


def simon_round(a, b, c, d):
    mov(T, d)
    for _ in range(3):
        ror1(T)
    op("eor", T, b)
    op("eor", a, T)
    ror1(T)
    op("eor", a, T)


def simeck_round(a, b, c, d):
    mov(T, b)
    rol1(T)
    op("eor", a, T)
    for _ in range(4):
        rol1(T)
    op("and", T, b)
    op("eor", a, T)


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else "simon"
    z, rnd = {"simon": (SIMON_Z3, simon_round), "simeck": (SIMECK_Z6, simeck_round)}[which]
    name = "%s64_128_avr_schedule" % which
    header("simon_key_avr.py %s" % which, __doc__, skip=5)
    e(" *")
    e(" * void %s(uint32_t rk[44], const uint8_t key[16])" % name)
    e(" * avr-gcc ABI: rk r24:r25, key r22:r23; r2..r17 saved.")
    e(" */")
    symbol(name)
    push_saved(SAVED)
    e("    movw r30, r22")
    e("    movw r26, r24")
    for w in W:
        for b in w:
            e("    ld %s, Z+" % r(b))
    for w in W:
        for b in w:
            e("    st X+, %s" % r(b))
    e("    ldi r30, lo8(%s_z)" % name)
    e("    ldi r31, hi8(%s_z)" % name)
    e("1:")
    for n in range(4):
        a, b, c, d = (W[(n + j) % 4] for j in range(4))
        e("    ; k[i] in r%d..r%d" % (a[0], a[3]))
        rnd(a, b, c, d)
        e("    lpm r0, Z+")
        e("    eor %s, r0" % r(a[0]))
        for x in a[1:]:
            e("    com %s" % r(x))
        for x in a:
            e("    st X+, %s" % r(x))
    e("    cpi r30, lo8(%s_z + 40)" % name)
    e("    breq 2f")  # the body is out of brne's reach
    e("    rjmp 1b")
    e("2:")
    for x in T:  # key material in call-clobbered registers
        e("    clr %s" % r(x))
    leave(name, SAVED)
    e("    .section .progmem.data.%s_z,\"a\",@progbits" % name)
    e("%s_z:  ; 0xfc ^ z[i], i = 0..39" % name)
    for i in range(0, 40, 8):
        e("    .byte " + ", ".join("0x%02x" % (0xfc ^ ((z >> j) & 1)) for j in range(i, i + 8)))
    e("    .size %s_z, .-%s_z" % (name, name))
    print("\n".join(out))


if __name__ == "__main__":
    main()
