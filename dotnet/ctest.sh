#!/bin/sh
# ctest's `dotnet` test (make test): `make -C dotnet test` at smoke size
# (ARX_DOTNET_QUICK=1) against this build's CLI and libarxcrypt.so, when
# Debian's Mono and NUnit are here; exits 77 (skipped, with the reason) if not.
# usage: ctest.sh CLI LIBDIR OUTDIR
cli=$1 libdir=$2 out=$3
cd "$(dirname "$0")" || exit 1
for t in mcs mono nunit-console; do
  command -v "$t" >/dev/null 2>&1 || {
    echo "dotnet: skipped: $t not found (apt-get install mono-mcs mono-runtime nunit-console libnunit-cil-dev)"; exit 77; }
done
ls /usr/lib/cli/nunit.framework-2.6*/nunit.framework.dll /usr/lib/mono/gac/nunit.framework/*/nunit.framework.dll \
  >/dev/null 2>&1 || { echo "dotnet: skipped: nunit.framework.dll not found (apt-get install libnunit-cil-dev)"; exit 77; }
exec make -s test CLI="$cli" LIBDIR="$libdir" OUT="$out" ARX_DOTNET_QUICK=1
