#include "core/model/DocumentEquality.h"
#include "core/model/SkinGroupNames.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/panels/PanelTestSupport.h"
#include "tests/ui/widgets/RowDropSupport.h"
#include "ui/panels/groups/GroupNamesModel.h"
#include "ui/panels/groups/GroupNamesPanel.h"
#include "ui/session/EditorSession.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

using namespace hyperrig;
using core::model::NodeId;
using hyperrig::test::child;
using hyperrig::test::dragRows;

namespace {

// The 4D creature with a shown Group Names panel on Body (skinned to CreatureRig, with names).
struct GroupNamesDragFixture : test::PanelFixture<ui::GroupNamesPanel> {
    ui::RowMoveTableView* table = nullptr;
    std::unique_ptr<QAbstractItemModelTester> tester;

    GroupNamesDragFixture() : PanelFixture({520, 800}) {
        table = child<ui::RowMoveTableView>(*panel, "groupsTable");
        tester = std::make_unique<QAbstractItemModelTester>(table->model());
        session.select({node("Body")});
        REQUIRE(table->model()->rowCount() >= 6);
    }
    core::model::MeshId body() const {
        return session.document().node(node("Body")).meshInstance()->mesh;
    }
    std::vector<std::string> names() const {
        return *session.document().meshes.at(body()).skin->groupNames;
    }
    // How many influences of Body name `group`.
    std::size_t influencesOn(std::uint32_t group) const {
        const auto& groups = session.document().meshes.at(body()).skin->groups;
        return static_cast<std::size_t>(std::count(groups.begin(), groups.end(), group));
    }
};

} // namespace

TEST_CASE("dragging a group renumbers it as one undo step; the heat-map follows it",
          "[ui][groups][drag]") {
    GroupNamesDragFixture f;
    const std::vector<std::string> before = f.names();
    const std::size_t onGroup0 = f.influencesOn(0);
    const std::size_t onGroup1 = f.influencesOn(1);
    const std::size_t onGroup3 = f.influencesOn(3);
    REQUIRE(onGroup0 > 0);
    const std::size_t steps = f.steps();
    QSignalSpy heatMap(f.panel.get(), &ui::GroupNamesPanel::heatMapGroupRequested);

    SECTION("group 0 into the gap before group 3 becomes group 2") {
        const auto outcome = dragRows(*f.table, {0}, 3);
        CHECK(outcome.accepted);
        CHECK(outcome.action != Qt::MoveAction);
        const std::vector<std::string> after = f.names();
        CHECK(after[0] == before[1]);
        CHECK(after[1] == before[2]);
        CHECK(after[2] == before[0]);
        CHECK(after[3] == before[3]);
        // The influences follow: what was on group 0 is on group 2, group 1's on group 0.
        CHECK(f.influencesOn(2) == onGroup0);
        CHECK(f.influencesOn(0) == onGroup1);
        CHECK(f.influencesOn(3) == onGroup3);
        CHECK(f.steps() == steps + 1);
        CHECK(f.table->currentIndex().row() == 2);
        CHECK(f.table->model()->index(2, ui::GroupNamesModel::NameColumn).data().toString() ==
              QString::fromStdString(before[0]));
        REQUIRE_FALSE(heatMap.isEmpty());
        CHECK(heatMap.last().at(0).toString() == QString::fromStdString(before[0]));
        CHECK_FALSE(child<QLabel>(*f.panel, "groupsRefusal")->isVisible());

        f.session.undo();
        CHECK(f.names() == before);
        CHECK(core::model::firstDifference(f.session.document(), test::creatureFromDisk()) ==
              std::nullopt);
        f.session.redo();
        CHECK(f.names() == after);
        CHECK(f.influencesOn(2) == onGroup0);
    }
    SECTION("the last group to the front") {
        const int last = f.table->model()->rowCount() - 1;
        dragRows(*f.table, {last}, 0);
        const std::vector<std::string> after = f.names();
        CHECK(after[0] == before.back());
        CHECK(after[1] == before[0]);
        CHECK(after.back() == before[before.size() - 2]);
        CHECK(f.steps() == steps + 1);
        CHECK(f.table->currentIndex().row() == 0);
        f.session.undo();
        CHECK(f.names() == before);
    }
    SECTION("a drop where the group is changes nothing, adds no step, asks for no heat-map") {
        for (int gap : {4, 5}) {
            CHECK(dragRows(*f.table, {4}, gap).accepted);
            CHECK(f.names() == before);
            CHECK(f.steps() == steps);
        }
        CHECK(heatMap.isEmpty());
    }
    SECTION("groups dragged from another table are not taken; the model takes no drop") {
        ui::GroupNamesModel other({});
        other.show(&f.session.document(), f.body());
        const auto foreign = test::rowDragData(other, {0});
        CHECK_FALSE(test::dropOnRows(*f.table, *foreign, test::rowGapPoint(*f.table, 3)).accepted);
        // What QAbstractItemView::dropEvent would hand the model: it never edits.
        const auto own = test::rowDragData(*f.table->model(), {0});
        CHECK_FALSE(f.table->model()->dropMimeData(own.get(), Qt::MoveAction, 3, 0, {}));
        CHECK(f.names() == before);
        CHECK(f.steps() == steps);
        CHECK(heatMap.isEmpty());
    }
}
