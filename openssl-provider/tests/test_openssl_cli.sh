#!/bin/sh
# The provider through the openssl command: list, enc round trips checked
# against `arxcrypt raw` (the library), mac, a config file that loads the
# module, and an `openssl speed` smoke run (a timing is printed, not judged).
# usage: test_openssl_cli.sh OPENSSL MODULE_DIR ARXCRYPT_CLI
set -u
OPENSSL=$1 ARX=$3
MODDIR=$(cd "$2" && pwd) || exit 1
[ -x "$OPENSSL" ] || { echo "skip: no openssl command"; exit 77; }
# ASan builds: the module needs the ASan runtime loaded first, in openssl only
# (ARX_OPENSSL_PRELOAD; dd and friends do not run under it).
ossl() { if [ -n "${ARX_OPENSSL_PRELOAD:-}" ]; then LD_PRELOAD=$ARX_OPENSSL_PRELOAD "$OPENSSL" "$@"; else "$OPENSSL" "$@"; fi; }
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
fails=0 checks=0
ok()   { checks=$((checks + 1)); echo "ok   $1"; }
fail() { checks=$((checks + 1)); fails=$((fails + 1)); echo "FAIL $1"; }
P="-provider-path $MODDIR -provider arxcrypt"

# 1. list: every cipher of the library in the modes it allows.
ossl list -cipher-algorithms $P > "$T/list" 2>&1 || fail "openssl list"
for n in LEA-128-GCM LEA-192-CCM LEA-256-CTR LEA-128-CBC LEA-128-ECB HIGHT-CBC CHAM-64-128-LEGACY-ECB \
         SPECK-128-256-GCM SIMON-32-64-CTR SIMECK-48-96-CBC SPARX-128-256-CCM; do
  grep -i "@ arxcrypt" "$T/list" | grep -qiE "(^|[ {,])$n([ },]|$)" && ok "list has $n" || fail "list lacks $n"
done
grep -qi "SPECK-64-128-GCM" "$T/list" && fail "list has SPECK-64-128-GCM (64-bit block)" || ok "no GCM for 64-bit blocks"
n=$(grep -c "@ arxcrypt" "$T/list")
[ "$n" -ge 130 ] && ok "list: $n cipher entries" || fail "list: only $n cipher entries"
ossl list -mac-algorithms $P 2>&1 | grep -qi "LEA-128-CMAC @ arxcrypt" && ok "list has LEA-128-CMAC" \
  || fail "list lacks LEA-128-CMAC"

# 2. enc: CTR and CBC (PKCS#7) against arxcrypt raw, and back.
head -c 10000 /dev/urandom > "$T/pt" # whole 8- and 16-byte blocks (ECB -nopad)
K=000102030405060708090a0b0c0d0e0f IV=f0e0d0c0b0a090807060504030201000
for spec in "lea-128-ctr lea-128 ctr" "lea-128-cbc lea-128 cbc --pad" "hight-cbc hight cbc --pad" \
            "speck-64-128-ecb speck-64-128 ecb" "cham-128-128-ctr cham-128-128 ctr"; do
  set -- $spec
  name=$1 cipher=$2 mode=$3 pad=${4:-}
  case $cipher in
    lea-128|cham-128-128) iv=$IV ;;
    *) iv=$(echo $IV | cut -c1-16) ;;
  esac
  ivopt="-iv $iv"; [ "$mode" = ecb ] && ivopt="-nopad" # the raw ECB reference has no padding
  rawiv="--iv $iv"; [ "$mode" = ecb ] && rawiv=""
  if ossl enc -e -$name -K $K $ivopt -in "$T/pt" -out "$T/ct" $P 2> "$T/err" &&
     "$ARX" raw -c $cipher -m $mode -k $K $rawiv $pad < "$T/pt" > "$T/ref" &&
     cmp -s "$T/ct" "$T/ref"; then ok "enc -$name matches arxcrypt raw"; else fail "enc -$name"; cat "$T/err"; fi
  if ossl enc -d -$name -K $K $ivopt -in "$T/ct" -out "$T/back" $P 2> "$T/err" && cmp -s "$T/pt" "$T/back"
  then ok "enc -d -$name round trip"; else fail "enc -d -$name"; cat "$T/err"; fi
done
# A passphrase (PBKDF2 from the default provider, the cipher from arxcrypt).
if ossl enc -lea-256-cbc -pbkdf2 -pass pass:arx -in "$T/pt" -out "$T/ct" $P -provider default &&
   ossl enc -d -lea-256-cbc -pbkdf2 -pass pass:arx -in "$T/ct" -out "$T/back" $P -provider default &&
   cmp -s "$T/pt" "$T/back"; then ok "enc -pbkdf2 -lea-256-cbc round trip"; else fail "enc -pbkdf2"; fi
