#include "core/edit/commands/NodeCommands.h"
#include "tests/support/ProcessRunner.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/files/InteropTestSupport.h"
#include "ui/session/EditorSession.h"

#include <QApplication>
#include <QDir>
#include <QDropEvent>
#include <QFileInfo>
#include <QMimeData>
#include <QProgressDialog>
#include <QStatusBar>
#include <QUrl>

#include <catch2/catch.hpp>
#include <set>

using hyperrig::test::InteropWindowFixture;

namespace {

// The bones a glTF file should give: its skins' joints (the importer also makes bones of plain
// nodes between joints; RiggedSimple has none: joints 2 and 3, 3 a child of 2).
std::size_t gltfJointCount(const nlohmann::json& gltf) {
    std::set<int> joints;
    for (const auto& skin : gltf.at("skins"))
        for (const auto& joint : skin.at("joints"))
            joints.insert(joint.get<int>());
    return joints.size();
}

} // namespace

TEST_CASE_METHOD(InteropWindowFixture,
                 "File > Import > glTF opens the file as an untitled, modified 3D document",
                 "[ui][files][interop]") {
    const QString source = hyperrig::test::interopGltfFixture("RiggedSimple.gltf");
    const std::size_t joints = gltfJointCount(hyperrig::test::interopReadJson(source));
    REQUIRE(joints == 2);
    REQUIRE(importGltfThroughMenu(source).isEmpty());
    auto& session = window.session();
    REQUIRE(session.hasDocument());
    CHECK(session.document().dimension() == 3);
    CHECK(hyperrig::test::interopBoneCount(session.document()) == joints);
    // Save must not write G4MF over the glTF: no path, a G4MF name beside it proposed instead.
    CHECK(session.filePath().isEmpty());
    CHECK(session.suggestedSavePath() ==
          QFileInfo(source).absoluteDir().filePath(QStringLiteral("RiggedSimple.g4tf")));
    CHECK(session.isModified());
    CHECK(window.isWindowModified());
    CHECK(window.windowTitle().startsWith(QStringLiteral("RiggedSimple.gltf (imported)")));
    CHECK(window.files().revert()->isEnabled() == false);
    CHECK(interop->lastReport().summary.contains(QStringLiteral("RiggedSimple.gltf")));

    SECTION("closing it asks about the unsaved import") {
        window.files().setPromptAnswerForTests(hyperrig::ui::DocumentFiles::PromptAnswer::Cancel);
        hyperrig::test::triggerAndRun(window.files().newDocument3D());
        CHECK(session.filePath().isEmpty());
        CHECK(hyperrig::test::interopBoneCount(session.document()) == joints);
    }
    SECTION("undoing back to the imported state leaves it unsaved") {
        const auto joint = session.document().nodes.order().back();
        REQUIRE(session.execute(hyperrig::core::edit::renameNode(joint, std::string("Tip"))).ok());
        session.undo();
        CHECK(session.isModified());
        CHECK(window.isWindowModified());
    }
    SECTION("saving it as G4MF makes it an ordinary saved document") {
        hyperrig::test::TemporaryFolder folder;
        const QString saved = QString::fromStdString((folder / "rigged.g4tf").string());
        REQUIRE(session.saveAs(saved, {}).ok());
        CHECK_FALSE(session.isModified());
        CHECK(session.importedFrom().isEmpty());
        CHECK(window.windowTitle().startsWith(QStringLiteral("rigged.g4tf")));
    }
}

TEST_CASE_METHOD(InteropWindowFixture, "a glTF import lists its warnings with their JSON pointers",
                 "[ui][files][interop]") {
    // RiggedSimple with a second primitive of points: the import drops points and lines and
    // says so, pointing at that primitive's mode.
    nlohmann::json gltf =
        hyperrig::test::interopReadJson(hyperrig::test::interopGltfFixture("RiggedSimple.gltf"));
    auto points = gltf["meshes"][0]["primitives"][0];
    points["mode"] = 0;
    gltf["meshes"][0]["primitives"].push_back(points);
    hyperrig::test::TemporaryFolder folder;
    const auto path = folder / "points.gltf";
    hyperrig::test::interopWriteText(path, gltf.dump());
    REQUIRE(importGltfThroughMenu(QString::fromStdString(path.string())).isEmpty());
    const auto& report = interop->lastReport();
    REQUIRE_FALSE(report.findings.empty());
    bool pointsAtPrimitive = false;
    for (const auto& [where, what] : report.findings)
        pointsAtPrimitive |= where == QStringLiteral("/meshes/0/primitives/1/mode") &&
                             what.contains(QStringLiteral("points"), Qt::CaseInsensitive);
    CHECK(pointsAtPrimitive);
    CHECK(report.summary.contains(QStringLiteral("import report")));
    CHECK(window.statusBar()->currentMessage() == report.summary);
}

