# core/eval: CompiledRig, pose evaluation, skinning kernels (rig files listed here) and slicing
# (core/eval/slice, its own list so the two parts evolve independently).
target_sources(hyperrig_core PRIVATE
    eval/ThreadPool.cpp)
include(eval/slice/Sources.cmake)
