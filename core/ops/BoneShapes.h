#pragma once

#include "core/base/Result.h"
#include "core/edit/Command.h"
#include "core/model/Document.h"

#include <memory>
#include <string_view>

namespace hyperrig::core::ops {

// A collision shape sized from a bone (g4mf-skeleton.md: a bone's shape sits at the middle of its
// length, in the bone's axes, which point along +Y). Every kind is a G4MF "general" shape: a box
// of full extents `size` Minkowski-summed with one curve of radii r (physics/shape.md):
//   Capsule:  size (0, L - 2r, 0, ...), radii (r, r, ...): head to tail, rounded ends;
//   Cylinder: size (0, L, 0, ...),      radii (r, 0, r, ...): round across, flat ends at head and
//             tail (the curve has no extent along Y);
//   Box:      size (2r, L, 2r, ...),    no curve;
//   Sphere:   no size,                  radii (L/2, ...): centred on the bone's middle.
// A capsule shorter than its two caps (L < 2r) gets r = L/2: a sphere.
enum class BoneShapeKind { Capsule, Cylinder, Box, Sphere };

std::string_view boneShapeKindName(BoneShapeKind kind); // "Capsule", ...

// The radius a new shape gets: a fifth of the bone's length, so a chain of capsules reads as a
// limb without swallowing its neighbours.
double defaultShapeRadius(double length);

// The shape's JSON (without "name") for a bone of `length` in `dimension` dimensions.
// Contract: length >= 0, radius >= 0, dimension 2..8.
model::OrderedJson boneShapeValue(BoneShapeKind kind, int dimension, double length, double radius);

// One undo step that creates such a shape, named after the bone ("<bone>Capsule", made unique),
// and makes it the bone's shape. Refused, changing nothing, when the node is not a bone or has no
// length (a shape needs the length to be placed).
Result<std::unique_ptr<edit::Command>> addBoneShapeCommand(const model::Document& document,
                                                           model::NodeId bone, BoneShapeKind kind);

} // namespace hyperrig::core::ops
