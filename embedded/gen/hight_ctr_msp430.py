#!/usr/bin/env python3
"""Writes src/ciphers/hight/hight_ctr_msp430.S: HIGHT CTR for MSP430.

python3 embedded/gen/hight_ctr_msp430.py > src/ciphers/hight/hight_ctr_msp430.S

Design (docs/EMBEDDED.md, "CTR kernels"): the encryption kernel's block,
whitening and 32 rounds (hight_msp430.py's emitters: one byte a register,
the pointers in a stack frame), with the counter block built in the kernel
and the data xored there, instead of counters laid out in a chunk by C,
encrypted and xored by C (arx_ctr_blocks' generic path):
- the counter precomputation, as on AVR (hight_ctr_avr.py): the frame's
  pointer is to hight.c's 9 bytes, round 2's input for the counter's fixed
  bytes 0..6 and the low byte c; each block loads the state, xors c in,
  steps c (add.b, no carry: hight.c splits a call where c wraps, by the
  public counter and length), does round 2's first branch and enters the
  loop body after its second round (30 rounds left);
- the keystream is xored into the input on the way out (xor.b @in+, mov.b).
Bytes only, so any alignment.
"""

from asm_out import emitters

k = emitters("hight_msp430")
e, out = k.e, k.out
T, A, K = k.T, k.A, k.K
S_IN, S_OUT, S_N, S_KS, S_END, S_CTR = 0, 2, 4, 6, 8, 10

k.header("hight_ctr_msp430.py", __doc__)
e(" *")
e(" * void hight_msp430_ctr_run(const hight_ks *ks, uint8_t pre[9], uint8_t *out, const uint8_t *in,")
e(" *                           size_t nblocks)")
e(" * out = in ^ E(ctr), E(ctr + 1), ... over nblocks (> 0) blocks, ctr's low byte pre[8] + nblocks")
e(" * <= 256 (the caller's split); pre[8] advanced by nblocks.")
e(" * MSP430 EABI: ks r12, pre r13, out r14, in r15, nblocks on the stack; r4..r10 saved.")
e(" */")

name = "hight_msp430_ctr_run"
k.names = ["r%d" % (4 + i) for i in range(8)]
names = k.names
k.entry(name, guard=False)
e("    sub #12, r1")
e("    mov 28(r1), %d(r1)" % S_N)  # past the frame, the 7 saved registers and the return address
e("    mov r15, %d(r1)" % S_IN)
e("    mov r14, %d(r1)" % S_OUT)
e("    mov r13, %d(r1)" % S_CTR)
e("    mov r12, %d(r1)" % S_KS)
e("    add #136, r12")
e("    mov r12, %d(r1)" % S_END)
e(".L%s_block:" % name)
e("    mov %d(r1), %s" % (S_CTR, T))
k.names = names[7:] + names[:7]  # round 2's input, precomputed by hight.c
for j in range(8):
    e("    mov.b %d(%s), %s" % (j, T, k.names[j]) if j else "    mov.b @%s, %s" % (T, k.names[j]))
e("    xor.b 8(%s), %s" % (T, k.names[0]))  # x0 ^= c
e("    add.b #1, 8(%s)" % T)  # c + 1 (the caller's split: no wrap inside a call)
e("    mov %d(r1), %s" % (S_KS, K))
k.branch(0, False, "12(%s)" % K)  # round 2's first branch, sk[4]
e("    add #16, %s" % K)  # round 3's subkeys
e("    br #.L%s_mid" % name)
k.names = list(names)  # the loop body from round 1's names; .._mid after its second round
e(".L%s_loop:" % name)
for r in range(8):
    if r == 2:
        e(".L%s_mid:" % name)
    k.enc_round()
assert k.names == names
e("    cmp %d(r1), %s" % (S_END, K))
e("    jeq 2f")
e("    br #.L%s_loop" % name)
e("2:")
e("    mov %d(r1), %s" % (S_KS, K))
for w in range(4):  # final: out_j = x_{j+1}, out0 += wk4, out2 ^= wk5, out4 += wk6, out6 ^= wk7
    e("    %s.b %d(%s), %s" % ("xor" if w % 2 else "add", w + 4, K, names[(2 * w + 1) % 8]))
e("    mov %d(r1), %s" % (S_IN, T))
e("    mov %d(r1), %s" % (S_OUT, A))
for j in range(8):
    e("    xor.b @%s+, %s" % (T, names[(j + 1) % 8]))
    e("    mov.b %s, %d(%s)" % (names[(j + 1) % 8], j, A))
e("    mov %s, %d(r1)" % (T, S_IN))
e("    add #8, %d(r1)" % S_OUT)
e("    dec %d(r1)" % S_N)
e("    jz 3f")
e("    br #.L%s_block" % name)
e("3:")
e("    add #12, r1")
k.leave(name)
print("\n".join(out))
