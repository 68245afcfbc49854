#include "tests/core/eval/SliceTestSupport.h"

#include "core/eval/slice/SliceCaseTable.h"
#include "core/math/BasisN.h"
#include "core/math/VectorN.h"

#include <cmath>

namespace hyperrig::test {

using core::eval::SliceFace;
using core::eval::SliceOutput;
using core::eval::SliceVertex;
using core::eval::ViewPoint;

core::math::AffineN identityView() {
    return core::math::AffineN::identity(4);
}

core::math::AffineN planeRotation(int a, int b, double angle) {
    core::math::BasisN basis = core::math::BasisN::identity(4);
    basis.at(a, a) = std::cos(angle);
    basis.at(b, a) = std::sin(angle);
    basis.at(a, b) = -std::sin(angle);
    basis.at(b, b) = std::cos(angle);
    return core::math::AffineN(basis, core::math::VectorN::zero(4));
}

Vec3 corner(const SliceOutput& output, std::size_t triangle, std::size_t k) {
    const SliceVertex& v = output.vertices()[3 * triangle + k];
    return {v.x, v.y, v.z};
}

Vec3 normal(const SliceOutput& output, std::size_t triangle) {
    const SliceFace& f = output.faces()[triangle];
    return {f.normalX, f.normalY, f.normalZ};
}

Vec3 subtract(const Vec3& a, const Vec3& b) {
    return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}

Vec3 cross(const Vec3& a, const Vec3& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

double dot(const Vec3& a, const Vec3& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

double length(const Vec3& a) {
    return std::sqrt(dot(a, a));
}

Vec3 windingNormal(const SliceOutput& output, std::size_t triangle) {
    const Vec3 p0 = corner(output, triangle, 0);
    return cross(subtract(corner(output, triangle, 1), p0),
                 subtract(corner(output, triangle, 2), p0));
}

double totalArea(const SliceOutput& output) {
    double area = 0.0;
    for (std::size_t t = 0; t < output.triangleCount(); ++t) {
        area += 0.5 * length(windingNormal(output, t));
    }
    return area;
}

ReferenceSlice referenceSlice(const core::eval::TetSurface& surface,
                              const core::eval::ViewHyperplane& plane) {
    const core::eval::SliceCaseTable& table =
        surface.flipOrientation ? core::eval::kSliceCasesReversed : core::eval::kSliceCases;
    const float sign = surface.flipOrientation ? -1.0F : 1.0F;
    ReferenceSlice slice;
    for (std::size_t tet = 0; tet < surface.tetrahedra.size() / 4; ++tet) {
        ViewPoint view[4];
        float attribute[4] = {0.0F, 0.0F, 0.0F, 0.0F};
        unsigned sliceCase = 0;
        for (std::size_t i = 0; i < 4; ++i) {
            const std::size_t vertex = surface.tetrahedra[4 * tet + i];
            view[i] = plane.apply(surface.worldPositions.data() + 4 * vertex);
            if (!surface.vertexAttribute.empty()) {
                attribute[i] = surface.vertexAttribute[vertex];
            }
            if (view[i].distance < 0.0F) {
                sliceCase |= 1U << i;
            }
        }
        const core::eval::SliceCase& row = table[sliceCase];
        if (row.triangleCount == 0) {
            continue;
        }

        // n = perp(a, b, c), g4mf.md §7.1, with w differences taken from the distances.
        const auto edge = [&](std::size_t i) {
            return std::array<float, 4>{view[i].x - view[0].x, view[i].y - view[0].y,
                                        view[i].z - view[0].z, view[i].distance - view[0].distance};
        };
        const auto a = edge(1), b = edge(2), c = edge(3);
        const float nx = -a[1] * (b[2] * c[3] - b[3] * c[2]) + a[2] * (b[1] * c[3] - b[3] * c[1]) -
                         a[3] * (b[1] * c[2] - b[2] * c[1]);
        const float ny = a[0] * (b[2] * c[3] - b[3] * c[2]) - a[2] * (b[0] * c[3] - b[3] * c[0]) +
                         a[3] * (b[0] * c[2] - b[2] * c[0]);
        const float nz = -a[0] * (b[1] * c[3] - b[3] * c[1]) + a[1] * (b[0] * c[3] - b[3] * c[0]) -
                         a[3] * (b[0] * c[1] - b[1] * c[0]);
        const float lengthSquared = nx * nx + ny * ny + nz * nz;
        if (!(lengthSquared > 0.0F) || std::isinf(lengthSquared)) {
            continue;
        }
        const float scale = sign / std::sqrt(lengthSquared);
        const SliceFace face{nx * scale, ny * scale, nz * scale, static_cast<std::uint32_t>(tet)};

        SliceVertex polygon[4];
        for (std::size_t k = 0; k < 4; ++k) {
            const ViewPoint& p = view[row.positive[k]];
            const ViewPoint& n = view[row.negative[k]];
            const float ap = attribute[row.positive[k]];
            const float an = attribute[row.negative[k]];
            const float t = p.distance / (p.distance - n.distance);
            polygon[k] = SliceVertex{p.x + t * (n.x - p.x), p.y + t * (n.y - p.y),
                                     p.z + t * (n.z - p.z), ap + t * (an - ap)};
        }
        slice.vertices.insert(slice.vertices.end(), {polygon[0], polygon[1], polygon[2]});
        slice.faces.push_back(face);
        if (row.triangleCount == 2) {
            slice.vertices.insert(slice.vertices.end(), {polygon[0], polygon[2], polygon[3]});
            slice.faces.push_back(face);
        }
    }
    return slice;
}

} // namespace hyperrig::test
