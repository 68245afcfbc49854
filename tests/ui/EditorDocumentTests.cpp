#include "core/edit/commands/NodeCommands.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "tests/support/ProcessRunner.h"
#include "tests/support/TextFiles.h"
#include "tests/ui/MessageBoxAnswerer.h"
#include "tests/ui/ReplaceFileAnswerer.h"
#include "tests/ui/TriggerAction.h"
#include "ui/MainWindow.h"
#include "ui/ViewportWidget.h"
#include "ui/actions/NodeActions.h"
#include "ui/files/DocumentFiles.h"
#include "ui/files/SaveAsDialog.h"
#include "ui/panels/outliner/OutlinerModel.h"
#include "ui/panels/outliner/OutlinerPanel.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/NumberField.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDialog>
#include <QDir>
#include <QDockWidget>
#include <QDropEvent>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QMetaObject>
#include <QMimeData>
#include <QProgressDialog>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QUrl>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>

using hyperrig::core::model::NodeId;
using hyperrig::ui::DocumentFiles;
using hyperrig::ui::EditorSession;
using hyperrig::ui::MainWindow;

namespace {

// The document as a save writes it (G4MF text): documents are not copyable, their files are, and
// two documents with the same file are the same to a user.
std::string encodedText(const hyperrig::core::model::Document& document) {
    auto encoded =
        hyperrig::core::io::encodeG4mf(document, hyperrig::core::io::G4mfContainer::Text, {});
    REQUIRE(encoded.ok());
    return std::string(reinterpret_cast<const char*>(encoded->file.data()), encoded->file.size());
}

QString samplePath(const char* name) {
    return QStringLiteral(HYPERRIG_SOURCE_DIR "/assets/samples/") + QString::fromUtf8(name);
}

QAction* action(MainWindow& window, const char* objectName) {
    auto* found = window.findChild<QAction*>(QString::fromLatin1(objectName));
    INFO(objectName);
    REQUIRE(found != nullptr);
    return found;
}

// Waits for DocumentFiles' worker to end (its finished signal, spied on by `finished`) and returns
// the error, "" for success.
QString waitForFiles(QSignalSpy& finished) {
    if (finished.isEmpty())
        REQUIRE(finished.wait(60000));
    const QString error = finished.takeFirst().at(0).toString();
    return error;
}

} // namespace

TEST_CASE("a new 4D rig is authored, saved and reopened equal", "[ui][editor][files]") {
    MainWindow window;
    EditorSession& session = window.session();
    hyperrig::test::triggerAndRun(action(window, "new4DAction"));
    REQUIRE(session.hasDocument());
    CHECK(session.document().dimension() == 4);
    CHECK(session.document().nodes.size() == 1);
    CHECK(session.document().node(session.document().root()).displayName() == "Scene");
    CHECK(window.windowTitle().startsWith(QStringLiteral("Untitled")));

    action(window, "addSkeletonAction")->trigger();
    const NodeId skeleton = session.currentNode();
    REQUIRE(session.document().node(skeleton).isSkeleton());
    action(window, "addChildBoneAction")->trigger();
    const NodeId hips = session.currentNode();
    action(window, "addChildBoneAction")->trigger();
    const NodeId spine = session.currentNode();
    CHECK(session.document().node(spine).parent == hips);
    CHECK(session.document().node(hips).parent == skeleton);
    REQUIRE(session.execute(hyperrig::core::edit::renameNode(spine, std::string("Spine"))).ok());
    CHECK(session.isModified());
    CHECK(window.isWindowModified());
    CHECK(action(window, "undoAction")->text() == QStringLiteral("&Undo Rename Node"));

    hyperrig::test::TemporaryFolder folder;
    const QString path = QString::fromStdString((folder / "arm.g4tf").string());
    QSignalSpy finished(&window.files(), &DocumentFiles::finished);
    window.files().saveTo(path, {});
    REQUIRE(waitForFiles(finished).isEmpty());
    CHECK_FALSE(session.isModified());
    CHECK_FALSE(window.isWindowModified());
    CHECK(window.windowTitle().startsWith(QStringLiteral("arm.g4tf")));
    CHECK(window.files().recentFiles().front() == QFileInfo(path).absoluteFilePath());

    const std::string saved = encodedText(session.document());
    MainWindow other;
    REQUIRE(other.openDocument(path).isEmpty());
    CHECK(encodedText(*other.document()) == saved);

    SECTION("undoing back to the saved state clears the modified mark") {
        REQUIRE(
            session.execute(hyperrig::core::edit::renameNode(hips, std::string("Pelvis"))).ok());
        CHECK(window.isWindowModified());
        session.undo();
        CHECK_FALSE(window.isWindowModified());
    }
}

