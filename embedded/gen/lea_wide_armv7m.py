#!/usr/bin/env python3
"""Writes src/ciphers/lea/lea_wide_armv7m.S: LEA-192 and LEA-256 encryption
and decryption for ARMv7-M (Cortex-M3/M4).

python3 embedded/gen/lea_wide_armv7m.py > src/ciphers/lea/lea_wide_armv7m.S

Design (docs/EMBEDDED.md, "The assembly kernels"; lea_armv7m.S does LEA-128):
- LEA-192/256 have six distinct round-key words a round (LEA-128 repeats
  RK1 as RK3 and RK5), so a round is six loads (7 cycles pipelined on the
  TRM timings) and the same nine single-cycle instructions: 16 cycles.
- Encryption folds every rotation into the shifted operand of the
  instruction that reads the word, as lea_armv7m.S: a register holds a
  state word before its rotation and the pending rotations ride along
  (X0 23, X1 5, X2 3, X3 whatever X0 had). Ten registers (r4-r12, lr) hold
  the four state words and the six key words; each round loads its keys
  into the six free ones and its sums land in three of them, so the state
  is renamed, not moved (this script tracks the renaming). The pending
  rotations are applied once at the end, into four free registers in
  ascending order for one stm.
- Decryption rotates a word's old value, so the rotation folds into a
  reverse subtract (rsb x, k, x, ror #n) and the xor with the round key
  goes into the key's register: nothing pending, state fixed in r4-r7.
Fully unrolled, one entry point per round count (28: LEA-192, 32:
LEA-256); lea.c picks by ks->rounds (public). No branch or address depends
on key or data; every instruction has a fixed timing.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mcu_block import Block  # noqa: E402

e = Block()


POOL = ["r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr"]


def xr(d, k, x, n):
    if n == 0:
        e(f"    eor {d}, {k}, {x}")
    else:
        e(f"    eor {d}, {k}, {x}, ror #{n}")


def enc(rounds):
    st = ["r4", "r5", "r6", "r7"]
    rot = [0, 0, 0, 0]
    e("1:  ldmia r2!, {r4-r7}")
    for r in range(rounds):
        free = [x for x in POOL if x not in st]
        k = free[:6]
        e(f"    /* round {r} */")
        for j in range(6):
            e(f"    ldr {k[j]}, [r0, #{24 * r + 4 * j}]")
        a, b, c, d = st
        ra, rb, rc, rd = rot
        xr(k[0], k[0], a, ra)
        xr(k[1], k[1], b, rb)
        e(f"    add {k[0]}, {k[0]}, {k[1]}")
        xr(k[2], k[2], b, rb)
        xr(k[3], k[3], c, rc)
        e(f"    add {k[2]}, {k[2]}, {k[3]}")
        xr(k[4], k[4], c, rc)
        xr(k[5], k[5], d, rd)
        e(f"    add {k[4]}, {k[4]}, {k[5]}")
        st = [k[0], k[2], k[4], a]
        rot = [23, 5, 3, ra]
    free = sorted((x for x in POOL if x not in st), key=POOL.index)[:4]
    for w, n, d in zip(st, rot, free):
        if n:
            e(f"    ror {d}, {w}, #{n}")
        else:
            e(f"    mov {d}, {w}")
    e(f"    stmia r1!, {{{', '.join(free)}}}")


def dec(rounds):
    e("1:  ldmia r2!, {r4-r7}")
    names = ["r4", "r5", "r6", "r7"]
    for r in range(rounds - 1, -1, -1):
        # LEA_DEC_ROUND(x0, x1, x2, x3): the names rotate back every four
        i = (r + 1) % 4
        x0, x1, x2, x3 = names[(i + 3) % 4], names[i % 4], names[(i + 1) % 4], names[(i + 2) % 4]
        e(f"    /* round {r} */")
        for j, k in enumerate(["r8", "r9", "r10", "r11", "r12", "lr"]):
            e(f"    ldr {k}, [r0, #{24 * r + 4 * j}]")
        e(f"    eor r8, r8, {x0}")
        e(f"    rsb {x1}, r8, {x1}, ror #9")
        e(f"    eor {x1}, {x1}, r9")
        e(f"    eor r10, r10, {x1}")
        e(f"    rsb {x2}, r10, {x2}, ror #27")
        e(f"    eor {x2}, {x2}, r11")
        e(f"    eor r12, r12, {x2}")
        e(f"    rsb {x3}, r12, {x3}, ror #29")
        e(f"    eor {x3}, {x3}, lr")
    e("    stmia r1!, {r4-r7}")




doc = __doc__.strip().splitlines()

e.header("lea_wide_armv7m.py", __doc__, ['void lea_armv7m_{encrypt,decrypt}_aligned_{28,32}(const lea_ks *ks,', '    uint8_t *out, const uint8_t *in, size_t nblocks), 4-byte-aligned', 'in/out (ldm/stm); lea.c sends other buffers to the reference.'], [])
for R in (28, 32):
    e.func(f"lea_armv7m_encrypt_aligned_{R}", lambda: enc(R), wipe=("r12", "lr"))
    e.func(f"lea_armv7m_decrypt_aligned_{R}", lambda: dec(R), wipe=("r12", "lr"))
print(e.text())
