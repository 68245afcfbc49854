#include "core/ops/influence/InfluenceTools.h"
#include "tests/core/ops/InfluenceTestSupport.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using namespace hyperrig::core;
using hyperrig::test::EditFixture;
using hyperrig::test::executePlan;
using hyperrig::test::giveSkin;
using hyperrig::test::HandSkin;
using hyperrig::test::meshNamed;
using hyperrig::test::refusalOf;
using hyperrig::test::requireInfluences;

// The tiny sample's mesh has 5 vertices and 3 named groups; every test gives it a skin written
// out by hand and checks the result against values worked out by hand.

namespace {

const std::vector<std::string> kNames{"UpperArm", "LowerArm", "Hand"};

} // namespace

TEST_CASE("sort influences orders each vertex strongest first, ties as stored",
          "[ops][influence]") {
    EditFixture f("tiny-4d-mesh.g4tf");
    const model::MeshId mesh = meshNamed(f.document, "TinyMesh");
    const HandSkin sorted{{0, 3, 5, 5, 6, 9},
                          {1, 2, 0, 1, 0, 2, 1, 0, 2},
                          {0.5, 0.3, 0.2, 0.6, 0.4, 1.0, 0.5, 0.25, 0.25},
                          kNames};

    SECTION("unsorted vertices are sorted; undo and redo") {
        giveSkin(f, mesh,
                 {{0, 3, 5, 5, 6, 9},
                  {0, 1, 2, 1, 0, 2, 0, 1, 2},
                  {0.2, 0.5, 0.3, 0.6, 0.4, 1.0, 0.25, 0.5, 0.25},
                  kNames});
        ops::InfluenceReport report;
        executePlan(f, ops::sortInfluences(f.document, mesh, &report));
        CHECK(report.verticesChanged == 2);
        CHECK(f.history.undoName() == "Sort Influences");
        requireInfluences(f.document, mesh, sorted);
        f.requireUndoRedo();
    }
    SECTION("a sorted skin gives an edit that changes nothing") {
        giveSkin(f, mesh, sorted);
        ops::InfluenceReport report;
        report.verticesChanged = 99;
        executePlan(f, ops::sortInfluences(f.document, mesh, &report));
        CHECK(report.verticesChanged == 0);
        CHECK_FALSE(f.history.isModified());
        f.requireUnchanged();
    }
    SECTION("refused: no skin, no mesh, a skin that does not fit, a weight that is not finite") {
        hyperrig::test::setUp(
            f, [&](model::Document& document) { document.mesh(mesh).skin->offsets.pop_back(); });
        CHECK(refusalOf(ops::sortInfluences(f.document, mesh)) ==
              "Sort Influences: mesh 'TinyMesh': the skin does not cover exactly the mesh's 5 "
              "vertices");
        hyperrig::test::setUp(f,
                              [&](model::Document& document) { document.mesh(mesh).skin.reset(); });
        CHECK(refusalOf(ops::sortInfluences(f.document, mesh)) ==
              "Sort Influences: mesh 'TinyMesh': it has no skin");
        CHECK(refusalOf(ops::sortInfluences(f.document, model::MeshId{999})) ==
              "Sort Influences: the mesh does not exist");
        f.requireUnchanged();
    }
    SECTION("refused: a weight that is not a finite number") {
        f.document.mesh(mesh).skin->weights[4] = std::numeric_limits<double>::quiet_NaN();
        CHECK(refusalOf(ops::sortInfluences(f.document, mesh)) ==
              "Sort Influences: mesh 'TinyMesh': vertex 2 has a weight that is not a finite "
              "number");
        CHECK(std::isnan(f.document.mesh(mesh).skin->weights[4]));
        CHECK(f.history.undoCount() == 0);
    }
}

TEST_CASE("normalize weights divides each vertex by its sum when that is positive",
          "[ops][influence]") {
    EditFixture f("tiny-4d-mesh.g4tf");
    const model::MeshId mesh = meshNamed(f.document, "TinyMesh");
    // v0 unsorted, sum 4; v1 sum 2; v2 no influences; v3 sum -0.5; v4 within 1e-6 of 1.
    giveSkin(f, mesh,
             {{0, 2, 4, 4, 6, 8},
              {1, 0, 1, 0, 0, 1, 2, 1},
              {1.0, 3.0, 1.5, 0.5, 0.5, -1.0, 0.5000004, 0.5},
              kNames});
    ops::InfluenceReport report;
    executePlan(f, ops::normalizeWeights(f.document, mesh, &report));
    CHECK(report.verticesChanged == 2);
    CHECK(f.history.undoName() == "Normalize Weights");
    requireInfluences(f.document, mesh,
                      {{0, 2, 4, 4, 6, 8},
                       {0, 1, 1, 0, 0, 1, 2, 1},
                       {0.75, 0.25, 0.75, 0.25, 0.5, -1.0, 0.5000004, 0.5},
                       kNames});

    SECTION("normalising again changes nothing") {
        executePlan(f, ops::normalizeWeights(f.document, mesh, &report));
        CHECK(report.verticesChanged == 0);
        CHECK(f.history.undoCount() == 2);
    }
    SECTION("undo and redo") {
        f.requireUndoRedo();
    }
}

