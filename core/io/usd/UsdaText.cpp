#include "core/io/usd/UsdaText.h"

#include <array>
#include <charconv>
#include <cmath>

namespace hyperrig::core::io::usd {
namespace {

template <typename Number>
std::string usdShortestText(Number value) {
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    if (value == 0)
        return "0"; // also -0: USD reads "-0" fine, but 0 reads better and means the same here
    std::array<char, 64> buffer{};
    const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return error == std::errc() ? std::string(buffer.data(), end) : std::string("0");
}

} // namespace

std::string usdDoubleText(double value) {
    return usdShortestText(value);
}

std::string usdFloatText(double value) {
    if (std::isfinite(value) && std::abs(value) > 3.4028234663852886e38)
        return value > 0 ? "inf" : "-inf";
    return usdShortestText(static_cast<float>(value));
}

std::string usdQuoted(std::string_view text) {
    std::string quoted = "\"";
    for (const char c : text) {
        switch (c) {
        case '"':
            quoted += "\\\"";
            break;
        case '\\':
            quoted += "\\\\";
            break;
        case '\n':
            quoted += "\\n";
            break;
        case '\r':
            quoted += "\\r";
            break;
        case '\t':
            quoted += "\\t";
            break;
        case '\0':
            quoted += "\\0";
            break;
        default:
            quoted += c; // other bytes as they are: the lexer reads them back unchanged
        }
    }
    return quoted + "\"";
}

bool isUsdIdentifier(std::string_view name) {
    if (name.empty() || (name[0] >= '0' && name[0] <= '9'))
        return false;
    for (const char c : name)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_'))
            return false;
    return true;
}

std::string usdIdentifier(std::string_view name) {
    std::string identifier;
    for (const char c : name)
        identifier +=
            ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) ? c : '_';
    if (identifier.empty() || (identifier[0] >= '0' && identifier[0] <= '9'))
        identifier.insert(identifier.begin(), '_');
    return identifier;
}

std::string usdMatrixText(const math::AffineN& affine) {
    const auto& basis = affine.basis();
    const auto& position = affine.position();
    std::string text = "(";
    for (int row = 0; row < 4; ++row) {
        text += row == 0 ? " (" : ", (";
        for (int c = 0; c < 4; ++c) {
            double value = 0.0;
            if (row < 3)
                value = c < 3 ? basis.at(c, row) : 0.0; // USD row r = basis column r
            else
                value = c < 3 ? position[c] : 1.0;
            text += (c == 0 ? "" : ", ") + usdDoubleText(value);
        }
        text += ")";
    }
    return text + " )";
}

std::string usdPointsText(const std::string& declaration, const std::vector<double>& xyz) {
    std::string text = declaration + " = [";
    for (std::size_t i = 0; i + 2 < xyz.size(); i += 3)
        text += std::string(i == 0 ? "(" : ", (") + usdFloatText(xyz[i]) + ", " +
                usdFloatText(xyz[i + 1]) + ", " + usdFloatText(xyz[i + 2]) + ")";
    return text + "]";
}

} // namespace hyperrig::core::io::usd
