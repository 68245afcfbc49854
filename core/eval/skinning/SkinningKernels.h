#pragma once

#include "core/eval/CompiledSkin.h"
#include "core/eval/KernelChoice.h"
#include "core/eval/skinning/JointPalette.h"

#include <cstddef>
#include <string_view>

namespace hyperrig::core::base {
class ThreadPool;
}

namespace hyperrig::core::eval {

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
    Avx2,    // D = 3 or 4, explicit AVX2+FMA: a 4x4 basis is two registers (decision 0044)
    Avx512,  // D = 3 or 4, explicit AVX-512: a 4x4 basis is one register (notes §4.1)
};

// The instruction set a kernel needs: Generic and Fixed are the portable ones.
KernelIsa kernelIsa(SkinningKernel kernel);

std::string_view kernelName(SkinningKernel kernel);
// Whether this machine (CPU features checked at run time) and `dimension` can use `kernel`.
bool kernelSupported(SkinningKernel kernel, int dimension);
SkinningKernel fastestKernel(int dimension);
// The kernel for `dimension` in the instruction set `isa`, falling back to a slower one where
// that set has no kernel for it (only D = 3 and 4 have SIMD kernels; D = 3 and 4 run Fixed as
// the portable kernel). Contract: kernelIsaSupported(isa).
SkinningKernel kernelFor(KernelIsa isa, int dimension);
// The kernel skinMesh uses: kernelFor(defaultSkinningKernelIsa(), dimension), i.e.
// HYPERRIG_KERNEL's choice when set (docs/decisions/0045), else the fastest, but AVX2 over
// AVX-512 on a CPU that splits 512-bit operations (decision 0072).
SkinningKernel defaultKernel(int dimension);

// Skins vertices [begin, end) on the calling thread. Contract: kernelSupported(kernel, D), the
// palette has the skin's rows, the pointers cover the skin's vertices.
void skinVertices(const SkinningJob& job, SkinningKernel kernel, std::size_t begin,
                  std::size_t end);
// Skins every vertex, in blocks on `pool`, with defaultKernel.
void skinMesh(const SkinningJob& job, base::ThreadPool& pool);

} // namespace hyperrig::core::eval
