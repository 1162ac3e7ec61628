#!/usr/bin/env python3
"""
Instruction counts and modelled cycles from a QEMU execution trace
(`-d exec,nochain`: one line per translation block executed) and the ELF's
disassembly (objdump -d), for the 32-bit targets of embedded/run-qemu.

A block's instructions are read from the disassembly: from its start address
up to and including the first control transfer, or up to the next block's
start address when QEMU ended the block early. A control transfer is taken
when the next block does not start right after it.

Models (docs/EMBEDDED.md states them too):

RV32I, "single-issue in-order": 1 cycle per instruction; +2 for every taken
  branch and every jump (jal, jalr: no branch prediction, a 3-stage refill);
  +1 for a load whose destination the next instruction reads (load-use).
  The instruction count itself is exact (it matches the instret CSR under
  -icount shift=0, and both are checked on calib.S's hand-counted sequences).

Cortex-M3 / Cortex-M4, the TRM's instruction timings ("Processor instruction
  timings", Cortex-M3 r2p1 TRM 18.2, Cortex-M4 r0p1 TRM 3.3.1) over the
  executed trace: data processing 1; LDR/LDRB/LDRH/STR... 2, or 1 when it
  directly follows a single load (the TRM's pipelined neighbouring loads;
  nothing pipelines after a store); LDRD/STRD 3; LDM/STM/PUSH/POP 1+N;
  B/BL/BX/BLX/CBZ/CBNZ taken 1+P with P = 2 (the TRM gives 1..3 by target
  alignment and width), not taken 1; a POP or LDR that writes PC 1+N+P;
  IT 1 (TRM 0..1: not folded); MUL 1, MLA/MLS 2; UMULL/SMULL/UMLAL/SMLAL
  M3 5 (TRM 3..5, early termination: the worst case), M4 1; UDIV/SDIV 12
  (TRM 2..12, the worst case). Flash wait states: none (zero-wait memory,
  as QEMU's MPS2 SSRAM); no bus contention, no interrupts.
"""
import re
import subprocess
import sys

P_ARM = 2  # pipeline refill after a taken branch (TRM: 1..3)


class Insn:
    __slots__ = ("addr", "size", "mn", "ops", "ctrl", "cls", "n", "rd", "reads")


RV_BRANCH = {"beq", "bne", "blt", "bge", "bltu", "bgeu", "beqz", "bnez", "blez", "bgez", "bltz", "bgtz",
             "bgt", "ble", "bgtu", "bleu"}
RV_JUMP = {"j", "jal", "jr", "jalr", "ret", "call", "tail"}
RV_TRAP = {"ecall", "ebreak", "mret", "wfi", "c.ebreak"}
RV_LOAD = {"lw", "lh", "lhu", "lb", "lbu"}
RV_STORE = {"sw", "sh", "sb"}


def _regs(s):
    return re.findall(r"\b(zero|ra|sp|gp|tp|t[0-6]|s1[01]|s[0-9]|a[0-7]|fp|x\d+)\b", s)


def parse_rv(mn, ops, insn):
    parts = [p.strip() for p in ops.split(",")] if ops else []
    insn.rd = None
    insn.reads = set()
    if mn in RV_BRANCH:
        insn.cls = "br"
        insn.reads = set(_regs(ops))
    elif mn in RV_JUMP:
        insn.cls = "jump"
        insn.reads = set(_regs(",".join(parts[1:]))) if mn in ("jalr",) else set()
        if mn in ("jr", "ret"):
            insn.reads = set(_regs(ops)) or {"ra"}
    elif mn in RV_TRAP:
        insn.cls = "trap"
    elif mn in RV_LOAD:
        insn.cls = "load"
        insn.rd = parts[0] if parts else None
        insn.reads = set(_regs(",".join(parts[1:])))
    elif mn in RV_STORE:
        insn.cls = "store"
        insn.reads = set(_regs(ops))
    else:
        insn.cls = "alu"
        insn.reads = set(_regs(",".join(parts[1:])))
    insn.ctrl = insn.cls in ("br", "jump", "trap")


ARM_COND = r"(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)?"


