#include "core/ops/influence/InfluenceTools.h"
#include "tests/core/ops/InfluenceTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using hyperrig::test::EditFixture;
using hyperrig::test::executePlan;
using hyperrig::test::meshNamed;
using hyperrig::test::nodeNamed;
using hyperrig::test::refusalOf;
using hyperrig::test::setUp;

namespace {

std::optional<std::vector<std::string>> namesOf(const EditFixture& f, model::MeshId mesh) {
    return f.document.mesh(mesh).skin->groupNames;
}

} // namespace

TEST_CASE("infer group names takes the bone names of the joints", "[ops][influence]") {
    EditFixture f("tiny-4d-mesh.g4tf");
    const model::MeshId mesh = meshNamed(f.document, "TinyMesh");
    setUp(f, [&](model::Document& document) { document.mesh(mesh).skin->groupNames.reset(); });

    SECTION("one name per joints slot; undo and redo") {
        ops::InfluenceReport report;
        executePlan(f, ops::inferGroupNames(f.document, mesh, &report));
        CHECK(report.groupsNamed == 3);
        CHECK(f.history.undoName() == "Infer Group Names");
        CHECK(namesOf(f, mesh) == std::vector<std::string>{"UpperArm", "LowerArm", "Hand"});
        f.requireUndoRedo();
    }
    SECTION("an empty slot, groups past the joints and a taken name get Group<i>") {
        setUp(f, [&](model::Document& document) {
            document.node(nodeNamed(document, "ArmRig")).skeleton()->joints[1] = std::nullopt;
            document.node(nodeNamed(document, "Hand")).name = "Group3";
            model::Skin& skin = *document.mesh(mesh).skin;
            skin.groups.back() = 4; // vertex 4's weakest influence: group 4, past the 3 slots
        });
        ops::InfluenceReport report;
        executePlan(f, ops::inferGroupNames(f.document, mesh, &report));
        CHECK(report.groupsNamed == 5);
        CHECK(namesOf(f, mesh) ==
              std::vector<std::string>{"UpperArm", "Group1", "Group3", "Group3_2", "Group4"});
        f.requireUndoRedo();
    }
    SECTION("an empty groupNames list counts as no names") {
        setUp(f, [&](model::Document& document) {
            document.mesh(mesh).skin->groupNames = std::vector<std::string>{};
        });
        executePlan(f, ops::inferGroupNames(f.document, mesh));
        CHECK(namesOf(f, mesh) == std::vector<std::string>{"UpperArm", "LowerArm", "Hand"});
        f.requireUndoRedo();
    }
    SECTION("unsorted weights do not stop naming") {
        setUp(f, [&](model::Document& document) {
            std::swap(document.mesh(mesh).skin->weights[7], document.mesh(mesh).skin->weights[8]);
        });
        executePlan(f, ops::inferGroupNames(f.document, mesh));
        CHECK(namesOf(f, mesh)->size() == 3);
        f.requireUndoRedo();
    }
}

TEST_CASE("infer group names is refused for named and unbound skins", "[ops][influence]") {
    EditFixture f("tiny-4d-mesh.g4tf");
    const model::MeshId mesh = meshNamed(f.document, "TinyMesh");

    SECTION("the skin already has names") {
        CHECK(refusalOf(ops::inferGroupNames(f.document, mesh)) ==
              "Infer Group Names: mesh 'TinyMesh': the skin already has group names; rename "
              "groups one by one instead");
    }
    SECTION("the mesh node is not a direct child of a skeleton") {
        setUp(f, [&](model::Document& document) {
            document.mesh(mesh).skin->groupNames.reset();
            hyperrig::test::moveToRoot(document, "TinySkin");
        });
        CHECK(refusalOf(ops::inferGroupNames(f.document, mesh)) ==
              "Infer Group Names: mesh 'TinyMesh': no node showing it is a direct child of a "
              "skeleton node, so there are no joints to take bone names from");
    }
    SECTION("the mesh has no skin") {
        setUp(f, [&](model::Document& document) { document.mesh(mesh).skin.reset(); });
        CHECK(refusalOf(ops::inferGroupNames(f.document, mesh)) ==
              "Infer Group Names: mesh 'TinyMesh': it has no skin");
    }
    f.requireUnchanged();
    CHECK(f.history.undoCount() == 0);
}
