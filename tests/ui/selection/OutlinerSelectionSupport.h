#pragma once

#include "core/model/Ids.h"
#include "ui/MainWindow.h"
#include "ui/panels/outliner/OutlinerModel.h"
#include "ui/panels/outliner/OutlinerPanel.h"

#include <QItemSelectionModel>
#include <QSortFilterProxyModel>
#include <QTest>
#include <QTreeView>

#include <algorithm>
#include <catch2/catch.hpp>
#include <vector>

namespace hyperrig::test {

// The nodes whose rows the main window's outliner shows selected, sorted.
inline std::vector<core::model::NodeId> outlinerSelection(ui::MainWindow& window) {
    auto* panel = window.findChild<ui::OutlinerPanel*>(QStringLiteral("outlinerPanel"));
    REQUIRE(panel != nullptr);
    auto* view = panel->findChild<QTreeView*>(QStringLiteral("outlinerTree"));
    REQUIRE(view != nullptr);
    std::vector<core::model::NodeId> nodes;
    for (const QModelIndex& index : view->selectionModel()->selectedIndexes())
        if (index.column() == ui::OutlinerModel::NameColumn)
            nodes.push_back(panel->model()->nodeAt(panel->filterModel()->mapToSource(index)));
    std::sort(nodes.begin(), nodes.end());
    return nodes;
}

// Whether the outliner comes to show exactly `expected` selected (it follows the session's
// selectionChanged; waiting on the condition lets a deferred refresh run, never longer).
inline bool outlinerComesToShow(ui::MainWindow& window, std::vector<core::model::NodeId> expected) {
    std::sort(expected.begin(), expected.end());
    return QTest::qWaitFor([&] { return outlinerSelection(window) == expected; }, 5000);
}

} // namespace hyperrig::test
