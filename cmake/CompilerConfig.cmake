# The warnings interface target. Our own targets link it; generated and third-party code does not.
#
# -Wconversion and -Wsign-conversion are on: the math and I/O code converts between component
# types all the time and every narrowing there must be deliberate. -Wold-style-cast is left out:
# Qt and C APIs (EGL, zstd) hand us void pointers whose casts read worse as static_cast chains.
# -Wnull-dereference is left out: at -O2 GCC 12 reports it inside nlohmann/json.hpp after
# inlining, where no null pointer can occur.
add_library(hyperrig_warnings INTERFACE)
target_compile_options(hyperrig_warnings INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wnon-virtual-dtor
    -Woverloaded-virtual -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough)
if(HYPERRIG_WERROR)
    target_compile_options(hyperrig_warnings INTERFACE -Werror)
    # GCC 12 at -O3 (Release) reports -Wrestrict overlaps inside libstdc++'s inlined
    # std::string insert for every "literal" + std::string&& (GCC bug 105651, fixed in 13): a
    # false positive in library code, at a dozen places in ours. It stays a warning, not an error.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
        target_compile_options(hyperrig_warnings INTERFACE -Wno-error=restrict)
    endif()
endif()

# Every project header is included as "core/...", "render/...", "ui/..." from the repository root.
add_library(hyperrig_includes INTERFACE)
target_include_directories(hyperrig_includes INTERFACE
    "${PROJECT_SOURCE_DIR}" "${PROJECT_BINARY_DIR}/generated")

# GCC 12 reports -Wmaybe-uninitialized false positives inside libstdc++ (std::regex, std::function)
# when ASan instrumentation changes inlining at -O2. The warning stays on in ordinary builds, which
# still catch real cases in our code.
if(HYPERRIG_SANITIZE AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(hyperrig_warnings INTERFACE -Wno-maybe-uninitialized)
endif()

# Line tables only (-g1, after the build type's -g, so it wins): sanitizer and crash traces keep
# function, file and line, while compiling and linking with ASan take about a quarter less time
# (no variable locations to track through the optimiser). Decision 0003 has the CI figures.
if(HYPERRIG_LINE_TABLES_ONLY)
    add_compile_options(-g1)
endif()
