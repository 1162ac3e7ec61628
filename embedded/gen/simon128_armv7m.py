#!/usr/bin/env python3
"""Writes src/ciphers/simon/simon128_armv7m.S: SIMON-128/128, -128/192 and
-128/256 encryption and decryption for ARMv7-M (Cortex-M3/M4).

python3 embedded/gen/simon128_armv7m.py > src/ciphers/simon/simon128_armv7m.S

Design (docs/EMBEDDED.md, "The assembly kernels"):
- A 64-bit word is two registers (low, high). A round is b ^= f(a) ^ k
  with f(a) = (ROL1(a) & ROL8(a)) ^ ROL2(a) = ROL1(a & ROL7(a)) ^ ROL2(a)
  and the roles of the two words swap (no move). a & ROL7(a) is three
  instructions a half (lsl, orr with a shifted operand, and); its ROL1 and
  ROL2(a) go into b by eors with shifted operands, two a half each (the
  halves' bits are disjoint, so xor-ing both is the rotation); the key by
  two eors after one ldrd. 16 single-cycle instructions and 3 for the
  ldrd: 19 cycles a round on the TRM timings.
- Decryption is the same round with the roles reversed and the keys read
  downwards.
- One body of 72 rounds per direction: encryption leaves after round 68 or
  69 when lr (ks->rounds, public) says so, decryption enters at round 67,
  68 or 71 with the block loaded into that point's roles.
Registers: r4-r7 the two words, r8-r9 the AND term, r10-r11 the key, lr
the round count. No branch or address depends on key or data; every
instruction has a fixed timing on the Cortex-M3/M4.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mcu_block import Block  # noqa: E402

e = Block()


COUNTS = (68, 69, 72)


def rnd(a, b, i):
    al, ah = a
    bl, bh = b
    e(f"    ldrd r10, r11, [r0, #{8 * i}]")
    e(f"    lsl r8, {al}, #7")
    e(f"    orr r8, r8, {ah}, lsr #25")
    e(f"    and r8, r8, {al}")
    e(f"    lsl r9, {ah}, #7")
    e(f"    orr r9, r9, {al}, lsr #25")
    e(f"    and r9, r9, {ah}")
    e(f"    eor {bl}, {bl}, r8, lsl #1")
    e(f"    eor {bl}, {bl}, r9, lsr #31")
    e(f"    eor {bh}, {bh}, r9, lsl #1")
    e(f"    eor {bh}, {bh}, r8, lsr #31")
    e(f"    eor {bl}, {bl}, {al}, lsl #2")
    e(f"    eor {bl}, {bl}, {ah}, lsr #30")
    e(f"    eor {bh}, {bh}, {ah}, lsl #2")
    e(f"    eor {bh}, {bh}, {al}, lsr #30")
    e(f"    eor {bl}, {bl}, r10")
    e(f"    eor {bh}, {bh}, r11")


def block_io(op, y, x):
    regs = list(y) + list(x)
    if regs == sorted(regs, key=lambda r: int(r[1:])):
        e(f"    {op}ia {'r2' if op == 'ldm' else 'r1'}!, {{{', '.join(regs)}}}")
    else:
        p = "r2" if op == "ldm" else "r1"
        e(f"    {'ldrd' if op == 'ldm' else 'strd'} {y[0]}, {y[1]}, [{p}]")
        e(f"    {'ldrd' if op == 'ldm' else 'strd'} {x[0]}, {x[1]}, [{p}, #8]")
        e(f"    adds {p}, {p}, #16")


def enc():
    y, x = ("r4", "r5"), ("r6", "r7")
    e("1:")
    block_io("ldm", y, x)
    for i in range(72):
        rnd(x, y, i)
        x, y = y, x   # y now holds the new x
        if i + 1 in COUNTS:
            last = i + 1 == COUNTS[-1]
            if not last:
                e(f"    cmp lr, #{i + 1}")
                e("    bne.w 3f")
            block_io("stm", y, x)
            if not last:
                e("    b.w 8f")
                e("3:")
    e("8:")


def dec():
    # positions: before round i (going down) the roles (y, x)
    y, x = ("r4", "r5"), ("r6", "r7")
    roles = {}
    for i in range(71, -1, -1):
        roles[i + 1] = (y, x)
        y, x = x, y
    final = (y, x)
    e("1:")
    for R in COUNTS[:-1]:
        e(f"    cmp lr, #{R}")
        e(f"    beq.w 5{R}f")
    block_io("ldm", *roles[72])
    e("    b.w 672f")
    for R in COUNTS[:-1]:
        e(f"5{R}:")
        block_io("ldm", *roles[R])
        e(f"    b.w 6{R}f")
    for i in range(71, -1, -1):
        y, x = roles[i + 1]
        if i + 1 in COUNTS:
            e(f"6{i + 1}:")
        rnd(y, x, i)   # x ^= f(y) ^ k; then x is the new y
    block_io("stm", *final)





e.header("simon128_armv7m.py", __doc__, ['void simon128_armv7m_{encrypt,decrypt}(const simon_ks64 *ks, uint8_t *out,', '    const uint8_t *in, size_t nblocks), 4-byte-aligned in/out; simon.c', 'sends other buffers to the reference. SIMON128_KS_ROUNDS:', 'offsetof(simon_ks64, rounds), checked in simon.c.'], ['SIMON128_KS_ROUNDS 576'])
pre = ("ldr lr, [r0, #SIMON128_KS_ROUNDS]",)
e.func("simon128_armv7m_encrypt", enc, pre, wipe=())
e.func("simon128_armv7m_decrypt", dec, pre, wipe=())
print(e.text())
