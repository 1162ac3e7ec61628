#!/usr/bin/env python3
"""Writes src/ciphers/sparx/sparx_ctr_avr.S: SPARX-64/128 CTR for AVR.

python3 embedded/gen/sparx_ctr_avr.py > src/ciphers/sparx/sparx_ctr_avr.S

Design (docs/EMBEDDED.md, "CTR kernels"): the encryption kernel's pair of
blocks and its 8 steps (sparx_avr.py's emitters), with the counter blocks
built in the kernel and the data xored there, instead of counters laid out
in a chunk by C, encrypted and xored by C (arx_ctr_blocks' generic path):
- X points at an 8-byte block sparx.c precomputes once per run of
  counters whose bytes 0..3 stay fixed (the counter precomputation): the
  left branch (block bytes 0..3, the counter's fixed part) through step
  1's three ARX-boxes, then the low 32 bits (bytes 4..7, the right branch),
  which each block loads and writes + 1 back (mov, adc r1, st -X, 4 bytes;
  the caller splits a call where they wrap, by the public counter and
  length: every pair costs the same). Step 1 runs only its right branch:
  3 of 48 ARX-boxes a block are done once per run;
- the input pointer waits on the stack; the keystream is xored into the
  input on the way out (ld X+, eor, st Y+), the pre pointer in r18:r19.
"""

from asm_out import emitters
from ctr_emit import avr_load_step, avr_xor_out

k = emitters("sparx_avr")
e, out = k.e, k.out

k.header("sparx_ctr_avr.py", __doc__)
e(" *")
e(" * void sparx64_avr_ctr2(const sparx_ks *ks, uint8_t pre[8], uint8_t *out, const uint8_t *in, size_t npairs)")
e(" * out = in ^ E(ctr), E(ctr + 1), ... over 2 * npairs (> 0) blocks, no wrap of the low 32 bits")
e(" * pre[4..7] inside (the caller's split); pre[4..7] advanced by 2 * npairs.")
e(" * avr-gcc ABI: ks r25:r24, pre r23:r22, out r21:r20, in r19:r18, npairs r17:r16.")
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
for b in range(2):  # step 1's left ARX-boxes, done in C: ROR7's byte rename three times
    k.x[b][0].sw = True
for r in regs(0)[:4]:  # the left branch after them, both blocks
    e("    ld %s, X+" % r)
for b in range(2):  # the right branch is the counter's low 32 bits
    avr_load_step(regs(b)[4:], "X", "r18")
for j in range(4):
    e("    mov %s, %s" % (regs(1)[j], regs(0)[j]))
e("    sbiw r26, 4")
e("    adiw r30, 16")  # row 1: step 1's right branch
for s in range(8):
    for bi in range(2) if s else (1,):
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
e("    movw r18, r26")  # pre
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
