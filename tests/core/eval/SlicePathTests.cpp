// Every kernel path this CPU can run against the naive reference, bit for bit.

#include "core/base/ThreadPool.h"
#include "core/eval/slice/SlicePath.h"
#include "core/eval/slice/Slicer.h"
#include "core/math/AffineN.h"
#include "core/math/VectorN.h"
#include "tests/core/eval/SliceTestSupport.h"
#include "tests/core/eval/TetMeshFixtures.h"
#include "tests/support/ThrowingContracts.h"

#include <catch2/catch.hpp>
#include <cstring>
#include <random>

using namespace hyperrig::core::eval;
using namespace hyperrig::test;
using hyperrig::core::math::AffineN;
using hyperrig::core::math::VectorN;

namespace {

bool sameBits(const void* a, const void* b, std::size_t bytes) {
    return bytes == 0 || std::memcmp(a, b, bytes) == 0;
}

void checkMatchesReference(SlicePath path, const TetSurface& surface, const ViewHyperplane& plane) {
    const ReferenceSlice expected = referenceSlice(surface, plane);
    Slicer slicer(path);
    SliceOutput output;
    slicer.slice(surface, plane, output);
    REQUIRE(output.triangleCount() == expected.faces.size());
    CHECK(sameBits(output.vertices().data(), expected.vertices.data(),
                   expected.vertices.size() * sizeof(SliceVertex)));
    CHECK(sameBits(output.faces().data(), expected.faces.data(),
                   expected.faces.size() * sizeof(SliceFace)));
}

AffineN randomView(std::mt19937& random) {
    std::uniform_real_distribution<double> angle(-3.0, 3.0);
    std::uniform_real_distribution<double> shift(-0.5, 0.5);
    AffineN view = AffineN::compose(
        planeRotation(0, 3, angle(random)),
        AffineN::compose(planeRotation(1, 3, angle(random)), planeRotation(2, 3, angle(random))));
    view = AffineN::compose(planeRotation(0, 2, angle(random)), view);
    view.setPosition(VectorN{shift(random), shift(random), shift(random), shift(random)});
    return view;
}

} // namespace

TEST_CASE("slice paths are listed with the fastest last", "[eval][slice]") {
    const std::vector<SlicePath> paths = availableSlicePaths();
    REQUIRE_FALSE(paths.empty());
    CHECK(paths.front() == SlicePath::Portable);
    CHECK(fastestSlicePath() == paths.back());
    CHECK(slicePathName(SlicePath::Portable) == "portable");
    CHECK(slicePathName(SlicePath::Avx2) == "avx2");
    CHECK(slicePathName(SlicePath::Avx512) == "avx512");
    CHECK(Slicer().path() == defaultSlicePath());
    CHECK(slicePathAvailable(defaultSlicePath()));
    for (const SlicePath path : {SlicePath::Avx2, SlicePath::Avx512}) {
        if (!slicePathAvailable(path)) {
            WARN("the " << slicePathName(path)
                        << " slice path needs instructions this CPU lacks: not compared here");
            CHECK_THROWS_AS(Slicer(path), ContractViolation);
        }
    }
}

