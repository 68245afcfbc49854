#pragma once

#include "core/model/Ids.h"
#include "render/scene/LineVertex.h"
#include "render/scene/SceneData.h"

#include <glm/glm.hpp>
#include <span>
#include <vector>

namespace hyperrig::render::scene {

// How the bones of a 3D rig look: octahedral bones as riggers know them from Blender's
// "Octahedral" display. Each bone is an octahedron from its head (origin) to its tail
// (origin + Y · length), widest `waistFraction` of the way along, where its square waist has
// corners at ±X ± Z times `waistFraction` · length in the bone's own axes, so the bone's roll
// shows; a sphere of radius `jointFraction` · length sits on each end. The solids are shaded
// like surfaces and their edges drawn as thin dark lines, so neighbouring bones stay apart.
struct BoneSolidStyle {
    float waistFraction = 0.1F;
    float jointFraction = 0.05F;
    glm::vec3 color{0.70F, 0.72F, 0.78F};
    glm::vec3 selectedColor{0.36F, 0.68F, 1.0F};
    glm::vec4 edgeColor{0.05F, 0.05F, 0.07F, 0.9F};
    glm::vec4 selectedEdgeColor{0.75F, 0.90F, 1.0F, 1.0F};
    float edgeWidth = 1.2F; // pixels
    // Sphere tessellation: segments around, rings from pole to pole.
    int sphereSegments = 16;
    int sphereRings = 8;
};

struct BoneSolids {
    // One surface per bone (its octahedron and joint spheres), its node the bone's, so the
    // id buffer picks the bone under the pointer.
    std::vector<SurfaceInput> surfaces;
    std::vector<LineVertex> edges; // two vertices per octahedron edge
};

// The octahedra and joint spheres of `bones` (3D rigs), the bones whose node is in `selected` in
// the selection colours. A zero-length bone gets a single sphere of radius `pointRadius`
// (the caller picks it from the scene's size; a bone with no length has no scale of its own).
// Every triangle is wound counter-clockwise seen from outside, with its outward normal, whatever
// the handedness of the bone's axes; smooth normals are the faces' own on the octahedra and the
// exact radial normals on the spheres (the viewport draws bones smooth).
void buildBoneSolids(std::span<const BoneLine> bones, std::span<const core::model::NodeId> selected,
                     float pointRadius, const BoneSolidStyle& style, BoneSolids& out);

} // namespace hyperrig::render::scene
