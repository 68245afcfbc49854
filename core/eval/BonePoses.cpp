#include "core/eval/BonePoses.h"

#include "core/eval/PlaneAngleDecomposition.h"
#include "core/model/ItemLabels.h"

#include <cmath>
#include <string>

namespace hyperrig::core::eval {
namespace {

// The compiled skeleton holding `bone` and the bone's index there, or null.
std::pair<const CompiledSkeleton*, std::int32_t> findPosedBone(const CompiledRig& rig,
                                                               model::NodeId bone) {
    for (const CompiledSkeleton& skeleton : rig.skeletons()) {
        const std::int32_t index = skeleton.indexOf(bone);
        if (index != CompiledSkeleton::kNoBone)
            return {&skeleton, index};
    }
    return {nullptr, CompiledSkeleton::kNoBone};
}

constexpr double kZeroDegrees = 1e-9;
constexpr double kZeroTranslation = 1e-12;

} // namespace

bool BonePose::atRest() const {
    for (double angle : degrees)
        if (angle != 0.0)
            return false;
    for (double offset : translation)
        if (offset != 0.0)
            return false;
    return true;
}

Result<math::AffineN> posedLocal(const math::AffineN& rest, const BonePose& bonePose) {
    const int n = rest.dimension();
    if (n > static_cast<int>(kMaxPoseAxes))
        return Error("posing by plane angles covers 2D to 4D; this document is " +
                     std::to_string(n) + "D");
    auto rotation = planeRotation(n, bonePose.degrees);
    if (!rotation)
        return rotation.error();
    math::VectorN t = math::VectorN::zero(n);
    for (int axis = 0; axis < n; ++axis)
        t[axis] = bonePose.translation[static_cast<std::size_t>(axis)];
    // L_rest ∘ T(t) ∘ R: position p_rest + B_rest·t, basis B_rest·R.
    return math::AffineN(rest.basis() * *rotation, rest.position() + rest.basis() * t);
}

Result<Pose> poseFromBonePoses(const model::Document& document, const CompiledRig& rig,
                               const BonePoses& bonePoses) {
    Pose pose;
    for (const auto& [bone, bonePose] : bonePoses) {
        const auto [skeleton, index] = findPosedBone(rig, bone);
        if (!skeleton)
            return Error("node " + model::describeNode(document, bone) +
                         " is not a bone of a skeleton the viewport shows");
        if (bonePose.atRest())
            continue;
        auto local = posedLocal(skeleton->restLocal[static_cast<std::size_t>(index)], bonePose);
        if (!local)
            return local.error();
        pose.local.insert_or_assign(bone, *local);
    }
    return pose;
}

Result<BonePoses> bonePosesFromPose(const model::Document& document, const CompiledRig& rig,
                                    const Pose& pose) {
    BonePoses bonePoses;
    for (const auto& [bone, local] : pose.local) {
        const std::string name = "bone " + model::describeNode(document, bone);
        const auto [skeleton, index] = findPosedBone(rig, bone);
        if (!skeleton)
            return Error("node " + model::describeNode(document, bone) +
                         " is not a bone of a skeleton the viewport shows");
        const int n = local.dimension();
        if (n > static_cast<int>(kMaxPoseAxes))
            return Error(name + ": posing by plane angles covers 2D to 4D; this document is " +
                         std::to_string(n) + "D");
        const math::AffineN& rest = skeleton->restLocal[static_cast<std::size_t>(index)];
        auto restInverse = rest.inverse();
        if (!restInverse)
            return Error(name + ": its rest basis is singular, so no pose is relative to it");
        // D = L_rest⁻¹ ∘ L_posed = T(t) ∘ R: basis R, position t.
        const math::AffineN relative = math::AffineN::compose(*restInverse, local);
        auto degrees = planeAnglesOf(relative.basis());
        if (!degrees)
            return Error(name +
                         ": plane angles and a translation cannot show this pose: "
                         "relative to the rest transform its basis is " +
                         degrees.error().message());
        BonePose bonePose;
        for (std::size_t plane = 0; plane < bonePose.degrees.size(); ++plane)
            bonePose.degrees[plane] =
                std::abs((*degrees)[plane]) < kZeroDegrees ? 0.0 : (*degrees)[plane];
        for (int axis = 0; axis < n; ++axis) {
            const double offset = relative.position()[axis];
            bonePose.translation[static_cast<std::size_t>(axis)] =
                std::abs(offset) < kZeroTranslation ? 0.0 : offset;
        }
        if (!bonePose.atRest())
            bonePoses.insert_or_assign(bone, bonePose);
    }
    return bonePoses;
}

} // namespace hyperrig::core::eval
