#pragma once

#include "core/base/Result.h"
#include "render/gl/RgbaImage.h"
#include "render/scene/SceneData.h"
#include "render/view/OrbitCamera.h"
#include "render/view/Viewport.h"

#include <vector>

namespace hyperrig::render::headless {

// Multisampling for pictures: lines and silhouettes without stair steps. Drivers that offer
// fewer samples get what they have (OffscreenFramebuffer clamps).
constexpr int kDefaultSamples = 4;

// How a picture is drawn besides its scene and camera: the viewport's display (shading,
// wireframe, bones, grid, shapes), the nodes drawn selected, the multisample count.
struct PictureOptions {
    view::Viewport::Display display;
    std::vector<core::model::NodeId> selection;
    int samples = kDefaultSamples;
};

// One frame of `scene` seen by `camera`, without a window: a surfaceless EGL context
// (EglContext.h), an offscreen framebuffer of width x height and a Viewport drawing into it as
// `options` say, read back top row first. Fails with the EGL error when there is no usable EGL /
// OpenGL 3.3, or when the driver refuses the size.
core::Result<gl::RgbaImage> renderScene(const scene::SceneData& scene,
                                        const view::OrbitCamera& camera, int width, int height,
                                        const PictureOptions& options = {});

} // namespace hyperrig::render::headless
