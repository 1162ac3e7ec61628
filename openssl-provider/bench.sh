#!/bin/sh
# The speed targets for the provider, measured in one run:
#   openssl speed -evp LEA-128-GCM / LEA-128-CTR through arxcrypt.so, against
#   `arxcrypt bench` (the library alone) at 16 KiB, and against the default
#   provider's AES-128-GCM at 64 bytes (per-call cost).
# Each openssl speed figure is the best of ROUNDS runs of SECONDS seconds (the
# best is the least disturbed by other load); arxcrypt bench reports medians.
# usage: openssl-provider/bench.sh [BUILD_DIR] [ROUNDS] [SECONDS]
set -eu
B=${1:-build} ROUNDS=${2:-5} SECS=${3:-1}
OPENSSL=${OPENSSL:-openssl}
MOD=$(cd "$B/ossl-modules" && pwd)
P="-provider-path $MOD -provider arxcrypt -provider default"
echo "# CPU: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1); $($OPENSSL version)"
echo "# load average: $(cut -d' ' -f1-3 /proc/loadavg)"

# best kB/s (openssl speed prints 1000s of bytes per second) of ROUNDS runs
speed() { # CIPHER BYTES
  best=0 i=0
  while [ $i -lt "$ROUNDS" ]; do
    # OpenSSL 3.0's speed resolves -evp while parsing: providers first.
    v=$($OPENSSL speed -seconds "$SECS" -bytes "$2" $P -evp "$1" 2>/dev/null |
        awk -v c="$1" 'toupper($1) == toupper(c) { sub(/k$/, "", $2); print $2 }')
    best=$(awk -v a="$best" -v b="${v:-0}" 'BEGIN { print (b > a) ? b : a }')
    i=$((i + 1))
  done
  echo "$best"
}
bench() { # MODE SIZE -> GB/s
  "$B/arxcrypt" bench --cipher lea-128 --mode "$1" --size "$2" --seconds "$SECS" --json 2>/dev/null |
    awk -v s="$2" -F'"gbps": ' '/"size": '"$2"'/ { sub(/}.*/, "", $2); print $2 }'
}

gcm16=$(speed LEA-128-GCM 16384); ctr16=$(speed LEA-128-CTR 16384)
aes16=$(speed AES-128-GCM 16384); aesctr16=$(speed AES-128-CTR 16384)
gcm64=$(speed LEA-128-GCM 64);    aes64=$(speed AES-128-GCM 64)
ctr64=$(speed LEA-128-CTR 64)
bgcm=$(bench gcm 16384); bctr=$(bench ctr 16384)

awk -v gcm16="$gcm16" -v ctr16="$ctr16" -v aes16="$aes16" -v aesctr16="$aesctr16" \
    -v gcm64="$gcm64" -v aes64="$aes64" -v ctr64="$ctr64" -v bgcm="$bgcm" -v bctr="$bctr" 'BEGIN {
  printf "| measurement | GB/s | ns per call |\n|---|---:|---:|\n"
  row("openssl speed -evp LEA-128-GCM, 16 KiB (provider)", gcm16, 16384)
  row("arxcrypt bench lea-128 gcm, 16 KiB (library)", bgcm * 1e6, 16384)
  row("openssl speed -evp LEA-128-CTR, 16 KiB (provider)", ctr16, 16384)
  row("arxcrypt bench lea-128 ctr, 16 KiB (library)", bctr * 1e6, 16384)
  row("openssl speed -evp AES-128-GCM, 16 KiB (default provider)", aes16, 16384)
  row("openssl speed -evp AES-128-CTR, 16 KiB (default provider)", aesctr16, 16384)
  row("openssl speed -evp LEA-128-GCM, 64 B (provider)", gcm64, 64)
  row("openssl speed -evp AES-128-GCM, 64 B (default provider)", aes64, 64)
  row("openssl speed -evp LEA-128-CTR, 64 B (provider)", ctr64, 64)
  printf "\n"
  verdict("LEA-128-GCM 16 KiB, provider / library", gcm16 / (bgcm * 1e6), 0.95, ">=")
  verdict("LEA-128-CTR 16 KiB, provider / library", ctr16 / (bctr * 1e6), 0.95, ">=")
  verdict("LEA-128-GCM 64 B per-call cost / AES-128-GCM", aes64 / gcm64, 1.5, "<=")
}
function row(name, kbs, bytes) { printf "| %s | %.3f | %.0f |\n", name, kbs / 1e6, (kbs > 0) ? bytes / (kbs * 1e3) * 1e9 : 0 }
function verdict(name, r, lim, op) {
  met = (op == ">=") ? r >= lim : r <= lim
  printf "%-48s %.3f (target %s %.2f): %s\n", name, r, op, lim, met ? "met" : "MISSED"
}'
