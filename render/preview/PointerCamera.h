#pragma once

#include "render/preview/PreviewInput.h"
#include "render/view/OrbitCamera.h"

#include <array>

namespace hyperrig::render::preview {

// The editor's camera bindings (ui/ViewportWidget.cpp) without a toolkit: a left drag orbits,
// a right or middle drag (or Shift + left drag) pans, the wheel zooms.
enum class CameraDrag { None, Orbit, Pan };

// What a pointer move with `down` buttons (left, right, middle) held does to the camera.
CameraDrag cameraDragFor(const std::array<bool, 3>& down, const Modifiers& modifiers);

// Moves `camera` for a pointer move of (dx, dy) logical pixels in a window `windowHeight` high:
// 0.4° of orbit per pixel (a full-width drag turns the model about half way round); a pan that
// keeps the model under the pointer at any zoom.
void dragCamera(view::OrbitCamera& camera, CameraDrag drag, float dx, float dy, int windowHeight);

// `notches` wheel steps (+ away from the user) move 10% closer each.
void wheelCamera(view::OrbitCamera& camera, float notches);

} // namespace hyperrig::render::preview
