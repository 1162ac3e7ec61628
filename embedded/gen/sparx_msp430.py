#!/usr/bin/env python3
"""Writes src/ciphers/sparx/sparx_msp430.S: SPARX-64/128 encryption and decryption for MSP430.

python3 embedded/gen/sparx_msp430.py > src/ciphers/sparx/sparx_msp430.S

Design (docs/EMBEDDED.md, "Assembly kernels"):
- one block in r4..r7 (the four 16-bit words), 8 steps unrolled; the
  linear layer's exchange of the halves is a rename;
- the ARX-box (SPECKEY): l = ROR7(l) + r as ROL1 (rla/adc) then swpb,
  r = ROL2(r) ^ l: 13 cycles a round with the two key words, xored
  straight from the C schedule (`xor @r12+`, 2 cycles; rows of 8 words of
  which a step's branch uses 6, so 4 bytes are skipped per row);
- L: t = ROL8(x0 ^ x1) (swpb), x2 ^= x0 ^ t, x3 ^= x1 ^ t, then the halves
  swap names: 7 cycles.
Decryption runs the inverse rounds (r = ROR2(r ^ l), l = ROL7(l - r) as
swpb and ROR1), keys by indexed mode (3 cycles). No branch or address
depends on key or data (the buffers' alignment, public, picks word or byte
loads and stores).
"""

from msp430_frame import e, entry, header, leave, out


T, FLAG, KS, K, OUT, IN, N = "r8", "r9", "r10", "r12", "r13", "r14", "r15"
x = ["r4", "r5", "r6", "r7"]


def arx(l, r):
    e("    xor @%s+, %s" % (K, l))
    e("    xor @%s+, %s" % (K, r))
    e("    rla %s" % l)
    e("    adc %s" % l)
    e("    swpb %s" % l)
    e("    add %s, %s" % (r, l))
    for _ in range(2):
        e("    rla %s" % r)
        e("    adc %s" % r)
    e("    xor %s, %s" % (l, r))


def arx_inv(l, r, koff):
    e("    xor %s, %s" % (l, r))
    for _ in range(2):
        e("    bit #1, %s" % r)
        e("    rrc %s" % r)
    e("    sub %s, %s" % (r, l))
    e("    swpb %s" % l)
    e("    bit #1, %s" % l)
    e("    rrc %s" % l)
    e("    xor %d(%s), %s" % (koff, K, l))
    e("    xor %d(%s), %s" % (koff + 2, K, r))


def lin(a0, a1, b0, b1):
    """b0 ^= a0 ^ t, b1 ^= a1 ^ t with t = ROL8(a0 ^ a1)"""
    e("    mov %s, %s" % (a0, T))
    e("    xor %s, %s" % (a1, T))
    e("    swpb %s" % T)
    e("    xor %s, %s" % (T, b0))
    e("    xor %s, %s" % (a0, b0))
    e("    xor %s, %s" % (T, b1))
    e("    xor %s, %s" % (a1, b1))


def encrypt_body():
    global x
    for s in range(8):
        for b in range(2):
            for r in range(3):
                arx(x[2 * b], x[2 * b + 1])
            e("    add #4, %s" % K)  # the row's last two words are unused
        lin(x[0], x[1], x[2], x[3])
        x = [x[2], x[3], x[0], x[1]]
    for i in range(4):  # whitening rk[16][0..3]
        e("    xor @%s+, %s" % (K, x[i]))


def decrypt_body():
    global x
    for i in range(4):
        e("    xor %d(%s), %s" % (2 * 16 * 8 + 2 * i, K, x[i]))
    for s in range(7, -1, -1):
        lin(x[2], x[3], x[0], x[1])
        x = [x[2], x[3], x[0], x[1]]
        for b in range(2):
            for r in range(2, -1, -1):
                arx_inv(x[2 * b], x[2 * b + 1], 2 * (8 * (2 * s + b) + 2 * r))


def kernel(name, dec):
    global x
    x = ["r4", "r5", "r6", "r7"]
    entry(name)
    e("    mov r12, %s" % KS)
    e("    mov r13, %s" % FLAG)
    e("    bis r14, %s" % FLAG)
    e("    and #1, %s" % FLAG)
    e(".L%s_block:" % name)
    e("    tst %s" % FLAG)
    e("    jnz 3f")
    for w in x:
        e("    mov @%s+, %s" % (IN, w))
    e("    jmp 4f")
    e("3:")
    for w in x:
        e("    mov.b @%s+, %s" % (IN, w))
        e("    mov.b @%s+, %s" % (IN, T))
        e("    swpb %s" % T)
        e("    bis %s, %s" % (T, w))
    e("4:")
    e("    mov %s, %s" % (KS, K))
    decrypt_body() if dec else encrypt_body()
    e("    tst %s" % FLAG)
    e("    jnz 5f")
    for i, w in enumerate(x):
        e("    mov %s, %d(%s)" % (w, 2 * i, OUT))
    e("    jmp 6f")
    e("5:")
    for i, w in enumerate(x):
        e("    mov.b %s, %d(%s)" % (w, 2 * i, OUT))
        e("    swpb %s" % w)
        e("    mov.b %s, %d(%s)" % (w, 2 * i + 1, OUT))
    e("6:")
    e("    add #8, %s" % OUT)
    e("    dec %s" % N)
    e("    jz 7f")
    e("    br #.L%s_block" % name)
    e("7:")
    leave(name)


header("sparx_msp430.py", __doc__)
e(" *")
e(" * void sparx64_msp430_encrypt(const sparx_ks *ks, uint8_t *out, const uint8_t *in, size_t nblocks)")
e(" * void sparx64_msp430_decrypt(...): the inverse.")
e(" * MSP430 EABI: ks r12, out r13, in r14, nblocks r15; r4..r10 saved.")
e(" */")
kernel("sparx64_msp430_encrypt", False)
kernel("sparx64_msp430_decrypt", True)
print("\n".join(out))
