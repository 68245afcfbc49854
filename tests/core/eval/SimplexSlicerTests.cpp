#include "core/base/ThreadPool.h"
#include "core/eval/RigSlice.h"
#include "core/eval/RigSliceND.h"
#include "core/eval/slice/SimplexSlicer.h"
#include "core/eval/slice/Slicer.h"
#include "core/math/Perpendicular.h"
#include "tests/core/edit/DataTestSupport.h"
#include "tests/core/eval/TriangleCoverage.h"

#include <algorithm>
#include <catch2/catch.hpp>

using namespace hyperrig::core;

namespace {

struct SimplexSample {
    model::Document document;
    eval::CompiledRig rig;
    base::ThreadPool pool{1};
    eval::EvaluatedRig evaluated;

    explicit SimplexSample(const char* name)
        : document(hyperrig::test::loadSample(name)),
          rig(std::move(*eval::CompiledRig::compile(document))) {
        REQUIRE(eval::evaluateRig(document, rig, eval::Pose{}, pool, evaluated).ok());
    }
};

eval::View4D simplexTestView(double xw, double yw, double zw, double w) {
    eval::View4D view;
    view.xwDegrees = xw;
    view.ywDegrees = yw;
    view.zwDegrees = zw;
    view.offset = w;
    return view;
}

// A 4-simplex cut at view v = 0 (the last coordinate of each 5D point) into tetrahedra, by hand:
// the prism Δ^(p−1) × Δ^(q−1) between the p positive (v >= 0) and q negative corners, split
// along its monotone staircases, the paths written out for each split (e_ij is the point on the
// edge from positive corner i to negative corner j, numbered in stored order).
using HandPath = std::vector<std::array<int, 2>>;
const std::vector<HandPath>& handStaircases(int p) {
    static const std::array<std::vector<HandPath>, 5> kPaths{{
        {},
        {{{0, 0}, {0, 1}, {0, 2}, {0, 3}}}, // 1 vs 4: a tetrahedron
        {{{0, 0}, {1, 0}, {1, 1}, {1, 2}},  // 2 vs 3: a triangular prism
         {{0, 0}, {0, 1}, {1, 1}, {1, 2}},
         {{0, 0}, {0, 1}, {0, 2}, {1, 2}}},
        {{{0, 0}, {1, 0}, {2, 0}, {2, 1}}, // 3 vs 2
         {{0, 0}, {1, 0}, {1, 1}, {2, 1}},
         {{0, 0}, {0, 1}, {1, 1}, {2, 1}}},
        {{{0, 0}, {1, 0}, {2, 0}, {3, 0}}}, // 4 vs 1
    }};
    return kPaths[static_cast<std::size_t>(p)];
}

// Slices one 5D instance "twice by hand": view coordinates, the cut at v = offset_v into
// tetrahedra oriented like the projected 5D normal, then the existing 4D slicer at w = offset_w.
eval::SliceOutput sliceTwiceByHand(const SimplexSample& sample,
                                   const eval::EvaluatedInstance& instance,
                                   const eval::View4D& view) {
    const eval::CompiledMesh& mesh = sample.rig.mesh(instance.mesh);
    const math::AffineN toView = math::AffineN::compose(view.worldToView(5), instance.world);
    const float* positions = instance.positions(mesh);
    std::vector<math::VectorN> viewPoints;
    for (std::size_t v = 0; v < mesh.vertexCount; ++v) {
        math::VectorN p = math::VectorN::zero(5);
        for (int c = 0; c < 5; ++c)
            p[c] = positions[5 * v + static_cast<std::size_t>(c)];
        math::VectorN q = toView.applyPoint(p);
        q[4] -= view.beyondW[0].offset;
        viewPoints.push_back(q);
    }
    std::vector<float> tetPoints;
    std::vector<std::uint32_t> tets;
    for (std::size_t cell = 0; cell + 4 < mesh.simplexes.size(); cell += 5) {
        std::vector<int> plus;
        std::vector<int> minus;
        for (int k = 0; k < 5; ++k)
            (viewPoints[mesh.simplexes[cell + static_cast<std::size_t>(k)]][4] >= 0.0 ? plus
                                                                                      : minus)
                .push_back(k);
        if (plus.empty() || minus.empty())
            continue;
        std::vector<math::VectorN> edges;
        const auto corner = [&](int k) {
            return viewPoints[mesh.simplexes[cell + static_cast<std::size_t>(k)]];
        };
        for (int k = 1; k < 5; ++k)
            edges.push_back(corner(k) - corner(0));
        const math::VectorN normal5 = *math::perpendicular(edges);
        for (const HandPath& path : handStaircases(static_cast<int>(plus.size()))) {
            std::array<math::VectorN, 4> tet{math::VectorN::zero(4), math::VectorN::zero(4),
                                             math::VectorN::zero(4), math::VectorN::zero(4)};
            for (std::size_t k = 0; k < 4; ++k) {
                const math::VectorN P = corner(plus[static_cast<std::size_t>(path[k][0])]);
                const math::VectorN N = corner(minus[static_cast<std::size_t>(path[k][1])]);
                const double t = P[4] / (P[4] - N[4]);
                for (int c = 0; c < 4; ++c)
                    tet[k][c] = P[c] + t * (N[c] - P[c]);
            }
            // Orient the tetrahedron like the 5D cell: its perp must agree with the 5D normal
            // projected onto v = 0 (the first four components).
            const std::array<math::VectorN, 3> tetEdges{tet[1] - tet[0], tet[2] - tet[0],
                                                        tet[3] - tet[0]};
            const math::VectorN normal4 = *math::perpendicular(tetEdges);
            double facing = 0.0;
            for (int c = 0; c < 4; ++c)
                facing += normal4[c] * normal5[c];
            if (facing < 0.0)
                std::swap(tet[2], tet[3]);
            for (const math::VectorN& p : tet) {
                tets.push_back(static_cast<std::uint32_t>(tets.size()));
                for (int c = 0; c < 4; ++c)
                    tetPoints.push_back(static_cast<float>(p[c]));
            }
        }
    }
    eval::Slicer slicer;
    eval::SliceOutput output;
    eval::TetSurface surface;
    surface.worldPositions = tetPoints;
    surface.tetrahedra = tets;
    slicer.slice(surface, eval::ViewHyperplane(math::AffineN::identity(4), view.offset), output);
    return output;
}

} // namespace

