#pragma once

#include "core/base/Result.h"
#include "core/base/ThreadPool.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/eval/RigEvaluation.h"
#include "core/eval/RigSlice.h"
#include "core/eval/RigSliceND.h"
#include "core/eval/View4D.h"
#include "render/scene/BoneShapes.h"
#include "render/scene/RigScene.h"
#include "render/scene/SceneData.h"

#include <string>
#include <vector>

namespace hyperrig::render::scene {

// What a host wants to see of a document: a pose, the view (4D..8D; ignored for 2D and 3D) and
// optional heat-map values by mesh.
struct SceneRequest {
    core::eval::Pose pose;
    core::eval::View4D view;
    MeshAttributes highlight;
};

// Evaluation state kept between frames so buffers are reused (evaluated rig, slicer scratch,
// slice output, smoothing scratch, and a spare scene whose vectors the next 4D..8D scene is built
// in: hosts put back the scene a new one replaced, Viewport::setScene returns it).
struct SceneWorkspace {
    core::eval::EvaluatedRig evaluated;
    core::eval::Slicer slicer;
    core::eval::SimplexSlicer simplexSlicer; // 5D..8D
    core::eval::RigSlice slice;
    SmoothNormals smoothing;
    ShapeOutlineCache shapeOutlines;
    SceneData spare;
};

// The scene of a 2D..8D document under `request`: evaluated with the pose (skinning on
// `pool`), then drawn flat (2D, sceneFromRig2D), taken as it is (3D, sceneFromRig3D), sliced (4D,
// the fast slicer) or cut axis by axis (5D..8D, sliceRigND), see sceneFromSlice (built on `pool`
// in workspace.spare's storage); with
// the bones' shapes as wireframes (BoneShapes.h). The
// one road from a document to pixels for the editor and `hyperrig-cli render`. Fails when
// evaluation fails (a malformed transform), naming the item.
core::Result<SceneData> buildDocumentScene(const core::model::Document& document,
                                           const core::eval::CompiledRig& rig,
                                           const SceneRequest& request,
                                           core::base::ThreadPool& pool, SceneWorkspace& workspace);

// The heat-map of skin group `groupName`: its share per vertex (core/eval/GroupWeights.h) for
// every shown mesh where that group has some weight (the others are drawn as ghosts around the
// heat-map). `found` says whether any mesh has a group of that name at all.
MeshAttributes groupHighlight(const core::model::Document& document,
                              const core::eval::CompiledRig& rig, const std::string& groupName,
                              bool& found);

// The skin group names of every mesh the rig shows, in first-seen order without repeats (names
// inferred from the joints where the skin has none): what a heat-map can show.
std::vector<std::string> skinGroupNames(const core::model::Document& document,
                                        const core::eval::CompiledRig& rig);

// buildDocumentScene for one-off pictures (hyperrig-cli render, tests): a fresh workspace and the
// shared thread pool. Hosts that redraw every frame keep a SceneWorkspace instead.
core::Result<SceneData> sceneFromDocument(const core::model::Document& document,
                                          const core::eval::CompiledRig& rig,
                                          const core::eval::Pose& pose,
                                          const core::eval::View4D& view = {},
                                          const MeshAttributes& attributes = {});

} // namespace hyperrig::render::scene
