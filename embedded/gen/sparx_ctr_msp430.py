#!/usr/bin/env python3
"""Writes src/ciphers/sparx/sparx_ctr_msp430.S: SPARX-64/128 CTR for MSP430.

python3 embedded/gen/sparx_ctr_msp430.py > src/ciphers/sparx/sparx_ctr_msp430.S

Design (docs/EMBEDDED.md, "CTR kernels"): the encryption kernel's block
and its 8 steps (sparx_msp430.py's emitters), with the counter block built
in the kernel and the data xored there, instead of counters laid out in a
chunk by C, encrypted and xored by C (arx_ctr_blocks' generic path):
- the state is loaded from the counter (four words, r9 its pointer) and
  counter + 1 written back word by word from the last, each word
  byte-swapped around its add (swpb leaves the carry alone): the carry runs
  through all 64 bits on every block (32 cycles), so the wrap needs no
  branch;
- the keystream is xored into the input on the way out (xor @in+, mov).
Word-aligned buffers and counter only (the C wrapper, arx_mcu_ctr_words,
copies the counter into an aligned one and sends odd buffers through the
encryption kernel). First step: the left branch's three ARX-boxes do not
read the counter's low 32 bits (6% a block): not precomputed yet.
"""

from asm_out import emitters
from ctr_emit import msp430_load_step, msp430_xor_out

k = emitters("sparx_msp430")
e, out = k.e, k.out
T, KS, K, OUT, IN, N = k.T, k.KS, k.K, k.OUT, k.IN, k.N
CTR = "r9"

k.header("sparx_ctr_msp430.py", __doc__)
e(" *")
e(" * void sparx64_msp430_ctr_run(const sparx_ks *ks, uint8_t ctr[8], uint8_t *out, const uint8_t *in,")
e(" *                             size_t nblocks)")
e(" * out = in ^ E(ctr), E(ctr + 1), ... over nblocks (> 0) blocks; ctr advanced by")
e(" * nblocks (big-endian, modulo 2^64); ctr, out and in word-aligned.")
e(" * MSP430 EABI: ks r12, ctr r13, out r14, in r15, nblocks on the stack; r4..r10 saved.")
e(" */")

name = "sparx64_msp430_ctr_run"
k.x = ["r4", "r5", "r6", "r7"]
words = list(k.x)
k.entry(name, guard=False)
e("    mov r12, %s" % KS)
e("    mov r13, %s" % CTR)
e("    mov r14, %s" % OUT)
e("    mov r15, %s" % IN)
e("    mov 16(r1), %s" % N)  # past the 7 saved registers and the return address
e(".L%s_block:" % name)
msp430_load_step(words, CTR, T)
e("    sub #8, %s" % CTR)
e("    mov %s, %s" % (KS, K))
k.encrypt_body()
msp430_xor_out(k.x, IN, OUT)
e("    add #8, %s" % OUT)
e("    dec %s" % N)
e("    jz 7f")
e("    br #.L%s_block" % name)
e("7:")
e("    clr %s" % T)  # no round temporary left in a scratch register
k.leave(name)
print("\n".join(out))
