#pragma once

#include "core/eval/CompiledSkin.h"
#include "core/eval/skinning/JointPalette.h"

#include <cstddef>
#include <string_view>

namespace hyperrig::core::eval {

class ThreadPool;

// Linear blend skinning of one mesh (docs/skinning.md): for every vertex
//   M_v = Σ_i w_i · P[g_i]       (blend the palette rows first, then transform once: ozz's
//   p'  = M_v · p                 approach, performance-notes.md §4.1)
//   n'  = basis(M_v) · n          (normals, when given: exact for rotations and uniform scale;
//                                  the renderer renormalises)
// Positions and normals are `dimension` floats per vertex, packed.
struct SkinningJob {
    const CompiledSkin* skin = nullptr;
    const JointPalette* palette = nullptr;
    const float* positions = nullptr;
    const float* normals = nullptr; // optional
    float* outPositions = nullptr;
    float* outNormals = nullptr; // required when normals is given
};

// The implementations, slowest first. All give the same results up to float rounding (tests
// compare every available one with Generic).
enum class SkinningKernel {
    Generic, // any dimension and width, plain loops
    Fixed,   // D = 3 or 4 at compile time, 4 influences per step; what the compiler vectorises
    Avx512,  // D = 3 or 4, explicit AVX-512: a 4x4 basis is one register (notes §4.1)
};

std::string_view kernelName(SkinningKernel kernel);
// Whether this machine (CPU features checked at run time) and `dimension` can use `kernel`.
bool kernelSupported(SkinningKernel kernel, int dimension);
SkinningKernel fastestKernel(int dimension);

// Skins vertices [begin, end) on the calling thread. Contract: kernelSupported(kernel, D), the
// palette has the skin's rows, the pointers cover the skin's vertices.
void skinVertices(const SkinningJob& job, SkinningKernel kernel, std::size_t begin,
                  std::size_t end);
// Skins every vertex, in blocks on `pool`, with the fastest kernel.
void skinMesh(const SkinningJob& job, ThreadPool& pool);

} // namespace hyperrig::core::eval
