#!/usr/bin/env python3
"""Writes the CHAM-64/128, CHAM-128/128 and CHAM-128/256 key schedules for AVR or MSP430.

python3 embedded/gen/cham_key.py avr > src/ciphers/cham/cham_key_avr.S
python3 embedded/gen/cham_key.py msp430 > src/ciphers/cham/cham_key_msp430.S

Design (docs/EMBEDDED.md, "Assembly kernels"): CHAM's schedule (spec
section 2.2) for each of the nk key words K[i] of w bits,
  t = K[i] ^ ROL1(K[i]),  RK[i] = t ^ ROL8(K[i]),  RK[(i + nk) ^ 1] = t ^ ROL8(ROL3(K[i])),
into rk[] as the kernels and the C code read it (cham64_ks.rk[16],
cham128_ks.rk[16]; the -legacy variants share it, their round count is the
C setup's). A loop over pairs of key words (i even, i + 1), the rk pointer
stepping 2 words a pass, so both stores of a pair have fixed displacements;
each round key is stored once. ROL8 is a byte rename (AVR; MSP430 16-bit:
swpb) or two swpb and an exchange of the halves' low bytes (MSP430 32-bit:
mov, xor.b, xor, xor); ROL3 is three ROL1 (lsl/rol/adc r1; rla/rlc/adc).
- AVR: CHAM-64 32 cycles a key word, CHAM-128 62 (t is xored with ROL8(K),
  stored, and xored back, for want of registers).
- MSP430: CHAM-64 29 cycles a key word, CHAM-128 62.
The key is read byte by byte (any alignment). CHAM-128/128's rk[8..15] are
not written (key_build's memset leaves them zero; rk_mask = 7 keeps every
reader off them). No branch or address depends on the key (the loop count
is public); the key's words left in call-clobbered registers are cleared.
"""

import sys

TARGET = sys.argv[1] if len(sys.argv) > 1 else "avr"
assert TARGET in ("avr", "msp430")
if TARGET == "avr":
    from avr_frame import e, header, out, symbol
else:
    from msp430_frame import e, header, out

# (function suffix, key words nk, word bits)
SCHEDULES = [("64", 8, 16), ("128_128", 4, 32), ("128_256", 8, 32)]


def name_of(suffix):
    return "cham%s_%s_schedule" % (suffix, TARGET)


# ---- AVR (avr-gcc ABI: rk r24:r25, key r22:r23; r0, r18..r27, r30:r31 free) ----

def avr_rol1(w):
    e("    lsl r%d" % w[0])
    for b in w[1:]:
        e("    rol r%d" % b)
    e("    adc r%d, r1" % w[0])