TEST_CASE("unsaved changes prompt before the document goes", "[ui][editor][files]") {
    MainWindow window;
    REQUIRE(window.openDocument(samplePath("arm-3d.g4tf")).isEmpty());
    EditorSession& session = window.session();
    const NodeId bone = session.document().findNode("LowerArm");
    REQUIRE(bone);
    REQUIRE(session.execute(hyperrig::core::edit::renameNode(bone, std::string("Forearm"))).ok());
    window.show();

    SECTION("Cancel keeps the window and the document") {
        window.files().setPromptAnswerForTests(DocumentFiles::PromptAnswer::Cancel);
        CHECK_FALSE(window.close());
        CHECK(window.isVisible());
        hyperrig::test::triggerAndRun(action(window, "new4DAction"));
        CHECK(session.document().dimension() == 3);
        CHECK(session.document().findNode("Forearm") == bone);
    }
    SECTION("an action that may ask runs from the event loop, after trigger() returns") {
        // A press through AT-SPI waits for trigger() to return; a prompt's event loop inside it
        // would hold that reply back (ui/actions/MakeAction.h).
        window.files().setPromptAnswerForTests(DocumentFiles::PromptAnswer::Discard);
        action(window, "new3DAction")->trigger();
        CHECK(session.document().findNode("Forearm") == bone);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::MetaCall);
        CHECK(session.document().nodes.size() == 1);
    }
    SECTION("Discard lets the new document replace it") {
        window.files().setPromptAnswerForTests(DocumentFiles::PromptAnswer::Discard);
        hyperrig::test::triggerAndRun(action(window, "new3DAction"));
        CHECK(session.document().nodes.size() == 1);
        CHECK(window.close());
    }
    SECTION("Save writes the file before closing") {
        hyperrig::test::TemporaryFolder folder;
        const QString copy = QString::fromStdString((folder / "arm.g4tf").string());
        REQUIRE(session.saveAs(copy, {}).ok());
        REQUIRE(session.execute(hyperrig::core::edit::renameNode(bone, std::string("Ulna"))).ok());
        window.files().setPromptAnswerForTests(DocumentFiles::PromptAnswer::Save);
        CHECK(window.close());
        MainWindow reopened;
        REQUIRE(reopened.openDocument(copy).isEmpty());
        CHECK(reopened.document()->findNode("Ulna"));
    }
}

TEST_CASE("a failed save says why and changes neither the document nor the file",
          "[ui][editor][files]") {
    MainWindow window;
    window.files().setPromptAnswerForTests(DocumentFiles::PromptAnswer::Discard); // no dialogs
    REQUIRE(window.openDocument(samplePath("arm-3d.g4tf")).isEmpty());
    EditorSession& session = window.session();
    REQUIRE(session
                .execute(hyperrig::core::edit::renameNode(session.document().findNode("LowerArm"),
                                                          std::string("Forearm")))
                .ok());
    const std::string before = encodedText(session.document());
    // /proc takes no new files, even for root (CI runs as root, which ignores folder modes).
    const QString path = QStringLiteral("/proc/hyperrig-readonly-test.g4tf");
    QSignalSpy finished(&window.files(), &DocumentFiles::finished);
    window.files().saveTo(path, {});
    const QString error = waitForFiles(finished);
    CHECK_FALSE(error.isEmpty());
    CHECK(session.isModified());
    CHECK(session.filePath() == QFileInfo(samplePath("arm-3d.g4tf")).absoluteFilePath());
    CHECK(encodedText(session.document()) == before);
    CHECK_FALSE(QFileInfo::exists(path));
}

