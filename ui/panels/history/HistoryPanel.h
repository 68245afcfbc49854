#pragma once

#include <QWidget>

class QListView;
class QModelIndex;

namespace hyperrig::ui {

class EditorSession;
class HistoryModel;

// The History dock's contents: the list of HistoryModel. Clicking a row (or pressing Enter on
// it) undoes or redoes until the document is at that state; the list's current row follows the
// document's state, so arrow keys only move the focus until Enter.
class HistoryPanel : public QWidget {
    Q_OBJECT
public:
    explicit HistoryPanel(EditorSession& session, QWidget* parent = nullptr);

    HistoryModel* model() const { return m_model; }

private:
    void goToRow(const QModelIndex& index);
    void showCurrentState();

    EditorSession& m_session;
    HistoryModel* m_model = nullptr;
    QListView* m_list = nullptr;
};

} // namespace hyperrig::ui
