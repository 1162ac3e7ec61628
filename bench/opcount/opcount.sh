#!/bin/sh
# Exact operation counts of the x86 kernels (docs/PERFORMANCE.md, "AVX2
# without AVX-512"): one 16 KiB ECB or CTR call per cipher, backend and mode
# under valgrind's callgrind, each executed instruction classified by port.
#   bench/opcount/opcount.sh [BUILD_DIR] [CIPHER...]
# Needs valgrind and a build's libarxcrypt.a; the AVX2 path is seen with
# AVX-512 hidden (valgrind runs no AVX-512 code).
set -e
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
[ $# -gt 0 ] && shift
ciphers=${*:-lea-128 cham-64-128 cham-128-128 hight sparx-64-128 sparx-128-128 speck-64-128 speck-128-128 simon-64-128 simon-128-128 simeck-32-64 simeck-64-128}
command -v valgrind >/dev/null || { echo "opcount: needs valgrind (apt-get install valgrind)"; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# static and not position-independent, so callgrind's addresses are objdump's
${CC:-cc} -O2 -no-pie -I"$here/../../include" "$here/opcount.c" "$build/libarxcrypt.a" -fopenmp -o "$tmp/opcount"
objdump -d --no-show-raw-insn "$tmp/opcount" >"$tmp/dis"
export ARXCRYPT_CPU=sse2,ssse3,sse4.1,pclmulqdq,avx2 LD_BIND_NOW=1
for c in $ciphers; do
    for b in avx2 sse2; do
        for m in ecb ctr; do
            n=$(valgrind --tool=callgrind --dump-instr=yes --compress-pos=no --compress-strings=no \
                --toggle-collect=run_once --callgrind-out-file="$tmp/cg" "$tmp/opcount" "$c" "$b" "$m" 2>/dev/null)
            echo "$c $b $m: $(python3 "$here/classify.py" "$tmp/cg" "$tmp/dis" "$n")"
        done
    done
done
