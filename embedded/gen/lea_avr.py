#!/usr/bin/env python3
"""Writes src/ciphers/lea/lea_avr.S: LEA for AVR (avr5/avr51).

python3 embedded/gen/lea_avr.py > src/ciphers/lea/lea_avr.S

Kernels (docs/EMBEDDED.md, "Assembly kernels"):
- lea128_avr_encrypt: 24 rounds unrolled over five register groups, one
  free, ROR3/ROR5 as ROL5/ROL3 by mul into the free group (fast_rounds,
  102 cycles a round); lea128_avr_decrypt: the inverse rounds the same
  way in a 6-round loop (fast_inv_rounds, 103);
- lea_avr_encrypt/decrypt (LEA-192/256): the same rounds with RK1, RK3,
  RK5 loaded each before its word (118 cycles a round, the inverse 119) in
  a 6-round loop entered part-way for 28 and 32 rounds (wide_loop);
- lea128_avr_ctr_run, lea_avr_ctr_run (LEA-192/256): CTR with lea.h's
  counter precomputation (ctr_pre): c[0..5] once a run of counters, rounds
  0..3 only for the work that depends on the counter word X3, then
  LEA-128's unrolled rounds or wide_loop's 6-round body, the data xored on
  the way out;
- lea128/192/256_avr_schedule: the key schedules, C layout of rk.
The round keys are read with ldd Z+q from the C schedule (lea_ks.rk), Z
advancing 48 bytes every two rounds. No branch or address depends on key
or data.
"""

from avr_frame import SAVED, e, header, out, push_saved, symbol


T1 = [18, 19, 20, 21]
off = [0, 0, 0, 0]
PERM = [0, 1, 2, 3, 4]  # ctr_pre's logical groups 0..3 and TMP (4) -> physical groups (GR)


def reg(g, i):
    """register of logical byte i (0 = least significant) of ctr_pre's group g"""
    return GR[PERM[g]][(i + off[g]) % 4]


def tmp():
    return GR[PERM[4]]


def r(n):
    return "r%d" % n


def load_t1(d, q, shared):
    """RK1/RK3/RK5 (word q of the round at Z+d) into r18..r21: once a round
    for LEA-128 (the three are T1), before each use for LEA-192/256."""
    if not shared or q == 1:
        for i in range(4):
            e("    ldd %s, Z+%d" % (r(T1[i]), d + 4 * q + i))


header("lea_avr.py", __doc__)
e(" *")
e(" * void lea128_avr_encrypt(const lea_ks *ks, uint8_t *out, const uint8_t *in, size_t nblocks),")
e(" * the same for lea128_avr_decrypt, lea_avr_encrypt, lea_avr_decrypt.")
e(" * avr-gcc ABI: ks r25:r24, out r23:r22, in r21:r20, nblocks r19:r18.")
e(" * Frame (Y): Y+1 ks hi, +2 ks lo, +3 n hi, +4 n lo, +5 out hi, +6 out lo, +7 in hi, +8 in lo.")
e(" */")


def fn_head(name, check_zero=True):
    symbol(name)
    if check_zero:  # nblocks (r19:r18) == 0: nothing to do
        e("    cp r18, r1")
        e("    cpc r19, r1")
        e("    brne 1f")
        e("    ret")
        e("1:")




def push_frame():
    """the frame: Y+1 ks hi, +2 ks lo, +3 n hi, +4 n lo, +5 out hi, +6 out lo, +7 in hi, +8 in lo"""
    for n in (20, 21, 22, 23, 18, 19, 24, 25):
        e("    push r%d" % n)


def frame_enter(dec_at=None):
    """Save r2..r17, Y; Z's start for decryption (ks + dec_at); the frame."""
    push_saved()
    if dec_at is not None:
        e("    subi r24, lo8(-%d)" % dec_at)
        e("    sbci r25, hi8(-%d)" % dec_at)
    push_frame()


def block_load(groups, rgf, set_y=True):
    """Y = the frame (r28/r29 hold mul's constants in the rounds), the block into groups, Z = ks"""
    if set_y:
        e("    in r28, 0x3d")
        e("    in r29, 0x3e")
    e("    ldd r26, Y+8")
    e("    ldd r27, Y+7")
    for g in groups:
        for i in range(4):
            e("    ld %s, X+" % r(rgf(g, i)))
    e("    std Y+8, r26")
    e("    std Y+7, r27")
    e("    ldd r30, Y+2")
    e("    ldd r31, Y+1")


def block_store(groups, rgf, name, jump, set_y=True):
    if set_y:
        e("    in r28, 0x3d")
        e("    in r29, 0x3e")
    e("    ldd r26, Y+6")
    e("    ldd r27, Y+5")
    for g in groups:
        for i in range(4):
            e("    st X+, %s" % r(rgf(g, i)))
    e("    std Y+6, r26")
    e("    std Y+5, r27")
    next_block(name, jump)


