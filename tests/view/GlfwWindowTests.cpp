#include "render/preview/Previewer.h"
#include "render/preview/glfw/GlfwWindow.h"
#include "tests/view/PreviewTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::render;

// The one test with a real window (tests/CMakeLists.txt runs it under xvfb-run): GLFW makes an
// OpenGL 3.3 core context, the previewer draws the framed sample into the window's back buffer,
// and the pixels read back show the rig where its bounds project.
TEST_CASE("hyperrig-view's GLFW window draws the framed sample", "[gl][window]") {
    auto window = preview::GlfwWindow::create({400, 300, "hyperrig-view test", true});
    INFO((window.ok() ? "" : window.error().message()));
    REQUIRE(window.ok());
    preview::Previewer previewer;
    auto initialized = previewer.initializeGl(preview::GlfwWindow::getProcAddress());
    INFO((initialized.ok() ? "" : initialized.error().message()));
    REQUIRE(initialized.ok());
    CHECK(previewer.viewport().glInfo().major * 10 + previewer.viewport().glInfo().minor >= 33);
    (*window)->attach(&previewer);
    const preview::FrameSize size = previewer.size();
    CHECK(size.framebufferWidth > 0);
    CHECK(size.framebufferHeight > 0);
    CHECK(size.windowWidth > 0);

    REQUIRE(previewer.open(hyperrig::test::previewSample("creature-4d.g4tf")).ok());
    previewer.overlayState().showGrid = false; // only the rig differs from the background
    previewer.overlayState().displayChanged = true;
    previewer.drawFrame(0, 1.0F / 60.0F);
    const gl::RgbaImage image = (*window)->readBackBuffer();
    (*window)->swapBuffers();
    CHECK(image.width == size.framebufferWidth);
    CHECK(image.height == size.framebufferHeight);
    CHECK(hyperrig::test::modelPixelCount(image, previewer.viewport()) > 2000);

    (*window)->attach(nullptr);
    previewer.releaseGl();
}
