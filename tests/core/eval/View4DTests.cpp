#include "core/eval/View4D.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;

TEST_CASE("the 4D view turns W into the visible space", "[eval][view4d]") {
    eval::View4D view;
    CHECK(math::approxEqual(view.worldToView(), math::AffineN::identity(4)));

    // A quarter turn in XW: view X looks along world +W, so a world point at w = 1 appears at
    // view x = 1, and world +X goes to view -W.
    view.xwDegrees = 90.0;
    const math::AffineN toView = view.worldToView();
    const math::VectorN alongW = toView.applyPoint(math::VectorN{0, 0, 0, 1});
    CHECK(alongW[0] == Approx(1.0));
    CHECK(alongW[3] == Approx(0.0).margin(1e-12));
    const math::VectorN alongX = toView.applyPoint(math::VectorN{1, 0, 0, 0});
    CHECK(alongX[3] == Approx(-1.0));
    // Y and Z are untouched by an XW turn.
    CHECK(toView.applyPoint(math::VectorN{0, 1, 0, 0})[1] == Approx(1.0));
}

TEST_CASE("rotations parse from the command line form", "[eval][view4d]") {
    eval::View4D view;
    REQUIRE(eval::parseRotation("xw=30,zw=-12.5", view).ok());
    CHECK(view.xwDegrees == 30.0);
    CHECK(view.ywDegrees == 0.0);
    CHECK(view.zwDegrees == -12.5);
    CHECK(eval::parseRotation("xy=3", view).error().message() ==
          "unknown plane 'xy' (use xw, yw or zw); 5D to 8D also take xv, yv, zv and so on for "
          "the axes v, u, t and s");
    CHECK(eval::parseRotation("xw=ten", view).error().message() ==
          "'ten' in 'xw=ten' is not a number of degrees");
    CHECK(eval::parseRotation("xw=1,xw=2", view).error().message() == "plane xw is given twice");
    CHECK(eval::parseRotation("xw", view).error().message() ==
          "'xw' is not PLANE=DEGREES (e.g. xw=30)");
}