TEST_CASE("cancelling an open keeps the open document", "[ui][editor][files]") {
    MainWindow window;
    window.files().setPromptAnswerForTests(DocumentFiles::PromptAnswer::Discard);
    REQUIRE(window.openDocument(samplePath("arm-3d.g4tf")).isEmpty());
    QSignalSpy finished(&window.files(), &DocumentFiles::finished);
    window.files().openFile(samplePath("creature-4d.g4tf"));
    CHECK(window.files().busy());
    CHECK_FALSE(window.files().open()->isEnabled()); // one file operation at a time
    auto* progress = window.findChild<QProgressDialog*>(QStringLiteral("fileProgressDialog"));
    REQUIRE(progress != nullptr);
    emit progress
        ->canceled(); // its Cancel button; the result arrives through the event loop, later
    CHECK(waitForFiles(finished) == QStringLiteral("cancelled"));
    CHECK(window.document()->dimension() == 3);
    CHECK(window.session().filePath() == QFileInfo(samplePath("arm-3d.g4tf")).absoluteFilePath());
    CHECK_FALSE(window.files().busy());

    SECTION("without cancel the worker's document replaces it") {
        window.files().openFile(samplePath("creature-4d.g4tf"));
        CHECK(waitForFiles(finished).isEmpty());
        CHECK(window.document()->dimension() == 4);
    }
}

TEST_CASE("dropping a G4MF file on the window opens it", "[ui][editor][files]") {
    MainWindow window;
    QSignalSpy finished(&window.files(), &DocumentFiles::finished);
    QMimeData data;
    data.setUrls({QUrl::fromLocalFile(samplePath("arm-3d.g4tf"))});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    CHECK(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    REQUIRE(waitForFiles(finished).isEmpty());
    REQUIRE(window.document() != nullptr);
    CHECK(window.document()->dimension() == 3);

    SECTION("other files are not accepted") {
        QMimeData text;
        text.setUrls({QUrl::fromLocalFile(QStringLiteral(HYPERRIG_SOURCE_DIR "/README.md"))});
        QDragEnterEvent other(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton,
                              Qt::NoModifier);
        QApplication::sendEvent(&window, &other);
        CHECK_FALSE(other.isAccepted());
    }
}

TEST_CASE("a drop onto a modified document asks about the changes after the drop returns",
          "[ui][editor][files]") {
    MainWindow window;
    REQUIRE(window.openDocument(samplePath("creature-4d.g4tf")).isEmpty());
    EditorSession& session = window.session();
    REQUIRE(session
                .execute(hyperrig::core::edit::renameNode(session.document().findNode("Spine"),
                                                          std::string("Backbone")))
                .ok());
    window.files().setPromptAnswerForTests(DocumentFiles::PromptAnswer::Ask);
    // Answers the unsaved-changes box with Discard.
    hyperrig::test::MessageBoxAnswerer discarder([](QMessageBox&) { return QMessageBox::Discard; });
    QSignalSpy finished(&window.files(), &DocumentFiles::finished);
    QMimeData data;
    data.setUrls({QUrl::fromLocalFile(samplePath("arm-3d.g4tf"))});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    REQUIRE(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    CHECK(discarder.texts.isEmpty()); // the drop has returned without asking
    REQUIRE(waitForFiles(finished).isEmpty());
    CHECK(discarder.texts.size() == 1);
    CHECK(window.document()->dimension() == 3);
    window.files().setPromptAnswerForTests(DocumentFiles::PromptAnswer::Discard);
}

TEST_CASE("an open while a save runs is refused and says why", "[ui][editor][files]") {
    MainWindow window;
    REQUIRE(window.openDocument(samplePath("arm-3d.g4tf")).isEmpty());
    hyperrig::test::TemporaryFolder folder;
    QSignalSpy finished(&window.files(), &DocumentFiles::finished);
    window.files().saveTo(QString::fromStdString((folder / "arm.g4tf").string()), {});
    REQUIRE(window.files().busy()); // its result comes through the event loop
    window.files().openFile(samplePath("creature-4d.g4tf"));
    CHECK(window.statusBar()->currentMessage() ==
          QStringLiteral("Cannot open creature-4d.g4tf: another file operation is still running"));
    CHECK(waitForFiles(finished) == QStringLiteral("another file operation is still running"));
    CHECK(waitForFiles(finished).isEmpty()); // the save
    CHECK(window.document()->dimension() == 3);
}

TEST_CASE("open recent lists opened files, newest first, and drops missing ones",
          "[ui][editor][files]") {
    QSettings().remove(QStringLiteral("recentFiles"));
    hyperrig::test::TemporaryFolder folder;
    const auto copy = folder / "gone.g4tf";
    std::filesystem::copy_file(samplePath("arm-3d.g4tf").toStdString(), copy);
    {
        MainWindow window;
        QSignalSpy finished(&window.files(), &DocumentFiles::finished);
        window.files().openFile(QString::fromStdString(copy.string()));
        REQUIRE(waitForFiles(finished).isEmpty());
        window.files().openFile(samplePath("arm-3d.g4tf"));
        REQUIRE(waitForFiles(finished).isEmpty());
    }
    MainWindow window; // a new window reads the persisted list
    window.files().setPromptAnswerForTests(DocumentFiles::PromptAnswer::Discard);
    const QStringList recent = window.files().recentFiles();
    REQUIRE(recent.size() == 2);
    CHECK(recent[0] == QFileInfo(samplePath("arm-3d.g4tf")).absoluteFilePath());
    std::filesystem::remove(copy);
    auto* gone = window.findChild<QAction*>(QStringLiteral("recentFileAction2"));
    REQUIRE(gone != nullptr);
    QSignalSpy messages(&window.files(), &DocumentFiles::message);
    gone->trigger();
    CHECK(window.files().recentFiles().size() == 1);
    CHECK_FALSE(window.document());
    REQUIRE(messages.count() == 1);
    CHECK(messages.at(0).at(0).toString().contains(QStringLiteral("no longer exists")));
}

TEST_CASE("panels and actions have the names a screen reader finds", "[ui][editor]") {
    MainWindow window;
    for (const char* name :
         {"new4DAction", "new3DAction", "newDocumentAction", "openAction", "saveAction",
          "saveAsAction", "revertAction", "closeAction", "quitAction", "undoAction", "redoAction",
          "renameAction", "duplicateAction", "deleteAction", "selectAllAction", "selectNoneAction",
          "addSkeletonAction", "addChildBoneAction", "resetLayoutAction"}) {
        QAction* found = action(window, name);
        INFO(name);
        CHECK_FALSE(found->text().isEmpty());
        CHECK_FALSE(found->statusTip().isEmpty());
        // Every action is reachable from a menu (the keyboard and a screen reader get there).
        CHECK_FALSE(found->associatedObjects().isEmpty());
    }
    CHECK(action(window, "redoAction")->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_Y)));
}

