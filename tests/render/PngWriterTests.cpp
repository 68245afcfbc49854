#include "render/headless/PngWriter.h"
#include "tests/support/PngProbe.h"
#include "tests/support/ProcessRunner.h"

#include <catch2/catch.hpp>

using namespace hyperrig::render;

TEST_CASE("PNG output is exact and refuses bad images", "[png]") {
    gl::RgbaImage image;
    image.width = 3;
    image.height = 2;
    image.pixels = {255, 0,  0,  255, 0,  255, 0,  255, 0,  0,   255, 255,
                    10,  20, 30, 40,  50, 60,  70, 80,  90, 100, 110, 120};
    hyperrig::test::TemporaryFolder folder;

    SECTION("pixels, including alpha, survive encoding") {
        REQUIRE(headless::writePng(folder / "out.png", image).ok());
        auto png = hyperrig::test::readPng(folder / "out.png");
        REQUIRE(png.has_value());
        CHECK(png->width == 3);
        CHECK(png->height == 2);
        CHECK(png->rgba == image.pixels);
    }
    SECTION("an image whose pixel data is short is refused, and no file appears") {
        image.pixels.pop_back();
        auto written = headless::writePng(folder / "out.png", image);
        REQUIRE_FALSE(written.ok());
        CHECK_THAT(written.error().message(), Catch::Contains("incomplete"));
        CHECK_FALSE(std::filesystem::exists(folder / "out.png"));
    }
}
