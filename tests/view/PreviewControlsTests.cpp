#include "render/preview/PointerCamera.h"
#include "render/preview/PreviewKeys.h"
#include "render/preview/ViewerOptions.h"

#include <catch2/catch.hpp>

using namespace hyperrig::render;
using preview::PreviewAction;
using preview::PreviewKey;

TEST_CASE("previewer keys map to the editor's camera keys and the previewer's own",
          "[preview][keys]") {
    const preview::Modifiers none;
    preview::Modifiers shift;
    shift.shift = true;
    CHECK(preview::previewActionFor(PreviewKey::F, none) == PreviewAction::FrameModel);
    CHECK(preview::previewActionFor(PreviewKey::Home, none) == PreviewAction::FrameModel);
    CHECK(preview::previewActionFor(PreviewKey::Home, shift) == PreviewAction::ResetView);
    CHECK(preview::previewActionFor(PreviewKey::P, none) == PreviewAction::NextPose);
    CHECK(preview::previewActionFor(PreviewKey::P, shift) == PreviewAction::PreviousPose);
    CHECK(preview::previewActionFor(PreviewKey::PageUp, none) == PreviewAction::OffsetUp);
    CHECK(preview::previewActionFor(PreviewKey::PageDown, none) == PreviewAction::OffsetDown);
    CHECK(preview::previewActionFor(PreviewKey::X, none) == PreviewAction::RotateSliceXW);
    CHECK(preview::previewActionFor(PreviewKey::Y, none) == PreviewAction::RotateSliceYW);
    CHECK(preview::previewActionFor(PreviewKey::Z, none) == PreviewAction::RotateSliceZW);
    CHECK(preview::previewActionFor(PreviewKey::R, none) == PreviewAction::ResetSlice);
    CHECK(preview::previewActionFor(PreviewKey::Space, none) == PreviewAction::TogglePlay);
    CHECK(preview::previewActionFor(PreviewKey::F1, none) == PreviewAction::ToggleKeyHelp);
    CHECK(preview::previewActionFor(PreviewKey::Escape, none) == PreviewAction::CloseKeyHelp);
    CHECK(preview::previewActionFor(PreviewKey::Q, none) == PreviewAction::Quit);
    // The overlay's text-editing keys do nothing of their own.
    CHECK_FALSE(preview::previewActionFor(PreviewKey::Tab, none));
    CHECK_FALSE(preview::previewActionFor(PreviewKey::Enter, none));

    // The F1 window names every bound key.
    std::string listed;
    for (const auto& line : preview::previewKeyHelp())
        listed += line.keys + "\n";
    for (const char* key :
         {"F, Home", "Shift+Home", "P / Shift+P", "Page Up / Page Down", "X, Y, Z", "R", "Space",
          "F1", "Escape", "Q, Ctrl+Q", "Left drag", "Wheel", "Drop a file"})
        CHECK(listed.find(key) != std::string::npos);
}

TEST_CASE("previewer pointer drags orbit, pan and zoom as the editor's viewport does",
          "[preview][camera]") {
    const preview::Modifiers none;
    preview::Modifiers shift;
    shift.shift = true;
    using preview::CameraDrag;
    CHECK(preview::cameraDragFor({true, false, false}, none) == CameraDrag::Orbit);
    CHECK(preview::cameraDragFor({true, false, false}, shift) == CameraDrag::Pan);
    CHECK(preview::cameraDragFor({false, true, false}, none) == CameraDrag::Pan);
    CHECK(preview::cameraDragFor({false, false, true}, none) == CameraDrag::Pan);
    CHECK(preview::cameraDragFor({false, false, false}, none) == CameraDrag::None);

    view::OrbitCamera camera;
    const view::OrbitCamera start = camera;
    preview::dragCamera(camera, CameraDrag::Orbit, 100.0F, 0.0F, 600);
    CHECK(camera.yawDegrees == Approx(start.yawDegrees - 40.0F)); // 0.4° per pixel
    CHECK(camera.target == start.target);
    camera = start;
    preview::dragCamera(camera, CameraDrag::Pan, 60.0F, 0.0F, 600);
    CHECK(camera.target != start.target);
    CHECK(camera.yawDegrees == start.yawDegrees);
    camera = start;
    preview::wheelCamera(camera, 1.0F);
    CHECK(camera.distance == Approx(start.distance * 0.9F));
}

TEST_CASE("hyperrig-view's command line", "[preview][options]") {
    auto parsed = preview::parseViewerOptions(
        {"rig.g4tf", "--size", "800x600", "--screenshot", "out.png", "--allow-outside-references"});
    REQUIRE(parsed.ok());
    CHECK(parsed->file == "rig.g4tf");
    CHECK(parsed->width == 800);
    CHECK(parsed->height == 600);
    CHECK(parsed->screenshot == "out.png");
    CHECK(parsed->allowOutsideReferences);
    CHECK_FALSE(parsed->firstFrameTime);

    CHECK(preview::parseViewerOptions({}).ok()); // no file: the window asks for a drop
    CHECK(preview::parseViewerOptions({"--first-frame-time", "a.g4tf"})->firstFrameTime);
    const auto error = [](std::vector<std::string> arguments) {
        auto result = preview::parseViewerOptions(arguments);
        return result ? std::string() : result.error().message();
    };
    CHECK(error({"--size", "800"}) == "--size needs WxH, 64..8192 each (e.g. 1280x800), not '800'");
    CHECK(error({"--screenshot"}) == "--screenshot needs a value");
    CHECK(error({"--pose", "APose"}) == "--pose needs a FILE");
    CHECK(preview::parseViewerOptions({"a.g4tf", "--pose", "APose"})->pose == "APose");
    CHECK(error({"--frobnicate"}) == "unknown option --frobnicate");
    CHECK(error({"a.g4tf", "b.g4tf"}) == "one FILE at most (got 'a.g4tf' and 'b.g4tf')");
    CHECK(error({"--screenshot", "x.png", "--first-frame-time"}) ==
          "give at most one of --screenshot and --first-frame-time");
}
