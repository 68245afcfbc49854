#include "render/scene/BoneLines.h"

#include <algorithm>
#include <cmath>

namespace hyperrig::render::scene {

float boneAlpha(float distance, float fadeDistance, float minAlpha) {
    if (!(fadeDistance > 0.0F))
        return 1.0F;
    return std::clamp(1.0F - std::abs(distance) / fadeDistance, minAlpha, 1.0F);
}

void buildBoneGeometry(std::span<const BoneLine> bones, bool is4D, float fadeDistance,
                       const BoneStyle& style, BoneGeometry& out) {
    out.lines.clear();
    out.joints.clear();
    out.crossings.clear();
    auto faded = [&](float distance) {
        glm::vec4 color = style.color;
        color.w *= is4D ? boneAlpha(distance, fadeDistance, style.minAlpha) : 1.0F;
        return color;
    };
    for (const BoneLine& bone : bones) {
        const bool crossing = is4D && bone.crosses;
        const glm::vec4 headColor = crossing ? style.crossingColor : faded(bone.headDistance);
        const glm::vec4 tailColor = crossing ? style.crossingColor : faded(bone.tailDistance);
        if (bone.head != bone.tail) {
            out.lines.push_back({bone.head, headColor});
            out.lines.push_back({bone.tail, tailColor});
        }
        out.joints.push_back({bone.head, headColor});
        if (crossing)
            out.crossings.push_back({bone.crossing, style.crossingColor});
    }
}

void outlineOf(std::span<const LineVertex> vertices, const glm::vec4& outline,
               std::vector<LineVertex>& out) {
    out.clear();
    for (const LineVertex& vertex : vertices)
        out.push_back(
            {vertex.position, {outline.x, outline.y, outline.z, outline.w * vertex.color.w}});
}

} // namespace hyperrig::render::scene
