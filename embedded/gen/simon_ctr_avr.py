#!/usr/bin/env python3
"""Writes the AVR CTR kernels of SIMON-64/128 and SIMECK-64/128:

python3 embedded/gen/simon_ctr_avr.py simon > src/ciphers/simon/simon_ctr_avr.S
python3 embedded/gen/simon_ctr_avr.py simeck > src/ciphers/simeck/simeck_ctr_avr.S

Design (docs/EMBEDDED.md, "CTR kernels"): the encryption kernel's pair of
blocks and its rounds (simon_avr.py's emitters), with the counter blocks
built in the kernel and the data xored there, instead of counters laid out
in a chunk by C, encrypted and xored by C (arx_ctr_blocks' generic path):
- X points at the counter between pairs: each block loads it (8 bytes, the
  state) and writes counter + 1 back, byte by byte from the last with the
  carry through all eight (mov, adc r1, st -X: 33 cycles a block, the same
  for every counter, so the 64-bit wrap needs no branch);
- the rounds need X's r26 as their count: the counter pointer, the input
  pointer and the pair count wait on the stack; the keystream is xored
  into the input on the way out (ld X+, eor, st Y+).
First round: the counter's low byte (block byte 7) is in x, the word f
reads; only y ^ k (4 of a round's 30 cycles a block) does not depend on
it: not precomputed.
"""
import sys

from asm_out import emitters
from ctr_emit import avr_load_step, avr_xor_out

CIPHER = sys.argv[1] if len(sys.argv) > 1 else "simon"
k = emitters("simon_avr")
e, out, r = k.e, k.out, k.r
assert k.CIPHER == CIPHER

k.header("simon_ctr_avr.py " + CIPHER, __doc__, 5)
e(" *")
e(" * void %s64_128_avr_ctr2(const %s_ks32 *ks, uint8_t ctr[8], uint8_t *out, const uint8_t *in,"
  % (CIPHER, CIPHER))
e(" *                        size_t npairs)")
e(" * out = in ^ E(ctr), E(ctr + 1), ... over 2 * npairs (> 0) blocks; ctr advanced by")
e(" * 2 * npairs (big-endian, modulo 2^64).")
e(" * avr-gcc ABI: ks r25:r24, ctr r23:r22, out r21:r20, in r19:r18, npairs r17:r16.")
e(" */")

name = "%s64_128_avr_ctr2" % CIPHER
k.symbol(name)
k.push_saved()
e("    movw r28, r20")  # Y = out
e("    movw r30, r24")  # Z = round keys
e("    push r16")  # pairs left
e("    push r17")
e("    push r18")  # in
e("    push r19")
e("    movw r26, r22")  # X = ctr
e(".L%s_pair:" % name)
for b in range(2):  # the state is the counter: y (bytes 0..3) then x (4..7)
    avr_load_step([r(n) for n in k.Y[b] + k.X[b]], "X", "r0")
e("    push r26")  # ctr
e("    push r27")
k.rounds(name, False)
e("    pop r23")  # ctr
e("    pop r22")
e("    pop r27")  # in
e("    pop r26")
for b in range(2):
    avr_xor_out([r(n) for n in k.Y[b] + k.X[b]], "r0")
e("    subi r30, lo8(176)")
e("    sbci r31, hi8(176)")
k.next_pair()
e("    push r26")
e("    push r27")
e("    movw r26, r22")
e("    rjmp .L%s_pair" % name)
e("2:")
e("    clr r0")  # no keystream byte left in a scratch register
k.leave(name)
print("\n".join(out))