def next_block(name, jump):
    """the frame's block count (Y+4 lo, Y+3 hi) down by one; the next block
    unless it reached zero"""
    e("    ldd r24, Y+4")
    e("    ldd r25, Y+3")
    e("    sbiw r24, 1")
    e("    std Y+4, r24")
    e("    std Y+3, r25")
    e("    breq 3f")
    e("    %s .L%s_block" % (jump, name))
    e("3:")


def xor_store(groups, rgf, q):
    """out = in ^ the block: in's pointer at Y+q[0] (lo), Y+q[1] (hi), out's
    at Y+q[2], Y+q[3] (both advanced and stored back), X = in, Z = out"""
    for n, k in zip((26, 27, 30, 31), q):
        e("    ldd r%d, Y+%d" % (n, k))
    for g in groups:
        for i in range(4):
            e("    ld r0, X+")
            e("    eor r0, %s" % r(rgf(g, i)))
            e("    st Z+, r0")
    for n, k in zip((26, 27, 30, 31), q):
        e("    std Y+%d, r%d" % (k, n))


def frame_leave(name, size):
    e("    adiw r28, %d" % size)   # drop the frame
    e("    in r0, 0x3f")
    e("    cli")
    e("    out 0x3e, r29")
    e("    out 0x3f, r0")
    e("    out 0x3d, r28")
    for n in reversed(SAVED):
        e("    pop r%d" % n)
    e("    clr r1")
    e("    ret")
    e("    .size %s, .-%s" % (name, name))


GR = [[2, 3, 4, 5], [6, 7, 8, 9], [10, 11, 12, 13], [14, 15, 16, 17], [22, 23, 24, 25]]
fo = [0] * 5  # byte offset of each group (renamed rotations by 8)


def rg(g, i):
    return GR[g][(i + fo[g]) % 4]


def mulrot(src, dst, k):
    """dst (the free group, offset 0 after) = ROL(src, 5 or 3): mul by k = 32 or 8."""
    fo[dst] = 0
    D = GR[dst]
    e("    mul %s, %s" % (r(rg(src, 0)), k))
    e("    movw %s, r0" % r(D[0]))
    e("    mul %s, %s" % (r(rg(src, 2)), k))
    e("    movw %s, r0" % r(D[2]))
    e("    mul %s, %s" % (r(rg(src, 1)), k))
    e("    or %s, r0" % r(D[1]))
    e("    or %s, r1" % r(D[2]))
    e("    mul %s, %s" % (r(rg(src, 3)), k))
    e("    or %s, r0" % r(D[3]))
    e("    or %s, r1" % r(D[0]))


def xadd(dst, src, q):
    """dst = (dst ^ T1) + (src ^ the round-key word at Z+q), byte by byte through r26"""
    for i in range(4):
        e("    ldd r26, Z+%d" % (q + i))
        e("    eor r26, %s" % r(rg(src, i)))
        e("    eor %s, %s" % (r(rg(dst, i)), r(T1[i])))
        e("    %s %s, r26" % ("add" if i == 0 else "adc", r(rg(dst, i))))


def fast_rounds(G, F, n, par0=0, shared=True, adv_last=False):
    """n LEA rounds from Z (the first of them at Z+24*par0; Z advances 48
    bytes after each odd round, but after the last unless adv_last); X0..X3
    in groups G, F free; r27 = 0, r28 = 8, r29 = 32. shared (LEA-128): T1 =
    RK1 = RK3 = RK5 loaded once a round; otherwise (LEA-192/256) RK5, RK3,
    RK1 each before its word (8 cycles more each). Returns the new (G, F)."""
    for k in range(n):
        rnd = par0 + k
        d = 24 * (rnd % 2)
        e("    ; round: X0..X3 in groups %s, free %d" % (G, F))
        for i in range(4):
            e("    ldd %s, Z+%d" % (r(T1[i]), d + (4 if shared else 20) + i))
        xadd(G[3], G[2], d + 16)
        mulrot(G[3], F, "r29")          # ROL5
        fo[F] = (fo[F] + 1) % 4         # ROR8: rename
        if not shared:
            load_t1(d, 3, False)
        xadd(G[2], G[1], d + 8)
        mulrot(G[2], G[3], "r28")       # ROL3
        fo[G[3]] = (fo[G[3]] + 1) % 4
        if not shared:
            load_t1(d, 1, False)
        xadd(G[1], G[0], d)
        fo[G[1]] = (fo[G[1]] + 3) % 4   # ROL8: rename
        e("    lsl %s" % r(rg(G[1], 0)))
        for i in (1, 2, 3):
            e("    rol %s" % r(rg(G[1], i)))
        e("    adc %s, r27" % r(rg(G[1], 0)))
        G, F = [G[1], G[3], F, G[0]], G[2]
        if rnd % 2 and (adv_last or k != n - 1):
            e("    adiw r30, 48")
    return G, F


