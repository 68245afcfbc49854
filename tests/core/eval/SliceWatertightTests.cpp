// A closed, consistently oriented 4D surface cuts into a closed, consistently oriented triangle
// surface: every directed edge (p, q) of the output is matched by exactly one (q, p) (so every
// edge is shared by exactly two triangles), with positions compared bit for bit.

#include "core/eval/slice/SlicePath.h"
#include "core/eval/slice/Slicer.h"
#include "core/math/AffineN.h"
#include "tests/core/eval/SliceTestSupport.h"
#include "tests/core/eval/TetMeshFixtures.h"

#include <array>
#include <bit>
#include <catch2/catch.hpp>
#include <map>
#include <random>

using namespace hyperrig::core::eval;
using namespace hyperrig::test;
using hyperrig::core::math::AffineN;

namespace {

using Key = std::array<std::uint32_t, 3>;

Key key(const SliceVertex& v) {
    return {std::bit_cast<std::uint32_t>(v.x), std::bit_cast<std::uint32_t>(v.y),
            std::bit_cast<std::uint32_t>(v.z)};
}

// Directed-edge counts of the triangles with positive area (zero-area triangles come only from
// vertices exactly on the hyperplane and cover nothing).
std::map<std::pair<Key, Key>, int> directedEdges(const SliceOutput& output) {
    std::map<std::pair<Key, Key>, int> edges;
    for (std::size_t t = 0; t < output.triangleCount(); ++t) {
        if (length(windingNormal(output, t)) == 0.0) {
            continue;
        }
        for (std::size_t k = 0; k < 3; ++k) {
            const Key from = key(output.vertices()[3 * t + k]);
            const Key to = key(output.vertices()[3 * t + (k + 1) % 3]);
            ++edges[{from, to}];
        }
    }
    return edges;
}

void checkClosedAndOriented(const SliceOutput& output) {
    REQUIRE(output.triangleCount() > 0);
    const auto edges = directedEdges(output);
    std::size_t unmatched = 0;
    for (const auto& [edge, count] : edges) {
        const auto reverse = edges.find({edge.second, edge.first});
        if (count != 1 || reverse == edges.end() || reverse->second != 1) {
            ++unmatched;
        }
    }
    CHECK(unmatched == 0);
}

AffineN randomSliceTurn(std::mt19937& random) {
    std::uniform_real_distribution<double> angle(-3.0, 3.0);
    const AffineN turn = AffineN::compose(
        planeRotation(0, 3, angle(random)),
        AffineN::compose(planeRotation(1, 3, angle(random)), planeRotation(2, 3, angle(random))));
    return AffineN::compose(planeRotation(0, 1, angle(random)), turn);
}

} // namespace

TEST_CASE("a closed 4D surface cut generically gives a closed, oriented triangle surface",
          "[eval][slice]") {
    std::mt19937 random(20261123);
    TetMesh shell = tesseractShell(4, -1.0F, 1.0F);
    // Jitter the vertices so that no cut is special; the connectivity stays a closed 3-manifold.
    std::uniform_real_distribution<float> jitter(-0.05F, 0.05F);
    for (float& value : shell.positions) {
        value += jitter(random);
    }
    std::uniform_real_distribution<double> offset(-0.9, 0.9);
    for (const SlicePath path : availableSlicePaths()) {
        for (int trial = 0; trial < 8; ++trial) {
            CAPTURE(slicePathName(path), trial);
            Slicer slicer(path);
            SliceOutput output;
            slicer.slice(TetSurface{shell.positions, shell.tetrahedra},
                         ViewHyperplane(randomSliceTurn(random), offset(random)), output);
            checkClosedAndOriented(output);
        }
    }
}

TEST_CASE("a cut through vertices exactly on the hyperplane has no cracks", "[eval][slice]") {
    // Grid levels of the shell at w = −1, −0.5, 0, 0.5, 1: offsets on a level put whole rings of
    // vertices at d == 0. The d >= 0 rule keeps the output closed once zero-area triangles are
    // dropped, and never emits a face twice.
    const TetMesh shell = tesseractShell(4, -1.0F, 1.0F);
    for (const double level : {-0.5, 0.0, 0.5, 1.0}) {
        CAPTURE(level);
        Slicer slicer;
        SliceOutput output;
        slicer.slice(TetSurface{shell.positions, shell.tetrahedra},
                     ViewHyperplane(identityView(), level), output);
        checkClosedAndOriented(output);
        CHECK(totalArea(output) == Approx(24.0).epsilon(1e-6));
    }
}
