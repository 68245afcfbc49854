target_sources(hyperrig_core_tests PRIVATE
    core/model/DocumentTests.cpp
    core/model/NodeTransformTests.cpp)
