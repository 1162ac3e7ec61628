"""MSP430 (MSP430x1xx CPU, not CPUX) instruction cycles from TI's tables.

Source: MSP430x1xx Family User's Guide (SLAU049F), section 3.4.4,
"Instruction Cycles and Lengths": Table 3-14 (interrupt/reset), 3-15
(format II, single operand), 3-16 (format I, double operand); every jump
takes 2 cycles, taken or not. Constant-generator sources (#0, #1, #2, #-1
through R3; #4, #8 through R2) are register-mode operands and cost what a
register does: that is where mspdebug's own counter is wrong.

cycles(word) -> cycles of the instruction whose first word is `word`.
Image(elf).cycles_at(pc) reads the word from the ELF's loaded sections.
"""
import struct
import subprocess

# source operand class -> destination class -> cycles (Table 3-16)
FMT1 = {
    "reg": {"reg": 1, "pc": 2, "mem": 4},
    "ind": {"reg": 2, "pc": 2, "mem": 5},
    "inc": {"reg": 2, "pc": 3, "mem": 5},
    "imm": {"reg": 2, "pc": 3, "mem": 5},
    "idx": {"reg": 3, "pc": 3, "mem": 6},
}
# Table 3-15: RRA, RRC, SWPB, SXT / PUSH / CALL
FMT2 = {
    "reg": (1, 3, 4),
    "ind": (3, 4, 4),
    "inc": (3, 5, 5),
    "imm": (None, 4, 5),
    "idx": (4, 5, 5),
}


def src_class(as_, reg):
    if as_ == 0:
        return "reg"  # Rn, and #0 through R3
    if as_ == 1:
        return "reg" if reg == 3 else "idx"  # #1 (R3) / x(Rn), EDE (PC), &EDE (SR)
    if as_ == 2:
        return "reg" if reg in (2, 3) else "ind"  # #4 (SR), #2 (R3) / @Rn
    return "reg" if reg in (2, 3) else ("imm" if reg == 0 else "inc")  # #8, #-1 / #N / @Rn+


def cycles(w):
    if (w & 0xE000) == 0x2000:
        return 2  # JMP, Jcc
    if (w & 0xFC00) == 0x1000:
        op, as_, reg = (w >> 7) & 7, (w >> 4) & 3, w & 15
        if op == 6:
            return 5  # RETI
        if op > 6:
            raise ValueError("not an MSP430 instruction: %04x" % w)
        c = FMT2[src_class(as_, reg)][2 if op == 5 else 1 if op == 4 else 0]
        if c is None:
            raise ValueError("no timing for %04x" % w)
        return c
    if w >= 0x4000:
        src, ad, as_, dst = (w >> 8) & 15, (w >> 7) & 1, (w >> 4) & 3, w & 15
        d = "mem" if ad else ("pc" if dst == 0 else "reg")
        return FMT1[src_class(as_, src)][d]
    raise ValueError("not an MSP430 instruction: %04x" % w)


class Image:
    """The words the CPU fetches, from the ELF's loadable sections."""

    def __init__(self, elf):
        self.mem = {}
        data = open(elf, "rb").read()
        # ELF32 little-endian program headers
        phoff, = struct.unpack_from("<I", data, 28)
        phentsize, phnum = struct.unpack_from("<HH", data, 42)
        for i in range(phnum):
            typ, off, vaddr, paddr, filesz = struct.unpack_from("<IIIII", data, phoff + i * phentsize)
            if typ == 1 and filesz:
                for j in range(0, filesz - 1, 2):
                    self.mem[paddr + j] = data[off + j] | data[off + j + 1] << 8

    def cycles_at(self, pc):
        return cycles(self.mem[pc])


# Hand-counted sequences (SLAU049F Tables 3-15, 3-16), checked by `python3 msp430_cycles.py`.
HAND = [
    ("mov r5, r6", [0x4506], 1),
    ("mov #1, r6 (constant generator R3)", [0x4316], 1),
    ("mov #8, r6 (constant generator R2)", [0x4236], 1),
    ("mov #-1, r6 (constant generator R3)", [0x4336], 1),
    ("mov #0x1234, r6", [0x4036, 0x1234], 2),
    ("add @r5+, r6", [0x5536], 2),
    ("add @r5, r6", [0x5526], 2),
    ("mov 2(r5), 4(r6)", [0x4596, 2, 4], 6),
    ("xor &0x0200, r5", [0xE215, 0x0200], 3),
    ("mov #8, &0x0200 (constant to absolute)", [0x42B2, 0x0200], 4),
    ("mov #0x55, &0x0200", [0x40B2, 0x55, 0x0200], 5),
    ("mov r5, pc (br r5)", [0x4500], 2),
    ("mov @sp+, pc (ret)", [0x4130], 3),
    ("mov #label, pc (br #label)", [0x4030, 0x4000], 3),
    ("push r5", [0x1205], 3),
    ("push #0x1234", [0x1230, 0x1234], 4),
    ("push #8 (constant generator)", [0x1232], 3),
    ("call #label", [0x12B0, 0x4000], 5),
    ("call r5", [0x1285], 4),
    ("rra r5", [0x1105], 1),
    ("rrc 2(r5)", [0x1015, 2], 4),
    ("swpb @r5", [0x10A5], 3),
    ("reti", [0x1300], 5),
    ("jmp $", [0x3FFF], 2),
    ("jnz +4", [0x2002], 2),
]


def self_test():
    bad = 0
    for name, words, want in HAND:
        got = cycles(words[0])
        if got != want:
            print("FAIL: %s: counted %d, TI's table says %d" % (name, got, want))
            bad += 1
    # a straight-line sequence: LEA's 32-bit add of two register pairs and a
    # rotate left by one (rla/rlc), 1 + 1 + 1 + 1 = 4
    seq = [0x5A0C, 0x6B0D, 0x5C0C, 0x6D0D]  # add r10,r12; addc r11,r13; rla r12; rlc r13
    got = sum(cycles(w) for w in seq)
    if got != 4:
        print("FAIL: 32-bit add + rotate: %d, want 4" % got)
        bad += 1
    print("msp430 cycle table: %d passed, %d failed" % (len(HAND) + 1 - bad, bad))
    return bad


if __name__ == "__main__":
    raise SystemExit(1 if self_test() else 0)