TEST_CASE("a bone selected in the outliner is selected in the viewport and the inspector",
          "[ui][editor]") {
    MainWindow window;
    REQUIRE(window.openDocument(samplePath("creature-4d.g4tf")).isEmpty());
    for (const char* title : {"Outliner", "Inspector", "Validation", "History"}) {
        INFO(title);
        QDockWidget* dock = window.dock(QString::fromLatin1(title));
        REQUIRE(dock != nullptr);
        CHECK(dock->accessibleName() == QString::fromLatin1(title));
    }
    auto* outliner = window.findChild<hyperrig::ui::OutlinerPanel*>();
    REQUIRE(outliner != nullptr);
    const NodeId spine = window.document()->findNode("Spine");
    const QModelIndex row =
        outliner->filterModel()->mapFromSource(outliner->model()->indexOf(spine));
    REQUIRE(row.isValid());
    outliner->view()->selectionModel()->select(row, QItemSelectionModel::ClearAndSelect |
                                                        QItemSelectionModel::Rows);
    outliner->view()->selectionModel()->setCurrentIndex(row, QItemSelectionModel::NoUpdate);

    CHECK(window.session().selection() == std::vector<NodeId>{spine});
    CHECK(window.viewportWidget().viewport().selection() == std::vector<NodeId>{spine});
    auto* name = window.findChild<QLineEdit*>(QStringLiteral("nameField"));
    REQUIRE(name != nullptr);
    CHECK(name->text() == QStringLiteral("Spine"));

    SECTION("View > Reset Layout shows every dock again") {
        window.dock(QStringLiteral("History"))->hide();
        window.resetLayout();
        CHECK_FALSE(window.dock(QStringLiteral("History"))->isHidden());
    }
}

