#!/usr/bin/env bash
# Constant-time check (`make ct`): tests/ct/ct_check with every key,
# plaintext, AAD and received tag marked secret, under two checkers:
#   1. valgrind's memcheck on the gcc -O3 build: the machine code users get.
#      valgrind 3.19 runs no AVX-512, so the CPU it shows has AVX2 at most and
#      the avx512 backends are not run in this part.
#   2. clang's MemorySanitizer on a clang-14 -O2 build: same harness, natively,
#      so the avx512 backends run too (src/simd_msan.h).
# Each part fails on any report (a branch or an address that depends on a
# secret), on secret marking lost in some instruction, and if the planted
# leaks (ct_check --plant branch|table) are NOT reported.
set -euo pipefail
cd "$(dirname "$0")/../.."
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
MSAN_CC=${MSAN_CC:-clang-14}

plant_check() { # $1 = what ran, $2 = log, $3 = expected message
  if ! grep -q "$3" "$2" || ! grep -q "arx_ct_equal" "$2"; then
    echo "ct: $1 failed, but not with '$3' in arx_ct_equal (log: $2)"; exit 1
  fi
  echo "   reported: '$3' in arx_ct_equal"
}

# ---- 1. valgrind memcheck, gcc build ----------------------------------------
command -v valgrind >/dev/null || { echo "ct: valgrind not found (apt-get install valgrind)"; exit 2; }
B=build-ct
cmake -S . -B $B -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O3 -g" -DARX_CTGRIND=ON >/dev/null
cmake --build $B -j "$JOBS" --target ct_check -- --no-print-directory
VG=(valgrind --tool=memcheck --error-exitcode=99 --track-origins=yes --error-limit=no --num-callers=30)

echo "== ct (valgrind): every cipher x backend x mode"
if ! "${VG[@]}" --log-file=$B/ct.log $B/ct_check "$@" >$B/ct.out; then
  cat $B/ct.out
  echo "ct (valgrind): FAILED (memcheck log: $B/ct.log)"
  grep -A14 -E "Conditional jump|uninitialised value|Invalid" $B/ct.log | head -80 || true
  exit 1
fi
cat $B/ct.out
grep -E "ERROR SUMMARY" $B/ct.log
if [ $# -eq 0 ] && grep -qw avx2 /proc/cpuinfo 2>/dev/null && ! grep -qE "^lea-128 .* avx2" $B/ct.out; then
  echo "ct (valgrind): this CPU has AVX2 but the avx2 backends did not run"; exit 1
fi
for plant in branch table; do
  echo "== ct (valgrind) negative test: a $plant leak planted in the tag comparison"
  if "${VG[@]}" --log-file=$B/plant-$plant.log $B/ct_check --plant $plant >/dev/null; then
    echo "ct (valgrind): the planted $plant leak was NOT reported (log: $B/plant-$plant.log)"; exit 1
  fi
  want="Conditional jump or move depends on uninitialised value"
  [ $plant = table ] && want="Use of uninitialised value of size 8"
  plant_check "memcheck" $B/plant-$plant.log "$want"
done

# ---- 2. MemorySanitizer, clang build (all backends, AVX-512 included) --------
command -v "$MSAN_CC" >/dev/null || { echo "ct: $MSAN_CC not found (apt-get install clang-14 libclang-rt-14-dev)"; exit 2; }
B=build-ct-msan
cmake -S . -B $B -DCMAKE_C_COMPILER="$MSAN_CC" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARX_SANITIZE=memory \
      -DARX_CTGRIND=ON -DCMAKE_C_FLAGS=-fsanitize-memory-track-origins >/dev/null
cmake --build $B -j "$JOBS" --target ct_check -- --no-print-directory
echo "== ct (MemorySanitizer): every cipher x backend x mode"
if ! $B/ct_check "$@" >$B/ct.out 2>$B/ct.log; then
  cat $B/ct.out
  echo "ct (MemorySanitizer): FAILED"
  head -60 $B/ct.log
  exit 1
fi
cat $B/ct.out
if [ $# -eq 0 ] && grep -qw avx512f /proc/cpuinfo 2>/dev/null && ! grep -qE "^lea-128 .* avx512" $B/ct.out; then
  echo "ct (MemorySanitizer): this CPU has AVX-512 but the avx512 backends did not run"; exit 1
fi
for plant in branch table; do
  echo "== ct (MemorySanitizer) negative test: a $plant leak planted in the tag comparison"
  if $B/ct_check --plant $plant >/dev/null 2>$B/plant-$plant.log; then
    echo "ct (MemorySanitizer): the planted $plant leak was NOT reported"; exit 1
  fi
  plant_check "MemorySanitizer" $B/plant-$plant.log "use-of-uninitialized-value"
done
echo "ct: passed"
