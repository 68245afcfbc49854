#include "core/math/Perpendicular.h"

#include "core/math/BasisN.h"

#include <string>

namespace hyperrig::core::math {

Result<VectorN> perpendicular(std::span<const VectorN> vectors) {
    if (vectors.empty())
        return Error("perpendicular needs N-1 vectors of dimension N, got none");
    const int dimension = vectors.front().dimension();
    for (std::size_t k = 1; k < vectors.size(); ++k) {
        if (vectors[k].dimension() != dimension)
            return Error("perpendicular: vector " + std::to_string(k) + " has dimension " +
                         std::to_string(vectors[k].dimension()) + ", vector 0 has dimension " +
                         std::to_string(dimension));
    }
    if (vectors.size() != static_cast<std::size_t>(dimension - 1))
        return Error("perpendicular in " + std::to_string(dimension) + "D needs " +
                     std::to_string(dimension - 1) + " vectors, got " +
                     std::to_string(vectors.size()));

    // Laplace expansion along the last column: perp_i is the cofactor of row i, so
    // det[v_1, ..., v_(N−1), x] = perp · x for every x.
    BasisN matrix = BasisN::identity(dimension);
    for (int k = 0; k + 1 < dimension; ++k)
        matrix.setColumn(k, vectors[static_cast<std::size_t>(k)]);
    VectorN result = VectorN::zero(dimension);
    for (int i = 0; i < dimension; ++i) {
        matrix.setColumn(dimension - 1, VectorN::axis(dimension, i));
        result[i] = matrix.determinant();
    }
    return result;
}

} // namespace hyperrig::core::math
