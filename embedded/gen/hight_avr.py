#!/usr/bin/env python3
"""Writes src/ciphers/hight/hight_avr.S: HIGHT encryption and decryption for AVR.

python3 embedded/gen/hight_avr.py > src/ciphers/hight/hight_avr.S

Design (docs/EMBEDDED.md, "Assembly kernels"):
- two blocks at once (r2..r9, r10..r17): each subkey byte is loaded once
  (ld r20, Z+) and serves both blocks;
- the round's byte rotation is a rename (8 rounds bring the names back: the
  loop body, run 4 times);
- F0(x) = ROL1 ^ ROL2 ^ ROL7 and F1(x) = ROL3 ^ ROL4 ^ ROL6 without tables
  (a table index would depend on the data): ROL1 is lsl/adc r1, ROR1
  bst/lsr/bld, ROL4 swap; F1 = R4 ^ ROR1(R4) ^ ROL2(R4). 12 cycles each;
- the C schedule (hight_ks: wk[8], then sk[128]) is read as is.
A round is 120 cycles for the two blocks; no branch or address depends on
key or data. hight.c's wrapper sends an odd last block through a 16-byte
stack buffer (the count is public).
"""

from avr_frame import e, header, leave, out, push_saved, symbol


T, A, K = "r18", "r19", "r20"


def f0(x):  # t = F0(x)
    for s in ("mov %s, %s" % (A, x), "lsl " + A, "adc %s, r1" % A, "mov %s, %s" % (T, A), "lsl " + A,
              "adc %s, r1" % A, "eor %s, %s" % (T, A), "mov %s, %s" % (A, x), "bst %s, 0" % A, "lsr " + A,
              "bld %s, 7" % A, "eor %s, %s" % (T, A)):
        e("    " + s)


def f1(x):  # t = F1(x)
    for s in ("mov %s, %s" % (T, x), "swap " + T, "mov %s, %s" % (A, T), "lsl " + A, "adc %s, r1" % A,
              "lsl " + A, "adc %s, r1" % A, "eor %s, %s" % (A, T), "bst %s, 0" % T, "lsr " + T,
              "bld %s, 7" % T, "eor %s, %s" % (T, A)):
        e("    " + s)


names = [[2 + 8 * b + i for i in range(8)] for b in range(2)]


def x(b, i):
    return "r%d" % names[b][i]


def branch(i, dec):
    """x_{i+1} op= F(x_i) op' k for i in 0, 2, 4, 6 (k in r20)"""
    for b in range(2):
        if i in (0, 4):  # x1 +-= F1(x0) ^ k
            f1(x(b, i))
            e("    eor %s, %s" % (T, K))
            e("    %s %s, %s" % ("sub" if dec else "add", x(b, i + 1), T))
        else:  # x3 ^= F0(x2) + k
            f0(x(b, i))
            e("    add %s, %s" % (T, K))
            e("    eor %s, %s" % (x(b, i + 1), T))


def enc_round():
    e("    ; round")
    for i in (0, 2, 4, 6):
        e("    ld %s, Z+" % K)
        branch(i, False)
    for b in range(2):
        names[b] = names[b][7:] + names[b][:7]


def dec_round():
    e("    ; inverse round")
    for b in range(2):
        names[b] = names[b][1:] + names[b][:1]
    for i in (6, 4, 2, 0):
        e("    ld %s, -Z" % K)
        branch(i, True)




def kernel(name, dec):
    symbol(name)
    push_saved()
    e("    movw r26, r20")
    e("    movw r28, r22")
    e("    movw r22, r24")  # ks
    e("    movw r24, r18")
    e(".L%s_pair:" % name)
    e("    movw r30, r22")
    # input byte j goes to name (j + dec) mod 8 (decryption starts from the names encryption ends with)
    for b in range(2):
        for j in range(8):
            e("    ld %s, X+" % x(b, (j + (1 if dec else 0)) % 8))
    # whitening: enc x0 += wk0, x2 ^= wk1, x4 += wk2, x6 ^= wk3;
    # dec (undo the final one) x1 -= wk4, x3 ^= wk5, x5 -= wk6, x7 ^= wk7
    for w in range(4):
        e("    ldd %s, Z+%d" % (K, w + (4 if dec else 0)))
        for b in range(2):
            i = 2 * w + (1 if dec else 0)
            op = "eor" if w % 2 else ("sub" if dec else "add")
            e("    %s %s, %s" % (op, x(b, i), K))
    if dec:
        e("    subi r30, lo8(-136)")
        e("    sbci r31, hi8(-136)")
    else:
        e("    adiw r30, 8")
    e("    ldi r21, 4")
    e(".L%s_loop:" % name)
    for _ in range(8):
        dec_round() if dec else enc_round()
    assert names == [[2 + 8 * b + i for i in range(8)] for b in range(2)]
    e("    dec r21")
    e("    breq 1f")
    e("    rjmp .L%s_loop" % name)
    e("1:")
    e("    movw r30, r22")
    # final: enc out_j = x_{j+1} (out0 += wk4, out2 ^= wk5, out4 += wk6, out6 ^= wk7);
    # dec out_j = x_j (out0 -= wk0, out2 ^= wk1, out4 -= wk2, out6 ^= wk3)
    for w in range(4):
        e("    ldd %s, Z+%d" % (K, w + (0 if dec else 4)))
        for b in range(2):
            i = (2 * w + (0 if dec else 1)) % 8
            op = "eor" if w % 2 else ("sub" if dec else "add")
            e("    %s %s, %s" % (op, x(b, i), K))
    for b in range(2):
        for j in range(8):
            e("    st Y+, %s" % x(b, (j + (0 if dec else 1)) % 8))
    e("    sbiw r24, 1")
    e("    breq 2f")
    e("    rjmp .L%s_pair" % name)
    e("2:")
    leave(name)


header("hight_avr.py", __doc__)
e(" *")
e(" * void hight_avr_encrypt2(const hight_ks *ks, uint8_t *out, const uint8_t *in, size_t npairs)")
e(" * void hight_avr_decrypt2(...): the inverse rounds, subkeys read backwards (ld -Z).")
e(" * avr-gcc ABI: ks r25:r24, out r23:r22, in r21:r20, npairs r19:r18 (> 0).")
e(" * X = in, Y = out, Z = subkeys, r22:r23 = ks, r24:r25 = pairs left, r21 = loop count.")
e(" */")
kernel("hight_avr_encrypt2", False)
kernel("hight_avr_decrypt2", True)
print("\n".join(out))