# A corrupted CBC ciphertext fails with "bad decrypt" (the padding check).
ossl enc -lea-128-cbc -K $K -iv $IV -in "$T/pt" -out "$T/ct" $P
cp "$T/ct" "$T/ct.orig"
printf '\001' | dd of="$T/ct" bs=1 seek=10000 conv=notrunc 2>/dev/null # the last (padding) block
cmp -s "$T/ct" "$T/ct.orig" && printf '\002' | dd of="$T/ct" bs=1 seek=10000 conv=notrunc 2>/dev/null
cmp -s "$T/ct" "$T/ct.orig" && fail "could not corrupt the ciphertext"
if ossl enc -d -lea-128-cbc -K $K -iv $IV -in "$T/ct" -out "$T/back" $P 2> "$T/err"; then
  fail "corrupted CBC accepted"
else
  grep -qi "bad decrypt" "$T/err" && ok "corrupted CBC: bad decrypt" || { fail "corrupted CBC: no bad decrypt"; cat "$T/err"; }
fi
# enc refuses AEAD ciphers by design; it must say so, not crash.
ossl enc -lea-128-gcm -K $K -iv $IV -in "$T/pt" -out "$T/ct" $P > "$T/err" 2>&1
rc=$?
[ $rc -ne 0 ] && [ $rc -lt 128 ] && grep -qi "AEAD" "$T/err" && ok "enc refuses LEA-128-GCM" || fail "enc with an AEAD cipher"

# 3. mac: the provider's LEA-128-CMAC and OpenSSL's CMAC over LEA-128-CBC, against arxcrypt raw.
ref=$("$ARX" raw -c lea-128 -m cmac -k $K < "$T/pt" | od -An -tx1 | tr -d ' \n')
m1=$(ossl mac -macopt hexkey:$K -in "$T/pt" $P LEA-128-CMAC 2>&1 | tr 'A-F' 'a-f')
m2=$(ossl mac -cipher LEA-128-CBC -macopt hexkey:$K -in "$T/pt" $P -provider default CMAC 2>&1 | tr 'A-F' 'a-f')
[ -n "$ref" ] && [ "$m1" = "$ref" ] && ok "mac LEA-128-CMAC" || fail "mac LEA-128-CMAC: '$m1' vs '$ref'"
[ -n "$ref" ] && [ "$m2" = "$ref" ] && ok "mac CMAC -cipher LEA-128-CBC" || fail "mac CMAC over LEA-128-CBC: '$m2' vs '$ref'"

# 4. A config file that loads the module (docs/OPENSSL.md's snippet).
cat > "$T/openssl.cnf" <<CNF
openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
[provider_sect]
default = default_sect
arxcrypt = arxcrypt_sect
[default_sect]
activate = 1
[arxcrypt_sect]
module = $MODDIR/arxcrypt.so
activate = 1
CNF
OPENSSL_CONF="$T/openssl.cnf" ossl list -cipher-algorithms 2>&1 | grep -qi "LEA-128-GCM @ arxcrypt" \
  && ok "config file loads the module" || fail "config file"
if OPENSSL_CONF="$T/openssl.cnf" ossl enc -lea-128-ctr -K $K -iv $IV -in "$T/pt" -out "$T/ct" &&
   "$ARX" raw -c lea-128 -m ctr -k $K --iv $IV < "$T/pt" | cmp -s - "$T/ct"; then
  ok "enc through the config file"; else fail "enc through the config file"; fi

# 5. speed: a short smoke run through the provider (GCM and CTR). OpenSSL 3.0's
# speed looks -evp up while it parses options, so -provider goes first (or
# the config file loads the module, as here).
if OPENSSL_CONF="$T/openssl.cnf" ossl speed -seconds 1 -bytes 1024 -evp LEA-128-GCM > "$T/speed" 2>&1 &&
   grep -qi "^LEA-128-GCM" "$T/speed"; then ok "speed -evp LEA-128-GCM (config file)"; else fail "speed GCM"; cat "$T/speed"; fi
if ossl speed -seconds 1 -bytes 1024 $P -provider default -evp LEA-128-CTR > "$T/speed" 2>&1 &&
   grep -qi "^LEA-128-CTR" "$T/speed"; then ok "speed -evp LEA-128-CTR (-provider)"; else fail "speed CTR"; cat "$T/speed"; fi

echo "$checks checks, $fails failures"
[ $fails -eq 0 ]
