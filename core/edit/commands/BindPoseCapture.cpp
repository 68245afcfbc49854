#include "core/edit/commands/BindPoseCapture.h"

#include "core/edit/commands/DataCommandSupport.h"

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
    model::BindPose pose;
    pose.type = type;
    pose.extra = model::OrderedJson::object(); // as the reader gives poses without unknown keys
    pose.joints.reserve(component.joints.size());
    const math::AffineN identity = math::AffineN::identity(document.dimension());
    for (std::size_t slot = 0; slot < component.joints.size(); ++slot) {
        math::AffineN transform = identity;
        if (const model::JointSlot& joint = component.joints[slot]) {
            auto found = skeletonSpaceTransform(document, skeleton, *joint);
            if (!found)
                return found.error().withContext("joints slot " + std::to_string(slot));
            transform = *found;
        }
        model::JointPose entry;
        entry.extra = model::OrderedJson::object();
        const auto position = transform.position().values();
        const auto basis = transform.basis().columnMajor();
        entry.position.assign(position.begin(), position.end());
        entry.basis.assign(basis.begin(), basis.end());
        pose.joints.push_back(std::move(entry));
    }
    return pose;
}

} // namespace hyperrig::core::edit
