#include "ui/panels/history/HistoryModel.h"

#include "ui/session/EditorSession.h"

#include <QApplication>
#include <QFileInfo>
#include <QFont>
#include <QIcon>
#include <QPalette>
#include <QPixmap>
#include <QStyle>

#include <algorithm>

namespace hyperrig::ui {
namespace {

std::vector<QString> stepNames(const core::edit::History& history) {
    std::vector<QString> names;
    for (const std::string& name : history.undoNames())
        names.push_back(QString::fromStdString(name));
    for (const std::string& name : history.redoNames())
        names.push_back(QString::fromStdString(name));
    return names;
}

QIcon blankIcon() {
    const int size = QApplication::style()->pixelMetric(QStyle::PM_SmallIconSize);
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    return QIcon(pixmap);
}

} // namespace

HistoryModel::HistoryModel(EditorSession& session, QObject* parent)
    : QAbstractListModel(parent), m_session(session) {
    connect(&session, &EditorSession::aboutToReplaceDocument, this, &HistoryModel::beginReplace);
    connect(&session, &EditorSession::documentReplaced, this, &HistoryModel::endReplace);
    connect(&session, &EditorSession::historyChanged, this, &HistoryModel::sync);
    beginReplace();
    endReplace();
}

int HistoryModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !m_hasDocument)
        return 0;
    return static_cast<int>(m_steps.size()) + 1;
}

int HistoryModel::currentRow() const {
    return m_hasDocument ? static_cast<int>(m_undoCount) : -1;
}

QString HistoryModel::originText() const {
    if (m_dropped == 1)
        return tr("Earliest kept state (1 older step dropped)");
    if (m_dropped > 1)
        return tr("Earliest kept state (%1 older steps dropped)").arg(m_dropped);
    return m_origin;
}

QVariant HistoryModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    const bool current = row == m_undoCount;
    const bool redo = row > m_undoCount;
    const bool saved = m_saved && *m_saved == row;
    switch (role) {
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole: {
        QString text = row == 0 ? originText() : m_steps[row - 1];
        // In the text too, not only the icon: screen readers and the acceptance run read it.
        if (saved)
            text += " " + tr("(saved)");
        return text;
    }
    case Qt::DecorationRole:
        if (saved)
            return QApplication::style()->standardIcon(QStyle::SP_DialogSaveButton);
        return blankIcon(); // keeps every row's text in line with the saved row's
    case Qt::FontRole:
        if (redo) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        break;
    case Qt::ForegroundRole:
        if (redo)
            return QApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        break;
    case Qt::ToolTipRole:
        if (current)
            return tr("The document is at this state");
        return redo ? tr("Undone: click to redo up to this step")
                    : tr("Click to undo back to this state");
    case Qt::AccessibleDescriptionRole:
        if (current)
            return tr("current state");
        return redo ? tr("undone step") : tr("done step");
    case IsCurrentRole:
        return current;
    case IsRedoRole:
        return redo;
    case IsSavedRole:
        return saved;
    default:
        break;
    }
    return {};
}

void HistoryModel::beginReplace() {
    if (m_resetting)
        return;
    m_resetting = true;
    beginResetModel();
}

void HistoryModel::endReplace() {
    if (!m_resetting)
        beginReplace();
    m_hasDocument = m_session.hasDocument();
    m_steps.clear();
    m_undoCount = 0;
    m_dropped = 0;
    m_saved.reset();
    if (m_hasDocument) {
        const core::edit::History& history = m_session.history();
        m_steps = stepNames(history);
        m_undoCount = history.undoCount();
        m_dropped = history.droppedSteps();
        m_saved = savedRow();
        if (!m_session.filePath().isEmpty())
            m_origin = tr("Opened %1").arg(m_session.displayName());
        else if (!m_session.importedFrom().isEmpty())
            m_origin = tr("Imported %1").arg(QFileInfo(m_session.importedFrom()).fileName());
        else
            m_origin = tr("New document");
    }
    m_resetting = false;
    endResetModel();
}

void HistoryModel::sync() {
    if (m_resetting || !m_hasDocument || !m_session.hasDocument())
        return;
    const core::edit::History& history = m_session.history();

    // Steps the memory cap dropped: the oldest rows after row 0 go; row 0 now stands for the
    // oldest state still reachable.
    if (history.droppedSteps() > m_dropped) {
        const std::size_t gone = std::min(history.droppedSteps() - m_dropped, m_steps.size());
        m_dropped = history.droppedSteps();
        if (gone > 0) {
            beginRemoveRows({}, 1, static_cast<int>(gone));
            m_steps.erase(m_steps.begin(), m_steps.begin() + static_cast<std::ptrdiff_t>(gone));
            m_undoCount -= std::min(gone, m_undoCount);
            if (m_saved)
                m_saved = *m_saved >= gone ? std::optional(*m_saved - gone) : std::nullopt;
            endRemoveRows();
        }
        emit dataChanged(index(0), index(0));
    }

    // A new branch replaces the redo steps: rows past the common part go, new ones come. Undo
    // and redo keep the names and only move the current row.
    std::vector<QString> steps = stepNames(history);
    std::size_t common = 0;
    while (common < m_steps.size() && common < steps.size() && m_steps[common] == steps[common])
        ++common;
    if (common < m_steps.size()) {
        beginRemoveRows({}, static_cast<int>(common) + 1, static_cast<int>(m_steps.size()));
        m_steps.resize(common);
        endRemoveRows();
    }
    if (common < steps.size()) {
        beginInsertRows({}, static_cast<int>(common) + 1, static_cast<int>(steps.size()));
        m_steps = std::move(steps);
        endInsertRows();
    }

    const std::size_t oldUndo = std::min(m_undoCount, m_steps.size());
    const std::optional<std::size_t> oldSaved = m_saved;
    m_undoCount = history.undoCount();
    m_saved = savedRow();
    // Rows between the old and new current row change between done and undone.
    statusChanged(static_cast<int>(std::min(oldUndo, m_undoCount)),
                  static_cast<int>(std::max(oldUndo, m_undoCount)));
    if (oldSaved != m_saved) {
        if (oldSaved)
            statusChanged(static_cast<int>(*oldSaved), static_cast<int>(*oldSaved));
        if (m_saved)
            statusChanged(static_cast<int>(*m_saved), static_cast<int>(*m_saved));
    }
}

std::optional<std::size_t> HistoryModel::savedRow() const {
    if (m_session.filePath().isEmpty())
        return std::nullopt;
    return m_session.history().cleanIndex();
}

void HistoryModel::statusChanged(int first, int last) {
    last = std::min(last, rowCount() - 1);
    if (first <= last)
        emit dataChanged(index(first), index(last));
}

} // namespace hyperrig::ui
