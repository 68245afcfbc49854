#include "core/io/usd/UsdMath.h"

#include <cmath>

namespace hyperrig::core::io::usd {

Result<math::AffineN> affineOfUsdMatrix(const std::array<double, 16>& m) {
    for (double value : m)
        if (!std::isfinite(value))
            return Error("the matrix has a number that is not finite");
    if (std::abs(m[3]) > 1e-9 || std::abs(m[7]) > 1e-9 || std::abs(m[11]) > 1e-9 ||
        std::abs(m[15] - 1.0) > 1e-9)
        return Error("the matrix's last column is (" + std::to_string(m[3]) + ", " +
                     std::to_string(m[7]) + ", " + std::to_string(m[11]) + ", " +
                     std::to_string(m[15]) +
                     "), not (0, 0, 0, 1): a projective matrix has no G4MF equivalent");
    const std::vector<double> columns{m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]};
    auto basis = math::BasisN::fromColumnMajor(3, columns);
    if (!basis)
        return basis.error();
    return math::AffineN(*basis, math::VectorN{m[12], m[13], m[14]});
}

Result<math::BasisN> basisOfUsdQuaternion(double w, double x, double y, double z) {
    const double norm = std::sqrt(w * w + x * x + y * y + z * z);
    if (!std::isfinite(norm) || norm < 1e-12)
        return Error("the quaternion (" + std::to_string(w) + ", " + std::to_string(x) + ", " +
                     std::to_string(y) + ", " + std::to_string(z) + ") is not a rotation");
    w /= norm;
    x /= norm;
    y /= norm;
    z /= norm;
    // Column-vector rotation matrix (the transpose of Gf's row-vector one), column-major.
    const std::vector<double> columns{
        1 - 2 * (y * y + z * z), 2 * (x * y + z * w),     2 * (x * z - y * w),
        2 * (x * y - z * w),     1 - 2 * (x * x + z * z), 2 * (y * z + x * w),
        2 * (x * z + y * w),     2 * (y * z - x * w),     1 - 2 * (x * x + y * y)};
    return math::BasisN::fromColumnMajor(3, columns);
}

std::optional<std::array<double, 16>> usdMatrixNumbers(const Value& value) {
    if (value.kind != Value::Kind::Tuple || value.packed || value.items.size() != 4)
        return std::nullopt;
    std::array<double, 16> m{};
    for (std::size_t r = 0; r < 4; ++r) {
        const Value& row = value.items[r];
        if (row.kind != Value::Kind::Tuple || !row.packed || row.numbers.size() != 4)
            return std::nullopt;
        for (std::size_t c = 0; c < 4; ++c)
            m[r * 4 + c] = row.numbers[c];
    }
    return m;
}

std::optional<std::vector<std::array<double, 16>>> usdMatrixList(const Value& value) {
    if (value.kind != Value::Kind::List)
        return std::nullopt;
    std::vector<std::array<double, 16>> matrices;
    if (value.packed && value.numbers.empty())
        return matrices;
    if (value.packed)
        return std::nullopt;
    for (const auto& item : value.items) {
        auto m = usdMatrixNumbers(item);
        if (!m)
            return std::nullopt;
        matrices.push_back(*m);
    }
    return matrices;
}

std::optional<std::vector<double>> usdNumberList(const Value& value, std::size_t width) {
    if (value.kind != Value::Kind::List || !value.packed)
        return std::nullopt;
    if (value.numbers.empty())
        return std::vector<double>{};
    if (value.width != width)
        return std::nullopt;
    return value.numbers;
}

std::optional<std::vector<std::string>> usdTokenList(const Value& value) {
    if (value.kind != Value::Kind::List)
        return std::nullopt;
    std::vector<std::string> tokens;
    if (value.packed)
        return value.numbers.empty() ? std::optional(tokens) : std::nullopt;
    for (const auto& item : value.items) {
        if (item.kind != Value::Kind::String && item.kind != Value::Kind::Identifier)
            return std::nullopt;
        tokens.push_back(item.text);
    }
    return tokens;
}

} // namespace hyperrig::core::io::usd
