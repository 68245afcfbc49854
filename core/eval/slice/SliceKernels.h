#pragma once

// Internal to core/eval/slice: the kernel interface behind Slicer and its implementations.

#include "core/eval/slice/SliceTypes.h"
#include "core/eval/slice/ViewHyperplane.h"

#include <cstddef>
#include <cstdint>

namespace hyperrig::core::eval::slice_detail {

// Pass 1, once per vertex (performance-notes §4.2 "two-pass").
struct VertexPassArgs {
    const ViewHyperplane* plane;
    const float* worldPositions; // 4 per vertex: world x, y, z, w
    std::size_t vertexCount;
    float* viewXyzd;        // out, 4 per vertex: view x, y, z and distance = view w − offset
    std::uint8_t* negative; // out, 1 per vertex: 1 when distance < 0, else 0
};

// Pass 2, once per tetrahedron, reading only pass 1's arrays (and the attribute of cut ones).
struct TetPassArgs {
    const std::uint32_t* tetrahedra; // 4 per tetrahedron
    std::size_t vertexCount;
    const float* viewXyzd;
    const std::uint8_t* negative;
    const float* attribute; // 1 per vertex, or nullptr (corners then carry 0)
    bool reversed;          // flipOrientation: normals negated, kSliceCasesReversed
};

using VertexPass = void (*)(const VertexPassArgs& args);
// Slices tetrahedra [begin, end) into `vertices`/`faces`, which have room for 2·(end − begin)
// triangles, and returns the number of triangles it produced. Checks first that every index of
// the range is below vertexCount (a contract: nothing is read through a bad index).
using TetPass = std::size_t (*)(const TetPassArgs& args, std::size_t begin, std::size_t end,
                                SliceVertex* vertices, SliceFace* faces);

struct SliceKernels {
    VertexPass vertexPass;
    TetPass tetPass;
};

SliceKernels portableKernels();
// True when this build has the AVX2 kernels and the CPU (and OS) supports AVX2.
bool avx2KernelsAvailable();
// Contract: avx2KernelsAvailable().
SliceKernels avx2Kernels();
// True when this build has the AVX-512 kernels and the CPU (and OS) supports AVX-512 F/BW/VL/DQ.
bool avx512KernelsAvailable();
// Contract: avx512KernelsAvailable().
SliceKernels avx512Kernels();

} // namespace hyperrig::core::eval::slice_detail
