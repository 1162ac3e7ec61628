#!/usr/bin/env python3
"""Writes src/ciphers/cham/cham128_ctr_avr.S: CHAM-128/128 (and -legacy) CTR for AVR, and CHAM-128/256 (and -legacy).

python3 embedded/gen/cham128_ctr_avr.py > src/ciphers/cham/cham128_ctr_avr.S

Design (docs/EMBEDDED.md, "CTR kernels"): the encryption kernel's block
and its 16-round loop body (cham128_avr.py's emitters), with the counter
block built in the kernel and the data xored there, instead of counters
laid out in a chunk by C (four at a time), encrypted and xored by C
(arx_ctr_blocks' generic path):
- X points at the counter (the rounds leave X alone): each block loads it
  (16 bytes, the state) and writes counter + 1 back, byte by byte from the
  last with the carry through all sixteen (mov, adc r1, st -X: 65 cycles a
  block, the same for every counter, so the 128-bit wrap needs no branch);
- the input pointer waits on the stack; the keystream is xored into the
  input on the way out (ld X+, eor, st Y+), the counter pointer in r18:r19.
First rounds: the counter's low 32 bits are X3, which rounds 0 and 1 do
not read: computing them once per 2^32 counters would save 2 of 112
rounds (about 47 of 2,800 cycles a block, under 2%): not done.
"""

from asm_out import emitters
from ctr_emit import avr_load_step, avr_xor_out

k = emitters("cham128_avr")
e, out = k.e, k.out

k.header("cham128_ctr_avr.py", __doc__)
e(" *")
e(" * void cham128_avr_ctr(const cham128_ks *ks, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks)")
e(" * out = in ^ E(ctr), E(ctr + 1), ... over nblocks (> 0) blocks; ctr advanced by")
e(" * nblocks (big-endian, modulo 2^128).")
e(" * avr-gcc ABI: ks r25:r24, ctr r23:r22, out r21:r20, in r19:r18, nblocks r17:r16.")
e(" * X = ctr, Y = out, Z = key pointer, r24:r25 = blocks left, r0 = round index,")
e(" * r23 = rounds; in on the stack.")
e(" * void cham128_256_avr_ctr(...): CHAM-128/256 (16 keys, 120 or 96 rounds): the key")
e(" * pointer back every 16 rounds, 8 rounds more after the loop when rounds = 16 m + 8")
e(" * (public; T flag = rounds bit 3).")
e(" */")


def kernel(name, nkeys=8):
    kb = 4 * nkeys
    k.words = [k.W(2 + 4 * i) for i in range(4)]
    k.symbol(name)
    k.push_saved()
    e("    movw r28, r20")  # Y = out
    e("    push r18")  # in
    e("    push r19")
    e("    movw r26, r22")  # X = ctr
    e("    movw r30, r24")
    e("    adiw r30, 32")
    e("    ldd r23, Z+32")  # ks->rounds (112 or 80, 120 or 96: the low byte)
    if nkeys == 16:
        e("    bst r23, 3")      # T: 8 rounds after the loop
        e("    andi r23, 0xf0")  # the loop's end
    e("    movw r30, r24")  # Z = ks->rk
    e("    movw r24, r16")  # blocks left
    e(".L%s_block:" % name)
    avr_load_step([w.b(j) for w in k.words for j in range(4)], "X", "r18")
    e("    clr r0")
    e(".L%s_16:" % name)
    for r in range(16):
        k.enc_round(r)
        if r % nkeys == nkeys - 1:
            if kb <= 63:
                e("    sbiw r30, %d" % kb)  # back to rk[0]
            else:
                e("    subi r30, lo8(%d)" % kb)
                e("    sbci r31, hi8(%d)" % kb)
    e("    cp r0, r23")
    k.check_names()
    e("    breq 2f")
    e("    rjmp .L%s_16" % name)
    e("2:")

    def xor_out():
        e("    movw r18, r26")  # ctr
        e("    pop r27")  # in
        e("    pop r26")
        avr_xor_out([w.b(j) for w in k.words for j in range(4)], "r20")
        e("    push r26")
        e("    push r27")
        e("    movw r26, r18")
    if nkeys == 16:
        e("    brts 5f")
        e("    rjmp 3f")
        e("5:")
        for r in range(8):
            k.enc_round(r)
        e("    sbiw r30, 32")  # back to rk[0]
        xor_out()
        k.words = [k.W(2 + 4 * i) for i in range(4)]
        e("    rjmp 4f")
        e("3:")
        xor_out()
        e("4:")
    else:
        xor_out()
    e("    sbiw r24, 1")
    e("    breq 9f")
    e("    rjmp .L%s_block" % name)
    e("9:")
    e("    pop r27")
    e("    pop r26")
    for n in (19, 20, 21, 22):  # no round key or temporary left in scratch registers
        e("    clr r%d" % n)
    k.leave(name)


kernel("cham128_avr_ctr")
kernel("cham128_256_avr_ctr", 16)
print("\n".join(out))
