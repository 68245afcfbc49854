#pragma once

#include "core/io/g4mf/BindPosesExtension.h"

#include <string_view>

namespace hyperrig::core::validate {

inline constexpr std::string_view kBindPosesExtension = io::kBindPosesExtension;
inline constexpr std::string_view kBlendInbetweensExtension = io::kBlendInbetweensExtension;

// Extensions HyperRig implements, i.e. may appear in asset.extensionsRequired of a file it
// opens: bind poses and blend-shape in-betweens.
inline bool isSupportedExtension(std::string_view name) {
    return name == kBindPosesExtension || name == kBlendInbetweensExtension;
}

} // namespace hyperrig::core::validate
