#!/usr/bin/env python3
"""Writes src/ciphers/cham/cham_armv7m.S: CHAM-64/128 (88 rounds) and
CHAM-64/128-legacy (80) encryption and decryption for ARMv7-M (Cortex-M3/M4).

python3 embedded/gen/cham_armv7m.py > src/ciphers/cham/cham_armv7m.S

Design (docs/EMBEDDED.md, "The assembly kernels"):
- Two blocks at once, one 16-bit word per 32-bit register. A word that is
  rotated later is kept *doubled* (the same 16 bits in both halves), so any
  16-bit rotation is a 32-bit rotation the barrel shifter applies for free
  in the instruction that reads it; a word that is only added keeps junk in
  its high half (additions and xors of the low halves never look up).
- The rounds work on t_j (the sum before its rotation: Y_j = ROL(t_j, s_j),
  as cham.h's kernels do). Even t are only read as ROL8(t) (rev16) and t
  itself, so they stay single; odd t are read as ROL1 and ROL2, so they are
  doubled: lsl + eor, and the eor also xors in a per-round constant c that
  carries the round index of the round reading ROL1(t) (its other reader's
  round key is corrected by ROL2(c) once, at key setup). A round is four
  single-cycle instructions per block:
    even j: rev16 t; eor t, #j; eor k, K'_j, D, ror #30; add t, t, k
    odd j:  eor k, K_j, t'; add D, k, D, ror #31; eor k, C_j, D, lsl #16;
            eor D, k, k, lsr #16
  and the per-round words (K'_j, K_j+1, C_j+1) come three at a time by one
  ldm, shared by the two blocks: 5 cycles a round and block on the TRM
  timings.
- Decryption is the same shape with sub/rsb (the doubled words hold Y, read
  ror #1 for t) and its own table (K_j+1, (j+1) << 16, K_j).
The tables are built by cham.c (cham64_armv7m_tables) in the key schedule.
No branch or address depends on key or data; the only branch inside a block
is on the public round count (80 or 88).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from armv7m_pairs import Emitter  # noqa: E402

e = Emitter()


A = ["r0", "r1", "r2", "r3"]
B = ["r4", "r5", "r6", "r7"]
K = "r8"
P = "r12"


def enc_pair(j):
    # even round j, odd round j+1; keys r9 = K'_j, r10 = K_j+1, r11 = C_j+1
    e(f"    ldmia {P}!, {{r9, r10, r11}}")
    for s in (A, B):
        te, d = s[j % 4], s[(j + 1) % 4]
        if j != 0:  # t_-4 is X0 itself (see enc_body)
            e(f"    rev16 {te}, {te}")
            e(f"    eor {te}, {te}, #{j}")
        e(f"    eor {K}, r9, {d}, ror #30")
        e(f"    add {te}, {te}, {K}")
    jo = j + 1
    for s in (A, B):
        do, tx = s[jo % 4], s[(jo + 1) % 4]
        e(f"    eor {K}, r10, {tx}")
        e(f"    add {do}, {K}, {do}, ror #31")
        e(f"    eor {K}, r11, {do}, lsl #16")
        e(f"    eor {do}, {K}, {K}, lsr #16")


def dec_pair(j):
    # odd round j+1 then even round j; r9 = K_j+1, r10 = (j+1) << 16, r11 = K_j
    e(f"    ldmdb {P}!, {{r9, r10, r11}}")
    jo = j + 1
    for s in (A, B):
        do, tx = s[jo % 4], s[(jo + 1) % 4]
        e(f"    eor {K}, r9, {tx}")
        e(f"    rsb {do}, {K}, {do}, ror #1")
        e(f"    eor {K}, r10, {do}, lsl #16")
        e(f"    eor {do}, {K}, {K}, lsr #16")
    for s in (A, B):
        te, d = s[j % 4], s[(j + 1) % 4]
        e(f"    eor {K}, r11, {d}, ror #31")
        e(f"    sub {te}, {te}, {K}")
        if j != 0:  # round 1 reads t_-2 = ROR8(Y_-2); Y_-4 is the output
            e(f"    eor {te}, {te}, #{j}")
            e(f"    rev16 {te}, {te}")





def enc_body():
    e.prologue()
    e("    ldr r12, [sp]")
    e("    ldmia r12!, {r8, r9, r10}  /* rounds, doubled c_-3, doubled c_-1 */")
    # t_-4 = X0 read as Y (round 0 skips its rev16), D_-3, t_-2 = ROR8(X2), D_-1
    for s in (A, B):
        w0, w1 = s[0], s[2]
        e(f"    lsr {s[3]}, {w1}, #16")
        e(f"    orr {s[3]}, {s[3]}, {s[3]}, lsl #16")
        e(f"    ror {s[3]}, {s[3]}, #1")
        e(f"    eor {s[3]}, {s[3]}, r10")
        e(f"    rev16 {w1}, {w1}")
        e(f"    lsr {s[1]}, {w0}, #16")
        e(f"    orr {s[1]}, {s[1]}, {s[1]}, lsl #16")
        e(f"    ror {s[1]}, {s[1]}, #1")
        e(f"    eor {s[1]}, {s[1]}, r9")
    for j in range(0, 80, 2):
        enc_pair(j)
    e("    ldr r8, [sp]")
    e("    ldr r8, [r8]               /* rounds */")
    e("    cmp r8, #80")
    e("    beq.w 2f")
    for j in range(80, 88, 2):
        enc_pair(j)
    e("2:")
    # Y = ROL8(t_R-4), ROL1(t_R-3), ROL8(t_R-2), ROL1(t_R-1)  (R % 4 == 0)
    for s in (A, B):
        e(f"    rev16 {s[0]}, {s[0]}")
        e(f"    ror {s[1]}, {s[1]}, #31")
        e(f"    bfi {s[1]}, {s[0]}, #0, #16")
        e(f"    rev16 {s[2]}, {s[2]}")
        e(f"    ror {s[3]}, {s[3]}, #31")
        e(f"    bfi {s[3]}, {s[2]}, #0, #16")
    e.epilogue("r1, r3, r5, r7")


def dec_body():
    e.prologue()
    e("    ldr r12, [sp]")
    e("    ldr r8, [r12], #4         /* rounds; the pairs follow */")
    e("    add r12, r12, r8, lsl #2  /* + 6 * rounds bytes: past the last pair */")
    e("    add r12, r12, r8, lsl #1")
    # t_R-4 = ROR8(Y0), D'_R-3 = Y1 doubled, t_R-2 = ROR8(Y2), D'_R-1 = Y3 doubled
    for s in (A, B):
        e(f"    lsr {s[1]}, {s[0]}, #16")
        e(f"    orr {s[1]}, {s[1]}, {s[1]}, lsl #16")
        e(f"    rev16 {s[0]}, {s[0]}")
        e(f"    lsr {s[3]}, {s[2]}, #16")
        e(f"    orr {s[3]}, {s[3]}, {s[3]}, lsl #16")
        e(f"    rev16 {s[2]}, {s[2]}")
    e("    cmp r8, #80")
    e("    beq.w 2f")
    for j in range(86, 78, -2):
        dec_pair(j)
    e("2:")
    for j in range(78, -1, -2):
        dec_pair(j)
    for s in (A, B):
        e(f"    rev16 {s[2]}, {s[2]}")
        e(f"    bfi {s[0]}, {s[1]}, #16, #16")
        e(f"    bfi {s[2]}, {s[3]}, #16, #16")
    e.epilogue("r0, r2, r4, r6")


e.header("cham_armv7m.py", __doc__, "void cham64_armv7m_{encrypt,decrypt}_pairs", "cham.c")
e.func("cham64_armv7m_encrypt_pairs", enc_body)
e.func("cham64_armv7m_decrypt_pairs", dec_body)
print(e.text())
