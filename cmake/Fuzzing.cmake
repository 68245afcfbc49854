# HYPERRIG_FUZZ: the libFuzzer targets of tests/fuzz/targets (docs/decisions/0026). libFuzzer ships
# with clang only (Debian's libclang-rt-16-dev), so this build is refused with any other compiler
# and lives in a folder of its own (scripts/fuzz configures build-fuzz/); the ordinary g++ build
# never sees these flags.
#
# Every library is compiled with -fsanitize=fuzzer-no-link (coverage instrumentation for the
# fuzzer, without libFuzzer's main) plus ASan and UBSan, so a memory error or undefined behaviour
# anywhere in the product is a finding; -fno-sanitize-recover makes UBSan's first report fatal,
# as libFuzzer needs to save the input. Only the target executables link -fsanitize=fuzzer.
if(NOT HYPERRIG_FUZZ)
    return()
endif()
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "HYPERRIG_FUZZ needs clang (libFuzzer is part of clang's runtime; g++ has "
                        "none), not ${CMAKE_CXX_COMPILER_ID}. Use scripts/fuzz, which installs "
                        "clang-16 through `scripts/deps --fuzz` and configures build-fuzz/.")
endif()
if(HYPERRIG_SANITIZE)
    message(FATAL_ERROR "HYPERRIG_FUZZ already builds with ASan and UBSan; leave HYPERRIG_SANITIZE off")
endif()
add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
                    -fno-omit-frame-pointer)
add_link_options(-fsanitize=address,undefined)
message(STATUS "HyperRig: building the libFuzzer targets (ASan, UBSan)")
