#include "core/edit/commands/MeshDataCommands.h"
#include "core/edit/commands/NodeCommands.h"
#include "tests/core/edit/DataTestSupport.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <limits>

using namespace hyperrig::core;
using hyperrig::test::EditFixture;
using hyperrig::test::meshNamed;
using hyperrig::test::nodeNamed;

TEST_CASE("replace skin swaps the whole skin and checks the G4MF rules", "[edit][mesh]") {
    EditFixture f("creature-4d.g4tf");
    const model::MeshId clothing = meshNamed(f.document, "ClothingMesh");
    model::Skin skin = *f.document.mesh(clothing).skin;

    SECTION("a valid skin replaces the old one; undo and redo") {
        std::reverse(skin.groupNames->begin(), skin.groupNames->end());
        REQUIRE(f.execute(edit::replaceSkin(clothing, skin)).ok());
        CHECK(f.document.mesh(clothing).skin == skin);
        f.requireUndoRedo();
    }
    SECTION("ascending weights are refused") {
        std::size_t vertex = 0;
        while (skin.offsets[vertex + 1] - skin.offsets[vertex] < 2)
            ++vertex;
        std::swap(skin.weights[skin.offsets[vertex]], skin.weights[skin.offsets[vertex] + 1]);
        auto refused = f.execute(edit::replaceSkin(clothing, skin));
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error().message() ==
              "Replace Skin: mesh 'ClothingMesh': the weights of vertex " + std::to_string(vertex) +
                  " are not in descending order");
        f.requireUnchanged();
    }
    SECTION("weights that are not finite numbers are refused, named by vertex") {
        const std::size_t vertex = skin.vertexCount() / 2;
        for (const double bad :
             {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
              -std::numeric_limits<double>::infinity()}) {
            model::Skin broken = skin;
            broken.weights[broken.offsets[vertex]] = bad;
            auto refused = f.execute(edit::replaceSkin(clothing, broken));
            REQUIRE_FALSE(refused.ok());
            CHECK(refused.error().message() == "Replace Skin: mesh 'ClothingMesh': vertex " +
                                                   std::to_string(vertex) +
                                                   " has a weight that is not a finite number");
        }
        f.requireUnchanged();
    }
    SECTION("vertex offsets that go backwards are refused") {
        const std::size_t vertex = 3;
        REQUIRE(skin.offsets[vertex + 1] > skin.offsets[vertex]);
        skin.offsets[vertex + 1] = skin.offsets[vertex] - 1;
        auto refused = f.execute(edit::replaceSkin(clothing, skin));
        REQUIRE_FALSE(refused.ok());
        CHECK_THAT(refused.error().message(),
                   Catch::EndsWith("the skin's vertex offsets go backwards at vertex " +
                                   std::to_string(vertex)));
        f.requireUnchanged();
    }
    SECTION("duplicate names and a wrong vertex count are refused") {
        (*skin.groupNames)[1] = (*skin.groupNames)[0];
        CHECK_THAT(f.execute(edit::replaceSkin(clothing, skin)).error().message(),
                   Catch::EndsWith("is used twice"));
        skin.groupNames.reset();
        skin.offsets.push_back(skin.offsets.back());
        CHECK_THAT(f.execute(edit::replaceSkin(clothing, skin)).error().message(),
                   Catch::Contains("must cover exactly the mesh's"));
        f.requireUnchanged();
    }
}

TEST_CASE("remove mesh is refused while a node shows it", "[edit][mesh]") {
    EditFixture f("creature-4d.g4tf");
    const model::MeshId clothing = meshNamed(f.document, "ClothingMesh");
    auto refused = f.execute(edit::removeMesh(clothing));
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message() ==
          "Remove Mesh: node 'Clothing' still shows mesh 'ClothingMesh'");
    f.requireUnchanged();

    REQUIRE(f.execute(edit::deleteNode(nodeNamed(f.document, "Clothing"))).ok());
    REQUIRE(f.execute(edit::removeMesh(clothing)).ok());
    CHECK_FALSE(f.document.meshes.find(clothing));
    f.requireUndoRedo();
}

TEST_CASE("replace mesh data swaps vertices, surfaces and skin together", "[edit][mesh]") {
    EditFixture f("creature-4d.g4tf");
    const model::MeshId clothing = meshNamed(f.document, "ClothingMesh");
    const model::Mesh& mesh = f.document.mesh(clothing);
    edit::MeshData data{mesh.vertices, mesh.surfaces, mesh.skin, mesh.extra};
    data.vertices.values.resize(data.vertices.values.size() - 4); // one vertex fewer
    auto refused = f.execute(edit::replaceMeshData(clothing, data));
    REQUIRE_FALSE(refused.ok()); // the surfaces and skin still use the last vertex
    f.requireUnchanged();

    edit::MeshData moved{mesh.vertices, mesh.surfaces, mesh.skin, mesh.extra};
    for (double& value : moved.vertices.values)
        value += 1.0;
    REQUIRE(f.execute(edit::replaceMeshData(clothing, moved)).ok());
    CHECK(f.document.mesh(clothing).vertices.values == moved.vertices.values);
    f.requireUndoRedo();
}

