#include "ui/widgets/RowMoveTableView.h"

#include "ui/widgets/RowMoveModel.h"

#include <QDropEvent>

namespace hyperrig::ui {

RowMoveTableView::RowMoveTableView(QWidget* parent) : QTableView(parent) {
    setDragEnabled(true);
    setAcceptDrops(true);
    setDropIndicatorShown(true);
    // DragDrop rather than InternalMove: InternalMove takes a drag as the view's own by
    // QDropEvent::source(); RowMoveModel::canDropMimeData takes it by the data (this model's
    // rows), which also holds for drag events sent without a drag (tests) and refuses any other
    // data, so nothing from outside is taken either.
    setDragDropMode(QAbstractItemView::DragDrop);
    setDefaultDropAction(Qt::MoveAction);
    // Rows go between rows; overwrite mode would make every drop an "onto an item" drop.
    setDragDropOverwriteMode(false);
}

int RowMoveTableView::dropDestination(const QPoint& position) const {
    const QModelIndex index = indexAt(position);
    if (!index.isValid())
        return model() ? model()->rowCount() : 0;
    const QRect rect = visualRect(index);
    return position.y() < rect.center().y() ? index.row() : index.row() + 1;
}

void RowMoveTableView::dropEvent(QDropEvent* event) {
    const auto* rowModel = qobject_cast<const RowMoveModel*>(model());
    const auto rows = rowModel ? rowModel->draggedRows(event->mimeData()) : std::nullopt;
    if (!rows) {
        event->ignore();
        QTableView::dropEvent(event); // its bookkeeping: the model refuses the drop itself
        return;
    }
    const int destination = dropDestination(event->position().toPoint());
    // Taken, but with nothing left for the drag's source to do: QDrag::exec returns
    // IgnoreAction, and QAbstractItemView::startDrag removes or clears rows only after a
    // MoveAction. (CopyAction would not do: a drag that offers only MoveAction turns it back
    // into a MoveAction, QDropEvent::setDropAction.)
    event->setDropAction(Qt::IgnoreAction);
    event->accept();
    // What QAbstractItemView::dropEvent does after a drop: the drag is over.
    stopAutoScroll();
    setState(NoState);
    viewport()->update();
    emit moveRequested(QList<int>(rows->begin(), rows->end()), destination);
}

} // namespace hyperrig::ui
