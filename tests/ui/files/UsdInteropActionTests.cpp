// File > Import > UsdSkel and File > Export > UsdSkel: .usda through the menu actions, the file
// chooser and export dialog answered through InteropFiles' test hooks.

#include "core/base/ThreadPool.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "core/io/usd/UsdImport.h"
#include "core/ops/CrossSectionMeshes.h"
#include "tests/core/io/usd/UsdTestSupport.h"
#include "tests/support/ProcessRunner.h"
#include "tests/ui/MessageBoxAnswerer.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/files/InteropTestSupport.h"
#include "ui/ViewportWidget.h"
#include "ui/files/ImportReport.h"
#include "ui/files/PathField.h"
#include "ui/files/UsdExportDialog.h"
#include "ui/session/EditorSession.h"

#include <QApplication>
#include <QEvent>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QMetaObject>
#include <QStatusBar>
#include <QTreeWidget>

#include <catch2/catch.hpp>
#include <optional>
#include <string>

using hyperrig::test::InteropWindowFixture;
using hyperrig::ui::UsdExportDialog;

namespace {

QString usdInteropData(const char* name) {
    return QString::fromStdString(hyperrig::test::usdData(name).string());
}

// The report windows open now.
QList<hyperrig::ui::ImportReportDialog*> visibleReports() {
    QList<hyperrig::ui::ImportReportDialog*> reports;
    for (QWidget* widget : QApplication::topLevelWidgets())
        if (auto* report = qobject_cast<hyperrig::ui::ImportReportDialog*>(widget);
            report && report->isVisible())
            reports.push_back(report);
    return reports;
}

} // namespace

TEST_CASE_METHOD(InteropWindowFixture,
                 "File > Import > UsdSkel opens a .usda file with its skeleton and animation",
                 "[ui][files][interop][usd]") {
    auto* importMenu = window.findChild<QMenu*>(QStringLiteral("importMenu"));
    REQUIRE(importMenu != nullptr);
    CHECK(importMenu->actions().contains(interop->importUsdaAction()));
    interop->setFileChooserForTests([] { return usdInteropData("skinnedArm.usda"); });
    hyperrig::test::triggerAndRun(interop->importUsdaAction());
    REQUIRE(waitForInterop().isEmpty());
    auto& session = window.session();
    REQUIRE(session.hasDocument());
    // skinnedArm.usda: joints Shoulder, Elbow, Hand; one SkelAnimation "Anim".
    CHECK(hyperrig::test::interopBoneCount(session.document()) == 3);
    CHECK(session.animationNames() == std::vector<std::string>{"Anim"});
    CHECK(session.importedFrom().endsWith(QStringLiteral("skinnedArm.usda")));
    CHECK(session.filePath().isEmpty()); // Save asks for a G4MF file
    CHECK(window.statusBar()->currentMessage().startsWith(
        QStringLiteral("Imported skinnedArm.usda (UsdSkel)")));
}

TEST_CASE_METHOD(InteropWindowFixture,
                 "a refused .usda import names the line and column and keeps the open document",
                 "[ui][files][interop][usd]") {
    REQUIRE(window.openDocument(hyperrig::test::sampleFile("creature-4d.g4tf")).isEmpty());
    const std::size_t bones = hyperrig::test::interopBoneCount(window.session().document());
    hyperrig::test::TemporaryFolder folder;
    // Line 3, column 15: a ')' where the value of x should be.
    hyperrig::test::interopWriteText(folder / "bad.usda",
                                     "#usda 1.0\ndef Xform \"A\" {\n    float x = )\n}\n");
    const QString path = QString::fromStdString((folder / "bad.usda").string());
    interop->setFileChooserForTests([path] { return path; });
    hyperrig::test::triggerAndRun(interop->importUsdaAction());
    const QString error = waitForInterop();
    INFO(error.toStdString());
    CHECK(error.contains(QStringLiteral("bad.usda:3:15:")));
    CHECK(window.session().document().dimension() == 4);
    CHECK(hyperrig::test::interopBoneCount(window.session().document()) == bones);
    CHECK_FALSE(window.session().isModified());
}

