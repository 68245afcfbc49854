#include "core/model/NewDocument.h"
#include "tests/support/ProcessRunner.h"
#include "tests/ui/SessionTestSupport.h"
#include "ui/session/EditorSession.h"

#include <QSignalSpy>

#include <catch2/catch.hpp>

using hyperrig::ui::EditorSession;

// Decision 0038: an import is untitled and unsaved until it is saved as G4MF.
TEST_CASE("an imported document is untitled and modified until it is saved",
          "[ui][session][interop]") {
    EditorSession session;
    REQUIRE(session.openFile(hyperrig::test::sampleFile("arm-3d.g4tf")).ok());
    QSignalSpy modified(&session, &EditorSession::modifiedChanged);
    QSignalSpy pathChanged(&session, &EditorSession::filePathChanged);
    session.adoptImportedDocument(hyperrig::core::model::newDocument(3),
                                  QStringLiteral("/data/models/Fox.glb"));
    CHECK(session.filePath().isEmpty());
    CHECK(session.importedFrom() == QStringLiteral("/data/models/Fox.glb"));
    CHECK(session.displayName() == QStringLiteral("Fox.glb (imported)"));
    CHECK(session.suggestedSavePath() == QStringLiteral("/data/models/Fox.g4tf"));
    CHECK(session.isModified());
    CHECK_FALSE(session.canUndo()); // nothing to undo: the import is where history starts
    REQUIRE(modified.size() == 1);
    CHECK(modified.takeFirst().at(0).toBool());
    CHECK(pathChanged.size() >= 1);

    SECTION("opening another file forgets the import") {
        REQUIRE(session.openFile(hyperrig::test::sampleFile("arm-3d.g4tf")).ok());
        CHECK(session.importedFrom().isEmpty());
        CHECK_FALSE(session.isModified());
        CHECK(session.displayName() == QStringLiteral("arm-3d.g4tf"));
    }
    SECTION("closing forgets it too") {
        session.closeDocument();
        CHECK(session.importedFrom().isEmpty());
        CHECK_FALSE(session.isModified());
    }
    SECTION("a saved G4MF file is proposed as itself again") {
        hyperrig::test::TemporaryFolder folder;
        const QString saved = QString::fromStdString((folder / "fox.g4tf").string());
        REQUIRE(session.saveAs(saved, {}).ok());
        CHECK(session.suggestedSavePath() == session.filePath());
        CHECK_FALSE(session.isModified());
        CHECK(modified.size() == 1);
    }
}