TEST_CASE_METHOD(InteropWindowFixture,
                 "a failed glTF import says where and leaves the open document as it was",
                 "[ui][files][interop]") {
    auto& session = window.session();
    REQUIRE(window.openDocument(hyperrig::test::sampleFile("arm-3d.g4tf")).isEmpty());
    const auto bone = session.document().findNode("LowerArm");
    REQUIRE(session.execute(hyperrig::core::edit::renameNode(bone, std::string("Forearm"))).ok());
    const QString openPath = session.filePath();
    const std::size_t nodes = session.document().nodes.size();

    nlohmann::json gltf =
        hyperrig::test::interopReadJson(hyperrig::test::interopGltfFixture("RiggedSimple.gltf"));
    gltf["nodes"][0]["children"].push_back(42); // a node the file does not have
    hyperrig::test::TemporaryFolder folder;
    const auto path = folder / "broken.gltf";
    hyperrig::test::interopWriteText(path, gltf.dump());

    SECTION("the error names the file and the JSON pointer") {
        const QString error = importGltfThroughMenu(QString::fromStdString(path.string()));
        CHECK(error.contains(QStringLiteral("broken.gltf")));
        CHECK(error.contains(QStringLiteral("/nodes/0/children/2")));
        CHECK(window.statusBar()->currentMessage().contains(QStringLiteral("/nodes/0/children/2")));
        CHECK(session.filePath() == openPath);
        CHECK(session.document().nodes.size() == nodes);
        CHECK(session.document().findNode("Forearm") == bone);
        CHECK(session.isModified());
        CHECK(session.canUndo());
    }
    SECTION("Cancel at the unsaved-changes prompt imports nothing") {
        window.files().setPromptAnswerForTests(hyperrig::ui::DocumentFiles::PromptAnswer::Cancel);
        bool chooserAsked = false;
        interop->setFileChooserForTests([&chooserAsked] {
            chooserAsked = true;
            return hyperrig::test::interopGltfFixture("RiggedSimple.gltf");
        });
        hyperrig::test::triggerAndRun(interop->importGltfAction());
        CHECK_FALSE(chooserAsked); // the prompt comes first, as for Open
        CHECK(session.filePath() == openPath);
        CHECK(session.document().findNode("Forearm") == bone);
    }
}

TEST_CASE_METHOD(InteropWindowFixture, "cancelling a glTF import keeps the open document",
                 "[ui][files][interop]") {
    auto& session = window.session();
    REQUIRE(window.openDocument(hyperrig::test::sampleFile("arm-3d.g4tf")).isEmpty());
    const QString openPath = session.filePath();
    interop->importGltf(hyperrig::test::interopGltfFixture("RiggedSimple.gltf"));
    // One file operation at a time: Open and the other imports wait for this one.
    CHECK(window.files().busy());
    CHECK_FALSE(window.files().open()->isEnabled());
    CHECK_FALSE(interop->importMpfbAction()->isEnabled());
    auto* progress = window.findChild<QProgressDialog*>(QStringLiteral("fileProgressDialog"));
    REQUIRE(progress != nullptr);
    emit progress->canceled(); // its Cancel button; the worker's result arrives later
    CHECK(waitForInterop() == QStringLiteral("cancelled"));
    CHECK(session.filePath() == openPath);
    CHECK_FALSE(session.isModified());
    CHECK_FALSE(window.files().busy());
    CHECK(interop->importGltfAction()->isEnabled());
}

TEST_CASE_METHOD(InteropWindowFixture, "dropping a glTF file on the window imports it",
                 "[ui][files][interop]") {
    const QString source = hyperrig::test::interopGltfFixture("RiggedSimple.gltf");
    QMimeData data;
    data.setUrls({QUrl::fromLocalFile(source)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    CHECK(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    // The import starts from the event loop, after the drop returned.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::MetaCall);
    REQUIRE(waitForInterop().isEmpty());
    CHECK(window.session().importedFrom() == QFileInfo(source).absoluteFilePath());
    CHECK(window.session().document().dimension() == 3);
}