def parse_arm(mn, ops, insn):
    m = mn.split(".")[0]  # drop .n / .w
    insn.n = 1
    insn.rd = None
    insn.reads = set()
    writes_pc = ops.startswith("pc") or ("pc}" in ops or "pc" in ops.split("{")[-1]) and m.startswith(("pop", "ldm"))
    if re.fullmatch(r"b" + ARM_COND, m) or m in ("cbz", "cbnz"):
        insn.cls = "br"
    elif re.fullmatch(r"(bl|blx|bx)" + ARM_COND, m) or m in ("tbb", "tbh"):
        insn.cls = "jump"
    elif m in ("bkpt", "svc", "udf", "wfi", "wfe"):
        insn.cls = "trap"
    elif re.fullmatch(r"(pop|push|ldm|ldmia|ldmfd|ldmdb|stm|stmia|stmea|stmdb|stmfd)" + ARM_COND, m):
        insn.cls = "ldm"
        regs = ops[ops.find("{") + 1: ops.find("}")] if "{" in ops else ""
        cnt = 0
        for r in regs.split(","):
            r = r.strip()
            if "-" in r:
                a, b = r.split("-")
                cnt += int(b.strip()[1:]) - int(a.strip()[1:]) + 1
            elif r:
                cnt += 1
        insn.n = cnt
    elif re.fullmatch(r"(ldrd|strd)" + ARM_COND, m):
        insn.cls = "ldrd"
    elif re.fullmatch(r"(ldr|ldrb|ldrh|ldrsb|ldrsh|ldrex|ldrt)" + ARM_COND, m):
        insn.cls = "load"
    elif re.fullmatch(r"(str|strb|strh|strex|strt)" + ARM_COND, m):
        insn.cls = "store"
    elif re.fullmatch(r"(umull|smull|umlal|smlal)" + ARM_COND, m):
        insn.cls = "lmul"
    elif re.fullmatch(r"(mla|mls)" + ARM_COND, m):
        insn.cls = "mla"
    elif re.fullmatch(r"(udiv|sdiv)" + ARM_COND, m):
        insn.cls = "div"
    elif m.startswith("it"):
        insn.cls = "it"
    else:
        insn.cls = "alu"
    if insn.cls in ("load", "ldm") and writes_pc:
        insn.cls = insn.cls + "pc"
    if insn.cls == "alu" and ops.split(",")[0].strip() == "pc":
        insn.cls = "jump"
    insn.ctrl = insn.cls in ("br", "jump", "trap", "loadpc", "ldmpc")


