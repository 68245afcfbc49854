#include "core/io/mpfb/BlenderBoneFrame.h"

#include <cmath>
#include <glm/geometric.hpp>

namespace hyperrig::core::io {

BlenderBoneFrame zeroRollFrame(const glm::dvec3& y) {
    const double a = y.x;
    const double b = y.y;
    const double c = y.z;
    double theta = 1.0 + b;
    const double s = a * a + c * c;
    // Thresholds of current Blender: below them y is -Y for all purposes.
    constexpr double kThetaThreshold = 6.1e-3;
    constexpr double kSideThreshold = 2.5e-4 * 2.5e-4;
    if (theta > kThetaThreshold || s > kSideThreshold) {
        // 1 + b loses precision near -Y; s/2 + s²/8 is its series in a² + c² (b = -√(1 - s)).
        if (theta <= kThetaThreshold)
            theta = s / 2.0 + s * s / 8.0;
        const glm::dvec3 x0(1.0 - a * a / theta, -a, -a * c / theta);
        const glm::dvec3 z0(-a * c / theta, -c, 1.0 - c * c / theta);
        return {x0, y, z0};
    }
    return {glm::dvec3(-1.0, 0.0, 0.0), y, glm::dvec3(0.0, 0.0, 1.0)};
}

BlenderBoneFrame rolledFrame(const BlenderBoneFrame& zeroRoll, double roll) {
    const double cosRoll = std::cos(roll);
    const double sinRoll = std::sin(roll);
    return {zeroRoll.x * cosRoll - zeroRoll.z * sinRoll, zeroRoll.y,
            zeroRoll.x * sinRoll + zeroRoll.z * cosRoll};
}

double rollTowards(const BlenderBoneFrame& zeroRoll, const glm::dvec3& target) {
    return std::atan2(glm::dot(target, zeroRoll.x), glm::dot(target, zeroRoll.z));
}

} // namespace hyperrig::core::io
