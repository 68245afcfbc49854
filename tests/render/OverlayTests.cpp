#include "render/gl/OffscreenFramebuffer.h"
#include "render/headless/EglContext.h"
#include "render/overlay/Overlay.h"
#include "render/view/Viewport.h"

#include <catch2/catch.hpp>
#include <memory>
#include <string>

using namespace hyperrig::render;
using overlay::PoseSelection;

TEST_CASE("overlay pose entries and statistics", "[overlay]") {
    const std::vector<std::string> names{"T-pose", "A-pose"};

    SECTION("the combo lists rest, the bind poses in order, then current") {
        CHECK(overlay::poseLabels(names) ==
              std::vector<std::string>{"rest", "T-pose", "A-pose", "current"});
        CHECK(overlay::poseLabels({}) == std::vector<std::string>{"rest", "current"});
    }
    SECTION("indices and selections round-trip") {
        for (std::size_t index = 0; index < 4; ++index)
            CHECK(overlay::poseIndex(overlay::poseAt(index, names), names) == index);
        CHECK(overlay::poseAt(2, names) == PoseSelection{PoseSelection::Kind::BindPose, "A-pose"});
        CHECK(overlay::poseAt(0, names).kind == PoseSelection::Kind::Rest);
        CHECK(overlay::poseAt(99, names).kind == PoseSelection::Kind::Current);
    }
    SECTION("a bind pose that no longer exists shows as current") {
        CHECK(overlay::poseIndex({PoseSelection::Kind::BindPose, "gone"}, names) == 3);
    }
    SECTION("a read-only host (the previewer) offers no current pose") {
        CHECK(overlay::poseLabels(names, true) ==
              std::vector<std::string>{"rest", "T-pose", "A-pose"});
        for (std::size_t index = 0; index < 3; ++index)
            CHECK(overlay::poseIndex(overlay::poseAt(index, names, true), names, true) == index);
        CHECK(overlay::poseAt(99, names, true) ==
              PoseSelection{PoseSelection::Kind::BindPose, "A-pose"});
        CHECK(overlay::poseAt(5, {}, true).kind == PoseSelection::Kind::Rest);
        CHECK(overlay::poseIndex({PoseSelection::Kind::Current, {}}, names, true) == 0);
        CHECK(overlay::poseIndex({PoseSelection::Kind::BindPose, "gone"}, names, true) == 0);
    }
    SECTION("animations follow the bind poses, read as such, and fall back when gone") {
        const std::vector<std::string> animations{"Walk", "Run"};
        CHECK(overlay::poseLabels(names, animations) ==
              std::vector<std::string>{"rest", "T-pose", "A-pose", "animation Walk",
                                       "animation Run", "current"});
        CHECK(overlay::poseLabels(names, animations, true).size() == 5);
        for (std::size_t index = 0; index < 6; ++index)
            CHECK(overlay::poseIndex(overlay::poseAt(index, names, animations), names,
                                     animations) == index);
        CHECK(overlay::poseAt(4, names, animations) ==
              PoseSelection{PoseSelection::Kind::Animation, "Run"});
        CHECK(overlay::poseAt(99, names, animations, true) ==
              PoseSelection{PoseSelection::Kind::Animation, "Run"});
        CHECK(overlay::poseIndex({PoseSelection::Kind::Animation, "gone"}, names, animations) == 5);
        CHECK(overlay::poseIndex({PoseSelection::Kind::Animation, "gone"}, names, animations,
                                 true) == 0);
        CHECK(std::string(overlay::playPauseLabel(false)) == "Play");
        CHECK(std::string(overlay::playPauseLabel(true)) == "Pause");
        // printf's format: 5.5 shows as "frame 5.5 of 1..10".
        CHECK(overlay::animationTimeFormat(1, 10) == "frame %.1f of 1..10");
    }
    SECTION("playback time moves by seconds x rate and loops over [start, end)") {
        // 1..10 at 24 codes a second: 0.25 s is 6 codes; 1 + 6 + 6 = 13 is 3 past the end of
        // the 9 codes long range, so 1 + 3 = 4.
        CHECK(overlay::advanceAnimationTime(1.0, 0.25, 24.0, 1.0, 10.0) == 7.0);
        CHECK(overlay::advanceAnimationTime(7.0, 0.25, 24.0, 1.0, 10.0) == 4.0);
        CHECK(overlay::advanceAnimationTime(7.0, 0.125, 24.0, 1.0, 10.0) == 1.0); // the end
        CHECK(overlay::advanceAnimationTime(2.0, 2.0, 24.0, 1.0, 10.0) == 5.0);   // 2 + 48
        CHECK(overlay::advanceAnimationTime(3.0, 1.0, 24.0, 5.0, 5.0) == 5.0);    // no length
    }
    SECTION("statistics group digits and print milliseconds") {
        const auto lines = overlay::statisticsLines({1234567, 12, 1000, 16.6667});
        REQUIRE(lines.size() == 4);
        CHECK(lines[0] == "Vertices   1 234 567");
        CHECK(lines[1] == "Tetrahedra 12");
        CHECK(lines[2] == "Triangles  1 000");
        CHECK(lines[3] == "Frame      16.67 ms");
    }
    SECTION("clearChanges drops flags and the action, keeps the values") {
        overlay::OverlayState state;
        state.view.offset = 0.5;
        state.viewChanged = state.poseChanged = state.displayChanged = state.heatMapChanged = true;
        state.action = overlay::OverlayAction::ApplyPoseAsRest;
        CHECK(state.anyChange());
        state.clearChanges();
        CHECK_FALSE(state.anyChange());
        CHECK(state.view.offset == 0.5);
    }
}

