#pragma once

#include "core/base/Result.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/math/BasisN.h"

#include <array>
#include <map>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace hyperrig::core::eval {

// Posing by plane angles, as a rigger drags pose sliders "plane by plane" (product.md): each
// bone turns in its own space about its head,
//
//   L_posed = L_rest ∘ R,   R = R_p1(θ1) · R_p2(θ2) · … · R_pk(θk)
//
// with the planes of rotationPlanes(dimension) in that order and R_ab(θ) the rotor plane
// rotation turning axis a toward axis b (math::Rotor::fromPlaneAngle). The rightmost factor acts
// first on bone-space vectors. Because R sits on the bone side of L_rest, the head stays where
// the parent puts it and the angles mean the same whatever the bone's rest orientation.

// The rotation planes of a dimension, as axis pairs (a, b), a < b, in lexicographic order:
// 2D: XY; 3D: XY, XZ, YZ; 4D: XY, XZ, XW, YZ, YW, ZW. Empty below 2D.
std::vector<std::pair<int, int>> rotationPlanes(int dimension);
// "XY", "ZW", ... as the overlay and the pose panel label them.
std::string planeName(std::pair<int, int> plane);

// The most planes any supported dimension has (4D: 6).
constexpr std::size_t kMaxRotationPlanes = 6;

// One bone's angles in degrees, by the index of its plane in rotationPlanes(dimension).
using PlaneAngles = std::array<double, kMaxRotationPlanes>;

// R for `degrees` (the first rotationPlanes(dimension).size() entries are used). Fails for
// dimensions the rotor algebra does not cover (above 4D).
Result<math::BasisN> planeRotation(int dimension, const PlaneAngles& degrees);

// The pose that turns each listed bone by its angles over its rest transform; bones not listed,
// or listed with all angles zero, stay at rest. Fails naming the bone when a listed node is not a
// bone of the rig.
Result<Pose> poseFromBoneRotations(const model::Document& document, const CompiledRig& rig,
                                   const std::map<model::NodeId, PlaneAngles>& rotations);

} // namespace hyperrig::core::eval