TEST_CASE_METHOD(InteropWindowFixture,
                 "File > Export > UsdSkel writes a 3D document that imports back the same",
                 "[ui][files][interop][usd]") {
    interop->setFileChooserForTests([] { return usdInteropData("skinnedArm.usda"); });
    hyperrig::test::triggerAndRun(interop->importUsdaAction());
    REQUIRE(waitForInterop().isEmpty());
    auto* exportMenu = window.findChild<QMenu*>(QStringLiteral("exportMenu"));
    REQUIRE(exportMenu != nullptr);
    CHECK(exportMenu->actions().contains(interop->exportUsdaAction()));
    CHECK(interop->exportUsdaAction()->isEnabled());
    hyperrig::test::TemporaryFolder folder;
    const QString exported = QString::fromStdString((folder / "copy.usda").string());
    const QString error =
        runWithDialog<UsdExportDialog>(interop->exportUsdaAction(), [&](UsdExportDialog& dialog) {
            // Never proposed over the file it was imported from.
            CHECK(dialog.path().endsWith(QStringLiteral(".usda")));
            CHECK(dialog.path().endsWith(QStringLiteral("/skinnedArm-export.usda")));
            CHECK(dialog.crossSectionLabel() == nullptr);
            dialog.fileField()->setPath(QString::fromStdString((folder / "copy.usdc").string()));
            CHECK_FALSE(dialog.problem().isEmpty()); // text .usda only
            dialog.fileField()->setPath(exported);
            CHECK(dialog.problem().isEmpty());
        });
    REQUIRE(error.isEmpty());
    CHECK(window.statusBar()->currentMessage().startsWith(QStringLiteral("Exported copy.usda")));
    CHECK(window.session().isModified()); // a copy: the import stays unsaved
    auto read = hyperrig::core::io::readUsda(exported.toStdString());
    INFO((read ? std::string() : read.error().message()));
    REQUIRE(read);
    CHECK(hyperrig::test::interopBoneCount(read->document) == 3);
}

TEST_CASE_METHOD(InteropWindowFixture,
                 "File > Export > UsdSkel of a 4D document writes the cut the viewport shows",
                 "[ui][files][interop][usd]") {
    namespace core = hyperrig::core;
    REQUIRE(window.openDocument(hyperrig::test::sampleFile("creature-4d.g4tf")).isEmpty());
    const auto& document = window.session().document();
    CHECK(interop->exportUsdaAction()->isEnabled());
    CHECK(interop->exportUsdaAction()->statusTip().contains(QStringLiteral("cross-section")));
    // The reference: the core's cut at the rest pose the viewport shows, at the overlay's offset.
    auto rig = core::eval::CompiledRig::compile(document);
    REQUIRE(rig);
    core::eval::EvaluatedRig evaluated;
    REQUIRE(core::eval::evaluateRig(document, *rig, core::eval::Pose{},
                                    core::base::ThreadPool::shared(), evaluated));
    core::eval::View4D view;
    view.offset = 0.12;
    auto meshes = core::ops::crossSectionMeshes(document, *rig, evaluated, view);
    REQUIRE(meshes);
    std::size_t expected = 0;
    for (const auto& mesh : *meshes)
        expected += mesh.positions.size() / 9;
    REQUIRE(expected > 0);
    window.viewportWidget().overlayState().view.offset = 0.12;

    hyperrig::test::TemporaryFolder folder;
    const QString exported = QString::fromStdString((folder / "cut.usda").string());
    const QString error =
        runWithDialog<UsdExportDialog>(interop->exportUsdaAction(), [&](UsdExportDialog& dialog) {
            REQUIRE(dialog.crossSectionLabel() != nullptr);
            CHECK(dialog.crossSectionLabel()->text().contains(QStringLiteral("4D")));
            CHECK(dialog.crossSectionLabel()->text().contains(QStringLiteral("cross-section")));
            dialog.fileField()->setPath(exported);
        });
    REQUIRE(error.isEmpty());
    CHECK(window.statusBar()->currentMessage().contains(QStringLiteral("cross-section")));
    auto read = core::io::readUsda(exported.toStdString());
    INFO((read ? std::string() : read.error().message()));
    REQUIRE(read);
    std::size_t triangles = 0;
    for (const auto id : read->document.meshes.order())
        for (const auto& surface : read->document.mesh(id).surfaces)
            triangles += surface.simplexes ? surface.simplexes->values.size() / 3 : 0;
    CHECK(triangles == expected);
    CHECK(window.session().document().dimension() == 4);
    CHECK_FALSE(window.session().isModified());
}