namespace {

// An overlay driven without GL (newFrame and build need none; render then only ends the frame):
// its state and input, and the frames and gestures the tests drive it with.
struct HeadlessOverlay {
    overlay::Overlay overlay;
    overlay::OverlayState state;
    overlay::OverlayInput input;

    HeadlessOverlay(float width, float height) {
        input.displayWidth = width;
        input.displayHeight = height;
    }
    void frame() {
        overlay.newFrame(input);
        overlay.build(state);
        overlay.render();
    }
    // ImGui measures an auto-resizing window in a hidden first frame and shows it from the second.
    void firstFrames() {
        frame();
        frame();
    }
    // Hover at (x, y), press, release: one frame each (ImGui toggles a check box on release).
    void click(float x, float y) {
        input.mouseInside = true;
        input.mouseX = x;
        input.mouseY = y;
        frame();
        input.mouseDown[0] = true;
        frame();
        input.mouseDown[0] = false;
        frame();
    }
    // Press in the middle of `slider` and drag to `fraction` of its width.
    void drag(const overlay::OverlayRect& slider, float fraction) {
        input.mouseInside = true;
        input.mouseX = slider.centerX();
        input.mouseY = slider.centerY();
        frame();
        input.mouseDown[0] = true;
        frame();
        input.mouseX = slider.minX + fraction * (slider.maxX - slider.minX);
        frame();
        input.mouseDown[0] = false;
        frame();
    }
};

} // namespace

TEST_CASE("overlay layout and input without GL", "[overlay]") {
    HeadlessOverlay headless(640.0F, 480.0F);
    headless.firstFrames();
    const overlay::Overlay& overlayUnderTest = headless.overlay;
    const overlay::OverlayRect window = overlayUnderTest.layout().window;
    CHECK(window.minX == 10.0F);
    CHECK(window.minY == 10.0F);
    CHECK(window.maxX > window.minX + 100.0F);
    CHECK(window.maxY > window.minY + 100.0F);
    CHECK(window.contains(overlayUnderTest.layout().offsetSlider.centerX(),
                          overlayUnderTest.layout().offsetSlider.centerY()));
    CHECK_FALSE(headless.state.anyChange());
}

namespace {

constexpr int kOverlayWidth = 480;
constexpr int kOverlayHeight = 360;

class OverlayFixture {
public:
    OverlayFixture() {
        auto context = headless::EglContext::create();
        REQUIRE(context.ok());
        m_context = std::move(*context);
        auto target = gl::OffscreenFramebuffer::create(kOverlayWidth, kOverlayHeight);
        REQUIRE(target.ok());
        m_target = std::move(*target);
        auto initialized = overlay.initialize(headless::EglContext::getProcAddress());
        INFO((initialized.ok() ? "" : initialized.error().message()));
        REQUIRE(initialized.ok());
        input.displayWidth = static_cast<float>(kOverlayWidth);
        input.displayHeight = static_cast<float>(kOverlayHeight);
    }
    ~OverlayFixture() { overlay.releaseGl(); }

