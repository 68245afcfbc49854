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
                       const BoneStyle& style, BoneGeometry& out,
                       std::span<const core::model::NodeId> selected) {
    out.lines.clear();
    out.joints.clear();
    out.crossings.clear();
    out.selectedLines.clear();
    out.selectedJoints.clear();
    auto faded = [&](float distance) {
        glm::vec4 color = style.color;
        color.w *= is4D ? boneAlpha(distance, fadeDistance, style.minAlpha) : 1.0F;
        return color;
    };
    for (const BoneLine& bone : bones) {
        const bool crossing = is4D && bone.crosses;
        const bool isSelected = isAmong(bone.node, selected);
        const glm::vec4 headColor = isSelected ? style.selectedColor
                                    : crossing ? style.crossingColor
                                               : faded(bone.headDistance);
        const glm::vec4 tailColor = isSelected ? style.selectedColor
                                    : crossing ? style.crossingColor
                                               : faded(bone.tailDistance);
        std::vector<LineVertex>& lines = isSelected ? out.selectedLines : out.lines;
        if (bone.head != bone.tail) {
            lines.push_back({bone.head, headColor});
            lines.push_back({bone.tail, tailColor});
        }
        (isSelected ? out.selectedJoints : out.joints).push_back({bone.head, headColor});
        if (crossing)
            out.crossings.push_back({bone.crossing, style.crossingColor});
    }
}

void buildShapeLines(std::span<const ShapeLine> shapeLines, bool is4D, float fadeDistance,
                     const BoneStyle& style, std::span<const core::model::NodeId> selected,
                     std::vector<LineVertex>& out) {
    out.clear();
    for (const ShapeLine& line : shapeLines) {
        const bool isSelected = isAmong(line.bone, selected);
        glm::vec4 color = style.shapeColor;
        if (isSelected)
            color = {style.selectedColor.x, style.selectedColor.y, style.selectedColor.z,
                     style.shapeColor.w};
        glm::vec4 a = color;
        glm::vec4 b = color;
        if (is4D && !isSelected) {
            a.w *= boneAlpha(line.aDistance, fadeDistance, style.minAlpha);
            b.w *= boneAlpha(line.bDistance, fadeDistance, style.minAlpha);
        }
        out.push_back({line.a, a});
        out.push_back({line.b, b});
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
