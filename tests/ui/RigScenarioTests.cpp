#include "core/base/ThreadPool.h"
#include "core/eval/BoneRotations.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/PoseFile.h"
#include "core/eval/RigEvaluation.h"
#include "core/io/g4mf/G4mfFile.h"
#include "core/model/SkinGroupNames.h"
#include "core/validate/Validator.h"
#include "tests/support/ProcessRunner.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/panels/PanelTestSupport.h"
#include "ui/meshes/MergeMeshesDialog.h"
#include "ui/panels/bindposes/BindPosesPanel.h"
#include "ui/panels/bindposes/CapturePoseDialog.h"
#include "ui/panels/bones/BonesPanel.h"
#include "ui/panels/groups/GroupNamesPanel.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/NumberField.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QPointer>
#include <QPushButton>
#include <QTableView>
#include <QTest>

#include <catch2/catch.hpp>
#include <map>
#include <string>

using namespace hyperrig;
using core::model::NodeId;
using hyperrig::test::child;
using hyperrig::test::sampleFile;
using hyperrig::test::type;

namespace {

// The test pose of the scenario, by bone name: two bones turned in planes that leave the 4D
// slice (XW, YW) and one in XY, so every kind of rotation reaches the skinned vertices.
const std::map<std::string, core::eval::PlaneAngles> kScenarioPose = {
    {"LeftUpperArm", {0, 0, 25, 0, 0, 0}},  // XW
    {"Spine", {10, 0, 0, 0, 15, 0}},        // XY and YW
    {"RightLowerLeg", {0, -30, 0, 0, 0, 0}} // XZ
};

// The pose that turns the named bones by their plane angles.
std::map<NodeId, core::eval::PlaneAngles>
scenarioRotations(const core::model::Document& document,
                  const std::map<std::string, core::eval::PlaneAngles>& byName) {
    std::map<NodeId, core::eval::PlaneAngles> rotations;
    for (const auto& [name, angles] : byName) {
        const NodeId bone = document.findNode(name);
        REQUIRE(bone);
        rotations[bone] = angles;
    }
    return rotations;
}

// The vertices of every skinned mesh node, by node name, under a pose of the document's rig:
// the bones turned by plane angles (by bone name), or the stored bind pose of a type.
std::map<std::string, std::vector<float>>
posedVertices(const core::model::Document& document,
              const std::map<std::string, core::eval::PlaneAngles>& byName = kScenarioPose,
              const char* bindPose = nullptr) {
    auto rig = core::eval::CompiledRig::compile(document);
    REQUIRE(rig.ok());
    auto pose = bindPose ? core::eval::namedPose(bindPose, document, *rig)
                         : core::eval::poseFromBoneRotations(document, *rig,
                                                             scenarioRotations(document, byName));
    REQUIRE(pose.ok());
    core::base::ThreadPool pool(1);
    core::eval::EvaluatedRig evaluated;
    REQUIRE(core::eval::evaluateRig(document, *rig, *pose, pool, evaluated).ok());
    std::map<std::string, std::vector<float>> vertices;
    for (const auto& instance : evaluated.instances)
        if (instance.deformed)
            vertices[document.node(instance.node).displayName()] = instance.deformedPositions;
    return vertices;
}

} // namespace

