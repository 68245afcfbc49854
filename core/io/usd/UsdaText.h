#pragma once

#include "core/math/AffineN.h"

#include <string>
#include <string_view>
#include <vector>

namespace hyperrig::core::io::usd {

// Text pieces the .usda writer is made of (usdskel.md §12, §12.5 item 14).

// The shortest text that reads back as the same double (std::to_chars), or as the same float
// after rounding to float for `float`/`half`/`point3f`... attributes (OpenUSD writes floats as
// `0.70710677`, doubles as `0.04412807036913047`); `inf`, `-inf` and `nan` as .usda spells them.
std::string usdDoubleText(double value);
std::string usdFloatText(double value);

// A quoted .usda string, with backslash escapes for quotes, backslashes and control characters.
std::string usdQuoted(std::string_view text);

// Whether `name` is a prim name older USD reads: ASCII [A-Za-z_][A-Za-z0-9_]* (usdskel.md
// §12.1: UTF-8 identifiers need USD 24.03).
bool isUsdIdentifier(std::string_view name);
// `name` made one: every other byte becomes '_', a leading digit (or nothing) gets a '_' before
// it. "mixamorig:Hips" -> "mixamorig_Hips", "2nd" -> "_2nd".
std::string usdIdentifier(std::string_view name);

// A matrix4d as .usda text, `( (m00, m01, m02, 0), ..., (tx, ty, tz, 1) )`: USD's row-vector
// matrix, whose rows are the column-vector basis columns and the position (usdskel.md §1), so
// the 16 numbers in text order are HyperRig's column-major 4x4.
std::string usdMatrixText(const math::AffineN& affine);

// `declaration = [(x, y, z), ...]` with float text (points, offsets, normals: 3-tuples in order).
std::string usdPointsText(const std::string& declaration, const std::vector<double>& xyz);

// `declaration = [a, b, ...]` for integer arrays.
template <typename Integer>
std::string usdIntArrayText(const std::string& declaration, const std::vector<Integer>& values) {
    std::string text = declaration + " = [";
    for (std::size_t i = 0; i < values.size(); ++i)
        text += (i == 0 ? "" : ", ") + std::to_string(values[i]);
    return text + "]";
}

} // namespace hyperrig::core::io::usd
