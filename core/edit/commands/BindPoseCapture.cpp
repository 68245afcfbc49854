#include "core/edit/commands/BindPoseCapture.h"

#include "core/edit/commands/DataCommandSupport.h"
#include "core/model/BindPoseFromTransforms.h"

#include <vector>

namespace hyperrig::core::edit {

Result<math::AffineN> skeletonSpaceTransform(const model::Document& document,
                                             model::NodeId skeleton, model::NodeId bone) {
    if (!document.nodes.find(bone))
        return Error("the joint's bone no longer exists");
    if (document.skeletonOf(bone) != skeleton)
        return Error("node " + describeNode(document, bone) + " is not a bone of skeleton " +
                     describeNode(document, skeleton));
    // skeletonOf walked bones only up to the skeleton, so this chain ends there.
    std::vector<model::NodeId> chain; // bone first, up to the skeleton's child
    for (model::NodeId id = bone; id != skeleton; id = document.node(id).parent)
        chain.push_back(id);
    math::AffineN global = math::AffineN::identity(document.dimension());
    for (auto id = chain.rbegin(); id != chain.rend(); ++id) {
        auto local = document.node(*id).transform.toAffine(document.dimension());
        if (!local)
            return std::move(local).withContext("node " + describeNode(document, *id));
        global = math::AffineN::compose(global, *local);
    }
    return global;
}

Result<model::BindPose> captureRestPose(const model::Document& document, model::NodeId skeleton,
                                        model::PoseType type) {
    const model::Skeleton& component = *document.node(skeleton).skeleton();
    std::vector<math::AffineN> slotTransforms(component.joints.size(),
                                              math::AffineN::identity(document.dimension()));
    for (std::size_t slot = 0; slot < component.joints.size(); ++slot) {
        if (const model::JointSlot& joint = component.joints[slot]) {
            auto found = skeletonSpaceTransform(document, skeleton, *joint);
            if (!found)
                return found.error().withContext("joints slot " + std::to_string(slot));
            slotTransforms[slot] = *found;
        }
    }
    return model::bindPoseFromTransforms(type, slotTransforms);
}

} // namespace hyperrig::core::edit