TEST_CASE("File > Open starts where the user worked, else among the installed samples",
          "[ui][editor][files]") {
    // An installed layout: PREFIX/bin holds the program, PREFIX/share/hyperrig/samples the rigs.
    QTemporaryDir prefix;
    REQUIRE(prefix.isValid());
    const QString programFolder = prefix.filePath(QStringLiteral("bin"));
    const QString samplesFolder =
        QDir::cleanPath(prefix.path() + QStringLiteral("/share/hyperrig/samples"));
    REQUIRE(QDir().mkpath(programFolder));
    const QString sampleFolder = QStringLiteral(HYPERRIG_SOURCE_DIR "/assets/samples");
    QSettings().remove(QStringLiteral("recentFiles"));

    MainWindow window;
    window.files().setProgramFolderForTests(programFolder);
    QStringList startFolders;
    window.files().setOpenChooserForTests([&startFolders](const QString& folder) {
        startFolders << folder;
        return QString(); // Cancel
    });
    const auto startFolder = [&] {
        startFolders.clear();
        hyperrig::test::triggerAndRun(action(window, "openAction"));
        REQUIRE(startFolders.size() == 1);
        return startFolders.front();
    };

    SECTION("no samples beside the program (a build tree): the file dialog's own default") {
        CHECK(startFolder().isEmpty());
    }
    SECTION("a first run of an installed editor starts among the samples") {
        REQUIRE(QDir().mkpath(samplesFolder));
        CHECK(startFolder() == samplesFolder);
    }
    SECTION("the open document's folder comes first") {
        REQUIRE(QDir().mkpath(samplesFolder));
        REQUIRE(window.openDocument(samplePath("tiny-4d-arm.g4tf")).isEmpty());
        CHECK(startFolder() == sampleFolder);
    }
    SECTION("then the newest recent file's folder, before the samples") {
        REQUIRE(QDir().mkpath(samplesFolder));
        QSignalSpy finished(&window.files(), &DocumentFiles::finished);
        window.files().openFile(samplePath("tiny-4d-arm.g4tf")); // File > Open: a recent file
        REQUIRE(waitForFiles(finished).isEmpty());
        window.session().newDocument(4); // untitled: no folder of its own
        REQUIRE(window.files().recentFiles().size() == 1);
        CHECK(startFolder() == sampleFolder);
    }
    QSettings().remove(QStringLiteral("recentFiles"));
}

TEST_CASE("File > Open asks about unsaved changes once, and Discard is final",
          "[ui][editor][files]") {
    MainWindow window;
    REQUIRE(window.openDocument(samplePath("arm-3d.g4tf")).isEmpty());
    EditorSession& session = window.session();
    REQUIRE(session
                .execute(hyperrig::core::edit::renameNode(session.document().findNode("LowerArm"),
                                                          std::string("Forearm")))
                .ok());
    window.show();
    std::optional<hyperrig::test::MessageBoxAnswerer> discarder(
        std::in_place, [](QMessageBox&) { return QMessageBox::Discard; });
    window.files().setOpenChooserForTests(
        [](const QString&) { return samplePath("creature-4d.g4tf"); });
    QSignalSpy finished(&window.files(), &DocumentFiles::finished);
    hyperrig::test::triggerAndRun(action(window, "openAction"));
    REQUIRE((finished.count() > 0 || finished.wait(20000)));
    CHECK(discarder->texts.size() == 1); // the unsaved-changes question
    discarder.reset();
    CHECK(finished.front().front().toString().isEmpty());
    CHECK(session.document().dimension() == 4);
}

