#!/usr/bin/env python3
"""Writes src/ciphers/cham/cham_ctr_avr.S: CHAM-64/128 (and -legacy) CTR for AVR.

python3 embedded/gen/cham_ctr_avr.py > src/ciphers/cham/cham_ctr_avr.S

Design (docs/EMBEDDED.md, "CTR kernels"): the encryption kernel's pair of
blocks and its 88 rounds (cham_avr.py's emitters), with the counter blocks
built in the kernel and the data xored there, instead of counters laid out
in a chunk by C, encrypted and xored by C (arx_ctr_blocks' generic path):
- X points at the counter (the rounds leave X alone): each block loads it
  (8 bytes, the state) and writes counter + 1 back, byte by byte from the
  last with the carry through all eight (mov, adc r1, st -X: 33 cycles a
  block, the same for every counter, so the 64-bit wrap needs no branch);
- the input pointer waits on the stack; the keystream is xored into the
  input on the way out (ld X+, eor, st Y+), the counter pointer in r20:r21.
First rounds: the counter's low 16 bits are X3 (block bytes 6-7), which
rounds 0 and 1 do not read (they take X0, X1 and X1, X2): for runs of
counters with the same upper 48 bits both could be computed once, 2 of 88
rounds (about 23 cycles of 1,045 a block, 2%): not done.
"""

from asm_out import emitters
from ctr_emit import avr_load_step, avr_xor_out

k = emitters("cham_avr")
e, out = k.e, k.out

k.header("cham_ctr_avr.py", __doc__)
e(" *")
e(" * void cham64_avr_ctr2(const cham64_ks *ks, uint8_t ctr[8], uint8_t *out, const uint8_t *in, size_t npairs)")
e(" * out = in ^ E(ctr), E(ctr + 1), ... over 2 * npairs (> 0) blocks; ctr advanced by")
e(" * 2 * npairs (big-endian, modulo 2^64).")
e(" * avr-gcc ABI: ks r25:r24, ctr r23:r22, out r21:r20, in r19:r18, npairs r17:r16.")
e(" * X = ctr, Y = out, Z = key pointer, r24:r25 = pairs left, r0 = round counter; in on the stack.")
e(" */")

name = "cham64_avr_ctr2"
k.symbol(name)
k.push_saved()
e("    movw r30, r24")
e("    movw r28, r20")
e("    push r18")  # in
e("    push r19")
e("    movw r26, r22")
e("    movw r24, r16")
e(".L%s_pair:" % name)
for b in range(2):  # the state is the counter, block bytes 0..7
    avr_load_step([reg for w in k.words[b] for reg in (w.lo, w.hi)], "X", "r18")
k.enc_rounds()
e("    sbiw r30, 16")
e("1:")
e("    movw r20, r26")  # ctr
e("    pop r27")  # in
e("    pop r26")
for b in range(2):
    avr_xor_out([reg for w in k.words[b] for reg in (w.lo, w.hi)], "r18")
e("    push r26")
e("    push r27")
e("    movw r26, r20")
e("    sbiw r24, 1")
e("    breq 9f")
e("    rjmp .L%s_pair" % name)
e("9:")
e("    pop r27")
e("    pop r26")
e("    clr r18")  # no keystream or round temporary left in scratch registers
e("    clr r19")
e("    clr r20")
e("    clr r21")
e("    clr r22")
e("    clr r23")
k.leave(name)
print("\n".join(out))