// Issue 14's scenario, through the panels and dialogs a person uses: merge Body and Clothing by
// name, rename a group, set a bone's mass, distribute a total mass, capture a TPose after posing
// two bones, save, reopen: the file validates and deforms exactly as the edited document did.
TEST_CASE("a rigger merges, renames, weighs and saves the 4D creature", "[ui][scenario]") {
    ui::EditorSession session;
    REQUIRE(session.openFile(sampleFile("creature-4d.g4tf")).ok());
    const auto node = [&session](const char* name) {
        const NodeId id = session.document().findNode(name);
        REQUIRE(id);
        return id;
    };

    // Merge Body and Clothing by name (Mesh > Merge Meshes...).
    session.select({node("Body"), node("Clothing")}, node("Body"));
    {
        ui::MergeMeshesDialog merge(session);
        QTest::mouseClick(child<QPushButton>(merge, "mergeButton"), Qt::LeftButton);
        REQUIRE(merge.result() == QDialog::Accepted);
    }
    CHECK_FALSE(session.document().findNode("Clothing"));

    // Rename Body's group 24 (the former ClothingSpine) in the Group Names panel; G4MF asks that
    // a group name end with its bone's name (Spine).
    ui::GroupNamesPanel groups(session);
    groups.show();
    session.select({node("Body")});
    auto* table = child<QTableView>(groups, "groupsTable");
    REQUIRE(table->model()->rowCount() == 28);
    REQUIRE(table->model()->setData(table->model()->index(24, 1), QStringLiteral("ShirtSpine")));

    // Set Tail's mass, clear Spine's, then distribute a total over the bones without one (Spine:
    // the sample's other bones without a mass, the hands, have no shape to weigh).
    ui::BonesPanel bones(session);
    bones.resize(360, 900);
    bones.show();
    REQUIRE(QTest::qWaitForWindowExposed(&bones));
    session.select({node("Tail")});
    child<QCheckBox>(bones, "boneMassDefined")->setChecked(true);
    type(child<ui::NumberField>(bones, "boneMass"), QStringLiteral("1.5"));
    CHECK(session.document().node(node("Tail")).bone()->mass == 1.5);
    session.select({node("Spine")});
    child<QCheckBox>(bones, "boneMassDefined")->setChecked(false);
    CHECK_FALSE(session.document().node(node("Spine")).bone()->mass.has_value());
    session.select({node("CreatureRig")});
    // The field starts at the defined masses' sum; 4 kg more leaves 4 kg for Spine.
    auto* total = child<ui::NumberField>(bones, "skeletonTotalMass");
    type(total, QString::number(total->value() + 4.0));
    QTest::mouseClick(child<QPushButton>(bones, "skeletonDistributeMass"), Qt::LeftButton);
    CHECK(session.undoName() == "Distribute Mass");
    const auto spineMass = session.document().node(node("Spine")).bone()->mass;
    REQUIRE(spineMass.has_value());
    CHECK(*spineMass == Approx(4.0));

    // Capture a TPose after posing two bones (Bind Poses > Remove the sample's TPose, pose,
    // Capture Current Pose..., type TPose, OK).
    ui::BindPosesPanel bindPoses(session);
    bindPoses.resize(420, 900);
    bindPoses.show();
    REQUIRE(QTest::qWaitForWindowExposed(&bindPoses));
    session.select({node("CreatureRig")});
    auto* poses = child<QTableView>(bindPoses, "bindPosesTable");
    const auto row = [poses](const char* poseType) {
        for (int r = 0; r < poses->model()->rowCount(); ++r)
            if (poses->model()->index(r, 0).data().toString() == QLatin1String(poseType))
                return r;
        return -1;
    };
    REQUIRE(row("TPose") >= 0);
    QTest::mouseClick(poses->viewport(), Qt::LeftButton, {},
                      poses->visualRect(poses->model()->index(row("TPose"), 0)).center());
    QTest::mouseClick(child<QPushButton>(bindPoses, "bindPoseRemove"), Qt::LeftButton);
    REQUIRE(row("TPose") < 0);
    const std::map<std::string, core::eval::PlaneAngles> twoBones = {
        {"LeftUpperArm", {0, 0, 40, 0, 0, 0}}, // XW: into the fourth dimension
        {"RightUpperArm", {-35, 0, 0, 0, 0, 0}}};
    for (const auto& [bone, angles] : scenarioRotations(session.document(), twoBones))
        session.setBoneRotation(bone, angles);
    QTest::mouseClick(child<QPushButton>(bindPoses, "bindPoseCapture"), Qt::LeftButton);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::MetaCall); // the click opens it queued
    QPointer<ui::CapturePoseDialog> capture;
    for (auto* dialog : bindPoses.findChildren<ui::CapturePoseDialog*>())
        if (dialog->isVisible())
            capture = dialog;
    REQUIRE(capture);
    auto* poseType = child<QComboBox>(*capture, "capturePoseType");
    poseType->setCurrentIndex(poseType->findText("TPose"));
    QTest::mouseClick(child<QPushButton>(*capture, "capturePoseOk"), Qt::LeftButton);
    CHECK(session.undoName() == "Capture Bind Pose");
    REQUIRE(row("TPose") >= 0);
    session.resetPose();
    // The stored TPose deforms the skin as the two posed bones did (skeleton-space transforms
    // stored and turned back into a pose: equal up to rounding).
    const auto capturedTPose = posedVertices(session.document(), {}, "TPose");
    const auto byAngles = posedVertices(session.document(), twoBones);
    REQUIRE(capturedTPose.size() == byAngles.size());
    for (const auto& [mesh, positions] : byAngles) {
        INFO(mesh);
        REQUIRE(capturedTPose.at(mesh).size() == positions.size());
        for (std::size_t i = 0; i < positions.size(); ++i)
            REQUIRE(capturedTPose.at(mesh)[i] == Approx(positions[i]).margin(1e-5));
    }

    const auto edited = posedVertices(session.document());
    REQUIRE(edited.count("Body") == 1);

    // Save, reopen: valid, and the same deformation at the test pose.
    hyperrig::test::TemporaryFolder folder;
    const QString path = QString::fromStdString((folder / "creature-rigged.g4tf").string());
    REQUIRE(session.saveAs(path, {}).ok());
    ui::EditorSession reopened;
    REQUIRE(reopened.openFile(path).ok());
    auto file = core::io::loadG4mfFile(path.toStdString());
    REQUIRE(file.ok());
    std::string findings;
    for (const auto& diagnostic : core::validate::validateG4mf(*file))
        findings += diagnostic.rule + " " + diagnostic.pointer + ": " + diagnostic.message + "\n";
    INFO(findings);
    CHECK(findings.empty());
    const auto& document = reopened.document();
    const auto bodyMesh = document.node(document.findNode("Body")).meshInstance()->mesh;
    CHECK(core::model::skinGroupNames(document, bodyMesh).at(24) == "ShirtSpine");
    CHECK(document.node(document.findNode("Tail")).bone()->mass == 1.5);
    CHECK(document.node(document.findNode("Spine")).bone()->mass == spineMass);
    CHECK(posedVertices(document) == edited);
    CHECK(posedVertices(document, {}, "TPose") == capturedTPose);
}
