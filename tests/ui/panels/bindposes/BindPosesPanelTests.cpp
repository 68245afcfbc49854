#include "core/edit/commands/NodeCommands.h"
#include "core/math/AffineN.h"
#include "core/model/DocumentEquality.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/panels/DockedPanelSupport.h"
#include "tests/ui/panels/PanelTestSupport.h"
#include "ui/panels/bindposes/BindPosesPanel.h"
#include "ui/panels/bindposes/CapturePoseDialog.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/NumberField.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QCoreApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QTreeView>

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

using namespace hyperrig;
using core::model::NodeId;
using core::model::PoseType;
using hyperrig::test::child;
using hyperrig::test::type;

namespace {

struct BindPosesFixture : test::PanelFixture<ui::BindPosesPanel> {
    BindPosesFixture() : PanelFixture({420, 900}) {}
    const std::vector<core::model::BindPose>& poses() const {
        return session.document().node(node("CreatureRig")).skeleton()->bindPoses;
    }
    std::vector<PoseType> types() const {
        std::vector<PoseType> types;
        for (const core::model::BindPose& pose : poses())
            types.push_back(pose.type);
        return types;
    }
    const core::model::BindPose* pose(PoseType poseType) const {
        for (const core::model::BindPose& stored : poses())
            if (stored.type == poseType)
                return &stored;
        return nullptr;
    }
    QTableView* table(const char* name) const { return child<QTableView>(*panel, name); }
    QPushButton* button(const char* name) const { return child<QPushButton>(*panel, name); }
    // Chooses the pose of that type in the table, as a click on its row does.
    void choose(PoseType poseType) {
        QTableView* poses = table("bindPosesTable");
        for (int row = 0; row < poses->model()->rowCount(); ++row)
            if (poses->model()->index(row, 0).data().toString() ==
                QString::fromUtf8(core::model::poseTypeName(poseType).data())) {
                QTest::mouseClick(poses->viewport(), Qt::LeftButton, {},
                                  poses->visualRect(poses->model()->index(row, 0)).center());
                REQUIRE(panel->chosenPose() == poseType);
                return;
            }
        FAIL("no row for that pose type");
    }
    // Picks `poseType` in the Type combo, as the user does.
    void retype(PoseType poseType) {
        auto* combo = child<QComboBox>(*panel, "bindPoseType");
        const int index =
            combo->findText(QString::fromUtf8(core::model::poseTypeName(poseType).data()));
        REQUIRE(index >= 0);
        combo->setCurrentIndex(index);
        emit combo->activated(index);
    }
    // Clicks Capture Current Pose and returns the dialog it opened (the click is queued).
    QPointer<ui::CapturePoseDialog> openCapture() {
        QTest::mouseClick(button("bindPoseCapture"), Qt::LeftButton);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::MetaCall);
        for (auto* dialog : panel->findChildren<ui::CapturePoseDialog*>())
            if (dialog->isVisible())
                return dialog;
        FAIL("Capture Current Pose opened no dialog");
        return nullptr;
    }
};

// R_ab(θ) in `n` dimensions, column-major, written out by hand: axis a turns toward axis b.
core::math::BasisN bindPosesPlaneTurn(int n, int a, int b, double degrees) {
    const double radians = degrees * std::numbers::pi / 180.0;
    std::vector<double> values(static_cast<std::size_t>(n * n), 0.0);
    const auto at = [n](int row, int column) {
        return static_cast<std::size_t>(column * n + row);
    };
    for (int i = 0; i < n; ++i)
        values[at(i, i)] = 1.0;
    values[at(a, a)] = std::cos(radians);
    values[at(b, a)] = std::sin(radians);
    values[at(a, b)] = -std::sin(radians);
    values[at(b, b)] = std::cos(radians);
    auto basis = core::math::BasisN::fromColumnMajor(n, values);
    REQUIRE(basis.ok());
    return *basis;
}

