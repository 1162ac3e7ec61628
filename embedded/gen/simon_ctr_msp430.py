#!/usr/bin/env python3
"""Writes the MSP430 CTR kernels of SIMON-64/128 and SIMECK-64/128:

python3 embedded/gen/simon_ctr_msp430.py simon > src/ciphers/simon/simon_ctr_msp430.S
python3 embedded/gen/simon_ctr_msp430.py simeck > src/ciphers/simeck/simeck_ctr_msp430.S

Design (docs/EMBEDDED.md, "CTR kernels"): the encryption kernel's block
and its 44 rounds (simon_msp430.py's emitters), with the counter block
built in the kernel and the data xored there, instead of counters laid out
in a chunk by C, encrypted and xored by C (arx_ctr_blocks' generic path):
- the rounds use every register but the pointers: the block count and the
  counter pointer wait on the stack; the state is loaded from the counter
  (four words) and counter + 1 written back word by word from the last,
  each word byte-swapped around its add (swpb leaves the carry alone): the
  carry runs through all 64 bits on every block (32 cycles), so the wrap
  needs no branch;
- the keystream is xored into the input on the way out (xor @in+, mov).
Word-aligned buffers and counter only (the C wrapper, arx_mcu_ctr_words,
copies the counter into an aligned one and sends odd buffers through the
encryption kernel). First round: the counter's low byte (block byte 7) is
in x, the word f reads; only y ^ k (4 of a round's 25 cycles) does not
depend on it: not precomputed.
"""
import sys

from asm_out import emitters
from ctr_emit import msp430_load_step, msp430_xor_out

CIPHER = sys.argv[1] if len(sys.argv) > 1 else "simon"
k = emitters("simon_msp430")
e, out = k.e, k.out
assert k.CIPHER == CIPHER
K, OUT, IN, B = k.K, "r13", "r14", k.B

k.header("simon_ctr_msp430.py " + CIPHER, __doc__, 5)
e(" *")
e(" * void %s64_128_msp430_ctr_run(const %s_ks32 *ks, uint8_t ctr[8], uint8_t *out, const uint8_t *in,"
  % (CIPHER, CIPHER))
e(" *                              size_t nblocks)")
e(" * out = in ^ E(ctr), E(ctr + 1), ... over nblocks (> 0) blocks; ctr advanced by")
e(" * nblocks (big-endian, modulo 2^64); ctr, out and in word-aligned.")
e(" * MSP430 EABI: ks r12, ctr r13, out r14, in r15, nblocks on the stack; r4..r10 saved.")
e(" * On the stack during the blocks: 0(r1) blocks left, 2(r1) ctr.")
e(" */")

name = "%s64_128_msp430_ctr_run" % CIPHER
k.Y, k.X = ["r4", "r5"], ["r6", "r7"]
k.entry(name, guard=False)
e("    push r13")  # ctr
e("    mov r14, %s" % OUT)
e("    mov r15, %s" % IN)
e("    mov 18(r1), r15")  # nblocks: past ctr, the 7 saved registers and the return address
e("    push r15")
e(".L%s_block:" % name)
e("    mov 2(r1), %s" % B[0])
msp430_load_step(k.Y + k.X, B[0], B[1])
for i in range(k.ROUNDS):
    k.feistel(i, False)
assert k.Y == ["r4", "r5"]
msp430_xor_out(k.Y + k.X, IN, OUT)
e("    add #8, %s" % OUT)
e("    sub #%d, %s" % (4 * k.ROUNDS, K))
e("    dec 0(r1)")
e("    jz 7f")
e("    br #.L%s_block" % name)
e("7:")
e("    add #4, r1")
e("    clr r11")  # no round temporary left in a scratch register
k.leave(name)
print("\n".join(out))
