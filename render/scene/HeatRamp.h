#pragma once

#include <glm/glm.hpp>
#include <string>

namespace hyperrig::render::scene {

// The weight heat-map: 0 blue -> 1/3 green -> 2/3 yellow -> 1 red, linear between the stops,
// clamped outside 0..1 (the colours painters know from Blender's weight paint, a little
// softened so the shading stays readable).
glm::vec3 heatColor(float value);

// The same ramp as a GLSL function `vec3 heatRamp(float value)`, generated from the same stops
// so the shader and heatColor() cannot drift apart.
std::string heatRampGlsl();

} // namespace hyperrig::render::scene
