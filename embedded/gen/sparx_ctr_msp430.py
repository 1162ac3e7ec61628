#!/usr/bin/env python3
"""Writes src/ciphers/sparx/sparx_ctr_msp430.S: SPARX-64/128 CTR for MSP430.

python3 embedded/gen/sparx_ctr_msp430.py > src/ciphers/sparx/sparx_ctr_msp430.S

Design (docs/EMBEDDED.md, "CTR kernels"): the encryption kernel's block
and its 8 steps (sparx_msp430.py's emitters), with the counter block built
in the kernel and the data xored there, instead of counters laid out in a
chunk by C, encrypted and xored by C (arx_ctr_blocks' generic path):
- r9 points at an 8-byte block sparx.c precomputes once per run of
  counters whose bytes 0..3 stay fixed (the counter precomputation): the
  left branch through step 1's three ARX-boxes (two words), then the
  counter's low 32 bits (the right branch), which each block loads and
  writes + 1 back word by word from the last, each word byte-swapped
  around its add (swpb leaves the carry alone); the caller splits a call
  where they wrap, by the public counter and length. Step 1 runs only its
  right branch: 3 of 48 ARX-boxes a block are done once per run;
- the keystream is xored into the input on the way out (xor @in+, mov).
Word-aligned buffers only (the C wrapper sends odd ones through the
encryption kernel block by block).
"""

from asm_out import emitters
from ctr_emit import msp430_load_step, msp430_xor_out

k = emitters("sparx_msp430")
e, out = k.e, k.out
T, KS, K, OUT, IN, N = k.T, k.KS, k.K, k.OUT, k.IN, k.N
CTR = "r9"

k.header("sparx_ctr_msp430.py", __doc__)
e(" *")
e(" * void sparx64_msp430_ctr_run(const sparx_ks *ks, uint8_t pre[8], uint8_t *out, const uint8_t *in,")
e(" *                             size_t nblocks)")
e(" * out = in ^ E(ctr), E(ctr + 1), ... over nblocks (> 0) blocks, no wrap of the low 32 bits")
e(" * pre[4..7] inside (the caller's split); pre[4..7] advanced by nblocks; pre, out and in word-aligned.")
e(" * MSP430 EABI: ks r12, pre r13, out r14, in r15, nblocks on the stack; r4..r10 saved.")
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
e("    mov @%s+, %s" % (CTR, words[0]))  # the left branch after step 1's ARX-boxes (C)
e("    mov @%s+, %s" % (CTR, words[1]))
msp430_load_step(words[2:], CTR, T)  # the right branch: the counter's low 32 bits
e("    sub #8, %s" % CTR)
e("    mov %s, %s" % (KS, K))
e("    add #16, %s" % K)  # row 1: step 1's right branch
for s in range(8):
    for b in range(2) if s else (1,):
        for r in range(3):
            k.arx(k.x[2 * b], k.x[2 * b + 1])
        e("    add #4, %s" % K)
    k.lin(k.x[0], k.x[1], k.x[2], k.x[3])
    k.x = [k.x[2], k.x[3], k.x[0], k.x[1]]
for i in range(4):  # whitening rk[16][0..3]
    e("    xor @%s+, %s" % (K, k.x[i]))
msp430_xor_out(k.x, IN, OUT)
e("    add #8, %s" % OUT)
e("    dec %s" % N)
e("    jz 7f")
e("    br #.L%s_block" % name)
e("7:")
e("    clr %s" % T)  # no round temporary left in a scratch register
k.leave(name)
print("\n".join(out))
