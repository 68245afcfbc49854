# The per-input exercise functions (one per input kind) that the regression corpus test runs and
# that libFuzzer harnesses can call unchanged: a library of its own, with no Catch2, so a clang
# fuzzing build can link it as it is.
add_library(hyperrig_fuzz_exercise STATIC fuzz/FuzzExercise.cpp)
target_link_libraries(hyperrig_fuzz_exercise PUBLIC hyperrig_core PRIVATE hyperrig_warnings)
target_compile_definitions(hyperrig_fuzz_exercise PRIVATE
    HYPERRIG_SOURCE_DIR="${PROJECT_SOURCE_DIR}")

# Every committed input of tests/fuzz/corpus/ goes through its exercise function in the ordinary
# (and the sanitizer) test build: a crash once found stays fixed.
target_sources(hyperrig_core_tests PRIVATE fuzz/CorpusTests.cpp)
target_link_libraries(hyperrig_core_tests PRIVATE hyperrig_fuzz_exercise)
