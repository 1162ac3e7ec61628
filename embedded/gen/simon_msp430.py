#!/usr/bin/env python3
"""Writes the MSP430 kernels of SIMON-64/128 and SIMECK-64/128 (the same
Feistel shape, different f):

python3 embedded/gen/simon_msp430.py simon > src/ciphers/simon/simon_msp430.S
python3 embedded/gen/simon_msp430.py simeck > src/ciphers/simeck/simeck_msp430.S

Design (docs/EMBEDDED.md, "Assembly kernels"):
- one block, y in r4:r5 and x in r6:r7 (16-bit halves), the Feistel swap a
  rename; the 44 rounds unrolled;
- SIMON f(x) = (ROL1(x) & ROL8(x)) ^ ROL2(x): a = ROL1(x) (copy, rla/rlc/
  adc: 5 cycles), b = ROL8(x) (7 cycles: t = low byte of L ^ H by xor.b,
  b = swpb(H ^ t) : swpb(L ^ t)), y ^= a & b, a rotated once more, y ^= a:
  25 cycles a round with the keys;
- SIMECK f(x) = (x & ROL5(x)) ^ ROL1(x): a = ROL1(x), y ^= a, a = ROL4(a)
  (four 3-cycle rotations), y ^= a & x: 27 cycles a round;
- round keys from the C schedule: `xor @r12+` (2 cycles) for encryption,
  indexed mode backwards (3) for decryption; the block count in r15.
No branch or address depends on key or data (the buffers' alignment,
public, picks word or byte loads and stores).
"""
import sys

CIPHER = sys.argv[1] if len(sys.argv) > 1 else "simon"
assert CIPHER in ("simon", "simeck")
ROUNDS = 44
from msp430_frame import e, entry, header, leave, out


K, OUT, IN, T = "r12", "r13", "r14", "r15"
A = ["r8", "r9"]
B = ["r10", "r11"]
Y, X = ["r4", "r5"], ["r6", "r7"]


def rol1(w):
    e("    rla %s" % w[0])
    e("    rlc %s" % w[1])
    e("    adc %s" % w[0])


def feistel(i, dec):
    """y ^= f(x) ^ rk[i], then swap names; dec: x ^= f(y) ^ rk[i], names kept"""
    global X, Y
    if dec:
        X, Y = Y, X
        e("    xor %d(%s), %s" % (4 * i, K, Y[0]))
        e("    xor %d(%s), %s" % (4 * i + 2, K, Y[1]))
    else:
        e("    xor @%s+, %s" % (K, Y[0]))
        e("    xor @%s+, %s" % (K, Y[1]))
    e("    mov %s, %s" % (X[0], A[0]))
    e("    mov %s, %s" % (X[1], A[1]))
    rol1(A)
    if CIPHER == "simon":
        # B = ROL8(x): high half H0:L1, low half L0:H1 (bytes), 7 cycles:
        # t = (L ^ H) & 0xff by xor.b (a byte operation clears the
        # register's high byte), then high = swpb(L ^ t), low = swpb(H ^ t)
        # (X[0] is the low half L, X[1] the high half H)
        e("    mov %s, %s" % (X[0], B[1]))
        e("    xor.b %s, %s" % (X[1], B[1]))  # t
        e("    mov %s, %s" % (X[1], B[0]))
        e("    xor %s, %s" % (B[1], B[0]))  # H ^ t = H1:L0
        e("    xor %s, %s" % (X[0], B[1]))  # L ^ t = L1:H0
        e("    swpb %s" % B[0])
        e("    swpb %s" % B[1])
        e("    and %s, %s" % (A[0], B[0]))
        e("    and %s, %s" % (A[1], B[1]))
        e("    xor %s, %s" % (B[0], Y[0]))
        e("    xor %s, %s" % (B[1], Y[1]))
        rol1(A)
        e("    xor %s, %s" % (A[0], Y[0]))
        e("    xor %s, %s" % (A[1], Y[1]))
    else:
        e("    xor %s, %s" % (A[0], Y[0]))
        e("    xor %s, %s" % (A[1], Y[1]))
        for _ in range(4):
            rol1(A)  # ROL5(x)
        e("    and %s, %s" % (X[0], A[0]))
        e("    and %s, %s" % (X[1], A[1]))
        e("    xor %s, %s" % (A[0], Y[0]))
        e("    xor %s, %s" % (A[1], Y[1]))
    if not dec:
        X, Y = Y, X


def kernel(name, dec):
    global X, Y
    Y, X = ["r4", "r5"], ["r6", "r7"]
    entry(name)
    # r15 counts the blocks (the rounds need no T); B0, B1 are the
    # temporaries of the alignment test and byte loads between blocks
    e(".L%s_block:" % name)
    e("    mov %s, %s" % (IN, B[0]))
    e("    bis %s, %s" % (OUT, B[0]))
    e("    bit #1, %s" % B[0])
    e("    jnz 3f")
    for w in Y + X:
        e("    mov @%s+, %s" % (IN, w))
    e("    jmp 4f")
    e("3:")
    for w in Y + X:
        e("    mov.b @%s+, %s" % (IN, w))
        e("    mov.b @%s+, %s" % (IN, B[1]))
        e("    swpb %s" % B[1])
        e("    bis %s, %s" % (B[1], w))
    e("4:")
    for i in range(ROUNDS):
        feistel(ROUNDS - 1 - i, True) if dec else feistel(i, False)
    assert Y == ["r4", "r5"]
    e("    mov %s, %s" % (IN, B[0]))
    e("    bis %s, %s" % (OUT, B[0]))
    e("    bit #1, %s" % B[0])
    e("    jnz 5f")
    for i, w in enumerate(Y + X):
        e("    mov %s, %d(%s)" % (w, 2 * i, OUT))
    e("    jmp 6f")
    e("5:")
    for i, w in enumerate(Y + X):
        e("    mov.b %s, %d(%s)" % (w, 2 * i, OUT))
        e("    swpb %s" % w)
        e("    mov.b %s, %d(%s)" % (w, 2 * i + 1, OUT))
    e("6:")
    e("    add #8, %s" % OUT)
    # back to the schedule's start: encryption moved K by 176, decryption left it
    if not dec:
        e("    sub #%d, %s" % (4 * ROUNDS, K))
    e("    dec %s" % T)
    e("    jz 7f")
    e("    br #.L%s_block" % name)
    e("7:")
    leave(name)


header("simon_msp430.py " + CIPHER, __doc__, 5)
e(" *")
e(" * void %s64_128_msp430_encrypt(const %s_ks32 *ks, uint8_t *out, const uint8_t *in, size_t nblocks)" % (CIPHER, CIPHER))
e(" * void %s64_128_msp430_decrypt(...): the inverse rounds." % CIPHER)
e(" * MSP430 EABI: ks r12, out r13, in r14, nblocks r15; r4..r10 saved.")
e(" */")
kernel("%s64_128_msp430_encrypt" % CIPHER, False)
kernel("%s64_128_msp430_decrypt" % CIPHER, True)
print("\n".join(out))
