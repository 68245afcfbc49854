#include "core/eval/slice/SimplexSlicer.h"

#include "core/base/Contracts.h"
#include "core/math/Perpendicular.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace hyperrig::core::eval {
namespace {

constexpr int kFirstSimplexCutAxis = 3; // w: the last axis cut

struct SimplexCutSides {
    std::array<int, 8> positive{};
    std::array<int, 8> negative{};
    int p = 0;
    int q = 0;
};

// The corner e_ij of the cut, written at `out` (m − 1 coordinates, then the attribute):
// P + t (N − P), t = d_P / (d_P − d_N), always from the positive end so neighbours agree.
void simplexEdgePoint(const double* positive, const double* negative, int m, double* out) {
    const double dP = positive[m - 1];
    const double dN = negative[m - 1];
    const double t = dP / (dP - dN);
    for (int c = 0; c < m - 1; ++c)
        out[c] = positive[c] + t * (negative[c] - positive[c]);
    out[m - 1] = positive[m] + t * (negative[m] - positive[m]); // the attribute
}

// Whether the points (stride `stride`, `count` of them) lie on both sides of the cut of every
// coordinate in [first, end): a simplex that does not is dropped at once, since every piece cut
// from it lies in its convex hull and would be dropped by that cut anyway.
bool simplexStraddles(const double* points, int count, std::size_t stride, int first, int end) {
    for (int c = first; c < end; ++c) {
        bool positive = false;
        bool negative = false;
        for (int v = 0; v < count; ++v)
            (points[static_cast<std::size_t>(v) * stride + static_cast<std::size_t>(c)] >= 0.0
                 ? positive
                 : negative) = true;
        if (!positive || !negative)
            return false;
    }
    return true;
}

// xyz of a final triangle's corners and its normal into the slice output, wound counter-
// clockwise seen from the normal; false when the normal has no direction.
bool simplexTriangle(const double* points, const double* normal, std::uint32_t source,
                     SliceVertex* corners, SliceFace& face) {
    const double length =
        std::sqrt(normal[0] * normal[0] + normal[1] * normal[1] + normal[2] * normal[2]);
    if (!(length > 0.0) || !std::isfinite(length))
        return false;
    std::array<const double*, 3> order{points, points + 4, points + 8};
    const double* a = order[0];
    const double* b = order[1];
    const double* c = order[2];
    const double ux = b[0] - a[0], uy = b[1] - a[1], uz = b[2] - a[2];
    const double vx = c[0] - a[0], vy = c[1] - a[1], vz = c[2] - a[2];
    const double facing = (uy * vz - uz * vy) * normal[0] + (uz * vx - ux * vz) * normal[1] +
                          (ux * vy - uy * vx) * normal[2];
    if (facing < 0.0)
        std::swap(order[1], order[2]);
    for (std::size_t k = 0; k < 3; ++k)
        corners[k] = {static_cast<float>(order[k][0]), static_cast<float>(order[k][1]),
                      static_cast<float>(order[k][2]), static_cast<float>(order[k][3])};
    face = {static_cast<float>(normal[0] / length), static_cast<float>(normal[1] / length),
            static_cast<float>(normal[2] / length), source};
    return true;
}

} // namespace

void SimplexSlicer::CellSoup::clear(int newDimension) {
    dimension = newDimension;
    points.clear();
    normals.clear();
    sources.clear();
}

void SimplexSlicer::cutLastAxis(const CellSoup& in, CellSoup& out) {
    const int m = in.dimension;
    HYPERRIG_EXPECTS(m >= 4 && m <= 8);
    out.clear(m - 1);
    const auto pointStride = static_cast<std::size_t>(m + 1);
    const std::size_t cellStride = static_cast<std::size_t>(m) * pointStride;
    for (std::size_t cell = 0; cell < in.cellCount(); ++cell) {
        const double* points = in.points.data() + cell * cellStride;
        SimplexCutSides sides;
        for (int v = 0; v < m; ++v) {
            const double d =
                points[static_cast<std::size_t>(v) * pointStride + static_cast<std::size_t>(m - 1)];
            if (d >= 0.0)
                sides.positive[static_cast<std::size_t>(sides.p++)] = v;
            else
                sides.negative[static_cast<std::size_t>(sides.q++)] = v;
        }
        if (sides.p == 0 || sides.q == 0)
            continue;
        // Monotone lattice paths (0, 0) -> (p−1, q−1): bit s of `path` set = step s goes along
        // the negatives (j + 1), clear = along the positives (i + 1).
        const int steps = sides.p + sides.q - 2;
        const double* normal = in.normals.data() + cell * static_cast<std::size_t>(m);
        for (unsigned path = 0; path < (1U << steps); ++path) {
            if (std::popcount(path) != sides.q - 1)
                continue;
            int i = 0;
            int j = 0;
            for (int s = 0; s <= steps; ++s) {
                const std::size_t base = out.points.size();
                out.points.resize(base + static_cast<std::size_t>(m));
                simplexEdgePoint(
                    points + static_cast<std::size_t>(sides.positive[static_cast<std::size_t>(i)]) *
                                 pointStride,
                    points + static_cast<std::size_t>(sides.negative[static_cast<std::size_t>(j)]) *
                                 pointStride,
                    m, out.points.data() + base);
                if (s < steps)
                    ((path >> static_cast<unsigned>(s)) & 1U) != 0 ? ++j : ++i;
            }
            // Pieces that the remaining extra axes' cuts would drop go now (the pieces of a
            // Kuhn-split cube otherwise multiply through every cut).
            const std::size_t pieceStart =
                out.points.size() - static_cast<std::size_t>(m - 1) * static_cast<std::size_t>(m);
            if (!simplexStraddles(out.points.data() + pieceStart, m - 1,
                                  static_cast<std::size_t>(m), kFirstSimplexCutAxis, m - 1)) {
                out.points.resize(pieceStart);
                continue;
            }
            out.normals.insert(out.normals.end(), normal, normal + (m - 1));
            out.sources.push_back(in.sources[cell]);
        }
    }
}

