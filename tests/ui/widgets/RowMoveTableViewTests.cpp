#include "tests/ui/widgets/RowDropSupport.h"
#include "ui/widgets/RowMoveModel.h"
#include "ui/widgets/RowMoveTableView.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <catch2/catch.hpp>

using namespace hyperrig;
using hyperrig::test::dragRows;
using hyperrig::test::dropOnRows;
using hyperrig::test::rowDragData;
using hyperrig::test::rowGapPoint;

namespace {

// Five rows "row 0" .. "row 4" in two columns; it never changes.
class RowMoveViewTestModel : public ui::RowMoveModel {
public:
    int rowCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : 5; }
    int columnCount(const QModelIndex& parent = {}) const override {
        return parent.isValid() ? 0 : 2;
    }
    QVariant data(const QModelIndex& index, int role) const override {
        return role == Qt::DisplayRole ? QVariant(QStringLiteral("row %1").arg(index.row()))
                                       : QVariant();
    }
};

struct RowMoveViewFixture {
    RowMoveViewTestModel model;
    QAbstractItemModelTester tester{&model};
    ui::RowMoveTableView view;

    RowMoveViewFixture() {
        view.setModel(&model);
        view.resize(300, 400);
        view.show();
        REQUIRE(QTest::qWaitForWindowExposed(&view));
    }
};

} // namespace

TEST_CASE("a row move table view reports a drop of its rows and leaves them to the panel",
          "[ui][widgets][rowmove]") {
    RowMoveViewFixture f;
    QSignalSpy requested(&f.view, &ui::RowMoveTableView::moveRequested);
    CHECK(f.view.dragDropMode() == QAbstractItemView::DragDrop);
    CHECK_FALSE(f.view.dragDropOverwriteMode());
    CHECK(f.model.flags(f.model.index(1, 1)).testFlag(Qt::ItemIsDragEnabled));
    CHECK_FALSE(f.model.flags(f.model.index(1, 1)).testFlag(Qt::ItemIsDropEnabled));
    CHECK(f.model.flags({}).testFlag(Qt::ItemIsDropEnabled));

    SECTION("a drop in the upper half of a row goes before it, in the lower half after it") {
        const QRect row2 = f.view.visualRect(f.model.index(2, 0));
        CHECK(f.view.dropDestination({row2.center().x(), row2.top() + 2}) == 2);
        CHECK(f.view.dropDestination({row2.center().x(), row2.bottom() - 2}) == 3);
        const QRect last = f.view.visualRect(f.model.index(4, 0));
        REQUIRE(last.bottom() + 10 < f.view.viewport()->height());
        CHECK(f.view.dropDestination({last.center().x(), last.bottom() + 10}) == 5);
    }
    SECTION("the drop is reported with its rows and accepted as no move for Qt to finish") {
        const auto outcome = dragRows(f.view, {0, 3}, 2);
        CHECK(outcome.accepted);
        // QAbstractItemView::startDrag removes or clears the source rows after a MoveAction.
        CHECK(outcome.action != Qt::MoveAction);
        REQUIRE(requested.size() == 1);
        CHECK(requested[0][0].value<QList<int>>() == QList<int>{0, 3});
        CHECK(requested[0][1].toInt() == 2);
        // The model takes no drop itself, whatever Qt's code might hand it.
        const auto data = rowDragData(f.model, {0});
        CHECK(f.model.canDropMimeData(data.get(), Qt::MoveAction, 3, 0, {}));
        CHECK_FALSE(f.model.dropMimeData(data.get(), Qt::MoveAction, 3, 0, {}));
    }
    SECTION("rows dragged from another model are ignored") {
        RowMoveViewTestModel other;
        const auto data = rowDragData(other, {1});
        CHECK_FALSE(f.model.canDropMimeData(data.get(), Qt::MoveAction, 3, 0, {}));
        const auto outcome = dropOnRows(f.view, *data, rowGapPoint(f.view, 3));
        CHECK_FALSE(outcome.accepted);
        CHECK(requested.isEmpty());
    }
    SECTION("data that is not rows is ignored") {
        QMimeData text;
        text.setText(QStringLiteral("row 1"));
        CHECK_FALSE(dropOnRows(f.view, text, rowGapPoint(f.view, 3)).accepted);
        CHECK(requested.isEmpty());
    }
}
