"""What the 8- and 16-bit CTR kernel generators (*_ctr_avr.py,
*_ctr_msp430.py) emit alike: the block's state loaded from the counter
with counter + 1 written back (the carry through the whole block, no
branch), and the keystream xored into the input on the way out."""

from asm_out import e


def avr_load_step(regs, ptr, tmp):
    """regs (block bytes 0..n-1) = the counter at ptr (X, Y or Z), then the
    counter + 1 stored back byte by byte from the last; ptr ends where it
    started. 2 + 4 cycles a byte, + 1."""
    for r in regs:
        e("    ld %s, %s+" % (r, ptr))
    e("    sec")
    for r in reversed(regs):
        e("    mov %s, %s" % (tmp, r))
        e("    adc %s, r1" % tmp)
        e("    st -%s, %s" % (ptr, tmp))


def avr_xor_out(regs, tmp):
    """out (Y+) = in (X+) ^ regs, byte by byte."""
    for r in regs:
        e("    ld %s, X+" % tmp)
        e("    eor %s, %s" % (tmp, r))
        e("    st Y+, %s" % tmp)


def msp430_load_step(words, ptr, tmp):
    """words (the block's little-endian words) = the counter at ptr, then
    the big-endian counter + 1 stored back word by word from the last, each
    byte-swapped around its add (swpb leaves the carry alone); ptr ends
    past the block."""
    for w in words:
        e("    mov @%s+, %s" % (ptr, w))
    n = len(words)
    for i in range(n - 1, -1, -1):
        e("    mov %s, %s" % (words[i], tmp))
        e("    swpb %s" % tmp)
        e("    %s %s" % ("inc" if i == n - 1 else "adc", tmp))
        e("    swpb %s" % tmp)
        e("    mov %s, %d(%s)" % (tmp, 2 * (i - n), ptr))


def msp430_xor_out(words, inp, outp):
    """out = in (inp, post-incremented) ^ words, word by word."""
    for i, w in enumerate(words):
        e("    xor @%s+, %s" % (inp, w))
        e("    mov %s, %d(%s)" % (w, 2 * i, outp))
