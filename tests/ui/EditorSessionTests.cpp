#include "core/edit/commands/NodeCommands.h"
#include "core/model/DocumentEquality.h"
#include "core/ops/DimensionLiftCommand.h"
#include "tests/support/ProcessRunner.h"
#include "tests/ui/SessionTestSupport.h"
#include "ui/session/EditorSession.h"

#include <QSignalSpy>

#include <catch2/catch.hpp>
#include <filesystem>

using namespace hyperrig;
using core::model::NodeId;
using hyperrig::test::addBone;
using hyperrig::test::addSkeleton;

TEST_CASE("the session holds one document, its history, selection and pose", "[ui][session]") {
    ui::EditorSession session;
    CHECK_FALSE(session.hasDocument());
    QSignalSpy replaced(&session, &ui::EditorSession::documentReplaced);
    QSignalSpy changed(&session, &ui::EditorSession::changed);
    QSignalSpy modified(&session, &ui::EditorSession::modifiedChanged);
    QSignalSpy selection(&session, &ui::EditorSession::selectionChanged);

    session.newDocument(4);
    REQUIRE(session.hasDocument());
    CHECK(replaced.count() == 1);
    CHECK(session.document().dimension() == 4);
    CHECK(session.document().node(session.document().root()).displayName() == "Scene");
    CHECK(session.displayName() == "Untitled");
    CHECK_FALSE(session.isModified());

    const NodeId skeleton = addSkeleton(session, "Rig");
    const NodeId hips = addBone(session, skeleton, "Hips");
    const NodeId spine = addBone(session, hips, "Spine");
    CHECK(changed.count() == 3);
    CHECK(session.isModified());
    CHECK(modified.count() == 1);
    CHECK(session.undoName() == "Add Bone");
    REQUIRE(session.rig() != nullptr);

    SECTION("selection is ordered, without repeats, and ids an undo removes drop out") {
        session.select({hips, spine, hips});
        CHECK(session.selection() == std::vector<NodeId>{hips, spine});
        CHECK(session.currentNode() == spine);
        const auto before = selection.count();
        session.undo(); // removes Spine
        CHECK(session.selection() == std::vector<NodeId>{hips});
        CHECK(session.currentNode() == hips);
        CHECK(selection.count() == before + 1);
    }
    SECTION("the pose is preview state: not an edit, and bones that go leave it") {
        session.setBoneRotation(spine, core::eval::PlaneAngles{10.0, 20.0});
        CHECK_FALSE(session.canRedo());
        CHECK(session.history().undoCount() == 3);
        session.undo();
        CHECK(session.bonePoses().empty());
    }
    SECTION("going to a history step undoes or redoes to it; back at the start is clean") {
        session.goToStep(0);
        CHECK(session.document().nodes.size() == 1);
        CHECK_FALSE(session.isModified());
        session.goToStep(2);
        CHECK(session.document().nodes.size() == 3);
        CHECK(session.canRedo());
    }
    SECTION("saving marks the document clean; reopening gives the same document") {
        test::TemporaryFolder folder;
        const QString path = QString::fromStdString((folder.path() / "rig.g4tf").string());
        auto saved = session.saveAs(path, {});
        REQUIRE(saved.ok());
        CHECK_FALSE(session.isModified());
        CHECK(session.displayName() == "rig.g4tf");
        // Documents are not copyable: compare the session's own, before the undo below.
        ui::EditorSession other;
        REQUIRE(other.openFile(path).ok());
        CHECK(core::model::firstDifference(session.document(), other.document()) == std::nullopt);
        session.undo(); // back past the save: modified again
        CHECK(session.isModified());
    }
    SECTION("a refused edit changes nothing and says why") {
        const std::size_t steps = session.history().undoCount();
        auto refused = session.execute(core::edit::renameNode(spine, std::string("Bad.Name")));
        REQUIRE_FALSE(refused.ok());
        CHECK(session.document().node(spine).displayName() == "Spine");
        CHECK(session.history().undoCount() == steps);
    }
    SECTION("a failed open keeps the open document") {
        auto failed = session.openFile(QStringLiteral("/nonexistent/folder/x.g4tf"));
        REQUIRE_FALSE(failed.ok());
        CHECK(session.document().findNode("Spine") == spine);
    }
}

TEST_CASE("a command that swaps the whole document makes every view rebuild", "[ui][session]") {
    ui::EditorSession session;
    REQUIRE(
        session.openFile(QStringLiteral(HYPERRIG_SOURCE_DIR "/assets/samples/arm-3d.g4tf")).ok());
    QSignalSpy replaced(&session, &ui::EditorSession::documentReplaced);
    QSignalSpy changed(&session, &ui::EditorSession::changed);
    auto lift = core::ops::liftTo4DCommand(session.document(), {0.01}); // a thin slab
    REQUIRE(lift.ok());
    REQUIRE(session.execute(std::move(*lift)).ok());
    CHECK(session.document().dimension() == 4);
    CHECK(replaced.count() == 1); // the views reset as for an opened document
    CHECK(changed.isEmpty());
    CHECK(session.rig() != nullptr);
    CHECK(session.canUndo()); // the history stays
    session.undo();
    CHECK(session.document().dimension() == 3);
    CHECK(replaced.count() == 2);
}
