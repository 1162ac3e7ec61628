"""The frame every AVR kernel generator writes the same way (avr-gcc's ABI:
arguments from r24 down, r2..r17 and r28/r29 callee-saved, r1 zero): the
output buffer, the file's comment from the generator's docstring, a
kernel's symbol, the saved registers pushed, and its exit."""

from asm_out import e, header, out  # noqa: F401 (re-exported to the generators)

SAVED = list(range(2, 18)) + [28, 29]


def symbol(name):
    """The kernel's section, global symbol and label."""
    e("    .section .text.%s,\"ax\",@progbits" % name)
    e("    .global %s" % name)
    e("    .type %s, @function" % name)
    e("%s:" % name)


def push_saved(saved=SAVED):
    for n in saved:
        e("    push r%d" % n)


def leave(name, saved=SAVED):
    """The saved registers restored, return, the symbol's size."""
    for n in reversed(saved):
        e("    pop r%d" % n)
    e("    ret")
    e("    .size %s, .-%s" % (name, name))