def fast_inv_rounds(G, F, n, shared=True, par0=0):
    """n LEA-128 inverse rounds, the last round first (Z at the keys of the
    pair of rounds being undone: the odd step reads Z+0, the even Z+24; Z
    goes back 48 bytes after each odd step); W0..W3 (the round's outputs) in
    groups G, F free. X1 = (ROR9(W0) - (X0 ^ RK0)) ^ T1 in W0's group (ROR8
    a rename, ROR1 through r0: 6 cycles), X2 = (ROL5(W1) - (X1 ^ RK2)) ^ T1
    with ROL5 by mul 32 into the free group, X3 = (ROL3(W2) - (X2 ^ RK4)) ^ T1
    with ROL3 by mul 8 into W1's old group; X0 = W3. Returns (G, F) for
    the round before. shared (LEA-128): T1 = RK1 = RK3 = RK5 loaded once a
    round; otherwise RK1, RK3, RK5 each before its word."""
    for k in range(n):
        s = par0 + k
        d = 24 * (1 - s % 2)
        e("    ; inverse round: W0..W3 in groups %s, free %d" % (G, F))
        for i in range(4):
            e("    ldd %s, Z+%d" % (r(T1[i]), d + 4 + i))
        fo[G[0]] = (fo[G[0]] + 1) % 4  # ROR8: rename
        e("    mov r0, %s" % r(rg(G[0], 0)))
        e("    lsr r0")
        for i in (3, 2, 1, 0):
            e("    ror %s" % r(rg(G[0], i)))

        def xsub(dst, src, q):
            for i in range(4):
                e("    ldd r26, Z+%d" % (q + i))
                e("    eor r26, %s" % r(rg(src, i)))
                e("    %s %s, r26" % ("sub" if i == 0 else "sbc", r(rg(dst, i))))
                e("    eor %s, %s" % (r(rg(dst, i)), r(T1[i])))
        xsub(G[0], G[3], d)
        mulrot(G[1], F, "r29")      # ROL5
        if not shared:
            load_t1(d, 3, False)
        xsub(F, G[0], d + 8)
        mulrot(G[2], G[1], "r28")   # ROL3
        if not shared:
            load_t1(d, 5, False)
        xsub(G[1], F, d + 16)
        G, F = [G[3], G[0], F, G[1]], G[2]
        if s % 2:
            e("    sbiw r30, 48")
    return G, F


def decrypt128_loop(name):
    """LEA-128 decryption: fast_inv_rounds in a 6-round loop (the names
    come back after six inverse rounds once the state is on their cycle:
    the block is loaded straight into the names of that cycle), 4 times."""
    for g in range(5):
        fo[g] = 0
    # find a state on the cycle: one dry step from the plain names
    mark = len(out)
    G, F = fast_inv_rounds([0, 1, 2, 3], 4, 1)
    del out[mark:]
    G0, F0, fo0 = list(G), F, list(fo)
    fn_head(name)
    frame_enter(528)  # Z starts at rk[22] (rounds 23 and 22 first)
    e(".L%s_block:" % name)
    block_load(G0, rg)
    e("    ldi r27, 4")
    e("    ldi r28, 8")
    e("    ldi r29, 32")
    e(".L%s_round6:" % name)
    G, F = fast_inv_rounds(G0, F0, 6)
    assert G == G0 and F == F0 and all(fo[g] == fo0[g] for g in G0)
    e("    dec r27")
    e("    breq 2f")
    e("    rjmp .L%s_round6" % name)
    e("2:")
    block_store(G, rg, name, "rjmp")
    frame_leave(name, 8)


def encrypt128_unrolled(name):
    """LEA-128 encryption, 24 rounds unrolled, 102 cycles a round.
    Five register groups (r2..r17, r22..r25): four hold X0..X3, one is free.
    A round (T1 = RK1 = RK3 = RK5 loaded once into r18..r21):
      X'2: X3 ^= T1, t = X2 ^ RK4 byte by byte (one temporary, r26: eor
           leaves the carry alone), X3 += t; ROR3 = ROR8(ROL5), the ROL5 by
           mul 32 into the free group (out_i = lo(b_i * 32) | hi(b_(i-1) * 32):
           4 mul, 2 movw, 4 or = 14 cycles), the ROR8 a rename; X3's group is free;
      X'1: the same in X2's group, ROR5 = ROR8(ROL3) by mul 8 into X3's old group;
      X'0: in X1's group, ROL9 = ROL8 (rename) + ROL1 (5 cycles, r27 = 0).
    The ROL8/ROR8 renames and the moving free group change the names every
    round; the generator follows them through the 24 rounds. k8 and k32
    (mul's constants) live in r28/r29, the frame pointer between blocks."""
    for g in range(5):
        fo[g] = 0
    fn_head(name)
    frame_enter()
    e(".L%s_block:" % name)
    G, F = [0, 1, 2, 3], 4
    block_load(G, rg)
    e("    clr r27")
    e("    ldi r28, 8")
    e("    ldi r29, 32")
    G, F = fast_rounds(G, F, 24)
    block_store(G, rg, name, "jmp")
    frame_leave(name, 8)