TEST_CASE_METHOD(InteropWindowFixture,
                 "File > Export > UsdSkel says what the .usda file does not hold",
                 "[ui][files][interop][usd]") {
    // RiggedSimple has normals and a material, which the .usda writer leaves out with a warning.
    REQUIRE(
        importGltfThroughMenu(hyperrig::test::interopGltfFixture("RiggedSimple.gltf")).isEmpty());
    hyperrig::test::TemporaryFolder folder;
    const QString exported = QString::fromStdString((folder / "simple.usda").string());
    const QString error =
        runWithDialog<UsdExportDialog>(interop->exportUsdaAction(), [&](UsdExportDialog& dialog) {
            dialog.fileField()->setPath(exported);
        });
    REQUIRE(error.isEmpty());
    const QString message = window.statusBar()->currentMessage();
    INFO(message.toStdString());
    CHECK(message.startsWith(QStringLiteral("Exported simple.usda")));
    CHECK(message.contains(QStringLiteral("not written")));
    CHECK(hyperrig::core::io::readUsda(exported.toStdString()));
}

TEST_CASE_METHOD(
    InteropWindowFixture,
    "the UsdSkel export report opens once the file is written, never for a failed write",
    "[ui][files][interop][usd]") {
    // RiggedSimple's normals and material are left out of .usda, each with a warning.
    REQUIRE(
        importGltfThroughMenu(hyperrig::test::interopGltfFixture("RiggedSimple.gltf")).isEmpty());
    window.files().setPromptAnswerForTests(hyperrig::ui::DocumentFiles::PromptAnswer::Ask);
    int reportsOpenMeanwhile = 0; // report windows open when a message box came
    std::optional<hyperrig::test::MessageBoxAnswerer> closer(std::in_place, [&](QMessageBox&) {
        reportsOpenMeanwhile += static_cast<int>(visibleReports().size());
        return QMessageBox::Ok;
    });

    // /proc takes no new files, even for root: the write fails after the encoding's warnings.
    interop->exportUsda(QStringLiteral("/proc/hyperrig-usd-report-test.usda"));
    CHECK_FALSE(waitForInterop().isEmpty());
    REQUIRE(closer->texts.size() == 1); // the failure, said in a message box
    CHECK(reportsOpenMeanwhile == 0);
    CHECK(visibleReports().isEmpty());
    CHECK_FALSE(interop->lastReport().summary.startsWith(QStringLiteral("Exported")));

    hyperrig::test::TemporaryFolder folder;
    const QString exported = QString::fromStdString((folder / "simple.usda").string());
    interop->exportUsda(exported);
    REQUIRE(waitForInterop().isEmpty());
    CHECK(closer->texts.size() == 1); // no box for the written file
    closer.reset();
    const auto reports = visibleReports();
    REQUIRE(reports.size() == 1);
    CHECK(reports.front()->windowTitle() == QStringLiteral("UsdSkel Export Report"));
    const hyperrig::ui::ImportReport& report = interop->lastReport();
    CHECK(report.summary.startsWith(QStringLiteral("Exported simple.usda with")));
    CHECK(reports.front()->findings()->topLevelItemCount() ==
          static_cast<int>(report.findings.size()));
    CHECK_FALSE(report.findings.empty());
    CHECK(QFileInfo::exists(exported));
    for (auto* open : reports)
        open->close();
    window.files().setPromptAnswerForTests(hyperrig::ui::DocumentFiles::PromptAnswer::Discard);
}
