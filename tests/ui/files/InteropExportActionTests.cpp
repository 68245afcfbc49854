#include "core/base/ThreadPool.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "core/io/gltf/GltfImport.h"
#include "core/ops/CrossSectionMeshes.h"
#include "tests/support/ProcessRunner.h"
#include "tests/support/TextFiles.h"
#include "tests/ui/ReplaceFileAnswerer.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/TriggerAction.h"
#include "tests/ui/files/InteropTestSupport.h"
#include "ui/ViewportWidget.h"
#include "ui/files/GltfExportDialog.h"
#include "ui/files/MpfbExportDialog.h"
#include "ui/files/PathField.h"
#include "ui/session/EditorSession.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QStatusBar>

#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

using hyperrig::test::InteropWindowFixture;
using hyperrig::ui::GltfExportDialog;
using hyperrig::ui::MpfbExportDialog;

namespace {

// The bones' names, sorted; unnamed glTF nodes all show the same display name, so repeats count.
std::multiset<std::string> interopBoneNames(const hyperrig::core::model::Document& document) {
    std::multiset<std::string> names;
    for (const auto id : document.nodes.order())
        if (document.nodes.at(id).isBone())
            names.insert(document.nodes.at(id).displayName());
    return names;
}

} // namespace

TEST_CASE_METHOD(InteropWindowFixture,
                 "File > Export > glTF writes a copy that imports back with the same bones",
                 "[ui][files][interop]") {
    REQUIRE(
        importGltfThroughMenu(hyperrig::test::interopGltfFixture("RiggedSimple.gltf")).isEmpty());
    auto& session = window.session();
    const auto bones = interopBoneNames(session.document());
    REQUIRE(bones.size() == 2);
    hyperrig::test::TemporaryFolder folder;
    const QString exported = QString::fromStdString((folder / "copy.glb").string());
    CHECK(window.findChild<QAction*>(QStringLiteral("exportGltfAction"))->isEnabled());
    const QString error =
        runWithDialog<GltfExportDialog>(interop->exportGltfAction(), [&](GltfExportDialog& dialog) {
            // Proposed beside the source, binary by default.
            CHECK(dialog.path().endsWith(QStringLiteral("RiggedSimple.glb")));
            dialog.fileField()->setPath(exported);
            CHECK(dialog.formatCombo()->currentIndex() == 1);
            dialog.weightsCombo()->setCurrentIndex(1); // unorm16
            dialog.referencePoseCheck()->setChecked(true);
            CHECK(dialog.problem().isEmpty());
            CHECK(dialog.options().weights == hyperrig::core::io::gltf::WeightFormat::Unorm16);
            CHECK(dialog.options().referencePose);
        });
    REQUIRE(error.isEmpty());
    CHECK(window.statusBar()->currentMessage().startsWith(QStringLiteral("Exported copy.glb")));
    // An export is a copy: the document keeps its (lack of a) path and stays unsaved.
    CHECK(session.filePath().isEmpty());
    CHECK(session.isModified());
    QFile file(exported);
    REQUIRE(file.open(QIODevice::ReadOnly));
    CHECK(file.read(4) == QByteArray("glTF")); // the .glb container, by extension
    file.close();

    REQUIRE(importGltfThroughMenu(exported).isEmpty());
    CHECK(interopBoneNames(session.document()) == bones);
}

TEST_CASE_METHOD(InteropWindowFixture,
                 "a failed glTF export says why and leaves no file and the document as it was",
                 "[ui][files][interop]") {
    REQUIRE(window.openDocument(hyperrig::test::sampleFile("arm-3d.g4tf")).isEmpty());
    auto& session = window.session();
    const QString openPath = session.filePath();
    // /proc takes no new files, even for root (as the failed-save test relies on).
    const QString path = QStringLiteral("/proc/hyperrig-interop-test.glb");
    interop->exportGltf(path, {});
    CHECK_FALSE(waitForInterop().isEmpty());
    CHECK(window.statusBar()->currentMessage().startsWith(
        QStringLiteral("Cannot export hyperrig-interop-test.glb")));
    CHECK_FALSE(QFileInfo::exists(path));
    CHECK(session.filePath() == openPath);
    CHECK_FALSE(session.isModified());
    CHECK_FALSE(window.files().busy());
}

TEST_CASE_METHOD(InteropWindowFixture,
                 "MPFB exports 3D documents only; glTF takes a 4D..8D document's cross-section",
                 "[ui][files][interop]") {
    REQUIRE(window.openDocument(hyperrig::test::sampleFile("creature-4d.g4tf")).isEmpty());
    QAction* mpfb = interop->exportMpfbAction();
    CHECK_FALSE(mpfb->isEnabled());
    // The tips say why, for the pointer and for assistive technology.
    CHECK(mpfb->statusTip().contains(QStringLiteral("4D")));
    CHECK(mpfb->toolTip() == mpfb->statusTip());
    QAction* gltf = interop->exportGltfAction();
    CHECK(gltf->isEnabled());
    CHECK(gltf->statusTip().contains(QStringLiteral("cross-section")));
    SECTION("a call that bypasses the menu is refused and writes nothing") {
        hyperrig::test::TemporaryFolder folder;
        const auto path = folder / "creature.json";
        interop->exportMpfb(QString::fromStdString(path.string()), {}, {});
        CHECK(waitForInterop().contains(QStringLiteral("4D")));
        CHECK_FALSE(std::filesystem::exists(path));
    }
    SECTION("a 3D document enables MPFB again, and glTF writes the document itself") {
        hyperrig::test::triggerAndRun(window.files().newDocument3D());
        CHECK(mpfb->isEnabled());
        CHECK(gltf->isEnabled());
        CHECK_FALSE(gltf->statusTip().contains(QStringLiteral("cross-section")));
    }
}

