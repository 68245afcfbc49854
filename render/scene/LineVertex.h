#pragma once

#include <glm/glm.hpp>

namespace hyperrig::render::scene {

// One end of a line segment, or one point, in the drawn 3D space with a linear RGBA colour
// (alpha blends it over what is already drawn).
struct LineVertex {
    glm::vec3 position{0.0F};
    glm::vec4 color{1.0F};
};

static_assert(sizeof(LineVertex) == 7 * sizeof(float), "uploaded as it is: no padding");

} // namespace hyperrig::render::scene
