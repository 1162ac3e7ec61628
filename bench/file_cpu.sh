#!/usr/bin/env bash
# CPU time (user + sys) and wall time of two arxcrypt binaries' encrypt and
# decrypt (key file, 256 MiB of random bytes on /dev/shm, --threads 1 and 0),
# interleaved round by round. On a shared, loaded machine wall time swings by
# 10x while CPU time stays within a few percent, so this is the comparison
# that still means something there (docs/PERFORMANCE.md, issue 14).
#
# usage: bench/file_cpu.sh NEW_ARXCRYPT OLD_ARXCRYPT [ROUNDS]   (default 7)
set -euo pipefail
new=$1 old=$2 n=${3:-7}
w=$(mktemp -d /dev/shm/arx-cpu.XXXXXX); trap 'rm -rf "$w"' EXIT
head -c $((256<<20)) /dev/urandom > $w/in
$new keygen -o $w/key
$new encrypt --key-file $w/key -i $w/in -o $w/in.arx --quiet
declare -A cpu wall
for ((r=0;r<n;r++)); do
  for b in new old; do
    bin=${!b}
    for t in 1 0; do
      for op in encrypt decrypt; do
        src=$w/in; [[ $op == decrypt ]] && src=$w/in.arx
        rm -f $w/out
        /usr/bin/time -f "%U %S %e" -o $w/t $bin $op --key-file $w/key -i $src -o $w/out --force --quiet --threads $t
        read u s e < $w/t
        k="$b $op --threads $t"
        cpu[$k]+="$(awk -v u=$u -v s=$s 'BEGIN{printf "%.2f", u+s}') "
        wall[$k]+="$e "
        [[ $op == decrypt ]] && cmp -s $w/out $w/in
      done
    done
  done
done
med() { tr ' ' '\n' | grep . | sort -g | awk '{v[NR]=$1} END{print (NR%2)?v[(NR+1)/2]:(v[NR/2]+v[NR/2+1])/2}'; }
printf '%-30s %10s %10s   %s\n' command "cpu (s)" "wall (s)" "cpu, all runs"
for k in "new encrypt --threads 1" "old encrypt --threads 1" "new decrypt --threads 1" "old decrypt --threads 1" \
         "new encrypt --threads 0" "old encrypt --threads 0" "new decrypt --threads 0" "old decrypt --threads 0"; do
  printf '%-30s %10s %10s   %s\n' "$k" "$(echo ${cpu[$k]} | med)" "$(echo ${wall[$k]} | med)" "${cpu[$k]}"
done
