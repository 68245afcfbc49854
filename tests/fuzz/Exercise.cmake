include_guard(GLOBAL)

# The per-input exercise functions (one per input kind) that the regression corpus test runs and
# that the libFuzzer harnesses (tests/fuzz/targets) call unchanged: a library of its own, with no
# Catch2, so the clang fuzzing build can link it without configuring the test tree. Included from
# tests/fuzz/Sources.cmake (ordinary builds) and tests/fuzz/targets/CMakeLists.txt (HYPERRIG_FUZZ).
add_library(hyperrig_fuzz_exercise STATIC "${CMAKE_CURRENT_LIST_DIR}/FuzzExercise.cpp")
target_link_libraries(hyperrig_fuzz_exercise PUBLIC hyperrig_core PRIVATE hyperrig_warnings)
target_compile_definitions(hyperrig_fuzz_exercise PRIVATE
    HYPERRIG_SOURCE_DIR="${PROJECT_SOURCE_DIR}")

# The structure-aware JSON mutation behind the JSON targets' LLVMFuzzerCustomMutator. Plain C++
# with no libFuzzer symbol, so the ordinary g++ test build unit-tests it.
add_library(hyperrig_fuzz_json_mutation STATIC "${CMAKE_CURRENT_LIST_DIR}/JsonMutation.cpp")
target_link_libraries(hyperrig_fuzz_json_mutation
    PUBLIC hyperrig_includes nlohmann_json::nlohmann_json PRIVATE hyperrig_warnings)