TEST_CASE("the generic slicer cuts the 4D creature as the 4D slicer does", "[eval][slice][nd]") {
    SimplexSample creature("creature-4d.g4tf");
    for (const eval::View4D& view :
         {simplexTestView(0, 0, 0, 0.05), simplexTestView(0, 0, 0, 0.0),
          simplexTestView(30, 0, 0, 0.1), simplexTestView(20, -35, 50, -0.05),
          simplexTestView(90, 0, 0, 0.02)}) {
        CAPTURE(view.xwDegrees, view.ywDegrees, view.zwDegrees, view.offset);
        const math::AffineN worldToView = view.worldToView();
        eval::Slicer fast;
        eval::SimplexSlicer generic;
        std::size_t triangles = 0;
        for (const eval::EvaluatedInstance& instance : creature.evaluated.instances) {
            const eval::CompiledMesh& mesh = creature.rig.mesh(instance.mesh);
            if (!instance.visible || mesh.simplexes.empty())
                continue;
            const math::AffineN meshToView = math::AffineN::compose(worldToView, instance.world);
            eval::TetSurface tets;
            tets.worldPositions = {instance.positions(mesh), mesh.restPositions.size()};
            tets.tetrahedra = mesh.simplexes;
            eval::SliceOutput expected;
            fast.slice(tets, eval::ViewHyperplane(meshToView, view.offset), expected);

            eval::SimplexSurface cells;
            cells.dimension = 4;
            cells.positions = tets.worldPositions;
            cells.cells = mesh.simplexes;
            eval::SliceOutput actual;
            const std::array<double, 1> offsets{view.offset};
            generic.slice(cells, meshToView, offsets, actual);

            const auto expectedTriangles = hyperrig::test::coverageTriangles(expected);
            triangles += expectedTriangles.size();
            CHECK(hyperrig::test::compareCoverage(hyperrig::test::coverageTriangles(actual),
                                                  expectedTriangles) == "");
        }
        CHECK(triangles > 100);
    }
}

