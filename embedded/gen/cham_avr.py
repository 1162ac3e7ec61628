#!/usr/bin/env python3
"""Writes src/ciphers/cham/cham_avr.S: CHAM-64/128 (and -legacy) for AVR.

python3 embedded/gen/cham_avr.py > src/ciphers/cham/cham_avr.S

Design (docs/EMBEDDED.md, "Assembly kernels"):
- two blocks at once (block 0 in r2..r9, block 1 in r10..r17): each
  round-key word is loaded once (ld r22/r23, Z+) and serves both blocks, the
  round counter (r0) is xored into both and incremented once;
- nothing moves between rounds: the word shift (X0, X1, X2, X3) <- (X1, X2,
  X3, X0') is a rename, and so is every rotation by 8 (a word carries a
  "bytes swapped" flag; over 8 rounds the flags and the names come back, so
  the loop body is 8 rounds);
- ROL1 is lsl/rol/adc r1 (3 cycles), the inverse ROR1 bst/lsr/ror/bld (4);
- the 88 rounds are unrolled (a loop with a round-count check every 8
  rounds cost 4 cycles a byte); -legacy (80 rounds, read from
  cham64_ks.rounds once) leaves after round 80 (encryption) or enters at
  round 79 (decryption);
- the C schedule (cham64_ks.rk[16], then `rounds`) is read as is, Z
  moved back by 32 every 16 rounds.
Encryption is 23 cycles a round for the two blocks (decryption 25); no
branch or address depends on key or data. cham.c's wrapper sends an odd
last block through a 16-byte stack buffer (the count is public).
"""

from avr_frame import e, header, leave, out, push_saved, symbol


class W:  # one 16-bit word in a register pair; swapped: low byte in the odd register
    def __init__(self, r):
        self.r, self.sw = r, False

    @property
    def lo(self):
        return "r%d" % (self.r + (1 if self.sw else 0))

    @property
    def hi(self):
        return "r%d" % (self.r + (0 if self.sw else 1))


words = [[W(2 + 8 * b + 2 * i) for i in range(4)] for b in range(2)]
T = [18, 20]  # per-block temporaries (pairs)


def enc_round(j):
    e("    ; round %s" % ("even" if j % 2 == 0 else "odd"))
    e("    ld r22, Z+")
    e("    ld r23, Z+")
    for b in range(2):
        w = words[b]
        t = T[b]
        if j % 2 == 0:  # X3' = ROL8((X0 ^ i) + (ROL1(X1) ^ RK))
            e("    movw r%d, r%d" % (t, w[1].r))
            tlo, thi = ("r%d" % (t + 1), "r%d" % t) if w[1].sw else ("r%d" % t, "r%d" % (t + 1))
            e("    lsl %s" % tlo)
            e("    rol %s" % thi)
            e("    adc %s, r1" % tlo)
            e("    eor %s, r22" % tlo)
            e("    eor %s, r23" % thi)
        else:  # X3' = ROL1((X0 ^ i) + (ROL8(X1) ^ RK))
            if b == 0:
                e("    movw r%d, r22" % t)
                tlo, thi = "r%d" % t, "r%d" % (t + 1)
            else:  # the last block takes the key registers themselves
                tlo, thi = "r22", "r23"
            e("    eor %s, %s" % (tlo, w[1].hi))
            e("    eor %s, %s" % (thi, w[1].lo))
        e("    eor %s, r0" % w[0].lo)
        e("    add %s, %s" % (w[0].lo, tlo))
        e("    adc %s, %s" % (w[0].hi, thi))
        if j % 2 == 0:
            w[0].sw = not w[0].sw
        else:
            e("    lsl %s" % w[0].lo)
            e("    rol %s" % w[0].hi)
            e("    adc %s, r1" % w[0].lo)
        words[b] = w[1:] + w[:1]
    e("    inc r0")


