#pragma once

#include "core/model/BindPose.h"

#include <QString>

#include <array>
#include <string_view>

namespace hyperrig::ui {

// The bind pose types in the order the panels offer them (KHR_character_skeleton_bindpose).
inline constexpr std::array kPoseTypes = {
    core::model::PoseType::TPose, core::model::PoseType::APose, core::model::PoseType::IPose,
    core::model::PoseType::Custom};

// "TPose", "APose", "IPose", "Custom": the names the files and the overlay use.
inline QString poseTypeLabel(core::model::PoseType type) {
    const std::string_view name = core::model::poseTypeName(type);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

} // namespace hyperrig::ui