TEST_CASE("a 5D rig's slice is its cut at v sliced again by the 4D slicer", "[eval][slice][nd]") {
    SimplexSample limb("limb-5d.g4tf");
    REQUIRE(limb.document.dimension() == 5);
    eval::View4D through;
    through.beyondW[0].offset = 0.2; // v = 0.2: across the lower limb, which runs along +V
    through.offset = 0.01;
    eval::View4D turned = through;
    turned.xwDegrees = 25.0;
    turned.beyondW[0].yDegrees = 10.0; // a YV turn tilts the lower limb against the cut
    turned.beyondW[0].offset = 0.05;
    eval::View4D flat; // v = 0: the upper limb and the paw's base
    flat.offset = 0.03;
    for (const eval::View4D& view : {through, turned, flat}) {
        CAPTURE(view.xwDegrees, view.beyondW[0].yDegrees, view.beyondW[0].offset, view.offset);
        eval::SimplexSlicer slicer;
        eval::RigSlice slice;
        eval::sliceRigND(limb.document, limb.rig, limb.evaluated, view, slicer, slice);
        REQUIRE(slice.instances.size() == 1);
        const auto byHand = hyperrig::test::coverageTriangles(
            sliceTwiceByHand(limb, limb.evaluated.instances[0], view));
        CHECK(byHand.size() > 10);
        CHECK(hyperrig::test::compareCoverage(
                  hyperrig::test::coverageTriangles(slice.instances[0].triangles), byHand) == "");
    }
}

TEST_CASE("5D bones are placed in view xyz with their distance to the 3D flat",
          "[eval][slice][nd]") {
    SimplexSample limb("limb-5d.g4tf");
    eval::SimplexSlicer slicer;
    eval::RigSlice slice;
    eval::View4D view;
    view.offset = 0.03;            // w
    view.beyondW[0].offset = 0.04; // v
    eval::sliceRigND(limb.document, limb.rig, limb.evaluated, view, slicer, slice);
    REQUIRE(slice.bones.size() == 3);
    // UpperLimb: (0, 0..0.5, 0, 0, 0); distances (w, v) = (−0.03, −0.04), norm 0.05.
    CHECK(slice.bones[0].head.y == Approx(0.0).margin(1e-6));
    CHECK(slice.bones[0].tail.y == Approx(0.5));
    CHECK(slice.bones[0].head.distance == Approx(0.05));
    CHECK(slice.bones[0].tail.distance == Approx(0.05));
    CHECK_FALSE(slice.bones[0].crosses);
    // LowerLimb runs from v = 0 to v = 0.4 at y = 0.5: it passes the flat's v, but at w = 0,
    // 0.03 away from it: no crossing. Its tail: (w, v) = (−0.03, 0.36).
    CHECK(slice.bones[1].tail.y == Approx(0.5));
    CHECK(slice.bones[1].tail.distance == Approx(std::hypot(0.03, 0.36)));
    CHECK_FALSE(slice.bones[1].crosses);
    // The V extent covers the lower limb and the paw, which continues along +V to v = 0.55 (the
    // meshes reach a little further), and the upper limb's box around v = 0.
    REQUIRE(slice.extraAxisExtents.size() == 2);
    CHECK(slice.extraAxisExtents[1].max >= 0.55F);
    CHECK(slice.extraAxisExtents[1].min < 0.0F);

    // At w = 0 the lower limb passes through the flat at v = 0.04; the upper limb stays 0.04
    // away from it along V.
    view.offset = 0.0;
    eval::sliceRigND(limb.document, limb.rig, limb.evaluated, view, slicer, slice);
    REQUIRE(slice.bones[1].crosses);
    CHECK(slice.bones[1].crossing[1] == Approx(0.5));
    CHECK(slice.bones[1].crossing[0] == Approx(0.0).margin(1e-6));
    CHECK_FALSE(slice.bones[0].crosses);

    view.beyondW[0].offset = 0.0;
    eval::sliceRigND(limb.document, limb.rig, limb.evaluated, view, slicer, slice);
    CHECK(slice.bones[0].head.distance == 0.0F);
    CHECK(slice.bones[0].tail.distance == 0.0F);
    CHECK_FALSE(slice.bones[0].crosses); // lies in the flat
    CHECK_FALSE(slice.bones[1].crosses); // starts on it, runs off along +V
}

