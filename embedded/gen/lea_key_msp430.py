#!/usr/bin/env python3
"""Writes src/ciphers/lea/lea_key_msp430.S: the LEA-192 and LEA-256 key schedules for MSP430.

python3 embedded/gen/lea_key_msp430.py > src/ciphers/lea/lea_key_msp430.S

Design (docs/EMBEDDED.md, "Assembly kernels"): round i's word k is
T = ROL(T' + ROL(delta[i mod m'], i + k), rot[k]), rot = 1, 3, 6, 11, 13,
17, where T' is the schedule's word j - m of the flat sequence j = 6i + k
(m = 6 key words for LEA-192, 8 for LEA-256): round i - 1's word k, or for
LEA-256 round i - 1's word k - 2 (k >= 2) and round i - 2's word k + 4.
So every word is read back from rk (lea.c's MSP430 order, RK4 RK5 RK2 RK3
RK0 RK1: LEA_RK) through two pointers, r15 to round i - 1 and r12 to round
i - 2; the key words sit in a stack frame laid out as rounds -2 and -1 (then
cleared). ROL(delta, i) comes from a table by round, rotated by one bit per
word (public); ROL6 = ROL8 ROR2, ROL11 = ROL8 ROL3, ROL13 = ROL16 ROR3 and
ROL17 = ROL16 ROL1, ROL16 a rename. No branch or address depends on the key.
"""

from msp430_frame import e, entry, header, leave, out

LEA_DELTA = [0xc3efe9db, 0x44626b02, 0x79e27c8a, 0x78df30ec,
             0x715ea49e, 0xc785da0a, 0xe04ef22a, 0xe5c40957]
ROT = [1, 3, 6, 11, 13, 17]
T, C, X = ("r4", "r5"), ("r6", "r7"), "r8"
S2, D, P, S = "r12", "r13", "r14", "r15"


def pos(k):
    """byte offset of RK_k in a round (lea.c's LEA_RK)"""
    return 4 * (4 - (k & 6) + (k & 1))


def rotl32(x, r):
    r %= 32
    return ((x << r) | (x >> (32 - r))) & 0xffffffff if r else x


def rol1(w):
    e("    rla %s" % w[0])
    e("    rlc %s" % w[1])
    e("    adc %s" % w[0])


def ror1(w):
    e("    bit #1, %s" % w[0])
    e("    rrc %s" % w[1])
    e("    rrc %s" % w[0])


def rol8(w):
    e("    swpb %s" % w[1])
    e("    swpb %s" % w[0])
    e("    mov %s, %s" % (w[0], X))
    e("    xor.b %s, %s" % (w[1], X))
    e("    xor %s, %s" % (X, w[0]))
    e("    xor %s, %s" % (X, w[1]))


def rotation(w, r):
    """ROL r of w (r in ROT); returns the pair as (low, high) afterwards"""
    if r >= 13:  # ROL16: the halves swap names; then ROR3 or ROL1
        w = (w[1], w[0])
        for _ in range(3 if r == 13 else 0):
            ror1(w)
        for _ in range(1 if r == 17 else 0):
            rol1(w)
        return w
    if r >= 6:
        rol8(w)
    if r == 6:
        ror1(w)
        ror1(w)
    else:
        for _ in range(r % 8):
            rol1(w)
    return w


def schedule(m, rounds):
    name = "lea%d_msp430_schedule" % (32 * m)
    frame = 24 * (2 if m == 8 else 1)  # rounds -2 (LEA-256) and -1
    e("")
    e("/* void %s(uint32_t rk[%d][6], const uint8_t key[%d]) */" % (name, rounds, 4 * m))
    entry(name, guard=False)
    e("    sub #%d, r1" % frame)
    # key word j is the flat word j - m: round -1 (or -2) word k at pos(k)
    for j in range(m):
        f = j - m  # -m .. -1
        r, k = f // 6, f % 6  # round -1 or -2
        off = frame + 24 * r + pos(k)
        for h in range(2):
            e("    mov.b @r13+, %s" % T[h])
            e("    mov.b @r13+, %s" % X)
            e("    swpb %s" % X)
            e("    bis %s, %s" % (X, T[h]))
            e("    mov %s, %d(r1)" % (T[h], off + 2 * h))
    e("    mov r12, %s" % P)
    e("    mov r1, %s" % S)
    if m == 8:
        e("    mov r1, %s" % S2)
        e("    add #24, %s" % S)
    e("    mov #%s_delta, %s" % (name, D))
    e("1:")
    e("    mov @%s+, %s" % (D, C[0]))
    e("    mov @%s+, %s" % (D, C[1]))
    for k in range(6):
        if k:
            rol1(C)
        if m == 6 or k >= 2:
            src, o = S, pos(k - (m - 6))
        else:
            src, o = S2, pos(k + 4)
        e("    mov %d(%s), %s" % (o, src, T[0]))
        e("    mov %d(%s), %s" % (o + 2, src, T[1]))
        e("    add %s, %s" % (C[0], T[0]))
        e("    addc %s, %s" % (C[1], T[1]))
        w = rotation(T, ROT[k])
        e("    mov %s, %d(%s)" % (w[0], pos(k), P))
        e("    mov %s, %d(%s)" % (w[1], pos(k) + 2, P))
    if m == 8:
        e("    mov %s, %s" % (S, S2))
    e("    mov %s, %s" % (P, S))
    e("    add #24, %s" % P)
    e("    cmp #%s_delta + %d, %s" % (name, 4 * rounds, D))
    e("    jne 1b")
    for j in range(m):  # the key words in the frame
        f = j - m
        off = frame + 24 * (f // 6) + pos(f % 6)
        e("    clr %d(r1)" % off)
        e("    clr %d(r1)" % (off + 2))
    e("    add #%d, r1" % frame)
    leave(name)  # the key's words were in r4..r8 only: restored by leave
    e("    .section .rodata.%s_delta,\"a\",@progbits" % name)
    e("    .balign 2")
    e("%s_delta:  ; ROL(delta[i mod %d], i), round i = 0..%d" % (name, m, rounds - 1))
    for i in range(0, rounds, 4):
        ws = []
        for ii in range(i, i + 4):
            v = rotl32(LEA_DELTA[ii % m], ii)
            ws += ["0x%04x" % (v & 0xffff), "0x%04x" % (v >> 16)]
        e("    .word " + ", ".join(ws))
    e("    .size %s_delta, .-%s_delta" % (name, name))


header("lea_key_msp430.py", __doc__)
e(" *")
e(" * MSP430 EABI: rk r12, key r13 (any alignment: bytes); r4..r10 saved.")
e(" */")
schedule(6, 28)
schedule(8, 32)
print("\n".join(out))
