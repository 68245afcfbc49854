#include "core/edit/commands/DataCommands.h"
#include "core/edit/commands/NodeCommands.h"
#include "core/model/DocumentEquality.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/panels/PanelTestSupport.h"
#include "ui/meshes/GroupMappingTable.h"
#include "ui/meshes/MergeMeshesDialog.h"
#include "ui/meshes/MeshActions.h"
#include "ui/meshes/ParentMeshDialog.h"
#include "ui/session/EditorSession.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>

#include <catch2/catch.hpp>

using namespace hyperrig;
using core::model::NodeId;
using hyperrig::test::child;
using hyperrig::test::creatureFromDisk;
using hyperrig::test::sampleFile;

namespace {

struct MeshDialogFixture {
    ui::EditorSession session;
    MeshDialogFixture() { REQUIRE(session.openFile(sampleFile("creature-4d.g4tf")).ok()); }
    NodeId node(const char* name) const { return session.document().findNode(name); }
    std::size_t vertexCount(const char* name) const {
        const auto& document = session.document();
        return document.meshes.at(document.node(node(name)).meshInstance()->mesh).vertexCount();
    }
    std::size_t steps() const { return session.history().undoCount(); }
};

QStringList column(const ui::GroupMappingTable& table, int index) {
    QStringList cells;
    for (int row = 0; row < table.rowCount(); ++row)
        cells << table.item(row, index)->text();
    return cells;
}

} // namespace

TEST_CASE("the merge dialog shows the mapping and merges as one undo step", "[ui][meshes]") {
    MeshDialogFixture f;
    // The sample's Clothing names its groups apart (ClothingSpine in slot 24, driven by Spine;
    // its unused group 1 is "Spine"). With group 1 renamed away and ClothingSpine named "Spine"
    // like Body's group 1, driven by the same bone, by-name merges the two.
    const auto clothingMesh = f.session.document().node(f.node("Clothing")).meshInstance()->mesh;
    REQUIRE(f.session.execute(core::edit::renameGroup(clothingMesh, 1, "SpineUnused")).ok());
    REQUIRE(f.session.execute(core::edit::renameGroup(clothingMesh, 24, "Spine")).ok());
    const std::size_t bodyVertices = f.vertexCount("Body");
    const std::size_t clothingVertices = f.vertexCount("Clothing");
    f.session.select({f.node("CreatureRig")});
    ui::MergeMeshesDialog dialog(f.session);
    // Both skinned meshes of the selected skeleton start checked, labelled with their names.
    auto* body = child<QCheckBox>(dialog, "mergeMesh_Body");
    auto* clothing = child<QCheckBox>(dialog, "mergeMesh_Clothing");
    CHECK(body->text() == "Body");
    CHECK(body->isChecked());
    CHECK(clothing->isChecked());
    auto* mode = child<QComboBox>(dialog, "mergeMode");
    CHECK(mode->accessibleName() == "Mode");
    CHECK(mode->currentText() == "By name");
    auto* table = child<ui::GroupMappingTable>(dialog, "mergeMapping");
    REQUIRE(table->rowCount() > 0);
    const QStringList meshes = column(*table, 0);
    CHECK(meshes.contains("Body"));
    CHECK(meshes.contains("Clothing"));
    // By name, Clothing's Spine converges with Body's: both rows say so, at index 1.
    const QStringList results = column(*table, 4);
    const QStringList groups = column(*table, 1);
    const QStringList newGroups = column(*table, 2);
    const auto clothingSpine = groups.indexOf("24 Spine");
    REQUIRE(clothingSpine >= 0);
    CHECK(results[clothingSpine] == "merged");
    CHECK(newGroups[clothingSpine] == "1 Spine");
    CHECK(results[groups.indexOf("1 Spine")] == "merged");
    CHECK(results[groups.indexOf("0 Hips")] == "kept");
    auto* merge = child<QPushButton>(dialog, "mergeButton");
    CHECK(merge->text() == "Merge");
    CHECK(merge->isEnabled());

    SECTION("one mesh is refused with the reason, and nothing changes") {
        clothing->setChecked(false);
        CHECK_FALSE(merge->isEnabled());
        CHECK_FALSE(child<QLabel>(dialog, "mergeProblem")->text().isEmpty());
        CHECK(table->rowCount() == 0);
        CHECK_FALSE(dialog.merge());
        CHECK(f.steps() == 2); // the renames above
    }
    SECTION("Merge merges, undo restores the document exactly") {
        const std::size_t before = f.steps();
        QTest::mouseClick(merge, Qt::LeftButton);
        CHECK(dialog.result() == QDialog::Accepted);
        CHECK_FALSE(f.node("Clothing"));
        CHECK(f.vertexCount("Body") == bodyVertices + clothingVertices);
        CHECK(f.steps() == before + 1);
        CHECK(f.session.undoName() == "Merge Meshes");
        f.session.undo();
        CHECK(f.node("Clothing"));
        f.session.undo(); // the renames
        f.session.undo();
        CHECK(core::model::firstDifference(f.session.document(), creatureFromDisk()) ==
              std::nullopt);
        f.session.redo();
        f.session.redo();
        f.session.redo();
        CHECK_FALSE(f.node("Clothing"));
    }
    SECTION("Append keeps the groups apart: new slots, no convergence") {
        mode->setCurrentIndex(1);
        const QStringList appended = column(*table, 4);
        CHECK_FALSE(appended.contains("merged"));
        // Its name is taken by Body's group: a new slot at the end, repeating Spine.
        const auto row = column(*table, 1).indexOf("24 Spine");
        REQUIRE(row >= 0);
        CHECK(appended[row] == "new slot");
        CHECK(column(*table, 2)[row] == "28 ClothingSpine");
        CHECK(column(*table, 3)[row] == "Spine");
    }
}

