#include "core/edit/commands/MeshDataCommands.h"
#include "core/edit/commands/NodeCommands.h"
#include "tests/core/edit/DataTestSupport.h"

#include <catch2/catch.hpp>

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