TEST_CASE("skin weight order counts faults per vertex, not across vertices", "[edit][mesh]") {
    model::Skin skin;
    // v0: 0.5 0.25 (descending)  v1: empty  v2: 0.75 0.5 (greater than v0's last: not a rise)
    // v3: 0.25 0.5 (a rise)      v4: 1 NaN inf (two not finite; NaN compares as no rise)
    skin.offsets = {0, 2, 2, 4, 6, 9};
    skin.weights = {0.5,
                    0.25,
                    0.75,
                    0.5,
                    0.25,
                    0.5,
                    1.0,
                    std::numeric_limits<double>::quiet_NaN(),
                    std::numeric_limits<double>::infinity()};
    skin.groups.assign(skin.weights.size(), 0);
    model::SkinWeightOrder order = model::skinWeightOrder(skin);
    CHECK(order.backwardVertices == 0);
    CHECK(order.notFinite == 2);
    CHECK(order.rising == 1);

    // Offsets going back (v1 ends before it starts) or past the weights are counted, and the
    // weights of such vertices are not read.
    skin.offsets = {0, 4, 2, 9, 6, 12};
    order = model::skinWeightOrder(skin);
    CHECK(order.backwardVertices == 3); // v1 (4 -> 2), v3 (9 -> 6), v4 (past the 9 weights)

    model::Skin empty;
    empty.offsets = {0};
    order = model::skinWeightOrder(empty);
    CHECK((order.backwardVertices == 0 && order.notFinite == 0 && order.rising == 0));
}

TEST_CASE("the skin check finds a fault in any part of a skin split over threads", "[edit][mesh]") {
    // 400,000 vertices of 2 influences: several blocks of 65,536 vertices in the pooled pass.
    // Faults at the first vertex and on both sides of the first block edge.
    model::Skin skin;
    const std::size_t vertices = 400'000;
    for (std::size_t v = 0; v <= vertices; ++v)
        skin.offsets.push_back(static_cast<std::uint32_t>(2 * v));
    skin.groups.assign(2 * vertices, 0);
    skin.weights.resize(2 * vertices);
    for (std::size_t v = 0; v < vertices; ++v) {
        skin.weights[2 * v] = 0.75;
        skin.weights[2 * v + 1] = 0.25;
    }
    CHECK(edit::checkSkin(skin, vertices).ok());
    const std::size_t blockEdge = std::size_t{1} << 16U;
    for (const std::size_t vertex :
         {std::size_t{0}, blockEdge - 1, blockEdge, vertices / 2, vertices - 1}) {
        INFO("vertex " << vertex);
        model::Skin broken = skin;
        std::swap(broken.weights[2 * vertex], broken.weights[2 * vertex + 1]);
        auto refused = edit::checkSkin(broken, vertices);
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error().message() ==
              "the weights of vertex " + std::to_string(vertex) + " are not in descending order");
    }

    // One fault of each kind, around the block edge, in a skin of equal weights (so the vertex
    // after the backward one, which starts a weight early, adds no fault): a rise in the last
    // vertex before the edge, a NaN in the first after it, vertex edge+10's offsets backwards.
    // The counts of the vertices split at the edge add up to the whole's, 1 each.
    model::Skin broken = skin;
    std::fill(broken.weights.begin(), broken.weights.end(), 0.5);
    broken.weights[2 * (blockEdge - 1)] = 0.25;
    broken.weights[2 * (blockEdge - 1) + 1] = 0.75;
    broken.weights[2 * blockEdge + 1] = std::numeric_limits<double>::quiet_NaN();
    broken.offsets[blockEdge + 11] = broken.offsets[blockEdge + 10] - 1;
    const model::SkinWeightOrder whole = model::skinWeightOrder(broken);
    CHECK(whole.rising == 1);
    CHECK(whole.notFinite == 1);
    CHECK(whole.backwardVertices == 1);
    model::SkinWeightOrder split = model::skinWeightOrder(broken, 0, blockEdge);
    CHECK((split.rising == 1 && split.notFinite == 0 && split.backwardVertices == 0));
    split += model::skinWeightOrder(broken, blockEdge, vertices);
    CHECK(split.rising == whole.rising);
    CHECK(split.notFinite == whole.notFinite);
    CHECK(split.backwardVertices == whole.backwardVertices);
    CHECK_FALSE(edit::checkSkin(broken, vertices).ok());
}

TEST_CASE("the skin check names offsets that run past the weights before coming back",
          "[edit][mesh]") {
    // Vertex 0 ends at 100 of 2 influences and vertex 1 comes back to 2: the last offset matches
    // the weights, so only the walk can name the fault, and it must not read past the weights.
    model::Skin skin;
    skin.offsets = {0, 100, 2};
    skin.groups = {0, 0};
    skin.weights = {0.5, 0.5};
    auto refused = edit::checkSkin(skin, 2);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message() ==
          "the skin's vertex offsets go past its 2 influences at vertex 0");
}
