#pragma once

#include "core/eval/slice/SliceOutput.h"

#include <array>
#include <string>
#include <vector>

namespace hyperrig::test {

// A triangle soup compared as the surface it covers, not triangle by triangle: two slicers may
// split the same cut polygon along different diagonals (the 4D table's fan and the staircase),
// so equal surfaces need not have equal triangles. Zero-area triangles are left out.
struct CoverageTriangle {
    std::array<std::array<double, 3>, 3> corners;
    std::array<double, 3> normal; // unit
};

std::vector<CoverageTriangle> coverageTriangles(const core::eval::SliceOutput& output);

// Empty when `a` and `b` cover the same surface with the same facing: equal total areas (within
// `tolerance` relative), every triangle's centroid of each lies on a triangle of the other
// (within `tolerance` of the scene's size) whose normal agrees (dot > 0.999), and each triangle is
// wound counter-clockwise about its own normal. Otherwise a message saying what differs.
std::string compareCoverage(const std::vector<CoverageTriangle>& a,
                            const std::vector<CoverageTriangle>& b, double tolerance = 1e-4);

} // namespace hyperrig::test