    // One frame over a black framebuffer.
    gl::RgbaImage frame() {
        m_target.bind();
        glClearColor(0.0F, 0.0F, 0.0F, 1.0F);
        glClear(GL_COLOR_BUFFER_BIT);
        overlay.newFrame(input);
        overlay.build(state);
        overlay.render();
        REQUIRE(glGetError() == GL_NO_ERROR);
        return m_target.readPixels();
    }

    overlay::Overlay overlay;
    overlay::OverlayState state;
    overlay::OverlayInput input;

private:
    std::unique_ptr<headless::EglContext> m_context;
    gl::OffscreenFramebuffer m_target;
};

bool isBackground(const gl::RgbaImage::Pixel& pixel) {
    return pixel.r == 0 && pixel.g == 0 && pixel.b == 0;
}

} // namespace

TEST_CASE("the overlay draws its window top-left and nothing elsewhere", "[gl][overlay]") {
    OverlayFixture fixture;
    fixture.frame();
    const gl::RgbaImage image = fixture.frame();
    const overlay::OverlayRect window = fixture.overlay.layout().window;
    REQUIRE(window.maxX < static_cast<float>(kOverlayWidth));
    REQUIRE(window.maxY < static_cast<float>(kOverlayHeight));

    int drawnInside = 0;
    int drawnOutside = 0;
    int inside = 0;
    for (int y = 0; y < kOverlayHeight; ++y) {
        for (int x = 0; x < kOverlayWidth; ++x) {
            const bool drawn = !isBackground(image.at(x, y));
            const float px = static_cast<float>(x) + 0.5F;
            const float py = static_cast<float>(y) + 0.5F;
            if (window.contains(px, py)) {
                ++inside;
                drawnInside += drawn ? 1 : 0;
            } else if (drawn) {
                ++drawnOutside;
            }
        }
    }
    CHECK(drawnInside > inside * 9 / 10); // the window background is nearly opaque
    CHECK(drawnOutside == 0);
}

TEST_CASE("dragging the W slider changes the offset and flags it", "[gl][overlay]") {
    OverlayFixture fixture;
    // ImGui measures an auto-resizing window in a hidden first frame and shows it from the second.
    fixture.frame();
    fixture.frame();
    const overlay::OverlayRect slider = fixture.overlay.layout().offsetSlider;
    REQUIRE(slider.maxX > slider.minX + 50.0F);

    SECTION("the overlay wants the mouse over its window and not elsewhere") {
        fixture.input.mouseInside = true;
        fixture.input.mouseX = slider.centerX();
        fixture.input.mouseY = slider.centerY();
        fixture.frame();
        CHECK(fixture.overlay.wantsMouse());
        fixture.input.mouseX = static_cast<float>(kOverlayWidth) - 20.0F;
        fixture.input.mouseY = static_cast<float>(kOverlayHeight) - 20.0F;
        fixture.frame();
        CHECK_FALSE(fixture.overlay.wantsMouse());
        fixture.input.mouseInside = false;
        fixture.frame();
        CHECK_FALSE(fixture.overlay.wantsMouse());
        CHECK_FALSE(fixture.overlay.wantsKeyboard());
    }
    SECTION("press in the middle, drag right") {
        const double before = fixture.state.view.offset;
        fixture.input.mouseInside = true;
        fixture.input.mouseX = slider.centerX();
        fixture.input.mouseY = slider.centerY();
        fixture.frame(); // hover
        fixture.input.mouseDown[0] = true;
        fixture.frame(); // press: the slider grabs the mouse
        CHECK(fixture.overlay.wantsMouse());
        fixture.input.mouseX = slider.minX + 0.9F * (slider.maxX - slider.minX);
        fixture.frame(); // drag
        fixture.input.mouseDown[0] = false;
        fixture.frame();
        CHECK(fixture.state.viewChanged);
        CHECK(fixture.state.view.offset > before + 0.5);
        CHECK(fixture.state.view.offset <= fixture.state.offsetMax);
        CHECK_FALSE(fixture.state.poseChanged);
        CHECK_FALSE(fixture.state.displayChanged);
        CHECK(fixture.state.view.xwDegrees == 0.0);
    }
}

