#pragma once

#include "core/base/Result.h"
#include "core/math/Dimension.h"
#include "core/math/VectorN.h"

#include <array>
#include <cstddef>
#include <span>

namespace hyperrig::core::math {

// An N x N matrix (N = 2..8, runtime) acting on column vectors, stored COLUMN-MAJOR exactly like
// the G4MF `basis` array: column i is the image of local axis i in parent space
// (rotation · scale · shear), and element (row r, column c) sits at index c·N + r.
// Fixed capacity, no heap. There is no default constructor: a basis always knows its dimension.
class BasisN {
public:
    static constexpr std::size_t kCapacity =
        static_cast<std::size_t>(kMaxDimension) * static_cast<std::size_t>(kMaxDimension);

    static BasisN identity(int dimension);
    // `values` holds N·N numbers, column-major (the G4MF `basis` layout). Fails for an unsupported
    // dimension or a wrong count.
    static Result<BasisN> fromColumnMajor(int dimension, std::span<const double> values);
    // Scale along each axis: diag(scale). Composing with a rotation gives G4MF's R · diag(scale).
    static BasisN fromDiagonal(const VectorN& scale);
    // Contract: N columns of dimension N.
    static BasisN fromColumns(std::span<const VectorN> columns);

    int dimension() const { return m_dimension; }

    double at(int row, int column) const;
    double& at(int row, int column);
    VectorN column(int i) const;
    void setColumn(int i, const VectorN& values);

    std::span<const double> columnMajor() const { return {m_values.data(), elementCount()}; }
    std::span<double> columnMajor() { return {m_values.data(), elementCount()}; }

    BasisN transposed() const;
    // LU decomposition with partial pivoting; exact for permutation/diagonal matrices.
    double determinant() const;
    // Gauss-Jordan with partial pivoting. Fails when a pivot falls below 1e-12 of the largest
    // entry, i.e. the columns are linearly dependent up to rounding (the basis squashes space
    // onto fewer than N dimensions).
    Result<BasisN> inverse() const;
    // Columns pairwise orthogonal: |c_i · c_j| <= tolerance · |c_i| · |c_j| (relative, so a
    // scaled rotation passes). Lengths may differ.
    bool columnsOrthogonal(double tolerance = 1e-9) const;

    // this · other: apply `other` first, then this.
    friend BasisN operator*(const BasisN& a, const BasisN& b);
    friend VectorN operator*(const BasisN& basis, const VectorN& v);

    friend bool operator==(const BasisN&, const BasisN&) = default;

private:
    explicit BasisN(int dimension);

    std::size_t elementCount() const {
        return static_cast<std::size_t>(m_dimension) * static_cast<std::size_t>(m_dimension);
    }
    std::size_t offset(int row, int column) const;

    std::array<double, kCapacity> m_values{};
    int m_dimension = 0;
};

// True when both have the same dimension and every element differs by at most `tolerance`.
bool approxEqual(const BasisN& a, const BasisN& b, double tolerance = 1e-9);

} // namespace hyperrig::core::math
