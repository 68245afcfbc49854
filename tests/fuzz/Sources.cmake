include(${CMAKE_CURRENT_LIST_DIR}/Exercise.cmake)

# Every committed input of tests/fuzz/corpus/ goes through its exercise function in the ordinary
# (and the sanitizer) test build: a crash once found stays fixed.
target_sources(hyperrig_core_tests PRIVATE fuzz/CorpusTests.cpp fuzz/JsonMutationTests.cpp)
target_link_libraries(hyperrig_core_tests PRIVATE hyperrig_fuzz_exercise hyperrig_fuzz_json_mutation)
