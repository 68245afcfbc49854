#include "render/scene/ShapeOutline.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <string>

namespace hyperrig::render::scene {
namespace {

using core::math::VectorN;
using core::model::OrderedJson;

// `count` numbers from a JSON array member, missing or malformed entries as 0.
std::vector<double> numbers(const OrderedJson& object, const char* member, int count) {
    std::vector<double> values(static_cast<std::size_t>(count), 0.0);
    const auto found = object.find(member);
    if (found == object.end() || !found->is_array())
        return values;
    for (std::size_t i = 0; i < values.size() && i < found->size(); ++i)
        if ((*found)[i].is_number())
            values[i] = (*found)[i].get<double>();
    return values;
}

double number(const OrderedJson& object, const char* member, double fallback) {
    const auto found = object.find(member);
    return found != object.end() && found->is_number() ? found->get<double>() : fallback;
}

struct Curve {
    std::vector<double> radii;
    double exponent = 2.0;
};

// The support point of the 2D superellipse with radii (ra, rb) and exponent p in direction u.
std::array<double, 2> superellipseSupport(double ra, double rb, double p, double ux, double uy) {
    const double alpha = ux * ra;
    const double beta = uy * rb;
    if (alpha == 0.0 && beta == 0.0)
        return {0.0, 0.0};
    if (!(p > 1.0)) // the convex hull of an orthoplex or a star: its vertices
        return std::abs(alpha) >= std::abs(beta)
                   ? std::array<double, 2>{std::copysign(ra, ux), 0.0}
                   : std::array<double, 2>{0.0, std::copysign(rb, uy)};
    if (p == 2.0) { // the common ellipse: x = r_a · α / ‖(α, β)‖, without pow
        const double norm = std::sqrt(alpha * alpha + beta * beta);
        return {ra * alpha / norm, rb * beta / norm};
    }
    const double q = p / (p - 1.0);
    const double normQ =
        std::pow(std::pow(std::abs(alpha), q) + std::pow(std::abs(beta), q), 1.0 / q);
    auto component = [&](double value, double radius) {
        return radius * std::copysign(std::pow(std::abs(value) / normQ, q - 1.0), value);
    };
    return {component(alpha, ra), component(beta, rb)};
}

} // namespace

std::vector<std::pair<VectorN, VectorN>> shapeOutline(const OrderedJson& shape, int dimension) {
    std::vector<std::pair<VectorN, VectorN>> segments;
    if (!shape.is_object() || dimension < 2)
        return segments;
    const auto typeMember = shape.find("type");
    const std::string type = typeMember != shape.end() && typeMember->is_string()
                                 ? typeMember->get<std::string>()
                                 : "general";
    if (type == "ray") {
        VectorN tip = VectorN::zero(dimension);
        tip[1] = -number(shape, "length", 1.0);
        segments.emplace_back(VectorN::zero(dimension), tip);
        return segments;
    }
    if (type == "plane" || type == "concave" || type == "convex" || type == "heightmap")
        return segments;

    const std::vector<double> size = numbers(shape, "size", dimension);
    std::vector<Curve> curves;
    if (const auto found = shape.find("curves"); found != shape.end() && found->is_array())
        for (const OrderedJson& curve : *found)
            if (curve.is_object())
                curves.push_back(
                    {numbers(curve, "radii", dimension), number(curve, "exponent", 2.0)});

    const int ringAxes = std::min(dimension, 3);
    for (int a = 0; a < ringAxes; ++a)
        for (int b = a + 1; b < ringAxes; ++b) {
            auto ringPoint = [&](int sample) {
                const double angle = 2.0 * std::numbers::pi * (sample + 0.5) / kRingSamples;
                const double ux = std::cos(angle);
                const double uy = std::sin(angle);
                double x = std::copysign(0.5 * std::abs(size[static_cast<std::size_t>(a)]), ux);
                double y = std::copysign(0.5 * std::abs(size[static_cast<std::size_t>(b)]), uy);
                for (const Curve& curve : curves) {
                    const auto support = superellipseSupport(
                        std::abs(curve.radii[static_cast<std::size_t>(a)]),
                        std::abs(curve.radii[static_cast<std::size_t>(b)]), curve.exponent, ux, uy);
                    x += support[0];
                    y += support[1];
                }
                VectorN point = VectorN::zero(dimension);
                point[a] = x;
                point[b] = y;
                return point;
            };
            // A ring that is a single point (nothing extends in this plane) draws nothing.
            VectorN previous = ringPoint(kRingSamples - 1);
            for (int sample = 0; sample < kRingSamples; ++sample) {
                VectorN current = ringPoint(sample);
                if (!(current == previous))
                    segments.emplace_back(previous, current);
                previous = std::move(current);
            }
        }
    return segments;
}

} // namespace hyperrig::render::scene
