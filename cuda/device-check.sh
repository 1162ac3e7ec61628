#!/usr/bin/env bash
# cuda/device-check.sh: the GPU checks of docs/CUDA.md in one run, for a
# machine with an NVIDIA GPU (the project's device machine, or any other).
#
#   cuda/device-check.sh [OUTDIR]
#
# Binaries: $ARXCU_BIN/arxcrypt and $ARXCU_BIN/test_cuda_gpu if given and they
# find the device (prebuilt elsewhere, e.g. by `make cuda`); else a build here
# with the nvcc on PATH (or /usr/local/cuda/bin). $ARXCU_VARIANTS: a folder
# of subfolders bptN/arxcrypt built with -DARXCU_BPT=N, benchmarked beside
# the default (device-resident CTR and GCM only).
# Steps, each under its own time limit so a slow one cannot eat the rest:
#   1. the device, driver, nvcc and host CPU;
#   2. test_cuda_gpu: every kernel against the C library (random data,
#      lengths to 5 MiB, host buffers at odd offsets, page-locked buffers,
#      forged tags), and `arxcrypt raw --gpu` against the CPU path;
#   3. arxcrypt bench --gpu: every cipher, ECB/CTR/GCM, device-resident,
#      host-to-host pageable and page-locked, beside the copy bound;
#   4. the variants' device-resident rates, the default's in the same run;
#   5. compute-sanitizer memcheck (every cipher, short lengths), racecheck
#      and synccheck (GCM's shared-memory reduction);
#   6. Nsight Compute: every CTR/GCM kernel's speed of light and pipe use
#      (the fraction of the device's integer throughput), LEA-128's occupancy.
# Everything lands in OUTDIR (summary.txt, variants.json, sanitizer.txt,
# ncu.txt). ARXCU_SKIP="3 5": leave those steps out.
set -u
cd "$(dirname "$0")/.."
OUTDIR=${1:-${OUT:-/tmp/arxcu-device}}
mkdir -p "$OUTDIR"
S=$OUTDIR/summary.txt
T=$(mktemp -d) # scratch: inputs, outputs, a fallback build (kept out of OUTDIR)
: >"$S"
say() { echo "== $*" | tee -a "$S"; }
want() { case " ${ARXCU_SKIP:-} " in *" $1 "*) echo "-- step $1 skipped" >>"$S"; return 1 ;; esac; }
run() { # run LIMIT CMD...: output to the summary, status noted
    local lim=$1; shift
    local t0=$SECONDS
    timeout "$lim" "$@" >>"$S" 2>&1
    local rc=$?
    echo "-- exit $rc after $((SECONDS - t0)) s: $*" | tee -a "$S"
    return $rc
}

say "1. machine"
{
    nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,memory.total,pcie.link.gen.max,pcie.link.width.max --format=csv
    (command -v nvcc || ls /usr/local/cuda/bin/nvcc) 2>&1
    PATH=$PATH:/usr/local/cuda/bin nvcc --version 2>&1 | tail -2
    lscpu | grep -E 'Model name|^CPU\(s\)'
    uname -r
} >>"$S" 2>&1

BIN=${ARXCU_BIN:-}
if [ -n "$BIN" ] && "$BIN/arxcrypt" bench --gpu --cipher lea-128 --mode ctr --size 65536 --seconds 0.01 \
    --device-only >>"$S" 2>&1; then
    say "prebuilt binaries in $BIN run on the device"
else
    say "building here (prebuilt binaries missing or not running)"
    export PATH=$PATH:/usr/local/cuda/bin
    BIN=$T/build
    run 400 cmake -S . -B "$BIN/b" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER="$(command -v nvcc)" \
        -DCMAKE_CUDA_ARCHITECTURES=90
    run 400 cmake --build "$BIN/b" -j "$(nproc)" --target arxcrypt-cli test_cuda_gpu
    cp "$BIN/b/arxcrypt" "$BIN/b/cuda/test_cuda_gpu" "$BIN/" 2>>"$S"
fi

