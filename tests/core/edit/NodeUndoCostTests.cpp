#include "core/edit/commands/NodeCommands.h"
#include "tests/core/edit/NodeTestSupport.h"

#include <catch2/catch.hpp>
#include <string>

using namespace hyperrig;
using namespace hyperrig::core;

namespace {

constexpr std::size_t kVertexCount = 1'000'000; // 4 million numbers
constexpr std::size_t kBoneCount = 200;

model::NodeId appendNode(model::Document& document, model::NodeId parent, std::string name,
                         model::Component component = {}) {
    auto node = std::make_unique<model::Node>();
    node->id = document.nodes.allocateId();
    node->name = std::move(name);
    node->parent = parent;
    node->component = std::move(component);
    const model::NodeId id = node->id;
    document.nodes.append(std::move(node));
    if (parent)
        document.node(parent).children.push_back(id);
    return id;
}

// A 4D document whose weight is one big mesh: Scene ── Body (the mesh), Rig ── 200 bones.
model::Document bigDocument() {
    model::Document document;
    document.asset.dimension = 4;
    auto mesh = std::make_unique<model::Mesh>();
    mesh->id = document.meshes.allocateId();
    mesh->name = "BodyMesh";
    mesh->vertices.vectorSize = 4;
    mesh->vertices.values.assign(kVertexCount * 4, 0.5);
    const model::MeshId meshId = mesh->id;
    document.meshes.append(std::move(mesh));

    const model::NodeId scene = appendNode(document, {}, "Scene");
    appendNode(document, scene, "Body",
               model::MeshInstance{meshId, model::OrderedJson::object(), std::nullopt});
    model::Skeleton skeleton;
    skeleton.extra = model::OrderedJson::object();
    const model::NodeId rig = appendNode(document, scene, "Rig", skeleton);
    model::NodeId parent = rig;
    for (std::size_t i = 0; i < kBoneCount; ++i) {
        model::Bone bone;
        bone.length = 0.1;
        bone.extra = model::OrderedJson::object();
        parent = appendNode(document, parent, "Bone" + std::to_string(i), bone);
    }
    return document;
}

std::size_t meshBytes(const model::Document& document) {
    return document.mesh(document.meshes.order().front()).vertices.values.size() * sizeof(double);
}

} // namespace

TEST_CASE("node edits keep undo data proportional to the edit, not the document",
          "[edit][undo-cost]") {
    test::NodeEditFixture f(bigDocument());
    const model::NodeId body = f.node("Body");
    const model::NodeId rig = f.node("Rig");
    REQUIRE(meshBytes(f.document()) >= 4'000'000 * sizeof(float));

    SECTION("a transform edit on a million-vertex document keeps less than 1 KB") {
        model::NodeTransform moved;
        moved.position = {0, 1, 0, 0};
        REQUIRE(f.execute(edit::setTransform(body, moved)).ok());
        CHECK(f.history().undoBytes() < 1024);
    }
    SECTION("deleting a big subtree costs the moved nodes, not the mesh") {
        REQUIRE(f.execute(edit::deleteNode(rig)).ok());
        const std::size_t bytes = f.history().undoBytes();
        CHECK(bytes >= (kBoneCount + 1) * sizeof(model::Node));
        CHECK(bytes < (kBoneCount + 1) * 1024);
        CHECK(bytes * 100 < meshBytes(f.document()));
        CHECK(f.document().meshes.size() == 1);
    }
    SECTION("undo and redo") {
        const auto before = test::nodeSnapshot(f.document());
        REQUIRE(f.execute(edit::deleteNode(rig)).ok());
        const auto after = test::nodeSnapshot(f.document());
        CHECK(after.size() == 2);
        f.history().undo();
        CHECK(test::snapshotDifference(test::nodeSnapshot(f.document()), before) == std::nullopt);
        f.history().redo();
        CHECK(test::snapshotDifference(test::nodeSnapshot(f.document()), after) == std::nullopt);
    }
}
