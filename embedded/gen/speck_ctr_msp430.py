#!/usr/bin/env python3
"""Writes src/ciphers/speck/speck_ctr_msp430.S: SPECK-64/128 and SPECK-64/96 CTR for MSP430.

python3 embedded/gen/speck_ctr_msp430.py > src/ciphers/speck/speck_ctr_msp430.S

Design (docs/EMBEDDED.md, "CTR kernels"): the encryption kernel's block
and its 27 rounds, 26 for SPECK-64/96 (speck_msp430.py's emitters), with the counter block
built in the kernel and the data xored there, instead of counters laid out
in a chunk by C, encrypted and xored by C (arx_ctr_blocks' generic path):
- the state is loaded from the counter (four words) and counter + 1 is
  written back word by word from the last, each word byte-swapped around
  its add (swpb leaves the carry alone): the carry runs through all 64
  bits on every block (32 cycles), so the wrap needs no branch;
- the keystream is xored into the input on the way out (xor @in+, mov).
Word-aligned buffers and counter only (speck.c's wrapper copies the counter
into an aligned one and sends odd buffers through the encryption kernel).
SPECK's first round: the counter's low byte (block byte 7) is x's top byte,
which ROR8 brings into x's high word; x's low word and all of ROL3(y) do
not depend on it, about half of a 23-cycle round a block: not precomputed
(below 2%).
"""

from asm_out import emitters
from ctr_emit import msp430_load_step, msp430_xor_out

k = emitters("speck_msp430")
e, out = k.e, k.out
KS, CTR, N, OUT, IN = "r9", "r10", "r11", "r13", "r14"
T, K = k.T, k.K

k.header("speck_ctr_msp430.py", __doc__)
e(" *")
e(" * void speck64_128_msp430_ctr_run(const speck_ks32 *ks, uint8_t ctr[8], uint8_t *out, const uint8_t *in,")
e(" *                                 size_t nblocks)")
e(" * out = in ^ E(ctr), E(ctr + 1), ... over nblocks (> 0) blocks; ctr advanced by")
e(" * nblocks (big-endian, modulo 2^64); ctr, out and in word-aligned.")
e(" * void speck64_96_msp430_ctr_run(...): the same, 26 rounds.")
e(" * MSP430 EABI: ks r12, ctr r13, out r14, in r15, nblocks on the stack; r4..r10 saved.")
e(" */")


def kernel(name, rounds):
    k.X = ["r4", "r5"]
    k.entry(name, guard=False)
    e("    mov 16(r1), %s" % N)  # past the 7 saved registers and the return address
    e("    mov r12, %s" % KS)
    e("    mov r13, %s" % CTR)
    e("    mov r14, %s" % OUT)
    e("    mov r15, %s" % IN)
    e(".L%s_block:" % name)
    words = k.words()
    msp430_load_step(words, CTR, T)
    e("    sub #8, %s" % CTR)
    e("    mov %s, %s" % (KS, K))
    for i in range(rounds):
        k.round_()
    msp430_xor_out(k.words(), IN, OUT)
    e("    add #8, %s" % OUT)
    e("    dec %s" % N)
    e("    jz 2f")
    e("    br #.L%s_block" % name)
    e("2:")
    e("    clr %s" % T)  # no keystream left in a scratch register
    k.leave(name)


kernel("speck64_128_msp430_ctr_run", 27)
kernel("speck64_96_msp430_ctr_run", 26)
print("\n".join(out))
