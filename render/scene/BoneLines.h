#pragma once

#include "render/scene/LineVertex.h"
#include "render/scene/SceneData.h"

#include <span>
#include <vector>

namespace hyperrig::render::scene {

// How bones look: drawn over the surfaces (never hidden by them) as lines with a dot at each
// head, each with a dark outline so a light bone stays visible over a light mesh. In a 4D rig a
// bone fades with its distance to the slicing hyperplane, so the bones of the cut part of the body
// stand out from those far along W; a bone that pierces the hyperplane is drawn opaque in the
// crossing colour with a larger dot where it crosses.
struct BoneStyle {
    glm::vec4 color{0.93F, 0.95F, 1.0F, 1.0F};
    glm::vec4 crossingColor{1.0F, 0.66F, 0.10F, 1.0F};
    float minAlpha = 0.15F; // the faintest a far bone gets: still there, clearly not in the cut
    float lineWidth = 3.0F; // pixels
    float jointSize = 7.0F;
    float crossingSize = 12.0F;
    glm::vec4 outlineColor{0.03F, 0.03F, 0.05F, 0.85F};
    float outlineWidth = 1.5F; // pixels added on each side
    // Selected bones: opaque (never faded: the user asked to see them) in the selection colour,
    // this many pixels wider, drawn after the others so nothing covers them.
    glm::vec4 selectedColor{0.36F, 0.68F, 1.0F, 1.0F};
    float selectedExtraWidth = 2.0F;
    // Bone shapes (physics capsules and the like, BoneShapes.h): thin, see-through wireframes in
    // a colour of their own, over the surfaces (a capsule lies mostly inside the mesh) and under
    // the bones; faded along W like bones; a selected bone's shape in the selection colour.
    glm::vec4 shapeColor{0.40F, 0.92F, 0.62F, 0.70F};
    float shapeLineWidth = 1.5F;
};

// alpha = max(minAlpha, 1 − |distance| / fadeDistance); 1 for fadeDistance <= 0.
float boneAlpha(float distance, float fadeDistance, float minAlpha);

struct BoneGeometry {
    std::vector<LineVertex> lines;          // two vertices per bone
    std::vector<LineVertex> joints;         // one dot per bone head
    std::vector<LineVertex> crossings;      // one dot per bone that crosses the hyperplane (4D)
    std::vector<LineVertex> selectedLines;  // the selected bones' lines, not in `lines`
    std::vector<LineVertex> selectedJoints; // and their head dots, not in `joints`
};

// 3D rigs (is4D false): every bone opaque in the bone colour. 4D rigs: each end's alpha follows
// its own distance (a bone leaving the hyperplane fades along its length); crossing bones are
// opaque in the crossing colour. Bones whose node is in `selected` go to the selected lists in
// the selection colour (a selected crossing bone keeps its crossing dot). Zero-length bones get
// their joint dot only.
void buildBoneGeometry(std::span<const BoneLine> bones, bool is4D, float fadeDistance,
                       const BoneStyle& style, BoneGeometry& out,
                       std::span<const core::model::NodeId> selected = {});

// Two vertices per shape segment, coloured as BoneStyle says (4D: each end's alpha scaled by
// boneAlpha of its distance).
void buildShapeLines(std::span<const ShapeLine> shapeLines, bool is4D, float fadeDistance,
                     const BoneStyle& style, std::span<const core::model::NodeId> selected,
                     std::vector<LineVertex>& out);

// The same vertices in `outline` colour, its alpha scaled by each vertex's alpha (a faded bone
// gets a faded outline).
void outlineOf(std::span<const LineVertex> vertices, const glm::vec4& outline,
               std::vector<LineVertex>& out);

} // namespace hyperrig::render::scene
