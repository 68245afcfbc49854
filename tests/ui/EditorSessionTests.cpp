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

namespace {

// Two controls answering openEditsMustFinish, as the Inspector's Name (typed text, no
// transaction) and a number field being typed into (a transaction) do.
struct OpenEditsFixture {
    ui::EditorSession session;
    QObject typedName; // holds a name it has not applied
    QObject fieldRun;  // holds a transaction
    QString nameToApply = QStringLiteral("Backbone");
    bool nameRefused = false; // refuse to finish, keeping the text, as a taken name is
    bool applying = false;
    NodeId spine;

    OpenEditsFixture() {
        REQUIRE(session.openFile(test::sampleFile("creature-4d.g4tf")).ok());
        spine = session.document().findNode("Spine");
        // Connected first, as the Inspector's Name is created before its transform fields.
        QObject::connect(&session, &ui::EditorSession::openEditsMustFinish, &typedName, [this] {
            if (applying)
                return;
            applying = true;
            if (nameRefused) {
                session.refuseToFinish(QStringLiteral("the name is taken"));
            } else {
                auto renamed = session.execute(
                    core::edit::renameNode(spine, nameToApply.toStdString()), &typedName);
                CHECK(renamed.ok());
                session.setUncommittedEdit(&typedName, false);
            }
            applying = false;
        });
        QObject::connect(&session, &ui::EditorSession::openEditsMustFinish, &fieldRun, [this] {
            if (session.inTransaction())
                session.commitTransaction();
        });
    }
    void startFieldRun() {
        session.beginTransaction("Set Position", &fieldRun);
        core::model::NodeTransform moved = session.document().node(spine).transform;
        moved.position[0] = 0.25;
        REQUIRE(session.execute(core::edit::setTransform(spine, moved), &fieldRun).ok());
    }
};

} // namespace

TEST_CASE("a typed name applied while another control's run is open is a step of its own",
          "[ui][session]") {
    // The name's rename first ends the other control's run (a nested finishOpenEdits); it ran
    // inside that run's transaction when the nested call ended nothing.
    OpenEditsFixture f;
    const std::size_t steps = f.session.history().undoCount();
    f.startFieldRun();
    f.session.setUncommittedEdit(&f.typedName, true);
    REQUIRE(f.session.execute(core::edit::setVisible(f.spine, false)).ok());
    CHECK(f.session.history().undoCount() == steps + 3);
    CHECK(f.session.undoName() == "Set Visible");
    f.session.undo();
    CHECK(f.session.document().node(f.spine).displayName() == "Backbone");
    f.session.undo(); // the rename alone
    CHECK(f.session.document().node(f.spine).displayName() == "Spine");
    CHECK(f.session.document().node(f.spine).transform.position[0] == 0.25);
}

TEST_CASE("a refused typed name stops commands, not the steps of a run already under way",
          "[ui][session]") {
    OpenEditsFixture f;
    f.nameRefused = true;
    f.session.setUncommittedEdit(&f.typedName, true);
    const std::size_t steps = f.session.history().undoCount();
    auto refused = f.session.execute(core::edit::setVisible(f.spine, false));
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message() == "the name is taken");
    CHECK(f.session.history().undoCount() == steps);

    // A run that began anyway (its control took no focus from the name) goes on step by step.
    f.startFieldRun();
    core::model::NodeTransform further = f.session.document().node(f.spine).transform;
    further.position[0] = 0.5;
    CHECK(f.session.execute(core::edit::setTransform(f.spine, further), &f.fieldRun).ok());
    f.session.commitTransaction();
    CHECK(f.session.document().node(f.spine).transform.position[0] == 0.5);
    CHECK(f.session.history().undoCount() == steps + 1);
    // A refusal leaves nothing behind for a later finish once the name is given up.
    f.session.setUncommittedEdit(&f.typedName, false);
    f.nameRefused = false;
    CHECK(f.session.finishOpenEdits().ok());
}
