#include "ui/files/DocumentFiles.h"

#include "core/base/AtomicFile.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "core/math/Dimension.h"
#include "ui/actions/MakeAction.h"
#include "ui/files/BackgroundTask.h"
#include "ui/files/NewDocumentDialog.h"
#include "ui/files/RecentFiles.h"
#include "ui/files/SaveAsDialog.h"

#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeySequence>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QTimer>
#include <QWidget>

#include <atomic>
#include <cstdint>
#include <memory>

namespace hyperrig::ui {

namespace {

// The progress dialog shows only for work that takes longer than this, so quick opens and saves
// do not flash a window.
constexpr int kProgressDelayMs = 300;

} // namespace

DocumentFiles::DocumentFiles(EditorSession& session, QWidget& window, QObject* parent)
    : QObject(parent), m_session(session), m_window(window),
      m_programFolder(QCoreApplication::applicationDirPath()) {
    createActions();
    connect(&m_session, &EditorSession::documentReplaced, this, &DocumentFiles::updateActions);
    connect(&m_session, &EditorSession::modifiedChanged, this, &DocumentFiles::updateActions);
    connect(&m_session, &EditorSession::filePathChanged, this, &DocumentFiles::updateActions);
    updateActions();
}

DocumentFiles::~DocumentFiles() = default;

const QStringList& DocumentFiles::recentFiles() const {
    return m_recent->files();
}

void DocumentFiles::createActions() {
    m_new3D = makeAction(this, tr("New &3D Document"), "new3DAction",
                         tr("Start an empty three-dimensional document"));
    m_new4D = makeAction(this, tr("&New 4D Document"), "new4DAction",
                         tr("Start an empty four-dimensional document"), QKeySequence::New);
    m_newOther = makeAction(this, tr("New &Document..."), "newDocumentAction",
                            tr("Start an empty document of 2 to 8 dimensions"),
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    m_open = makeAction(this, tr("&Open..."), "openAction", tr("Open a G4MF file (.g4tf or .g4b)"),
                        QKeySequence::Open);
    m_recentMenu = new QMenu(tr("Open &Recent"), &m_window);
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    m_recentMenu->setToolTipsVisible(true);
    m_recent = std::make_unique<RecentFiles>(*m_recentMenu);
    m_save = makeAction(this, tr("&Save"), "saveAction", tr("Save the document to its file"),
                        QKeySequence::Save);
    m_saveAs = makeAction(this, tr("Save &As..."), "saveAsAction",
                          tr("Save the document to a new file, choosing the format"),
                          QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_revert = makeAction(this, tr("Re&vert"), "revertAction",
                          tr("Discard the changes and read the file again"));
    m_close = makeAction(this, tr("&Close"), "closeAction", tr("Close the document"),
                         QKeySequence::Close);

    // Each of these may ask (unsaved changes, a file name, an error): see onTriggeredWithDialogs.
    onTriggeredWithDialogs(m_new3D, this, [this] { startNew(3); });
    onTriggeredWithDialogs(m_new4D, this, [this] { startNew(4); });
    onTriggeredWithDialogs(m_newOther, this, [this] { newWithDimensionDialog(); });
    onTriggeredWithDialogs(m_open, this, [this] { chooseAndOpen(); });
    onTriggeredWithDialogs(m_save, this, [this] { saveCurrent(); });
    onTriggeredWithDialogs(m_saveAs, this, [this] { chooseAndSaveAs(false); });
    onTriggeredWithDialogs(m_revert, this, [this] { revertToSaved(); });
    onTriggeredWithDialogs(m_close, this, [this] { closeDocument(); });
    connect(
        m_recent.get(), &RecentFiles::chosen, this, [this](const QString& path) { openFile(path); },
        Qt::QueuedConnection);
    connect(m_recent.get(), &RecentFiles::missing, this, [this](const QString& path) {
        emit message(tr("%1 no longer exists; removed it from Open Recent").arg(path));
        if (m_promptAnswer == PromptAnswer::Ask)
            QMessageBox::information(&m_window, tr("File not found"),
                                     tr("%1 no longer exists. It was removed from the list of "
                                        "recent files.")
                                         .arg(path));
    });
}

void DocumentFiles::updateActions() {
    const bool open = m_session.hasDocument();
    for (QAction* action : {m_new3D, m_new4D, m_newOther, m_open})
        action->setEnabled(!m_busy);
    m_recentMenu->setEnabled(!m_busy);
    m_save->setEnabled(!m_busy && open);
    m_saveAs->setEnabled(!m_busy && open);
    m_revert->setEnabled(!m_busy && open && m_session.isModified() &&
                         !m_session.filePath().isEmpty());
    m_close->setEnabled(!m_busy && open);
}

void DocumentFiles::setBusy(bool busy) {
    m_busy = busy;
    updateActions();
    emit busyChanged(busy);
}

void DocumentFiles::reportError(const QString& title, const QString& error) {
    emit message(tr("%1: %2").arg(title, error));
    if (m_promptAnswer == PromptAnswer::Ask)
        QMessageBox::warning(&m_window, title, error);
}

QProgressDialog* DocumentFiles::makeProgress(const QString& label) {
    auto* progress = new QProgressDialog(label, tr("Cancel"), 0, 0, &m_window);
    progress->setObjectName(QStringLiteral("fileProgressDialog"));
    progress->setWindowTitle(tr("HyperRig"));
    progress->setWindowModality(Qt::WindowModal);
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    // Shown by our own timer: QProgressDialog's minimumDuration only works with a known range.
    // reset() stops the timer QProgressDialog starts in its constructor.
    progress->reset();
    QTimer::singleShot(kProgressDelayMs, progress, [progress] {
        if (!progress->wasCanceled())
            progress->show();
    });
    return progress;
}

void DocumentFiles::endOpenEdits() {
    // Text being typed where leaving commits it (a node's name, an outliner or group-name cell
    // editor) is committed by taking the focus away; the gestures that hold a transaction end
    // through the session's signal.
    if (QWidget* focused = QApplication::focusWidget())
        focused->clearFocus();
    // A file action goes ahead past a refused value: leaving a field puts its stored value
    // back (ui-style.md §3) and keeps the reason at the field, and the file holds what the
    // document holds, as the title's modified mark says.
    static_cast<void>(m_session.finishOpenEdits());
}

bool DocumentFiles::maybeSave() {
    // A value still being typed (or a drag still held) is a change like any other: it is ended
    // first, so the question is asked about it and a save writes it.
    endOpenEdits();
    if (!m_session.hasDocument() || !m_session.isModified())
        return true;
    PromptAnswer answer = m_promptAnswer;
    if (answer == PromptAnswer::Ask) {
        QMessageBox box(QMessageBox::Warning, tr("Unsaved changes"),
                        tr("%1 has changes that are not saved.").arg(m_session.displayName()),
                        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, &m_window);
        box.setObjectName(QStringLiteral("unsavedChangesBox"));
        box.setInformativeText(tr("Save them before going on?"));
        box.setDefaultButton(QMessageBox::Save);
        const int choice = box.exec();
        answer = choice == QMessageBox::Save      ? PromptAnswer::Save
                 : choice == QMessageBox::Discard ? PromptAnswer::Discard
                                                  : PromptAnswer::Cancel;
    }
    switch (answer) {
    case PromptAnswer::Discard:
        return true;
    case PromptAnswer::Save: {
        // A save the user asked for on the way out runs to the end before the caller goes on.
        if (m_session.filePath().isEmpty())
            return chooseAndSaveAs(true) && !m_session.isModified();
        auto saved = m_session.saveAs(m_session.filePath(), m_session.saveFormat());
        if (!saved) {
            reportError(tr("Cannot save"), QString::fromStdString(saved.error().message()));
            return false;
        }
        return true;
    }
    case PromptAnswer::Cancel:
    case PromptAnswer::Ask:
        break;
    }
    return false;
}

void DocumentFiles::startNew(int dimension) {
    if (m_busy || !maybeSave())
        return;
    m_session.newDocument(dimension);
    emit message(tr("New %1D document").arg(dimension));
}

void DocumentFiles::newWithDimensionDialog() {
    if (m_busy)
        return;
    NewDocumentDialog dialog(&m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    startNew(dialog.dimension());
}

void DocumentFiles::chooseAndOpen() {
    if (m_busy || !maybeSave())
        return;
    // Where the user last worked (this document, else the newest recent file); a first run of an
    // installed editor, with neither, starts among the samples rather than in the home folder.
    QString folder;
    if (!m_session.filePath().isEmpty())
        folder = QFileInfo(m_session.filePath()).absolutePath();
    else if (!m_recent->files().isEmpty())
        folder = QFileInfo(m_recent->files().front()).absolutePath();
    else
        folder = installedSamplesFolder(m_programFolder);
    const QString path =
        m_chooseOpen ? m_chooseOpen(folder)
                     : QFileDialog::getOpenFileName(&m_window, tr("Open G4MF File"), folder,
                                                    tr("G4MF files (*.g4tf *.g4b);;All files (*)"));
    if (path.isEmpty())
        return;
    readAndAdopt(path, {});
}

void DocumentFiles::openFile(const QString& path, std::function<void(const QString&)> done) {
    // While busy, readAndAdopt refuses and says why; no prompt first.
    if (!m_busy && !maybeSave()) {
        if (done)
            done(tr("cancelled"));
        emit finished(tr("cancelled"));
        return;
    }
    readAndAdopt(path, std::move(done));
}

void DocumentFiles::readAndAdopt(const QString& path, std::function<void(const QString&)> done) {
    const auto finish = [this, done](const QString& error) {
        if (done)
            done(error);
        emit finished(error);
    };
    if (m_busy) {
        // Said, not only returned: a drop or an Open Recent has no other answer to show.
        emit message(tr("Cannot open %1: another file operation is still running")
                         .arg(QFileInfo(path).fileName()));
        finish(tr("another file operation is still running"));
        return;
    }
    setBusy(true);
    QProgressDialog* progress = makeProgress(tr("Opening %1...").arg(QFileInfo(path).fileName()));
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    connect(progress, &QProgressDialog::canceled, this, [cancelled] { *cancelled = true; });
    const std::string file = path.toStdString();
    runInBackground<core::Result<core::io::ReadDocument>>(
        this, [file] { return core::io::readG4mf(file); },
        [this, path, progress, cancelled, finish](core::Result<core::io::ReadDocument> read) {
            progress->deleteLater();
            setBusy(false);
            // Cancelling drops the result: the open document stays as it was.
            if (*cancelled) {
                emit message(tr("Opening %1 was cancelled").arg(QFileInfo(path).fileName()));
                finish(tr("cancelled"));
                return;
            }
            if (!read) {
                const QString error = QString::fromStdString(read.error().message());
                reportError(tr("Cannot open %1").arg(QFileInfo(path).fileName()), error);
                finish(error);
                return;
            }
            SaveFormat format;
            format.container = read->container;
            format.options = core::io::writeOptionsLike(*read, read->container);
            m_session.adoptDocument(std::move(read->document), path, format);
            m_recent->add(path);
            emit message(tr("Opened %1").arg(QFileInfo(path).fileName()));
            finish({});
        });
}

void DocumentFiles::saveTo(const QString& path, const SaveFormat& format,
                           std::function<void(const QString&)> done) {
    const auto finish = [this, done](const QString& error) {
        if (done)
            done(error);
        emit finished(error);
    };
    if (m_busy || !m_session.hasDocument()) {
        finish(m_busy ? tr("another file operation is still running") : tr("no document"));
        return;
    }
    // The bytes are made here, from the live document, once every open edit has ended (so the
    // file and the history agree on what was saved); the worker only writes them.
    endOpenEdits();
    auto encoded =
        core::io::encodeG4mfForPath(m_session.document(), path.toStdString(), format.options);
    if (!encoded) {
        const QString error = QString::fromStdString(encoded.error().message());
        reportError(tr("Cannot save %1").arg(QFileInfo(path).fileName()), error);
        finish(error);
        return;
    }
    const std::uint64_t revisionAtEncode = m_session.revision();
    setBusy(true);
    QProgressDialog* progress = makeProgress(tr("Saving %1...").arg(QFileInfo(path).fileName()));
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    connect(progress, &QProgressDialog::canceled, this, [cancelled] { *cancelled = true; });
    auto bytes = std::make_shared<core::io::EncodedG4mf>(std::move(*encoded));
    const std::string file = path.toStdString();
    runInBackground<core::Result<void>>(
        this,
        [bytes, file, cancelled] {
            return core::io::writeEncodedG4mf(*bytes, file, cancelled.get());
        },
        [this, path, format, revisionAtEncode, bytes, progress, cancelled,
         finish](core::Result<void> written) {
            progress->deleteLater();
            setBusy(false);
            if (!written) {
                const QString error = QString::fromStdString(written.error().message());
                if (*cancelled) {
                    emit message(tr("Saving %1 was cancelled; the file is unchanged")
                                     .arg(QFileInfo(path).fileName()));
                } else {
                    reportError(tr("Cannot save %1").arg(QFileInfo(path).fileName()), error);
                }
                finish(error);
                return;
            }
            m_session.markSaved(path, format, revisionAtEncode);
            m_recent->add(path);
            QString text = tr("Saved %1").arg(QFileInfo(path).fileName());
            for (const std::string& warning : bytes->warnings)
                text += tr(" · %1").arg(QString::fromStdString(warning));
            emit message(text);
            finish({});
        });
}

bool DocumentFiles::saveCurrent() {
    if (!m_session.hasDocument() || m_busy)
        return false;
    if (m_session.filePath().isEmpty())
        return chooseAndSaveAs(false);
    saveTo(m_session.filePath(), m_session.saveFormat());
    return true;
}

bool DocumentFiles::chooseAndSaveAs(bool waitForIt) {
    if (!m_session.hasDocument() || m_busy)
        return false;
    endOpenEdits();
    SaveAsDialog dialog(m_session.suggestedSavePath(), m_session.saveFormat(), &m_window);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    if (!waitForIt) {
        saveTo(dialog.path(), dialog.format());
        return true;
    }
    auto saved = m_session.saveAs(dialog.path(), dialog.format());
    if (!saved)
        reportError(tr("Cannot save %1").arg(QFileInfo(dialog.path()).fileName()),
                    QString::fromStdString(saved.error().message()));
    else
        m_recent->add(dialog.path());
    return saved.ok();
}

void DocumentFiles::revertToSaved() {
    if (m_busy || !m_session.hasDocument() || m_session.filePath().isEmpty())
        return;
    endOpenEdits(); // a value being typed is among the changes Revert discards
    if (m_session.isModified() && m_promptAnswer == PromptAnswer::Ask) {
        const auto choice = QMessageBox::question(
            &m_window, tr("Revert"),
            tr("Discard the changes to %1 and read the file again?").arg(m_session.displayName()),
            QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Cancel);
        if (choice != QMessageBox::Discard)
            return;
    }
    // Asked already: read without openFile's unsaved-changes question (a failed read is then
    // reported as for Open, with its message box).
    readAndAdopt(m_session.filePath(), {});
}

void DocumentFiles::closeDocument() {
    if (m_busy || !maybeSave())
        return;
    m_session.closeDocument();
    emit message(tr("Closed the document"));
}

QString installedSamplesFolder(const QString& programFolder) {
    if (programFolder.isEmpty())
        return {};
    const QDir samples(QDir(programFolder).filePath(QStringLiteral("../share/hyperrig/samples")));
    return samples.exists() ? QDir::cleanPath(samples.absolutePath()) : QString();
}

} // namespace hyperrig::ui
