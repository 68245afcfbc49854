#include "core/eval/View4D.h"

#include <catch2/catch.hpp>
#include <set>

using namespace hyperrig::core;

namespace {

// The world axis (0-based) and sign that view axis `row` shows, when that row of world -> view
// is a signed unit vector with every other entry EXACTLY zero; {-1, 0} otherwise.
std::pair<int, int> exactAxisOfRow(const math::BasisN& worldToView, int row) {
    int axis = -1;
    int sign = 0;
    for (int column = 0; column < worldToView.dimension(); ++column) {
        const double value = worldToView.at(row, column);
        if (value == 0.0)
            continue;
        if ((value != 1.0 && value != -1.0) || axis >= 0)
            return {-1, 0};
        axis = column;
        sign = value > 0.0 ? 1 : -1;
    }
    return {axis, sign};
}

bool exactSignedPermutation(const math::BasisN& basis) {
    for (int row = 0; row < basis.dimension(); ++row)
        if (exactAxisOfRow(basis, row).first < 0)
            return false;
    return true;
}

} // namespace

TEST_CASE("a 90 degree slice step maps the axes exactly", "[eval][view4d]") {
    eval::View4D view;
    eval::rotateSliceQuarterTurn(view, 0); // XW
    CHECK(view.xwDegrees == 90.0);
    const math::BasisN toView = view.worldToView().basis();
    // V = R_xw(90°): view X is world +W and view W is world −X, exactly (no 6e-17 residue).
    CHECK(exactAxisOfRow(toView, 0) == std::pair{3, 1});
    CHECK(exactAxisOfRow(toView, 1) == std::pair{1, 1});
    CHECK(exactAxisOfRow(toView, 2) == std::pair{2, 1});
    CHECK(exactAxisOfRow(toView, 3) == std::pair{0, -1});
    // A world point maps bit for bit: (1, 2, 3, 4) -> view (4, 2, 3, −1).
    CHECK(view.worldToView().applyPoint(math::VectorN{1, 2, 3, 4}) == math::VectorN{4, 2, 3, -1});

    SECTION("four steps in one plane come back to the start, angles kept in (-180, 180]") {
        for (int step = 0; step < 3; ++step)
            eval::rotateSliceQuarterTurn(view, 0);
        CHECK(view.xwDegrees == 0.0);
        CHECK(view.worldToView().basis() == math::BasisN::identity(4));
        eval::rotateSliceQuarterTurn(view, 1);
        eval::rotateSliceQuarterTurn(view, 1);
        CHECK(view.ywDegrees == 180.0);
        eval::rotateSliceQuarterTurn(view, 1);
        CHECK(view.ywDegrees == -90.0);
    }

    SECTION("steps in XW, YW and ZW reach all eight axis-aligned sides exactly") {
        // Which world axis view W looks along, for every combination of up to 3 steps per plane.
        std::set<std::pair<int, int>> sides;
        for (int xw = 0; xw < 4; ++xw)
            for (int yw = 0; yw < 4; ++yw)
                for (int zw = 0; zw < 4; ++zw) {
                    eval::View4D stepped;
                    for (int k = 0; k < xw; ++k)
                        eval::rotateSliceQuarterTurn(stepped, 0);
                    for (int k = 0; k < yw; ++k)
                        eval::rotateSliceQuarterTurn(stepped, 1);
                    for (int k = 0; k < zw; ++k)
                        eval::rotateSliceQuarterTurn(stepped, 2);
                    const math::BasisN basis = stepped.worldToView().basis();
                    REQUIRE(exactSignedPermutation(basis));
                    sides.insert(exactAxisOfRow(basis, 3));
                }
        CHECK(sides == std::set<std::pair<int, int>>{
                           {0, 1}, {0, -1}, {1, 1}, {1, -1}, {2, 1}, {2, -1}, {3, 1}, {3, -1}});
    }

    SECTION("quarter turns of the axes beyond W are exact too") {
        eval::View4D fiveD;
        eval::rotateSliceQuarterTurn(fiveD, 1, 4); // YV
        CHECK(fiveD.beyondW[0].yDegrees == 90.0);
        const math::BasisN basis = fiveD.worldToView(5).basis();
        CHECK(exactAxisOfRow(basis, 1) == std::pair{4, 1}); // view Y shows world +V
        CHECK(exactAxisOfRow(basis, 4) == std::pair{1, -1});
        CHECK(exactAxisOfRow(basis, 3) == std::pair{3, 1});
    }
}

TEST_CASE("the N-D view composes its planes axis after axis", "[eval][view4d]") {
    // V = R_xw(90°) · R_xv(90°) (view -> world): R_xv acts first. V e_x = R_xw(e_v) = e_v, so view
    // X shows world +V; V e_v = R_xw(−e_x) = −e_w; V e_w = R_xw(e_w) = −e_x.
    eval::View4D view;
    view.xwDegrees = 90.0;
    view.beyondW[0].xDegrees = 90.0;
    const math::BasisN basis = view.worldToView(5).basis();
    CHECK(exactAxisOfRow(basis, 0) == std::pair{4, 1});
    CHECK(exactAxisOfRow(basis, 4) == std::pair{3, -1});
    CHECK(exactAxisOfRow(basis, 3) == std::pair{0, -1});
    // The 4D part of a 5D view that leaves V alone is the 4D view.
    eval::View4D plain;
    plain.xwDegrees = 30.0;
    plain.zwDegrees = -50.0;
    const math::BasisN four = plain.worldToView(4).basis();
    const math::BasisN five = plain.worldToView(5).basis();
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            CHECK(five.at(r, c) == Approx(four.at(r, c)).margin(1e-15));
    CHECK(five.at(4, 4) == 1.0);
}

TEST_CASE("per-axis slice offsets and rotations parse from the command line form",
          "[eval][view4d]") {
    eval::View4D view;
    REQUIRE(eval::parseSliceOffsets("w=0.1,v=-0.25,s=2", view).ok());
    CHECK(view.offset == 0.1);
    CHECK(view.beyondW[0].offset == -0.25);
    CHECK(view.beyondW[3].offset == 2.0);
    REQUIRE(eval::parseRotation("xv=30,zs=-10,yw=5", view).ok());
    CHECK(view.beyondW[0].xDegrees == 30.0);
    CHECK(view.beyondW[3].zDegrees == -10.0);
    CHECK(view.ywDegrees == 5.0);
    CHECK(eval::parseSliceOffsets("q=1", view).error().message() ==
          "unknown axis 'q' (use w, v, u, t or s: the 4th to 8th axes)");
    CHECK(eval::parseSliceOffsets("x=1", view).error().message() ==
          "unknown axis 'x' (use w, v, u, t or s: the 4th to 8th axes)");
    CHECK(eval::parseSliceOffsets("v=1,v=2", view).error().message() == "axis v is given twice");
    CHECK(eval::parseSliceOffsets("v=far", view).error().message() ==
          "'far' in 'v=far' is not a number");
    CHECK(eval::parseSliceOffsets("v", view).error().message() ==
          "'v' is not AXIS=OFFSET (e.g. v=0.1)");

    // A 5D document has no axis u: using it is refused, naming it; v is fine.
    CHECK(eval::checkViewAxes(view, 8).ok());
    CHECK(eval::checkViewAxes(view, 5).error().message() ==
          "axis s is used, but a 5D document has no axis s");
    eval::View4D fiveD;
    fiveD.beyondW[0].offset = 0.5;
    CHECK(eval::checkViewAxes(fiveD, 5).ok());
    CHECK(eval::checkViewAxes(fiveD, 4).error().message() ==
          "axis v is used, but a 4D document has no axis v");
}
