"""The frame every MSP430 kernel generator writes the same way (MSP430 EABI:
arguments in r12..r15, r4..r10 callee-saved): the output buffer, the file's
comment from the generator's docstring, a kernel's entry (its section and
symbol, the early return for nblocks == 0 in r15, r4..r10 pushed) and exit."""

from asm_out import e, header, out  # noqa: F401 (re-exported to the generators)


def entry(name, guard=True):
    """Section, symbol and label; with guard, return at once when r15
    (the block count) is zero; then r4..r10 saved."""
    e("    .section .text.%s,\"ax\",@progbits" % name)
    e("    .global %s" % name)
    e("    .type %s, @function" % name)
    e("%s:" % name)
    if guard:
        e("    tst r15")
        e("    jnz 1f")
        e("    ret")
        e("1:")
    for n in range(4, 11):
        e("    push r%d" % n)


def leave(name):
    """r10..r4 restored, return, the symbol's size."""
    for n in reversed(range(4, 11)):
        e("    pop r%d" % n)
    e("    ret")
    e("    .size %s, .-%s" % (name, name))
