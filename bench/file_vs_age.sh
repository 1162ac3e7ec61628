#!/usr/bin/env bash
# File encryption speed: `arxcrypt encrypt/decrypt` (key file) against age
# (filippo.io/age, an X25519 identity file) on one large random file.
#
# usage: bench/file_vs_age.sh [ARXCRYPT] [SIZE_MIB] [N]
#   ARXCRYPT  the arxcrypt binary (default: build/arxcrypt, else build-file/arxcrypt)
#   SIZE_MIB  the file's size in MiB (default 256)
#   N         repetitions of each command (default 5)
# environment:
#   AGE, AGE_KEYGEN  the age binaries (default: on PATH, else $GOBIN, $HOME/go/bin, /tmp/agebin)
#   WORKDIR          where the files go (default /dev/shm if it is writable, else /tmp): not the
#                    repository; a tmpfs keeps the disk out of the comparison
#   ARX_EXTRA        extra arxcrypt options for both arxcrypt rows (e.g. "--threads 1")
#   ARX_BASELINE     another arxcrypt binary (e.g. a build of an older commit): two more rows,
#                    "baseline encrypt/decrypt", run like the arxcrypt rows in the same rounds
#
# age: go install filippo.io/age/cmd/...@latest   (GOBIN=/tmp/agebin to keep it out of $HOME)
#
# The commands run interleaved (one of each per round, N rounds), each timed by
# wall clock; the input is read once before the first round so every run finds
# it in the page cache. Printed: the median of each, MB/s, and arxcrypt's time
# over age's. arxcrypt runs as users run it: every core (--threads 0), output
# to a temporary file that is fsynced and renamed; age is single-threaded and
# does not fsync. The "--threads 1" rows are arxcrypt on one core.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
arx=${1:-}
if [[ -z $arx ]]; then
  for c in "$root/build/arxcrypt" "$root/build-file/arxcrypt"; do
    [[ -x $c ]] && { arx=$c; break; }
  done
fi
size_mib=${2:-256}
n=${3:-5}
[[ -n $arx && -x $arx ]] || { echo "file_vs_age.sh: no arxcrypt binary (give its path)" >&2; exit 2; }

find_tool() { # name: the first of PATH, $GOBIN, ~/go/bin, /tmp/agebin
  local t
  for t in "$(command -v "$1" || true)" "${GOBIN:+$GOBIN/$1}" "$HOME/go/bin/$1" "/tmp/agebin/$1"; do
    [[ -n $t && -x $t ]] && { echo "$t"; return 0; }
  done
  return 1
}
age=${AGE:-$(find_tool age)} || { echo "file_vs_age.sh: age not found: go install filippo.io/age/cmd/...@latest" >&2; exit 2; }
age_keygen=${AGE_KEYGEN:-$(find_tool age-keygen)} || { echo "file_vs_age.sh: age-keygen not found" >&2; exit 2; }

if [[ -z ${WORKDIR:-} ]]; then
  if [[ -d /dev/shm && -w /dev/shm ]]; then WORKDIR=/dev/shm; else WORKDIR=/tmp; fi
fi
work=$(mktemp -d "$WORKDIR/arx-vs-age.XXXXXX")
trap 'rm -rf "$work"' EXIT

in=$work/in
head -c $((size_mib << 20)) /dev/urandom > "$in"
"$age_keygen" -o "$work/identity" 2> /dev/null
recipient=$("$age_keygen" -y "$work/identity")
"$arx" keygen -o "$work/key"
"$age" -r "$recipient" -o "$work/in.age" "$in"
"$arx" encrypt --key-file "$work/key" -i "$in" -o "$work/in.arx" --quiet
cat "$in" "$work/in.age" "$work/in.arx" > /dev/null # into the page cache

# label | command (run with eval; $in, $work, ... expanded then)
extra=${ARX_EXTRA:-}
labels=("age encrypt" "age decrypt" "arxcrypt encrypt" "arxcrypt decrypt"
        "arxcrypt encrypt --threads 1" "arxcrypt decrypt --threads 1")
cmds=("\"\$age\" -r \"\$recipient\" -o \"\$work/out\" \"\$in\""
      "\"\$age\" -d -i \"\$work/identity\" -o \"\$work/out\" \"\$work/in.age\""
      "\"\$arx\" encrypt --key-file \"\$work/key\" -i \"\$in\" -o \"\$work/out\" --force --quiet $extra"
      "\"\$arx\" decrypt --key-file \"\$work/key\" -i \"\$work/in.arx\" -o \"\$work/out\" --force --quiet $extra"
      "\"\$arx\" encrypt --key-file \"\$work/key\" -i \"\$in\" -o \"\$work/out\" --force --quiet --threads 1"
      "\"\$arx\" decrypt --key-file \"\$work/key\" -i \"\$work/in.arx\" -o \"\$work/out\" --force --quiet --threads 1")
base=${ARX_BASELINE:-}
if [[ -n $base ]]; then
  [[ -x $base ]] || { echo "file_vs_age.sh: ARX_BASELINE '$base' is not executable" >&2; exit 2; }
  labels+=("baseline encrypt" "baseline decrypt")
  cmds+=("\"\$base\" encrypt --key-file \"\$work/key\" -i \"\$in\" -o \"\$work/out\" --force --quiet $extra"
         "\"\$base\" decrypt --key-file \"\$work/key\" -i \"\$work/in.arx\" -o \"\$work/out\" --force --quiet $extra")
fi
declare -A times
for ((r = 1; r <= n; r++)); do
  for i in "${!cmds[@]}"; do
    rm -f "$work/out" # age -o replaces; a fresh file for each alike
    t0=$EPOCHREALTIME
    eval "${cmds[$i]}"
    t1=$EPOCHREALTIME
    times[$i]+="$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }') "
    if [[ ${labels[$i]} == *decrypt* ]] && ! cmp -s "$work/out" "$in"; then
      echo "file_vs_age.sh: ${labels[$i]} did not give the input back" >&2
      exit 1
    fi
  done
done

median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
declare -A med
echo "file_vs_age: $size_mib MiB of random bytes in $WORKDIR ($(df -T "$work" | awk 'NR == 2 { print $2 }')), $n interleaved runs each"
echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(uname -sr), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "age $("$age" --version) ($(go version -m "$age" 2> /dev/null | awk '$1 == "go:" || NR == 1 { print $2; exit }' || echo "go ?"))"
echo "$("$arx" version) ($arx), OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-unset}${extra:+, arxcrypt rows with $extra}"
[[ -n $base ]] && echo "baseline: $base"
printf '%-30s %9s %9s   %s\n' command median MB/s "all runs (s)"
for i in "${!cmds[@]}"; do
  m=$(echo "${times[$i]}" | median)
  med[$i]=$m
  printf '%-30s %8.3fs %9.0f   %s\n' "${labels[$i]}" "$m" "$(awk -v m="$m" -v s="$size_mib" 'BEGIN { print s * 1048576 / m / 1e6 }')" "${times[$i]}"
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
echo "ratios (arxcrypt time / age time; below 1: arxcrypt faster):"
echo "  encrypt: $(ratio "${med[2]}" "${med[0]}")   (--threads 1: $(ratio "${med[4]}" "${med[0]}"))"
echo "  decrypt: $(ratio "${med[3]}" "${med[1]}")   (--threads 1: $(ratio "${med[5]}" "${med[1]}"))"
if [[ -n $base ]]; then
  echo "arxcrypt time / baseline time: encrypt $(ratio "${med[2]}" "${med[6]}"), decrypt $(ratio "${med[3]}" "${med[7]}")"
fi
