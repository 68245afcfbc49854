#pragma once

#include "core/base/Result.h"
#include "core/math/AffineN.h"
#include "core/model/Json.h"
#include "core/model/NodeTransform.h"

#include <array>
#include <string>

namespace hyperrig::core::io::gltf {

// glTF node transforms <-> G4MF node transforms (3D).
//
// glTF: `matrix` (column-major 4×4) or T·R·S from translation, rotation = quaternion (x, y, z, w)
// and scale. G4MF: position, and basis or rotor + scale, with basis = R · diag(scale), which is
// glTF's R·S. Quaternion -> rotor with the sign rule of g4mf.md §4.2:
//   [s, xy, xz, yz] = [w, z, −y, x],      and back   (x, y, z, w) = (yz, −xz, xy, s).
// Non-uniform scale is kept as three numbers; a scale G4MF cannot write as `scale` (zero or
// negative: mirroring) becomes a basis, as does a `matrix`.

// The G4MF transform of glTF node `node` (at `pointer`). Fails for a malformed member or a
// matrix whose last row is not (0, 0, 0, 1).
Result<model::NodeTransform> transformFromGltfNode(const model::OrderedJson& node,
                                                   const std::string& pointer);

// A G4MF transform for a computed affine map: rotor + scale when the basis decomposes,
// otherwise a basis.
model::NodeTransform transformFromAffine(const math::AffineN& affine);

// Writes `transform` (3D) into glTF node `node` as translation/rotation/scale, or as a matrix
// when the basis has shear or mirroring. Members equal to the defaults are left out.
Result<void> writeGltfTransform(const model::NodeTransform& transform, model::OrderedJson& node);

// Column-major 4×4 of a 3D affine map, and back (last row must be 0 0 0 1 within 1e-6).
std::array<double, 16> matrixOf(const math::AffineN& affine);
Result<math::AffineN> affineOfMatrix(const std::array<double, 16>& matrix);

} // namespace hyperrig::core::io::gltf
