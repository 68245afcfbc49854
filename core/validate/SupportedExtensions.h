#pragma once

#include "core/io/g4mf/BindPosesExtension.h"

#include <string_view>

namespace hyperrig::core::validate {

inline constexpr std::string_view kBindPosesExtension = io::kBindPosesExtension;

// Extensions HyperRig implements, i.e. may appear in asset.extensionsRequired of a file it
// opens. Only the bind-pose extension so far.
inline bool isSupportedExtension(std::string_view name) {
    return name == kBindPosesExtension;
}

} // namespace hyperrig::core::validate
