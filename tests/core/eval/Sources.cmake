target_sources(hyperrig_core_tests PRIVATE
    core/eval/BonePosesTests.cpp
    core/eval/BoneRotationsTests.cpp
    core/eval/CompiledRigTests.cpp
    core/eval/CompiledSkinTests.cpp
    core/eval/EvalTestSupport.cpp
    core/eval/KernelChoiceTests.cpp
    core/eval/PoseEvaluationTests.cpp
    core/eval/PoseCaptureTests.cpp
    core/eval/PlaneAngleDecompositionTests.cpp
    core/eval/PoseFileTests.cpp
    core/eval/PoseFileWriterTests.cpp
    core/eval/RigSliceTests.cpp
    core/eval/SkinningKernelTests.cpp
    core/eval/View4DTests.cpp
    core/eval/ViewQuarterTurnTests.cpp)
include(core/eval/SliceSources.cmake)
