#include "tests/support/ProcessRunner.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/files/InteropTestSupport.h"
#include "ui/files/GltfExportDialog.h"
#include "ui/files/MpfbExportDialog.h"
#include "ui/files/PathField.h"
#include "ui/session/EditorSession.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QStatusBar>

#include <catch2/catch.hpp>
#include <set>
#include <string>

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

TEST_CASE_METHOD(InteropWindowFixture, "the glTF and MPFB exports are for 3D documents only",
                 "[ui][files][interop]") {
    REQUIRE(window.openDocument(hyperrig::test::sampleFile("creature-4d.g4tf")).isEmpty());
    for (QAction* action : {interop->exportGltfAction(), interop->exportMpfbAction()}) {
        INFO(action->objectName().toStdString());
        CHECK_FALSE(action->isEnabled());
        // The tips say why, for the pointer and for assistive technology.
        CHECK(action->statusTip().contains(QStringLiteral("4D")));
        CHECK(action->toolTip() == action->statusTip());
    }
    SECTION("a call that bypasses the menu is refused and writes nothing") {
        hyperrig::test::TemporaryFolder folder;
        const auto path = folder / "creature.gltf";
        interop->exportGltf(QString::fromStdString(path.string()), {});
        CHECK(waitForInterop().contains(QStringLiteral("4D")));
        CHECK_FALSE(std::filesystem::exists(path));
    }
    SECTION("a 3D document enables them again") {
        hyperrig::test::triggerAndRun(window.files().newDocument3D());
        CHECK(interop->exportGltfAction()->isEnabled());
        CHECK(interop->exportMpfbAction()->isEnabled());
    }
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
