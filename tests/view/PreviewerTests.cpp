#include "core/eval/animation/SkelAnimationSample.h"
#include "render/headless/EglContext.h"
#include "render/preview/Previewer.h"
#include "tests/core/io/usd/UsdTestSupport.h"
#include "tests/render/ViewportTestSupport.h"
#include "tests/support/ProcessRunner.h"
#include "tests/view/PreviewTestSupport.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <glm/geometric.hpp>

using namespace hyperrig::render;
using overlay::PoseSelection;

namespace {

// A Previewer drawing headless into a 480 x 360 offscreen framebuffer of a surfaceless EGL
// context, as hyperrig-view draws into its window.
struct HeadlessPreviewerFixture {
    hyperrig::test::OffscreenTarget target{480, 360};
    preview::Previewer previewer;

    HeadlessPreviewerFixture() {
        auto initialized = previewer.initializeGl(headless::EglContext::getProcAddress());
        INFO((initialized.ok() ? "" : initialized.error().message()));
        REQUIRE(initialized.ok());
        previewer.resize({480, 360, 480, 360});
        // The grid would count as "model" pixels; the tests look at the rig alone.
        previewer.overlayState().showGrid = false;
        previewer.overlayState().displayChanged = true;
    }
    ~HeadlessPreviewerFixture() { previewer.releaseGl(); }

    gl::RgbaImage frame() {
        previewer.drawFrame(target.target.name(), 1.0F / 60.0F);
        REQUIRE(glGetError() == GL_NO_ERROR);
        return target.target.readPixels();
    }

    // Whether the camera frames the scene: every surface corner inside the picture, and the
    // surfaces spanning more than half of its width or height (framing fits the points, with a
    // margin; view/SceneFraming.h).
    bool sceneFramed() const {
        const view::OrbitCamera& camera = previewer.viewport().camera();
        const glm::mat4 clipFromWorld =
            camera.projectionMatrix(480.0F / 360.0F) * camera.viewMatrix();
        glm::vec2 low(1.0e9F);
        glm::vec2 high(-1.0e9F);
        for (const scene::SurfaceInput& surface : previewer.viewport().scene().surfaces)
            for (const glm::vec3& corner : surface.positions) {
                const glm::vec4 clip = clipFromWorld * glm::vec4(corner, 1.0F);
                const glm::vec2 ndc = glm::vec2(clip) / clip.w;
                low = glm::min(low, ndc);
                high = glm::max(high, ndc);
            }
        const bool inside =
            low.x >= -1.001F && low.y >= -1.001F && high.x <= 1.001F && high.y <= 1.001F;
        return inside && (high.x - low.x > 1.0F || high.y - low.y > 1.0F);
    }
};

std::size_t previewDifferingPixels(const gl::RgbaImage& a, const gl::RgbaImage& b) {
    std::size_t differing = 0;
    for (std::size_t at = 0; at + 3 < a.pixels.size(); at += 4)
        if (a.pixels[at] != b.pixels[at] || a.pixels[at + 1] != b.pixels[at + 1] ||
            a.pixels[at + 2] != b.pixels[at + 2])
            ++differing;
    return differing;
}

} // namespace