def dec_round(j):
    e("    ; inverse round %s" % ("even" if j % 2 == 0 else "odd"))
    e("    dec r0")
    e("    ld r23, -Z")
    e("    ld r22, -Z")
    for b in range(2):
        w = words[b]
        y3, y0 = w[3], w[0]
        t = T[b]
        if j % 2 == 0:  # X0 = (ROR8(Y3) - (ROL1(Y0) ^ RK)) ^ i
            y3.sw = not y3.sw
            e("    movw r%d, r%d" % (t, y0.r))
            tlo, thi = ("r%d" % (t + 1), "r%d" % t) if y0.sw else ("r%d" % t, "r%d" % (t + 1))
            e("    lsl %s" % tlo)
            e("    rol %s" % thi)
            e("    adc %s, r1" % tlo)
            e("    eor %s, r22" % tlo)
            e("    eor %s, r23" % thi)
        else:  # X0 = (ROR1(Y3) - (ROL8(Y0) ^ RK)) ^ i
            e("    bst %s, 0" % y3.lo)
            e("    lsr %s" % y3.hi)
            e("    ror %s" % y3.lo)
            e("    bld %s, 7" % y3.hi)
            if b == 0:
                e("    movw r%d, r22" % t)
                tlo, thi = "r%d" % t, "r%d" % (t + 1)
            else:
                tlo, thi = "r22", "r23"
            e("    eor %s, %s" % (tlo, y0.hi))
            e("    eor %s, %s" % (thi, y0.lo))
        e("    sub %s, %s" % (y3.lo, tlo))
        e("    sbc %s, %s" % (y3.hi, thi))
        e("    eor %s, r0" % y3.lo)
        words[b] = w[3:] + w[:3]


def load_store(op):
    for b in range(2):
        for i in range(4):
            w = words[b][i]
            if op == "ld":
                e("    ld %s, X+" % w.lo)
                e("    ld %s, X+" % w.hi)
            else:
                e("    st Y+, %s" % w.lo)
                e("    st Y+, %s" % w.hi)


def check_names():
    for b in range(2):
        for i in range(4):
            assert words[b][i].r == 2 + 8 * b + 2 * i and not words[b][i].sw




def prologue(name):
    symbol(name)
    push_saved()
    e("    movw r30, r24")
    e("    movw r26, r20")
    e("    movw r28, r22")
    e("    movw r24, r18")


def epilogue(name):
    e("    sbiw r24, 1")
    e("    breq 9f")
    e("    rjmp .L%s_pair" % name)
    e("9:")
    leave(name)


def enc_rounds():
    """The 88 rounds (80 for -legacy: to 1f after round 79, by ks->rounds,
    public), Z = ks->rk."""
    e("    clr r0")
    for j in range(88):
        if j and j % 16 == 0:
            e("    sbiw r30, 32")  # back to rk[0]
        if j == 80:  # -legacy: 80 rounds (public)
            e("    ldd r18, Z+32")
            e("    cpi r18, 80")
            e("    brne 3f")
            e("    rjmp 1f")
            e("3:")
        enc_round(j)
    check_names()


def encrypt(name):
    prologue(name)
    e(".L%s_pair:" % name)  # Z = ks->rk
    load_store("ld")
    enc_rounds()
    e("    sbiw r30, 16")
    e("1:")
    load_store("st")
    epilogue(name)


def decrypt(name):
    prologue(name)
    e(".L%s_pair:" % name)  # Z = ks->rk
    load_store("ld")
    e("    ldd r18, Z+32")  # ks->rounds
    e("    mov r0, r18")
    e("    cpi r18, 80")
    e("    brne 3f")
    e("    rjmp .L%s_r79" % name)  # -legacy: round 79 first, rk[15]
    e("3:")
    e("    adiw r30, 16")  # round 87 first, rk[7]
    for j in range(87, -1, -1):
        if j == 79:
            e(".L%s_r79:" % name)
        if j % 16 == 15:
            e("    adiw r30, 32")  # to just past rk[15]
        dec_round(j)
    check_names()
    load_store("st")
    epilogue(name)


header("cham_avr.py", __doc__)
e(" *")
e(" * void cham64_avr_encrypt2(const cham64_ks *ks, uint8_t *out, const uint8_t *in, size_t npairs)")
e(" * void cham64_avr_decrypt2(...): the inverse rounds, keys read backwards (ld -Z).")
e(" * avr-gcc ABI: ks r25:r24, out r23:r22, in r21:r20, npairs r19:r18 (> 0).")
e(" * X = in, Y = out, Z = key pointer, r24:r25 = pairs left, r0 = round counter.")
e(" */")
encrypt("cham64_avr_encrypt2")
decrypt("cham64_avr_decrypt2")
print("\n".join(out))
