#include "core/eval/slice/Slicer.h"

#include "core/base/Contracts.h"
#include "core/base/ThreadPool.h"
#include "core/eval/slice/SliceKernels.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hyperrig::core::eval {
namespace {

slice_detail::SliceKernels kernelsFor(SlicePath path) {
    switch (path) {
    case SlicePath::Avx512:
        return slice_detail::avx512Kernels();
    case SlicePath::Avx2:
        return slice_detail::avx2Kernels();
    case SlicePath::Portable:
        break;
    }
    return slice_detail::portableKernels();
}

} // namespace

Slicer::Slicer() : m_path(defaultSlicePath()) {}

Slicer::Slicer(SlicePath path) : m_path(path) {
    HYPERRIG_EXPECTS(slicePathAvailable(path));
}

namespace {

// Vertices per block of the parallel vertex pass: a few hundred kilobytes of input, far more
// work than claiming a block.
constexpr std::size_t kVertexGrain = 1 << 14;
// Stretches of the parallel tetrahedron pass per thread: more than one, so a thread that drew a
// stretch with few cut tetrahedra takes another, but few, since each keeps a soup (with the
// kernel's write slack) between calls.
constexpr std::size_t kStretchesPerThread = 2;
// Kernel blocks a stretch takes at least: a smaller surface (the 33k-tetrahedra sample's
// meshes) slices in a fraction of a millisecond, less than handing stretches out and copying
// them back costs, and goes straight into the output.
constexpr std::size_t kMinBlocksPerStretch = 32;

} // namespace

void Slicer::transformVertices(const TetSurface& surface, const ViewHyperplane& plane,
                               base::ThreadPool& pool) {
    const std::size_t vertexCount = surface.worldPositions.size() / 4;
    const slice_detail::SliceKernels kernels = kernelsFor(m_path);
    if (m_negative.size() < vertexCount) {
        m_viewXyzd.resize(4 * vertexCount);
        m_negative.resize(vertexCount);
    }
    m_lastRange.reset();
    if (vertexCount == 0)
        return;
    const std::size_t blocks = (vertexCount + kVertexGrain - 1) / kVertexGrain;
    m_blockRanges.resize(blocks);
    pool.parallelFor(vertexCount, kVertexGrain, [&](std::size_t begin, std::size_t end) {
        kernels.vertexPass(slice_detail::VertexPassArgs{
            &plane, surface.worldPositions.data() + 4 * begin, end - begin,
            m_viewXyzd.data() + 4 * begin, m_negative.data() + begin});
        // The block's smallest and largest distance, NaN skipped (see below).
        BlockRange range;
        for (std::size_t v = begin; v < end; ++v) {
            const float distance = m_viewXyzd[4 * v + 3];
            if (std::isnan(distance))
                continue;
            range.min = range.any ? std::min(range.min, distance) : distance;
            range.max = range.any ? std::max(range.max, distance) : distance;
            range.any = true;
        }
        m_blockRanges[begin / kVertexGrain] = range;
    });
    // The serial scan folds std::min/max from the first vertex's distance; they keep their first
    // operand when the other is NaN, so it skips every NaN but the first vertex's, which would
    // stay. Joining the blocks' NaN-free ranges in order from the first distance gives the same,
    // signed zeros included (the first of equal values is kept either way).
    DistanceRange range{m_viewXyzd[3], m_viewXyzd[3]};
    for (const BlockRange& block : m_blockRanges) {
        if (!block.any)
            continue;
        range.min = std::min(range.min, block.min);
        range.max = std::max(range.max, block.max);
    }
    m_lastRange = range;
}

void Slicer::slice(const TetSurface& surface, const ViewHyperplane& plane, SliceOutput& output) {
    slice(surface, plane, output, base::ThreadPool::inlinePool());
}

