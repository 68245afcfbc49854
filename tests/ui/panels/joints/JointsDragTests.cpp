#include "core/model/DocumentEquality.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/panels/PanelTestSupport.h"
#include "tests/ui/widgets/RowDropSupport.h"
#include "ui/panels/joints/JointsModel.h"
#include "ui/panels/joints/JointsPanel.h"
#include "ui/session/EditorSession.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QTest>

#include <algorithm>
#include <catch2/catch.hpp>
#include <optional>

using namespace hyperrig;
using core::model::JointSlot;
using core::model::NodeId;
using hyperrig::test::child;
using hyperrig::test::dragRows;

namespace {

// The 4D creature (CreatureRig: 28 slots, Hips .. Tail in document order, then Spine, Chest,
// LeftUpperArm, RightUpperArm again; a TPose) with a shown Joints panel on CreatureRig.
struct JointsDragFixture : test::PanelFixture<ui::JointsPanel> {
    ui::RowMoveTableView* table = nullptr;
    std::unique_ptr<QAbstractItemModelTester> tester;

    explicit JointsDragFixture(std::optional<core::model::Document> document = std::nullopt)
        : PanelFixture({480, 700}, std::move(document)) {
        table = child<ui::RowMoveTableView>(*panel, "jointsTable");
        tester = std::make_unique<QAbstractItemModelTester>(table->model());
        session.select({node("CreatureRig")});
        REQUIRE(table->model()->rowCount() == 28);
    }
    const core::model::Skeleton& skeleton() const {
        return *session.document().node(node("CreatureRig")).skeleton();
    }
    std::vector<int> selectedRows() const {
        std::vector<int> rows;
        for (const QModelIndex& index : table->selectionModel()->selectedRows())
            rows.push_back(index.row());
        std::sort(rows.begin(), rows.end());
        return rows;
    }
};

// `items` with the item at `from` taken out and put back at `to`.
template <typename T>
std::vector<T> withItemMoved(std::vector<T> items, std::size_t from, std::size_t to) {
    T item = items[from];
    items.erase(items.begin() + static_cast<std::ptrdiff_t>(from));
    items.insert(items.begin() + static_cast<std::ptrdiff_t>(to), item);
    return items;
}

} // namespace

