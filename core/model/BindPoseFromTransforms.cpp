#include "core/model/BindPoseFromTransforms.h"

namespace hyperrig::core::model {

BindPose bindPoseFromTransforms(PoseType type, std::span<const math::AffineN> slotTransforms) {
    BindPose pose;
    pose.type = type;
    pose.extra = OrderedJson::object();
    pose.joints.reserve(slotTransforms.size());
    for (const math::AffineN& transform : slotTransforms) {
        JointPose entry;
        entry.extra = OrderedJson::object();
        const auto position = transform.position().values();
        const auto basis = transform.basis().columnMajor();
        entry.position.assign(position.begin(), position.end());
        entry.basis.assign(basis.begin(), basis.end());
        pose.joints.push_back(std::move(entry));
    }
    return pose;
}

} // namespace hyperrig::core::model
