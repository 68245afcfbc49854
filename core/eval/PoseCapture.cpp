#include "core/eval/PoseCapture.h"

namespace hyperrig::core::eval {

model::BindPose bindPoseFromPose(const CompiledSkeleton& skeleton, const Pose& pose,
                                 model::PoseType type) {
    const std::vector<math::AffineN> global = evaluateSkeleton(skeleton, pose);
    const math::AffineN identity = math::AffineN::identity(skeleton.dimension);
    model::BindPose bindPose;
    bindPose.type = type;
    bindPose.extra = model::OrderedJson::object(); // as the reader gives poses without unknown keys
    bindPose.joints.reserve(skeleton.slotCount());
    for (const std::int32_t bone : skeleton.slotBones) {
        const math::AffineN& transform =
            bone == CompiledSkeleton::kNoBone ? identity : global[static_cast<std::size_t>(bone)];
        model::JointPose entry;
        entry.extra = model::OrderedJson::object();
        const auto position = transform.position().values();
        const auto basis = transform.basis().columnMajor();
        entry.position.assign(position.begin(), position.end());
        entry.basis.assign(basis.begin(), basis.end());
        bindPose.joints.push_back(std::move(entry));
    }
    return bindPose;
}

} // namespace hyperrig::core::eval
