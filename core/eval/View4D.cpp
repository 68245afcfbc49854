#include "core/eval/View4D.h"

#include "core/math/Rotor.h"

#include <charconv>
#include <cmath>
#include <numbers>
#include <set>

namespace hyperrig::core::eval {

math::AffineN View4D::worldToView() const {
    const double toRadians = std::numbers::pi / 180.0;
    // Axis indices: x = 0, y = 1, z = 2, w = 3.
    const math::BasisN xw = math::Rotor::fromPlaneAngle(4, 0, 3, xwDegrees * toRadians)->toBasis();
    const math::BasisN yw = math::Rotor::fromPlaneAngle(4, 1, 3, ywDegrees * toRadians)->toBasis();
    const math::BasisN zw = math::Rotor::fromPlaneAngle(4, 2, 3, zwDegrees * toRadians)->toBasis();
    const math::BasisN viewToWorld = xw * yw * zw;
    return {viewToWorld.transposed(), math::VectorN::zero(4)};
}

Result<void> parseRotation(std::string_view text, View4D& view) {
    std::set<std::string> seen;
    while (!text.empty()) {
        const std::size_t comma = text.find(',');
        const std::string_view part = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
        const std::size_t equals = part.find('=');
        if (equals == std::string_view::npos)
            return Error("'" + std::string(part) + "' is not PLANE=DEGREES (e.g. xw=30)");
        const std::string plane(part.substr(0, equals));
        const std::string_view number = part.substr(equals + 1);
        double degrees = 0.0;
        const auto [end, error] =
            std::from_chars(number.data(), number.data() + number.size(), degrees);
        if (error != std::errc() || end != number.data() + number.size() || !std::isfinite(degrees))
            return Error("'" + std::string(number) + "' in '" + std::string(part) +
                         "' is not a number of degrees");
        if (!seen.insert(plane).second)
            return Error("plane " + plane + " is given twice");
        if (plane == "xw")
            view.xwDegrees = degrees;
        else if (plane == "yw")
            view.ywDegrees = degrees;
        else if (plane == "zw")
            view.zwDegrees = degrees;
        else
            return Error("unknown plane '" + plane + "' (use xw, yw or zw)");
    }
    return {};
}

} // namespace hyperrig::core::eval
