# Included last (tests/CMakeLists.txt) so that these files append unity batches instead of
# reshuffling the existing ones.
target_sources(hyperrig_core_tests PRIVATE
    core/io/usd/UsdaParserTests.cpp
    core/io/usd/UsdHostileInputTests.cpp
    core/io/usd/UsdImportTests.cpp
    core/io/usd/UsdSkinningTests.cpp)
# .usda export and animation playback (appended: the batches above stay as they were).
target_sources(hyperrig_core_tests PRIVATE
    core/io/usd/UsdDocumentAgreement.cpp
    core/io/usd/UsdExportTests.cpp
    core/io/usd/UsdAnimationTests.cpp)
