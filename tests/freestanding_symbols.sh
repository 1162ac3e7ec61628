#!/bin/sh
# The freestanding library (-DARX_FREESTANDING=ON) may need nothing from
# outside itself but memcpy, memset and memmove: every undefined symbol of
# every object in the archive is listed and checked against those three.
# A microcontroller build may also need the compiler's own arithmetic helpers
# where the ISA has no instruction (RV32I has no multiply or divide: libgcc's
# __mulsi3, __udivsi3 ...); its CMake passes ALLOW_RUNTIME=1 for those.
# usage: freestanding_symbols.sh LIBARXCRYPT.a [NM] [ALLOW_RUNTIME]
lib=$1
nm=${2:-nm}
allow_runtime=${3:-0}
[ -f "$lib" ] || { echo "no library at '$lib'"; echo "0 passed, 1 failed"; exit 1; }
undef=$("$nm" -u "$lib" | awk 'NF == 2 && $1 == "U" { print $2 }' | sort -u)
defined=$("$nm" --defined-only "$lib" | awk 'NF == 3 { print $3 }' | sort -u)
passed=0 failed=0
for s in $undef; do
  if echo "$defined" | grep -qx "$s"; then continue; fi # another object of the library has it
  case $s in
    memcpy|memset|memmove) echo "needs $s (allowed)"; passed=$((passed + 1)) ;;
    __mulsi3|__muldi3|__divsi3|__udivsi3|__modsi3|__umodsi3|__divdi3|__udivdi3|__moddi3|__umoddi3|\
    __aeabi_uidiv|__aeabi_uidivmod|__aeabi_idiv|__aeabi_idivmod|__aeabi_uldivmod|__aeabi_ldivmod|\
    __aeabi_llsl|__aeabi_llsr|__aeabi_lasr|__aeabi_lmul)
      if [ "$allow_runtime" = 1 ]; then echo "needs $s (compiler runtime, allowed on this target)"; passed=$((passed + 1))
      else echo "FAIL: needs $s from outside the library"; failed=$((failed + 1)); fi ;;
    *) echo "FAIL: needs $s from outside the library"; failed=$((failed + 1)) ;;
  esac
done
n=$("$nm" --defined-only "$lib" | awk 'NF == 3 && $2 == "T" && $3 ~ /^arx_/' | wc -l)
if [ "$n" -lt 40 ]; then echo "FAIL: only $n arx_ functions defined: is this the library?"; failed=$((failed + 1)); fi
echo "$n arx_ functions defined; undefined symbols checked against memcpy/memset/memmove"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
