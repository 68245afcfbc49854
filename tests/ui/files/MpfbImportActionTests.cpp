#include "tests/support/ProcessRunner.h"
#include "tests/ui/files/InteropTestSupport.h"
#include "ui/files/MpfbExportDialog.h"
#include "ui/files/MpfbImportDialog.h"
#include "ui/files/PathField.h"
#include "ui/session/EditorSession.h"

#include <QDir>

#include <catch2/catch.hpp>

using hyperrig::test::interopMpfbData;
using hyperrig::test::InteropWindowFixture;
using hyperrig::ui::MpfbExportDialog;
using hyperrig::ui::MpfbImportDialog;

namespace {

// MPFB keeps the bones either as the whole object (v100) or under "bones" (v110).
std::size_t mpfbJsonBoneCount(const nlohmann::json& rig) {
    return rig.contains("bones") && rig.at("bones").is_object() ? rig.at("bones").size()
                                                                : rig.size();
}

} // namespace

TEST_CASE("the MPFB import dialog finds the files MakeHuman keeps around a rig",
          "[ui][files][interop]") {
    const QString rig = interopMpfbData("rigs/standard/rig.openpose.json");
    const auto guess = hyperrig::ui::mpfbCompanionFiles(rig);
    CHECK(guess.baseMesh == QDir::cleanPath(interopMpfbData("3dobjs/base.obj")));
    CHECK(guess.vertexGroups ==
          QDir::cleanPath(interopMpfbData("mesh_metadata/basemesh_vertex_groups.json")));
    CHECK(guess.weights == QDir::cleanPath(interopMpfbData("rigs/standard/weights.openpose.json")));
    // No weights file is shipped for this rig: the optional field stays empty.
    CHECK(hyperrig::ui::mpfbCompanionFiles(interopMpfbData("rigs/standard/rig.mixamo.json"))
              .weights.isEmpty());

    MpfbImportDialog dialog({});
    CHECK_FALSE(dialog.problem().isEmpty()); // nothing chosen: Import is disabled
    dialog.rigField()->setPath(rig);
    CHECK(dialog.paths().baseMesh == guess.baseMesh);
    CHECK(dialog.problem().isEmpty());
    SECTION("a file the user chose is not replaced by a guess") {
        dialog.weightsField()->setPath(QString());
        dialog.rigField()->setPath(interopMpfbData("rigs/standard/rig.game_engine.json"));
        CHECK(dialog.paths().weights ==
              QDir::cleanPath(interopMpfbData("rigs/standard/weights.game_engine.json")));
        dialog.weightsField()->setPath(guess.weights);
        dialog.rigField()->setPath(interopMpfbData("rigs/standard/rig.mixamo.json"));
        CHECK(dialog.paths().weights == guess.weights);
    }
    SECTION("a missing required file disables Import and says which") {
        dialog.vertexGroupsField()->setPath(QStringLiteral("/nonexistent/groups.json"));
        CHECK(dialog.problem().contains(QStringLiteral("vertex groups")));
    }
}

TEST_CASE_METHOD(InteropWindowFixture,
                 "File > Import > MPFB Rig places the shipped rig and exports it back",
                 "[ui][files][interop]") {
    const QString rig = interopMpfbData("rigs/standard/rig.openpose.json");
    const std::size_t bones = mpfbJsonBoneCount(hyperrig::test::interopReadJson(rig));
    REQUIRE(bones == 24);
    const QString error =
        runWithDialog<MpfbImportDialog>(interop->importMpfbAction(), [&](MpfbImportDialog& dialog) {
            // Only the rig is chosen: the rest comes from the data layout, weights included.
            dialog.rigField()->setPath(rig);
            REQUIRE(dialog.problem().isEmpty());
        });
    REQUIRE(error.isEmpty());
    auto& session = window.session();
    CHECK(hyperrig::test::interopBoneCount(session.document()) == bones);
    CHECK(session.document().meshes.size() == 1); // the skinned body, from the weights
    CHECK(session.filePath().isEmpty());
    CHECK(session.isModified());
    CHECK(interop->lastReport().summary.contains(QStringLiteral("24 bones")));

    hyperrig::test::TemporaryFolder folder;
    const QString exported = QString::fromStdString((folder / "rig.openpose.json").string());
    const QString written =
        runWithDialog<MpfbExportDialog>(interop->exportMpfbAction(), [&](MpfbExportDialog& dialog) {
            // The import's base mesh is offered for matching moved bones.
            CHECK(dialog.baseMesh() == QDir::cleanPath(interopMpfbData("3dobjs/base.obj")));
            dialog.fileField()->setPath(exported);
            REQUIRE(dialog.problem().isEmpty());
        });
    REQUIRE(written.isEmpty());
    CHECK(mpfbJsonBoneCount(hyperrig::test::interopReadJson(exported)) == bones);
    CHECK(session.filePath().isEmpty());
    CHECK(session.isModified());
}

TEST_CASE_METHOD(InteropWindowFixture, "an MPFB import reports the bones it renamed",
                 "[ui][files][interop]") {
    MpfbImportDialog dialog({});
    dialog.rigField()->setPath(interopMpfbData("rigs/standard/rig.default.json"));
    auto paths = dialog.paths();
    paths.weights.clear(); // the skeleton only
    interop->importMpfb(paths);
    REQUIRE(waitForInterop().isEmpty());
    bool upperArm = false;
    for (const auto& [where, what] : interop->lastReport().findings)
        upperArm |= where == QStringLiteral("upperarm01.L") &&
                    what.contains(QStringLiteral("upperarm01_L"));
    CHECK(upperArm);
    CHECK(window.session().document().findNode("upperarm01_L"));
}

TEST_CASE_METHOD(InteropWindowFixture,
                 "a refused MPFB import keeps its files in the dialog, to fix the one at fault",
                 "[ui][files][interop]") {
    hyperrig::test::TemporaryFolder folder;
    const QString rig = QString::fromStdString((folder / "rig.broken.json").string());
    hyperrig::test::interopWriteText(folder / "rig.broken.json", "{\"bones\": [");
    const QString baseMesh = QDir::cleanPath(interopMpfbData("3dobjs/base.obj"));
    const QString groups =
        QDir::cleanPath(interopMpfbData("mesh_metadata/basemesh_vertex_groups.json"));
    const QString error =
        runWithDialog<MpfbImportDialog>(interop->importMpfbAction(), [&](MpfbImportDialog& dialog) {
            dialog.rigField()->setPath(rig);
            dialog.baseMeshField()->setPath(baseMesh);
            dialog.vertexGroupsField()->setPath(groups);
            REQUIRE(dialog.problem().isEmpty());
        });
    CHECK_FALSE(error.isEmpty());

    hyperrig::ui::MpfbImportPaths shown;
    interop->setDialogDriverForTests([&](QDialog& dialog) {
        shown = dynamic_cast<MpfbImportDialog&>(dialog).paths();
        dialog.reject();
    });
    hyperrig::test::triggerAndRun(interop->importMpfbAction());
    interop->setDialogDriverForTests({});
    CHECK(shown.rig == rig);
    CHECK(shown.baseMesh == baseMesh);
    CHECK(shown.vertexGroups == groups);
}
