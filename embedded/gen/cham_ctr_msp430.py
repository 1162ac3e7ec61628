#!/usr/bin/env python3
"""Writes src/ciphers/cham/cham_ctr_msp430.S: CHAM-64/128 (and -legacy) CTR for MSP430.

python3 embedded/gen/cham_ctr_msp430.py > src/ciphers/cham/cham_ctr_msp430.S

Design (docs/EMBEDDED.md, "CTR kernels"): the encryption kernel's block
and its 88 rounds (cham_msp430.py's emitters), with the counter block
built in the kernel and the data xored there, instead of counters laid out
in a chunk by C, encrypted and xored by C (arx_ctr_blocks' generic path):
- the state is loaded from the counter (four words, r10 its pointer) and
  counter + 1 written back word by word from the last, each word
  byte-swapped around its add (swpb leaves the carry alone): the carry runs
  through all 64 bits on every block (32 cycles), so the wrap needs no
  branch;
- the keystream is xored into the input on the way out (xor @in+, mov).
Word-aligned buffers and counter only (the C wrapper, arx_mcu_ctr_words,
copies the counter into an aligned one and sends odd buffers through the
encryption kernel). First rounds: the counter's low 16 bits are X3, which
rounds 0 and 1 do not read: computing them once per run of counters with
the same upper 48 bits would save 2 of 88 rounds (17 cycles of about 780
a block, 2%): not done.
"""

from asm_out import emitters
from ctr_emit import msp430_load_step, msp430_xor_out

k = emitters("cham_msp430")
e, out = k.e, k.out
T, KS, K, OUT, IN, N = k.T, k.KS, k.K, k.OUT, k.IN, k.N
CTR = "r10"

k.header("cham_ctr_msp430.py", __doc__)
e(" *")
e(" * void cham64_msp430_ctr_run(const cham64_ks *ks, uint8_t ctr[8], uint8_t *out, const uint8_t *in,")
e(" *                            size_t nblocks)")
e(" * out = in ^ E(ctr), E(ctr + 1), ... over nblocks (> 0) blocks; ctr advanced by")
e(" * nblocks (big-endian, modulo 2^64); ctr, out and in word-aligned.")
e(" * MSP430 EABI: ks r12, ctr r13, out r14, in r15, nblocks on the stack; r4..r10 saved.")
e(" */")

name = "cham64_msp430_ctr_run"
k.words = ["r4", "r5", "r6", "r7"]
k.entry(name, guard=False)
e("    mov r12, %s" % KS)
e("    mov r13, %s" % CTR)
e("    mov r14, %s" % OUT)
e("    mov r15, %s" % IN)
e("    mov 16(r1), %s" % N)  # past the 7 saved registers and the return address
e(".L%s_block:" % name)
words = list(k.words)
msp430_load_step(words, CTR, T)
e("    sub #8, %s" % CTR)
e("    swpb %s" % words[0])  # X0 and X2 enter the body byte-swapped
e("    swpb %s" % words[2])
for j in range(88):
    if j % 16 == 0:
        e("    mov %s, %s" % (KS, K))
    if j == 80:  # -legacy: 80 rounds (public)
        e("    cmp #80, 32(%s)" % KS)
        e("    jeq .L%s_done" % name)
    k.enc_round(j)
assert k.words == words
e(".L%s_done:" % name)
e("    swpb %s" % words[0])
e("    swpb %s" % words[2])
msp430_xor_out(words, IN, OUT)
e("    add #8, %s" % OUT)
e("    dec %s" % N)
e("    jz 7f")
e("    br #.L%s_block" % name)
e("7:")
e("    clr %s" % T)  # no round temporary left in a scratch register
k.leave(name)
print("\n".join(out))
