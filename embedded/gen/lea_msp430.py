#!/usr/bin/env python3
"""Writes src/ciphers/lea/lea_msp430.S: LEA-128/192/256 encryption and decryption for MSP430.

python3 embedded/gen/lea_msp430.py > src/ciphers/lea/lea_msp430.S

Design (docs/EMBEDDED.md, "Assembly kernels"):
- the state in r4..r11, one 32-bit word per register pair (low, high),
  renamed instead of moved (the new X3 is the old X0);
- round keys read with `xor @r14+, reg` (2 cycles) from lea_ks.rk, which
  under ARX_MSP430 holds each round's words in the order the round uses
  them: RK4 RK5 RK2 RK3 RK0 RK1 (lea.c's LEA_RK; the one layout: setup,
  the reference and the CTR precomputation use it too). One round is 12
  such xors, so LEA-192 and LEA-256 run the same code for 28 and 32 rounds;
- ROR3 and ROR5 as 3 and 5 right rotations of 3 cycles (bit #1 / rrc /
  rrc), ROL9 as a byte rotation (two swpb and an exchange of the low bytes
  through xor.b, 6 cycles) and one left rotation (rla / rlc / adc, 3).
A round is 69 cycles (the inverse round 72.75: it reads the pairs last
to first, `sub r15, r14` with r15 = 16 after each, the loop count on the
stack); no branch or address depends
on key or data (the buffers' alignment, public, picks word or byte loads
and stores).
- the LEA-128 key schedule (lea128_msp430_schedule): T0..T3 in r4..r11, the
  rotated constants ROL(delta[i mod 4], i + j) read from a 384-byte table
  (`add @r13+`), ROL1 / ROL3 / ROL6 = ROL8 ROR2 / ROL11 = ROL8 ROL3, each
  round's six words stored once (12 stores).
"""

from msp430_frame import e, entry, header, leave, out


G = [("r%d" % (4 + 2 * g), "r%d" % (5 + 2 * g)) for g in range(4)]  # (lo, hi)
TL, TH, K, CNT = "r12", "r13", "r14", "r15"


def ror1(w):
    e("    bit #1, %s" % w[0])
    e("    rrc %s" % w[1])
    e("    rrc %s" % w[0])


def half(dst, src, n):
    """dst = ROR_n / ROL9 of (src ^ key) + (dst ^ key); dst is overwritten"""
    e("    mov %s, %s" % (src[0], TL))
    e("    mov %s, %s" % (src[1], TH))
    e("    xor @%s+, %s" % (K, TL))
    e("    xor @%s+, %s" % (K, TH))
    e("    xor @%s+, %s" % (K, dst[0]))
    e("    xor @%s+, %s" % (K, dst[1]))
    e("    add %s, %s" % (TL, dst[0]))
    e("    addc %s, %s" % (TH, dst[1]))


def round_(r):
    X = [G[(j + r) % 4] for j in range(4)]
    e("    ; round %d of 4" % r)
    # X'2 = ROR3((X2 ^ RK4) + (X3 ^ RK5))
    half(X[3], X[2], 3)
    for _ in range(3):
        ror1(X[3])
    # X'1 = ROR5((X1 ^ RK2) + (X2 ^ RK3))
    half(X[2], X[1], 5)
    for _ in range(5):
        ror1(X[2])
    # X'0 = ROL9((X0 ^ RK0) + (X1 ^ RK1)): ROL8 = swap bytes in both halves,
    # then exchange their low bytes; then ROL1
    half(X[1], X[0], 9)
    rol8(X[1], TL)
    rol1(X[1])


def load(aligned):
    # r15 = in
    for g in range(4):
        for w in G[g]:
            if aligned:
                e("    mov @r15+, %s" % w)
            else:
                e("    mov.b @r15+, %s" % w)
                e("    mov.b @r15+, %s" % TL)
                e("    swpb %s" % TL)
                e("    bis %s, %s" % (TL, w))


def store(aligned):
    # r15 = out
    for g in range(4):
        for h, w in enumerate(G[g]):
            o = 4 * g + 2 * h
            if aligned:
                e("    mov %s, %d(r15)" % (w, o))
            else:
                e("    mov.b %s, %d(r15)" % (w, o))
                e("    swpb %s" % w)
                e("    mov.b %s, %d(r15)" % (w, o + 1))


