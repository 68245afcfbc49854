#include "render/headless/HeadlessRender.h"

#include "render/gl/OffscreenFramebuffer.h"
#include "render/headless/EglContext.h"
#include "render/view/Viewport.h"

namespace hyperrig::render::headless {

core::Result<gl::RgbaImage> renderScene(const scene::SceneData& scene,
                                        const view::OrbitCamera& camera, int width, int height,
                                        const PictureOptions& options) {
    auto context = EglContext::create();
    if (!context)
        return context.error().withContext("headless rendering");
    // GL objects die before the context: they are declared after it.
    auto target = gl::OffscreenFramebuffer::create(width, height, options.samples);
    if (!target)
        return target.error().withContext("headless rendering");
    view::Viewport viewport;
    auto initialized = viewport.initialize(EglContext::getProcAddress());
    if (!initialized)
        return initialized.error().withContext("headless rendering");
    viewport.setScene(scene);
    viewport.camera() = camera;
    viewport.setDisplay(options.display);
    viewport.setSelection(options.selection);
    viewport.draw(target->name(), width, height);
    gl::RgbaImage image = target->readPixels();
    viewport.releaseGl();
    return image;
}

} // namespace hyperrig::render::headless
