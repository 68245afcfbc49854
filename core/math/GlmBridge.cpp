#include "core/math/GlmBridge.h"

#include "core/math/NumberFormat.h"

#include <string>

namespace hyperrig::core::math {

namespace {

Error dimensionMismatch(int expected, const char* glmType, int actual, const char* what) {
    return Error("expected a " + std::to_string(expected) + "D " + what + " for " + glmType +
                 ", got a " + std::to_string(actual) + "D " + what);
}

template <int N, typename Scalar>
Result<glm::vec<N, Scalar>> toGlmVector(const VectorN& v, const char* glmType) {
    if (v.dimension() != N)
        return dimensionMismatch(N, glmType, v.dimension(), "vector");
    glm::vec<N, Scalar> result{};
    for (int i = 0; i < N; ++i)
        result[i] = static_cast<Scalar>(v[i]);
    return result;
}

template <int N, typename Scalar>
VectorN fromGlmVector(const glm::vec<N, Scalar>& v) {
    VectorN result = VectorN::zero(N);
    for (int i = 0; i < N; ++i)
        result[i] = static_cast<double>(v[i]);
    return result;
}

template <int N>
Result<glm::mat<N, N, double>> toGlmMatrix(const BasisN& basis, const char* glmType) {
    if (basis.dimension() != N)
        return dimensionMismatch(N, glmType, basis.dimension(), "basis");
    glm::mat<N, N, double> result(0.0);
    for (int column = 0; column < N; ++column) {
        for (int row = 0; row < N; ++row)
            result[column][row] = basis.at(row, column);
    }
    return result;
}

template <int N>
BasisN fromGlmMatrix(const glm::mat<N, N, double>& m) {
    BasisN result = BasisN::identity(N);
    for (int column = 0; column < N; ++column) {
        for (int row = 0; row < N; ++row)
            result.at(row, column) = m[column][row];
    }
    return result;
}

// H = N + 1 is the size of the homogeneous matrix.
template <int H>
Result<glm::mat<H, H, double>> toGlmHomogeneous(const AffineN& transform, const char* glmType) {
    constexpr int n = H - 1;
    if (transform.dimension() != n)
        return dimensionMismatch(n, glmType, transform.dimension(), "transform");
    glm::mat<H, H, double> result(1.0);
    for (int column = 0; column < n; ++column) {
        for (int row = 0; row < n; ++row)
            result[column][row] = transform.basis().at(row, column);
        result[n][column] = transform.position()[column];
    }
    return result;
}

template <int H>
Result<AffineN> affineFromHomogeneous(const glm::mat<H, H, double>& m) {
    constexpr int n = H - 1;
    bool affine = m[n][n] == 1.0;
    for (int column = 0; column < n; ++column)
        affine = affine && m[column][n] == 0.0;
    if (!affine) {
        std::string lastRow;
        for (int column = 0; column < H; ++column)
            lastRow += (column == 0 ? "" : ", ") + formatNumber(m[column][n]);
        return Error("homogeneous matrix is not affine: its last row is (" + lastRow +
                     "), expected (0, ..., 0, 1)");
    }
    BasisN basis = BasisN::identity(n);
    VectorN position = VectorN::zero(n);
    for (int column = 0; column < n; ++column) {
        for (int row = 0; row < n; ++row)
            basis.at(row, column) = m[column][row];
        position[column] = m[n][column];
    }
    return AffineN(basis, position);
}

} // namespace

Result<glm::dvec2> toGlmDvec2(const VectorN& v) {
    return toGlmVector<2, double>(v, "glm::dvec2");
}
Result<glm::dvec3> toGlmDvec3(const VectorN& v) {
    return toGlmVector<3, double>(v, "glm::dvec3");
}
Result<glm::dvec4> toGlmDvec4(const VectorN& v) {
    return toGlmVector<4, double>(v, "glm::dvec4");
}
Result<glm::vec2> toGlmVec2(const VectorN& v) {
    return toGlmVector<2, float>(v, "glm::vec2");
}
Result<glm::vec3> toGlmVec3(const VectorN& v) {
    return toGlmVector<3, float>(v, "glm::vec3");
}
Result<glm::vec4> toGlmVec4(const VectorN& v) {
    return toGlmVector<4, float>(v, "glm::vec4");
}

VectorN fromGlm(const glm::dvec2& v) {
    return fromGlmVector(v);
}
VectorN fromGlm(const glm::dvec3& v) {
    return fromGlmVector(v);
}
VectorN fromGlm(const glm::dvec4& v) {
    return fromGlmVector(v);
}
VectorN fromGlm(const glm::vec2& v) {
    return fromGlmVector(v);
}
VectorN fromGlm(const glm::vec3& v) {
    return fromGlmVector(v);
}
VectorN fromGlm(const glm::vec4& v) {
    return fromGlmVector(v);
}

Result<glm::dmat2> toGlmDmat2(const BasisN& basis) {
    return toGlmMatrix<2>(basis, "glm::dmat2");
}
Result<glm::dmat3> toGlmDmat3(const BasisN& basis) {
    return toGlmMatrix<3>(basis, "glm::dmat3");
}
Result<glm::dmat4> toGlmDmat4(const BasisN& basis) {
    return toGlmMatrix<4>(basis, "glm::dmat4");
}

BasisN fromGlm(const glm::dmat2& m) {
    return fromGlmMatrix(m);
}
BasisN fromGlm(const glm::dmat3& m) {
    return fromGlmMatrix(m);
}
BasisN fromGlm(const glm::dmat4& m) {
    return fromGlmMatrix(m);
}

Result<glm::dmat3> toGlmHomogeneous2D(const AffineN& transform) {
    return toGlmHomogeneous<3>(transform, "a homogeneous glm::dmat3");
}

Result<glm::dmat4> toGlmHomogeneous3D(const AffineN& transform) {
    return toGlmHomogeneous<4>(transform, "a homogeneous glm::dmat4");
}

Result<AffineN> affineFromGlmHomogeneous(const glm::dmat3& m) {
    return affineFromHomogeneous(m);
}

Result<AffineN> affineFromGlmHomogeneous(const glm::dmat4& m) {
    return affineFromHomogeneous(m);
}

} // namespace hyperrig::core::math