header("lea_msp430.py", __doc__)
e(" *")
e(" * void lea_msp430_encrypt(const lea_ks *ks, uint8_t *out, const uint8_t *in, size_t nblocks)")
e(" * void lea_msp430_decrypt(...): the inverse rounds, last to first, over the same")
e(" * layout (pairs RK0 RK1, RK2 RK3, RK4 RK5 at offsets 16, 8, 0 of a round).")
e(" * Frame of the decryption: 6(r1) = &rk[rounds - 1][RK0], 12(r1) the round count.")
e(" * MSP430 EABI: ks r12, out r13, in r14, nblocks r15; r4..r10 saved.")
e(" * lea.c asserts the offset of rounds (768).")
e(" * Frame: 0(r1) in, 2(r1) out, 4(r1) nblocks, 6(r1) &rk, 8(r1) rounds / 4,")
e(" * 10(r1) 1 when in or out is odd.")
e(" */")


def inv_part(w, prev, rot):
    """w = (rot(w) - (prev ^ RKa)) ^ RKb, keys from @r14+"""
    rot(w)
    e("    mov %s, %s" % (prev[0], TL))
    e("    mov %s, %s" % (prev[1], TH))
    e("    xor @%s+, %s" % (K, TL))
    e("    xor @%s+, %s" % (K, TH))
    e("    sub %s, %s" % (TL, w[0]))
    e("    subc %s, %s" % (TH, w[1]))
    e("    xor @%s+, %s" % (K, w[0]))
    e("    xor @%s+, %s" % (K, w[1]))
    e("    sub %s, %s" % (CNT, K))  # CNT = 16: the round's previous pair


def xlow(w, t):
    """exchange the low bytes of w's halves (4 cycles): t = (lo ^ hi) & 0xff
    by xor.b (a byte operation clears a register's high byte)"""
    lo, hi = w
    e("    mov %s, %s" % (lo, t))
    e("    xor.b %s, %s" % (hi, t))
    e("    xor %s, %s" % (t, lo))
    e("    xor %s, %s" % (t, hi))


def rol8(w, t):
    # ROL8 keeping the halves' names: swpb both, exchange the low bytes (6)
    e("    swpb %s" % w[1])
    e("    swpb %s" % w[0])
    xlow(w, t)


def ror8(w, t):
    # ROR8 keeping the halves' names: exchange the low bytes, swpb both (6)
    xlow(w, t)
    e("    swpb %s" % w[1])
    e("    swpb %s" % w[0])


def ror9(w):
    ror8(w, TL)
    ror1(w)


def rol1(w):
    e("    rla %s" % w[0])
    e("    rlc %s" % w[1])
    e("    adc %s" % w[0])


def inv_round(s):
    """Undo an encryption round: its output W0..W3 in groups (j - s) mod 4, the
    round's keys in the C layout at r14 (LEA_DEC_ROUND in lea.c)."""
    W = [G[(j - s) % 4] for j in range(4)]
    e("    ; inverse round, step %d of 4" % s)
    inv_part(W[0], W[3], ror9)                                  # X1
    inv_part(W[1], W[0], lambda w: [rol1(w) for _ in range(5)])  # X2
    inv_part(W[2], W[1], lambda w: [rol1(w) for _ in range(3)])  # X3



def kernel(name, dec):
    entry(name)
    if dec:
        e("    push r15")  # 12(r1): the round count's slot
    e("    mov r14, r11")
    e("    bis r13, r11")
    e("    and #1, r11")
    e("    push r11")
    e("    mov 768(r12), r11")
    if dec:  # keys from rk[rounds - 1] = ks + 24 * rounds - 24, backwards
        e("    mov r11, r10")
        e("    rla r10")
        e("    rla r10")
        e("    rla r10")
        e("    add r10, r12")
        e("    rla r10")
        e("    add r10, r12")
        e("    sub #8, r12")
    e("    rra r11")
    e("    rra r11")
    e("    push r11")
    e("    push r12")
    e("    push r15")
    e("    push r13")
    e("    push r14")
    e(".L%s_block:" % name)
    e("    mov 0(r1), r15")
    e("    tst 10(r1)")
    e("    jnz .L%s_load_b" % name)
    load(True)
    e("    jmp .L%s_loaded" % name)
    e(".L%s_load_b:" % name)
    load(False)
    e(".L%s_loaded:" % name)
    e("    mov r15, 0(r1)")
    e("    mov 6(r1), %s" % K)
    if dec:
        e("    mov 8(r1), 12(r1)")
        e("    mov #16, %s" % CNT)
    else:
        e("    mov 8(r1), %s" % CNT)
    e(".L%s_round4:" % name)
    for n in range(4):
        inv_round(n) if dec else round_(n)
    e("    dec %s" % ("12(r1)" if dec else CNT))
    e("    jnz .L%s_round4" % name)
    e("    mov 2(r1), r15")
    e("    tst 10(r1)")
    e("    jnz .L%s_store_b" % name)
    store(True)
    e("    jmp .L%s_stored" % name)
    e(".L%s_store_b:" % name)
    store(False)
    e(".L%s_stored:" % name)
    e("    add #16, 2(r1)")
    e("    dec 4(r1)")
    e("    jz 3f")
    e("    br #.L%s_block" % name)
    e("3:")
    e("    add #%d, r1" % (14 if dec else 12))
    leave(name)


