# core/eval: CompiledRig, pose evaluation, skinning kernels (rig files listed here) and slicing
# (core/eval/slice, its own list so the two parts evolve independently).
target_sources(hyperrig_core PRIVATE
    eval/BonePoses.cpp
    eval/BoneRotations.cpp
    eval/CompiledMesh.cpp
    eval/CompiledRig.cpp
    eval/CompiledSkeleton.cpp
    eval/CompiledSkin.cpp
    eval/Pose.cpp
    eval/PoseCapture.cpp
    eval/PlaneAngleDecomposition.cpp
    eval/PoseFile.cpp
    eval/PoseFileWriter.cpp
    eval/RigEvaluation.cpp
    eval/RigSlice.cpp
    eval/RigSliceND.cpp
    eval/GroupWeights.cpp
    eval/KernelChoice.cpp
    eval/SkinTransforms.cpp
    eval/View4D.cpp
    eval/skinning/JointPalette.cpp
    eval/skinning/SkinningAvx2.cpp
    eval/skinning/SkinningAvx512.cpp
    eval/skinning/SkinningDispatch.cpp
    eval/skinning/SkinningPortable.cpp)
include(eval/slice/Sources.cmake)
