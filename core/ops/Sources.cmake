# core/ops: skin operations built from edit commands: parent a mesh to a skeleton, merge meshes
# (files listed here) and the influence tools (core/ops/influence, their own list).
target_sources(hyperrig_core PRIVATE
    ops/BoneMasses.cpp
    ops/BoneShapes.cpp
    ops/CrossSectionMeshes.cpp
    ops/DimensionLift.cpp
    ops/DimensionLiftCommand.cpp
    ops/GroupTable.cpp
    ops/GroupUsage.cpp
    ops/JointOrder.cpp
    ops/JointSlots.cpp
    ops/MergeMeshes.cpp
    ops/ParentMesh.cpp
    ops/PoseAsRest.cpp
    ops/SkinDataTypes.cpp)
include(ops/influence/Sources.cmake)
