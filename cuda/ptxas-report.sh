#!/usr/bin/env bash
# ptxas resource usage of every kernel (registers, spills, stack), sm_90 by
# default: compiles cuda/arxcrypt_cuda.cu once more with -Xptxas -v and prints
# one line per kernel, demangled, then writes the raw report to $2.
#   cuda/ptxas-report.sh [NVCC] [OUT] [ARCH]
set -euo pipefail
cd "$(dirname "$0")/.."
nvcc=${1:-nvcc}
out=${2:-build-cuda/ptxas-report.txt}
arch=${3:-sm_90}
mkdir -p "$(dirname "$out")"
"$nvcc" -std=c++17 -O3 -arch="$arch" -Xptxas -v -Icuda -Iinclude -Isrc -c cuda/arxcrypt_cuda.cu \
  -o /dev/null 2>"$out.raw"
python3 - "$out.raw" "$out" <<'PY'
import re, subprocess, sys
raw = open(sys.argv[1]).read().splitlines()
rows, cur = [], None
for l in raw:
    m = re.search(r"Compiling entry function '([^']+)'", l)
    if m: cur = {"name": m.group(1)}; rows.append(cur); continue
    if cur is None: continue
    m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", l)
    if m: cur["stack"], cur["spill_st"], cur["spill_ld"] = map(int, m.groups())
    m = re.search(r"Used (\d+) registers", l)
    if m: cur["regs"] = int(m.group(1))
names = [r["name"] for r in rows]
try:
    dem = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True).stdout.splitlines()
except OSError:
    dem = names
with open(sys.argv[2], "w") as f:
    f.write("%-60s %5s %6s %9s %9s\n" % ("kernel", "regs", "stack", "spill st", "spill ld"))
    for r, d in zip(rows, dem):
        d = re.sub(r"\(.*", "", d).replace("void ", "")
        f.write("%-60s %5d %6d %9d %9d\n" % (d[:60], r.get("regs", -1), r.get("stack", -1), r.get("spill_st", -1), r.get("spill_ld", -1)))
    sp = [r for r in rows if r.get("spill_st", 0) or r.get("spill_ld", 0)]
    f.write("%d kernels, registers %d..%d, %d with spills\n" % (len(rows), min(r.get("regs", 0) for r in rows),
            max(r.get("regs", 0) for r in rows), len(sp)))
print(open(sys.argv[2]).read())
PY
