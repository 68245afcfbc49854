target_sources(hyperrig_core_tests PRIVATE
    core/ops/AllocationCounter.cpp
    core/ops/InferGroupNamesTests.cpp
    core/ops/InfluenceCostTests.cpp
    core/ops/InfluencePropertyTests.cpp
    core/ops/InfluenceScriptOpTests.cpp
    core/ops/RemoveUnusedGroupsTests.cpp
    core/ops/WeightToolTests.cpp)
