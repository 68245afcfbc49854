#include "core/model/BindPose.h"

#include <array>
#include <utility>

namespace hyperrig::core::model {
namespace {

constexpr std::array<std::pair<PoseType, std::string_view>, 4> kNames{{
    {PoseType::TPose, "TPose"},
    {PoseType::APose, "APose"},
    {PoseType::IPose, "IPose"},
    {PoseType::Custom, "Custom"},
}};

} // namespace

std::string_view poseTypeName(PoseType type) {
    for (const auto& [candidate, name] : kNames)
        if (candidate == type)
            return name;
    return "Custom";
}

bool parsePoseType(std::string_view text, PoseType& type) {
    for (const auto& [candidate, name] : kNames)
        if (name == text) {
            type = candidate;
            return true;
        }
    return false;
}

} // namespace hyperrig::core::model