TEST_CASE("two overlays keep separate ImGui contexts", "[gl][overlay]") {
    OverlayFixture first;
    overlay::Overlay second;
    REQUIRE(second.initialize(headless::EglContext::getProcAddress()).ok());
    first.frame();
    overlay::OverlayState state;
    overlay::OverlayInput input;
    input.displayWidth = 200.0F;
    input.displayHeight = 200.0F;
    second.newFrame(input);
    second.build(state);
    second.render();
    first.frame();
    CHECK(glGetError() == GL_NO_ERROR);
    second.releaseGl();
}

TEST_CASE("the viewport draws its overlay last, when the host built one",
          "[gl][overlay][viewport]") {
    auto context = headless::EglContext::create();
    REQUIRE(context.ok());
    auto target = gl::OffscreenFramebuffer::create(kOverlayWidth, kOverlayHeight);
    REQUIRE(target.ok());
    view::Viewport viewport;
    REQUIRE(viewport.initialize(headless::EglContext::getProcAddress()).ok());
    CHECK(viewport.overlay() == nullptr);
    const auto draw = [&] {
        viewport.draw(target->name(), kOverlayWidth, kOverlayHeight);
        REQUIRE(glGetError() == GL_NO_ERROR);
        return target->readPixels();
    };
    const gl::RgbaImage plain = draw();

    REQUIRE(viewport.enableOverlay().ok());
    REQUIRE(viewport.overlay() != nullptr);
    CHECK(viewport.overlay()->isInitialized());
    overlay::OverlayState state;
    overlay::OverlayInput input;
    input.displayWidth = static_cast<float>(kOverlayWidth);
    input.displayHeight = static_cast<float>(kOverlayHeight);
    gl::RgbaImage withOverlay;
    for (int frame = 0; frame < 2; ++frame) {
        viewport.overlay()->newFrame(input);
        viewport.overlay()->build(state);
        withOverlay = draw();
    }
    const overlay::OverlayRect window = viewport.overlay()->layout().window;
    const int x = static_cast<int>(window.centerX());
    const int y = static_cast<int>(window.centerY());
    CHECK_FALSE(withOverlay.at(x, y) == plain.at(x, y));
    CHECK(withOverlay.at(kOverlayWidth - 5, kOverlayHeight - 5) ==
          plain.at(kOverlayWidth - 5, kOverlayHeight - 5));
    // A frame the host built no overlay for draws none.
    CHECK(draw().pixels == plain.pixels);
    viewport.releaseGl();
    CHECK_FALSE(viewport.overlay()->isInitialized());
}

TEST_CASE("the W offset range follows the scene's extent along W", "[overlay]") {
    overlay::OverlayState state;
    state.view.offset = 7.0;
    overlay::setOffsetRange(state, -0.8F, 1.2F);
    CHECK(state.offsetMin == Approx(-0.9));
    CHECK(state.offsetMax == Approx(1.3));
    CHECK(state.view.offset == 7.0);              // left alone
    overlay::setOffsetRange(state, 0.25F, 0.25F); // flat: a usable range around it
    CHECK(state.offsetMin == Approx(-0.25));
    CHECK(state.offsetMax == Approx(0.75));
}

TEST_CASE("the heat-map group combo lists the selected bone, then the groups", "[overlay]") {
    const std::vector<std::string> groups{"Hips", "Spine"};
    CHECK(overlay::heatMapGroupLabels(groups) ==
          std::vector<std::string>{"selected bone", "Hips", "Spine"});
    CHECK(overlay::heatMapGroupIndex("", groups) == 0);
    CHECK(overlay::heatMapGroupIndex("Spine", groups) == 2);
    CHECK(overlay::heatMapGroupIndex("Gone", groups) == 0);
}

