#pragma once

#include "core/base/Result.h"
#include "core/eval/BoneRotations.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/model/Document.h"

#include <array>
#include <cstddef>
#include <map>

namespace hyperrig::core::eval {

// A bone's place in the editor's current pose, relative to its rest transform (decision 0025):
//
//   L_posed = L_rest ∘ T(t) ∘ R
//
// R is the plane rotation of BoneRotations.h (the bone turns about its own head, planes in
// rotationPlanes order) and T(t) a translation by t in the bone's rest space, as Blender's pose
// mode moves a bone: t = 0 at rest, and t = (0, 1, 0) moves the head by one unit along the
// bone's rest Y axis, i.e. by B_rest·t in the parent's space (metres when, as usual, the rest
// basis has no scale). In parts:
//
//   position_posed = position_rest + B_rest·t,      basis_posed = B_rest·R.
//
// The translation comes before the rotation so that t keeps its meaning whatever the angles are
// (R turns the bone about its translated head, never moves it).
constexpr std::size_t kMaxPoseAxes = 4; // posing by plane angles covers 2D to 4D
using PoseTranslation = std::array<double, kMaxPoseAxes>;

struct BonePose {
    PlaneAngles degrees{};         // by plane index in rotationPlanes(dimension)
    PoseTranslation translation{}; // by axis, the first `dimension` used

    // All angles and translation components zero: L_posed = L_rest.
    bool atRest() const;
    friend bool operator==(const BonePose&, const BonePose&) = default;
};

// The current pose: the bones that have been posed (bones not listed are at rest).
using BonePoses = std::map<model::NodeId, BonePose>;

// L_rest ∘ T(t) ∘ R for one bone. Fails for dimensions above 4D (planeRotation).
Result<math::AffineN> posedLocal(const math::AffineN& rest, const BonePose& bonePose);

// The evaluable pose of `bonePoses`; bones listed at rest are left out. Fails naming the node
// when a listed node is not a bone of the rig.
Result<Pose> poseFromBonePoses(const model::Document& document, const CompiledRig& rig,
                               const BonePoses& bonePoses);

// The inverse, for a pose read from a file: each bone's local transform relative to rest,
// D = L_rest⁻¹ ∘ L_posed = T(t) ∘ R, gives t = position(D) and the plane angles of basis(D)
// (planeAnglesOf). Bones whose D is the identity to rounding are left out; angles within 1e-9°
// and translations within 1e-12 of zero read as zero. Fails, naming the bone, when D's basis is
// not a rotation (the pose scales, shears or mirrors the bone relative to rest, which plane
// angles cannot show), for rigs above 4D, and for a node that is not a bone of the rig.
Result<BonePoses> bonePosesFromPose(const model::Document& document, const CompiledRig& rig,
                                    const Pose& pose);

} // namespace hyperrig::core::eval
