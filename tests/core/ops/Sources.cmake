target_sources(hyperrig_core_tests PRIVATE
    core/ops/BoneMassesTests.cpp
    core/ops/BoneShapesTests.cpp
    core/ops/DimensionLiftTests.cpp
    core/ops/GroupUsageTests.cpp
    core/ops/JointOrderTests.cpp
    core/ops/MergeMeshesTests.cpp
    core/ops/OpsTestSupport.cpp
    core/ops/CrossSectionMeshesTests.cpp
    core/ops/ParentMeshTests.cpp
    core/ops/PoseAsRestTests.cpp)
include(core/ops/InfluenceSources.cmake)
