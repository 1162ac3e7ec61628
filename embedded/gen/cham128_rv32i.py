#!/usr/bin/env python3
"""Writes src/ciphers/cham/cham128_rv32i.S: CHAM-128/128 and CHAM-128/256
(and both -legacy round counts) encryption and decryption for RV32I.

python3 embedded/gen/cham128_rv32i.py > src/ciphers/cham/cham128_rv32i.S

Design (docs/EMBEDDED.md, "The assembly kernels"):
- One block, the four 32-bit words fixed in t3..t6 (the C code's word swaps
  are renaming), fully unrolled. RV32I has no rotate: a 32-bit rotation is
  three instructions (slli, srli, or). Keeping a word's rotation pending
  (as the ARMv7-M kernel does) saves nothing here: every word is read once
  rotated and once as itself, six instructions either way.
- Encryption, round i: X0 = ROL((X0 ^ i) + (ROL(X1) ^ rk), 8 or 1): three
  for the reader's rotation, xor, xori, add, three for the outer rotation:
  nine instructions (eight in round 0). Decryption,
  X1 = (ROR1(X1) - (ROL8(X2) ^ rk)) ^ (i - 1): nine as well.
- Round keys rk[i & m]: four lw every four rounds into a4..a7, read three or
  more instructions later (no load-use stall).
- One body per key size (m = 7: 80 or 112 rounds; m = 15: 96 or 120):
  encryption leaves after the shorter count when ks->rounds (public) says
  so, decryption enters the body there.
No branch or address depends on key or data.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mcu_block import RV32IBlock  # noqa: E402

e = RV32IBlock()


X = ["t3", "t4", "t5", "t6"]
K = ["a4", "a5", "a6", "a7"]


def rol(dst, src, n, tmp):
    e(f"    slli {tmp}, {src}, {n}")
    e(f"    srli {dst}, {src}, {32 - n}")
    e(f"    or {dst}, {dst}, {tmp}")


def block_io(op, p):
    """the block in or out: X[j] <-> word j at p (op carries the label)"""
    for j in range(4):
        e(f"{op if j == 0 else '    ' + op.split()[-1]} {X[j]}, {4 * j}({p})")


def loadkeys(base, m):
    for j in range(4):
        e(f"    lw {K[j]}, {4 * ((base + j) & m)}(a0)")


def enc(m, counts, lbl):
    last = max(counts)
    n = list(X)
    block_io("1:  lw", "a2")
    for r in range(last):
        if r % 4 == 0:
            loadkeys(r, m)
        x0, x1 = n[0], n[1]
        inner, outer = (1, 8) if r % 2 == 0 else (8, 1)
        rol("t0", x1, inner, "t1")
        e(f"    xor t0, t0, {K[r % 4]}")
        if r:
            e(f"    xori {x0}, {x0}, {r}")
        e(f"    add t0, {x0}, t0")
        rol(x0, "t0", outer, "t1")
        n = n[1:] + n[:1]
        if r + 1 in counts and r + 1 != last:
            assert n == X
            e("    lw t0, CHAM128_KS_ROUNDS(a0)")
            e(f"    li t1, {r + 1}")
            e(f"    beq t0, t1, {lbl}f")
    assert n == X
    e(f"{lbl}:")
    block_io("    sw", "a1")


def dec(m, counts, lbl):
    first = max(counts)
    n = list(X)
    block_io("1:  lw", "a2")
    e("    lw t0, CHAM128_KS_ROUNDS(a0)")
    for c in sorted(counts)[:-1]:
        e(f"    li t1, {c}")
        e(f"    beq t0, t1, {lbl}{c}f")
    for r in range(first - 1, -1, -1):
        if r + 1 in counts and r + 1 != first:
            assert n == X
            e(f"{lbl}{r + 1}:")
        # undo round r: its X0 is now the last word
        n = n[-1:] + n[:-1]
        x0, x1 = n[0], n[1]
        if r % 4 == 3:
            loadkeys(r - 3, m)
        inner, outer = (1, 8) if r % 2 == 0 else (8, 1)
        rol("t0", x1, inner, "t1")
        e(f"    xor t0, t0, {K[r % 4]}")
        rol("t2", x0, 32 - outer, "t1")
        e(f"    sub t2, t2, t0")
        if r:
            e(f"    xori {x0}, t2, {r}")
        else:
            e(f"    mv {x0}, t2")
    assert n == X
    block_io("    sw", "a1")



e.header("cham128_rv32i.py", __doc__,
         ["void cham128_rv32i_{encrypt,decrypt}_m{7,15}(const cham128_ks *ks,",
          "    uint8_t *out, const uint8_t *in, size_t nblocks), 4-byte-aligned",
          "in/out; cham.c sends other buffers to the reference.",
          "CHAM128_KS_ROUNDS: offsetof(cham128_ks, rounds), checked in cham.c."],
         ["CHAM128_KS_ROUNDS 64"])
WIPE = ("t0", "t1", "t2", "a4", "a5", "a6", "a7")
for m, counts in ((7, (80, 112)), (15, (96, 120))):
    e.func(f"cham128_rv32i_encrypt_m{m}", lambda: enc(m, counts, 5), 16, WIPE)
    e.func(f"cham128_rv32i_decrypt_m{m}", lambda: dec(m, counts, 6), 16, WIPE)
print(e.text())