TEST_CASE("a value still being typed is saved, and asked about before the document goes",
          "[ui][editor][files]") {
    MainWindow window;
    REQUIRE(window.openDocument(samplePath("arm-3d.g4tf")).isEmpty());
    EditorSession& session = window.session();
    const std::string opened = encodedText(session.document());
    session.select({session.document().findNode("LowerArm")});
    window.show();
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
    QDockWidget* inspector = window.dock(QStringLiteral("Inspector"));
    REQUIRE(inspector != nullptr);
    auto* positionX = inspector->findChild<hyperrig::ui::NumberField*>(QStringLiteral("positionX"));
    REQUIRE(positionX != nullptr);
    positionX->setFocus();
    positionX->selectAll();
    QTest::keyClicks(positionX, QStringLiteral("0.777")); // no Enter, focus stays
    REQUIRE(session.inTransaction());
    REQUIRE(encodedText(session.document()) != opened); // typed values apply as they come

    SECTION("Save ends the run first and writes it; the document is then clean") {
        hyperrig::test::TemporaryFolder folder;
        const QString path = QString::fromStdString((folder / "arm.g4tf").string());
        QSignalSpy finished(&window.files(), &DocumentFiles::finished);
        window.files().saveTo(path, {});
        REQUIRE(waitForFiles(finished).isEmpty());
        CHECK_FALSE(session.inTransaction());
        CHECK(session.undoName() == QStringLiteral("Set Position"));
        CHECK_FALSE(session.isModified());
        CHECK(hyperrig::test::readTextFile((folder / "arm.g4tf")) ==
              encodedText(session.document()));
        QTest::keyClick(positionX, Qt::Key_Escape); // the run is over: nothing to take back
        CHECK_FALSE(session.isModified());
    }
    SECTION("a node name being typed is saved too") {
        auto* name = inspector->findChild<QLineEdit*>(QStringLiteral("nameField"));
        REQUIRE(name != nullptr);
        name->setFocus();
        name->selectAll();
        QTest::keyClicks(name, QStringLiteral("Ulna")); // no Enter
        hyperrig::test::TemporaryFolder folder;
        QSignalSpy finished(&window.files(), &DocumentFiles::finished);
        window.files().saveTo(QString::fromStdString((folder / "arm.g4tf").string()), {});
        REQUIRE(waitForFiles(finished).isEmpty());
        CHECK(session.document().findNode("Ulna"));
        CHECK_FALSE(session.isModified());
        CHECK(hyperrig::test::readTextFile((folder / "arm.g4tf")) ==
              encodedText(session.document()));
    }
    SECTION("Close asks about it") {
        hyperrig::test::MessageBoxAnswerer discarder(
            [](QMessageBox&) { return QMessageBox::Discard; });
        hyperrig::test::triggerAndRun(action(window, "closeAction"));
        CHECK(discarder.texts.size() == 1); // the unsaved-changes question
        CHECK_FALSE(session.hasDocument());
    }
}

TEST_CASE("an edit merged into the last step while a save writes leaves the document modified",
          "[ui][editor][files]") {
    MainWindow window;
    REQUIRE(window.openDocument(samplePath("arm-3d.g4tf")).isEmpty());
    EditorSession& session = window.session();
    const NodeId bone = session.document().findNode("LowerArm");
    session.setMergeWindowForTests(std::chrono::hours(1)); // however slow the save below is
    REQUIRE(session.execute(hyperrig::core::edit::setBoneLength(bone, 0.31)).ok());
    const std::size_t steps = session.history().undoCount();
    hyperrig::test::TemporaryFolder folder;
    const QString path = QString::fromStdString((folder / "arm.g4tf").string());
    QSignalSpy finished(&window.files(), &DocumentFiles::finished);
    window.files().saveTo(path, {}); // encoded here; the worker's result comes through the loop
    const std::string saved = encodedText(session.document());
    // An arrow step on the same field: History folds it into the step the file holds.
    REQUIRE(session.execute(hyperrig::core::edit::setBoneLength(bone, 0.32)).ok());
    REQUIRE(session.history().undoCount() == steps);
    REQUIRE(waitForFiles(finished).isEmpty());
    CHECK(hyperrig::test::readTextFile((folder / "arm.g4tf")) == saved);
    CHECK(session.isModified());
    CHECK(window.isWindowModified());
}

TEST_CASE("after a save that missed an edit, no state of the history counts as saved",
          "[ui][editor][files]") {
    MainWindow window;
    REQUIRE(window.openDocument(samplePath("arm-3d.g4tf")).isEmpty());
    EditorSession& session = window.session();
    const NodeId bone = session.document().findNode("LowerArm");
    REQUIRE(session.execute(hyperrig::core::edit::setBoneLength(bone, 0.31)).ok()); // A
    hyperrig::test::TemporaryFolder folder;
    const QString path = QString::fromStdString((folder / "arm.g4tf").string());
    QSignalSpy finished(&window.files(), &DocumentFiles::finished);
    window.files().saveTo(path, {}); // the file will hold A
    // B, a step of its own, made while the worker writes.
    REQUIRE(session.execute(hyperrig::core::edit::renameNode(bone, std::string("Forearm"))).ok());
    REQUIRE(waitForFiles(finished).isEmpty());
    CHECK(session.isModified());
    session.undo(); // B
    session.undo(); // A: the opened state, which the file on disk no longer holds
    CHECK(session.isModified());
    CHECK(window.isWindowModified());
}

