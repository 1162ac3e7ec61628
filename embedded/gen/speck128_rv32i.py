#!/usr/bin/env python3
"""Writes src/ciphers/speck/speck128_rv32i.S: SPECK-128/128, -128/192 and
-128/256 encryption and decryption for RV32I.

python3 embedded/gen/speck128_rv32i.py > src/ciphers/speck/speck128_rv32i.S

Design (docs/EMBEDDED.md, "The assembly kernels"):
- A 64-bit word is two registers (low, high); y in t3:t4, x in t5:t6.
  RV32I has no rotate and no carry flag: a 64-bit rotation is three
  instructions a half (two shifts across the halves and an or), the carry
  of a 64-bit addition one sltu.
- Encryption, x = (ROR8(x) + y) ^ k, y = ROL3(y) ^ x: six for ROR8, four
  for the addition, two key loads and two xors, and ROL3(y) ^ x as four a
  half (the or of the two shifted halves and the xor): 22 instructions a
  round. Decryption, y = ROR3(y ^ x), x = ROL8((x ^ k) - y): 22 as well
  (a 64-bit subtraction's borrow is one sltu too).
- Round keys rk[i] (uint64_t, little-endian) loaded at the round's start
  and first read four or more instructions later (no load-use stall).
- One body of 34 rounds per direction, fully unrolled: encryption leaves
  after round 32 or 33 when ks->rounds (public) says so, decryption enters
  at round 31 or 32 (the state does not move, so every exit and entry sees
  the same registers).
No branch or address depends on key or data.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mcu_block import RV32IBlock  # noqa: E402

e = RV32IBlock()


YL, YH, XL, XH = "t3", "t4", "t5", "t6"
KL, KH = "a4", "a5"
COUNTS = (32, 33, 34)


def enc_round(i):
    e(f"    lw {KL}, {8 * i}(a0)")
    e(f"    lw {KH}, {8 * i + 4}(a0)")
    # t0:t1 = ROR8(x)
    e(f"    srli t0, {XL}, 8")
    e(f"    slli t2, {XH}, 24")
    e("    or t0, t0, t2")
    e(f"    srli t1, {XH}, 8")
    e(f"    slli t2, {XL}, 24")
    e("    or t1, t1, t2")
    # x = (t0:t1 + y) ^ k
    e(f"    add {XL}, t0, {YL}")
    e(f"    sltu t2, {XL}, t0")
    e(f"    add {XH}, t1, {YH}")
    e(f"    add {XH}, {XH}, t2")
    e(f"    xor {XL}, {XL}, {KL}")
    e(f"    xor {XH}, {XH}, {KH}")
    # y = ROL3(y) ^ x
    e(f"    slli t0, {YL}, 3")
    e(f"    srli t2, {YH}, 29")
    e("    xor t0, t0, t2")
    e(f"    slli t1, {YH}, 3")
    e(f"    srli t2, {YL}, 29")
    e("    xor t1, t1, t2")
    e(f"    xor {YL}, t0, {XL}")
    e(f"    xor {YH}, t1, {XH}")


def dec_round(i):
    e(f"    lw {KL}, {8 * i}(a0)")
    e(f"    lw {KH}, {8 * i + 4}(a0)")
    # y = ROR3(y ^ x)
    e(f"    xor t0, {YL}, {XL}")
    e(f"    xor t1, {YH}, {XH}")
    e("    srli t2, t0, 3")
    e(f"    slli {YL}, t1, 29")
    e(f"    or {YL}, {YL}, t2")
    e("    srli t2, t1, 3")
    e(f"    slli {YH}, t0, 29")
    e(f"    or {YH}, {YH}, t2")
    # x = ROL8((x ^ k) - y)
    e(f"    xor t0, {XL}, {KL}")
    e(f"    xor t1, {XH}, {KH}")
    e(f"    sltu t2, t0, {YL}")
    e(f"    sub t0, t0, {YL}")
    e(f"    sub t1, t1, {YH}")
    e("    sub t1, t1, t2")
    e(f"    slli {XL}, t0, 8")
    e("    srli t2, t1, 24")
    e(f"    or {XL}, {XL}, t2")
    e(f"    slli {XH}, t1, 8")
    e("    srli t2, t0, 24")
    e(f"    or {XH}, {XH}, t2")


def load():
    for j, r in enumerate((YL, YH, XL, XH)):
        e(f"    lw {r}, {4 * j}(a2)")


def store():
    for j, r in enumerate((YL, YH, XL, XH)):
        e(f"    sw {r}, {4 * j}(a1)")


def enc():
    e("1:")
    load()
    for i in range(34):
        enc_round(i)
        if i + 1 in COUNTS[:-1]:
            e("    lw t0, SPECK128_KS_ROUNDS(a0)")
            e(f"    li t1, {i + 1}")
            e("    beq t0, t1, 5f")
    e("5:")
    store()


def dec():
    e("1:")
    load()
    e("    lw t0, SPECK128_KS_ROUNDS(a0)")
    for c in COUNTS[:-1]:
        e(f"    li t1, {c}")
        e(f"    beq t0, t1, 6{c}f")
    for i in range(33, -1, -1):
        if i + 1 in COUNTS[:-1]:
            e(f"6{i + 1}:")
        dec_round(i)
    store()



e.header("speck128_rv32i.py", __doc__,
         ["void speck128_rv32i_{encrypt,decrypt}(const speck_ks64 *ks, uint8_t *out,",
          "    const uint8_t *in, size_t nblocks), 4-byte-aligned in/out; speck.c",
          "sends other buffers to the reference. SPECK128_KS_ROUNDS:",
          "offsetof(speck_ks64, rounds), checked in speck.c."],
         ["SPECK128_KS_ROUNDS 272"])
e.func("speck128_rv32i_encrypt", enc, 16, ("t0", "t1", "t2", KL, KH))
e.func("speck128_rv32i_decrypt", dec, 16, ("t0", "t1", "t2", KL, KH))
print(e.text())
