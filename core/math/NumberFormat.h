#pragma once

#include <string>

namespace hyperrig::core::math {

// Numbers inside error messages: 6 significant digits ("0.5", "1e-17", "-0.333333"), which is
// enough to recognise a value in a file and short enough to read.
std::string formatNumber(double value);

} // namespace hyperrig::core::math
