#include "ui/widgets/RowMoveModel.h"

#include <QCoreApplication>
#include <QDataStream>
#include <QIODevice>
#include <QMimeData>

#include <algorithm>

namespace hyperrig::ui {
namespace {

constexpr const char* kRowMoveMimeType = "application/x-hyperrig-table-rows";

// A drag is this model's when it names this process and this model object: rows mean nothing in
// another table, and another process may hold a different object at the same address.
struct RowMoveSource {
    qint64 process = 0;
    quint64 model = 0;
    bool operator==(const RowMoveSource&) const = default;
};

RowMoveSource rowMoveSourceOf(const RowMoveModel* model) {
    return {QCoreApplication::applicationPid(),
            static_cast<quint64>(reinterpret_cast<quintptr>(model))};
}

} // namespace

Qt::ItemFlags RowMoveModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    return index.isValid() ? flags | Qt::ItemIsDragEnabled : flags | Qt::ItemIsDropEnabled;
}

QStringList RowMoveModel::mimeTypes() const {
    return {QString::fromLatin1(kRowMoveMimeType)};
}

Qt::DropActions RowMoveModel::supportedDragActions() const {
    return Qt::MoveAction;
}

Qt::DropActions RowMoveModel::supportedDropActions() const {
    return Qt::MoveAction;
}

QMimeData* RowMoveModel::mimeData(const QModelIndexList& indexes) const {
    std::vector<int> rows;
    for (const QModelIndex& index : indexes)
        if (index.isValid() && index.model() == this)
            rows.push_back(index.row());
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    if (rows.empty())
        return nullptr;
    const RowMoveSource source = rowMoveSourceOf(this);
    QByteArray bytes;
    QDataStream stream(&bytes, QIODevice::WriteOnly);
    stream << source.process << source.model << static_cast<quint32>(rows.size());
    for (int row : rows)
        stream << static_cast<qint32>(row);
    auto* data = new QMimeData;
    data->setData(QString::fromLatin1(kRowMoveMimeType), bytes);
    return data;
}

std::optional<std::vector<int>> RowMoveModel::draggedRows(const QMimeData* data) const {
    if (!data || !data->hasFormat(QString::fromLatin1(kRowMoveMimeType)))
        return std::nullopt;
    QDataStream stream(data->data(QString::fromLatin1(kRowMoveMimeType)));
    RowMoveSource source;
    quint32 count = 0;
    stream >> source.process >> source.model >> count;
    if (stream.status() != QDataStream::Ok || !(source == rowMoveSourceOf(this)) || count == 0)
        return std::nullopt;
    std::vector<int> rows;
    for (quint32 k = 0; k < count && stream.status() == QDataStream::Ok; ++k) {
        qint32 row = -1;
        stream >> row;
        // Ascending and distinct as mimeData() wrote them, and still in the table.
        if (row < 0 || row >= rowCount() || (!rows.empty() && row <= rows.back()))
            return std::nullopt;
        rows.push_back(row);
    }
    if (stream.status() != QDataStream::Ok)
        return std::nullopt;
    return rows;
}

bool RowMoveModel::canDropMimeData(const QMimeData* data, Qt::DropAction action, int, int,
                                   const QModelIndex& parent) const {
    return action == Qt::MoveAction && !parent.isValid() && draggedRows(data).has_value();
}

bool RowMoveModel::dropMimeData(const QMimeData*, Qt::DropAction, int, int, const QModelIndex&) {
    return false; // RowMoveTableView reports the drop; the panel's command does the move
}

} // namespace hyperrig::ui