TEST_CASE_METHOD(HeadlessPreviewerFixture,
                 "the previewer shows a sample framed, switches poses and slices, and keeps it "
                 "when a dropped file fails",
                 "[gl][preview]") {
    const auto sample = hyperrig::test::previewSample("creature-4d.g4tf");
    REQUIRE(previewer.open(sample).ok());
    const overlay::OverlayState& state = previewer.overlayState();
    CHECK(state.readOnly);
    CHECK(state.is4D);
    CHECK(state.bindPoseNames == std::vector<std::string>{"APose", "TPose"});
    CHECK(state.pose.kind == PoseSelection::Kind::Rest);
    CHECK(state.heading.find("creature-4d.g4tf") != std::string::npos);
    CHECK(state.notice.empty());

    // Load and frame: the first frame puts the whole slice in view, and the rig is drawn.
    const gl::RgbaImage rest = frame();
    CHECK(sceneFramed());
    CHECK(hyperrig::test::modelPixelCount(rest, previewer.viewport()) > 2000);
    const std::size_t restTriangles = state.statistics.triangles;
    CHECK(restTriangles > 0);

    // Orbit away, then F frames again.
    previewer.viewport().camera().distance *= 8.0F;
    previewer.keyChanged(preview::PreviewKey::F, true, {});
    CHECK(sceneFramed());

    // P: the next pose (rest -> APose -> TPose -> rest); the picture changes with it.
    previewer.keyChanged(preview::PreviewKey::P, true, {});
    CHECK(state.pose == PoseSelection{PoseSelection::Kind::BindPose, "APose"});
    const gl::RgbaImage aPose = frame();
    CHECK(previewDifferingPixels(rest, aPose) > 200);
    previewer.keyChanged(preview::PreviewKey::P, true, {});
    previewer.keyChanged(preview::PreviewKey::P, true, {});
    CHECK(state.pose.kind == PoseSelection::Kind::Rest);

    // Page Up slides the slice by 1/20 of the offset slider's range; X turns it 90° in XW;
    // R resets both.
    const double step = (state.offsetMax - state.offsetMin) / 20.0;
    previewer.keyChanged(preview::PreviewKey::PageUp, true, {});
    CHECK(state.view.offset == Approx(step));
    CHECK(state.statistics.triangles != restTriangles);
    previewer.keyChanged(preview::PreviewKey::X, true, {});
    CHECK(state.view.xwDegrees == 90.0);
    previewer.keyChanged(preview::PreviewKey::R, true, {});
    CHECK(state.view == hyperrig::core::eval::View4D{});
    CHECK(state.statistics.triangles == restTriangles);

    // --pose NAME: a stored bind pose by name, or an error listing the poses there are.
    CHECK(previewer.choosePoseNamed("IPose").error().message() ==
          "no stored bind pose named 'IPose' (poses: rest, APose, TPose)");
    CHECK(state.pose.kind == PoseSelection::Kind::Rest);

    // A dropped file that cannot be read keeps the document, its pose and its view, and says
    // why in the overlay.
    REQUIRE(previewer.choosePoseNamed("TPose").ok());
    CHECK(state.pose == PoseSelection{PoseSelection::Kind::BindPose, "TPose"});
    const std::size_t tPoseTriangles = state.statistics.triangles;
    hyperrig::test::TemporaryFolder folder;
    std::ofstream(folder / "broken.g4tf") << "{ not json";
    previewer.filesDropped({folder / "broken.g4tf"});
    REQUIRE(previewer.document());
    CHECK(previewer.document()->path == sample);
    CHECK(state.pose == PoseSelection{PoseSelection::Kind::BindPose, "TPose"});
    CHECK(state.statistics.triangles == tPoseTriangles);
    CHECK(state.notice.find("broken.g4tf") != std::string::npos);
    CHECK(hyperrig::test::modelPixelCount(frame(), previewer.viewport()) > 2000);

    // A good one replaces it: rest pose, no slice controls for a 3D rig, the notice gone.
    previewer.filesDropped({hyperrig::test::previewSample("arm-3d.g4tf")});
    CHECK(previewer.document()->path.filename() == "arm-3d.g4tf");
    CHECK_FALSE(state.is4D);
    CHECK(state.pose.kind == PoseSelection::Kind::Rest);
    CHECK(state.notice.empty());
    frame();
    CHECK(sceneFramed());

    // An imported file's warnings: the overlay counts them and shows the first (usdskel.md §12:
    // an attribute of an unknown type is skipped with a warning at its line and column).
    std::ofstream(folder / "warned.usda")
        << "#usda 1.0\ndef Xform \"A\" {\n    flaot[] typo = [1]\n    flaot[] other = [2]\n}\n";
    previewer.filesDropped({folder / "warned.usda"});
    REQUIRE(previewer.document());
    CHECK(previewer.document()->path.filename() == "warned.usda");
    CHECK_THAT(state.notice, Catch::StartsWith("Imported with 2 warnings; the first: "
                                               "warned.usda:3:5: "));
}

