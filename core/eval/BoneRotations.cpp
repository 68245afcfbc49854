#include "core/eval/BoneRotations.h"

#include "core/eval/BonePoses.h"
#include "core/math/Rotor.h"

#include <numbers>

namespace hyperrig::core::eval {

std::vector<std::pair<int, int>> rotationPlanes(int dimension) {
    std::vector<std::pair<int, int>> planes;
    for (int a = 0; a < dimension; ++a)
        for (int b = a + 1; b < dimension; ++b)
            planes.emplace_back(a, b);
    return planes;
}

std::string planeName(std::pair<int, int> plane) {
    constexpr std::string_view kAxes = "XYZW";
    auto axis = [&](int index) {
        return index >= 0 && index < static_cast<int>(kAxes.size())
                   ? std::string(1, kAxes[static_cast<std::size_t>(index)])
                   : "A" + std::to_string(index);
    };
    return axis(plane.first) + axis(plane.second);
}

Result<math::BasisN> planeRotation(int dimension, const PlaneAngles& degrees) {
    const std::vector<std::pair<int, int>> planes = rotationPlanes(dimension);
    if (planes.size() > degrees.size())
        return Error("posing by plane angles covers 2D to 4D; this document is " +
                     std::to_string(dimension) + "D");
    math::BasisN rotation = math::BasisN::identity(dimension);
    for (std::size_t p = 0; p < planes.size(); ++p) {
        if (degrees[p] == 0.0)
            continue;
        auto rotor = math::Rotor::fromPlaneAngle(dimension, planes[p].first, planes[p].second,
                                                 degrees[p] * std::numbers::pi / 180.0);
        if (!rotor)
            return rotor.error();
        rotation = rotation * rotor->toBasis();
    }
    return rotation;
}

Result<Pose> poseFromBoneRotations(const model::Document& document, const CompiledRig& rig,
                                   const std::map<model::NodeId, PlaneAngles>& rotations) {
    BonePoses bonePoses;
    for (const auto& [bone, degrees] : rotations)
        bonePoses[bone].degrees = degrees;
    return poseFromBonePoses(document, rig, bonePoses);
}

} // namespace hyperrig::core::eval
