#include "tests/cli/CliTestSupport.h"
#include "tests/support/PngProbe.h"
#include "tests/support/ProcessRunner.h"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <functional>

using hyperrig::test::cliExecutable;
using hyperrig::test::DecodedPng;
using hyperrig::test::readDocumentBack;
using hyperrig::test::readPng;
using hyperrig::test::runProcess;
using hyperrig::test::samplePath;
using hyperrig::test::TemporaryFolder;

namespace {

struct Rgb {
    int r;
    int g;
    int b;
};

Rgb at(const DecodedPng& png, int x, int y) {
    const std::uint32_t pixel = png.pixel(x, y);
    return {static_cast<int>(pixel >> 24), static_cast<int>((pixel >> 16) & 0xFF),
            static_cast<int>((pixel >> 8) & 0xFF)};
}

// The viewport background (render/view/ViewportTheme.h): a vertical gradient from
// (0.180, 0.192, 0.212) at the top row to (0.082, 0.086, 0.098) at the bottom row.
bool isBackground(const DecodedPng& png, int x, int y) {
    const double t = static_cast<double>(y) / static_cast<double>(png.height - 1);
    const std::array<double, 3> top{0.180, 0.192, 0.212};
    const std::array<double, 3> bottom{0.082, 0.086, 0.098};
    const Rgb pixel = at(png, x, y);
    const std::array<int, 3> channels{pixel.r, pixel.g, pixel.b};
    for (std::size_t c = 0; c < 3; ++c)
        if (std::abs(channels[c] - 255.0 * (top[c] + t * (bottom[c] - top[c]))) > 4.0)
            return false;
    return true;
}

// Fraction of pixels matching `predicate`, leaving out the axes gizmo in the bottom-left corner
// (render/scene/AxesGizmo.h: at most 16% of the shorter side plus an 8-pixel margin), whose
// red, green, blue and purple would otherwise count as heat-map or highlight colours.
double fraction(const DecodedPng& png, const std::function<bool(int, int)>& predicate) {
    const int corner = static_cast<int>(0.16 * std::min(png.width, png.height)) + 12;
    std::size_t count = 0;
    std::size_t total = 0;
    for (int y = 0; y < png.height; ++y)
        for (int x = 0; x < png.width; ++x) {
            if (x < corner && y >= png.height - corner)
                continue;
            ++total;
            count += predicate(x, y) ? 1U : 0U;
        }
    return static_cast<double>(count) / static_cast<double>(total);
}

double coverage(const DecodedPng& png) {
    return fraction(png, [&](int x, int y) { return !isBackground(png, x, y); });
}

// Bones are near-white (0.93, 0.95, 1.0), drawn opaque over everything.
double boneColoured(const DecodedPng& png) {
    return fraction(png, [&](int x, int y) {
        const Rgb p = at(png, x, y);
        return p.r > 215 && p.g > 220 && p.b > 230;
    });
}

// 3D bones are lit grey-blue octahedra (BoneSolidStyle::color 0.70, 0.72, 0.78): bluer than the
// warm first mesh colour, brighter than the background, far from the saturated heat ramp.
double boneSolidColoured(const DecodedPng& png) {
    return fraction(png, [&](int x, int y) {
        const Rgb p = at(png, x, y);
        return p.r > 80 && p.b > p.r + 8 && p.b < p.r + 45 && std::abs(p.g - p.r) < 15;
    });
}

// The ends of the heat ramp (render/scene/HeatRamp.cpp) lit: strongly red, or strongly blue;
// the meshes' own colours are muted, and nothing else in the picture is this saturated.
double heatRed(const DecodedPng& png) {
    return fraction(png, [&](int x, int y) {
        const Rgb p = at(png, x, y);
        return p.r > 150 && p.g < 0.45 * p.r && p.b < 0.45 * p.r;
    });
}
double heatBlue(const DecodedPng& png) {
    return fraction(png, [&](int x, int y) {
        const Rgb p = at(png, x, y);
        return p.b > 110 && p.r < 0.4 * p.b && p.g < 0.6 * p.b;
    });
}

// The middle of the heat ramp lit: green to yellow.
double heatMiddle(const DecodedPng& png) {
    return fraction(png, [&](int x, int y) {
        const Rgb p = at(png, x, y);
        return p.g > 100 && p.b < 0.5 * p.g;
    });
}

// Bones that cross the hyperplane: amber (1.0, 0.66, 0.10).
double crossingColoured(const DecodedPng& png) {
    return fraction(png, [&](int x, int y) {
        const Rgb p = at(png, x, y);
        return p.r > 225 && p.g > 140 && p.g < 190 && p.b < 60;
    });
}

struct Render {
    hyperrig::test::ProcessResult result;
    std::optional<DecodedPng> png;
};

Render render(const TemporaryFolder& folder, const std::string& name,
              std::vector<std::string> arguments) {
    const auto out = folder / name;
    arguments.insert(arguments.begin(), "render");
    arguments.insert(arguments.end(), {"-o", out.string()});
    Render rendered{runProcess(cliExecutable(), arguments), std::nullopt};
    if (rendered.result.exitCode == 0)
        rendered.png = readPng(out);
    return rendered;
}

} // namespace

