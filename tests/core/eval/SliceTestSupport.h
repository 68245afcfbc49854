#pragma once

// Helpers for the slicing tests: view transforms, triangle geometry in double precision, and a
// naive reference slicer that the optimised kernels must match bit for bit.

#include "core/eval/slice/SliceOutput.h"
#include "core/eval/slice/Slicer.h"
#include "core/eval/slice/ViewHyperplane.h"
#include "core/math/AffineN.h"

#include <array>
#include <cstddef>
#include <vector>

namespace hyperrig::test {

using Vec3 = std::array<double, 3>;

core::math::AffineN identityView();
// A rotation by `angle` radians in the plane of world axes `a` and `b` (view = R · world):
// e_a -> cos e_a + sin e_b, e_b -> −sin e_a + cos e_b.
core::math::AffineN planeRotation(int a, int b, double angle);

Vec3 corner(const core::eval::SliceOutput& output, std::size_t triangle, std::size_t k);
Vec3 normal(const core::eval::SliceOutput& output, std::size_t triangle);
Vec3 subtract(const Vec3& a, const Vec3& b);
Vec3 cross(const Vec3& a, const Vec3& b);
double dot(const Vec3& a, const Vec3& b);
double length(const Vec3& a);
// cross(p1 − p0, p2 − p0): twice the area, along the counter-clockwise side.
Vec3 windingNormal(const core::eval::SliceOutput& output, std::size_t triangle);
double totalArea(const core::eval::SliceOutput& output);

// The naive loop of performance-notes §4.2 with the same float formulas as the kernels: per
// tetrahedron gather the 4 corners, transform each (4 dot products), classify, look the case up,
// lerp from the positive end, compute the cell normal, push_back.
struct ReferenceSlice {
    std::vector<core::eval::SliceVertex> vertices;
    std::vector<core::eval::SliceFace> faces;
};
ReferenceSlice referenceSlice(const core::eval::TetSurface& surface,
                              const core::eval::ViewHyperplane& plane);

} // namespace hyperrig::test
