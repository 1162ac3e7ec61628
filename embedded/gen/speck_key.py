#!/usr/bin/env python3
"""Writes the SPECK-64/96 and SPECK-64/128 key schedules for AVR or MSP430.

python3 embedded/gen/speck_key.py avr > src/ciphers/speck/speck_key_avr.S
python3 embedded/gen/speck_key.py msp430 > src/ciphers/speck/speck_key_msp430.S

Design (docs/EMBEDDED.md, "Assembly kernels"): the schedule is SPECK's
round on the key words, k and l[0..m-2] all in registers, i in a register:
  l[s] = (k + ROR8(l[s])) ^ i,  k = ROL3(k) ^ l[s],  rk[i + 1] = k,
s = i mod (m - 1); each round key stored once. The loop body is the rounds
after which the words' names come back, the remaining rounds follow it.
- MSP430 (29 cycles a round): register pairs; ROR8 = exchange of the
  halves' low bytes (mov, xor.b, two xor) and two swpb; ROL3 three rla/rlc/adc.
- AVR (33 cycles a round): ROR8 of l[s] is a rename (each word carries a
  byte offset the generator follows: the body is 4 (m - 1) rounds), ROL3
  three lsl/rol/adc r1 passes, `st X+`.
No branch or address depends on the key (the loop counts are public); the
key's words left in call-clobbered registers are cleared.
"""

import sys

TARGET = sys.argv[1] if len(sys.argv) > 1 else "msp430"
assert TARGET in ("avr", "msp430")
if TARGET == "avr":
    from avr_frame import e, header, leave, out, push_saved, symbol
else:
    from msp430_frame import e, entry, header, leave, out


def msp430(m, rounds):
    name = "speck64_%d_msp430_schedule" % (32 * m)
    K, L, X, P, I = ("r4", "r5"), [("r6", "r7"), ("r8", "r9"), ("r10", "r11")], "r12", "r14", "r15"
    e("")
    e("/* void %s(uint32_t rk[%d], const uint8_t key[%d]): rk r12, key r13 */" % (name, rounds, 4 * m))
    entry(name, guard=False)
    e("    mov r12, %s" % P)
    for w in [K] + L[:m - 1]:
        for h in w:
            e("    mov.b @r13+, %s" % h)
            e("    mov.b @r13+, %s" % X)
            e("    swpb %s" % X)
            e("    bis %s, %s" % (X, h))
    e("    mov %s, 0(%s)" % (K[0], P))
    e("    mov %s, 2(%s)" % (K[1], P))
    e("    clr %s" % I)

    def rnd(s, off):
        lo, hi = L[s]
        e("    mov %s, %s" % (lo, X))  # ROR8: exchange the low bytes, swpb both
        e("    xor.b %s, %s" % (hi, X))
        e("    xor %s, %s" % (X, lo))
        e("    xor %s, %s" % (X, hi))
        e("    swpb %s" % lo)
        e("    swpb %s" % hi)
        e("    add %s, %s" % (K[0], lo))
        e("    addc %s, %s" % (K[1], hi))
        e("    xor %s, %s" % (I, lo))
        e("    inc %s" % I)
        for _ in range(3):
            e("    rla %s" % K[0])
            e("    rlc %s" % K[1])
            e("    adc %s" % K[0])
        e("    xor %s, %s" % (lo, K[0]))
        e("    xor %s, %s" % (hi, K[1]))
        e("    mov %s, %d(%s)" % (K[0], off, P))
        e("    mov %s, %d(%s)" % (K[1], off + 2, P))

    body = m - 1
    q, rem = divmod(rounds - 1, body)
    e("1:")
    for s in range(body):
        rnd(s, 4 + 4 * s)
    e("    add #%d, %s" % (4 * body, P))
    e("    cmp #%d, %s" % (q * body, I))
    e("    jne 1b")
    for s in range(rem):
        rnd(s, 4 + 4 * s)
    for r in ("r11", X):  # key material in caller-saved registers
        e("    clr %s" % r)
    leave(name)


def avr(m, rounds):
    name = "speck64_%d_avr_schedule" % (32 * m)
    K = [2, 3, 4, 5]
    L = [[6 + 4 * g + b for b in range(4)] for g in range(3)]
    I = 18
    saved = list(range(2, 18))
    e("")
    e("/* void %s(uint32_t rk[%d], const uint8_t key[%d]): rk r24:r25, key r22:r23 */" % (
        name, rounds, 4 * m))
    symbol(name)
    push_saved(saved)
    e("    movw r30, r22")
    e("    movw r26, r24")
    for w in [K] + L[:m - 1]:
        for b in w:
            e("    ld r%d, Z+" % b)
    for b in K:
        e("    st X+, r%d" % b)
    e("    clr r%d" % I)
    off = [0, 0, 0]

    def rnd(s):
        off[s] = (off[s] + 1) % 4  # ROR8: byte j of the word is stored byte j + 1
        lb = [L[s][(j + off[s]) % 4] for j in range(4)]
        e("    add r%d, r%d" % (lb[0], K[0]))
        for j in range(1, 4):
            e("    adc r%d, r%d" % (lb[j], K[j]))
        e("    eor r%d, r%d" % (lb[0], I))
        e("    inc r%d" % I)
        for _ in range(3):
            e("    lsl r%d" % K[0])
            for j in range(1, 4):
                e("    rol r%d" % K[j])
            e("    adc r%d, r1" % K[0])
        for j in range(4):
            e("    eor r%d, r%d" % (K[j], lb[j]))
        for b in K:
            e("    st X+, r%d" % b)

    body = 4 * (m - 1)
    q, rem = divmod(rounds - 1, body)
    e("1:")
    for n in range(body):
        rnd(n % (m - 1))
    assert off == [0, 0, 0]
    e("    cpi r%d, %d" % (I, q * body))
    e("    breq 2f")  # the body is out of brne's reach
    e("    rjmp 1b")
    e("2:")
    for n in range(rem):
        rnd(n % (m - 1))
    e("    clr r%d" % I)
    leave(name, saved)


header("speck_key.py %s" % TARGET, __doc__, skip=5)
e(" */")
for m, rounds in ((3, 26), (4, 27)):
    (avr if TARGET == "avr" else msp430)(m, rounds)
print("\n".join(out))
