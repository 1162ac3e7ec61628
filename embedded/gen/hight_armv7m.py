#!/usr/bin/env python3
"""Writes src/ciphers/hight/hight_armv7m.S: HIGHT encryption and decryption
for ARMv7-M (Cortex-M3/M4).

python3 embedded/gen/hight_armv7m.py > src/ciphers/hight/hight_armv7m.S

Design (docs/EMBEDDED.md, "The assembly kernels"):
- One block, one byte per register (r4-r11), each kept with its value in
  both the low and the top byte of the register (the middle bytes are
  don't-care). Then the 8-bit rotation ROLn(x) is the low byte of the
  32-bit rotation "X, ror #(32 - n)" (n <= 7 reaches only the top byte),
  so F1(x) = ROL3 ^ ROL4 ^ ROL6 and F0(x) = ROL1 ^ ROL2 ^ ROL7 are three
  instructions each with shifted operands, and only low bytes are ever
  needed from a sum: an updated byte is put back into its top byte by one
  `bfi x, x, #24, #8`.
- A round's four subkeys are one word (sk[4r..4r+3]) read by one ldr; each
  is taken from it by a shifted operand (lsr #8, #16, #24) or, for SK0,
  as the first operand of the first eor. Round: 23 single-cycle
  instructions and the ldr, 25 cycles on the TRM timings; the byte
  rotation between rounds is renaming (this script tracks it).
- Decryption: the same with sub for the additions, rounds backwards.
Whitening and the byte packing are done once a block. No table, no branch
or address depends on key or data; every instruction has a fixed timing.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mcu_block import Block  # noqa: E402

e = Block()


X = [f"r{4 + j}" for j in range(8)]


def dup(r):
    e(f"    bfi {r}, {r}, #24, #8")


def rnd(r, sub):
    a = [X[(j - r) % 8] for j in range(8)]
    op = "sub" if sub else "add"
    e(f"    ldr r12, [r0, #{8 + 4 * r}]")
    # a1 +-= F1(a0) ^ SK0
    e(f"    eor lr, r12, {a[0]}, ror #29")
    e(f"    eor lr, lr, {a[0]}, ror #28")
    e(f"    eor lr, lr, {a[0]}, ror #26")
    e(f"    {op} {a[1]}, {a[1]}, lr")
    dup(a[1])
    # a3 ^= F0(a2) + SK1
    e(f"    ror lr, {a[2]}, #31")
    e(f"    eor lr, lr, {a[2]}, ror #30")
    e(f"    eor lr, lr, {a[2]}, ror #25")
    e("    add lr, lr, r12, lsr #8")
    e(f"    eor {a[3]}, {a[3]}, lr")
    dup(a[3])
    # a5 +-= F1(a4) ^ SK2
    e(f"    ror lr, {a[4]}, #29")
    e(f"    eor lr, lr, {a[4]}, ror #28")
    e(f"    eor lr, lr, {a[4]}, ror #26")
    e("    eor lr, lr, r12, lsr #16")
    e(f"    {op} {a[5]}, {a[5]}, lr")
    dup(a[5])
    # a7 ^= F0(a6) + SK3
    e(f"    ror lr, {a[6]}, #31")
    e(f"    eor lr, lr, {a[6]}, ror #30")
    e(f"    eor lr, lr, {a[6]}, ror #25")
    e("    add lr, lr, r12, lsr #24")
    e(f"    eor {a[7]}, {a[7]}, lr")
    dup(a[7])


def unpack(names, wk_off, sub):
    """names[j] gets in[j]; bytes 0, 2, 4, 6 combined with the whitening
    keys at wk_off (+/- for 0 and 4, ^ for 2 and 6)."""
    op = "sub" if sub else "add"
    e("    ldr r12, [r2]")
    e(f"    ldr lr, [r0, #{wk_off}]")
    n = names
    e(f"    {op} {n[0]}, r12, lr")
    e(f"    lsr {n[1]}, r12, #8")
    e(f"    lsr {n[2]}, r12, #16")
    e(f"    eor {n[2]}, {n[2]}, lr, lsr #8")
    e(f"    lsr {n[3]}, r12, #24")
    e("    ldr r12, [r2, #4]")
    e(f"    {op} {n[4]}, r12, lr, lsr #16")
    e(f"    lsr {n[5]}, r12, #8")
    e(f"    lsr {n[6]}, r12, #16")
    e(f"    eor {n[6]}, {n[6]}, lr, lsr #24")
    e(f"    lsr {n[7]}, r12, #24")
    for r in n:
        dup(r)
    e("    adds r2, r2, #8")


def pack(names, wk_off, sub):
    """out[j] = names[j], bytes 0, 2, 4, 6 combined with the whitening keys."""
    op = "sub" if sub else "add"
    n = names
    e(f"    ldr lr, [r0, #{wk_off}]")
    e(f"    {op} {n[0]}, {n[0]}, lr")
    e(f"    uxtb r12, {n[0]}")
    e(f"    bfi r12, {n[1]}, #8, #8")
    e(f"    eor {n[2]}, {n[2]}, lr, lsr #8")
    e(f"    bfi r12, {n[2]}, #16, #8")
    e(f"    bfi r12, {n[3]}, #24, #8")
    e("    str r12, [r1]")
    e(f"    {op} {n[4]}, {n[4]}, lr, lsr #16")
    e(f"    uxtb r12, {n[4]}")
    e(f"    bfi r12, {n[5]}, #8, #8")
    e(f"    eor {n[6]}, {n[6]}, lr, lsr #24")
    e(f"    bfi r12, {n[6]}, #16, #8")
    e(f"    bfi r12, {n[7]}, #24, #8")
    e("    str r12, [r1, #4]")
    e("    adds r1, r1, #8")


def enc():
    e("1:")
    unpack(X, 0, False)
    for r in range(32):
        rnd(r, False)
    # X32 = (x1, ..., x7, x0): C0 = x1 + WK4, C2 = x3 ^ WK5, ...
    pack(X[1:] + X[:1], 4, False)


def dec():
    e("1:")
    unpack(X[1:] + X[:1], 4, True)
    for r in range(31, -1, -1):
        rnd(r, True)
    pack(X, 0, True)





e.header("hight_armv7m.py", __doc__, ['void hight_armv7m_{encrypt,decrypt}(const hight_ks *ks, uint8_t *out,', '    const uint8_t *in, size_t nblocks): wk[8] at offset 0, sk[128] at 8;', '4-byte-aligned in/out (hight.c sends other buffers to the reference).'], [])
e.func("hight_armv7m_encrypt", enc)
e.func("hight_armv7m_decrypt", dec)
print(e.text())