TEST_CASE_METHOD(HeadlessPreviewerFixture,
                 "the previewer's F1 window lists the keys over the picture, and pointer drags "
                 "go to the overlay over it and to the camera elsewhere",
                 "[gl][preview]") {
    REQUIRE(previewer.open(hyperrig::test::previewSample("tiny-4d-mesh.g4tf")).ok());
    frame();
    frame();
    // Software GL (the tests' llvmpipe) draws directly; a GPU through a multisampled
    // framebuffer resolved into the host's, which shows the rig as well.
    const bool software =
        previewer.viewport().glInfo().renderer.find("llvmpipe") != std::string::npos;
    CHECK(previewer.multisampling() == (software ? 1 : 4));
    previewer.setMultisampling(software ? 4 : 1);
    CHECK(hyperrig::test::modelPixelCount(frame(), previewer.viewport()) > 500);

    const overlay::Overlay* overlay = previewer.viewport().overlay();
    REQUIRE(overlay);
    CHECK(overlay->layout().keyHelpWindow.maxX == 0.0F);
    previewer.keyChanged(preview::PreviewKey::F1, true, {});
    CHECK(previewer.overlayState().showKeyHelp);
    frame();
    frame(); // auto-resizing: measured, then shown
    const overlay::OverlayRect help = overlay->layout().keyHelpWindow;
    CHECK(help.maxX - help.minX > 100.0F);
    CHECK(overlay->layout().covers(help.centerX(), help.centerY()));
    previewer.keyChanged(preview::PreviewKey::Escape, true, {});
    CHECK_FALSE(previewer.overlayState().showKeyHelp);
    frame();

    // A drag on the overlay's W slider goes to the overlay, not to the camera: the slice moves
    // and the model does not turn.
    const overlay::OverlayRect slider = overlay->layout().offsetSlider;
    REQUIRE(slider.maxX > slider.minX);
    const float yaw = previewer.viewport().camera().yawDegrees;
    const double offset = previewer.overlayState().view.offset;
    previewer.pointerMoved(slider.centerX(), slider.centerY());
    frame();
    previewer.pointerButton(preview::PointerButton::Left, true, {});
    frame();
    previewer.pointerMoved(slider.maxX - 2.0F, slider.centerY());
    frame();
    previewer.pointerButton(preview::PointerButton::Left, false, {});
    frame();
    CHECK(previewer.overlayState().view.offset > offset);
    CHECK(previewer.viewport().camera().yawDegrees == yaw);

    // The same drag beside the overlay orbits the camera and leaves the slice.
    const double moved = previewer.overlayState().view.offset;
    REQUIRE(overlay->layout().window.maxX < 420.0F);
    previewer.pointerMoved(470.0F, 300.0F);
    previewer.pointerButton(preview::PointerButton::Left, true, {});
    previewer.pointerMoved(420.0F, 300.0F);
    previewer.pointerButton(preview::PointerButton::Left, false, {});
    frame();
    CHECK(previewer.viewport().camera().yawDegrees == Approx(yaw + 20.0F));
    CHECK(previewer.overlayState().view.offset == moved);
}

