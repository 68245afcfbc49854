#include "core/eval/View4D.h"

#include "core/base/Contracts.h"
#include "core/math/PlaneRotation.h"
#include "core/math/Rotor.h"

#include <charconv>
#include <cmath>
#include <numbers>
#include <set>

namespace hyperrig::core::eval {
namespace {

constexpr std::string_view kViewAxisLetters = "xyzwvuts";

// The angle fields of extra axis `axis`'s view, in the order of its planes with x, y, z.
std::array<double, 3> extraAxisAngles(const View4D& view, int axis) {
    const ExtraAxisView extra = view.extraAxis(axis);
    return {extra.xDegrees, extra.yDegrees, extra.zDegrees};
}

double wrapViewDegrees(double degrees) {
    // (−180, 180]: quarter-turn values stay exact (fmod of multiples of 90 by 360 is exact).
    double wrapped = std::fmod(degrees, 360.0);
    if (wrapped <= -180.0)
        wrapped += 360.0;
    else if (wrapped > 180.0)
        wrapped -= 360.0;
    return wrapped;
}

Result<double> parseViewNumber(std::string_view number, std::string_view part, const char* what) {
    double value = 0.0;
    const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), value);
    if (number.empty() || error != std::errc() || end != number.data() + number.size() ||
        !std::isfinite(value))
        return Error("'" + std::string(number) + "' in '" + std::string(part) + "' is not " + what);
    return value;
}

// Calls `assign(key, value, part)` for each KEY=NUMBER of a comma list; each key at most once.
template <typename Assign>
Result<void> parseViewAssignments(std::string_view text, const char* keyKind, const char* example,
                                  const char* what, Assign assign) {
    std::set<std::string> seen;
    while (!text.empty()) {
        const std::size_t comma = text.find(',');
        const std::string_view part = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
        const std::size_t equals = part.find('=');
        if (equals == std::string_view::npos)
            return Error("'" + std::string(part) + "' is not " + example);
        const std::string key(part.substr(0, equals));
        auto value = parseViewNumber(part.substr(equals + 1), part, what);
        if (!value)
            return value.error();
        if (!seen.insert(key).second)
            return Error(std::string(keyKind) + " " + key + " is given twice");
        auto assigned = assign(key, *value);
        if (!assigned)
            return assigned;
    }
    return {};
}

} // namespace

char axisLetter(int axis) {
    HYPERRIG_EXPECTS(axis >= 0 && axis < static_cast<int>(kViewAxisLetters.size()));
    return kViewAxisLetters[static_cast<std::size_t>(axis)];
}

int axisOfLetter(char letter) {
    const std::size_t found = kViewAxisLetters.find(letter);
    return found == std::string_view::npos ? -1 : static_cast<int>(found);
}

ExtraAxisView View4D::extraAxis(int axis) const {
    HYPERRIG_EXPECTS(axis >= kFirstExtraAxis && axis < kFirstExtraAxis + kMaxExtraAxes);
    if (axis == kFirstExtraAxis)
        return {xwDegrees, ywDegrees, zwDegrees, offset};
    return beyondW[static_cast<std::size_t>(axis - kFirstExtraAxis - 1)];
}

void View4D::setExtraAxis(int axis, const ExtraAxisView& value) {
    HYPERRIG_EXPECTS(axis >= kFirstExtraAxis && axis < kFirstExtraAxis + kMaxExtraAxes);
    if (axis == kFirstExtraAxis) {
        xwDegrees = value.xDegrees;
        ywDegrees = value.yDegrees;
        zwDegrees = value.zDegrees;
        offset = value.offset;
        return;
    }
    beyondW[static_cast<std::size_t>(axis - kFirstExtraAxis - 1)] = value;
}