TEST_CASE("dragging a joints slot moves it, with its pose entries, as one undo step",
          "[ui][joints][drag]") {
    JointsDragFixture f;
    const std::vector<JointSlot> original = f.skeleton().joints;
    const std::vector<core::model::JointPose> originalTPose = f.skeleton().bindPoses.at(0).joints;
    const std::size_t before = f.steps();
    const JointSlot hips{f.node("Hips")};
    const JointSlot chest{f.node("Chest")};
    const JointSlot spine{f.node("Spine")};

    SECTION("one slot up: Chest (slot 2) into the gap before slot 1") {
        const auto outcome = dragRows(*f.table, {2}, 1);
        CHECK(outcome.accepted);
        CHECK(outcome.action != Qt::MoveAction);
        CHECK(f.skeleton().joints[1] == chest);
        CHECK(f.skeleton().joints[2] == spine);
        CHECK(f.steps() == before + 1);
        CHECK(f.selectedRows() == std::vector<int>{1});
        CHECK(f.table->currentIndex().row() == 1);
        CHECK(f.table->model()->index(1, ui::JointsModel::BoneColumn).data().toString() == "Chest");
        // Moving Chest before its parent's first slot is allowed and shown, as with Move Up.
        CHECK(child<QLabel>(*f.panel, "jointsSlotProblem")->isVisible());
        f.session.undo();
        CHECK(f.skeleton().joints == original);
        CHECK(f.skeleton().bindPoses.at(0).joints == originalTPose);
        CHECK(core::model::firstDifference(f.session.document(), test::creatureFromDisk()) ==
              std::nullopt);
        f.session.redo();
        CHECK(f.skeleton().joints[1] == chest);
        CHECK(f.skeleton().joints[2] == spine);
    }
    SECTION("one slot to the end: Hips (slot 0) past the last row") {
        dragRows(*f.table, {0}, 28);
        CHECK(f.skeleton().joints == withItemMoved(original, 0, 27));
        CHECK(f.skeleton().joints[27] == hips);
        CHECK(f.skeleton().bindPoses.at(0).joints == withItemMoved(originalTPose, 0, 27));
        CHECK(f.steps() == before + 1);
        CHECK(f.selectedRows() == std::vector<int>{27});
        f.session.undo();
        CHECK(f.skeleton().joints == original);
        CHECK(f.skeleton().bindPoses.at(0).joints == originalTPose);
    }
    SECTION("several slots, with a gap between them, move as one block in one step") {
        // Slots 1 (Spine) and 3 into the gap before slot 6: 0 2 4 5 1 3 6 7 ...
        dragRows(*f.table, {1, 3}, 6);
        std::vector<JointSlot> expected = original;
        expected[1] = original[2];
        expected[2] = original[4];
        expected[3] = original[5];
        expected[4] = original[1];
        expected[5] = original[3];
        CHECK(f.skeleton().joints == expected);
        CHECK(f.skeleton().bindPoses.at(0).joints[4] == originalTPose[1]);
        CHECK(f.skeleton().bindPoses.at(0).joints[5] == originalTPose[3]);
        CHECK(f.steps() == before + 1);
        CHECK(f.selectedRows() == std::vector<int>{4, 5});
        f.session.undo();
        CHECK(f.skeleton().joints == original);
        CHECK(f.skeleton().bindPoses.at(0).joints == originalTPose);
        f.session.redo();
        CHECK(f.skeleton().joints == expected);
    }
    SECTION("a drop where the slot is changes nothing and adds no step") {
        for (int gap : {5, 6}) {
            CHECK(dragRows(*f.table, {5}, gap).accepted);
            CHECK(f.skeleton().joints == original);
            CHECK(f.steps() == before);
        }
        CHECK_FALSE(child<QLabel>(*f.panel, "jointsRefusal")->isVisible());
    }
    SECTION("slots dragged from another table are not taken") {
        ui::JointsModel other;
        other.show(&f.session.document(), f.node("CreatureRig"));
        const auto data = test::rowDragData(other, {2});
        CHECK_FALSE(test::dropOnRows(*f.table, *data, test::rowGapPoint(*f.table, 1)).accepted);
        CHECK(f.skeleton().joints == original);
        CHECK(f.steps() == before);
    }
}

TEST_CASE("a refused slot drag changes nothing and says why, as Move Down does",
          "[ui][joints][drag]") {
    // A TPose one entry short: moving slots is refused until the pose is fixed.
    core::model::Document document = test::creatureFromDisk();
    core::model::Skeleton& rig = *document.node(document.findNode("CreatureRig")).skeleton();
    rig.bindPoses.at(0).joints.pop_back();
    JointsDragFixture f(std::move(document));
    const std::vector<JointSlot> original = f.skeleton().joints;
    const std::size_t before = f.steps();
    auto* refusal = child<QLabel>(*f.panel, "jointsRefusal");

    f.table->selectRow(2);
    QTest::mouseClick(child<QPushButton>(*f.panel, "jointsDown"), Qt::LeftButton);
    REQUIRE(refusal->isVisible());
    const QString buttonReason = refusal->text();
    CHECK(buttonReason.contains("fix the pose"));
    refusal->hide();

    CHECK(dragRows(*f.table, {2}, 5).accepted);
    CHECK(f.skeleton().joints == original);
    CHECK(f.steps() == before);
    CHECK(refusal->isVisible());
    CHECK(refusal->text() == buttonReason);
    SECTION("a block is refused whole") {
        dragRows(*f.table, {1, 3}, 6);
        CHECK(f.skeleton().joints == original);
        CHECK(f.steps() == before);
    }
}
