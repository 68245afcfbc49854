#pragma once

#include "core/base/Result.h"
#include "core/math/AffineN.h"
#include "core/math/BasisN.h"
#include "core/math/VectorN.h"

#include <glm/glm.hpp>

namespace hyperrig::core::math {

// Conversions between HyperRig's runtime-dimension types and GLM's fixed-size ones, for the
// renderer and for code that only ever works in 2D/3D/4D. Everything else in core stays GLM-free.
//
// Layout: GLM matrices are column-major like BasisN: glm mat[column][row] == basis.at(row, column).
// Conversions TO GLM check the dimension and fail with "expected a 3D vector for glm::dvec3, got a
// 4D vector" (etc.); conversions FROM GLM cannot fail, except that a homogeneous matrix must be
// affine (last row 0, ..., 0, 1).

Result<glm::dvec2> toGlmDvec2(const VectorN& v);
Result<glm::dvec3> toGlmDvec3(const VectorN& v);
Result<glm::dvec4> toGlmDvec4(const VectorN& v);
// Float versions for GPU data; each component is rounded to float.
Result<glm::vec2> toGlmVec2(const VectorN& v);
Result<glm::vec3> toGlmVec3(const VectorN& v);
Result<glm::vec4> toGlmVec4(const VectorN& v);

VectorN fromGlm(const glm::dvec2& v);
VectorN fromGlm(const glm::dvec3& v);
VectorN fromGlm(const glm::dvec4& v);
VectorN fromGlm(const glm::vec2& v);
VectorN fromGlm(const glm::vec3& v);
VectorN fromGlm(const glm::vec4& v);

Result<glm::dmat2> toGlmDmat2(const BasisN& basis);
Result<glm::dmat3> toGlmDmat3(const BasisN& basis);
Result<glm::dmat4> toGlmDmat4(const BasisN& basis);

BasisN fromGlm(const glm::dmat2& m);
BasisN fromGlm(const glm::dmat3& m);
BasisN fromGlm(const glm::dmat4& m);

// Homogeneous matrices: basis in the upper-left block, position in the last column, last row
// (0, ..., 0, 1). A 2D transform becomes a dmat3, a 3D transform a dmat4.
Result<glm::dmat3> toGlmHomogeneous2D(const AffineN& transform);
Result<glm::dmat4> toGlmHomogeneous3D(const AffineN& transform);
Result<AffineN> affineFromGlmHomogeneous(const glm::dmat3& m);
Result<AffineN> affineFromGlmHomogeneous(const glm::dmat4& m);

} // namespace hyperrig::core::math
