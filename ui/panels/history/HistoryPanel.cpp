#include "ui/panels/history/HistoryPanel.h"

#include "ui/panels/history/HistoryModel.h"
#include "ui/session/EditorSession.h"

#include <QListView>
#include <QVBoxLayout>

namespace hyperrig::ui {

HistoryPanel::HistoryPanel(EditorSession& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(new HistoryModel(session, this)) {
    setObjectName("historyPanel");
    m_list = new QListView(this);
    m_list->setObjectName("historyList");
    m_list->setAccessibleName(tr("History"));
    m_list->setToolTip(tr("Every change to the document; click one (or press Enter) to undo or "
                          "redo up to it"));
    m_list->setModel(m_model);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setUniformItemSizes(true);
    // F2 and Delete pressed here reach no scene node: the window keeps them from its shortcuts
    // in every panel but the Outliner and the Inspector (settleKeysBetweenControlsAndWindow).

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list);

    connect(m_list, &QAbstractItemView::clicked, this, &HistoryPanel::goToRow);
    connect(m_list, &QAbstractItemView::activated, this, &HistoryPanel::goToRow);
    // After the model has updated (it connected to the session first).
    connect(&session, &EditorSession::historyChanged, this, &HistoryPanel::showCurrentState);
    connect(m_model, &QAbstractItemModel::modelReset, this, &HistoryPanel::showCurrentState);
    showCurrentState();
}

void HistoryPanel::goToRow(const QModelIndex& index) {
    if (!index.isValid() || !m_session.hasDocument())
        return;
    const auto row = static_cast<std::size_t>(index.row());
    if (row != m_session.history().undoCount())
        m_session.goToStep(row);
}

void HistoryPanel::showCurrentState() {
    const int row = m_model->currentRow();
    if (row < 0)
        return;
    const QModelIndex current = m_model->index(row);
    m_list->selectionModel()->setCurrentIndex(current, QItemSelectionModel::ClearAndSelect);
    m_list->scrollTo(current);
}

} // namespace hyperrig::ui
