"""Runs the MSP430 firmware on `mspdebug sim` and counts its cycles.

mspdebug's simulator executes the MSP430 instruction set faithfully but its
cycle counter does not follow TI's timing tables (constant-generator
immediates such as #1 or #8 are charged as if they were fetched from the
instruction stream, among others). So cycles are not taken from mspdebug:
with trace=True the firmware is single-stepped from the first fw_mark to the
end, every executed program counter is read from mspdebug's register dump,
and msp430_cycles.cycles() charges each instruction from TI's tables
(MSP430x1xx Family User's Guide, SLAU049, section 3.4.4). Without a trace
(the functional tests) mspdebug just runs to the halt breakpoint.
"""
import os
import re
import subprocess

import msp430_cycles

PC_RE = re.compile(r"\( PC: ([0-9a-f]{5})\).*\(R12: ([0-9a-f]{5})\)")
SP_RE = re.compile(r"\( SP: ([0-9a-f]{5})\)")


def _load_commands(elf, syms, request):
    addr = syms["arx_mbox"][0]
    cmds = ["prog " + elf]
    for i in range(0, len(request), 32):
        chunk = request[i:i + 32]
        cmds.append("mw 0x%04x %s" % (addr + i, " ".join("%02x" % b for b in chunk)))
    return cmds


def _read_mbox(text, addr, size):
    data = bytearray()
    for line in text.splitlines():
        m = re.match(r"\s+([0-9a-f]{5}): ((?:[0-9a-f]{2} )+)", line)
        if m and int(m.group(1), 16) == addr + len(data):
            data += bytes(int(x, 16) for x in m.group(2).split())
    return bytes(data[:size])


def run(elf, syms, request, trace=False, max_steps=3000000):
    addr, size = syms["arx_mbox"]
    halt, mark = syms["fw_halt"][0], syms["fw_mark"][0]
    cmds = _load_commands(elf, syms, request)
    marks, end = [], None
    if not trace:
        cmds += ["setbreak 0x%04x" % halt, "run", "md 0x%04x %d" % (addr, size)]
        r = subprocess.run(["mspdebug", "-q", "sim"], input="\n".join(cmds) + "\n", capture_output=True,
                           text=True, timeout=600)
        return _read_mbox(r.stdout, addr, size), marks, end
    # Run to the first mark, then single-step to the halt, in batches.
    p = subprocess.Popen(["mspdebug", "-q", "sim"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, bufsize=1)
    image = msp430_cycles.Image(elf)
    for c in cmds + ["setbreak 0x%04x" % mark, "run", "delbreak", "zzzsync"]:
        p.stdin.write(c + "\n")
    p.stdin.flush()
    for line in p.stdout:
        if "unknown command: zzzsync" in line:
            break
    # stopped at the entry of the first mark (always mark 0)
    cycle, sp_min, steps = 0, 0xffff, 0
    marks.append((0, 0, 0xffff))
    pc = mark
    done = False
    while not done and steps < max_steps:
        p.stdin.write("step\n" * 4000 + "zzzsync\n")
        p.stdin.flush()
        for line in p.stdout:
            if "unknown command: zzzsync" in line:
                break
            if done:
                continue
            m = PC_RE.search(line)
            if m:  # `pc` was just executed; the dump shows the next one
                cycle += image.cycles_at(pc)
                steps += 1
                pc = int(m.group(1), 16)
                if pc == mark:
                    marks.append((int(m.group(2), 16) & 0xff, cycle, sp_min))
                    sp_min = 0xffff
                if pc == halt:
                    done = True
                continue
            m = SP_RE.search(line)
            if m:
                sp_min = min(sp_min, int(m.group(1), 16))
    p.stdin.write("md 0x%04x %d\nzzzsync\n" % (addr, size))
    p.stdin.flush()
    text = []
    for line in p.stdout:
        if "unknown command: zzzsync" in line:
            break
        text.append(line)
    p.stdin.close()
    p.wait()
    end = (cycle, sp_min)
    return _read_mbox("".join(text), addr, size), marks, end
