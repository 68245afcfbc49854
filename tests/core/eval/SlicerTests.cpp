#include "core/base/ThreadPool.h"
#include "core/eval/slice/SliceOutput.h"
#include "core/eval/slice/Slicer.h"
#include "core/eval/slice/ViewHyperplane.h"
#include "core/math/BasisN.h"
#include "core/math/VectorN.h"
#include "tests/core/eval/SliceTestSupport.h"
#include "tests/core/eval/TetMeshFixtures.h"
#include "tests/support/ThrowingContracts.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

using namespace hyperrig::core::eval;
using namespace hyperrig::test;
using hyperrig::core::math::AffineN;
using hyperrig::core::math::BasisN;
using hyperrig::core::math::VectorN;

TEST_CASE("ViewHyperplane converts the view transform to float once, offset folded in",
          "[eval][slice]") {
    BasisN basis = BasisN::identity(4);
    basis.at(0, 1) = 2.0; // view x gets 2·world y
    basis.at(3, 2) = 0.5; // view w gets 0.5·world z
    const ViewHyperplane plane(AffineN(basis, VectorN{1, 2, 3, 4}), 1.5);
    CHECK(plane.translation() == std::array<float, 4>{1, 2, 3, 2.5F});
    CHECK(plane.column(1) == std::array<float, 4>{2, 1, 0, 0});

    const float world[4] = {1, 1, 2, -1};
    const ViewPoint view = plane.apply(world);
    // x = 1 + 1 + 2·1, y = 2 + 1, z = 3 + 2, distance = (4 + 0.5·2 − 1) − 1.5
    CHECK(view.x == 4.0F);
    CHECK(view.y == 3.0F);
    CHECK(view.z == 5.0F);
    CHECK(view.distance == 2.5F);

    CHECK_THROWS_AS(ViewHyperplane(AffineN::identity(3), 0.0), ContractViolation);
}

TEST_CASE("the slice interpolates a per-vertex attribute", "[eval][slice]") {
    // An attribute linear in position, a = x + 2y + 3z + 4w, is reproduced exactly by linear
    // interpolation along edges: at view = world and w = offset every corner must carry
    // x + 2y + 3z + 4·offset.
    const TetMesh shell = tesseractShell(3, 0.0F, 1.0F);
    std::vector<float> attribute(shell.vertexCount());
    for (std::size_t v = 0; v < shell.vertexCount(); ++v) {
        const float* p = &shell.positions[4 * v];
        attribute[v] = p[0] + 2 * p[1] + 3 * p[2] + 4 * p[3];
    }
    const double offset = 0.45;
    Slicer slicer;
    SliceOutput output;

    slicer.slice(TetSurface{shell.positions, shell.tetrahedra, attribute},
                 ViewHyperplane(identityView(), offset), output);
    REQUIRE(output.triangleCount() > 0);
    CHECK(output.hasAttribute());
    for (const SliceVertex& v : output.vertices()) {
        CHECK(double(v.attribute) ==
              Approx(double(v.x) + 2.0 * double(v.y) + 3.0 * double(v.z) + 4.0 * offset)
                  .margin(1e-5));
    }

    SECTION("without an attribute every corner carries 0") {
        slicer.slice(TetSurface{shell.positions, shell.tetrahedra},
                     ViewHyperplane(identityView(), offset), output);
        CHECK_FALSE(output.hasAttribute());
        for (const SliceVertex& v : output.vertices()) {
            CHECK(v.attribute == 0.0F);
        }
    }
}

TEST_CASE("triangles name their source tetrahedra in order", "[eval][slice]") {
    // 3072 tetrahedra: several kernel blocks.
    const TetMesh shell = tesseractShell(4, -1.0F, 1.0F);
    Slicer slicer;
    SliceOutput output;
    slicer.slice(TetSurface{shell.positions, shell.tetrahedra},
                 ViewHyperplane(planeRotation(0, 3, 0.3), 0.1), output);
    REQUIRE(output.triangleCount() > 0);
    std::uint32_t previous = 0;
    for (const SliceFace& face : output.faces()) {
        CHECK(face.sourceTet >= previous);
        previous = face.sourceTet;
        // The named tetrahedron straddles the hyperplane.
        const ViewHyperplane plane(planeRotation(0, 3, 0.3), 0.1);
        int negative = 0;
        for (std::size_t i = 0; i < 4; ++i) {
            const std::size_t vertex = shell.tetrahedra[4 * face.sourceTet + i];
            negative += plane.apply(&shell.positions[4 * vertex]).distance < 0.0F ? 1 : 0;
        }
        CHECK((negative > 0 && negative < 4));
    }
}