TEST_CASE_METHOD(HeadlessPreviewerFixture,
                 "the previewer plays a kept SkelAnimation as core samples it, moved on by the "
                 "frame clock and looping",
                 "[gl][preview][animation]") {
    // OpenUSD's skinnedArm: Elbow's rotation is (1, 0, 0, 0) at frame 1 and (0.7071, 0.7071, 0,
    // 0), a quarter turn about +X, at frame 10. Point 0 (0.5, −0.5, 4), bound to Hand alone, is
    // (0.5, −0.5, 2) in Elbow's space, so Elbow turned by θ about +X puts it at
    // (0.5, −0.5 cos θ − 2 sin θ, −0.5 sin θ + 2 cos θ + 2) (tests/core/io/usd).
    auto imported = hyperrig::test::usdImportFile("skinnedArm.usda");
    REQUIRE(previewer
                .show(preview::makePreviewDocument("skinnedArm.usda", std::move(imported.document)))
                .ok());
    const overlay::OverlayState& state = previewer.overlayState();
    CHECK(state.animationNames == std::vector<std::string>{"Anim"});
    const auto& document = previewer.document()->document;
    const auto& rig = previewer.document()->rig;
    const auto shownContains = [&](double degrees) {
        const double t = degrees * 3.14159265358979323846 / 180.0;
        const glm::vec3 expected(0.5F, static_cast<float>(-0.5 * std::cos(t) - 2 * std::sin(t)),
                                 static_cast<float>(-0.5 * std::sin(t) + 2 * std::cos(t) + 2));
        for (const scene::SurfaceInput& surface : previewer.viewport().scene().surfaces)
            for (const glm::vec3& corner : surface.positions)
                if (glm::length(corner - expected) < 1.0e-4F)
                    return true;
        return false;
    };
    // The same scene core's sampler gives at `time`, corner for corner.
    const auto shownIsSampled = [&](double time) {
        auto sample = hyperrig::core::eval::sampleAnimation("Anim", time, document, rig);
        REQUIRE(sample);
        auto direct = scene::sceneFromDocument(document, rig, sample->pose);
        REQUIRE(direct);
        const auto& shown = previewer.viewport().scene().surfaces;
        REQUIRE(shown.size() == direct->surfaces.size());
        for (std::size_t s = 0; s < shown.size(); ++s)
            CHECK(shown[s].positions == direct->surfaces[s].positions);
    };

    // P steps rest -> animation Anim (skinnedArm stores no bind poses); it starts paused at its
    // first frame, and the overlay's range is the file's samples, 1..10.
    previewer.keyChanged(preview::PreviewKey::P, true, {});
    CHECK(state.pose == PoseSelection{PoseSelection::Kind::Animation, "Anim"});
    CHECK(state.animationStart == 1.0);
    CHECK(state.animationEnd == 10.0);
    CHECK(state.animationTime == 1.0);
    CHECK_FALSE(state.animationPlaying);
    CHECK(shownContains(0.0));

    // Scrubbed to 5.5 (half way: slerp gives 45°) and to 10 (the authored quarter turn).
    previewer.setAnimationTime(5.5);
    CHECK(shownContains(45.0));
    shownIsSampled(5.5);
    previewer.setAnimationTime(10.0);
    CHECK(shownContains(90.0));
    shownIsSampled(10.0);

    // Space plays from frame 1; the first frame drawn while playing only starts the clock (its
    // delta spans the wait before Space), each later one moves the time on by delta × 24.
    previewer.setAnimationTime(1.0);
    previewer.keyChanged(preview::PreviewKey::Space, true, {});
    CHECK(state.animationPlaying);
    CHECK(previewer.wantsFrame());
    previewer.drawFrame(target.target.name(), 3.0F);
    CHECK(state.animationTime == 1.0);
    previewer.drawFrame(target.target.name(), 0.25F); // 6 frames
    CHECK(state.animationTime == 7.0);
    shownIsSampled(7.0);
    previewer.drawFrame(target.target.name(), 0.25F); // 13: 3 past the end of 1..10 -> 4
    CHECK(state.animationTime == 4.0);
    shownIsSampled(4.0);
    // Space pauses: frames leave the time alone.
    previewer.keyChanged(preview::PreviewKey::Space, true, {});
    CHECK_FALSE(state.animationPlaying);
    previewer.drawFrame(target.target.name(), 0.25F);
    CHECK(state.animationTime == 4.0);

    // By name as --pose takes it; an unknown name lists the animations too.
    REQUIRE(previewer.choosePoseNamed("rest").ok());
    CHECK(shownContains(0.0));
    REQUIRE(previewer.choosePoseNamed("Anim").ok());
    CHECK(state.animationTime == 1.0);
    CHECK(previewer.choosePoseNamed("Walk").error().message() ==
          "no stored bind pose or animation named 'Walk' (poses: rest; animations: Anim)");
}

TEST_CASE_METHOD(HeadlessPreviewerFixture,
                 "the previewer's playback moves the blend shapes an animation's weights drive",
                 "[gl][preview][animation][blend]") {
    // tests/fixtures/usd/blend-weight-quad.usda: a quad bound to joint A, which the animation
    // moves by (2, 0, 0); BlendShape "Lift" moves point 2 (1, 1, 0) by (1, 1, 0); the animation's
    // Lift weight is 0 at time 0 and 1 at 10. Shown at weight w, point 2 is at (3 + w, 1 + w, 0).
    auto imported =
        hyperrig::test::usdImportText(hyperrig::test::usdFixtureText("blend-weight-quad.usda"));
    REQUIRE(previewer.show(preview::makePreviewDocument("quad.usda", std::move(imported.document)))
                .ok());
    const auto shownContains = [&](float x, float y) {
        for (const scene::SurfaceInput& surface : previewer.viewport().scene().surfaces)
            for (const glm::vec3& corner : surface.positions)
                if (glm::length(corner - glm::vec3(x, y, 0.0F)) < 1.0e-4F)
                    return true;
        return false;
    };
    previewer.keyChanged(preview::PreviewKey::P, true, {}); // rest -> animation Anim, at 0
    REQUIRE(previewer.overlayState().pose == PoseSelection{PoseSelection::Kind::Animation, "Anim"});
    CHECK(shownContains(3.0F, 1.0F));
    previewer.setAnimationTime(5.0);
    CHECK(shownContains(3.5F, 1.5F));
    CHECK_FALSE(shownContains(3.0F, 1.0F));
    previewer.setAnimationTime(10.0);
    CHECK(shownContains(4.0F, 2.0F));
}