TEST_CASE("render draws the 4D creature's slice with its bones", "[cli][render][gl]") {
    TemporaryFolder folder;
    const Render plain = render(folder, "creature.png", {samplePath("creature-4d.g4tf")});
    INFO(plain.result.err);
    REQUIRE(plain.result.exitCode == 0);
    CHECK(plain.result.err.empty());
    REQUIRE(plain.png.has_value());
    const DecodedPng& png = *plain.png;
    CHECK(png.width == 1280); // the default size
    CHECK(png.height == 720);
    INFO("coverage " << coverage(png) << ", bones " << boneColoured(png) << ", red " << heatRed(png)
                     << ", blue " << heatBlue(png));
    CHECK(coverage(png) > 0.05);
    CHECK(coverage(png) < 0.80);
    CHECK(boneColoured(png) > 0.001);
    CHECK(heatRed(png) == 0.0);
    CHECK(heatBlue(png) == 0.0);
    CHECK(crossingColoured(png) == 0.0); // at w = 0 the bones lie in the hyperplane
    // Framed: the model reaches neither the top row nor the left and right columns.
    for (int x = 0; x < png.width; ++x)
        REQUIRE(isBackground(png, x, 0));
    for (int y = 0; y < png.height / 2; ++y) {
        REQUIRE(isBackground(png, 0, y));
        REQUIRE(isBackground(png, png.width - 1, y));
    }
}

TEST_CASE("render shows a skin group's weights as a heat-map", "[cli][render][gl]") {
    TemporaryFolder folder;
    const std::string creature = samplePath("creature-4d.g4tf");
    // Head: weight 1 inside the head. Spine: its share peaks at 0.59 (blended with Hips and
    // Chest), green to yellow; the vest has no Spine weight (it uses ClothingSpine) and is drawn
    // as a ghost, so it does not hide the body's weights.
    const Render head =
        render(folder, "head.png", {creature, "--size", "640x360", "--highlight-group", "Head"});
    INFO(head.result.err);
    REQUIRE(head.result.exitCode == 0);
    INFO("red " << heatRed(*head.png) << ", blue " << heatBlue(*head.png));
    CHECK(heatRed(*head.png) > 0.0005);
    CHECK(heatBlue(*head.png) > 0.02);
    const Render spine =
        render(folder, "spine.png", {creature, "--size", "640x360", "--highlight-group", "Spine"});
    REQUIRE(spine.result.exitCode == 0);
    INFO("middle " << heatMiddle(*spine.png));
    CHECK(heatBlue(*spine.png) > 0.02);
    CHECK(heatMiddle(*spine.png) > 0.002);
    CHECK(heatRed(*spine.png) == 0.0);
    // The heat-map colours the meshes; the bones stay on top.
    CHECK(boneColoured(*spine.png) > 0.001);
    const Render plain = render(folder, "plain.png", {creature, "--size", "640x360"});
    REQUIRE(plain.result.exitCode == 0);
    CHECK(coverage(*spine.png) == Approx(coverage(*plain.png)).margin(0.01));
    CHECK(heatMiddle(*plain.png) == 0.0);
}