namespace {

// The boundary of the N-cube [−1, 1]^N as (N−1)-simplices, outward: each facet x_k = ±1 split
// into the (N−1)! Kuhn simplices of its (N−1)-cube (the paths from its lowest corner through
// one +2 step per tangent axis), each oriented so that perp(...) points away from the centre.
struct CubeBoundary {
    std::vector<float> positions;
    std::vector<std::uint32_t> cells;
};

CubeBoundary cubeBoundary(int n) {
    CubeBoundary cube;
    const auto un = static_cast<std::size_t>(n);
    for (int k = 0; k < n; ++k)
        for (const double side : {-1.0, 1.0}) {
            std::vector<int> tangent;
            for (int a = 0; a < n; ++a)
                if (a != k)
                    tangent.push_back(a);
            std::vector<int> order(tangent.size());
            for (std::size_t i = 0; i < order.size(); ++i)
                order[i] = static_cast<int>(i);
            do {
                std::vector<math::VectorN> corners;
                math::VectorN corner = math::VectorN::zero(n);
                for (int a = 0; a < n; ++a)
                    corner[a] = a == k ? side : -1.0;
                corners.push_back(corner);
                for (int step : order) {
                    corner[tangent[static_cast<std::size_t>(step)]] = 1.0;
                    corners.push_back(corner);
                }
                std::vector<math::VectorN> edges;
                math::VectorN centroid = math::VectorN::zero(n);
                for (std::size_t c = 0; c < un; ++c) {
                    if (c > 0)
                        edges.push_back(corners[c] - corners[0]);
                    centroid += corners[c];
                }
                if (math::perpendicular(edges)->dot(centroid) < 0.0)
                    std::swap(corners[un - 1], corners[un - 2]);
                for (const math::VectorN& p : corners) {
                    cube.cells.push_back(static_cast<std::uint32_t>(cube.cells.size()));
                    for (int a = 0; a < n; ++a)
                        cube.positions.push_back(static_cast<float>(p[a]));
                }
            } while (std::next_permutation(order.begin(), order.end()));
        }
    return cube;
}

} // namespace

TEST_CASE("the generic slicer cuts 6D to 8D cubes down to the 3D cube", "[eval][slice][nd]") {
    // Up to five cuts in a row, with staircases of up to C(6, 3) = 20 pieces.
    for (const int n : {6, 7, 8}) {
        CAPTURE(n);
        const CubeBoundary cube = cubeBoundary(n);
        eval::SimplexSurface surface;
        surface.dimension = n;
        surface.positions = cube.positions;
        surface.cells = cube.cells;
        // Offsets inside (−1, 1) on every extra axis; a view turned by quarter turns in XV and
        // ZW (exact): the cross-section is still the cube [−1, 1]^3, whatever the offsets.
        eval::View4D view;
        view.offset = 0.3;
        view.zwDegrees = 90.0;
        for (std::size_t a = 0; a + 4 < static_cast<std::size_t>(n); ++a)
            view.beyondW[a].offset = -0.2 + 0.15 * static_cast<double>(a);
        view.beyondW[0].xDegrees = -90.0;
        std::vector<double> offsets;
        for (int a = eval::kFirstExtraAxis; a < n; ++a)
            offsets.push_back(view.extraAxis(a).offset);
        eval::SimplexSlicer slicer;
        eval::SliceOutput output;
        slicer.slice(surface, view.worldToView(n), offsets, output);
        const auto triangles = hyperrig::test::coverageTriangles(output);
        REQUIRE_FALSE(triangles.empty());
        double area = 0.0;
        for (const auto& t : triangles) {
            // Each triangle lies on a face of the cube and faces out of it: its normal is the
            // face's axis, pointing the way the face lies from the centre.
            int axis = -1;
            for (std::size_t c = 0; c < 3; ++c)
                if (std::abs(t.normal[c]) > 0.999)
                    axis = static_cast<int>(c);
            REQUIRE(axis >= 0);
            const auto ua = static_cast<std::size_t>(axis);
            for (const auto& p : t.corners) {
                CHECK(p[ua] * t.normal[ua] == Approx(1.0).margin(1e-6));
                for (std::size_t c = 0; c < 3; ++c)
                    CHECK(std::abs(p[c]) <= 1.0 + 1e-6);
            }
            const std::array<double, 3> u{t.corners[1][0] - t.corners[0][0],
                                          t.corners[1][1] - t.corners[0][1],
                                          t.corners[1][2] - t.corners[0][2]};
            const std::array<double, 3> v{t.corners[2][0] - t.corners[0][0],
                                          t.corners[2][1] - t.corners[0][1],
                                          t.corners[2][2] - t.corners[0][2]};
            const std::array<double, 3> cross{u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
                                              u[0] * v[1] - u[1] * v[0]};
            area +=
                0.5 * std::sqrt(cross[0] * cross[0] + cross[1] * cross[1] + cross[2] * cross[2]);
        }
        CHECK(area == Approx(24.0).epsilon(1e-6)); // six faces of 2 x 2
    }
}
