#!/usr/bin/env python3
"""Writes src/ciphers/sparx/sparx_avr.S: SPARX-64/128 encryption and decryption for AVR.

python3 embedded/gen/sparx_avr.py > src/ciphers/sparx/sparx_avr.S

Design (docs/EMBEDDED.md, "Assembly kernels"):
- two blocks at once (r2..r9, r10..r17; four 16-bit words each): each
  round's two key words are loaded once (ld r18..r21, Z+) and serve both;
- 8 steps unrolled; nothing moves: the linear layer's exchange of halves
  is a rename, and so is every rotation by 8 (ROR7 = ROL1 then a byte
  rename; t = ROL8(x0 ^ x1) in L): each word carries a "bytes swapped" flag
  that the generator follows, the stores read the final names;
- ARX-box: l = ROR7(l) + r, r = ROL2(r) ^ l: 17 cycles a block with the key
  xors, plus 8 for the shared key loads; L: 11 cycles a block;
- the C schedule (sparx_ks.rk: rows of 8 words, a branch-step uses 6) is
  read as is.
Decryption runs the inverse (ROR1 as bst/lsr/ror/bld), keys backwards
(ld -Z). No branch or address depends on key or data. sparx.c's wrapper
sends an odd last block through a 16-byte stack buffer (the count is public).
"""

from avr_frame import e, header, leave, out, push_saved, symbol


class W:
    def __init__(self, r):
        self.r, self.sw = r, False

    @property
    def lo(self):
        return "r%d" % (self.r + (1 if self.sw else 0))

    @property
    def hi(self):
        return "r%d" % (self.r + (0 if self.sw else 1))


def fresh():
    return [[W(2 + 8 * b + 2 * i) for i in range(4)] for b in range(2)]


x = fresh()
TT = W(22)


def rol1(w):
    e("    lsl %s" % w.lo)
    e("    rol %s" % w.hi)
    e("    adc %s, r1" % w.lo)


def ror1(w):
    e("    bst %s, 0" % w.lo)
    e("    lsr %s" % w.hi)
    e("    ror %s" % w.lo)
    e("    bld %s, 7" % w.hi)


def keyxor(l, r):
    e("    eor %s, r18" % l.lo)
    e("    eor %s, r19" % l.hi)
    e("    eor %s, r20" % r.lo)
    e("    eor %s, r21" % r.hi)


def arx(bi):
    for n in range(18, 22):
        e("    ld r%d, Z+" % n)
    for b in range(2):
        l, r = x[b][2 * bi], x[b][2 * bi + 1]
        keyxor(l, r)
        rol1(l)
        l.sw = not l.sw  # ROR7 = ROL8(ROL1)
        e("    add %s, %s" % (l.lo, r.lo))
        e("    adc %s, %s" % (l.hi, r.hi))
        rol1(r)
        rol1(r)
        e("    eor %s, %s" % (r.lo, l.lo))
        e("    eor %s, %s" % (r.hi, l.hi))


def arx_inv(bi):
    for n in (21, 20, 19, 18):
        e("    ld r%d, -Z" % n)
    for b in range(2):
        l, r = x[b][2 * bi], x[b][2 * bi + 1]
        e("    eor %s, %s" % (r.lo, l.lo))
        e("    eor %s, %s" % (r.hi, l.hi))
        ror1(r)
        ror1(r)
        e("    sub %s, %s" % (l.lo, r.lo))
        e("    sbc %s, %s" % (l.hi, r.hi))
        l.sw = not l.sw  # ROL7 = ROR1(ROL8)
        ror1(l)
        keyxor(l, r)


def lin(b, a0, a1, d0, d1):
    """d0 ^= a0 ^ t, d1 ^= a1 ^ t with t = ROL8(a0 ^ a1)"""
    w = x[b]
    e("    movw r22, r%d" % w[a0].r)
    TT.sw = w[a0].sw
    e("    eor %s, %s" % (TT.lo, w[a1].lo))
    e("    eor %s, %s" % (TT.hi, w[a1].hi))
    TT.sw = not TT.sw  # ROL8
    for d, a in ((d0, a0), (d1, a1)):
        e("    eor %s, %s" % (w[d].lo, w[a].lo))
        e("    eor %s, %s" % (w[d].hi, w[a].hi))
        e("    eor %s, %s" % (w[d].lo, TT.lo))
        e("    eor %s, %s" % (w[d].hi, TT.hi))


def ldst(op):
    for b in range(2):
        for w in x[b]:
            for reg in (w.lo, w.hi):
                e("    ld %s, X+" % reg if op == "ld" else "    st Y+, %s" % reg)




def kernel(name, dec):
    global x
    x = fresh()
    symbol(name)
    push_saved()
    e("    movw r26, r20")
    e("    movw r28, r22")
    e("    movw r30, r24")
    if dec:
        e("    subi r30, lo8(-252)")
        e("    sbci r31, hi8(-252)")
    e("    movw r24, r18")
    e(".L%s_pair:" % name)
    x = fresh()
    ldst("ld")
    if dec:
        for i in range(8):  # whitening rk[16][0..3] at Z + 4
            e("    ldd r18, Z+%d" % (4 + i))
            for b in range(2):
                w = x[b][i // 2]
                e("    eor %s, r18" % (w.lo if i % 2 == 0 else w.hi))
        for s in range(7, -1, -1):
            for b in range(2):
                lin(b, 2, 3, 0, 1)
                x[b] = [x[b][2], x[b][3], x[b][0], x[b][1]]
            for bi in (1, 0):
                for r in range(3):
                    arx_inv(bi)
                if not (s == 0 and bi == 0):
                    e("    sbiw r30, 4")
        e("    subi r30, lo8(-252)")
        e("    sbci r31, hi8(-252)")
    else:
        for s in range(8):
            for bi in range(2):
                for r in range(3):
                    arx(bi)
                e("    adiw r30, 4")
            for b in range(2):
                lin(b, 0, 1, 2, 3)
                x[b] = [x[b][2], x[b][3], x[b][0], x[b][1]]
        for i in range(8):
            e("    ld r18, Z+")
            for b in range(2):
                w = x[b][i // 2]
                e("    eor %s, r18" % (w.lo if i % 2 == 0 else w.hi))
        e("    subi r30, lo8(264)")
        e("    sbci r31, hi8(264)")
    ldst("st")
    e("    sbiw r24, 1")
    e("    breq 2f")
    e("    jmp .L%s_pair" % name)  # 4 KiB of code: out of rjmp's reach
    e("2:")
    leave(name)


header("sparx_avr.py", __doc__)
e(" *")
e(" * void sparx64_avr_encrypt2(const sparx_ks *ks, uint8_t *out, const uint8_t *in, size_t npairs)")
e(" * void sparx64_avr_decrypt2(...): the inverse.")
e(" * avr-gcc ABI: ks r25:r24, out r23:r22, in r21:r20, npairs r19:r18 (> 0).")
e(" */")
kernel("sparx64_avr_encrypt2", False)
kernel("sparx64_avr_decrypt2", True)
print("\n".join(out))
