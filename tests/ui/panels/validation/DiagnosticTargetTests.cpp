#include "core/io/g4mf/G4mfReader.h"
#include "ui/panels/validation/DiagnosticTarget.h"
#include "ui/panels/validation/ValidationFix.h"

#include <catch2/catch.hpp>
#include <memory>

using namespace hyperrig;
using core::model::NodeId;

namespace {

// bone.parent.g4tf: Scene, Rig (skeleton), Upper, Lower (bones), Body (instances mesh 0,
// "BodyMesh"), Stray (a bone under the scene root).
core::model::Document readFixture() {
    auto read = core::io::readG4mf(HYPERRIG_SOURCE_DIR "/tests/fixtures/validate/bone.parent.g4tf");
    REQUIRE(read.ok());
    return std::move(read->document);
}

NodeId nodeAt(const core::model::Document& document, std::size_t index) {
    return document.nodes.order().at(index);
}

} // namespace

TEST_CASE("diagnostic pointers resolve to the item a click selects", "[ui][validation]") {
    core::model::Document document = readFixture();

    SECTION("a node pointer names the node at that index in document order") {
        const ui::DiagnosticTarget target = ui::resolveDiagnosticPointer(document, "/nodes/5");
        CHECK(target.node == nodeAt(document, 5));
        CHECK(target.selectable == nodeAt(document, 5));
        CHECK(target.label == "bone 'Stray'");
        const auto joints = ui::resolveDiagnosticPointer(document, "/nodes/1/skeleton/joints/0");
        CHECK(joints.selectable == nodeAt(document, 1));
        CHECK(joints.label == "skeleton 'Rig'");
        CHECK(ui::resolveDiagnosticPointer(document, "/nodes/4/mesh").label == "mesh node 'Body'");
        CHECK(ui::resolveDiagnosticPointer(document, "/nodes/0/name").label == "node 'Scene'");
    }
    SECTION("a mesh or skin pointer selects the first node instancing the mesh") {
        const auto skin = ui::resolveDiagnosticPointer(document, "/meshes/0/skin/weights");
        CHECK(skin.mesh == document.meshes.order().at(0));
        CHECK(skin.skin);
        CHECK(skin.selectable == nodeAt(document, 4));
        CHECK(skin.label == "skin of mesh 'BodyMesh'");
        const auto mesh = ui::resolveDiagnosticPointer(document, "/meshes/0/surfaces/0");
        CHECK_FALSE(mesh.skin);
        CHECK(mesh.selectable == nodeAt(document, 4));
        CHECK(mesh.label == "mesh 'BodyMesh'");
    }
    SECTION("a shape pointer selects the first bone using the shape") {
        auto shape = std::make_unique<core::model::Shape>();
        shape->id = document.shapes.allocateId();
        const core::model::ShapeId id = shape->id;
        document.shapes.append(std::move(shape));
        document.node(nodeAt(document, 3)).bone()->shape = id;
        const auto target = ui::resolveDiagnosticPointer(document, "/shapes/0");
        CHECK(target.shape == id);
        CHECK(target.selectable == nodeAt(document, 3));
        CHECK(target.label == "shape #0");
    }
    SECTION("other pointers and malformed ones name no item") {
        for (const char* pointer :
             {"", "/", "/asset/dimension", "/accessors/0", "/nodes", "/nodes/6", "/nodes/05",
              "/nodes/-1", "/nodes/x", "/nodes/99999999999999999999999", "nodes/1", "/meshes/1"}) {
            INFO(pointer);
            const auto target = ui::resolveDiagnosticPointer(document, pointer);
            CHECK_FALSE(target.selectable);
            CHECK_FALSE(target.mesh);
            CHECK(target.label.empty());
        }
    }
}

TEST_CASE("only unambiguous rules offer a fix, on the mesh they name", "[ui][validation]") {
    CHECK(ui::fixForRule("skin.weights.sum") == ui::ValidationFix::NormalizeWeights);
    CHECK(ui::fixForRule("bone.parent") == ui::ValidationFix::None);
    CHECK(ui::fixForRule("skin.weights.order") == ui::ValidationFix::None);
    core::Diagnostic diagnostic{core::Diagnostic::Severity::Warning, "skin.weights.sum",
                                "/meshes/0/skin/weights", "weights do not add up to 1"};
    ui::DiagnosticTarget target;
    CHECK(ui::fixFor(diagnostic, target) == ui::ValidationFix::None);
    target.mesh = core::model::MeshId{1};
    CHECK(ui::fixFor(diagnostic, target) == ui::ValidationFix::NormalizeWeights);
    CHECK(ui::fixName(ui::ValidationFix::NormalizeWeights) == "Normalize Weights");
}
