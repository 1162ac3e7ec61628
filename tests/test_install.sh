#!/usr/bin/env bash
# ctest `install`: install the build into a fresh prefix, check the tree, then
# build the programs of tests/consumer/ against that prefix alone, the way
# users would (pkg-config, shared and --static; find_package(arxcrypt CONFIG)),
# and compare what they compute with the vector files:
#   - LEA-128 ECB, every record of tests/vectors/lea.txt (KISA's lea_vs.c);
#   - LEA-128 GCM, every record of tests/vectors/lea-modes.txt (Crypto++'s GCM<LEA>).
#
#   test_install.sh BUILD SRC CMAKE CC CFLAGS SHARED(ON|OFF) VERSION SOVERSION LIBDIR GENERATOR
#
# Exit 77 (ctest: skipped) when pkg-config is not installed.
set -u
build=$1 src=$2 cmake=$3 cc=$4 cflags=$5 shared=$6 version=$7 soversion=$8 libdir=$9 generator=${10}
command -v pkg-config >/dev/null || { echo "install: pkg-config not found, skipped (apt-get install pkg-config)"; exit 77; }
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok: $*"; }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
check() { # check "what" command...: passes when the command succeeds
  local what=$1; shift
  if "$@" >/dev/null 2>&1; then ok "$what"; else bad "$what"; fi
}
finish() { echo "$passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit $?; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/arxcrypt-install.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
P=$tmp/prefix L=$tmp/prefix/$libdir
# Nothing from the environment may point the compiler, loader or pkg-config
# elsewhere; each step below names what it uses.
unset LD_LIBRARY_PATH PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR CMAKE_PREFIX_PATH CPATH LIBRARY_PATH

# ---- install -------------------------------------------------------------------
if "$cmake" --install "$build" --prefix "$P" >"$tmp/install.log" 2>&1; then
  ok "cmake --install $build --prefix <fresh temporary directory>"
else
  cat "$tmp/install.log"; bad "cmake --install failed"; finish
fi

# ---- the installed tree ------------------------------------------------------------
check "include/arxcrypt.h installed" test -f "$P/include/arxcrypt.h"
check "$libdir/libarxcrypt.a installed" test -f "$L/libarxcrypt.a"
check "$libdir/pkgconfig/arxcrypt.pc installed" test -f "$L/pkgconfig/arxcrypt.pc"
check "$libdir/cmake/arxcrypt/arxcryptConfig.cmake and its version file installed" \
  test -f "$L/cmake/arxcrypt/arxcryptConfig.cmake" -a -f "$L/cmake/arxcrypt/arxcryptConfigVersion.cmake"
if [ "$shared" = ON ]; then
  check "libarxcrypt.so.$version is a file" test -f "$L/libarxcrypt.so.$version" -a ! -L "$L/libarxcrypt.so.$version"
  check "libarxcrypt.so.$soversion -> libarxcrypt.so.$version" \
    test "$(readlink "$L/libarxcrypt.so.$soversion")" = "libarxcrypt.so.$version"
  check "libarxcrypt.so -> libarxcrypt.so.$soversion" test "$(readlink "$L/libarxcrypt.so")" = "libarxcrypt.so.$soversion"
  soname=$(readelf -d "$L/libarxcrypt.so.$version" 2>/dev/null | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
  check "soname is libarxcrypt.so.$soversion (got '$soname')" test "$soname" = "libarxcrypt.so.$soversion"
fi

# The CLI from the prefix: no LD_LIBRARY_PATH; the install RPATH finds the library.
if [ -x "$P/bin/arxcrypt" ]; then
  out=$("$P/bin/arxcrypt" version 2>&1)
  check "bin/arxcrypt version prints 'arxcrypt $version' (got '$out')" test "$out" = "arxcrypt $version"
  if [ "$shared" = ON ] && command -v ldd >/dev/null; then
    where=$(ldd "$P/bin/arxcrypt" | awk '$1 ~ /^libarxcrypt\.so/ { print $3 }')
    check "bin/arxcrypt loads libarxcrypt from the prefix (ldd: '$where')" test "$where" -ef "$L/libarxcrypt.so.$soversion"
  fi
  # The man page: renders without a warning, and names every command and
  # option that `arxcrypt help` lists.
  man=$P/share/man/man1/arxcrypt.1
  if [ ! -f "$man" ]; then
    bad "share/man/man1/arxcrypt.1 not installed"
  elif command -v groff >/dev/null; then
    groff -man -Tutf8 -ww "$man" >"$tmp/man.txt" 2>"$tmp/man.err"
    if [ $? -eq 0 ] && [ ! -s "$tmp/man.err" ]; then ok "man page renders with groff -man -Tutf8 -ww, no warning"
    else cat "$tmp/man.err"; bad "groff -man -ww reports problems in arxcrypt.1"; fi
    "$P/bin/arxcrypt" help >"$tmp/help.txt"
    words=$( (awk '/^  [a-z]/ { print $1 }' "$tmp/help.txt"; grep -oE -- '(^|[ [(|])--?[a-z][a-z-]*' "$tmp/help.txt" |
              sed 's/^[ [(|]//') | sort -u)
    # the page's source with roff escapes for '-' and fonts taken out
    sed 's/\\-/-/g; s/\\f[BIRP]//g' "$man" >"$tmp/man.src"
    missing=""
    for w in $words; do
      grep -qE -- "(^|[^a-z-])$w([^a-z-]|\$)" "$tmp/man.src" || missing="$missing $w"
    done
    if [ -z "$missing" ]; then ok "man page mentions all $(echo $words | wc -w) commands and options of 'arxcrypt help'"
    else bad "man page lacks:$missing"; fi
  else
    echo "skip: groff not installed, man page not rendered (apt-get install groff-base)"
  fi
else
  bad "bin/arxcrypt not installed"
fi

# ---- vectors ---------------------------------------------------------------------
# records FILE CIPHER MODE: "key|iv|aad|pt|ct|tag" per record (empty fields kept).
records() {
  awk -v want_c="$2" -v want_m="$3" '
    function flush() { if (c == want_c && m == want_m) print f["key"] "|" f["iv"] "|" f["aad"] "|" f["pt"] "|" f["ct"] "|" f["tag"]
                       c = m = ""; delete f }
    /^[ \t]*#/ { next }
    /^[ \t]*$/ { flush(); next }
    { i = index($0, "="); k = substr($0, 1, i - 1); v = substr($0, i + 1); gsub(/[ \t\r]/, "", k); gsub(/[ \t\r]/, "", v)
      if (k == "cipher") c = v; else if (k == "mode") m = v; else f[k] = v }
    END { flush() }' "$1"
}
records "$src/tests/vectors/lea.txt" lea-128 ecb >"$tmp/ecb.txt"
records "$src/tests/vectors/lea-modes.txt" lea-128 gcm >"$tmp/gcm.txt"
[ -s "$tmp/ecb.txt" ] && [ -s "$tmp/gcm.txt" ] || { bad "no lea-128 ecb/gcm records in tests/vectors"; finish; }

# run_ecb PROGRAM WHAT [env...]: every ECB record through PROGRAM.
run_ecb() {
  local prog=$1 what=$2 n=0 wrong=0; shift 2
  while IFS='|' read -r key iv aad pt ct tag; do
    n=$((n + 1))
    got=$(env "$@" "$prog" lea-128 "$key" "$pt") || { wrong=$((wrong + 1)); echo "  record $n: $prog failed"; continue; }
    [ "$got" = "$ct" ] || { wrong=$((wrong + 1)); echo "  record $n: got $got, want $ct"; }
  done <"$tmp/ecb.txt"
  if [ $wrong -eq 0 ]; then ok "$what: $n LEA-128 ECB records of lea.txt"; else bad "$what: $wrong of $n LEA-128 ECB records wrong"; fi
}
run_gcm() {
  local prog=$1 what=$2 n=0 wrong=0
  while IFS='|' read -r key iv aad pt ct tag; do
    n=$((n + 1))
    got=$("$prog" lea-128 "$key" "$iv" "$aad" "$pt" $((${#tag} / 2))) || { wrong=$((wrong + 1)); echo "  record $n: $prog failed"; continue; }
    [ "$got" = "$ct $tag" ] || { wrong=$((wrong + 1)); echo "  record $n: got '$got', want '$ct $tag'"; }
  done <"$tmp/gcm.txt"
  if [ $wrong -eq 0 ]; then ok "$what: $n LEA-128 GCM records of lea-modes.txt (and a changed tag refused)"
  else bad "$what: $wrong of $n LEA-128 GCM records wrong"; fi
}

# ---- consumer 1: pkg-config ---------------------------------------------------------
export PKG_CONFIG_PATH=$L/pkgconfig
pcver=$(pkg-config --modversion arxcrypt 2>&1)
check "pkg-config --modversion arxcrypt is $version (got '$pcver')" test "$pcver" = "$version"
pcinc=$(pkg-config --variable=includedir arxcrypt)
check "pkg-config's includedir is the prefix's ($pcinc)" test "$pcinc" -ef "$P/include"
strict="-std=c11 -Wall -Wextra -Wpedantic -Werror"
# shellcheck disable=SC2046,SC2086 # word splitting of flags is intended
if $cc $cflags $strict -o "$tmp/ecb" "$src/tests/consumer/ecb.c" $(pkg-config --cflags --libs arxcrypt) 2>"$tmp/cc.log"; then
  ok "cc \$(pkg-config --cflags --libs arxcrypt) builds tests/consumer/ecb.c ($strict)"
  if [ "$shared" = ON ]; then
    check "ecb is linked to libarxcrypt.so.$soversion" sh -c "readelf -d '$tmp/ecb' | grep -q 'NEEDED.*libarxcrypt.so.$soversion'"
  fi
  run_ecb "$tmp/ecb" "pkg-config consumer" LD_LIBRARY_PATH="$L"
else
  cat "$tmp/cc.log"; bad "cc \$(pkg-config --cflags --libs arxcrypt) failed"
fi
# 0 when FILE's dynamic section names no libarxcrypt. readelf must succeed
# and list some NEEDED entry (libc at least), so a missing or failing
# readelf cannot pass for "no libarxcrypt".
links_no_libarxcrypt() {
  local d
  d=$(readelf -d "$1") || return 1
  grep -q 'NEEDED' <<<"$d" || return 1
  ! grep -q 'NEEDED.*libarxcrypt' <<<"$d"
}

# --static: the archive by name, with the private dependencies pkg-config adds.
libs_static=$(pkg-config --static --libs arxcrypt | sed 's/-larxcrypt\b/-l:libarxcrypt.a/')
# shellcheck disable=SC2046,SC2086
if $cc $cflags $strict -o "$tmp/ecb_static" "$src/tests/consumer/ecb.c" $(pkg-config --cflags arxcrypt) $libs_static 2>"$tmp/cc.log"; then
  ok "cc \$(pkg-config --static --libs arxcrypt) links libarxcrypt.a ($libs_static)"
  check "ecb_static needs no libarxcrypt.so" links_no_libarxcrypt "$tmp/ecb_static"
  run_ecb "$tmp/ecb_static" "pkg-config --static consumer"
else
  cat "$tmp/cc.log"; bad "cc with pkg-config --static --libs ($libs_static) failed: Libs.private incomplete?"
fi

# ---- consumer 2: find_package(arxcrypt CONFIG) ------------------------------------------
cm=$tmp/cmake-consumer
if "$cmake" -S "$src/tests/consumer/cmake" -B "$cm" -G "$generator" -DCMAKE_PREFIX_PATH="$P" \
     -DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$cflags" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
     -DCMAKE_BUILD_TYPE=Release >"$tmp/cm.log" 2>&1 &&
   "$cmake" --build "$cm" >>"$tmp/cm.log" 2>&1; then
  ok "find_package(arxcrypt 0.1 CONFIG REQUIRED) project builds (tests/consumer/cmake)"
  found=$(sed -n 's/^arxcrypt_DIR:PATH=//p' "$cm/CMakeCache.txt")
  check "find_package used the fresh prefix ($found)" test "$found" -ef "$L/cmake/arxcrypt"
  if [ "$shared" = ON ]; then
    check "arxcrypt::arxcrypt is the shared library" sh -c "readelf -d '$cm/gcm' | grep -q 'NEEDED.*libarxcrypt.so.$soversion'"
  fi
  check "arxcrypt::arxcrypt_static is the archive" links_no_libarxcrypt "$cm/gcm_static"
  run_gcm "$cm/gcm" "find_package consumer, arxcrypt::arxcrypt"
  run_gcm "$cm/gcm_static" "find_package consumer, arxcrypt::arxcrypt_static"
else
  cat "$tmp/cm.log"; bad "the find_package(arxcrypt) consumer did not configure or build"
fi

finish