TEST_CASE("limit influences keeps the strongest and renormalises what it cut", "[ops][influence]") {
    EditFixture f("tiny-4d-mesh.g4tf");
    const model::MeshId mesh = meshNamed(f.document, "TinyMesh");
    // v0 loses one of two equal weights (the one stored last); v3 sums to 0 and stays 0.
    giveSkin(f, mesh,
             {{0, 3, 4, 4, 7, 9},
              {0, 1, 2, 1, 2, 1, 0, 1, 0},
              {0.5, 0.25, 0.25, 1.0, 0.0, 0.0, 0.0, 0.6, 0.4},
              kNames});

    SECTION("at most two per vertex; undo and redo") {
        ops::InfluenceReport report;
        executePlan(f, ops::limitInfluences(f.document, mesh, 2, &report));
        CHECK(report.verticesChanged == 2);
        CHECK(report.influencesRemoved == 2);
        requireInfluences(f.document, mesh,
                          {{0, 2, 3, 3, 5, 7},
                           {0, 1, 1, 2, 1, 1, 0},
                           {2.0 / 3.0, 1.0 / 3.0, 1.0, 0.0, 0.0, 0.6, 0.4},
                           kNames});
        f.requireUndoRedo();
    }
    SECTION("a limit every vertex meets changes nothing") {
        ops::InfluenceReport report;
        executePlan(f, ops::limitInfluences(f.document, mesh, 3, &report));
        CHECK(report.verticesChanged == 0);
        CHECK(report.influencesRemoved == 0);
        f.requireUnchanged();
    }
    SECTION("a limit of 0 is refused") {
        CHECK(refusalOf(ops::limitInfluences(f.document, mesh, 0)) ==
              "Limit Influences: mesh 'TinyMesh': a vertex must keep at least 1 influence "
              "(pruneWeights removes influences by weight)");
        f.requireUnchanged();
    }
}

TEST_CASE("prune weights removes weak influences, emptied vertices stay at rest",
          "[ops][influence]") {
    EditFixture f("tiny-4d-mesh.g4tf");
    const model::MeshId mesh = meshNamed(f.document, "TinyMesh");
    // With threshold 0.2: v0 loses 0.125, v1 loses its only influence, v3 keeps its 0.2s.
    giveSkin(f, mesh,
             {{0, 3, 4, 4, 6, 8},
              {0, 1, 2, 1, 2, 0, 0, 1},
              {0.5, 0.25, 0.125, 0.1, 0.2, 0.2, 0.75, 0.25},
              kNames});

    SECTION("without renormalising; undo and redo") {
        ops::InfluenceReport report;
        executePlan(f, ops::pruneWeights(f.document, mesh, 0.2, false, &report));
        CHECK(report.verticesChanged == 2);
        CHECK(report.influencesRemoved == 2);
        CHECK(report.verticesEmptied == 1);
        CHECK(f.history.undoName() == "Prune Weights");
        requireInfluences(
            f.document, mesh,
            {{0, 2, 2, 2, 4, 6}, {0, 1, 2, 0, 0, 1}, {0.5, 0.25, 0.2, 0.2, 0.75, 0.25}, kNames});
        f.requireUndoRedo();
    }
    SECTION("renormalising the vertices that lost influences") {
        executePlan(f, ops::pruneWeights(f.document, mesh, 0.2, true));
        requireInfluences(f.document, mesh,
                          {{0, 2, 2, 2, 4, 6},
                           {0, 1, 2, 0, 0, 1},
                           {2.0 / 3.0, 1.0 / 3.0, 0.2, 0.2, 0.75, 0.25},
                           kNames});
        f.requireUndoRedo();
    }
    SECTION("a vertex left without influences deforms as the rest pose") {
        executePlan(f, ops::pruneWeights(f.document, mesh, 0.2, false));
        const auto rest = hyperrig::test::worldPositions(f.document, eval::Pose{});
        const auto posed =
            hyperrig::test::worldPositions(f.document, hyperrig::test::randomPose(f.document, 7));
        bool moved = false; // vertex 0 keeps influences, so the pose moves it
        for (std::size_t axis = 0; axis < 4; ++axis) {
            CHECK(posed[4 + axis] == rest[4 + axis]); // vertex 1
            moved = moved || posed[axis] != rest[axis];
        }
        CHECK(moved);
    }
    SECTION("a threshold that is not a finite number is refused") {
        CHECK(refusalOf(ops::pruneWeights(f.document, mesh, std::numeric_limits<double>::infinity(),
                                          false)) ==
              "Prune Weights: mesh 'TinyMesh': the threshold must be a finite number");
        f.requireUnchanged();
    }
}