TEST_CASE("the parent dialog lists meshes and skeletons and parents as one step", "[ui][meshes]") {
    MeshDialogFixture f;
    f.session.select({f.node("Body")});
    ui::ParentMeshDialog dialog(f.session);
    auto* mesh = child<QComboBox>(dialog, "parentMesh");
    auto* skeleton = child<QComboBox>(dialog, "parentSkeleton");
    CHECK(mesh->accessibleName() == "Mesh");
    CHECK(skeleton->accessibleName() == "Skeleton");
    CHECK(mesh->currentText() == "Body");
    CHECK(skeleton->currentText() == "CreatureRig");
    auto* table = child<ui::GroupMappingTable>(dialog, "parentMapping");
    REQUIRE(table->rowCount() > 0);
    auto* parent = child<QPushButton>(dialog, "parentButton");
    CHECK(parent->text() == "Parent");
    REQUIRE(parent->isEnabled());
    // Body's groups are named after the bones of their slots: parenting it to its own skeleton
    // again finds every group's bone in the same slot.
    for (const QString& result : column(*table, 4))
        CHECK(result == "kept");
    const std::size_t before = f.steps();
    CHECK(dialog.parentMesh());
    CHECK(f.steps() <= before + 1);
    CHECK(f.session.document().node(f.node("Body")).parent == f.node("CreatureRig"));
}

TEST_CASE("mapping results name what happens to each group", "[ui][meshes]") {
    using core::ops::GroupMapping;
    const std::vector<GroupMapping> rows = {
        {"Body", 0, "Hips", 0, "Hips", "Hips"},   {"Body", 1, "Spine", 1, "Torso", "Spine"},
        {"Cloth", 0, "Hips", 0, "Hips", "Hips"},  {"Cloth", 1, "Cape", 5, "Cape", "Chest"},
        {"Cloth", 2, "Belt", 30, "Belt", "Hips"},
    };
    const std::size_t slotCount = 28;
    CHECK(ui::GroupMappingTable::resultOf(rows, 0, slotCount) == "merged");
    CHECK(ui::GroupMappingTable::resultOf(rows, 1, slotCount) == "renamed");
    CHECK(ui::GroupMappingTable::resultOf(rows, 2, slotCount) == "merged");
    CHECK(ui::GroupMappingTable::resultOf(rows, 3, slotCount) == "renumbered");
    CHECK(ui::GroupMappingTable::resultOf(rows, 4, slotCount) == "new slot");
}

TEST_CASE("Merge Meshes and Parent Mesh are enabled only where they can work", "[ui][meshes]") {
    MeshDialogFixture f;
    QWidget window;
    ui::MeshActions actions(f.session, &window);
    QAction* merge = actions.mergeMeshes();
    QAction* parent = actions.parentMesh();
    // The sample: Body and Clothing skinned under CreatureRig.
    CHECK(merge->isEnabled());
    CHECK(parent->isEnabled());

    NodeId other;
    core::model::Node prototype;
    prototype.name = "OtherRig";
    REQUIRE(f.session.execute(
        core::edit::createNode(f.session.document().root(), 0, prototype, &other)));
    REQUIRE(f.session.execute(core::edit::makeSkeleton(other)));
    REQUIRE(f.session.execute(core::edit::reparentNode(f.node("Clothing"), other, std::nullopt)));
    // One skinned mesh under each skeleton: nothing to merge.
    CHECK_FALSE(merge->isEnabled());
    CHECK(merge->statusTip().contains(QStringLiteral("two skinned meshes under one skeleton")));
    CHECK(merge->toolTip() == merge->statusTip());
    CHECK(parent->isEnabled());
    f.session.undo();
    CHECK(merge->isEnabled());
    CHECK_FALSE(merge->statusTip().contains(QStringLiteral("needs")));

    // The meshes at the scene root and no skeleton left: nowhere to parent them to.
    const NodeId root = f.session.document().root();
    REQUIRE(f.session.execute(core::edit::reparentNode(f.node("Body"), root, std::nullopt)));
    REQUIRE(f.session.execute(core::edit::reparentNode(f.node("Clothing"), root, std::nullopt)));
    REQUIRE(f.session.execute(core::edit::deleteNode(f.node("CreatureRig"))));
    REQUIRE(f.session.execute(core::edit::deleteNode(other)));
    CHECK_FALSE(parent->isEnabled());
    CHECK(parent->statusTip().contains(QStringLiteral("needs a skeleton")));
    CHECK_FALSE(merge->isEnabled());
}
