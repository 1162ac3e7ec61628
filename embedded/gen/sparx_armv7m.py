#!/usr/bin/env python3
"""Writes src/ciphers/sparx/sparx_armv7m.S: SPARX-64/128 encryption and
decryption for ARMv7-M (Cortex-M3/M4).

python3 embedded/gen/sparx_armv7m.py > src/ciphers/sparx/sparx_armv7m.S

Design (docs/EMBEDDED.md, "The assembly kernels"):
- Two blocks at once, one 16-bit word per 32-bit register, every word kept
  *doubled* (the same 16 bits in both halves), so the 16-bit rotations of
  the ARX-box (ROR7, ROL2) and of the linear layer (ROL8) are 32-bit
  rotations in the shifted operand of the instruction that reads the word.
  Xors of doubled words stay doubled; only the addition breaks the upper
  half, and re-doubling it (eor t, C, l, lsl #16; eor l, t, t, lsr #16)
  also xors in the next round's left key (C = kl << 16), whose effect on
  the right word the next right key cancels (K' = kr ^ kl, at key setup).
- Encryption, one SPECKEY round of one block (after the step's first):
    eor r, r, K'; add l, r, l, ror #7; eor t, C, l, lsl #16;
    eor l, t, t, lsr #16; eor r, l, r, ror #30
  five single-cycle instructions; the linear layer is five more a step and
  block (t = x0 ^ x1 is doubled, so ROL8(t) is "t, ror #24"). The six key
  words of a branch-step come by two ldm of three, shared by both blocks.
- Decryption undoes a round in six (the left word is kept doubled with its
  ROL7 pending, "l, ror #25", and rotated once before the subtraction).
The tables are built by sparx.c (sparx64_armv7m_tables) in the key schedule.
No branch or address depends on key or data.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from armv7m_pairs import Emitter  # noqa: E402

e = Emitter()


T = "r8"
P = "r12"
BLK = [["r0", "r1", "r2", "r3"], ["r4", "r5", "r6", "r7"]]


def enc_branch(blocks, b):
    # blocks: per block the current names [x0, x1, x2, x3]; branch b: (x[2b], x[2b+1])
    e(f"    ldmia {P}!, {{r9, r10, r11}}   /* KL0, KR0, C1 */")
    for x in blocks:
        l, r = x[2 * b], x[2 * b + 1]
        e(f"    eor {l}, {l}, r9")
        e(f"    eor {r}, {r}, r10")
        e(f"    add {l}, {r}, {l}, ror #7")
        e(f"    eor {T}, r11, {l}, lsl #16")
        e(f"    eor {l}, {T}, {T}, lsr #16")
        e(f"    eor {r}, {l}, {r}, ror #30")
    e(f"    ldmia {P}!, {{r9, r10, r11}}   /* KR1', C2, KR2' */")
    for x in blocks:
        l, r = x[2 * b], x[2 * b + 1]
        e(f"    eor {r}, {r}, r9")
        e(f"    add {l}, {r}, {l}, ror #7")
        e(f"    eor {T}, r10, {l}, lsl #16")
        e(f"    eor {l}, {T}, {T}, lsr #16")
        e(f"    eor {r}, {l}, {r}, ror #30")
    for x in blocks:
        l, r = x[2 * b], x[2 * b + 1]
        e(f"    eor {r}, {r}, r11")
        e(f"    add {l}, {r}, {l}, ror #7")
        e(f"    lsl {T}, {l}, #16")
        e(f"    orr {l}, {T}, {T}, lsr #16")
        e(f"    eor {r}, {l}, {r}, ror #30")


def enc_l2(x):
    # t = x0 ^ x1; y2 = x2 ^ x0 ^ ROL8(t); y3 = x3 ^ x1 ^ ROL8(t); (y2, y3, x0, x1)
    e(f"    eor {T}, {x[0]}, {x[1]}")
    e(f"    eor {x[2]}, {x[2]}, {x[0]}")
    e(f"    eor {x[2]}, {x[2]}, {T}, ror #24")
    e(f"    eor {x[3]}, {x[3]}, {x[1]}")
    e(f"    eor {x[3]}, {x[3]}, {T}, ror #24")
    x[:] = [x[2], x[3], x[0], x[1]]


def dec_branch(blocks, b):
    e(f"    ldmia {P}!, {{r9, r10, r11}}   /* KR2, C2, KR1 */")
    for x in blocks:
        dec_round(x, b, "r9", "r10")
    for x in blocks:
        dec_round_head(x, b, "r11")
    e(f"    ldmia {P}!, {{r9, r10, r11}}   /* C1, KR0, C0 */")
    for x in blocks:
        dec_round_tail(x, b, "r9")
    for x in blocks:
        dec_round(x, b, "r10", "r11")


def dec_round_head(x, b, kr):
    l, r = x[2 * b], x[2 * b + 1]
    e(f"    ror {l}, {l}, #25")
    e(f"    eor {r}, {r}, {l}")
    e(f"    sub {l}, {l}, {r}, ror #2")
    e(f"    eor {r}, {kr}, {r}, ror #2")


def dec_round_tail(x, b, c):
    l = x[2 * b]
    e(f"    eor {T}, {c}, {l}, lsl #16")
    e(f"    eor {l}, {T}, {T}, lsr #16")


def dec_round(x, b, kr, c):
    dec_round_head(x, b, kr)
    dec_round_tail(x, b, c)


def dec_l2(x):
    # inverse of enc_l2 on (y2, y3, x0, x1) = names (x[0], x[1], x[2], x[3]):
    # t = x0 ^ x1 (old) = x[2] ^ x[3]; old x2 = y2 ^ x0 ^ ROL8(t)...
    # The left words (x[0], x[2]) carry a pending ROL7 ("ror #25").
    e(f"    eor {T}, {x[3]}, {x[2]}, ror #25")
    e(f"    eor {x[0]}, {x[0]}, {x[2]}")
    e(f"    eor {x[0]}, {x[0]}, {T}, ror #31")
    e(f"    eor {x[1]}, {x[1]}, {x[3]}")
    e(f"    eor {x[1]}, {x[1]}, {T}, ror #24")
    x[:] = [x[2], x[3], x[0], x[1]]





def split(x, rot_left):
    # packed words in x[0] = (X1:X0), x[2] = (X3:X2) -> four doubled words;
    # rot_left: the left words get ror #7 (their ROL7 pending, decryption)
    for w, lo, hi in ((x[2], x[2], x[3]), (x[0], x[0], x[1])):
        e(f"    lsr {hi}, {w}, #16")
        e(f"    orr {hi}, {hi}, {hi}, lsl #16")
        e(f"    lsl {T}, {w}, #16")
        e(f"    orr {lo}, {T}, {T}, lsr #16")
        if rot_left:
            e(f"    ror {lo}, {lo}, #7")


def enc_body():
    e.prologue()
    e("    ldr r12, [sp]")
    blocks = [list(BLK[0]), list(BLK[1])]
    for x in blocks:
        split(x, False)
    for s in range(8):
        for b in range(2):
            enc_branch(blocks, b)
        for x in blocks:
            enc_l2(x)
    assert blocks == BLK
    e("    ldmia r12!, {r9, r10}   /* the whitening key, packed */")
    for x in blocks:
        e(f"    bfi {x[0]}, {x[1]}, #16, #16")
        e(f"    eor {x[0]}, {x[0]}, r9")
        e(f"    bfi {x[2]}, {x[3]}, #16, #16")
        e(f"    eor {x[2]}, {x[2]}, r10")
    e.epilogue("r0, r2, r4, r6")


def dec_body():
    e.prologue()
    e("    ldr r12, [sp]")
    blocks = [list(BLK[0]), list(BLK[1])]
    e("    ldmia r12!, {r9, r10}   /* the whitening key, packed */")
    for x in blocks:
        e(f"    eor {x[0]}, {x[0]}, r9")
        e(f"    eor {x[2]}, {x[2]}, r10")
        split(x, True)
    for s in range(8):
        for x in blocks:
            dec_l2(x)
        for b in range(2):
            dec_branch(blocks, b)
    assert blocks == BLK
    for x in blocks:
        e(f"    ror {x[0]}, {x[0]}, #25")
        e(f"    bfi {x[0]}, {x[1]}, #16, #16")
        e(f"    ror {x[2]}, {x[2]}, #25")
        e(f"    bfi {x[2]}, {x[3]}, #16, #16")
    e.epilogue("r0, r2, r4, r6")


e.header("sparx_armv7m.py", __doc__, "void sparx64_armv7m_{encrypt,decrypt}_pairs", "sparx.c")
e.func("sparx64_armv7m_encrypt_pairs", enc_body)
e.func("sparx64_armv7m_decrypt_pairs", dec_body)
print(e.text())
