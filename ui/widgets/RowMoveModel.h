#pragma once

#include <QAbstractTableModel>
#include <QStringList>

#include <optional>
#include <vector>

class QMimeData;

namespace hyperrig::ui {

// A table model whose rows the user reorders by dragging them in a RowMoveTableView. It is the
// drag's source only: mimeData() packs the dragged rows with this model's identity, and the view
// reports a drop of them as RowMoveTableView::moveRequested, for the panel to run its command.
// The model never edits on a drop: dropMimeData refuses every drop, so nothing Qt's view code
// might do with a model drop (insert, or remove the source rows after a move) can touch the
// document behind the commands' back.
// flags() adds ItemIsDragEnabled to every item and ItemIsDropEnabled to the table itself (the
// gaps between rows), not to the items: a drop lands between rows, never onto one.
class RowMoveModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    // The rows a drag that started in this model (this process, this model object) carries,
    // ascending and distinct; nullopt for any other drag, or when a row no longer exists.
    std::optional<std::vector<int>> draggedRows(const QMimeData* data) const;

    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QStringList mimeTypes() const override;
    // The distinct rows of `indexes` (a row's cells count once).
    QMimeData* mimeData(const QModelIndexList& indexes) const override;
    Qt::DropActions supportedDragActions() const override;
    Qt::DropActions supportedDropActions() const override;
    bool canDropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                         const QModelIndex& parent) const override;
    bool dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                      const QModelIndex& parent) override;
};

} // namespace hyperrig::ui
