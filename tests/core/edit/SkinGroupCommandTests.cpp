#include "core/edit/commands/DataCommands.h"
#include "tests/core/edit/DataTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using hyperrig::test::EditFixture;
using hyperrig::test::meshNamed;

namespace {

std::vector<std::string> names(const model::Document& document, model::MeshId mesh) {
    return document.mesh(mesh).skin->groupNames.value_or(std::vector<std::string>{});
}

} // namespace

TEST_CASE("rename group keeps group names unique and non-empty", "[edit][skin]") {
    EditFixture f("creature-4d.g4tf");
    const model::MeshId body = meshNamed(f.document, "BodyMesh");

    SECTION("a rename changes one name and reports the skin") {
        edit::ChangeSet seen;
        f.history.addListener([&](const edit::ChangeSet& changes) { seen = changes; });
        REQUIRE(f.execute(edit::renameGroup(body, 3, "Collar")).ok());
        CHECK(names(f.document, body)[3] == "Collar");
        CHECK(names(f.document, body)[2] == "Chest");
        CHECK(seen.skinsChanged == std::vector<model::MeshId>{body});
        CHECK(f.history.undoName() == "Rename Group");
        f.requireUndoRedo();
    }
    SECTION("a taken name is refused with the group that has it") {
        auto refused = f.execute(edit::renameGroup(body, 3, "LeftUpperArm"));
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error().message() ==
              "Rename Group: 'LeftUpperArm' is already group 5 of mesh 'BodyMesh'");
        CHECK(f.history.undoCount() == 0);
        f.requireUnchanged();
    }
    SECTION("empty names, forbidden characters and missing groups are refused") {
        auto empty = f.execute(edit::renameGroup(body, 3, ""));
        REQUIRE_FALSE(empty.ok());
        CHECK(empty.error().message() == "Rename Group: group names must not be empty");
        auto dotted = f.execute(edit::renameGroup(body, 3, "Left.Arm"));
        REQUIRE_FALSE(dotted.ok());
        CHECK_THAT(dotted.error().message(), Catch::Contains("'.'"));
        auto missing = f.execute(edit::renameGroup(body, 40, "Extra"));
        REQUIRE_FALSE(missing.ok());
        CHECK(missing.error().message() ==
              "Rename Group: mesh 'BodyMesh' has 28 groups; there is no group 40");
        f.requireUnchanged();
    }
    SECTION("a mesh without a skin is refused") {
        f.document.mesh(body).skin.reset();
        f.pristine.mesh(f.pristine.meshes.order()[0]).skin.reset();
        f.pristineBytes = hyperrig::test::savedText(f.document);
        auto refused = f.execute(edit::renameGroup(body, 0, "Root"));
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error().message() == "Rename Group: mesh 'BodyMesh' has no skin");
        f.requireUnchanged();
    }
    SECTION("renaming a group to its own name is allowed and changes nothing") {
        REQUIRE(f.execute(edit::renameGroup(body, 0, "Hips")).ok());
        f.requireUnchanged();
    }
}

TEST_CASE("rename group infers the names of a skin without them", "[edit][skin]") {
    EditFixture f("tiny-4d-mesh.g4tf");
    const model::MeshId mesh = meshNamed(f.document, "TinyMesh");
    f.document.mesh(mesh).skin->groupNames.reset();
    f.pristine.mesh(f.pristine.meshes.order()[0]).skin->groupNames.reset();
    f.pristineBytes = hyperrig::test::savedText(f.document);

    SECTION("names come from the joints, then the rename applies") {
        REQUIRE(f.execute(edit::renameGroup(mesh, 1, "Elbow")).ok());
        CHECK(names(f.document, mesh) == std::vector<std::string>{"UpperArm", "Elbow", "Hand"});
        SECTION("undo and redo") {
            f.requireUndoRedo();
            CHECK(names(f.document, mesh) == std::vector<std::string>{"UpperArm", "Elbow", "Hand"});
            f.history.undo();
            CHECK_FALSE(f.document.mesh(mesh).skin->groupNames.has_value());
        }
    }
    SECTION("an inferred name counts as taken") {
        auto refused = f.execute(edit::renameGroup(mesh, 0, "Hand"));
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error().message() ==
              "Rename Group: 'Hand' is already group 2 of mesh 'TinyMesh'");
        f.requireUnchanged();
    }
}

TEST_CASE("rename group past the named groups names the ones between", "[edit][skin]") {
    EditFixture f("tiny-4d-mesh.g4tf");
    const model::MeshId mesh = meshNamed(f.document, "TinyMesh");
    f.document.mesh(mesh).skin->groupNames = std::vector<std::string>{"Upper"};
    f.pristine.mesh(f.pristine.meshes.order()[0]).skin->groupNames =
        std::vector<std::string>{"Upper"};
    f.pristineBytes = hyperrig::test::savedText(f.document);

    REQUIRE(f.execute(edit::renameGroup(mesh, 2, "Palm")).ok());
    CHECK(names(f.document, mesh) == std::vector<std::string>{"Upper", "LowerArm", "Palm"});
    SECTION("undo and redo") {
        f.requireUndoRedo();
        f.history.undo();
        CHECK(names(f.document, mesh) == std::vector<std::string>{"Upper"});
    }
}