TEST_CASE("every slice path matches the naive reference bit for bit", "[eval][slice]") {
    std::mt19937 random(5);
    std::uniform_real_distribution<double> offset(-0.6, 0.6);
    std::uniform_real_distribution<float> attributeValue(-2.0F, 2.0F);

    for (const SlicePath path : availableSlicePaths()) {
        CAPTURE(slicePathName(path));

        SECTION(std::string("random soups, random views: ") + std::string(slicePathName(path))) {
            // Vertex counts not multiples of 4 exercise the SIMD vertex loop's tail; 3000
            // tetrahedra span three kernel blocks.
            for (const std::size_t vertexCount :
                 {std::size_t{5}, std::size_t{203}, std::size_t{1001}}) {
                const TetMesh soup =
                    randomTetSoup(static_cast<std::uint32_t>(vertexCount), vertexCount, 3000);
                std::vector<float> attribute(vertexCount);
                for (float& value : attribute) {
                    value = attributeValue(random);
                }
                for (int trial = 0; trial < 3; ++trial) {
                    CAPTURE(vertexCount, trial);
                    const ViewHyperplane plane(randomView(random), offset(random));
                    const bool flip = trial == 1;
                    checkMatchesReference(
                        path, TetSurface{soup.positions, soup.tetrahedra, {}, flip}, plane);
                    checkMatchesReference(
                        path, TetSurface{soup.positions, soup.tetrahedra, attribute, flip}, plane);
                }
            }
        }

        SECTION(std::string("vertices on the hyperplane, degenerate tets: ") +
                std::string(slicePathName(path))) {
            // Coordinates on a coarse grid with an identity view put many distances at exactly 0;
            // repeated corners make zero normals.
            TetMesh soup = randomTetSoup(77, 400, 2500);
            for (float& value : soup.positions) {
                value = std::round(value * 2.0F) / 2.0F;
            }
            for (std::size_t t = 0; t < soup.tetCount(); t += 7) {
                soup.tetrahedra[4 * t + 3] = soup.tetrahedra[4 * t + 1];
            }
            for (const double level : {0.0, 0.5, -0.5}) {
                for (const bool flip : {false, true}) {
                    checkMatchesReference(path,
                                          TetSurface{soup.positions, soup.tetrahedra, {}, flip},
                                          ViewHyperplane(identityView(), level));
                }
            }
        }

        SECTION(std::string("a tesseract shell: ") + std::string(slicePathName(path))) {
            const TetMesh shell = tesseractShell(5, -1.0F, 1.0F);
            for (int trial = 0; trial < 4; ++trial) {
                checkMatchesReference(path, TetSurface{shell.positions, shell.tetrahedra},
                                      ViewHyperplane(randomView(random), offset(random)));
            }
        }
    }
}

TEST_CASE("every slice path on a pool gives the serial triangles bit for bit", "[eval][slice]") {
    // 40,000 vertices span three blocks of the parallel vertex pass (16,384 each), 100,000
    // tetrahedra 98 kernel blocks: three stretches of at least 32 blocks (the last one shorter),
    // each sliced into its own soup and copied into place.
    const TetMesh soup = randomTetSoup(11, 40000, 100000);
    const TetMesh small = randomTetSoup(12, 300, 900);
    std::vector<float> attribute(soup.vertexCount());
    for (std::size_t v = 0; v < attribute.size(); ++v)
        attribute[v] = static_cast<float>(v % 97) / 97.0F;
    hyperrig::core::base::ThreadPool pool(4);
    std::mt19937 random(9);
    for (const SlicePath path : availableSlicePaths()) {
        CAPTURE(slicePathName(path));
        Slicer parallel(path);
        SliceOutput output;
        for (int trial = 0; trial < 3; ++trial) {
            CAPTURE(trial);
            const ViewHyperplane plane(randomView(random), 0.1 * trial);
            const TetSurface surface{soup.positions, soup.tetrahedra,
                                     trial == 1 ? std::span<const float>(attribute)
                                                : std::span<const float>(),
                                     trial == 2};
            const ReferenceSlice expected = referenceSlice(surface, plane);
            REQUIRE(expected.faces.size() > 2 * 1024); // more than one stretch's worth
            parallel.slice(surface, plane, output, pool);
            REQUIRE(output.triangleCount() == expected.faces.size());
            CHECK(output.hasAttribute() == (trial == 1));
            CHECK(sameBits(output.vertices().data(), expected.vertices.data(),
                           expected.vertices.size() * sizeof(SliceVertex)));
            CHECK(sameBits(output.faces().data(), expected.faces.data(),
                           expected.faces.size() * sizeof(SliceFace)));

            Slicer serial(path);
            SliceOutput serialOutput;
            serial.slice(surface, plane, serialOutput);
            const auto range = parallel.lastDistanceRange();
            const auto serialRange = serial.lastDistanceRange();
            REQUIRE(range.has_value());
            REQUIRE(serialRange.has_value());
            CHECK(range->min == serialRange->min);
            CHECK(range->max == serialRange->max);

            // The same slicer and output on a surface too small to split: nothing of the large
            // slice is left behind.
            const TetSurface smallSurface{small.positions, small.tetrahedra};
            const ReferenceSlice smallExpected = referenceSlice(smallSurface, plane);
            parallel.slice(smallSurface, plane, output, pool);
            REQUIRE(output.triangleCount() == smallExpected.faces.size());
            CHECK(sameBits(output.vertices().data(), smallExpected.vertices.data(),
                           smallExpected.vertices.size() * sizeof(SliceVertex)));
        }
    }
}
