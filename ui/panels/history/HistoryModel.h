#pragma once

#include <QAbstractListModel>
#include <QString>

#include <cstddef>
#include <optional>
#include <vector>

namespace hyperrig::ui {

class EditorSession;

// The History dock's list: row 0 is the document as opened or created ("Opened rig.g4tf",
// "New document"), row r the state after undo step r; the rows past the current one are the redo
// steps (shown greyed and italic). Row r is reached by EditorSession::goToStep(r), so the current
// row is the undo count, and the state last saved (History::cleanIndex) carries a disk icon and
// "(saved)".
//
// Updated incrementally from EditorSession::historyChanged against a mirror of the step names:
// a new step appends a row, a new branch removes the redo rows it replaced, steps the memory cap
// dropped leave from the top, a merge refreshes the current row; only a replaced document resets.
class HistoryModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role {
        IsCurrentRole = Qt::UserRole + 1, // bool: the document is at this state now
        IsRedoRole,                       // bool: an undone step, reached by redo
        IsSavedRole,                      // bool: the state last saved
    };

    explicit HistoryModel(EditorSession& session, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    // The row of the current state (the undo count), -1 without a document.
    int currentRow() const;

private:
    void beginReplace();
    void endReplace();
    void sync();
    void statusChanged(int first, int last);
    std::optional<std::size_t> savedRow() const;
    QString originText() const;

    EditorSession& m_session;
    bool m_hasDocument = false;
    bool m_resetting = false;
    QString m_origin;
    std::vector<QString> m_steps; // undo steps oldest first, then redo steps next first
    std::size_t m_undoCount = 0;
    std::size_t m_dropped = 0;
    // The row of the state last saved to the file: History's clean index, for a document that
    // has a file (a new one is unmodified at row 0 but not saved anywhere).
    std::optional<std::size_t> m_saved;
};

} // namespace hyperrig::ui