def wide_states(one):
    """The names (G, F, fo) before each round j of a 6-round body of one(G,
    F, j) rounds, once on their cycle (one dry pass from the plain names)."""
    for g in range(5):
        fo[g] = 0
    mark = len(out)
    G, F = [0, 1, 2, 3], 4
    for j in range(6):  # dry: onto the cycle
        G, F = one(G, F, j)
    states = []
    for j in range(6):
        states.append((list(G), F, list(fo)))
        G, F = one(G, F, j)
    del out[mark:]
    assert G == states[0][0] and F == states[0][1] and all(fo[g] == states[0][2][g] for g in G)
    return states


def wide_body(name, one, states):
    """The 6-round body (labels .L<name>_r0..r5, the names of states[0] at
    r0), run as many passes as the count on top of the stack (popped after).
    Returns the groups of X0..X3 after it."""
    G, F, fo0 = states[0]
    for g in range(5):
        fo[g] = fo0[g]
    for j in range(6):
        e(".L%s_r%d:" % (name, j))
        G, F = one(G, F, j)
    assert G == states[0][0] and F == states[0][1] and all(fo[g] == fo0[g] for g in G)
    e("    pop r26")
    e("    dec r26")
    e("    push r26")
    e("    breq 3f")
    e("    rjmp .L%s_r0" % name)
    e("3:")
    e("    pop r26")
    return G


