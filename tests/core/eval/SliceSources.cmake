# Slicing tests (core/eval/slice) and their fixtures.
set(hyperrig_slice_test_sources
    core/eval/BoneSliceTests.cpp
    core/eval/SliceCaseTests.cpp
    core/eval/SlicePathTests.cpp
    core/eval/SimplexSlicerTests.cpp
    core/eval/SlicerTests.cpp
    core/eval/SliceTesseractTests.cpp
    core/eval/SliceTestSupport.cpp
    core/eval/SliceWatertightTests.cpp
    core/eval/TetMeshFixtures.cpp
    core/eval/TriangleCoverage.cpp)
target_sources(hyperrig_core_tests PRIVATE ${hyperrig_slice_test_sources})
# The naive reference must round exactly like the kernels (core/eval/slice/Sources.cmake).
set_source_files_properties(core/eval/SliceTestSupport.cpp PROPERTIES COMPILE_OPTIONS
                            -ffp-contract=off)