class Disasm:
    def __init__(self, elf, target):
        self.target = target
        self.arm = target.startswith("cortex")
        objdump = ("arm-none-eabi-objdump" if self.arm else "riscv64-unknown-elf-objdump")
        out = subprocess.run([objdump, "-d", elf], check=True, capture_output=True, text=True).stdout
        self.by_addr = {}
        line_re = re.compile(r"^\s*([0-9a-f]+):\s+((?:[0-9a-f]{4,8}\s)+)\s*(\S+)\s*(.*)$")
        for line in out.splitlines():
            m = line_re.match(line)
            if not m:
                continue
            addr = int(m.group(1), 16)
            hexes = m.group(2).split()
            size = sum(len(h) // 2 for h in hexes)
            mn = m.group(3)
            # comments: "@ ..." in ARM syntax, "# ..." in RISC-V's; "<sym+off>" after targets
            ops = m.group(4).split("@" if self.arm else "#")[0].split("<")[0].strip()
            i = Insn()
            i.addr, i.size, i.mn, i.ops = addr, size, mn, ops
            if self.arm:
                parse_arm(mn, ops, i)
            else:
                i.n = 1
                parse_rv(mn, ops, i)
            self.by_addr[addr] = i
        self.cache = {}

    def cost(self, tb, addrs, next_pc, state):
        """(instructions, cycles, state after) for one executed block."""
        key = (tb, next_pc, state)
        r = self.cache.get(key)
        if r is not None:
            return r
        n = cyc = 0
        for a in addrs:
            i = self.by_addr.get(a)
            if i is None:
                raise SystemExit(f"cycles.py: executed {a:#x} is not in the disassembly")
            n += 1
            if self.arm:
                c = self.arm_cycles(i, state, next_pc)
                state = "ld" if i.cls == "load" else None
            else:
                c = 1
                if state is not None and state in i.reads:
                    c += 1  # the previous load's result is used now
                if i.cls == "br" or i.cls == "jump":
                    if i.cls == "jump" or next_pc != i.addr + i.size:
                        c += 2
                state = i.rd if i.cls == "load" and i.rd not in (None, "zero") else None
            cyc += c
        r = (n, cyc, state)
        self.cache[key] = r
        return r

    def arm_cycles(self, i, prev, next_pc):
        cls = i.cls
        taken = next_pc != i.addr + i.size
        if cls == "br":
            return 1 + P_ARM if taken else 1
        if cls == "jump":
            return 1 + P_ARM
        if cls in ("load", "store"):
            return 1 if prev == "ld" else 2
        if cls == "loadpc":
            return 2 + P_ARM
        if cls == "ldrd":
            return 3
        if cls == "ldm":
            return 1 + i.n
        if cls == "ldmpc":
            return 1 + i.n + P_ARM
        if cls == "lmul":
            return 1 if self.target == "cortex-m4" else 5
        if cls == "mla":
            return 1 if self.target == "cortex-m4" else 2
        if cls == "div":
            return 12
        return 1


def symbol_addr(elf, target, name):
    nm = "arm-none-eabi-nm" if target.startswith("cortex") else "riscv64-unknown-elf-nm"
    out = subprocess.run([nm, elf], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        p = line.split()
        if len(p) == 3 and p[2] == name:
            return int(p[0], 16) & ~1
    raise SystemExit(f"cycles.py: no symbol {name} in {elf}")


def regions(elf, target, log_path):
    """Yield (instructions, cycles) for each fw_mark_begin .. fw_mark_end window, in order.

    The log holds `-d in_asm,exec,nochain`: each translation's instructions
    (IN: blocks) just before its first execution, and a Trace line per block
    executed, naming the translation by its host code address. A block's
    instructions come from its translation; what it costs from the ELF's
    disassembly and where control went next."""
    d = Disasm(elf, target)
    begin = symbol_addr(elf, target, "fw_mark_begin")
    end = symbol_addr(elf, target, "fw_mark_end")
    pending = []  # translations logged, not yet seen executing
    tbs = {}  # host code address -> instruction addresses
    cur = None
    prev = None  # (host, addrs) of the previous block executed
    state = None
    inside = False
    n = cyc = 0
    with open(log_path, "r", errors="replace") as f:
        for line in f:
            if line.startswith("Trace "):
                if cur:
                    pending.append(cur)
                cur = None
                p = line.split()
                host = p[2]
                pc = int(p[3].split("/")[1], 16)
                addrs = tbs.get(host)
                if addrs is None:
                    if not pending or pending[0][0] != pc:
                        raise SystemExit(f"cycles.py: no translation logged for the block at {pc:#x}")
                    addrs = tbs[host] = pending.pop(0)
                if prev is not None and inside:
                    dn, dc, state = d.cost(prev[0], prev[1], pc, state)
                    n += dn
                    cyc += dc
                if pc == begin and not inside:
                    inside, n, cyc, state = True, 0, 0, None
                elif pc == end and inside:
                    inside = False
                    yield n, cyc
                prev = (host, addrs, pc)
            elif line.startswith("Stopped execution of TB chain"):
                # The block just logged exited at its entry (icount budget,
                # exit request) without running an instruction.
                if prev is not None and line.split()[6] == prev[0]:
                    prev = None
            elif line.startswith("IN:"):
                if cur:
                    pending.append(cur)
                cur = []
            elif cur is not None and line.startswith("0x"):
                cur.append(int(line[2:line.index(":")], 16))
            elif cur and not line.strip():
                pending.append(cur)
                cur = None


def main():
    if len(sys.argv) != 4:
        print("usage: cycles.py TARGET ELF TRACE", file=sys.stderr)
        return 2
    for k, (n, c) in enumerate(regions(sys.argv[2], sys.argv[1], sys.argv[3])):
        print(k, n, c)
    return 0


if __name__ == "__main__":
    sys.exit(main())
