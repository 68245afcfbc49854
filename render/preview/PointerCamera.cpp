#include "render/preview/PointerCamera.h"

#include <algorithm>
#include <cmath>

namespace hyperrig::render::preview {

namespace {

// The editor's constants (ui/ViewportWidget.cpp), so both hosts feel the same.
constexpr float kPointerOrbitDegreesPerPixel = 0.4F;
constexpr double kPointerZoomPerNotch = 0.9;

} // namespace

CameraDrag cameraDragFor(const std::array<bool, 3>& down, const Modifiers& modifiers) {
    const bool left = down[0];
    if (down[1] || down[2] || (left && modifiers.shift))
        return CameraDrag::Pan;
    return left ? CameraDrag::Orbit : CameraDrag::None;
}

void dragCamera(view::OrbitCamera& camera, CameraDrag drag, float dx, float dy, int windowHeight) {
    switch (drag) {
    case CameraDrag::Pan: {
        // Negated and divided by the height: the model follows the pointer at any zoom.
        const auto height = static_cast<float>(std::max(1, windowHeight));
        camera.pan(-dx / height, dy / height);
        break;
    }
    case CameraDrag::Orbit:
        camera.orbit(-dx * kPointerOrbitDegreesPerPixel, dy * kPointerOrbitDegreesPerPixel);
        break;
    case CameraDrag::None:
        break;
    }
}

void wheelCamera(view::OrbitCamera& camera, float notches) {
    camera.zoom(static_cast<float>(std::pow(kPointerZoomPerNotch, static_cast<double>(notches))));
}

} // namespace hyperrig::render::preview