kernel("lea_msp430_encrypt", False)
kernel("lea_msp430_decrypt", True)


LEA_DELTA = [0xc3efe9db, 0x44626b02, 0x79e27c8a, 0x78df30ec]


def rotl32(x, r):
    r %= 32
    return ((x << r) | (x >> (32 - r))) & 0xffffffff if r else x


def keysched():
    """void lea128_msp430_schedule(uint32_t rk[24][6], const uint8_t key[16]): rk[0..23]
    (RK4 RK5 RK2 RK3 RK0 RK1 a round); the caller sets rounds. rk r12, key r13."""
    name = "lea128_msp430_schedule"
    T = ["r4", "r5"], ["r6", "r7"], ["r8", "r9"], ["r10", "r11"]
    P, D, TMP, END = "r12", "r13", "r14", "r15"
    entry(name, guard=False)  # r11..r15 are the caller's (MSP430 EABI)
    for w in T:  # the key may be at any address: bytes
        for h in w:
            e("    mov.b @%s+, %s" % (D, h))
            e("    mov.b @%s+, %s" % (D, TMP))
            e("    swpb %s" % TMP)
            e("    bis %s, %s" % (TMP, h))
    e("    mov #lea128_msp430_delta, %s" % D)
    e("    mov %s, %s" % (P, END))
    e("    add #%d, %s" % (24 * 24, END))
    e("1:")
    for j, w in enumerate(T):
        e("    add @%s+, %s" % (D, w[0]))
        e("    addc @%s+, %s" % (D, w[1]))
        if j == 0:
            rol1(w)
        elif j == 1:
            for _ in range(3):
                rol1(w)
        elif j == 2:
            rol8(w, TMP)
            ror1(w)
            ror1(w)
        else:
            rol8(w, TMP)
            for _ in range(3):
                rol1(w)
    t0, t1, t2, t3 = T
    for k, w in enumerate((t3, t1, t2, t1, t0, t1)):
        e("    mov %s, %d(%s)" % (w[0], 4 * k, P))
        e("    mov %s, %d(%s)" % (w[1], 4 * k + 2, P))
    e("    add #24, %s" % P)
    e("    cmp %s, %s" % (END, P))
    e("    jne 1b")
    for r in (TMP, "r11"):  # key material in caller-saved registers
        e("    clr %s" % r)
    leave(name)
    e("    .section .rodata.lea128_msp430_delta,\"a\",@progbits")
    e("    .balign 2")
    e("lea128_msp430_delta:  ; ROL(delta[i mod 4], i + j), round i = 0..23, word j = 0..3")
    for i in range(24):
        ws = []
        for j in range(4):
            v = rotl32(LEA_DELTA[i % 4], i + j)
            ws += ["0x%04x" % (v & 0xffff), "0x%04x" % (v >> 16)]
        e("    .word " + ", ".join(ws))
    e("    .size lea128_msp430_delta, .-lea128_msp430_delta")


keysched()


