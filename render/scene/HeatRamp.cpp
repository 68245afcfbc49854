#include "render/scene/HeatRamp.h"

#include <algorithm>
#include <array>
#include <cstdio>

namespace hyperrig::render::scene {
namespace {

struct Stop {
    float value;
    glm::vec3 color;
};

constexpr std::array<Stop, 4> kStops{{{0.0F, {0.12F, 0.28F, 0.95F}},
                                      {1.0F / 3.0F, {0.15F, 0.80F, 0.30F}},
                                      {2.0F / 3.0F, {0.98F, 0.88F, 0.15F}},
                                      {1.0F, {0.93F, 0.13F, 0.10F}}}};

std::string glslVec3(const glm::vec3& color) {
    char text[96];
    std::snprintf(text, sizeof text, "vec3(%.9g, %.9g, %.9g)", static_cast<double>(color.x),
                  static_cast<double>(color.y), static_cast<double>(color.z));
    return text;
}

std::string glslFloat(float value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", static_cast<double>(value));
    std::string result = text;
    // GLSL 3.30 wants a decimal point (or exponent) in a float literal.
    if (result.find_first_of(".e") == std::string::npos)
        result += ".0";
    return result;
}

} // namespace

glm::vec3 heatColor(float value) {
    // NaN (an undefined weight share) shows as 0: unweighted.
    const float t = value >= 0.0F ? std::min(value, 1.0F) : 0.0F;
    for (std::size_t i = 1; i < kStops.size(); ++i)
        if (t <= kStops[i].value) {
            const Stop& low = kStops[i - 1];
            const Stop& high = kStops[i];
            return glm::mix(low.color, high.color, (t - low.value) / (high.value - low.value));
        }
    return kStops.back().color;
}

std::string heatRampGlsl() {
    std::string source = "vec3 heatRamp(float value) {\n"
                         "    float t = value >= 0.0 ? min(value, 1.0) : 0.0;\n";
    for (std::size_t i = 1; i < kStops.size(); ++i) {
        const Stop& low = kStops[i - 1];
        const Stop& high = kStops[i];
        source += "    if (t <= " + glslFloat(high.value) + ") return mix(" + glslVec3(low.color) +
                  ", " + glslVec3(high.color) + ", (t - " + glslFloat(low.value) + ") / " +
                  glslFloat(high.value - low.value) + ");\n";
    }
    source += "    return " + glslVec3(kStops.back().color) + ";\n}\n";
    return source;
}

} // namespace hyperrig::render::scene
