#include "render/scene/DocumentScene.h"

#include "core/base/Contracts.h"
#include "core/eval/RigEvaluation.h"
#include "core/eval/RigSlice.h"
#include "core/eval/ThreadPool.h"

namespace hyperrig::render::scene {

core::Result<SceneData> sceneFromDocument(const core::model::Document& document,
                                          const core::eval::CompiledRig& rig,
                                          const core::eval::Pose& pose,
                                          const core::eval::View4D& view,
                                          const MeshAttributes& attributes) {
    const int dimension = document.dimension();
    HYPERRIG_EXPECTS(dimension == 3 || dimension == 4);
    core::eval::EvaluatedRig evaluated;
    auto evaluatedOk =
        core::eval::evaluateRig(document, rig, pose, core::eval::ThreadPool::shared(), evaluated);
    if (!evaluatedOk)
        return evaluatedOk.error();
    if (dimension == 3)
        return sceneFromRig3D(document, rig, evaluated, attributes);
    core::eval::Slicer slicer;
    core::eval::RigSlice slice;
    core::eval::sliceRig(document, rig, evaluated, view, slicer, slice, attributes);
    return sceneFromSlice(slice, view);
}

} // namespace hyperrig::render::scene
