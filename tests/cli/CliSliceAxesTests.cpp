#include "tests/cli/CliTestSupport.h"
#include "tests/support/PngProbe.h"
#include "tests/support/ProcessRunner.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

using hyperrig::test::cliExecutable;
using hyperrig::test::readPng;
using hyperrig::test::runProcess;
using hyperrig::test::samplePath;
using hyperrig::test::TemporaryFolder;

namespace {

// The "v x y z" corners and "#" comment lines of an OBJ file.
struct ObjCorners {
    std::vector<std::array<double, 3>> corners;
    std::string comments;
};

ObjCorners readObjCorners(const std::filesystem::path& path) {
    std::ifstream stream(path);
    REQUIRE(stream.good());
    ObjCorners obj;
    for (std::string line; std::getline(stream, line);) {
        if (line.starts_with("# "))
            obj.comments += line + "\n";
        if (!line.starts_with("v "))
            continue;
        std::istringstream words(line.substr(2));
        std::array<double, 3> corner{};
        words >> corner[0] >> corner[1] >> corner[2];
        obj.corners.push_back(corner);
    }
    return obj;
}

} // namespace

TEST_CASE("slice cuts a 5D rig at the offsets of --slice", "[cli][slice][nd]") {
    TemporaryFolder folder;
    const auto out = folder / "limb.obj";
    // limb-5d.g4tf (assets/samples/generate_samples.py): the lower limb runs along +V from
    // (0, 0.5, 0, 0, 0) for 0.4, inside a box of half-width 0.048 across its own x, z, w and v
    // (world x, z, w and −y). At v = 0.2 only it is cut: its cross-section, cut again at w = 0.01,
    // is the box |x| <= 0.048, |y − 0.5| <= 0.048, |z| <= 0.048.
    const auto result = runProcess(cliExecutable(), {"slice", samplePath("limb-5d.g4tf"), "--slice",
                                                     "w=0.01,v=0.2", "-o", out.string()});
    INFO(result.err);
    REQUIRE(result.exitCode == 0);
    const ObjCorners obj = readObjCorners(out);
    REQUIRE(obj.corners.size() >= 36);
    CHECK_THAT(obj.comments, Catch::Contains("w offset 0.01, rotation xw 0 yw 0 zw 0 degrees"));
    CHECK_THAT(obj.comments, Catch::Contains("v offset 0.2, rotation xv 0 yv 0 zv 0 degrees"));
    std::array<double, 3> low{1e9, 1e9, 1e9};
    std::array<double, 3> high{-1e9, -1e9, -1e9};
    for (const auto& corner : obj.corners)
        for (std::size_t k = 0; k < 3; ++k) {
            low[k] = std::min(low[k], corner[k]);
            high[k] = std::max(high[k], corner[k]);
        }
    const std::array<double, 3> centre{0.0, 0.5, 0.0};
    for (std::size_t k = 0; k < 3; ++k) {
        CHECK(low[k] == Approx(centre[k] - 0.048).margin(1e-5));
        CHECK(high[k] == Approx(centre[k] + 0.048).margin(1e-5));
    }
}

TEST_CASE("slice and render refuse axes and offsets they cannot use, naming them",
          "[cli][slice][nd]") {
    TemporaryFolder folder;
    const auto out = folder / "never.obj";
    const auto run = [&](std::vector<std::string> arguments) {
        return runProcess(cliExecutable(), std::move(arguments));
    };
    const auto noV =
        run({"slice", samplePath("creature-4d.g4tf"), "--slice", "v=0.1", "-o", out.string()});
    CHECK(noV.exitCode == 2);
    CHECK_THAT(noV.err, Catch::Contains("axis v is used, but a 4D document has no axis v"));
    const auto noU = run({"render", samplePath("limb-5d.g4tf"), "--rotate", "xu=10", "-o",
                          (folder / "never.png").string()});
    CHECK(noU.exitCode == 2);
    CHECK_THAT(noU.err, Catch::Contains("axis u is used, but a 5D document has no axis u"));
    const auto unknown =
        run({"slice", samplePath("limb-5d.g4tf"), "--slice", "v=0.1,q=2", "-o", out.string()});
    CHECK(unknown.exitCode == 2);
    CHECK_THAT(unknown.err, Catch::Contains("--slice: unknown axis 'q'"));
    const auto number =
        run({"slice", samplePath("limb-5d.g4tf"), "--slice", "v=deep", "-o", out.string()});
    CHECK(number.exitCode == 2);
    CHECK_THAT(number.err, Catch::Contains("--slice: 'deep' in 'v=deep' is not a number"));
    const auto twice = run({"slice", samplePath("creature-4d.g4tf"), "--w", "0.1", "--slice",
                            "w=0.2", "-o", out.string()});
    CHECK(twice.exitCode == 2);
    CHECK_THAT(twice.err, Catch::Contains("give the W offset once"));
    CHECK_FALSE(std::filesystem::exists(out));
}

TEST_CASE("render draws 2D and 5D rigs", "[cli][render][nd]") {
    TemporaryFolder folder;
    for (const auto& [sample, extra] :
         {std::pair<std::string, std::vector<std::string>>{"arm-2d.g4tf", {}},
          {"limb-5d.g4tf", {"--slice", "w=0.01,v=0.2", "--rotate", "yv=10"}}}) {
        CAPTURE(sample);
        const auto out = folder / (sample + ".png");
        std::vector<std::string> arguments{
            "render", samplePath(sample.c_str()), "-o", out.string(), "--size", "160x120"};
        arguments.insert(arguments.end(), extra.begin(), extra.end());
        const auto result = runProcess(cliExecutable(), arguments);
        INFO(result.err);
        REQUIRE(result.exitCode == 0);
        const auto png = readPng(out);
        REQUIRE(png.has_value());
        CHECK(png->width == 160);
        // Something is drawn (the background is a dark grey gradient, every channel below 0.22;
        // meshes and bones are light).
        int bright = 0;
        for (int y = 0; y < png->height; ++y)
            for (int x = 0; x < png->width; ++x)
                bright += (png->pixel(x, y) >> 24) > 90 ? 1 : 0;
        CHECK(bright > 100);
    }
}
