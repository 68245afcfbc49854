#include "core/eval/PoseCapture.h"

#include "core/model/BindPoseFromTransforms.h"

#include <vector>

namespace hyperrig::core::eval {

model::BindPose bindPoseFromPose(const CompiledSkeleton& skeleton, const Pose& pose,
                                 model::PoseType type) {
    const std::vector<math::AffineN> global = evaluateSkeleton(skeleton, pose);
    std::vector<math::AffineN> slotTransforms;
    slotTransforms.reserve(skeleton.slotCount());
    for (const std::int32_t bone : skeleton.slotBones)
        slotTransforms.push_back(bone == CompiledSkeleton::kNoBone
                                     ? math::AffineN::identity(skeleton.dimension)
                                     : global[static_cast<std::size_t>(bone)]);
    return model::bindPoseFromTransforms(type, slotTransforms);
}

} // namespace hyperrig::core::eval