def avr(suffix, nk, bits):
    name = name_of(suffix)
    nb = bits // 8
    K = list(range(18, 18 + nb))             # the key word
    T = list(range(18 + nb, 18 + 2 * nb))    # t
    U = [22, 23] if nb == 2 else None        # CHAM-64: t ^ ROL8(K) in a copy
    CNT = "r24" if nb == 2 else "r0"         # pairs left (ldi reaches r16..r31 only)
    e("")
    e("/* void %s(uint%d_t rk[16], const uint8_t key[%d]) */" % (name, bits, nk * nb))
    symbol(name)
    e("    movw r30, r24")  # Z = rk
    e("    movw r26, r22")  # X = key
    if nb == 2:
        e("    ldi r24, %d" % (nk // 2))
    else:
        e("    ldi r22, %d" % (nk // 2))
        e("    mov r0, r22")
    e("1:")
    top = len(out)
    for w in (0, 1):
        e("    ; K[i + %d]" % w)
        for b in K:
            e("    ld r%d, X+" % b)
        for j in range(0, nb, 2):
            e("    movw r%d, r%d" % (T[j], K[j]))
        avr_rol1(T)
        for a, b in zip(T, K):
            e("    eor r%d, r%d" % (a, b))
        # byte j of ROL8(K) is byte j - 1 of K
        r8 = [K[(j - 1) % nb] for j in range(nb)]
        d1 = nb * w
        d2 = nb * (nk + (w ^ 1))
        if U:
            e("    movw r%d, r%d" % (U[0], T[0]))
            for a, b in zip(U, r8):
                e("    eor r%d, r%d" % (a, b))
            for j, a in enumerate(U):
                e("    std Z+%d, r%d" % (d1 + j, a))
        else:
            for a, b in zip(T, r8):
                e("    eor r%d, r%d" % (a, b))
            for j, a in enumerate(T):
                e("    std Z+%d, r%d" % (d1 + j, a))
            for a, b in zip(T, r8):
                e("    eor r%d, r%d" % (a, b))
        for _ in range(3):
            avr_rol1(K)
        for a, b in zip(T, r8):
            e("    eor r%d, r%d" % (a, b))
        for j, a in enumerate(T):
            e("    std Z+%d, r%d" % (d2 + j, a))
    e("    adiw r30, %d" % (2 * nb))
    e("    dec %s" % CNT)
    if sum(not x.lstrip().startswith(";") for x in out[top:]) < 63:  # one-word instructions
        e("    brne 1b")
    else:
        e("    breq 2f")  # the body is out of brne's reach
        e("    rjmp 1b")
        e("2:")
    e("    clr r18")  # key material in call-clobbered registers
    e("    clr r19")
    for r in range(20, 18 + 2 * nb + (2 if U else 0), 2):
        e("    movw r%d, r18" % r)
    e("    ret")
    e("    .size %s, .-%s" % (name, name))


# ---- MSP430 (EABI: rk r12, key r13; r11..r15 free, r4..r10 saved) ----

def msp_load(h, x):
    e("    mov.b @r13+, %s" % h)
    e("    mov.b @r13+, %s" % x)
    e("    swpb %s" % x)
    e("    bis %s, %s" % (x, h))


def msp_rol1(w):
    e("    rla %s" % w[0])
    for h in w[1:]:
        e("    rlc %s" % h)
    e("    adc %s" % w[0])


def msp_rol8(w, x):
    if len(w) == 1:
        e("    swpb %s" % w[0])
        return
    lo, hi = w  # swpb both, then exchange their low bytes
    e("    swpb %s" % lo)
    e("    swpb %s" % hi)
    e("    mov %s, %s" % (lo, x))
    e("    xor.b %s, %s" % (hi, x))
    e("    xor %s, %s" % (x, lo))
    e("    xor %s, %s" % (x, hi))


def msp430(suffix, nk, bits):
    name = name_of(suffix)
    nh = bits // 16
    if nh == 1:
        K, T, U, X, CNT, SAVED = ["r14"], ["r15"], ["r11"], "r11", "r10", ["r10"]
    else:
        K, T, U, X, CNT = ["r14", "r15"], ["r10", "r11"], ["r8", "r9"], "r7", "r6"
        SAVED = ["r6", "r7", "r8", "r9", "r10"]
    e("")
    e("/* void %s(uint%d_t rk[16], const uint8_t key[%d]) */" % (name, bits, nk * bits // 8))
    e("    .section .text.%s,\"ax\",@progbits" % name)
    e("    .global %s" % name)
    e("    .type %s, @function" % name)
    e("%s:" % name)
    for r in SAVED:
        e("    push %s" % r)
    e("    mov #%d, %s" % (nk // 2, CNT))
    e("1:")
    for w in (0, 1):
        e("    ; K[i + %d]" % w)
        for h in K:
            msp_load(h, X)
        for a, b in zip(T, K):
            e("    mov %s, %s" % (b, a))
        msp_rol1(T)
        for a, b in zip(T, K):
            e("    xor %s, %s" % (b, a))
        d1 = 2 * nh * w
        d2 = 2 * nh * (nk + (w ^ 1))
        for a, b in zip(U, K):
            e("    mov %s, %s" % (b, a))
        msp_rol8(U, X)
        for a, b in zip(U, T):
            e("    xor %s, %s" % (b, a))
        for j, a in enumerate(U):
            e("    mov %s, %d(r12)" % (a, d1 + 2 * j))
        for _ in range(3):
            msp_rol1(K)
        msp_rol8(K, X)
        for a, b in zip(K, T):
            e("    xor %s, %s" % (b, a))
        for j, a in enumerate(K):
            e("    mov %s, %d(r12)" % (a, d2 + 2 * j))
    e("    add #%d, r12" % (4 * nh))
    e("    dec %s" % CNT)
    e("    jnz 1b")
    for r in ("r11", "r14", "r15"):  # key material in caller-saved registers
        e("    clr %s" % r)
    for r in reversed(SAVED):
        e("    pop %s" % r)
    e("    ret")
    e("    .size %s, .-%s" % (name, name))


def main():
    header("cham_key.py %s" % TARGET, __doc__, skip=5)
    e(" *")
    e(" * %s ABI: rk %s, key %s." % (("avr-gcc", "r24:r25", "r22:r23") if TARGET == "avr"
                                     else ("MSP430 EABI", "r12", "r13")))
    e(" */")
    for s in SCHEDULES:
        (avr if TARGET == "avr" else msp430)(*s)
    print("\n".join(out))


if __name__ == "__main__":
    main()
