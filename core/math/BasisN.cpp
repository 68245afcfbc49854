#include "core/math/BasisN.h"

#include "core/math/NumberFormat.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace hyperrig::core::math {

namespace {

// Pivots below this fraction of the largest entry count as zero: a condition number beyond 1e12
// leaves fewer than 4 significant digits in the inverse, which is singular for editing purposes.
constexpr double kSingularPivot = 1e-12;

std::size_t toIndex(int i) {
    return static_cast<std::size_t>(i);
}

} // namespace

BasisN::BasisN(int dimension) : m_dimension(dimension) {
    HYPERRIG_EXPECTS(isSupportedDimension(dimension));
}

std::size_t BasisN::offset(int row, int column) const {
    HYPERRIG_EXPECTS(row >= 0 && row < m_dimension && column >= 0 && column < m_dimension);
    return toIndex(column) * toIndex(m_dimension) + toIndex(row);
}

BasisN BasisN::identity(int dimension) {
    BasisN result(dimension);
    for (int i = 0; i < dimension; ++i)
        result.at(i, i) = 1.0;
    return result;
}

Result<BasisN> BasisN::fromColumnMajor(int dimension, std::span<const double> values) {
    auto checked = checkedDimension(dimension);
    if (!checked)
        return checked.error();
    BasisN result(dimension);
    if (values.size() != result.elementCount())
        return Error("a " + std::to_string(dimension) + "D basis needs " +
                     std::to_string(result.elementCount()) + " numbers (" +
                     std::to_string(dimension) + "x" + std::to_string(dimension) +
                     ", column-major), got " + std::to_string(values.size()));
    std::copy(values.begin(), values.end(), result.m_values.begin());
    return result;
}

BasisN BasisN::fromDiagonal(const VectorN& scale) {
    BasisN result(scale.dimension());
    for (int i = 0; i < scale.dimension(); ++i)
        result.at(i, i) = scale[i];
    return result;
}

BasisN BasisN::fromColumns(std::span<const VectorN> columns) {
    const int dimension = static_cast<int>(columns.size());
    BasisN result(dimension);
    for (int i = 0; i < dimension; ++i)
        result.setColumn(i, columns[toIndex(i)]);
    return result;
}

double BasisN::at(int row, int column) const {
    return m_values[offset(row, column)];
}

double& BasisN::at(int row, int column) {
    return m_values[offset(row, column)];
}

VectorN BasisN::column(int i) const {
    VectorN result = VectorN::zero(m_dimension);
    for (int row = 0; row < m_dimension; ++row)
        result[row] = at(row, i);
    return result;
}

void BasisN::setColumn(int i, const VectorN& values) {
    HYPERRIG_EXPECTS(values.dimension() == m_dimension);
    for (int row = 0; row < m_dimension; ++row)
        at(row, i) = values[row];
}

BasisN BasisN::transposed() const {
    BasisN result(m_dimension);
    for (int row = 0; row < m_dimension; ++row) {
        for (int column = 0; column < m_dimension; ++column)
            result.at(column, row) = at(row, column);
    }
    return result;
}

double BasisN::determinant() const {
    BasisN lu = *this;
    const int n = m_dimension;
    double determinant = 1.0;
    for (int k = 0; k < n; ++k) {
        int pivotRow = k;
        for (int row = k + 1; row < n; ++row) {
            if (std::abs(lu.at(row, k)) > std::abs(lu.at(pivotRow, k)))
                pivotRow = row;
        }
        const double pivot = lu.at(pivotRow, k);
        if (pivot == 0.0)
            return 0.0;
        if (pivotRow != k) {
            for (int column = k; column < n; ++column)
                std::swap(lu.at(k, column), lu.at(pivotRow, column));
            determinant = -determinant;
        }
        determinant *= pivot;
        for (int row = k + 1; row < n; ++row) {
            const double factor = lu.at(row, k) / pivot;
            for (int column = k + 1; column < n; ++column)
                lu.at(row, column) -= factor * lu.at(k, column);
        }
    }
    return determinant;
}

Result<BasisN> BasisN::inverse() const {
    const int n = m_dimension;
    double largest = 0.0;
    for (double value : columnMajor())
        largest = std::max(largest, std::abs(value));
    if (!std::isfinite(largest))
        return Error("basis contains a non-finite value, so it has no inverse");
    const auto singular = [this] {
        return Error("basis is singular (its columns are linearly dependent, determinant " +
                     formatNumber(determinant()) + "), so it has no inverse");
    };
    if (largest == 0.0)
        return singular();

    BasisN work = *this;
    BasisN result = identity(n);
    for (int k = 0; k < n; ++k) {
        int pivotRow = k;
        for (int row = k + 1; row < n; ++row) {
            if (std::abs(work.at(row, k)) > std::abs(work.at(pivotRow, k)))
                pivotRow = row;
        }
        if (!(std::abs(work.at(pivotRow, k)) > kSingularPivot * largest))
            return singular();
        if (pivotRow != k) {
            for (int column = 0; column < n; ++column) {
                std::swap(work.at(k, column), work.at(pivotRow, column));
                std::swap(result.at(k, column), result.at(pivotRow, column));
            }
        }
        const double pivot = work.at(k, k);
        for (int column = 0; column < n; ++column) {
            work.at(k, column) /= pivot;
            result.at(k, column) /= pivot;
        }
        for (int row = 0; row < n; ++row) {
            if (row == k)
                continue;
            const double factor = work.at(row, k);
            if (factor == 0.0)
                continue;
            for (int column = 0; column < n; ++column) {
                work.at(row, column) -= factor * work.at(k, column);
                result.at(row, column) -= factor * result.at(k, column);
            }
        }
    }
    return result;
}

bool BasisN::columnsOrthogonal(double tolerance) const {
    for (int i = 0; i < m_dimension; ++i) {
        const VectorN ci = column(i);
        for (int j = i + 1; j < m_dimension; ++j) {
            const VectorN cj = column(j);
            if (!(std::abs(ci.dot(cj)) <= tolerance * ci.length() * cj.length()))
                return false;
        }
    }
    return true;
}

BasisN operator*(const BasisN& a, const BasisN& b) {
    HYPERRIG_EXPECTS(a.m_dimension == b.m_dimension);
    const int n = a.m_dimension;
    BasisN result(n);
    for (int column = 0; column < n; ++column) {
        for (int row = 0; row < n; ++row) {
            double sum = 0.0;
            for (int k = 0; k < n; ++k)
                sum += a.at(row, k) * b.at(k, column);
            result.at(row, column) = sum;
        }
    }
    return result;
}

VectorN operator*(const BasisN& basis, const VectorN& v) {
    HYPERRIG_EXPECTS(basis.m_dimension == v.dimension());
    VectorN result = VectorN::zero(basis.m_dimension);
    for (int row = 0; row < basis.m_dimension; ++row) {
        double sum = 0.0;
        for (int k = 0; k < basis.m_dimension; ++k)
            sum += basis.at(row, k) * v[k];
        result[row] = sum;
    }
    return result;
}

bool approxEqual(const BasisN& a, const BasisN& b, double tolerance) {
    if (a.dimension() != b.dimension())
        return false;
    const auto lhs = a.columnMajor();
    const auto rhs = b.columnMajor();
    for (std::size_t i = 0; i < lhs.size(); ++i) {
        if (!(std::abs(lhs[i] - rhs[i]) <= tolerance))
            return false;
    }
    return true;
}

} // namespace hyperrig::core::math
