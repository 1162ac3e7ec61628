#!/usr/bin/env python3
"""Writes the HIGHT key schedule for AVR or MSP430.

python3 embedded/gen/hight_key.py avr > src/ciphers/hight/hight_key_avr.S
python3 embedded/gen/hight_key.py msp430 > src/ciphers/hight/hight_key_msp430.S

Design (docs/EMBEDDED.md, "Assembly kernels"): WK = MK12..15, MK0..3, then
SK(16i + j) = MK((j - i) mod 8) + d(16i + j) and SK(16i + j + 8) =
MK((j - i) mod 8 + 8) + d(16i + j + 8) for i = 0..7, the LFSR's constants d
from a 128-byte table read in order (public). An 8-pass loop, one pass per i,
16 subkeys a pass:
- AVR: the key in r2..r17; after each pass both halves rotate one register
  (18 mov), so pass i reads the byte MK((j - i) mod 8) from register j;
  `lpm r0, Z+`, `add r0, MKj`, `st X+, r0`: 6 cycles a subkey;
- MSP430: the key twice on the stack (MK0..7 MK0..7 MK8..15 MK8..15), a
  pointer that steps back one byte a pass, so pass i reads MK((j - i) mod 8)
  at offset 8 + j - i: `mov.b @table+`, `add.b x(ptr)`, `mov.b` to sk: 9
  cycles a subkey; the copy is cleared before the return.
No branch or address depends on the key.
"""

import sys

TARGET = sys.argv[1] if len(sys.argv) > 1 else "msp430"
assert TARGET in ("avr", "msp430")
if TARGET == "avr":
    from avr_frame import e, header, leave, out, push_saved, symbol
else:
    from msp430_frame import e, entry, header, leave, out

NAME = "hight_%s_schedule" % TARGET


def delta():
    d, out_ = 0x5a, []
    for _ in range(128):
        out_.append(d)
        d = (d >> 1) | ((((d >> 3) ^ d) & 1) << 6)
    return out_


def table(section):
    e("    .section .%s.%s_delta,\"a\",@progbits" % (section, NAME))
    e("%s_delta:  ; d(0..127), the LFSR x^7 + x^3 + 1 from 0x5a" % NAME)
    d = delta()
    for i in range(0, 128, 16):
        e("    .byte " + ", ".join("0x%02x" % v for v in d[i:i + 16]))
    e("    .size %s_delta, .-%s_delta" % (NAME, NAME))


def avr():
    mk = list(range(2, 18))  # MK0..MK15
    saved = mk
    symbol(NAME)
    push_saved(saved)
    e("    movw r30, r22")
    e("    movw r26, r24")
    for b in mk:
        e("    ld r%d, Z+" % b)
    for j in list(range(12, 16)) + list(range(4)):  # WK0..7
        e("    st X+, r%d" % mk[j])
    e("    ldi r30, lo8(%s_delta)" % NAME)
    e("    ldi r31, hi8(%s_delta)" % NAME)
    e("1:")
    for j in range(16):
        e("    lpm r0, Z+")
        e("    add r0, r%d" % mk[j])
        e("    st X+, r0")
    for h in (0, 8):  # register j holds MK((j - i - 1) mod 8) next pass
        g = mk[h:h + 8]
        e("    mov r18, r%d" % g[7])
        for j in range(7, 0, -1):
            e("    mov r%d, r%d" % (g[j], g[j - 1]))
        e("    mov r%d, r18" % g[0])
    e("    cpi r30, lo8(%s_delta + 128)" % NAME)
    e("    breq 2f")  # the body is out of brne's reach
    e("    rjmp 1b")
    e("2:")
    e("    clr r0")  # key material in call-clobbered registers
    e("    clr r18")
    leave(NAME, saved)
    table("progmem.data")


def msp430():
    # hight_ks: wk at 0, sk at 8; r12 = ks, r13 = key
    T, Q, P, X = "r15", "r14", "r12", "r11"
    entry(NAME, guard=False)
    e("    sub #32, r1")
    for j in range(16):  # the doubled copy: MK0..7 MK0..7 MK8..15 MK8..15
        h, m = divmod(j, 8)
        e("    mov.b @r13+, %s" % X)
        e("    mov.b %s, %d(r1)" % (X, 16 * h + m))
        e("    mov.b %s, %d(r1)" % (X, 16 * h + m + 8))
        if j >= 12:
            e("    mov.b %s, %d(%s)" % (X, j - 12, P))  # WK0..3 = MK12..15
        if j < 4:
            e("    mov.b %s, %d(%s)" % (X, j + 4, P))  # WK4..7 = MK0..3
    e("    add #8, %s" % P)
    e("    mov r1, %s" % Q)
    e("    add #8, %s" % Q)
    e("    mov #%s_delta, %s" % (NAME, T))
    e("1:")
    for j in range(16):
        e("    mov.b @%s+, %s" % (T, X))
        e("    add.b %d(%s), %s" % (j if j < 8 else j + 8, Q, X))
        e("    mov.b %s, %d(%s)" % (X, j, P))
    e("    add #16, %s" % P)
    e("    dec %s" % Q)
    e("    cmp #%s_delta + 128, %s" % (NAME, T))
    e("    jne 1b")
    for o in range(0, 32, 2):
        e("    clr %d(r1)" % o)
    e("    add #32, r1")
    e("    clr %s" % X)  # key material in a caller-saved register
    leave(NAME)
    table("rodata")


header("hight_key.py %s" % TARGET, __doc__, skip=5)
e(" *")
e(" * void %s(hight_ks *ks, const uint8_t key[16]): wk[8] then sk[128]" % NAME)
e(" */")
avr() if TARGET == "avr" else msp430()
print("\n".join(out))
