#include "tests/support/PngProbe.h"
#include "tests/support/ProcessRunner.h"
#include "ui/MainWindow.h"
#include "ui/Screenshot.h"
#include "ui/ViewportWidget.h"

#include <QTest>
#include <QTimer>

#include <algorithm>
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

    // Settings (a saved dock layout) come from the test's own folder, never the user's.
    const auto result =
        runProcess(kEditor, {kSample.string(), "--screenshot", screenshot.string(), "--quit"},
                   {"XDG_CONFIG_HOME=" + folder.path().string()});
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
    // The viewport sits between the docks (the outliner left, the inspector and history right,
    // validation below it), so its columns are searched for in the middle of the window, above
    // the validation list.
    const auto red = [&](int x, int y) {
        return (png->pixel(x, y) >> 24) & 0xFFU;
    };
    SECTION("the viewport's gradient is in the picture, so GL content was captured") {
        // The background gradient is lighter at the top; a black (uncaptured) GL widget would
        // make top and bottom equal in every column.
        int lighterAtTop = 0;
        for (int x = png->width * 30 / 100; x < png->width * 70 / 100; x += 4)
            if (red(x, png->height * 5 / 100) > red(x, png->height * 55 / 100))
                ++lighterAtTop;
        CHECK(lighterAtTop > 0);
    }
    SECTION("the opened sample is drawn in the viewport") {
        // Some column near the window's middle crosses the creature's head, torso and legs: lit
        // surfaces and bones are far brighter than the dark background there.
        int best = 0;
        int total = 0;
        for (int x = png->width * 35 / 100; x < png->width * 65 / 100; x += 4) {
            int bright = 0;
            total = 0;
            for (int y = png->height * 10 / 100; y < png->height * 60 / 100; ++y, ++total)
                if (red(x, y) > 90)
                    ++bright;
            best = std::max(best, bright);
        }
        CHECK(best > total / 3);
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
    SECTION("--select of a node the file does not have") {
        const auto result = runProcess(kEditor, {kSample.string(), "--select", "NoSuchBone"});
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("no node named 'NoSuchBone'"));
    }
    SECTION("--panel of a title no panel has") {
        const auto result = runProcess(kEditor, {kSample.string(), "--panel", "Nonsense"});
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("no panel titled 'Nonsense'"));
    }
    SECTION("--animation of a name the document does not keep") {
        const auto arm = std::filesystem::path(HYPERRIG_SOURCE_DIR) / ".." / "shared" / "data" /
                         "usd" / "skinnedArm.usda";
        const auto result = runProcess(kEditor, {arm.string(), "--animation", "Walk"});
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("no animation named 'Walk' (animations: Anim)"));
    }
    SECTION("a .usda file the reader refuses names its line and column") {
        TemporaryFolder folder;
        const auto path = folder / "broken.usda";
        std::ofstream(path) << "#usda 1.0\ndef Xform \"A\" {\n    float x = )\n}\n";
        const auto result = runProcess(kEditor, {path.string()});
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("broken.usda:3:15:"));
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

TEST_CASE("a screenshot taken stops its deadline, so an editor left open keeps running",
          "[ui][gl][screenshot]") {
    // Without --quit the editor stays open after its screenshot; the deadline (60 s in the
    // editor) used to fire anyway and quit it with "the viewport drew no frame".
    TemporaryFolder folder;
    hyperrig::ui::MainWindow window;
    REQUIRE(window.openDocument(QString::fromStdString(kSample.string())).isEmpty());
    std::vector<std::pair<bool, QString>> calls;
    const auto path = folder / "open.png";
    hyperrig::ui::screenshotWhenDrawn(
        window, window.viewportWidget(), QString::fromStdString(path.string()), 60000,
        [&calls](bool drawn, const QString& error) { calls.emplace_back(drawn, error); });
    auto* deadline = window.findChild<QTimer*>(QStringLiteral("screenshotDeadline"));
    REQUIRE(deadline != nullptr);
    CHECK(deadline->isActive());
    window.show();
    REQUIRE(QTest::qWaitFor([&calls] { return !calls.empty(); }, 30000));
    REQUIRE(calls.size() == 1);
    CHECK(calls.front().first);
    CHECK(calls.front().second.isEmpty());
    CHECK(readPng(path).has_value());
    CHECK_FALSE(deadline->isActive());
}
