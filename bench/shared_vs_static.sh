#!/usr/bin/env bash
# The CLI linked to libarxcrypt.so (build/arxcrypt) against the same CLI linked
# with libarxcrypt.a (build/arxcrypt-static), in one run: the two alternate for
# ROUNDS rounds, each `arxcrypt bench` call measuring LEA-128 CTR and GCM at
# 16 KiB and 64 B; printed are the medians over rounds of each call's medians
# (TSC cycles per byte) and the ratio shared / static (1.000 = same speed).
#
#   bench/shared_vs_static.sh [BUILD [ROUNDS [SECONDS]]]    (defaults: build 15 0.3)
#
# 15 rounds: on the shared 2-vCPU machine of docs/PERFORMANCE.md, 9 rounds
# still let one disturbed stretch move a 64-byte median by 10%.
#
# Both programs come from `make` (cmake/install.cmake); numbers depend on the
# machine, so the CPU is printed with them. Not a test: timing belongs here.
set -euo pipefail
build=${1:-build} rounds=${2:-15} seconds=${3:-0.3}
shared=$build/arxcrypt static=$build/arxcrypt-static
for p in "$shared" "$static"; do
  [ -x "$p" ] || { echo "shared_vs_static: $p not found (run make first; needs ARX_SHARED=ON)"; exit 2; }
done
if ! readelf -d "$shared" | grep -q 'NEEDED.*libarxcrypt\.so'; then
  echo "shared_vs_static: $shared is not linked to libarxcrypt.so (a CUDA or ARX_SHARED=OFF build?)"; exit 2
fi
args=(bench --cipher lea-128 --mode ctr,gcm --size 16384 --seconds "$seconds" --json)
cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)
avx512=$(grep -qw avx512f /proc/cpuinfo 2>/dev/null && echo "AVX-512: yes" || echo "AVX-512: no")
echo "# CPU: ${cpu:-unknown} ($avx512, $(nproc) online CPUs)"
echo "# command: arxcrypt ${args[*]}, $rounds rounds, shared and static alternating"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/arxcrypt-svs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# one call -> lines "mode size cpb backend"
rows() { "$@" 2>/dev/null | awk -F'"' '/"cipher"/ {
  for (i = 1; i < NF; i++) { if ($i == "mode") m = $(i + 2); if ($i == "backend") b = $(i + 2) }
  match($0, /"size": [0-9]+/); s = substr($0, RSTART + 8, RLENGTH - 8)
  match($0, /"cpb": [0-9.]+/); c = substr($0, RSTART + 7, RLENGTH - 7)
  print m, s, c, b }'; }
for r in $(seq 1 "$rounds"); do
  if [ $((r % 2)) -eq 1 ]; then order="static shared"; else order="shared static"; fi # neither always first
  for which in $order; do
    if [ $which = shared ]; then prog=$shared; else prog=$static; fi
    rows "$prog" "${args[@]}" | sed "s/^/$which /" >>"$tmp/all"
  done
  printf '.' >&2
done
echo >&2
awk '
  { key = $2 " " $3; v[$1, key, ++n[$1, key]] = $4; keys[key] = 1; backend[key] = $5 }
  function median(which, key,   k, i, j, t, a) {
    k = n[which, key]; for (i = 1; i <= k; i++) a[i] = v[which, key, i]
    for (i = 2; i <= k; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
  }
  END {
    printf "%-5s %6s %-8s %12s %12s %14s\n", "mode", "size", "backend", "static cpb", "shared cpb", "shared/static"
    split("ctr 16384,ctr 64,gcm 16384,gcm 64", order, ",")
    for (o = 1; o <= 4; o++) {
      key = order[o]; if (!(key in keys)) continue
      split(key, f, " "); s = median("static", key); d = median("shared", key)
      printf "%-5s %6s %-8s %12.3f %12.3f %14.3f\n", f[1], f[2], backend[key], s, d, (s > 0 ? d / s : 0)
    }
  }' "$tmp/all"