TEST_CASE("the output buffer is reused across slices", "[eval][slice]") {
    const TetMesh shell = tesseractShell(6, -1.0F, 1.0F);
    const TetSurface surface{shell.positions, shell.tetrahedra};
    Slicer slicer;
    SliceOutput output;

    SECTION("a second slice of no more triangles keeps the storage") {
        slicer.slice(surface, ViewHyperplane(identityView(), 0.1), output);
        const std::size_t first = output.triangleCount();
        const std::size_t capacity = output.capacity();
        const SliceVertex* vertices = output.vertices().data();
        const SliceFace* faces = output.faces().data();
        REQUIRE(first > 0);
        CHECK(capacity >= first);

        slicer.slice(surface, ViewHyperplane(planeRotation(1, 3, 0.05), 0.6), output);
        CHECK(output.triangleCount() > 0);
        CHECK(output.triangleCount() <= capacity);
        CHECK(output.capacity() == capacity);
        CHECK(output.vertices().data() == vertices);
        CHECK(output.faces().data() == faces);

        slicer.slice(surface, ViewHyperplane(identityView(), 5.0), output);
        CHECK(output.triangleCount() == 0);
        CHECK(output.capacity() == capacity);
    }

    SECTION("reserve makes room up front") {
        output.reserve(100000);
        CHECK(output.capacity() == 100000);
        const SliceVertex* vertices = output.vertices().data();
        slicer.slice(surface, ViewHyperplane(identityView(), 0.1), output);
        CHECK(output.vertices().data() == vertices);
        CHECK(output.capacity() == 100000);
    }

    SECTION("a slice larger than the capacity grows it") {
        output.reserve(10);
        slicer.slice(surface, ViewHyperplane(identityView(), 0.1), output);
        CHECK(output.capacity() >= output.triangleCount());
        CHECK(output.triangleCount() > 10);
    }

    SECTION("clear forgets the triangles and keeps the storage") {
        slicer.slice(surface, ViewHyperplane(identityView(), 0.1), output);
        const std::size_t capacity = output.capacity();
        output.clear();
        CHECK(output.triangleCount() == 0);
        CHECK(output.vertices().empty());
        CHECK(output.capacity() == capacity);
    }
}

TEST_CASE("the slicer reports the distance range of the vertices it sliced", "[eval][slice]") {
    const TetMesh soup = randomTetSoup(7, 300, 200);
    const TetSurface surface{soup.positions, soup.tetrahedra};
    const ViewHyperplane plane(planeRotation(0, 3, 0.4), 0.25);
    // Expected: every vertex's distance through the plane's own float transform.
    float lowest = plane.apply(soup.positions.data()).distance;
    float highest = lowest;
    for (std::size_t v = 1; v < soup.vertexCount(); ++v) {
        const float distance = plane.apply(soup.positions.data() + 4 * v).distance;
        lowest = std::min(lowest, distance);
        highest = std::max(highest, distance);
    }
    for (const SlicePath path : availableSlicePaths()) {
        INFO(slicePathName(path));
        Slicer slicer(path);
        CHECK_FALSE(slicer.lastDistanceRange().has_value());
        SliceOutput output;
        slicer.slice(surface, plane, output);
        const auto range = slicer.lastDistanceRange();
        REQUIRE(range.has_value());
        CHECK(range->min == lowest);
        CHECK(range->max == highest);
        slicer.slice(TetSurface{}, plane, output);
        CHECK_FALSE(slicer.lastDistanceRange().has_value());
    }
}

TEST_CASE("slicing an empty surface gives no triangles", "[eval][slice]") {
    Slicer slicer;
    SliceOutput output;
    slicer.slice(TetSurface{}, ViewHyperplane(identityView(), 0.0), output);
    CHECK(output.triangleCount() == 0);
}

