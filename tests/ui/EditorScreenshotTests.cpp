#include "tests/support/PngProbe.h"
#include "tests/support/ProcessRunner.h"

#include <catch2/catch.hpp>
#include <fstream>

using hyperrig::test::readPng;
using hyperrig::test::runProcess;
using hyperrig::test::TemporaryFolder;

namespace {
const std::filesystem::path kEditor = HYPERRIG_EDITOR_EXECUTABLE;
const std::filesystem::path kSample =
    std::filesystem::path(HYPERRIG_SOURCE_DIR) / "assets/samples/creature-4d.g4tf";
} // namespace

TEST_CASE("the editor writes a screenshot of its main window and quits", "[ui][gl][screenshot]") {
    TemporaryFolder folder;
    const auto screenshot = folder / "editor.png";

    const auto result =
        runProcess(kEditor, {kSample.string(), "--screenshot", screenshot.string(), "--quit"});
    INFO("stderr: " << result.err);
    REQUIRE(result.exitCode == 0);
    auto png = readPng(screenshot);
    REQUIRE(png.has_value());

    SECTION("the picture has the window's size") {
        CHECK(png->width >= 640);
        CHECK(png->height >= 480);
    }
    SECTION("the picture is not blank: menus, status bar and the viewport show") {
        CHECK(png->distinctColours() > 50);
        CHECK(png->dominantColourFraction() < 0.9);
    }
    SECTION("the viewport's gradient is in the picture, so GL content was captured") {
        // A column near the right edge, clear of the model and the grid: the gradient is
        // lighter at the top. A black (uncaptured) GL widget would make both equal.
        const int x = png->width * 97 / 100;
        const auto red = [&](int y) {
            return (png->pixel(x, y) >> 24) & 0xFFU;
        };
        CHECK(red(png->height / 5) > red(png->height * 4 / 5));
    }
    SECTION("the opened sample is drawn in the viewport") {
        // The centre column crosses the creature's head, torso and legs: lit surfaces and bones
        // are far brighter than the dark background there.
        const int x = png->width / 2;
        int bright = 0;
        int total = 0;
        for (int y = png->height * 15 / 100; y < png->height * 85 / 100; ++y, ++total)
            if (((png->pixel(x, y) >> 24) & 0xFFU) > 90)
                ++bright;
        CHECK(bright > total / 3);
    }
}

TEST_CASE("the editor refuses unreadable files and bad options with a message", "[ui][cli]") {
    SECTION("a file that does not exist") {
        const auto result = runProcess(kEditor, {"/nonexistent/creature.g4tf"});
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("/nonexistent/creature.g4tf"));
    }
    SECTION("a file that is not G4MF") {
        TemporaryFolder folder;
        const auto path = folder / "broken.g4tf";
        std::ofstream(path) << "{ not json";
        const auto result = runProcess(kEditor, {path.string()});
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("line 1, column"));
    }
    SECTION("--quit without --screenshot") {
        const auto result = runProcess(kEditor, {"--quit"});
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("--screenshot"));
    }
}

TEST_CASE("the editor opens a document its viewport cannot draw", "[ui][gl][screenshot]") {
    // A bone with a singular basis has no inverse bind transform: evaluation refuses the rig,
    // but the file must still open (exit 0, a screenshot) so the user can fix it.
    TemporaryFolder folder;
    const auto path = folder / "singular.g4tf";
    std::ofstream(path) << R"({"asset": {"dimension": 4}, "nodes": [
        {"name": "Scene", "children": [1]},
        {"name": "Rig", "skeleton": {"joints": [2]}, "children": [2]},
        {"name": "Flat", "bone": {"length": 1}, "basis": [0,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]}]})";
    const auto screenshot = folder / "editor.png";
    const auto result =
        runProcess(kEditor, {path.string(), "--screenshot", screenshot.string(), "--quit"});
    INFO("stderr: " << result.err);
    CHECK(result.exitCode == 0);
    CHECK(readPng(screenshot).has_value());
}
