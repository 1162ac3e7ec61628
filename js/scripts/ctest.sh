#!/bin/sh
# ctest's `js` test (make test): the npm package's suite, smoke-sized, when
# the toolchain is here: clang-14 + wasm-ld-14 (Debian lld-14), node and npm,
# and js/node_modules (`make js` installs it; this test never downloads).
# Exits 77 (skipped, with the reason) otherwise.
# usage: ctest.sh NATIVE_CLI
cli=$1
cd "$(dirname "$0")/.." || exit 1
for t in clang-14 wasm-ld-14 node npm; do
  command -v "$t" >/dev/null 2>&1 || { echo "js: skipped: $t not found (apt-get install clang-14 lld-14 nodejs npm; then make js)"; exit 77; }
done
[ -d node_modules/playwright-core ] || { echo "js: skipped: js/node_modules missing (make js installs it)"; exit 77; }
log=${TMPDIR:-/tmp}/arxcrypt-js-build.$$.log
JOBS=${JOBS:-2} npm run --silent build >"$log" 2>&1 || { cat "$log"; rm -f "$log"; exit 1; }
rm -f "$log"
ARXCRYPT_CLI=$cli ARX_JS_QUICK=1 npm test
