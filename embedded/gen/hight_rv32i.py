#!/usr/bin/env python3
"""Writes src/ciphers/hight/hight_rv32i.S: HIGHT encryption and decryption
for RV32I.

python3 embedded/gen/hight_rv32i.py > src/ciphers/hight/hight_rv32i.S

Design (docs/EMBEDDED.md, "The assembly kernels"):
- One block, one byte per register (t3-t6, a4-a7), each kept *doubled*
  (the byte in bits 0-7 and again in bits 8-15): the 8-bit rotation ROLn(x)
  is then the low byte of one `srli` by 8 - n, so F1(x) = ROL3 ^ ROL4 ^ ROL6
  and F0(x) = ROL1 ^ ROL2 ^ ROL7 are five instructions each (three srli, two
  xor) and only low bytes matter in a sum. An updated byte is re-doubled by
  andi, slli, or.
- A round's four subkeys are one word (sk[4r..4r+3], one lw into s0): SK0
  is its low byte as it is, the others one srli each. 43 instructions and
  the load a round; the byte rotation between rounds is renaming.
- Decryption: the same with sub for the additions, rounds backwards.
No table; no branch or address depends on key or data.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mcu_block import RV32IBlock  # noqa: E402

e = RV32IBlock()


X = ["t3", "t4", "t5", "t6", "a4", "a5", "a6", "a7"]


def redouble(r):
    e(f"    andi {r}, {r}, 255")
    e(f"    slli t1, {r}, 8")
    e(f"    or {r}, {r}, t1")


def f(src, shifts):
    a, b, c = shifts
    e(f"    srli t0, {src}, {a}")
    e(f"    srli t1, {src}, {b}")
    e("    xor t0, t0, t1")
    e(f"    srli t1, {src}, {c}")
    e("    xor t0, t0, t1")


F1 = (5, 4, 2)   # ROL3, ROL4, ROL6
F0 = (7, 6, 1)   # ROL1, ROL2, ROL7


def rnd(r, sub):
    a = [X[(j - r) % 8] for j in range(8)]
    op = "sub" if sub else "add"
    e(f"    lw s0, {8 + 4 * r}(a0)")
    # a1 +-= F1(a0) ^ SK0
    f(a[0], F1)
    e("    xor t0, t0, s0")
    e(f"    {op} {a[1]}, {a[1]}, t0")
    redouble(a[1])
    # a3 ^= F0(a2) + SK1
    f(a[2], F0)
    e("    srli t1, s0, 8")
    e("    add t0, t0, t1")
    e(f"    xor {a[3]}, {a[3]}, t0")
    redouble(a[3])
    # a5 +-= F1(a4) ^ SK2
    f(a[4], F1)
    e("    srli t1, s0, 16")
    e("    xor t0, t0, t1")
    e(f"    {op} {a[5]}, {a[5]}, t0")
    redouble(a[5])
    # a7 ^= F0(a6) + SK3
    f(a[6], F0)
    e("    srli t1, s0, 24")
    e("    add t0, t0, t1")
    e(f"    xor {a[7]}, {a[7]}, t0")
    redouble(a[7])


def unpack(names, wk_off, sub):
    op = "sub" if sub else "add"
    for j, r in enumerate(names):
        e(f"    lbu {r}, {j}(a2)")
    for j, k in enumerate((0, 2, 4, 6)):
        e(f"    lbu t0, {wk_off + j}(a0)")
        e(f"    {op if k in (0, 4) else 'xor'} {names[k]}, {names[k]}, t0")
    for r in names:
        redouble(r)


def pack(names, wk_off, sub):
    op = "sub" if sub else "add"
    for j, k in enumerate((0, 2, 4, 6)):
        e(f"    lbu t0, {wk_off + j}(a0)")
        e(f"    {op if k in (0, 4) else 'xor'} {names[k]}, {names[k]}, t0")
    for j, r in enumerate(names):
        e(f"    sb {r}, {j}(a1)")


def enc():
    e("1:")
    unpack(X, 0, False)
    for r in range(32):
        rnd(r, False)
    pack(X[1:] + X[:1], 4, False)


def dec():
    e("1:")
    unpack(X[1:] + X[:1], 4, True)
    for r in range(31, -1, -1):
        rnd(r, True)
    pack(X, 0, True)



e.header("hight_rv32i.py", __doc__,
         ["void hight_rv32i_{encrypt,decrypt}(const hight_ks *ks, uint8_t *out,",
          "    const uint8_t *in, size_t nblocks): wk[8] at offset 0, sk[128] at 8",
          "(hight.c checks it); bytes loaded and stored one by one."])
e.func("hight_rv32i_encrypt", enc, 8, ["t0", "t1"] + X, save=("s0",))
e.func("hight_rv32i_decrypt", dec, 8, ["t0", "t1"] + X, save=("s0",))
print(e.text())