TEST_CASE("Revert reads the file again; a failed read says why in a box and keeps the document",
          "[ui][editor][files]") {
    hyperrig::test::TemporaryFolder folder;
    const std::filesystem::path file = folder / "arm.g4tf";
    std::filesystem::copy_file(samplePath("arm-3d.g4tf").toStdString(), file);
    MainWindow window;
    REQUIRE(window.openDocument(QString::fromStdString(file.string())).isEmpty());
    EditorSession& session = window.session();
    const NodeId bone = session.document().findNode("LowerArm");
    REQUIRE(session.execute(hyperrig::core::edit::renameNode(bone, std::string("Forearm"))).ok());
    window.files().setPromptAnswerForTests(DocumentFiles::PromptAnswer::Ask);
    // Discard for the Revert question; any other box is read and closed.
    hyperrig::test::MessageBoxAnswerer answerer([](QMessageBox& box) {
        return box.text().startsWith(QStringLiteral("Discard the changes")) ? QMessageBox::Discard
                                                                            : QMessageBox::Ok;
    });
    QSignalSpy finished(&window.files(), &DocumentFiles::finished);

    SECTION("the file as saved comes back") {
        action(window, "revertAction")->trigger();
        CHECK(waitForFiles(finished).isEmpty());
        CHECK(session.document().findNode("LowerArm"));
        CHECK_FALSE(session.isModified());
        CHECK(answerer.texts.size() == 1); // the question only
    }
    SECTION("the file gone: a box says why, the edited document stays") {
        std::filesystem::remove(file);
        action(window, "revertAction")->trigger();
        CHECK_FALSE(waitForFiles(finished).isEmpty());
        CHECK(answerer.texts.size() == 2); // the question, then why the read failed
        CHECK(session.document().findNode("Forearm") == bone);
        CHECK(session.isModified());
    }
    window.files().setPromptAnswerForTests(DocumentFiles::PromptAnswer::Discard);
}

TEST_CASE("Save As: a typed .g4b or .g4tf chooses the format", "[ui][editor][files]") {
    hyperrig::test::TemporaryFolder folder;
    hyperrig::ui::SaveFormat external;
    external.options.externalBin = true;
    hyperrig::ui::SaveAsDialog dialog(QString::fromStdString((folder / "rig.g4tf").string()),
                                      external);
    auto* pathEdit = dialog.findChild<QLineEdit*>(QStringLiteral("savePathEdit"));
    REQUIRE(pathEdit != nullptr);
    REQUIRE(dialog.format().container == hyperrig::core::io::G4mfContainer::Text);
    pathEdit->setText(QString::fromStdString((folder / "rig.g4b").string()));
    CHECK(dialog.format().container == hyperrig::core::io::G4mfContainer::Binary);
    CHECK_FALSE(dialog.format().options.externalBin); // a .g4b has no external .bin
    CHECK(dialog.path().endsWith(QStringLiteral("rig.g4b")));
    pathEdit->setText(QString::fromStdString((folder / "other.G4TF").string()));
    CHECK(dialog.format().container == hyperrig::core::io::G4mfContainer::Text);
    CHECK(dialog.path().endsWith(QStringLiteral("other.G4TF"))); // as typed
    CHECK(dialog.format().options.externalBin); // the option comes back with the text format
}

TEST_CASE("a save during a gesture that has changed nothing yet leaves the document saved",
          "[ui][editor][files]") {
    MainWindow window;
    REQUIRE(window.openDocument(samplePath("arm-3d.g4tf")).isEmpty());
    EditorSession& session = window.session();
    REQUIRE(session
                .execute(hyperrig::core::edit::setBoneLength(
                    session.document().findNode("LowerArm"), 0.31))
                .ok());
    hyperrig::test::TemporaryFolder folder;
    QSignalSpy finished(&window.files(), &DocumentFiles::finished);
    window.files().saveTo(QString::fromStdString((folder / "arm.g4tf").string()), {});
    QObject slider; // a blend slider pressed while the worker writes, not moved yet
    session.beginTransaction("Set Blend Amount", &slider);
    REQUIRE(waitForFiles(finished).isEmpty());
    session.rollbackTransaction(); // let go where it was pressed
    CHECK_FALSE(session.isModified());
}

