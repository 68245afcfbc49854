#pragma once

#include "core/model/Ids.h"

#include <algorithm>
#include <glm/glm.hpp>
#include <optional>
#include <span>
#include <vector>

namespace hyperrig::render::scene {

// What a viewport shows, as plain data the host fills from evaluation (RigScene.h builds it from
// a posed rig): no GL, no document. Positions are in the drawn 3D space: world space for a 3D
// rig, the slice's view xyz for a 4D rig (core/eval/View4D.h).

// A triangle soup, shaded flat (one normal per triangle) or smooth (one normal per corner).
struct SurfaceInput {
    // Three corners per triangle, wound counter-clockwise seen from the side its normal points
    // to (docs/decisions/0009): front faces are the outside of a well-oriented mesh.
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals; // one unit normal per triangle
    // Empty, or one unit normal per corner for smooth shading (SmoothNormals.h: area-weighted
    // over the faces around the corner's vertex, within the crease angle). Empty shades smooth
    // surfaces flat.
    std::vector<glm::vec3> smoothNormals;
    // Empty, or one value per corner: what the heat-map shows (a group's weight share, 0..1).
    std::vector<float> attributes;
    glm::vec3 baseColor{0.6F};
    // Colour by `attributes` through the heat ramp (HeatRamp.h) instead of baseColor.
    bool heatmap = false;
    // 1: opaque. Less: a see-through ghost drawn after the opaque surfaces, hiding nothing
    // (the meshes around a heat-map, so they do not cover it).
    float opacity = 1.0F;
    // The mesh node this surface shows (what picking returns for it); 0 when none.
    core::model::NodeId node;
};

// A bone from head (its origin) to tail (origin + Y · length). For 4D rigs the distances are the
// ends' signed distances to the slicing hyperplane (view w − offset) and `crosses` says the
// hyperplane separates head and tail, at `crossing`; 3D rigs leave them zero.
struct BoneLine {
    glm::vec3 head{0.0F};
    glm::vec3 tail{0.0F};
    float headDistance = 0.0F;
    float tailDistance = 0.0F;
    bool crosses = false;
    glm::vec3 crossing{0.0F};
    // The bone's node (what picking returns for it); 0 when none.
    core::model::NodeId node;
    // 3D rigs: the bone's local X and Z axes in world space (its roll, which way its octahedron's
    // corners point; see BoneSolids.h); any length. 4D rigs leave them as they are.
    glm::vec3 xAxis{1.0F, 0.0F, 0.0F};
    glm::vec3 zAxis{0.0F, 0.0F, 1.0F};
};

// One segment of a bone shape's wireframe (BoneShapes.h) in the drawn space. For 4D rigs the
// ends carry their signed distances to the slicing hyperplane, so the outline fades like bones.
struct ShapeLine {
    glm::vec3 a{0.0F};
    glm::vec3 b{0.0F};
    float aDistance = 0.0F;
    float bDistance = 0.0F;
    core::model::NodeId bone; // the bone whose shape this is
};

// One edge of a 2D mesh (a 1-simplex of its boundary), drawn as a line in the mesh's colour in
// the z = 0 plane.
struct EdgeLine {
    glm::vec3 a{0.0F};
    glm::vec3 b{0.0F};
    glm::vec3 color{0.6F};
    core::model::NodeId node; // the mesh node
};

// The view-coordinate extent of what was sliced along one extra axis (min <= max).
struct AxisExtent {
    float min = 0.0F;
    float max = 0.0F;
};

struct SceneData {
    std::vector<SurfaceInput> surfaces;
    std::vector<BoneLine> bones;
    std::vector<ShapeLine> shapeLines;
    std::vector<EdgeLine> edgeLines; // 2D documents' meshes
    // The document's dimension: 2 (drawn flat in the XY plane, bones as in 3D), 3, or 4..8
    // (sliced; is4D is then set: bones are lines that fade with their distance to the slice).
    int dimension = 3;
    bool is2D = false;
    bool is4D = false;
    // 4D..8D: per extra axis (W first), where its cut finds something: the range a host gives
    // that axis's offset control (for 4D the one entry is {wMin, wMax}).
    std::vector<AxisExtent> extraAxisExtents;
    // 4D only: the world +W axis in the drawn space (the xyz part of W under the 4D view; zero
    // when W points straight out of the slice).
    glm::vec3 wAxis{0.0F};
    // 4D only: the |distance| to the hyperplane at which a bone fades to its faintest.
    float boneFadeDistance = 0.25F;
    // 4D only: the view-W extent of what was sliced (meshes and bones), wMin <= wMax: where the
    // slicing hyperplane finds something, the range a host gives its W offset control.
    float wMin = 0.0F;
    float wMax = 0.0F;
};

// Whether `node` is a node (not 0) listed in `nodes`: a selection's membership test. Selections
// hold a handful of nodes, so a linear search is the fastest there is.
inline bool isAmong(core::model::NodeId node, std::span<const core::model::NodeId> nodes) {
    return node && std::find(nodes.begin(), nodes.end(), node) != nodes.end();
}

struct SceneBounds {
    glm::vec3 min{0.0F};
    glm::vec3 max{0.0F};
};

// The box around every surface corner, edge line end and bone end; nullopt for an empty scene.
std::optional<SceneBounds> sceneBounds(const SceneData& scene);

} // namespace hyperrig::render::scene
