#include "ui/widgets/RowMovePlan.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using hyperrig::ui::movedRowsFirst;
using hyperrig::ui::RowMove;
using hyperrig::ui::rowMoveSteps;

namespace {

// The table "abcdef" after the steps, each applied as one erase + insert.
std::string afterRowMoves(const std::vector<RowMove>& steps) {
    std::string table = "abcdef";
    for (const auto& [from, to] : steps) {
        const char item = table[static_cast<std::size_t>(from)];
        table.erase(static_cast<std::size_t>(from), 1);
        table.insert(static_cast<std::size_t>(to), 1, item);
    }
    return table;
}

} // namespace

TEST_CASE("a row drag becomes single-row moves in order", "[ui][widgets][rowmove]") {
    SECTION("one row down, past the gap before row 3") {
        const auto steps = rowMoveSteps({0}, 3);
        CHECK(steps == std::vector<RowMove>{{0, 2}});
        CHECK(afterRowMoves(steps) == "bcadef");
        CHECK(movedRowsFirst({0}, 3) == 2);
    }
    SECTION("one row up") {
        CHECK(afterRowMoves(rowMoveSteps({4}, 1)) == "aebcdf");
        CHECK(movedRowsFirst({4}, 1) == 1);
    }
    SECTION("to the end and to the front") {
        CHECK(afterRowMoves(rowMoveSteps({2}, 6)) == "abdefc");
        CHECK(afterRowMoves(rowMoveSteps({5}, 0)) == "fabcde");
        CHECK(movedRowsFirst({2}, 6) == 5);
    }
    SECTION("rows with a gap between them move as a block, in their order") {
        const auto steps = rowMoveSteps({1, 3}, 5);
        CHECK(steps.size() <= 2);
        CHECK(afterRowMoves(steps) == "acebdf");
        CHECK(movedRowsFirst({1, 3}, 5) == 3);
    }
    SECTION("rows on both sides of the gap") {
        CHECK(afterRowMoves(rowMoveSteps({1, 4}, 3)) == "acbedf");
        CHECK(movedRowsFirst({1, 4}, 3) == 2);
        CHECK(afterRowMoves(rowMoveSteps({0, 2, 5}, 2)) == "bacfde");
        CHECK(movedRowsFirst({0, 2, 5}, 2) == 1);
        CHECK(afterRowMoves(rowMoveSteps({0, 5}, 6)) == "bcdeaf");
    }
    SECTION("rows dropped where they are: no step") {
        CHECK(rowMoveSteps({2}, 2).empty());
        CHECK(rowMoveSteps({2}, 3).empty());
        CHECK(rowMoveSteps({1, 2}, 1).empty());
        CHECK(rowMoveSteps({1, 2}, 2).empty());
        CHECK(rowMoveSteps({1, 2}, 3).empty());
        CHECK(movedRowsFirst({1, 2}, 3) == 1);
    }
}
