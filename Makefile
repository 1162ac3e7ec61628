# Thin wrapper over CMake: `make` builds (Release), `make test` builds and runs
# every test through ctest, `make bench` builds and runs `arxcrypt bench`.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all build test bench sanitize test-be clean fuzz fuzz-smoke

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

# Big-endian: the C tests cross-built for s390x and run under qemu-user.
test-be:
	cmake -S . -B build-s390x -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-s390x.cmake
	cmake --build build-s390x -j $(JOBS)
	ctest --test-dir build-s390x --output-on-failure -j $(JOBS) -E '^cli$$'

clean:
	rm -rf build build-asan build-s390x build-fuzz

# libFuzzer harnesses (fuzz/): clang-14 build in build-fuzz, each harness run
# FUZZ_SECONDS seconds; fuzz-smoke is the short run for CI (20 s each).
FUZZ_SECONDS ?= 300

fuzz:
	fuzz/run.sh $(FUZZ_SECONDS)

fuzz-smoke:
	fuzz/run.sh 20
