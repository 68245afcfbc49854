#include "ui/panels/validation/ValidationModel.h"

#include "core/base/Contracts.h"

#include <QApplication>
#include <QStyle>

#include <algorithm>

namespace hyperrig::ui {

ValidationModel::ValidationModel(QObject* parent) : QAbstractTableModel(parent) {}

int ValidationModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ValidationModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ValidationModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ValidationRow& row = m_rows[static_cast<std::size_t>(index.row())];
    const bool error = row.diagnostic.severity == core::Diagnostic::Severity::Error;
    const QString pointer = QString::fromStdString(row.diagnostic.pointer);
    switch (role) {
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole:
        switch (index.column()) {
        case SeverityColumn:
            return error ? tr("Error") : tr("Warning");
        case RuleColumn:
            return QString::fromStdString(row.diagnostic.rule);
        case MessageColumn:
            return QString::fromStdString(row.diagnostic.message);
        case ItemColumn:
            // Pointers into data that is no document item (accessors, buffers) still say where.
            if (!row.target.label.empty())
                return QString::fromStdString(row.target.label);
            return pointer.isEmpty() ? tr("whole file") : pointer;
        }
        break;
    case Qt::DecorationRole:
        if (index.column() == SeverityColumn)
            return QApplication::style()->standardIcon(error ? QStyle::SP_MessageBoxCritical
                                                             : QStyle::SP_MessageBoxWarning);
        break;
    case Qt::ToolTipRole: {
        QString tip = QString::fromStdString(row.diagnostic.message);
        tip += "\n" + tr("Rule: %1").arg(QString::fromStdString(row.diagnostic.rule));
        tip += "\n" + tr("Location: %1").arg(pointer.isEmpty() ? tr("whole file") : pointer);
        if (row.fix != ValidationFix::None)
            tip += "\n" + tr("Fix available: %1").arg(QString::fromStdString(fixName(row.fix)));
        return tip;
    }
    case PointerRole:
        return pointer;
    case IsErrorRole:
        return error;
    case FixNameRole:
        return QString::fromStdString(fixName(row.fix));
    default:
        break;
    }
    return {};
}

QVariant ValidationModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case RuleColumn:
        return tr("Rule");
    case MessageColumn:
        return tr("Message");
    case ItemColumn:
        return tr("Item");
    default:
        return {};
    }
}

void ValidationModel::setRows(std::vector<ValidationRow> rows) {
    // Diagnostics come in a fixed pass order, so an edit usually adds or removes a run of rows
    // in the middle: keep the common head and tail, replace what lies between.
    const std::size_t oldSize = m_rows.size();
    const std::size_t newSize = rows.size();
    std::size_t head = 0;
    while (head < oldSize && head < newSize && m_rows[head] == rows[head])
        ++head;
    std::size_t tail = 0;
    while (tail < oldSize - head && tail < newSize - head &&
           m_rows[oldSize - 1 - tail] == rows[newSize - 1 - tail])
        ++tail;
    const std::size_t oldMiddle = oldSize - head - tail;
    const std::size_t newMiddle = newSize - head - tail;
    const std::size_t changed = std::min(oldMiddle, newMiddle);
    // Rows changed in place first, then the surplus removed or the extra inserted after them.
    for (std::size_t i = 0; i < changed; ++i)
        m_rows[head + i] = std::move(rows[head + i]);
    if (changed > 0)
        emit dataChanged(index(static_cast<int>(head), 0),
                         index(static_cast<int>(head + changed - 1), ColumnCount - 1));
    const int first = static_cast<int>(head + changed);
    if (oldMiddle > newMiddle) {
        beginRemoveRows({}, first, static_cast<int>(head + oldMiddle - 1));
        m_rows.erase(m_rows.begin() + first,
                     m_rows.begin() + static_cast<std::ptrdiff_t>(head + oldMiddle));
        endRemoveRows();
    } else if (newMiddle > oldMiddle) {
        beginInsertRows({}, first, static_cast<int>(head + newMiddle - 1));
        m_rows.insert(
            m_rows.begin() + first, std::make_move_iterator(rows.begin() + first),
            std::make_move_iterator(rows.begin() + static_cast<std::ptrdiff_t>(head + newMiddle)));
        endInsertRows();
    }
    recount();
}

void ValidationModel::clear() {
    beginResetModel();
    m_rows.clear();
    endResetModel();
    recount();
}

const ValidationRow& ValidationModel::rowAt(int row) const {
    HYPERRIG_EXPECTS(row >= 0 && row < rowCount());
    return m_rows[static_cast<std::size_t>(row)];
}

void ValidationModel::recount() {
    m_errors = static_cast<int>(std::count_if(m_rows.begin(), m_rows.end(), [](const auto& row) {
        return row.diagnostic.severity == core::Diagnostic::Severity::Error;
    }));
    m_warnings = static_cast<int>(m_rows.size()) - m_errors;
}

} // namespace hyperrig::ui