TEST_CASE("Save As asks before it replaces an existing file", "[ui][editor][files]") {
    hyperrig::test::TemporaryFolder folder;
    const std::filesystem::path existing = folder / "kept.g4tf";
    REQUIRE(hyperrig::test::writeTextFile(existing, "the user's file"));
    const QString existingPath = QString::fromStdString(existing.string());
    hyperrig::ui::SaveAsDialog dialog(existingPath, {});
    hyperrig::test::ReplaceFileAnswerer answerer;
    qApp->installEventFilter(&answerer);

    SECTION("No keeps the dialog open, to choose another name") {
        answerer.answer = QMessageBox::No;
        dialog.open();
        dialog.accept();
        CHECK(answerer.shown == 1);
        CHECK(dialog.isVisible());
        CHECK(dialog.result() != QDialog::Accepted);
        auto* pathEdit = dialog.findChild<QLineEdit*>(QStringLiteral("savePathEdit"));
        pathEdit->setText(QString::fromStdString((folder / "new.g4tf").string()));
        dialog.accept(); // a new file: nothing to ask
        CHECK(answerer.shown == 1);
        CHECK(dialog.result() == QDialog::Accepted);
    }
    SECTION("Replace goes on") {
        answerer.answer = QMessageBox::Yes;
        dialog.open();
        dialog.accept();
        CHECK(answerer.shown == 1);
        CHECK(dialog.result() == QDialog::Accepted);
    }
    SECTION("the .bin an external-data save writes beside the file is asked about too") {
        REQUIRE(hyperrig::test::writeTextFile(folder / "kept.bin", "the user's data"));
        dialog.findChild<QCheckBox*>(QStringLiteral("externalBinCheck"))->setChecked(true);
        answerer.answer = QMessageBox::No;
        dialog.open();
        dialog.accept();
        CHECK(answerer.shown == 1);
        CHECK(answerer.text.contains(QStringLiteral("kept.g4tf and kept.bin")));
    }
    qApp->removeEventFilter(&answerer);
    CHECK(hyperrig::test::readTextFile(existing) == "the user's file");
}

TEST_CASE("Save keeps the layout the file was opened with: an external .bin, Zstd",
          "[ui][editor][files]") {
    // Open only carried the container and schema: Save wrote an opened external-.bin file with
    // its data embedded (the .bin left behind, stale) and a Zstd .g4b uncompressed.
    hyperrig::test::TemporaryFolder folder;
    auto sample = hyperrig::core::io::readG4mf(samplePath("arm-3d.g4tf").toStdString());
    REQUIRE(sample.ok());
    hyperrig::core::io::WriteOptions external;
    external.externalBin = true;
    hyperrig::core::io::WriteOptions compressed;
    compressed.zstd = true;
    REQUIRE(hyperrig::core::io::writeG4mf(sample->document, folder / "arm.g4tf", external).ok());
    REQUIRE(hyperrig::core::io::writeG4mf(sample->document, folder / "arm.g4b", compressed).ok());

    for (const char* name : {"arm.g4tf", "arm.g4b"}) {
        CAPTURE(name);
        const std::filesystem::path file = folder / name;
        MainWindow window;
        REQUIRE(window.openDocument(QString::fromStdString(file.string())).isEmpty());
        EditorSession& session = window.session();
        const NodeId bone = session.document().findNode("LowerArm");
        REQUIRE(
            session.execute(hyperrig::core::edit::renameNode(bone, std::string("Forearm"))).ok());
        QSignalSpy finished(&window.files(), &DocumentFiles::finished);
        action(window, "saveAction")->trigger();
        REQUIRE(waitForFiles(finished).isEmpty());

        auto saved = hyperrig::core::io::readG4mf(file);
        REQUIRE(saved.ok());
        CHECK(saved->document.findNode("Forearm"));
        const bool text = file.extension() == ".g4tf";
        CHECK(saved->externalBin == text);
        CHECK(saved->zstd == !text);
        if (text) // the data went to the .bin beside it, not into the file
            CHECK(hyperrig::test::readTextFile(file).find("data:") == std::string::npos);
    }
}
