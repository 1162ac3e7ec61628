#!/usr/bin/env python3
"""Writes src/ciphers/hight/hight_ctr_avr.S: HIGHT CTR for AVR.

python3 embedded/gen/hight_ctr_avr.py > src/ciphers/hight/hight_ctr_avr.S

Design (docs/EMBEDDED.md, "CTR kernels"): the encryption kernel's pair of
blocks, whitening and 32 rounds (hight_avr.py's emitters), with the counter
blocks built in the kernel and the data xored there, instead of counters
laid out in a chunk by C, encrypted and xored by C (arx_ctr_blocks'
generic path):
- X points at a 9-byte block hight.c precomputes once per run of counters
  whose bytes 0..6 stay fixed (the counter precomputation): round 2's input
  state with x0 = F0(x6) + SK3 (round 1 xors the counter's low byte c,
  block byte 7, into it; the whitening and round 1 read only bytes 0..6)
  and x3, x5, x7 through round 2's three branches that do not read c; then
  c, which the kernel steps by 2 a pair. Each block loads the state, xors
  in c + b, does round 2's first branch (F1 of that byte) and enters the
  8-round loop body after its second round (.L..._mid, 30 rounds left):
  the whitening, round 1 and 3 of round 2's 4 branches are done once per
  run, not per block; the counter step is one byte. hight.c splits a call
  where c wraps (a block at c = 255 goes through the encryption kernel):
  by the public counter and length; every pair costs the same;
- the input pointer waits on the stack; the keystream is xored into the
  input on the way out (ld X+, eor, st Y+), the pre pointer in r18:r19.
"""

from asm_out import emitters
from ctr_emit import avr_xor_out

k = emitters("hight_avr")
e, out, x = k.e, k.out, k.x
K = k.K

k.header("hight_ctr_avr.py", __doc__)
e(" *")
e(" * void hight_avr_ctr2(const hight_ks *ks, uint8_t pre[9], uint8_t *out, const uint8_t *in, size_t npairs)")
e(" * out = in ^ E(ctr), E(ctr + 1), ... over 2 * npairs (> 0) blocks, ctr's low byte pre[8] + 2 * npairs")
e(" * <= 256 (the caller's split); pre[8] advanced by 2 * npairs.")
e(" * avr-gcc ABI: ks r25:r24, pre r23:r22, out r21:r20, in r19:r18, npairs r17:r16.")
e(" * X = pre, Y = out, Z = subkeys, r22:r23 = ks, r24:r25 = pairs left, r21 = loop count; in on the stack.")
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
# the state at round 2's start (names rotated once), precomputed by hight.c
# for the counter's fixed bytes: x0 = T0 (the low byte c is xored in),
# x1 = whitened byte 0, x3/x5/x7 after round 2's three branches that do not
# read c; then block b's x0 ^= c + b and round 2's first branch, per block.
for b in range(2):
    k.names[b] = k.names[b][7:] + k.names[b][:7]
for j in range(8):
    e("    ld %s, X+" % x(0, j))
for j in range(8):
    e("    mov %s, %s" % (x(1, j), x(0, j)))
e("    ld r18, X")
e("    eor %s, r18" % x(0, 0))
e("    inc r18")
e("    eor %s, r18" % x(1, 0))
e("    inc r18")
e("    st X, r18")
e("    sbiw r26, 8")
e("    ldd %s, Z+12" % K)  # sk[4]
e("    adiw r30, 16")  # Z = sk[8]: round 3
k.branch(0, False)
for b in range(2):
    k.names[b] = k.names[b][7:] + k.names[b][:7]
e("    ldi r21, 4")
e("    rjmp .L%s_mid" % name)
for b in range(2):  # the loop body from round 1's names: .._mid is where the two rotations above left them
    k.names[b] = k.names[b][2:] + k.names[b][:2]
e(".L%s_loop:" % name)
for r in range(8):
    if r == 2:
        e(".L%s_mid:" % name)
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
e("    movw r18, r26")  # pre
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