TEST_CASE("the overlay shows 4D controls for 4D rigs and pose sliders for a selected bone",
          "[overlay]") {
    HeadlessOverlay headless(640.0F, 600.0F);
    overlay::OverlayState& state = headless.state;
    state.is4D = false;
    headless.firstFrames();
    CHECK(headless.overlay.layout().offsetSlider.maxX == 0.0F); // no W offset for a 3D rig
    CHECK(headless.overlay.layout().poseSliders.empty());       // no bone selected

    state.is4D = true;
    state.poseBoneName = "Spine";
    state.posePlaneNames = {"XY", "XZ", "XW", "YZ", "YW", "ZW"};
    headless.firstFrames();
    const auto& sliders = headless.overlay.layout().poseSliders;
    REQUIRE(sliders.size() == 6);
    CHECK(sliders[0].maxY <= sliders[1].minY); // one under the other

    // Drag the XW slider (third) to the right: its angle grows, the others stay.
    headless.drag(sliders[2], 0.9F);
    CHECK(state.poseBoneChanged);
    CHECK(state.poseBoneDegrees[2] > 90.0);
    CHECK(state.poseBoneDegrees[0] == 0.0);
    CHECK_FALSE(state.viewChanged);
    state.clearChanges();
    CHECK_FALSE(state.poseBoneChanged);
}

TEST_CASE("the overlay's wireframe and smooth shading toggles set the display flags", "[overlay]") {
    HeadlessOverlay headless(640.0F, 480.0F);
    overlay::OverlayState& state = headless.state;
    // On the box, left of the label.
    const auto click = [&](const overlay::OverlayRect& toggle) {
        headless.click(toggle.minX + 6.0F, toggle.centerY());
    };
    headless.firstFrames();
    CHECK_FALSE(state.showWireframe);
    CHECK(state.smoothShading); // as the viewport's default display
    CHECK(view::Viewport::Display{}.shading == scene::Shading::Smooth);
    const overlay::OverlayLayout layout = headless.overlay.layout();
    REQUIRE(layout.wireframeToggle.maxX > layout.wireframeToggle.minX);
    REQUIRE(layout.window.contains(layout.smoothShadingToggle.centerX(),
                                   layout.smoothShadingToggle.centerY()));

    SECTION("wireframe") {
        click(layout.wireframeToggle);
        CHECK(state.showWireframe);
        CHECK(state.smoothShading);
        CHECK(state.displayChanged);
        CHECK_FALSE(state.viewChanged);
        state.clearChanges();
        click(layout.wireframeToggle);
        CHECK_FALSE(state.showWireframe);
        CHECK(state.displayChanged);
    }
    SECTION("smooth shading") {
        click(layout.smoothShadingToggle);
        CHECK_FALSE(state.smoothShading);
        CHECK_FALSE(state.showWireframe);
        CHECK(state.displayChanged);
        CHECK(state.showBones);
        CHECK(state.showGrid);
    }
}

TEST_CASE("the overlay shows an offset and three rotations for every axis beyond W",
          "[overlay][nd]") {
    HeadlessOverlay headless(640.0F, 900.0F);
    overlay::OverlayState& state = headless.state;
    state.extraAxisCount = 3; // 6D: w, v, u
    overlay::setBeyondWOffsetRange(state, 4, -1.0F, 1.0F);
    overlay::setBeyondWOffsetRange(state, 5, 0.0F, 0.0F); // flat: ±0.5
    CHECK(state.beyondWOffsetRanges[0].min == Approx(-1.1));
    CHECK(state.beyondWOffsetRanges[0].max == Approx(1.1));
    CHECK(state.beyondWOffsetRanges[1].min == Approx(-0.5));
    headless.firstFrames();
    const auto& sliders = headless.overlay.layout().beyondWSliders;
    REQUIRE(sliders.size() == 8); // V offset, XV, YV, ZV, U offset, XU, YU, ZU
    CHECK(sliders[0].minY >= headless.overlay.layout().offsetSlider.maxY);
    CHECK(sliders[3].maxY <= sliders[4].minY);

    // Dragging the V offset to 90% of its range sets v, nothing else.
    headless.drag(sliders[0], 0.9F);
    CHECK(state.viewChanged);
    CHECK(state.view.beyondW[0].offset > 0.5);
    CHECK(state.view.beyondW[0].offset <= 1.1);
    CHECK(state.view.offset == 0.0);
    state.clearChanges();
    // XU (the sixth) to the right: U's X angle grows.
    headless.drag(sliders[5], 0.9F);
    CHECK(state.viewChanged);
    CHECK(state.view.beyondW[1].xDegrees > 90.0);
    CHECK(state.view.beyondW[0].xDegrees == 0.0);

    // A 4D rig has none.
    state.extraAxisCount = 1;
    headless.firstFrames();
    CHECK(headless.overlay.layout().beyondWSliders.empty());
}