TEST_CASE("render follows the hyperplane, the rotation and the pose", "[cli][render][gl]") {
    TemporaryFolder folder;
    const std::string creature = samplePath("creature-4d.g4tf");
    const Render base = render(folder, "base.png", {creature, "--size", "320x180"});
    REQUIRE(base.result.exitCode == 0);
    SECTION("bones crossing the hyperplane are highlighted") {
        const Render moved =
            render(folder, "moved.png", {creature, "--size", "320x180", "--w", "0.3"});
        INFO(moved.result.err);
        REQUIRE(moved.result.exitCode == 0);
        CHECK(crossingColoured(*moved.png) > 0.0002);
    }
    SECTION("a rotation and a pose change the picture") {
        const Render turned =
            render(folder, "turned.png", {creature, "--size", "320x180", "--rotate", "xw=60"});
        REQUIRE(turned.result.exitCode == 0);
        CHECK(turned.png->rgba != base.png->rgba);
        const Render named =
            render(folder, "apose.png", {creature, "--size", "320x180", "--pose-name", "APose"});
        INFO(named.result.err);
        REQUIRE(named.result.exitCode == 0);
        CHECK(named.png->rgba != base.png->rgba);
        const auto pose = folder / "pose.json";
        std::ofstream(pose)
            << R"({"pose": {"Spine": {"rotor": [0.9659258, 0.258819, 0, 0, 0, 0, 0]}}})";
        const Render posed =
            render(folder, "posed.png", {creature, "--size", "320x180", "--pose", pose.string()});
        REQUIRE(posed.result.exitCode == 0);
        CHECK(posed.png->rgba != base.png->rgba);
    }
}

TEST_CASE("render draws a 3D rig as it is", "[cli][render][gl]") {
    TemporaryFolder folder;
    const Render arm = render(folder, "arm.png", {samplePath("arm-3d.g4tf"), "--size", "640x480"});
    INFO(arm.result.err);
    REQUIRE(arm.result.exitCode == 0);
    REQUIRE(arm.png.has_value());
    CHECK(arm.png->width == 640);
    CHECK(arm.png->height == 480);
    CHECK(coverage(*arm.png) > 0.05);
    CHECK(coverage(*arm.png) < 0.80);
    INFO("bone solids " << boneSolidColoured(*arm.png));
    CHECK(boneSolidColoured(*arm.png) > 0.005);
    const Render heat =
        render(folder, "hand.png",
               {samplePath("arm-3d.g4tf"), "--size", "640x480", "--highlight-group", "Hand"});
    REQUIRE(heat.result.exitCode == 0);
    CHECK(heatRed(*heat.png) > 0.0005);
    CHECK(heatRed(*arm.png) == 0.0);

    const auto nowhere = folder / "missing-folder" / "arm.png";
    const auto unwritable =
        runProcess(cliExecutable(), {"render", samplePath("arm-3d.g4tf"), "--size", "32x32", "-o",
                                     nowhere.string()});
    CHECK(unwritable.exitCode == 1);
    CHECK_THAT(unwritable.err, Catch::Contains("missing-folder"));
    CHECK_FALSE(std::filesystem::exists(nowhere.parent_path()));
}

TEST_CASE("render refuses bad options and writes nothing", "[cli][render]") {
    TemporaryFolder folder;
    const std::string creature = samplePath("creature-4d.g4tf");
    const auto out = folder / "never.png";
    auto run = [&](std::vector<std::string> arguments) {
        arguments.insert(arguments.begin(), "render");
        return runProcess(cliExecutable(), arguments);
    };
    for (const char* size : {"12x720", "1280", "1280x", "x720", "9000x100", "100x8193", "axb",
                             "1280x720x3", "-1280x720", "1280X720"}) {
        const auto result = run({creature, "--size", size, "-o", out.string()});
        INFO(size);
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("--size needs WxH, 16..8192"));
    }
    const auto both =
        run({creature, "--pose", "p.json", "--pose-name", "TPose", "-o", out.string()});
    CHECK(both.exitCode == 2);
    CHECK_THAT(both.err, Catch::Contains("at most one of --pose"));
    const auto noOutput = run({creature});
    CHECK(noOutput.exitCode == 2);
    CHECK_THAT(noOutput.err, Catch::Contains("-o OUT.png"));
    const auto rotate = run({creature, "--rotate", "xy=3", "-o", out.string()});
    CHECK(rotate.exitCode == 2);
    CHECK_THAT(rotate.err, Catch::Contains("unknown plane 'xy'"));
    const auto offset = run({creature, "--w", "far", "-o", out.string()});
    CHECK(offset.exitCode == 2);
    const auto unknownPose = run({creature, "--pose-name", "Dance", "-o", out.string()});
    CHECK(unknownPose.exitCode == 1);
    CHECK_THAT(unknownPose.err, Catch::Contains("Dance"));
    const auto badPose =
        run({creature, "--pose", (folder / "missing.json").string(), "-o", out.string()});
    CHECK(badPose.exitCode == 2);
    const auto group = run({creature, "--highlight-group", "Wing", "-o", out.string()});
    CHECK(group.exitCode == 1);
    CHECK_THAT(group.err,
               Catch::Contains("no mesh of " + creature + " has a skin group named 'Wing'"));
    const auto unreadable = run({(folder / "missing.g4tf").string(), "-o", out.string()});
    CHECK(unreadable.exitCode == 2);
    CHECK_FALSE(std::filesystem::exists(out));
    CHECK(std::filesystem::is_empty(folder.path()));
}

