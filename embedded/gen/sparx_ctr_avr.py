#!/usr/bin/env python3
"""Writes src/ciphers/sparx/sparx_ctr_avr.S: SPARX-64/128 CTR for AVR.

python3 embedded/gen/sparx_ctr_avr.py > src/ciphers/sparx/sparx_ctr_avr.S

Design (docs/EMBEDDED.md, "CTR kernels"): the encryption kernel's pair of
blocks and its 8 steps (sparx_avr.py's emitters), with the counter blocks
built in the kernel and the data xored there, instead of counters laid out
in a chunk by C, encrypted and xored by C (arx_ctr_blocks' generic path):
- X points at the counter (the steps leave X alone): each block loads it
  (8 bytes, the state) and writes counter + 1 back, byte by byte from the
  last with the carry through all eight (mov, adc r1, st -X: 33 cycles a
  block, the same for every counter, so the 64-bit wrap needs no branch);
- the input pointer waits on the stack; the keystream is xored into the
  input on the way out (ld X+, eor, st Y+), the counter pointer in r18:r19.
First step: the counter's low bytes are the right branch (block bytes
4-7); the left branch's three ARX-boxes of step 1 do not read them: once
per 2^32 counters they would save 3 of 48 ARX-boxes a block (about 75 of
1,150 cycles, 6%): not done yet.
"""

from asm_out import emitters
from ctr_emit import avr_load_step, avr_xor_out

k = emitters("sparx_avr")
e, out = k.e, k.out

k.header("sparx_ctr_avr.py", __doc__)
e(" *")
e(" * void sparx64_avr_ctr2(const sparx_ks *ks, uint8_t ctr[8], uint8_t *out, const uint8_t *in, size_t npairs)")
e(" * out = in ^ E(ctr), E(ctr + 1), ... over 2 * npairs (> 0) blocks; ctr advanced by")
e(" * 2 * npairs (big-endian, modulo 2^64).")
e(" * avr-gcc ABI: ks r25:r24, ctr r23:r22, out r21:r20, in r19:r18, npairs r17:r16.")
e(" */")


def regs(b):
    return [reg for w in k.x[b] for reg in (w.lo, w.hi)]


name = "sparx64_avr_ctr2"
k.symbol(name)
k.push_saved()
e("    movw r28, r20")
e("    movw r30, r24")
e("    push r18")  # in
e("    push r19")
e("    movw r26, r22")
e("    movw r24, r16")
e(".L%s_pair:" % name)
k.x = k.fresh()
for b in range(2):  # the state is the counter, block bytes 0..7
    avr_load_step(regs(b), "X", "r18")
for s in range(8):
    for bi in range(2):
        for r in range(3):
            k.arx(bi)
        e("    adiw r30, 4")
    for b in range(2):
        k.lin(b, 0, 1, 2, 3)
        k.x[b] = [k.x[b][2], k.x[b][3], k.x[b][0], k.x[b][1]]
for i in range(8):
    e("    ld r18, Z+")
    for b in range(2):
        w = k.x[b][i // 2]
        e("    eor %s, r18" % (w.lo if i % 2 == 0 else w.hi))
e("    subi r30, lo8(264)")
e("    sbci r31, hi8(264)")
e("    movw r18, r26")  # ctr
e("    pop r27")  # in
e("    pop r26")
for b in range(2):
    avr_xor_out(regs(b), "r20")
e("    push r26")
e("    push r27")
e("    movw r26, r18")
e("    sbiw r24, 1")
e("    breq 2f")
e("    jmp .L%s_pair" % name)  # 4 KiB of code: out of rjmp's reach
e("2:")
e("    pop r27")
e("    pop r26")
for n in (19, 20, 21, 22, 23):  # no round key or temporary left in scratch registers
    e("    clr r%d" % n)
k.leave(name)
print("\n".join(out))
