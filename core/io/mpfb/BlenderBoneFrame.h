#pragma once

#include <glm/vec3.hpp>

namespace hyperrig::core::io {

// A bone's rest frame in Blender armature space: y runs from head to tail, roll turns x and z
// about y (mpfb.md §6). Columns of the rotation from bone space to armature space.
struct BlenderBoneFrame {
    glm::dvec3 x;
    glm::dvec3 y;
    glm::dvec3 z;
};

// The frame Blender gives a bone of direction `y` (unit length) and roll 0
// (vec_roll_to_mat3_normalized): the shortest rotation taking +Y to y, in closed form. With y = (a,
// b, c), θ = 1 + b, s = a² + c²:
//   X0 = (1 - a²/θ, -a, -ac/θ),  Z0 = (-ac/θ, -c, 1 - c²/θ)
// Near y = -Y (θ -> 0) θ is replaced by its series s/2 + s²/8, and exactly at -Y the frame is
// X0 = (-1, 0, 0), Z0 = (0, 0, 1).
BlenderBoneFrame zeroRollFrame(const glm::dvec3& y);

// The frame with roll `roll` (radians): X = X0 cos r - Z0 sin r, Z = X0 sin r + Z0 cos r.
BlenderBoneFrame rolledFrame(const BlenderBoneFrame& zeroRoll, double roll);

// The roll that turns Z as close as possible to `target` (perpendicular to y, any length):
// r = atan2(t·X0, t·Z0). Also the roll of an existing frame when `target` is its Z axis.
double rollTowards(const BlenderBoneFrame& zeroRoll, const glm::dvec3& target);

} // namespace hyperrig::core::io