void SimplexSlicer::slice(const SimplexSurface& surface, const math::AffineN& meshToView,
                          std::span<const double> offsets, SliceOutput& output) {
    const int n = surface.dimension;
    HYPERRIG_EXPECTS(n >= 4 && n <= 8 && meshToView.dimension() == n);
    HYPERRIG_EXPECTS(offsets.size() == static_cast<std::size_t>(n - kFirstSimplexCutAxis));
    const auto un = static_cast<std::size_t>(n);
    HYPERRIG_EXPECTS(surface.positions.size() % un == 0 && surface.cells.size() % un == 0);
    const std::size_t vertexCount = surface.positions.size() / un;
    const bool hasAttribute = !surface.vertexAttribute.empty();
    HYPERRIG_EXPECTS(!hasAttribute || surface.vertexAttribute.size() == vertexCount);

    // View space, with the extra axes as distances to their cuts.
    m_view.resize(vertexCount * un);
    m_ranges.assign(vertexCount == 0 ? 0 : un - kFirstSimplexCutAxis, AxisRange{});
    math::VectorN point = math::VectorN::zero(n);
    for (std::size_t v = 0; v < vertexCount; ++v) {
        for (int c = 0; c < n; ++c)
            point[c] = surface.positions[v * un + static_cast<std::size_t>(c)];
        const math::VectorN view = meshToView.applyPoint(point);
        for (int c = 0; c < n; ++c) {
            double value = view[c];
            if (c >= kFirstSimplexCutAxis) {
                AxisRange& range = m_ranges[static_cast<std::size_t>(c - kFirstSimplexCutAxis)];
                range.min = v == 0 ? value : std::min(range.min, value);
                range.max = v == 0 ? value : std::max(range.max, value);
                value -= offsets[static_cast<std::size_t>(c - kFirstSimplexCutAxis)];
            }
            m_view[v * un + static_cast<std::size_t>(c)] = value;
        }
    }

    // The cells the first cut (the highest axis) keeps, as a soup with their normals.
    m_soupA.clear(n);
    const std::size_t cellCount = surface.cells.size() / un;
    std::vector<math::VectorN> edges(un - 1, math::VectorN::zero(n));
    for (std::size_t cell = 0; cell < cellCount; ++cell) {
        const std::uint32_t* indices = surface.cells.data() + cell * un;
        // Only cells on both sides of every cut can leave something in the 3D flat.
        bool straddles = true;
        for (std::size_t axis = kFirstSimplexCutAxis; axis < un && straddles; ++axis) {
            bool anyPositive = false;
            bool anyNegative = false;
            for (std::size_t k = 0; k < un; ++k) {
                HYPERRIG_EXPECTS(indices[k] < vertexCount);
                (m_view[indices[k] * un + axis] >= 0.0 ? anyPositive : anyNegative) = true;
            }
            straddles = anyPositive && anyNegative;
        }
        if (!straddles)
            continue;
        const double* first = m_view.data() + indices[0] * un;
        for (std::size_t k = 1; k < un; ++k) {
            const double* corner = m_view.data() + indices[k] * un;
            for (int c = 0; c < n; ++c)
                edges[k - 1][c] = corner[c] - first[c];
        }
        // Distances differ from view coordinates by constants, so the edges are view edges.
        math::VectorN normal = *math::perpendicular(edges);
        if (surface.flipOrientation)
            normal = -normal;
        for (std::size_t k = 0; k < un; ++k) {
            const double* corner = m_view.data() + indices[k] * un;
            m_soupA.points.insert(m_soupA.points.end(), corner, corner + n);
            m_soupA.points.push_back(
                hasAttribute ? static_cast<double>(surface.vertexAttribute[indices[k]]) : 0.0);
        }
        m_soupA.normals.insert(m_soupA.normals.end(), normal.values().begin(),
                               normal.values().end());
        m_soupA.sources.push_back(static_cast<std::uint32_t>(cell));
    }
    CellSoup* current = &m_soupA;
    CellSoup* next = &m_soupB;
    while (current->dimension > 3) {
        cutLastAxis(*current, *next);
        std::swap(current, next);
    }

    output.clear();
    output.m_hasAttribute = hasAttribute;
    output.ensureRoom(current->cellCount());
    std::size_t written = 0;
    for (std::size_t cell = 0; cell < current->cellCount(); ++cell) {
        SliceFace face{};
        if (simplexTriangle(current->points.data() + 12 * cell, current->normals.data() + 3 * cell,
                            current->sources[cell], output.vertexCursor() + 3 * written, face)) {
            output.faceCursor()[written] = face;
            ++written;
        }
    }
    output.m_triangleCount += written;
}

} // namespace hyperrig::core::eval
