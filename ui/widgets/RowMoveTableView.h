#pragma once

#include <QList>
#include <QTableView>

namespace hyperrig::ui {

// A table view whose rows the user drags to another place, for a RowMoveModel whose rows stand
// for document items that only commands may move.
//
// Why a view of its own: QAbstractItemView's drop hands the data to the model
// (dropMimeData), and after a drag that ends as a MoveAction, QAbstractItemView::startDrag
// "finishes the move" itself (clearOrRemove): it removes the source rows, or, in a QTableView's
// default overwrite mode, clears their cells through setItemData; for a model that only mirrors
// the document, the first does nothing and the second would try to rename a skin group to "".
// So this view takes its own rows' drop in dropEvent, never passes it to the model, accepts it
// with IgnoreAction (startDrag removes or clears only after a MoveAction) and reports it as
// moveRequested; the panel runs its command, one undo step, and the model follows the
// ChangeSet like after any edit. The drag itself (start, pixmap, autoscroll, drop indicator)
// stays Qt's: the model's flags put the drop indicator between rows, never on one.
//
// A drop is the view's own when the model recognises the data (RowMoveModel::draggedRows: this
// process, this model, rows that exist), not by QDropEvent::source(), which a drop event sent
// without a drag (tests) does not have; hence DragDrop mode, not InternalMove, which goes by
// source(). Anything else is ignored: no signal, no change.
class RowMoveTableView : public QTableView {
    Q_OBJECT
public:
    // Sets up dragging rows within the view (whole rows, between rows, drop indicator shown).
    explicit RowMoveTableView(QWidget* parent = nullptr);

    // The gap a drop at `position` (viewport coordinates) lands in, as a row number before which
    // the rows go: the upper half of a row means before it, the lower half after it, below the
    // last row (or in an empty table) the end. The same places Qt's drop indicator shows.
    int dropDestination(const QPoint& position) const;

signals:
    // The user dropped `rows` (ascending, distinct, existing) into the gap before row
    // `destination` (0 <= destination <= rowCount) of the table as it was when dropped; rows
    // dropped where they already are still come here (the panel sees nothing to do).
    void moveRequested(const QList<int>& rows, int destination);

protected:
    void dropEvent(QDropEvent* event) override;
};

} // namespace hyperrig::ui
