#pragma once

#include "core/model/Json.h"

#include <string>
#include <string_view>
#include <vector>

namespace hyperrig::core::model {

// The pose classifications of KHR_character_skeleton_bindpose; each may appear once per skeleton.
enum class PoseType { TPose, APose, IPose, Custom };

std::string_view poseTypeName(PoseType type);
// "TPose", "APose", "IPose", "Custom"; anything else is not a pose type.
bool parsePoseType(std::string_view text, PoseType& type);

// One skeleton-space transform per joints slot: where that slot's bone sits in this pose,
// relative to the skeleton node (docs/extensions/HYPERRIG_skeleton_bind_poses.md).
struct JointPose {
    std::vector<double> position; // N numbers
    std::vector<double> basis;    // N*N numbers, column-major
    OrderedJson extra;            // unknown properties of the entry, in order
    friend bool operator==(const JointPose&, const JointPose&) = default;
};

struct BindPose {
    PoseType type = PoseType::Custom;
    std::vector<JointPose> joints; // parallel to Skeleton::joints
    OrderedJson extra;
    friend bool operator==(const BindPose&, const BindPose&) = default;
};

} // namespace hyperrig::core::model
