#!/usr/bin/env python3
"""Writes src/ciphers/cham/cham128_armv7m.S: CHAM-128/128 and CHAM-128/256
(and both -legacy round counts) encryption and decryption for ARMv7-M
(Cortex-M3/M4).

python3 embedded/gen/cham128_armv7m.py > src/ciphers/cham/cham128_armv7m.S

Design (docs/EMBEDDED.md, "The assembly kernels"):
- One block, four 32-bit words in r4-r7, fixed: a round updates its X0 in
  place and the C code's word swaps become renaming (identity again every
  four rounds). Round keys rk[i & m] by four pipelined ldr every four
  rounds (5 cycles) into r8-r11; r12 is the round's scratch.
- Encryption, round i: X0 = ROL((X0 ^ i) + (ROL(X1) ^ rk), 8 or 1). The
  outer rotation is never executed: a word holds its sum with the rotation
  pending (ror 24 for ROL8, ror 31 for ROL1) and every reader applies it
  in its shifted operand. The round index goes into the word before its
  rotation: X0 ^ i = ROR(S ^ ROL(i, q), q), so `eor S, S, #ROL(i, q)`
  and then `add S, t, S, ror #q` (t = rk ^ ROL(X1), one `eor` with a
  shifted operand). ROL(i, 24) is an 8-bit field (one immediate); ROL(i, 31)
  for odd i wraps bit 0 to bit 31, so odd rounds xor two immediates: three
  instructions in even rounds, four in odd ones.
- Decryption: X1 = (ROR1(X1) - (ROL8(X2) ^ rk)) ^ (i - 1) and the like:
  the rotations are of the word's old value and of a reader's operand, so
  nothing is pending: `eor t, k, X2, ror #24; rsb X1, t, X1, ror #1;
  eor X1, X1, #(i - 1)`, three instructions a round.
- One body per key size (m = 7: 80 or 112 rounds; m = 15: 96 or 120),
  fully unrolled: encryption leaves after the shorter count when lr (the
  round count, public) says so, decryption enters the body there.
lea.c-style wrappers in cham.c pick the body by rk_mask (public). No branch
or address depends on key or data; every instruction has a fixed timing.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mcu_block import Block  # noqa: E402

e = Block()


def ror_op(reg, q):
    q %= 32
    return reg if q == 0 else f"{reg}, ror #{q}"


def rol(v, n):
    n %= 32
    return ((v << n) | (v >> (32 - n))) & 0xFFFFFFFF if n else v


def loadkeys(base, m, first):
    for j in range(4):
        e(f"    ldr r{8 + j}, [r0, #{4 * ((base + j) & m)}]")


def enc(m, counts):
    last = max(counts)
    X = ["r4", "r5", "r6", "r7"]  # names x0..x3 -> registers
    q = {r: 0 for r in X}         # pending rotation (ror) per register
    e("1:  ldmia r2!, {r4-r7}")
    for i in range(0, last, 2):
        for h in (0, 1):
            r = i + h
            if r % 4 == 0:
                loadkeys(r, m, True)
            k = f"r{8 + r % 4}"
            x0, x1 = (X[0], X[1]) if h == 0 else (X[1], X[2])
            inner = 31 if h == 0 else 24  # ROL1 / ROL8 of the reader
            e(f"    eor r12, {k}, {ror_op(x1, q[x1] + inner)}")
            c = rol(r, q[x0])
            if c:
                if c & 0x80000000 and c & 0x7FFFFFFF:
                    e(f"    eor {x0}, {x0}, #{c & 0x7FFFFFFF:#x}")
                    e(f"    eor {x0}, {x0}, #0x80000000")
                else:
                    e(f"    eor {x0}, {x0}, #{c:#x}")
            e(f"    add {x0}, r12, {ror_op(x0, q[x0])}")
            q[x0] = 24 if h == 0 else 31
        X = [X[2], X[3], X[0], X[1]]
        if i + 2 in counts:
            assert X == ["r4", "r5", "r6", "r7"]
            done = i + 2 == last
            if not done:
                e(f"    cmp lr, #{i + 2}")
                e("    bne.w 3f")
            for r in X:
                if q[r] % 32:
                    e(f"    ror {r}, {r}, #{q[r] % 32}")
            e("    stmia r1!, {r4-r7}")
            if not done:
                e("    b.w 8f")
                e("3:")
    e("8:")


def dec(m, counts):
    first = max(counts)
    X = ["r4", "r5", "r6", "r7"]
    e("1:  ldmia r2!, {r4-r7}")
    for c in sorted(counts)[:-1]:
        e(f"    cmp lr, #{c}")
        e(f"    beq.w 4{c}f")
    for i in range(first, 0, -2):
        if i in counts and i != first:
            assert X == ["r4", "r5", "r6", "r7"]
            e(f"4{i}:")
        X = [X[2], X[3], X[0], X[1]]
        for h in (1, 0):
            r = i - 2 + h
            if r % 4 == 3:
                loadkeys(r - 3, m, False)
            k = f"r{8 + r % 4}"
            if h == 1:
                a, b, rot_b, rot_a = X[1], X[2], 24, 1   # X1 from X2 (ROL8), ROR1
            else:
                a, b, rot_b, rot_a = X[0], X[1], 31, 8   # X0 from X1 (ROL1), ROR8
            e(f"    eor r12, {k}, {b}, ror #{rot_b}")
            e(f"    rsb {a}, r12, {a}, ror #{rot_a}")
            if r:
                e(f"    eor {a}, {a}, #{r}")
    assert X == ["r4", "r5", "r6", "r7"]
    e("    stmia r1!, {r4-r7}")





e.header("cham128_armv7m.py", __doc__, ['void cham128_armv7m_{encrypt,decrypt}_m{7,15}(const cham128_ks *ks,', '    uint8_t *out, const uint8_t *in, size_t nblocks), 4-byte-aligned', 'in/out (ldm/stm); cham.c sends other buffers to the reference.', 'CHAM128_KS_ROUNDS: offsetof(cham128_ks, rounds), checked in cham.c.'], ['CHAM128_KS_ROUNDS 64'])
for m, counts in ((7, (80, 112)), (15, (96, 120))):
    pre = ("ldr lr, [r0, #CHAM128_KS_ROUNDS]",)
    e.func(f"cham128_armv7m_encrypt_m{m}", lambda: enc(m, counts), pre)
    e.func(f"cham128_armv7m_decrypt_m{m}", lambda: dec(m, counts), pre)
print(e.text())