TEST_CASE("render without EGL fails with the EGL error and writes nothing", "[cli][render][gl]") {
    TemporaryFolder folder;
    const auto out = folder / "never.png";
    // libglvnd finds no EGL vendor (Mesa's included) when pointed at a file that does not exist.
    const auto result =
        runProcess(cliExecutable(), {"render", samplePath("creature-4d.g4tf"), "-o", out.string()},
                   {"__EGL_VENDOR_LIBRARY_FILENAMES=" + (folder / "no-vendor.json").string(),
                    "__EGL_VENDOR_LIBRARY_DIRS=" + folder.path().string()});
    CHECK(result.exitCode == 1);
    CHECK_THAT(result.err, Catch::Contains("headless rendering"));
    CHECK_THAT(result.err, Catch::Contains("EGL"));
    CHECK(std::filesystem::is_empty(folder.path()));
}

TEST_CASE("render draws a stored bind pose as a ghost over the pose", "[cli][render][gl]") {
    TemporaryFolder folder;
    const std::string creature = samplePath("creature-4d.g4tf");
    const Render aPose =
        render(folder, "apose.png", {creature, "--size", "320x180", "--pose-name", "APose"});
    REQUIRE(aPose.result.exitCode == 0);
    const Render ghosted =
        render(folder, "ghost.png",
               {creature, "--size", "320x180", "--pose-name", "APose", "--ghost-pose", "TPose"});
    INFO(ghosted.result.err);
    REQUIRE(ghosted.result.exitCode == 0);
    // The T pose's arms stick out where the A pose has none: there the ghost tints the
    // background light blue (blue above red: the ghost colour, not a mesh colour).
    const double ghostTinted = fraction(*ghosted.png, [&](int x, int y) {
        const Rgb p = at(*ghosted.png, x, y);
        return isBackground(*aPose.png, x, y) && !isBackground(*ghosted.png, x, y) &&
               p.b > p.r + 12;
    });
    CHECK(ghostTinted > 0.003);
    const Render unknown = render(folder, "never.png", {creature, "--ghost-pose", "Sitting"});
    CHECK(unknown.result.exitCode == 1);
    CHECK_THAT(unknown.result.err, Catch::Contains("--ghost-pose: 'Sitting' is not a pose name"));
}