TEST_CASE("malformed slice input is a contract violation", "[eval][slice]") {
    const std::vector<float> positions{0, 0, 0, -1, 1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1};
    const ViewHyperplane plane(identityView(), 0.0);
    for (const SlicePath path : availableSlicePaths()) {
        CAPTURE(slicePathName(path));
        Slicer slicer(path);
        SliceOutput output;
        const std::vector<std::uint32_t> badIndex{0, 1, 2, 4};
        CHECK_THROWS_AS(slicer.slice(TetSurface{positions, badIndex}, plane, output),
                        ContractViolation);
        const std::vector<std::uint32_t> partialTet{0, 1, 2};
        CHECK_THROWS_AS(slicer.slice(TetSurface{positions, partialTet}, plane, output),
                        ContractViolation);
        const std::vector<float> partialVertex(positions.begin(), positions.end() - 1);
        const std::vector<std::uint32_t> tet{0, 1, 2, 3};
        CHECK_THROWS_AS(slicer.slice(TetSurface{partialVertex, tet}, plane, output),
                        ContractViolation);
        const std::vector<float> shortAttribute{1, 2, 3};
        CHECK_THROWS_AS(slicer.slice(TetSurface{positions, tet, shortAttribute}, plane, output),
                        ContractViolation);
        slicer.slice(TetSurface{positions, tet}, plane, output);
        CHECK(output.triangleCount() == 1);

        // Every block is checked before it is read, not only the first.
        TetMesh shell = tesseractShell(4, -1.0F, 1.0F);
        shell.tetrahedra[4 * 2500 + 2] = static_cast<std::uint32_t>(shell.vertexCount());
        CHECK_THROWS_AS(slicer.slice(TetSurface{shell.positions, shell.tetrahedra},
                                     ViewHyperplane(identityView(), 0.0), output),
                        ContractViolation);
    }
}

TEST_CASE("the distance range skips NaN distances but the first vertex's, on a pool too",
          "[eval][slice]") {
    // A serial scan folds std::min/max from the first vertex: a later NaN is skipped, a first
    // NaN stays. Here a NaN opens the parallel vertex pass's second block (vertex 16,384), just
    // before the smallest distance, and another sits in the third block before the largest: a
    // fold that started from or stopped at a NaN would miss them.
    TetMesh soup = randomTetSoup(21, 40000, 100);
    const ViewHyperplane plane(identityView(), 0.0);
    for (std::size_t v = 0; v < soup.vertexCount(); ++v)
        soup.positions[4 * v + 3] = -1.0F - static_cast<float>(v % 5); // w: distance -1 .. -5
    soup.positions[4 * 16384 + 3] = std::nanf("");
    soup.positions[4 * 35000 + 3] = std::nanf("");
    soup.positions[4 * 16385 + 3] = -7.0F;
    soup.positions[4 * 36000 + 3] = 2.0F;
    hyperrig::core::base::ThreadPool pool(4);
    SliceOutput output;
    for (const bool onPool : {false, true}) {
        CAPTURE(onPool);
        Slicer slicer;
        const auto slice = [&](const TetMesh& mesh) {
            const TetSurface surface{mesh.positions, mesh.tetrahedra};
            if (onPool)
                slicer.slice(surface, plane, output, pool);
            else
                slicer.slice(surface, plane, output);
        };
        slice(soup);
        auto range = slicer.lastDistanceRange();
        REQUIRE(range.has_value());
        CHECK(range->min == -7.0F);
        CHECK(range->max == 2.0F);

        TetMesh firstNaN = soup;
        firstNaN.positions[3] = std::nanf("");
        slice(firstNaN);
        range = slicer.lastDistanceRange();
        REQUIRE(range.has_value());
        CHECK(std::isnan(range->min));
        CHECK(std::isnan(range->max));
    }
}

TEST_CASE("a slice on a pool grows the output's capacity to its triangles", "[eval][slice]") {
    // 98 kernel blocks of tetrahedra, so several stretches, of which only those at the first 50
    // vertices (w < 0; every other vertex is moved to w > 1) are cut: a few hundred triangles.
    // The output starts with room for 10 triangles and the kernels' write slack (2048 more,
    // which the slice fits in: room to write is not capacity).
    TetMesh soup = randomTetSoup(31, 40000, 100000);
    for (std::size_t v = 50; v < soup.vertexCount(); ++v)
        soup.positions[4 * v + 3] = 1.0F + std::abs(soup.positions[4 * v + 3]);
    for (std::size_t v = 0; v < 50; ++v)
        soup.positions[4 * v + 3] = -1.0F;
    const TetSurface surface{soup.positions, soup.tetrahedra};
    hyperrig::core::base::ThreadPool pool(4);
    Slicer slicer;
    SliceOutput output;
    output.reserve(10);
    slicer.slice(surface, ViewHyperplane(identityView(), 0.0), output, pool);
    CHECK(output.triangleCount() > 10);
    CHECK(output.triangleCount() < 2048);
    CHECK(output.capacity() >= output.triangleCount());
}
