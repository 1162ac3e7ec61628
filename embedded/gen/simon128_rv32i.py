#!/usr/bin/env python3
"""Writes src/ciphers/simon/simon128_rv32i.S: SIMON-128/128, -128/192 and
-128/256 encryption and decryption for RV32I.

python3 embedded/gen/simon128_rv32i.py > src/ciphers/simon/simon128_rv32i.S

Design (docs/EMBEDDED.md, "The assembly kernels"):
- A 64-bit word is two registers (low, high): t3:t4 and t5:t6. A round is
  b ^= f(a) ^ k with f(a) = ROL1(a & ROL7(a)) ^ ROL2(a), and the two words
  swap roles instead of moving. ROL7(a) is three instructions a half (two
  shifts across the halves, or), the and one a half; ROL1 of it and ROL2(a)
  go into b as a shift and an xor per shifted half (the halves' bits are
  disjoint: xor-ing both parts is the rotation), eight a half-word pair
  each; the key two loads and two xors: 26 instructions and two loads a
  round.
- Decryption is the same round with the roles reversed and the keys read
  downwards.
- One body of 72 rounds per direction, fully unrolled: encryption leaves
  after round 68 or 69 when ks->rounds (public) says so, decryption enters
  at round 67 or 68; the block is loaded into and stored from whichever
  registers hold each word's role there.
No branch or address depends on key or data.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mcu_block import RV32IBlock  # noqa: E402

e = RV32IBlock()


COUNTS = (68, 69, 72)
P, Q = ("t3", "t4"), ("t5", "t6")


def rnd(a, b, i):
    """b ^= f(a) ^ rk[i]"""
    al, ah = a
    bl, bh = b
    e(f"    lw a4, {8 * i}(a0)")
    e(f"    lw a5, {8 * i + 4}(a0)")
    e(f"    slli t0, {al}, 7")
    e(f"    srli t2, {ah}, 25")
    e("    or t0, t0, t2")
    e(f"    slli t1, {ah}, 7")
    e(f"    srli t2, {al}, 25")
    e("    or t1, t1, t2")
    e(f"    and t0, t0, {al}")
    e(f"    and t1, t1, {ah}")
    for (dst, lo, hi, n) in ((bl, "t0", "t1", 1), (bh, "t1", "t0", 1),
                             (bl, al, ah, 2), (bh, ah, al, 2)):
        e(f"    slli t2, {lo}, {n}")
        e(f"    xor {dst}, {dst}, t2")
        e(f"    srli t2, {hi}, {32 - n}")
        e(f"    xor {dst}, {dst}, t2")
    e(f"    xor {bl}, {bl}, a4")
    e(f"    xor {bh}, {bh}, a5")


def io(op, y, x):
    p = "a2" if op == "lw" else "a1"
    for j, r in enumerate(y + x):
        e(f"    {op} {r}, {4 * j}({p})")


def enc():
    y, x = P, Q
    e("1:")
    io("lw", y, x)
    for i in range(72):
        rnd(x, y, i)
        x, y = y, x
        if i + 1 in COUNTS[:-1]:
            e("    lw t0, SIMON128_KS_ROUNDS(a0)")
            e(f"    li t1, {i + 1}")
            e(f"    bne t0, t1, 3f")
            io("sw", y, x)
            e("    j 8f")
            e("3:")
    io("sw", y, x)
    e("8:")


def dec():
    y, x = P, Q
    roles = {}
    for i in range(71, -1, -1):
        roles[i + 1] = (y, x)
        y, x = x, y
    final = (y, x)
    e("1:")
    e("    lw t0, SIMON128_KS_ROUNDS(a0)")
    for c in COUNTS[:-1]:
        e(f"    li t1, {c}")
        e(f"    beq t0, t1, 5{c}f")
    io("lw", *roles[72])
    e("    j 672f")
    for c in COUNTS[:-1]:
        e(f"5{c}:")
        io("lw", *roles[c])
        e(f"    j 6{c}f")
    for i in range(71, -1, -1):
        y, x = roles[i + 1]
        if i + 1 in COUNTS:
            e(f"6{i + 1}:")
        rnd(y, x, i)
    io("sw", *final)



e.header("simon128_rv32i.py", __doc__,
         ["void simon128_rv32i_{encrypt,decrypt}(const simon_ks64 *ks, uint8_t *out,",
          "    const uint8_t *in, size_t nblocks), 4-byte-aligned in/out; simon.c",
          "sends other buffers to the reference. SIMON128_KS_ROUNDS:",
          "offsetof(simon_ks64, rounds), checked in simon.c."],
         ["SIMON128_KS_ROUNDS 576"])
e.func("simon128_rv32i_encrypt", enc, 16, ("t0", "t1", "t2", "a4", "a5"))
e.func("simon128_rv32i_decrypt", dec, 16, ("t0", "t1", "t2", "a4", "a5"))
print(e.text())
