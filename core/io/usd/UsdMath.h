#pragma once

#include "core/base/Result.h"
#include "core/io/usd/UsdaSyntax.h"
#include "core/math/AffineN.h"

#include <array>
#include <optional>
#include <vector>

namespace hyperrig::core::io::usd {

// UsdSkel's numbers -> HyperRig's (usdskel.md §1). USD uses row vectors (p' = p · M, translation
// in row 3, child-to-world = local · parentWorld); HyperRig uses column vectors. The 16 numbers of
// a USD matrix in text order (row-major) are exactly the column-vector matrix in column-major
// order, so no element moves: basis column c = USD row c (first three numbers), position = USD
// row 3. Products reverse: USD `A · B` is HyperRig `B ∘ A`.

// A USD matrix4d (16 numbers, text order) as an affine map. Fails when its last column is not
// (0, 0, 0, 1) (a projective matrix has no G4MF equivalent).
Result<math::AffineN> affineOfUsdMatrix(const std::array<double, 16>& matrix);

// Quaternion as written in .usda, (w, x, y, z) = (real, i, j, k), normalised (OpenUSD does not
// normalise; docs/interop-usd.md says where that matters), as a rotation basis. Fails for a zero
// or non-finite quaternion.
Result<math::BasisN> basisOfUsdQuaternion(double w, double x, double y, double z);

// Numbers of a packed value: a matrix4d (a tuple of four 4-tuples) -> 16 numbers.
std::optional<std::array<double, 16>> usdMatrixNumbers(const Value& value);
// A matrix4d[] list -> one 16-number array per element; nullopt when any element is not one.
std::optional<std::vector<std::array<double, 16>>> usdMatrixList(const Value& value);
// A list of numbers (width 1) or of n-tuples (width n), flattened; an empty list is fine.
std::optional<std::vector<double>> usdNumberList(const Value& value, std::size_t width);
// A token[] / string[] list.
std::optional<std::vector<std::string>> usdTokenList(const Value& value);

} // namespace hyperrig::core::io::usd
