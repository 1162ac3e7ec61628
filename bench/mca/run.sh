#!/bin/sh
# Predicted speed of the NEON kernels on cores we have no hardware for.
#
# Every src/ciphers/*/*_neon.c is compiled to assembly with clang -DARX_MCA,
# which turns the kernels' ARX_MCA_BEGIN("<kernel>:<bytes per pass>") /
# ARX_MCA_END markers (src/internal.h) into llvm-mca regions around one pass
# of a batch loop (loads, transposes, rounds and stores). llvm-mca then runs
# each region on a CPU model and this prints cycles per pass and cycles per
# byte. Targets: AArch64 scheduled for and modelled as Cortex-A53 (in-order,
# two instructions a cycle, one NEON pipe) and Cortex-A72; ARMv7 (AArch32)
# modelled as Cortex-A72 only, LLVM's only AArch32 model of these (its A57
# model; LLVM 14 has no AArch32 Cortex-A53).
#
# Predictions, not measurements: the models leave out caches, branch
# predictors and much else. `bound` is llvm-mca's Block RThroughput, the
# cycles the busiest resource needs per pass.
#
# Usage: bench/mca/run.sh [FILTER]   (FILTER: a substring of kernel names)
# Environment: CLANG (clang-14), LLVM_MCA (llvm-mca-14), ITER (10), OUT (build-mca).
set -eu
cd "$(dirname "$0")/../.."
CLANG=${CLANG:-clang-14}
LLVM_MCA=${LLVM_MCA:-llvm-mca-14}
ITER=${ITER:-10}
OUT=${OUT:-build-mca}
FILTER=${1:-}
mkdir -p "$OUT"

# name | clang flags | llvm-mca flags
TARGETS='a64-a53|--target=aarch64-linux-gnu --sysroot=/usr/aarch64-linux-gnu -mcpu=cortex-a53|-mtriple=aarch64 -mcpu=cortex-a53
a64-a72|--target=aarch64-linux-gnu --sysroot=/usr/aarch64-linux-gnu -mcpu=cortex-a72|-mtriple=aarch64 -mcpu=cortex-a72
v7-a72|--target=armv7a-linux-gnueabihf --sysroot=/usr/arm-linux-gnueabihf -mfpu=neon -mcpu=cortex-a72|-mtriple=armv7a -mcpu=cortex-a72'

printf '%-28s %-8s %12s %8s %8s %10s\n' kernel target cycles/pass bytes cpb bound-cpb
for src in src/ciphers/*/*_neon.c; do
    [ -f "$src" ] || continue
    base=$(basename "$src" .c)
    echo "$TARGETS" | while IFS='|' read -r tname cflags mflags; do
        asm="$OUT/$base.$tname.s"
        # shellcheck disable=SC2086
        "$CLANG" $cflags -std=c11 -O2 -DARX_MCA -Isrc -Iinclude -S "$src" -o "$asm.tmp"
        # clang prints AArch64 comments as "//", where llvm-mca 14 looks for no
        # region markers: give them "#".
        sed 's|^\([[:space:]]*\)//\( LLVM-MCA-\)|\1#\2|' "$asm.tmp" >"$asm" && rm -f "$asm.tmp"
        # shellcheck disable=SC2086
        "$LLVM_MCA" $mflags -iterations="$ITER" -all-views=false -summary-view "$asm" 2>/dev/null |
            awk -v t="$tname" -v f="$FILTER" '
                /Code Region - / { name = $NF; next }
                /^Iterations:/ { it = $2 }
                /^Total Cycles:/ { cyc = $3 }
                /^Block RThroughput:/ {
                    if (name == "" || seen[name]++ || (f != "" && index(name, f) == 0)) next
                    n = split(name, p, ":"); bytes = p[n]
                    printf "%-28s %-8s %12.1f %8d %8.2f %10.2f\n", p[1], t, cyc / it, bytes,
                           cyc / it / bytes, $3 / bytes
                }'
    done
done
