#include "render/scene/DocumentScene.h"

#include "core/eval/GroupWeights.h"
#include "core/model/SkinGroupNames.h"
#include "render/scene/BoneShapes.h"
#include "render/scene/RigScene2D.h"

#include <algorithm>
#include <string>
#include <unordered_set>

namespace hyperrig::render::scene {

core::Result<SceneData> buildDocumentScene(const core::model::Document& document,
                                           const core::eval::CompiledRig& rig,
                                           const SceneRequest& request,
                                           core::base::ThreadPool& pool,
                                           SceneWorkspace& workspace) {
    const int dimension = document.dimension();
    if (dimension < 2 || dimension > 8)
        return core::Error("the document is " + std::to_string(dimension) +
                           "D; HyperRig draws 2D to 8D rigs");
    auto evaluated =
        core::eval::evaluateRig(document, rig, request.pose, pool, workspace.evaluated);
    if (!evaluated)
        return evaluated.error();
    SceneData scene;
    if (dimension == 2) {
        scene = sceneFromRig2D(document, rig, workspace.evaluated);
    } else if (dimension == 3) {
        scene = sceneFromRig3D(document, rig, workspace.evaluated, request.highlight,
                               workspace.smoothing);
    } else {
        if (dimension == 4)
            core::eval::sliceRig(document, rig, workspace.evaluated, request.view, workspace.slicer,
                                 workspace.slice, pool, request.highlight);
        else
            core::eval::sliceRigND(document, rig, workspace.evaluated, request.view,
                                   workspace.simplexSlicer, workspace.slice, request.highlight);
        scene = std::move(workspace.spare);
        sceneFromSlice(workspace.slice, request.view, workspace.smoothing, pool, scene);
    }
    appendBoneShapes(document, rig, workspace.evaluated, request.view, workspace.shapeOutlines,
                     scene);
    return scene;
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

std::vector<std::string> skinGroupNames(const core::model::Document& document,
                                        const core::eval::CompiledRig& rig) {
    std::vector<std::string> names;
    std::unordered_set<std::string> seen;
    std::unordered_set<core::model::MeshId> meshesSeen;
    for (const core::eval::CompiledInstance& instance : rig.instances()) {
        if (!meshesSeen.insert(instance.mesh).second)
            continue;
        if (!document.mesh(instance.mesh).skin)
            continue;
        for (std::string& name : core::model::skinGroupNames(document, instance.mesh))
            if (!name.empty() && seen.insert(name).second)
                names.push_back(std::move(name));
    }
    return names;
}

core::Result<SceneData> sceneFromDocument(const core::model::Document& document,
                                          const core::eval::CompiledRig& rig,
                                          const core::eval::Pose& pose,
                                          const core::eval::View4D& view,
                                          const MeshAttributes& attributes) {
    SceneWorkspace workspace;
    return buildDocumentScene(document, rig, SceneRequest{pose, view, attributes},
                              core::base::ThreadPool::shared(), workspace);
}

} // namespace hyperrig::render::scene
