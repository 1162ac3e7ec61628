#!/usr/bin/env bash
# make cuda: a CUDA build of arxcrypt in build-cuda/build and its tests.
#   1. nvcc: $NVCC, else nvcc on PATH, else PyPI's CUDA 13 packages in a venv
#      (build-cuda/venv: nvidia-cuda-nvcc, -crt, -nvvm, -runtime, -cccl), which
#      lay out bin/nvcc, include/ and lib/ under nvidia/cu13. (The cu12 wheels
#      of 12.4 to 12.9 ship ptxas but no nvcc driver.)
#   2. configure with CMAKE_CUDA_COMPILER (+ CUDAToolkit_ROOT), build with -j$JOBS;
#   3. ctest -R cuda (test_cuda_host; test_cuda_gpu skips without a GPU) and the
#      CLI's tests, then the ptxas resource report of the kernels (cuda/ptxas-report.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD_CUDA:-build-cuda}
JOBS=${JOBS:-2}
if [ -n "${NVCC:-}" ]; then
  nvcc=$NVCC
elif command -v nvcc >/dev/null 2>&1; then
  nvcc=$(command -v nvcc)
else
  root=$(ls -d "$B"/venv/lib/python3*/site-packages/nvidia/cu13 2>/dev/null | head -1 || true)
  if [ -z "$root" ] || [ ! -x "$root/bin/nvcc" ]; then
    echo "cuda: installing nvcc from PyPI into $B/venv"
    python3 -m venv "$B/venv"
    "$B/venv/bin/pip" install -q --disable-pip-version-check \
      nvidia-cuda-nvcc nvidia-cuda-crt nvidia-nvvm nvidia-cuda-runtime nvidia-cuda-cccl
    root=$(ls -d "$B"/venv/lib/python3*/site-packages/nvidia/cu13 | head -1)
  fi
  nvcc=$root/bin/nvcc
fi
nvcc=$(cd "$(dirname "$nvcc")" && pwd)/$(basename "$nvcc") # CMake wants a full path
root=$(cd "$(dirname "$nvcc")/.." && pwd)
echo "cuda: $("$nvcc" --version | tail -2 | head -1) at $nvcc"
cmake -S . -B "$B/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER="$nvcc" \
  -DCUDAToolkit_ROOT="$root" ${CUDA_CMAKE_FLAGS:-} >/dev/null
cmake --build "$B/build" -j "$JOBS" --target arxcrypt_cuda test_cuda_host test_cuda_gpu arxcrypt-cli
ctest --test-dir "$B/build" --output-on-failure -R '^(cuda_host|cuda_gpu)$'
cuda/ptxas-report.sh "$nvcc" "$B/ptxas-report.txt"