def wide_loop(name, dec, rounds=(28, 32)):
    """LEA-192/256 (28 or 32 rounds, read from lea_ks.rounds at offset 768):
    LEA-128's fast rounds (mul rotations, the free group) with RK1, RK3,
    RK5 loaded each before its word, in a 6-round loop (the names come back
    after six rounds once the state is on their cycle). 28 and 32 are not
    multiples of 6: the first pass enters the loop body part-way, at round
    j = (6 - R mod 6) mod 6 (even), with the block loaded into the names of
    that point (Z at the first round's keys), so that the passes make
    exactly R rounds (the round count is public). The pass count is kept
    on the stack (r26..r29 hold the temporary and mul's constants)."""
    nframe = 9

    def one(G, F, j):
        if dec:
            return fast_inv_rounds(G, F, 1, shared=False, par0=j)
        return fast_rounds(G, F, 1, par0=j, shared=False, adv_last=True)
    states = wide_states(one)
    fn_head(name)
    push_saved()
    e("    movw r30, r24")
    e("    subi r30, lo8(-768)")
    e("    sbci r31, hi8(-768)")
    e("    ld r26, Z")
    e("    push r26")         # Y+9: the round count
    push_frame()
    e(".L%s_block:" % name)
    e("    in r28, 0x3d")
    e("    in r29, 0x3e")
    e("    ldd r26, Y+%d" % nframe)
    for n, R in enumerate(rounds):
        j = (6 - R % 6) % 6
        if n != len(rounds) - 1:
            e("    cpi r26, %d" % R)
            e("    breq 1f")
            e("    rjmp 2f")
            e("1:")
        Gj, Fj, foj = states[j]
        for g in range(5):
            fo[g] = foj[g]
        block_load(Gj, rg, set_y=False)
        if dec:  # Z at rk[R - 2]: body round j (even) reads rk[R - 1] at Z+24
            e("    subi r30, lo8(-%d)" % (24 * (R - 2)))
            e("    sbci r31, hi8(-%d)" % (24 * (R - 2)))
        e("    ldi r26, %d" % ((R + j) // 6))
        e("    push r26")
        e("    clr r27")
        e("    ldi r28, 8")
        e("    ldi r29, 32")
        e("    rjmp .L%s_r%d" % (name, j))
        if n != len(rounds) - 1:
            e("2:")
    G = wide_body(name, one, states)
    block_store(G, rg, name, "rjmp")
    frame_leave(name, nframe)


encrypt128_unrolled("lea128_avr_encrypt")
decrypt128_loop("lea128_avr_decrypt")
wide_loop("lea_avr_encrypt", False)
wide_loop("lea_avr_decrypt", True)


DELTA = [0xc3efe9db, 0x44626b02, 0x79e27c8a, 0x78df30ec, 0x715ea49e, 0xc785da0a, 0xe04ef22a, 0xe5c40957]


def rol32(x, n):
    n %= 32
    return ((x << n) | (x >> (32 - n))) & 0xffffffff if n else x


def schedule128():
    """void lea128_avr_schedule(uint32_t rk[24][6], const uint8_t key[16]):
    the C layout (T0, T1, T2, T1, T3, T1 a round), stored with st X+.
    T0..T3 in r2..r17 (T2 and T3 carry byte offsets: their ROL6 = ROL8 +
    ROR2 and ROL11 = ROL8 + ROL3, the ROL8 a rename; a 4-round body brings
    the offsets back). delta: ROL(delta[i mod 4], i) read from flash
    (lea128_avr_delta, lpm Z+) into r18..r21, rotated left by one between
    the four words. A round is 137 cycles; no branch or address depends on
    the key."""
    name = "lea128_avr_schedule"
    T = [[2 + 4 * g + j for j in range(4)] for g in range(4)]
    so = [0, 0, 0, 0]
    D = [18, 19, 20, 21]

    def tr(g, i):
        return T[g][(i + so[g]) % 4]

    def rol1(regs):
        e("    lsl %s" % r(regs[0]))
        for i in (1, 2, 3):
            e("    rol %s" % r(regs[i]))
        e("    adc %s, r1" % r(regs[0]))

    def ror1s(regs, n):
        e("    mov r0, %s" % r(regs[0]))
        for _ in range(n):
            e("    lsr r0")
            for i in (3, 2, 1, 0):
                e("    ror %s" % r(regs[i]))

    def add(g):
        for i in range(4):
            e("    %s %s, %s" % ("add" if i == 0 else "adc", r(tr(g, i)), r(D[i])))

    e("    .section .progmem.data.lea128_avr_delta,\"a\",@progbits")
    e("    .type lea128_avr_delta, @object")
    e("lea128_avr_delta:  ; ROL(delta[i mod 4], i), i = 0..23, little-endian")
    for i in range(24):
        v = rol32(DELTA[i % 4], i)
        e("    .byte " + ", ".join("0x%02x" % ((v >> (8 * j)) & 255) for j in range(4)))
    e("    .size lea128_avr_delta, .-lea128_avr_delta")
    symbol(name)
    for n in range(2, 18):
        e("    push r%d" % n)
    e("    movw r26, r22")
    for g in range(4):
        for i in range(4):
            e("    ld %s, X+" % r(tr(g, i)))
    e("    movw r26, r24")
    e("    ldi r30, lo8(lea128_avr_delta)")
    e("    ldi r31, hi8(lea128_avr_delta)")
    e("    ldi r22, 6")
    e(".L%s_round4:" % name)
    for _ in range(4):
        for i in range(4):
            e("    lpm %s, Z+" % r(D[i]))
        add(0)
        rol1([tr(0, i) for i in range(4)])
        rol1(D)
        add(1)
        for _ in range(3):
            rol1([tr(1, i) for i in range(4)])
        rol1(D)
        add(2)
        so[2] = (so[2] + 3) % 4  # ROL8: rename
        ror1s([tr(2, i) for i in range(4)], 2)
        rol1(D)
        add(3)
        so[3] = (so[3] + 3) % 4
        for _ in range(3):
            rol1([tr(3, i) for i in range(4)])
        for g in (0, 1, 2, 1, 3, 1):
            for i in range(4):
                e("    st X+, %s" % r(tr(g, i)))
    assert so == [0, 0, 0, 0]
    e("    dec r22")
    e("    breq 1f")
    e("    rjmp .L%s_round4" % name)
    e("1:")
    e("    clr r0")  # a key byte; r2..r17 get the caller's values back, r18..r21 hold public deltas
    for n in reversed(range(2, 18)):
        e("    pop r%d" % n)
    e("    ret")
    e("    .size %s, .-%s" % (name, name))


def ctr_pre(name, wide=False):
    """void lea128_avr_ctr_run(lea_avr_ctr *a) (wide: lea_avr_ctr_run, the
    same for LEA-192/256): CTR over a->n blocks whose counters differ only
    in bytes 12..15 (X3). First lea_ctr_pre's six values (lea.h: the work
    of rounds 0..3 that does not depend on X3), from the counter's bytes
    0..11; then for each block rounds 0..3 with them. Y points to the
    argument block (offsets pinned by _Static_asserts in lea.c): c[6] at 0
    (written here), the counter's bytes 12..15 at 24 (incremented
    big-endian, written back), in 28, out 30, n 32, ks 34, the counter's
    bytes 0..11 at 36.
    Rounds 0..3 (logical groups: the counter word X3 in g3; LEA-128's T1 =
    RK1 = RK3 = RK5, LEA-192/256 load the word before each use):
      0: Y2 = ROR3(c0 + (X3 ^ RK5))                     -> g3
      1: Z2 = ROR3((Y2 ^ RK4) + c2)                     -> g0
         Z1 = ROR5(c1 + (Y2 ^ RK3))                     -> g3
      2: W2 = ROR3((Z2 ^ RK4) + c4)                     -> g1
         W1 = ROR5((Z1 ^ RK2) + (Z2 ^ RK3))             -> g0
         W0 = ROL9(c3 + (Z1 ^ RK1))                     -> g3
      3: V2 = ROR3((W2 ^ RK4) + c5), V1, V0 as usual    -> g2, g1, g0; V3 = W0 in g3
    LEA-128: then rounds 4..23 as lea128_avr_encrypt's (unrolled). LEA-192/256
    (28 or 32 rounds, ks->rounds, public): rounds 0..3 written once for each
    (the logical groups mapped onto the physical ones, PERM and the byte
    offsets chosen so that V lands in the names of the body round where
    that size enters), then rounds 4.. in lea_avr_encrypt's 6-round body,
    entered at round j = (6 - (R - 4) mod 6) mod 6. Then out = in ^ V."""
    for g in range(4):
        off[g] = 0
    PERM[:] = [0, 1, 2, 3, 4]

    def word(g):
        return [reg(g, i) for i in range(4)]

    def ld_y(regs, q):
        for i in range(4):
            e("    ldd %s, Y+%d" % (r(regs[i]), q + i))

    def ld_z(regs, q):
        for i in range(4):
            e("    ldd %s, Z+%d" % (r(regs[i]), q + i))

    def eor(dst, src):
        for i in range(4):
            e("    eor %s, %s" % (r(dst[i]), r(src[i])))

    def add(dst, src):
        for i in range(4):
            e("    %s %s, %s" % ("add" if i == 0 else "adc", r(dst[i]), r(src[i])))

    def ror3(g):
        e("    mov r0, %s" % r(reg(g, 0)))
        for _ in range(3):
            e("    lsr r0")
            for i in (3, 2, 1, 0):
                e("    ror %s" % r(reg(g, i)))

    def rol(g, n):
        for _ in range(n):
            e("    lsl %s" % r(reg(g, 0)))
            for i in (1, 2, 3):
                e("    rol %s" % r(reg(g, i)))
            e("    adc %s, r1" % r(reg(g, 0)))

    def ror5(g):
        off[g] = (off[g] + 1) % 4
        rol(g, 3)

    def rol9(g):
        off[g] = (off[g] + 3) % 4
        rol(g, 1)

    def st_y(regs, q):
        for i in range(4):
            e("    std Y+%d, %s" % (q + i, r(regs[i])))

    def c_out(kq, g, yq):
        """c at Y+yq = group g ^ the round-key word at Z+kq"""
        ld_z(tmp(), kq)
        eor(tmp(), word(g))
        st_y(tmp(), yq)

    def xsum(dst, t1q, src, kq, rot):
        """dst = rot((dst ^ RK at Z+t1q) + (src ^ RK at Z+kq))"""
        ld_z(T1, t1q)
        eor(word(dst), T1)
        ld_z(tmp(), kq)
        eor(tmp(), word(src))
        add(word(dst), tmp())
        rot(dst)

    def fresh(dst, cq, src, kq, rot):
        """dst (a group holding nothing live) = rot(c at Y+cq + (src ^ RK at Z+kq))"""
        ld_y(word(dst), cq)
        ld_z(tmp(), kq)
        eor(tmp(), word(src))
        add(word(dst), tmp())
        rot(dst)

    def inplace(dst, rot, t1q, src=None, kq=None, cq=None):
        """dst = rot((dst ^ RK at Z+t1q) + (src ^ RK at Z+kq), or + c at
        Y+cq); LEA-128 has it in T1 already (RK1 = RK3 = RK5)"""
        if wide:
            ld_z(T1, t1q)
        eor(word(dst), T1)
        if cq is None:
            ld_z(tmp(), kq)
            eor(tmp(), word(src))
        else:
            ld_y(tmp(), cq)
        add(word(dst), tmp())
        rot(dst)

    def precompute():
        """lea_ctr_precompute in lea.c, once a run, from the counter's bytes
        0..11 at Y+36: x0..x2 in g0..g2"""
        e("    ldd r30, Y+34")
        e("    ldd r31, Y+35")
        for g in range(3):
            ld_y(word(g), 36 + 4 * g)
        c_out(16, 2, 0)                 # c0 = x2 ^ k0[4]
        c_out(44, 0, 8)                 # c2 = x0 ^ k1[5]
        xsum(2, 12, 1, 8, ror5)         # y1 = ROR5((x1 ^ k0[2]) + (x2 ^ k0[3])) in g2
        xsum(1, 4, 0, 0, rol9)          # y0 = ROL9((x0 ^ k0[0]) + (x1 ^ k0[1])) in g1
        c_out(32, 2, 4)                 # c1 = y1 ^ k1[2]
        xsum(2, 28, 1, 24, rol9)        # z0 = ROL9((y0 ^ k1[0]) + (y1 ^ k1[1])) in g2
        e("    adiw r30, 48")
        c_out(0, 2, 12)                 # c3 = z0 ^ k2[0]
        c_out(20, 1, 16)                # c4 = y0 ^ k2[5]
        c_out(44, 2, 20)                # c5 = z0 ^ k3[5]

    def rounds0_3():
        """the next counter back, rounds 0..3 from Z = ks (Z at rk[4] after)"""
        e("    ldd r30, Y+34")
        e("    ldd r31, Y+35")
        # the counter word X3 into g3, the next counter back
        ld_y(word(3), 24)
        if wide:  # (bytes 12..15 = r18..r21: T1, loaded after)
            cw = T1
            for i in range(4):
                e("    mov %s, %s" % (r(cw[i]), r(reg(3, i))))
        else:
            cw = [22, 23, 24, 25]
            e("    movw r22, %s" % r(reg(3, 0)))
            e("    movw r24, %s" % r(reg(3, 2)))
        e("    subi %s, 0xff" % r(cw[3]))  # + 1, big-endian
        e("    sbci %s, 0xff" % r(cw[2]))
        e("    sbci %s, 0xff" % r(cw[1]))
        e("    sbci %s, 0xff" % r(cw[0]))
        for i in range(4):
            e("    std Y+%d, %s" % (24 + i, r(cw[i])))
        e("    ; round 0")
        if not wide:
            ld_z(T1, 4)
        inplace(3, ror3, 20, cq=0)             # Y2 = ROR3(c0 + (X3 ^ RK5))
        e("    ; round 1")
        if not wide:
            ld_z(T1, 28)
        fresh(0, 8, 3, 40, ror3)               # Z2 = ROR3((Y2 ^ RK4) + c2)
        inplace(3, ror5, 36, cq=4)             # Z1 = ROR5(c1 + (Y2 ^ RK3))
        e("    adiw r30, 48")
        e("    ; round 2")
        if not wide:
            ld_z(T1, 4)
        fresh(1, 16, 0, 16, ror3)              # W2 = ROR3((Z2 ^ RK4) + c4)
        inplace(0, ror5, 12, src=3, kq=8)      # W1 = ROR5((Z1 ^ RK2) + (Z2 ^ RK3))
        inplace(3, rol9, 4, cq=12)             # W0 = ROL9(c3 + (Z1 ^ RK1))
        e("    ; round 3: W0 g3, W1 g0, W2 g1")
        if not wide:
            ld_z(T1, 28)
        fresh(2, 20, 1, 40, ror3)              # V2 = ROR3((W2 ^ RK4) + c5)
        inplace(1, ror5, 36, src=0, kq=32)     # V1
        inplace(0, rol9, 28, src=3, kq=24)     # V0
        e("    adiw r30, 48")

    def tail(G, jump):
        """out = in ^ V (Y back), n down by one, the next block"""
        xor_store(G, rg, (28, 29, 30, 31))
        e("    ldd r24, Y+32")
        e("    ldd r25, Y+33")
        e("    sbiw r24, 1")
        e("    std Y+32, r24")
        e("    std Y+33, r25")
        e("    breq 3f")
        jump()
        e("3:")
        e("    clr r0")
        for n in reversed(list(range(2, 18)) + [28, 29]):
            e("    pop r%d" % n)
        e("    ret")
        e("    .size %s, .-%s" % (name, name))

    fn_head(name, check_zero=False)
    push_saved()
    e("    movw r28, r24")
    precompute()
    if not wide:
        for g in range(4):
            off[g] = 0
        e(".L%s_block:" % name)
        rounds0_3()
        # V0..V3 in g0..g3: rounds 4..23 as lea128_avr_encrypt's (Y saved: r28/r29 hold mul's constants)
        for g in range(4):
            fo[g] = off[g]
        fo[4] = 0
        e("    push r28")
        e("    push r29")
        e("    clr r27")
        e("    ldi r28, 8")
        e("    ldi r29, 32")
        G, F = fast_rounds([0, 1, 2, 3], 4, 20)
        e("    pop r29")
        e("    pop r28")
        e("    clr r1")  # mul left it; rounds 0..3 of the next block add it as zero
        tail(G, lambda: e("    jmp .L%s_block" % name))
    else:
        def one(G, F, j):
            return fast_rounds(G, F, 1, par0=j, shared=False, adv_last=True)
        states = wide_states(one)
        e("    ldd r30, Y+34")  # the round count (public) picks the entry
        e("    ldd r31, Y+35")
        e("    subi r30, lo8(-768)")
        e("    sbci r31, hi8(-768)")
        e("    ld r18, Z")
        e("    cpi r18, 28")
        e("    breq .L%s_b28" % name)
        e("    rjmp .L%s_b32" % name)
        for R in (28, 32):
            j = (6 - (R - 4) % 6) % 6
            Gj, Fj, foj = states[j]
            PERM[:] = Gj + [Fj]
            mark = len(out)  # dry: the byte offsets rounds 0..3 add
            for g in range(4):
                off[g] = 0
            rounds0_3()
            delta = list(off)
            del out[mark:]
            for i in range(4):
                off[i] = (foj[Gj[i]] - delta[i]) % 4
            e(".L%s_b%d:" % (name, R))
            rounds0_3()
            assert all(off[i] == foj[Gj[i]] for i in range(4))
            e("    ldi r26, %d" % R)
            e("    push r26")  # which entry the next block takes
            e("    push r28")
            e("    push r29")
            e("    ldi r26, %d" % ((R - 4 + j) // 6))
            e("    push r26")  # the pass count
            e("    clr r27")
            e("    ldi r28, 8")
            e("    ldi r29, 32")
            e("    rjmp .L%s_r%d" % (name, j))
        PERM[:] = [0, 1, 2, 3, 4]
        G = wide_body(name, one, states)
        e("    pop r29")
        e("    pop r28")
        e("    pop r18")
        e("    clr r1")  # mul left it; rounds 0..3 of the next block add it as zero

        def again():
            e("    cpi r18, 28")
            e("    brne 4f")
            e("    rjmp .L%s_b28" % name)
            e("4:")
            e("    rjmp .L%s_b32" % name)
        tail(G, again)
    for g in range(4):
        off[g] = 0


def schedule_wide(nk):
    """void lea{192,256}_avr_schedule(uint32_t rk[][6], const uint8_t key[24 or 32]):
    the C layout, each round's six words T[(6i + k) mod nk] (nk = 6 or 8)
    updated in a stack frame that holds T (wiped at the end). A word: ldd
    from the frame, += ROL(delta[i mod nk], i + k) (r22..r25: read from the
    flash table for k = 0, rotated left by one for each next k), the
    rotation by 1, 3, 6, 11, 13, 17 as byte renames + 1-3 shifts, std back
    and st X+ into rk. A body of 4 rounds for nk = 8 (the word indices
    repeat every 4 rounds), of 1 for nk = 6; no branch or address depends
    on the key."""
    rounds = {6: 28, 8: 32}[nk]
    name = "lea%d_avr_schedule" % (nk * 32)
    tab = "lea%d_avr_delta" % (nk * 32)
    W = [18, 19, 20, 21]
    D = [22, 23, 24, 25]
    e("    .section .progmem.data.%s,\"a\",@progbits" % tab)
    e("    .type %s, @object" % tab)
    e("%s:  ; ROL(delta[i mod %d], i), i = 0..%d, little-endian" % (tab, nk, rounds - 1))
    for i in range(rounds):
        v = rol32(DELTA[i % nk], i)
        e("    .byte " + ", ".join("0x%02x" % ((v >> (8 * j)) & 255) for j in range(4)))
    e("    .size %s, .-%s" % (tab, tab))
    symbol(name)
    e("    push r16")
    e("    push r28")
    e("    push r29")
    fb = 4 * nk
    e("    in r28, 0x3d")
    e("    in r29, 0x3e")
    e("    sbiw r28, %d" % fb)
    e("    in r0, 0x3f")
    e("    cli")
    e("    out 0x3e, r29")
    e("    out 0x3f, r0")
    e("    out 0x3d, r28")
    e("    movw r26, r22")  # T = key words, into the frame at Y+1
    for j in range(fb):
        e("    ld r0, X+")
        e("    std Y+%d, r0" % (1 + j))
    e("    movw r26, r24")
    e("    ldi r30, lo8(%s)" % tab)
    e("    ldi r31, hi8(%s)" % tab)
    body = 4 if nk == 8 else 1
    e("    ldi r16, %d" % (rounds // body))
    e(".L%s_body:" % name)
    for i in range(body):
        for j in range(4):
            e("    lpm %s, Z+" % r(D[j]))
        for k in range(6):
            if k:
                e("    lsl %s" % r(D[0]))
                for j in (1, 2, 3):
                    e("    rol %s" % r(D[j]))
                e("    adc %s, r1" % r(D[0]))
            w = (6 * i + k) % nk
            for j in range(4):
                e("    ldd %s, Y+%d" % (r(W[j]), 1 + 4 * w + j))
            for j in range(4):
                e("    %s %s, %s" % ("add" if j == 0 else "adc", r(W[j]), r(D[j])))
            rot = [1, 3, 6, 11, 13, 17][k]
            nbytes = (rot + 3) // 8  # whole bytes rotated left (renames), the rest -3..+3 bit shifts
            bits = rot - 8 * nbytes
            wo = (4 - nbytes) % 4  # logical byte j of the result is physical W[(j + wo) % 4]
            # shifts act on the value before the byte rotation: physical order is the old logical order
            if bits > 0:
                for _ in range(bits):
                    e("    lsl %s" % r(W[0]))
                    for j in (1, 2, 3):
                        e("    rol %s" % r(W[j]))
                    e("    adc %s, r1" % r(W[0]))
            elif bits < 0:
                e("    mov r0, %s" % r(W[0]))
                for _ in range(-bits):
                    e("    lsr r0")
                    for j in (3, 2, 1, 0):
                        e("    ror %s" % r(W[j]))
            for j in range(4):
                e("    std Y+%d, %s" % (1 + 4 * w + j, r(W[(j + wo) % 4])))
            for j in range(4):
                e("    st X+, %s" % r(W[(j + wo) % 4]))
    e("    dec r16")
    e("    breq 1f")
    e("    rjmp .L%s_body" % name)
    e("1:")
    for j in range(fb):  # wipe T
        e("    std Y+%d, r1" % (1 + j))
    for j in W:
        e("    clr %s" % r(j))
    e("    clr r0")
    e("    adiw r28, %d" % fb)
    e("    in r0, 0x3f")
    e("    cli")
    e("    out 0x3e, r29")
    e("    out 0x3f, r0")
    e("    out 0x3d, r28")
    e("    pop r29")
    e("    pop r28")
    e("    pop r16")
    e("    ret")
    e("    .size %s, .-%s" % (name, name))


ctr_pre("lea128_avr_ctr_run")
ctr_pre("lea_avr_ctr_run", wide=True)
schedule128()
schedule_wide(6)
schedule_wide(8)
print("\n".join(out))
