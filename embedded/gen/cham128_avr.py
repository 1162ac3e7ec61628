#!/usr/bin/env python3
"""Writes src/ciphers/cham/cham128_avr.S: CHAM-128/128 (and -legacy)
encryption and decryption for AVR.

python3 embedded/gen/cham128_avr.py > src/ciphers/cham/cham128_avr.S

Design (docs/EMBEDDED.md, "Assembly kernels"):
- one block, the four 32-bit words in r2..r17, renamed: the word shift is a
  rename, and so is every ROL8 / ROR8 (a word carries a byte offset; over 16
  rounds the offsets and names come back: the loop body is 16 rounds, run
  rounds / 16 times: 112 -> 7, -legacy's 80 -> 5, the count read from the
  key);
- the round index in r0, xored into X0's low byte;
- even round: T = ROL1(X1) (copy, lsl/rol/rol/rol/adc r1), T ^= RK byte by
  byte (ld r22, Z+ / eor), X0 += T, ROL8(X0) a rename: 24-26 cycles;
- odd round: T = RK (ld T, Z+) ^ ROL8(X1) (the bytes of X1 taken one
  position up), X0 += T, ROL1(X0) in place: 22 cycles;
- decryption: the inverse rounds last to first, keys read backwards
  (ld -Z), ROR1 as bst/lsr/ror/ror/ror/bld.
CHAM-128/128's 8-key schedule (cham128_ks.rk_mask == 7) in
cham128_avr_encrypt/decrypt; CHAM-128/256's 16 keys (120 or 96 rounds) in
cham128_256_avr_encrypt/decrypt: the same 16-round body, the key pointer
back every 16 rounds, and 8 rounds after (before, decrypting) the loop
when the round count (public) is 16 m + 8. No branch or address depends on
key or data.
"""

from avr_frame import e, header, leave, out, push_saved, symbol


class W:  # a 32-bit word in r[base..base+3]; logical byte k in r[base + (k + off) % 4]
    def __init__(self, base):
        self.base, self.off = base, 0

    def b(self, k):
        return "r%d" % (self.base + (k + self.off) % 4)


T = ["r18", "r19", "r20", "r21"]
words = []


def copy_to_t(w):
    if w.off % 2 == 0:
        e("    movw r18, %s" % w.b(0))
        e("    movw r20, %s" % w.b(2))
    else:
        for k in range(4):
            e("    mov %s, %s" % (T[k], w.b(k)))


def rol1(regs):
    e("    lsl %s" % regs[0])
    for r in regs[1:]:
        e("    rol %s" % r)
    e("    adc %s, r1" % regs[0])


def ror1(regs):
    e("    bst %s, 0" % regs[0])
    e("    lsr %s" % regs[3])
    for r in reversed(regs[:3]):
        e("    ror %s" % r)
    e("    bld %s, 7" % regs[3])


def enc_round(r):
    global words
    x0, x1 = words[0], words[1]
    e("    ; round 16m+%d" % r)
    if r % 2 == 0:  # X3' = ROL8((X0 ^ i) + (ROL1(X1) ^ RK))
        copy_to_t(x1)
        rol1(T)
        for k in range(4):
            e("    ld r22, Z+")
            e("    eor %s, r22" % T[k])
    else:  # X3' = ROL1((X0 ^ i) + (ROL8(X1) ^ RK))
        for k in range(4):
            e("    ld %s, Z+" % T[k])
            e("    eor %s, %s" % (T[k], x1.b((k - 1) % 4)))
    e("    eor %s, r0" % x0.b(0))
    e("    inc r0")
    e("    add %s, %s" % (x0.b(0), T[0]))
    for k in range(1, 4):
        e("    adc %s, %s" % (x0.b(k), T[k]))
    if r % 2 == 0:
        x0.off = (x0.off - 1) % 4
    else:
        rol1([x0.b(k) for k in range(4)])
    words = words[1:] + words[:1]


def dec_round(r):
    global words
    y, x1 = words[3], words[0]  # y = X3' of round r, x1 = its X1
    e("    ; inverse round 16m+%d" % r)
    e("    dec r0")
    if r % 2 == 0:  # X0 = (ROR8(Y) - (ROL1(X1) ^ RK)) ^ i
        y.off = (y.off + 1) % 4
        copy_to_t(x1)
        rol1(T)
        for k in reversed(range(4)):
            e("    ld r22, -Z")
            e("    eor %s, r22" % T[k])
    else:  # X0 = (ROR1(Y) - (ROL8(X1) ^ RK)) ^ i
        ror1([y.b(k) for k in range(4)])
        for k in reversed(range(4)):
            e("    ld %s, -Z" % T[k])
            e("    eor %s, %s" % (T[k], x1.b((k - 1) % 4)))
    e("    sub %s, %s" % (y.b(0), T[0]))
    for k in range(1, 4):
        e("    sbc %s, %s" % (y.b(k), T[k]))
    e("    eor %s, r0" % y.b(0))
    words = words[3:] + words[:3]


