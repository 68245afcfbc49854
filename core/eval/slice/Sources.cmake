# core/eval/slice: hyperplane slicing of 4D tetrahedral surfaces into 3D triangles, and of 5D..8D
# surfaces by successive cuts (SimplexSlicer).
set(hyperrig_slice_sources
    eval/slice/BoneSlice.cpp
    eval/slice/SimplexSlicer.cpp
    eval/slice/SliceKernelAvx2.cpp
    eval/slice/SliceKernelAvx512.cpp
    eval/slice/SliceKernelPortable.cpp
    eval/slice/SliceOutput.cpp
    eval/slice/SlicePath.cpp
    eval/slice/Slicer.cpp
    eval/slice/ViewHyperplane.cpp)
target_sources(hyperrig_core PRIVATE ${hyperrig_slice_sources})
# Every kernel path must give bit-identical results, so no compiler may fuse a·b + c into an FMA
# in one path and not in another (GCC contracts by default, also across intrinsics).
set_source_files_properties(${hyperrig_slice_sources} PROPERTIES COMPILE_OPTIONS -ffp-contract=off)
