# Thin wrapper over CMake: `make` builds (Release), `make test` builds and runs
# every test through ctest, `make bench` builds and runs `arxcrypt bench`.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all build test bench sanitize msan tsan ct test-be cross clean fuzz fuzz-smoke mca cuda freestanding js js-bench

all: build

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

build: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

bench: build
	$(BUILD)/arxcrypt bench $(BENCH_ARGS)

# ASan + UBSan over the whole suite, in its own build tree.
sanitize:
	$(MAKE) test BUILD=build-asan CMAKE_FLAGS="-DCMAKE_BUILD_TYPE=Debug -DARX_SANITIZE=address,undefined"

# MemorySanitizer (clang) over the whole suite, except the Crypto++ cross-check
# (MSan needs every linked library instrumented).
MSAN_CC ?= clang-14
msan:
	$(MAKE) test BUILD=build-msan CMAKE_FLAGS="-DCMAKE_C_COMPILER=$(MSAN_CC) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DARX_SANITIZE=memory -DCMAKE_C_FLAGS=-fsanitize-memory-track-origins"

# ThreadSanitizer over the multi-threaded test (clang-14 with LLVM's OpenMP
# runtime, whose Archer tool tells TSan about OpenMP's synchronisation).
ARCHER ?= /usr/lib/llvm-14/lib/libarcher.so
tsan:
	cmake -S . -B build-tsan -DCMAKE_C_COMPILER=$(MSAN_CC) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARX_SANITIZE=thread
	cmake --build build-tsan -j $(JOBS) --target test_threads test_storage
	test -f $(ARCHER) || { echo "tsan: $(ARCHER) missing (apt-get install libomp-14-dev)"; exit 2; }
	OMP_TOOL_LIBRARIES=$(ARCHER) TSAN_OPTIONS="halt_on_error=1 ignore_noninstrumented_modules=1" \
	  ctest --test-dir build-tsan --output-on-failure -R '^(threads|storage)$$'

# Constant-time check: every cipher x backend x mode under valgrind's memcheck
# with secrets marked undefined, plus the planted-leak negative test.
ct:
	tests/ct/run.sh

# Other architectures: the whole suite cross-built with Debian's gcc for each
# (cmake/toolchain-<arch>.cmake, static) and run under qemu-user, one build
# tree per architecture (build-<arch>). `make cross-aarch64` does one;
# `make test-be` is the big-endian one (s390x).
CROSS_ARCHES ?= aarch64 armhf riscv64 s390x
cross: $(addprefix cross-,$(CROSS_ARCHES))

cross-%:
	cmake -S . -B build-$* -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-$*.cmake
	cmake --build build-$* -j $(JOBS)
	ctest --test-dir build-$* --output-on-failure -j $(JOBS)

test-be: cross-s390x

# The library as firmware links it (-DARX_FREESTANDING=ON: no heap, no libc
# beyond memcpy/memset/memmove, portable and two-way backends), in
# build-free: every official vector, the caller-storage API and the
# undefined-symbol check.
freestanding:
	cmake -S . -B build-free -DCMAKE_BUILD_TYPE=Release -DARX_FREESTANDING=ON
	cmake --build build-free -j $(JOBS)
	ctest --test-dir build-free --output-on-failure -j $(JOBS)

# The npm package (js/): the native CLI (the differential tests' oracle),
# npm ci, both WebAssembly modules (build-wasm-simd, build-wasm-scalar via
# cmake/toolchain-wasm32.cmake) and npm test: Node, headless Chromium and
# the packaging test, both builds. JS_QUICK=1: smoke-sized random cases (CI).
# Needs clang-14, lld-14, node/npm and chromium (.ci/run installs them).
JS_QUICK ?=
js:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS) --target arxcrypt-cli
	cd js && npm ci --no-audit --no-fund && JOBS=$(JOBS) npm run build
	cd js && ARXCRYPT_CLI=$(abspath $(BUILD))/arxcrypt ARX_REQUIRE_BROWSER=1 ARX_JS_QUICK=$(JS_QUICK) npm test

# The JS benchmark (Node and headless Chromium; docs/PERFORMANCE.md).
js-bench:
	cd js && npm run bench

# Predicted cycles per byte of the NEON kernels on Cortex-A53 and Cortex-A72
# (llvm-mca-14 over clang-14 assembly; no ARM hardware needed).
mca:
	bench/mca/run.sh $(MCA_FILTER)

# CUDA front end (cuda/, docs/CUDA.md): nvcc from PyPI into build-cuda/venv
# unless one is on PATH (or NVCC=...), a build in build-cuda/build, the CUDA
# tests (the GPU one skips without a device) and the kernels' ptxas report.
cuda:
	JOBS=$(JOBS) cuda/build.sh

clean:
	rm -rf build-cuda/build build build-free build-wasm-simd build-wasm-scalar build-asan build-msan build-tsan build-ct build-ct-msan build-fuzz build-mca $(addprefix build-,$(CROSS_ARCHES))

# libFuzzer harnesses (fuzz/): clang-14 build in build-fuzz, each harness run
# FUZZ_SECONDS seconds; fuzz-smoke is the short run for CI (20 s each).
FUZZ_SECONDS ?= 300

fuzz:
	fuzz/run.sh $(FUZZ_SECONDS)

fuzz-smoke:
	fuzz/run.sh 20
