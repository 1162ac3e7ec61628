#!/usr/bin/env python3
"""Writes src/ciphers/hight/hight_msp430.S: HIGHT encryption and decryption for MSP430.

python3 embedded/gen/hight_msp430.py > src/ciphers/hight/hight_msp430.S

Design (docs/EMBEDDED.md, "Assembly kernels"):
- one block, a byte a register (r4..r11, high bytes kept zero by the .b
  instructions); the round's byte rotation is a rename (8 rounds bring the
  names back: the loop body, run 4 times);
- F0 and F1 without tables (a table index would depend on the data), on
  the byte doubled into a word, d = x:x, where lo(d >> s) = ROL(x, 8 - s):
  F1(x) = lo((d ^ d>>2 ^ d>>3) >> 2) with rra (12 cycles);
  F0(x) = lo(swpb(d<<1 ^ d<<2) ^ d>>1) (11 cycles);
- subkeys straight from the C schedule (hight_ks: wk[8], then sk[128]):
  encryption with `add.b/xor.b @r15+` (2 cycles), decryption by indexed
  mode, backwards (3 cycles); in, out, the block count and the loop end
  live in a stack frame (all twelve free registers hold state, the three
  temporaries and the key pointer).
A round is 58 cycles (decryption 62); no branch or address depends on key
or data; bytes are loaded and stored one at a time (any alignment).
"""

from msp430_frame import e, entry, header, leave, out


T, A, U, K = "r12", "r13", "r14", "r15"
S_IN, S_OUT, S_N, S_KS, S_END = 0, 2, 4, 6, 8
names = ["r%d" % (4 + i) for i in range(8)]


def double(xr):
    e("    mov %s, %s" % (xr, T))
    e("    swpb %s" % T)
    e("    bis %s, %s" % (xr, T))


def f0(xr):  # lo(U) = F0(x)
    double(xr)
    e("    mov %s, %s" % (T, A))
    e("    rra %s" % A)  # lo = ROR1 = R7
    e("    rla %s" % T)  # hi = R1
    e("    mov %s, %s" % (T, U))
    e("    rla %s" % U)  # hi = R2
    e("    xor %s, %s" % (T, U))
    e("    swpb %s" % U)
    e("    xor %s, %s" % (A, U))
    return U


def f1(xr):  # lo(T) = F1(x)
    double(xr)
    e("    mov %s, %s" % (T, U))
    e("    rra %s" % U)
    e("    rra %s" % U)
    e("    mov %s, %s" % (U, A))
    e("    rra %s" % A)
    e("    xor %s, %s" % (U, T))
    e("    xor %s, %s" % (A, T))
    e("    rra %s" % T)
    e("    rra %s" % T)
    return T


def branch(i, dec, kref):
    """x_{i+1} op= F(x_i) op' k"""
    if i in (0, 4):  # x1 +-= F1(x0) ^ k
        r = f1(names[i])
        e("    xor.b %s, %s" % (kref, r))
        e("    %s.b %s, %s" % ("sub" if dec else "add", r, names[i + 1]))
    else:  # x3 ^= F0(x2) + k
        r = f0(names[i])
        e("    add.b %s, %s" % (kref, r))
        e("    xor.b %s, %s" % (r, names[i + 1]))


def enc_round():
    global names
    e("    ; round")
    for i in (0, 2, 4, 6):
        branch(i, False, "@%s+" % K)
    names = names[7:] + names[:7]


def dec_round(r):
    """inverse of round r of the 8 in a body (K = the body's first subkey)"""
    global names
    e("    ; inverse round")
    names = names[1:] + names[:1]
    for n, i in enumerate((0, 2, 4, 6)):
        branch(i, True, "%d(%s)" % (4 * r + n, K))


def kernel(name, dec):
    global names
    entry(name)
    e("    sub #10, r1")
    e("    mov r14, %d(r1)" % S_IN)
    e("    mov r13, %d(r1)" % S_OUT)
    e("    mov r15, %d(r1)" % S_N)
    e("    mov r12, %d(r1)" % S_KS)
    # loop end: enc K after the last body = ks + 136; dec K before the first body's successor = ks + 8 - 32
    e("    add #%d, r12" % (-24 if dec else 136))
    e("    mov r12, %d(r1)" % S_END)
    e(".L%s_block:" % name)
    e("    mov %d(r1), %s" % (S_IN, T))
    for j in range(8):  # decryption starts from the names encryption ends with
        e("    mov.b @%s+, %s" % (T, names[(j + (1 if dec else 0)) % 8]))
    e("    mov %s, %d(r1)" % (T, S_IN))
    e("    mov %d(r1), %s" % (S_KS, K))
    # whitening: enc x0 += wk0, x2 ^= wk1, x4 += wk2, x6 ^= wk3; dec x1 -= wk4, x3 ^= wk5, x5 -= wk6, x7 ^= wk7
    for w in range(4):
        i = 2 * w + (1 if dec else 0)
        op = "xor" if w % 2 else ("sub" if dec else "add")
        e("    %s.b %d(%s), %s" % (op, w + (4 if dec else 0), K, names[i]))
    e("    add #%d, %s" % (104 if dec else 8, K))
    e(".L%s_loop:" % name)
    if dec:
        for r in range(7, -1, -1):
            dec_round(r)
        e("    sub #32, %s" % K)
    else:
        for _ in range(8):
            enc_round()
    assert names == ["r%d" % (4 + i) for i in range(8)]
    e("    cmp %d(r1), %s" % (S_END, K))
    e("    jeq 2f")
    e("    br #.L%s_loop" % name)
    e("2:")
    e("    mov %d(r1), %s" % (S_KS, K))
    # final: enc out_j = x_{j+1} (out0 += wk4, out2 ^= wk5, out4 += wk6, out6 ^= wk7);
    # dec out_j = x_j (out0 -= wk0, out2 ^= wk1, out4 -= wk2, out6 ^= wk3)
    for w in range(4):
        i = (2 * w + (0 if dec else 1)) % 8
        op = "xor" if w % 2 else ("sub" if dec else "add")
        e("    %s.b %d(%s), %s" % (op, w + (0 if dec else 4), K, names[i]))
    e("    mov %d(r1), %s" % (S_OUT, T))
    for j in range(8):
        e("    mov.b %s, %d(%s)" % (names[(j + (0 if dec else 1)) % 8], j, T))
    e("    add #8, %d(r1)" % S_OUT)
    e("    dec %d(r1)" % S_N)
    e("    jz 3f")
    e("    br #.L%s_block" % name)
    e("3:")
    e("    add #10, r1")
    leave(name)


header("hight_msp430.py", __doc__)
e(" *")
e(" * void hight_msp430_encrypt(const hight_ks *ks, uint8_t *out, const uint8_t *in, size_t nblocks)")
e(" * void hight_msp430_decrypt(...): the inverse rounds.")
e(" * MSP430 EABI: ks r12, out r13, in r14, nblocks r15; r4..r10 saved.")
e(" */")
kernel("hight_msp430_encrypt", False)
kernel("hight_msp430_decrypt", True)
print("\n".join(out))