say "2. differential tests"
want 2 && run 180 "$BIN/test_cuda_gpu"
head -c 3000017 /dev/urandom >"$T/in.bin"
for spec in "lea-128 gcm 00112233445566778899aabbccddeeff 000102030405060708090a0b" \
    "cham-128-256 ctr 00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff 0f0e0d0c0b0a09080706050403020100" \
    "hight ecb 00112233445566778899aabbccddeeff -" "sparx-64-128 ctr 00112233445566778899aabbccddeeff 0102030405060708"; do
    set -- $spec
    iv=(); [ "$4" != - ] && iv=(--iv "$4")
    n=3000017; [ "$2" = ecb ] && n=3000000
    head -c $n "$T/in.bin" >"$T/in2.bin"
    "$BIN/arxcrypt" raw -c "$1" -m "$2" -k "$3" "${iv[@]}" -i "$T/in2.bin" -o "$T/cpu.bin" &&
        "$BIN/arxcrypt" raw --gpu -c "$1" -m "$2" -k "$3" "${iv[@]}" -i "$T/in2.bin" -o "$T/gpu.bin" &&
        cmp "$T/cpu.bin" "$T/gpu.bin" && echo "raw --gpu $1 $2: same bytes as the CPU ($n bytes)" >>"$S" ||
        echo "FAIL raw --gpu $1 $2" | tee -a "$S"
done

say "3. bench --gpu (256 MiB per call)"
want 3 && run 240 "$BIN/arxcrypt" bench --gpu --size 268435456 --seconds 0.3

say "4. work-split variants, device-resident CTR and GCM, the default in the same run"
: >"$OUTDIR/variants.json"
if [ -n "${ARXCU_VARIANTS:-}" ]; then
    for v in default "$ARXCU_VARIANTS"/*/; do
        v=${v%/}
        b=$BIN/arxcrypt
        [ "$v" != default ] && b=$v/arxcrypt
        echo "{\"variant\":\"$(basename "$v")\"}" >>"$OUTDIR/variants.json"
        if [ -x "$v/test_cuda_gpu" ]; then
            timeout 60 "$v/test_cuda_gpu" | tail -1 | sed "s|^|variant $(basename "$v") test_cuda_gpu: |" >>"$S" 2>&1
        fi
        timeout 90 "$b" bench --gpu --device-only --mode ctr,gcm --size 268435456 --seconds 0.15 --json \
            >>"$OUTDIR/variants.json" 2>>"$S"
        echo "-- variant $(basename "$v"): exit $?" >>"$S"
    done
fi

say "5. compute-sanitizer"
CS=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer /opt/nvidia/*/compute-sanitizer 2>/dev/null | head -1)
if ! want 5; then
    :
elif [ -n "$CS" ]; then
    Z=$OUTDIR/sanitizer.txt
    : >"$Z"
    ARXCU_TEST_MAXLEN=70000 timeout 150 "$CS" --tool memcheck --leak-check full --error-exitcode 9 "$BIN/test_cuda_gpu" >>"$Z" 2>&1
    echo "-- memcheck (every cipher, lengths to ~70 KB): exit $?" | tee -a "$S" "$Z"
    ARXCU_TEST_MAXLEN=20000 ARXCU_TEST_CIPHERS=lea-128,speck-128-128 timeout 100 "$CS" --tool racecheck \
        --error-exitcode 9 "$BIN/test_cuda_gpu" >>"$Z" 2>&1
    echo "-- racecheck (lea-128, speck-128-128, lengths to ~20 KB): exit $?" | tee -a "$S" "$Z"
    ARXCU_TEST_MAXLEN=20000 ARXCU_TEST_CIPHERS=lea-128 timeout 60 "$CS" --tool synccheck --error-exitcode 9 \
        "$BIN/test_cuda_gpu" >>"$Z" 2>&1
    echo "-- synccheck (lea-128): exit $?" | tee -a "$S" "$Z"
    grep -E "ERROR SUMMARY|RACECHECK SUMMARY|LEAK SUMMARY" "$Z" >>"$S"
else
    say "no compute-sanitizer found"
fi
say "6. Nsight Compute: every CTR and GCM kernel (speed of light, pipes; clocks as in the bench), then LEA-128's occupancy"
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
if ! want 6; then
    :
elif [ -n "$NCU" ]; then
    timeout 240 "$NCU" --clock-control none --kernel-name "regex:k_(ctr|gcm)" --section SpeedOfLight \
        --section ComputeWorkloadAnalysis "$BIN/arxcrypt" bench --gpu --device-only --mode ctr,gcm \
        --size 67108864 --seconds 0.0001 >>"$OUTDIR/ncu.txt" 2>&1
    echo "-- ncu every kernel: exit $?" | tee -a "$S"
    for m in ctr gcm; do
        timeout 90 "$NCU" --kernel-name "regex:k_$m" --launch-skip 1 --launch-count 1 --section Occupancy \
            --section LaunchStats "$BIN/arxcrypt" bench --gpu --device-only --cipher lea-128 --mode $m \
            --size 268435456 --seconds 0.01 >>"$OUTDIR/ncu.txt" 2>&1
        echo "-- ncu occupancy $m: exit $?" | tee -a "$S"
    done
else
    say "no ncu found"
fi
say "end"
