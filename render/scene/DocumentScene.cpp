#include "render/scene/DocumentScene.h"

#include "core/eval/GroupWeights.h"

#include <algorithm>
#include <string>

namespace hyperrig::render::scene {

core::Result<SceneData> buildDocumentScene(const core::model::Document& document,
                                           const core::eval::CompiledRig& rig,
                                           const SceneRequest& request,
                                           core::eval::ThreadPool& pool,
                                           SceneWorkspace& workspace) {
    const int dimension = document.dimension();
    if (dimension != 3 && dimension != 4)
        return core::Error("the document is " + std::to_string(dimension) +
                           "D; HyperRig draws 3D rigs and slices of 4D rigs");
    auto evaluated =
        core::eval::evaluateRig(document, rig, request.pose, pool, workspace.evaluated);
    if (!evaluated)
        return evaluated.error();
    if (dimension == 3)
        return sceneFromRig3D(document, rig, workspace.evaluated, request.highlight,
                              workspace.smoothing);
    core::eval::sliceRig(document, rig, workspace.evaluated, request.view, workspace.slicer,
                         workspace.slice, request.highlight);
    return sceneFromSlice(workspace.slice, request.view, workspace.smoothing);
}

MeshAttributes groupHighlight(const core::model::Document& document,
                              const core::eval::CompiledRig& rig, const std::string& groupName,
                              bool& found) {
    MeshAttributes attributes;
    found = false;
    for (const core::eval::CompiledInstance& instance : rig.instances()) {
        auto weights = core::eval::groupWeightPerVertex(document, instance.mesh, groupName);
        if (!weights)
            continue;
        found = true;
        if (std::any_of(weights->begin(), weights->end(), [](float w) { return w > 0.0F; }))
            attributes.emplace(instance.mesh, std::move(*weights));
    }
    return attributes;
}

core::Result<SceneData> sceneFromDocument(const core::model::Document& document,
                                          const core::eval::CompiledRig& rig,
                                          const core::eval::Pose& pose,
                                          const core::eval::View4D& view,
                                          const MeshAttributes& attributes) {
    SceneWorkspace workspace;
    return buildDocumentScene(document, rig, SceneRequest{pose, view, attributes},
                              core::eval::ThreadPool::shared(), workspace);
}

} // namespace hyperrig::render::scene
