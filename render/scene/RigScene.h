#pragma once

#include "core/base/ThreadPool.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "core/eval/RigSlice.h"
#include "core/eval/View4D.h"
#include "render/scene/SceneData.h"
#include "render/scene/SmoothNormals.h"

#include <unordered_map>
#include <vector>

namespace hyperrig::render::scene {

// Per-vertex heat-map values by mesh (core/eval/GroupWeights.h gives a group's share).
using MeshAttributes = std::unordered_map<core::model::MeshId, std::vector<float>>;

// The base colour of the index-th surface: muted, distinct colours in a fixed cycle, so body and
// clothing are told apart and a mesh keeps its colour from one picture to the next.
glm::vec3 surfaceColor(std::size_t index);

// The opacity of the surfaces around a heat-map: when some surfaces show a heat-map, the
// others become see-through ghosts, so a mesh without that group (a vest over the body) does not
// hide the weights under it, yet still shows where it is.
constexpr float kContextOpacity = 0.22F;

// A 4D..8D rig's scene from its slice (core/eval/RigSlice.h, RigSliceND.h): one surface per sliced
// instance in view xyz, without the zero-area triangles the slicer emits for vertices on the
// hyperplane; smooth normals over corners at the same point (SmoothNormals::welded, default crease
// angle); heat-map colouring where the slice carried an attribute (the others ghosted); every bone
// with its distances; W as the view sees it; the extent of each extra axis. Bones fade over a
// quarter of the drawn scene's largest extent. `smoothing` is scratch kept by hosts that rebuild
// the scene often.
SceneData sceneFromSlice(const core::eval::RigSlice& slice, const core::eval::View4D& view,
                         SmoothNormals& smoothing);
SceneData sceneFromSlice(const core::eval::RigSlice& slice, const core::eval::View4D& view);
// The same, built on `pool` into `scene`, whose surfaces' storage is reused (a host that rebuilds
// every frame passes back the scene the last one replaced, so nothing is allocated once the
// vectors have grown). The zero-area triangles are dropped in two passes over fixed blocks
// (count, then copy each block's triangles after those of the blocks before it) and the smooth
// normals are SmoothNormals' parallel ones: the scene is the serial one bit for bit.
void sceneFromSlice(const core::eval::RigSlice& slice, const core::eval::View4D& view,
                    SmoothNormals& smoothing, core::base::ThreadPool& pool, SceneData& scene);

// A 3D rig's scene: every visible triangle mesh posed in world space (winding kept
// counter-clockwise from outside for mirrored nodes, flat normals from the winding, smooth
// normals over the corners sharing a mesh vertex index, SmoothNormals::indexed with the default
// crease angle), heat-maps from `attributes` by mesh (the others ghosted), and every bone of
// every skeleton from its origin to +Y · length.
// Contract: the document is 3D and `evaluated` comes from `rig`.
SceneData sceneFromRig3D(const core::model::Document& document, const core::eval::CompiledRig& rig,
                         const core::eval::EvaluatedRig& evaluated,
                         const MeshAttributes& attributes, SmoothNormals& smoothing);
SceneData sceneFromRig3D(const core::model::Document& document, const core::eval::CompiledRig& rig,
                         const core::eval::EvaluatedRig& evaluated,
                         const MeshAttributes& attributes = {});

} // namespace hyperrig::render::scene
