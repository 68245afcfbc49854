#pragma once

// Dropping rows on a RowMoveTableView as a drag would, without a drag: the data comes from the
// model's mimeData() for the rows' cells (what QAbstractItemView::startDrag packs), and a
// QDropEvent goes to the viewport at a point inside the gap. QDrag::exec is never called (it
// blocks in a nested event loop until a real mouse lets go).

#include "ui/widgets/RowMoveTableView.h"

#include <QAbstractItemModel>
#include <QCoreApplication>
#include <QDropEvent>
#include <QMimeData>

#include <catch2/catch.hpp>
#include <memory>
#include <vector>

namespace hyperrig::test {

// The drag data of `rows` of `model`, every cell of each row, as a row selection gives it.
inline std::unique_ptr<QMimeData> rowDragData(const QAbstractItemModel& model,
                                              const std::vector<int>& rows) {
    QModelIndexList cells;
    for (int row : rows)
        for (int column = 0; column < model.columnCount(); ++column)
            cells.push_back(model.index(row, column));
    std::unique_ptr<QMimeData> data(model.mimeData(cells));
    REQUIRE(data != nullptr);
    return data;
}

// A viewport point in the gap before row `gap` (0 <= gap <= rowCount): a quarter down row `gap`,
// or, for the gap after the last row, a quarter up from that row's bottom.
inline QPoint rowGapPoint(ui::RowMoveTableView& view, int gap) {
    const QAbstractItemModel& model = *view.model();
    REQUIRE(model.rowCount() > 0);
    const bool end = gap == model.rowCount();
    const QModelIndex row = model.index(end ? gap - 1 : gap, 0);
    view.scrollTo(row);
    const QRect rect = view.visualRect(row);
    REQUIRE(rect.height() >= 4);
    return {rect.center().x(),
            end ? rect.bottom() - rect.height() / 4 : rect.top() + rect.height() / 4};
}

struct RowDropOutcome {
    bool accepted = false;
    Qt::DropAction action = Qt::IgnoreAction;
};

// Drags `data` into `view` and drops it at `point` (viewport coordinates). Qt delivers a drop
// only to the widget that accepted the drag's enter event, so the enter goes first, as in a drag.
inline RowDropOutcome dropOnRows(ui::RowMoveTableView& view, const QMimeData& data, QPoint point) {
    QDragEnterEvent enter(point, Qt::MoveAction, &data, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(view.viewport(), &enter);
    if (!enter.isAccepted())
        return {};
    QDropEvent drop(QPointF(point), Qt::MoveAction, &data, Qt::LeftButton, Qt::NoModifier);
    drop.ignore();
    QCoreApplication::sendEvent(view.viewport(), &drop);
    return {drop.isAccepted(), drop.dropAction()};
}

// Drags `rows` of the view's own model into the gap before row `gap`.
inline RowDropOutcome dragRows(ui::RowMoveTableView& view, const std::vector<int>& rows, int gap) {
    const auto data = rowDragData(*view.model(), rows);
    return dropOnRows(view, *data, rowGapPoint(view, gap));
}

} // namespace hyperrig::test
