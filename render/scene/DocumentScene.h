#pragma once

#include "core/base/Result.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/eval/View4D.h"
#include "core/model/Document.h"
#include "render/scene/RigScene.h"
#include "render/scene/SceneData.h"

namespace hyperrig::render::scene {

// What a viewport shows of a document in `pose`, in one call: evaluates the rig (skinning on
// the shared thread pool) and builds the scene, a 3D rig as it is (sceneFromRig3D) and a 4D
// rig as its slice at `view` (sceneFromSlice). `attributes` gives heat-maps by mesh. Hosts that
// redraw every frame keep their EvaluatedRig, Slicer and RigSlice and call the steps
// themselves; this is for one-off pictures (hyperrig-cli render, tests).
// Fails when evaluation fails (a malformed transform, named). Contract: the document is 3D or
// 4D and `rig` was compiled from it.
core::Result<SceneData> sceneFromDocument(const core::model::Document& document,
                                          const core::eval::CompiledRig& rig,
                                          const core::eval::Pose& pose,
                                          const core::eval::View4D& view = {},
                                          const MeshAttributes& attributes = {});

} // namespace hyperrig::render::scene
