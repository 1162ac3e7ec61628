#!/usr/bin/env python3
"""Writes src/ciphers/cham/cham128_ctr_msp430.S: CHAM-128/128 (and -legacy) CTR for MSP430, and CHAM-128/256 (and -legacy).

python3 embedded/gen/cham128_ctr_msp430.py > src/ciphers/cham/cham128_ctr_msp430.S

Design (docs/EMBEDDED.md, "CTR kernels"): the encryption kernel's block
and its 8-round loop body (cham128_msp430.py's emitters), with the counter
block built in the kernel and the data xored there, instead of counters
laid out in a chunk by C, encrypted and xored by C (arx_ctr_blocks'
generic path):
- the state is loaded from the counter (eight words) and counter + 1
  written back word by word from the last, each word byte-swapped around
  its add (swpb leaves the carry alone): the carry runs through all 128
  bits on every block (64 cycles), so the wrap needs no branch;
- the keystream is xored into the input on the way out (xor @in+, mov).
Word-aligned buffers and counter only (the C wrapper, arx_mcu_ctr_words,
copies the counter into an aligned one and sends odd buffers through the
encryption kernel). First rounds: X3 (the counter's low 32 bits) is not
read by rounds 0 and 1 (2 of 112 rounds, under 2%): not precomputed.
"""

from asm_out import emitters
from ctr_emit import msp430_load_step, msp430_xor_out

k = emitters("cham128_msp430")
e, out = k.e, k.out
T, K, I = k.T, k.K, k.I

k.header("cham128_ctr_msp430.py", __doc__)
e(" *")
e(" * void cham128_msp430_ctr_run(const cham128_ks *ks, uint8_t ctr[16], uint8_t *out, const uint8_t *in,")
e(" *                             size_t nblocks)")
e(" * out = in ^ E(ctr), E(ctr + 1), ... over nblocks (> 0) blocks; ctr advanced by")
e(" * nblocks (big-endian, modulo 2^128); ctr, out and in word-aligned.")
e(" * MSP430 EABI: ks r12, ctr r13, out r14, in r15, nblocks on the stack; r4..r10 saved.")
e(" * Frame: 0 in, 2 out, 4 blocks left, 6 ks, 8 rounds, 10 ctr.")
e(" * void cham128_256_msp430_ctr_run(...): CHAM-128/256 (16 keys, 120 or 96 rounds): a")
e(" * 16-round body, then 8 rounds more when rounds = 16 m + 8 (public).")
e(" */")


def kernel(name, nkeys=8):
    body = 8 if nkeys == 8 else 16
    words = [h for g in k.G for h in g]
    k.entry(name, guard=False)
    e("    mov 16(r1), r11")  # nblocks: past the 7 saved registers and the return address
    e("    push r13")  # 10: ctr
    e("    mov 64(r12), r13")
    if nkeys == 16:
        e("    and #-16, r13")  # the loop's end
    e("    push r13")  # 8: rounds
    e("    push r12")  # 6
    e("    push r11")  # 4
    e("    push r14")  # 2
    e("    push r15")  # 0
    e(".L%s_block:" % name)
    e("    mov 10(r1), %s" % I)
    msp430_load_step(words, I, T[0])
    e("    mov 6(r1), %s" % K)
    e("    clr %s" % I)
    e(".L%s_8:" % name)
    for r in range(body):
        k.enc_round(r % 8)
    e("    sub #%d, %s" % (4 * nkeys, K))
    e("    cmp 8(r1), %s" % I)
    if body == 8:
        e("    jne .L%s_8" % name)
    else:
        e("    jeq 8f")
        e("    br #.L%s_8" % name)
        e("8:")
        e("    bit #8, 64(%s)" % K)
        e("    jz 8f")
        for r in range(8):
            k.enc_round(r)
        e("8:")
    e("    mov 0(r1), %s" % I)
    e("    mov 2(r1), %s" % K)
    msp430_xor_out(words, I, K)
    e("    mov %s, 0(r1)" % I)
    e("    add #16, 2(r1)")
    e("    dec 4(r1)")
    e("    jz 7f")
    e("    br #.L%s_block" % name)
    e("7:")
    e("    add #12, r1")
    e("    clr %s" % T[0])  # no round temporary left in scratch registers
    e("    clr %s" % T[1])
    k.leave(name)


kernel("cham128_msp430_ctr_run")
kernel("cham128_256_msp430_ctr_run", 16)
print("\n".join(out))
