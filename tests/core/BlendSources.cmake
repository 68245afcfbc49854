# Blend-shape tests (issue 18 item 3), in their layers' folders but listed here, included last
# (tests/CMakeLists.txt), so that they append unity batches instead of reshuffling existing ones.
target_sources(hyperrig_core_tests PRIVATE
    core/io/g4mf/BlendShapeIoTests.cpp
    core/eval/BlendShapeEvalTests.cpp
    core/edit/BlendAmountCommandTests.cpp
    core/io/usd/UsdBlendShapeTests.cpp
    core/ops/MergeBlendShapeTests.cpp)
