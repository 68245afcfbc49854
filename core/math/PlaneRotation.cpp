#include "core/math/PlaneRotation.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <numbers>

namespace hyperrig::core::math {

bool quarterTurnCosSin(double quarters, double& cosine, double& sine) {
    const double nearest = std::round(quarters);
    // Beyond 1e15 quarter turns a double no longer tells neighbouring quarters apart.
    if (!std::isfinite(quarters) || std::abs(quarters) > 1e15 ||
        std::abs(quarters - nearest) > 1e-12 * std::max(1.0, std::abs(quarters)))
        return false;
    static constexpr std::array<std::array<double, 2>, 4> kCosSin{
        {{1.0, 0.0}, {0.0, 1.0}, {-1.0, 0.0}, {0.0, -1.0}}};
    const auto step = static_cast<long long>(nearest);
    const auto& entry = kCosSin[static_cast<std::size_t>(((step % 4) + 4) % 4)];
    cosine = entry[0];
    sine = entry[1];
    return true;
}

void exactCosSin(double radians, double& cosine, double& sine) {
    if (quarterTurnCosSin(radians / (std::numbers::pi / 2.0), cosine, sine))
        return;
    cosine = std::cos(radians);
    sine = std::sin(radians);
}

BasisN planeRotation(const VectorN& u, const VectorN& v, double radians) {
    double cosine = 1.0;
    double sine = 0.0;
    exactCosSin(radians, cosine, sine);
    const int dimension = u.dimension();
    BasisN rotation = BasisN::identity(dimension);
    for (int row = 0; row < dimension; ++row)
        for (int column = 0; column < dimension; ++column)
            rotation.at(row, column) += sine * (v[row] * u[column] - u[row] * v[column]) +
                                        (cosine - 1.0) * (u[row] * u[column] + v[row] * v[column]);
    return rotation;
}

} // namespace hyperrig::core::math
