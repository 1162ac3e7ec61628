#!/usr/bin/env python3
"""Writes the SIMON-64/128 or SIMECK-64/128 key schedule for MSP430.

python3 embedded/gen/simon_key_msp430.py simon > src/ciphers/simon/simon_key_msp430.S
python3 embedded/gen/simon_key_msp430.py simeck > src/ciphers/simeck/simeck_key_msp430.S

Design (docs/EMBEDDED.md, "Assembly kernels"): the 44 round keys of
32 bits as a window of four words k[i-4..i-1] in r4..r11 (register pairs,
renamed: a 4-round loop body), each new word stored once into rk[]:
- SIMON (z3):  k[i] = k[i-4] ^ t ^ ROR1(t) ^ ~3 ^ z3[i-4],
  t = ROR3(k[i-1]) ^ k[i-3] (31 cycles a round);
- SIMECK (z6): k[i] = k[i-4] ^ ROL1(k[i-3]) ^ (k[i-3] & ROL5(k[i-3])) ^ ~3 ^ z6[i-4],
  the round function on the key words (34 cycles a round).
The constant's low half 0xfffc ^ z[i] comes from a 40-word table indexed by
the round (`xor @r15+`: public), the high half is `inv` (0xffff). No branch
or address depends on the key; the key's bytes are loaded one by one (any
alignment). r11..r13, which held key words, are cleared before the return.
"""

import sys

from msp430_frame import e, entry, header, leave, out

SIMON_Z3 = 0x3c2ce51207a635db
SIMECK_Z6 = 0x938bca3083f

W = [("r4", "r5"), ("r6", "r7"), ("r8", "r9"), ("r10", "r11")]  # (lo, hi)
T = ("r12", "r13")
P, Z = "r14", "r15"


def ror1(w):
    e("    bit #1, %s" % w[0])
    e("    rrc %s" % w[1])
    e("    rrc %s" % w[0])


def rol1(w):
    e("    rla %s" % w[0])
    e("    rlc %s" % w[1])
    e("    adc %s" % w[0])


def op(ins, s, d):
    e("    %s %s, %s" % (ins, s[0], d[0]))
    e("    %s %s, %s" % (ins, s[1], d[1]))


def simon_round(a, b, c, d):
    op("mov", d, T)
    for _ in range(3):
        ror1(T)
    op("xor", b, T)
    op("xor", T, a)
    ror1(T)
    op("xor", T, a)


def simeck_round(a, b, c, d):
    op("mov", b, T)
    rol1(T)
    op("xor", T, a)
    for _ in range(4):
        rol1(T)
    op("and", b, T)
    op("xor", T, a)


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else "simon"
    z, rnd = {"simon": (SIMON_Z3, simon_round), "simeck": (SIMECK_Z6, simeck_round)}[which]
    name = "%s64_128_msp430_schedule" % which
    header("simon_key_msp430.py %s" % which, __doc__, skip=5)
    e(" *")
    e(" * void %s(uint32_t rk[44], const uint8_t key[16])" % name)
    e(" * MSP430 EABI: rk r12, key r13; r4..r10 saved.")
    e(" */")
    entry(name, guard=False)
    e("    mov r12, %s" % P)
    for w in W:
        for h in w:
            e("    mov.b @r13+, %s" % h)
            e("    mov.b @r13+, r12")
            e("    swpb r12")
            e("    bis r12, %s" % h)
    for k, w in enumerate(W):
        e("    mov %s, %d(%s)" % (w[0], 4 * k, P))
        e("    mov %s, %d(%s)" % (w[1], 4 * k + 2, P))
    e("    mov #%s_z, %s" % (name, Z))
    e("1:")
    for r in range(4):
        a, b, c, d = (W[(r + j) % 4] for j in range(4))
        e("    ; k[i] in %s:%s" % a)
        rnd(a, b, c, d)
        e("    xor @%s+, %s" % (Z, a[0]))
        e("    inv %s" % a[1])
        e("    mov %s, %d(%s)" % (a[0], 16 + 4 * r, P))
        e("    mov %s, %d(%s)" % (a[1], 18 + 4 * r, P))
    e("    add #16, %s" % P)
    e("    cmp #%s_z + 80, %s" % (name, Z))
    e("    jne 1b")
    for r in ("r11", "r12", "r13"):  # key material in caller-saved registers
        e("    clr %s" % r)
    leave(name)
    e("    .section .rodata.%s_z,\"a\",@progbits" % name)
    e("    .balign 2")
    e("%s_z:  ; 0xfffc ^ z[i], i = 0..39" % name)
    for i in range(0, 40, 8):
        e("    .word " + ", ".join("0x%04x" % (0xfffc ^ ((z >> j) & 1)) for j in range(i, i + 8)))
    e("    .size %s_z, .-%s_z" % (name, name))
    print("\n".join(out))


if __name__ == "__main__":
    main()
