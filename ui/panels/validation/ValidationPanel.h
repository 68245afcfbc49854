#pragma once

#include "core/base/Diagnostic.h"

#include <QThreadPool>
#include <QTimer>
#include <QWidget>

#include <atomic>
#include <memory>

class QAction;
class QLabel;
class QPushButton;
class QTableView;

namespace hyperrig::ui {

class EditorSession;
class ValidationModel;

// The Validation dock's contents: the live diagnostics of the open document (core/validate),
// re-run after edits and shown as Severity / Rule / Message / Item. A click or Enter on a row
// selects the item the diagnostic points at; "Fix" runs the row's repair as one undo step.
//
// Validation runs off the GUI thread: the document is encoded here (the file image a save would
// write, so pointers match the file), parsed and validated on a worker that never sees the live
// document. Edits restart a short debounce; each run carries a generation number and results of
// any run but the latest are dropped, so the table never shows a state the document has left.
class ValidationPanel : public QWidget {
    Q_OBJECT
public:
    explicit ValidationPanel(EditorSession& session, QWidget* parent = nullptr);
    ~ValidationPanel() override;

    ValidationModel* model() const { return m_model; }
    int errorCount() const;
    int warningCount() const;
    // The generation of the newest run started (0 before the first).
    quint64 generation() const { return m_generation; }
    // How long edits wait before a run (300 ms by default).
    void setDebounceInterval(int milliseconds);

public slots:
    // Validates the document now, skipping the debounce (File > Validate, tests).
    void validateNow();

signals:
    // Counts of the rows shown, for the status bar; sent whenever either changes.
    void countsChanged(int errors, int warnings);
    // The results of run `generation` are shown (stale runs never send it).
    void validationFinished(quint64 generation);

private:
    void documentChanged();
    void documentReplaced();
    void showResults(quint64 generation, const core::Diagnostics& diagnostics,
                     const QString& failure);
    void selectRowItem(const QModelIndex& index);
    void fixCurrentRow();
    void updateActions();
    void updateSummary();
    void showContextMenu(const QPoint& position);

    EditorSession& m_session;
    ValidationModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_summary = nullptr;
    QPushButton* m_fixButton = nullptr;
    QAction* m_fixAction = nullptr;
    QAction* m_selectAction = nullptr;
    QTimer m_debounce;
    QString m_failure; // why the last run produced no diagnostics (the document cannot be encoded)
    QString m_notice;  // the outcome of the last Fix, shown until the next results
    quint64 m_generation = 0;
    // The generation the worker should still bother with; runs queued behind a newer one skip.
    std::shared_ptr<std::atomic<quint64>> m_wanted = std::make_shared<std::atomic<quint64>>(0);
    int m_shownErrors = -1;
    int m_shownWarnings = -1;
    // Declared last: destroyed first, after the destructor waited for its worker.
    QThreadPool m_pool;
};

} // namespace hyperrig::ui