TEST_CASE("inferred group names stay unique when joints repeat a bone", "[edit][skin]") {
    EditFixture f("creature-4d.g4tf");
    const model::MeshId body = meshNamed(f.document, "BodyMesh");
    f.document.mesh(body).skin->groupNames.reset();
    REQUIRE(f.execute(edit::renameGroup(body, 0, "Pelvis")).ok());
    const auto inferred = names(f.document, body);
    REQUIRE(inferred.size() == 28); // the skeleton's joints slots
    CHECK(inferred[0] == "Pelvis");
    CHECK(inferred[1] == "Spine");
    CHECK(inferred[24] == "Group24"); // slot 24 repeats Spine
    CHECK(inferred[27] == "Group27");
}

TEST_CASE("renumber groups permutes influences and names", "[edit][skin]") {
    EditFixture f("tiny-4d-mesh.g4tf");
    const model::MeshId mesh = meshNamed(f.document, "TinyMesh");
    const std::vector<std::uint32_t> before = f.document.mesh(mesh).skin->groups;

    SECTION("group g becomes newIndex[g]") {
        REQUIRE(f.execute(edit::renumberGroups(mesh, {2, 0, 1})).ok());
        const model::Skin& skin = *f.document.mesh(mesh).skin;
        const std::vector<std::uint32_t> mapping{2, 0, 1};
        for (std::size_t e = 0; e < before.size(); ++e)
            CHECK(skin.groups[e] == mapping[before[e]]);
        CHECK(*skin.groupNames == std::vector<std::string>{"LowerArm", "Hand", "UpperArm"});
        CHECK(f.history.undoName() == "Renumber Groups");
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("what is not a permutation of the groups is refused") {
        auto twice = f.execute(edit::renumberGroups(mesh, {0, 0, 1}));
        REQUIRE_FALSE(twice.ok());
        CHECK(twice.error().message() ==
              "Renumber Groups: groups 0 and 1 would both become group 0");
        auto past = f.execute(edit::renumberGroups(mesh, {0, 1, 3}));
        REQUIRE_FALSE(past.ok());
        CHECK(past.error().message() ==
              "Renumber Groups: group 2 would become group 3, past the last group 2");
        auto shortList = f.execute(edit::renumberGroups(mesh, {1, 0}));
        REQUIRE_FALSE(shortList.ok());
        CHECK_THAT(shortList.error().message(), Catch::Contains("uses groups up to 2"));
        f.requireUnchanged();
    }
    SECTION("a group index past the stored type widens it, and undo narrows it again") {
        model::Skin& skin = *f.document.mesh(mesh).skin;
        skin.groupIndexType = model::ComponentType::Uint8;
        std::vector<std::string> many;
        for (int g = 0; g < 300; ++g)
            many.push_back("G" + std::to_string(g));
        skin.groupNames = many;
        const std::string narrow = hyperrig::test::savedText(f.document);
        std::vector<std::uint32_t> newIndex(300);
        for (std::uint32_t g = 0; g < 300; ++g)
            newIndex[g] = 299 - g;
        REQUIRE(f.execute(edit::renumberGroups(mesh, newIndex)).ok());
        CHECK(skin.groupIndexType == model::ComponentType::Uint16);
        CHECK(skin.groups[0] == 299 - before[0]);
        CHECK((*skin.groupNames)[299] == "G0");
        f.history.undo();
        CHECK(skin.groupIndexType == model::ComponentType::Uint8);
        CHECK(hyperrig::test::savedText(f.document) == narrow);
    }
}

TEST_CASE("reorder group moves one group and shifts the ones between", "[edit][skin]") {
    EditFixture f("tiny-4d-mesh.g4tf");
    const model::MeshId mesh = meshNamed(f.document, "TinyMesh");

    SECTION("forwards and backwards") {
        REQUIRE(f.execute(edit::reorderGroup(mesh, 0, 2)).ok());
        CHECK(*f.document.mesh(mesh).skin->groupNames ==
              std::vector<std::string>{"LowerArm", "Hand", "UpperArm"});
        REQUIRE(f.execute(edit::reorderGroup(mesh, 2, 1)).ok());
        CHECK(*f.document.mesh(mesh).skin->groupNames ==
              std::vector<std::string>{"LowerArm", "UpperArm", "Hand"});
        CHECK(f.history.undoName() == "Reorder Group");
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("a missing group is refused") {
        auto refused = f.execute(edit::reorderGroup(mesh, 0, 3));
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error().message() ==
              "Reorder Group: mesh 'TinyMesh' has 3 groups; there is no group 3");
        f.requireUnchanged();
    }
}
