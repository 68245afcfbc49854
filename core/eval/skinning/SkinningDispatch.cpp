#include "core/base/Contracts.h"
#include "core/base/ThreadPool.h"
#include "core/eval/skinning/SkinningImpl.h"

namespace hyperrig::core::eval {
namespace {

// Blocks of vertices handed to the pool: large enough that claiming a block costs nothing next
// to skinning it (~50 µs of work), small enough to balance two to sixteen threads.
constexpr std::size_t kBlockVertices = 16384;

} // namespace

std::string_view kernelName(SkinningKernel kernel) {
    switch (kernel) {
    case SkinningKernel::Generic:
        return "generic";
    case SkinningKernel::Fixed:
        return "fixed";
    case SkinningKernel::Avx2:
        return "avx2";
    case SkinningKernel::Avx512:
        return "avx512";
    }
    return "unknown";
}

bool kernelSupported(SkinningKernel kernel, int dimension) {
    switch (kernel) {
    case SkinningKernel::Generic:
        return true;
    case SkinningKernel::Fixed:
        return dimension == 3 || dimension == 4;
    case SkinningKernel::Avx2:
        return (dimension == 3 || dimension == 4) && detail::avx2Available();
    case SkinningKernel::Avx512:
        return (dimension == 3 || dimension == 4) && detail::avx512Available();
    }
    return false;
}

KernelIsa kernelIsa(SkinningKernel kernel) {
    switch (kernel) {
    case SkinningKernel::Generic:
    case SkinningKernel::Fixed:
        return KernelIsa::Portable;
    case SkinningKernel::Avx2:
        return KernelIsa::Avx2;
    case SkinningKernel::Avx512:
        return KernelIsa::Avx512;
    }
    return KernelIsa::Portable;
}

SkinningKernel fastestKernel(int dimension) {
    if (kernelSupported(SkinningKernel::Avx512, dimension))
        return SkinningKernel::Avx512;
    if (kernelSupported(SkinningKernel::Avx2, dimension))
        return SkinningKernel::Avx2;
    if (kernelSupported(SkinningKernel::Fixed, dimension))
        return SkinningKernel::Fixed;
    return SkinningKernel::Generic;
}

SkinningKernel kernelFor(KernelIsa isa, int dimension) {
    HYPERRIG_EXPECTS(kernelIsaSupported(isa));
    // From the requested set downwards, the first kernel this dimension and CPU support.
    for (const SkinningKernel kernel : {SkinningKernel::Avx512, SkinningKernel::Avx2,
                                        SkinningKernel::Fixed, SkinningKernel::Generic})
        if (kernelIsa(kernel) <= isa && kernelSupported(kernel, dimension))
            return kernel;
    return SkinningKernel::Generic;
}

SkinningKernel defaultKernel(int dimension) {
    return kernelFor(defaultSkinningKernelIsa(), dimension);
}

void skinVertices(const SkinningJob& job, SkinningKernel kernel, std::size_t begin,
                  std::size_t end) {
    HYPERRIG_EXPECTS(job.skin && job.palette && job.positions && job.outPositions);
    HYPERRIG_EXPECTS(!job.normals || job.outNormals);
    HYPERRIG_EXPECTS(kernelSupported(kernel, job.palette->dimension()));
    HYPERRIG_EXPECTS(job.palette->rows() >= job.skin->paletteRows());
    HYPERRIG_EXPECTS(end <= job.skin->vertexCount && begin <= end);
    switch (kernel) {
    case SkinningKernel::Generic:
        detail::skinGeneric(job, begin, end);
        break;
    case SkinningKernel::Fixed:
        detail::skinFixed(job, begin, end);
        break;
    case SkinningKernel::Avx2:
        detail::skinAvx2(job, begin, end);
        break;
    case SkinningKernel::Avx512:
        detail::skinAvx512(job, begin, end);
        break;
    }
}

void skinMesh(const SkinningJob& job, base::ThreadPool& pool) {
    const SkinningKernel kernel = defaultKernel(job.palette->dimension());
    pool.parallelFor(
        job.skin->vertexCount, kBlockVertices,
        [&](std::size_t begin, std::size_t end) { skinVertices(job, kernel, begin, end); });
}

} // namespace hyperrig::core::eval
