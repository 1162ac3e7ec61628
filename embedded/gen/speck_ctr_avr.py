#!/usr/bin/env python3
"""Writes src/ciphers/speck/speck_ctr_avr.S: SPECK-64/128 and SPECK-64/96 CTR for AVR.

python3 embedded/gen/speck_ctr_avr.py > src/ciphers/speck/speck_ctr_avr.S

Design (docs/EMBEDDED.md, "CTR kernels"): the encryption kernel's pair of
blocks and its rounds (speck_avr.py's emitters), with the counter blocks
built in the kernel and the data xored there, instead of counters laid out
in a chunk by C, encrypted and xored by C (arx_ctr_blocks' generic path):
- each block loads the counter (8 bytes, the state of the block) and writes
  counter + 1 back, byte by byte from the last with the carry through all
  eight (mov, adc r1, st -Z: 33 cycles a block, the same for every counter,
  so the 64-bit wrap needs no branch);
- the keystream is xored into the input on the way out (ld X+, eor, st Y+).
SPECK's first round: the counter's low byte (block byte 7) is x's top byte,
which ROR8 brings to byte 2; x's bytes 0-1 and all of ROL3(y) do not depend
on it, about half of a 31-cycle round a block: not precomputed (below 2%).
"""

from asm_out import emitters
from ctr_emit import avr_load_step, avr_xor_out

k = emitters("speck_avr")
e, out = k.e, k.out
x, y = k.x, k.y

k.header("speck_ctr_avr.py", __doc__)
e(" *")
e(" * void speck64_128_avr_ctr2(const speck_ks32 *ks, uint8_t ctr[8], uint8_t *out, const uint8_t *in, size_t npairs)")
e(" * out = in ^ E(ctr), E(ctr + 1), ... over 2 * npairs (> 0) blocks; ctr advanced by")
e(" * 2 * npairs (big-endian, modulo 2^64).")
e(" * void speck64_96_avr_ctr2(...): the same, 26 rounds.")
e(" * avr-gcc ABI: ks r25:r24, ctr r23:r22, out r21:r20, in r19:r18, npairs r17:r16.")
e(" * X = in, Y = out, r20:r21 = ctr, r22:r23 = ks, r24:r25 = pairs left, r19 = loop count.")
e(" */")


def kernel(name, rounds):
    k.symbol(name)
    saved = list(range(2, 18)) + [28, 29]
    k.push_saved(saved)
    e("    movw r26, r18")
    e("    movw r28, r20")
    e("    movw r20, r22")
    e("    movw r22, r24")
    e("    movw r24, r16")
    e(".L%s_pair:" % name)
    e("    movw r30, r20")
    for b in range(2):  # the block's state is the counter: y then x, little-endian
        avr_load_step([y(b, i) for i in range(4)] + [x(b, i) for i in range(4)], "Z", "r18")
    e("    movw r30, r22")
    e("    ldi r19, %d" % (rounds // 4))
    e(".L%s_round4:" % name)
    for n in range(4):
        k.round_(n)
    assert k.off == [0, 0]
    e("    dec r19")
    e("    breq 1f")
    e("    rjmp .L%s_round4" % name)
    e("1:")
    for n in range(rounds % 4):
        k.round_(n)
    for b in range(2):
        avr_xor_out([y(b, i) for i in range(4)] + [x(b, i) for i in range(4)], "r18")
    k.off[0] = k.off[1] = 0
    e("    sbiw r24, 1")
    e("    breq 2f")
    e("    rjmp .L%s_pair" % name)
    e("2:")
    e("    clr r18")  # no keystream byte left in a scratch register
    k.leave(name, saved)


kernel("speck64_128_avr_ctr2", 27)
kernel("speck64_96_avr_ctr2", 26)
print("\n".join(out))