math::BasisN planeRotation(int dimension, int axisA, int axisB, double degrees) {
    HYPERRIG_EXPECTS(axisA != axisB && axisA >= 0 && axisB >= 0 && axisA < dimension &&
                     axisB < dimension);
    const double radians = degrees * std::numbers::pi / 180.0;
    double cosine = 0.0;
    double sine = 0.0;
    if (dimension <= 4 && !math::quarterTurnCosSin(degrees / 90.0, cosine, sine))
        // The rotor's matrix, as 4D views were always built (bit for bit the same slices).
        return math::Rotor::fromPlaneAngle(dimension, axisA, axisB, radians)->toBasis();
    return math::planeRotation(math::VectorN::axis(dimension, axisA),
                               math::VectorN::axis(dimension, axisB), radians);
}

math::AffineN View4D::worldToView() const {
    return worldToView(4);
}

math::AffineN View4D::worldToView(int dimension) const {
    HYPERRIG_EXPECTS(dimension >= 4 && dimension <= kFirstExtraAxis + kMaxExtraAxes);
    math::BasisN viewToWorld = math::BasisN::identity(dimension);
    for (int axis = kFirstExtraAxis; axis < dimension; ++axis) {
        const std::array<double, 3> angles = extraAxisAngles(*this, axis);
        for (int visible = 0; visible < 3; ++visible)
            viewToWorld = viewToWorld * planeRotation(dimension, visible, axis,
                                                      angles[static_cast<std::size_t>(visible)]);
    }
    // A rotation's inverse is its transpose (exact, unlike a computed inverse).
    return {viewToWorld.transposed(), math::VectorN::zero(dimension)};
}

void rotateSliceQuarterTurn(View4D& view, int visibleAxis, int extraAxis) {
    HYPERRIG_EXPECTS(visibleAxis >= 0 && visibleAxis < 3);
    ExtraAxisView axis = view.extraAxis(extraAxis);
    double* angle = visibleAxis == 0   ? &axis.xDegrees
                    : visibleAxis == 1 ? &axis.yDegrees
                                       : &axis.zDegrees;
    *angle = wrapViewDegrees(*angle + 90.0);
    view.setExtraAxis(extraAxis, axis);
}

Result<void> parseRotation(std::string_view text, View4D& view) {
    return parseViewAssignments(
        text, "plane", "PLANE=DEGREES (e.g. xw=30)", "a number of degrees",
        [&](const std::string& plane, double degrees) -> Result<void> {
            const int visible = plane.size() == 2 ? axisOfLetter(plane[0]) : -1;
            const int extra = plane.size() == 2 ? axisOfLetter(plane[1]) : -1;
            if (visible < 0 || visible > 2 || extra < kFirstExtraAxis)
                return Error("unknown plane '" + plane +
                             "' (use xw, yw or zw); 5D to 8D also take xv, yv, zv and so on "
                             "for the axes v, u, t and s");
            ExtraAxisView axis = view.extraAxis(extra);
            (visible == 0 ? axis.xDegrees : visible == 1 ? axis.yDegrees : axis.zDegrees) = degrees;
            view.setExtraAxis(extra, axis);
            return {};
        });
}

Result<void> parseSliceOffsets(std::string_view text, View4D& view) {
    return parseViewAssignments(text, "axis", "AXIS=OFFSET (e.g. v=0.1)", "a number",
                                [&](const std::string& name, double value) -> Result<void> {
                                    const int axis = name.size() == 1 ? axisOfLetter(name[0]) : -1;
                                    if (axis < kFirstExtraAxis)
                                        return Error(
                                            "unknown axis '" + name +
                                            "' (use w, v, u, t or s: the 4th to 8th axes)");
                                    ExtraAxisView extra = view.extraAxis(axis);
                                    extra.offset = value;
                                    view.setExtraAxis(axis, extra);
                                    return {};
                                });
}

Result<void> checkViewAxes(const View4D& view, int dimension) {
    for (int axis = std::max(dimension, kFirstExtraAxis); axis < kFirstExtraAxis + kMaxExtraAxes;
         ++axis)
        if (view.extraAxis(axis) != ExtraAxisView{})
            return Error(std::string("axis ") + axisLetter(axis) + " is used, but a " +
                         std::to_string(dimension) + "D document has no axis " + axisLetter(axis));
    return {};
}

} // namespace hyperrig::core::eval
