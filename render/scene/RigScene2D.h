#pragma once

#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "render/scene/SceneData.h"

namespace hyperrig::render::scene {

// A 2D rig's scene, drawn flat in the XY plane (z = 0) and looked at from the front
// (SceneFraming.h, applyStartingAngles):
//   * every visible mesh's boundary cells (segments, the 1-simplices of a 2D mesh) and any edges
//     its surfaces list, posed, as EdgeLines in the mesh node's colour (surfaceColor);
//   * every bone from its origin to +Y · length as a 3D rig's bone (an octahedron from the
//     front: a diamond in the XY plane, pickable as in 3D), its X axis the bone's own, its Z
//     axis +Z (out of the picture).
// Contract: the document is 2D and `evaluated` comes from `rig`.
SceneData sceneFromRig2D(const core::model::Document& document, const core::eval::CompiledRig& rig,
                         const core::eval::EvaluatedRig& evaluated);

} // namespace hyperrig::render::scene