TEST_CASE("render draws the triangle edges with --wireframe, shading as --shading says",
          "[cli][render][gl]") {
    TemporaryFolder folder;
    // Images are compared through a bool: Catch would print every byte of a failing comparison.
    const auto differ = [](const Render& a, const Render& b) {
        return a.png->rgba != b.png->rgba;
    };
    const auto check = [](const Render& rendered, int width, int height) {
        INFO(rendered.result.err);
        REQUIRE(rendered.result.exitCode == 0);
        CHECK(rendered.result.err.empty());
        REQUIRE(rendered.png.has_value());
        CHECK(rendered.png->width == width);
        CHECK(rendered.png->height == height);
    };

    SECTION("the wireframe of the 4D creature's slice") {
        const std::string creature = samplePath("creature-4d.g4tf");
        const Render plain = render(folder, "plain.png", {creature, "--size", "640x360"});
        const Render edged =
            render(folder, "wireframe.png", {creature, "--size", "640x360", "--wireframe"});
        check(plain, 640, 360);
        check(edged, 640, 360);
        CHECK(differ(plain, edged));
        // The edges are dark lines on the surfaces: many surface pixels darken, none brightens,
        // and the same pixels are covered.
        const DecodedPng& before = *plain.png;
        const DecodedPng& after = *edged.png;
        const auto brightness = [](const DecodedPng& png, int x, int y) {
            const Rgb p = at(png, x, y);
            return p.r + p.g + p.b;
        };
        const double darkened = fraction(after, [&](int x, int y) {
            return brightness(after, x, y) + 60 < brightness(before, x, y);
        });
        const double brightened = fraction(after, [&](int x, int y) {
            return brightness(after, x, y) > brightness(before, x, y) + 12;
        });
        INFO("darkened " << darkened << ", brightened " << brightened << ", coverage "
                         << coverage(before) << " / " << coverage(after));
        // The slice's triangles are a few pixels across here: edges darken a good share of
        // the surfaces.
        CHECK(darkened > 0.1 * coverage(before));
        CHECK(brightened == 0.0);
        CHECK(coverage(after) == Approx(coverage(before)).margin(0.002));
    }
    SECTION("smooth shading of the 3D arm's cylinder") {
        const std::string arm = samplePath("arm-3d.g4tf");
        const Render flat =
            render(folder, "flat.png", {arm, "--size", "320x240", "--shading", "flat"});
        const Render smooth = render(folder, "smooth.png", {arm, "--size", "320x240"});
        const Render both = render(folder, "both.png", {arm, "--size", "320x240", "--wireframe"});
        const Render asked =
            render(folder, "asked.png", {arm, "--size", "320x240", "--shading", "smooth"});
        check(flat, 320, 240);
        check(smooth, 320, 240);
        check(both, 320, 240);
        CHECK(differ(flat, smooth));
        CHECK(differ(smooth, both));
        CHECK_FALSE(differ(smooth, asked)); // smooth is the default, as in the editor
        CHECK(coverage(*smooth.png) == Approx(coverage(*flat.png)).margin(0.002));
        const Render wrong = render(folder, "never.png", {arm, "--shading", "glossy"});
        CHECK(wrong.result.exitCode == 2);
        CHECK_THAT(wrong.result.err, Catch::Contains("--shading is smooth or flat, not 'glossy'"));
    }
}

TEST_CASE("render hides bones, grid and shapes on request and draws a selection",
          "[cli][render][gl]") {
    TemporaryFolder folder;
    const std::string creature = samplePath("creature-4d.g4tf");
    const Render plain = render(folder, "plain.png", {creature, "--size", "480x270"});
    REQUIRE(plain.result.exitCode == 0);
    // Shapes are thin green rings.
    const auto shapeGreen = [](const DecodedPng& png) {
        return fraction(png, [&](int x, int y) {
            const Rgb p = at(png, x, y);
            return p.g > p.r + 50 && p.g > p.b + 25;
        });
    };
    CHECK(shapeGreen(*plain.png) > 0.001);
    CHECK(boneColoured(*plain.png) > 0.001);

    const Render noShapes =
        render(folder, "no-shapes.png", {creature, "--size", "480x270", "--hide", "shapes"});
    REQUIRE(noShapes.result.exitCode == 0);
    CHECK(shapeGreen(*noShapes.png) == 0.0);
    CHECK(boneColoured(*noShapes.png) > 0.001);
    const Render bare =
        render(folder, "bare.png", {creature, "--size", "480x270", "--hide", "bones,grid,shapes"});
    REQUIRE(bare.result.exitCode == 0);
    CHECK(boneColoured(*bare.png) == 0.0);

    // A selected bone is light blue (0.36, 0.68, 1.0).
    const auto selectionBlue = [](const DecodedPng& png) {
        return fraction(png, [&](int x, int y) {
            const Rgb p = at(png, x, y);
            return p.b > 230 && p.g > 150 && p.g < 200 && p.r < 120;
        });
    };
    CHECK(selectionBlue(*plain.png) == 0.0);
    const Render selected = render(folder, "selected.png",
                                   {creature, "--size", "480x270", "--select", "Spine,LeftHand"});
    INFO(selected.result.err);
    REQUIRE(selected.result.exitCode == 0);
    CHECK(selectionBlue(*selected.png) > 0.0005);

    const Render unknown = render(folder, "never.png", {creature, "--select", "Tentacle"});
    CHECK(unknown.result.exitCode == 1);
    CHECK_THAT(unknown.result.err, Catch::Contains("no node named 'Tentacle'"));
    const Render badHide = render(folder, "never.png", {creature, "--hide", "mesh"});
    CHECK(badHide.result.exitCode == 2);
    CHECK_THAT(badHide.result.err, Catch::Contains("--hide takes bones, grid and shapes"));
    CHECK_FALSE(std::filesystem::exists(folder / "never.png"));
}
