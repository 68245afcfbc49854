#include "core/math/NumberFormat.h"

#include <array>
#include <cstdio>

namespace hyperrig::core::math {

std::string formatNumber(double value) {
    std::array<char, 32> buffer{};
    const int written = std::snprintf(buffer.data(), buffer.size(), "%.6g", value);
    if (written < 0)
        return "?";
    return std::string(buffer.data());
}

} // namespace hyperrig::core::math