def ctr_kernel():
    """void lea_msp430_ctr_run(const lea_ks *ks, lea_msp430_ctr *st, uint8_t *out,
    const uint8_t *in): st->n counter blocks (n > 0) whose bytes 0..11 are fixed
    and whose low 32 bits are st->low (big-endian value), st->c the values of
    lea_ctr_precompute; out and in even. One kernel for the three key sizes:
    rounds 0..3 compute only what depends on X3 (lea.h), rounds 4..rounds-1
    are the encryption kernel's (rk has the same layout for every key size),
    ks->rounds / 4 - 1 loops of 4 (5, 6 or 7), a count the entry works out
    once a call and keeps at 0(r1), where `mov @r1` reads it each block in
    the 2 cycles of an immediate."""
    name = "lea_msp430_ctr_run"
    ST, KS = "r15", "r14"
    LOW, N = 24, 28  # lea_msp430_ctr's offsets (lea.c asserts them); c[] at 0
    F_LOOPS, F_ST, F_OUT, F_IN, F_KS = 0, 2, 4, 6, 8  # the frame
    A, B, C, D, T = G[0], G[1], G[2], G[3], (TL, TH)  # r4:r5 .. r10:r11, r12:r13

    def rk(i, j, h=0):  # offset of RK_j of round i (lea.c's LEA_RK) half h
        return 24 * i + 4 * (4 - (j & 6) + (j & 1)) + 2 * h

    def xk(w, i, j):
        e("    xor %d(%s), %s" % (rk(i, j), KS, w[0]))
        e("    xor %d(%s), %s" % (rk(i, j, 1), KS, w[1]))

    def addc_(w, n):  # w += st->c[n]
        e("    add %d(%s), %s" % (4 * n, ST, w[0]))
        e("    addc %d(%s), %s" % (4 * n + 2, ST, w[1]))

    def mov(d, s_):
        e("    mov %s, %s" % (s_[0], d[0]))
        e("    mov %s, %s" % (s_[1], d[1]))

    def add(d, s_):
        e("    add %s, %s" % (s_[0], d[0]))
        e("    addc %s, %s" % (s_[1], d[1]))

    def rorn(w, n):
        for _ in range(n):
            ror1(w)

    def rol9(w):
        rol8(w, TL)
        rol1(w)

    entry(name, guard=False)
    e("    push r12")  # F_KS
    e("    push r15")  # F_IN
    e("    push r14")  # F_OUT
    e("    push r13")  # F_ST
    e("    mov 768(r12), r11")  # F_LOOPS = ks->rounds / 4 - 1
    e("    rra r11")
    e("    rra r11")
    e("    dec r11")
    e("    push r11")
    e(".L%s_block:" % name)
    e("    mov %d(r1), %s" % (F_ST, ST))
    e("    mov %d(r1), %s" % (F_KS, KS))
    # X3 = bswap32(low): halves (swpb(low.hi), swpb(low.lo)), in C (r8:r9)
    e("    mov %d(%s), %s" % (LOW + 2, ST, C[0]))
    e("    mov %d(%s), %s" % (LOW, ST, C[1]))
    e("    swpb %s" % C[0])
    e("    swpb %s" % C[1])
    xk(C, 0, 5)
    addc_(C, 0)
    rorn(C, 3)          # Y2 = ROR3(c0 + (X3 ^ rk0[5]))
    mov(B, C)
    xk(B, 1, 3)
    addc_(B, 1)
    rorn(B, 5)          # Z1 = ROR5(c1 + (Y2 ^ rk1[3]))
    xk(C, 1, 4)
    addc_(C, 2)
    rorn(C, 3)          # Z2 = ROR3((Y2 ^ rk1[4]) + c2)
    mov(D, B)
    xk(D, 2, 1)
    addc_(D, 3)
    rol9(D)             # W0 = ROL9(c3 + (Z1 ^ rk2[1]))
    xk(B, 2, 2)
    mov(T, C)
    xk(T, 2, 3)
    add(B, T)
    rorn(B, 5)          # W1 = ROR5((Z1 ^ rk2[2]) + (Z2 ^ rk2[3]))
    xk(C, 2, 4)
    addc_(C, 4)
    rorn(C, 3)          # W2 = ROR3((Z2 ^ rk2[4]) + c4)
    mov(A, D)
    xk(A, 3, 0)
    mov(T, B)
    xk(T, 3, 1)
    add(A, T)
    rol9(A)             # V0 = ROL9((W0 ^ rk3[0]) + (W1 ^ rk3[1]))
    xk(B, 3, 2)
    mov(T, C)
    xk(T, 3, 3)
    add(B, T)
    rorn(B, 5)          # V1 = ROR5((W1 ^ rk3[2]) + (W2 ^ rk3[3]))
    xk(C, 3, 4)
    addc_(C, 5)
    rorn(C, 3)          # V2 = ROR3((W2 ^ rk3[4]) + c5); V3 = W0 in D
    e("    add #1, %d(%s)" % (LOW, ST))  # the next counter (its run does not wrap)
    e("    adc %d(%s)" % (LOW + 2, ST))
    e("    add #%d, %s" % (4 * 24, KS))  # rk[4]
    e("    mov @r1, %s" % CNT)  # F_LOOPS
    e(".L%s_round4:" % name)
    for n in range(4):
        round_(n)
    e("    dec %s" % CNT)
    e("    jnz .L%s_round4" % name)
    e("    mov %d(r1), r15" % F_IN)
    e("    mov %d(r1), r14" % F_OUT)
    for g in range(4):
        for w in G[g]:
            e("    xor @r15+, %s" % w)
    for g in range(4):
        for h, w in enumerate(G[g]):
            e("    mov %s, %d(r14)" % (w, 4 * g + 2 * h))
    e("    add #16, %d(r1)" % F_IN)
    e("    add #16, %d(r1)" % F_OUT)
    e("    mov %d(r1), %s" % (F_ST, ST))
    e("    dec %d(%s)" % (N, ST))
    e("    jz 2f")
    e("    br #.L%s_block" % name)
    e("2:")
    e("    add #%d, r1" % (F_KS + 2))
    leave(name)


ctr_kernel()
print("\n".join(out))
