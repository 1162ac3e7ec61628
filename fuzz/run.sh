#!/usr/bin/env bash
# fuzz/run.sh SECONDS: build the libFuzzer harnesses (build-fuzz, clang-14,
# ASan + UBSan) and run each for SECONDS seconds on its seed corpus
# fuzz/corpus/<harness>/. New inputs go to build-fuzz/fuzz-corpus/<harness>/
# (kept between runs, so later runs start where earlier ones stopped); the
# committed seeds are only read. Prints one line per harness and exits
# non-zero if any harness found anything (crash, sanitizer report, leak,
# timeout, out of memory); the finding's input and log are named then.
#
# Installs nothing. Environment: ARX_FUZZ_CC (default clang-14),
# ARX_FUZZ_BUILD (default <repo>/build-fuzz), JOBS (build jobs, default 2).
set -euo pipefail

die() {
  echo "fuzz/run.sh: $*" >&2
  exit 2
}
[ $# -eq 1 ] || die "usage: fuzz/run.sh SECONDS (seconds per harness)"
secs=$1
case $secs in '' | *[!0-9]*) die "SECONDS must be a whole number, got '$secs'" ;; esac
[ "$secs" -gt 0 ] || die "SECONDS must be at least 1"

root=$(cd "$(dirname "$0")/.." && pwd)
build=${ARX_FUZZ_BUILD:-$root/build-fuzz}
cc=${ARX_FUZZ_CC:-clang-14}
jobs=${JOBS:-2}
harnesses=(fuzz_diff fuzz_aead fuzz_cli fuzz_file)

# ---- tools: present, and clang can link libFuzzer ----------------------------------
command -v cmake >/dev/null || die "cmake not found"
install_hint="Debian: apt-get install clang-14 libclang-rt-14-dev"
command -v "$cc" >/dev/null || die "$cc not found: the fuzz build needs clang with libFuzzer ($install_hint)"
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
  'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }' >"$probe/probe.c"
if ! "$cc" -fsanitize=fuzzer,address,undefined "$probe/probe.c" -o "$probe/probe" 2>"$probe/err"; then
  sed 's/^/  /' "$probe/err" | head -5 >&2
  die "$cc cannot link libFuzzer (-fsanitize=fuzzer): its runtime is missing ($install_hint)"
fi

# ---- build ---------------------------------------------------------------------------
echo "fuzz/run.sh: building ${harnesses[*]} in $build"
if ! cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARX_FUZZ=ON \
  >"$probe/configure.log" 2>&1; then
  cat "$probe/configure.log" >&2
  die "cmake configure failed (a $build configured with another compiler? remove it)"
fi
cmake --build "$build" --target "${harnesses[@]}" -j "$jobs" >"$probe/build.log" 2>&1 || {
  cat "$probe/build.log" >&2
  die "build failed"
}

# ---- run -----------------------------------------------------------------------------
# UBSan reports abort (the build has -fno-sanitize-recover=all); stacks help triage.
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
status=0
for h in "${harnesses[@]}"; do
  corpus=$build/fuzz-corpus/$h
  out=$build/fuzz-out/$h
  mkdir -p "$corpus"
  rm -rf "$out"
  mkdir -p "$out"
  flags=(-max_total_time="$secs" -print_final_stats=1 -timeout=30 -max_len=8192 -artifact_prefix="$out/")
  [ -f "$root/fuzz/$h.dict" ] && flags+=(-dict="$root/fuzz/$h.dict")
  rc=0
  "$build/fuzz/$h" "${flags[@]}" "$corpus" "$root/fuzz/corpus/$h" >"$out/log" 2>&1 || rc=$?

  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/log" | tail -n 1)
  last=$(grep -E '^#[0-9]+.*cov: ' "$out/log" | tail -n 1 || true)
  cov=$(sed -n 's/.*cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corp=$(sed -n 's/.* corp: \([0-9]*\)\/.*/\1/p' <<<"$last")
  found=$(find "$out" -maxdepth 1 -type f ! -name log | sort)
  if [ "$rc" -ne 0 ] || [ -n "$found" ]; then
    status=1
    echo "$h: FAILED (exit $rc) after ${runs:-?} runs, cov ${cov:-?}; log $out/log"
    for f in $found; do echo "  input: $f (reproduce: $build/fuzz/$h $f)"; done
    grep -E -m 12 'ERROR|runtime error|SUMMARY|^fuzz_|^  (cipher|len|nonce)' "$out/log" |
      sed 's/^/  /' || true
  else
    echo "$h: ok, ${runs:-?} runs in ${secs} s (${rate:-?}/s), cov ${cov:-?}, ft ${ft:-?}, corpus ${corp:-?}"
  fi
done
exit $status