bool bindPosesNear(const std::vector<double>& actual, std::span<const double> expected) {
    if (actual.size() != expected.size())
        return false;
    for (std::size_t i = 0; i < actual.size(); ++i)
        if (std::abs(actual[i] - expected[i]) > 1e-9)
            return false;
    return true;
}

} // namespace

TEST_CASE("the bind poses panel follows the selection to a skeleton", "[ui][bindposes]") {
    BindPosesFixture f;
    CHECK(ui::BindPosesPanel::title() == "Bind Poses");
    auto* heading = child<QLabel>(*f.panel, "bindPosesHeading");
    QTableView* poses = f.table("bindPosesTable");
    QAbstractItemModelTester poseTester(poses->model(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester slotTester(f.table("bindPoseSlotsTable")->model(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
    CHECK_FALSE(f.panel->skeleton());
    CHECK(heading->text().startsWith("Select a skeleton"));
    CHECK(poses->model()->rowCount() == 0);
    CHECK_FALSE(f.button("bindPoseAdd")->isEnabled());

    f.session.select({f.node("CreatureRig")});
    CHECK(f.panel->skeleton() == f.node("CreatureRig"));
    REQUIRE(poses->model()->rowCount() == 2);
    CHECK(poses->model()->index(0, 0).data().toString() == "TPose");
    CHECK(poses->model()->index(1, 0).data().toString() == "APose");
    CHECK(heading->text() == "Skeleton 'CreatureRig': 2 bind pose(s)");
    const auto slotCount =
        f.session.document().node(f.node("CreatureRig")).skeleton()->joints.size();
    CHECK(f.table("bindPoseSlotsTable")->model()->rowCount() == static_cast<int>(slotCount));
    CHECK(f.button("bindPoseAdd")->isEnabled());

    SECTION("a bone leads to its skeleton") {
        f.session.select({f.node("LeftHand")});
        CHECK(f.panel->skeleton() == f.node("CreatureRig"));
        CHECK(poses->model()->rowCount() == 2);
    }
    SECTION("a skinned mesh node leads to its skeleton") {
        f.session.select({f.node("Body")});
        CHECK(f.panel->skeleton() == f.node("CreatureRig"));
    }
    SECTION("a node outside any skeleton shows the hint again") {
        f.session.select({f.session.document().root()});
        CHECK_FALSE(f.panel->skeleton());
        CHECK(poses->model()->rowCount() == 0);
        CHECK(heading->text().startsWith("Select a skeleton"));
    }
}

TEST_CASE("the bind poses panel follows edits that lead the selection to another skeleton",
          "[ui][bindposes]") {
    // The panel re-resolved its skeleton only when the one shown was gone: a selected bone moved
    // under another skeleton, or a selected node made a skeleton, left it on the old one, or on
    // none, until the selection changed.
    BindPosesFixture f;
    const NodeId root = f.session.document().root();
    NodeId other;
    core::model::Node prototype;
    prototype.name = "OtherRig";
    REQUIRE(f.session.execute(core::edit::createNode(root, 99, prototype, &other)).ok());
    CHECK_FALSE(f.panel->skeleton());
    f.session.select({other});
    CHECK_FALSE(f.panel->skeleton());

    SECTION("a selected node made a skeleton, and the step undone") {
        REQUIRE(f.session.execute(core::edit::makeSkeleton(other)).ok());
        CHECK(f.panel->skeleton() == other);
        CHECK(f.table("bindPosesTable")->model()->rowCount() == 0);
        CHECK(f.button("bindPoseAdd")->isEnabled());
        f.session.undo();
        CHECK_FALSE(f.panel->skeleton());
    }
    SECTION("a selected bone moved under another skeleton, and back by undo") {
        REQUIRE(f.session.execute(core::edit::makeSkeleton(other)).ok());
        NodeId bone;
        REQUIRE(f.session
                    .execute(core::edit::addBone(f.node("CreatureRig"), "Spare", std::nullopt,
                                                 std::nullopt, &bone))
                    .ok());
        f.session.select({bone});
        REQUIRE(f.panel->skeleton() == f.node("CreatureRig"));
        REQUIRE(f.table("bindPosesTable")->model()->rowCount() == 2);
        REQUIRE(f.session.execute(core::edit::reparentNode(bone, other, std::nullopt)).ok());
        CHECK(f.panel->skeleton() == other);
        CHECK(f.table("bindPosesTable")->model()->rowCount() == 0);
        f.session.undo();
        CHECK(f.panel->skeleton() == f.node("CreatureRig"));
        CHECK(f.table("bindPosesTable")->model()->rowCount() == 2);
    }
}

TEST_CASE("the bind poses panel's controls have accessible names equal to their labels",
          "[ui][bindposes]") {
    BindPosesFixture f;
    f.session.select({f.node("CreatureRig")});
    int buttons = 0;
    for (QPushButton* button : f.panel->findChildren<QPushButton*>()) {
        INFO(button->objectName().toStdString());
        CHECK_FALSE(button->objectName().isEmpty());
        CHECK(button->accessibleName() == button->text());
        CHECK_FALSE(button->toolTip().isEmpty());
        ++buttons;
    }
    CHECK(buttons == 6); // Add, Remove, Capture Current Pose, Preview, Show as Ghost, Apply as Rest
    int labelled = 0;
    for (QLabel* label : f.panel->findChildren<QLabel*>()) {
        QWidget* buddy = label->buddy();
        if (!buddy || buddy->objectName().startsWith("bindPosePosition"))
            continue; // the entry's x, y, z, w rows: "Position x" (the inspector's convention)
        INFO(label->text().toStdString());
        CHECK(buddy->accessibleName() == label->text());
        CHECK_FALSE(buddy->toolTip().isEmpty());
        ++labelled;
    }
    CHECK(labelled == 3); // Bind poses, Type, Joints slots
    for (ui::NumberField* field : f.panel->findChildren<ui::NumberField*>()) {
        INFO(field->objectName().toStdString());
        CHECK_FALSE(field->accessibleName().isEmpty());
        CHECK_FALSE(field->toolTip().isEmpty());
    }
    CHECK(f.panel->findChildren<ui::NumberField*>().size() == 4 + 16); // position + 4D basis
    const auto actions = f.panel->menuActions();
    REQUIRE(actions.size() == 2);
    CHECK(actions[0]->text() == "Capture Current Pose...");
    CHECK(actions[1]->text() == "Apply Bind Pose as Rest");
}

TEST_CASE("add, remove and retype a bind pose: one undo step each, undo and redo",
          "[ui][bindposes]") {
    BindPosesFixture f;
    f.session.select({f.node("CreatureRig")});
    const std::size_t steps = f.steps();

    SECTION("Add stores the rest pose as the first type not stored yet") {
        f.button("bindPoseAdd")->click();
        CHECK(f.types() == std::vector{PoseType::TPose, PoseType::APose, PoseType::IPose});
        CHECK(f.steps() == steps + 1);
        CHECK(f.session.undoName() == "Add Bind Pose");
        CHECK(f.panel->chosenPose() == PoseType::IPose);
        CHECK(f.table("bindPosesTable")->model()->rowCount() == 3);
        f.session.undo();
        CHECK(f.types() == std::vector{PoseType::TPose, PoseType::APose});
        CHECK(f.table("bindPosesTable")->model()->rowCount() == 2);
        f.session.redo();
        CHECK(f.types() == std::vector{PoseType::TPose, PoseType::APose, PoseType::IPose});
        f.button("bindPoseAdd")->click(); // Custom: every type is stored now
        CHECK_FALSE(f.button("bindPoseAdd")->isEnabled());
        CHECK_FALSE(f.button("bindPoseCapture")->isEnabled());
    }
    SECTION("Remove removes the chosen pose") {
        f.choose(PoseType::TPose);
        f.button("bindPoseRemove")->click();
        CHECK(f.types() == std::vector{PoseType::APose});
        CHECK(f.session.undoName() == "Remove Bind Pose");
        CHECK(f.panel->chosenPose() == PoseType::APose);
        f.session.undo();
        CHECK(f.types() == std::vector{PoseType::TPose, PoseType::APose});
        CHECK_FALSE(core::model::firstDifference(f.session.document(), test::creatureFromDisk()));
        f.session.redo();
        CHECK(f.types() == std::vector{PoseType::APose});
    }
    SECTION("Type retypes the chosen pose, which stays chosen") {
        f.choose(PoseType::APose);
        f.retype(PoseType::IPose);
        CHECK(f.types() == std::vector{PoseType::TPose, PoseType::IPose});
        CHECK(f.session.undoName() == "Set Bind Pose Type");
        CHECK(f.steps() == steps + 1);
        CHECK(f.panel->chosenPose() == PoseType::IPose);
        f.session.undo();
        CHECK(f.types() == std::vector{PoseType::TPose, PoseType::APose});
        CHECK(f.panel->chosenPose() == PoseType::APose);
        CHECK(child<QComboBox>(*f.panel, "bindPoseType")->currentText() == "APose");
        f.session.redo();
        CHECK(f.types() == std::vector{PoseType::TPose, PoseType::IPose});
    }
}

TEST_CASE("a type already stored is refused with the reason and changes nothing",
          "[ui][bindposes]") {
    BindPosesFixture f;
    f.session.select({f.node("CreatureRig")});
    f.choose(PoseType::APose);
    const std::size_t steps = f.steps();
    QSignalSpy messages(f.panel.get(), &ui::BindPosesPanel::message);
    f.retype(PoseType::TPose);
    CHECK(f.steps() == steps);
    CHECK_FALSE(f.session.isModified());
    const auto difference =
        core::model::firstDifference(f.session.document(), test::creatureFromDisk());
    CHECK_FALSE(difference.has_value());
    CHECK(child<QComboBox>(*f.panel, "bindPoseType")->currentText() == "APose");
    auto* problem = child<QLabel>(*f.panel, "bindPosesProblem");
    CHECK(problem->isVisible());
    CHECK(problem->text() ==
          "Set Bind Pose Type: skeleton 'CreatureRig' already has a TPose bind pose");
    REQUIRE(messages.count() == 1);
    CHECK(messages.front().front().toString() == problem->text());
}

TEST_CASE("capture stores the current pose of two posed bones in skeleton space",
          "[ui][bindposes]") {
    BindPosesFixture f;
    f.session.select({f.node("LeftUpperArm")});
    // Planes in 4D: XY, XZ, XW, YZ, YW, ZW. The upper arm turns 30° in XY, the lower arm 45° in
    // XW (into the fourth dimension).
    f.session.setBoneRotation(f.node("LeftUpperArm"), {30, 0, 0, 0, 0, 0});
    f.session.setBoneRotation(f.node("LeftLowerArm"), {0, 0, 45, 0, 0, 0});
    const std::size_t steps = f.steps();

    SECTION("a type already stored is refused in the dialog, which stays open") {
        QPointer<ui::CapturePoseDialog> dialog = f.openCapture();
        REQUIRE(dialog);
        CHECK(dialog->windowTitle() == "Capture Current Pose");
        auto* poseType = child<QComboBox>(*dialog, "capturePoseType");
        CHECK(poseType->accessibleName() == "Pose type");
        CHECK(poseType->count() == 4);
        CHECK(poseType->currentText() == "IPose"); // the first type not stored
        poseType->setCurrentIndex(poseType->findText("TPose"));
        QTest::mouseClick(child<QPushButton>(*dialog, "capturePoseOk"), Qt::LeftButton);
        CHECK(dialog->isVisible());
        auto* message = child<QLabel>(*dialog, "capturePoseMessage");
        CHECK(message->isVisible());
        CHECK(message->text().contains("already has a TPose bind pose"));
        CHECK(f.steps() == steps);
        QTest::mouseClick(child<QPushButton>(*dialog, "capturePoseCancel"), Qt::LeftButton);
        CHECK((!dialog || !dialog->isVisible()));
        CHECK(f.steps() == steps);
        CHECK(f.types() == std::vector{PoseType::TPose, PoseType::APose});
    }
    SECTION("OK stores exactly the posed skeleton-space transforms, one undo step") {
        QPointer<ui::CapturePoseDialog> dialog = f.openCapture();
        REQUIRE(dialog);
        auto* poseType = child<QComboBox>(*dialog, "capturePoseType");
        poseType->setCurrentIndex(poseType->findText("Custom"));
        QTest::mouseClick(child<QPushButton>(*dialog, "capturePoseOk"), Qt::LeftButton);
        CHECK(f.steps() == steps + 1);
        CHECK(f.session.undoName() == "Capture Bind Pose");
        CHECK(f.panel->chosenPose() == PoseType::Custom);
        const core::model::BindPose* captured = f.pose(PoseType::Custom);
        REQUIRE(captured != nullptr);

        // Expected, from the document's local transforms: G_b = L_root ∘ ... ∘ L_b from the
        // skeleton's child down, where a posed bone's local is L_rest ∘ R(angle).
        const core::model::Document& document = f.session.document();
        const NodeId rig = f.node("CreatureRig");
        const NodeId upper = f.node("LeftUpperArm");
        const NodeId lower = f.node("LeftLowerArm");
        const auto local = [&](NodeId bone) {
            auto rest = document.node(bone).transform.toAffine(4);
            REQUIRE(rest.ok());
            if (bone == upper)
                return core::math::AffineN(rest->basis() * bindPosesPlaneTurn(4, 0, 1, 30),
                                           rest->position());
            if (bone == lower)
                return core::math::AffineN(rest->basis() * bindPosesPlaneTurn(4, 0, 3, 45),
                                           rest->position());
            return *rest;
        };
        const auto& joints = document.node(rig).skeleton()->joints;
        REQUIRE(captured->joints.size() == joints.size());
        int posedSlots = 0;
        for (std::size_t slot = 0; slot < joints.size(); ++slot) {
            INFO("slot " << slot);
            REQUIRE(joints[slot].has_value());
            core::math::AffineN expected = local(*joints[slot]);
            bool posed = *joints[slot] == upper || *joints[slot] == lower;
            for (NodeId parent = document.node(*joints[slot]).parent; parent != rig;
                 parent = document.node(parent).parent) {
                expected = core::math::AffineN::compose(local(parent), expected);
                posed = posed || parent == upper;
            }
            posedSlots += posed ? 1 : 0;
            CHECK(bindPosesNear(captured->joints[slot].position, expected.position().values()));
            CHECK(bindPosesNear(captured->joints[slot].basis, expected.basis().columnMajor()));
        }
        // The upper and lower arm and the hand they carry; the upper arm fills a second slot too.
        CHECK(posedSlots == 4);

        const core::model::BindPose stored = *captured;
        f.session.undo();
        CHECK(f.types() == std::vector{PoseType::TPose, PoseType::APose});
        f.session.redo();
        REQUIRE(f.pose(PoseType::Custom) != nullptr);
        CHECK(*f.pose(PoseType::Custom) == stored);
    }
}

TEST_CASE("Preview and Apply as Rest follow edits that break or mend the rig", "[ui][bindposes]") {
    BindPosesFixture f;
    f.session.select({f.node("CreatureRig")});
    f.choose(PoseType::APose);
    QPushButton* preview = f.button("bindPosePreview");
    REQUIRE(preview->isEnabled());
    // A 4x4 basis of zeros: the bone's rest transform has no inverse, the rig cannot compile.
    core::model::NodeTransform singular;
    singular.form = core::model::NodeTransform::Form::Basis;
    singular.basis.assign(16, 0.0);
    REQUIRE(f.session.execute(core::edit::setTransform(f.node("Spine"), singular)));
    REQUIRE(f.session.rig() == nullptr);
    CHECK_FALSE(preview->isEnabled());
    CHECK_FALSE(f.button("bindPoseGhost")->isEnabled());
    f.session.undo();
    REQUIRE(f.session.rig() != nullptr);
    CHECK(preview->isEnabled());
    CHECK(f.button("bindPoseGhost")->isEnabled());
}

TEST_CASE("Preview and Show as Ghost choose what the viewport shows, not the document",
          "[ui][bindposes]") {
    BindPosesFixture f;
    f.session.select({f.node("CreatureRig")});
    f.choose(PoseType::APose);
    QSignalSpy shown(&f.session, &ui::EditorSession::bindPoseDisplayChanged);
    QPushButton* preview = f.button("bindPosePreview");
    QPushButton* ghost = f.button("bindPoseGhost");
    preview->click();
    CHECK(f.session.previewedBindPose() == PoseType::APose);
    CHECK(preview->isChecked());
    ghost->click();
    CHECK(f.session.ghostBindPose() == PoseType::APose);
    CHECK(shown.count() == 2);
    CHECK_FALSE(f.session.canUndo());

    SECTION("posing a bone shows the current pose again") {
        f.session.setBoneRotation(f.node("Spine"), {10, 0, 0, 0, 0, 0});
        CHECK_FALSE(f.session.previewedBindPose());
        CHECK_FALSE(preview->isChecked());
        CHECK(ghost->isChecked()); // the ghost stays over the current pose
    }
    SECTION("choosing another pose shows that its preview is off") {
        f.choose(PoseType::TPose);
        CHECK_FALSE(preview->isChecked());
        preview->click();
        CHECK(f.session.previewedBindPose() == PoseType::TPose);
        preview->click();
        CHECK_FALSE(f.session.previewedBindPose());
    }
    SECTION("removing the pose drops its preview and ghost") {
        f.button("bindPoseRemove")->click();
        CHECK_FALSE(f.session.previewedBindPose());
        CHECK_FALSE(f.session.ghostBindPose());
    }
}

TEST_CASE("Apply as Rest makes the chosen bind pose the rest pose in one undo step",
          "[ui][bindposes]") {
    BindPosesFixture f;
    f.session.select({f.node("CreatureRig")});
    f.choose(PoseType::APose);
    const auto arm = f.node("LeftUpperArm");
    const core::model::NodeTransform rest = f.session.document().node(arm).transform;
    const std::size_t steps = f.steps();
    f.button("bindPoseApplyAsRest")->click();
    CHECK(f.steps() == steps + 1);
    CHECK(f.session.undoName() == "Apply Pose as Rest");
    CHECK_FALSE(f.session.document().node(arm).transform == rest); // the A pose lowers the arm
    f.session.undo();
    CHECK(f.session.document().node(arm).transform == rest);
    CHECK_FALSE(core::model::firstDifference(f.session.document(), test::creatureFromDisk()));
    f.session.redo();
    CHECK_FALSE(f.session.document().node(arm).transform == rest);
}

TEST_CASE("an entry's typed position is one undo step; the slot table moves by keyboard",
          "[ui][bindposes]") {
    BindPosesFixture f;
    f.session.select({f.node("CreatureRig")});
    f.choose(PoseType::TPose);
    QTableView* slotTable = f.table("bindPoseSlotsTable");
    slotTable->setFocus();
    slotTable->setCurrentIndex(slotTable->model()->index(0, 0));
    QTest::keyClick(slotTable, Qt::Key_Down);
    QTest::keyClick(slotTable, Qt::Key_Down);
    REQUIRE(slotTable->currentIndex().row() == 2);
    const QString bone = slotTable->model()->index(2, 1).data().toString();
    CHECK(child<QLabel>(*f.panel, "bindPoseEntryHeading")->text() ==
          QStringLiteral("Slot 2 (%1) in the TPose pose").arg(bone));
    auto* x = child<ui::NumberField>(*f.panel, "bindPosePositionX");
    CHECK(x->isEnabled());
    CHECK(x->accessibleName() == "Position x");
    const std::vector<double> before = f.pose(PoseType::TPose)->joints[2].position;
    CHECK(x->value() == Approx(before[0]).margin(1e-7));
    const std::size_t steps = f.steps();
    type(x, QStringLiteral("0.25"));
    CHECK(f.pose(PoseType::TPose)->joints[2].position[0] == 0.25);
    CHECK(f.pose(PoseType::TPose)->joints[2].position[1] == before[1]);
    CHECK(f.steps() == steps + 1);
    CHECK(f.session.undoName() == "Set Bind Pose Entry");
    f.session.undo();
    CHECK(f.pose(PoseType::TPose)->joints[2].position == before);
    CHECK(x->value() == Approx(before[0]).margin(1e-7));
    f.session.redo();
    CHECK(f.pose(PoseType::TPose)->joints[2].position[0] == 0.25);

    SECTION("a basis number edits the entry's column-major basis") {
        auto* field = child<ui::NumberField>(*f.panel, "bindPoseBasisRow2Column1");
        type(field, QStringLiteral("0.5"));
        CHECK(f.pose(PoseType::TPose)->joints[2].basis[1] == 0.5); // column 1 (x), row 2 (y)
        CHECK(f.steps() == steps + 2);
    }
}

TEST_CASE("F2 and Delete on the panel's controls touch no node; in the Outliner they do",
          "[ui][bindposes][mainwindow]") {
    // Edit > Delete is a window shortcut: Delete pressed on the pose's Type, or on Remove,
    // deleted the selected skeleton with all its bones, out of sight of this panel.
    test::DockedPanelFixture<ui::BindPosesPanel> w("Bind Poses");
    ui::EditorSession& session = w.window.session();
    const core::model::NodeId rig = w.node("CreatureRig");
    session.select({rig});
    w.window.show();
    w.window.dock(QStringLiteral("Bind Poses"))->raise();
    w.window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&w.window));
    const std::size_t steps = session.history().undoCount();
    for (const char* control : {"bindPoseType", "bindPoseRemove"}) {
        INFO(control);
        auto* widget = w.panel->findChild<QWidget*>(QString::fromLatin1(control));
        REQUIRE(widget != nullptr);
        widget->setFocus();
        REQUIRE(widget->hasFocus());
        QTest::keyClick(widget, Qt::Key_Delete);
        QTest::keyClick(widget, Qt::Key_Delete, Qt::KeypadModifier);
        QTest::keyClick(widget, Qt::Key_F2);
        CHECK(session.document().nodes.find(rig) != nullptr);
        CHECK(session.history().undoCount() == steps);
        CHECK(qobject_cast<QLineEdit*>(QApplication::focusWidget()) == nullptr); // no renaming
    }
    // The Outliner shows the nodes themselves: Delete there deletes the selection.
    auto* outliner = w.window.findChild<QTreeView*>(QStringLiteral("outlinerTree"));
    REQUIRE(outliner != nullptr);
    outliner->setFocus();
    REQUIRE(outliner->hasFocus());
    QTest::keyClick(outliner, Qt::Key_Delete);
    CHECK(session.document().nodes.find(rig) == nullptr);
}

TEST_CASE("an unnamed bone's slot shows it by its position in the document", "[ui][bindposes]") {
    BindPosesFixture f;
    const NodeId hips = f.node("Hips");
    REQUIRE(f.session.execute(core::edit::renameNode(hips, std::nullopt)).ok());
    f.session.select({f.node("CreatureRig")});
    QTableView* slotsTable = f.table("bindPoseSlotsTable");
    REQUIRE(slotsTable->model()->rowCount() > 0);
    // Joints slot 0 holds Hips; column 1 is the bone.
    const QString label = QString("(unnamed #%1)").arg(f.session.document().nodes.positionOf(hips));
    CHECK(slotsTable->model()->index(0, 1).data().toString() == label);
    CHECK(slotsTable->model()->index(0, 1).data(Qt::ToolTipRole).toString().contains(label));
}
