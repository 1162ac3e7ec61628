#!/usr/bin/env python3
"""Writes src/ciphers/cham/cham128_msp430.S: CHAM-128/128 (and -legacy)
encryption and decryption for MSP430.

python3 embedded/gen/cham128_msp430.py > src/ciphers/cham/cham128_msp430.S

Design (docs/EMBEDDED.md, "Assembly kernels"):
- one block, the four 32-bit words in r4..r11 as (low, high) register pairs,
  renamed (the new X3 is written over X0's pair); an 8-round loop body (the
  names come back after 4 rounds, the 8 round keys after 8), run rounds / 8
  times (112: 14, -legacy's 80: 10), the round count read from the key;
- the round index in r15, xored into X0's low half (i < 128) and stepped;
- even round: T = ROL1(X1) (copy, rla/rlc/adc: 5 cycles), T ^= RK (two
  `xor @r14+`: 4), X0 += T (2), ROL8(X0) in place (swpb both halves and an
  exchange of their low bytes through xor.b: 6): 19 cycles with the index;
- odd round: T = ROL8(X1) (7: t = low byte of L ^ H by xor.b, T = swpb(H ^ t)
  : swpb(L ^ t)), T ^= RK (4), X0 += T (2), ROL1(X0) (3): 18 cycles;
- decryption: the inverse rounds last to first, the keys by indexed mode
  (3 cycles a word), ROR8 as the exchange then swpb, ROR1 bit/rrc/rrc: 21
  and 20 cycles.
CHAM-128/128's 8-key schedule (cham128_ks.rk_mask == 7) in
cham128_msp430_encrypt/decrypt; CHAM-128/256's 16 keys in
cham128_256_msp430_encrypt/decrypt: a 16-round body and, for 120 rounds
(not -legacy's 96), 8 rounds after the loop (before it, decrypting).
No branch or address depends on key or data (the buffers' alignment,
public, picks word or byte loads and stores).
"""

from msp430_frame import e, entry, header, leave, out


G = [("r%d" % (4 + 2 * g), "r%d" % (5 + 2 * g)) for g in range(4)]  # (lo, hi)
T = ("r12", "r13")
K, I = "r14", "r15"
# frame: 0 in, 2 out, 4 blocks left, 6 ks, 8 rounds (enc) / rounds - 1 (dec), 10 odd flag


def rol1(w):
    e("    rla %s" % w[0])
    e("    rlc %s" % w[1])
    e("    adc %s" % w[0])


def ror1(w):
    e("    bit #1, %s" % w[0])
    e("    rrc %s" % w[1])
    e("    rrc %s" % w[0])


def xlow(w, t):
    e("    mov %s, %s" % (w[0], t))
    e("    xor.b %s, %s" % (w[1], t))
    e("    xor %s, %s" % (t, w[0]))
    e("    xor %s, %s" % (t, w[1]))


def rol8(w, t):
    e("    swpb %s" % w[0])
    e("    swpb %s" % w[1])
    xlow(w, t)


def ror8(w, t):
    xlow(w, t)
    e("    swpb %s" % w[0])
    e("    swpb %s" % w[1])


def copy_rol1(src):
    e("    mov %s, %s" % (src[0], T[0]))
    e("    mov %s, %s" % (src[1], T[1]))
    rol1(T)


def copy_rol8(src):
    # T = ROL8(src): high = swpb(L ^ t), low = swpb(H ^ t), t = (L ^ H) & 0xff
    e("    mov %s, %s" % (src[0], T[1]))
    e("    xor.b %s, %s" % (src[1], T[1]))
    e("    mov %s, %s" % (src[1], T[0]))
    e("    xor %s, %s" % (T[1], T[0]))
    e("    xor %s, %s" % (src[0], T[1]))
    e("    swpb %s" % T[0])
    e("    swpb %s" % T[1])


def enc_round(r):
    x0, x1 = G[r % 4], G[(r + 1) % 4]
    e("    ; round 8m+%d" % r)
    e("    xor %s, %s" % (I, x0[0]))
    e("    inc %s" % I)
    copy_rol1(x1) if r % 2 == 0 else copy_rol8(x1)
    e("    xor @%s+, %s" % (K, T[0]))
    e("    xor @%s+, %s" % (K, T[1]))
    e("    add %s, %s" % (T[0], x0[0]))
    e("    addc %s, %s" % (T[1], x0[1]))
    rol8(x0, T[0]) if r % 2 == 0 else rol1(x0)


