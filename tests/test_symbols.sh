#!/usr/bin/env bash
# ctest `symbols`: libarxcrypt.so exports exactly the functions that
# include/arxcrypt.h declares with ARX_API, compared both ways, and nothing
# else; with a CLI given, that CLI takes the library from libarxcrypt.so and
# carries no copy of it.
#
#   test_symbols.sh LIBARXCRYPT.SO HEADER NM [CLI READELF]
#
# The header is read as text (comments and preprocessor lines dropped,
# declarations joined across lines), so a new ARX_API function is picked up
# without a list to update here.
set -u
lib=$1 header=$2 nm=$3 cli=${4:-} readelf=${5:-}
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/arxcrypt-symbols.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# Names of the functions declared ARX_API: each statement (text between ';',
# '{' and '}') that holds the word ARX_API names the identifier before its
# first '('. A statement with ARX_API and no '(' is reported: not a function.
awk '
  cont { cont = /\\$/; next }
  /^[ \t]*#/ { cont = /\\$/; next }
  {
    line = $0; out = ""
    while (line != "") {
      if (incomment) {
        i = index(line, "*/"); if (!i) { line = ""; break }
        line = substr(line, i + 2); incomment = 0; continue
      }
      i = index(line, "/*"); j = index(line, "//")
      if (j && (!i || j < i)) { out = out substr(line, 1, j - 1); break }
      if (i) { out = out substr(line, 1, i - 1) " "; line = substr(line, i + 2); incomment = 1; continue }
      out = out line; line = ""
    }
    text = text " " out
  }
  END {
    n = split(text, stmt, /[;{}]/)
    for (k = 1; k <= n; k++) {
      s = stmt[k]
      if (s !~ /(^|[^A-Za-z0-9_])ARX_API([^A-Za-z0-9_]|$)/) {
        # a function declared without ARX_API would be hidden in the .so
        t = s; sub(/^[ \t]+/, "", t)
        if (index(t, "(") && t !~ /^(typedef|static)[ \t]/) { gsub(/[ \t]+/, " ", t); print "?" t }
        continue
      }
      sub(/.*ARX_API/, "", s)
      p = index(s, "(")
      if (!p) { gsub(/[ \t]+/, " ", s); print "!" s; continue }
      pre = substr(s, 1, p - 1)
      if (match(pre, /[A-Za-z_][A-Za-z0-9_]*[ \t]*$/)) {
        name = substr(pre, RSTART, RLENGTH); gsub(/[ \t]/, "", name); print name
      }
    }
  }' "$header" | sort -u >"$tmp/parsed"
grep '^!' "$tmp/parsed" | while read -r x; do echo "FAIL: ARX_API on a declaration that is not a function:${x#!}"; done
grep '^?' "$tmp/parsed" | while read -r x; do echo "FAIL: a function declared without ARX_API (hidden in the shared library):${x#?}"; done
nonfunc=$(grep -c '^[!?]' "$tmp/parsed")
failed=$((failed + nonfunc))
grep -v '^[!?]' "$tmp/parsed" >"$tmp/declared"
ndecl=$(wc -l <"$tmp/declared")
echo "symbols: $ndecl functions declared ARX_API in $(basename "$header")"
if [ "$ndecl" -eq 0 ]; then bad "no ARX_API declaration found in $header (the parser or the header changed)"; else ok; fi

# What the library exports: defined dynamic symbols, version suffixes cut.
if ! "$nm" -D --defined-only "$lib" >"$tmp/nm" 2>"$tmp/nm.err"; then
  cat "$tmp/nm.err"; bad "$nm -D --defined-only $lib failed"
fi
awk 'NF >= 3 { sub(/@.*/, "", $3); print $2, $3 }' "$tmp/nm" >"$tmp/dyn"
awk '$1 ~ /^[TWi]$/ { print $2 }' "$tmp/dyn" | sort -u >"$tmp/exported"
nexp=$(wc -l <"$tmp/exported")
echo "symbols: $nexp functions exported by $(basename "$lib")"

# Both ways: declared and exported, declared but not exported, exported but not declared.
comm -12 "$tmp/declared" "$tmp/exported" >"$tmp/both"
passed=$((passed + $(wc -l <"$tmp/both")))
echo "symbols: $(wc -l <"$tmp/both") declared and exported"
while read -r s; do bad "$s is declared ARX_API in the header but libarxcrypt.so does not export it"; done \
  < <(comm -23 "$tmp/declared" "$tmp/exported")
while read -r s; do bad "libarxcrypt.so exports $s, which the header does not declare ARX_API (hidden visibility lost?)"; done \
  < <(comm -13 "$tmp/declared" "$tmp/exported")
# Anything else exported (data, TLS, absolute symbols) is not part of the API.
while read -r t s; do bad "libarxcrypt.so exports $s (nm type $t), which is not an ARX_API function"; done \
  < <(awk '$1 !~ /^[TWi]$/' "$tmp/dyn")
[ -z "$(awk '$1 !~ /^[TWi]$/' "$tmp/dyn")" ] && { echo "symbols: no data or other symbols exported"; ok; }

# The CLI: linked to libarxcrypt.so.N, no ARX_API function of its own.
if [ -n "$cli" ]; then
  soname=$("$readelf" -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
  if "$readelf" -d "$cli" | grep -q "(NEEDED).*\[$soname\]"; then
    echo "symbols: $(basename "$cli") needs $soname"; ok
  else
    bad "$(basename "$cli") does not need ${soname:-the soname of the library} (not linked to the shared library)"
  fi
  "$nm" --defined-only "$cli" | awk '{ print $NF }' | sort -u >"$tmp/cli_defined"
  copies=$(comm -12 "$tmp/declared" "$tmp/cli_defined" | tr '\n' ' ')
  if [ -z "$copies" ]; then
    echo "symbols: $(basename "$cli") defines none of the ARX_API functions (no static copy)"; ok
  else
    bad "$(basename "$cli") carries its own copy of: $copies"
  fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