TEST_CASE_METHOD(InteropWindowFixture,
                 "File > Export > glTF of a 4D document writes the cut the viewport shows",
                 "[ui][files][interop]") {
    namespace core = hyperrig::core;
    REQUIRE(window.openDocument(hyperrig::test::sampleFile("creature-4d.g4tf")).isEmpty());
    const auto& document = window.session().document();
    // The reference: the cut computed from the core, at the rest pose the viewport shows, for
    // two slice offsets that cut differently.
    auto rig = core::eval::CompiledRig::compile(document);
    REQUIRE(rig);
    core::eval::EvaluatedRig evaluated;
    REQUIRE(core::eval::evaluateRig(document, *rig, core::eval::Pose{},
                                    core::base::ThreadPool::shared(), evaluated));
    const auto trianglesAt = [&](double offset) {
        core::eval::View4D view;
        view.offset = offset;
        auto meshes = core::ops::crossSectionMeshes(document, *rig, evaluated, view);
        REQUIRE(meshes);
        std::size_t triangles = 0;
        for (const auto& mesh : *meshes)
            triangles += mesh.positions.size() / 9;
        return triangles;
    };
    const std::size_t atZero = trianglesAt(0.0);
    const std::size_t atOffset = trianglesAt(0.12);
    REQUIRE(atOffset > 0);
    REQUIRE(atOffset != atZero);
    window.viewportWidget().overlayState().view.offset = 0.12;

    hyperrig::test::TemporaryFolder folder;
    const QString exported = QString::fromStdString((folder / "cut.glb").string());
    const QString error =
        runWithDialog<GltfExportDialog>(interop->exportGltfAction(), [&](GltfExportDialog& dialog) {
            REQUIRE(dialog.crossSectionLabel() != nullptr);
            CHECK(dialog.crossSectionLabel()->text().contains(QStringLiteral("4D")));
            CHECK_FALSE(dialog.weightsCombo()->isEnabled()); // a static mesh has no skin
            CHECK_FALSE(dialog.referencePoseCheck()->isEnabled());
            dialog.fileField()->setPath(exported);
        });
    REQUIRE(error.isEmpty());
    CHECK(window.statusBar()->currentMessage().contains(QStringLiteral("cross-section")));
    auto read = core::io::readGltf(exported.toStdString());
    REQUIRE(read);
    std::size_t triangles = 0;
    for (const auto id : read->document.meshes.order()) {
        CHECK_FALSE(read->document.mesh(id).skin);
        for (const auto& surface : read->document.mesh(id).surfaces)
            triangles += surface.simplexes ? surface.simplexes->values.size() / 3 : 0;
    }
    CHECK(triangles == atOffset);
    // An export is a copy: the 4D document stays open, unchanged.
    CHECK(window.session().document().dimension() == 4);
    CHECK_FALSE(window.session().isModified());
}

TEST_CASE_METHOD(InteropWindowFixture,
                 "File > Export > MPFB Rig refuses a document without a skeleton",
                 "[ui][files][interop]") {
    hyperrig::test::triggerAndRun(window.files().newDocument3D());
    const QString error =
        runWithDialog<MpfbExportDialog>(interop->exportMpfbAction(), [](MpfbExportDialog&) {});
    CHECK(error.contains(QStringLiteral("no skeleton")));
    CHECK(window.statusBar()->currentMessage().contains(QStringLiteral("no skeleton")));
}

TEST_CASE_METHOD(InteropWindowFixture,
                 "File > Export never proposes the imported file and asks before replacing one",
                 "[ui][files][interop]") {
    REQUIRE(
        importGltfThroughMenu(hyperrig::test::interopGltfFixture("RiggedSimple.gltf")).isEmpty());
    hyperrig::test::TemporaryFolder folder;
    const QString glb = QString::fromStdString((folder / "robot.glb").string());
    REQUIRE(runWithDialog<GltfExportDialog>(interop->exportGltfAction(), [&](GltfExportDialog& d) {
                d.fileField()->setPath(glb);
            }).isEmpty());
    REQUIRE(importGltfThroughMenu(glb).isEmpty()); // the open document now came from robot.glb
    const std::string before = hyperrig::test::readTextFile((folder / "robot.glb"));
    REQUIRE_FALSE(before.empty());

    hyperrig::test::ReplaceFileAnswerer answerer;
    qApp->installEventFilter(&answerer);
    QString proposed;
    std::vector<bool> accepted;
    interop->setDialogDriverForTests([&](QDialog& dialog) {
        auto& exportDialog = dynamic_cast<GltfExportDialog&>(dialog);
        proposed = exportDialog.path();
        exportDialog.fileField()->setPath(glb); // typed over the proposal: the source itself
        answerer.answer = QMessageBox::No;
        dialog.accept();
        accepted.push_back(dialog.result() == QDialog::Accepted);
    });
    hyperrig::test::triggerAndRun(interop->exportGltfAction());
    interop->setDialogDriverForTests({});
    qApp->removeEventFilter(&answerer);
    CHECK(proposed.endsWith(QStringLiteral("/robot-export.glb")));
    CHECK(answerer.shown == 1);
    CHECK(answerer.text == QStringLiteral("robot.glb already exists."));
    CHECK(accepted == std::vector<bool>{false});
    CHECK(finished->isEmpty()); // nothing was exported
    CHECK(hyperrig::test::readTextFile((folder / "robot.glb")) == before);
}
