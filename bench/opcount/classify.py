#!/usr/bin/env python3
"""Classify the instructions one opcount call executed (callgrind
--dump-instr=yes output joined with objdump -d of the same static binary)
into the port classes of docs/PERFORMANCE.md, and print the counts per KiB
and the throughput bound.

    classify.py CALLGRIND_OUT DISASSEMBLY BYTES

Classes: vector ALU (add/sub/logic/compare/blend-by-dword), vector
shift/shuffle (shifts, vpshufb/vpshufd/unpacks/permutes/inserts: Zen 3 and
Zen 4 run these on two of the four FP pipes), clmul, register-to-register
vector copies (eliminated at rename: they cost dispatch slots only), loads
and stores (memory operands; separate ports, not in the bound), and scalar
instructions. Bound (core cycles) = max(vector ops / 4, shift-shuffle / 2,
clmul / 0.5, all instructions / 6 dispatched per cycle).
"""
import collections
import re
import sys

ALU = re.compile(r'^v?p(add|sub|xor|or|and|andn|cmpeq|cmpgt|min|max|avg|sign|abs|ternlog)|^v?pblendd')
SHUF = re.compile(r'^v?p(srl|sll|sra|shuf|unpck|alignr|perm|ack|insr|extr|movzx|movsx|blendw|broadcast|ror|rol)'
                  r'|^v?(inserti128|extracti128|perm2i128|shufps|unpck|insertps)')
COPY = ('vmovdq', 'movdq', 'movaps', 'vmovaps', 'movups', 'vmovups', 'vmovq', 'movq', 'vmovd', 'movd')


def main():
    cg, dis, nbytes = sys.argv[1], sys.argv[2], int(sys.argv[3])
    ins = {}
    for line in open(dis):
        m = re.match(r'\s*([0-9a-f]+):\s+(\S+)\s*(.*)$', line)
        if m:
            ins[int(m.group(1), 16)] = (m.group(2), m.group(3))
    counts = collections.Counter()
    after_call = False
    for line in open(cg):
        if line.startswith('calls='):
            after_call = True  # the next cost line is the callee's inclusive cost
            continue
        m = re.match(r'(0x[0-9a-f]+) \S+ (\d+)$', line) or re.match(r'(0x[0-9a-f]+) (\d+)$', line)
        if m:
            if not after_call:
                counts[int(m.group(1), 16)] += int(m.group(2))
            after_call = False
    c = collections.Counter()
    for addr, n in counts.items():
        c['instr'] += n
        mn, op = ins.get(addr, ('?', ''))
        if '%xmm' not in op and '%ymm' not in op and '%zmm' not in op:
            continue
        mem = '(' in op
        if mn.startswith(COPY):
            if not mem and not re.search(r'%[re]', op):
                c['copy'] += n
            elif not mem:
                c['vec'] += n  # a transfer to or from a general register
            continue
        if mn.startswith(('vpbroadcast', 'vbroadcast')) and mem:
            continue  # broadcast loads: the load pipes
        c['vec'] += n
        if mn.startswith(('vpclmul', 'pclmul')):
            c['clmul'] += n
        elif SHUF.match(mn):
            c['shuf'] += n
        elif not ALU.match(mn):
            c['other'] += n
    kib = nbytes / 1024
    core = max(c['vec'] / 4, c['shuf'] / 2, c['clmul'] / 0.5, c['instr'] / 6)
    limit = {c['vec'] / 4: 'ALU', c['shuf'] / 2: 'shift/shuffle', c['clmul'] / 0.5: 'clmul',
             c['instr'] / 6: 'dispatch'}[core]
    print('per KiB: vector %.0f, shift/shuffle %.0f, clmul %.0f, copies %.0f, instructions %.0f, '
          'unclassified vector %.0f; bound %.3f core cycles/byte (%s)'
          % (c['vec'] / kib, c['shuf'] / kib, c['clmul'] / kib, c['copy'] / kib, c['instr'] / kib,
             c['other'] / kib, core / nbytes, limit))


if __name__ == '__main__':
    main()