def check_names():
    for i, w in enumerate(words):
        assert w.base == 2 + 4 * i and w.off == 0, (i, w.base, w.off)




def store():
    for w in words:
        for k in range(4):
            e("    st Y+, %s" % w.b(k))


def kernel(name, dec, nkeys=8):
    """nkeys 8 (CHAM-128/128: rounds 112 or 80, multiples of 16) or 16
    (CHAM-128/256: 120 or 96 = 16 m + 8 t, t public: the 8 rounds over
    the loop run after it (encryption: T flag = rounds bit 3) or before it
    (decryption, from the names 8 rounds give), rk[0..7] both ways)."""
    global words
    words = [W(2 + 4 * i) for i in range(4)]
    kb = 4 * nkeys
    symbol(name)
    e("    cp r18, r1")
    e("    cpc r19, r1")
    e("    brne 1f")
    e("    ret")
    e("1:")
    push_saved()
    e("    movw r26, r20")  # X = in
    e("    movw r28, r22")  # Y = out
    e("    movw r30, r24")
    e("    adiw r30, 32")
    e("    ldd r23, Z+32")  # ks->rounds (the low byte)
    if nkeys == 16 and not dec:
        e("    bst r23, 3")      # T: 8 rounds after the loop
        e("    andi r23, 0xf0")  # the loop's end
    e("    movw r30, r24")  # Z = ks->rk
    e("    movw r24, r18")  # blocks left
    e(".L%s_block:" % name)

    def load():
        for w in words:
            for k in range(4):
                e("    ld %s, X+" % w.b(k))

    def zmove(n):
        if abs(n) <= 63:
            e("    %s r30, %d" % ("adiw" if n > 0 else "sbiw", abs(n)))
        else:
            e("    subi r30, lo8(%d)" % -n)
            e("    sbci r31, hi8(%d)" % -n)
    if dec:
        e("    mov r0, r23")
        if nkeys == 16:
            # the ciphertext in the names 8 rounds leave, rounds 8m+7..8m first
            e("    sbrs r23, 3")
            e("    rjmp 3f")
            mark = len(out)
            for r in range(8):  # dry: the names only
                enc_round(r)
            del out[mark:]
            load()
            e("    adiw r30, 32")  # just past rk[7]
            for r in reversed(range(8)):
                dec_round(r)
            check_names()
            e("    rjmp .L%s_16" % name)
            e("3:")
        load()
    else:
        load()
        e("    clr r0")
    e(".L%s_16:" % name)
    if dec:
        for r in reversed(range(16)):
            if r % nkeys == nkeys - 1:
                zmove(kb)  # just past the last key
            dec_round(r)
        e("    tst r0")
    else:
        for r in range(16):
            enc_round(r)
            if r % nkeys == nkeys - 1:
                zmove(-kb)  # back to rk[0]
        e("    cp r0, r23")
    check_names()
    e("    breq 2f")
    e("    rjmp .L%s_16" % name)
    e("2:")
    if nkeys == 16 and not dec:
        e("    brts 5f")
        e("    rjmp 3f")
        e("5:")
        for r in range(8):
            enc_round(r)
        e("    sbiw r30, 32")  # back to rk[0]
        store()
        words = [W(2 + 4 * i) for i in range(4)]
        e("    rjmp 4f")
        e("3:")
        store()
        e("4:")
    else:
        store()
    e("    sbiw r24, 1")
    e("    breq 9f")
    e("    rjmp .L%s_block" % name)
    e("9:")
    leave(name)


header("cham128_avr.py", __doc__)
e(" *")
e(" * void cham128_avr_encrypt(const cham128_ks *ks, uint8_t *out, const uint8_t *in, size_t nblocks)")
e(" * void cham128_avr_decrypt(...)")
e(" * avr-gcc ABI: ks r25:r24, out r23:r22, in r21:r20, nblocks r19:r18.")
e(" * X = in, Y = out, Z = key pointer, r24:r25 = blocks left, r0 = round index,")
e(" * r23 = rounds. cham.c asserts rounds at offset 64.")
e(" */")
kernel("cham128_avr_encrypt", False)
kernel("cham128_avr_decrypt", True)
kernel("cham128_256_avr_encrypt", False, 16)
kernel("cham128_256_avr_decrypt", True, 16)
print("\n".join(out))
