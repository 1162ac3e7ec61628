#!/usr/bin/env python3
"""Writes src/ciphers/hight/hight_ctr_avr.S: HIGHT CTR for AVR.

python3 embedded/gen/hight_ctr_avr.py > src/ciphers/hight/hight_ctr_avr.S

Design (docs/EMBEDDED.md, "CTR kernels"): the encryption kernel's pair of
blocks, whitening and 32 rounds (hight_avr.py's emitters), with the counter
blocks built in the kernel and the data xored there, instead of counters
laid out in a chunk by C, encrypted and xored by C (arx_ctr_blocks'
generic path):
- X points at the counter (the rounds leave X alone): each block loads it
  (8 bytes, the state) and writes counter + 1 back, byte by byte from the
  last with the carry through all eight (mov, adc r1, st -X: 33 cycles a
  block, the same for every counter, so the 64-bit wrap needs no branch);
- the input pointer waits on the stack; the keystream is xored into the
  input on the way out (ld X+, eor, st Y+), the counter pointer in r18:r19.
First rounds: the counter's low byte is x7, which the whitening and round
1 only xor into (F0(x6) + k); round 2's branches but one do not read it
either: computing them once per 256 counters would save about 7 of 128
F-branches (about 110 of 2,000 cycles a block, 5%): not done yet.
"""

from asm_out import emitters
from ctr_emit import avr_load_step, avr_xor_out

k = emitters("hight_avr")
e, out, x = k.e, k.out, k.x
K = k.K

k.header("hight_ctr_avr.py", __doc__)
e(" *")
e(" * void hight_avr_ctr2(const hight_ks *ks, uint8_t ctr[8], uint8_t *out, const uint8_t *in, size_t npairs)")
e(" * out = in ^ E(ctr), E(ctr + 1), ... over 2 * npairs (> 0) blocks; ctr advanced by")
e(" * 2 * npairs (big-endian, modulo 2^64).")
e(" * avr-gcc ABI: ks r25:r24, ctr r23:r22, out r21:r20, in r19:r18, npairs r17:r16.")
e(" * X = ctr, Y = out, Z = subkeys, r22:r23 = ks, r24:r25 = pairs left, r21 = loop count; in on the stack.")
e(" */")

name = "hight_avr_ctr2"
k.symbol(name)
k.push_saved()
e("    movw r28, r20")
e("    push r18")  # in
e("    push r19")
e("    movw r26, r22")
e("    movw r22, r24")  # ks
e("    movw r24, r16")
e(".L%s_pair:" % name)
e("    movw r30, r22")
for b in range(2):  # the state is the counter: block byte j in x_j
    avr_load_step([x(b, j) for j in range(8)], "X", "r18")
for w in range(4):  # whitening: x0 += wk0, x2 ^= wk1, x4 += wk2, x6 ^= wk3
    e("    ldd %s, Z+%d" % (K, w))
    for b in range(2):
        e("    %s %s, %s" % ("eor" if w % 2 else "add", x(b, 2 * w), K))
e("    adiw r30, 8")
e("    ldi r21, 4")
e(".L%s_loop:" % name)
for _ in range(8):
    k.enc_round()
assert k.names == [[2 + 8 * b + i for i in range(8)] for b in range(2)]
e("    dec r21")
e("    breq 1f")
e("    rjmp .L%s_loop" % name)
e("1:")
e("    movw r30, r22")
for w in range(4):  # final: out_j = x_{j+1}, out0 += wk4, out2 ^= wk5, out4 += wk6, out6 ^= wk7
    e("    ldd %s, Z+%d" % (K, w + 4))
    for b in range(2):
        e("    %s %s, %s" % ("eor" if w % 2 else "add", x(b, (2 * w + 1) % 8), K))
e("    movw r18, r26")  # ctr
e("    pop r27")  # in
e("    pop r26")
for b in range(2):
    avr_xor_out([x(b, (j + 1) % 8) for j in range(8)], K)
e("    push r26")
e("    push r27")
e("    movw r26, r18")
e("    sbiw r24, 1")
e("    breq 2f")
e("    rjmp .L%s_pair" % name)
e("2:")
e("    pop r27")
e("    pop r26")
e("    clr r18")  # no round temporary left in scratch registers
e("    clr r19")
k.leave(name)
print("\n".join(out))