void Slicer::slice(const TetSurface& surface, const ViewHyperplane& plane, SliceOutput& output,
                   base::ThreadPool& pool) {
    HYPERRIG_EXPECTS(surface.worldPositions.size() % 4 == 0);
    HYPERRIG_EXPECTS(surface.tetrahedra.size() % 4 == 0);
    const std::size_t vertexCount = surface.worldPositions.size() / 4;
    const std::size_t tetCount = surface.tetrahedra.size() / 4;
    const bool hasAttribute = !surface.vertexAttribute.empty();
    HYPERRIG_EXPECTS(!hasAttribute || surface.vertexAttribute.size() == vertexCount);
    HYPERRIG_EXPECTS(tetCount <= std::numeric_limits<std::uint32_t>::max());

    transformVertices(surface, plane, pool);

    const slice_detail::SliceKernels kernels = kernelsFor(m_path);
    const slice_detail::TetPassArgs args{surface.tetrahedra.data(),
                                         vertexCount,
                                         m_viewXyzd.data(),
                                         m_negative.data(),
                                         hasAttribute ? surface.vertexAttribute.data() : nullptr,
                                         surface.flipOrientation};
    // Tetrahedra [begin, end) appended to `soup`, one kernel block at a time.
    const auto slicePart = [&](std::size_t begin, std::size_t end, SliceOutput& soup) {
        for (std::size_t block = begin; block < end; block += SliceOutput::kTetBlock) {
            const std::size_t blockEnd = std::min(end, block + SliceOutput::kTetBlock);
            soup.ensureRoom(2 * (blockEnd - block));
            soup.m_triangleCount +=
                kernels.tetPass(args, block, blockEnd, soup.vertexCursor(), soup.faceCursor());
        }
    };
    output.clear();
    output.m_hasAttribute = hasAttribute;
    const std::size_t kernelBlocks =
        (tetCount + SliceOutput::kTetBlock - 1) / SliceOutput::kTetBlock;
    const std::size_t stretches = pool.threadCount() == 1
                                      ? 1
                                      : std::min(kernelBlocks / kMinBlocksPerStretch,
                                                 kStretchesPerThread * pool.threadCount());
    if (stretches <= 1) { // straight into the output
        slicePart(0, tetCount, output);
        return;
    }
    // Whole kernel blocks per stretch, so every block is the one the serial loop slices.
    const std::size_t stretchLength =
        SliceOutput::kTetBlock * ((kernelBlocks + stretches - 1) / stretches);
    if (m_stretchOutputs.size() < stretches)
        m_stretchOutputs.resize(stretches);
    pool.parallelFor(tetCount, stretchLength, [&](std::size_t begin, std::size_t end) {
        SliceOutput& soup = m_stretchOutputs[begin / stretchLength];
        soup.clear();
        slicePart(begin, end, soup);
    });
    const std::size_t used = (tetCount + stretchLength - 1) / stretchLength;
    std::vector<std::size_t> firstTriangle(used + 1, 0);
    for (std::size_t s = 0; s < used; ++s)
        firstTriangle[s + 1] = firstTriangle[s] + m_stretchOutputs[s].triangleCount();
    // Capacity for them all (ensureRoom would count the kernels' write slack as room).
    const std::size_t total = firstTriangle[used];
    if (total > output.capacity())
        output.reserve(std::max(total, 2 * output.capacity()));
    pool.parallelFor(used, 1, [&](std::size_t begin, std::size_t end) {
        for (std::size_t s = begin; s < end; ++s) {
            const SliceOutput& soup = m_stretchOutputs[s];
            std::copy(soup.vertices().begin(), soup.vertices().end(),
                      output.m_vertices.begin() +
                          static_cast<std::ptrdiff_t>(3 * firstTriangle[s]));
            std::copy(soup.faces().begin(), soup.faces().end(),
                      output.m_faces.begin() + static_cast<std::ptrdiff_t>(firstTriangle[s]));
        }
    });
    output.m_triangleCount = total;
}

std::optional<Slicer::DistanceRange> Slicer::lastDistanceRange() const {
    return m_lastRange;
}

} // namespace hyperrig::core::eval
