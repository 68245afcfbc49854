#include "core/eval/Pose.h"

#include <optional>
#include <string>

namespace hyperrig::core::eval {

const math::AffineN& Pose::localOf(const CompiledSkeleton& skeleton, std::size_t bone) const {
    const auto found = local.find(skeleton.bones[bone]);
    return found == local.end() ? skeleton.restLocal[bone] : found->second;
}

std::vector<math::AffineN> evaluateSkeleton(const CompiledSkeleton& skeleton, const Pose& pose) {
    std::vector<math::AffineN> global;
    global.reserve(skeleton.bones.size());
    for (std::size_t bone = 0; bone < skeleton.bones.size(); ++bone) {
        const math::AffineN& local = pose.localOf(skeleton, bone);
        const std::int32_t parent = skeleton.parents[bone];
        global.push_back(
            parent == CompiledSkeleton::kNoBone
                ? local
                : math::AffineN::compose(global[static_cast<std::size_t>(parent)], local));
    }
    return global;
}

Result<Pose> poseFromBindPose(const CompiledSkeleton& skeleton, const model::BindPose& bindPose) {
    if (bindPose.joints.size() != skeleton.slotCount())
        return Error("the bind pose has " + std::to_string(bindPose.joints.size()) +
                     " entries but the skeleton has " + std::to_string(skeleton.slotCount()) +
                     " joints slots");
    const int n = skeleton.dimension;
    std::vector<std::optional<math::AffineN>> target(skeleton.bones.size());
    for (std::size_t slot = 0; slot < skeleton.slotCount(); ++slot) {
        const std::int32_t bone = skeleton.slotBones[slot];
        if (bone == CompiledSkeleton::kNoBone || target[static_cast<std::size_t>(bone)])
            continue;
        const model::JointPose& entry = bindPose.joints[slot];
        auto basis = math::BasisN::fromColumnMajor(n, entry.basis);
        auto position = math::VectorN::fromSpan(entry.position);
        if (!basis || !position || position->dimension() != n)
            return Error("bind pose entry " + std::to_string(slot) + " is not a " +
                         std::to_string(n) + "D transform");
        target[static_cast<std::size_t>(bone)] = math::AffineN(*basis, *position);
    }

    Pose pose;
    std::vector<math::AffineN> global;
    global.reserve(skeleton.bones.size());
    for (std::size_t bone = 0; bone < skeleton.bones.size(); ++bone) {
        const std::int32_t parent = skeleton.parents[bone];
        if (!target[bone]) {
            const math::AffineN& local = skeleton.restLocal[bone];
            global.push_back(
                parent == CompiledSkeleton::kNoBone
                    ? local
                    : math::AffineN::compose(global[static_cast<std::size_t>(parent)], local));
            continue;
        }
        const math::AffineN& wanted = *target[bone];
        if (parent == CompiledSkeleton::kNoBone) {
            pose.local.emplace(skeleton.bones[bone], wanted);
        } else {
            auto parentInverse = global[static_cast<std::size_t>(parent)].inverse();
            if (!parentInverse)
                return Error("the bind pose gives a bone's parent a singular transform");
            pose.local.emplace(skeleton.bones[bone],
                               math::AffineN::compose(*parentInverse, wanted));
        }
        global.push_back(wanted);
    }
    return pose;
}

} // namespace hyperrig::core::eval