def dec_round(r):
    y, x1 = G[r % 4], G[(r + 1) % 4]
    e("    ; inverse round 8m+%d" % r)
    ror8(y, T[0]) if r % 2 == 0 else ror1(y)
    copy_rol1(x1) if r % 2 == 0 else copy_rol8(x1)
    e("    xor %d(%s), %s" % (4 * r, K, T[0]))
    e("    xor %d(%s), %s" % (4 * r + 2, K, T[1]))
    e("    sub %s, %s" % (T[0], y[0]))
    e("    subc %s, %s" % (T[1], y[1]))
    e("    xor %s, %s" % (I, y[0]))
    e("    dec %s" % I)


def kernel(name, dec, nkeys=8):
    """nkeys 8: an 8-round body; 16 (CHAM-128/256: 120 or 96 rounds): a
    16-round body, and when rounds = 16 m + 8 (public) 8 more rounds
    after the loop (rk[0..7]; decrypting, the inverse ones before it). The
    names come back every 4 rounds, so the stores are the same."""
    body = 8 if nkeys == 8 else 16
    words = [h for g in G for h in g]
    entry(name)
    e("    mov r14, r11")
    e("    bis r13, r11")
    e("    and #1, r11")
    e("    push r11")  # 10: odd flag
    e("    mov 64(r12), r11")  # rounds
    if dec:
        e("    dec r11")
    elif nkeys == 16:
        e("    and #-16, r11")  # the loop's end
    e("    push r11")  # 8
    e("    push r12")  # 6
    e("    push r15")  # 4
    e("    push r13")  # 2
    e("    push r14")  # 0
    e(".L%s_block:" % name)
    e("    mov 0(r1), %s" % I)
    e("    tst 10(r1)")
    e("    jnz 3f")
    for w in words:
        e("    mov @%s+, %s" % (I, w))
    e("    jmp 4f")
    e("3:")
    for w in words:
        e("    mov.b @%s+, %s" % (I, w))
        e("    mov.b @%s+, %s" % (I, T[0]))
        e("    swpb %s" % T[0])
        e("    bis %s, %s" % (T[0], w))
    e("4:")
    e("    mov %s, 0(r1)" % I)
    e("    mov 6(r1), %s" % K)
    if dec:
        e("    mov 8(r1), %s" % I)
        if nkeys == 16:
            e("    bit #8, 64(%s)" % K)
            e("    jz 8f")
            for r in reversed(range(8)):
                dec_round(r)
            e("8:")
    else:
        e("    clr %s" % I)
    e(".L%s_8:" % name)
    if dec:
        for r in reversed(range(body)):
            dec_round(r)
        if body == 8:
            e("    jge .L%s_8" % name)  # I went from 0 to -1 after the last round
        else:
            e("    jl 8f")
            e("    br #.L%s_8" % name)
            e("8:")
    else:
        for r in range(body):
            enc_round(r % 8)
        e("    sub #%d, %s" % (4 * nkeys, K))
        e("    cmp 8(r1), %s" % I)
        if body == 8:
            e("    jne .L%s_8" % name)
        else:
            e("    jeq 8f")
            e("    br #.L%s_8" % name)
            e("8:")
        if nkeys == 16:
            e("    bit #8, 64(%s)" % K)
            e("    jz 8f")
            for r in range(8):
                enc_round(r)
            e("8:")
    e("    mov 2(r1), %s" % I)
    e("    tst 10(r1)")
    e("    jnz 5f")
    for i, w in enumerate(words):
        e("    mov %s, %d(%s)" % (w, 2 * i, I))
    e("    jmp 6f")
    e("5:")
    for i, w in enumerate(words):
        e("    mov.b %s, %d(%s)" % (w, 2 * i, I))
        e("    swpb %s" % w)
        e("    mov.b %s, %d(%s)" % (w, 2 * i + 1, I))
    e("6:")
    e("    add #16, 2(r1)")
    e("    dec 4(r1)")
    e("    jz 7f")
    e("    br #.L%s_block" % name)
    e("7:")
    e("    add #12, r1")
    leave(name)


header("cham128_msp430.py", __doc__)
e(" *")
e(" * void cham128_msp430_encrypt(const cham128_ks *ks, uint8_t *out, const uint8_t *in, size_t nblocks)")
e(" * void cham128_msp430_decrypt(...)")
e(" * MSP430 EABI: ks r12, out r13, in r14, nblocks r15; r4..r10 saved.")
e(" * cham.c asserts the offsets: rk[16] at 0, rounds at 64.")
e(" */")
kernel("cham128_msp430_encrypt", False)
kernel("cham128_msp430_decrypt", True)
kernel("cham128_256_msp430_encrypt", False, 16)
kernel("cham128_256_msp430_decrypt", True, 16)
print("\n".join(out))
