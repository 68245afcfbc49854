#include "core/eval/slice/Slicer.h"

#include "core/base/Contracts.h"
#include "core/eval/slice/SliceKernels.h"

#include <algorithm>
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

void Slicer::slice(const TetSurface& surface, const ViewHyperplane& plane, SliceOutput& output) {
    HYPERRIG_EXPECTS(surface.worldPositions.size() % 4 == 0);
    HYPERRIG_EXPECTS(surface.tetrahedra.size() % 4 == 0);
    const std::size_t vertexCount = surface.worldPositions.size() / 4;
    const std::size_t tetCount = surface.tetrahedra.size() / 4;
    const bool hasAttribute = !surface.vertexAttribute.empty();
    HYPERRIG_EXPECTS(!hasAttribute || surface.vertexAttribute.size() == vertexCount);
    HYPERRIG_EXPECTS(tetCount <= std::numeric_limits<std::uint32_t>::max());

    const slice_detail::SliceKernels kernels = kernelsFor(m_path);
    if (m_negative.size() < vertexCount) {
        m_viewXyzd.resize(4 * vertexCount);
        m_negative.resize(vertexCount);
    }
    kernels.vertexPass(slice_detail::VertexPassArgs{
        &plane, surface.worldPositions.data(), vertexCount, m_viewXyzd.data(), m_negative.data()});
    m_lastVertexCount = vertexCount;

    output.clear();
    output.m_hasAttribute = hasAttribute;
    const slice_detail::TetPassArgs args{surface.tetrahedra.data(),
                                         vertexCount,
                                         m_viewXyzd.data(),
                                         m_negative.data(),
                                         hasAttribute ? surface.vertexAttribute.data() : nullptr,
                                         surface.flipOrientation};
    for (std::size_t begin = 0; begin < tetCount; begin += SliceOutput::kTetBlock) {
        const std::size_t end = std::min(tetCount, begin + SliceOutput::kTetBlock);
        output.ensureRoom(2 * (end - begin));
        output.m_triangleCount +=
            kernels.tetPass(args, begin, end, output.vertexCursor(), output.faceCursor());
    }
}

std::optional<Slicer::DistanceRange> Slicer::lastDistanceRange() const {
    if (m_lastVertexCount == 0)
        return std::nullopt;
    // m_viewXyzd holds (x, y, z, distance) per vertex.
    DistanceRange range{m_viewXyzd[3], m_viewXyzd[3]};
    for (std::size_t v = 1; v < m_lastVertexCount; ++v) {
        range.min = std::min(range.min, m_viewXyzd[4 * v + 3]);
        range.max = std::max(range.max, m_viewXyzd[4 * v + 3]);
    }
    return range;
}

} // namespace hyperrig::core::eval
