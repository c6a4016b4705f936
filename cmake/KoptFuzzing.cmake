# Flags of the fuzzing build (KOPT_BUILD_FUZZERS). Included before any kopt target is defined, so
# that every kopt library is compiled with libFuzzer's coverage instrumentation and the sanitizers;
# LLVM and MLIR themselves come prebuilt and uninstrumented.
if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "KOPT_BUILD_FUZZERS needs clang (libFuzzer); CMAKE_CXX_COMPILER is "
                      "${CMAKE_CXX_COMPILER_ID}")
endif()

# UBSan reports are crashes, not warnings the fuzzer would run past. vptr checks need RTTI, which
# LLVM's flags turn off, so UBSan's `undefined` group leaves them out by itself.
set(KOPT_SANITIZERS "address,undefined" CACHE STRING
    "sanitizers of the fuzzing build, besides libFuzzer's instrumentation")
set(_kopt_sanitize -fsanitize=${KOPT_SANITIZERS} -fno-sanitize-recover=undefined
    -fno-omit-frame-pointer -gline-tables-only)
add_compile_options(-fsanitize=fuzzer-no-link ${_kopt_sanitize})
add_link_options(${_kopt_sanitize})

# Checks that the fuzzing runtime (Debian: libclang-rt-22-dev) is there before hours of building.
include(CheckCXXSourceCompiles)
set(CMAKE_REQUIRED_FLAGS "-fsanitize=fuzzer,${KOPT_SANITIZERS}")
check_cxx_source_compiles([=[
  #include <cstddef>
  #include <cstdint>
  extern "C" int LLVMFuzzerTestOneInput(const uint8_t *, size_t) { return 0; }
]=] KOPT_HAVE_LIBFUZZER)
unset(CMAKE_REQUIRED_FLAGS)
if(NOT KOPT_HAVE_LIBFUZZER)
  message(FATAL_ERROR "clang cannot link a libFuzzer target with -fsanitize=fuzzer,"
                      "${KOPT_SANITIZERS}: install clang's runtime (libclang-rt-22-dev)")
endif()
