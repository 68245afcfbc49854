#pragma once

#include "ui/session/EditorSession.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

class QAction;
class QMenu;
class QProgressDialog;
class QWidget;

namespace hyperrig::ui {

class RecentFiles;

// File > New, Open, Open Recent, Save, Save As, Revert, Close and Quit for the session, with the
// desktop conventions around them: unsaved changes prompt (Save / Discard / Cancel) before the
// document goes away; reading and writing run on a worker thread behind a progress dialog that
// appears after 300 ms and can cancel (cancel keeps the open document and leaves the file
// untouched); a failed save says why and changes nothing; Open Recent remembers ten files.
//
// The window (for dialogs) is `window`; the actions are created here and MainWindow puts them in
// its menu. Results and refusals go to message() for the status bar, and errors also to a
// message box.
class DocumentFiles : public QObject {
    Q_OBJECT
public:
    DocumentFiles(EditorSession& session, QWidget& window, QObject* parent = nullptr);
    ~DocumentFiles() override;

    QAction* newDocument3D() const { return m_new3D; }
    QAction* newDocument4D() const { return m_new4D; }
    QAction* newDocumentOther() const { return m_newOther; }
    QAction* open() const { return m_open; }
    QMenu* recentMenu() const { return m_recentMenu; }
    QAction* save() const { return m_save; }
    QAction* saveAs() const { return m_saveAs; }
    QAction* revert() const { return m_revert; }
    QAction* close() const { return m_close; }

    // Opens `path` (prompting for unsaved changes first). Runs on a worker; `done` gets "" on
    // success or the reason, once the document is in place or the open was given up.
    void openFile(const QString& path, std::function<void(const QString& error)> done = {});
    // Saves to `path` in `format` on a worker; `done` gets "" or the reason.
    void saveTo(const QString& path, const SaveFormat& format,
                std::function<void(const QString& error)> done = {});
    // Asks about unsaved changes; true when the caller may go on (saved, discarded or nothing
    // to save), false on Cancel or a failed save. Used by close, new, open and quit.
    bool maybeSave();
    // True while a read or a write runs (the file actions are disabled then).
    bool busy() const { return m_busy; }
    const QStringList& recentFiles() const;
    // The prompt's answer when tests drive it: Save, Discard or Cancel, without a dialog; with
    // any answer but Ask no message box opens (errors still reach message()).
    enum class PromptAnswer { Ask, Save, Discard, Cancel };
    void setPromptAnswerForTests(PromptAnswer answer) { m_promptAnswer = answer; }
    // Ask unless tests set an answer; other file actions (InteropFiles) open no box otherwise.
    PromptAnswer promptAnswer() const { return m_promptAnswer; }
    // Tests: `choose` replaces File > Open's file chooser: it gets the folder the chooser would
    // start in and returns the path, "" for Cancel.
    void setOpenChooserForTests(std::function<QString(const QString& startFolder)> choose) {
        m_chooseOpen = std::move(choose);
    }
    // Tests: the folder the program runs from, where File > Open looks for the installed samples
    // (installedSamplesFolder); QCoreApplication::applicationDirPath() otherwise.
    void setProgramFolderForTests(const QString& folder) { m_programFolder = folder; }

    // For File > Import/Export (InteropFiles), which share the one-operation-at-a-time rule and
    // the progress dialog: busy disables the file actions.
    void setBusy(bool busy);
    QProgressDialog* makeProgress(const QString& label);
    // A failed file operation: "TITLE: ERROR" in the status bar and, unless tests preset the
    // prompt's answer, a warning box.
    void reportError(const QString& title, const QString& error);

signals:
    void message(const QString& text);
    // A read or write finished (successfully or not); for tests and the status bar.
    void finished(const QString& error);
    // A file operation started or ended (setBusy).
    void busyChanged(bool busy);

private:
    // Ends every edit in progress as leaving it would: a save writes what the user sees, and the
    // unsaved-changes question knows about it (decision 0066).
    void endOpenEdits();
    void createActions();
    void updateActions();
    void chooseAndOpen();
    // Reads `path` on a worker and adopts it, without asking about unsaved changes: the caller
    // has asked already (asking twice showed the prompt twice after Discard).
    void readAndAdopt(const QString& path, std::function<void(const QString&)> done);
    bool saveCurrent();
    // Asks for a file and format; saves on a worker, or here when `waitForIt` (a save asked for
    // by the unsaved-changes prompt must be done before the document goes).
    bool chooseAndSaveAs(bool waitForIt);
    void newWithDimensionDialog();
    void startNew(int dimension);
    void revertToSaved();
    void closeDocument();

    EditorSession& m_session;
    QWidget& m_window;
    std::unique_ptr<RecentFiles> m_recent;
    QAction* m_new3D = nullptr;
    QAction* m_new4D = nullptr;
    QAction* m_newOther = nullptr;
    QAction* m_open = nullptr;
    QMenu* m_recentMenu = nullptr;
    QAction* m_save = nullptr;
    QAction* m_saveAs = nullptr;
    QAction* m_revert = nullptr;
    QAction* m_close = nullptr;
    bool m_busy = false;
    PromptAnswer m_promptAnswer = PromptAnswer::Ask;
    std::function<QString(const QString& startFolder)> m_chooseOpen;
    QString m_programFolder;
};

// The sample rigs a package installs beside the programs: PREFIX/share/hyperrig/samples for a
// program in PREFIX/bin (the Debian package's /usr/share/hyperrig/samples). Found from the
// program's own folder rather than a fixed path, so any install prefix works; "" when there is no
// such folder, as in a build tree (decision 0047).
QString installedSamplesFolder(const QString& programFolder);

} // namespace hyperrig::ui
