#!/usr/bin/env python3
"""Writes src/ciphers/speck/speck128_armv7m.S: SPECK-128/128, -128/192 and
-128/256 encryption and decryption for ARMv7-M (Cortex-M3/M4).

python3 embedded/gen/speck128_armv7m.py > src/ciphers/speck/speck128_armv7m.S

Design (docs/EMBEDDED.md, "The assembly kernels"):
- A 64-bit word is two registers (low, high). Encryption, x = (ROR8(x) + y)
  ^ k, y = ROL3(y) ^ x, is eleven single-cycle instructions and one ldrd
  of the round key (3 cycles): ROR8(x)'s low word by lsr + orr with a
  shifted operand, added with carry; its high word needs no carry out, so
  its two halves are added one after the other (adc, then add with the
  shifted operand: disjoint bits, so adding is or-ing); ROL3(y) ^ x is four
  eors with shifted operands (again disjoint halves). 14 cycles a round.
- Decryption, y = ROR3(y ^ x), x = ROL8((x ^ k) - y): fourteen
  instructions and the ldrd, 17 cycles a round.
- Registers are renamed, not moved (this script tracks them). One body of
  34 rounds per direction: encryption leaves after round 32 or 33 when lr
  (ks->rounds, public) says so; decryption enters at round 31, 32 or 33,
  loading the block into that entry's registers.
No branch or address depends on key or data; every instruction has a fixed
timing on the Cortex-M3/M4.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mcu_block import Block  # noqa: E402

e = Block()


POOL = ["r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr"]
COUNTS = (32, 33, 34)


def take(st, n):
    used = set(st)
    f = [r for r in POOL if r not in used]
    return f[:n]


def load_block(yl, yh, xl, xh):
    regs = [yl, yh, xl, xh]
    if regs == sorted(regs, key=POOL.index) and "lr" not in regs:
        e(f"    ldmia r2!, {{{yl}, {yh}, {xl}, {xh}}}")
    else:
        for j, r in enumerate(regs):
            e(f"    ldr {r}, [r2, #{4 * j}]")
        e("    adds r2, r2, #16")


def store_block(yl, yh, xl, xh):
    regs = [yl, yh, xl, xh]
    if regs == sorted(regs, key=POOL.index):
        e(f"    stmia r1!, {{{yl}, {yh}, {xl}, {xh}}}")
    else:
        e(f"    strd {yl}, {yh}, [r1]")
        e(f"    strd {xl}, {xh}, [r1, #8]")
        e("    adds r1, r1, #16")


def enc():
    # lr holds the round count, so the pool is r4-r12 here
    global POOL
    POOL = POOL[:-1]
    yl, yh, xl, xh = "r4", "r5", "r6", "r7"
    e("1:  ldmia r2!, {r4-r7}")
    for i in range(34):
        kl, kh, t0, t1, ty = take([yl, yh, xl, xh], 5)
        e(f"    ldrd {kl}, {kh}, [r0, #{8 * i}]")
        e(f"    lsr {t0}, {xl}, #8")
        e(f"    orr {t0}, {t0}, {xh}, lsl #24")
        e(f"    adds {t0}, {t0}, {yl}")
        e(f"    adc {t1}, {yh}, {xh}, lsr #8")
        e(f"    add {t1}, {t1}, {xl}, lsl #24")
        e(f"    eor {t0}, {t0}, {kl}")
        e(f"    eor {t1}, {t1}, {kh}")
        e(f"    eor {ty}, {t0}, {yl}, lsl #3")
        e(f"    eor {ty}, {ty}, {yh}, lsr #29")
        e(f"    eor {yh}, {t1}, {yh}, lsl #3")
        e(f"    eor {yh}, {yh}, {yl}, lsr #29")
        xl, xh, yl = t0, t1, ty
        if i + 1 in COUNTS:
            last = i + 1 == COUNTS[-1]
            if not last:
                e(f"    cmp lr, #{i + 1}")
                e("    bne.w 3f")
            store_block(yl, yh, xl, xh)
            if not last:
                e("    b.w 8f")
                e("3:")
    e("8:")
    POOL = POOL + ["lr"]


def dec():
    global POOL
    POOL = POOL[:-1]
    # walk the body backwards once to learn each entry's registers: the
    # renaming is a fixed function of the position, so generate it forwards
    # from an arbitrary start, then emit entries.
    seq = []
    yl, yh, xl, xh = "r4", "r5", "r6", "r7"
    for i in range(33, -1, -1):
        kl, kh, ty, tz = take([yl, yh, xl, xh], 4)
        seq.append((i, (yl, yh, xl, xh), (kl, kh, ty, tz)))
        # after: y = (ty, tz); x = ROL8 into (yl, yh) (free once ty, tz are made)
        xl, xh, yl, yh = yl, yh, ty, tz
        # (the new x goes into the old y registers)
    final = (yl, yh, xl, xh)
    entry = {i + 1: regs for i, regs, _ in seq}
    e("1:")
    for R in COUNTS[:-1]:
        e(f"    cmp lr, #{R}")
        e(f"    beq.w 5{R}f")
    load_block(*entry[34])
    e("    b.w 534f")
    for R in COUNTS[:-1]:
        e(f"5{R}:")
        load_block(*entry[R])
        e(f"    b.w 6{R}f")
    for i, (yl, yh, xl, xh), (kl, kh, ty, tz) in seq:
        if i + 1 in COUNTS:
            e(f"{'5' if i + 1 == 34 else '6'}{i + 1}:")
        e(f"    ldrd {kl}, {kh}, [r0, #{8 * i}]")
        e(f"    eor {yl}, {yl}, {xl}")
        e(f"    eor {yh}, {yh}, {xh}")
        e(f"    lsr {ty}, {yl}, #3")
        e(f"    orr {ty}, {ty}, {yh}, lsl #29")
        e(f"    lsr {tz}, {yh}, #3")
        e(f"    orr {tz}, {tz}, {yl}, lsl #29")
        e(f"    eor {xl}, {xl}, {kl}")
        e(f"    eor {xh}, {xh}, {kh}")
        e(f"    subs {xl}, {xl}, {ty}")
        e(f"    sbc {xh}, {xh}, {tz}")
        e(f"    lsl {yl}, {xl}, #8")
        e(f"    orr {yl}, {yl}, {xh}, lsr #24")
        e(f"    lsl {yh}, {xh}, #8")
        e(f"    orr {yh}, {yh}, {xl}, lsr #24")
    store_block(*final)
    POOL = POOL + ["lr"]





e.header("speck128_armv7m.py", __doc__, ['void speck128_armv7m_{encrypt,decrypt}(const speck_ks64 *ks, uint8_t *out,', '    const uint8_t *in, size_t nblocks), 4-byte-aligned in/out; speck.c', 'sends other buffers to the reference. SPECK128_KS_ROUNDS:', 'offsetof(speck_ks64, rounds), checked in speck.c.'], ['SPECK128_KS_ROUNDS 272'])
pre = ("ldr lr, [r0, #SPECK128_KS_ROUNDS]",)
e.func("speck128_armv7m_encrypt", enc, pre)
e.func("speck128_armv7m_decrypt", dec, pre)
print(e.text())
